// Loads statekit.wasm (StateKit's Swift, compiled in Embedded Swift by
// scripts/build-embedded.sh) and wires the page's three panels to it: masks, text, and theme
// files. No framework, no network beyond fetching the module from the page's own folder.
//
// A call writes the request's UTF-8 into the module's memory, runs one exported command and
// reads back what it printed: its standard output and standard error, as statekit-inspect would
// print them, and its exit status.

"use strict";

class StateKit {
  constructor(instance) {
    this.exports = instance.exports;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  static async load(url) {
    const response = await fetch(url);
    const bytes = await response.arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new StateKit(instance);
  }

  text(pointer, count) {
    if (count === 0) return "";
    return this.decoder.decode(new Uint8Array(this.exports.memory.buffer, pointer, count));
  }

  // Runs `command` (an export's name) on `request` with its integer arguments.
  call(command, request, ...args) {
    const bytes = this.encoder.encode(request);
    const pointer = this.exports.sk_input(bytes.length);
    new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
    const status = this.exports[command](...args);
    return {
      status,
      stdout: this.text(this.exports.sk_stdout_pointer(), this.exports.sk_stdout_count()),
      stderr: this.text(this.exports.sk_stderr_pointer(), this.exports.sk_stderr_count()),
    };
  }

  // [{name, typeName}] in the order of BitLayout.all.
  layouts() {
    return this.call("sk_layouts", "").stdout.trim().split("\n").map((line) => {
      const [name, typeName] = line.split("\t");
      return { name, typeName };
    });
  }

  masks(layout, names, masks) {
    return this.call("sk_masks", [names, ...masks].join("\n"), layout);
  }

  encode(layout, names, texts) {
    return this.call("sk_encode", [names, ...texts].join("\n"), layout);
  }

  // `statekit-inspect theme [--json] [--strict] --state NAME=BIT... FILE`, on the theme `text`
  // as if read from a file named `path`.
  theme(names, path, text, { json = false, strict = false } = {}) {
    return this.call("sk_theme", [names, path, text].join("\n"), (json ? 1 : 0) | (strict ? 2 : 0));
  }

  // Why each attribute of the theme has its value in `state` (state text).
  explainTheme(names, path, text, state) {
    return this.call("sk_theme_explain", [names, path, state, text].join("\n"));
  }

  // How each attribute moves from state `old` to state `new` (state text), in the order of the
  // report's attributes: [{duration, delay, curve, why}], durations in milliseconds, the curve
  // as CSS text, `why` as StyleTransitions.explain tells it; null when the theme is refused.
  themeChange(names, path, text, old, new_) {
    const answer = this.call("sk_theme_change", [names, path, old, new_, text].join("\n"));
    if (answer.status !== 0) return null;
    return answer.stdout.split("\n").filter((line) => line !== "").map((line) => {
      const [duration, delay, curve] = line.split("\t", 3);
      const why = line.split("\t").slice(3).join("\t");
      return { duration: Number(duration), delay: Number(delay), curve, why };
    });
  }
}

// Keywords CSS takes as colours that name no colour of their own.
const NOT_COLOURS = new Set(["inherit", "initial", "unset", "revert", "currentcolor"]);

// The CSS colour a theme's value names (#hex, or a colour name such as "rebeccapurple"), else
// null.
function colour(value) {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(text)) return text;
  if (/^[a-zA-Z]+$/.test(text) && !NOT_COLOURS.has(text.toLowerCase()) &&
      CSS.supports("color", text)) return text;
  return null;
}

function swatch(css) {
  const box = document.createElement("span");
  box.className = "swatch";
  box.style.background = css;
  return box;
}

// The answer to each line of input, beside it: the line, then what the tool prints for it, or
// its error. `call(lines)` answers some lines as the tool would; each line is asked alone, so a
// failure stays with the line that caused it. A failure with no line at all (the names) is
// shown beside the names' input instead.
function showLines(container, namesError, lines, call) {
  const alone = call([]);
  namesError.hidden = alone.status === 0;
  namesError.textContent = alone.stderr;
  container.replaceChildren();
  container.dataset.status = String(alone.status);
  if (alone.status !== 0) return;
  let status = 0;
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const answer = call([line]);
    const row = document.createElement("div");
    row.className = "line";
    row.dataset.line = String(index + 1);
    row.dataset.status = String(answer.status);
    row.classList.toggle("failed", answer.status !== 0);
    const input = document.createElement("code");
    input.className = "input";
    input.textContent = line;
    const output = document.createElement("pre");
    output.className = "answer";
    output.textContent = answer.status === 0 ? answer.stdout : answer.stderr;
    row.append(input, output);
    container.append(row);
    if (status === 0) status = answer.status;
  });
  container.dataset.status = String(status);
}

