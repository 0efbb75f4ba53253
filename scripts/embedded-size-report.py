#!/usr/bin/env python3
"""Prints what StateKit costs a firmware and a web page, from the files scripts/build-embedded.sh
writes: the section tables of its ELF objects and images (armv7em) and of its WebAssembly
objects and module (wasm32), read here directly, so no binutils are needed.

For ELF, code is the allocated, executable sections; constants the allocated read-only ones
(both live in flash); data the allocated writable ones with contents (in flash and copied to
RAM); bss the zero-filled ones (RAM only). For WebAssembly, code is the CODE section and data the
DATA section (its segments, zero-filled ones included).

Usage: scripts/embedded-size-report.py OUT            (OUT as given to scripts/build-embedded.sh)
       scripts/embedded-size-report.py --switch OUT   (the firmware example's images only)
"""

import os
import struct
import sys

SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR = 0x1, 0x2, 0x4
SHT_NOBITS = 8


def elf_sizes(path):
    """(code, constants, data, bss) of a 32-bit little-endian ELF file."""
    with open(path, "rb") as file:
        blob = file.read()
    if blob[:4] != b"\x7fELF" or blob[4] != 1:
        raise ValueError(f"{path}: not a 32-bit ELF file")
    shoff, = struct.unpack_from("<I", blob, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", blob, 0x2E)
    code = constants = data = bss = 0
    for index in range(shnum):
        _, kind, flags, _, _, size = struct.unpack_from("<IIIIII", blob, shoff + index * shentsize)
        if not flags & SHF_ALLOC:
            continue
        if kind == SHT_NOBITS:
            bss += size
        elif flags & SHF_EXECINSTR:
            code += size
        elif flags & SHF_WRITE:
            data += size
        else:
            constants += size
    return code, constants, data, bss


def leb128(blob, offset):
    result = shift = 0
    while True:
        byte = blob[offset]
        offset += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, offset


def wasm_sizes(path):
    """(code, data) of a WebAssembly file: the sizes of its CODE and DATA sections."""
    with open(path, "rb") as file:
        blob = file.read()
    if blob[:4] != b"\0asm":
        raise ValueError(f"{path}: not a WebAssembly file")
    offset, code, data = 8, 0, 0
    while offset < len(blob):
        section = blob[offset]
        size, offset = leb128(blob, offset + 1)
        if section == 10:
            code = size
        elif section == 11:
            data = size
        offset += size
    return code, data


WAYS = [("statekit", "StateKit: states by name from BitLayout.lvgl, tables, lookups"),
        ("hand", "written by hand: an if chain over lv_obj.h's constants"),
        ("scan", "LVGL's way: a scan of the style list per property")]


def switch_lines(out):
    """The firmware example's images (Examples/Firmware), one per way of choosing the look."""
    arm = "armv7em-none-none-eabi"
    row = "  {:<64} {:>8} {:>9} {:>7} {:>7}"
    lines = [f"Examples/Firmware: an LVGL-style switch, {arm} images (gc-sections, no libc)",
             row.format("", "code", "constants", "data", "bss")]
    flash = {}
    for way, what in WAYS:
        path = os.path.join(out, arm, f"switch-{way}.elf")
        if not os.path.exists(path):
            return []
        code, constants, data, bss = elf_sizes(path)
        flash[way] = code + constants + data
        lines.append(row.format(what, code, constants, data, bss))
    lines.append(f"  StateKit's switch takes {flash['statekit'] - flash['hand']:,} bytes of flash more "
                 f"than the hand-written one, {flash['statekit'] - flash['scan']:,} more than the scan")
    path = os.path.join(out, arm, "switch-emulated.elf")
    if os.path.exists(path):
        lines.append(row.format("run under QEMU: all three ways, output, start-up, C runtime",
                                *elf_sizes(path)))
    return lines


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--switch":
        print("\n".join(switch_lines(sys.argv[2])))
        return
    out = sys.argv[1] if len(sys.argv) > 1 else ".build/embedded"
    arm, wasm = "armv7em-none-none-eabi", "wasm32-unknown-none-wasm"
    parts = [("ErrorKitCore", "ErrorKitCore's part (digits, escaping, UTF-8, JSON)"),
             ("StateKitCore", "StateKitCore's state model"),
             ("StateKitWeb", "the page's entry points, masks and theme reports")]
    lines = ["Embedded Swift sizes in bytes (swiftc -Osize, whole module, function sections)", ""]
    row = "  {:<64} {:>8} {:>9} {:>7} {:>7}"
    lines.append(f"{arm} (Cortex-M4/M7)")
    lines.append(row.format("", "code", "constants", "data", "bss"))
    for name, what in parts:
        lines.append(row.format(f"{what}, object", *elf_sizes(os.path.join(out, arm, f"{name}.o"))))
    image = os.path.join(out, arm, "statekit-web.elf")
    code, constants, data, bss = elf_sizes(image)
    lines.append(row.format("linked, unused code dropped (the C library not counted)",
                            code, constants, data, bss))
    lines.append(f"  a firmware pays {code + constants + data:,} bytes of flash and "
                 f"{data + bss:,} bytes of RAM before its own heap")
    lines.append("")
    lines += switch_lines(out)
    lines.append("")
    lines.append(wasm)
    row = "  {:<64} {:>8} {:>9}"
    lines.append(row.format("", "code", "data"))
    for name, what in parts:
        lines.append(row.format(f"{what}, object", *wasm_sizes(os.path.join(out, wasm, f"{name}.o"))))
    module = os.path.join(out, "web", "statekit.wasm")
    code, data = wasm_sizes(module)
    lines.append(row.format("statekit.wasm, linked (with its runtime and Unicode tables)", code, data))
    lines.append(f"  the page downloads {os.path.getsize(module):,} bytes of WebAssembly")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
