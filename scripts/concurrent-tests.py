#!/usr/bin/env python3
"""Prints a `swift test --filter` pattern that matches the test suites which run code on more
than one thread or task: the types declared in every test file that names a concurrency
primitive (threads, dispatch queues, tasks, task groups, the main actor, locks, atomics).
CI runs these under ThreadSanitizer; the other suites run single-threaded code, which the
sanitizer only slows down (the address sanitizer runs every suite). A new file that starts a
thread or a task is found by the same rule, so it cannot fall off the list. Exits 1 when it
finds none.

Usage: swift test --sanitize=thread --filter "$(python3 scripts/concurrent-tests.py)"
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONCURRENT = re.compile(
    r"DispatchQueue|\bThread\b|pthread_|Task\.detached|\bTask \{|withTaskGroup|"
    r"withThrowingTaskGroup|concurrentPerform|async let|@MainActor|\bMutex\b|\bAtomic\b|"
    r"StateController|StyleHolder")
TYPE = re.compile(r"^(?:@\w+[^\n]*\n)*(?:final class|class|struct|enum)\s+([A-Z]\w*)", re.M)


def concurrent_suites():
    names = set()
    for path in glob.glob(os.path.join(ROOT, "Tests", "*Tests", "**", "*.swift"), recursive=True):
        with open(path) as file:
            text = file.read()
        if CONCURRENT.search(text):
            names.update(TYPE.findall(text))
    return sorted(names)


if __name__ == "__main__":
    found = concurrent_suites()
    if not found:
        sys.exit("concurrent-tests: no test file runs code concurrently")
    print(r"\.(" + "|".join(found) + r")\b")
