#!/usr/bin/env python3
"""Checks the public API of the libraries against the last release's, with the toolchain's
swift-api-digester, and fails on a break that CHANGELOG.md does not record.

The baseline is checked in: api/<Module>.json, the digester's dump of each library module at
the last release (`--update` writes it, at release time, from the current build). A check dumps
the current modules from the debug build (`swift build` first), compares each with its baseline
(`swift-api-digester -diagnose-sdk`), and reports every break the digester finds: removed or
renamed declarations, changed types, signatures and conformances. A break is recorded when its
exact line appears in api/recorded-breaks.txt (the digester's allowlist), which a breaking change
must update together with CHANGELOG.md. Additions are never reported.

Usage:
  swift build && python3 scripts/check-api.py             # exit 1 on an unrecorded break
  swift build && python3 scripts/check-api.py --update    # at a release: new baselines
  swift build && python3 scripts/check-api.py --self-test # removes a public member from a copy
      of the current dump and checks that the comparison reports it (CI runs this too)
  swift build && python3 scripts/check-api.py --count     # public declarations per module, now
      and at the last release; with --max N, exit 1 when the total is above N

A count takes every declaration of the dump that a client of the products can name: types,
properties, enum cases, initializers, methods, subscripts, type aliases and protocol
requirements, whether or not its line spells `public` (enum cases and protocol requirements
do not). It leaves out `package` declarations (which the dump marks internal), what the
compiler synthesizes (`hashValue`, the `Equatable` witness of a struct, `RawValue`) and the
extensions of other modules' types, whose members it counts.
"""

import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API = os.path.join(ROOT, "api")
MODULES = ["ErrorKitCore", "StateKit", "StateKitTesting", "ErrorKit"]
# A module whose API is others' too, re-exported (`@_exported import`): the API a client of
# `import StateKit` sees is StateKit's declarations and StateKitCore's, compared as one.
REEXPORTS = {"StateKit": ["StateKitCore"]}
RECORDED = os.path.join(API, "recorded-breaks.txt")


def modules_path():
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "Modules")


def c_module_paths():
    """The folders of the package's C targets' module maps, which the Swift modules import."""
    build = os.path.dirname(modules_path())
    return [arg for folder in sorted(glob.glob(os.path.join(build, "*.build", "module.modulemap")))
            for arg in ("-I", os.path.dirname(folder))]


def dump(module, output):
    """The digester's dump of a module, with the declarations of the modules it re-exports."""
    subprocess.run(["swift-api-digester", "-dump-sdk", "-module", module, "-I", modules_path(),
                    *c_module_paths(), "-o", output, "-avoid-location", "-avoid-tool-args", "-swift-only",
                    "-abort-on-module-fail"], check=True)
    if module not in REEXPORTS:
        return
    with open(output) as file:
        data = json.load(file)
    for other in REEXPORTS[module]:
        part = output + "." + other
        dump(other, part)
        with open(part) as file:
            data["ABIRoot"]["children"] += json.load(file)["ABIRoot"]["children"]
    with open(output, "w") as file:
        json.dump(data, file, indent=1)


def breaks(baseline, current):
    """The digester's findings, one line each, without its section headers."""
    command = ["swift-api-digester", "-diagnose-sdk", "-input-paths", baseline, "-input-paths",
               current]
    if os.path.exists(RECORDED):
        command += ["-breakage-allowlist-path", RECORDED]
    result = subprocess.run(command, capture_output=True, text=True)
    lines = (result.stdout + result.stderr).splitlines()
    # The digester reads its allowlist through the C preprocessor, which makes every run of
    # spaces one: a line with two spaces in a row (a generic signature changed from none,
    # "from  to <…>") is recorded here, matching with its spaces collapsed.
    recorded = set()
    if os.path.exists(RECORDED):
        with open(RECORDED) as file:
            recorded = {" ".join(line.split()) for line in file if "  " in line}
    return [line for line in lines if line.strip() and not line.startswith("/*")
            and " ".join(line.split()) not in recorded]


