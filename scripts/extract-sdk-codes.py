#!/usr/bin/env python3
"""Extract every error domain and error code an Apple SDK's public headers declare.

Walks the headers (`.h`), API notes (`.apinotes`) and Swift interfaces (`.swiftinterface`) of one
or more SDKs in a snapshot, and writes the facts it finds, names and numbers only, to
scripts/data/sdk/codes.tsv and scripts/data/sdk/domains.tsv. Nothing else is kept from the
headers: no comment, no documentation text. scripts/generate-code-tables.py builds the Swift
tables from those files, offline.

What is recognised:
  - error domain constants: `extern NSErrorDomain const XErrorDomain`, `NSString *const
    XErrorDomain`, `const CFStringRef kXErrorDomain…`, with their value when a `#define` gives it;
  - `NS_ERROR_ENUM(Domain, Name) { … }` (the domain is the macro's);
  - `NS_ENUM`/`CF_ENUM`/`NS_CLOSED_ENUM` blocks and `typedef enum` blocks whose type name ends
    in Error, ErrorCode, Errors or Err; API notes that give such a type an `NSErrorDomain`;
  - `CF_ENUM(OSStatus)` blocks and anonymous `enum { … }` blocks whose members are mostly named
    like error codes (`kXxxErr`, `errXxx`, `xxxErr`, `kXxxError_…`);
  - `#define kXxxErr (-n)` style constants in framework headers, and the families of a few
    system headers named in SPECIAL_HEADERS (IOKit's IOReturn, Mach's kern_return_t, DNS-SD);
  - Swift-only error enums in `.swiftinterface` files (`enum E: Int, Error`, and enums that
    conform to `Error` without raw values, whose NSError code is the case's tag: cases with a
    payload first, then the others, each group in declaration order).
Values are evaluated as C does: integers, character constants ('wht?'), earlier members,
other constants and macros (function-like ones too), casts, shifts and bitwise operators.

Usage:
  python3 scripts/extract-sdk-codes.py --git-dir /work/.mirror/owner+name/repo \\
      --repository owner/name --sdk macOS14.0.sdk --sdk iPhoneOS17.0.sdk
  python3 scripts/extract-sdk-codes.py --root DIR --repository owner/name --commit SHA --sdk …
      [--newer GIT_DIR owner/name MacOSX15.5.sdk …]
      (the codes and domain constants later SDKs add to the base ones, each marked with the
       first later SDK that declares it; the base rows are kept as they are)
  python3 scripts/extract-sdk-codes.py --winerror winerror.h --repository owner/name \\
      --commit SHA --path mingw-w64-headers/include/winerror.h
      (Windows system error codes, `ERROR_…` and `WSA…`, to scripts/data/windows-errors.tsv)
  python3 scripts/extract-sdk-codes.py --pairs FILE --output NAME --label LABEL \\
      --domain DOMAIN [--domain …] --repository owner/name --commit SHA --path PATH
      (a community tool's table of `{ 0xNUMBER, "name" }` pairs, to scripts/data/observed/NAME.tsv:
       names no public header declares, kept apart from the headers' facts)
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "data", "sdk")

# Headers whose codes belong to a domain no declaration in them names.
SPECIAL_HEADERS = {
    "MacErrors.h": ["NSOSStatusErrorDomain"],
    "LSConstants.h": ["NSOSStatusErrorDomain"],
    "IOReturn.h": ["NSMachErrorDomain", "NSOSStatusErrorDomain"],
    "dns_sd.h": ["kNWErrorDomainDNS"],
    "kern_return.h": ["NSMachErrorDomain"],
    "SMErrors.h": ["kSMErrorDomainFramework"],
}
# System headers (outside the frameworks) read for their error families, and the names kept.
SYSTEM_HEADERS = {
    "usr/include/dns_sd.h": r"kDNSServiceErr_\w+",
    "usr/include/mach/kern_return.h": r"KERN_\w+",
    "usr/include/mach/error.h": None,  # macros only (err_system, err_sub)
}
IOKIT_RETURN = r"kIOReturn\w+"
# Error enums whose domain constant is not named after the type.
TYPE_DOMAINS = {
    "CFNetworkErrors": "kCFErrorDomainCFNetwork",
    "CFNetServicesError": "kCFStreamErrorDomainNetServices",
    "AVAudioSessionErrorCode": "NSOSStatusErrorDomain",
}
# Foundation's anonymous error enums and the Swift types its overlay gives their codes, with
# the prefix and suffix the case names drop (`NSURLErrorCancelled` is `URLError.Code.cancelled`,
# `NSFileNoSuchFileError` is `CocoaError.Code.fileNoSuchFile`).
FOUNDATION_CODES = {"NSURLErrorDomain": ("URLError.Code", "NSURLError", ""),
                    "NSCocoaErrorDomain": ("CocoaError.Code", "NS", "Error")}
# Headers whose anonymous enums of `NS…Error` constants are Cocoa error codes.
COCOA_HEADERS = {"FoundationErrors.h", "CoreDataErrors.h", "AppKitErrors.h", "UIKitCore.h"}
# Modules whose Swift errors bridge to NSError with codes of their own (not the case's tag).
SWIFT_SKIPPED_MODULES = {"Swift", "Foundation", "_Concurrency", "Network", "Combine", "SwiftUI"}

ERRORISH = re.compile(
    r"^(?:err[A-Z0-9_]\w*|k\w*?Err(?:or)?(?:_\w+|[A-Z0-9]\w*)?|\w+Err|\w+Error(?:[A-Z_]\w*)?)$")
ERROR_TYPE = re.compile(r"\w*(?:Error|ErrorCode|ErrorCodes|Errors|Err|ErrorType)$")
INTEGER_TYPES = {
    "NSInteger", "NSUInteger", "int", "unsigned", "signed", "long", "short", "char", "OSStatus",
    "OSErr", "int32_t", "uint32_t", "int64_t", "uint64_t", "int16_t", "uint16_t", "int8_t",
    "uint8_t", "SInt32", "UInt32", "SInt16", "UInt16", "SInt64", "UInt64", "CFIndex",
    "kern_return_t", "IOReturn", "HRESULT", "DWORD", "LONG", "ULONG", "size_t", "ssize_t",
    "CGError", "AXError", "OSType", "FourCharCode", "ComponentResult", "uint", "DNSServiceErrorType",
    "mach_error_t", "natural_t", "integer_t", "const", "volatile", "CFOptionFlags", "UInt8", "SInt8",
}

C_TYPE_WORDS = {"signed", "unsigned", "int", "long", "short", "char", "const", "volatile"}


# MARK: Reading a snapshot


class Snapshot:
    """The files of an SDK snapshot: a directory, or a tree of a (bare) git repository."""

    def __init__(self, git_dir=None, root=None, commit="HEAD"):
        self.git_dir, self.root, self.commit = git_dir, root, commit
        self.batch = None
        if git_dir:
            self.commit = self._git("rev-parse", commit).strip()

    def _git(self, *args):
        return subprocess.run(["git", "--git-dir", self.git_dir, *args], check=True,
                              capture_output=True, text=True).stdout

    def files(self, prefix):
        """Paths under `prefix` (an SDK directory name) of the files the extraction reads."""
        wanted = re.compile(r"\.(h|apinotes|swiftinterface)$|/SDKSettings\.json$")
        if self.git_dir:
            listing = self._git("ls-tree", "-r", self.commit, "--", prefix)
            for line in listing.splitlines():
                meta, path = line.split("\t", 1)
                if meta.split()[1] == "blob" and wanted.search(path):
                    yield path
        else:
            base = os.path.join(self.root, prefix)
            for folder, _, names in os.walk(base):
                for name in names:
                    path = os.path.relpath(os.path.join(folder, name), self.root)
                    if wanted.search(path):
                        yield path

    def read(self, path):
        if not self.git_dir:
            with open(os.path.join(self.root, path), "rb") as f:
                return f.read().decode("utf-8", "replace")
        if self.batch is None:
            self.batch = subprocess.Popen(["git", "--git-dir", self.git_dir, "cat-file", "--batch"],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.batch.stdin.write(f"{self.commit}:{path}\n".encode())
        self.batch.stdin.flush()
        header = self.batch.stdout.readline().decode()
        if header.rstrip().endswith("missing"):
            return None
        size = int(header.split()[2])
        data = self.batch.stdout.read(size)
        self.batch.stdout.read(1)
        return data.decode("utf-8", "replace")


# MARK: C text


def strip_comments(text):
    """The text without comments, string and character literals kept, line breaks kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end) or " ")
            i = end
        elif c == "/" and i + 1 < n and text[i + 1] == "/":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out).replace("\\\n", " ")


