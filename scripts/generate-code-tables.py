#!/usr/bin/env python3
"""Generate Sources/InspectKit/CodeTables/CodeTables.swift (the built-in error code tables).

Facts only, names and numbers, from files checked in under scripts/data/, so this script runs
offline:
  scripts/data/sdk/codes.tsv      every error code the public headers, API notes and Swift
                                  interfaces of Apple SDK snapshots declare: the base SDKs', then
                                  those later SDKs add, each marked with the SDK that added it
                                  (scripts/extract-sdk-codes.py writes it; its preamble names each
                                  SDK's repository and commit)
  scripts/data/codes/*.json       codes of single headers, each file naming its source: headers
                                  newer than the snapshot or outside it (WebKit, Security's and
                                  Mach's open sources), and the domain spellings seen at run time
  scripts/data/windows-errors.tsv Windows system error codes (winerror.h, as Foundation on Windows
                                  reports them in org.swift.Foundation.WindowsError)
  scripts/data/observed/*.tsv     names that the system prints, or that community tools list,
                                  for codes no public header declares, each with its public
                                  source; kept in tables of their own, always shown with it
  scripts/data/domain-aliases.tsv the domain a constant stands for at run time, where it differs
  Python's sqlite3 module         SQLite result codes and extended result codes
  Python's http.HTTPStatus        HTTP status codes and reason phrases
A row of a header keeps its C name, its Swift spelling, where it is declared (framework,
header, SDK) and, for a code the base SDKs lack, the SDK that added it (`macOS 15.0`). The one-line meanings are this project's own words, from scripts/data/meanings.tsv,
each line naming the source its facts were checked against (the declaring header's comment,
Apple's documentation summary, the RFC, SQLite's or Microsoft's reference: MEANING_SOURCES);
a code without one shows where it is declared instead of a sentence that would only repeat its
name. Nothing is copied from the headers' comments. `--stats` counts the rows whose meaning says
more than their name (see says_more), over all tables and over the domains developers meet most.

The Swift file holds constant data only: the rows, the tables and the indexes as fixed-width
records of base-64 digits in string literals, and every text in one string (see
Sources/InspectKit/CodeTables/CodeTable.swift). Look-ups by code, by name, by domain and by words
search sorted indexes, so they take logarithmic time in the number of rows.

Usage:
  python3 scripts/generate-code-tables.py > Sources/InspectKit/CodeTables/CodeTables.swift
  python3 scripts/generate-code-tables.py --check Sources/InspectKit/CodeTables/CodeTables.swift
      (exits 1 with a one-line message if the file differs from the output, 0 otherwise)
  python3 scripts/generate-code-tables.py --stats
      (prints how many rows, in all and in the domains developers meet most, have a meaning
       that says more than the name: see says_more)
  python3 scripts/generate-code-tables.py --extract HEADER --pattern REGEX --table ID \\
      --label LABEL --domain DOMAIN --repository OWNER/NAME --path PATH --commit SHA
      (writes scripts/data/codes/ID.json from a local copy of a header: every `NAME = NUMBER`
       or `#define NAME NUMBER` whose name matches REGEX)

Swift-only tables: a Swift enum that reaches logs as an NSError (StoreKit 2's StoreKitError) has
no C constant. Its data file sets "swift_type" (the type's name, `StoreKitError`) and each row
is [code, Swift case name]; its meanings are keyed `TYPE.case` (`StoreKitError.userCancelled`).
"""

import argparse
import http
import json
import os
import re
import sqlite3
import sys

from generated_output import write_or_check

OUTPUT_PATH = "Sources/InspectKit/CodeTables/CodeTables.swift"
HERE = os.path.dirname(os.path.abspath(__file__))
DATA_ROOT = os.path.join(HERE, "data")
DATA = os.path.join(DATA_ROOT, "codes")
WINDOWS_DOMAIN = "org.swift.Foundation.WindowsError"
# Table kinds, as CodeTable.Kind numbers them.
HEADER, STANDARD, OBSERVED = 0, 1, 2
# Labels of the SDK's tables where the framework's name would not say what they are.
SDK_LABELS = {"MacErrors.h": "Carbon (MacErrors.h)", "dns_sd.h": "DNS Service Discovery",
              "kern_return.h": "Mach (kern_return_t)", "IOReturn.h": "IOKit (IOReturn)",
              "LSConstants.h": "LaunchServices"}
