/// A code of a ``CodedError``: an `Int`, or a type of named codes backed by an `Int`.
///
///     struct Code: RawRepresentable, ErrorCodeRepresentable { let rawValue: Int }
///     Code(rawValue: 4).errorCodeValue  // 4
public protocol ErrorCodeRepresentable {
  /// The code as the integer `NSError` carries.
  ///
  ///     7.errorCodeValue  // 7
  var errorCodeValue: Int { get }
}

extension Int: ErrorCodeRepresentable {
  /// The integer itself.
  ///
  ///     7.errorCodeValue  // 7
  public var errorCodeValue: Int { self }
}

extension ErrorCodeRepresentable where Self: RawRepresentable, RawValue == Int {
  /// The raw value.
  ///
  ///     StateKitError.Code.unknownName.errorCodeValue  // 4
  public var errorCodeValue: Int { rawValue }
}
