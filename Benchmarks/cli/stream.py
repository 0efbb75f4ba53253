#!/usr/bin/env python3
"""Streams masks through `statekit-inspect --json -` and measures time and peak memory against a
hand-written C decoder (baseline.c, `cc -O2`) in the same run; the outputs must be identical.

Masks are generated on the fly into the tool's standard input, so the input never exists in full
anywhere (the point: memory must stay constant in the input size). Peak RSS is the child's
ru_maxrss from wait4. Goals (issue 10): under 64 MB for 10 million masks, and at most 1.5x the C
decoder's time.

Usage: python3 Benchmarks/cli/stream.py [--masks N] [--runs N]
"""
import argparse
import hashlib
import os
import random
import statistics
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def chunks(count):
    rng = random.Random(11)
    lines = []
    for index in range(count):
        raw = rng.getrandbits(32) & rng.getrandbits(32)
        if index % 3 == 0:
            lines.append(f"{raw}\n")
        elif index % 3 == 1:
            lines.append(f"0x{raw:08X}\n")
        else:
            lines.append(f"0x{raw | 1 << 40:X}\n")
        if len(lines) == 65536:
            yield "".join(lines).encode()
            lines = []
    if lines:
        yield "".join(lines).encode()


def run(command, count):
    """Runs a command fed `count` masks; returns (seconds, peak RSS in MiB, sha256 of stdout)."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    digest = hashlib.sha256()

    def drain():
        while True:
            block = process.stdout.read(1 << 20)
            if not block:
                break
            digest.update(block)

    reader = threading.Thread(target=drain)
    data = list(chunks(count))  # generated before the clock starts
    start = time.perf_counter()
    reader.start()
    for block in data:
        process.stdin.write(block)
    process.stdin.close()
    reader.join()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    assert status == 0, f"{command} exited with {status}"
    return seconds, usage.ru_maxrss / 1024, digest.hexdigest()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masks", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "statekit-inspect"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                              check=True, capture_output=True, text=True).stdout.strip()
    tool = os.path.join(bin_path, "statekit-inspect")
    with tempfile.TemporaryDirectory() as scratch:
        baseline = os.path.join(scratch, "baseline")
        subprocess.run(["cc", "-O2", os.path.join(ROOT, "Benchmarks/cli/baseline.c"), "-o", baseline],
                       check=True)
        tool_runs, c_runs = [], []
        for _ in range(args.runs):
            tool_runs.append(run([tool, "--json", "-"], args.masks))
            c_runs.append(run([baseline], args.masks))
    same = all(t[2] == c[2] for t, c in zip(tool_runs, c_runs))
    tool_s = statistics.median(t[0] for t in tool_runs)
    c_s = statistics.median(c[0] for c in c_runs)
    tool_rss = max(t[1] for t in tool_runs)
    c_rss = max(c[1] for c in c_runs)
    print(f"{args.masks} masks streamed with --json (median of {args.runs}): statekit-inspect "
          f"{tool_s:.2f} s, peak RSS {tool_rss:.1f} MiB; C decoder {c_s:.2f} s, peak RSS "
          f"{c_rss:.1f} MiB; time ratio {tool_s / c_s:.2f}x (goal <= 1.5x), memory goal < 64 MiB; "
          f"outputs identical: {same}")
    if not same:
        raise SystemExit("the outputs differ")
    if tool_rss >= 64:
        raise SystemExit(f"peak RSS {tool_rss:.1f} MiB is over the 64 MiB goal")


if __name__ == "__main__":
    main()
