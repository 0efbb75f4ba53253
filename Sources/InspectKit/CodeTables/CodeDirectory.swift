import ErrorKitCore
import StateKitCore

/// What the tool knows about error codes: POSIX errno (Linux and Darwin numbering), the
/// generated tables of `Tables/CodeTables.swift` (every error code of a public SDK snapshot's
/// headers, Windows' system errors, SQLite, HTTP, and names the system prints, each table with
/// its source; `scripts/generate-code-tables.py` builds them), the hand-written
/// NSCocoaErrorDomain and NSURLErrorDomain meanings, StateKit's own errors, and catalogs given
/// with `--errors`. The tables are searched through sorted indexes and the catalogs through
/// dictionaries (by name, by domain and code, by code), so a look-up takes about the same time
/// whatever their size.
struct CodeDirectory {
  typealias Entry = ErrorCatalog.Entry

  /// An entry found by a look-up, with the table it comes from and its C constant.
  struct Found: Equatable {
    var entry: Entry
    /// The source of the meaning (`Darwin errno`, `Security`), shown when a number has several.
    var label: String?
    /// The C constant, when it differs from the name (`CKErrorServerRecordChanged`).
    var constant: String?
    /// The name as Swift spells it with its type (`CKError.Code.serverRecordChanged`), when
    /// the name is a case of a Swift type.
    var swift: String?
    /// Where the code is declared (framework, header and SDK), shown when no meaning is.
    var declaration: String?
    /// For a name no public header declares: who prints or lists it, and where, always shown.
    var observed: String?
    /// The SDK that added the code (`macOS 15.0 SDK`), for a code newer than the SDK snapshot
    /// the tables are based on, always shown.
    var added: String?

    init(
      entry: Entry, label: String? = nil, constant: String? = nil, swift: String? = nil,
      declaration: String? = nil, observed: String? = nil, added: String? = nil
    ) {
      self.entry = entry
      self.label = label
      self.constant = constant
      self.swift = swift
      self.declaration = declaration
      self.observed = observed
      self.added = added
    }
  }

  static let posixDomain = "NSPOSIXErrorDomain"
  static let cocoaDomain = "NSCocoaErrorDomain"
  static let urlDomain = "NSURLErrorDomain"
  static let osStatusDomain = "NSOSStatusErrorDomain"
  /// CFNetwork reports URL loading errors with the same codes.
  static let cfNetworkDomain = "kCFErrorDomainCFNetwork"

  /// Catalogs from `--errors`, searched before the built-in tables.
  private(set) var catalog = ErrorCatalog()
  private var byName: [String: Positions] = [:]
  private var byPair: [DomainCode: Positions] = [:]
  private var byCode: [Int: Positions] = [:]

  /// The positions in `catalog.entries` of the entries under one key, in order. The first is
  /// held inline: most keys of a catalog have one entry, and then a key costs no array.
  private struct Positions {
    /// The first position, or -1 before one is added.
    var first = -1
    /// The positions after the first.
    var rest: [Int] = []

    mutating func append(_ position: Int) {
      if first < 0 { first = position } else { rest.append(position) }
    }

    /// The transformed positions, in order.
    func map<T>(_ transform: (Int) -> T) -> [T] {
      var result = [transform(first)]
      if !rest.isEmpty {
        result.reserveCapacity(1 + rest.count)
        for position in rest { result.append(transform(position)) }
      }
      return result
    }
  }

  private struct DomainCode: Hashable {
    var domain: String
    var code: Int
  }

  /// Adds a catalog's entries to those searched first, indexed by name, by domain and code, and
  /// by code.
  mutating func add(_ entries: [Entry]) {
    // Room for every new entry at once, so that a large catalog does not rehash the indexes
    // each time they fill up (their bucket counts are powers of two, so repeated small adds
    // still grow them geometrically).
    byName.reserveCapacity(byName.count + entries.count)
    byPair.reserveCapacity(byPair.count + entries.count)
    byCode.reserveCapacity(byCode.count + entries.count)
    for entry in entries {
      let index = catalog.entries.count
      catalog.entries.append(entry)
      if let name = entry.name { byName[name, default: Positions()].append(index) }
      byPair[DomainCode(domain: entry.domain, code: entry.code), default: Positions()].append(index)
      byCode[entry.code, default: Positions()].append(index)
    }
  }

