#!/usr/bin/env python3
"""Measures statekit-inspect's speed against baselines run on the same machine in the same run.

1. Start-up: decoding one mask, and looking up an error code by number, by name, by domain and
   code, by four-character code and by words, against a stdlib-only Swift hello world built with `swiftc -O` (median wall time of many runs, the
   programs alternating run by run). Goal: at most 1.2x.
2. Batch: one million masks on stdin with --json against baseline.py, which prints the same
   lines (checked). Goal: at least 10x faster.

Usage: python3 Benchmarks/cli/run.py [--runs N] [--masks N] [--static-only]
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mask_lines(count):
    """The benchmark's masks, one a line: a third decimal, a third 8-digit hex, a third hex above
    32 bits; the same sequence in every run (seeded)."""
    rng = random.Random(11)
    for index in range(count):
        raw = rng.getrandbits(32) & rng.getrandbits(32)
        if index % 3 == 0:
            yield f"{raw}\n"
        elif index % 3 == 1:
            yield f"0x{raw:08X}\n"
        else:
            yield f"0x{raw | 1 << 40:X}\n"


def write_masks(path, count):
    with open(path, "w") as file:
        file.writelines(mask_lines(count))


def build(static=False):
    """The release binary: linked against the toolchain's shared Swift libraries (what `swift run`
    builds), or with the Swift standard library linked in (`--static-swift-stdlib`, the binary a
    release ships; its own scratch path so the two builds do not replace each other)."""
    flags = ["--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-static")] if static else []
    subprocess.run(["swift", "build", "-c", "release", "--product", "statekit-inspect"] + flags, cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + flags, cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "statekit-inspect")


def wall(command, stdin=None, stdout=subprocess.DEVNULL):
    start = time.perf_counter_ns()
    subprocess.run(command, stdin=stdin, stdout=stdout, check=True)
    return time.perf_counter_ns() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--masks", type=int, default=1_000_000)
    parser.add_argument("--static-only", action="store_true",
                        help="measure only the binary with the standard library linked in (the one a "
                             "release ships), skipping the build linked against shared libraries")
    args = parser.parse_args()

    static_tool = build(static=True)
    tool = static_tool if args.static_only else build()
    linking = "static stdlib" if args.static_only else "shared libraries"
    with tempfile.TemporaryDirectory() as scratch:
        hello_source = os.path.join(scratch, "hello.swift")
        with open(hello_source, "w") as file:
            file.write('print("hello")\n')
        hello = os.path.join(scratch, "hello")
        subprocess.run(["swiftc", "-O", hello_source, "-o", hello], check=True)
        static_hello = os.path.join(scratch, "hello-static")
        subprocess.run(["swiftc", "-O", "-static-stdlib", hello_source, "-o", static_hello], check=True)

        # The programs, interleaved run by run so that a busy machine slows all of them alike.
        programs = {"hello": [hello], "hello, static stdlib": [static_hello],
                    "statekit-inspect 0x00010004": [tool, "0x00010004"],
                    "statekit-inspect 0x00010004, static stdlib": [static_tool, "0x00010004"],
                    "statekit-inspect error -- -25300": [tool, "error", "--", "-25300"],
                    "statekit-inspect error errSecItemNotFound": [tool, "error", "errSecItemNotFound"],
                    "statekit-inspect error HMErrorDomain 79": [tool, "error", "HMErrorDomain", "79"],
                    "statekit-inspect error '!pri'": [tool, "error", "'!pri'"],
                    "statekit-inspect error --search not reachable": [tool, "error", "--search", "not reachable"]}
        for _ in range(10):  # warm the page cache
            for command in programs.values():
                wall(command)
        times = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, command in programs.items():
                times[name].append(wall(command))
        ms = {name: statistics.median(values) / 1e6 for name, values in times.items()}
        hello_ms = ms["hello"]
        print(f"start-up (median of {args.runs}, ms): " + ", ".join(f"{name} {value:.2f}" for name, value in ms.items()))
        print(f"  release binary (static stdlib) / hello world as swiftc builds it: "
              f"{ms['statekit-inspect 0x00010004, static stdlib'] / hello_ms:.2f}x (goal <= 1.2x)")
        print(f"  like for like: shared libraries "
              + ("not built (--static-only)" if args.static_only
                 else f"{ms['statekit-inspect 0x00010004'] / hello_ms:.2f}x")
              + f", static stdlib {ms['statekit-inspect 0x00010004, static stdlib'] / ms['hello, static stdlib']:.2f}x")
        # Look-ups in the built-in tables (by code, by name, by domain and code, by four-character
        # code, by words): the first use of the tables is part of start-up.
        for name in ("statekit-inspect error -- -25300", "statekit-inspect error errSecItemNotFound",
                     "statekit-inspect error HMErrorDomain 79", "statekit-inspect error '!pri'",
                     "statekit-inspect error --search not reachable"):
            print(f"  with a look-up, {linking}: {name} {ms[name]:.2f} ms, {ms[name] / hello_ms:.2f}x hello world")
        print(("" if args.static_only else f"binary size: {os.path.getsize(tool) / 1e6:.1f} MB with shared Swift libraries, ")
              + f"{os.path.getsize(static_tool) / 1e6:.1f} MB with the standard library linked in (no Foundation)")

        # A look-up in a --errors catalog of 400,000 entries (the time is mostly reading the
        # catalog; the look-up goes through its indexes).
        catalog = os.path.join(scratch, "catalog.json")
        with open(catalog, "w") as file:
            file.write('{"errors": [' + ", ".join(
                f'{{"domain": "com.example.D{i % 100}", "code": {i}, "name": "case{i}", "description": "Case {i}."}}'
                for i in range(400_000)) + "]}")
        for name in ("case0", "case399999"):
            times = [wall([tool, "error", "--errors", catalog, name]) for _ in range(3)]
            print(f"--errors catalog of 400,000 entries, error {name}: {statistics.median(times) / 1e6:.1f} ms (median of 3)")

        masks = os.path.join(scratch, "masks.txt")
        write_masks(masks, args.masks)
        tool_out = os.path.join(scratch, "tool.jsonl")
        python_out = os.path.join(scratch, "python.jsonl")
        tool_runs, python_runs = [], []
        for _ in range(3):
            with open(masks) as stdin, open(tool_out, "w") as stdout:
                tool_runs.append(wall([tool, "--json", "-"], stdin=stdin, stdout=stdout))
            with open(masks) as stdin, open(python_out, "w") as stdout:
                python_runs.append(wall([sys.executable, os.path.join(ROOT, "Benchmarks/cli/baseline.py")],
                                        stdin=stdin, stdout=stdout))
        with open(tool_out, "rb") as a, open(python_out, "rb") as b:
            same = a.read() == b.read()
        tool_s = statistics.median(tool_runs) / 1e9
        python_s = statistics.median(python_runs) / 1e9
        print(f"batch of {args.masks} masks with --json (median of 3): statekit-inspect {tool_s:.2f} s, "
              f"Python {python_s:.2f} s, ratio {python_s / tool_s:.1f}x (goal >= 10x); outputs identical: {same}")
        if not same:
            sys.exit("the outputs differ")


if __name__ == "__main__":
    main()
