import ErrorKitCore
import Foundation

extension ErrorCatalog {
  /// The catalog as JSON data (``jsonText``), ready to save for the CLI.
  ///
  ///     try catalog.jsonData().write(to: URL(fileURLWithPath: "errors.json"))
  public func jsonData() -> Data {
    Data(jsonText.utf8)
  }
}
