#!/usr/bin/env python3
"""Checks the module graph of Docs/Architecture.md: which target may depend on which, that the
Foundation-free modules import no Foundation, that no range of a bit layout is written out
(as a range such as `16...23` or a mask such as `0x00FF0000`) outside the layout description, that StateKitFoundation imports Foundation only
behind `#if canImport`, that the StateKit product links StateKitFoundation (its clients get
StateKitError's LocalizedError conformance) while statekit-inspect does not, that no module the
tool links imports Synchronization or Observation (it links StateKitCore, not the StateKit
umbrella, and starts without them), and that the package depends on no other package.

Usage: python3 scripts/check-architecture.py  (exits 1 with one line per problem)
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# target -> the targets it may depend on (exactly)
ALLOWED = {
    "ErrorKitCore": set(),
    "StateKitCore": {"ErrorKitCore", "StateKitAtomics"},
    # C builtins for StyleHolder's atomic pointer, header only.
    "StateKitAtomics": set(),
    "StateKit": {"StateKitCore"},
    "StateKitFoundation": {"StateKitCore", "ErrorKitCore"},
    "StateKitTesting": {"StateKitCore"},
    "ErrorKit": {"ErrorKitCore"},
    "InspectKit": {"StateKitCore", "ErrorKitCore"},
    "statekit-inspect": {"InspectKit"},
    # Test fixtures: two widget libraries on the same bit (Tests/TwoLibraries/).
    "LinkKit": {"StateKit"},
    "ListKit": {"StateKit"},
}
# target -> modules it may import only inside `#if canImport(...)` of that module
CONDITIONAL_IMPORTS = {
    "StateKitCore": {"UIKit"},
    "StateKitFoundation": {"Foundation", "FoundationEssentials"},
}
# product -> the targets it must list: StateKit's clients link StateKitFoundation
PRODUCT_TARGETS = {"StateKit": {"StateKit", "StateKitFoundation"}}
# target -> modules it must not import
# (Synchronization and Observation load libraries of their own at start-up: StateKit only.)
LIBRARY_IMPORTS = {"Synchronization", "Observation"}
FORBIDDEN_IMPORTS = {
    "ErrorKitCore": {"Foundation", "FoundationEssentials", "StateKit", "StateKitCore", "ErrorKit"}
    | LIBRARY_IMPORTS,
    "StateKitCore": {"Foundation", "FoundationEssentials", "ErrorKit", "StateKit"} | LIBRARY_IMPORTS,
    "StateKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "StateKitFoundation": {"ErrorKit", "StateKit"} | LIBRARY_IMPORTS,
    "StateKitTesting": {"Foundation", "FoundationEssentials", "ErrorKit", "XCTest", "StateKit"}
    | LIBRARY_IMPORTS,
    "ErrorKit": {"StateKit", "StateKitCore"},
    "InspectKit": {"Foundation", "FoundationEssentials", "ErrorKit", "StateKit"} | LIBRARY_IMPORTS,
    "statekit-inspect": {"Foundation", "FoundationEssentials", "StateKit"} | LIBRARY_IMPORTS,
    "LinkKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "ListKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
}


def import_problems(target, path):
    """The imports of one file that its target may not make: a forbidden module, or a
    conditional one outside an `#if canImport(...)` block that names it."""
    problems = []
    conditions = []  # the enclosing #if lines, innermost last
    with open(path) as file:
        for line in file:
            stripped = line.strip()
            if stripped.startswith("#if"):
                conditions.append(stripped)
            elif stripped.startswith(("#elseif", "#else")) and conditions:
                conditions[-1] = stripped
            elif stripped.startswith("#endif") and conditions:
                conditions.pop()
            match = re.match(r"\s*(?:@\w+(?:\(\w+\))?\s+)*import\s+(\w+)", line)
            if not match:
                continue
            module = match.group(1)
            where = os.path.relpath(path, ROOT)
            if module in FORBIDDEN_IMPORTS.get(target, set()):
                problems.append(f"{where} imports {module}")
            elif module in CONDITIONAL_IMPORTS.get(target, set()) and not (
                    conditions and f"canImport({module})" in conditions[-1]):
                problems.append(f"{where} imports {module} outside #if canImport({module})")
    return problems


# The one description of the bit layouts: the only files that may write out a layout's ranges.
LAYOUT_FILES = {"Sources/StateKitCore/BitLayout.swift", "Sources/StateKitCore/ControlEvents+Layout.swift"}
# Modules whose code works with the layouts; their code (not comments) is scanned.
LAYOUT_MODULES = ["StateKitCore", "StateKit", "StateKitFoundation", "StateKitTesting", "InspectKit",
                  "statekit-inspect"]
# Masks of the application and reserved ranges (ControlState: 0x00FF0000, 0xFF000000; control
# events: 0x0F000000, 0xF0000000, and the editing range 0x000F0000).
LAYOUT_MASKS = {0x00FF0000, 0xFF000000, 0x0F000000, 0xF0000000, 0x000F0000}
LAYOUT_RANGE = re.compile(r"\b(16|24|28)\s*(\.\.\.|\.\.<)\s*(23|24|27|28|31|32)\b"
                          r"|\bfrom (16|24) to (23|27)\b")
HEX_LITERAL = re.compile(r"\b0[xX]([0-9A-Fa-f_]+)\b")


def code_of(line):
    """The line without its `//` comment (a `//` inside a string literal stays)."""
    in_string = False
    index = 0
    while index < len(line):
        char = line[index]
        if char == "\\" and in_string:
            index += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index]
        index += 1
    return line


def layout_literal_problems():
    """Every range or mask of a layout written out in code outside LAYOUT_FILES."""
    problems = []
    for module in LAYOUT_MODULES:
        for path in sorted(glob.glob(os.path.join(ROOT, "Sources", module, "**", "*.swift"),
                                     recursive=True)):
            where = os.path.relpath(path, ROOT)
            if where in LAYOUT_FILES:
                continue
            with open(path) as file:
                for number, line in enumerate(file, 1):
                    code = code_of(line)
                    found = [m.group(0) for m in LAYOUT_RANGE.finditer(code)]
                    found += [m.group(0) for m in HEX_LITERAL.finditer(code)
                              if int(m.group(1).replace("_", ""), 16) in LAYOUT_MASKS]
                    for literal in found:
                        problems.append(f"{where}:{number}: the layout range {literal} is written "
                                        "out; ask the BitLayout (Sources/StateKitCore/BitLayout.swift)")
    return problems


def main():
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    problems = []
    if dump.get("dependencies"):
        problems.append("the package depends on other packages")
    for target in dump["targets"]:
        name = target["name"]
        if target["type"] == "test":
            continue
        deps = set()
        for dep in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dep:
                    deps.add(dep[kind][0])
        if name not in ALLOWED:
            problems.append(f"{name}: not in Docs/Architecture.md")
        elif deps != ALLOWED[name]:
            problems.append(f"{name} depends on {sorted(deps)}, Docs/Architecture.md says {sorted(ALLOWED[name])}")
        for path in glob.glob(os.path.join(ROOT, target.get("path") or os.path.join("Sources", name),
                                           "**", "*.swift"), recursive=True):
            problems += import_problems(name, path)
    problems += layout_literal_problems()
    for product in dump["products"]:
        expected = PRODUCT_TARGETS.get(product["name"])
        if expected and set(product["targets"]) != expected:
            problems.append(f"product {product['name']} lists {sorted(product['targets'])}, "
                            f"Docs/Architecture.md says {sorted(expected)}")
    for problem in problems:
        print(f"architecture: {problem}")
    if not problems:
        print("architecture: the module graph matches Docs/Architecture.md")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
