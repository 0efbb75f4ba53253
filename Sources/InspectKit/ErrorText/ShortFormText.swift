import ErrorKitCore

/// Reads the short form Foundation prints for `localizedDescription` when an error has no
/// description, in any language: `The operation couldn’t be completed. (NSURLErrorDomain error
/// -1009.)`, `(Cocoa error 4.)`, `(OSStatus error -50.)`, `未能完成该操作。（NSURLErrorDomain 错误
/// -999。）`. Only the parenthesised `(DOMAIN error N.)` part is read: the sentence before it is
/// translated and says nothing more. Also simctl's `(domain=NSPOSIXErrorDomain, code=22)`.
enum ShortFormText: ErrorReader {
  static let form = "Foundation's short form"
  static let example = "The operation couldn’t be completed. (NSURLErrorDomain error -1009.)"
  /// The closing parenthesis, half-width and full-width: the form is read backwards from it.
  static let anchors = [")", "）"]
  static let repeatsNearbyErrors = true

  /// "error" in the languages Apple's systems print it in.
  static let errorWords: [String] = [
    "error", "Error", "Fehler", "erreur", "errore", "erro", "fout", "fel", "feil", "fejl", "virhe",
    "błąd", "chyba", "hiba", "eroare", "hata", "ошибка", "помилка", "σφάλμα", "שגיאה", "خطأ",
    "त्रुटि", "ข้อผิดพลาด", "lỗi", "ralat", "kesalahan", "错误", "錯誤", "エラー", "오류",
  ]

  /// How far back from its closing parenthesis the form is looked for, in bytes.
  static let window = 800

  /// The short form that ends at the parenthesis at `position`, read backwards on its line;
  /// devicectl's form with the causes it lists after it (``withDevicectlCauses(_:_:)``).
  static func read(_ text: PastedText, anchor: Int, at position: Int, floor _: Int)
    -> ErrorFinding?
  {
    guard let found = readForm(text, anchor: anchor, at: position) else { return nil }
    return found.devicectl ? withDevicectlCauses(text, found.finding) : found.finding
  }