// The line of a theme's text that an error names (`"theme.json":LINE:COLUMN: message`), shown
// with a caret under the column; null when the error names no line.
function errorExcerpt(text, stderr) {
  const match = /^statekit-inspect: error: "[^"]*":(\d+):(\d+): /.exec(stderr);
  if (!match) return null;
  const lineNumber = Number(match[1]);
  const column = Number(match[2]);
  const line = text.split("\n")[lineNumber - 1];
  if (line === undefined) return null;
  return { lineNumber, column, line: line.replace(/\r$/, "") };
}

// How the preview draws a sample widget from a theme's attributes. Names are compared without
// case, `-` or `_`; the first attribute of a kind whose value fits wins.
const LOOK = [
  { kind: "background", css: "backgroundColor", value: "colour",
    names: ["background", "backgroundcolor", "bg", "bgcolor", "fill", "fillcolor"] },
  { kind: "text colour", css: "color", value: "colour",
    names: ["titlecolor", "textcolor", "foreground", "foregroundcolor", "fg", "color",
      "labelcolor", "tint", "tintcolor"] },
  { kind: "border colour", css: "borderColor", value: "colour",
    names: ["border", "bordercolor", "stroke", "strokecolor", "outline", "outlinecolor"] },
  { kind: "title", css: null, value: "text", names: ["title", "label", "text", "caption"] },
  { kind: "bold", css: "fontWeight", value: "flag", on: "700", off: "400",
    names: ["bold", "isbold"] },
  { kind: "italic", css: "fontStyle", value: "flag", on: "italic", off: "normal",
    names: ["italic", "isitalic"] },
  { kind: "underlined", css: "textDecorationLine", value: "flag", on: "underline", off: "none",
    names: ["underlined", "underline", "isunderlined"] },
  { kind: "struck through", css: "textDecorationLine", value: "flag", on: "line-through",
    off: "none", names: ["strikethrough", "struckthrough", "strikeout"] },
  { kind: "hidden", css: "visibility", value: "flag", on: "hidden", off: "visible",
    names: ["hidden", "ishidden"] },
  { kind: "opacity", css: "opacity", value: "number", unit: "", names: ["opacity", "alpha"] },
  { kind: "width", css: "minWidth", value: "number", unit: "ch", names: ["width", "minwidth"] },
  { kind: "corner radius", css: "borderRadius", value: "number", unit: "px",
    names: ["cornerradius", "radius", "borderradius"] },
  { kind: "border width", css: "borderWidth", value: "number", unit: "px",
    names: ["borderwidth", "strokewidth", "linewidth"] },
  { kind: "font size", css: "fontSize", value: "number", unit: "px",
    names: ["fontsize", "textsize", "size"] },
];

const plainName = (name) => name.toLowerCase().replace(/[-_]/g, "");

// Whether a theme's value suits a look's kind of value.
function fits(look, value) {
  switch (look.value) {
    case "colour": return colour(value) !== null;
    case "text": return typeof value === "string";
    case "flag": return typeof value === "boolean";
    default: return typeof value === "number" && Number.isFinite(value);
  }
}

// Which attribute (its index in `report.attributes`) draws each look: an attribute named as
// the look's names whose values, in every state that has one, fit it.
function lookAttributes(report) {
  const chosen = [];
  const used = new Set();
  for (const look of LOOK) {
    const index = report.attributes.findIndex((name, index) => !used.has(index) &&
      look.names.includes(plainName(name)) &&
      report.states.some((row) => Object.hasOwn(row.values, name)) &&
      report.states.every((row) => !Object.hasOwn(row.values, name) ||
        fits(look, row.values[name].value)));
    if (index >= 0 && !chosen.some((other) => other.look.css && other.look.css === look.css)) {
      used.add(index);
      chosen.push({ look, index, name: report.attributes[index] });
    }
  }
  return chosen;
}

// The widget's CSS properties and title in one state of the grid.
function lookOf(row, chosen) {
  const style = {};
  let title = "Button";
  for (const { look, name } of chosen) {
    if (!Object.hasOwn(row.values, name)) continue;
    const value = row.values[name].value;
    if (look.value === "colour") style[look.css] = colour(value);
    else if (look.value === "text") title = value;
    else if (look.value === "flag") style[look.css] = value ? look.on : look.off;
    else style[look.css] = `${value}${look.unit}`;
  }
  return { style, title };
}

