/// The errors a program can produce, listed with their domains, codes, names and messages, and
/// exportable as JSON for `statekit-inspect --errors`.
///
///     enum DiskError: Int, CodedError, CaseIterable {
///         case full = 1, readOnly
///         static let domain = "com.example.Disk"
///         var code: Int { rawValue }
///         var message: String { self == .full ? "The disk is full." : "The disk is read-only." }
///     }
///
///     let catalog = ErrorCatalog(DiskError.self)
///     catalog.entries.map(\.name)  // ["full", "readOnly"]
///     catalog.duplicateCodes       // [], as every code is unique within its domain
///     let json = catalog.jsonText
///
/// The JSON is an object with one key, `errors`, an array of entries:
///
/// ```json
/// {"errors": [{"domain": "com.example.Disk", "code": 1, "name": "full",
///              "description": "The disk is full."}, …]}
/// ```
public struct ErrorCatalog: Sendable, Equatable {
  /// One error of the catalog.
  ///
  ///     ErrorCatalog(DiskError.self).entries[0].name  // "full"
  public struct Entry: Sendable, Hashable {
    /// The error domain.
    public var domain: String
    /// The code within the domain.
    public var code: Int
    /// The case name, when known.
    public var name: String?
    /// The message of the listed case (empty when the catalog gives none).
    public var description: String

    /// Creates an entry.
    ///
    ///     let entry = ErrorCatalog.Entry(domain: "D", code: 1, name: "broken", description: "It broke.")
    ///     entry.name  // "broken"
    public init(domain: String, code: Int, name: String?, description: String) {
      self.domain = domain
      self.code = code
      self.name = name
      self.description = description
    }
  }

  /// Two or more entries that share a domain and a code.
  ///
  ///     let catalog = ErrorCatalog([
  ///         .init(domain: "D", code: 1, name: "notFound", description: "Not found."),
  ///         .init(domain: "D", code: 1, name: "missing", description: "Missing."),
  ///     ])
  ///     catalog.duplicateCodes.first?.names  // ["notFound", "missing"]
  public struct DuplicateCode: Sendable, Hashable, CustomStringConvertible {
    /// The shared domain.
    public var domain: String
    /// The shared code.
    public var code: Int
    /// The names of the entries that share them (`?` for unnamed ones).
    public var names: [String]

    /// One line naming the domain, the code and the cases.
    ///
    ///     let catalog = ErrorCatalog([
    ///         .init(domain: "D", code: 1, name: "a", description: "A."),
    ///         .init(domain: "D", code: 1, name: "b", description: "B."),
    ///     ])
    ///     catalog.duplicateCodes[0].description  // "D code 1 is used by a, b"
    public var description: String {
      "\(domain) code \(code) is used by \(names.joined(separator: ", "))"
    }
  }

  /// The entries, in the order they were added.
  ///
  ///     let catalog = ErrorCatalog(DiskError.self)
  ///     catalog.entries.first { $0.domain == "com.example.Disk" && $0.code == 2 }?.name  // "readOnly"
  ///     catalog.entries.first { $0.name == "readOnly" }?.code  // 2
  public var entries: [Entry]

  /// Creates a catalog from entries.
  ///
  ///     let empty = ErrorCatalog()
  ///
  /// - Parameter entries: The entries.
  public init(_ entries: [Entry] = []) {
    self.entries = entries
  }

  /// The codes used by more than one entry within a domain, sorted by domain and code.
  ///
  ///     #expect(ErrorCatalog(DiskError.self).duplicateCodes.isEmpty)
  ///     // XCTest: XCTAssertEqual(ErrorCatalog(DiskError.self).duplicateCodes, [])
  public var duplicateCodes: [DuplicateCode] {
    var groups: [String: [Int: [String]]] = [:]
    for entry in entries {
      groups[entry.domain, default: [:]][entry.code, default: []].append(entry.name ?? "?")
    }
    var result: [DuplicateCode] = []
    for domain in groups.keys.sorted() {
      for (code, names) in groups[domain, default: [:]].sorted(by: { $0.key < $1.key })
      where names.count > 1 {
        result.append(DuplicateCode(domain: domain, code: code, names: names))
      }
    }
    return result
  }
}