  /// The hand-written entries: Linux errno, NSCocoaErrorDomain, NSURLErrorDomain and StateKit's
  /// own errors, in that order. Built when a search walks every entry; a look-up walks the
  /// tables with ``builtInEntries(where:)`` instead.
  static let builtIn = ErrorCatalog(builtInEntries { _, _, _ in true })

  /// The domains of the entries of ``builtIn``: a look-up in any other domain has none of them
  /// to walk.
  static let handWrittenDomains = [posixDomain, cocoaDomain, urlDomain, StateKitError.domain]

  /// The entries of ``builtIn`` that `match` accepts (given the domain, code and name), in its
  /// order, without building it: an entry is made only for a row that matches, so a look-up
  /// costs a walk over constant tables, not the setting up of every entry at start-up.
  static func builtInEntries(where match: (String, Int, String) -> Bool) -> [Entry] {
    var result: [Entry] = []
    func add(_ domain: String, _ rows: [(code: Int, name: String, message: String)]) {
      for row in rows where match(domain, row.code, row.name) {
        result.append(
          Entry(domain: domain, code: row.code, name: row.name, description: row.message))
      }
    }
    add(posixDomain, ErrnoTable.linux)
    add(cocoaDomain, CocoaErrorTable.codes)
    add(urlDomain, URLErrorTable.codes)
    for entry in ErrorCatalog.stateKit.entries
    where match(entry.domain, entry.code, entry.name ?? "") {
      result.append(entry)
    }
    return result
  }

  /// The POSIX entries in Darwin's numbering, built when a search walks every entry.
  static let darwinPOSIX = ErrorCatalog(darwinPOSIXEntries { _, _ in true })

  /// The POSIX entries in Darwin's numbering that `match` accepts (given the code and name).
  static func darwinPOSIXEntries(where match: (Int, String) -> Bool) -> [Entry] {
    var result: [Entry] = []
    for row in ErrnoTable.darwin where match(row.code, row.name) {
      result.append(
        Entry(domain: posixDomain, code: row.code, name: row.name, description: row.message))
    }
    return result
  }

  // MARK: Look-ups

  /// The entries for a domain and code; POSIX codes follow Darwin's numbering for text printed
  /// by an Apple platform, Linux's otherwise (they agree below 35).
  func entries(domain: String, code: Int, darwin: Bool = false) -> [Entry] {
    found(domain: domain, code: code, darwin: darwin).map(\.entry)
  }

  /// The entries for a domain and code with their sources. `darwin` picks one numbering of
  /// POSIX codes; `nil` gives both, Darwin's first, when they differ.
  func found(domain: String, code: Int, darwin: Bool? = false) -> [Found] {
    if let indices = byPair[DomainCode(domain: domain, code: code)] {
      return indices.map { Found(entry: catalog.entries[$0]) }
    }
    let domain = KnownDomains.canonical(domain)
    if domain == Self.posixDomain {
      return posix(code: code, darwin: darwin)
    }
    var result: [Found] = []
    let handWritten = domain == Self.cfNetworkDomain ? Self.urlDomain : domain
    let handWrittenEntries =
      Self.handWrittenDomains.contains(handWritten)
      ? Self.builtInEntries { entryDomain, entryCode, _ in
        entryDomain == handWritten && entryCode == code
      } : []
    for entry in handWrittenEntries {
      result.append(
        Found(
          entry: Entry(domain: domain, code: code, name: entry.name, description: entry.description)
        ))
    }
    // The domain's tables first (few, found by halving), then the rows with the code that they
    // hold: a common code is in hundreds of tables, which are not decoded.
    var tableIndexes = CodeTables.tables(inDomain: domain)
    if domain == Self.cfNetworkDomain {
      tableIndexes = (tableIndexes + CodeTables.tables(inDomain: Self.urlDomain)).sorted()
    }
    let tables = tableIndexes.map(CodeTable.init(at:))
    for index in tables.isEmpty ? [] : Self.rowIndexes(withCode: code) {
      for table in tables where table.rowRange.contains(index) {
        let row = CodeRow(at: index)
        let name = row.name.description
        if result.contains(where: { $0.entry.name == name }) { continue }
        result.append(Self.found(row, in: table, domain: domain))
      }
    }
    if result.isEmpty, Self.osStatusCarriers.contains(domain) {
      return found(domain: Self.osStatusDomain, code: code).map { found in
        var found = found
        found.entry.domain = domain
        return found
      }
    }
    if result.isEmpty, domain == Self.osStatusDomain, Self.urlLoadingCodes.contains(code) {
      return found(domain: Self.urlDomain, code: code).map { found in
        var found = found
        found.entry.domain = domain
        found.entry.description =
          "A URL loading error passed on as an OSStatus (NSURLErrorDomain \(code)): "
          + found.entry.description
        found.label = "NSURLErrorDomain"
        return found
      }
    }
    return result
  }

