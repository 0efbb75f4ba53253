#!/usr/bin/env python3
"""Checks that StateKitCore's Embedded Swift file list is whole and that the docs say where the
sources differ for Embedded Swift:

- every .swift file under Sources/StateKitCore is either compiled for Embedded Swift (the
  STATEKITCORE list of scripts/build-embedded.sh) or left out with a reason (its NOT_EMBEDDED
  list, "path: why"), never both, and every listed file exists;
- Docs/Architecture.md's sentence on `#if hasFeature(Embedded)` gives the number of places and
  of files that the sources have, and names each of those files.

Usage: python3 scripts/check-embedded-files.py              (exits 1 with one line per problem)
       python3 scripts/check-embedded-files.py --self-test  (the check finds planted problems)
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve"]


def bash_array(script, name):
    """The words of `NAME=( ... )` in a bash script, quotes removed."""
    match = re.search(rf"^{name}=\(\n(.*?)^\)", script, re.S | re.M)
    if not match:
        return None
    return [line.strip().strip('"') for line in match.group(1).splitlines() if line.strip()]


def list_problems(sources, built, excluded):
    """Problems of the two lists against the files `sources` (paths from the repository)."""
    problems = []
    reasons = {}
    for entry in excluded:
        path, _, reason = entry.partition(": ")
        if not reason.strip():
            problems.append(f"{path}: left out of Embedded Swift without a reason")
        reasons[path] = reason
    for path in sorted(set(built) | set(reasons)):
        if path not in sources:
            problems.append(f"{path}: listed in scripts/build-embedded.sh but not in Sources")
    for path in sorted(sources):
        if path in built and path in reasons:
            problems.append(f"{path}: both compiled for Embedded Swift and left out")
        elif path not in built and path not in reasons:
            problems.append(f"{path}: neither compiled for Embedded Swift (STATEKITCORE) nor left "
                            "out with a reason (NOT_EMBEDDED) in scripts/build-embedded.sh")
    return problems


def site_problems(sites, architecture):
    """Problems of Architecture.md's account of the `#if hasFeature(Embedded)` sites, given as
    {path: count}."""
    match = re.search(r"`#if hasFeature\(Embedded\)` marks (\w+) places in (\w+) files(.*?)\n\n",
                      architecture, re.S)
    if not match:
        return ["Docs/Architecture.md: no sentence \"`#if hasFeature(Embedded)` marks N places in "
                "M files (...)\""]
    problems = []
    places, files = sum(sites.values()), len(sites)
    for said, real, what in [(match.group(1), places, "places"), (match.group(2), files, "files")]:
        if said not in NUMBERS or NUMBERS.index(said) != real:
            problems.append(f"Docs/Architecture.md: says `#if hasFeature(Embedded)` marks {said} "
                            f"{what}; the sources have {real}")
    named = " ".join(match.group(3).split())
    for path in sorted(sites):
        short = "/".join(path.split("/")[2:])
        if f"`{short}`" not in named:
            problems.append(f"Docs/Architecture.md: does not name {short}, which has "
                            "`#if hasFeature(Embedded)`")
    return problems


def embedded_sites():
    sites = {}
    for path in glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True):
        with open(path, encoding="utf-8") as file:
            count = len(re.findall(r"#if\s+!?hasFeature\(Embedded\)", file.read()))
        if count:
            sites[os.path.relpath(path, ROOT)] = count
    return sites


def self_test():
    sources = {"Sources/StateKitCore/A.swift", "Sources/StateKitCore/B.swift"}
    cases = [
        (["Sources/StateKitCore/A.swift"], [], "neither compiled"),
        (["Sources/StateKitCore/A.swift"], ["Sources/StateKitCore/B.swift: "], "without a reason"),
        (["Sources/StateKitCore/A.swift", "Sources/StateKitCore/C.swift"],
         ["Sources/StateKitCore/B.swift: why"], "not in Sources"),
        (["Sources/StateKitCore/A.swift", "Sources/StateKitCore/B.swift"],
         ["Sources/StateKitCore/B.swift: why"], "both compiled"),
    ]
    failures = []
    for built, excluded, expected in cases:
        if not any(expected in problem for problem in list_problems(sources, built, excluded)):
            failures.append(f"self-test: no problem \"{expected}\" for {built} {excluded}")
    if list_problems(sources, ["Sources/StateKitCore/A.swift"], ["Sources/StateKitCore/B.swift: why"]):
        failures.append("self-test: a whole list reported as a problem")
    sites = {"Sources/M/X.swift": 2, "Sources/M/Y.swift": 1}
    right = "`#if hasFeature(Embedded)` marks three places in two files (`X.swift`, `Y.swift`).\n\n"
    if site_problems(sites, right):
        failures.append("self-test: a true account of the sites reported as a problem")
    for wrong in [right.replace("three", "two"), right.replace("two files", "three files"),
                  right.replace(", `Y.swift`", "")]:
        if not site_problems(sites, wrong):
            failures.append(f"self-test: no problem found in {wrong.strip()!r}")
    return failures


def main():
    if sys.argv[1:] == ["--self-test"]:
        failures = self_test()
        print("\n".join(failures) if failures else "check-embedded-files self-test: 9 passed, 0 failed")
        return 1 if failures else 0
    with open(os.path.join(ROOT, "scripts", "build-embedded.sh"), encoding="utf-8") as file:
        script = file.read()
    built, excluded = bash_array(script, "STATEKITCORE"), bash_array(script, "NOT_EMBEDDED")
    if built is None or excluded is None:
        print("scripts/build-embedded.sh: no STATEKITCORE or NOT_EMBEDDED list")
        return 1
    sources = {os.path.relpath(path, ROOT) for path in
               glob.glob(os.path.join(ROOT, "Sources", "StateKitCore", "**", "*.swift"), recursive=True)}
    with open(os.path.join(ROOT, "Docs", "Architecture.md"), encoding="utf-8") as file:
        architecture = file.read()
    problems = list_problems(sources, built, excluded) + site_problems(embedded_sites(), architecture)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"StateKitCore: {len(built)} files compiled for Embedded Swift, {len(excluded)} left out "
              "with a reason; Docs/Architecture.md's #if hasFeature(Embedded) sites are the sources'")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