TOKEN = re.compile(r"\s*(?:(0[xX][0-9A-Fa-f]+|\d+)[uUlL]*|('(?:\\.|[^'\\])*')|([A-Za-z_]\w*)"
                   r"|(<<|>>|&&|\|\||[-+*/%&|^~()!,?:<>]))")


def char_constant(literal):
    """The value of a C character constant ('wht?', '\\0'), big-endian as compilers make it."""
    body = literal[1:-1]
    chars, i = [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            esc = body[i + 1]
            if esc in "01234567":
                j = i + 1
                while j < len(body) and j < i + 4 and body[j] in "01234567":
                    j += 1
                chars.append(int(body[i + 1:j], 8))
                i = j
                continue
            chars.append({"n": 10, "t": 9, "r": 13, "0": 0}.get(esc, ord(esc)))
            i += 2
        else:
            chars.append(ord(body[i]))
            i += 1
    value = 0
    for c in chars:
        value = value << 8 | (c & 0xFF)
    return value


class Unresolved(Exception):
    pass


class Symbols:
    """Constants and macros seen anywhere in the snapshot, evaluated on demand."""

    def __init__(self):
        self.exprs = {}      # name -> (expression text or None for "previous + 1", previous name)
        self.macros = {}     # name -> (parameters, body) for function-like macros
        self.values = {}
        self.busy = set()

    def define(self, name, expr, previous=None):
        self.exprs.setdefault(name, (expr, previous))

    def value(self, name):
        if name in self.values:
            return self.values[name]
        if name not in self.exprs or name in self.busy:
            raise Unresolved(name)
        self.busy.add(name)
        try:
            expr, previous = self.exprs[name]
            if expr is None:
                result = 0 if previous is None else self.value(previous) + 1
            else:
                result = self.evaluate(expr)
        finally:
            self.busy.discard(name)
        self.values[name] = result
        return result

    def expand(self, text, depth=0):
        """Function-like macros of `text` replaced by their bodies."""
        if depth > 8:
            raise Unresolved(text)
        pattern = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
        pos = 0
        while True:
            match = pattern.search(text, pos)
            if not match:
                return text
            name = match.group(1)
            if name not in self.macros:
                pos = match.end()
                continue
            params, body = self.macros[name]
            level, j, args, start = 1, match.end(), [], match.end()
            while j < len(text) and level:
                if text[j] == "(":
                    level += 1
                elif text[j] == ")":
                    level -= 1
                    if level == 0:
                        args.append(text[start:j])
                elif text[j] == "," and level == 1:
                    args.append(text[start:j])
                    start = j + 1
                j += 1
            if level:
                raise Unresolved(text)
            replaced = body
            for param, arg in zip(params, args):
                replaced = re.sub(rf"\b{re.escape(param)}\b", lambda _m, a=arg: f"({a.strip()})", replaced)
            text = text[:match.start()] + "(" + self.expand(replaced, depth + 1) + ")" + text[j:]
            pos = match.start()

    def evaluate(self, expr):
        expr = self.expand(expr)
        tokens = []
        pos = 0
        while pos < len(expr):
            if expr[pos:].strip() == "":
                break
            match = TOKEN.match(expr, pos)
            if not match:
                raise Unresolved(expr)
            pos = match.end()
            number, char, ident, op = match.groups()
            if number is not None:
                tokens.append(("n", int(number, 16) if number[:2] in ("0x", "0X") else
                               int(number, 8) if len(number) > 1 and number[0] == "0" else int(number)))
            elif char is not None:
                tokens.append(("n", char_constant(char)))
            elif ident is not None:
                tokens.append(("i", ident))
            else:
                tokens.append(("o", op))
        # Casts: a parenthesised run of type words before an operand.
        def is_type(token):
            return token[0] == "i" and (token[1] in C_TYPE_WORDS or (
                token[1] not in self.exprs and (token[1] in INTEGER_TYPES or token[1].endswith("_t"))))
        cleaned, i = [], 0
        while i < len(tokens):
            if tokens[i] == ("o", "("):
                j = i + 1
                while j < len(tokens) and is_type(tokens[j]):
                    j += 1
                if (j > i + 1 and j + 1 < len(tokens) and tokens[j] == ("o", ")")
                        and (tokens[j + 1][0] in "ni" or tokens[j + 1] in (("o", "("), ("o", "-"), ("o", "~")))):
                    i = j + 1
                    continue
            cleaned.append(tokens[i])
            i += 1
        text = []
        for kind, value in cleaned:
            if kind == "n":
                text.append(str(value))
            elif kind == "i":
                text.append(str(self.value(value)))
            elif value in ("&&", "||", "!", "?", ":", ","):
                raise Unresolved(expr)
            else:
                text.append("//" if value == "/" else value)
        if not text:
            raise Unresolved(expr)
        try:
            return int(eval(" ".join(text), {"__builtins__": {}}, {}))  # digits and operators only
        except Exception:
            raise Unresolved(expr)


# MARK: Parsing headers

ATTRIBUTE = re.compile(r"\b(?:[A-Z_][A-Z0-9_]*|__\w+)\s*(\((?:[^()]|\([^()]*\))*\))?")
SWIFT_NAME = re.compile(r"\b(?:NS_SWIFT_NAME|CF_SWIFT_NAME|SWIFT_NAME)\s*\(\s*([\w.]+)\s*\)")
ENUM_HEAD = re.compile(
    r"(typedef\s+)?(?:"
    r"(NS_ERROR_ENUM)\s*\(\s*(\w+)\s*(?:,\s*(\w+)\s*)?\)"
    r"|((?:NS|CF)_(?:CLOSED_)?ENUM|(?:NS|CF)_OPTIONS)\s*\(\s*([\w\s]+?)\s*(?:,\s*(\w+)\s*)?\)"
    r"|\benum\s+(?:(\w+)\s*)?(?::\s*([\w\s]+?)\s*)?(?=\{)"
    r")\s*(?:[A-Z_][A-Z0-9_]*\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*)*\{")
DOMAIN_DECL = re.compile(
    r"(?:\bextern\b|_EXTERN\b|_EXPORT\b|\bEXTERN\b)[^;{}]*?\b(?:NSErrorDomain|NSString|CFStringRef)\b"
    r"[^;{}]*?\b([A-Za-z_]\w*Error\w*Domain\w*|[A-Za-z_]\w*Domain\w*Error\w*)\b")
DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)]*\))?[ \t]*(.*)$", re.M)
# The versions an availability attribute introduces a declaration in: `API_AVAILABLE(macos(15.0),
# ios(18.0))` in headers, `@available(macOS 15.0, iOS 18.0, *)` in Swift interfaces.
C_AVAILABLE = re.compile(r"\b(macos|macosx|ios)\s*\(\s*(\d+(?:\.\d+)*)\s*\)")
SWIFT_AVAILABLE = re.compile(r"@available\s*\(([^)]*)\)")
PLATFORMS = {"macos": "macOS", "macosx": "macOS", "ios": "iOS"}


