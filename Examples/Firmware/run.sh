#!/usr/bin/env bash
# Prints the firmware example's figures: the size of each way of choosing the switch's look in a
# Cortex-M4/M7 image; the firmware run under QEMU's Arm system emulator (mps2-an500, a Cortex-M7),
# whose look of every lv_state_t value must equal this machine's line for line, with the
# instructions each way takes there; and, on this machine, how long each takes.
# Builds what is missing first (scripts/build-embedded.sh, which builds this example too).
# Needs qemu-system-arm (Debian: apt-get install --no-install-recommends qemu-system-arm).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-.build/embedded}
arm=armv7em-none-none-eabi
host="$(uname -m)-unknown-linux-gnu"
if [ ! -f "$OUT/$arm/switch-emulated.elf" ]; then
  scripts/build-embedded.sh "$OUT" >/dev/null
fi
python3 scripts/embedded-size-report.py --switch "$OUT"
echo

if [ ! -x "$OUT/$host/firmware-switch" ]; then
  echo "no Embedded Swift standard library for $host: the check and timings need an x86_64 Linux machine"
  exit 1
fi
if ! command -v qemu-system-arm >/dev/null 2>&1; then
  echo "qemu-system-arm is not installed (Debian: apt-get install --no-install-recommends qemu-system-arm)"
  exit 1
fi
"$OUT/$host/firmware-switch" >"$OUT/firmware-host.txt"
# -icount shift=0: the virtual clock advances 1 ns per instruction, so the board's timer counts
# instructions (Sources/Emulator/Main.swift); semihosting carries the output and the exit status.
timeout 300 qemu-system-arm -M mps2-an500 -nographic -monitor none -serial none \
  -semihosting-config enable=on,target=native -icount shift=0 \
  -kernel "$OUT/$arm/switch-emulated.elf" >"$OUT/firmware-emulated.txt"

# The answers are the lines before the first empty one; the measurements follow it.
answers() { sed '/^$/,$d' "$1"; }
measurements() { sed '1,/^$/d' "$1"; }
if ! diff <(answers "$OUT/firmware-host.txt") <(answers "$OUT/firmware-emulated.txt") \
  >"$OUT/firmware-difference.txt"; then
  echo "the emulated firmware's answers differ from this machine's ($OUT/firmware-difference.txt):"
  head -n 20 "$OUT/firmware-difference.txt"
  exit 1
fi
lines=$(answers "$OUT/firmware-host.txt" | wc -l)
echo "the emulated firmware prints this machine's $lines lines, the look of every lv_state_t value:"
answers "$OUT/firmware-host.txt" | tail -n 1
echo
measurements "$OUT/firmware-emulated.txt"
echo
echo "on this machine ($host):"
measurements "$OUT/firmware-host.txt"
