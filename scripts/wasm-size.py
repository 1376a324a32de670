#!/usr/bin/env python3
"""Where the bytes of a .wasm go, by module of the crate and by function.

    python3 scripts/wasm-size.py FILE.wasm [--top 30] [--gzip]

FILE must keep its function names (a `name` section). Two such files (docs/wasm-size.md#regenerate):

- the .wasm cargo builds (target/wasm32-unknown-unknown/release/sepax.wasm), before wasm-bindgen: it still holds
  wasm-bindgen's `describe` functions, which wasm-bindgen deletes, so they are left out of the sums;
- the shipped build with names: that file through `wasm-bindgen --keep-debug` and `wasm-opt -O -g`. Its functions
  are the package's, byte for byte.

Sums each function's body bytes under the module path it belongs to (`sepax::world::mover`, `core::fmt`, ...), with
everything LLVM inlined into it: a core function inlined into an export counts for the export (`exports`, the
binding's methods). Prints a Markdown table by module, then the largest functions. `--gzip` adds what each module and
function costs after `gzip -9`: the gzipped code section minus the gzipped code section without its bodies (the
bytes that would go if it went; the column does not add up to the total, as gzip shares repeats between functions).
"""

import re
import sys
import zlib
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
    """`_ZN5sepax5world5mover…17h0123456789abcdefE` -> `sepax::world::mover::…` (the legacy mangling; names that
    wasm-bindgen already demangled, `core[c5930c85a12de822]::fmt::…`, lose their crate hashes)."""
    name = re.sub(r"\[[0-9a-f]{16}\]", "", name)
    if not name.startswith("_ZN"):
        return re.sub(r"::h[0-9a-f]{16}$", "", name)
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
    """The module a demangled function belongs to (at most three path segments; two outside this crate): its path
    without the function, closures and types (a method counts for the module of its type). The binding's exported
    methods (`rawworld_step`, …) are `exports`."""
    if re.match(r"(rawworld|__wbg_rawworld)_", name) or name in ("limit", "tooManyPoints multivalue shim"):
        return "exports"
    inner = name
    if inner.startswith("<"):  # `<Type>::f` and `<Type as Trait>::f`: the type's path
        depth, end = 0, 0
        for end, char in enumerate(inner):
            depth += {"<": 1, ">": -1}.get(char, 0)
            if depth == 0:
                break
        inner = inner[1:end].split(" as ")[0] + inner[end + 1 :]
    while "<" in inner:  # generic arguments and `<impl Type>` segments
        inner = re.sub(r"<[^<>]*>", "", inner)
    segments = [s for s in inner.strip(":").split("::") if s and not s.startswith("{")]
    if len(segments) > 1:
        segments = segments[:-1]
    for at, segment in enumerate(segments[1:], 1):
        if segment[:1].isupper():
            segments = segments[:at]
            break
    if not segments:
        return name
    depth = 3 if segments[0] == "sepax" else 2
    return "::".join(segments[:depth])


def gzip_size(data):
    """Bytes after gzip -9."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    return len(packer.compress(data) + packer.flush())


def main():
    path = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 25
    with_gzip = "--gzip" in sys.argv
    data = open(path, "rb").read()
    imports = 0
    bodies = []  # (start, end) of each body in `data`
    names = {}
    code = (0, 0)
    for kind, start, end, custom in sections(data):
        if kind == 2:
            imports = imported_functions(data, start)
        elif kind == 10:
            code = (start, end)
            count, at = leb(data, start)
            for _ in range(count):
                size, body = leb(data, at)
                bodies.append((body, body + size))
                at = body + size
        elif kind == 0 and custom == "name":
            names = function_names(data, start, end)
    if not names:
        sys.exit(f"{path} has no name section: use cargo's .wasm, or keep the names (docs/wasm-size.md#regenerate)")
    functions = []  # (size, name, module, body index)
    for k, (start, end) in enumerate(bodies):
        name = demangle(names.get(imports + k, f"function {imports + k}"))
        if "describe" in name:
            continue  # wasm-bindgen's descriptors, deleted by wasm-bindgen
        functions.append((end - start, name, module_of(name), k))
    total = sum(f[0] for f in functions)
    section = data[code[0] : code[1]]
    whole = gzip_size(section) if with_gzip else 0

    def gzip_cost(indices):
        """What gzip -9 of the code section loses without these bodies."""
        cut = sorted(bodies[k] for k in indices)
        rest, at = bytearray(), code[0]
        for start, end in cut:
            rest += data[at:start]
            at = end
        rest += data[at : code[1]]
        return whole - gzip_size(bytes(rest))

    by_module = defaultdict(list)
    for f in functions:
        by_module[f[2]].append(f)
    gz_head = " gzip -9 cost |" if with_gzip else ""
    gz_rule = "---:|" if with_gzip else ""
    print(f"| module | bytes | share |{gz_head}\n|---|---:|---:|{gz_rule}")
    rest = 0
    for module, members in sorted(by_module.items(), key=lambda kv: -sum(f[0] for f in kv[1])):
        size = sum(f[0] for f in members)
        if size * 200 < total:
            rest += size
            continue
        gz = f" {gzip_cost([f[3] for f in members]):,} |" if with_gzip else ""
        print(f"| `{module}` | {size:,} | {100 * size / total:.1f} % |{gz}")
    print(f"| (modules under 0.5 % each) | {rest:,} | {100 * rest / total:.1f} % |{' |' if with_gzip else ''}")
    whole_cell = f" {whole:,} |" if with_gzip else ""
    print(f"| **all code** | **{total:,}** | 100 % |{whole_cell}\n")
    print(f"| largest functions | bytes |{gz_head}\n|---|---:|{gz_rule}")
    for size, name, _, k in sorted(functions, reverse=True)[:top]:
        gz = f" {gzip_cost([k]):,} |" if with_gzip else ""
        print(f"| `{name[:110]}` | {size:,} |{gz}")


if __name__ == "__main__":
    main()