def c_availability(text):
    """{platform: version} of the availability attributes in a piece of header text."""
    return {PLATFORMS[m.group(1)]: m.group(2) for m in C_AVAILABLE.finditer(text)}


def swift_availability(text):
    """{platform: version} of the `@available` attributes in a piece of Swift interface text."""
    result = {}
    for attribute in SWIFT_AVAILABLE.finditer(text):
        for m in re.finditer(r"\b(macOS|iOS)\s+(\d+(?:\.\d+)*)", attribute.group(1)):
            result[m.group(1)] = m.group(2)
    return result


def split_members(body):
    members, level, start = [], 0, 0
    for i, c in enumerate(body):
        if c == "(":
            level += 1
        elif c == ")":
            level -= 1
        elif c == "," and level == 0:
            members.append(body[start:i])
            start = i + 1
    members.append(body[start:])
    return [m for m in (m.strip() for m in members) if m]


def matching_brace(text, start):
    level = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            level += 1
        elif text[i] == "}":
            level -= 1
            if level == 0:
                return i
    return -1


class Header:
    def __init__(self, path, text):
        self.path = path
        self.text = text
        self.enums = []     # dicts: kind, domain, type, swift_type, underlying, members [(name, swift)]
        self.domains = []   # (constant, value or None)


def parse_header(path, raw, symbols):
    text = strip_comments(raw)
    header = Header(path, text)
    for match in DEFINE.finditer(text):
        name, params, body = match.group(1), match.group(2), match.group(3).strip()
        if params is not None:
            symbols.macros.setdefault(name, ([p.strip() for p in params[1:-1].split(",")], body))
        elif body:
            if body.startswith("@\""):
                if "Domain" in name:
                    header.domains.append((name, body[2:body.find('"', 2)]))
            elif not body.startswith(("\"", "@")):
                symbols.define(name, body)
    # Preprocessor lines inside enum bodies are dropped (both branches of an #if are read).
    code = re.sub(r"^[ \t]*#.*$", "", text, flags=re.M)
    for match in DOMAIN_DECL.finditer(code):
        name = match.group(1)
        if not name.endswith(("Key", "Keys")):
            header.domains.append((name, None))
    for match in ENUM_HEAD.finditer(code):
        open_brace = match.end() - 1
        close = matching_brace(code, open_brace)
        if close < 0:
            continue
        tail = re.match(r"\s*(?:[A-Z_][A-Z0-9_]*\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*)*(\w+)?\s*;", code[close + 1:])
        head = match.group(0)
        swift_type = SWIFT_NAME.search(code[close + 1:close + 200].split(";")[0])
        enum = {"members": [], "swift_type": swift_type.group(1) if swift_type else None}
        # Availability of the whole enum: attributes before it in its statement, in its head, or
        # between its closing brace and the semicolon.
        before = max(code.rfind(";", 0, match.start()), code.rfind("}", 0, match.start()))
        semicolon = code.find(";", close)
        enum_available = c_availability(code[before + 1:match.end()] + code[close + 1:semicolon if semicolon >= 0 else close + 1])
        enum["available"] = {}
        if match.group(2):
            enum.update(kind="NS_ERROR_ENUM", domain=match.group(3), type=match.group(4),
                        underlying="NSInteger")
        elif match.group(5):
            enum.update(kind=match.group(5), domain=None, type=match.group(7),
                        underlying=" ".join(match.group(6).split()))
        else:
            typedef_name = tail.group(1) if (match.group(1) and tail) else None
            enum.update(kind="enum", domain=None, type=match.group(8) or typedef_name,
                        underlying=" ".join((match.group(9) or "int").split()))
        previous = None
        for member in split_members(code[open_brace + 1:close]):
            swift = SWIFT_NAME.search(member)
            name_match = re.match(r"([A-Za-z_]\w*)", member)
            if not name_match:
                continue
            name = name_match.group(1)
            rest = member[name_match.end():]
            expr = None
            if "=" in rest:
                expr = rest[rest.index("=") + 1:].strip()
                expr = ATTRIBUTE.sub(lambda m: m.group(0) if m.group(0).isdigit() else
                                     ("" if re.match(r"[A-Z_][A-Z0-9_]*\s*\(|__", m.group(0)) else m.group(0)),
                                     expr).strip()
            symbols.define(name, expr, previous)
            enum["members"].append((name, swift.group(1) if swift else None))
            enum["available"][name] = c_availability(rest) or enum_available
            previous = name
        header.enums.append(enum)
    return header


