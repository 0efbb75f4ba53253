// Loads statekit.wasm (StateKit's Swift, compiled in Embedded Swift by
// scripts/build-embedded.sh) and wires the page's three panels to it. No framework, no network
// beyond fetching the module from the page's own folder.
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

  explain(names, tableLines, state) {
    const lines = [names, ...tableLines];
    if (state !== null && state !== undefined) lines.push("? " + state);
    return this.call("sk_explain", lines.join("\n"));
  }
}

// A colour swatch for a value written as #rgb or #rrggbb (quoted or not), else null.
function swatch(value) {
  const match = /^"?(#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?)"?$/.exec(value.trim());
  if (!match) return null;
  const box = document.createElement("span");
  box.className = "swatch";
  box.style.background = match[1];
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
  const runExplain = () => {
    const answer = statekit.explain(byId("table-names").value, lines(byId("table-input").value),
      byId("table-state").value);
    const output = byId("table-output");
    output.dataset.status = String(answer.status);
    output.classList.toggle("failed", answer.status !== 0);
    byId("table-explanation").textContent =
      answer.status === 0 ? answer.stdout.split("\n")[0] : answer.stderr;
    const body = byId("table-grid");
    body.replaceChildren();
    if (answer.status !== 0) return;
    for (const row of answer.stdout.split("\n").slice(1)) {
      if (!row) continue;
      const tr = document.createElement("tr");
      const cells = row.split("\t");
      cells.forEach((cell, index) => {
        const td = document.createElement("td");
        td.textContent = cell;
        if (index === 2) {
          const box = swatch(cell);
          if (box) td.prepend(box);
        }
        tr.append(td);
      });
      body.append(tr);
    }
  };

  for (const id of ["mask-layout", "mask-names", "mask-input"]) byId(id).addEventListener("input", runMasks);
  for (const id of ["encode-layout", "encode-names", "encode-input"]) byId(id).addEventListener("input", runEncode);
  for (const id of ["table-names", "table-input", "table-state"]) byId(id).addEventListener("input", runExplain);
  runMasks();
  runEncode();
  runExplain();
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