  /// The short form that ends at the parenthesis at `position`, and whether it is devicectl's
  /// (the code followed by its hex group).
  private static func readForm(_ text: PastedText, anchor: Int, at position: Int) -> (
    finding: ErrorFinding, devicectl: Bool
  )? {
    // devicectl adds the code in hex: `(com.apple.dt.CoreDeviceError error 3002 (0xBBA))`; the
    // form then ends where the hex group starts.
    let close = hexGroupStart(text, closingAt: position) ?? position
    // A cheap test first: the code's last digit stands just before the parenthesis, after
    // spaces, periods and a Japanese `です。` at most (`-1009.)`, `code=22)`, `-1 です。)`).
    var probe = close
    while probe > 0 {
      let byte = text[probe - 1]
      if byte == 0x20 || byte == UInt8(ascii: ".") {
        probe -= 1
      } else if probe >= 3, text[probe - 3] == 0xE3,
        (text[probe - 2] == 0x80 && byte == 0x82)
          || (text[probe - 2] == 0x81 && (byte == 0xA7 || byte == 0x99))
      {
        // 。, で, す
        probe -= 3
      } else {
        break
      }
      if close - probe > 24 { return nil }
    }
    guard probe > 0, ASCIIDigits.isDecimalDigit(text[probe - 1]) else { return nil }
    // A second cheap test on bytes: before the digits (and a sign), a word for "error" or
    // `code=`, so `(h2)`, `(attempt 2 of 5)` and `Scale/3.00)` build no string.
    guard precededByErrorWord(text, digitsEndingAt: probe) else { return nil }
    var lineStart = max(text.lineStart(of: position), position - window)
    let closeEnd = position + Array(anchors[anchor].utf8).count
    // Back to the opening parenthesis, byte by byte; another closing one first means there is
    // none, so no byte is looked at twice for two parentheses. A line that a hyphen broke
    // before a letter (`(com.apple.AuthenticationServices.Au-` / `thorizationError error
    // 1000.)`, text wrapped by hand) continues on the line before, once.
    var opening = close - 1
    var lineBreak: Range<Int>?
    while true {
      while opening >= lineStart {
        let byte = text[opening]
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") { break }
        // `（` and `）` are EF BC 88 and EF BC 89.
        if byte == 0x88 || byte == 0x89, opening >= 2, text[opening - 2] == 0xEF,
          text[opening - 1] == 0xBC
        {
          opening -= 2
          break
        }
        opening -= 1
      }
      guard opening < lineStart, lineBreak == nil,
        let broken = hyphenBreak(text, endingAt: lineStart), lineStart < close,
        DomainCodeText.isASCIILetter(text[lineStart])
      else { break }
      lineBreak = broken
      lineStart = max(text.lineStart(of: broken.lowerBound), position - window)
    }
    guard opening >= lineStart, text[opening] != UInt8(ascii: ")"),
      text[opening + 2] != 0x89 || text[opening] != 0xEF
    else { return nil }
    // The scalars from the opening parenthesis and the byte offset of each: an invalid
    // sequence is one replacement character but keeps its own length, so ranges stay exact.
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = text.bytes[opening..<(close == position ? closeEnd : close)].makeIterator()
    var offset = opening
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        // The hyphen and the line feed of a broken line are not part of the form.
        if lineBreak?.contains(offset) != true {
          scalars.append(Unicode.UTF8.decode(encoded))
          offsets.append(offset)
        }
        offset += encoded.count
      case .error(let length):
        scalars.append("\u{FFFD}")
        offsets.append(offset)
        offset += length
      case .emptyInput:
        break decoding
      }
    }
    if close != position {
      // The hex group stands for the closing parenthesis.
      scalars.append(")")
      offsets.append(close)
    }
    guard let last = scalars.indices.last, let found = read(scalars, closingAt: last) else {
      return nil
    }
    return (
      .error(
        ErrorPayload(domain: found.domain, code: found.code), in: offsets[found.start]..<closeEnd),
      close != position
    )
  }

  /// The hyphen and line feed (or carriage return and line feed) that end the line before the
  /// line starting at `lineStart`, when the line ends so: `Au-` then `thorizationError`.
  private static func hyphenBreak(_ text: PastedText, endingAt lineStart: Int) -> Range<Int>? {
    guard lineStart >= 2, text[lineStart - 1] == 0x0A else { return nil }
    var hyphen = lineStart - 2
    if text[hyphen] == 0x0D {
      guard hyphen >= 1 else { return nil }
      hyphen -= 1
    }
    guard text[hyphen] == UInt8(ascii: "-"), hyphen >= 1,
      DomainCodeText.isASCIILetter(text[hyphen - 1])
    else { return nil }
    return hyphen..<lineStart
  }

  // MARK: devicectl's chain

  /// devicectl prints an error as `ERROR: text (D error N (0xHEX))`, its user info as indented
  /// `KEY = value` lines, and each cause after a line of dashes in the same way:
  ///
  ///     ERROR: Failed to install the app on the device. (com.apple.dt.CoreDeviceError error 3002 (0xBBA))
  ///            NSURL = file:///…/App.app
  ///     --------------------------------------------------------------------------------
  ///     ERROR:     Could not obtain access … (com.apple.dt.CoreDeviceError error 1005 (0x3ED))
  ///
  /// Each level's text after `ERROR:` is its description.
  private static func withDevicectlCauses(_ text: PastedText, _ first: ErrorFinding)
    -> ErrorFinding
  {
    var levels: [ErrorPayload] = []
    var form = first
    var end = first.range.upperBound
    while let read = form.payload {
      // The description: the text after `ERROR:` before the form, on its line.
      let lineStart = text.lineStart(of: form.range.lowerBound)
      var message: String?
      if let marker = text.find(
        Array("ERROR:".utf8), from: lineStart, before: form.range.lowerBound)
      {
        let said = text.text((marker + 6)..<form.range.lowerBound).trimmingSpaces()
        if !said.isEmpty { message = said }
      }
      // The user info: indented `KEY = value` lines.
      var entries: [(key: String, value: String)] = []
      var line = text.line(of: max(form.range.upperBound - 1, 0)) + 1
      end = text.lineEnd(of: max(form.range.upperBound - 1, 0))
      while line < text.lineStarts.count, text.lineStarts[line] < text.count,
        entries.count < 64
      {
        let start = text.lineStarts[line]
        let stop = text.lineEnd(of: start)
        guard text[start] == 0x20 || text[start] == 0x09 else { break }
        let content = text.skippingSpaces(from: start)
        guard content < stop,
          let equals = text.find(Array(" = ".utf8), from: content, before: stop)
        else { break }
        entries.append(
          (text.text(content..<equals), text.text((equals + 3)..<stop).trimmingSpaces()))
        end = stop
        line += 1
      }
      levels.append(
        ErrorPayload(domain: read.domain, code: read.code, quoted: message, userInfo: entries))
      // A line of dashes, then the cause's `ERROR:` line.
      guard line < text.lineStarts.count, text.lineStarts[line] < text.count else {
        if text.isOpen { return waiting(text, first) }
        break
      }
      let dashes = text.text(text.lineStarts[line]..<text.lineEnd(of: text.lineStarts[line]))
        .trimmingSpaces()
      guard dashes.count >= 10, dashes.allSatisfy({ $0 == "-" }) else { break }
      guard line + 1 < text.lineStarts.count, text.lineStarts[line + 1] < text.count else {
        if text.isOpen { return waiting(text, first) }
        break
      }
      let next = text.lineStarts[line + 1]
      let nextEnd = text.lineEnd(of: next)
      var close = nextEnd
      while close > next, text[close - 1] != UInt8(ascii: ")") { close -= 1 }
      guard close > next, let cause = readForm(text, anchor: 0, at: close - 1), cause.devicectl
      else { break }
      form = cause.finding
    }
    guard levels.count > 1 || levels.first?.message != nil,
      let payload = ErrorPayload(linking: levels)
    else { return first }
    return .error(payload, in: first.range.lowerBound..<max(end, first.range.upperBound))
  }

  /// The first form of a devicectl chain whose text ends before its causes: a stream waits.
  private static func waiting(_ text: PastedText, _ first: ErrorFinding) -> ErrorFinding {
    .unreadable(
      "the text ends before the error's causes", in: first.range.lowerBound..<text.count,
      mayContinue: true)
  }

  /// The words for "error", as bytes, and simctl's `code=`.
  private static let errorWordBytes: [[UInt8]] = (errorWords + ["code="]).map { Array($0.utf8) }

  /// Whether the digits that end at `end` follow a word for "error" (after spaces and a minus
  /// sign), or `code=`.
  private static func precededByErrorWord(_ text: PastedText, digitsEndingAt end: Int) -> Bool {
    var cursor = end
    while cursor > 0, end - cursor < 20, ASCIIDigits.isDecimalDigit(text[cursor - 1]) {
      cursor -= 1
    }
    // Spaces and a minus sign (ASCII or the en dash `–`, E2 80 93).
    while cursor > 0 {
      let byte = text[cursor - 1]
      if byte == 0x20 || byte == UInt8(ascii: "-") {
        cursor -= 1
      } else if cursor >= 3, byte == 0x93, text[cursor - 2] == 0x80, text[cursor - 3] == 0xE2 {
        cursor -= 3
      } else {
        break
      }
    }
    for word in errorWordBytes where word.count <= cursor {
      var matches = true
      for (index, byte) in word.enumerated() where text[cursor - word.count + index] != byte {
        matches = false
        break
      }
      if matches { return true }
    }
    return false
  }

  /// Where ` (0x…)` starts when it ends just before the closing parenthesis at `position`.
  private static func hexGroupStart(_ text: PastedText, closingAt position: Int) -> Int? {
    guard position >= 4, text[position - 1] == UInt8(ascii: ")") else { return nil }
    var cursor = position - 2
    while cursor > 0, position - cursor < 20, ASCIIDigits.isHexDigit(text[cursor]) { cursor -= 1 }
    guard cursor >= 2, cursor < position - 2, text[cursor] == UInt8(ascii: "x"),
      text[cursor - 1] == UInt8(ascii: "0"), text[cursor - 2] == UInt8(ascii: "(")
    else { return nil }
    var start = cursor - 2
    while start > 0, text[start - 1] == 0x20 { start -= 1 }
    return start
  }

  /// Reads `(DOMAIN WORD N.)` or `(domain=D, code=N)` backwards from its closing parenthesis.
  private static func read(_ scalars: [Unicode.Scalar], closingAt close: Int) -> (
    start: Int, domain: String, code: Int
  )? {
    // Find the opening parenthesis on the same line, at most 200 characters back.
    var opening = close - 1
    while opening >= 0, close - opening <= 200, scalars[opening] != "(", scalars[opening] != "（",
      scalars[opening] != "\n"
    {
      opening -= 1
    }
    guard opening >= 0, close - opening <= 200, scalars[opening] != "\n" else { return nil }
    var inside = String(String.UnicodeScalarView(scalars[(opening + 1)..<close]))
    if inside.hasPrefix("domain=") {
      let parts = inside.dropFirst("domain=".count).split(separator: ",", maxSplits: 1)
      guard parts.count == 2, parts[1].hasPrefix(" code="), let code = Int(parts[1].dropFirst(6)),
        !parts[0].isEmpty
      else { return nil }
      return (opening, String(parts[0]), code)
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
    // German glues the word to the domain with a hyphen: `(NSCocoaErrorDomain-Fehler 260.)`.
    let domain = String(
      inside.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " || $0 == "-" })
        .reversed())
    guard !domain.isEmpty, !domain.contains("\n") else { return nil }
    // A short name (`Cocoa`) or a domain retyped in another case (`com.google.GIDSignin`) is
    // the one it names.
    return (opening, KnownDomains.canonical(domain), negative ? -magnitude : magnitude)
  }
}
