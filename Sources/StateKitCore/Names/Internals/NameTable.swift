import ErrorKitCore

/// The names of one bit set's members, on raw bits, for any `BitLayout`: the system names of
/// the layout and custom names in its application range, with who claimed them.
///
/// `StateCatalog` and the other catalogs are typed faces of this one table, so declaring,
/// collision checks, lookups and the text format (`NameTable+TextFormat.swift`) exist once for
/// every layout.
package struct NameTable: Sendable {
  package let layout: BitLayout
  /// Custom names by application index; `nil` where no name is declared.
  private(set) var customNames: [String?]
  /// Who claimed each custom name (a names value's owner), by application index.
  /// Provenance for error messages only: it takes no part in equality.
  private(set) var owners: [String?]
  /// Every name as UTF-8, by bit (64 entries; empty for an unnamed bit), so the writer looks
  /// nothing up.
  private var bytesByBit: [[UInt8]]
  /// The bits that have a name.
  private(set) var namedRawValue: UInt
  /// Further names that parse to a bit but never print, such as `LinkKit.visited` for a bit
  /// printed `visited`, or a toolkit's C constant (`LV_STATE_PRESSED`) for a bit printed
  /// `pressed`.
  private var aliases: [(bytes: [UInt8], raw: UInt)] = []
  /// The text of no bits: the layout's empty name, or its C constant.
  private(set) var emptyBytes: [UInt8]
  /// The text of the value with every bit of the type (LVGL's `any`), or empty.
  private(set) var everyBytes: [UInt8] = []
  /// The names of the parts, by part number, for a layout whose selectors carry a part.
  private(set) var partBytes: [UInt: [UInt8]] = [:]
  /// Whether the table prints the toolkit's C constants (`LV_STATE_PRESSED`) rather than the
  /// layout's names.
  private(set) var printsConstants = false

  /// The table of a layout's own names.
  ///
  /// The tables of the package's layouts (``BitLayout/all``) are made once: catalogs of them are
  /// made all the time (every `StateCatalog()`, every table printed with a toolkit's names).
  package init(layout: BitLayout) {
    for table in Self.ofPackageLayouts where table.layout.isIdentical(to: layout) {
      self = table
      return
    }
    self.init(building: layout)
  }

  /// The tables of the layouts of ``BitLayout/all``.
  private static let ofPackageLayouts = BitLayout.all.map(NameTable.init(building:))

  /// Makes the table of a layout's own names.
  init(building layout: BitLayout) {
    self.layout = layout
    customNames = Array(repeating: nil, count: layout.application.count)
    owners = customNames
    var bytes = [[UInt8]](repeating: [], count: UInt.bitWidth)
    var named: UInt = 0
    for entry in layout.systemNames {
      bytes[entry.bit] = Array(entry.name.utf8)
      named |= 1 << UInt(entry.bit)
    }
    for (index, name) in layout.applicationNames.enumerated()
    where index < layout.application.count {
      bytes[layout.application.lowerBound + index] = Array(name.utf8)
      named |= 1 << UInt(layout.application.lowerBound + index)
    }
    bytesByBit = bytes
    namedRawValue = named
    emptyBytes = Array(layout.emptyName.utf8)
    if let every = layout.everyName { everyBytes = Array(every.utf8) }
    let low = UInt(layout.partBits?.lowerBound ?? 0)
    for part in layout.parts {
      partBytes[part.number] = Array(part.name.utf8)
      aliases.append((Array(part.constant.utf8), part.number << low))
    }
    // The C constants parse as the names they stand for.
    for (name, raw) in toolkitNames {
      if let constant = layout.constantName(of: name) {
        aliases.append((Array(constant.utf8), raw))
      }
    }
  }

  /// The names the toolkit gives, each with its value: the empty name, the system names, the
  /// application bits' own names and the name of every bit.
  private var toolkitNames: [(name: String, raw: UInt)] {
    var names: [(name: String, raw: UInt)] = [(layout.emptyName, 0)]
    names += layout.systemNames.map { ($0.name, 1 << UInt($0.bit)) }
    for (index, name) in layout.applicationNames.enumerated()
    where index < layout.application.count {
      names.append((name, 1 << UInt(layout.application.lowerBound + index)))
    }
    if let every = layout.everyName { names.append((every, layout.coveredMask)) }
    return names
  }

  /// This table printing the toolkit's C constants (`LV_STATE_CHECKED | LV_STATE_PRESSED`,
  /// `LV_PART_KNOB`) for the names the toolkit gives; custom names print as they are. Text
  /// parses with either. Without constants (a layout with no prefix), the table itself.
  package func printingConstants() -> NameTable {
    guard !layout.constantPrefix.isEmpty, !printsConstants else { return self }
    var result = self
    result.printsConstants = true
    for (name, raw) in toolkitNames {
      guard let constant = layout.constantName(of: name) else { continue }
      let bytes = Array(constant.utf8)
      result.aliases.append((Array(name.utf8), raw))
      if raw == 0 {
        result.emptyBytes = bytes
      } else if raw == layout.coveredMask, layout.everyName == name {
        result.everyBytes = bytes
      } else if raw.nonzeroBitCount == 1,
        applicationIndex(of: raw).flatMap({ customNames[$0] }) == nil
      {
        result.bytesByBit[raw.trailingZeroBitCount] = bytes
      }
    }
    for part in layout.parts {
      result.aliases.append(
        (Array(part.name.utf8), part.number << UInt(layout.partBits?.lowerBound ?? 0)))
      result.partBytes[part.number] = Array(part.constant.utf8)
    }
    return result
  }

  /// The name of a part number, or `nil`.
  func partName(number: UInt) -> [UInt8]? { partBytes[number] }

  /// The text of no bits, as the writer prints it.
  var emptyBytesForWriting: [UInt8] { emptyBytes }

  /// The bits of `raw` that no name covers: a named part counts as named, as does the value
  /// of every bit.
  package func unnamedBits(in raw: UInt) -> UInt {
    var rest = raw
    if let bits = layout.partBits,
      partBytes[(raw & layout.partMask) >> UInt(bits.lowerBound)] != nil
    {
      rest &= ~layout.partMask
    }
    return rest & ~namedRawValue
  }

  /// The name of the part of a selector's value, for a layout with parts: its text (the part
  /// bits' value named, or `nil` when unnamed) and the part's number.
  package func part(of raw: UInt) -> (name: String?, number: UInt)? {
    guard let bits = layout.partBits else { return nil }
    let number = (raw & layout.partMask) >> UInt(bits.lowerBound)
    return (partBytes[number].map { String(decoding: $0, as: UTF8.self) }, number)
  }

  /// The single bit at an application index.
  func bit(atIndex index: Int) -> UInt {
    1 << UInt(layout.application.lowerBound + index)
  }

  /// The application index of a value that is exactly one application bit, or `nil`.
  package func applicationIndex(of raw: UInt) -> Int? {
    guard raw.nonzeroBitCount == 1, raw & ~layout.applicationMask == 0 else { return nil }
    return raw.trailingZeroBitCount - layout.application.lowerBound
  }

  /// Every named member, system names first, each in ascending bit order.
  package var entries: [(name: String, raw: UInt)] {
    var result: [(name: String, raw: UInt)] = layout.systemNames.map {
      (name: $0.name, raw: UInt(1) << UInt($0.bit))
    }
    for (index, name) in customNames.enumerated() {
      if let name { result.append((name, bit(atIndex: index))) }
    }
    return result
  }

  package var customEntries: [(name: String, raw: UInt)] {
    Array(entries.dropFirst(layout.systemNames.count))
  }

  package func owner(of raw: UInt) -> String? {
    applicationIndex(of: raw).flatMap { owners[$0] }
  }

  /// The name of a single bit, or `nil`.
  package func name(of raw: UInt) -> String? {
    guard raw.nonzeroBitCount == 1 else { return nil }
    let bit = raw.trailingZeroBitCount
    guard !bytesByBit[bit].isEmpty else { return nil }
    return String(decoding: bytesByBit[bit], as: UTF8.self)
  }

  /// The bits a name stands for: the empty name is 0; `nil` for an unknown name.
  ///
  /// Names match byte for byte: String's `==` would take U+212A KELVIN SIGN for `K`, and a
  /// decomposed letter for a composed one, which the ASCII text format must not.
  package func raw(named name: some StringProtocol) -> UInt? {
    let utf8 = name.utf8
    if utf8.elementsEqual(emptyBytes) { return 0 }
    if !everyBytes.isEmpty, utf8.elementsEqual(everyBytes) { return layout.coveredMask }
    if !partBytes.isEmpty, let low = layout.partBits?.lowerBound {
      for (number, bytes) in partBytes where utf8.elementsEqual(bytes) {
        return number << UInt(low)
      }
    }
    var named = namedRawValue
    while named != 0 {
      let bit = named.trailingZeroBitCount
      named &= named &- 1
      if utf8.elementsEqual(bytesByBit[bit]) { return 1 << UInt(bit) }
    }
    for alias in aliases where utf8.elementsEqual(alias.bytes) { return alias.raw }
    return nil
  }

  /// Names one application bit with a name made of checked parts, such as the qualified
  /// `ListKit.dragging`, and further names that parse to it: how ``StateNamespaces`` names the
  /// bits it assigns. The bit must be free.
  mutating func declareAssigned(_ name: String, aliases more: [String], raw: UInt, owner: String) {
    guard let index = applicationIndex(of: raw), customNames[index] == nil else { return }
    customNames[index] = name
    bytesByBit[index + layout.application.lowerBound] = Array(name.utf8)
    owners[index] = owner
    namedRawValue |= raw
    for alias in more where alias != name { addAlias(alias, raw: raw) }
  }

  /// Adds a name that parses to `raw` but never prints.
  mutating func addAlias(_ alias: String, raw: UInt) {
    aliases.append((Array(alias.utf8), raw))
  }

  /// The UTF-8 name of a bit that `namedRawValue` contains.
  func nameBytes(ofNamedBit bit: Int) -> [UInt8] {
    bytesByBit[bit]
  }

  /// Declares a custom name for one application bit; errors name the owner and the earlier
  /// claimant.
  package mutating func declare(_ name: String, raw: UInt, owner: String?) throws(StateKitError) {
    let noun = layout.noun
    let claimant = owner.map { "\(quoted($0))" } ?? "this declaration"
    try validate(name: name, prefix: owner.map { "\(quoted($0)): " } ?? "")
    guard let index = applicationIndex(of: raw) else {
      throw StateKitError.declaration(
        .notSingleApplicationBit, noun: noun, name: name,
        reason:
          "\(claimant) gives it \(_hex(raw)), which is not exactly one bit in the application range \(layout.applicationRangeText)"
      )
    }
    let low = layout.application.lowerBound
    let describe = { (index: Int) in "bit \(index + low) (\(_hex(1 << UInt(index + low))))" }
    let claims = owners
    let earlier = { (index: Int) in claims[index].map { quoted($0) } ?? "an earlier declaration" }
    // Both claims as structured details: the bit, and each claimant's owner and name.
    let claimDetails = { (held: Int, heldName: String) -> [String: String] in
      var details = ["bit": String(held + low), "state": name, "earlierState": heldName]
      details["owner"] = owner
      details["earlierOwner"] = claims[held]
      return details
    }
    if let existing = customNames[index] {
      if existing == name { return }
      throw StateKitError.declaration(
        .bitAlreadyDeclared, noun: noun, name: name,
        reason:
          "\(claimant) claims \(describe(index)) as \(quoted(name)), but \(earlier(index)) claims it as \(quoted(existing))",
        claims: claimDetails(index, existing))
    }
    if let other = customNames.firstIndex(of: name) {
      var details = claimDetails(other, name)
      details["requestedBit"] = String(index + low)
      throw StateKitError.declaration(
        .nameAlreadyDeclared, noun: noun, name: name,
        reason:
          "\(claimant) claims the name for \(describe(index)), but \(earlier(other)) claims it for \(describe(other))",
        claims: details)
    }
    customNames[index] = name
    bytesByBit[index + layout.application.lowerBound] = Array(name.utf8)
    owners[index] = owner
    namedRawValue |= raw
  }

  /// Whether a text is an ASCII identifier: a letter or `_`, then letters, digits or `_`.
  static func isIdentifier(_ text: String) -> Bool {
    func isStart(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }
    func isPart(_ byte: UInt8) -> Bool {
      isStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
    guard let first = text.utf8.first, isStart(first) else { return false }
    return text.utf8.allSatisfy(isPart)
  }

  /// Checks that an owner's name may qualify its names (`LinkKit.visited`, as
  /// ``StateNamespaces`` prints them): an ASCII identifier of at most
  /// `StateCatalog.maximumNameLength` characters, so that a qualified name is one token the
  /// text format reads back. Merges check it before any of the owner's names.
  func validate(owner: String) throws(StateKitError) {
    let count = owner.utf8.count
    let problem: String
    if !Self.isIdentifier(owner) {
      problem =
        "an owner's name must be an identifier: a letter or `_`, then letters, digits or `_` (ASCII)"
    } else if count > StateCatalog.maximumNameLength {
      problem =
        "an owner's name may have at most \(StateCatalog.maximumNameLength) characters, this one has \(count)"
    } else {
      return
    }
    throw StateKitError.owner(
      owner, noun: layout.noun,
      reason: "\(problem), since it qualifies the owner's names, as in `LinkKit.visited`")
  }

  /// Checks that a name may be declared: an ASCII identifier that is not a reserved word.
  private func validate(name: String, prefix: String) throws(StateKitError) {
    let noun = layout.noun
    let utf8 = name.utf8
    guard Self.isIdentifier(name) else {
      throw StateKitError.declaration(
        .invalidName, noun: noun, name: name,
        reason:
          "\(prefix)a \(noun) name must be an identifier: a letter or `_`, then letters, digits or `_` (ASCII)"
      )
    }
    guard utf8.count <= StateCatalog.maximumNameLength else {
      throw StateKitError.declaration(
        .invalidName, noun: noun, name: name,
        reason:
          "\(prefix)a \(noun) name may have at most \(StateCatalog.maximumNameLength) characters, this one has \(utf8.count)"
      )
    }
    let lowered = name.lowercased()
    let reserved =
      [layout.emptyName, "system", "application", "reserved"] + layout.systemNames.map { $0.name }
      + layout.reservedWords + layout.applicationNames + layout.parts.map { $0.name }
    if let clash = reserved.first(where: { $0.lowercased() == lowered }) {
      throw StateKitError.declaration(
        .reservedName, noun: noun, name: name,
        reason: "\(prefix)it clashes with the system name \(quoted(clash))")
    }
  }
}

extension NameTable: Hashable {
  /// Tables are equal when they name the same bits the same way, whoever named them.
  package static func == (lhs: NameTable, rhs: NameTable) -> Bool {
    lhs.customNames == rhs.customNames && lhs.layout.typeName == rhs.layout.typeName
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(customNames)
  }
}
