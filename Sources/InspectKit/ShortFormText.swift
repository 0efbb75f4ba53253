import ErrorKitCore

/// Reads the short form Foundation prints for `localizedDescription` when an error has no
/// description, in any language: `The operation couldn’t be completed. (NSURLErrorDomain error
/// -1009.)`, `(Cocoa error 4.)`, `(OSStatus error -50.)`, `未能完成该操作。（NSURLErrorDomain 错误
/// -999。）`. Only the parenthesised `(DOMAIN error N.)` part is read: the sentence before it is
/// translated and says nothing more. Also simctl's `(domain=NSPOSIXErrorDomain, code=22)`.
enum ShortFormText {
  /// "error" in the languages Apple's systems print it in.
  static let errorWords: [String] = [
    "error", "Error", "Fehler", "erreur", "errore", "erro", "fout", "fel", "feil", "fejl", "virhe",
    "błąd", "chyba", "hiba", "eroare", "hata", "ошибка", "помилка", "σφάλμα", "שגיאה", "خطأ",
    "त्रुटि", "ข้อผิดพลาด", "lỗi", "ralat", "kesalahan", "错误", "錯誤", "エラー", "오류",
  ]

  /// Foundation's short names for its domains.
  static let domainNames = [
    "Cocoa": "NSCocoaErrorDomain", "OSStatus": "NSOSStatusErrorDomain",
    "OSstatus": "NSOSStatusErrorDomain", "Mach": "NSMachErrorDomain",
    "POSIX": "NSPOSIXErrorDomain",
  ]

  static func findAll(in bytes: [UInt8]) -> [ErrorFinding] {
    // The scalars and the byte offset of each, from the bytes themselves: an invalid sequence
    // is one replacement character but keeps its own length, so ranges stay in the input.
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        scalars.append(Unicode.UTF8.decode(encoded))
        offsets.append(offset)
        offset += encoded.count
      case .error(let length):
        scalars.append("\u{FFFD}")
        offsets.append(offset)
        offset += length
      case .emptyInput:
        break decoding
      }
    }
    offsets.append(offset)
    var findings: [ErrorFinding] = []
    for (position, scalar) in scalars.enumerated() where scalar == ")" || scalar == "）" {
      guard let found = read(scalars, closingAt: position) else { continue }
      findings.append(
        ErrorFinding(
          range: offsets[found.start]..<offsets[position + 1],
          payload: ErrorPayload(domain: found.domain, code: found.code)))
    }
    return findings
  }

  /// Reads `(DOMAIN WORD N.)` or `(domain=D, code=N)` backwards from its closing parenthesis.
  private static func read(_ scalars: [Unicode.Scalar], closingAt close: Int) -> (
    start: Int, domain: String, code: Int
  )? {
    // Find the opening parenthesis on the same line.
    var open = close - 1
    while open >= 0, scalars[open] != "(", scalars[open] != "（", scalars[open] != "\n" {
      open -= 1
    }
    guard open >= 0, scalars[open] != "\n", close - open <= 200 else { return nil }
    var inside = String(String.UnicodeScalarView(scalars[(open + 1)..<close]))
    if inside.hasPrefix("domain=") {
      let parts = inside.dropFirst("domain=".count).split(separator: ",", maxSplits: 1)
      guard parts.count == 2, parts[1].hasPrefix(" code="), let code = Int(parts[1].dropFirst(6)),
        !parts[0].isEmpty
      else { return nil }
      return (open, String(parts[0]), code)
    }
    // `… N.)`: the code, then the word for "error", then the domain.
    while let last = inside.last, last == "." || last == "。" || last == " " { inside.removeLast() }
    var digits = ""
    while let last = inside.last, last.isASCII, last.isNumber {
      digits.insert(last, at: digits.startIndex)
      inside.removeLast()
    }
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var negative = false
    while let last = inside.last, last == " " || last == "-" || last == "–" {
      if last != " " { negative = true }
      inside.removeLast()
    }
    guard let magnitude = Int(digits) else { return nil }
    // The longest word for "error" that ends the rest, glued to the domain or not.
    guard
      let word = errorWords.filter({ inside.hasSuffix($0) }).max(by: { $0.count < $1.count })
    else { return nil }
    inside.removeLast(word.count)
    let domain = String(
      inside.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " })
        .reversed())
    guard !domain.isEmpty, !domain.contains("\n") else { return nil }
    return (open, domainNames[domain] ?? domain, negative ? -magnitude : magnitude)
  }
}
