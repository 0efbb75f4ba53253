#!/usr/bin/env python3
"""Measures `statekit-inspect --json error -` on a whole application log, against grep and a short
Python regex script run on the same file in the same run.

Scenarios (--scenario):
  log    an app log of --megabytes MB (default 100; MB = 10^6 bytes) with one error record per
         --every lines (default 1000); also checks, form by form, what the tool reads from each
         kind of error the generator writes.
  dense  --lines records (default 2,000), every one an error: exposes work that grows faster than
         the input.
  tail   the tool reads a pipe; the script writes one error record and pauses (2 s) without
         closing it, and measures how long the tool takes to print the error.
  line   one line of --line-megabytes MB (default 60), twice: ordinary log text with no error,
         then error-looking tokens (errors in full and in short form among near misses: `Domain=`
         without a code, parentheses after digits, `Domain:` in prose); peak RSS must stay under
         twice the line (or under --max-rss-mib, whichever is larger).
  all    the four, in that order.

The log is generated from a fixed seed into a temporary directory (removed at the end; --keep
copies it out): timestamped lines from several subsystems, of varied lengths, and errors in every
form the tool reads from logs (Apple's NSError text with and without user info, nested causes,
Linux's form, user info broken over lines, Foundation's short form in English and other
languages).

Each command reads the file on standard input and writes to a file; wall time is the median of
--runs runs. Peak RSS is the child's own: wait4's ru_maxrss (from the resource module) counts the
memory of this Python parent, which the child holds until it calls exec, so it is used only when
it is above the parent's own peak; otherwise the child's VmHWM, read from /proc every 5 ms while
it runs, is reported. A failure (exit 1): statekit-inspect's output does not hold exactly one line
per error inserted, its peak RSS is over --max-rss-mib, or (tail) an error is printed later than
--max-latency-ms after its last line.

Usage: python3 Benchmarks/cli/log.py [--scenario log|dense|tail|line|all] [--megabytes N] [--every K]
           [--lines N] [--line-megabytes N] [--runs R] [--binary PATH] [--max-rss-mib M] [--max-latency-ms MS]
           [--form NAME] [--pause S] [--seed N] [--keep DIR]
CI, short: python3 Benchmarks/cli/log.py --scenario all --megabytes 10 --line-megabytes 10 --runs 1
"""
import argparse
import json
import os
import random
import resource
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from run import build  # the release build of statekit-inspect, shared with run.py

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GREP_PATTERN = r"Error Domain=|error -?[0-9]+\.\)"

# The Python baseline: the domain and code of the first error on each line that has one.
PYTHON_READER = r"""
import re, sys
full = re.compile(rb'Error Domain=(\S+)\s+Code=(-?\d+)')
short = re.compile('(?:\\(|（)([\\w.]+)[- ]?(?:error|Fehler|erreur|错误) ?(-?\\d+)(?:\\.|。)(?:\\)|）)'.encode())
names = {b'Cocoa': b'NSCocoaErrorDomain', b'POSIX': b'NSPOSIXErrorDomain', b'OSStatus': b'NSOSStatusErrorDomain'}
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    match = full.search(line) or short.search(line)
    if match:
        out.write(names.get(match[1], match[1]) + b' ' + match[2] + b'\n')
"""

# ---------------------------------------------------------------------------------------------
# The log generator. Every random choice comes from one seeded random.Random, so a seed and a
# size give the same bytes on every machine.

SUBSYSTEMS = ["Network", "Storage", "UI", "Sync", "Auth", "Analytics", "Media", "Push"]
THREADS = [56789, 56790, 56801, 56812, 57003, 57121, 57388]
FILES = ["state.json", "cache.sqlite", "avatar@2x.png", "draft-0193.md", "feed.plist", "session.bin",
         "Thumbnails/4F1A.jpg", "export.csv"]
HOSTS = ["api.example.com", "cdn.example.com", "auth.example.com", "telemetry.example.net",
         "sync.example.com"]
PATHS = ["/v2/items", "/v2/items/8812/comments", "/v1/me", "/oauth/token", "/img/banner.webp",
         "/v2/feed?page=3&limit=50", "/events/batch", "/v2/sync?since=1732440000"]
WORDS = ("alpha bravo cache delta entry feed group header index job key layout model node offset "
         "page query record sheet token update value widget").split()
TITLES = ["Café ☕️ – Résumé", "Ünïcödé straße", "東京の天気", "Заметки", "Projet « Été »", "😀 Party"]

# (code, description) per domain; descriptions are what the system prints for these codes.
URL_ERRORS = [(-1009, "The Internet connection appears to be offline."),
              (-1001, "The request timed out."),
              (-1004, "Could not connect to the server."),
              (-1005, "The network connection was lost."),
              (-1003, "A server with the specified hostname could not be found."),
              (-1200, "An SSL error has occurred and a secure connection to the server cannot be made."),
              (-1011, "There was a bad response from the server."),
              (-999, "cancelled")]
COCOA_ERRORS = [(4, "The file “{f}” doesn’t exist."),
                (260, "The file “{f}” couldn’t be opened because there is no such file."),
                (513, "You don’t have permission to save the file “{f}” in the folder “Documents”."),
                (640, "The file “{f}” couldn’t be saved because there isn’t enough space."),
                (3840, "The data couldn’t be read because it isn’t in the correct format."),
                (4865, "The data couldn’t be read because it is missing.")]
POSIX_ERRORS = [(2, "No such file or directory"), (13, "Permission denied"),
                (28, "No space left on device"), (54, "Connection reset by peer"),
                (60, "Operation timed out"), (61, "Connection refused"), (32, "Broken pipe")]
POSIX_LINUX = [(2, "No such file or directory"), (13, "Permission denied"),
               (104, "Connection reset by peer"), (110, "Connection timed out"),
               (111, "Connection refused")]
APP_ERRORS = [(1, "The sync token has expired."), (42, "The server rejected the change set."),
              (-7, "The local cache is corrupt."), (1001, "The account is locked.")]
# A cocoa code's cause in the POSIX domain, when it has one.
COCOA_CAUSE = {4: 2, 260: 2, 513: 13, 640: 28}