  /// The codes of URL loading errors (NSURLErrorDomain's -995 to -1200 and -2000 to -3007).
  /// AVFoundation and Core Media pass the URL loading system's errors on with the same number
  /// in NSOSStatusErrorDomain (an AVPlayer item that fails for App Transport Security reports
  /// OSStatus -1022), so an OSStatus that no table names, in these ranges, is read as the URL
  /// error, labelled.
  static let urlLoadingCodes: Set<Int> = Set(-1200...(-995)).union(-3007...(-2000))

  /// Domains whose codes are OSStatus values: AVFAudio reports Core Audio's status codes in
  /// `com.apple.coreaudio.avfaudio` (`-10868` is `kAudioUnitErr_FormatNotSupported`), so a code
  /// no table of the domain names is looked up among the OSStatus codes.
  static let osStatusCarriers = ["com.apple.coreaudio.avfaudio"]

  /// The rows with a code, each with its position: a 32-bit status written as an unsigned
  /// number (`0xE8000022`, 3892314146) also finds the rows of its signed value.
  static func rows(withCode code: Int) -> [(Int, CodeRow)] {
    rowIndexes(withCode: code).map { ($0, CodeRow(at: $0)) }
  }

  /// The positions of the rows with a code, as ``rows(withCode:)`` finds them, not decoded.
  static func rowIndexes(withCode code: Int) -> [Int] {
    var indexes = CodeTables.rows(withCode: code)
    if (0x8000_0000..<0x1_0000_0000).contains(code) {
      indexes += CodeTables.rows(withCode: code - 0x1_0000_0000)
    }
    return indexes
  }

  private func posix(code: Int, darwin: Bool?) -> [Found] {
    let linux = Self.builtInEntries { entryDomain, entryCode, _ in
      entryDomain == Self.posixDomain && entryCode == code
    }
    let apple = code >= 35 ? Self.darwinPOSIXEntries { entryCode, _ in entryCode == code } : []
    switch darwin {
    case true?: return (apple.isEmpty ? linux : apple).map { Found(entry: $0) }
    case false?: return linux.map { Found(entry: $0) }
    case nil:
      if apple.isEmpty || apple.map(\.name) == linux.map(\.name) {
        return (linux.isEmpty ? apple : linux).map { Found(entry: $0) }
      }
      return apple.map { Found(entry: $0, label: "Darwin errno") }
        + linux.map { Found(entry: $0, label: "Linux errno") }
    }
  }

  private static func found(_ row: CodeRow, in table: CodeTable, domain: String) -> Found {
    let name = row.name.description
    let label = table.label.description
    return Found(
      entry: Entry(
        domain: domain, code: row.code, name: name, description: row.meaning.description),
      label: label, constant: row.constant.isEmpty ? nil : row.constant.description,
      swift: row.swiftType.isEmpty ? nil : row.swiftType.description + "." + name,
      declaration: row.meaning.isEmpty && !row.declaration.isEmpty
        ? row.declaration.description : nil,
      observed: table.kind == .observed ? label + ", " + table.source.description : nil,
      added: row.added.isEmpty ? nil : row.added.description)
  }

