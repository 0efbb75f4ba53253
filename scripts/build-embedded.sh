#!/usr/bin/env bash
# Compiles StateKit's state model in Embedded Swift, from the package's own sources, for
# WebAssembly (wasm32-unknown-none-wasm) and a Cortex-M4/M7 microcontroller
# (armv7em-none-none-eabi); links the browser page's module (Web/) with wasm-ld and a firmware-
# shaped image of the same entry points with ld.lld; and prints what each costs in code and data
# (scripts/embedded-size-report.py).
#
# The files below are every source that compiles in Embedded Swift, listed one by one: a file
# left out is one Embedded Swift cannot compile (Codable, Mirror, `any Error`, AnyHashable,
# metatypes; README.md, "Embedded Swift", says which and why). The sources themselves are the
# package's: `#if hasFeature(Embedded)` marks the few places that differ.
#
# Usage: scripts/build-embedded.sh [OUT]   (OUT defaults to .build/embedded)
#   OUT/<target>/*.o, *.swiftmodule   the modules, per target
#   OUT/web/                          the page: index.html, statekit.js, statekit.wasm
#   OUT/armv7em-none-none-eabi/statekit-web.elf   the page's entry points as a firmware links them
#   OUT/armv7em-none-none-eabi/switch-*.elf, OUT/<host>/firmware-switch   the firmware example
#   OUT/size-report.txt               the size report, also printed
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.build/embedded}
mkdir -p "$OUT"

