/// A reader of one form of error text (NSError text, Foundation's short form, a `DecodingError`
/// dump, an Xcode report, …).
///
/// A reader does not search the text: it names the byte strings at which its form can be
/// recognized (``anchors``), the scanner (``ErrorScanner``) finds every one of them in one pass
/// (``AnchorCursor``), in order, and asks the reader to read around each. A reader looks only at
/// a bounded neighbourhood of its anchor and at the error itself, so a text is read in time
/// linear in its length. Adding a form is one file that conforms to this protocol and one entry
/// in ``ErrorReaders/all``: the scanner's anchors and the error messages' list of forms
/// (``ErrorReaders/formList``) follow from that list. `--help` describes the forms in its own
/// words (`CommandLineSpec.swift`), and Docs/CLI.md lists them by hand;
/// `scripts/check-architecture.py` checks that Docs/CLI.md names every form.
protocol ErrorReader: Sendable {
  /// The form's name, as the messages (``ErrorReaders/formList``) and Docs/CLI.md say it:
  /// "NSError text".
  static var form: String { get }
  /// A short example of the form. No code reads it: it shows the form to whoever reads the
  /// reader.
  static var example: String { get }
  /// The byte strings that mark where the form may stand; ``AnchorSet`` compiles those of every
  /// reader into one search.
  static var anchors: [String] { get }
  /// Reads the error whose anchor (`anchors[anchor]`) stands at `position`, or `nil` when the
  /// text there is not this form. The finding's range holds `position`. `floor` is the end of
  /// the last error the scanner read: a reader that looks back before its anchor's line stops
  /// there, so a key of an error already read is not taken again.
  static func read(_ text: PastedText, anchor: Int, at position: Int, floor: Int) -> ErrorFinding?
  /// Whether the form only repeats an error that is printed in full next to it (Foundation's
  /// short form after the NSError text), so a reading of it that says nothing new is dropped.
  static var repeatsNearbyErrors: Bool { get }
}

extension ErrorReader {
  static var repeatsNearbyErrors: Bool { false }
}

/// The readers of pasted error text, in the order they are asked at an anchor that several
/// share: the one list of the forms statekit-inspect reads.
enum ErrorReaders {
  static let all: [any ErrorReader.Type] = [
    XcodeReportText.self, NSErrorText.self, DecodingErrorText.self, ShortFormText.self,
    DomainCodeText.self,
  ]

  /// The forms, as a list for messages: "NSError text, Foundation's short form, …".
  static var formList: String {
    let forms = all.map { $0.form }
    guard forms.count > 1 else { return forms.joined() }
    return forms.dropLast().joined(separator: ", ") + " or " + forms[forms.count - 1]
  }
}
