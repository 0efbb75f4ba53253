import Foundation

/// The fields ErrorKit reads from an `NSError`'s user info. Values are turned into text with a
/// bound: strings, numbers and URLs as themselves, a nested error by its domain and code, a
/// Swift array by its first elements, other collections by their size, anything else by its
/// type; never by describing an arbitrary object graph, which may be huge or refer back to the
/// error itself.
struct _NSErrorFields {
  /// The user-info entries as text, cause excluded, in key order (so a report is the same in
  /// every run); ``ErrorPayload/init(domain:code:quoted:quotedIsFailureReason:userInfo:)`` maps
  /// them to fields.
  let entries: [(key: String, value: String)]
  let underlying: NSError?
  /// The causes under `NSMultipleUnderlyingErrorsKey`, when it holds errors.
  let otherUnderlying: [NSError]

  init(_ error: NSError) {
    let info = error.userInfo
    underlying = (info[ErrorUserInfoKey.underlyingError] as? any Error).map { $0 as NSError }
    // The NSErrors of an array, as Foundation's `underlyingErrors` takes them. Read as an NSArray,
    // element by element: on Linux, bridging a whole array to Swift never ends when it holds
    // itself.
    var others: [NSError] = []
    if let array = info[ErrorUserInfoKey.otherUnderlyingErrors] as? NSArray {
      for index in 0..<min(array.count, ErrorPayload.maximumCount) {
        // A class cast: casting an element to `any Error` would bridge a nested array first.
        if let error = array.object(at: index) as AnyObject as? NSError { others.append(error) }
      }
    }
    otherUnderlying = others
    var entries: [(key: String, value: String)] = []
    for (key, value) in info
    where key != ErrorUserInfoKey.underlyingError
      && !(key == ErrorUserInfoKey.otherUnderlyingErrors && !otherUnderlying.isEmpty)
    {
      // The texts are taken only when they are strings, as Foundation itself reads them.
      if ErrorUserInfoKey.reserved.contains(key), !(value is String) { continue }
      entries.append((key, Self.text(of: value, nesting: 0)))
    }
    self.entries = entries.sorted { $0.key < $1.key }
  }

  /// How many elements of a collection are shown.
  static let shownElements = 8

  static func text(of value: Any, nesting: Int) -> String {
    switch value {
    case let text as String: return text
    // Foundation collections are only counted: on Linux, reading an element that is itself a
    // collection bridges it to Swift, all the way down, and never ends when it holds itself.
    case let array as NSArray: return count(array.count, "element", "elements")
    case let dictionary as NSDictionary: return count(dictionary.count, "entry", "entries")
    case let flag as Bool: return String(flag)
    case let number as Int: return String(number)
    case let number as Double: return String(number)
    case let url as URL: return url.absoluteString
    case let error as NSError: return "Error Domain=\(error.domain) Code=\(error.code)"
    case let number as NSNumber: return number.stringValue
    case let elements as [Any]:
      // A Swift array is a value: it cannot hold itself.
      guard nesting == 0 else { return count(elements.count, "element", "elements") }
      var parts = elements.prefix(shownElements).map { text(of: $0, nesting: nesting + 1) }
      if elements.count > shownElements { parts.append("… \(elements.count) in all") }
      return "(" + parts.joined(separator: ", ") + ")"
    case let entries as [AnyHashable: Any]: return count(entries.count, "entry", "entries")
    default:
      return "<\(type(of: value))>"
    }
  }

  private static func count(_ count: Int, _ one: String, _ many: String) -> String {
    "(\(count) \(count == 1 ? one : many))"
  }
}
