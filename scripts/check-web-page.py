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
- theme files, the repository's own (THEMES: with `$precedence`, with `$transitions`, with lint
  findings, one the tool refuses) and written here (THEME_TEXTS: lint findings of every kind,
  transitions of every curve and their findings, first-match attributes, and files the tool
  refuses for every reason, as deep as the JSON limit and one level deeper): the page's report,
  human and `--json`, with and without `--strict`, must equal `statekit-inspect theme` on the
  file (standard output, standard error, exit status); its explanation of every state must name
  the tool's winning value and selector for each attribute, or none;
- the page itself: typing into a panel's inputs updates it to the tool's answers, each beside
  its input line (errors included, a names error beside the names); the theme panel's grid
  (also for attributes named as JavaScript objects' own properties, such as `constructor` and
  `__proto__`), colour swatches, lint list, tool text, error with the line it names, and its
  state picker (by the list and by a click on a row);
- the theme's preview (PREVIEWED): a widget per state of the grid with the theme's colours,
  flags and title, and its transitions played (PLAYED): the CSS transitions running for a change
  have the duration, delay and curve of the theme's `$transitions`, the colour is between its
  ends halfway, and the explanation under the widget names the entry;
- its layout: at 520 pixels no text is wider than its box or the page;
- its links: to StateKit's documentation, and from the documentation's landing page back to it;
- opened from disk (file://), it says how to serve it.

Screenshots go to .build/artifacts/ (web-page.png, web-page-narrow.png, web-page-errors.png,
web-page-file.png).

No uncaught exception, console error or failed request may occur. Chromium is driven as
scripts/check-docs-site.py drives it (its Browser class).

Usage: scripts/check-web-page.py [--site DIR] [--tool PATH] [--timeout SECONDS]
Exit status: 0 when every answer matches, 1 otherwise.
"""

import argparse
import base64
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
# The check's screenshots, kept by CI as its artifacts.
ARTIFACTS = os.path.join(ROOT, ".build", "artifacts")
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

# Theme files of the repository, with the names (--state NAME=BIT) their states need: one with
# `$precedence` and no finding, two with `$transitions`, one with a finding, and one the tool refuses
# (its states are a library's, named `LinkKit.visited`, which --state cannot declare).
THEMES = [
    ("Examples/LinkButtons/theme.json", ["visited=16"]),
    ("Examples/AnimatedButtons/theme.json", []),
    ("Tests/InspectTests/Golden/theme.json", ["visited=16"]),
    ("Tests/InspectTests/Golden/theme.json", []),
    ("Tests/TwoLibrariesTests/Theme.json", ["dragging=17"]),
]


def nested(depth):
    """A theme whose value nests arrays to `depth` levels, the document and attribute included."""
    arrays = depth - 2
    return '{"c": {"normal": ' + "[" * arrays + "]" * arrays + "}}"


# Theme files written here: lint findings of every kind, values of every JSON type, and every
# reason the tool refuses a file, each with the names it declares.
THEME_TEXTS = [
    ('{"c": {"normal": "n", "selected": "a", "selected | !disabled": "b", '
     '"selected | disabled": "c", "highlighted": "h"}}', []),
    ('{"c": {"disabled": "g", "highlighted": "h"}}', []),
    ('{"$precedence": {"order": ["b"]}, "d": {"normal": "n", "a": "x", "b": "y"},\n'
     ' "c": {"normal": "n", "disabled": "g", "highlighted": "h"}}', ["a=16", "b=17"]),
    ('{"c": {"normal": {"a": [1, 2.50, null], "b": "x\\u001b]0;pwn\\u0007\\n"}, '
     '"selected": "\\u202eevil"}, "e": {}}', []),
    ('{"$precedence": {"dominant": "disabled"}, "w": {"normal": 1e308, "focused": -0.5e-300}}',
     []),
    ("{}", []),
    (nested(512), []),
    ("{", []),
    ("[]", []),
    ('{"c": {"normal": 1,\n "normal": 2}}', []),
    ('{"c": {"visited": 1}}', []),
    ('{"c": {"bogus | selected": 1}}', []),
    ('{"c": {"normal": 1e400}}', []),
    ('{"c": {"normal": 2.4703282292062327e-324}}', []),
    ('{"$replace": {}, "c": {"normal": 1}}', []),
    ('{"$precedence": {"order": ["visited"], "rank": 1}}', ["visited=16"]),
    ('{"$precedence": {"order": "disabled"}}', []),
    ('{"c": {"normal": 1, "selected": 2, "!selected": 3, "selected | normal": 4}}', []),
    ("{" + ", ".join(f'"a{bit}": {{"0x{1 << (bit + 16):x}": 1}}' for bit in range(8))
     + ', "b": {"highlighted": 1, "disabled": 1, "selected": 1, "focused": 1, "0x100": 1}}', []),
    (nested(513), []),
    # First-match attributes, arrays of one-entry objects tried in order, and arrays that are not.
    ('{"c": [{"disabled": "g"}, {"highlighted": "h"}, {"normal": "n"}, {"selected": "s"}],'
     ' "d": {"normal": 1, "selected": 2}}', []),
    ('{"$precedence": {"dominant": "selected"}, "c": [{"focused": 1}, {"!focused": 2}]}', []),
    ('{"c": [{"normal": "n", "selected": "s"}]}', []),
    ('{"c": [{"normal": "n"}, "s"]}', []),
    ('{"c": [{}]}', []),
    ('{"c": [{"normal": "n"},\n {"normal": "m"}]}', []),
    # Transitions: lint findings of both kinds, every form of curve (numbers as Double(String)
    # reads them, hexadecimal and out of range included), and every reason a file is refused.
    ('{"$transitions": {"*": {"normal -> selected": 100, "!highlighted -> highlighted": 50,'
     ' "normal -> focused": {"duration": 90, "delay": 10, "curve": "steps(3, jump-start)"}},'
     ' "c": {"highlighted -> normal": {"duration": 5, "curve": "cubic-bezier(0x1p-2, 1e-400,'
     ' 0.5, 1e400)"}}}, "c": {"normal": 1, "highlighted": 2, "selected | focused": 3},'
     ' "d": {"normal": 1, "disabled": 2}}', []),
    ('{"$transitions": {"*": {"normal -> highlighted": {"duration": 1, "curve":'
     ' "cubic-bezier(0.1000000000000000055511151231257827, -2.5e-3, 1.0, 0.30000000000000004)"}}},'
     ' "c": {"normal": 1, "highlighted": 2}}', []),
    ('{"$transitions": {"*": {"a -> b": 1}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal => selected": 1}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected -> focused": 1}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"d": {"normal -> selected": 1}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": {"duration": 5, "curve": "bounce"}}},'
     ' "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": {"duration": 5, "curve":'
     ' "cubic-bezier(1.5, 0, 0, 1)"}}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": {"duration": 5, "curve":'
     ' "cubic-bezier(nan, 0, 0, 1)"}}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": {"duration": 5, "curve":'
     ' "cubic-bezier(\\t0.5, 0, 0, 1)"}}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": 3600001}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": 1.5}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": {"delay": 5}}}, "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": {"duration": 5, "speed": 2}}},'
     ' "c": {"normal": 1}}', []),
    ('{"$transitions": {"*": {"normal -> selected": 1, "normal->selected": 2}},'
     ' "c": {"normal": 1}}', []),
]
READY = "document.body && document.body.dataset.ready || ''"

# Attributes named as the properties every JavaScript object has: the grid shows "-" where
# they have no value, as it does for any other name, not what the object's prototype holds.
PROTOTYPE_NAMES_THEME = (
    '{"constructor": {"selected": 1}, "toString": {"disabled": 2}, "valueOf": {"highlighted": 3},'
    ' "__proto__": {"focused": 4}, "hasOwnProperty": {"selected": 5}, "c": {"normal": 6}}')


def tool_path(given):
    if given:
        return given
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "statekit-inspect")


def run_tool(tool, arguments, cwd=None):
    result = subprocess.run([tool, "--color", "never", *arguments], capture_output=True,
                            text=True, cwd=cwd)
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
            if state in ("true", "error", "file"):
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

    def size(self, width, height=900):
        self.browser.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            session=self.session)

    def screenshot(self, name):
        """The whole page as PNG, at ARTIFACTS/NAME."""
        metrics = self.browser.send("Page.getLayoutMetrics", session=self.session)
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        shot = self.browser.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}},
            session=self.session, timeout=30)
        os.makedirs(ARTIFACTS, exist_ok=True)
        path = os.path.join(ARTIFACTS, name)
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        return path

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


def theme_cases(folder):
    """(path, text, names) of every theme checked: the repository's, then those written here,
    each in a file of its own under `folder`. Paths are as the tool is given them, from ROOT."""
    cases = []
    for path, names in THEMES:
        with open(os.path.join(ROOT, path), encoding="utf-8", newline="") as file:
            text = file.read()
        cases.append((path, text, names))
    for index, (text, names) in enumerate(THEME_TEXTS):
        path = os.path.join(folder, f"theme{index}.json")
        with open(path, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        cases.append((path, text, names))
    return cases


def explained_value(line, prefix, selector):
    """The value's JSON in an explanation's line `  NAME → VALUE from SELECTOR: REASON`."""
    end = line.rfind(f" from {selector}: ")
    return json.loads(line[len(prefix):end]) if line.startswith(prefix) and end >= 0 else None


def check_themes(page, tool, failures):
    count = 0
    refused = 0
    with tempfile.TemporaryDirectory() as folder:
        for path, text, names in theme_cases(folder):
            declared = [argument for name in names for argument in ("--state", name)]
            line = " ".join(names)
            for flags in ([], ["--json"], ["--strict"], ["--json", "--strict"]):
                answer = page.call("theme", line, path, text,
                                   {"json": "--json" in flags, "strict": "--strict" in flags})
                expected = run_tool(tool, ["theme", *flags, *declared, path], cwd=ROOT)
                count += compare(f"theme {' '.join(flags + declared)} {path}", answer, expected,
                                 failures)
            report = run_tool(tool, ["theme", "--json", *declared, path], cwd=ROOT)
            if report["status"] != 0:
                refused += 1
                answer = page.call("explainTheme", line, path, text, "normal")
                count += compare(f"explaining a state of {path}", answer,
                                 {**report, "stdout": ""}, failures)
                continue
            report = json.loads(report["stdout"])
            # Every state of the grid is explained with the tool's winner for each attribute.
            for row in report["states"]:
                state = row["state"]
                answer = page.call("explainTheme", line, path, text, state)
                lines = answer["stdout"].splitlines()
                wanted = [f"{state}:" if report["attributes"] else f"{state}: no attributes"]
                problems = [] if answer["status"] == 0 and lines[:1] == wanted else [lines[:1]]
                if len(lines) != 1 + len(report["attributes"]):
                    problems.append(f"{len(lines)} lines")
                for attribute, shown in zip(report["attributes"], lines[1:]):
                    cell = row["values"].get(attribute)
                    prefix = f"  {attribute} → "
                    if cell is None:
                        if not shown.startswith(prefix + "nil: "):
                            problems.append(shown)
                    elif explained_value(shown, prefix, cell["from"]) != cell["value"]:
                        problems.append(f"{shown} (the tool: {cell['value']!r} from "
                                        f"{cell['from']})")
                if problems:
                    failures.append(f"explain {state!r} of {path}: {problems} in "
                                    f"{answer['stdout']!r}{answer['stderr']!r}")
                else:
                    count += 1
            # State text the theme's names do not have fails as one line.
            answer = page.call("explainTheme", line, path, text, "bogus")
            if answer["status"] != 65 or not answer["stderr"].startswith(
                    "statekit-inspect: error: cannot parse the state: "):
                failures.append(f"explain 'bogus' of {path}: {answer}")
            else:
                count += 1
    if refused < 20:
        failures.append(f"only {refused} theme files were refused; the cases lost their errors")
    return count


# The rows of a panel's answers: each input line, its status and what is shown beside it.
LINES = """((id) => JSON.stringify([...document.getElementById(id).children].map((row) => ({
  line: Number(row.dataset.line), status: Number(row.dataset.status),
  input: row.querySelector('.input').textContent, answer: row.querySelector('.answer').textContent,
  failed: row.classList.contains('failed')}))))"""


def check_panels(page, tool, failures):
    """Typing into the panels updates them to the tool's answers, line by line: each input line
    has its answer, or its error, beside it, in the order of the lines."""
    script = """(() => {
      const set = (id, value) => {
        const element = document.getElementById(id);
        element.value = value;
        element.dispatchEvent(new Event('input'));
      };
      set('mask-layout', '2');
      set('mask-names', 'blinking=12');
      set('mask-input', '0x1021\\n\\n0x1g\\n  0xFFFF  ');
      set('encode-layout', '4');
      set('encode-names', '');
      set('encode-input', 'prelight | checked\\nbogus\\nnormal');
    })()"""
    page.evaluate(script)
    count = 0
    for panel, command, lines in (
            ("mask-output", ["--layout", "lvgl", "--state", "blinking=12"],
             ["0x1021", "", "0x1g", "  0xFFFF  "]),
            ("encode-output", ["encode", "--layout", "gtk"], ["prelight | checked", "bogus", "normal"])):
        shown = json.loads(page.evaluate(f"{LINES}({json.dumps(panel)})"))
        wanted = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            answer = run_tool(tool, [*command, "--", line.strip()])
            wanted.append({"line": number, "status": answer["status"], "input": line,
                           "answer": answer["stdout"] if answer["status"] == 0 else answer["stderr"],
                           "failed": answer["status"] != 0})
        if shown != wanted:
            failures.append(f"the {panel} rows are {shown}, the tool's answers line by line "
                            f"{wanted}")
        elif not any(row["failed"] for row in shown):
            failures.append(f"the {panel} rows have no error to show beside its line")
        else:
            count += 1
    # A names error is shown beside the names, not once per line.
    page.evaluate("""(() => {
      const names = document.getElementById('mask-names');
      names.value = 'blinking';
      names.dispatchEvent(new Event('input'));
    })()""")
    error = page.evaluate("""JSON.stringify([document.getElementById('mask-names-error').hidden,
      document.getElementById('mask-names-error').textContent,
      document.getElementById('mask-output').children.length])""")
    wanted = run_tool(tool, ["--layout", "lvgl", "--state", "blinking", "0x1021"])["stderr"]
    if json.loads(error) != [False, wanted, 0]:
        failures.append(f"a names error shows {error}, the tool: {wanted!r}")
    else:
        count += 1
    page.evaluate("""(() => {
      const names = document.getElementById('mask-names');
      names.value = 'blinking=12';
      names.dispatchEvent(new Event('input'));
    })()""")
    return count + check_theme_panel(page, tool, failures)


# The theme panel as a reader sees it: the grid's head and rows, the swatches, the lint list, the
# tool's text, the error line, the state picker and the explanation.
THEME_PANEL = """(() => {
  const byId = (id) => document.getElementById(id);
  return JSON.stringify({
    status: byId('theme-output').dataset.status,
    hidden: byId('theme-output').hidden,
    error: byId('theme-error').hidden ? null : byId('theme-error-message').textContent,
    errorLine: byId('theme-error-line').hidden ? null : [byId('theme-error-number').textContent,
      byId('theme-error-text').textContent, byId('theme-error-caret').textContent],
    head: [...byId('theme-head').children].map((cell) => cell.textContent),
    rows: [...byId('theme-grid').children].map((row) =>
      [...row.children].map((cell) => cell.textContent)),
    swatches: [...byId('theme-grid').querySelectorAll('.swatch')].map((box) =>
      box.parentElement.textContent),
    lint: [...byId('theme-lint').children].map((item) => item.textContent),
    text: byId('theme-text').textContent,
    options: [...byId('theme-state').options].map((option) => option.value),
    state: byId('theme-state').value,
    picked: [...byId('theme-grid').querySelectorAll('tr.picked')].map((row) =>
      row.dataset.state),
    explanation: byId('theme-explanation').textContent,
  });
})()"""


def type_theme(page, names, text):
    page.evaluate(f"""(() => {{
      for (const [id, value] of [['theme-names', {json.dumps(names)}],
                                 ['theme-input', {json.dumps(text)}]]) {{
        const element = document.getElementById(id);
        element.value = value;
        element.dispatchEvent(new Event('input'));
      }}
    }})()""")
    return json.loads(page.evaluate(THEME_PANEL))


def check_theme_panel(page, tool, failures):
    """The theme panel shows the tool's report of what is typed into it: its sample first, then
    a repository theme, a state picked from the list and from the grid, and a broken file."""
    count = 0
    with tempfile.TemporaryDirectory() as folder:
        # The panel calls its text "theme.json": so does the tool, run in the folder.
        def tool_report(names, text, *flags):
            with open(os.path.join(folder, "theme.json"), "w", encoding="utf-8") as file:
                file.write(text)
            declared = [argument for name in names.split() for argument in ("--state", name)]
            return run_tool(tool, ["theme", *flags, *declared, "theme.json"], cwd=folder)

        sample = json.loads(page.evaluate(
            "JSON.stringify([document.getElementById('theme-names').value, "
            "document.getElementById('theme-input').value])"))
        with open(os.path.join(ROOT, "Examples/LinkButtons/theme.json"), encoding="utf-8") as file:
            link_buttons = file.read()
        for names, text in (sample, ("visited=16", link_buttons), ("", PROTOTYPE_NAMES_THEME)):
            shown = type_theme(page, names, text)
            human = tool_report(names, text)
            report = tool_report(names, text, "--json")
            if report["status"] != 0:
                failures.append(f"the tool refuses the panel's theme: {report['stderr']}")
                continue
            report = json.loads(report["stdout"])
            rows = [[row["state"]] + [json.dumps(row["values"][name]["value"])
                                      if name in row["values"] else "-"
                                      for name in report["attributes"]]
                    for row in report["states"]]
            # Every string value of these themes that is #hex, or a word CSS takes as a colour,
            # is one.
            words = sorted({cell for row in rows for cell in row[1:]
                            if cell.startswith('"') and cell[1:-1].isalpha()})
            named = json.loads(page.evaluate(
                f"JSON.stringify({json.dumps(words)}.filter((word) => "
                f"CSS.supports('color', JSON.parse(word))))"))
            colours = [cell for row in rows for cell in row[1:]
                       if cell.startswith('"#') or cell in named]
            wanted = {
                "status": "0", "hidden": False, "error": None,
                "head": ["state", *report["attributes"]], "rows": rows,
                "lint": [f"{finding['kind']}: {finding['message']}" for finding in report["lint"]],
                "text": human["stdout"], "options": [row["state"] for row in report["states"]],
            }
            problems = [f"{key}: {shown[key]!r}, the tool: {value!r}"
                        for key, value in wanted.items() if shown[key] != value]
            if sorted(shown["swatches"]) != sorted(colours):
                problems.append(f"swatches on {shown['swatches']}, colours {colours}")
            if not shown["explanation"].startswith(shown["state"] + ":\n"):
                problems.append(f"explains {shown['explanation']!r} for {shown['state']!r}")
            if problems:
                failures.append(f"the theme panel on {text[:40]!r}: " + "; ".join(problems))
            else:
                count += 1
        # The sample shows the lint and colours it is there to show.
        shown = type_theme(page, *sample)
        if not shown["swatches"] or not shown["lint"] or "$precedence" not in sample[1]:
            failures.append(f"the sample theme shows {len(shown['swatches'])} swatches and "
                            f"{len(shown['lint'])} findings")
        # A state picked from the list, then from the grid, is explained and marked.
        state = shown["options"][-1]
        page.evaluate(f"""(() => {{
          const picker = document.getElementById('theme-state');
          picker.value = {json.dumps(state)};
          picker.dispatchEvent(new Event('change'));
        }})()""")
        picked = json.loads(page.evaluate(THEME_PANEL))
        expected = page.call("explainTheme", sample[0], "theme.json", sample[1], state)
        page.evaluate("document.querySelectorAll('#theme-grid tr')[1].click()")
        clicked = json.loads(page.evaluate(THEME_PANEL))
        if (picked["explanation"], picked["picked"]) != (expected["stdout"], [state]):
            failures.append(f"picking {state!r} shows {picked['explanation']!r}, "
                            f"marks {picked['picked']}")
        elif (clicked["state"], clicked["picked"]) != (shown["options"][1], [shown["options"][1]]) \
                or not clicked["explanation"].startswith(shown["options"][1] + ":\n"):
            failures.append(f"clicking the second row picks {clicked['state']!r}, shows "
                            f"{clicked['explanation']!r}")
        else:
            count += 1
        # A broken file: the tool's one-line error beside the line it names, with a caret
        # under its column, and no grid; an error that names no line has no excerpt.
        for text, line in (('{"c": {"normal": 1,\n "normal": 2}}', ["line 2", ' "normal": 2}}', " ^"]),
                           ('{"c": {"normal": 1}}\n\n  x', ["line 3", "  x", "  ^"]),
                           ("[]", None)):
            shown = type_theme(page, "", text)
            error = tool_report("", text)
            got = (shown["status"], shown["hidden"], shown["error"], shown["errorLine"])
            if got != ("65", True, error["stderr"], line):
                failures.append(f"the theme panel on a broken file: {got}, the tool: "
                                f"{error['stderr']!r} (line {line})")
            else:
                count += 1
        type_theme(page, *sample)
    return count


# Each preview widget as drawn: its state and computed look.
PREVIEW = """JSON.stringify([...document.getElementById('preview-grid').children].map((cell) => {
  const widget = cell.querySelector('.widget');
  const style = getComputedStyle(widget);
  return {state: cell.dataset.state, background: style.backgroundColor, color: style.color,
    decoration: style.textDecorationLine, weight: style.fontWeight, title: widget.textContent,
    minWidth: widget.style.minWidth};
}))"""

# A CSS colour as the browser computes it, to compare with a widget's.
COMPUTED = """((colours) => JSON.stringify(colours.map((colour) => {
  const probe = document.createElement('span');
  probe.style.color = colour;
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
})))"""

# Clicks the preview's state FROM, then TO, and reads the large widget's running transitions
# (property, duration, delay, curve), its background halfway through the background's, and the
# explanation printed under it.
PLAY = """(async (from, to) => {
  const cell = (state) => [...document.getElementById('preview-grid').children]
    .find((element) => element.dataset.state === state);
  cell(from).click();
  const live = document.getElementById('preview-live');
  live.getAnimations().forEach((animation) => animation.finish());
  const before = getComputedStyle(live).backgroundColor;
  cell(to).click();
  const animations = live.getAnimations();
  const moves = animations.map((animation) => {
    const timing = animation.effect.getTiming();
    return [animation.transitionProperty, timing.duration, timing.delay, timing.easing];
  }).sort();
  const background = animations.find((a) => a.transitionProperty === 'background-color');
  let halfway = null;
  if (background) {
    background.pause();
    const timing = background.effect.getTiming();
    background.currentTime = timing.delay + timing.duration / 2;
    halfway = getComputedStyle(live).backgroundColor;
  }
  animations.forEach((animation) => animation.finish());
  // Titles and flags switch halfway, on a timer.
  await new Promise((done) => setTimeout(done, 400));
  return JSON.stringify({before, halfway, after: getComputedStyle(live).backgroundColor, moves,
    title: live.textContent, state: live.dataset.state,
    why: document.getElementById('preview-why').textContent});
})"""

# The preview's mapping for the themes checked: CSS of the widget, by the attribute that sets it.
PREVIEWED = {
    "Examples/AnimatedButtons/theme.json": {"background": "fill", "title": "label",
                                            "decoration": "underlined", "minWidth": "width"},
    "sample": {"background": "background", "color": "titleColor", "title": "title",
               "weight": "bold", "decoration": "underlined"},
}

# Changes of Examples/AnimatedButtons/theme.json played in the preview, with the transitions
# its `$transitions` gives them (`*` and `width`'s own), as CSS runs them, and lines of their
# explanation: (from, to, moves, explanation lines).
PLAYED = [
    ("normal", "highlighted",
     [["background-color", 80, 0, "ease-out"],
      ["min-width", 120, 0, "cubic-bezier(0.3, 1.6, 0.6, 1)"]],
     ["fill: 80 ms ease-out from all, !highlighted -> highlighted",
      "width: 120 ms cubic-bezier(0.3, 1.6, 0.6, 1) from width, !highlighted -> highlighted"]),
    ("highlighted", "normal",
     [["background-color", 250, 0, "ease"], ["min-width", 250, 0, "ease"]],
     ["fill: 250 ms ease from all, highlighted -> !highlighted"]),
    ("normal", "disabled", [], ["fill: snap from all, !disabled -> disabled"]),
]


def check_preview(page, tool, failures):
    """The theme's widget in every state of the grid, drawn as the theme gives it, and its
    transitions played between states."""
    count = 0
    with open(os.path.join(ROOT, "Examples/AnimatedButtons/theme.json"), encoding="utf-8") as file:
        animated = file.read()
    sample = json.loads(page.evaluate(
        "JSON.stringify([document.getElementById('theme-names').value, "
        "document.getElementById('theme-input').value])"))
    with tempfile.TemporaryDirectory() as folder:
        for key, names, text in (("Examples/AnimatedButtons/theme.json", "", animated),
                                 ("sample", *sample)):
            type_theme(page, names, text)
            with open(os.path.join(folder, "theme.json"), "w", encoding="utf-8") as file:
                file.write(text)
            declared = [argument for name in names.split() for argument in ("--state", name)]
            report = json.loads(run_tool(tool, ["theme", "--json", *declared, "theme.json"],
                                         cwd=folder)["stdout"])
            shown = json.loads(page.evaluate(PREVIEW))
            mapping = PREVIEWED[key]
            colours = [row["values"][mapping[css]]["value"] for row in report["states"]
                       for css in ("background", "color") if css in mapping]
            computed = dict(zip(colours, json.loads(page.evaluate(
                f"{COMPUTED}({json.dumps(colours)})"))))
            problems = []
            if [cell["state"] for cell in shown] != [row["state"] for row in report["states"]]:
                problems.append(f"cells {[cell['state'] for cell in shown]}")
            for cell, row in zip(shown, report["states"]):
                values = {css: row["values"][name]["value"] for css, name in mapping.items()
                          if name in row["values"]}
                wanted = {
                    "background": computed.get(values.get("background")),
                    "color": computed.get(values.get("color")),
                    "title": values.get("title", "Button"),
                    "weight": {True: "700", False: "400"}.get(values.get("weight")),
                    "decoration": {True: "underline", False: "none"}.get(values.get("decoration")),
                    "minWidth": f"{values['minWidth']}ch" if "minWidth" in values else None,
                }
                for css, value in wanted.items():
                    if value is not None and cell[css] != value:
                        problems.append(f"{row['state']}: {css} {cell[css]!r}, the theme's "
                                        f"{value!r}")
            if problems or len(shown) < 4:
                failures.append(f"the preview of {key}: " + "; ".join(problems))
            else:
                count += 1
        type_theme(page, "", animated)
        for old, new, moves, lines in PLAYED:
            played = json.loads(page.evaluate(f"{PLAY}({json.dumps(old)}, {json.dumps(new)})"))
            row = {row["state"]: row for row in report_rows(tool, animated, folder)}[new]
            final = json.loads(page.evaluate(
                f"{COMPUTED}({json.dumps([row['values']['fill']['value']])})"))[0]
            problems = []
            if played["moves"] != moves:
                problems.append(f"moves {played['moves']}, the theme's {moves}")
            if moves and played["halfway"] in (played["before"], played["after"]):
                problems.append(f"halfway {played['halfway']} is an end, {played['before']} "
                                f"or {played['after']}")
            if (played["after"], played["title"], played["state"]) != (
                    final, row["values"]["label"]["value"], new):
                problems.append(f"ends at {played['after']} {played['title']!r}, the theme's "
                                f"{final} {row['values']['label']['value']!r}")
            why = played["why"].splitlines()
            if why[:1] != [f"{old} -> {new}:"] or any(
                    not any(shown.startswith(line) for shown in why) for line in lines):
                problems.append(f"explains {played['why']!r}, not {lines}")
            if problems:
                failures.append(f"playing {old} -> {new}: " + "; ".join(problems))
            else:
                count += 1
    return count


def report_rows(tool, text, folder):
    with open(os.path.join(folder, "theme.json"), "w", encoding="utf-8") as file:
        file.write(text)
    return json.loads(run_tool(tool, ["theme", "--json", "theme.json"], cwd=folder)["stdout"])[
        "states"]


# Whether anything is wider than its box: the page, or an answer's text.
OVERFLOW = """JSON.stringify({
  page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
  boxes: [...document.querySelectorAll('.answer, .output, .excerpt, .line .input, figcaption, .widget')]
    .filter((box) => box.offsetParent !== null && box.scrollWidth > box.clientWidth + 1)
    .map((box) => box.id || box.className)})"""


def check_layout(page, failures):
    """Long lines wrap in a narrow window: nothing is wider than the page or its box. Takes the
    screenshots: the page as it opens, its errors beside their lines, and long lines wrapped."""
    count = 0
    page.size(1100)
    type_theme(page, *json.loads(page.evaluate(
        "JSON.stringify([document.getElementById('theme-names').defaultValue, "
        "document.getElementById('theme-input').defaultValue])")))
    page.evaluate("""(() => {
      const cell = [...document.getElementById('preview-grid').children]
        .find((element) => element.dataset.state === 'selected');
      cell.click();
    })()""")
    print(f"screenshot: {page.screenshot('web-page.png')}")
    page.size(520)
    long_mask = "0x" + "1" * 3000
    long_text = " | ".join(["selected", "visited"] * 200)
    long_value = "x" * 2000
    masks = json.dumps("\n".join(["0x00010004", long_mask, "0b101"]))
    texts = json.dumps("\n".join([long_text, "bogus"]))
    theme = json.dumps(json.dumps({"title": {"normal": long_value}, "c": {"normal": 1}}))
    page.evaluate(f"""(() => {{
      const set = (id, value) => {{
        const element = document.getElementById(id);
        element.value = value;
        element.dispatchEvent(new Event('input'));
      }};
      set('mask-layout', '0');
      set('mask-names', '');
      set('mask-input', {masks});
      set('encode-layout', '0');
      set('encode-names', 'visited=16');
      set('encode-input', {texts});
      set('theme-names', '');
      set('theme-input', {theme});
      document.querySelector('#theme details').open = true;
    }})()""")
    shown = json.loads(page.evaluate(OVERFLOW))
    if shown["page"][0] > shown["page"][1] or shown["boxes"]:
        failures.append(f"long lines do not wrap at 520 pixels: the page is {shown['page'][0]} "
                        f"pixels wide in {shown['page'][1]}; wider than their box: {shown['boxes']}")
    else:
        count += 1
    print(f"screenshot: {page.screenshot('web-page-narrow.png')}")
    page.size(1100)
    type_theme(page, "", '{"c": {"normal": 1,\n "normal": 2}}')
    page.evaluate("""(() => {
      const input = document.getElementById('mask-input');
      input.value = '0x00010004\\n0x1g\\n0b101';
      input.dispatchEvent(new Event('input'));
      document.getElementById('theme').scrollIntoView();
    })()""")
    print(f"screenshot: {page.screenshot('web-page-errors.png')}")
    return count


def check_links(browser, base, failures):
    """The page links to the documentation's landing page, which links back to the page."""
    count = 0
    page = Page(browser, f"{base}/web/", 30)
    link = json.loads(page.evaluate("""(async () => {
      const link = document.getElementById('docs-link');
      const response = await fetch(link.href);
      return JSON.stringify([new URL(link.href).pathname, response.ok]);
    })()"""))
    if link != ["/StateKit/documentation/statekit/", True]:
        failures.append(f"the page's link to the documentation goes to {link}")
    else:
        count += 1
    failures.extend(page.problems())
    page.close()
    page = Page(browser, f"{base}/StateKit/documentation/statekit/", 0)
    found = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not found:
        found = json.loads(page.evaluate("""(async () => {
          const link = [...document.querySelectorAll('main a')]
            .find((a) => new URL(a.href).pathname === '/web/');
          if (!link) return 'null';
          const response = await fetch(link.href);
          return JSON.stringify([link.getAttribute('href'), link.textContent.trim(), response.ok]);
        })()"""))
        if not found:
            time.sleep(0.25)
    if not found or not found[2]:
        failures.append(f"the documentation's landing page has no working link to /web/: {found}")
    else:
        count += 1
    time.sleep(0.5)
    failures.extend(page.problems())
    page.close()
    return count


def check_file(browser, site, failures):
    """Opened from disk, the page says how to serve it, and reports no error."""
    page = Page(browser, "file://" + os.path.join(os.path.abspath(site), "web", "index.html"), 30)
    hint = json.loads(page.evaluate("""JSON.stringify([document.body.dataset.ready,
      !document.getElementById('serve-hint').hidden,
      document.getElementById('serve-hint').innerText])"""))
    count = 0
    if hint[0] != "file" or not hint[1] or "python3 -m http.server" not in hint[2]:
        failures.append(f"opened from disk, the page shows {hint}")
    else:
        count += 1
    page.size(900)
    print(f"screenshot: {page.screenshot('web-page-file.png')}")
    time.sleep(0.3)
    failures.extend(page.problems())
    page.close()
    return count


def guarded(check, failures, *arguments):
    """A check's count; a check that cannot run on the page (an element missing, a script
    failing) is one failure, and the checks after it still run."""
    try:
        return check(*arguments)
    except (RuntimeError, KeyError, TypeError, ValueError, IndexError) as error:
        failures.append(f"{check.__name__}: {str(error)[:300]}")
        return 0


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
            count += check_themes(page, tool, failures)
            count += guarded(check_panels, failures, page, tool, failures)
            print(f"web page: {count} answers equal to statekit-inspect's")
            shown = guarded(check_preview, failures, page, tool, failures)
            shown += guarded(check_layout, failures, page, failures)
            print(f"web page: {shown} checks of the preview, its transitions and wrapping")
        time.sleep(0.5)
        failures += page.problems()
        page.close()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        linked = guarded(check_links, failures, browser, base, failures)
        linked += guarded(check_file, failures, browser, arguments.site, failures)
        print(f"web page: {linked} checks of its links both ways and of it opened from disk")
    finally:
        browser.close()
        server.shutdown()
    for failure in failures:
        print(f"FAIL {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