class Pools:
    """Values drawn once per run, so that lines repeat the way a real log's identifiers do."""

    def __init__(self, rng):
        self.uuids = [self.uuid(rng) for _ in range(400)]
        self.pointers = [f"0x{rng.randrange(0x600000000000, 0x600003ffffff):x}" for _ in range(400)]
        self.apps = [f"{self.uuid(rng)}" for _ in range(3)]

    @staticmethod
    def uuid(rng):
        digits = f"{rng.getrandbits(128):032X}"
        return f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"


def url(rng):
    return f"https://{rng.choice(HOSTS)}{rng.choice(PATHS)}"


def file_path(rng, pools):
    return f"/var/mobile/Containers/Data/Application/{rng.choice(pools.apps)}/Documents/{rng.choice(FILES)}"


def json_blob(rng, pools, size):
    """A response or event body printed into the log: JSON of about `size` bytes."""
    parts = []
    total = 0
    while total < size:
        item = (f'{{"id":{rng.randrange(1, 99999)},"uuid":"{rng.choice(pools.uuids)}",'
                f'"name":"{rng.choice(WORDS)} {rng.choice(WORDS)}","score":{rng.random():.4f},'
                f'"tags":["{rng.choice(WORDS)}","{rng.choice(WORDS)}"]}}')
        parts.append(item)
        total += len(item) + 1
    return '{"items":[' + ",".join(parts) + '],"next":null}'


def noise(rng, pools):
    """One ordinary log message (no error) and its subsystem."""
    kind = rng.random()
    if kind < 0.006:  # a long line: a body dumped into the log, 1-6 KB
        return "Network", f"response body ({rng.choice(HOSTS)}): {json_blob(rng, pools, rng.randrange(1000, 6000))}"
    if kind < 0.06:  # medium: headers, a batch of events
        if rng.random() < 0.5:
            headers = "; ".join(f'"{h}" = "{v}"' for h, v in [
                ("Accept", "application/json"), ("Accept-Language", "de-DE;q=1.0, en-DE;q=0.9"),
                ("User-Agent", "MyApp/4.12.1 (iPhone; iOS 18.1; Scale/3.00)"),
                ("X-Request-ID", rng.choice(pools.uuids)), ("If-None-Match", f'W/\\"{rng.getrandbits(48):x}\\"')])
            return "Network", f"request headers for {url(rng)}: {{{headers}}}"
        return "Analytics", f"flushed batch of {rng.randrange(5, 40)} events: {json_blob(rng, pools, rng.randrange(200, 700))}"
    subsystem = rng.choice(SUBSYSTEMS)
    pick = rng.randrange(4)
    if subsystem == "Network":
        message = [
            lambda: f"Task <{rng.choice(pools.uuids)}>.<{rng.randrange(1, 40)}> finished with status {rng.choice([200, 200, 200, 204, 304, 404])} in {rng.random():.3f}s, bytes={rng.randrange(100, 90000)}",
            lambda: f"GET {url(rng)} -> {rng.choice([200, 304, 500, 503])}, will retry: {rng.choice(['no', 'yes (attempt 2 of 5)'])}",
            lambda: f"reachability changed: {rng.choice(['wifi', 'cellular', 'none'])}, expensive={rng.choice(['true', 'false'])}",
            lambda: f"connection {rng.randrange(1, 90)}: TLS 1.3 established to {rng.choice(HOSTS)}:443 (h2)",
        ][pick]()
    elif subsystem == "Storage":
        message = [
            lambda: f"wrote {rng.randrange(10, 900000)} bytes to {file_path(rng, pools)}",
            lambda: f"checkpoint: {rng.randrange(1, 400)} pages, wal size {rng.randrange(1, 4000)} KB",
            lambda: f"migrated store to version {rng.randrange(20, 30)} in {rng.randrange(1, 300)} ms",
            lambda: f"evicted {rng.randrange(1, 60)} entries from image cache, errors=0",
        ][pick]()
    elif subsystem == "UI":
        message = [
            lambda: f"viewDidAppear: FeedViewController, {rng.randrange(0, 200)} cells visible",
            lambda: f"rendered title “{rng.choice(TITLES)}” in {rng.random() * 16:.2f} ms",
            lambda: f"scene {rng.choice(pools.uuids)} became active",
            lambda: f"layout pass: {rng.randrange(1, 30)} constraints updated",
        ][pick]()
    elif subsystem == "Sync":
        message = [
            lambda: f"merged {rng.randrange(0, 80)} changes from server (token {rng.getrandbits(40):x}, took {rng.randrange(3, 900)} ms)",
            lambda: f"push of record {rng.choice(pools.uuids)} queued, {rng.randrange(0, 12)} pending",
            lambda: f"conflict on {rng.choice(WORDS)}.{rng.choice(WORDS)} resolved: server wins",
            lambda: "sync idle",
        ][pick]()
    elif subsystem == "Auth":
        message = [
            lambda: f"refreshed access token, expires in {rng.randrange(300, 3600)} s",
            lambda: f"keychain item {rng.choice(WORDS)}.token read ({rng.randrange(40, 400)} bytes)",
            lambda: "biometry available: faceID",
            lambda: f"session {rng.choice(pools.uuids)} validated",
        ][pick]()
    elif subsystem == "Analytics":
        message = [
            lambda: f"event=screen_view screen={rng.choice(WORDS)} session={rng.choice(pools.uuids)}",
            lambda: f"event=tap target={rng.choice(WORDS)}_{rng.choice(WORDS)}_button",
            lambda: f"queue size {rng.randrange(0, 500)}",
            lambda: f"sampling rate {rng.random():.2f}",
        ][pick]()
    elif subsystem == "Media":
        message = [
            lambda: f"decoded frame {rng.randrange(1, 99999)} ({rng.choice(['1920x1080', '1280x720', '3840x2160'])}, {rng.random() * 9:.1f} ms)",
            lambda: f"audio session category playback, route {rng.choice(['speaker', 'AirPods Pro', 'CarPlay'])}",
            lambda: f"thumbnail cache hit ratio {rng.random():.3f}",
            lambda: f"player item {rng.choice(pools.uuids)} status readyToPlay",
        ][pick]()
    else:
        message = [
            lambda: f"received remote notification {rng.choice(pools.uuids)}, content-available=1",
            lambda: f"device token {rng.getrandbits(256):064x}",
            lambda: "registered for remote notifications",
            lambda: f"badge set to {rng.randrange(0, 99)}",
        ][pick]()
    return subsystem, message


# --- The errors. Each form gives (subsystem, message text, chain): the text may span lines, and
# the chain is the top-level error and its causes as [(domain, code), ...].