def parse_apinotes(text):
    """Types that API notes give an error domain or a Swift name: {type: {"domain": …, "swift": …}}."""
    result, current = {}, None
    for line in text.splitlines():
        match = re.match(r"\s*-\s*Name:\s*(\w+)\s*$", line)
        if match:
            current = match.group(1)
            continue
        match = re.match(r"\s*NSErrorDomain:\s*(\w+)\s*$", line)
        if match and current:
            result.setdefault(current, {})["domain"] = match.group(1)
        match = re.match(r"\s*SwiftName:\s*([\w.]+)\s*$", line)
        if match and current:
            result.setdefault(current, {})["swift"] = match.group(1)
    return result


# MARK: Swift interfaces


def conforms_to_error(clause):
    """Whether a declaration's inheritance clause (after its name) lists Swift's Error, and no
    conformance that gives the error codes of its own."""
    level, start = 0, 0
    for i, c in enumerate(clause):
        if c == "<":
            level += 1
        elif c == ">":
            level -= 1
        elif c == ":" and level == 0:
            start = i + 1
            break
    else:
        return False
    inherited = re.split(r"\bwhere\b", clause[start:])[0]
    names = [n.strip() for n in inherited.split(",")]
    if any(n.endswith("CustomNSError") for n in names):
        return False
    return "Swift.Error" in names or "Error" in names


def attributes_before(text, position):
    """The attributes of the declaration at `position`: the text before it on its line, and the
    lines above it that hold attributes only."""
    start = text.rfind("\n", 0, position) + 1
    while start > 0:
        above = text.rfind("\n", 0, start - 1) + 1
        if not text[above:start].strip().startswith("@"):
            break
        start = above
    return text[start:position]


def parse_swiftinterface(module, text):
    """Error enums of a Swift interface: (qualified type, [(case, code)])."""
    text = strip_comments(text)
    results = []
    scopes = []  # (name or None, depth, availability)
    depth = 0
    pos = 0
    decl = re.compile(r"\b(?:public\s+|@\w+(?:\([^)]*\))?\s+|indirect\s+|final\s+|open\s+)*"
                      r"(enum|struct|class|extension|actor|protocol)\s+(?!(?:func|var|let|subscript)\b)"
                      r"([\w.]+)([^{};]*)\{")
    while True:
        match = decl.search(text, pos)
        brace_positions = [(m.start(), m.group(0)) for m in re.finditer(r"[{}]", text[pos:match.start() if match else len(text)])]
        for offset, brace in brace_positions:
            if brace == "{":
                depth += 1
            else:
                depth -= 1
                while scopes and scopes[-1][1] >= depth:
                    scopes.pop()
        if not match:
            break
        kind, name, clause = match.group(1), match.group(2), match.group(3)
        depth += 1
        qualified = ".".join([s[0] for s in scopes if s[0]] + [name]) if kind != "extension" else name
        if kind == "extension" and name.startswith(module + "."):
            qualified = name[len(module) + 1:]
        available = swift_availability(attributes_before(text, match.start()) + match.group(0))
        for scope in reversed(scopes):
            if available:
                break
            available = scope[2]
        scopes.append((qualified.split(".")[-1] if kind != "extension" else qualified, depth - 1, available))
        if kind == "extension":
            scopes[-1] = (qualified, depth - 1, available)
        if kind == "enum" and conforms_to_error(clause) and all(p[:1].isupper() for p in qualified.split(".")):
            close = matching_brace(text, match.end() - 1)
            body = text[match.end():close]
            raw = re.search(r":\s*Swift\.(U?Int\d*)\b", clause)
            cases, payload, plain = [], [], []
            inner = 0
            attributes = ""  # attribute lines just before a case
            case_available = {}
            for line in body.splitlines():
                if inner == 0:
                    found = False
                    for case in re.finditer(r"^\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:indirect\s+)?case\s+(.*)$", line):
                        found = True
                        for item in split_members(case.group(1)):
                            item_match = re.match(r"`?(\w+)`?\s*(\()?(?:.*?=\s*(-?\d+))?", item)
                            if item_match:
                                cases.append((item_match.group(1), bool(item_match.group(2)), item_match.group(3)))
                                case_available[item_match.group(1)] = swift_availability(attributes + line) or available
                    attributes = attributes + line if not found and line.strip().startswith("@") else ""
                inner += line.count("{") - line.count("}")
            if raw:
                code = 0
                rows = []
                for case, _, value in cases:
                    code = int(value) if value is not None else code
                    rows.append((case, code, case_available[case]))
                    code += 1
            else:
                payload = [c for c, has, _ in cases if has]
                plain = [c for c, has, _ in cases if not has]
                rows = [(c, i, case_available[c]) for i, c in enumerate(payload + plain)]
            if rows:
                results.append((module + "." + qualified, rows))
        pos = match.end()
    return results


