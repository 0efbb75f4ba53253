#!/usr/bin/env python3
"""Start-up cost of reading one ErrorPayload with ErrorKitCore's own JSON reader against
FoundationEssentials' JSONDecoder, next to a stdlib-only hello world, measured in one run.

Three programs are built with `swiftc -O`: hello world; ErrorKitCore's sources plus a main that
reads a payload with `ErrorPayload(json:)`; the same plus a main that reads it with
FoundationEssentials' `JSONDecoder` (through ErrorPayload's Codable conformance). Each prints the
code of the payload given as its argument. Reported: the median wall time of many alternating
runs, and the ratio to hello world.

Usage: python3 Benchmarks/cli/json_startup.py [--runs N]
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAYLOAD = '{"domain": "NSCocoaErrorDomain", "code": 260, "description": "The file does not exist.", "details": {"NSFilePath": "/tmp/x"}}'

MAINS = {
    "hello": 'print("260")\n',
    "core": "let payload = try ErrorPayload(json: CommandLine.arguments[1])\nprint(payload.code)\n",
    "essentials": (
        "import FoundationEssentials\n"
        "let data = Data(CommandLine.arguments[1].utf8)\n"
        "let payload = try JSONDecoder().decode(ErrorPayload.self, from: data)\n"
        "print(payload.code)\n"
    ),
}


def wall(command):
    start = time.perf_counter_ns()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter_ns() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    core = sorted(glob.glob(os.path.join(ROOT, "Sources/ErrorKitCore/**/*.swift"), recursive=True))
    with tempfile.TemporaryDirectory() as scratch:
        programs = {}
        builds = []
        for name, source in MAINS.items():
            main_file = os.path.join(scratch, name, "main.swift")
            os.makedirs(os.path.dirname(main_file))
            with open(main_file, "w") as file:
                file.write(source)
            binary = os.path.join(scratch, name, name)
            sources = [main_file] if name == "hello" else core + [main_file]
            # -lm: the number rule reads whole numbers through the C math library, which a
            # program that imports nothing else does not link by itself. The programs build
            # side by side: each is one whole-module compile, which keeps one core busy.
            builds.append(subprocess.Popen(["swiftc", "-O", "-module-name", "Probe", "-package-name",
                                            "statekit", *sources, "-lm", "-o", binary]))
            programs[name] = binary
        if any(build.wait() != 0 for build in builds):
            sys.exit("json_startup: a program did not build")
        for name, binary in programs.items():
            out = subprocess.run([binary, PAYLOAD], check=True, capture_output=True, text=True)
            assert out.stdout.strip() == "260", (name, out.stdout)
        for _ in range(10):  # warm the page cache
            for binary in programs.values():
                wall([binary, PAYLOAD])
        times = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, binary in programs.items():
                times[name].append(wall([binary, PAYLOAD]))
        hello = statistics.median(times["hello"]) / 1e6
        print(f"start-up, reading one payload (median of {args.runs} alternating runs):")
        for name in programs:
            ms = statistics.median(times[name]) / 1e6
            size = os.path.getsize(programs[name]) / 1024
            print(f"  {name:<11} {ms:6.2f} ms  {ms / hello:4.2f}x hello world  ({size:.0f} KiB binary)")


if __name__ == "__main__":
    main()
