import ErrorKitCore
import StateKit

/// What the tool knows about error codes: POSIX errno (Linux and Darwin numbering), the common
/// NSCocoaErrorDomain and NSURLErrorDomain codes, StateKit's own errors, and catalogs given with
/// `--errors`. Every table is an ``ErrorCatalog``.
struct ErrorLookup {
  typealias Entry = ErrorCatalog.Entry

  static let posixDomain = "NSPOSIXErrorDomain"
  static let cocoaDomain = "NSCocoaErrorDomain"
  static let urlDomain = "NSURLErrorDomain"
  /// CFNetwork reports URL loading errors with the same codes.
  static let cfNetworkDomain = "kCFErrorDomainCFNetwork"

  /// Catalogs from `--errors`, searched before the built-in tables.
  var catalog = ErrorCatalog()

  static let builtIn: ErrorCatalog = {
    var entries: [Entry] = []
    for row in ErrnoTable.linux {
      entries.append(
        Entry(domain: posixDomain, code: row.code, name: row.name, description: row.message))
    }
    for row in CocoaErrorTable.codes {
      entries.append(
        Entry(domain: cocoaDomain, code: row.code, name: row.name, description: row.message))
    }
    for row in URLErrorTable.codes {
      entries.append(
        Entry(domain: urlDomain, code: row.code, name: row.name, description: row.message))
    }
    return ErrorCatalog(entries + ErrorCatalog.stateKit.entries)
  }()

  static let darwinPOSIX = ErrorCatalog(
    ErrnoTable.darwin.map {
      Entry(domain: posixDomain, code: $0.code, name: $0.name, description: $0.message)
    })

  /// The entries for a domain and code; POSIX codes follow Darwin's numbering for text printed
  /// by an Apple platform, Linux's otherwise (they agree below 35).
  func entries(domain: String, code: Int, darwin: Bool = false) -> [Entry] {
    let fromCatalog = catalog.entries(domain: domain, code: code)
    if !fromCatalog.isEmpty { return fromCatalog }
    let domain = domain == Self.cfNetworkDomain ? Self.urlDomain : domain
    if darwin, domain == Self.posixDomain, code >= 35 {
      return Self.darwinPOSIX.entries(domain: domain, code: code)
    }
    return Self.builtIn.entries(domain: domain, code: code)
  }

  /// The entries with a name, in every domain (names are case-sensitive).
  func entries(named name: String) -> [Entry] {
    catalog.entries(named: name) + Self.builtIn.entries(named: name)
      + Self.darwinPOSIX.entries(named: name).filter { !Self.builtIn.entries.contains($0) }
  }

  /// The entries with a code, in every domain.
  func entries(code: Int) -> [Entry] {
    (catalog.entries + Self.builtIn.entries).filter { $0.code == code }
  }

  /// Fills in the names of a parsed chain from the tables.
  func name(_ payload: inout ErrorPayload, darwin: Bool) {
    var levels = payload.chain
    for index in levels.indices where levels[index].name == nil {
      levels[index].name =
        entries(domain: levels[index].domain, code: levels[index].code, darwin: darwin).first?.name
    }
    var linked: ErrorPayload?
    for var level in levels.reversed() {
      level.underlying = linked
      linked = level
    }
    if let linked { payload = linked }
  }
}

extension ErrorPayload {
  /// The payload of a table entry.
  init(_ entry: ErrorLookup.Entry) {
    self.init(
      domain: entry.domain, code: entry.code, name: entry.name,
      message: entry.description.isEmpty ? nil : entry.description)
  }
}