# MARK: Swift names


def words(name):
    return re.findall(r"[A-Z]+(?=[A-Z][a-z]|\d|_|$)|[A-Z]?[a-z]+|\d+|[A-Z]+|_", name)


def lower_first_word(name):
    match = re.match(r"^([A-Z]+)([A-Z][a-z].*)$", name)
    if match:
        return match.group(1).lower() + match.group(2)
    if re.match(r"^[A-Z]+$", name):
        return name.lower()
    return name[:1].lower() + name[1:]


def swift_cases(type_name, members):
    """The Swift case names the importer gives the members of an enum named `type_name`: the
    words every member shares with the type's name are dropped, and the first word is lower-cased."""
    names = [m for m, _ in members]
    if not names:
        return {}
    # Constants named `kXxx` lose the `k` first, as the importer drops it.
    if all(re.match(r"k[A-Z]", n) for n in names):
        members = [(m[1:], o) for m, o in members]
        names = [m for m, _ in members]
        return {"k" + k: v for k, v in swift_cases(type_name, members).items()}
    prefix = words(type_name)
    for name in names:
        w = words(name)
        k = 0
        while k < len(prefix) and k < len(w) and (prefix[k] == w[k] or (prefix[k] + "s" == w[k])):
            k += 1
        prefix = prefix[:k]
    # Back off while a remainder would be empty or start with a digit.
    while prefix:
        cut = "".join(prefix)
        if all(len(n) > len(cut) and not n[len(cut):].lstrip("_")[:1].isdigit() for n in names):
            break
        prefix = prefix[:-1]
    cut = len("".join(prefix))
    result = {}
    for name, override in members:
        if override:
            result[name] = override.split(".")[-1]
        else:
            rest = name[cut:].lstrip("_") if cut else name
            result[name] = lower_first_word(rest)
    return result


def swift_error_type(enum_type, override):
    if override:
        return override
    if enum_type.endswith("Code"):
        return enum_type[:-len("Code")]
    return enum_type


# MARK: Extraction


def path_rank(path):
    """Which copy of a header wins when several declare a code: the macOS frameworks first, then
    Mac Catalyst's, then cryptexes, then the system headers; the iOS SDK after the macOS one."""
    rank = 0
    if "/iOSSupport/" in path:
        rank += 1
    if "/Cryptexes/" in path:
        rank += 2
    if "/Kernel.framework/" in path or "/DriverKit.framework/" in path:
        rank += 5
    if "/usr/include/" in path or path.split("/", 1)[1].startswith("usr/"):
        rank += 3
    return rank


def framework_of(path):
    names = re.findall(r"(\w+)\.framework/", path)
    if names:
        return names[-1]
    if "/usr/include/" in path or "/usr/" in path:
        return "usr/include"
    return ""


def wanted_header(path):
    rel = path.split("/", 1)[1] if "/" in path else path
    # Private frameworks have no public contract; kernel and driver headers are not what apps
    # and tools receive.
    if any(part in path for part in ("/PrivateFrameworks/", "/Kernel.framework/", "/DriverKit.framework/")):
        return False
    if rel.startswith("usr/"):
        return rel in SYSTEM_HEADERS
    return "/Headers/" in path or "/Versions/" in path


def status_like(code, name):
    """Whether a number looks like an OSStatus: negative, four printable characters, or zero
    for a constant named as success."""
    if code == 0:
        return bool(re.search(r"(?i)noerr|success", name))
    if code < 0:
        return True
    return 0x20202020 <= code <= 0x7E7E7E7E and all(0x20 <= (code >> s) & 0xFF <= 0x7E for s in (0, 8, 16, 24))