LINE_LENGTH = 100


def read_tsv(path):
    """The rows of a tab-separated data file, without its comment lines and its header row."""
    rows = []
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    for line in lines[1:]:
        if line:
            rows.append(line.split("\t"))
    return rows


def preamble(path):
    """The `# key: value` lines of a data file's preamble."""
    result = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = re.match(r"# (\w+): (.*)$", line)
            if match:
                result[match.group(1)] = match.group(2).strip()
    return result


# Where the facts of a meaning come from, by the short tag its `source` column holds. A meaning
# is written in this project's words; its source is what a reader checks it against.
MEANING_SOURCES = {
    "header": "the comment on the constant in the header that declares it (the row's declaration)",
    "apple-docs": "the summary of the constant on developer.apple.com/documentation",
    "foundation": "the hand-written NSCocoaErrorDomain and NSURLErrorDomain tables of InspectKit",
    "errno": "POSIX and Darwin's <sys/errno.h> with strerror's message",
    "rfc": "the RFC that defines the HTTP status (RFC 9110 unless the line names another)",
    "sqlite": "https://www.sqlite.org/rescode.html",
    "windows": "https://learn.microsoft.com/windows/win32/debug/system-error-codes",
    "community": "the community source a community table names (ios-deploy's errors.h message for MobileDevice)",
    "whatwg": "the WHATWG HTML Standard's table of parse errors, which Gumbo's error.h cites for GUMBO_ERR_*",
    "dotnet-docs": "Microsoft's .NET for iOS/macOS API reference (learn.microsoft.com), from its doc comments in dotnet/macios",
    "apple-oss": "Apple's open-source releases (github.com/apple-oss-distributions): the comment on the code, or the code that reports it, in mDNSResponder or Security",
    "classic-source": "Apple's open source of the classic Mac OS code that returns the code, read where it is returned: OpenPlay's NetSprocket (mistysoftware/openplay) for kNSp*, IOHIDFamily's HID descriptor parser (apple-oss-distributions/IOHIDFamily) for kHID*",
    "matter": "the Matter SDK (project-chip/connectedhomeip): the Darwin framework's MTRError.mm, CHIPError.h, and the cluster enums' summaries in its data_model XML",
}


def read_meanings(path):
    """The meanings by key, checking that each names a known source."""
    result = {}
    for cells in read_tsv(path):
        if len(cells) != 3 or not cells[1]:
            raise SystemExit(f"{path}: a meaning needs key, meaning and source: {cells!r}")
        key, text, source = cells
        if source not in MEANING_SOURCES:
            raise SystemExit(f"{path}: {key}: unknown source {source!r} (one of {', '.join(MEANING_SOURCES)})")
        if key in result:
            raise SystemExit(f"{path}: {key} has two meanings")
        result[key] = text
    return result


def read_all_meanings():
    """meanings.tsv and every meanings-*.tsv beside it (one file per family of tables), with no
    key in two files."""
    paths = [os.path.join(DATA_ROOT, "meanings.tsv")] + sorted(
        os.path.join(DATA_ROOT, name) for name in os.listdir(DATA_ROOT)
        if name.startswith("meanings-") and name.endswith(".tsv"))
    result = {}
    for path in paths:
        for key, text in read_meanings(path).items():
            if key in result:
                raise SystemExit(f"{path}: {key} has a meaning in another file too")
            result[key] = text
    return result


MEANINGS = read_all_meanings()

# Acronyms the Swift overlays write in lower case at the start of a name.
LEADING_WORDS = {"XPC": "xpc", "SQLite": "sqlite", "URL": "url", "HTTP": "http", "DNS": "dns", "UUID": "uuid"}

