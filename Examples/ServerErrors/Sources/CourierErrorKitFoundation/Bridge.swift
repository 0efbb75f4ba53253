@_exported import CourierErrorKit
import ErrorKit

// Where Foundation is needed: `error as NSError` with the texts, name, details and every cause,
// `localizedDescription` as the message, on Linux too.
extension RuntimeError: DescribedError {}
extension ClientError: DescribedError {}
extension ServerError: DescribedError {}
extension BatchError: DescribedError {}

/// One line for logs: the error and its causes, outermost first, without credentials.
public func logLine(for error: any Error) -> String { ErrorChain(error).description }
