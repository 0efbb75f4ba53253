/// One code of a built-in table: the number, the name the Swift overlay uses, the C constant
/// when it differs, and a one-line meaning.
///
/// A row is integers only: its texts are places in ``CodeTables/text``, one string of every
/// row's texts. So the compiler lays the rows out as constant data: nothing is built on first
/// use, and there is no pointer per row for the loader to relocate at start-up.
struct CodeRow: Sendable {
  /// The number.
  let code: Int
  /// Where the name starts in ``CodeTables/text``, as a UTF-8 offset, and its length in bytes.
  let nameStart: UInt32
  let nameCount: UInt16
  /// Where the C constant starts, and its length (0 when it is the name).
  let constantStart: UInt32
  let constantCount: UInt16
  /// Where the meaning starts, and its length.
  let meaningStart: UInt32
  let meaningCount: UInt16

  /// The name the Swift overlay uses (`errSecItemNotFound`, `serverRecordChanged`).
  var name: TableText { TableText(start: nameStart, count: nameCount) }
  /// The C constant when it differs from the name; empty otherwise.
  var constant: TableText { TableText(start: constantStart, count: constantCount) }
  /// The one-line meaning, in this project's words.
  var meaning: TableText { TableText(start: meaningStart, count: meaningCount) }
}

/// A text of a code table: a run of bytes of ``CodeTables/text``.
struct TableText: Sendable, CustomStringConvertible {
  /// The UTF-8 offset of the first byte in ``CodeTables/text``.
  let start: UInt32
  /// The length in bytes.
  let count: UInt16

  /// The length in UTF-8 bytes.
  var utf8CodeUnitCount: Int { Int(count) }

  /// Calls `body` with the text's UTF-8 bytes, which live as long as the program.
  func withUTF8Buffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    CodeTables.text.withUTF8Buffer { all in
      body(UnsafeBufferPointer(rebasing: all[Int(start)..<Int(start) + Int(count)]))
    }
  }

  /// The text as a `String`.
  var description: String { withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}

/// The codes of one domain from one source (`scripts/generate-code-tables.py` names it).
struct CodeTable: Sendable {
  /// The framework or standard the codes come from, shown when a number means several things.
  let label: StaticString
  let domain: StaticString
  let source: StaticString
  /// Where the table's rows are in `CodeTables.rows`, the one array of every table's rows.
  let rowRange: Range<Int>

  /// The table's rows.
  var rows: ArraySlice<CodeRow> { CodeTables.rows[rowRange] }
}