def nserror(domain, code, description, user_info, linux=False):
    """NSError text: `Error Domain=D Code=N "text" UserInfo={…}`; Linux puts no space before UserInfo."""
    text = f'Error Domain={domain} Code={code} "{description}"'
    if user_info is None:
        return text
    return text + ("" if linux else " ") + "UserInfo={" + ", ".join(user_info) + "}"


def url_user_info(rng, description=None):
    address = url(rng)
    entries = [f"NSErrorFailingURLStringKey={address}", f"NSErrorFailingURLKey={address}"]
    if description:
        entries.append(f"NSLocalizedDescription={description}")
    return entries


def cfnetwork(rng, code, pools):
    info = [f"_kCFStreamErrorCodeKey={rng.choice([50, -2102, 61, 8])}", "_kCFStreamErrorDomainKey=1"]
    return f"NSUnderlyingError={rng.choice(pools.pointers)} {{{nserror('kCFErrorDomainCFNetwork', code, '(null)', info)}}}"


def any_error(rng, pools):
    domain = rng.choice(["NSURLErrorDomain", "NSCocoaErrorDomain", "NSPOSIXErrorDomain",
                         "kCFErrorDomainCFNetwork", "com.example.App"])
    if domain == "NSURLErrorDomain":
        code, description = rng.choice(URL_ERRORS)
    elif domain == "NSCocoaErrorDomain":
        code, description = rng.choice(COCOA_ERRORS)
        description = description.format(f=rng.choice(FILES).split("/")[-1])
    elif domain == "NSPOSIXErrorDomain":
        code, description = rng.choice(POSIX_ERRORS)
    elif domain == "kCFErrorDomainCFNetwork":
        code, description = rng.choice([(-1009, "(null)"), (-1001, "(null)"), (2, "(null)"), (-1005, "(null)")])
    else:
        code, description = rng.choice(APP_ERRORS)
    return domain, code, description


def form_apple_plain(rng, pools):
    domain, code, description = any_error(rng, pools)
    return "Storage", f"{rng.choice(['save failed', 'load failed', 'request failed'])}: {nserror(domain, code, description, None)}", [(domain, code)]


def form_apple_userinfo(rng, pools):
    domain, code, description = any_error(rng, pools)
    if domain in ("NSURLErrorDomain", "kCFErrorDomainCFNetwork"):
        info = url_user_info(rng, description if domain == "NSURLErrorDomain" else None)
    elif domain in ("NSCocoaErrorDomain", "NSPOSIXErrorDomain"):
        info = [f"NSFilePath={file_path(rng, pools)}"]
    else:
        info = [f"NSLocalizedDescription={description}", f"requestID={rng.choice(pools.uuids)}",
                f"retryAfter={rng.randrange(1, 120)}"]
    return "Sync", f"operation failed with error {nserror(domain, code, description, info)}", [(domain, code)]


def form_apple_nested(rng, pools):
    """One cause: URL > CFNetwork, Cocoa > POSIX, or the app's error > URL."""
    kind = rng.randrange(3)
    if kind == 0:
        code, description = rng.choice(URL_ERRORS)
        info = [cfnetwork(rng, code, pools)] + url_user_info(rng, description) + [
            "_kCFStreamErrorDomainKey=1", "_kCFStreamErrorCodeKey=50"]
        chain = [("NSURLErrorDomain", code), ("kCFErrorDomainCFNetwork", code)]
        text = nserror("NSURLErrorDomain", code, description, info)
        subsystem = "Network"
        prefix = f"Task <{rng.choice(pools.uuids)}>.<{rng.randrange(1, 40)}> finished with error [{code}] "
    elif kind == 1:
        code, description = rng.choice([c for c in COCOA_ERRORS if c[0] in COCOA_CAUSE])
        description = description.format(f="state.json")
        cause = COCOA_CAUSE[code]
        cause_text = dict(POSIX_ERRORS)[cause]
        info = [f"NSFilePath={file_path(rng, pools)}",
                f"NSUnderlyingError={rng.choice(pools.pointers)} {{{nserror('NSPOSIXErrorDomain', cause, cause_text, None)}}}"]
        chain = [("NSCocoaErrorDomain", code), ("NSPOSIXErrorDomain", cause)]
        text = nserror("NSCocoaErrorDomain", code, description, info)
        subsystem = "Storage"
        prefix = "Save failed: "
    else:
        code, description = rng.choice(APP_ERRORS)
        url_code, url_description = rng.choice(URL_ERRORS)
        cause = nserror("NSURLErrorDomain", url_code, url_description, url_user_info(rng))
        info = [f"NSLocalizedDescription={description}",
                f"NSUnderlyingError={rng.choice(pools.pointers)} {{{cause}}}"]
        chain = [("com.example.App", code), ("NSURLErrorDomain", url_code)]
        text = nserror("com.example.App", code, description, info)
        subsystem = "Sync"
        prefix = "sync round failed: "
    return subsystem, prefix + text, chain


def form_apple_nested2(rng, pools):
    """Two causes: the app's error > URL > CFNetwork."""
    code, description = rng.choice(APP_ERRORS)
    url_code, url_description = rng.choice(URL_ERRORS)
    middle = nserror("NSURLErrorDomain", url_code, url_description,
                     [cfnetwork(rng, url_code, pools)] + url_user_info(rng, url_description))
    info = [f"NSUnderlyingError={rng.choice(pools.pointers)} {{{middle}}}",
            f"NSLocalizedDescription={description}"]
    chain = [("com.example.App", code), ("NSURLErrorDomain", url_code), ("kCFErrorDomainCFNetwork", url_code)]
    return "Sync", f"giving up after 3 attempts: {nserror('com.example.App', code, description, info)}", chain


def form_apple_desc_short(rng, pools):
    """The description is the short form (older systems), a cause in the same style."""
    code = rng.choice([4, 260, 513])
    cause = COCOA_CAUSE[code]
    info = [f"NSFilePath={file_path(rng, pools)}",
            f"NSUnderlyingError={rng.choice(pools.pointers)} {{{nserror('NSPOSIXErrorDomain', cause, f'The operation couldn’t be completed. {dict(POSIX_ERRORS)[cause]}', None)}}}"]
    text = nserror("NSCocoaErrorDomain", code, f"The operation couldn’t be completed. (Cocoa error {code}.)", info)
    return "Storage", f"could not read snapshot: {text}", [("NSCocoaErrorDomain", code), ("NSPOSIXErrorDomain", cause)]