const cssProperty = (name) => name.replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());

function drawWidget(widget, look) {
  for (const entry of LOOK) {
    if (entry.css) widget.style[entry.css] = "";
  }
  Object.assign(widget.style, look.style);
  widget.textContent = look.title;
}

async function main() {
  const statekit = await StateKit.load("statekit.wasm");
  window.statekit = statekit;
  const layouts = statekit.layouts();
  for (const select of document.querySelectorAll("select.layout")) {
    layouts.forEach((layout, index) => {
      const option = document.createElement("option");
      option.value = String(index);
      option.textContent = `${layout.name} (${layout.typeName})`;
      select.append(option);
    });
  }
  const byId = (id) => document.getElementById(id);
  const lines = (text) => text.split("\n");

  const runMasks = () => {
    const layout = Number(byId("mask-layout").value);
    const names = byId("mask-names").value;
    showLines(byId("mask-output"), byId("mask-names-error"), lines(byId("mask-input").value),
      (masks) => statekit.masks(layout, names, masks));
  };
  const runEncode = () => {
    const layout = Number(byId("encode-layout").value);
    const names = byId("encode-names").value;
    showLines(byId("encode-output"), byId("encode-names-error"),
      lines(byId("encode-input").value), (texts) => statekit.encode(layout, names, texts));
  };
  // The theme panel: the grid and lint from the report's JSON, the tool's own text, the
  // explanation of the state picked, and the preview of a widget in every state.
  const themePath = "theme.json";
  const themeArguments = () => [byId("theme-names").value, themePath, byId("theme-input").value];
  let report = null;
  let chosen = [];
  // The state the live widget shows, and the timers of its discrete changes.
  let shown = null;
  let timers = [];
  const play = (state) => {
    const live = byId("preview-live");
    const row = report && report.states.find((entry) => entry.state === state);
    if (!row) return;
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    const look = lookOf(row, chosen);
    const moves = shown === null || shown === state ? null :
      statekit.themeChange(...themeArguments(), shown, state);
    const why = byId("preview-why");
    if (!moves) {
      live.style.transition = "none";
      drawWidget(live, look);
      why.textContent = shown === null ? "" : `${state}: no change`;
    } else {
      // Each CSS property moves as its attribute's transition says; text and flags, which do
      // not interpolate, switch halfway, as CSS switches a discrete property.
      const transitions = [];
      for (const { look: entry, index } of chosen) {
        const move = moves[index];
        if (entry.css && entry.value !== "flag") {
          transitions.push(`${cssProperty(entry.css)} ${move.duration}ms ${move.curve} ${move.delay}ms`);
        }
      }
      live.style.transition = transitions.join(", ") || "none";
      // Read the old look's style, so that setting the new one starts the transitions from it.
      void getComputedStyle(live).backgroundColor;
      const style = {};
      for (const { look: entry } of chosen) {
        if (entry.css) style[entry.css] = look.style[entry.css] ?? "";
      }
      let title = look.title;
      for (const { look: entry, index } of chosen) {
        if (entry.css && entry.value !== "flag") continue;
        const later = moves[index].delay + moves[index].duration / 2;
        if (later <= 0) continue;
        if (entry.css) {
          const value = style[entry.css];
          style[entry.css] = live.style[entry.css];
          timers.push(setTimeout(() => { live.style[entry.css] = value; }, later));
        } else {
          const value = title;
          title = live.textContent;
          timers.push(setTimeout(() => { live.textContent = value; }, later));
        }
      }
      Object.assign(live.style, style);
      live.textContent = title;
      why.textContent = `${shown} -> ${state}:\n` +
        chosen.map(({ index }) => moves[index].why).join("\n");
    }
    shown = state;
    live.dataset.state = state;
    for (const cell of byId("preview-grid").children) {
      cell.classList.toggle("picked", cell.dataset.state === state);
    }
  };
  const runThemeExplain = () => {
    const state = byId("theme-state").value;
    const answer = statekit.explainTheme(...themeArguments(), state);
    byId("theme-explanation").textContent = answer.status === 0 ? answer.stdout : answer.stderr;
    for (const row of byId("theme-grid").children) {
      row.classList.toggle("picked", row.dataset.state === state);
    }
    play(state);
  };
  const runPreview = () => {
    chosen = lookAttributes(report);
    const legend = byId("preview-legend");
    legend.replaceChildren(...chosen.map(({ look, name }) => {
      const item = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = name;
      item.append(code, ` → ${look.kind}`);
      return item;
    }));
    const grid = byId("preview-grid");
    grid.replaceChildren(...report.states.map((row) => {
      const cell = document.createElement("figure");
      cell.className = "state";
      cell.dataset.state = row.state;
      const widget = document.createElement("span");
      widget.className = "widget";
      drawWidget(widget, lookOf(row, chosen));
      const caption = document.createElement("figcaption");
      caption.textContent = row.state;
      cell.append(widget, caption);
      cell.addEventListener("click", () => {
        byId("theme-state").value = row.state;
        runThemeExplain();
      });
      return cell;
    }));
    shown = null;
  };
  const runTheme = () => {
    const answer = statekit.theme(...themeArguments(), { json: true });
    const failed = answer.status !== 0;
    const output = byId("theme-output");
    output.dataset.status = String(answer.status);
    output.hidden = failed;
    byId("theme-error").hidden = !failed;
    byId("theme-error-message").textContent = answer.stderr;
    const excerpt = failed ? errorExcerpt(byId("theme-input").value, answer.stderr) : null;
    const place = byId("theme-error-line");
    place.hidden = !excerpt;
    if (excerpt) {
      byId("theme-error-number").textContent = `line ${excerpt.lineNumber}`;
      byId("theme-error-text").textContent = excerpt.line;
      byId("theme-error-caret").textContent = " ".repeat(Math.max(excerpt.column - 1, 0)) + "^";
    }
    const head = byId("theme-head");
    const grid = byId("theme-grid");
    const lint = byId("theme-lint");
    const picker = byId("theme-state");
    if (failed) return;
    report = JSON.parse(answer.stdout);
    const heading = (text) => {
      const th = document.createElement("th");
      th.textContent = text;
      return th;
    };
    head.replaceChildren(heading("state"), ...report.attributes.map(heading));
    const picked = picker.value;
    grid.replaceChildren();
    picker.replaceChildren();
    for (const row of report.states) {
      const tr = document.createElement("tr");
      tr.dataset.state = row.state;
      const name = document.createElement("td");
      name.textContent = row.state;
      tr.append(name);
      for (const attribute of report.attributes) {
        const td = document.createElement("td");
        // Own members only: an attribute may be named `constructor`, `toString` or `__proto__`,
        // which every object inherits.
        const cell = Object.hasOwn(row.values, attribute) ? row.values[attribute] : undefined;
        if (cell) {
          td.textContent = JSON.stringify(cell.value);
          td.title = `from ${cell.from} (${cell.decision})`;
          const css = colour(cell.value);
          if (css) td.prepend(swatch(css));
        } else {
          td.textContent = "-";
          td.title = "no entry matches";
        }
        tr.append(td);
      }
      tr.addEventListener("click", () => {
        picker.value = row.state;
        runThemeExplain();
      });
      grid.append(tr);
      const option = document.createElement("option");
      option.value = row.state;
      option.textContent = row.state;
      picker.append(option);
    }
    if (report.states.some((row) => row.state === picked)) picker.value = picked;
    lint.replaceChildren(...report.lint.map((finding) => {
      const item = document.createElement("li");
      const kind = document.createElement("strong");
      kind.textContent = finding.kind;
      item.append(kind, ": " + finding.message);
      return item;
    }));
    byId("theme-text").textContent = statekit.theme(...themeArguments()).stdout;
    runPreview();
    runThemeExplain();
  };

  for (const id of ["mask-layout", "mask-names", "mask-input"]) byId(id).addEventListener("input", runMasks);
  for (const id of ["encode-layout", "encode-names", "encode-input"]) byId(id).addEventListener("input", runEncode);
  for (const id of ["theme-names", "theme-input"]) byId(id).addEventListener("input", runTheme);
  byId("theme-state").addEventListener("change", runThemeExplain);
  runMasks();
  runEncode();
  runTheme();
  document.body.dataset.ready = "true";
}

if (typeof window !== "undefined") {
  if (location.protocol === "file:") {
    // Browsers do not fetch a page's own files from disk: say how to serve it instead of
    // failing with "Failed to fetch".
    document.getElementById("serve-hint").hidden = false;
    document.getElementById("theme-output").hidden = true;
    document.body.dataset.ready = "file";
  } else {
    main().catch((error) => {
      document.body.dataset.ready = "error";
      document.getElementById("load-error").textContent = "Could not load statekit.wasm: " + error;
      document.getElementById("serve-hint").hidden = false;
    });
  }
} else if (typeof module !== "undefined") {
  module.exports = { StateKit };
}
