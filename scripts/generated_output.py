"""Writes a generator's output, or with --check compares it with the checked-in file."""

import sys


def write_or_check(output, check_path, script):
    """Prints `output`, or returns 1 when `check_path` differs from it (0 when it matches)."""
    if check_path is None:
        sys.stdout.write(output)
        return 0
    try:
        with open(check_path, encoding="utf-8", newline="") as f:
            current = f.read()
    except OSError as e:
        print(f"{check_path}: cannot read ({e.strerror})", file=sys.stderr)
        return 1
    if current != output:
        print(f"{check_path} is out of date; regenerate with"
              f" python3 scripts/{script} > {check_path}", file=sys.stderr)
        return 1
    return 0
