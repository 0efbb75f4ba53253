#!/usr/bin/env python3
"""Checks the module graph of Docs/Architecture.md: which target may depend on which, that the
Foundation-free modules import no Foundation, that no range of a bit layout is written out
(as a range such as `16...23` or a mask such as `0x00FF0000`) outside the layout description, that StateKitFoundation imports Foundation only
behind `#if canImport`, that the StateKit product links StateKitFoundation (its clients get
StateKitError's LocalizedError conformance) while statekit-inspect does not, that no module the
tool links imports Synchronization or Observation (it links StateKitCore, not the StateKit
umbrella, and starts without them), and that the package depends on no other package.

It also checks what Docs/Architecture.md says that a script can read: every file it names
exists (in the module whose section names it, or anywhere under Sources/ for the sections that
are not a module's); every type it names is declared in Sources/, and every member it names
(`Type.member`) in a file that declares or extends that type; the readers of statekit-inspect's
`error` are exactly `ErrorReaders.all`, whose forms Docs/CLI.md names in order and the error
messages name through `ErrorReaders.formList`; and the numbers it gives for the index
(`scanLimit`, 2^12 slots, the probe slots an attribute) are the code's.

Usage: python3 scripts/check-architecture.py  (exits 1 with one line per problem)
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# target -> the targets it may depend on (exactly)
ALLOWED = {
    "ErrorKitCore": set(),
    "StateKitCore": {"ErrorKitCore", "StateKitAtomics"},
    # C builtins for StyleHolder's atomic pointer, header only.
    "StateKitAtomics": set(),
    "StateKit": {"StateKitCore"},
    "StateKitFoundation": {"StateKitCore", "ErrorKitCore"},
    "StateKitTesting": {"StateKitCore"},
    "ErrorKit": {"ErrorKitCore"},
    "InspectKit": {"StateKitCore", "ErrorKitCore"},
    "statekit-inspect": {"InspectKit"},
    # Test fixtures: two widget libraries on the same bit (Tests/TwoLibraries/).
    "LinkKit": {"StateKit"},
    "ListKit": {"StateKit"},
    # Test helper: runs a program and reports its peak memory (Tests/PeakMemory/).
    "statekit-peak-memory": set(),
}
# target -> modules it may import only inside `#if canImport(...)` of that module
CONDITIONAL_IMPORTS = {
    "StateKitCore": {"UIKit"},
    "StateKitFoundation": {"Foundation", "FoundationEssentials"},
}
# product -> the targets it must list: StateKit's clients link StateKitFoundation
PRODUCT_TARGETS = {"StateKit": {"StateKit", "StateKitFoundation"}}
# target -> modules it must not import
# (Synchronization and Observation load libraries of their own at start-up: StateKit only.)
LIBRARY_IMPORTS = {"Synchronization", "Observation"}
FORBIDDEN_IMPORTS = {
    "ErrorKitCore": {"Foundation", "FoundationEssentials", "StateKit", "StateKitCore", "ErrorKit"}
    | LIBRARY_IMPORTS,
    "StateKitCore": {"Foundation", "FoundationEssentials", "ErrorKit", "StateKit"} | LIBRARY_IMPORTS,
    "StateKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "StateKitFoundation": {"ErrorKit", "StateKit"} | LIBRARY_IMPORTS,
    "StateKitTesting": {"Foundation", "FoundationEssentials", "ErrorKit", "XCTest", "StateKit"}
    | LIBRARY_IMPORTS,
    "ErrorKit": {"StateKit", "StateKitCore"},
    "InspectKit": {"Foundation", "FoundationEssentials", "ErrorKit", "StateKit"} | LIBRARY_IMPORTS,
    "statekit-inspect": {"Foundation", "FoundationEssentials", "StateKit"} | LIBRARY_IMPORTS,
    "LinkKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
    "ListKit": {"Foundation", "FoundationEssentials", "ErrorKit"},
}


def import_problems(target, path):
    """The imports of one file that its target may not make: a forbidden module, or a
    conditional one outside an `#if canImport(...)` block that names it."""
    problems = []
    conditions = []  # the enclosing #if lines, innermost last
    with open(path) as file:
        for line in file:
            stripped = line.strip()
            if stripped.startswith("#if"):
                conditions.append(stripped)
            elif stripped.startswith(("#elseif", "#else")) and conditions:
                conditions[-1] = stripped
            elif stripped.startswith("#endif") and conditions:
                conditions.pop()
            match = re.match(r"\s*(?:@\w+(?:\(\w+\))?\s+)*import\s+(\w+)", line)
            if not match:
                continue
            module = match.group(1)
            where = os.path.relpath(path, ROOT)
            if module in FORBIDDEN_IMPORTS.get(target, set()):
                problems.append(f"{where} imports {module}")
            elif module in CONDITIONAL_IMPORTS.get(target, set()) and not (
                    conditions and f"canImport({module})" in conditions[-1]):
                problems.append(f"{where} imports {module} outside #if canImport({module})")
    return problems


# The one description of the bit layouts: the only files that may write out a layout's ranges.
LAYOUT_FILES = {"Sources/StateKitCore/Bits/BitLayout.swift", "Sources/StateKitCore/Bits/ControlEvents+Layout.swift",
                "Sources/StateKitCore/Bits/BitLayout+LVGL.swift", "Sources/StateKitCore/Bits/BitLayout+GTK.swift"}
# Modules whose code works with the layouts; their code (not comments) is scanned.
LAYOUT_MODULES = ["StateKitCore", "StateKit", "StateKitFoundation", "StateKitTesting", "InspectKit",
                  "statekit-inspect"]
# Masks of the application and reserved ranges (ControlState: 0x00FF0000, 0xFF000000; control
# events: 0x0F000000, 0xF0000000, and the editing range 0x000F0000).
LAYOUT_MASKS = {0x00FF0000, 0xFF000000, 0x0F000000, 0xF0000000, 0x000F0000}
LAYOUT_RANGE = re.compile(r"\b(16|24|28)\s*(\.\.\.|\.\.<)\s*(23|24|27|28|31|32)\b"
                          r"|\bfrom (16|24) to (23|27)\b")
HEX_LITERAL = re.compile(r"\b0[xX]([0-9A-Fa-f_]+)\b")


def code_of(line):
    """The line without its `//` comment (a `//` inside a string literal stays)."""
    in_string = False
    index = 0
    while index < len(line):
        char = line[index]
        if char == "\\" and in_string:
            index += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index]
        index += 1
    return line


def layout_literal_problems():
    """Every range or mask of a layout written out in code outside LAYOUT_FILES."""
    problems = []
    for module in LAYOUT_MODULES:
        for path in sorted(glob.glob(os.path.join(ROOT, "Sources", module, "**", "*.swift"),
                                     recursive=True)):
            where = os.path.relpath(path, ROOT)
            if where in LAYOUT_FILES:
                continue
            with open(path) as file:
                for number, line in enumerate(file, 1):
                    code = code_of(line)
                    found = [m.group(0) for m in LAYOUT_RANGE.finditer(code)]
                    found += [m.group(0) for m in HEX_LITERAL.finditer(code)
                              if int(m.group(1).replace("_", ""), 16) in LAYOUT_MASKS]
                    for literal in found:
                        problems.append(f"{where}:{number}: the layout range {literal} is written "
                                        "out; ask the BitLayout (Sources/StateKitCore/Bits/BitLayout.swift)")
    return problems


ARCHITECTURE = os.path.join(ROOT, "Docs", "Architecture.md")
# Top-level folders: a path that starts with one of them is relative to the repository.
TOP_LEVEL = ("Sources/", "Tests/", "Docs/", "scripts/", "Fuzz/", "Benchmarks/", "Examples/", ".ci/",
             "api/", "Web/")
FILE_PATH = re.compile(r"^[\w.+/<>-]+(\.swift|\.h|\.py|\.sh|\.json|\.md|/)$")
# A path in a drawing (a ```text block): a file name with its folders, or a folder.
DRAWN_PATH = re.compile(r"(?<![\w./])((?:[\w+-]+/)*[\w+-]+\.swift|(?:[\w+-]+/)+(?=[\s,;)]|$))")
# Names the document uses that are not declared in Sources/: the toolchain's modules and types,
# libraries, test targets and environment variables.
EXTERNAL_NAMES = {
    "Foundation", "FoundationEssentials", "Synchronization", "Observation", "UIKit", "Testing",
    "XCTest", "XCTFail", "Glibc", "Musl", "Darwin", "Codable", "Decoder", "DecodingError",
    "JSONDecoder", "LocalizedError", "CustomNSError", "NSError", "Mutex", "Atomic", "Sendable",
    "UIControl", "Unicode", "String", "Int", "UInt", "KiB", "MiB", "LinkKit", "ListKit",
    "AnyHashable", "Mirror", "Decodable", "Double",
    "StateKitFoundationTests", "ErrorKitTests", "CommandLineSpecTests", "TwoLibrariesTests",
    "InspectTests",
}


def declared_names():
    """The types declared in Sources/, and for each type the names declared in the files that
    declare or extend it (its members, roughly: a check of names, not a compiler)."""
    members, types = {}, set()
    for path in glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True):
        with open(path) as file:
            text = file.read()
        names = set()
        for match in re.finditer(
                r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:\w+(?:\([^)]*\))?\s+)*"
                r"(struct|enum|class|protocol|typealias|actor|func|let|var|case|init)\s+(\w+)",
                text, re.M):
            names.add(match.group(2))
            if match.group(1) in ("struct", "enum", "class", "protocol", "typealias", "actor"):
                types.add(match.group(2))
        # `case a, b, c` declares each name.
        for match in re.finditer(r"^\s*case\s+([\w\s,]+?)\s*$", text, re.M):
            names.update(name.strip() for name in match.group(1).split(","))
        owners = re.findall(r"^\s*(?:\w+\s+)*(?:struct|enum|class|protocol|actor|extension)\s+"
                            r"(?:\w+\.)*(\w+)", text, re.M)
        for owner in owners:
            members.setdefault(owner, set()).update(names)
    return members, types


def sections():
    """Docs/Architecture.md as (heading, text, drawings) per `## ` section."""
    with open(ARCHITECTURE) as file:
        text = file.read()
    result = []
    for part in re.split(r"^(?=## )", text, flags=re.M):
        heading = part.splitlines()[0] if part.startswith("## ") else ""
        drawings = re.findall(r"^```text\n(.*?)^```", part, re.S | re.M)
        prose = re.sub(r"^```.*?^```", "", part, flags=re.S | re.M)
        result.append((heading, prose, drawings))
    return result


def document_problems(targets):
    """What Docs/Architecture.md claims that the tree contradicts."""
    problems = []
    members, types = declared_names()
    modules = set(targets)
    for heading, prose, drawings in sections():
        module = heading[3:].split(":")[0].strip() if heading.startswith("## ") else ""
        module_dir = os.path.join(ROOT, "Sources", module) if module in modules else None
        paths = [token for token in re.findall(r"`([^`\n]+)`", prose) if FILE_PATH.match(token)]
        for drawing in drawings:
            paths += [m.group(1) for m in DRAWN_PATH.finditer(drawing)]
        for path in paths:
            if "<" in path or path.startswith(("http", "/")):
                continue
            if path.startswith(TOP_LEVEL):
                found = os.path.exists(os.path.join(ROOT, path))
            elif module_dir and module != "statekit-inspect":
                found = os.path.exists(os.path.join(module_dir, path))
            else:
                found = any(os.path.exists(os.path.join(ROOT, "Sources", name, path))
                            for name in modules)
            if not found:
                where = f"Sources/{module}/" if module_dir else "Sources/*/"
                if path.startswith(TOP_LEVEL):
                    where = "the repository"
                problems.append(f"Docs/Architecture.md ({heading or 'introduction'}) names {path}, "
                                f"which is not in {where}")
        # In a drawing, a name is a word with a dot, a leading `_` or a capital after its first
        # letter (`ErrorScanner.scan`, `_ThemeReader`, `PastedText`); folders and prose are not.
        drawn = [m.group(1) for d in drawings
                 for m in re.finditer(r"(?<![\w/.])(_?[A-Z][\w.]*\w)(?![\w/])", d)
                 if "." in m.group(1) or m.group(1).startswith("_")
                 or re.search(r"[A-Z]", m.group(1)[1:])]
        for token in re.findall(r"`([^`\n]+)`", prose) + drawn:
            match = re.fullmatch(r"(_?[A-Z]\w*)((?:\.\w+)*)(?:\(.*\))?", token)
            if not match or token.endswith((".swift", ".h", ".md", ".py")):
                continue
            base = match.group(1)
            if base in EXTERNAL_NAMES or base in modules or base.isupper():
                continue
            if base not in types:
                problems.append(f"Docs/Architecture.md names `{token}`: no type {base} is declared "
                                "in Sources/")
                continue
            owner = base
            for member in filter(None, match.group(2).split(".")):
                if member != "init" and member not in members.get(owner, set()):
                    problems.append(f"Docs/Architecture.md names `{token}`: {owner} declares "
                                    f"nothing named {member}")
                    break
                owner = member
    return problems + reader_problems() + number_problems()


def reader_problems():
    """The readers of `error` are ErrorReaders.all; Docs/CLI.md and the messages name them."""
    problems = []
    inspect = os.path.join(ROOT, "Sources", "InspectKit")
    with open(os.path.join(inspect, "ErrorText", "ErrorReader.swift")) as file:
        registry = file.read()
    listed_text = re.search(r"static let all: \[any ErrorReader\.Type\] = \[(.*?)\]", registry, re.S)
    if not listed_text:
        return ["Sources/InspectKit/ErrorText/ErrorReader.swift: no `ErrorReaders.all` list"]
    listed = re.findall(r"(\w+)\.self", listed_text.group(1))
    conforming, forms = [], {}
    for path in sorted(glob.glob(os.path.join(inspect, "**", "*.swift"), recursive=True)):
        with open(path) as file:
            text = file.read()
        for name in re.findall(r"^(?:struct|enum|final class|class|extension)\s+(\w+)\s*:\s*"
                               r"(?:[\w\s,]*,\s*)?ErrorReader\b", text, re.M):
            conforming.append(name)
            form = re.search(r"static let form = \"((?:[^\"\\]|\\.)*)\"", text)
            if form:
                forms[name] = form.group(1)
    for name in sorted(set(conforming) - set(listed)):
        problems.append(f"{name} conforms to ErrorReader but is not in ErrorReaders.all")
    for name in listed:
        if name not in conforming:
            problems.append(f"ErrorReaders.all lists {name}, which does not conform to ErrorReader")
        elif name not in forms:
            problems.append(f"{name} has no `static let form = \"…\"` the check can read")
    with open(os.path.join(ROOT, "Docs", "CLI.md")) as file:
        cli = " ".join(file.read().split())
    sentence = re.search(r"The text forms come from one list in the code \(`ErrorReaders\.all`: "
                         r"([^)]*)\)", cli)
    expected = [forms[name] for name in listed if name in forms]
    if not sentence:
        problems.append("Docs/CLI.md has no sentence \"The text forms come from one list in the "
                        "code (`ErrorReaders.all`: …)\"")
    else:
        named = [part.strip() for part in sentence.group(1).split(",")]
        if named != expected:
            problems.append(f"Docs/CLI.md names the forms {named}; ErrorReaders.all's are {expected}")
    with open(os.path.join(inspect, "Commands", "ErrorCommand.swift")) as file:
        if "ErrorReaders.formList" not in file.read():
            problems.append("Sources/InspectKit/Commands/ErrorCommand.swift: the messages do not name "
                            "ErrorReaders.formList, as Docs/Architecture.md says")
    return problems


# Numbers Docs/Architecture.md gives, and where the code fixes them: (what the document says,
# file, the code's declaration with the number as its one group, the number the document means).
NUMBERS = [
    ("up to 15 entries over 4 slot bits", "Sources/StateKitCore/Tables/Internals/TableStorage.swift",
     r"static var packedEntryLimit: Int \{ (\d+) \}", "15"),
    ("gather into 2^12 slots", "Sources/StateKitCore/Tables/Internals/StateIndex.swift",
     r"static let maximumSlotBits = (\d+)", "12"),
    ("a probe table of 2 slots an attribute",
     "Sources/StateKitCore/Tables/Internals/LookupStorage+StyleReads.swift",
     r"while 1 << bits < (\d+) \* records.count", "2"),
]


def number_problems():
    problems = []
    with open(ARCHITECTURE) as file:
        document = " ".join(file.read().split())
    for claim, path, pattern, number in NUMBERS:
        if claim not in document:
            problems.append(f"Docs/Architecture.md no longer says \"{claim}\": update NUMBERS in "
                            "scripts/check-architecture.py")
            continue
        with open(os.path.join(ROOT, path)) as file:
            found = re.search(pattern, file.read())
        if not found or found.group(1) != number:
            problems.append(f"Docs/Architecture.md says \"{claim}\"; {path} says "
                            f"{found.group(1) if found else 'nothing the check can read'}")
    return problems


def main():
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    problems = []
    if dump.get("dependencies"):
        problems.append("the package depends on other packages")
    for target in dump["targets"]:
        name = target["name"]
        if target["type"] == "test":
            continue
        deps = set()
        for dep in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dep:
                    deps.add(dep[kind][0])
        if name not in ALLOWED:
            problems.append(f"{name}: not in Docs/Architecture.md")
        elif deps != ALLOWED[name]:
            problems.append(f"{name} depends on {sorted(deps)}, Docs/Architecture.md says {sorted(ALLOWED[name])}")
        for path in glob.glob(os.path.join(ROOT, target.get("path") or os.path.join("Sources", name),
                                           "**", "*.swift"), recursive=True):
            problems += import_problems(name, path)
    problems += layout_literal_problems()
    problems += document_problems([t["name"] for t in dump["targets"]])
    for product in dump["products"]:
        expected = PRODUCT_TARGETS.get(product["name"])
        if expected and set(product["targets"]) != expected:
            problems.append(f"product {product['name']} lists {sorted(product['targets'])}, "
                            f"Docs/Architecture.md says {sorted(expected)}")
    for problem in problems:
        print(f"architecture: {problem}")
    if not problems:
        print("architecture: the module graph and the checked claims match Docs/Architecture.md")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
