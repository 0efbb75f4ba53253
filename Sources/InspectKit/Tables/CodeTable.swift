/// One code of a built-in table: the number, the name the Swift overlay uses, the C constant
/// when it differs, and a one-line meaning. Static strings, so a table is constant data that costs
/// nothing at start-up.
struct CodeRow: Sendable {
  let code: Int
  let name: StaticString
  let constant: StaticString
  let meaning: StaticString

  init(_ code: Int, _ name: StaticString, _ constant: StaticString, _ meaning: StaticString) {
    self.code = code
    self.name = name
    self.constant = constant
    self.meaning = meaning
  }
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
