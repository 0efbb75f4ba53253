/// A GTK 4 button's look, after Adwaita's light buttons, as a theme's stylesheet writes it:
/// a rule per state a designer cares about, relying on CSS's cascade where two apply (a
/// pressed, hovered button takes `:active`'s background because that rule comes later; a
/// disabled one in a backdrop window takes `:backdrop`'s color the same way).
public let buttonStylesheet = """
  /* The button at rest: every property, so that every state has a value. */
  button {
    background-color: #ebebeb;
    color: #2e3436;
    border-color: #cdc7c2;
    outline-color: transparent;
    font-weight: normal;
  }

  button:hover { background-color: #f3f3f3; }
  button:active { background-color: #d6d1cd; }

  /* A toggle button that is on. */
  button:checked {
    background-color: #3584e4;
    color: #ffffff;
    font-weight: bold;
  }
  button:checked:hover { background-color: #4990e7; }
  button:checked:active { background-color: #1c71d8; }

  /* Keyboard focus and drag-and-drop share the ring; a drop target is green. */
  button:focus-visible, button:drop(active) { outline-color: #3584e4; }
  button:drop(active) { border-color: #2ec27e; outline-color: #2ec27e; }

  button:disabled {
    background-color: #fafafa;
    color: #929595;
  }
  button:checked:disabled { background-color: #a4c6f0; color: #ffffff; }

  /* A window in the background: quieter text and border. */
  button:backdrop { color: #8b8e8f; border-color: #d5d0cc; }
  button:backdrop:checked { background-color: #5c9be8; }

  /* Hovering darkens the border of a button that can be clicked. */
  button:hover:not(:disabled) { border-color: #bfb8b1; }
  """
