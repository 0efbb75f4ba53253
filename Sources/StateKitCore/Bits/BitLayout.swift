/// The one description of a bit set's layout: which bits the system owns and names, which bits
/// are free for app-defined members (the application range), and which are reserved.
///
/// Every place that needs to know a range asks the layout: ``ControlState/application``, the
/// catalogs' checks and error messages, precedence, and statekit-inspect's bit picture. A new
/// kind of bit set is one file that declares its layout and an entry in ``all``.
///
///     let layout = ControlState.layout
///     layout.application  // 16...23
///     layout.emptyName    // "normal"
public struct BitLayout: Hashable, Sendable {
  /// What a span of bits is for.
  public enum Role: String, Hashable, Sendable {
    /// Bits the system defines, named or kept for later.
    case system
    /// Bits free for app-defined members; custom names go here.
    case application
    /// Bits the framework keeps for itself.
    case reserved
  }

  /// A contiguous run of bits with one role and a short label for pictures.
  ///
  ///     let application = BitLayout.Span("app", .application, 16...23)
  ///     application.bits.count  // 8
  public struct Span: Hashable, Sendable {
    /// A short label, as statekit-inspect's bit picture prints it.
    public let label: String
    /// What the bits are for.
    public let role: Role
    /// The bit positions, lowest first.
    public let bits: ClosedRange<Int>

    /// Creates a span.
    ///
    /// - Parameters:
    ///   - label: A short label.
    ///   - role: What the bits are for.
    ///   - bits: The bit positions, within 0...63.
    public init(_ label: String, _ role: Role, _ bits: ClosedRange<Int>) {
      self.label = label
      self.role = role
      self.bits = bits
    }

    /// The bits of the span as a mask.
    public var mask: UInt { BitLayout.mask(of: bits) }
  }

  /// The name of the bit set, such as `ControlState`.
  public let typeName: String
  /// The short name that chooses the layout, as statekit-inspect's `--layout` takes it, such as
  /// `lvgl`; unique within ``all``.
  public let name: String
  /// What one member is called in messages, such as `state` or `event`.
  public let noun: String
  /// The text of the empty set, such as `normal`.
  public let emptyName: String
  /// The spans, lowest bits first; bits no span covers are outside the layout ("extended").
  public let spans: [Span]
  /// The names of the system members, each with its bit, in ascending bit order.
  public let systemNames: [(name: String, bit: Int)]
  /// Further words that custom names may not take (compared without regard to case), besides
  /// the empty name, the system names and the role names.
  let reservedWords: [String]
  /// The application range: the bits of the one span whose role is ``Role/application``.
  public let application: ClosedRange<Int>

  // Names as the toolkit's own C headers and code write them, which text accepts beside the
  // layout's names (`LV_STATE_PRESSED` for `pressed`). Set by the toolkits' constants.

  /// The prefix of the toolkit's C constant of a member, such as `LV_STATE_`; empty when the
  /// layout has none. A member's constant is the prefix and its name in upper snake case.
  var constantPrefix = ""
  /// The names the toolkit gives application bits, by application index (LVGL's `user_1` for
  /// `LV_STATE_USER_1`): they print until a custom name replaces them.
  var applicationNames: [String] = []
  /// The name of the value with every bit of the type, such as LVGL's `any` (`LV_STATE_ANY`,
  /// 0xFFFF), or `nil`.
  var everyName: String?
  /// The bits that hold a part number in the toolkit's selectors (LVGL's
  /// `lv_style_selector_t`: `selector & 0xFF0000`), or `nil`.
  package var partBits: ClosedRange<Int>?
  /// The named parts: name, C constant and number (the value of the part bits).
  package var parts: [(name: String, constant: String, number: UInt)] = []

  /// The part bits as a mask; 0 when the layout has none.
  package var partMask: UInt { partBits.map { Self.mask(of: $0) } ?? 0 }

  /// The C constant of a member's name: the prefix and the name in upper snake case
  /// (`focusKey` → `LV_STATE_FOCUS_KEY`, `user_1` → `LV_STATE_USER_1`); `nil` without a prefix.
  package func constantName(of name: String) -> String? {
    guard !constantPrefix.isEmpty else { return nil }
    // ASCII bytes: names are ASCII identifiers, and no Unicode tables need linking for them.
    // Wrapping differences, not range patterns, which a debug build matches by a generic call.
    var snake = Array(constantPrefix.utf8)
    for byte in name.utf8 {
      if byte &- UInt8(ascii: "A") < 26 {
        snake.append(UInt8(ascii: "_"))
        snake.append(byte)
      } else if byte &- UInt8(ascii: "a") < 26 {
        snake.append(byte - 32)
      } else {
        snake.append(byte)
      }
    }
    return String(decoding: snake, as: UTF8.self)
  }
  /// The bits of the span with a label, or 0 when no span has it.
  ///
  /// - Parameter label: A span's label.
  /// - Returns: The span's bits.
  func mask(ofSpan label: String) -> UInt {
    spans.first { $0.label == label }?.mask ?? 0
  }

  /// Every bit some span covers.
  @usableFromInline package var coveredMask: UInt { spans.reduce(0) { $0 | $1.mask } }

  /// The application range as a mask.
  @usableFromInline let applicationMask: UInt
  /// The bits of the spans whose role is ``Role/system``.
  @usableFromInline let systemMask: UInt
  /// The bits of the spans whose role is ``Role/reserved``.
  @usableFromInline let reservedMask: UInt

