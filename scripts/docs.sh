#!/usr/bin/env bash
# Builds the DocC archives of StateKit, StateKitTesting and ErrorKit with the toolchain's docc (no
# plugin): emits symbol graphs with `swift build`, then runs `docc convert`. Fails on any warning.
# Output: .build/docs/StateKit.doccarchive, StateKitTesting.doccarchive and ErrorKit.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/symbol-graphs
rm -rf "$graphs" .build/docs
mkdir -p "$graphs" .build/docs
swift package dump-symbol-graph --minimum-access-level public >/dev/null
dumped=$(swift build --show-bin-path)/../symbolgraph
[ -d "$dumped" ] || dumped=$(dirname "$(swift build --show-bin-path)")/symbolgraph

for module in StateKit StateKitTesting ErrorKit; do
  mkdir -p "$graphs/$module"
  cp "$dumped/$module".symbols.json "$graphs/$module/"
  for extension in "$dumped/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$graphs/$module/"
  done
done
# ErrorKit re-exports ErrorKitCore (ErrorPayload, ErrorCatalog): document them as ErrorKit's,
# with ErrorKit's extensions of them folded in.
python3 - "$dumped" "$graphs/ErrorKit" <<'PY'
import json, os, sys
dumped, out = sys.argv[1], sys.argv[2]
with open(os.path.join(dumped, "ErrorKitCore.symbols.json")) as file:
    core = json.load(file)
core["module"]["name"] = "ErrorKit"
extension = os.path.join(out, "ErrorKit@ErrorKitCore.symbols.json")
if os.path.exists(extension):
    with open(extension) as file:
        extra = json.load(file)
    core["symbols"] += extra["symbols"]
    core["relationships"] += extra["relationships"]
    os.remove(extension)
with open(os.path.join(out, "ErrorKitCore-as-ErrorKit.symbols.json"), "w") as file:
    json.dump(core, file)
PY

for module in StateKit StateKitTesting ErrorKit; do
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "dev.statekit.$module" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors
done
echo "docs: .build/docs/StateKit.doccarchive .build/docs/StateKitTesting.doccarchive .build/docs/ErrorKit.doccarchive"
