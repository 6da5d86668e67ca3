"""tools/boot.py, the step of `make vendor` that writes the start-up files beside Pyodide (issue
26): the interpreter module with the pinned lock's info, and the trimmed standard library (what
the app, PyScript and Pyodide import, the same bytes every time). e2e/test_start_up.py imports,
in the page, every module the app may import from it."""

from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from tools import boot

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "node_modules/pyodide"
needs_runtime = pytest.mark.skipif(
    not (RUNTIME / "python_stdlib.zip").is_file() or not boot.PYSCRIPT_STDLIB.is_file(),
    reason="node_modules not installed (make vendor installs it)",
)


def test_the_interpreter_module_gets_the_pinned_lock_info(tmp_path: Path) -> None:
    lock = tmp_path / "pyodide-lock.json"
    info = {"abi_version": "2026_0", "arch": "wasm32", "python": "3.14.2"}
    lock.write_text(json.dumps({"info": info, "packages": {"numpy": {}}}))
    text = boot.wrapper_text(lock)
    assert boot.LOCK_INFO_MARK not in text
    assert f"const LOCK = {{ info: {json.dumps(info, sort_keys=True)}, packages: {{}} }};" in text
    # It wraps the pinned module and re-exports its version, as PyScript needs.
    assert 'from "./pyodide.mjs"' in text and "export { version };" in text
    assert "export async function loadPyodide(" in text


def test_a_changed_source_without_its_mark_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "wrapper.mjs"
    source.write_text("const LOCK = { info: {}, packages: {} };\n")
    lock = tmp_path / "lock.json"
    lock.write_text('{"info": {}}')
    with pytest.raises(ValueError, match="LOCK_INFO"):
        boot.wrapper_text(lock, source)


def test_imports_found_at_import_time_and_lazily() -> None:
    source = (
        "import os, json as j\n"
        "from . import sibling\n"
        "from .inner import thing\n"
        "try:\n    import fast\nexcept ImportError:\n    import slow\n"
        "if sys.platform == 'win32':\n    import winreg\nelse:\n    import posixish\n"
        "class A:\n    import in_class\n    def method(self):\n        import in_method\n"
        "def f():\n    import lazy\n"
    )
    eager = set(boot.imports(source, "pkg.mod", is_package=False, lazy=False))
    assert {"os", "json", "pkg", "pkg.sibling", "pkg.inner", "pkg.inner.thing"} <= eager
    assert {"fast", "slow", "posixish", "in_class"} <= eager
    assert not {"winreg", "in_method", "lazy"} & eager
    everything = set(boot.imports(source, "pkg.mod", is_package=False, lazy=True))
    assert {"lazy", "in_method", "winreg"} <= everything


def test_a_source_newer_than_this_python_is_read_line_by_line() -> None:
    # PEP 758 (3.14): `except A, B:` without parentheses, which Python 3.11 cannot parse.
    source = (
        "import os\n"
        "from .sub import (a,\n    b)\n"
        "try:\n    import fast\nexcept ImportError, ValueError:\n    import slow\n"
        "def f():\n    import lazy\n"
        "x = 1\nimport after\n"
    )
    eager = set(boot.imports(source, "pkg", is_package=True, lazy=False))
    assert {"os", "pkg.sub", "pkg.sub.a", "fast", "slow", "after"} <= eager
    assert "lazy" not in eager
    assert "lazy" in set(boot.imports(source, "pkg", is_package=True, lazy=True))


@needs_runtime
def test_the_trimmed_standard_library(tmp_path: Path) -> None:
    full = RUNTIME / "python_stdlib.zip"
    extra = {**boot.app_sources(), **boot.pyscript_sources()}
    kept = boot.write_stdlib(full, tmp_path / "a.zip", extra)
    # The same bytes for the same inputs (the build version hashes the file).
    boot.write_stdlib(full, tmp_path / "b.zip", extra)
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    assert (tmp_path / "a.zip").stat().st_size < 0.4 * full.stat().st_size
    with zipfile.ZipFile(full) as original, zipfile.ZipFile(tmp_path / "a.zip") as trimmed:
        names = boot.module_names(trimmed)
        # Every file is the pinned runtime's own.
        for member in kept:
            assert trimmed.read(member) == original.read(member), member
    # What the app imports (py/), what PyScript's package and start-up import, Pyodide's own.
    for module in (
        "json",
        "random",
        "dataclasses",
        "datetime",
        "hashlib",
        "re",
        "statistics",  # app.browser.bench_hook, with ?bench
        "base64",  # pyscript.display
        "html",
        "asyncio",
        "pyodide.ffi",
        "_pyodide._importhook",
        "encodings.utf_8",
        "encodings.cp437",
        "shutil",
        "zipfile",
        "traceback",
        "codeop",
    ):
        assert module in names, module
    # argparse: only the computer player's command line needs it, and the page never runs it.
    for module in (
        "unittest",
        "pdb",
        "doctest",
        "_pyrepl",
        "multiprocessing",
        "tkinter",
        "argparse",
    ):
        assert module not in names, module


@needs_runtime
def test_the_pyscript_package_is_read_from_its_source() -> None:
    sources = boot.pyscript_sources()
    assert {"pyscript", "pyscript.context", "pyscript.display", "pyscript.events"} <= set(sources)
    assert "import" in sources["pyscript"]


VENDORED = ROOT / "static/vendor/pyodide"
needs_vendored_runtime = pytest.mark.skipif(
    not (VENDORED / "pyodide.asm.wasm").is_file() or shutil.which("node") is None,
    reason="the runtime is not vendored (make vendor) or Node is missing",
)


@needs_vendored_runtime
def test_the_standard_library_is_compiled_by_the_pinned_runtime(tmp_path: Path) -> None:
    sources = tmp_path / "sources.zip"
    with zipfile.ZipFile(sources, "w") as archive:
        archive.writestr("textwrapish/__init__.py", '"""A library docstring."""\nX = 1\n')
        archive.writestr("_pyodide/helper.py", '"""Read at start-up."""\nassert True\n')
        archive.writestr("textwrapish/data.txt", "kept as it is")
    boot.compile_stdlib(VENDORED, sources, tmp_path / "a.zip")
    boot.compile_stdlib(VENDORED, sources, tmp_path / "b.zip")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip") as compiled:
        assert sorted(compiled.namelist()) == [
            "_pyodide/helper.pyc",
            "textwrapish/__init__.pyc",
            "textwrapish/data.txt",
        ]
        library = compiled.read("textwrapish/__init__.pyc")
        pyodide_own = compiled.read("_pyodide/helper.pyc")
        assert compiled.read("textwrapish/data.txt") == b"kept as it is"
    # The runtime's CPython (3.14) wrote it, not this one: its magic number, both alike.
    assert library[:4] == pyodide_own[:4] != importlib.util.MAGIC_NUMBER
    # The library as `python -OO` compiles it; Pyodide's own package keeps its docstrings.
    assert b"A library docstring." not in library
    assert b"Read at start-up." in pyodide_own
    assert b"/lib/python314.zip/textwrapish/__init__.py" in library


@needs_vendored_runtime
def test_the_compressed_module_is_the_pinned_one() -> None:
    packed = (VENDORED / boot.WASM_GZ).read_bytes()
    assert packed[4:8] == b"\0\0\0\0"  # no date: the same bytes every build
    assert gzip.decompress(packed) == (VENDORED / "pyodide.asm.wasm").read_bytes()
    assert len(packed) < 0.4 * (VENDORED / "pyodide.asm.wasm").stat().st_size
