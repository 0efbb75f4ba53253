#!/usr/bin/env python3
"""Loads the browser page (Web/, built into the documentation site by scripts/docs.sh) in headless
Chromium and checks that it answers what statekit-inspect answers on the same inputs.

Serves the site on a free local port, opens /web/, waits until the page has loaded its
WebAssembly module, and asks it, through the page's own functions, for:

- masks of every layout (BitLayout.all), with and without named bits, and malformed ones:
  standard output, standard error and exit status must equal
  `statekit-inspect --layout NAME [--state|--event NAME=BIT] MASK...`; masks wider than 32 bits,
  which a WebAssembly module's 32-bit UInt cannot hold, must be refused as not fitting;
- state text of every layout, encoded: equal to `statekit-inspect encode --layout NAME ...`;
- per-state tables: every row of the page's grid (state, raw value, winning value, winning
  selector, decision) must equal what `statekit-inspect theme --json` gives for a theme with one
  attribute of the same entries, and the explanation of a state must name that row's value and
  selector;
- the page itself: typing into a panel's inputs updates its output to the tool's answer.

No uncaught exception, console error or failed request may occur. Chromium is driven as
scripts/check-docs-site.py drives it (its Browser class).

Usage: scripts/check-web-page.py [--site DIR] [--tool PATH] [--timeout SECONDS]
Exit status: 0 when every answer matches, 1 otherwise.
"""

import argparse
import functools
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location(
    "check_docs_site", os.path.join(ROOT, "scripts", "check-docs-site.py"))
docs_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(docs_site)

# Per layout (by --layout name): the option that names its application bits, names to declare,
# masks and texts. Masks cover every range: none, system, application, reserved, outside the
# layout, 64 bits, and the three number forms; a malformed mask and text fail as the tool fails.
CASES = {
    "state": ("--state", ["visited=16", "pinned=17"],
              ["0x00010004", "0", "0xFFFFFFFF", "65540", "0b101", "0x1g", "0x00030000"],
              ["selected | visited", "highlighted disabled pinned", "normal", "0x1000000",
               "bogus", "selected |"]),
    "events": ("--event", ["longPress=24"],
               ["0x01000040", "0x10000040", "4096", "0b1", "-1"],
               ["touchDown longPress", "none", "touchUpInside | 0x1000000", "selected"]),
    "lvgl": ("--state", ["blinking=12"],
             ["0x1021", "0xFFFF", "0x0100", "0x21021", "0"],
             ["pressed blinking", "checked | focusKey", "default", "any"]),
    "lvgl-9.5": ("--state", [], ["0x1021", "0x0283", "0xFFFF"],
                 ["alt | disabled", "scrolled"]),
    "gtk": ("--state", ["hot=24"],
            ["0x01000808", "0x7FFF", "0x8000", "0x4000"],
            ["insensitive | checked | hot", "prelight focusVisible", "normal"]),
}

# Masks and text wider than 32 bits: a WebAssembly module's UInt, and so its ControlState, is
# 32 bits wide, so the page refuses them with the tool's words for a mask that does not fit.
WIDE_MASKS = ["0x8000000000000001", "0x100000000"]
WIDE_TEXT = ["selected | 0x100000000"]

# Tables as the page takes them, and the names their states use.
TABLES = [
    ("visited=16", ["normal: #3366ff", "highlighted: #1f3d99", "disabled: #999999",
                    "visited: #663399", "visited | highlighted: #442266",
                    "selected | !disabled: #ffffff"]),
    ("", ["normal: a", "selected: b", "highlighted: c", "selected | highlighted: d",
          "!focused: e", "focused | !selected: f"]),
    ("hot=16 marked=17", ["hot: 1", "marked: 2", "hot | marked: 3", "disabled | !hot: 4"]),
]

READY = "document.body && document.body.dataset.ready || ''"


def tool_path(given):
    if given:
        return given
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "statekit-inspect")


def run_tool(tool, arguments):
    result = subprocess.run([tool, "--color", "never", *arguments], capture_output=True,
                            text=True)
    return {"status": result.returncode, "stdout": result.stdout, "stderr": result.stderr}


