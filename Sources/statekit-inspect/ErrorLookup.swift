import ErrorKitCore
import StateKit

/// What the tool knows about error codes: POSIX errno (Linux and Darwin numbering), the common
/// NSCocoaErrorDomain and NSURLErrorDomain codes, StateKit's own errors, and catalogs given with
/// `--errors`.
struct ErrorLookup {
  struct Entry: Equatable {
    var domain: String
    var code: Int
    var name: String
    var message: String
  }

  static let posixDomain = "NSPOSIXErrorDomain"
  static let cocoaDomain = "NSCocoaErrorDomain"
  static let urlDomain = "NSURLErrorDomain"
  /// CFNetwork reports URL loading errors with the same codes.
  static let cfNetworkDomain = "kCFErrorDomainCFNetwork"
  static let stateKitDomain = "dev.statekit.StateKit"

  /// Entries from `--errors` catalogs, searched before the built-in tables.
  var catalog: [Entry] = []

  static let builtIn: [Entry] = {
    var entries: [Entry] = []
    for row in ErrnoTable.linux {
      entries.append(
        Entry(domain: posixDomain, code: row.code, name: row.name, message: row.message))
    }
    for row in CocoaErrorTable.codes {
      entries.append(
        Entry(domain: cocoaDomain, code: row.code, name: row.name, message: row.message))
    }
    for row in URLErrorTable.codes {
      entries.append(Entry(domain: urlDomain, code: row.code, name: row.name, message: row.message))
    }
    for code in StateKitError.Code.allCases {
      entries.append(
        Entry(
          domain: stateKitDomain, code: code.rawValue, name: code.description, message: code.summary
        ))
    }
    return entries
  }()

  static let darwinPOSIX: [Entry] = ErrnoTable.darwin.map {
    Entry(domain: posixDomain, code: $0.code, name: $0.name, message: $0.message)
  }

  /// The entries for a domain and code; POSIX codes follow Darwin's numbering for text printed
  /// by an Apple platform, Linux's otherwise (they agree below 35).
  func entries(domain: String, code: Int, darwin: Bool = false) -> [Entry] {
    let fromCatalog = catalog.filter { $0.domain == domain && $0.code == code }
    if !fromCatalog.isEmpty { return fromCatalog }
    let domain = domain == Self.cfNetworkDomain ? Self.urlDomain : domain
    if darwin, domain == Self.posixDomain, code >= 35 {
      return Self.darwinPOSIX.filter { $0.code == code }
    }
    return Self.builtIn.filter { $0.domain == domain && $0.code == code }
  }

  /// The entries with a name, in every domain (names are case-sensitive).
  func entries(named name: String) -> [Entry] {
    catalog.filter { $0.name == name } + Self.builtIn.filter { $0.name == name }
      + Self.darwinPOSIX.filter { $0.name == name && !Self.builtIn.contains($0) }
  }

  /// The entries with a code, in every domain.
  func entries(code: Int) -> [Entry] {
    catalog.filter { $0.code == code } + Self.builtIn.filter { $0.code == code }
  }

  /// Fills in the names of a parsed chain from the tables.
  func name(_ payload: inout ErrorPayload, darwin: Bool) {
    if payload.name == nil {
      payload.name = entries(domain: payload.domain, code: payload.code, darwin: darwin).first?.name
    }
    if var underlying = payload.underlying {
      name(&underlying, darwin: darwin)
      payload.underlying = underlying
    }
  }

  /// Reads a catalog as ErrorKit exports it: `{"errors": [{"domain", "code", "name", "description"}]}`.
  static func catalogEntries(_ json: JSON) throws(JSONError) -> [Entry] {
    guard case .array(let rows)? = json["errors"] else {
      throw JSONError(message: "an error catalog is an object with an \"errors\" array")
    }
    var entries: [Entry] = []
    for (index, row) in rows.enumerated() {
      guard case .string(let domain)? = row["domain"], case .number(let number)? = row["code"],
        let code = Int(number)
      else {
        throw JSONError(
          message: "entry \(index) of \"errors\" needs a string \"domain\" and an integer \"code\"")
      }
      var name = ""
      if case .string(let text)? = row["name"] { name = text }
      var message = ""
      if case .string(let text)? = row["description"] { message = text }
      entries.append(Entry(domain: domain, code: code, name: name, message: message))
    }
    return entries
  }
}

extension ErrorPayload {
  /// The payload of a table entry.
  init(_ entry: ErrorLookup.Entry) {
    self.init(
      domain: entry.domain, code: entry.code, name: entry.name.isEmpty ? nil : entry.name,
      message: entry.message.isEmpty ? nil : entry.message)
  }

  /// Reads a payload from JSON, with the same rules as ErrorKit's decoder: `domain` and `code`
  /// required, other keys optional or null, nesting bounded.
  init(json: JSON, depth: Int = 1) throws(JSONError) {
    guard case .object = json else {
      throw JSONError(message: "an error payload is a JSON object, not \(json.kind)")
    }
    guard depth <= Self.maximumDepth else {
      throw JSONError(
        message: "error payloads are nested deeper than the limit of \(Self.maximumDepth)")
    }
    guard case .string(let domain)? = json["domain"] else {
      throw JSONError(message: "an error payload needs a string \"domain\"")
    }
    guard case .number(let number)? = json["code"], let code = Int(number) else {
      throw JSONError(message: "an error payload needs an integer \"code\"")
    }
    func text(_ key: String) throws(JSONError) -> String? {
      switch json[key] {
      case nil, .null?: return nil
      case .string(let value)?: return value
      case let other?:
        throw JSONError(message: "\"\(key)\" must be a string or null, not \(other.kind)")
      }
    }
    var details: [String: String] = [:]
    switch json["details"] {
    case nil, .null?: break
    case .object(let members)?:
      for (key, value) in members {
        guard case .string(let text) = value else {
          throw JSONError(
            message: "\"details\" must map names to strings; \"\(key)\" is \(value.kind)")
        }
        details[key] = text
      }
    case let other?: throw JSONError(message: "\"details\" must be an object, not \(other.kind)")
    }
    var underlying: ErrorPayload?
    if let cause = json["underlying"], cause != .null {
      underlying = try ErrorPayload(json: cause, depth: depth + 1)
    }
    self.init(
      domain: domain, code: code, name: try text("name"), message: try text("description"),
      failureReason: try text("failureReason"), recoverySuggestion: try text("recoverySuggestion"),
      details: details, underlying: underlying)
  }

  /// Writes the payload as JSON with every key of the contract, in its order.
  func write(to writer: inout JSONWriter) {
    writer.raw("{\"domain\": ")
    writer.string(domain)
    writer.raw(", \"code\": \(code), \"name\": ")
    writer.optionalString(name)
    writer.raw(", \"description\": ")
    writer.optionalString(message)
    writer.raw(", \"failureReason\": ")
    writer.optionalString(failureReason)
    writer.raw(", \"recoverySuggestion\": ")
    writer.optionalString(recoverySuggestion)
    writer.raw(", \"details\": {")
    for (offset, key) in details.keys.sorted().enumerated() {
      if offset > 0 { writer.raw(", ") }
      writer.string(key)
      writer.raw(": ")
      writer.string(details[key] ?? "")
    }
    writer.raw("}, \"underlying\": ")
    if let underlying { underlying.write(to: &writer) } else { writer.raw("null") }
    writer.raw("}")
  }
}
