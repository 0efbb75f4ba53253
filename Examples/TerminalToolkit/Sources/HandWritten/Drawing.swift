import Terminal

// Each widget draws the parts its selection code chose.

extension Button {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension CheckBox {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension RadioItem {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension ListRow {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension MenuItem {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension MenuBarTitle {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension TabTitle {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension TextField {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension PaletteRow {
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}