def form_linux(rng, pools):
    """swift-corelibs-foundation's text: "(null)" glued to UserInfo, no cause."""
    if rng.random() < 0.5:
        code, description = rng.choice(URL_ERRORS)
        info = url_user_info(rng, description)
        domain = "NSURLErrorDomain"
    else:
        code, description = rng.choice(POSIX_LINUX)
        info = [f"NSLocalizedDescription={description}", f"NSFilePath=/srv/app/data/{rng.choice(FILES)}"]
        domain = "NSPOSIXErrorDomain"
    return "Sync", f"server relayed: {nserror(domain, code, '(null)', info, linux=True)}", [(domain, code)]


def form_linux_nested(rng, pools):
    """Linux's text with a cause written inline: `NSUnderlyingError=Error Domain=…`."""
    code, description = rng.choice([(-1004, "Could not connect to the server."), (-1001, "The request timed out."),
                                    (-1005, "The network connection was lost.")])
    cause, cause_text = rng.choice(POSIX_LINUX[2:])
    inner = nserror("NSPOSIXErrorDomain", cause, "(null)", [f"NSLocalizedDescription={cause_text}"], linux=True)
    info = url_user_info(rng, description) + [f"NSUnderlyingError={inner}"]
    text = nserror("NSURLErrorDomain", code, "(null)", info, linux=True)
    return "Sync", f"upstream fetch failed: {text}", [("NSURLErrorDomain", code), ("NSPOSIXErrorDomain", cause)]


def form_multiline_array(rng, pools):
    """A user info value printed over lines: an array of tasks, as CFNetwork logs it."""
    code, description = rng.choice([(-1200, "An SSL error has occurred and a secure connection to the server cannot be made."),
                                    (-1001, "The request timed out."), (-1005, "The network connection was lost.")])
    task_id = rng.choice(pools.uuids)
    task = f"LocalDataTask <{task_id}>.<{rng.randrange(1, 40)}>"
    info = (url_user_info(rng, description)[:1]
            + [f'_NSURLErrorRelatedURLSessionTaskErrorKey=(\n    "{task}"\n)',
               f"_NSURLErrorFailingURLSessionTaskErrorKey={task}",
               cfnetwork(rng, code, pools), "_kCFStreamErrorDomainKey=3",
               f"NSLocalizedDescription={description}"])
    text = nserror("NSURLErrorDomain", code, description, info)
    prefix = f"Task <{task_id}>.<{rng.randrange(1, 40)}> finished with error [{code}] "
    return "Network", prefix + text, [("NSURLErrorDomain", code), ("kCFErrorDomainCFNetwork", code)]


def form_multiline_value(rng, pools):
    """A value with line breaks in it: a response body quoted into the user info."""
    info = ["NSDebugDescription=Unexpected character '<' around line 1, column 1.",
            f"NSErrorFailingURLStringKey={url(rng)}",
            "body=<html>\n<head><title>502 Bad Gateway</title></head>\n<body>nginx</body>\n</html>",
            "NSJSONSerializationErrorIndex=0"]
    text = nserror("NSCocoaErrorDomain", 3840, "The data couldn’t be read because it isn’t in the correct format.", info)
    return "Network", f"decoding response failed: {text}", [("NSCocoaErrorDomain", 3840)]


def short_domain(rng):
    domain = rng.choice(["NSURLErrorDomain", "NSPOSIXErrorDomain", "kCFErrorDomainCFNetwork", "com.example.App",
                         "NSCocoaErrorDomain"])
    code = {"NSURLErrorDomain": lambda: rng.choice(URL_ERRORS)[0],
            "NSPOSIXErrorDomain": lambda: rng.choice(POSIX_ERRORS)[0],
            "kCFErrorDomainCFNetwork": lambda: rng.choice([-1009, -1001, 2, 310]),
            "com.example.App": lambda: rng.choice(APP_ERRORS)[0],
            "NSCocoaErrorDomain": lambda: rng.choice(COCOA_ERRORS)[0]}[domain]()
    return domain, code


def form_short_en(rng, pools):
    domain, code = short_domain(rng)
    return "UI", f"alert shown: The operation couldn’t be completed. ({domain} error {code}.)", [(domain, code)]


def form_short_cocoa(rng, pools):
    """Foundation's own short name for its domain: `(Cocoa error 4.)`."""
    code = rng.choice(COCOA_ERRORS)[0]
    return "Storage", f"export failed: The operation couldn’t be completed. (Cocoa error {code}.)", [("NSCocoaErrorDomain", code)]


def form_short_de(rng, pools):
    """German: the word for "error" joined to the domain by a hyphen."""
    domain, code = short_domain(rng)
    return "UI", f"Fehlermeldung: Der Vorgang konnte nicht abgeschlossen werden. ({domain}-Fehler {code}.)", [(domain, code)]


def form_short_fr(rng, pools):
    domain, code = short_domain(rng)
    return "UI", f"alerte : L’opération n’a pas pu s’achever. ({domain} erreur {code}.)", [(domain, code)]


def form_short_zh(rng, pools):
    """Chinese: full-width parentheses and 。."""
    domain, code = short_domain(rng)
    return "UI", f"错误提示：未能完成该操作。（{domain} 错误 {code}。）", [(domain, code)]


def form_short_and_full(rng, pools):
    """`localizedDescription` and the error itself on one line: one error, said twice."""
    domain, code = rng.choice([("com.example.App", rng.choice(APP_ERRORS)[0]), ("NSPOSIXErrorDomain", 61),
                               ("NSURLErrorDomain", -1009)])
    text = nserror(domain, code, "(null)", [f"requestID={rng.choice(pools.uuids)}"])
    return "Sync", (f"message=\"The operation couldn’t be completed. ({domain} error {code}.)\" "
                    f"error={text}"), [(domain, code)]


FORMS = {
    "apple_plain": (form_apple_plain, 8),
    "apple_userinfo": (form_apple_userinfo, 12),
    "apple_nested": (form_apple_nested, 14),
    "apple_nested2": (form_apple_nested2, 6),
    "apple_desc_short": (form_apple_desc_short, 4),
    "linux": (form_linux, 6),
    "linux_nested": (form_linux_nested, 4),
    "multiline_array": (form_multiline_array, 6),
    "multiline_value": (form_multiline_value, 4),
    "short_en": (form_short_en, 10),
    "short_cocoa": (form_short_cocoa, 4),
    "short_de": (form_short_de, 4),
    "short_fr": (form_short_fr, 4),
    "short_zh": (form_short_zh, 4),
    "short_and_full": (form_short_and_full, 6),
}
FORM_NAMES = list(FORMS)
FORM_WEIGHTS = [FORMS[name][1] for name in FORM_NAMES]


