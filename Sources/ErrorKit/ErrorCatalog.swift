import ErrorKitCore
import Foundation

extension ErrorCatalog {
  /// The catalog as JSON data (``jsonText``), ready to save for the CLI.
  ///
  ///     let catalog = ErrorCatalog([.init(domain: "D", code: 1, name: "broken", description: "")])
  ///     try catalog.jsonData().write(to: URL(fileURLWithPath: "errors.json"))
  public func jsonData() -> Data {
    Data(jsonText.utf8)
  }
}
