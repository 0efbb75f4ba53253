extension StatePrecedence {
  /// Whether one pair of selectors (of a state left and a state entered, as a
  /// ``TransitionTable`` keys its entries) ranks before another: the rule of
  /// ``outranks(_:_:)`` applied to the states both selectors of a pair name.
  ///
  /// In order: the dominant states either selector requires (compared by this order), then the
  /// specificity of both selectors together, then the states either requires (by this order),
  /// then the states entered requires, then the states left requires, then the excluded states
  /// the same way. It is a total order on distinct pairs.
  ///
  /// - Parameters:
  ///   - pair: The selectors of a state left and of a state entered.
  ///   - other: Another such pair.
  /// - Returns: `true` when `pair` comes first; `false` for equal pairs.
  func outranks(
    _ pair: (from: StateSelector, to: StateSelector),
    _ other: (from: StateSelector, to: StateSelector)
  ) -> Bool {
    let (required, otherRequired) = (
      pair.from.required.union(pair.to.required), other.from.required.union(other.to.required)
    )
    if ranksByValue, required != otherRequired {
      return required.rawValue > otherRequired.rawValue
    }
    if !dominant.isNormal {
      let (mine, theirs) = (
        key(required.intersection(dominant)), key(otherRequired.intersection(dominant))
      )
      if mine != theirs { return mine > theirs }
    }
    let specificity = pair.from.specificity + pair.to.specificity
    let otherSpecificity = other.from.specificity + other.to.specificity
    if specificity != otherSpecificity { return specificity > otherSpecificity }
    // The tie-breakers in order, each a state of either pair; the first that differ decide.
    // One test after another, with no array of them to build: tables sort by this.
    if required != otherRequired { return key(required) > key(otherRequired) }
    if pair.to.required != other.to.required {
      return key(pair.to.required) > key(other.to.required)
    }
    if pair.from.required != other.from.required {
      return key(pair.from.required) > key(other.from.required)
    }
    let excluded = pair.from.excluded.union(pair.to.excluded)
    let otherExcluded = other.from.excluded.union(other.to.excluded)
    if excluded != otherExcluded { return key(excluded) > key(otherExcluded) }
    if pair.to.excluded != other.to.excluded {
      return key(pair.to.excluded) > key(other.to.excluded)
    }
    if pair.from.excluded != other.from.excluded {
      return key(pair.from.excluded) > key(other.from.excluded)
    }
    return false
  }

  /// What decided between the best two of several matches ranked by this precedence, as a
  /// value and in words: the dominant states they require, their specificity, or the order.
  /// `winner` and `runnerUp` give each match's text, its required states and its specificity.
  func decision(
    between winner: (text: String, required: ControlState, specificity: Int),
    and runnerUp: (text: String, required: ControlState, specificity: Int),
    catalog: StateCatalog
  ) -> (decision: ResolutionDecision, reason: String) {
    let name = { (state: ControlState) in catalog.description(of: state) }
    let count = { (specificity: Int) in specificity == 1 ? "1 state" : "\(specificity) states" }
    if ranksByValue, winner.required != runnerUp.required {
      return (
        .greatestValue,
        "its state \(_hex(winner.required.rawValue)) is greater than \(runnerUp.text)'s "
          + "\(_hex(runnerUp.required.rawValue)) (LVGL's rule: the greatest state value wins)"
      )
    }
    let (mine, theirs) = (
      winner.required.intersection(dominant), runnerUp.required.intersection(dominant)
    )
    if mine != theirs {
      return (
        .dominant,
        theirs.isNormal
          ? "it requires the dominant \(name(mine)), which \(runnerUp.text) does not"
          : "its dominant \(name(mine)) ranks before \(runnerUp.text)'s dominant \(name(theirs))"
      )
    }
    if winner.specificity > runnerUp.specificity {
      return (
        .mostSpecific,
        "the most specific match (\(count(winner.specificity))), before \(runnerUp.text) "
          + "(\(count(runnerUp.specificity)))"
      )
    }
    let order =
      _toolkit != .uikit
      ? "the greater state value first"
      : self.order == StatePrecedence.standard.order
        ? "disabled, highlighted, focused, selected, application bits 23 down to 16, other bits"
        : self.order.map(name).joined(separator: ", ") + ", other bits"
    return (
      .precedence,
      "it and \(runnerUp.text) match with \(count(winner.specificity)) each; "
        + "\(winner.text) has precedence (\(order))"
    )
  }

  /// What `outranks` compares of a pair of selectors, in its order, worked out once: a pair
  /// outranks another exactly when its rank outranks the other's. A sort of many entries ranks
  /// each pair once instead of at every comparison.
  func _rank(_ pair: (from: StateSelector, to: StateSelector)) -> _PairRank {
    let required = pair.from.required.union(pair.to.required)
    return _PairRank(
      value: ranksByValue ? required.rawValue : 0,
      dominant: dominant.isNormal ? 0 : key(required.intersection(dominant)),
      specificity: pair.from.specificity + pair.to.specificity,
      required: key(required), toRequired: key(pair.to.required),
      fromRequired: key(pair.from.required),
      excluded: key(pair.from.excluded.union(pair.to.excluded)),
      toExcluded: key(pair.to.excluded), fromExcluded: key(pair.from.excluded))
  }
}

/// A pair of selectors' rank by a precedence (`StatePrecedence._rank` of a pair): the parts
/// `outranks` compares, in its order.
struct _PairRank {
  /// The value both selectors require, by which LVGL ranks first; 0 for other toolkits.
  let value: UInt
  /// The key of the dominant states either selector requires; 0 without dominant states.
  let dominant: UInt64
  let specificity: Int
  /// The keys of the states either selector requires, the state entered requires and the state
  /// left requires, then of the excluded states the same way.
  let required, toRequired, fromRequired: UInt64
  let excluded, toExcluded, fromExcluded: UInt64

  /// Whether this rank comes first: the first part that differs decides, the greater first.
  func outranks(_ other: _PairRank) -> Bool {
    if value != other.value { return value > other.value }
    if dominant != other.dominant { return dominant > other.dominant }
    if specificity != other.specificity { return specificity > other.specificity }
    if required != other.required { return required > other.required }
    if toRequired != other.toRequired { return toRequired > other.toRequired }
    if fromRequired != other.fromRequired { return fromRequired > other.fromRequired }
    if excluded != other.excluded { return excluded > other.excluded }
    if toExcluded != other.toExcluded { return toExcluded > other.toExcluded }
    return fromExcluded > other.fromExcluded
  }
}