  /// Each row found by a name, in every table that holds it.
  private static func found(rows: [Int]) -> [Found] {
    var result: [Found] = []
    var seen: Set<EntryKey> = []
    for index in rows {
      let row = CodeRow(at: index)
      for table in CodeTables.tables(holding: index).map(CodeTable.init(at:)) {
        let domain = table.domain.description
        let key = EntryKey(domain: domain, code: row.code, name: row.name.description)
        guard seen.insert(key).inserted else { continue }
        result.append(Self.found(row, in: table, domain: domain))
      }
    }
    return result
  }

  /// What makes two entries one: the domain, the code and the name. Kept in a set, so that
  /// keeping each entry once costs a hash per entry, not a search of those kept.
  private struct EntryKey: Hashable {
    var domain: String
    var code: Int
    var name: String?

    init(domain: String, code: Int, name: String?) {
      (self.domain, self.code, self.name) = (domain, code, name)
    }

    init(_ entry: Entry) {
      self.init(domain: entry.domain, code: entry.code, name: entry.name)
    }
  }

  /// The entries with a name, in every domain: a Swift name or a C constant, exactly, or when
  /// none matches exactly, without regard to case.
  func found(named name: String) -> [Found] {
    if let indices = byName[name] { return indices.map { Found(entry: catalog.entries[$0]) } }
    let named = CodeTables.rows(named: name)
    for exact in [true, false] {
      let same: (String) -> Bool = exact ? { $0 == name } : { $0.lowercased() == name.lowercased() }
      var result: [Found] = []
      for entry in Self.builtInEntries(where: { _, _, entryName in same(entryName) }) {
        result.append(Found(entry: entry))
      }
      for entry in Self.darwinPOSIXEntries(where: { _, entryName in same(entryName) }) {
        if !result.contains(where: { $0.entry == entry }) {
          if let linux = result.firstIndex(where: {
            $0.entry.name == entry.name && $0.entry.code != entry.code
          }) {
            result[linux].label = "Linux errno"
            result.append(Found(entry: entry, label: "Darwin errno"))
          } else if !result.contains(where: { $0.entry.name == entry.name }) {
            result.append(Found(entry: entry, label: "Darwin errno"))
          }
        }
      }
      let rows = named.filter { !exact || $0.exact }.map(\.row)
      for item in Self.found(rows: rows.sorted())
      where !result.contains(where: {
        $0.entry.domain == item.entry.domain && $0.entry.code == item.entry.code
          && $0.entry.name == item.entry.name
      }) {
        result.append(item)
      }
      if !result.isEmpty || !exact { return dropHandWrittenDuplicates(result) }
    }
    return []
  }

  /// The entries with a name, in every domain (names are case-sensitive).
  func entries(named name: String) -> [Entry] { found(named: name).map(\.entry) }

  /// The entries with a code, in every domain, and a four-character OSStatus when the code
  /// spells one and no table knows it.
  func found(code: Int) -> [Found] {
    var result = byCode[code]?.map { Found(entry: catalog.entries[$0]) } ?? []
    result += posix(code: code, darwin: nil)
    for entry in Self.builtInEntries(where: { entryDomain, entryCode, _ in
      entryDomain != Self.posixDomain && entryCode == code
    }) {
      result.append(Found(entry: entry))
    }
    // A common code is in hundreds of tables: each domain and name is kept once, by hashing.
    // Every entry here has the code asked for (or its 32-bit OSStatus spelling), so the domain
    // and the name decide.
    struct DomainName: Hashable {
      var domain: String
      var name: String?
    }
    var seen = Set(result.map { DomainName(domain: $0.entry.domain, name: $0.entry.name) })
    for (index, row) in Self.rows(withCode: code) {
      for table in CodeTables.tables(holding: index).map(CodeTable.init(at:)) {
        let domain = table.domain.description
        guard seen.insert(DomainName(domain: domain, name: row.name.description)).inserted else {
          continue
        }
        result.append(Self.found(row, in: table, domain: domain))
      }
    }
    if result.isEmpty, Self.fourCharCode(code) != nil {
      result.append(
        Found(entry: Entry(domain: Self.osStatusDomain, code: code, name: nil, description: "")))
    }
    return result
  }

