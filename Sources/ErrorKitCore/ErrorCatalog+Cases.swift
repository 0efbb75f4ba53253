// doc-code: continues ErrorCatalog.swift

extension ErrorCatalog {
  /// One case of an error type as a catalog lists it, without an instance: its code, its name and
  /// a description template, in which `{value}` stands for what the message says of each error.
  ///
  /// An enum whose cases hold errors, metatypes or requests cannot be `CaseIterable`, and one
  /// sample per case would make each description one sample's message; a template describes
  /// every error of the case.
  ///
  ///     let connect = ErrorCatalog.Case(1, "connectionFailed", "Could not connect to {host}.")
  ///     connect.template  // "Could not connect to {host}."
  public struct Case<Code: ErrorCodeRepresentable> {
    /// The code of the case's errors.
    public var code: Code
    /// The case's name, as ``CodedError/name`` gives it.
    public var name: String
    /// What its errors say, with `{value}` for the parts that differ.
    public var template: String

    /// Creates a case from its code, name and description template.
    ///
    ///     ErrorCatalog.Case(2, "timedOut", "No answer from {host} within {seconds} s.").name  // "timedOut"
    ///
    /// - Parameters:
    ///   - code: The code of the case's errors.
    ///   - name: The case's name.
    ///   - template: What its errors say, with `{value}` for the parts that differ.
    public init(_ code: Code, _ name: String, _ template: String) {
      self.code = code
      self.name = name
      self.template = template
    }
  }

  /// Adds an error type's cases, listed without instances, with the type's domain.
  ///
  ///     enum UploadError: CodedError {
  ///         case rejected(any Error)
  ///         case tooLarge(bytes: Int, limit: Int)
  ///         static let domain = "com.example.Upload"
  ///         var code: Int {
  ///             switch self {
  ///             case .rejected: 1
  ///             case .tooLarge: 2
  ///             }
  ///         }
  ///         var message: String { "The upload failed." }
  ///     }
  ///
  ///     var uploads = ErrorCatalog()
  ///     uploads.add(UploadError.self, cases: [
  ///         .init(1, "rejected", "The server rejected the upload: {error}."),
  ///         .init(2, "tooLarge", "The file has {bytes} bytes, over the limit of {limit}."),
  ///     ])
  ///     uploads.entries[1].description  // "The file has {bytes} bytes, over the limit of {limit}."
  ///     uploads.entry(for: UploadError.tooLarge(bytes: 9, limit: 8))?.name  // "tooLarge"
  ///
  /// or to a catalog that lists other types:
  ///
  ///     var catalog = ErrorCatalog(DiskError.self)
  ///     catalog.add(UploadError.self, cases: [.init(1, "rejected", "The server rejected the upload.")])
  ///     catalog.entries.count  // 3
  ///
  /// - Parameters:
  ///   - type: A ``CodedError`` type.
  ///   - cases: Its cases, in the order to list them.
  public mutating func add<E: CodedError>(_ type: E.Type, cases: [Case<E.Code>]) {
    for listed in cases {
      entries.append(
        Entry(
          domain: E.domain, code: listed.code.errorCodeValue, name: listed.name,
          description: listed.template))
    }
  }

  /// The entry that lists an error: the same domain, code and name; `nil` when the catalog has
  /// none, so a test can check that every error a type makes is listed as it is.
  ///
  ///     var listed = ErrorCatalog()
  ///     listed.add(UploadError.self, cases: [.init(1, "rejected", "Rejected: {error}.")])
  ///     listed.entry(for: UploadError.rejected(CancellationError()))?.code  // 1
  ///     listed.entry(for: UploadError.tooLarge(bytes: 9, limit: 8)) == nil  // true: not listed
  ///
  /// - Parameter error: An error.
  /// - Returns: Its entry, or `nil`.
  public func entry(for error: some CodedError) -> Entry? {
    let domain = type(of: error).domain
    let code = error.code.errorCodeValue
    let name = error._nameText
    return entries.first { $0.domain == domain && $0.code == code && $0.name == name }
  }
}

/// A case list is `Sendable` when its codes are, so it can be a `static let`.
extension ErrorCatalog.Case: Sendable where Code: Sendable {}
