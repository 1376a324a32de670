#!/usr/bin/env python3
"""Where the bytes of a .wasm go, by module of the crate.

    python3 scripts/wasm-size.py target/wasm32-unknown-unknown/release/sepax.wasm [--top 30]

Reads the code section and the `name` section of a .wasm built by cargo (before wasm-bindgen and wasm-opt, which
drop the names), demangles the function names (Rust's legacy `_ZN…E` form) and sums each function's body bytes under
the module path it belongs to (`sepax::world::mover`, `core::fmt`, …). Prints a Markdown table: bytes and share per
module, then the largest functions. The sizes are raw body bytes: wasm-opt and gzip shrink them unevenly, so read the
shares, not the totals.
"""

import re
import sys
from collections import defaultdict


def leb(data, at):
    """An unsigned LEB128 integer at `at`: (value, next offset)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def sections(data):
    """(id, payload start, payload end, custom name) of every section."""
    at = 8
    while at < len(data):
        kind = data[at]
        size, start = leb(data, at + 1)
        name = None
        if kind == 0:
            length, n = leb(data, start)
            name = data[n : n + length].decode("utf-8", "replace")
        yield kind, start, start + size, name
        at = start + size


def imported_functions(data, start):
    """How many imports are functions (they come first in the function index space)."""
    count, at = leb(data, start)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            length, at = leb(data, at)
            at += length
        kind = data[at]
        at += 1
        if kind == 0:
            _, at = leb(data, at)
            functions += 1
        elif kind == 1:  # table: reftype, limits
            at += 1
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 2:  # memory: limits
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 3:  # global: type, mutability
            at += 2
    return functions


def function_names(data, start, end):
    """Function index -> name, from the `name` section's function names subsection."""
    names = {}
    at = start
    length, at = leb(data, at)
    at += length  # the section's own name, "name"
    while at < end:
        sub = data[at]
        size, at = leb(data, at + 1)
        if sub == 1:
            count, n = leb(data, at)
            for _ in range(count):
                index, n = leb(data, n)
                length, n = leb(data, n)
                names[index] = data[n : n + length].decode("utf-8", "replace")
                n += length
        at += size
    return names


def demangle(name):
    """`_ZN5sepax5world5mover…17h0123456789abcdefE` -> `sepax::world::mover::…` (legacy mangling only)."""
    if not name.startswith("_ZN"):
        return name
    parts, at = [], 3
    while at < len(name) and name[at].isdigit():
        m = re.match(r"\d+", name[at:])
        length = int(m.group())
        at += len(m.group())
        parts.append(name[at : at + length])
        at += length
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    text = "::".join(parts)
    for code, char in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"), ("$C$", ","), ("..", "::")):
        text = text.replace(code, char)
    return text


def module_of(name):
    """The module a demangled function belongs to: its first three path segments (two outside this crate)."""
    inner = re.sub(r"<[^<>]*>", "", name)  # trait impls `<a as b>::f`: keep the path that follows
    while "<" in inner:
        inner = re.sub(r"<[^<>]*>", "", inner)
    segments = [s for s in inner.strip(":").split("::") if s]
    if not segments:
        return name
    depth = 3 if segments[0] == "sepax" else 2
    return "::".join(segments[:depth])


def main():
    path = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 25
    data = open(path, "rb").read()
    imports = 0
    bodies = []
    names = {}
    for kind, start, end, custom in sections(data):
        if kind == 2:
            imports = imported_functions(data, start)
        elif kind == 10:
            count, at = leb(data, start)
            for _ in range(count):
                size, body = leb(data, at)
                bodies.append(size)
                at = body + size
        elif kind == 0 and custom == "name":
            names = function_names(data, start, end)
    if not names:
        sys.exit(f"{path} has no name section: use the .wasm cargo built, before wasm-bindgen")
    by_module = defaultdict(int)
    functions = []
    for k, size in enumerate(bodies):
        name = demangle(names.get(imports + k, f"function {imports + k}"))
        by_module[module_of(name)] += size
        functions.append((size, name))
    total = sum(bodies)
    print(f"| module | bytes | share |\n|---|---:|---:|")
    for module, size in sorted(by_module.items(), key=lambda kv: -kv[1]):
        if size * 1000 >= total:
            print(f"| `{module}` | {size:,} | {100 * size / total:.1f} % |")
    rest = sum(s for s in by_module.values() if s * 1000 < total)
    print(f"| (modules under 0.1 % each) | {rest:,} | {100 * rest / total:.1f} % |")
    print(f"| **all code** | **{total:,}** | 100 % |\n")
    print(f"| largest functions | bytes |\n|---|---:|")
    for size, name in sorted(functions, reverse=True)[:top]:
        print(f"| `{name[:110]}` | {size:,} |")


if __name__ == "__main__":
    main()