class Clock:
    """Timestamps that move forward by a random few milliseconds a line."""

    def __init__(self, rng):
        self.rng = rng
        self.day = 24
        self.micros = ((10 * 60 + 15) * 60 + 2) * 1_000_000 + 123456

    def stamp(self):
        self.micros += self.rng.randrange(30, 40_000)
        if self.micros >= 86_400_000_000:
            self.micros -= 86_400_000_000
            self.day += 1
        seconds, micros = divmod(self.micros, 1_000_000)
        minutes, second = divmod(seconds, 60)
        hour, minute = divmod(minutes, 60)
        # November has 30 days; a log long enough to leave it would need about 50 GB.
        return f"2026-11-{self.day:02d} {hour:02d}:{minute:02d}:{second:02d}.{micros:06d}+0100"


class LogWriter:
    def __init__(self, path, seed):
        self.rng = random.Random(seed)
        self.pools = Pools(self.rng)
        self.clock = Clock(self.rng)
        self.file = open(path, "w", encoding="utf-8", newline="\n")
        self.chunk = []
        self.bytes = 0
        self.records = 0
        self.expected = []  # (form, chain) for each error record, in order

    def record(self, subsystem, message):
        line = f"{self.clock.stamp()} MyApp[1234:{self.rng.choice(THREADS)}] [{subsystem}] {message}\n"
        self.chunk.append(line)
        self.bytes += len(line.encode("utf-8"))
        self.records += 1
        if len(self.chunk) >= 4096:
            self.file.write("".join(self.chunk))
            self.chunk = []

    def noise(self):
        self.record(*noise(self.rng, self.pools))

    def error(self, form=None):
        form = form or self.rng.choices(FORM_NAMES, FORM_WEIGHTS)[0]
        subsystem, message, chain = FORMS[form][0](self.rng, self.pools)
        self.record(subsystem, message)
        self.expected.append((form, chain))

    def close(self):
        self.file.write("".join(self.chunk))
        self.file.close()


def write_log(path, megabytes, every, seed):
    """An app log of about `megabytes` MB, one error record at a random place in every block of
    `every` records."""
    writer = LogWriter(path, seed)
    target = megabytes * 1_000_000
    while writer.bytes < target:
        slot = writer.rng.randrange(every)
        for index in range(every):
            if index == slot:
                writer.error()
            else:
                writer.noise()
            if writer.bytes >= target and index >= slot:
                break
    writer.close()
    return writer


def write_dense(path, lines, seed, forms=None):
    """`lines` records, every one an error, the forms in turn (every form unless given; each
    round shuffled)."""
    writer = LogWriter(path, seed)
    order = []
    while len(order) < lines:
        block = list(forms or FORM_NAMES)
        writer.rng.shuffle(block)
        order.extend(block)
    for form in order[:lines]:
        writer.error(form)
    writer.close()
    return writer


def write_forms(path, form, count, seed):
    """`count` errors of one form, each between two ordinary lines."""
    writer = LogWriter(path, seed)
    for _ in range(count):
        writer.noise()
        writer.error(form)
    writer.noise()
    writer.close()
    return writer


# ---------------------------------------------------------------------------------------------
# Measuring.

def vmhwm_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_measured(command, stdin_path, stdout_path, stderr_path):
    """Runs a command on a file; returns (seconds, peak RSS in MiB, exit status)."""
    parent_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    with open(stdin_path, "rb") as stdin, open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=stderr)
        done = threading.Event()
        polled = [0, 0]  # the highest VmHWM read, how many reads

        def poll():
            while not done.is_set():
                value = vmhwm_kib(process.pid)
                if value:
                    polled[0] = max(polled[0], value)
                    polled[1] += 1
                done.wait(0.005)

        poller = threading.Thread(target=poll)
        poller.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        done.set()
        poller.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    if usage.ru_maxrss > parent_peak:
        return seconds, (usage.ru_maxrss / 1024, True), process.returncode
    # Fewer than three reads: the run was over before its memory could be seen.
    return seconds, (polled[0] / 1024 if polled[1] >= 3 else 0.0, False), process.returncode


def count_lines(path):
    with open(path, "rb") as file:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: file.read(1 << 20), b""))


class Tool:
    def __init__(self, label, command, count, ok_status=(0,)):
        self.label = label
        self.command = command
        self.count = count  # path of the output -> errors found
        self.ok_status = ok_status
        self.seconds = []
        self.peaks = []
        self.found = None
        self.status = None
        self.stderr_lines = 0


def grep_count(path):
    with open(path) as file:
        text = file.read().strip()
    return int(text) if text else 0


def compare_tools(tools, log_path, runs, scratch):
    """Runs every tool `runs` times, in turn, on the same file."""
    with open(log_path, "rb") as file:  # into the page cache
        while file.read(1 << 24):
            pass
    for round_index in range(runs):
        for index, tool in enumerate(tools):
            out = os.path.join(scratch, f"out-{index}.txt")
            err = os.path.join(scratch, f"err-{index}.txt")
            seconds, peak, status = run_measured(tool.command, log_path, out, err)
            if status not in tool.ok_status:
                with open(err, errors="replace") as file:
                    sys.stderr.write(file.read()[-2000:])
            tool.seconds.append(seconds)
            tool.peaks.append(peak)
            tool.status = status
            if round_index == 0:
                tool.found = tool.count(out)
                tool.stderr_lines = count_lines(err)
    return [os.path.join(scratch, f"out-{index}.txt") for index in range(len(tools))]