def extract(snapshot, sdks):
    symbols = Symbols()
    headers, apinotes, swift_rows, versions = [], {}, [], {}
    for sdk in sdks:
        paths = sorted(snapshot.files(sdk), key=lambda p: (path_rank(p), p))
        settings = next((p for p in paths if p == f"{sdk}/SDKSettings.json"), None)
        if settings:
            data = json.loads(snapshot.read(settings))
            versions[sdk] = data.get("DisplayName") or f"{data.get('CanonicalName')} {data.get('Version')}"
        else:
            versions[sdk] = sdk
        seen_interfaces = set()
        for path in paths:
            if path.endswith(".h") and wanted_header(path):
                raw = snapshot.read(path)
                if raw is not None:
                    headers.append(parse_header(path, raw, symbols))
            elif path.endswith(".apinotes") and "/PrivateFrameworks/" not in path:
                raw = snapshot.read(path)
                if raw:
                    for name, info in parse_apinotes(raw).items():
                        apinotes.setdefault(name, info)
            elif path.endswith(".swiftinterface") and "/PrivateFrameworks/" not in path:
                module = os.path.basename(os.path.dirname(path)).replace(".swiftmodule", "")
                if module.startswith("_") or module in seen_interfaces or module in SWIFT_SKIPPED_MODULES:
                    continue
                arch = os.path.basename(path)
                if not re.match(r"(arm64e?|x86_64)-apple-(macos|ios)\.swiftinterface$", arch):
                    continue
                raw = snapshot.read(path)
                if raw is None:
                    continue
                seen_interfaces.add(module)
                for qualified, rows in parse_swiftinterface(module, raw):
                    swift_rows.append((path, qualified, rows))

    declared = {}  # domain constant -> (value, header)
    for header in headers:
        for name, value in header.domains:
            if name not in declared or (value and not declared[name][0]):
                declared[name] = (value, header.path)

    rows, seen = [], set()

    def add(domains, code, c_name, swift, swift_type, kind, path, available=None):
        for domain in domains:
            key = (domain, code, c_name or swift)
            if key in seen:
                continue
            seen.add(key)
            rows.append({"domain": domain, "code": code, "c": c_name, "swift": swift,
                         "type": swift_type, "kind": kind, "header": path,
                         "sdk": versions[path.split("/", 1)[0]], "available": available or {}})

    def domain_for(enum_type, header):
        if not enum_type:
            return None
        info = apinotes.get(enum_type, {})
        if info.get("domain"):
            return info["domain"]
        if enum_type in TYPE_DOMAINS:
            return TYPE_DOMAINS[enum_type]
        stem = re.sub(r"(Codes?|Type)$", "", enum_type)
        for candidate in (stem + "Domain", "k" + stem + "Domain", stem + "ErrorDomain",
                          re.sub(r"Error$", "", stem) + "ErrorDomain"):
            if candidate in declared:
                return candidate
        local = [n for n, _ in header.domains if n.endswith("ErrorDomain")]
        if len(local) == 1 and ERROR_TYPE.match(enum_type):
            return local[0]
        return None

    for header in headers:
        base = os.path.basename(header.path)
        rel = header.path.split("/", 1)[1]
        special = SPECIAL_HEADERS.get(base)
        only = SYSTEM_HEADERS.get(rel) if rel in SYSTEM_HEADERS else None
        for enum in header.enums:
            members = enum["members"]
            if not members:
                continue
            names = [m for m, _ in members]
            if only is not None:
                members = [m for m in members if re.fullmatch(only, m[0])]
                if not members:
                    continue
                kind, domains = "enum", special or ["NSOSStatusErrorDomain"]
            elif rel in SYSTEM_HEADERS:
                continue
            elif enum["kind"] == "NS_ERROR_ENUM":
                kind, domains = "NS_ERROR_ENUM", [enum["domain"]]
            else:
                enum_type = enum["type"]
                domain = domain_for(enum_type, header)
                errorish = sum(1 for n in names if ERRORISH.match(n) and "ErrorDomain" not in n)
                mostly = errorish * 2 >= len(names) and errorish > 0
                if domain and enum_type and (ERROR_TYPE.match(enum_type) or apinotes.get(enum_type, {}).get("domain")):
                    kind, domains = "NS_ERROR_ENUM" if apinotes.get(enum_type, {}).get("domain") else enum["kind"], [domain]
                elif special and mostly:
                    kind, domains = enum["kind"], special
                elif enum["underlying"] in ("OSStatus", "OSErr") and errorish:
                    kind, domains = "OSStatus", ["NSOSStatusErrorDomain"]
                    members = members if mostly else [m for m in members if ERRORISH.match(m[0])]
                elif enum_type and ERROR_TYPE.match(enum_type) and not enum_type.endswith("ErrorDomain"):
                    kind, domains = enum["kind"], [enum_type]
                elif mostly and enum["kind"] in ("enum", "CF_ENUM", "NS_ENUM") and not enum_type:
                    local = [n for n, _ in header.domains if n.endswith("ErrorDomain")]
                    if base in COCOA_HEADERS:
                        kind, domains = "enum", ["NSCocoaErrorDomain"]
                    elif len(local) == 1:
                        kind, domains = "enum", local
                    elif all(n.startswith("NS") for n in names):
                        continue
                    else:
                        kind, domains = "OSStatus", ["NSOSStatusErrorDomain"]
                else:
                    continue
            # Bounds of a range of codes (`NSFileErrorMinimum`) are not codes.
            members = [m for m in members if not re.search(r"(Minimum|Maximum)$", m[0])]
            typed = kind == "NS_ERROR_ENUM" and enum["type"]
            imported_as_enum = enum["kind"] in ("NS_ENUM", "NS_CLOSED_ENUM", "CF_ENUM", "CF_CLOSED_ENUM") and enum["type"]
            cases = swift_cases(enum["type"], members) if typed or imported_as_enum else {}
            if typed:
                swift_type = swift_error_type(enum["type"], apinotes.get(enum["type"], {}).get("swift") or enum["swift_type"]) + ".Code"
            elif cases:
                swift_type = apinotes.get(enum["type"], {}).get("swift") or enum["swift_type"] or enum["type"]
            else:
                swift_type = ""
            if kind == "NS_ERROR_ENUM" and not enum["type"] and domains[0] in FOUNDATION_CODES or (
                    base in COCOA_HEADERS and domains == ["NSCocoaErrorDomain"]):
                swift_type, prefix, suffix = FOUNDATION_CODES[domains[0]]
                cases = {}
                for name, _ in members:
                    rest = name[len(prefix):] if name.startswith(prefix) else name
                    if suffix and rest.endswith(suffix) and len(rest) > len(suffix):
                        rest = rest[:-len(suffix)]
                    cases[name] = lower_first_word(rest)
            for name, _ in members:
                try:
                    code = symbols.value(name)
                except Unresolved:
                    continue
                if enum["underlying"] not in ("NSUInteger", "unsigned", "uint32_t", "UInt32") and 2**31 <= code < 2**32:
                    code -= 2**32
                if (kind == "OSStatus" or "NSOSStatusErrorDomain" in domains) and not status_like(code, name):
                    continue
                add(domains, code, name, cases.get(name, name), swift_type, kind, header.path,
                    enum["available"].get(name))
        # #define constants: framework error families, IOReturn, Mach.
        for match in DEFINE.finditer(header.text):
            name, params = match.group(1), match.group(2)
            if params is not None:
                continue
            if only is not None:
                if not re.fullmatch(only, name):
                    continue
                domains = special or ["NSOSStatusErrorDomain"]
            elif base == "IOReturn.h":
                if not re.fullmatch(IOKIT_RETURN, name):
                    continue
                domains = special
            elif rel.startswith("usr/"):
                continue
            elif re.fullmatch(r"k[A-Z]\w*Err(?:or)?(?:_\w+)?|err[A-Z]\w+|k\w+Err_\w+", name) and "Domain" not in name:
                domains = special or ["NSOSStatusErrorDomain"]
            else:
                continue
            try:
                code = symbols.value(name)
            except Unresolved:
                continue
            if not isinstance(code, int) or abs(code) >= 2**32:
                continue
            if 2**31 <= code < 2**32:
                code -= 2**32
            add(domains, code, name, name, "", "define", header.path)

    for path, qualified, cases in swift_rows:
        for case, code, available in cases:
            add([qualified], code, "", case, qualified, "swift", path, available)

    domains = []
    for name, (value, path) in sorted(declared.items()):
        domains.append({"constant": name, "value": value or "", "header": path,
                        "sdk": versions[path.split("/", 1)[0]]})
    return rows, domains, versions


