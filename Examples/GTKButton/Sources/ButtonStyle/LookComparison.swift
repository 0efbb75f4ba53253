import StateKit

/// The looks StateKit's tables and GTK's cascade give a stylesheet on every combination of the
/// flags it mentions, and where they differ.
///
///     let sheet = try Stylesheet(css: buttonStylesheet)
///     try LookComparison(sheet).differences.isEmpty  // true
public struct LookComparison: Sendable {
  /// A state where the two ways differ.
  public struct Difference: Sendable, Equatable {
    /// The GtkStateFlags.
    public var state: UInt32
    /// StateKit's look.
    public var stateKit: ButtonLook
    /// GTK's look.
    public var gtk: ButtonLook
  }

  /// The flags compared: every combination of them was resolved both ways.
  public let flags: UInt32
  /// The number of states compared, 2 to the number of flags.
  public let stateCount: Int
  /// The states where the looks differ, lowest first.
  public let differences: [Difference]

  /// Resolves every combination of `flags` both ways.
  ///
  /// - Parameters:
  ///   - stylesheet: The stylesheet.
  ///   - resolution: How StateKit's tables resolve.
  ///   - flags: The flags to combine; by default those the stylesheet mentions.
  /// - Throws: ``StylesheetError`` from building the tables.
  public init(
    _ stylesheet: Stylesheet, resolution: StateKitButtonStyle.Resolution = .cascade,
    flags: UInt32? = nil
  ) throws(StylesheetError) {
    let style = try StateKitButtonStyle(stylesheet, resolution: resolution)
    let provider = GTKCSSProvider(stylesheet)
    let flags = flags ?? stylesheet.mentionedFlags
    var differences: [Difference] = []
    var count = 0
    // Every subset of `flags`, from none up.
    var subset: UInt32 = 0
    repeat {
      count += 1
      let (stateKit, gtk) = (style.look(subset), provider.lookup(state: subset))
      if stateKit != gtk {
        differences.append(Difference(state: subset, stateKit: stateKit, gtk: gtk))
      }
      subset = (subset &- flags) & flags
    } while subset != 0
    (self.flags, stateCount, self.differences) = (flags, count, differences)
  }
}

extension Stylesheet {
  /// The GtkStateFlags the stylesheet's pseudo-classes select, negated or not.
  public var mentionedFlags: UInt32 {
    rules.reduce(0) { flags, rule in
      rule.selectors.reduce(flags) { flags, selector in
        selector.pseudoClasses.reduce(flags) {
          $0 | (GtkStateFlags.flag(ofPseudoClass: $1.name) ?? 0)
        }
      }
    }
  }
}
