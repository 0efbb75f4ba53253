#!/usr/bin/env python3
"""Prints a `swift test --filter` pattern that matches the tests which run code on more than one
thread or task: every test whose body names a concurrency primitive (threads, dispatch queues,
tasks, task groups, the main actor, locks, atomics, the holders built on them), or calls a
function of its file that does, directly or through other functions of the file. CI runs these
under ThreadSanitizer; the other tests run single-threaded code, which the sanitizer only slows
down (the address sanitizer runs every test). A new test that starts a thread or a task is found
by the same rule, so it cannot fall off the list. Exits 1 when it finds none.

Usage: swift test --sanitize=thread --filter "$(python3 scripts/concurrent-tests.py)"
       python3 scripts/concurrent-tests.py --self-test
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
FUNCTION = re.compile(r"\bfunc\s+(\w+)")
TEST = re.compile(r"@Test\b")
STRING = re.compile(r'"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"')


def body_end(text, start):
    """The index of the brace that closes the block opening at `start` (a `{`), skipping braces
    in string literals and comments; len(text) when it never closes."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if text.startswith("//", index):
            index = text.find("\n", index)
            if index < 0:
                return len(text)
            continue
        if char == '"':
            close = '"""' if text.startswith('"""', index) else '"'
            index = text.find(close, index + len(close))
            if index < 0:
                return len(text)
            index += len(close)
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return len(text)


def functions(text):
    """(name, is a test, body) for every function of a file that has a body."""
    found = []
    for match in FUNCTION.finditer(text):
        brace = text.find("{", match.end())
        if brace < 0:
            continue
        # The attributes since the end of the declaration before: `@Test` marks a test.
        before = text[max(text.rfind("}", 0, match.start()), text.rfind("{", 0, match.start()))
                      + 1:match.start()]
        # The attributes count with the body: `@Test @MainActor func …`.
        body = before + STRING.sub('""', text[brace:body_end(text, brace)])
        found.append((match.group(1), bool(TEST.search(before)), body))
    return found


def concurrent_tests(sources):
    """The names of the tests whose bodies reach a concurrency primitive within their file."""
    names = set()
    for text in sources:
        funcs = functions(text)
        reaching = {name for name, _, body in funcs if CONCURRENT.search(body)}
        grew = True
        while grew:
            grew = False
            for name, _, body in funcs:
                if name not in reaching and any(re.search(r"\b%s\s*\(" % re.escape(other), body)
                                                for other in reaching):
                    reaching.add(name)
                    grew = True
        names.update(name for name, is_test, _ in funcs if is_test and name in reaching)
    return sorted(names)


def self_test():
    source = '''
    @Suite struct S {
      @Test func alone() { #expect(1 == 1) }
      @Test func threads() { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
      @Test func throughHelper() async { await spawn() }
      @Test func quoted() { let text = "Task { }"; #expect(!text.isEmpty) }
      func spawn() async { await withTaskGroup(of: Void.self) { _ in } }
    }
    '''
    found = concurrent_tests([source])
    assert found == ["threads", "throughHelper"], found
    print("concurrent-tests: the rule finds a primitive in a test and through a helper, and not in a string")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        sys.exit(0)
    paths = glob.glob(os.path.join(ROOT, "Tests", "*Tests", "**", "*.swift"), recursive=True)
    found = concurrent_tests(open(path).read() for path in paths)
    if not found:
        sys.exit("concurrent-tests: no test runs code concurrently")
    print(r"/(" + "|".join(found) + r")\(")