def row_key(row):
    """What makes a code the same code in two SDKs: its domain, its number and its C name (its
    Swift name when it has none)."""
    return (row["domain"], row["code"], row["c"] or row["swift"])


def numbers(version):
    """`15.0` as (15, 0), for comparing versions."""
    return tuple(int(part) for part in version.split("."))


def release(platform, version):
    """The release an availability version names: `15` is `15.0`, and the numbers some headers
    used before the 2025 releases were renumbered (`macos(16.0)`, `ios(19.0)`) are 26's."""
    parts = [int(part) for part in version.split(".")] + [0]
    if (platform, parts[0]) in (("macOS", 16), ("iOS", 19)):
        parts[0] = 26
    return f"{parts[0]}.{parts[1]}" + "".join(f".{part}" for part in parts[2:-1])


def union(base, newer):
    """The base snapshot's rows and domain constants, then those each newer SDK adds, in the
    order given, each marked `since` the SDK that added it (empty for the base's): the version its
    availability attribute names, or else the first SDK read that declares it.
    A code or constant already known keeps its first declaration."""
    rows, domains, base_versions = base
    # The base SDK of each platform (`macOS`: (14, 0)), which an addition must be later than.
    base_of = {}
    for version in base_versions.values():
        platform, number = version.split(" ", 1)
        base_of[platform] = max(base_of.get(platform, ()), numbers(number))

    def since(row):
        """The release that added a row the base SDKs lack: the version its availability names
        for the platform of the SDK that declares it, or for the other platform (a Mac Catalyst
        header names iOS's), when later than that platform's base SDK; nothing when its
        availability says it is older than the base SDKs (their extract missed it, or their
        headers did not declare it for that platform); else the SDK that declares it."""
        platform = row["sdk"].split(" ", 1)[0]
        available = {name: release(name, version) for name, version in row.get("available", {}).items()}
        for name in [platform] + [other for other in sorted(available) if other != platform]:
            if name in available and numbers(available[name]) > base_of.get(name, ()):
                return f"{name} {available[name]}"
        return "" if available else row["sdk"]

    for row in rows:
        row["since"] = ""
    for domain in domains:
        domain["since"] = ""
    known = {row_key(row) for row in rows}
    constants = {domain["constant"] for domain in domains}
    for extra_rows, extra_domains, _ in newer:
        for row in extra_rows:
            if row_key(row) not in known:
                known.add(row_key(row))
                rows.append(dict(row, since=since(row)))
        for domain in extra_domains:
            if domain["constant"] not in constants:
                constants.add(domain["constant"])
                domains.append(dict(domain, since=domain["sdk"]))
    domains.sort(key=lambda d: d["constant"])
    return rows, domains