# Prefixes of C constants, longest first, with what the Swift case name keeps.
SWIFT_PREFIXES = [
    "NSXMLParser", "SCStreamError", "ARErrorCode", "HKError", "AVAudioSessionErrorCode", "ASAuthorizationError", "NSItemProvider", "NEVPNError", "CKError", "SKError", "kCLError", "LAError", "AVError", "PHPhotosError", "CBATTError", "CBError",
    "WKError", "WebKitError", "kCFURLError", "kCFNetServiceError", "kCFErrorHTTP", "kCFError",
    "kCFSOCKS5Error", "kCFSOCKS4Error", "kCFSOCKSError", "kCFFTPError", "kCFHostError",
    "kCFHTTPCookie", "kCFStreamError", "NS",
]

# Tables whose C constants are also their Swift names (no overlay renames them).
SAME_NAME_TABLES = {"accounts", "assets-library", "audio-converter", "security", "secure-transport", "code-signing", "mach", "sqlite", "http", "cfnetwork",
                    "video-toolbox", "coremedia-block-buffer", "coremedia-format-description", "coremedia-sample-buffer",
                    "coremedia-sync", "coremedia-buffer-queue", "coremedia-simple-queue",
                    "coremedia-format-description-bridge", "coremedia-metadata"}


def swift_name(table, constant):
    """The name the Swift overlay gives a C constant (`CKErrorServerRecordChanged` ->
    `serverRecordChanged`), or the constant where no overlay renames it."""
    if table in SAME_NAME_TABLES and not constant.startswith("kCFURLError"):
        return constant
    name = constant
    for prefix in SWIFT_PREFIXES:
        if name.startswith(prefix) and len(name) > len(prefix):
            name = name[len(prefix):]
            break
    if table in ("foundation", "coredata") and name.endswith("Error"):
        name = name[: -len("Error")]
    for word, lower in LEADING_WORDS.items():
        if name.startswith(word):
            return lower + name[len(word):]
    match = re.match(r"^([A-Z]+)([A-Z][a-z].*)$", name)
    if match:
        return match.group(1).lower() + match.group(2)
    return name[:1].lower() + name[1:]



def load_data():
    tables = []
    for file in sorted(os.listdir(DATA)):
        if file.endswith(".json"):
            with open(os.path.join(DATA, file), encoding="utf-8") as f:
                tables.append(json.load(f))
    return tables


def sdk_version(path):
    """`macOS 10.8` for a path in `MacOSX10.8.sdk`, `iOS 18.0` for one in `iPhoneOS18.0.sdk`."""
    match = re.match(r"(MacOSX|macOS|iPhoneOS)([\d.]+)\.sdk/", path)
    if not match:
        return None
    return ("iOS " if match.group(1) == "iPhoneOS" else "macOS ") + match.group(2)


def declaration(path, repository=None):
    """Where a code is declared, for a reader: the framework, the header and the SDK
    (`UserNotifications.framework, UNError.h (macOS 14.0 SDK)`), or the file and the project."""
    base = os.path.basename(path)
    frameworks = re.findall(r"(\w+)\.framework/", path)
    version = sdk_version(path)
    if version:
        where = f"{frameworks[-1]}.framework, {base}" if frameworks else path.split("/include/", 1)[-1]
        return f"{where} ({version} SDK)"
    return f"{base} ({repository})" if repository else base


class Row:
    __slots__ = ("code", "name", "constant", "meaning", "swift_type", "declaration", "added")

    def __init__(self, code, name, constant="", meaning="", swift_type="", declaration="", added=""):
        self.code, self.name, self.constant, self.meaning = code, name, constant, meaning
        self.swift_type, self.declaration, self.added = swift_type, declaration, added

    def key(self):
        return (self.code, self.name, self.constant, self.meaning, self.swift_type, self.declaration, self.added)


class Table:
    def __init__(self, label, domains, source, rows, kind=HEADER):
        self.label, self.domains, self.source, self.rows, self.kind = label, domains, source, rows, kind


def sdk_extract():
    """The SDK extract's rows, grouped by domain and header: [(domain, header, framework, sdk,
    rows)], each row (code, C name, Swift name, Swift type, the SDK that added it or ""); and
    the snapshot each SDK folder was read from: {folder: (repository, commit)}."""
    path = os.path.join(DATA_ROOT, "sdk", "codes.tsv")
    groups, current, snapshots = {}, None, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# snapshot: "):
                folder, _, repository, commit = line[len("# snapshot: "):].rstrip("\n").split("\t")
                snapshots[folder] = (repository, commit)
            if line.startswith("#"):
                continue
            cells = line.rstrip("\n").split("\t")
            if cells[0] == "@":
                current = cells[1:]
                continue
            domain, code, c_name, swift, swift_type, _, since = cells
            key = (domain, current[0])
            groups.setdefault(key, (domain, current[0], current[1], current[2], []))[4].append(
                (int(code), c_name, swift, swift_type, since))
    return list(groups.values()), snapshots


