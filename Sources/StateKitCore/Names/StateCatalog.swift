import ErrorKitCore

// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md

/// A set of state names: the four system names plus custom states in the application range.
///
/// It is the ``BitCatalog`` of ``ControlState``: every layout's catalog is the same type.
///
///     let catalog = try StateCatalog(merging: [.linkKit])
///     catalog.description(of: [.selected, .visited])  // "selected | visited"
public typealias StateCatalog = BitCatalog<ControlState>

extension StateCatalog {
  /// Creates a catalog from the names of several owners, such as the libraries an app uses.
  ///
  /// - Parameter names: The names each owner gives its states.
  /// - Throws: ``StateKitError`` for the first owner or name that is invalid, or name that
  ///   collides, naming its owner and, for a collision, the owner of the earlier claim.
  public init(merging names: [StateNames]) throws(StateKitError) {
    try self.init(merging: names.map { $0.names })
  }

  /// Adds the names of one owner.
  ///
  /// - Parameter names: The names an owner gives its states.
  /// - Throws: ``StateKitError`` as ``BitCatalog/merge(_:)-(BitNames<Bits>)`` does; the
  ///   catalog is then unchanged.
  public mutating func merge(_ names: StateNames) throws(StateKitError) {
    try merge(names.names)
  }
}