def print_table(title, tools, size, inserted, reference, python):
    print(f"\n{title}")
    ref_s = statistics.median(reference.seconds)
    py_s = statistics.median(python.seconds)
    header = f"{'tool':44} {'median s':>9} {'MB/s':>8} {'peak RSS MiB':>13} {'x grep -c':>10} {'x Python':>9} {'errors found':>13}"
    print(header)
    print("-" * len(header))
    for tool in tools:
        seconds = statistics.median(tool.seconds)
        peak, exact = max(tool.peaks)
        shown = f"{peak:.1f}" if exact else (f"{peak:.1f}*" if peak else "n/a*")
        print(f"{tool.label:44} {seconds:9.3f} {size / 1e6 / seconds:8.1f} {shown:>13} "
              f"{seconds / ref_s:10.2f} {seconds / py_s:9.2f} {tool.found:13,}")
    if any(not exact for tool in tools for _, exact in tool.peaks):
        print("* peak RSS from VmHWM in /proc, read every 5 ms: a lower bound; n/a: the run was too short to read it")
    print(f"errors inserted (top-level): {inserted:,}")


def make_tools(tool_path, scratch):
    reader = os.path.join(scratch, "reader.py")
    with open(reader, "w", encoding="utf-8") as file:
        file.write(PYTHON_READER)
    return [
        Tool(f"grep -c -E '{GREP_PATTERN}'", ["grep", "-c", "-E", GREP_PATTERN], grep_count, ok_status=(0, 1)),
        Tool(f"grep -E '{GREP_PATTERN}'", ["grep", "-E", GREP_PATTERN], count_lines, ok_status=(0, 1)),
        Tool("python3 regex script (domain, code a line)", [sys.executable, reader], count_lines),
        Tool("statekit-inspect --json error -", [tool_path, "--json", "error", "-"], count_lines),
    ]


def chains_of(path):
    """The tool's JSON lines as chains [(domain, code), ...]; unreadable lines as None."""
    chains = []
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            try:
                payload = json.loads(line)
            except ValueError:
                chains.append(None)
                continue
            chain = []
            while isinstance(payload, dict):
                chain.append((payload.get("domain"), payload.get("code")))
                payload = payload.get("underlying")
            chains.append(chain)
    return chains


def describe(chain):
    if chain is None:
        return "(not JSON)"
    return " > ".join(f"{domain} {code}" for domain, code in chain)


def align(want, got, codes_want, codes_got):
    """Pairs inserted and printed errors in order, as many as possible, preferring pairs with the
    same domain and code over pairs with the same code only: [(i or None, j or None), ...]."""
    n, m = len(want), len(got)
    # score[i][j]: the best weight of the first i inserted against the first j printed.
    score = [[0] * (m + 1) for _ in range(n + 1)]

    def weight(i, j):
        return 3 if want[i] == got[j] else 2 if codes_want[i] == codes_got[j] else None

    for i in range(1, n + 1):
        row, above = score[i], score[i - 1]
        for j in range(1, m + 1):
            best = max(above[j], row[j - 1])
            pair = weight(i - 1, j - 1)
            if pair is not None:
                best = max(best, above[j - 1] + pair)
            row[j] = best
    pairs = []
    i, j = n, m
    while i > 0 or j > 0:
        pair = weight(i - 1, j - 1) if i > 0 and j > 0 else None
        if pair is not None and score[i][j] == score[i - 1][j - 1] + pair:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif i > 0 and score[i][j] == score[i - 1][j]:
            pairs.append((i - 1, None))
            i -= 1
        else:
            pairs.append((None, j - 1))
            j -= 1
    return pairs[::-1]


def pair_up(want, got, codes_want, codes_got, window=32):
    """`align` over whole sequences in linear time: errors that agree are paired as they come;
    at a difference, the next `window` of each side is aligned, and its pairs are taken up to the
    first one that agrees again."""
    pairs = []
    i = j = 0
    n, m = len(want), len(got)
    while i < n and j < m:
        if want[i] == got[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
            continue
        local = align(want[i:i + window], got[j:j + window], codes_want[i:i + window], codes_got[j:j + window])
        base_i, base_j = i, j
        for a, b in local:
            pairs.append((None if a is None else base_i + a, None if b is None else base_j + b))
            if a is not None:
                i = base_i + a + 1
            if b is not None:
                j = base_j + b + 1
            if a is not None and b is not None and want[base_i + a] == got[base_j + b]:
                break
    pairs += [(k, None) for k in range(i, n)] + [(None, k) for k in range(j, m)]
    return pairs


def differences(expected, chains):
    """What statekit-inspect printed against what was inserted, paired in order by domain and
    code, or by code alone (a domain read wrongly). Returns, per form, what differs (a top-level
    error misread, a cause misread, an error missed, two errors printed as one) and the printed
    errors that pair with nothing inserted."""
    want = [describe(chain[:1]) for _, chain in expected]
    got = [describe(chain[:1]) if chain else "" for chain in chains]
    codes_want = [chain[0][1] for _, chain in expected]
    codes_got = [chain[0][1] if chain else None for chain in chains]
    per_form = {}
    extras = []

    def note(form, kind, inserted, printed=""):
        per_form.setdefault(form, []).append((kind, inserted, printed))

    def compare(i, j):
        inserted = [tuple(x) for x in expected[i][1]]
        printed = [tuple(x) for x in chains[j] or [(None, None)]]
        if printed != inserted:
            kind = "misread" if printed[0] != inserted[0] else "cause"
            note(expected[i][0], kind, describe(inserted), describe(printed))

    for i, j in pair_up(want, got, codes_want, codes_got):
        if i is not None and j is not None:
            compare(i, j)
        elif j is not None:
            extras.append(describe(chains[j]))
        else:
            # Next to an inserted error with the same domain and code: the two were printed as
            # one (which of them is the one "missed" is arbitrary).
            twin = next((k for k in (i - 1, i + 1) if 0 <= k < len(want) and want[k] == want[i]), None)
            if twin is None:
                note(expected[i][0], "missed", describe(expected[i][1]))
            else:
                first, second = sorted((i, twin))
                note(f"{expected[first][0]} + {expected[second][0]}", "merged",
                     f"{want[first]} on one line, {want[second]} on the next", "one error")
    return per_form, extras


def report_differences(expected, chains, limit=3):
    per_form, extras = differences(expected, chains)
    if not per_form and not extras:
        print("statekit-inspect's errors match the inserted ones, causes included")
        return
    print("where statekit-inspect's errors differ from the inserted ones (aligned by top-level domain and code):")
    for form in sorted(per_form, key=lambda name: (FORM_NAMES.index(name) if name in FORMS else len(FORMS), name)):
        items = per_form[form]
        kinds = {}
        for kind, _, _ in items:
            kinds[kind] = kinds.get(kind, 0) + 1
        print(f"  {form}: " + ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())))
        for kind, want, got in items[:limit]:
            print(f"    {kind}: inserted {want}" + (f"; printed {got}" if got else ""))
    if extras:
        print(f"  printed but not inserted: {len(extras)}, e.g. " + "; ".join(extras[:limit]))


