// doc-code: continues ../ErrorKit/DescribedError.swift

/// An error as data: what logs, crash reports and other processes carry, and what
/// `statekit-inspect error` reads.
///
/// `ErrorPayload(error)` (in ErrorKit) captures any error with its whole chain of causes, as
/// well on Linux as on Apple platforms, and a payload encodes to JSON with fixed keys:
///
/// ```json
/// {"domain": "com.example.JSONDecode", "code": 1, "name": "missingRequiredKey",
///  "description": "The key \"id\" is missing.", "failureReason": null,
///  "recoverySuggestion": null, "details": {}, "underlying": null}
/// ```
///
///     let payload = ErrorPayload(JSONDecodeError.missingRequiredKey("id"))
///     payload.code     // 1
///     payload.message  // "The key \"id\" is missing."
///     let json = payload.jsonText                // without Foundation
///     try ErrorPayload(json: json) == payload    // true
///     try JSONDecoder().decode(ErrorPayload.self, from: JSONEncoder().encode(payload)) == payload  // true
///
/// An error with several causes keeps the first in ``underlying`` and the others in
/// ``otherCauses``, so a payload is a tree of errors.
///
/// A chain of ``underlying`` errors may be as deep as you build it; copying, comparing and
/// freeing it never recurse. Only JSON limits the depth, to ``maximumDepth`` errors on every
/// path and ``maximumCount`` in all. The format is specified in `Docs/ErrorPayload.md`.
public struct ErrorPayload: Sendable, Equatable {
  /// The error domain (JSON key `domain`).
  public var domain: String
  /// The error code (JSON key `code`).
  public var code: Int
  /// The case name, when known (JSON key `name`, or null).
  public var name: String?
  /// What went wrong (JSON key `description`, or null).
  public var message: String?
  /// Why it went wrong (JSON key `failureReason`, or null).
  public var failureReason: String?
  /// What to do about it (JSON key `recoverySuggestion`, or null).
  public var recoverySuggestion: String?
  /// The error's data as named strings (JSON key `details`).
  public var details: [String: String]
  /// The cause, boxed: a struct cannot hold itself directly.
  private(set) var cause: _Cause?
  /// Causes besides ``underlying`` (JSON key `otherCauses`, written only when there are any).
  ///
  /// An error with several causes, such as a theme file with three problems, keeps the first in
  /// ``underlying`` and the others here, in order; each may have causes of its own.
  ///
  ///     var payload = ErrorPayload(
  ///         domain: "com.example.Theme", code: 1, message: "The theme has 2 problems.",
  ///         underlying: ErrorPayload(domain: "D", code: 1))
  ///     payload.otherCauses = [ErrorPayload(domain: "D", code: 2)]
  ///     payload.causes.map(\.code)  // [1, 2]
  public var otherCauses: [ErrorPayload]

  /// The cause of this error (JSON key `underlying`, or null).
  ///
  ///     let cause = ErrorPayload(domain: "NSPOSIXErrorDomain", code: 13)
  ///     let payload = ErrorPayload(domain: "D", code: 1, underlying: cause)
  ///     payload.underlying?.domain  // "NSPOSIXErrorDomain"
  public var underlying: ErrorPayload? {
    get { cause?.payload }
    set {
      if let newValue { cause = _Cause(newValue) } else { cause = nil }
    }
  }

  /// The most errors one chain holds, in the whole package: JSON payloads, NSError text and
  /// `ErrorChain` stop here (deeper JSON is a decoding error; a deeper chain of live errors is
  /// cut with a marker). With several causes, it bounds every path from the error to a root
  /// cause.
  ///
  ///     ErrorPayload.maximumDepth  // 64
  public static let maximumDepth = 64

  /// The most errors one payload holds in all, with every cause of every error counted: JSON
  /// with more is a decoding error, and a capture of live errors stops taking other causes
  /// there, so that errors that share causes cannot multiply without bound.
  ///
  ///     ErrorPayload.maximumCount  // 1024
  public static let maximumCount = 1024

  /// Creates a payload from its fields.
  ///
  ///     let payload = ErrorPayload(domain: "NSPOSIXErrorDomain", code: 2, message: "No such file or directory")
  ///
  /// - Parameters:
  ///   - domain: The error domain.
  ///   - code: The error code.
  ///   - name: The case name.
  ///   - message: What went wrong.
  ///   - failureReason: Why it went wrong.
  ///   - recoverySuggestion: What to do about it.
  ///   - details: Named strings.
  ///   - underlying: The cause.
  public init(
    domain: String, code: Int, name: String? = nil, message: String? = nil,
    failureReason: String? = nil, recoverySuggestion: String? = nil,
    details: [String: String] = [:], underlying: ErrorPayload? = nil
  ) {
    self.domain = domain
    self.code = code
    self.name = name
    self.message = message
    self.failureReason = failureReason
    self.recoverySuggestion = recoverySuggestion
    self.details = details
    if let underlying { self.cause = _Cause(underlying) } else { self.cause = nil }
    self.otherCauses = []
  }

