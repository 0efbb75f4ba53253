import CourierHTTP

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A request the client sent that failed.
public struct ClientError: Error, CustomStringConvertible, LocalizedError {
  public let underlyingError: any Error
  public let request: Request
  public let responseBody: String?

  public init(underlyingError: any Error, request: Request, responseBody: String? = nil) {
    self.underlyingError = underlyingError
    self.request = request
    self.responseBody = responseBody
  }

  public var description: String { "The request \(request) to \(request.baseURL) failed." }
  public var errorDescription: String? { description }
}

/// A request the server received whose handler failed.
public struct ServerError: Error, CustomStringConvertible, LocalizedError {
  public let underlyingError: any Error
  public let request: Request
  public let status: Int

  public init(underlyingError: any Error, request: Request, status: Int) {
    self.underlyingError = underlyingError
    self.request = request
    self.status = status
  }

  public var description: String { "Answered \(status) to \(request)." }
  public var errorDescription: String? { description }
}

/// Several requests of one batch that failed, each for its own reason.
public struct BatchError: Error, CustomStringConvertible, LocalizedError {
  public let underlyingErrors: [any Error]

  public init(underlyingErrors: [any Error]) {
    self.underlyingErrors = underlyingErrors
  }

  public var description: String { "\(underlyingErrors.count) requests of the batch failed." }
  public var errorDescription: String? { description }
}