def write(rows, domains, snapshots):
    """codes.tsv and domains.tsv; `snapshots` is [(repository, commit, {sdk folder: version})],
    the base snapshot first."""
    os.makedirs(OUT, exist_ok=True)
    preamble = [
        "# Extracted by scripts/extract-sdk-codes.py: names and numbers from the SDKs' public headers,\n",
        "# API notes and Swift interfaces; no comment or documentation text is kept.\n",
        "# One `snapshot` line an SDK read (tab-separated: folder, version, repository, commit), the\n",
        "# base SDKs first; a row or constant the base SDKs lack is marked with the first later SDK\n",
        "# that declares it.\n",
    ]
    for repository, commit, versions in snapshots:
        for sdk, version in versions.items():
            preamble.append(f"# snapshot: {sdk}\t{version}\t{repository}\t{commit}\n")
    with open(os.path.join(OUT, "codes.tsv"), "w", encoding="utf-8") as f:
        f.writelines(preamble)
        f.write("# Grouped by header: a line `@ header path, framework, SDK` (tab-separated), then one line\n")
        f.write("# a code: domain, code, C name (empty for Swift-only errors), Swift name, Swift type (empty\n")
        f.write("# when Swift imports the constant under its C name), kind of declaration, and the SDK\n")
        f.write("# that added it when the base SDKs lack it (`macOS 15.5`), empty otherwise.\n")
        by_header = {}
        for row in rows:
            by_header.setdefault(row["header"], []).append(row)
        for header, group in by_header.items():
            f.write(f"@\t{header}\t{framework_of(header)}\t{group[0]['sdk']}\n")
            for row in group:
                f.write("\t".join(str(row[k]) for k in ("domain", "code", "c", "swift", "type", "kind", "since")) + "\n")
    with open(os.path.join(OUT, "domains.tsv"), "w", encoding="utf-8") as f:
        f.writelines(preamble)
        f.write("# Columns (tab-separated): constant, value when a header defines it, header path, SDK, and\n")
        f.write("# the SDK that added it when the base SDKs lack it.\n")
        f.write("constant\tvalue\theader\tsdk\tsince\n")
        for domain in domains:
            f.write("\t".join(domain[k] for k in ("constant", "value", "header", "sdk", "since")) + "\n")
    added = {}
    for row in rows:
        if row["since"]:
            added[row["since"]] = added.get(row["since"], 0) + 1
    print(f"{len(rows)} codes, {len(domains)} domain constants; added: "
          + (", ".join(f"{count} in {sdk}" for sdk, count in added.items()) or "none"), file=sys.stderr)


def extract_winerror(args):
    """Windows system error codes (`ERROR_…`, `WSA…` and the other names given a plain number
    below 0x10000) from a winerror.h."""
    with open(args.winerror, encoding="utf-8", errors="replace") as f:
        text = strip_comments(f.read())
    symbols = Symbols()
    symbols.macros["__MSABI_LONG"] = (["x"], "x")
    names = []
    for match in DEFINE.finditer(text):
        name, params, body = match.group(1), match.group(2), match.group(3).strip()
        if params is None and body:
            symbols.define(name, body)
            if re.search(r"__MSABI_LONG\(\s*\d+\s*\)$|^\(WSABASEERR\s*\+\s*\d+\)$|^\d+L?$", body):
                names.append(name)
    rows, seen = [], set()
    for name in names:
        try:
            code = symbols.value(name)
        except Unresolved:
            continue
        if 0 <= code < 0x10000 and name not in seen and not name.startswith(("FACILITY_", "SEVERITY_")):
            seen.add(name)
            rows.append((code, name))
    with open(os.path.join(HERE, "data", "windows-errors.tsv"), "w", encoding="utf-8") as f:
        f.write("# Windows system error codes (names and numbers) from a public copy of winerror.h,\n")
        f.write("# extracted by scripts/extract-sdk-codes.py --winerror.\n")
        f.write(f"# repository: {args.repository}\n# commit: {args.commit}\n# path: {args.path}\n")
        f.write("code\tname\n")
        for code, name in rows:
            f.write(f"{code}\t{name}\n")
    print(f"{len(rows)} Windows error codes", file=sys.stderr)
    return 0


def extract_pairs(args):
    """`{ NUMBER, "name" }` pairs of a community tool's table, as 32-bit signed codes."""
    with open(args.pairs, encoding="utf-8", errors="replace") as f:
        text = strip_comments(f.read())
    rows, seen = [], set()
    for match in re.finditer(r"\{\s*(0[xX][0-9A-Fa-f]+|-?\d+)\s*,\s*\"(\w+)\"\s*\}", text):
        code = int(match.group(1), 0)
        if 2**31 <= code < 2**32:
            code -= 2**32
        if code == 0 or match.group(2) in seen:
            continue
        seen.add(match.group(2))
        rows.append((code, match.group(2)))
    os.makedirs(os.path.join(HERE, "data", "observed"), exist_ok=True)
    url = f"https://github.com/{args.repository}/blob/{args.commit}/{args.path}"
    with open(os.path.join(HERE, "data", "observed", args.output + ".tsv"), "w", encoding="utf-8") as f:
        f.write("# Names a community tool lists for codes no public header declares (names and numbers only),\n")
        f.write("# extracted by scripts/extract-sdk-codes.py --pairs. Shown with this source, never as a header's.\n")
        f.write(f"# label: {args.label}\n")
        f.write("domain\tcode\tname\tsource\n")
        for code, name in rows:
            for domain in args.domain:
                f.write(f"{domain}\t{code}\t{name}\t{url}\n")
    print(f"{len(rows)} names", file=sys.stderr)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--git-dir")
    parser.add_argument("--root")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--repository", required=True)
    parser.add_argument("--sdk", action="append", default=[])
    parser.add_argument("--winerror")
    parser.add_argument("--path")
    parser.add_argument("--pairs")
    parser.add_argument("--output")
    parser.add_argument("--label")
    parser.add_argument("--domain", action="append", default=[])
    parser.add_argument("--newer", nargs=3, action="append", default=[],
                        metavar=("GIT_DIR", "REPOSITORY", "SDK"),
                        help="a later SDK (newest commit of a git directory) whose additions to the "
                             "base SDKs are kept, marked with it; repeat, oldest first")
    args = parser.parse_args()
    if args.winerror:
        return extract_winerror(args)
    if args.pairs:
        return extract_pairs(args)
    if not args.sdk or not (args.git_dir or args.root):
        parser.error("give --git-dir or --root, and at least one --sdk")
    snapshot = Snapshot(git_dir=args.git_dir, root=args.root, commit=args.commit)
    base = extract(snapshot, args.sdk)
    snapshots = [(args.repository, snapshot.commit, base[2])]
    newer = []
    for git_dir, repository, sdk in args.newer:
        later = Snapshot(git_dir=git_dir)
        newer.append(extract(later, [sdk]))
        snapshots.append((repository, later.commit, newer[-1][2]))
    rows, domains = union(base, newer)
    write(rows, domains, snapshots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
