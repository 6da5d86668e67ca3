"""The start-up files beside the vendored Pyodide (issue 26), written by `make vendor`:

    python3 tools/boot.py static/vendor/pyodide

- `cubiri-pyodide.mjs`, the interpreter module pyscript.toml names (tools/boot/: it boots with a
  trimmed standard library and no lock file fetch, and restores a memory snapshot on a return
  visit), with the pinned lock file's `info` filled in;
- `snapshot-worker.mjs`, the module worker that makes the snapshot (tools/boot/);
- `python_stdlib_cubiri.zip`: the pinned `python_stdlib.zip` cut down to the modules the app,
  PyScript's `pyscript` package and Pyodide's own start-up import, followed through every
  `import` in their sources (at any depth: inside functions and `try` too, so lazily imported
  modules stay), minus the tools no page runs (DROPPED), compiled to bytecode by the pinned
  runtime in Node (tools/boot/compile-stdlib.mjs): the same bytes for the same inputs;
- `pyodide.asm.wasm.gz`: the runtime's module as gzip, which the interpreter module fetches and
  unpacks instead of the plain one.

The folder must hold the pinned runtime's files (`python_stdlib.zip`, `pyodide-lock.json`);
tests/test_boot.py checks the archive and e2e/test_start_up.py imports, in the page, every module
the app may import from it.
"""

from __future__ import annotations

import ast
import gzip
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.site import COMMAND_LINES  # noqa: E402

SOURCES = ROOT / "tools" / "boot"
WRAPPER = "cubiri-pyodide.mjs"
WORKER = "snapshot-worker.mjs"
STDLIB = "python_stdlib_cubiri.zip"
COMPILER = "compile-stdlib.mjs"
WASM_GZ = "pyodide.asm.wasm.gz"
# PyScript's Python package, as its own source ships it (a JSON tree of file texts).
PYSCRIPT_STDLIB = ROOT / "node_modules/@pyscript/core/src/stdlib/pyscript.js"

# Imported by Pyodide and CPython while they start, or by PyScript's bootstrap code (which writes
# the pyscript package with `os` and `pathlib`), by name rather than by an import statement.
RUNTIME_ROOTS = (
    "site",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.cp437",  # zipfile decodes names of members without the UTF-8 flag as cp437
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.idna",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "_sysconfigdata__emscripten_wasm32-emscripten",
    "os",
    "pathlib",
    "shutil",  # unpackArchive (PyScript's [files] "./*") runs shutil.unpack_archive
    "zipfile",
    "asyncio",
    "json",
    "traceback",
)
# Reached only through the imports of developer tools and of code paths a page never takes
# (a debugger, a REPL, test runners, other platforms' process and GUI modules): never shipped.
DROPPED = (
    "_pyrepl",
    "pdb",
    "bdb",
    "pydoc",
    "pydoc_data",
    "doctest",
    "unittest",
    "idlelib",
    "tkinter",
    "turtle",
    "multiprocessing",
    "concurrent.futures.process",
    "xmlrpc",
    "wsgiref",
    "http.server",
    "mailbox",
    "imaplib",
    "smtplib",
    "ftplib",
    "poplib",
    "nntplib",
    "pyodide._nodesock_transport",
    "pyodide.console",
    "sqlite3",
    "dbm",
    "curses",
    "venv",
    "ensurepip",
    "lib2to3",
    "tabnanny",
    "pickletools",
    "profile",
    "cProfile",
    "pstats",
    "trace",
    "timeit",
    "webbrowser",
    "antigravity",
    "this",
)
FIXED_DATE = (2020, 1, 1, 0, 0, 0)


def module_names(archive: zipfile.ZipFile) -> dict[str, str]:
    """Every module of the archive by its dotted name, to the member that holds it."""
    names: dict[str, str] = {}
    for member in archive.namelist():
        if not member.endswith(".py"):
            continue
        parts = member[:-3].split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = member
    return names


def dropped(name: str) -> bool:
    return any(name == cut or name.startswith(cut + ".") for cut in DROPPED)


def _windows_only(test: ast.expr) -> bool | None:
    """True for `if sys.platform == "win32":` and the like, False for its negation, else None."""
    text = ast.unparse(test).replace('"', "'")
    if re.search(r"==\s*'(win32|nt)'|startswith\('win'\)", text):
        return True
    if re.search(r"!=\s*'(win32|nt)'", text):
        return False
    return None