DECLARATION_KINDS = {"TypeDecl", "Var", "Function", "Constructor", "Subscript", "TypeAlias",
                     "AssociatedType", "Macro", "OperatorDecl"}
# Children of a declaration that are parts of its signature, not declarations of their own.
SIGNATURE_KINDS = {"TypeNominal", "TypeFunc", "TypeNameAlias", "Accessor"}


def public_declarations(path):
    """The dotted names of the declarations a client can name, in a digester dump."""
    with open(path) as file:
        root = json.load(file)["ABIRoot"]
    names = []

    def walk(node, prefix):
        if node.get("kind") in DECLARATION_KINDS:
            name = f"{prefix}.{node.get('printedName', node.get('name'))}"
            # An extension of another module's type (`isExternal`) declares only its members.
            if not (node.get("implicit") or node.get("isInternal") or node.get("isExternal")):
                names.append(name)
            if node["kind"] == "Var":
                return
            prefix = f"{prefix}.{node.get('name', '')}"
        for child in node.get("children") or []:
            if child.get("kind") not in SIGNATURE_KINDS:
                walk(child, prefix)

    walk(root, "")
    return names


def count(scratch, bar=None):
    """Prints each module's public declarations, now and in the release baseline; returns 1
    when the total is above `bar`."""
    total, baseline_total = 0, 0
    for module in MODULES:
        current = os.path.join(scratch, module + ".json")
        dump(module, current)
        now = len(public_declarations(current))
        baseline = os.path.join(API, module + ".json")
        before = len(public_declarations(baseline)) if os.path.exists(baseline) else 0
        total, baseline_total = total + now, baseline_total + before
        print(f"api: {module}: {now} public declarations (last release {before})")
    print(f"api: all modules: {total} public declarations (last release {baseline_total})")
    if bar is not None and total > bar:
        print(f"api: {total} public declarations, above the bar of {bar}: fold or hide what a "
              "client does not need, and record each removal in CHANGELOG.md")
        return 1
    return 0


def main():
    if "--count" in sys.argv:
        bar = None
        if "--max" in sys.argv:
            index = sys.argv.index("--max") + 1
            if index >= len(sys.argv) or not sys.argv[index].isdigit():
                print("api: --max takes a number of declarations, such as --max 700")
                return 2
            bar = int(sys.argv[index])
        with tempfile.TemporaryDirectory() as scratch:
            return count(scratch, bar)
    update = "--update" in sys.argv
    self_test = "--self-test" in sys.argv
    os.makedirs(API, exist_ok=True)
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        for module in MODULES:
            current = os.path.join(scratch, module + ".json")
            dump(module, current)
            baseline = os.path.join(API, module + ".json")
            if update:
                with open(current) as source, open(baseline, "w") as target:
                    target.write(source.read())
                print(f"api: wrote {os.path.relpath(baseline, ROOT)}")
                continue
            if self_test:
                # Break the API on purpose: drop the first public member of the first type.
                with open(current) as file:
                    data = json.load(file)
                types = [node for node in data["ABIRoot"]["children"]
                         if node.get("kind") == "TypeDecl" and node.get("children")]
                victim = types[0]["children"].pop(0)
                broken = os.path.join(scratch, module + "-broken.json")
                with open(broken, "w") as file:
                    json.dump(data, file)
                found = breaks(current, broken)
                expected = f"{types[0]['name']}.{victim['name']}"
                if not any(expected in line for line in found):
                    print(f"api self-test: removing {expected} from {module} was not reported: {found}")
                    failed = True
                else:
                    print(f"api self-test: {module}: removing {expected} is reported: {found[0]}")
                continue
            if not os.path.exists(baseline):
                print(f"api: no baseline for {module}; run scripts/check-api.py --update at a release")
                failed = True
                continue
            found = breaks(baseline, current)
            if found:
                failed = True
                print(f"api: {module} breaks the API of the last release:")
                for line in found:
                    print(f"  {line}")
            else:
                print(f"api: {module}: no break against the last release")
    if failed and not update:
        if not self_test:
            print("A break must be intended: record it in CHANGELOG.md and add the line above to "
                  "api/recorded-breaks.txt (or, at a release, run --update).")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
