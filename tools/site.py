"""The deployable site: which files the app needs, the service worker's build manifest, a copy.

    python3 tools/site.py build-js      writes static/vendor/app.zip (the Python the page
                                        imports) and static/vendor/build.js (precache list +
                                        version)
    python3 tools/site.py copy DEST     copies the site (no node_modules, no tests) into DEST

The page's Python reaches the browser as one archive (pyscript.toml unpacks it at start-up):
one request instead of one per module, the larger part of what the app added to a bare page's
start-up (make bench).
The version ties the service worker's cache to the pinned runtime and to the content of every
file, so any change ships as a new cache and the old one is deleted on activate.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_JS = Path("static/vendor/build.js")
APP_ZIP = Path("static/vendor/app.zip")
# What the archive holds: the packages main.py imports and the engines' tables, at the paths
# they are imported from (py/app/browser/shell.py -> app/browser/shell.py), and the locales.
BUNDLED = (
    "py/cubiri/**/*.py",
    "py/cubiri/**/*.json",
    "py/cubiri/**/*.bin",
    "py/app/**/*.py",
    "locales/*.json",
)
# Command lines the page never runs: left out, with the argparse they would pull into the page's
# trimmed standard library (tools/boot.py reads this too).
COMMAND_LINES = ("py/cubiri/magdagdon/bot/cli.py", "py/cubiri/magdagdon/bot/__main__.py")
PATTERNS = (
    "index.html",
    "pyscript.toml",
    "static/*.css",
    "static/*.js",
    "static/*.svg",
    "static/*.webmanifest",
    "static/icons/*",
    # The runtime the page loads (tools/boot.py): not the full python_stdlib.zip nor the lock
    # file, which only the bare page of make bench still fetches.
    "static/vendor/pyodide/pyodide.mjs",
    # The module as gzip (cubiri-pyodide.mjs unpacks it): the plain .wasm is for browsers
    # without DecompressionStream, online only (FALLBACKS).
    "static/vendor/pyodide/pyodide.asm.mjs",
    "static/vendor/pyodide/pyodide.asm.wasm.gz",
    "static/vendor/pyodide/cubiri-pyodide.mjs",
    "static/vendor/pyodide/snapshot-worker.mjs",
    "static/vendor/pyodide/python_stdlib_cubiri.zip",
    "static/vendor/pyscript/*",
    APP_ZIP.as_posix(),
    "py/main.py",
    "locales/*.json",  # loading.js reads one before Python is there
)
# Deployed but not precached.
FALLBACKS = ("static/vendor/pyodide/pyodide.asm.wasm",)


def _matching(root: Path, patterns: tuple[str, ...]) -> list[Path]:
    """The files under `root` that `patterns` name, sorted, without Python's caches."""
    found = {
        path
        for pattern in patterns
        for path in root.glob(pattern)
        if path.is_file() and "__pycache__" not in path.parts
    }
    return sorted(found)


def app_files(root: Path = ROOT) -> list[str]:
    """Every file the page needs, as paths relative to the site root (sorted)."""
    return sorted(path.relative_to(root).as_posix() for path in _matching(root, PATTERNS))


def write_app_zip(root: Path = ROOT, target: Path | None = None) -> Path:
    """The archive of the page's Python, the same bytes for the same sources (fixed dates and
    order), so the build version changes only when a module does."""
    target = target or root / APP_ZIP
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in _matching(root, BUNDLED):
            inside = path.relative_to(root)
            if inside.as_posix() in COMMAND_LINES:
                continue
            name = (inside.relative_to("py") if inside.parts[0] == "py" else inside).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return target


def runtime_versions() -> str:
    """The pinned runtime, from the repository's lock (a copied site has no lock of its own)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    pyodide = lock["node_modules/pyodide"]["version"]
    pyscript = lock["node_modules/@pyscript/core"]["version"]
    return f"pyodide-{pyodide}+pyscript-{pyscript}"


def build_js(root: Path = ROOT) -> str:
    files = app_files(root)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    build = {
        "version": f"{runtime_versions()}+{digest.hexdigest()[:16]}",
        # "./" is the page itself when it is opened as the directory, as most people do.
        # build.js itself too: the interpreter module reads this build's version from it
        # (its start-up snapshot is kept under it), offline as well.
        "files": ["./", *(f"./{name}" for name in files), f"./{BUILD_JS.as_posix()}"],
    }
    return f"// Written by tools/site.py: do not edit.\nself.CUBIRI_BUILD = {json.dumps(build)};\n"


def write_build_js(root: Path = ROOT) -> Path:
    target = root / BUILD_JS
    target.write_text(build_js(root))
    return target


def copy_site(dest: Path, root: Path = ROOT) -> None:
    for name in [*app_files(root), *FALLBACKS, "sw.js", BUILD_JS.as_posix()]:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)


if __name__ == "__main__":
    command = sys.argv[1:2]
    if command == ["build-js"]:
        print(f"wrote {write_app_zip()}")
        print(f"wrote {write_build_js()}")
    elif command == ["copy"] and len(sys.argv) == 3:
        copy_site(Path(sys.argv[2]))
    else:
        sys.exit(__doc__)