  /// The entries with a code, in every domain.
  func entries(code: Int) -> [Entry] { found(code: code).map(\.entry) }

  /// The entries whose name, constant, meaning or domain holds every word, without regard to
  /// case.
  func search(_ words: [Substring]) -> [Found] {
    let words = words.map { $0.lowercased() }
    let folded = words.map { Array($0.utf8) }
    func matches(_ texts: [String]) -> Bool {
      folded.allSatisfy { word in texts.contains { Self.contains($0, folded: word) } }
    }
    var result: [Found] = []
    // Each entry once, found by hashing: a common word matches thousands of entries.
    var seen: Set<Entry> = []
    for entries in [catalog.entries, Self.builtIn.entries, Self.darwinPOSIX.entries] {
      for entry in entries where matches([entry.domain, entry.name ?? "", entry.description]) {
        if seen.insert(entry).inserted { result.append(Found(entry: entry)) }
      }
    }
    result += Self.searchTables(words)
    return dropHandWrittenDuplicates(result)
  }

  /// Whether a text holds `folded` (bytes in lower case), its ASCII letters compared without
  /// case, byte by byte: no lower-cased copy of the text is made.
  private static func contains(_ text: String, folded: [UInt8]) -> Bool {
    guard !folded.isEmpty else { return true }
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count >= folded.count else { return false }
      for start in 0...(bytes.count - folded.count) {
        var index = 0
        while index < folded.count, TableText.fold(bytes[start + index]) == folded[index] {
          index += 1
        }
        if index == folded.count { return true }
      }
      return false
    }
  }

  /// The rows of the built-in tables that hold every word: each word starts a word of the
  /// row's name, constant or meaning, or of its table's domain or label. Found in the word
  /// indexes, so the time grows with the matches, not with the tables.
  private static func searchTables(_ words: [String]) -> [Found] {
    guard !words.isEmpty else { return [] }
    let matches = words.map(CodeTables.matches(word:))
    var candidates: Set<Int>?
    for match in matches {
      var rows = match.rows
      for table in match.tables { rows.formUnion(CodeTable(at: table).rowRange) }
      candidates = candidates.map { $0.intersection(rows) } ?? rows
      if candidates?.isEmpty == true { return [] }
    }
    var result: [Found] = []
    for index in (candidates ?? []).sorted() {
      let row = CodeRow(at: index)
      for table in CodeTables.tables(holding: index)
      where matches.allSatisfy({ $0.rows.contains(index) || $0.tables.contains(table) }) {
        let table = CodeTable(at: table)
        result.append(Self.found(row, in: table, domain: table.domain.description))
      }
    }
    return result
  }

  /// Every entry of a domain, in code order (the catalogs' first).
  func list(domain: String) -> [Found] {
    let domain = KnownDomains.canonical(domain)
    var result = catalog.entries.filter { $0.domain == domain }.map { Found(entry: $0) }
    if domain == Self.posixDomain {
      let linux = Self.builtInEntries { entryDomain, _, _ in entryDomain == domain }
      return result
        + Self.darwinPOSIXEntries { _, _ in true }.map { Found(entry: $0, label: "Darwin errno") }
        + linux.map { Found(entry: $0, label: $0.code >= 35 ? "Linux errno" : nil) }
    }
    var seen = Set(result.map { DomainCode(domain: $0.entry.name ?? "", code: $0.entry.code) })
    var built: [Found] = []
    for entry in Self.builtInEntries(where: { entryDomain, _, _ in entryDomain == domain }) {
      built.append(Found(entry: entry))
      seen.insert(DomainCode(domain: entry.name ?? "", code: entry.code))
    }
    for table in CodeTables.tables(inDomain: domain).map(CodeTable.init(at:)) {
      for row in table.rows
      where !seen.contains(DomainCode(domain: row.name.description, code: row.code)) {
        built.append(Self.found(row, in: table, domain: domain))
      }
    }
    result += built.sorted { abs($0.entry.code) < abs($1.entry.code) }
    return result
  }

  /// Drops a generated entry that repeats a hand-written one (same domain, code and name).
  private func dropHandWrittenDuplicates(_ found: [Found]) -> [Found] {
    var result: [Found] = []
    // The position in `result` of each domain, code and name kept, so each entry is checked
    // in constant time.
    var positions: [EntryKey: Int] = [:]
    for item in found {
      let key = EntryKey(item.entry)
      if let index = positions[key] {
        if result[index].constant == nil { result[index].constant = item.constant }
        continue
      }
      positions[key] = result.count
      result.append(item)
    }
    return result
  }

  /// The four characters a status code spells (`561017449` is `!pri`), when all four are
  /// printable ASCII.
  static func fourCharCode(_ code: Int) -> String? {
    guard (0x2020_2020...0x7E7E_7E7E).contains(code) else { return nil }
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
    guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The code a four-character code spells: `'!pri'` or `!pri` quoted in single quotes.
  static func code(fourCharCode text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 6, bytes.first == 0x27, bytes.last == 0x27 else { return nil }
    let inner = bytes[1..<5]
    guard inner.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    return inner.reduce(0) { $0 << 8 | Int($1) }
  }

  /// Fills in the names of a parsed chain from the tables, and of every other cause's chain
  /// (one call per chain, so calls nest no deeper than a path of causes is long).
  func name(_ payload: inout ErrorPayload, darwin: Bool) {
    var levels = payload.chain
    for index in levels.indices {
      for other in levels[index].otherCauses.indices {
        name(&levels[index].otherCauses[other], darwin: darwin)
      }
      guard levels[index].name == nil else { continue }
      let first = found(domain: levels[index].domain, code: levels[index].code, darwin: darwin)
        .first
      levels[index].name = first?.entry.name
      // A name no public header declares says where it comes from.
      if let observed = first?.observed { levels[index].details["name source"] = observed }
    }
    var linked: ErrorPayload?
    for var level in levels.reversed() {
      level.underlying = linked
      linked = level
    }
    if let linked { payload = linked }
  }
}