def aliases(curated):
    """Run-time spellings of domain constants: the curated tables' (`HKErrorDomain` is
    `com.apple.healthkit`) and scripts/data/domain-aliases.tsv's."""
    result = {}
    for table in curated:
        constants = [d for d in table["domains"] if "." not in d]
        spellings = [d for d in table["domains"] if "." in d]
        for constant in constants:
            for spelling in spellings:
                result.setdefault(constant, []).append(spelling)
    for constant, spelling, _ in read_tsv(os.path.join(DATA_ROOT, "domain-aliases.tsv")):
        if spelling not in result.setdefault(constant, []):
            result[constant].append(spelling)
    return result


def build_tables():
    curated = load_data()
    sdk_groups, snapshots = sdk_extract()
    by_constant = {}
    url_codes = set()
    for domain, header, framework, sdk, rows in sdk_groups:
        for code, c_name, swift, swift_type, _ in rows:
            if c_name:
                by_constant.setdefault((code, c_name), (swift, swift_type))
            if domain == "NSURLErrorDomain":
                url_codes.add(code)
    tables, seen = [], set()

    def keep(domain, row):
        """Whether a row is new to its domain: a row with the C constant or the name of an
        earlier row with the same code is the same code declared again."""
        keys = [(domain, row.code, "name", row.name)]
        if row.constant:
            keys.append((domain, row.code, "constant", row.constant))
        if any(key in seen for key in keys):
            return False
        seen.update(keys)
        return True

    for table in curated:
        source = table["source"]
        swift_type = table.get("swift_type")
        repository = source["repository"]
        where = declaration(source["path"], repository)
        by_domain = {}
        for row in table["rows"]:
            code, constant = row[0], row[1]
            if swift_type:
                item = Row(code, constant, "", MEANINGS.get(f"{swift_type}.{constant}", ""), swift_type, where)
            else:
                name = row[2] if len(row) > 2 and row[2] else swift_name(table["table"], constant)
                # URLError.Code names only the codes NSURLError.h declares (-998 has no case there).
                if constant.startswith("kCFURLError") and code not in url_codes:
                    name = constant
                overlay_type = ""
                found = by_constant.get((code, constant))
                if found and found[0] == name and found[1]:
                    overlay_type = found[1]
                item = Row(code, name, "" if constant == name else constant,
                           MEANINGS.get(constant, ""), overlay_type, where)
            domains = table["domains"]
            if table["table"] == "cfnetwork" and not constant.startswith("kCFURLError"):
                domains = ["kCFErrorDomainCFNetwork"]
            for domain in domains:
                if keep(domain, item):
                    by_domain.setdefault(domain, []).append(item)
        for domain, rows in by_domain.items():
            tables.append(Table(table["label"], [domain], source["url"], rows))

    alias = aliases(curated)
    # Carbon's MacErrors.h first: it is the general list of OSStatus codes, which a framework's
    # own codes of the same number follow.
    order = lambda g: (os.path.basename(g[1]) != "MacErrors.h", g[2].lower(), g[1], g[0])
    for domain, header, framework, sdk, items in sorted(sdk_groups, key=order):
        rows = []
        where = declaration(header)
        for code, c_name, swift, swift_type, since in items:
            meaning = MEANINGS.get(c_name) if c_name else MEANINGS.get(f"{swift_type.split('.', 1)[-1]}.{swift}")
            row = Row(code, swift, "" if c_name == swift else c_name, meaning or "", swift_type, where,
                      since and f"{since} SDK")
            if keep(domain, row):
                rows.append(row)
        if not rows:
            continue
        base = os.path.basename(header)
        label = SDK_LABELS.get(base) or framework
        repository, commit = snapshots[header.split("/", 1)[0]]
        url = f"https://github.com/{repository}/blob/{commit}/{header}"
        domains = [domain] + [a for a in alias.get(domain, []) if a != domain]
        tables.append(Table(label, domains, url, rows))

    windows = os.path.join(DATA_ROOT, "windows-errors.tsv")
    info = preamble(windows)
    where = f"winerror.h ({info['repository']})"
    rows = [Row(int(code), name, "", MEANINGS.get(name, ""), "", where) for code, name in read_tsv(windows)]
    tables.append(Table("Windows (winerror.h)", [WINDOWS_DOMAIN],
                        f"https://github.com/{info['repository']}/blob/{info['commit']}/{info['path']}", rows, STANDARD))
    tables.append(Table("SQLite", ["NSSQLiteErrorDomain"],
                        f"Python {sys.version_info[0]}.{sys.version_info[1]} sqlite3 module", sqlite_rows(), STANDARD))
    tables.append(Table("HTTP", ["HTTP", "com.google.HTTPStatus"], "Python http.HTTPStatus", http_rows(), STANDARD))

    folder = os.path.join(DATA_ROOT, "observed")
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".tsv"):
            continue
        path = os.path.join(folder, file)
        label = preamble(path)["label"]
        observed = {}
        for domain, code, name, url in read_tsv(path):
            observed.setdefault((url, domain), []).append(Row(int(code), name, "", MEANINGS.get(name, ""), "", ""))
        for (url, domain), rows in observed.items():
            rows = [row for row in rows if keep(domain, row)]
            if rows:
                tables.append(Table(label, [domain], url, rows, OBSERVED))
    return tables


