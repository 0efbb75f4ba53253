import CourierHTTP
import ErrorKitCore

/// A request the client sent that failed.
public struct ClientError: CodedError, CustomStringConvertible {
  public let underlyingError: any Error
  public let request: Request
  public let responseBody: String?

  public init(underlyingError: any Error, request: Request, responseBody: String? = nil) {
    self.underlyingError = underlyingError
    self.request = request
    self.responseBody = responseBody
  }

  public static let domain = "Courier.ClientError"
  public var code: Int { 1 }
  public var description: String { "The request \(request) to \(request.baseURL) failed." }
  public var message: String { description }
  public var details: [String: String] { ["target": request.target] }
}

/// A request the server received whose handler failed.
public struct ServerError: CodedError, CustomStringConvertible {
  public let underlyingError: any Error
  public let request: Request
  public let status: Int

  public init(underlyingError: any Error, request: Request, status: Int) {
    self.underlyingError = underlyingError
    self.request = request
    self.status = status
  }

  public static let domain = "Courier.ServerError"
  public var code: Int { 1 }
  public var description: String { "Answered \(status) to \(request)." }
  public var message: String { description }
}

/// Several requests of one batch that failed, each for its own reason.
public struct BatchError: CodedError, CustomStringConvertible {
  public let underlyingErrors: [any Error]

  public init(underlyingErrors: [any Error]) {
    self.underlyingErrors = underlyingErrors
  }

  public static let domain = "Courier.BatchError"
  public var code: Int { 1 }
  public var description: String { "\(underlyingErrors.count) requests of the batch failed." }
  public var message: String { description }
}
