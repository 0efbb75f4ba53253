// doc-code: continues ErrorCatalog+Cases.swift

// The codes and domain a type shipped before it adopted ErrorKit, so that its users see the same
// ones after: Swift's own (what Foundation printed for it), and codes pinned by case name.

extension CodedError {
  /// The code Swift gives this error when its type declares none: what `error as NSError` and
  /// `localizedDescription` showed before the type adopted ErrorKit, on Linux and, for a type
  /// that was not a `CustomNSError`, on Apple platforms.
  ///
  /// For an enum it is the case's position, counted from 0 over the cases with associated values
  /// in the order they are declared, then over the others; so it changes when a case is added
  /// anywhere but at the end of its group. For a struct or a class it is 1. Read it in a test
  /// to check the codes a type declares against the ones it shipped; declare them with
  /// ``listedCode(in:)``, which keeps them when cases are added.
  ///
  ///     enum ProxyError: CodedError {
  ///         case refused
  ///         case badGateway(status: Int)
  ///         case timedOut
  ///         static let domain = "Proxy.ProxyError"
  ///         var code: Int { 0 }
  ///         var message: String { "The proxy failed." }
  ///     }
  ///     ProxyError.badGateway(status: 502).swiftDefaultCode  // 0: the first case with values
  ///     ProxyError.refused.swiftDefaultCode                  // 1
  ///     ProxyError.timedOut.swiftDefaultCode                 // 2
  ///
  /// The domain Swift gave such a type is its name with its module's (`Server.RuntimeError`),
  /// `String(reflecting: ProxyError.self)`; a type keeps it with
  /// `static let domain = String(reflecting: Self.self)`.
  ///
  ///     String(reflecting: ProxyError.self).hasSuffix(".ProxyError")  // true
  public var swiftDefaultCode: Int { _getDefaultErrorCode(self) }

  /// The code listed for this error's case (its ``name``) among `cases`: the codes a type
  /// shipped, declared once, with the catalog's names and templates, and kept however cases
  /// are added later; `nil` for a case not listed.
  ///
  /// A library that adopts ErrorKit keeps the codes its users saw by listing its cases in the
  /// order of ``swiftDefaultCode`` (cases with associated values first), and a case it adds
  /// later at the end:
  ///
  ///     enum GatewayError: CodedError {
  ///         case refused
  ///         case badGateway(status: Int)
  ///         case timedOut
  ///         case overloaded  // added after the release, code 3 whatever its place
  ///
  ///         static let domain = "Proxy.GatewayError"
  ///         static let cases: [ErrorCatalog.Case<Int>] = [
  ///             (0, "badGateway", "The upstream answered {status}."),
  ///             (1, "refused", "The upstream refused the connection."),
  ///             (2, "timedOut", "The upstream did not answer in time."),
  ///             (3, "overloaded", "The gateway is overloaded."),
  ///         ]
  ///         var code: Int { listedCode(in: Self.cases) ?? -1 }
  ///         var message: String { "The gateway failed." }
  ///     }
  ///     GatewayError.timedOut.code  // 2, as shipped
  ///     var catalog = ErrorCatalog()
  ///     catalog.add(GatewayError.self, cases: GatewayError.cases)
  ///     catalog.entries.count  // 4
  ///
  /// A case whose type prints it otherwise (a `description` of its own) has no reflected name:
  /// give such a type a ``name``.
  ///
  /// - Parameter cases: The type's cases with their codes.
  /// - Returns: The code of this error's case, or `nil` when it is not listed.
  public func listedCode<ListedCode>(in cases: [ErrorCatalog.Case<ListedCode>]) -> ListedCode? {
    guard let name = _nameText else { return nil }
    return cases.first { $0.name == name }?.code
  }
}