  /// Creates a layout with a short name of its own, the word that chooses it (``name``).
  ///
  /// - Parameters:
  ///   - name: The short name, such as `lvgl`.
  ///   - typeName: The name of the bit set.
  ///   - noun: What one member is called.
  ///   - emptyName: The text of the empty set.
  ///   - spans: The spans, lowest first.
  ///   - systemNames: The system members' names and bits, in ascending bit order.
  ///   - reservedWords: Further words custom names may not take.
  public init(
    name: String? = nil, typeName: String, noun: String, emptyName: String, spans: [Span],
    systemNames: [(name: String, bit: Int)], reservedWords: [String] = []
  ) {
    self.name = name ?? typeName
    self.typeName = typeName
    self.noun = noun
    self.emptyName = emptyName
    self.spans = spans
    self.systemNames = systemNames
    self.reservedWords = reservedWords
    let applicationSpans = spans.filter { $0.role == .application }
    // A programmer error, never input: layouts are declared in code as constants
    // (`BitLayout.all`), and no reader of text, files or arguments builds one.
    precondition(applicationSpans.count == 1, "a layout has exactly one application span")
    application = applicationSpans[0].bits
    applicationMask = Self.mask(of: application)
    systemMask = spans.filter { $0.role == .system }.reduce(0) { $0 | $1.mask }
    reservedMask = spans.filter { $0.role == .reserved }.reduce(0) { $0 | $1.mask }
  }

  /// Whether every stored property equals the other layout's, those that `==` leaves out too,
  /// so that anything built from one layout is built alike from the other. (A stored property
  /// added to the layout belongs here.)
  func isIdentical(to other: BitLayout) -> Bool {
    guard name == other.name, typeName == other.typeName, noun == other.noun,
      emptyName == other.emptyName, spans == other.spans, reservedWords == other.reservedWords,
      application == other.application, constantPrefix == other.constantPrefix,
      applicationNames == other.applicationNames, everyName == other.everyName,
      partBits == other.partBits, applicationMask == other.applicationMask,
      systemMask == other.systemMask, reservedMask == other.reservedMask,
      systemNames.count == other.systemNames.count, parts.count == other.parts.count
    else { return false }
    var index = 0
    while index < systemNames.count {
      let (mine, theirs) = (systemNames[index], other.systemNames[index])
      guard mine.name == theirs.name, mine.bit == theirs.bit else { return false }
      index += 1
    }
    index = 0
    while index < parts.count {
      let (mine, theirs) = (parts[index], other.parts[index])
      guard mine.name == theirs.name, mine.constant == theirs.constant,
        mine.number == theirs.number
      else { return false }
      index += 1
    }
    return true
  }

  /// The bits of the reserved spans, from the lowest to the highest.
  package var reservedBits: ClosedRange<Int> {
    let bits = spans.filter { $0.role == .reserved }.map { $0.bits }
    return (bits.map { $0.lowerBound }.min() ?? 0)...(bits.map { $0.upperBound }.max() ?? 0)
  }

  /// The span that holds a bit, or `nil` for a bit outside the layout.
  ///
  /// - Parameter bit: A bit position.
  /// - Returns: The span.
  func span(ofBit bit: Int) -> Span? {
    spans.first { $0.bits.contains(bit) }
  }

  /// The role of a bit as a word: `system`, `application`, `reserved`, or `extended` for a bit
  /// outside the layout.
  ///
  /// - Parameter bit: A bit position.
  /// - Returns: The word.
  package func roleName(ofBit bit: Int) -> String {
    span(ofBit: bit)?.role.rawValue ?? "extended"
  }

  /// The application range in words, for messages: `0xff0000 (bits 16...23)`.
  var applicationRangeText: String {
    "\(_hex(applicationMask)) (bits \(application.lowerBound)...\(application.upperBound))"
  }

  /// Every layout StateKit describes, the table statekit-inspect reads its layouts from: UIKit's
  /// states and events, LVGL's `lv_state_t` (before and since 9.5) and GTK 4's `GtkStateFlags`.
  public static let all: [BitLayout] = [.controlState, .controlEvents, .lvgl, .lvgl95, .gtk]

  /// The layout of ``all`` with a short name, or `nil`.
  ///
  /// - Parameter name: A layout's ``name``.
  /// - Returns: The layout.
  package static func named(_ name: String) -> BitLayout? {
    all.first { $0.name == name }
  }

  static func mask(of bits: ClosedRange<Int>) -> UInt {
    let width = bits.count
    let ones: UInt = width >= UInt.bitWidth ? ~0 : (1 << UInt(width)) - 1
    return ones << UInt(bits.lowerBound)
  }

  /// Layouts are equal when they have the same names, spans and system names.
  public static func == (lhs: BitLayout, rhs: BitLayout) -> Bool {
    lhs.name == rhs.name && lhs.typeName == rhs.typeName && lhs.spans == rhs.spans
      && lhs.systemNames.map { $0.name } == rhs.systemNames.map { $0.name }
      && lhs.systemNames.map { $0.bit } == rhs.systemNames.map { $0.bit }
  }

  /// Hashes the name and spans.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeName)
    hasher.combine(spans)
  }
}

extension BitLayout {
  /// `UIControl.State`'s layout: system bits 0...15 (highlighted, disabled, selected, focused
  /// at 0...3), the application range 16...23, and 24...31 reserved.
  package static let controlState = BitLayout(
    name: "state", typeName: "ControlState", noun: "state", emptyName: "normal",
    spans: [
      Span("system", .system, 0...15), Span("app", .application, 16...23),
      Span("reserved", .reserved, 24...31),
    ],
    systemNames: [("highlighted", 0), ("disabled", 1), ("selected", 2), ("focused", 3)])
}