class Page:
    def __init__(self, browser, url, timeout):
        self.browser = browser
        self.target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget",
                                    {"targetId": self.target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            browser.send(f"{domain}.enable", session=self.session)
        browser.send("Page.navigate", {"url": url}, session=self.session)
        deadline = time.monotonic() + timeout
        state = ""
        while time.monotonic() < deadline:
            state = self.evaluate(READY)
            if state in ("true", "error"):
                break
            time.sleep(0.2)
        self.ready = state

    def evaluate(self, expression):
        result = self.browser.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True},
            session=self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def call(self, method, *arguments):
        text = ", ".join(json.dumps(argument) for argument in arguments)
        return json.loads(self.evaluate(f"JSON.stringify(window.statekit.{method}({text}))"))

    def problems(self):
        with self.browser.lock:
            return docs_site.problems_in(self.browser.events, self.session)

    def close(self):
        self.browser.send("Target.closeTarget", {"targetId": self.target})


def compare(what, page, tool, failures):
    for stream in ("stdout", "stderr", "status"):
        if page[stream] != tool[stream]:
            failures.append(f"{what}: the page's {stream} differs from statekit-inspect's:\n"
                            f"  page: {page[stream]!r}\n  tool: {tool[stream]!r}")
            return False
    return True


def check_masks_and_text(page, tool, failures):
    layouts = [entry["name"] for entry in page.call("layouts")]
    if sorted(layouts) != sorted(CASES):
        failures.append(f"the page's layouts {layouts} are not the cases' {sorted(CASES)}")
    count = 0
    for index, name in enumerate(layouts):
        option, names, masks, texts = CASES.get(name, ("--state", [], [], []))
        flags = [argument for declaration in names for argument in (option, declaration)]
        for declared in ([], flags):
            line = " ".join(declared[1::2])
            answer = page.call("masks", index, line, masks)
            expected = run_tool(tool, ["--layout", name, *declared, "--", *masks])
            count += compare(f"--layout {name} {' '.join(declared)} {masks}", answer, expected,
                             failures)
            for text in texts:
                answer = page.call("encode", index, line, [text])
                expected = run_tool(tool, ["encode", "--layout", name, *declared, "--", text])
                count += compare(f"encode --layout {name} {' '.join(declared)} {text!r}", answer,
                                 expected, failures)
    state = layouts.index("state") if "state" in layouts else 0
    for mask in WIDE_MASKS:
        answer = page.call("masks", state, "", [mask])
        wanted = f'statekit-inspect: error: invalid mask "{mask}": does not fit in 32 bits\n'
        if (answer["status"], answer["stdout"], answer["stderr"]) != (65, "", wanted):
            failures.append(f"the 64-bit mask {mask}: the page answers {answer}")
        else:
            count += 1
    for text in WIDE_TEXT:
        answer = page.call("encode", state, "", [text])
        if answer["status"] != 65 or "does not fit in 32 bits" not in answer["stderr"]:
            failures.append(f"the 64-bit text {text!r}: the page answers {answer}")
        else:
            count += 1
    return count


