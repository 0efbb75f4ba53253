// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md

import ErrorKitCore

/// The states of several libraries in one app, each library's on bits of their own, even when
/// the libraries chose the same bits: the app's remedy for a collision that needs no edit to
/// either library.
///
/// Two libraries compiled independently may both use application bit 0 (bit 16): LinkKit for
/// `visited`, ListKit for `dragging`. Inside each library nothing is wrong: its widgets hold
/// its own states and resolve its own tables. The two meet only in the app, which builds a
/// namespace from their ``StateNames``:
///
/// - only colliding bits move: taking the libraries in the order of their owners' names, a
///   state keeps its own bit unless an earlier library keeps that bit for another state, and
///   the states that lose their bit get the lowest bits no library keeps, so the assignment is
///   the same in every run whatever order the libraries are listed in;
/// - ``catalog`` names the assigned bits: each state by its bare name where only one of the
///   states a widget may carry uses that name, and always by its qualified name, such as
///   `LinkKit.visited`, so one theme file styles the widgets of every library;
/// - ``relocation(for:)`` moves a library's state onto the assigned bits at the boundary,
///   where the app reads a widget's state, so the app's tables see distinct states;
/// - states of one widget kind (``StateNames/kind``) are named as ``BitCatalog/init(merging:)-([StateNames])``
///   names them: a bit that several kinds of one owner name takes one bit in the app, moved for
///   every kind at once, and the catalog's ``BitCatalog/kind(_:of:)`` prints a kind's states
///   with every library's states for every kind; two kinds may give one name to two bits, and
///   each kind's catalog keeps the bare name for its own.
///
/// ```swift
/// let namespaces = try StateNamespaces([.linkKit, .listKit])
/// let visited = namespaces.relocation(for: "LinkKit").apply(.visited)
/// let dragging = namespaces.relocation(for: "ListKit").apply(.dragging)
/// namespaces.catalog.description(of: [visited, dragging])  // "visited | dragging"
/// try namespaces.catalog.parse("ListKit.dragging") == dragging  // true
/// ```
///
/// Building it throws only what a library's own names would make a merge throw (an owner or a
/// name that is not an identifier, a state that is not one application bit, two states of one
/// library on one bit), or when the libraries together have more states than the application
/// range has bits.
public struct StateNamespaces: Hashable, Sendable {
  /// The app's catalog: every library's states on their assigned bits, by bare name where it
  /// is unambiguous, and by qualified name (`Owner.name`) always.
  public let catalog: StateCatalog

  /// The owners, sorted, each with its relocation.
  private let relocations: [String: StateRelocation]

