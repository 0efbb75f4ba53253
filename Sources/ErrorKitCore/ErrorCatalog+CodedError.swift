extension ErrorCatalog {
  /// Creates the catalog of an error type's cases.
  ///
  ///     let catalog = ErrorCatalog(JSONDecodeError.self)
  ///
  /// - Parameter type: A `CaseIterable` ``CodedError`` type.
  public init<E: CodedError & CaseIterable>(_ type: E.Type) {
    self.init()
    add(type)
  }

  /// Adds an error type's cases.
  ///
  ///     catalog.add(StorageError.self)
  ///
  /// - Parameter type: A `CaseIterable` ``CodedError`` type.
  public mutating func add<E: CodedError & CaseIterable>(_ type: E.Type) {
    for error in E.allCases {
      entries.append(
        Entry(
          domain: E.domain, code: error.code.errorCodeValue, name: error.name,
          description: error.message))
    }
  }
}