def check_forms(tool_path, scratch, seed):
    """Each form alone, 40 errors between ordinary lines: what the tool prints for it."""
    print("\nforms, one by one (40 errors of the form, each between two ordinary lines):")
    print(f"  {'form':18} {'inserted':>8} {'printed':>8} {'same chain':>10}  example of a difference")
    differing = []
    for form in FORM_NAMES:
        path = os.path.join(scratch, f"form-{form}.log")
        writer = write_forms(path, form, 40, seed)
        out = os.path.join(scratch, "form.jsonl")
        with open(path, "rb") as stdin, open(out, "wb") as stdout:
            subprocess.run([tool_path, "--json", "error", "-"], stdin=stdin, stdout=stdout,
                           stderr=subprocess.DEVNULL)
        chains = chains_of(out)
        expected = [[tuple(x) for x in chain] for _, chain in writer.expected]
        same = sum(1 for a, b in zip(expected, chains) if b is not None and [tuple(x) for x in b] == a)
        example = ""
        if len(chains) != len(expected) or same != len(expected):
            per_form, extras = differences(writer.expected, chains)
            items = per_form.get(form, [])
            if items:
                kind, want, got = items[0]
                example = f"{kind}: {want}" + (f" -> {got}" if got else "")
            elif extras:
                example = f"extra: {extras[0]}"
            differing.append(form)
        print(f"  {form:18} {len(expected):8} {len(chains):8} {same:10}  {example}")
    return differing


def scenario_log(args, tool_path, scratch, failures):
    path = os.path.join(scratch, "app.log")
    started = time.perf_counter()
    writer = write_log(path, args.megabytes, args.every, args.seed)
    size = os.path.getsize(path)
    print(f"\nlog: {size / 1e6:.1f} MB, {writer.records:,} records, {len(writer.expected):,} errors "
          f"(one per {args.every} records), seed {args.seed}, generated in {time.perf_counter() - started:.1f} s")
    counts = {}
    for form, _ in writer.expected:
        counts[form] = counts.get(form, 0) + 1
    print("errors by form: " + ", ".join(f"{form} {counts.get(form, 0)}" for form in FORM_NAMES))
    if args.keep:
        shutil.copy(path, os.path.join(args.keep, "app.log"))
    tools = make_tools(tool_path, scratch)
    outputs = compare_tools(tools, path, args.runs, scratch)
    print_table(f"a whole log, {size / 1e6:.1f} MB (median of {args.runs}):", tools, size,
                len(writer.expected), tools[0], tools[2])
    judge(tools[3], len(writer.expected), args, failures, "log")
    report_differences(writer.expected, chains_of(outputs[3]))
    check_forms(tool_path, scratch, args.seed)


def scenario_dense(args, tool_path, scratch, failures):
    path = os.path.join(scratch, "dense.log")
    writer = write_dense(path, args.lines, args.seed, args.form)
    size = os.path.getsize(path)
    forms = ", ".join(args.form) if args.form else "every form"
    print(f"\ndense: {args.lines:,} records, every one an error ({size / 1e6:.2f} MB), {forms} in turn")
    if args.keep:
        shutil.copy(path, os.path.join(args.keep, "dense.log"))
    tools = make_tools(tool_path, scratch)
    outputs = compare_tools(tools, path, args.runs, scratch)
    print_table(f"every record an error, {args.lines:,} records (median of {args.runs}):", tools, size,
                len(writer.expected), tools[0], tools[2])
    judge(tools[3], len(writer.expected), args, failures, "dense")
    report_differences(writer.expected, chains_of(outputs[3]))


def judge(tool, inserted, args, failures, scenario):
    peak, _ = max(tool.peaks)
    if tool.status != 0:
        failures.append(f"{scenario}: statekit-inspect exited with status {tool.status}")
    if tool.found != inserted:
        failures.append(f"{scenario}: statekit-inspect printed {tool.found:,} errors, {inserted:,} were inserted")
    if peak > args.max_rss_mib:
        failures.append(f"{scenario}: statekit-inspect's peak RSS {peak:.1f} MiB is over {args.max_rss_mib} MiB")
    if tool.stderr_lines:
        print(f"statekit-inspect wrote {tool.stderr_lines:,} lines on standard error")


