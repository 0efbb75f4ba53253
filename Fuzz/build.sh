#!/usr/bin/env bash
# Builds one libFuzzer binary per parser into .build-fuzz/, with AddressSanitizer.
# The package's library targets are compiled with swiftc directly (libFuzzer brings its own main):
# the same modules the executable and the tests use, InspectKit as a testable module so the
# targets can reach its parsers. -package-name lets them see the package-level API, as in SwiftPM.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build-fuzz
mkdir -p "$OUT"
# StateKitCore imports the header-only C target StateKitAtomics: a module map for its header,
# as SwiftPM makes one.
mkdir -p "$OUT/StateKitAtomics"
printf 'module StateKitAtomics {\n  header "%s"\n  export *\n}\n' \
  "$PWD/Sources/StateKitAtomics/include/StateKitAtomics.h" >"$OUT/StateKitAtomics/module.modulemap"
# FUZZ_OPT=-Onone builds in a third of the time, for a short smoke run (CI); a campaign keeps -O,
# whose targets run several times as many inputs a second.
FLAGS=(-sanitize=fuzzer,address -parse-as-library "${FUZZ_OPT:--O}" -g -swift-version 6 -enable-testing
  -package-name statekit -I "$OUT" -I "$OUT/StateKitAtomics")

module() { # name, sources...
  local name=$1
  shift
  # An archive is appended to, not replaced: objects of renamed files would stay in it.
  rm -f "$OUT/lib$name.a"
  swiftc "${FLAGS[@]}" -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
    -emit-library -static -o "$OUT/lib$name.a" "$@"
}

if [ "${1:-}" != "--targets-only" ]; then
sources() { find "Sources/$1" -name '*.swift' | sort; }
module ErrorKitCore $(sources ErrorKitCore)
module StateKitCore $(sources StateKitCore)
module InspectKit $(sources InspectKit)
fi

# One target per core at a time: each is a small file and a long link.
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
pids=()
for target in Fuzz/Targets/*.swift; do
  name=$(basename "$target" .swift)
  swiftc "${FLAGS[@]}" -module-name "fuzz_$name" Fuzz/Support.swift "$target" \
    "$OUT/libInspectKit.a" "$OUT/libStateKitCore.a" "$OUT/libErrorKitCore.a" -o "$OUT/$name" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
for target in Fuzz/Targets/*.swift; do test -x "$OUT/$(basename "$target" .swift)"; done
ls "$OUT" | grep -v '\.' | grep -v '^lib'
