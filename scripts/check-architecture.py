#!/usr/bin/env python3
"""Checks the module graph of Docs/Architecture.md: which target may depend on which, that the
Foundation-free modules import no Foundation, that StateKitFoundation imports Foundation only
behind `#if canImport`, that the StateKit product links StateKitFoundation (its clients get
StateKitError's LocalizedError conformance) while statekit-inspect does not, and that the
package depends on no other package.

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
    "StateKit": {"ErrorKitCore"},
    "StateKitFoundation": {"StateKit", "ErrorKitCore"},
    "StateKitTesting": {"StateKit"},
    "ErrorKit": {"ErrorKitCore"},
    "InspectKit": {"StateKit", "ErrorKitCore"},
    "statekit-inspect": {"InspectKit"},
}
# target -> modules it may import only inside `#if canImport(...)` of that module
CONDITIONAL_IMPORTS = {
    "StateKit": {"UIKit"},
    "StateKitFoundation": {"Foundation", "FoundationEssentials"},
}
# product -> the targets it must list: StateKit's clients link StateKitFoundation
PRODUCT_TARGETS = {"StateKit": {"StateKit", "StateKitFoundation"}}
# target -> modules it must not import
FORBIDDEN_IMPORTS = {
    "ErrorKitCore": {"Foundation", "FoundationEssentials", "StateKit", "ErrorKit"},
    "StateKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "StateKitFoundation": {"ErrorKit"},
    "StateKitTesting": {"Foundation", "FoundationEssentials", "ErrorKit", "XCTest"},
    "ErrorKit": {"StateKit"},
    "InspectKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "statekit-inspect": {"Foundation", "FoundationEssentials"},
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
        for path in glob.glob(os.path.join(ROOT, "Sources", name, "**", "*.swift"), recursive=True):
            problems += import_problems(name, path)
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