def sqlite_rows():
    """SQLite's primary result codes and the extended codes built on them (primary | n << 8)."""
    primary = {}
    for name in dir(sqlite3):
        if name.startswith("SQLITE_") and f"{name}" in MEANINGS:
            value = getattr(sqlite3, name)
            if isinstance(value, int):
                primary[name[len("SQLITE_"):]] = value
    rows = []
    for name in dir(sqlite3):
        if not name.startswith("SQLITE_"):
            continue
        value = getattr(sqlite3, name)
        short = name[len("SQLITE_"):]
        if short in primary:
            rows.append((value, name, MEANINGS[name]))
            continue
        base = short.split("_")[0]
        if base in primary and "_" in short and value & 0xFF == primary[base] and value > 0xFF:
            detail = " ".join(short.split("_")[1:]).lower()
            rows.append((value, name, MEANINGS.get(name) or MEANINGS["SQLITE_" + base].rstrip(".") + f" ({detail})."))
    rows.sort()
    return [Row(code, name, "", meaning, "", "sqlite3.h (SQLite)") for code, name, meaning in rows]


def http_rows():
    """HTTP statuses, with the meaning of `HTTP NNN` in meanings.tsv, or the reason phrase."""
    return [Row(status.value, status.name, "", MEANINGS.get(f"HTTP {status.value}", status.phrase + "."), "",
                "RFC 9110 (HTTP)") for status in http.HTTPStatus]


# MARK: Encoding

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
CODE_BIAS = 1 << 35  # codes are stored plus this bias, in six digits


def digits(value, width):
    assert 0 <= value < 64 ** width, (value, width)
    out = []
    for _ in range(width):
        out.append(DIGITS[value & 63])
        value >>= 6
    return "".join(reversed(out))


class TextBlob:
    """The text of every row in one string: each piece is found by its UTF-8 offset and length,
    so the rows are integers only and nothing is built on first use."""

    def __init__(self):
        self.pieces = []
        self.size = 0
        self.at = {}

    def add(self, text):
        if not text:
            return (0, 0)
        if text in self.at:
            return self.at[text]
        assert text == text.strip() and not any(ord(c) < 0x20 for c in text), repr(text)
        place = (self.size, len(text.encode("utf-8")))
        assert place[1] < 64 ** 2, text
        self.at[text] = place
        self.pieces.append(text)
        self.size += place[1]
        return place

    def swift_lines(self):
        """The pieces as the lines of a multi-line string literal, at the closing delimiter's
        indentation, each but the last ended by a backslash so that no line break enters the
        text (the last line's break is not part of a multi-line literal)."""
        assert self.pieces, "no text: a multi-line literal needs at least one line"
        lines = ["    " + piece.replace("\\", "\\\\").replace('"', '\\"') for piece in self.pieces]
        return [line + "\\\n" for line in lines[:-1]] + [lines[-1] + "\n"]


