#!/usr/bin/env bash
# Builds the DocC archives of StateKit, StateKitTesting and ErrorKit with the toolchain's docc (no
# plugin), and a static website of them. Works as the first command on a fresh clone: the symbol
# graphs come from compiling the library targets alone (`swift build --target … -emit-symbol-graph`),
# never from `swift package dump-symbol-graph`, which builds the test targets too and fails
# before they are built. Fails on any warning.
# Output: .build/docs/<Module>.doccarchive, and .build/docs/site/<Module>/ for static hosting
# under the base path /<Module> (landing page: /<Module>/documentation/<module>/), with the
# browser page at .build/docs/site/web/ (scripts/build-embedded.sh builds it).
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(StateKit StateKitTesting ErrorKit)
# A scratch path of its own: these compiler flags would otherwise invalidate the everyday build.
# Built from nothing each time (about 15 seconds): the compiler writes a module's symbol graphs
# only when it compiles the module, so an up-to-date build would leave none.
scratch=.build-docs
raw=$scratch/symbol-graphs
graphs=.build/symbol-graphs
rm -rf "$scratch" "$graphs" .build/docs
mkdir -p "$raw" "$graphs" .build/docs/site
for module in "${modules[@]}"; do
  swift build --scratch-path "$scratch" --target "$module" -Xswiftc -warnings-as-errors \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$raw" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
    -Xswiftc -emit-extension-block-symbols
done

for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  cp "$raw/$module".symbols.json "$graphs/$module/"
  for extension in "$raw/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$graphs/$module/"
  done
done
# ErrorKit re-exports ErrorKitCore (ErrorPayload, ErrorCatalog): document them as ErrorKit's,
# with ErrorKit's extensions of them folded in. StateKit re-exports StateKitCore, whose symbols
# the compiler already writes into StateKit's graph; other modules' extensions of StateKitCore's
# types (StateKitTesting's) are shown as extensions of StateKit, the module clients import.
python3 - "$raw" "$graphs" <<'PY'
import glob, json, os, sys
dumped, graphs = sys.argv[1], sys.argv[2]
out = os.path.join(graphs, "ErrorKit")
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
for path in glob.glob(os.path.join(graphs, "*", "*@StateKitCore.symbols.json")):
    with open(path) as file:
        graph = json.load(file)
    os.remove(path)
    for symbol in graph["symbols"]:
        extension = symbol.get("swiftExtension")
        if extension and extension.get("extendedModule") == "StateKitCore":
            extension["extendedModule"] = "StateKit"
    with open(path.replace("@StateKitCore.", "@StateKit."), "w") as file:
        json.dump(graph, file)
PY

for module in "${modules[@]}"; do
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "dev.statekit.$module" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors
  docc process-archive transform-for-static-hosting ".build/docs/$module.doccarchive" \
    --output-path ".build/docs/site/$module" --hosting-base-path "$module"
done
# The browser page (Web/): StateKit's Swift in Embedded Swift, one WebAssembly module behind a
# static page, served beside the documentation at /web/.
scripts/build-embedded.sh .build/embedded
mkdir -p .build/docs/site/web
cp .build/embedded/web/* .build/docs/site/web/

echo "docs: .build/docs/{StateKit,StateKitTesting,ErrorKit}.doccarchive"
echo "site: .build/docs/site/ (python3 -m http.server -d .build/docs/site, then open"
echo "      /StateKit/documentation/statekit/, or /web/ for the browser page)"
