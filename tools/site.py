"""The deployable site: which files the app needs, the service worker's build manifest, a copy.

    python3 tools/site.py build-js      writes static/vendor/build.js (precache list + version)
    python3 tools/site.py copy DEST     copies the site (no node_modules, no tests) into DEST

The version ties the service worker's cache to the pinned runtime and to the content of every
file, so any change ships as a new cache and the old one is deleted on activate.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_JS = Path("static/vendor/build.js")
PATTERNS = (
    "index.html",
    "pyscript.toml",
    "static/*.css",
    "static/*.js",
    "static/*.svg",
    "static/*.webmanifest",
    "static/icons/*",
    "static/vendor/pyodide/*",
    "static/vendor/pyscript/*",
    "py/**/*.py",
    "py/**/*.json",
    "locales/*.json",
)


def app_files(root: Path = ROOT) -> list[str]:
    """Every file the page needs, as paths relative to the site root (sorted)."""
    found = {
        path.relative_to(root).as_posix()
        for pattern in PATTERNS
        for path in root.glob(pattern)
        if path.is_file() and "__pycache__" not in path.parts
    }
    return sorted(found)


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
        "files": ["./", *(f"./{name}" for name in files)],
    }
    return f"// Written by tools/site.py: do not edit.\nself.CUBIRI_BUILD = {json.dumps(build)};\n"


def write_build_js(root: Path = ROOT) -> Path:
    target = root / BUILD_JS
    target.write_text(build_js(root))
    return target


def copy_site(dest: Path, root: Path = ROOT) -> None:
    for name in [*app_files(root), "sw.js", BUILD_JS.as_posix()]:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)


if __name__ == "__main__":
    command = sys.argv[1:2]
    if command == ["build-js"]:
        print(f"wrote {write_build_js()}")
    elif command == ["copy"] and len(sys.argv) == 3:
        copy_site(Path(sys.argv[2]))
    else:
        sys.exit(__doc__)