  /// Creates the namespaces of some libraries, assigning each library's states a bit.
  ///
  ///     let namespaces = try StateNamespaces([.linkKit, .badgeKit])
  ///     namespaces.relocation(for: "BadgeKit").isIdentity  // true: no bit was shared
  ///
  /// - Parameter libraries: The names each library exports; several values with one owner
  ///   are one library.
  /// - Throws: ``StateKitError`` for a library's invalid owner or its invalid or colliding
  ///   names, naming the library, or with code ``StateKitError/Code/bitAlreadyDeclared`` when
  ///   no bit is left.
  public init(_ libraries: [StateNames]) throws(StateKitError) {
    let layout = ControlState.layout
    // Each library alone must merge: the merge's rules, per owner, kinds included.
    var perOwner: [String: StateCatalog] = [:]
    for names in libraries {
      var catalog = perOwner[names.owner] ?? StateCatalog()
      try catalog.merge(names)
      perOwner[names.owner] = catalog
    }
    // What takes one bit in the app: a state for every kind, one per name and bit (two owners
    // that give one name to one bit share it, as a merge allows), or a bit of an owner's kinds,
    // which carries one state per kind that names it (those never meet on one widget).
    enum Slot: Hashable {
      case shared(name: String, raw: UInt)
      case kinds(owner: String, raw: UInt)
    }
    struct Claim {
      let owner: String
      /// The widget kind, or `nil` for a state of every kind.
      let kind: String?
      let name: String
      let raw: UInt
      var slot: Slot {
        kind == nil ? .shared(name: name, raw: raw) : .kinds(owner: owner, raw: raw)
      }
    }
    var claims: [Claim] = []
    for owner in perOwner.keys.sorted() {
      guard let catalog = perOwner[owner] else { continue }
      var owned = catalog.table.customEntries.map {
        Claim(owner: owner, kind: nil, name: $0.name, raw: $0.raw)
      }
      for (_, kind, table) in catalog.kindTables {
        // A kind's table holds the owner's states for every kind too.
        for entry in table.customEntries where catalog.table.name(of: entry.raw) == nil {
          owned.append(Claim(owner: owner, kind: kind, name: entry.name, raw: entry.raw))
        }
      }
      // Ascending bits: a library without kinds claims as it always did.
      owned.sort { ($0.raw, $0.kind ?? "") < ($1.raw, $1.kind ?? "") }
      claims += owned
    }
    // Only colliding bits move. A slot keeps its own bit unless an earlier library (in the
    // order of the owners' names) keeps that bit for another slot; the slots that lose their
    // bit then take, in the same order, the lowest bits that no library keeps.
    var assigned: [Slot: UInt] = [:]
    var kept: UInt = 0
    var moving: [Claim] = []
    for claim in claims where assigned[claim.slot] == nil {
      if kept & claim.raw == 0 {
        assigned[claim.slot] = claim.raw
        kept |= claim.raw
      } else {
        assigned[claim.slot] = 0  // Moves: given a free bit below.
        moving.append(claim)
      }
    }
    var used = kept
    for claim in moving {
      let free = layout.applicationMask & ~used
      guard free != 0 else {
        throw StateKitError.declaration(
          .bitAlreadyDeclared, noun: layout.noun, name: claim.name,
          reason:
            "\(quoted(claim.owner)) needs a bit for \(quoted(claim.name)), but the libraries' states take every bit of the application range \(layout.applicationRangeText)",
          claims: ["owner": claim.owner, "state": claim.name])
      }
      assigned[claim.slot] = free & (0 &- free)
      used |= free & (0 &- free)
    }
    // Names: the bare name where one bit carries it among the states one widget may carry
    // (every library's states for every kind, and one kind's own), the qualified name always.
    func table(naming scope: [Claim]) -> NameTable {
      var bitsOfName: [String: Set<UInt>] = [:]
      for claim in scope { bitsOfName[claim.name, default: []].insert(assigned[claim.slot] ?? 0) }
      var table = NameTable(layout: layout)
      for claim in scope {
        let bit = assigned[claim.slot] ?? 0
        let qualified = "\(claim.owner).\(claim.name)"
        if table.name(of: bit) == nil {
          let unambiguous = bitsOfName[claim.name]?.count == 1
          table.declareAssigned(
            unambiguous ? claim.name : qualified, aliases: [qualified], raw: bit,
            owner: claim.owner)
        } else {
          // A state two libraries share (one name, one bit): one more qualified name for it.
          table.addAlias(qualified, raw: bit)
        }
      }
      return table
    }
    var moves: [String: [(from: UInt, to: UInt)]] = [:]
    for owner in perOwner.keys { moves[owner] = [] }
    var kindClaims: [String: [String: [Claim]]] = [:]  // owner -> kind -> its states
    for claim in claims {
      if let kind = claim.kind {
        kindClaims[claim.owner, default: [:]][kind, default: []].append(claim)
      }
      if moves[claim.owner]?.contains(where: { $0.from == claim.raw }) != true {
        moves[claim.owner, default: []].append((claim.raw, assigned[claim.slot] ?? 0))
      }
    }
    let everyKind = claims.filter { $0.kind == nil }
    var catalog = StateCatalog(table: table(naming: everyKind))
    // A widget of a kind prints every library's states for every kind and its kind's own.
    for (owner, kinds) in kindClaims {
      for (kind, owned) in kinds {
        catalog.setKind(kind, of: owner, table: table(naming: everyKind + owned))
      }
    }
    self.catalog = catalog
    var relocations: [String: StateRelocation] = [:]
    for (owner, pairs) in moves { relocations[owner] = StateRelocation(layout: layout, pairs) }
    self.relocations = relocations
  }