extension CodeDirectory {
  /// Whether the entries do not all come from one source (no label counts as one): compared
  /// with the first, without a `Set` to set up at start-up.
  static func hasSeveralLabels(_ found: [Found]) -> Bool {
    let first = found.first?.label ?? ""
    return found.contains { ($0.label ?? "") != first }
  }

  /// The payloads of a look-up's entries, each labelled with its source when the entries do
  /// not all come from one.
  static func payloads(_ found: [Found]) -> [ErrorPayload] {
    let labelled = hasSeveralLabels(found)
    return found.map { ErrorPayload($0, labelled: labelled) }
  }
}

extension ErrorPayload {
  /// The payload of a table entry.
  init(_ entry: CodeDirectory.Entry) {
    self.init(
      domain: entry.domain, code: entry.code, name: entry.name,
      message: entry.description.isEmpty ? nil : entry.description)
  }

  /// The payload of a look-up's result: the entry, its C constant, its four-character code, and
  /// its source when `labelled` (a number with several meanings).
  init(_ found: CodeDirectory.Found, labelled: Bool) {
    self.init(found.entry)
    if let constant = found.constant { details["C name"] = constant }
    if found.entry.domain == CodeDirectory.osStatusDomain,
      let text = CodeDirectory.fourCharCode(found.entry.code)
    {
      details["four-char code"] = "'\(text)'"
    }
    if let swift = found.swift, swift != found.entry.name { details["Swift"] = swift }
    if let declaration = found.declaration { details["declared in"] = declaration }
    if let added = found.added { details["added in"] = added }
    if let observed = found.observed {
      details["source"] = observed
    } else if labelled, let label = found.label {
      details["source"] = label
    }
  }
}
