// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md

extension CodingUserInfoKey {
  /// The key under which an encoder's or decoder's `userInfo` holds the ``StateCatalog`` that
  /// state text in the document uses, so a theme file can say `visited` rather than `0x10000`.
  ///
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
  ///     let colors = try decoder.decode(StateTable<String>.self, from: Data(#"{"visited": "purple"}"#.utf8))
  ///
  /// Without it, documents use the system names and hex, as ``BitCatalog/system`` does.
  public static let stateCatalog: CodingUserInfoKey = {
    // `init(rawValue:)` is failable only to satisfy RawRepresentable: it accepts every string.
    guard let key = CodingUserInfoKey(rawValue: "dev.statekit.StateCatalog") else {
      preconditionFailure("CodingUserInfoKey rejected a constant key")
    }
    return key
  }()
}

extension StateCatalog {
  /// The catalog a coder's `userInfo` holds under `CodingUserInfoKey.stateCatalog`
  /// (pass `coder.userInfo[.stateCatalog]`), or ``system``.
  static func forCoding(_ value: Any?) -> StateCatalog {
    value as? StateCatalog ?? .system
  }
}
