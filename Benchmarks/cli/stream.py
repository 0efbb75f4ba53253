#!/usr/bin/env python3
"""Streams masks through `statekit-inspect --json -` and measures time and peak memory against a
hand-written C decoder (baseline.c, `cc -O2`) in the same run; the outputs must be identical.

The masks are written to a file first; each program reads it on standard input, as a stream, and
its output is discarded while timed (the outputs are compared, byte for byte, on the first
million masks). Peak RSS is the program's VmHWM, read from /proc while it runs: the point is
that memory stays constant in the input size. Goals: under 64 MB for 10 million masks, and at most 1.5x the C
decoder's time.

Usage: python3 Benchmarks/cli/stream.py [--masks N] [--runs N]
"""
import argparse
import hashlib
import os
import statistics
import subprocess
import tempfile
import time

from run import write_masks  # the same masks as the batch benchmark

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def peak_rss_while(process):
    """Polls /proc/PID/status for VmHWM (the peak of the process's memory since its exec) until
    the process ends; wait4's ru_maxrss would include this script's memory, which the child holds
    between fork and exec."""
    peak = 0
    path = f"/proc/{process.pid}/status"
    while process.poll() is None:
        try:
            with open(path) as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except OSError:
            break
        time.sleep(0.01)
    return peak / 1024


def timed(command, masks_file):
    """Seconds and peak RSS (MiB) of a command reading the masks file on stdin, output discarded."""
    with open(masks_file, "rb") as stdin:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL)
        peak = peak_rss_while(process)
        seconds = time.perf_counter() - start
    assert process.returncode == 0, f"{command} exited with {process.returncode}"
    return seconds, peak


def digest(command, masks_file):
    with open(masks_file, "rb") as stdin:
        output = subprocess.run(command, stdin=stdin, capture_output=True, check=True).stdout
    return hashlib.sha256(output).hexdigest()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masks", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", help="a statekit-inspect to measure instead of building one")
    args = parser.parse_args()
    if args.binary:
        tool = os.path.abspath(args.binary)
    else:
        subprocess.run(["swift", "build", "-c", "release", "--product", "statekit-inspect"], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                  check=True, capture_output=True, text=True).stdout.strip()
        tool = os.path.join(bin_path, "statekit-inspect")
    with tempfile.TemporaryDirectory() as scratch:
        baseline = os.path.join(scratch, "baseline")
        subprocess.run(["cc", "-O2", os.path.join(ROOT, "Benchmarks/cli/baseline.c"), "-o", baseline],
                       check=True)
        masks = os.path.join(scratch, "masks.txt")
        write_masks(masks, args.masks)
        # Outputs compared on the first million masks (the whole output is about 1.5 GB for ten).
        head = os.path.join(scratch, "head.txt")
        with open(masks, "rb") as source, open(head, "wb") as target:
            for index, line in enumerate(source):
                if index == 1_000_000:
                    break
                target.write(line)
        same = digest([tool, "--json", "-"], head) == digest([baseline], head)
        tool_runs, c_runs = [], []
        for _ in range(args.runs):
            tool_runs.append(timed([tool, "--json", "-"], masks))
            c_runs.append(timed([baseline], masks))
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