  /// Every cause of this error, in order: ``underlying``, then ``otherCauses``.
  ///
  ///     let cause = ErrorPayload(domain: "NSPOSIXErrorDomain", code: 13)
  ///     ErrorPayload(domain: "D", code: 1, underlying: cause).causes.count  // 1
  public var causes: [ErrorPayload] {
    (underlying.map { [$0] } ?? []) + otherCauses
  }

  /// The payload and its first causes, outermost first: the chain of ``underlying`` errors
  /// (``otherCauses`` are not in it).
  ///
  ///     let cause = ErrorPayload(domain: "NSPOSIXErrorDomain", code: 13)
  ///     let payload = ErrorPayload(domain: "D", code: 1, underlying: cause)
  ///     payload.chain.map(\.code)  // [1, 13], the outer error's code first
  public var chain: [ErrorPayload] {
    chainPrefix(Int.max)
  }

  /// The first `limit` errors of ``chain`` (all of them when it is shorter), walked through the
  /// boxes of the causes, so that each error is copied once, into a buffer of the right size.
  package func chainPrefix(_ limit: Int) -> [ErrorPayload] {
    var result: [ErrorPayload] = []
    result.reserveCapacity(chainLength(atMost: limit))
    guard limit > 0 else { return result }
    result.append(self)
    var next = cause
    while let box = next, result.count < limit {
      result.append(box.payload)
      next = box.payload.cause
    }
    return result
  }

  /// The number of errors in ``chain``, or `limit` when there are more, counted without
  /// copying them.
  private func chainLength(atMost limit: Int) -> Int {
    var count = 1
    var next = cause
    while let box = next, count < limit {
      count += 1
      next = box.payload.cause
    }
    return Swift.min(count, limit)
  }

  /// Whether two payloads have the same fields and equal causes; the chain of ``underlying``
  /// errors is compared without recursion.
  ///
  ///     ErrorPayload(domain: "D", code: 1) == ErrorPayload(domain: "D", code: 1)  // true
  public static func == (lhs: ErrorPayload, rhs: ErrorPayload) -> Bool {
    var left = lhs
    var right = rhs
    while true {
      guard left.domain == right.domain, left.code == right.code, left.name == right.name,
        left.message == right.message, left.failureReason == right.failureReason,
        left.recoverySuggestion == right.recoverySuggestion, left.details == right.details,
        left.otherCauses == right.otherCauses
      else { return false }
      switch (left.cause, right.cause) {
      case (nil, nil): return true
      case (let a?, let b?):
        if a === b { return true }
        left = a.payload
        right = b.payload
      default: return false
      }
    }
  }

  /// Visits the code and the level (this error is level 1) of every error of the tree, without
  /// recursion, and stops at the first visit that returns false; returns false then.
  ///
  /// Each error taken from the stack is walked down its chain of first causes here, through
  /// their boxes; the other causes met on the way wait on the stack.
  func walkTree(_ visit: (_ code: Int, _ level: Int) -> Bool) -> Bool {
    var pending: [(payload: ErrorPayload, level: Int)] = [(self, 1)]
    while let (payload, first) = pending.popLast() {
      var level = first
      guard visit(payload.code, level) else { return false }
      if !payload.otherCauses.isEmpty {
        for other in payload.otherCauses { pending.append((other, level + 1)) }
      }
      var next = payload.cause
      while let box = next {
        level += 1
        guard visit(box.payload.code, level) else { return false }
        if !box.payload.otherCauses.isEmpty {
          for other in box.payload.otherCauses { pending.append((other, level + 1)) }
        }
        next = box.payload.cause
      }
    }
    return true
  }

  /// The longest path from this error to a root cause (this error counts one) and the number of
  /// errors in the whole tree.
  var treeSize: (depth: Int, count: Int) {
    var deepest = 0
    var count = 0
    _ = walkTree { _, level in
      count += 1
      deepest = max(deepest, level)
      return true
    }
    return (deepest, count)
  }

  /// Whether the tree is within ``maximumDepth`` and ``maximumCount``, so JSON can carry it:
  /// `treeSize` within both, found by a walk stopped at the first error past either limit, so
  /// that a tree of any size costs at most ``maximumCount`` errors' visits.
  var isWithinLimits: Bool {
    var count = 0
    return walkTree { _, level in
      count += 1
      return level <= Self.maximumDepth && count <= Self.maximumCount
    }
  }

  /// Whether some code of the tree is beyond `magnitude` in magnitude, in no particular order.
  func hasCode(beyond magnitude: UInt) -> Bool {
    !walkTree { code, _ in code.magnitude <= magnitude }
  }
}

/// The box that holds a payload's cause. Freeing a long chain walks it instead of recursing.
final class _Cause: @unchecked Sendable {
  // @unchecked: `payload` is only mutated in `deinit`, when nothing else can see the box.
  var payload: ErrorPayload

  init(_ payload: ErrorPayload) {
    self.payload = payload
  }

  deinit {
    var next = payload.detachCause()
    while var current = next {
      next = nil
      guard isKnownUniquelyReferenced(&current) else { break }
      next = current.payload.detachCause()
    }
  }
}

extension ErrorPayload {
  /// Takes the cause out, leaving none.
  fileprivate mutating func detachCause() -> _Cause? {
    defer { cause = nil }
    return cause
  }
}
