// doc-code: continues ErrorCatalog.swift

extension ErrorCatalog {
  /// One case of an error type as a catalog lists it, without an instance: its `code`, its
  /// `name` (as ``CodedError/name`` gives it) and its description `template`, in which `{value}`
  /// stands for what the message says of each error. A list of cases is `Sendable` when its
  /// codes are, so it can be a `static let`.
  ///
  /// An enum whose cases hold errors, metatypes or requests cannot be `CaseIterable`, and one
  /// sample per case would make each description one sample's message; a template describes
  /// every error of the case.
  ///
  ///     let connect: ErrorCatalog.Case<Int> = (1, "connectionFailed", "Could not connect to {host}.")
  ///     connect.template  // "Could not connect to {host}."
  public typealias Case<Code: ErrorCodeRepresentable> = (
    code: Code, name: String, template: String
  )

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
  ///         (1, "rejected", "The server rejected the upload: {error}."),
  ///         (2, "tooLarge", "The file has {bytes} bytes, over the limit of {limit}."),
  ///     ])
  ///     uploads.entries[1].description  // "The file has {bytes} bytes, over the limit of {limit}."
  ///     uploads.entry(for: UploadError.tooLarge(bytes: 9, limit: 8))?.name  // "tooLarge"
  ///
  /// or to a catalog that lists other types:
  ///
  ///     var catalog = ErrorCatalog(DiskError.self)
  ///     catalog.add(UploadError.self, cases: [(1, "rejected", "The server rejected the upload.")])
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
  ///     listed.add(UploadError.self, cases: [(1, "rejected", "Rejected: {error}.")])
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