def _only_builtins(body: list[ast.stmt], builtins: frozenset[str]) -> bool:
    """Whether `body` imports something, and only modules built into the runtime."""
    names = [
        alias.name if isinstance(node, ast.Import) else (node.module or "")
        for node in body
        for alias in (node.names if isinstance(node, ast.Import) else [None])  # type: ignore[list-item]
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    return bool(names) and all(name.split(".")[0] in builtins for name in names)


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    text = ast.unparse(handler.type) if handler.type else ""
    return "ImportError" in text or "ModuleNotFoundError" in text


def _statements_run_at_import(
    body: list[ast.stmt], builtins: frozenset[str] = frozenset()
) -> Iterator[ast.AST]:
    """The nodes a module runs when it is imported: its body and the blocks in it (if, try,
    with, class bodies), not its functions' bodies, nor Windows' branches, nor the pure-Python
    fallback of a C module the runtime has built in (`try: from _datetime import *` / `except
    ImportError: from _pydatetime import *`)."""
    for statement in body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(statement, ast.If):
            windows = _windows_only(statement.test)
            if windows is not True:
                yield from _statements_run_at_import(statement.body, builtins)
            if windows is not False:
                yield from _statements_run_at_import(statement.orelse, builtins)
            continue
        yield statement
        if isinstance(statement, ast.ClassDef | ast.With | ast.For | ast.While):
            yield from _statements_run_at_import(statement.body, builtins)
        if isinstance(statement, ast.Try | ast.TryStar):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from _statements_run_at_import(block, builtins)
            builtin = _only_builtins(statement.body, builtins)
            for handler in statement.handlers:
                if not (builtin and _catches_import_error(handler)):
                    yield from _statements_run_at_import(handler.body, builtins)


def imports(
    source: str,
    name: str,
    is_package: bool,
    lazy: bool = True,
    builtins: frozenset[str] = frozenset(),
) -> Iterator[str]:
    """Every module `source` (the module `name`) may import, including, for `from package
    import x`, the submodule `package.x` where there is one: at any depth when `lazy` (the
    app's own modules: what a function imports when it runs counts), else only what runs when
    the module is imported (the standard library's own lazy imports are not followed: LAZY)."""
    package = name if is_package else name.rpartition(".")[0]
    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than this Python's (the runtime's is 3.14)
        yield from _imports_by_lines(source, package, lazy)
        return
    nodes = ast.walk(tree) if lazy else _statements_run_at_import(tree.body, builtins)
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".") if package else []
                anchor = anchor[: len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                base = ".".join([*anchor, base] if base else anchor)
            if base:
                yield base
                for alias in node.names:
                    yield f"{base}.{alias.name}"


_IMPORT = re.compile(r"^(\s*)(?:from\s+(\.*)([\w.]*)\s+import\s+\(?([\w, ]*)|import\s+([\w., ]+))")
_BLOCK = re.compile(
    r"^(\s*)(async\s+def|def|class|if|elif|else|try|except|finally|with|for|while)\b"
)


def _imports_by_lines(source: str, package: str, lazy: bool) -> Iterator[str]:
    """`imports` for a source this Python cannot parse, line by line: an import indented under
    a `def` is lazy. Never fewer modules than the parse would find (Windows' too)."""
    blocks: list[tuple[int, bool]] = []  # (indent, is a function) of the open blocks
    for line in source.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        block = _BLOCK.match(line)
        if block:
            blocks.append((indent, block.group(2).endswith("def")))
            continue
        found = _IMPORT.match(line)
        if not found or (not lazy and any(is_def for _, is_def in blocks)):
            continue
        _, dots, module, names, plain = found.groups()
        if plain is not None:
            yield from (part.split(" as ")[0].strip() for part in plain.split(","))
            continue
        if dots:
            anchor = package.split(".") if package else []
            anchor = anchor[: len(anchor) - (len(dots) - 1)] if len(dots) > 1 else anchor
            module = ".".join([*anchor, module] if module else anchor)
        if module:
            yield module
            for part in names.split(","):
                if part.strip():
                    yield f"{module}.{part.split(' as ')[0].strip()}"


def with_parents(name: str) -> Iterator[str]:
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def pyscript_sources(path: Path = PYSCRIPT_STDLIB) -> dict[str, str]:
    """PyScript's `pyscript` package: {dotted module name: source}."""
    text = path.read_text(encoding="utf-8")
    tree = json.loads(text[text.index("export default") + len("export default") :].strip(" ;\n"))
    found: dict[str, str] = {}

    def walk(node: dict[str, object], prefix: tuple[str, ...]) -> None:
        for key, value in node.items():
            if isinstance(value, str):
                stem = key.removesuffix(".py")
                parts = prefix if stem == "__init__" else (*prefix, stem)
                found[".".join(parts)] = value
            elif isinstance(value, dict):
                walk(value, (*prefix, key))

    walk(tree, ())
    return found


def app_sources(root: Path = ROOT) -> dict[str, str]:
    """The app's own modules (py/), by dotted name."""
    found = {}
    for path in sorted((root / "py").rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = path.relative_to(root / "py").with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts[-1] == "__main__" or path.relative_to(root).as_posix() in COMMAND_LINES:
            continue  # `python -m` and command lines: never run by the page (tools/site.py)
        found[".".join(parts)] = path.read_text(encoding="utf-8")
    return found


def builtin_modules(wasm: Path) -> frozenset[str]:
    """The C modules built into the runtime: its `PyInit_<name>` symbols."""
    found = re.findall(rb"PyInit_(\w+)", wasm.read_bytes()) if wasm.is_file() else []
    return frozenset(name.decode() for name in found)


def needed_modules(
    archive: zipfile.ZipFile,
    extra_sources: dict[str, str],
    roots: Iterable[str] = RUNTIME_ROOTS,
    builtins: frozenset[str] = frozenset(),
) -> set[str]:
    """The archive's modules reached from `roots` and from the imports of `extra_sources`."""
    names = module_names(archive)
    wanted: set[str] = set()
    queue: list[str] = []

    def want(name: str) -> None:
        for parent in with_parents(name):
            if parent in names and parent not in wanted and not dropped(parent):
                wanted.add(parent)
                queue.append(parent)

    for root in roots:
        want(root)
    # Pyodide's own packages whole: its C core and JavaScript import their modules by name.
    for name in names:
        if name.split(".")[0] in ("_pyodide", "pyodide"):
            want(name)
    for name, source in extra_sources.items():
        for imported in imports(source, name, is_package=False):
            want(imported)
    while queue:
        name = queue.pop()
        member = names[name]
        source = archive.read(member).decode("utf-8")
        package = member.endswith("__init__.py")
        for imported in imports(source, name, package, lazy=False, builtins=builtins):
            want(imported)
    return wanted


def write_stdlib(
    full: Path, target: Path, extra_sources: dict[str, str], builtins: frozenset[str] = frozenset()
) -> list[str]:
    """The trimmed archive at `target`: the wanted modules' files, the other files of their
    folders (`py.typed`, `site-packages/README.txt`) and the folders. The members kept."""
    with zipfile.ZipFile(full) as archive:
        wanted = needed_modules(archive, extra_sources, builtins=builtins)
        names = module_names(archive)
        keep_members = {names[name] for name in wanted}
        packages = {member.rpartition("/")[0] for member in keep_members}
        kept = [
            info
            for info in archive.infolist()
            if info.filename in keep_members
            or (
                not info.filename.endswith(".py")
                and not info.is_dir()
                and info.filename.rpartition("/")[0] in packages
            )
        ]
        directories = {
            "/".join(info.filename.split("/")[:end]) + "/"
            for info in kept
            for end in range(1, info.filename.count("/") + 1)
        }
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for directory in sorted(directories):
                info = zipfile.ZipInfo(directory, date_time=FIXED_DATE)
                info.external_attr = 0o40755 << 16
                out.writestr(info, b"")
            for info in sorted(kept, key=lambda item: item.filename):
                copy = zipfile.ZipInfo(info.filename, date_time=FIXED_DATE)
                copy.compress_type = zipfile.ZIP_DEFLATED
                copy.external_attr = 0o644 << 16
                out.writestr(copy, archive.read(info), compresslevel=9)
    return sorted(info.filename for info in kept)


LOCK_INFO_MARK = "/* LOCK_INFO */ null"


def wrapper_text(lock: Path, source: Path = SOURCES / WRAPPER) -> str:
    """The interpreter module with the pinned lock file's `info` in place of its mark."""
    text = source.read_text(encoding="utf-8")
    if text.count(LOCK_INFO_MARK) != 1:
        raise ValueError(f"{source}: expected {LOCK_INFO_MARK!r} once")
    info = json.loads(lock.read_text(encoding="utf-8"))["info"]
    return text.replace(LOCK_INFO_MARK, json.dumps(info, sort_keys=True))


def compile_stdlib(folder: Path, source: Path, target: Path) -> None:
    """The archive `source` as bytecode at `target`, compiled by the runtime in `folder` (run in
    Node: tools/boot/compile-stdlib.mjs)."""
    subprocess.run(
        ["node", str(SOURCES / COMPILER), str(folder), str(source), str(target)], check=True
    )


def write_compressed_wasm(folder: Path) -> Path:
    """`pyodide.asm.wasm.gz`: what a first visit fetches instead of the 9.6 MB module, unpacked
    by the interpreter module (a third of the bytes; servers that compress would do the same).
    No name and no date in the header: the same bytes every time."""
    target = folder / WASM_GZ
    target.write_bytes(gzip.compress((folder / "pyodide.asm.wasm").read_bytes(), 9, mtime=0))
    return target


def build(folder: Path, root: Path = ROOT) -> list[Path]:
    (folder / WRAPPER).write_text(wrapper_text(folder / "pyodide-lock.json"), encoding="utf-8")
    (folder / WORKER).write_text((SOURCES / WORKER).read_text(encoding="utf-8"), encoding="utf-8")
    extra = {**app_sources(root), **pyscript_sources()}
    builtins = builtin_modules(folder / "pyodide.asm.wasm")
    with tempfile.TemporaryDirectory() as scratch:
        sources = Path(scratch) / "sources.zip"
        write_stdlib(folder / "python_stdlib.zip", sources, extra, builtins)
        compile_stdlib(folder, sources, folder / STDLIB)
    return [folder / WRAPPER, folder / WORKER, folder / STDLIB, write_compressed_wasm(folder)]


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not re.search(r"\S", argv[0]):
        print(__doc__, file=sys.stderr)
        return 2
    for path in build(Path(argv[0])):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