def record_lines(records, per_line):
    """Fixed-width records as the lines of a multi-line string literal, `per_line` a line."""
    lines = []
    for start in range(0, len(records), per_line):
        lines.append("    " + "".join(records[start:start + per_line]))
    if not lines:
        lines = ["    "]
    return [line + "\\\n" for line in lines[:-1]] + [lines[-1] + "\n"]


def fold(text):
    """The bytes look-ups compare: UTF-8, ASCII letters in lower case."""
    return text.encode("utf-8").lower()


def tokens(text, identifier):
    """(offset, length) of the searchable words of a text: for an identifier, every run from a
    word boundary to its end (`serverRecordChanged`: itself, `RecordChanged`, `Changed`), so
    that a word searched matches the start of any of them; for prose, each word."""
    result = []
    if identifier:
        for match in re.finditer(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=_)(?=[A-Za-z0-9])|^", text):
            start = match.start()
            if start < len(text) and text[start] != "_":
                result.append((start, len(text) - start))
    else:
        for match in re.finditer(r"[A-Za-z0-9]+", text):
            result.append((match.start(), match.end() - match.start()))
    return result


def swift_literal(name, lines, doc):
    out = [f"  /// {doc}\n", f"  static var {name}: StaticString {{\n", '    """\n']
    out.extend(lines)
    out.append('    """\n')
    out.append("  }\n")
    return out