# ErrorKitCore's part that StateKitCore and the page's reports use: digits, terminal escaping,
# UTF-8 validation, and the JSON reader and writer (with the value they read and write, and the
# reader's error). CodedError, ErrorCatalog and ErrorPayload reflect on `any Error` and are
# Codable: not in Embedded Swift.
ERRORKITCORE=(
  Sources/ErrorKitCore/Internals/ASCIIDigits.swift
  Sources/ErrorKitCore/Internals/TerminalControl.swift
  Sources/ErrorKitCore/Internals/UTF8Validation.swift
  Sources/ErrorKitCore/Internals/JSONValue.swift
  Sources/ErrorKitCore/Internals/JSONReader.swift
  Sources/ErrorKitCore/Internals/JSONWriter.swift
  Sources/ErrorKitCore/JSONFormatError.swift
)
# The state model: layouts, ControlState and ControlEvents, names and the text format, the
# catalogs and namespaces, selectors, precedence, StateTable with its Lookup and explanations,
# theme files read as tables of one value type (ThemeDocument.swift; a StyleSet's mapping is
# ThemeDocument+StyleSet.swift), and StateKitError (without its CodedError conformance,
# StateKitError+CodedError.swift).
STATEKITCORE=(
  Sources/StateKitCore/Names/BitCatalog+TextFormat.swift
  Sources/StateKitCore/Names/BitCatalog.swift
  Sources/StateKitCore/Bits/BitLayout.swift
  Sources/StateKitCore/Bits/BitLayout+GTK.swift
  Sources/StateKitCore/Bits/BitLayout+LVGL.swift
  Sources/StateKitCore/Bits/ControlEvents+Layout.swift
  Sources/StateKitCore/Bits/ControlEvents.swift
  Sources/StateKitCore/Bits/ControlState+Members.swift
  Sources/StateKitCore/Bits/ControlState+Parts.swift
  Sources/StateKitCore/Bits/ControlState+TextFormat.swift
  Sources/StateKitCore/Bits/ControlState+UIKit.swift
  Sources/StateKitCore/Bits/ControlState.swift
  Sources/StateKitCore/Names/BitNames.swift
  Sources/StateKitCore/Names/EventCatalog.swift
  Sources/StateKitCore/Bits/LayoutBitSet.swift
  Sources/StateKitCore/Names/StateCatalog.swift
  Sources/StateKitCore/Errors/StateKitError.swift
  Sources/StateKitCore/Names/StateNames.swift
  Sources/StateKitCore/Names/StateNamespaces.swift
  Sources/StateKitCore/Tables/StatePrecedence.swift
  Sources/StateKitCore/Tables/StatePrecedence+Pairs.swift
  Sources/StateKitCore/Tables/StateSelector+TextFormat.swift
  Sources/StateKitCore/Tables/StateSelector.swift
  Sources/StateKitCore/Tables/StateTable+Explain.swift
  Sources/StateKitCore/Tables/StateTable.swift
  Sources/StateKitCore/Tables/StateLookup.swift
  Sources/StateKitCore/Names/Internals/NameTable+TextFormat.swift
  Sources/StateKitCore/Names/Internals/NameTable.swift
  Sources/StateKitCore/Tables/Internals/StateIndex.swift
  Sources/StateKitCore/Memory/Addresses.swift
  Sources/StateKitCore/Tables/Internals/LookupStorage.swift
  Sources/StateKitCore/Tables/Internals/TableStorage.swift
  Sources/StateKitCore/Themes/Internals/ThemeDocument.swift
  Sources/StateKitCore/Tables/Internals/ValueText.swift
  Sources/StateKitCore/Bits/ControlState+Flags.swift
  Sources/StateKitCore/Names/StateCatalog+JSON.swift
  Sources/StateKitCore/StateHolders/StateChange.swift
  Sources/StateKitCore/StateHolders/StateHolding.swift
  Sources/StateKitCore/Styles/PaletteColor.swift
  Sources/StateKitCore/Transitions/Interpolatable.swift
  Sources/StateKitCore/Transitions/Pulse.swift
  Sources/StateKitCore/Transitions/Transition.swift
  Sources/StateKitCore/Transitions/TransitionCurve.swift
  Sources/StateKitCore/Transitions/TransitionTable.swift
  Sources/StateKitCore/Transitions/TransitionTable+Explain.swift
  Sources/StateKitCore/Transitions/StyleTransitions.swift
  Sources/StateKitCore/Transitions/StyleTransitions+ThemeJSON.swift
)
# StateKitCore's files left out, each with why; scripts/check-embedded-files.py fails when a file
# of Sources/StateKitCore is in neither list. Not compiled, only checked.
NOT_EMBEDDED=(
  "Sources/StateKitCore/Bits/ControlEvents+Codable.swift: Codable"
  "Sources/StateKitCore/Bits/ControlState+Codable.swift: Codable"
  "Sources/StateKitCore/Bits/Internals/BitSetCoding.swift: Codable (the coding of a layout's bit sets)"
  "Sources/StateKitCore/Errors/StateKitError+CodedError.swift: CodedError reads cases through Mirror, causes as any Error"
  "Sources/StateKitCore/Names/StateCatalog+Coding.swift: Codable"
  "Sources/StateKitCore/StateHolders/Internals/StateObservers.swift: the observers of StateModel, weak references"
  "Sources/StateKitCore/StateHolders/StateModel.swift: weak references"
  "Sources/StateKitCore/StateHolders/StateObserver.swift: the holders' token, weak references"
  "Sources/StateKitCore/Styles/Internals/HolderBox.swift: StyleHolder's shared box, weak references"
  "Sources/StateKitCore/Styles/Internals/StyleColumn.swift: StyleSet's columns, erased behind metatypes and AnyHashable"
  "Sources/StateKitCore/Styles/Internals/StyleStorage.swift: StyleSet's storage, metatypes and AnyHashable"
  "Sources/StateKitCore/Styles/ResolvedStyle.swift: StyleSet's result, metatypes and AnyHashable"
  "Sources/StateKitCore/Styles/StyleHolder+Updates.swift: StyleHolder, on StyleSet and StateModel"
  "Sources/StateKitCore/Styles/StyleHolder.swift: on StyleSet and StateModel"
  "Sources/StateKitCore/Styles/StyleOverlay+Codable.swift: Codable"
  "Sources/StateKitCore/Styles/StyleOverlay.swift: on StyleSet, metatypes and AnyHashable"
  "Sources/StateKitCore/Styles/StyleSet+Codable.swift: Codable"
  "Sources/StateKitCore/Styles/StyleSet+Explain.swift: StyleSet"
  "Sources/StateKitCore/Styles/StyleSet+Layers.swift: StyleSet"
  "Sources/StateKitCore/Styles/StyleSet+Lookup.swift: StyleSet"
  "Sources/StateKitCore/Styles/StyleSet.swift: attributes of any type, erased behind metatypes and AnyHashable"
  "Sources/StateKitCore/Tables/Internals/LookupStorage+StyleReads.swift: a style set's read records, on StyleSet"
  "Sources/StateKitCore/Memory/Addresses+Reads.swift: the copies a holder and a style set's read records make, on StyleHolder and StyleSet"
  "Sources/StateKitCore/Memory/AtomicSlot.swift: the slot of a style set's read records, on StyleSet"
  "Sources/StateKitCore/Tables/Internals/PublishedLookup.swift: a StyleHolder's reads, on its slot"
  "Sources/StateKitCore/Tables/StateTable+Codable.swift: Codable"
  "Sources/StateKitCore/Themes/Internals/ThemeDocument+StyleSet.swift: maps a theme onto a StyleSet"
  "Sources/StateKitCore/Themes/Internals/ThemeValueDecoder.swift: a Decoder"
  "Sources/StateKitCore/Themes/StyleSet+ThemeJSON.swift: StyleSet and Decodable values"
  "Sources/StateKitCore/Transitions/AnimatedLook.swift: built on StyleAnimator"
  "Sources/StateKitCore/Transitions/AnimatedLooks.swift: built on StyleAnimator"
  "Sources/StateKitCore/Transitions/Internals/AnimatorCore.swift: the animators' engine, on StyleSet"
  "Sources/StateKitCore/Transitions/StyleAnimator.swift: animates a StyleSet"
  "Sources/StateKitCore/Transitions/Internals/FieldMotion.swift: moves a look's fields, for StyleAnimator"
  "Sources/StateKitCore/Transitions/StyleTransitions+Theme.swift: a theme's transitions, beside a StyleSet's DecodableKey and Codable"
)
# The page's entry points, with the masks command's parsing and report and the theme command's
# report (grid, lint, explanations) from statekit-inspect.
WEB=(
  Web/Sources/StateKitWeb.swift
  Sources/InspectKit/Commands/MaskReport.swift
  Sources/InspectKit/Commands/ThemeReport.swift
  Sources/InspectKit/Commands/ThemeTransitionLint.swift
  Sources/InspectKit/CommandLine/ExitStatus.swift
  Sources/InspectKit/CommandLine/StateFlag.swift
)
EXPORTS=(sk_input sk_layouts sk_masks sk_encode sk_theme sk_theme_explain sk_theme_change
  sk_stdout_pointer sk_stdout_count sk_stderr_pointer sk_stderr_count)

