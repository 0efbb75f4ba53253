import Foundation

// doc-code: continues DescribedError.swift

extension NSError {
  /// An `NSError` that keeps everything ErrorKit knows about an error: for a ``CodedError`` its
  /// domain, code, texts, name, exported details and causes (even where Foundation's bridge
  /// drops them), for any other error what `error as NSError` gives.
  ///
  /// For a ``CodedError`` of a module that does not import Foundation, `error as NSError`
  /// carries the domain and code but, on Linux, not the texts, since Foundation reads them only
  /// from types that conform to its own protocols; and where a `LocalizedError` conformance
  /// gives it the texts (StateKit's errors), not the name and details. This one has them all, by
  /// the secrets policy as `error as NSError` of a ``DescribedError`` has them (its
  /// `errorUserInfo`).
  ///
  ///     let ns = NSError(describing: JSONDecodeError.missingRequiredKey("id"))
  ///     ns.localizedDescription  // "The key \"id\" is missing.", on Linux too
  ///     ns.userInfo[ErrorUserInfoKey.name] as? String  // "missingRequiredKey"
  ///
  /// - Parameter error: Any error.
  public convenience init(describing error: any Error) {
    if let coded = error as? any CodedError {
      let domain = type(of: coded).domain
      self.init(
        domain: domain, code: coded.code.errorCodeValue,
        userInfo: _NSErrorBridge.userInfo(of: coded))
    } else {
      let ns = error as NSError
      self.init(domain: ns.domain, code: ns.code, userInfo: ns.userInfo)
    }
  }
}
