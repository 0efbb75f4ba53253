// doc-code: continues ErrorCatalog.swift

extension ErrorCatalog {
  /// Creates the catalog of an error type's cases.
  ///
  ///     let catalog = ErrorCatalog(DiskError.self)
  ///     catalog.entries.count  // 2
  ///
  /// - Parameter type: A `CaseIterable` ``CodedError`` type.
  public init<E: CodedError & CaseIterable>(_ type: E.Type) {
    self.init()
    add(type)
  }

  /// Adds an error type's cases.
  ///
  ///     var catalog = ErrorCatalog()
  ///     catalog.add(DiskError.self)
  ///     catalog.entries.count  // 2
  ///
  /// - Parameter type: A `CaseIterable` ``CodedError`` type.
  public mutating func add<E: CodedError & CaseIterable>(_ type: E.Type) {
    for error in E.allCases {
      entries.append(
        Entry(
          domain: E.domain, code: error.code.errorCodeValue, name: error._nameText,
          description: error._messageText ?? ""))
    }
  }
}
