#!/usr/bin/env bash
# Builds the firmware example from the Embedded Swift modules scripts/build-embedded.sh made:
#   OUT/armv7em-none-none-eabi/switch-{statekit,hand,scan}.elf  one image per way of choosing the
#       switch's look, each linked with only what its entry points reach (-Osize, gc-sections;
#       the C library and compiler-rt, which a firmware has, not counted)
#   OUT/armv7em-none-none-eabi/switch-emulated.elf  the firmware that runs under QEMU (mps2-an500):
#       all three ways, the look of every state and the instruction counts (Sources/Emulator)
#   OUT/<host>/firmware-switch   the same switch for this machine, in Embedded Swift, to run
# Usage: Examples/Firmware/build.sh [OUT]   (OUT defaults to .build/embedded)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-.build/embedded}
SOURCES=Examples/Firmware/Sources
FLAGS=(-enable-experimental-feature Embedded -wmo -swift-version 6 -Xfrontend -disable-stack-protector
  -Xfrontend -function-sections)
TOOLCHAIN_LIB="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/embedded"

arm=armv7em-none-none-eabi
swiftc -target "$arm" "${FLAGS[@]}" -Osize -parse-as-library -I "$OUT/$arm" -module-name Switch \
  -c "$SOURCES/Switch/Switch.swift" "$SOURCES/Firmware/Entry.swift" -o "$OUT/$arm/Switch.o"
for way in statekit hand scan; do
  roots=(--entry="switch_look_$way")
  [ "$way" != hand ] && roots+=(--undefined="switch_init_$way")
  ld.lld --gc-sections "${roots[@]}" --unresolved-symbols=ignore-all "$OUT/$arm/Switch.o" \
    "$OUT/$arm/StateKitCore.o" "$OUT/$arm/ErrorKitCore.o" \
    "$TOOLCHAIN_LIB/$arm/libswiftUnicodeDataTables.a" -o "$OUT/$arm/switch-$way.elf"
done

# The firmware that runs: all three ways, the answers and the counts, with the start-up, linker
# script and C runtime of Sources/Emulator, linked with nothing left unresolved; run.sh runs it
# under QEMU (mps2-an500, a Cortex-M7).
EMULATOR=$SOURCES/Emulator
swiftc -target "$arm" "${FLAGS[@]}" -Osize -parse-as-library -I "$OUT/$arm" -module-name Switch \
  -import-bridging-header "$EMULATOR/Board.h" -c "$SOURCES/Switch/Switch.swift" \
  "$SOURCES/Switch/Answers.swift" "$SOURCES/Firmware/Entry.swift" "$EMULATOR/Main.swift" \
  -o "$OUT/$arm/SwitchEmulated.o"
for file in Startup Runtime; do
  clang --target=thumbv7em-none-eabi -mcpu=cortex-m7 -mfpu=fpv5-d16 -mfloat-abi=softfp -Os \
    -ffreestanding -fno-builtin -ffunction-sections -fdata-sections -Wall -Werror \
    -c "$EMULATOR/$file.c" -o "$OUT/$arm/$file.o"
done
ld.lld --gc-sections -T "$EMULATOR/mps2-an500.ld" "$OUT/$arm/SwitchEmulated.o" "$OUT/$arm/Startup.o" \
  "$OUT/$arm/Runtime.o" "$OUT/$arm/StateKitCore.o" "$OUT/$arm/ErrorKitCore.o" \
  "$TOOLCHAIN_LIB/$arm/libswiftUnicodeDataTables.a" -o "$OUT/$arm/switch-emulated.elf"

host="$(uname -m)-unknown-linux-gnu"
if [ -d "$OUT/$host" ]; then
  swiftc -target "$host" "${FLAGS[@]}" -O -I "$OUT/$host" -module-name FirmwareSwitch \
    -import-bridging-header "$SOURCES/Host/Clock.h" \
    -c "$SOURCES/Switch/Switch.swift" "$SOURCES/Switch/Answers.swift" "$SOURCES/Host/main.swift" \
    -o "$OUT/$host/FirmwareSwitch.o"
  clang "$OUT/$host/FirmwareSwitch.o" "$OUT/$host/StateKitCore.o" "$OUT/$host/ErrorKitCore.o" \
    "$TOOLCHAIN_LIB/$host/libswiftUnicodeDataTables.a" -Wl,--gc-sections -lm \
    -o "$OUT/$host/firmware-switch"
fi