  /// The relocation that moves an owner's states onto their assigned bits; the identity for
  /// an owner the namespaces do not hold.
  ///
  /// - Parameter owner: A library's ``StateNames/owner``.
  /// - Returns: The relocation.
  public func relocation(for owner: String) -> StateRelocation {
    relocations[owner] ?? StateRelocation(layout: ControlState.layout, [])
  }
}

/// A move of a library's application bits onto the bits an app assigned them, applied at the
/// boundary where the app reads a widget's state. System bits and unnamed bits stay put.
///
/// Applying it costs a table look-up, once, where the state enters the app's tables; resolving
/// then costs what it always costs.
///
///     let namespaces = try StateNamespaces([.linkKit, .listKit])
///     let move = namespaces.relocation(for: "ListKit")
///     move.apply([.selected, .dragging]).rawValue  // 0x20004: dragging moved to bit 17
///     move.revert(move.apply(.dragging)) == .dragging  // true
public struct StateRelocation: Hashable, Sendable {
  /// For each value of the application range's bits, the bits it moves to.
  @usableFromInline let table: [UInt]
  /// The application range: its mask and its lowest bit.
  @usableFromInline let mask: UInt
  @usableFromInline let shift: UInt
  /// The reverse moves.
  private let inverse: [UInt]

  /// Whether the relocation moves nothing.
  public let isIdentity: Bool

  init(layout: BitLayout, _ moves: [(from: UInt, to: UInt)]) {
    let shift = UInt(layout.application.lowerBound)
    let count = layout.application.count
    func build(_ pairs: [(UInt, UInt)]) -> [UInt] {
      // A value's image clears every source it meets and sets their targets (clearing first,
      // so swaps work). That image is the union of its bits' images: a bit of a value lies in
      // a source the value meets exactly when it lies in a source that bit meets. So only the
      // single bits loop over the pairs, and once the values below bit `index` are done, each
      // of them joined with that bit's image is the image of the value with the bit added.
      [UInt](unsafeUninitializedCapacity: 1 << count) { table, initialized in
        table.initialize(repeating: 0)
        initialized = table.count
        for index in 0..<count {
          let bit: UInt = 1 << (shift + UInt(index))
          var image = bit
          for (from, _) in pairs where bit & from != 0 { image &= ~from }
          for (from, to) in pairs where bit & from != 0 { image |= to }
          let half = 1 << index
          var value = 0
          while value < half {
            table[half + value] = table[value] | image
            value += 1
          }
        }
      }
    }
    let moving = moves.filter { $0.from != $0.to }
    table = build(moving.map { ($0.from, $0.to) })
    inverse = build(moving.map { ($0.to, $0.from) })
    mask = layout.applicationMask
    self.shift = shift
    isIdentity = moving.isEmpty
  }

  /// The state with the library's bits moved to the app's.
  ///
  /// - Parameter state: A state of the library's widget.
  /// - Returns: The same state on the app's bits.
  @inlinable
  public func apply(_ state: ControlState) -> ControlState {
    ControlState(
      rawValue: state.rawValue & ~mask
        | table[Int(truncatingIfNeeded: (state.rawValue & mask) >> shift)])
  }

  /// The state with the app's bits moved back to the library's.
  ///
  /// - Parameter state: A state on the app's bits.
  /// - Returns: The same state on the library's bits.
  public func revert(_ state: ControlState) -> ControlState {
    ControlState(
      rawValue: state.rawValue & ~mask
        | inverse[Int(truncatingIfNeeded: (state.rawValue & mask) >> shift)])
  }
}
