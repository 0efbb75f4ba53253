#!/usr/bin/env python3
"""Start-up of statekit-inspect depending on where StateKitError's LocalizedError conformance
lives, against a stdlib-only hello world, measured in one run.

Programs, all built in release mode (`swiftc -O` for the hello worlds, `swift build -c release
--product statekit-inspect` for the tool, each variant in a copy of the package):

- hello: `print("hi")`, the standard library only;
- hello+FE: the same with `import FoundationEssentials`, which links it;
- tool (separate module): the working tree as it is, the conformance in StateKitFoundation, which
  the tool does not link;
- tool (in StateKitCore): the same tree with StateKitFoundation's file moved into StateKitCore
  (the module the tool links), as a conformance behind `#if canImport` there would be;
- tool (REF), with `--before REF`: the tool built from a git revision, such as `main`.

Each runs `statekit-inspect 0x00010004` (the hello worlds print one line); the runs alternate
between the programs, after a warm-up. Reported: median and 90th percentile of the wall time,
their ratio to hello world's, whether the binary links FoundationEssentials, and its size.

Usage: python3 Benchmarks/cli/foundation_startup.py [--runs N] [--before REF]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRIDGE = os.path.join("Sources", "StateKitFoundation", "StateKitError+Foundation.swift")


def copy_tree(scratch, name):
    """A copy of the working tree, without build products and git data."""
    path = os.path.join(scratch, name)
    shutil.copytree(ROOT, path, ignore=shutil.ignore_patterns(".build*", ".git", ".swiftpm"))
    return path


def export_revision(scratch, name, revision):
    path = os.path.join(scratch, name)
    os.makedirs(path)
    archive = subprocess.run(["git", "-C", ROOT, "archive", revision], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", path], input=archive, check=True)
    return path


def move_bridge_into_statekit_core(package):
    """StateKitFoundation's conformance as a file of StateKitCore: its `import StateKitCore`
    dropped."""
    with open(os.path.join(package, BRIDGE)) as file:
        lines = [line for line in file if line.strip() != "import StateKitCore"]
    with open(os.path.join(package, "Sources", "StateKitCore", "StateKitError+Foundation.swift"),
              "w") as file:
        file.writelines(lines)
    with open(os.path.join(package, BRIDGE), "w") as file:
        file.write("import StateKitCore\n")


def build_tool(package):
    subprocess.run(["swift", "build", "-c", "release", "--product", "statekit-inspect"],
                   cwd=package, check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=package,
                          check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "statekit-inspect")


def build_hello(scratch, name, source):
    main = os.path.join(scratch, name + ".swift")
    with open(main, "w") as file:
        file.write(source)
    binary = os.path.join(scratch, name)
    subprocess.run(["swiftc", "-O", main, "-o", binary], check=True)
    return binary


def links_foundation_essentials(binary):
    dynamic = subprocess.run(["readelf", "-d", binary], check=True, capture_output=True,
                             text=True).stdout
    return "libFoundationEssentials.so" in dynamic


def wall(command):
    start = time.perf_counter_ns()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter_ns() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--before", help="also measure the tool built from this git revision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        programs = {
            "hello": [build_hello(scratch, "hello", 'print("hi")\n')],
            "hello+FE": [build_hello(scratch, "hello_fe",
                                     'import FoundationEssentials\nprint("hi")\n')],
        }
        if args.before:
            package = export_revision(scratch, "before", args.before)
            programs[f"tool ({args.before})"] = [build_tool(package), "0x00010004"]
        programs["tool (separate module)"] = [build_tool(copy_tree(scratch, "separate")),
                                              "0x00010004"]
        inside = copy_tree(scratch, "inside")
        move_bridge_into_statekit_core(inside)
        programs["tool (in StateKitCore)"] = [build_tool(inside), "0x00010004"]

        for _ in range(10):  # warm the page cache
            for command in programs.values():
                wall(command)
        times = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, command in programs.items():
                times[name].append(wall(command))

        def p90(values):
            return sorted(values)[int(0.9 * (len(values) - 1))]

        hello_median = statistics.median(times["hello"])
        hello_p90 = p90(times["hello"])
        print(f"start-up, {args.runs} alternating runs each (goal: the tool within 1.3x hello):")
        for name, command in programs.items():
            median, high = statistics.median(times[name]), p90(times[name])
            size = os.path.getsize(command[0]) / 1024
            essentials = "links FoundationEssentials" if links_foundation_essentials(command[0]) \
                else "no FoundationEssentials"
            print(f"  {name:<24} median {median / 1e6:5.2f} ms ({median / hello_median:4.2f}x)"
                  f"  p90 {high / 1e6:5.2f} ms ({high / hello_p90:4.2f}x)"
                  f"  {essentials}, {size:,.0f} KiB")


if __name__ == "__main__":
    main()