def generate():
    tables = build_tables()
    blob = TextBlob()
    rows, records, runs, entries = [], [], {}, []
    for table_index, table in enumerate(tables):
        key = tuple(row.key() for row in table.rows)
        if key not in runs:
            start = len(rows)
            rows.extend(table.rows)
            runs[key] = (start, len(rows))
        for domain in table.domains:
            entries.append((runs[key][0], table_index, table, domain))
    # Tables in the order of their rows, so that the tables holding a row are found by a binary
    # search on where their rows start; tables sharing rows are neighbours.
    entries.sort(key=lambda e: (e[0], e[1]))
    table_records, table_places = [], []
    for start, _, table, domain in entries:
        run = runs[tuple(row.key() for row in table.rows)]
        label, domain_place, source = blob.add(table.label), blob.add(domain), blob.add(table.source)
        table_places.append((domain, table.label))
        table_records.append(digits(domain_place[0], 4) + digits(domain_place[1], 2) + digits(label[0], 4)
                             + digits(label[1], 2) + digits(source[0], 4) + digits(source[1], 2)
                             + digits(run[0], 3) + digits(run[1], 3) + digits(table.kind, 1))
    row_places = []
    for row in rows:
        places = [blob.add(text) for text in (row.name, row.constant, row.meaning, row.swift_type, row.declaration,
                                              row.added)]
        row_places.append(places)
        record = digits(row.code + CODE_BIAS, 6)
        for start, count in places:
            record += digits(start, 4) + digits(count, 2)
        records.append(record)

    by_code = sorted(range(len(rows)), key=lambda i: (rows[i].code, i))
    names = []
    for i, row in enumerate(rows):
        names.append((fold(row.name), i, 0))
        if row.constant:
            names.append((fold(row.constant), i, 1))
    names.sort()
    by_domain = sorted(range(len(entries)), key=lambda t: (fold(entries[t][3]), t))

    words = set()
    for i, (row, places) in enumerate(zip(rows, row_places)):
        for text, (start, _), identifier in ((row.name, places[0], True), (row.constant, places[1], True),
                                             (row.meaning, places[2], False)):
            for offset, length in tokens(text, identifier):
                piece = text[offset:offset + length]
                byte_offset = len(text[:offset].encode("utf-8"))
                byte_length = min(len(piece.encode("utf-8")), 63)
                words.add((fold(piece)[:byte_length], i, start + byte_offset, byte_length))
    words = sorted(words)
    table_words = set()
    for t, (_, _, table, domain) in enumerate(entries):
        for text in (domain, table.label):
            start = blob.add(text)[0]
            for offset, length in tokens(text, False) + tokens(re.sub(r"[^A-Za-z0-9_]", "_", text), True):
                piece = text[offset:offset + length]
                byte_offset = len(text[:offset].encode("utf-8"))
                byte_length = min(len(piece.encode("utf-8")), 63)
                table_words.add((fold(piece)[:byte_length], t, start + byte_offset, byte_length))
    table_words = sorted(table_words)

    assert len(rows) < 64 ** 3 and len(entries) < 64 ** 3 and blob.size < 64 ** 4
    out = [
        "// Generated by scripts/generate-code-tables.py from scripts/data/ (names and numbers from\n",
        "// public headers, each table naming its source), Python's sqlite3 module and http.HTTPStatus.\n",
        "// The meanings are this project's own words. Do not edit by hand; regenerate with:\n",
        f"//   python3 scripts/generate-code-tables.py > {OUTPUT_PATH}\n",
        "// swift-format-ignore-file\n",
        "\n",
        "/// The built-in code tables: constant data, read in place (see `CodeTable.swift`).\n",
        "enum CodeTables {\n",
        f"  /// The number of rows, of tables, of entries in the name index and in the word indexes.\n",
        f"  static let rowCount = {len(rows)}\n",
        f"  static let tableCount = {len(entries)}\n",
        f"  static let nameCount = {len(names)}\n",
        f"  static let wordCount = {len(words)}\n",
        f"  static let tableWordCount = {len(table_words)}\n",
        "\n",
        "  /// The length of ``text`` in UTF-8 bytes, which a test compares with the literal's.\n",
        f"  static let textCount = {blob.size}\n",
        "\n",
    ]
    out += swift_literal("rowData", record_lines(records, 2), "The rows, table by table: code, then the places of name, constant, meaning, Swift type, declaration and the SDK that added the code.")
    out.append("\n")
    out += swift_literal("tableData", record_lines(table_records, 4), "The tables, in the order of their rows: domain, label, source, first and end row, kind.")
    out.append("\n")
    out += swift_literal("codeIndex", record_lines([digits(i, 3) for i in by_code], 32), "Row numbers in the order of their codes.")
    out.append("\n")
    out += swift_literal("nameIndex", record_lines([digits(i * 2 + which, 4) for _, i, which in names], 24), "Row numbers (twice the row, plus one for the C constant) in the order of their names, folded.")
    out.append("\n")
    out += swift_literal("domainIndex", record_lines([digits(t, 3) for t in by_domain], 32), "Table numbers in the order of their domains, folded.")
    out.append("\n")
    out += swift_literal("wordIndex", record_lines([digits(start, 4) + digits(length, 1) + digits(i, 3) for _, i, start, length in words], 12), "Words of the rows' names, constants and meanings, folded and sorted: the word's place (start, length) and the row.")
    out.append("\n")
    out += swift_literal("tableWordIndex", record_lines([digits(start, 4) + digits(length, 1) + digits(t, 3) for _, t, start, length in table_words], 12), "Words of the tables' domains and labels, likewise: the word's place and the table.")
    out.append("\n")
    out.append("  /// The names, constants, meanings, Swift types, declarations and the tables' texts, each once, end to end.\n")
    out.append("  static var text: StaticString {\n")
    out.append('    """\n')
    out.extend(blob.swift_lines())
    out.append('    """\n')
    out.append("  }\n")
    out.append("}\n")
    return "".join(out)


# MARK: Statistics

# The domains developers meet most (issue 47), whose share of rows with a meaning the stats
# report on their own; NSOSStatusErrorDomain holds the OSStatus families (Security, Core Audio,
# Core Media, VideoToolbox, Carbon's MacErrors.h and the rest).
COMMON_DOMAINS = ["NSURLErrorDomain", "kCFErrorDomainCFNetwork", "NSCocoaErrorDomain", "CKErrorDomain",
                  "SKErrorDomain", "StoreKitError", "AVFoundationErrorDomain", "kCLErrorDomain",
                  "com.apple.healthkit", "PHPhotosErrorDomain", "WKErrorDomain", "WebKitErrorDomain",
                  "LAErrorDomain", "EKErrorDomain", "GKErrorDomain", "MKErrorDomain", "UNErrorDomain", "HTTP",
                  "NSOSStatusErrorDomain"]
