#!/usr/bin/env python3
"""Loads the landing page of each documentation site in headless Chromium and checks what renders.

Serves .build/docs/site (made by scripts/docs.sh) on a free local port and, for each module,
opens /<Module>/documentation/<module>/ in Chromium, driven over the DevTools protocol through a
pipe (--remote-debugging-pipe: no websocket client needed, only the standard library). A page
passes when, within the time limit, the rendered DOM shows the module's title as its heading and
the abstract of the catalog's landing article, and nothing was reported as an error: no uncaught
exception, no console.error, no failed request or other error-level browser log entry.

Usage: scripts/check-docs-site.py [--site DIR] [--timeout SECONDS] [MODULE[=PATH] ...]
  MODULE=PATH loads PATH instead of the module's landing page (used to prove that the check
  fails on a page that does not render, e.g. StateKit=/StateKit/documentation/nothing/).
Exit status: 0 when every page passes, 1 otherwise.
"""

import argparse
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["StateKit", "StateKitTesting", "ErrorKit"]


def expected_text(module):
    """The title and the abstract (first paragraph) of the catalog's landing article."""
    path = os.path.join(ROOT, "Sources", module, f"{module}.docc", f"{module}.md")
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    abstract = []
    for line in lines[1:]:
        if line.strip():
            abstract.append(line.strip())
        elif abstract:
            break
    text = " ".join(abstract)
    text = re.sub(r"``([^`]+)``", lambda m: m.group(1).split("/")[-1], text)
    text = text.replace("`", "")
    return module, text


class Browser:
    """Headless Chromium over the DevTools protocol, messages separated by NUL on fds 3 and 4."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="statekit-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-background-networking",
             f"--user-data-dir={self.profile}", "--remote-debugging-pipe"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False,  # the child end of each pipe is moved to fd 3 or 4 below
            preexec_fn=lambda: (os.dup2(to_browser_read, 3), os.dup2(from_browser_write, 4)))
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.next_id = 0
        self.lock = threading.Condition()
        self.responses = {}
        self.events = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self.from_browser, 65536)
            if not chunk:
                return
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                data = json.loads(message)
                with self.lock:
                    if "id" in data:
                        self.responses[data["id"]] = data
                    else:
                        self.events.append(data)
                    self.lock.notify_all()

    def send(self, method, params=None, session=None, timeout=15):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self.lock:
            while ident not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no answer to {method}")
                self.lock.wait(left)
            response = self.responses.pop(ident)
        if "error" in response:
            raise RuntimeError(f"{method}: {response['error']}")
        return response.get("result", {})

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except (OSError, TimeoutError, RuntimeError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


RENDERED = """(() => {
  const heading = document.querySelector('main h1');
  const abstract = document.querySelector('main .abstract');
  return JSON.stringify({
    heading: heading ? heading.innerText.trim() : null,
    abstract: abstract ? abstract.innerText.replace(/\\s+/g, ' ').trim() : null,
    text: document.body ? document.body.innerText.length : 0,
  });
})()"""


def problems_in(events, session):
    """Error-level reports among the events of one page."""
    found = []
    for event in events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            description = details.get("exception", {}).get("description") or details.get("text")
            found.append(f"uncaught exception: {description}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            texts = [str(arg.get("value", arg.get("description", ""))) for arg in params["args"]]
            found.append(f"console.{params['type']}: {' '.join(texts)}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append(f"browser log error: {entry.get('text')} {entry.get('url', '')}".strip())
    return found


def plain(text):
    """Text without DocC's typographic quotes."""
    if text is None:
        return None
    return text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))


def check_page(browser, url, title, abstract, timeout):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
        "sessionId"]
    for domain in ("Runtime", "Log", "Page"):
        browser.send(f"{domain}.enable", session=session)
    browser.send("Page.navigate", {"url": url}, session=session)
    deadline = time.monotonic() + timeout
    rendered = {}
    while time.monotonic() < deadline:
        result = browser.send("Runtime.evaluate", {"expression": RENDERED, "returnByValue": True},
                              session=session)
        rendered = json.loads(result["result"]["value"])
        if rendered["heading"] == title and rendered["abstract"]:
            break
        time.sleep(0.25)
    time.sleep(0.5)  # late errors, such as a failed image or data request
    with browser.lock:
        problems = problems_in(browser.events, session)
    browser.send("Target.closeTarget", {"targetId": target})
    if rendered.get("heading") != title:
        problems.append(f"heading is {rendered.get('heading')!r}, expected {title!r} "
                        f"(rendered text: {rendered.get('text', 0)} characters)")
    if plain(rendered.get("abstract")) != plain(abstract):
        problems.append(f"abstract is {rendered.get('abstract')!r}, expected {abstract!r}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=os.path.join(ROOT, ".build", "docs", "site"))
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("pages", nargs="*", metavar="MODULE[=PATH]")
    arguments = parser.parse_args()
    pages = arguments.pages or MODULES
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if not executable:
        sys.exit("check-docs-site: chromium is not installed (apt-get install chromium)")
    if not os.path.isdir(arguments.site):
        sys.exit(f"check-docs-site: no site at {arguments.site}; run scripts/docs.sh first")

    handler = functools.partial(QuietHandler, directory=arguments.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    browser = Browser(executable)
    failed = False
    try:
        for page in pages:
            module, _, path = page.partition("=")
            path = path or f"/{module}/documentation/{module.lower()}/"
            title, abstract = expected_text(module)
            url = f"http://127.0.0.1:{port}{path}"
            problems = check_page(browser, url, title, abstract, arguments.timeout)
            if problems:
                failed = True
                print(f"FAIL {url}")
                for problem in problems:
                    print(f"  {problem}")
            else:
                print(f"ok   {url}: \"{title}\", abstract rendered, no errors")
    finally:
        browser.close()
        server.shutdown()
    sys.exit(1 if failed else 0)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    main()
