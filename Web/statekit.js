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

function show(element, answer) {
  element.textContent = answer.stdout + answer.stderr;
  element.dataset.status = String(answer.status);
  element.classList.toggle("failed", answer.status !== 0);
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
    show(byId("mask-output"),
      statekit.masks(Number(byId("mask-layout").value), byId("mask-names").value,
        lines(byId("mask-input").value)));
  };
  const runEncode = () => {
    show(byId("encode-output"),
      statekit.encode(Number(byId("encode-layout").value), byId("encode-names").value,
        lines(byId("encode-input").value)));
  };
  // The theme panel: the grid and lint from the report's JSON, the tool's own text, and the
  // explanation of the state picked.
  const themePath = "theme.json";
  const themeArguments = () => [byId("theme-names").value, themePath, byId("theme-input").value];
  const runThemeExplain = () => {
    const state = byId("theme-state").value;
    const answer = statekit.explainTheme(...themeArguments(), state);
    byId("theme-explanation").textContent = answer.status === 0 ? answer.stdout : answer.stderr;
    for (const row of byId("theme-grid").children) {
      row.classList.toggle("picked", row.dataset.state === state);
    }
  };
  // Whether the theme's text has a top-level `$transitions` member, which the page does not read.
  const hasTransitions = (text) => {
    try {
      const value = JSON.parse(text);
      return value !== null && typeof value === "object" && Object.hasOwn(value, "$transitions");
    } catch {
      return false;
    }
  };
  const runTheme = () => {
    byId("theme-transitions").hidden = !hasTransitions(byId("theme-input").value);
    const answer = statekit.theme(...themeArguments(), { json: true });
    const failed = answer.status !== 0;
    const output = byId("theme-output");
    output.dataset.status = String(answer.status);
    output.hidden = failed;
    byId("theme-error").hidden = !failed;
    byId("theme-error").textContent = answer.stderr;
    const head = byId("theme-head");
    const grid = byId("theme-grid");
    const lint = byId("theme-lint");
    const picker = byId("theme-state");
    if (failed) return;
    const report = JSON.parse(answer.stdout);
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
  main().catch((error) => {
    document.body.dataset.ready = "error";
    document.getElementById("load-error").textContent = "Could not load statekit.wasm: " + error;
  });
} else if (typeof module !== "undefined") {
  module.exports = { StateKit };
}
