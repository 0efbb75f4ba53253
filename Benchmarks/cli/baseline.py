#!/usr/bin/env python3
"""The straightforward Python script the CLI's batch mode is measured against: it reads one mask
a line from stdin and prints the same JSON Lines as `statekit-inspect --json -`."""
import json
import sys

NAMES = {0: "highlighted", 1: "disabled", 2: "selected", 3: "focused"}


def bit_range(bit):
    if bit < 16:
        return "system"
    if bit < 24:
        return "application"
    if bit < 32:
        return "reserved"
    return "extended"


def text(raw):
    parts = []
    unnamed = 0
    for bit in range(64):
        if raw >> bit & 1:
            if bit in NAMES:
                parts.append(NAMES[bit])
            else:
                unnamed |= 1 << bit
    if unnamed:
        parts.append(hex(unnamed))
    return " | ".join(parts) if parts else "normal"


def parse(token):
    lowered = token.lower()
    if lowered.startswith("0x"):
        return int(token[2:], 16)
    if lowered.startswith("0b"):
        return int(token[2:], 2)
    return int(token, 10)


def main():
    out = sys.stdout
    for line in sys.stdin:
        token = line.strip()
        if not token:
            continue
        raw = parse(token)
        digits = 8 if raw >> 32 == 0 else 16
        bits = [
            {"bit": bit, "name": NAMES.get(bit), "range": bit_range(bit)}
            for bit in range(64)
            if raw >> bit & 1
        ]
        record = {
            "input": token,
            "raw": raw,
            "hex": "0x" + format(raw, "0%dX" % digits),
            "text": text(raw),
            "bits": bits,
        }
        out.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
