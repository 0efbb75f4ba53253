import ErrorKitCore
import Foundation

extension ErrorCatalog {
  /// Creates the catalog of an error type's cases.
  ///
  ///     let catalog = ErrorCatalog(JSONDecodeError.self)
  ///
  /// - Parameter type: A `CaseIterable` ``DescribedError`` type.
  public init<E: DescribedError & CaseIterable>(_ type: E.Type) {
    self.init()
    add(type)
  }

  /// Adds an error type's cases.
  ///
  ///     catalog.add(StorageError.self)
  ///
  /// - Parameter type: A `CaseIterable` ``DescribedError`` type.
  public mutating func add<E: DescribedError & CaseIterable>(_ type: E.Type) {
    for error in E.allCases {
      entries.append(
        Entry(
          domain: E.domain, code: error.code.errorCodeValue, name: error.name,
          description: error.message))
    }
  }

  /// The catalog as pretty-printed JSON with sorted keys, ready to save for the CLI.
  ///
  ///     try catalog.jsonData().write(to: URL(fileURLWithPath: "errors.json"))
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

}