def tail_one(tool_path, form, args, seed):
    """Starts the tool on a pipe, writes ordinary lines, waits, then writes one error record and
    keeps the pipe open for `args.pause` seconds. Returns (milliseconds until the first output or
    None, milliseconds after the end of input when it came instead, lines printed)."""
    writer_rng = LogWriter(os.devnull, seed)
    for _ in range(20):
        writer_rng.noise()
    before = "".join(writer_rng.chunk).encode()
    writer_rng.chunk = []
    writer_rng.error(form)
    record = "".join(writer_rng.chunk).encode()
    writer_rng.close()
    process = subprocess.Popen([tool_path, "--json", "error", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    out = process.stdout.fileno()
    os.write(process.stdin.fileno(), before)
    time.sleep(0.3)  # the tool has started and read the ordinary lines: it waits for more
    early = select.select([out], [], [], 0)[0]
    output = os.read(out, 1 << 16) if early else b""
    os.write(process.stdin.fileno(), record)
    start = time.perf_counter()
    latency = None
    deadline = start + args.pause
    while latency is None and (remaining := deadline - time.perf_counter()) > 0:
        if select.select([out], [], [], remaining)[0]:
            latency = (time.perf_counter() - start) * 1000
            output += os.read(out, 1 << 16)
    time.sleep(max(0.0, deadline - time.perf_counter()))
    closed = time.perf_counter()
    process.stdin.close()
    after = None
    while True:
        chunk = os.read(out, 1 << 16)
        if not chunk:
            break
        if after is None:
            after = (time.perf_counter() - closed) * 1000
        output += chunk
    process.wait()
    return latency, after, output.count(b"\n")


def scenario_tail(args, tool_path, failures):
    forms = ["apple_userinfo", "apple_nested", "linux", "short_en", "short_zh", "multiline_array",
             "apple_plain"]
    print(f"\ntail: one error record written to a pipe, then a {args.pause:.0f} s pause with the pipe open "
          f"(goal: printed within {args.max_latency_ms:.0f} ms)")
    print(f"  {'form':18} {'latency':>12}  printed")
    for form in forms:
        latency, after, lines = tail_one(tool_path, form, args, args.seed)
        if latency is None:
            shown = f"> {args.pause * 1000:.0f} ms"
            note = (f"{lines} line(s), {after:.1f} ms after the end of input" if after is not None
                    else "nothing, not even at the end of input")
        else:
            shown = f"{latency:.1f} ms"
            note = f"{lines} line(s)"
        print(f"  {form:18} {shown:>12}  {note}")
        if latency is None or latency > args.max_latency_ms:
            failures.append(f"tail: {form}: the error was not printed within {args.max_latency_ms:.0f} ms "
                            f"of its last line ({shown})")



# Error-looking tokens for one long line: two errors (a full one and the short form of another)
# among near misses that make every reader look and give up. Not among them: `Domain=` without
# a code, which the NSError reader reports as unreadable up to the end of its line, so that one
# would hide every later error of a long line.
LINE_TOKENS = [
    "Error Domain=NSPOSIXErrorDomain Code=2 ",
    "retry (attempt 2 of 5) ", "TLS 1.3 (h2) ", "see Domain: below ", "code 7.) ",
    "(NSURLErrorDomain error -1009.) ", "keyNotFound ", "DecodingError. ", "（x） ", "(iOS 18.1; Scale/3.00) ",
    "typeMismatch ", "value (n=3) ", "Domain:\tnone ",
]


def write_line(path, megabytes, seed, kind):
    """One line of about `megabytes` MB and its final line feed, written in pieces so that this
    script's own memory stays small (its peak would otherwise hide the tool's): ordinary log
    messages (kind "plain") or LINE_TOKENS in random order (kind "tokens"). Returns how many
    errors the line holds (tokens: the full errors and short forms written)."""
    rng = random.Random(seed)
    pools = Pools(rng)
    target = int(megabytes * 1_000_000)
    written = 0
    errors = 0
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        while written < target:
            parts = []
            size = 0
            while size < 1 << 20 and written + size < target:
                if kind == "plain":
                    piece = noise(rng, pools)[1] + " "
                else:
                    piece = rng.choice(LINE_TOKENS)
                parts.append(piece)
                size += len(piece.encode("utf-8"))
            text = "".join(parts)
            if kind == "tokens":
                errors += text.count("Error Domain=NSPOSIXErrorDomain Code=2 ") + text.count("(NSURLErrorDomain error -1009.)")
            file.write(text)
            written += size
        file.write("\n")
    return errors


def scenario_line(args, tool_path, scratch, failures):
    limit = max(2 * args.line_megabytes * 1e6 / (1 << 20), args.max_rss_mib)
    print(f"\none line of {args.line_megabytes:g} MB (peak RSS limit {limit:.0f} MiB: twice the line, "
          f"at least --max-rss-mib):")
    print(f"  {'line':38} {'seconds':>8} {'peak RSS MiB':>13} {'x line':>7} {'errors written':>15} {'printed':>9}")
    for kind, label in [("plain", "ordinary log text, no error"), ("tokens", "error-looking tokens")]:
        path = os.path.join(scratch, f"line-{kind}.log")
        inserted = write_line(path, args.line_megabytes, args.seed, kind)
        size = os.path.getsize(path)
        if args.keep:
            shutil.copy(path, os.path.join(args.keep, f"line-{kind}.log"))
        out = os.path.join(scratch, "line.jsonl")
        err = os.path.join(scratch, "line.err")
        seconds, (peak, exact), status = run_measured([tool_path, "--json", "error", "-"], path, out, err)
        printed = count_lines(out)
        shown = f"{peak:.1f}" + ("" if exact else "*")
        print(f"  {label:38} {seconds:8.2f} {shown:>13} {peak * (1 << 20) / size:7.2f} {inserted:15,} {printed:9,}")
        # A line without an error: the tool says so (status 65) and prints nothing.
        if status not in ((65,) if kind == "plain" else (0,)):
            failures.append(f"line: {label}: statekit-inspect exited with status {status}")
        if printed != inserted:
            failures.append(f"line: {label}: {printed:,} errors printed, {inserted:,} written")
        if peak > limit:
            failures.append(f"line: {label}: peak RSS {peak:.1f} MiB is over {limit:.0f} MiB")
    print("* peak RSS from VmHWM in /proc, read every 5 ms: a lower bound")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", choices=["log", "dense", "tail", "line", "all"], default="log")
    parser.add_argument("--megabytes", type=float, default=100, help="size of the log (10^6 bytes)")
    parser.add_argument("--every", type=int, default=1000, help="one error per this many records")
    parser.add_argument("--lines", type=int, default=2000, help="records of the dense scenario")
    parser.add_argument("--line-megabytes", type=float, default=60, help="size of the line scenario's line (10^6 bytes)")
    parser.add_argument("--form", action="append", choices=FORM_NAMES,
                        help="dense: only this form of error (repeatable); default: every form")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", help="a statekit-inspect to measure instead of building one")
    parser.add_argument("--max-rss-mib", type=float, default=64)
    parser.add_argument("--max-latency-ms", type=float, default=250)
    parser.add_argument("--pause", type=float, default=2.0, help="seconds the tail scenario keeps the pipe open")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--keep", metavar="DIR", help="also copy the generated logs into DIR")
    args = parser.parse_args()

    tool_path = os.path.abspath(args.binary) if args.binary else build()
    commit = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty", "--abbrev=12"],
                            capture_output=True, text=True).stdout.strip()
    print(f"statekit-inspect: {tool_path}" + ("" if args.binary else f" (built from {commit or 'unknown'})"))
    failures = []
    scenarios = ["log", "dense", "tail", "line"] if args.scenario == "all" else [args.scenario]
    with tempfile.TemporaryDirectory(prefix="statekit-log-") as scratch:
        for scenario in scenarios:
            if scenario == "log":
                scenario_log(args, tool_path, scratch, failures)
            elif scenario == "dense":
                scenario_dense(args, tool_path, scratch, failures)
            elif scenario == "tail":
                scenario_tail(args, tool_path, failures)
            else:
                scenario_line(args, tool_path, scratch, failures)
    if failures:
        print("\nFAILED:")
        for failure in failures:
            print(f"  {failure}")
        sys.exit(1)
    print("\npassed")


if __name__ == "__main__":
    main()