FLAGS=(-enable-experimental-feature Embedded -wmo -Osize -parse-as-library -swift-version 6
  -package-name StateKit -Xfrontend -disable-stack-protector -Xfrontend -function-sections)
TOOLCHAIN_LIB="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/embedded"

module() { # target, name, sources...
  local target=$1 name=$2
  shift 2
  swiftc -target "$target" "${FLAGS[@]}" -I "$OUT/$target" -module-name "$name" \
    -emit-module -emit-module-path "$OUT/$target/$name.swiftmodule" \
    -c "$@" -o "$OUT/$target/$name.o"
}

# StateKitCore imports the header-only C module StateKitAtomics: a module map for its header in
# each target's folder, which every compile here (and the firmware example's) searches.
atomics_map() { # folder
  printf 'module StateKitAtomics {\n  header "%s"\n  export *\n}\n' \
    "$PWD/Sources/StateKitAtomics/include/StateKitAtomics.h" >"$1/module.modulemap"
}

# Each target's modules in order (each imports the one before), the targets side by side: a
# whole-module compile keeps one core busy, so the targets share the machine's cores.
target_modules() { # target, then the module names to build
  local target=$1
  shift
  mkdir -p "$OUT/$target"
  atomics_map "$OUT/$target"
  for name in "$@"; do
    case "$name" in
      ErrorKitCore) module "$target" ErrorKitCore "${ERRORKITCORE[@]}" ;;
      StateKitCore) module "$target" StateKitCore "${STATEKITCORE[@]}" ;;
      StateKitWeb) module "$target" StateKitWeb "${WEB[@]}" ;;
    esac
  done
}
pids=()
for target in wasm32-unknown-none-wasm armv7em-none-none-eabi; do
  target_modules "$target" ErrorKitCore StateKitCore StateKitWeb &
  pids+=($!)
done
# This machine, in Embedded Swift too, where the toolchain has its Embedded standard library
# (x86_64 Linux): the firmware example runs there to time what it chooses.
host="$(uname -m)-unknown-linux-gnu"
if [ "$(uname -s)" = Linux ] && [ -d "$TOOLCHAIN_LIB/$host" ]; then
  target_modules "$host" ErrorKitCore StateKitCore &
  pids+=($!)
fi
for pid in "${pids[@]}"; do wait "$pid"; done

# The page: the module with the C runtime it needs (memory, byte functions, a hash seed) and
# the Unicode tables String's comparisons use. Its stack comes first in memory, so running past
# it traps rather than writing over the data after it, and is 1 MiB: reading, mapping and
# printing a theme nested as deep as JSON may be (512 levels) takes between 128 and 160 KiB.
wasm=wasm32-unknown-none-wasm
clang --target=wasm32-unknown-unknown -O2 -mbulk-memory -ffreestanding -nostdlib -fno-builtin \
  -c Web/Sources/Runtime.c -o "$OUT/$wasm/Runtime.o"
mkdir -p "$OUT/web"
wasm-ld --no-entry --strip-all --stack-first -z stack-size=1048576 "${EXPORTS[@]/#/--export=}" \
  "$OUT/$wasm/StateKitWeb.o" "$OUT/$wasm/StateKitCore.o" "$OUT/$wasm/ErrorKitCore.o" \
  "$OUT/$wasm/Runtime.o" "$TOOLCHAIN_LIB/$wasm/libswiftUnicodeDataTables.a" \
  -o "$OUT/web/statekit.wasm"
cp Web/index.html Web/statekit.js Web/statekit.css "$OUT/web/"

# The same entry points as a firmware links them: unused sections dropped, the C library's
# functions (malloc, memcpy, ...) left to the firmware's own, so they are not counted.
arm=armv7em-none-none-eabi
ld.lld --gc-sections --entry=sk_masks "${EXPORTS[@]/#/--undefined=}" --unresolved-symbols=ignore-all \
  "$OUT/$arm/StateKitWeb.o" "$OUT/$arm/StateKitCore.o" "$OUT/$arm/ErrorKitCore.o" \
  "$TOOLCHAIN_LIB/$arm/libswiftUnicodeDataTables.a" -o "$OUT/$arm/statekit-web.elf"

# The firmware example: an LVGL-style switch whose look StateKit chooses, beside the same choice
# written by hand (Examples/Firmware).
Examples/Firmware/build.sh "$OUT"

python3 scripts/embedded-size-report.py "$OUT" | tee "$OUT/size-report.txt"
