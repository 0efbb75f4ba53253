#!/usr/bin/env python3
"""Compiles every Swift block of the documentation, runs it, and checks its commented results.

The Markdown and the doc comments are the only source: README.md, Docs/*.md,
Sources/*/*.docc/*.md, and the `///` comments of the Swift files of SYMBOL_MODULES (not under
Internals/), where a file is one document and its code blocks are the indented ones and the
```swift fences. This script turns the blocks into a scratch package, .build/doc-code (generated,
never committed), with one test target per document, and runs `swift test` on it.
Docs/Documentation.md gives the rules; in short:

- a block that starts with `// swift-tools-version` is a manifest: `swift package dump-package`
  must accept it;
- the other blocks of a document compile together, in one file of a module of their own that
  depends on the StateKit, StateKitTesting and ErrorKit products, with the document's own
  imports only (a Swift file's examples: SYMBOL_IMPORTS); declarations stay at file scope, once
  if two blocks write the same one; each block's statements run as one test case;
- `EXPR  // RESULT`, where RESULT starts like a value (`"`, a digit, `-`, `[`, `.name`, `true`,
  `false`, `nil`), checks `EXPR == RESULT`; `try EXPR  // throws…` checks that it throws;
  `print(…)  // TEXT` checks the printed line;
- a block whose last comment lines begin with `Property "`, or that is followed by a `text`
  block after `<!-- doc-code: expected-issue -->`, must record exactly that issue (`…` matches
  any text);
- `<!-- doc-code: continues PATH -->` (in a Swift file, a `// doc-code: continues PATH` line)
  lets a document use the declarations of another.

Usage: scripts/check-doc-code.py [--generate-only]
"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build", "doc-code")
DIRECTIVE = re.compile(r"^\s*<!--\s*doc-code:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+)\s*([^`\s]*)[^`]*$")
# The modules whose symbol comments (`///`) are documents too: each Swift file of theirs, except
# those under Internals/, is read like a Markdown document made of its doc comments.
SYMBOL_MODULES = ["StateKitCore", "StateKit", "StateKitFoundation", "StateKitTesting", "ErrorKit", "ErrorKitCore"]
SOURCE_DIRECTIVE = re.compile(r"^\s*//\s*doc-code:\s*(.*?)\s*$")
DOC_COMMENT = re.compile(r"^\s*///(.*)$")
DECLARATION_KEYWORDS = {
    "import", "extension", "struct", "enum", "class", "protocol", "actor", "func", "typealias",
}
MODIFIERS = {"public", "package", "internal", "fileprivate", "private", "final", "nonisolated"}
VALUE_START = re.compile(r'^(?:"|-?\d|\[|\.[A-Za-z_]|true\b|false\b|nil\b)')


def documents():
    paths = ["README.md"] + sorted(glob.glob("Docs/*.md", root_dir=ROOT))
    paths += sorted(glob.glob("Sources/*/*.docc/*.md", root_dir=ROOT))
    for module in SYMBOL_MODULES:
        paths += sorted(path for path in glob.glob(f"Sources/{module}/**/*.swift", root_dir=ROOT,
                                                   recursive=True)
                        if "/Internals/" not in path)
    return paths


class Block:
    def __init__(self, document, line, language, lines):
        self.document, self.line, self.language, self.lines = document, line, language, lines
        self.expected_issue = None

    @property
    def location(self):
        return f"{self.document}:{self.line}"


def read_blocks(path):
    """The code blocks of a document, and its directives.

    A Swift file is read through its doc comments: each run of `///` lines is Markdown, the
    other lines are not text (they end any block), and `// doc-code: …` comment lines are its
    directives. Besides fences, its indented blocks are Swift code: lines indented 4 spaces or
    more after `/// `, following a blank `///` line or opening the comment, up to the first line
    indented less (blank lines inside stay). Lines keep their numbers, so a failure points at the
    `.swift` file.
    """
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        lines = file.read().split("\n")
    source = path.endswith(".swift")
    texts = doc_comment_lines(lines) if source else lines
    blocks, continues, pending = [], [], None
    index = 0
    while index < len(lines):
        if source:
            directive = SOURCE_DIRECTIVE.match(lines[index]) if texts[index] is None else None
        else:
            directive = DIRECTIVE.match(lines[index])
        if directive:
            words = directive.group(1).split()
            if words[0] == "continues":
                continues.append(os.path.normpath(os.path.join(os.path.dirname(path), words[1])))
            elif words[0] == "expected-issue":
                pending = "expected-issue"
            else:
                sys.exit(f"{path}:{index + 1}: unknown doc-code directive {words[0]!r}")
            index += 1
            continue
        text = texts[index]
        fence = FENCE.match(text) if text is not None else None
        if source and not fence and text is not None and text.startswith("    ") and (
                index == 0 or texts[index - 1] is None or not texts[index - 1].strip()):
            body, start = [], index
            while index < len(lines) and texts[index] is not None and (
                    texts[index].startswith("    ") or not texts[index].strip()):
                body.append(texts[index][4:])
                index += 1
            while body and not body[-1].strip():
                body.pop()
            if is_public(lines, texts, index):
                blocks.append(Block(path, start + 1, "swift", body))
            continue
        if not fence:
            index += 1
            continue
        indent, ticks, language = fence.groups()
        body, start = [], index + 1
        index += 1
        while index < len(lines) and texts[index] is not None and texts[index].strip() != ticks:
            line = texts[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        if pending == "expected-issue":
            previous = [block for block in blocks if block.language == "swift"]
            if not previous:
                sys.exit(f"{path}:{start}: an expected issue needs a Swift block before it")
            previous[-1].expected_issue = body
            pending = None
        elif not source or is_public(lines, texts, index):
            blocks.append(Block(path, start + 1, language, body))
    return blocks, continues


def is_public(lines, texts, index):
    """Whether the doc comment at a line documents API: the declaration after it is not SPI
    (`@_spi`) and says none of `private`, `fileprivate`, `internal`, `package`. A declaration
    without a modifier (a protocol requirement, an enum case) counts as public."""
    while index < len(lines) and texts[index] is not None:
        index += 1
    while index < len(lines) and lines[index].strip().startswith("@"):
        if lines[index].strip().startswith("@_spi"):
            return False
        index += 1
    words = lines[index].split() if index < len(lines) else []
    return not (words and words[0] in ("private", "fileprivate", "internal", "package"))


def doc_comment_lines(lines):
    """A Swift file's text: each `///` line's text (less one space); None for any other line."""
    result = []
    for line in lines:
        comment = DOC_COMMENT.match(line)
        result.append(comment.group(1).removeprefix(" ") if comment else None)
    return result


def scan(line, depth):
    """The bracket depth after a line, and where its trailing `//` comment starts, if any."""
    in_string, escaped, comment = False, False, None
    position = 0
    while position < len(line):
        char = line[position]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif line.startswith("//", position):
            comment = position
            break
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        position += 1
    return depth, comment


def brackets(line, stack):
    """The open brackets after a line, innermost last."""
    stack = list(stack)
    in_string, escaped = False, False
    for position, char in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif line.startswith("//", position):
            break
        elif char in "([{":
            stack.append(char)
        elif char in ")]}" and stack:
            stack.pop()
    return stack


def items(lines):
    """Top-level items of a block: (first line index, lines), comments attached to the next."""
    result, current, depth, leading = [], None, 0, []
    for number, line in enumerate(lines):
        stripped = line.strip()
        starts_item = depth == 0 and current is None
        continues = depth == 0 and current is not None and bool(
            re.match(r"^(\.|\+|-|\*|&&|\|\||\?\?|==|!=|\?|:|else\b|catch\b|where\b)", stripped)
            or re.match(r"^@\w+(\(.*\))?$", current[1][-1].strip()))
        if depth == 0 and current is not None and not continues:
            result.append(current)
            current = None
            starts_item = True
        if starts_item:
            if not stripped or stripped.startswith("//") or stripped.startswith("///"):
                leading.append((number, line))
                continue
            current = (leading[0][0] if leading else number, [l for _, l in leading] + [line])
            leading = []
        else:
            current[1].append(line)
        depth, _ = scan(line, depth)
    if current is not None:
        result.append(current)
    return result, leading


def is_declaration(item_lines):
    for line in item_lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        words = re.sub(r"@\w+(\([^)]*\))?", " ", stripped).split()
        while words and words[0] in MODIFIERS:
            words = words[1:]
        return bool(words) and words[0] in DECLARATION_KEYWORDS
    return False


def swift_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    escaped = escaped.replace("\n", "\\n")
    return f'"{escaped}"'


def expected_value(comment):
    """The value a result comment starts with, or None when the comment is prose."""
    if not VALUE_START.match(comment):
        return None
    depth, in_string, escaped = 0, False, False
    for position, char in enumerate(comment):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and (char in ",;:" or comment.startswith("  ", position)):
            return comment[:position].strip()
    return comment.strip()


def printed_text(comment):
    """The line a `print` comment says is printed: a string literal, or text up to two spaces."""
    if comment.startswith('"'):
        return expected_value(comment)
    return swift_string(comment.split("  ")[0].strip())


def statement_line(line):
    """A statement line, with its result comment turned into a check."""
    depth, comment = scan(line, 0)
    if comment is None or depth != 0:
        return [line]
    code, note = line[:comment].rstrip(), line[comment + 2:].strip()
    indent = code[: len(code) - len(code.lstrip())]
    body = code.strip()
    if not body:
        return [line]
    if re.match(r"^print\(.*\)$", body) and scan(body[len("print("):-1], 0)[0] == 0:
        return [f"{code}; _expectPrinted({printed_text(note)})  //{line[comment + 2:]}"]
    if re.match(r"^(let|var|if|for|guard|return|throw|switch|do|while|defer|_\s*=)\b|^#", body):
        return [line]
    if re.search(r"[^=!<>]=[^=]", body.replace("==", "  ").replace("!=", "  ")):
        return [line]  # an assignment
    if body.startswith("try ") and re.match(r"^throws\b", note):
        return [f"{indent}_expectThrows {{ _ = {body} }}  //{line[comment + 2:]}"]
    value = expected_value(note)
    if value is None:
        return [f"{indent}_ = {body}  //{line[comment + 2:]}"]
    throws = body.startswith("try ")
    expression = body[4:] if throws else body
    prefix = "try " if throws else ""
    return [f"{indent}{prefix}_expectResult({expression}, {value})  //{line[comment + 2:]}"]


def printed_lines(lines):
    """`print(…)` followed by comment lines: those lines are what it prints, checked as a whole."""
    lines = list(lines)
    for number, line in enumerate(lines):
        depth, comment = scan(line, 0)
        body = line.strip()
        if comment is not None or depth != 0 or not re.match(r"^print\(.*\)$", body):
            continue
        output = []
        for following in lines[number + 1:]:
            if not following.strip().startswith("//"):
                break
            output.append(following.strip()[2:].removeprefix(" "))
        if output:
            lines[number] = f"{line.rstrip()}; _expectPrinted({swift_string(chr(10).join(output))})"
    return lines


def report_lines(lines):
    return "[" + ", ".join(swift_string(line.rstrip()) for line in lines) + "]"


class Generated:
    def __init__(self):
        self.declarations, self.blocks = [], []


def generate(document, blocks, with_statements=True, seen=None):
    """The Swift file of one document: its declarations, and one function per block.

    A declaration the module already has, word for word (`seen`: its code lines, less
    indentation and comments), is compiled once: two examples may both declare the same
    `extension ControlState { static let visited = … }`. Different declarations of one name
    still collide, as they would for a reader who copies both.
    """
    out = Generated()
    seen = set() if seen is None else seen
    name = re.sub(r"\W", "_", document)
    for block in blocks:
        block_items, trailing = items(printed_lines(block.lines))
        expected = block.expected_issue
        if expected is None and trailing:
            comments = [line.strip()[2:].removeprefix(" ") for _, line in trailing
                        if line.strip().startswith("//")]
            # After a `print(…)`, the comment lines are what it prints, not an issue.
            printed = block_items and re.match(r"^\s*print\(", block_items[-1][1][-1])
            if comments and comments[0].startswith('Property "') and not printed:
                expected = comments
        tests = [index for index, (_, lines) in enumerate(block_items)
                 if is_declaration(lines) and any("@Test" in line for line in lines)]
        statements, defined = [], []
        for index, (first, lines) in enumerate(block_items):
            source = f'#sourceLocation(file: "{block.document}", line: {block.line + first})'
            if is_declaration(lines):
                key = tuple(line.strip() for line in lines
                            if line.strip() and not line.strip().startswith("//"))
                if key in seen and not key[0].startswith("import "):
                    continue  # imports are the file's own, the others the module's
                seen.add(key)
                lines = list(lines)
                if expected is not None and tests and index == tests[-1]:
                    lines = wrap_test(lines, expected)
                    expected = "done"
                out.declarations += [source] + lines + ["#sourceLocation()"]
            else:
                statements.append(source)
                code = [line for line in lines if line.strip() and not line.strip().startswith("//")]
                constant = re.match(r"^\s*(?:let|var)\s+([A-Za-z_]\w*)\s*[:=]", code[0])
                if constant:
                    defined.append(constant.group(1))
                stack = []
                for line in lines:
                    # A line is a statement of its own at the top or directly in braces, not
                    # in the middle of a call or a collection literal.
                    if (not stack or stack[-1] == "{") and scan(line, 0)[0] == 0:
                        statements += statement_line(line)
                    else:
                        statements.append(line)
                    stack = brackets(line, stack)
                statements.append("#sourceLocation()")
        if statements and with_statements:
            function = f"_{name}_{block.line}"
            issue = "nil" if expected in (None, "done") else report_lines(expected)
            # What a block defines is what it shows: its constants count as used.
            uses = [f"  _ = {constant}" for constant in defined]
            out.declarations += [f"func {function}() throws {{"] + statements + uses + ["}"]
            out.blocks.append(f'DocBlock("{block.location}", expectedIssue: {issue}, {function})')
        elif expected not in (None, "done") and with_statements:
            sys.exit(f"{block.location}: an expected issue, but no @Test function or statements")
    return out


def wrap_test(lines, expected):
    """A @Test function whose body must record exactly the expected issue."""
    throws = any(re.search(r"\)\s*(async\s+)?throws\b", line) for line in lines[:3])
    for number, line in enumerate(lines):
        if "{" in line:
            call = "try _expectIssue" if throws else "_expectIssue"
            lines[number] = line.replace("{", "{ " + call + "(" + report_lines(expected) + ") {", 1)
            break
    last = max(number for number, line in enumerate(lines) if line.strip() == "}")
    lines[last] = lines[last].replace("}", "} }", 1)
    return lines


HARNESS = r'''// Generated by scripts/check-doc-code.py: the checks behind the documentation's results.
import Synchronization
import Testing

/// The statements of one Swift block of the document, and the issue they must record, if any.
struct DocBlock: Sendable, CustomTestStringConvertible {
  let location: String
  let expectedIssue: [String]?
  let run: @Sendable () throws -> Void
  init(_ location: String, expectedIssue: [String]?, _ run: @escaping @Sendable () throws -> Void) {
    self.location = location
    self.expectedIssue = expectedIssue
    self.run = run
  }
  var testDescription: String { location }
}

/// What the block printed last.
final class PrintedLine: Sendable {
  let text = Mutex<String?>(nil)
  @TaskLocal static var current: PrintedLine?
}

/// Prints as the standard library does, and remembers the line for `_expectPrinted`.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  let text = items.map { "\($0)" }.joined(separator: separator)
  PrintedLine.current?.text.withLock { $0 = text }
  Swift.print(text, terminator: terminator)
}

// The Markdown's line, through the #sourceLocation around each block: literals, not Testing's
// #_sourceLocation macro, which a document that does not import Testing cannot expand.
func _location(_ fileID: String, _ filePath: String, _ line: Int, _ column: Int) -> SourceLocation {
  SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
}

func _expectPrinted(
  _ expected: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column
) {
  // A comment cannot show an empty last line: one line break at the end is not compared.
  let printed = PrintedLine.current?.text.withLock { $0 }.map {
    $0.hasSuffix("\n") ? String($0.dropLast()) : $0
  }
  #expect(printed == expected, sourceLocation: _location(fileID, filePath, line, column))
}

func _expectThrows(
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column, _ body: () throws -> Void
) {
  #expect(throws: (any Error).self, sourceLocation: _location(fileID, filePath, line, column)) {
    try body()
  }
}

func _expectResult<T: Equatable>(
  _ value: T, _ expected: T, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  #expect(value == expected, sourceLocation: _location(fileID, filePath, line, column))
}

func _expectResult<T>(
  _ value: T, _ expected: T, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  #expect(
    String(describing: value) == String(describing: expected),
    sourceLocation: _location(fileID, filePath, line, column))
}

/// Runs code that must record exactly one issue, whose text matches the expected lines (`…`
/// matches any text).
func _expectIssue(
  _ expected: [String], fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column, _ body: () throws -> Void
) rethrows {
  let sourceLocation = _location(fileID, filePath, line, column)
  let recorded = Mutex<[String]>([])
  try withKnownIssue {
    try body()
  } matching: { issue in
    recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  let issues = recorded.withLock { $0 }
  #expect(issues.count == 1, "one issue, not \(issues.count)", sourceLocation: sourceLocation)
  guard let issue = issues.first else { return }
  let lines = issue.split(separator: "\n", omittingEmptySubsequences: false).map {
    String($0.reversed().drop { $0 == " " }.reversed())
  }
  #expect(
    lines.count == expected.count && zip(lines, expected).allSatisfy { _matches($0, $1) },
    "the issue recorded is:\n\(lines.joined(separator: "\n"))\nexpected:\n\(expected.joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}

func _matches(_ line: String, _ pattern: String) -> Bool {
  let parts = pattern.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
  guard parts.count > 1 else { return line == pattern }
  guard line.hasPrefix(parts[0]), line.hasSuffix(parts[parts.count - 1]) else { return false }
  var rest = Substring(line.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
  for part in parts.dropFirst().dropLast() {
    guard let range = rest.firstRange(of: part) else { return false }
    rest = rest[range.upperBound...]
  }
  return true
}

// Serialized: a document's blocks run in order, one at a time, as a reader runs them; a later
// block may read what an earlier one changed (a shared holder updated, then read).
@Test(.serialized, arguments: _documentBlocks)
func block(_ block: DocBlock) throws {
  try PrintedLine.$current.withValue(PrintedLine()) {
    if let expected = block.expectedIssue {
      try _expectIssue(expected) { try block.run() }
    } else {
      try block.run()
    }
  }
}
'''


# A symbol's example is a fragment of a page that names its module: its file imports what the
# pages' examples use without saying so.
SYMBOL_IMPORTS = ["import ErrorKit", "import Foundation", "import StateKit", "import StateKitTesting",
                  "import Testing"]


def platform_condition(path):
    """The module of a Swift file that is all inside `#if canImport(M)`: its examples compile
    where M does, with `import M`, and elsewhere not at all (UIKit's, on Linux)."""
    if not path.endswith(".swift"):
        return None
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        code = [line.strip() for line in file if line.strip() and not line.strip().startswith("//")]
    match = re.match(r"^#if canImport\((\w+)\)$", code[0]) if code else None
    return match.group(1) if match and code[-1] == "#endif" else None


def synchronize(written):
    """Makes OUT hold exactly the generated files, rewriting only those that changed: the build
    directory stays, so a second run compiles only the documents that changed."""
    for directory in ("Tests", "Manifests"):
        for parent, _, names in os.walk(os.path.join(OUT, directory), topdown=False):
            for name in names:
                if os.path.join(parent, name) not in written:
                    os.remove(os.path.join(parent, name))
            if not os.listdir(parent):
                os.rmdir(parent)
    for path, text in written.items():
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                if file.read() == text:
                    continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)


