#!/usr/bin/env python3
"""Checks the module graph of Docs/Architecture.md: which target may depend on which, that the
Foundation-free modules import no Foundation, and that the package depends on no other package.

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
    "StateKitTesting": {"StateKit"},
    "ErrorKit": {"ErrorKitCore"},
    "InspectKit": {"StateKit", "ErrorKitCore"},
    "statekit-inspect": {"InspectKit"},
}
# target -> modules it must not import
FORBIDDEN_IMPORTS = {
    "ErrorKitCore": {"Foundation", "FoundationEssentials", "StateKit", "ErrorKit"},
    "StateKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "StateKitTesting": {"Foundation", "FoundationEssentials", "ErrorKit", "XCTest"},
    "ErrorKit": {"StateKit"},
    "InspectKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "statekit-inspect": {"Foundation", "FoundationEssentials"},
}


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
            with open(path) as file:
                for line in file:
                    match = re.match(r"\s*(?:@\w+(?:\(\w+\))?\s+)*import\s+(\w+)", line)
                    if match and match.group(1) in FORBIDDEN_IMPORTS.get(name, set()):
                        if "canImport(UIKit)" in open(path).read() and match.group(1) == "UIKit":
                            continue
                        problems.append(f"{os.path.relpath(path, ROOT)} imports {match.group(1)}")
    for problem in problems:
        print(f"architecture: {problem}")
    if not problems:
        print("architecture: the module graph matches Docs/Architecture.md")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