def check_tables(page, tool, failures):
    count = 0
    for names, lines in TABLES:
        answer = page.call("explain", names, lines, None)
        if answer["status"] != 0:
            failures.append(f"table {lines}: the page failed: {answer['stderr']}")
            continue
        rows = [row.split("\t") for row in answer["stdout"].splitlines()]
        entries = {}
        for line in lines:
            selector, _, value = line.partition(":")
            entries[selector.strip()] = value.strip()
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "table.json")
            with open(path, "w") as file:
                json.dump({"value": entries}, file)
            declared = [argument for word in names.split() for argument in ("--state", word)]
            result = run_tool(tool, ["theme", "--json", *declared, path])
        if result["status"] != 0:
            failures.append(f"table {lines}: statekit-inspect theme failed: {result['stderr']}")
            continue
        report = json.loads(result["stdout"])
        expected = []
        for state in report["states"]:
            cell = state["values"].get("value")
            expected.append([state["state"], str(state["raw"]),
                             cell["value"] if cell else "-", cell["from"] if cell else "-",
                             cell["decision"] if cell else "noMatch"])
        if sorted(rows) != sorted(expected):
            failures.append(f"table {lines}: the page's grid differs from statekit-inspect "
                            f"theme --json:\n  page: {rows}\n  tool: {expected}")
            continue
        count += 1
        # The explanation of each state names the grid's value and selector for it.
        for state, _, value, selector, _ in rows:
            explained = page.call("explain", names, lines, state)
            first = explained["stdout"].splitlines()[0] if explained["stdout"] else ""
            wanted = (f"{state} → {json.dumps(value)} from {selector}: " if value != "-"
                      else f"{state} → nil: ")
            if not first.startswith(wanted):
                failures.append(f"explain {state!r} of {lines}: {first!r} does not start with "
                                f"{wanted!r}")
            else:
                count += 1
    return count


def check_panels(page, tool, failures):
    """Typing into the panels updates them to the tool's answers."""
    script = """(() => {
      const set = (id, value) => {
        const element = document.getElementById(id);
        element.value = value;
        element.dispatchEvent(new Event('input'));
      };
      set('mask-layout', '2');
      set('mask-names', 'blinking=12');
      set('mask-input', '0x1021');
      set('encode-layout', '4');
      set('encode-names', '');
      set('encode-input', 'prelight | checked');
      set('table-state', 'selected');
      return JSON.stringify({
        mask: document.getElementById('mask-output').textContent,
        encode: document.getElementById('encode-output').textContent,
        explanation: document.getElementById('table-explanation').textContent,
        swatches: document.querySelectorAll('#table-grid .swatch').length,
      });
    })()"""
    shown = json.loads(page.evaluate(script))
    mask = run_tool(tool, ["--layout", "lvgl", "--state", "blinking=12", "0x1021"])
    encode = run_tool(tool, ["encode", "--layout", "gtk", "prelight | checked"])
    checks = [
        ("the mask panel", shown["mask"], mask["stdout"]),
        ("the text panel", shown["encode"], encode["stdout"]),
    ]
    count = 0
    for what, got, wanted in checks:
        if got != wanted:
            failures.append(f"{what} shows {got!r}, statekit-inspect prints {wanted!r}")
        else:
            count += 1
    if not shown["explanation"].startswith('selected → "#ffffff" from selected | !disabled'):
        failures.append(f"the table panel explains {shown['explanation']!r}")
    elif shown["swatches"] == 0:
        failures.append("the table panel's grid shows no colour swatch")
    else:
        count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=os.path.join(ROOT, ".build", "docs", "site"))
    parser.add_argument("--tool", help="statekit-inspect (default: the debug build's)")
    parser.add_argument("--timeout", type=float, default=30)
    arguments = parser.parse_args()
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if not executable:
        sys.exit("check-web-page: chromium is not installed (apt-get install chromium)")
    if not os.path.isfile(os.path.join(arguments.site, "web", "statekit.wasm")):
        sys.exit(f"check-web-page: no page at {arguments.site}/web; run scripts/docs.sh first")
    tool = tool_path(arguments.tool)
    if not os.path.isfile(tool):
        subprocess.run(["swift", "build", "--product", "statekit-inspect"], cwd=ROOT, check=True)

    handler = functools.partial(docs_site.QuietHandler, directory=arguments.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/web/"
    browser = docs_site.Browser(executable)
    failures = []
    try:
        page = Page(browser, url, arguments.timeout)
        if page.ready != "true":
            failures.append(f"the page did not load its module (ready: {page.ready!r})")
        else:
            count = check_masks_and_text(page, tool, failures)
            count += check_tables(page, tool, failures)
            count += check_panels(page, tool, failures)
            print(f"web page: {count} answers equal to statekit-inspect's")
        time.sleep(0.5)
        failures += page.problems()
        page.close()
    finally:
        browser.close()
        server.shutdown()
    for failure in failures:
        print(f"FAIL {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