def main():
    generate_only = "--generate-only" in sys.argv[1:]
    written = {}  # path in OUT: text
    parsed = {path: read_blocks(path) for path in documents()}
    targets, manifests = [], []
    for path, (blocks, continues) in parsed.items():
        code = [b for b in blocks if b.language == "swift"]
        manifest = [b for b in code if b.lines and b.lines[0].startswith("// swift-tools-version")]
        code = [b for b in code if b not in manifest]
        manifests += manifest
        if not code:
            continue
        target = "Doc_" + re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(path)[0])
        directory = os.path.join(OUT, "Tests", target)
        files = {"Document.swift": (path, code, True)}
        for other in continues:
            other_code = [b for b in parsed[other][0] if b.language == "swift" and b not in manifests
                          and not (b.lines and b.lines[0].startswith("// swift-tools-version"))]
            name = os.path.splitext(os.path.basename(other))[0]
            files[f"Continued_{name}.swift"] = (other, other_code, False)
        seen = set()
        for file_name, (document, document_blocks, with_statements) in files.items():
            out = generate(document, document_blocks, with_statements, seen)
            header = [f"// Generated by scripts/check-doc-code.py from {document}: do not edit."]
            if document.endswith(".swift"):
                header += SYMBOL_IMPORTS
            condition = platform_condition(document)
            if condition:
                header += [f"#if canImport({condition})", f"import {condition}"]
            text = header + out.declarations
            if with_statements:
                text += ["", "let _documentBlocks: [DocBlock] = ["]
                text += [f"  {block}," for block in out.blocks] + ["]"]
                if condition:
                    text += ["#else", "let _documentBlocks: [DocBlock] = []"]
            if condition:
                text += ["#endif"]
            written[os.path.join(directory, file_name)] = "\n".join(text) + "\n"
        written[os.path.join(directory, "Harness.swift")] = HARNESS
        targets.append(target)

    root_identity = os.path.basename(ROOT).lower()
    products = ", ".join(
        f'.product(name: "{name}", package: "{root_identity}")'
        for name in ("StateKit", "StateKitTesting", "ErrorKit"))
    target_lines = "\n".join(
        f'    .testTarget(name: "{target}", dependencies: [{products}], '
        f'swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),'
        for target in targets)
    written[os.path.join(OUT, "Package.swift")] = f"""// swift-tools-version:6.0
// Generated by scripts/check-doc-code.py: one test target per document with Swift code.
import PackageDescription

let package = Package(
  name: "DocCode",
  dependencies: [.package(path: "{ROOT}")],
  targets: [
{target_lines}
  ],
  swiftLanguageModes: [.v6]
)
"""
    for number, block in enumerate(manifests):
        path = os.path.join(OUT, "Manifests", f"m{number}", "Package.swift")
        written[path] = "\n".join(block.lines) + "\n"
    synchronize(written)
    print(f"doc-code: {len(targets)} documents with code, {len(manifests)} manifests, in {OUT}")
    if generate_only:
        return
    failed = False
    for number, block in enumerate(manifests):
        directory = os.path.join(OUT, "Manifests", f"m{number}")
        result = subprocess.run(["swift", "package", "dump-package", "--package-path", directory],
                                capture_output=True, text=True)
        if result.returncode != 0:
            failed = True
            print(f"{block.location}: the manifest does not load:\n{result.stderr}")
        else:
            print(f"ok   {block.location}: manifest loads")
    # From the package's directory: a block that writes a file (errors.json) writes it there.
    # Documents show a property's first failure; a failure saved by an earlier run
    # (StateKitFailures.txt, written where the generated test files say they are) would be
    # replayed first and change the report, so every run starts without them.
    for parent, _, names in os.walk(OUT):
        if "StateKitFailures.txt" in names and "/.build" not in parent:
            os.remove(os.path.join(parent, "StateKitFailures.txt"))
    # Several documents show the same property failing for the first time; none saves it.
    result = subprocess.run(["swift", "test", "--package-path", OUT, "-Xswiftc",
                             "-warnings-as-errors"], cwd=OUT,
                            env=dict(os.environ, STATEKIT_SAVED_FAILURES="off"))
    sys.exit(1 if failed or result.returncode != 0 else 0)


if __name__ == "__main__":
    main()
