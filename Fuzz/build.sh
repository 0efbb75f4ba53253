#!/usr/bin/env bash
# Builds one libFuzzer binary per parser into .build-fuzz/, with AddressSanitizer.
# The package's modules are compiled with swiftc directly (libFuzzer brings its own main), and the
# CLI's sources are compiled as a testable module so the targets can reach its parsers.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build-fuzz
mkdir -p "$OUT"
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -enable-testing -I "$OUT")

module() { # name, sources...
  local name=$1
  shift
  swiftc "${FLAGS[@]}" -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
    -emit-library -static -o "$OUT/lib$name.a" "$@"
}

if [ "${1:-}" != "--targets-only" ]; then
module StateKit Sources/StateKit/*.swift Sources/StateKit/Internals/*.swift
module ErrorKitCore Sources/ErrorKitCore/*.swift
module InspectCore $(ls Sources/statekit-inspect/*.swift Sources/statekit-inspect/Tables/*.swift | grep -v '/main.swift$')
fi

for target in Fuzz/Targets/*.swift; do
  name=$(basename "$target" .swift)
  swiftc "${FLAGS[@]}" -module-name "fuzz_$name" Fuzz/Support.swift "$target" \
    "$OUT/libInspectCore.a" "$OUT/libErrorKitCore.a" "$OUT/libStateKit.a" -o "$OUT/$name"
  test -x "$OUT/$name"
done
ls "$OUT" | grep -v '\.' | grep -v '^lib'
