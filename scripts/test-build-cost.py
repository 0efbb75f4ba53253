#!/usr/bin/env python3
"""What Swift Testing's macros cost the build of this package's tests, on this machine.

Compiles three generated files of N functions each, as `swift build` compiles a test target
(-Onone, -g, one frontend, the toolchain's macro plugins):

  plain    N functions, each calling a function
  test     the same functions marked `@Test`
  expect   the `@Test` functions, each with one `#expect(a == b)` on a string

and prints what one `@Test` and one `#expect` add, then multiplies by the counts in Tests/ to
give the part of the tests' build CPU time that the macros alone take. It reads nothing but the
toolchain and Tests/, so its figures can be compared with a fresh build's user time (`time swift
build --build-tests`).

Usage: python3 scripts/test-build-cost.py [N]     (N defaults to 200)
"""
import glob
import os
import re
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = 'import Testing\nfunc f(_ i: Int) -> String { "x\\(i)" }\n'
BODIES = {
    "plain": "func t{i}() {{\n  _ = f({i})\n}}\n",
    "test": "@Test func t{i}() {{\n  _ = f({i})\n}}\n",
    "expect": '@Test func t{i}() {{\n  #expect(f({i}) == "x{i}")\n}}\n',
}


def plugin_path():
    swiftc = subprocess.run(["which", "swiftc"], capture_output=True, text=True, check=True)
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(swiftc.stdout.strip())))
    return os.path.join(toolchain, "lib", "swift", "host", "plugins")


def compile_seconds(folder, name, count):
    """The CPU seconds (user and system, of the compiler and its plugin server) of one file."""
    source = os.path.join(folder, name + ".swift")
    with open(source, "w") as file:
        file.write(HEADER + "".join(BODIES[name].format(i=i) for i in range(count)))
    command = ["swiftc", "-c", "-parse-as-library", "-Onone", "-g", "-module-name", "Cost" + name,
               "-plugin-path", plugin_path(), source, "-o", os.path.join(folder, name + ".o")]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def counts():
    """How many `@Test` functions and `#expect`/`#require` uses the package's tests have."""
    tests = expects = 0
    for path in glob.glob(os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        tests += len(re.findall(r"@Test\b", text))
        expects += len(re.findall(r"#(?:expect|require)\(", text))
    return tests, expects


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as folder:
        seconds = {name: compile_seconds(folder, name, count) for name in BODIES}
    per_test = (seconds["test"] - seconds["plain"]) / count
    per_expect = (seconds["expect"] - seconds["test"]) / count
    for name, value in seconds.items():
        print(f"{name:7s} {count} functions: {value:6.2f} s of CPU")
    print(f"one @Test adds {per_test * 1000:.1f} ms; one #expect adds {per_expect * 1000:.1f} ms")
    tests, expects = counts()
    print(f"Tests/ has {tests} @Test and {expects} #expect/#require: about "
          f"{tests * per_test:.0f} s + {expects * per_expect:.0f} s of CPU for the macros alone")


if __name__ == "__main__":
    main()