# Words that say nothing a name does not: articles, links and the words every error has.
FILLER = set("a an the is are was were be been has have had it its this that of to in on at for by with "
             "and or not no could cannot can error err code status failed failure operation".split())


def name_words(text):
    """The lower-case words of an identifier (`kCFURLErrorTimedOut`: cf, url, error, timed, out)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|[_\-.]", " ", text)
    return {w.lower() for w in spaced.split() if w}


def says_more(row):
    """Whether a row's meaning says something its name does not: a word that is neither filler
    nor, up to its first five letters, a word of the name or the constant (`Not Found.` for
    NOT_FOUND restates the name; `No keychain item matches the query.` does not)."""
    if not row.meaning:
        return False
    known = name_words(row.name) | name_words(row.constant)
    for word in re.findall(r"[a-z0-9]+", row.meaning.lower()):
        if word in FILLER or len(word) < 2:
            continue
        if not any(word[:5] == other[:5] for other in known):
            return True
    return False


def stats():
    """One line for the whole table, one for the common domains, then one a common domain, SQLite's
    and Windows': rows with a meaning that says more than the name, of all rows."""
    counts = {}
    for table in build_tables():
        domain = table.domains[0] if table.kind != HEADER or table.rows[0].swift_type != "StoreKitError" else "StoreKitError"
        seen = counts.setdefault(domain, [0, 0])
        seen[0] += sum(1 for row in table.rows if says_more(row))
        seen[1] += len(table.rows)

    def line(label, pairs):
        more, total = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
        return f"{label}: {more} of {total} rows ({100 * more / max(total, 1):.1f}%) say more than the name"

    out = [line("all tables", counts.values()),
           line("common domains", [counts.get(d, [0, 0]) for d in COMMON_DOMAINS])]
    for domain in COMMON_DOMAINS + ["NSSQLiteErrorDomain", WINDOWS_DOMAIN]:
        out.append("  " + line(domain, [counts.get(domain, [0, 0])]))
    return "\n".join(out) + "\n"


def lower_camel(text):
    parts = [p for p in re.split(r"[_\-.]", text) if p]
    return parts[0].lower() + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def extract(args):
    with open(args.extract, encoding="utf-8", errors="replace") as f:
        text = f.read()
    pattern = re.compile(args.pattern)
    rows, seen = [], set()
    for match in re.finditer(r"(?m)^\s*(?:#define\s+)?(\w+)\s*=?\s*\(?\s*(-?(?:0x[0-9A-Fa-f]+|\d+))L?\s*\)?\s*[,;]?", text):
        name, number = match.group(1), match.group(2)
        if not pattern.fullmatch(name) or name in seen:
            continue
        seen.add(name)
        rows.append([int(number, 0), name])
    data = {
        "table": args.table, "label": args.label, "domains": args.domain,
        "source": {"url": f"https://github.com/{args.repository}/blob/{args.commit}/{args.path}",
                   "repository": args.repository, "path": args.path, "commit": args.commit},
        "rows": rows,
    }
    with open(os.path.join(DATA, args.table + ".json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{args.table}: {len(rows)} rows", file=sys.stderr)
    return 0


def main():
    parser = argparse.ArgumentParser(description="Generate the Swift code tables.")
    parser.add_argument("--check", metavar="FILE", help="exit 1 if FILE differs from the output")
    parser.add_argument("--stats", action="store_true",
                        help="print how many rows have a meaning that says more than the name")
    parser.add_argument("--extract", metavar="HEADER")
    parser.add_argument("--pattern")
    parser.add_argument("--table")
    parser.add_argument("--label")
    parser.add_argument("--domain", action="append")
    parser.add_argument("--repository")
    parser.add_argument("--path")
    parser.add_argument("--commit")
    args = parser.parse_args()
    if args.extract:
        return extract(args)
    if args.stats:
        sys.stdout.write(stats())
        return 0
    return write_or_check(generate(), args.check, "generate-code-tables.py")

if __name__ == "__main__":
    sys.exit(main())
