#!/usr/bin/env python3
"""Prints a `swift test --filter` pattern that matches every growth check: the tests whose
`@Test` traits enable them only when STATEKIT_GROWTH_CHECKS is set (`GrowthChecks.requested`,
directly or through a trait constant named `growthCheck`). CI runs the whole suite once, then
these alone with the variable set. Exits 1 when it finds none, so a change of spelling cannot
turn the growth checks off in silence.

Usage: STATEKIT_GROWTH_CHECKS=1 swift test --skip-build --filter "$(python3 scripts/growth-tests.py)"
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GATE = re.compile(r"GrowthChecks\.requested|\bgrowthCheck\b")


def growth_tests():
    names = set()
    for path in glob.glob(os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True):
        with open(path) as file:
            text = file.read()
        for match in re.finditer(r"@Test\s*\(", text):
            # The attribute's arguments, up to the parenthesis that closes them.
            depth, index = 1, match.end()
            while depth and index < len(text):
                depth += {"(": 1, ")": -1}.get(text[index], 0)
                index += 1
            function = re.compile(r"\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:\w+\s+)*func\s+(\w+)")
            name = function.match(text, index)
            if name and GATE.search(text[match.end():index]):
                names.add(name.group(1))
    return sorted(names)


if __name__ == "__main__":
    found = growth_tests()
    if not found:
        sys.exit("growth-tests: no test is gated on GrowthChecks.requested")
    print("|".join(rf"\b{name}\(" for name in found))
