#!/usr/bin/env bash
# Prints the firmware example's figures: the size of each way of choosing the switch's look in a
# Cortex-M4/M7 image, and, on this machine, that the three agree and how long each takes.
# Builds what is missing first (scripts/build-embedded.sh, which builds this example too).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-.build/embedded}
host="$(uname -m)-unknown-linux-gnu"
if [ ! -f "$OUT/armv7em-none-none-eabi/switch-statekit.elf" ]; then
  scripts/build-embedded.sh "$OUT" >/dev/null
fi
python3 scripts/embedded-size-report.py --switch "$OUT"
echo
if [ -x "$OUT/$host/firmware-switch" ]; then
  "$OUT/$host/firmware-switch"
else
  echo "no Embedded Swift standard library for $host: the timings need an x86_64 Linux machine"
fi
