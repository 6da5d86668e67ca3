"""Mends the vendored PyScript so that it starts where the browser refuses IndexedDB (issue 29).

    python3 tools/patch_runtime.py static/vendor/pyscript    (run by `make vendor`)

Chromium with "Don't allow sites to save data" (Safari's "Block all cookies" is its kin) fails
every `indexedDB.open`. PyScript 0.7.31 bundles `@webreflection/idb-map` 0.3.2 (`IDBMap`) into
its `core-*.js` chunk and opens one at every start, before Python runs:

- `fs.js` makes `new IDBMap("@pyscript.fs")` at import (for `pyscript.fs`, unused here);
- polyscript's Pyodide engine makes an `IDBMapSync` (its package cache) and awaits its
  `sync()` ("Loading Storage") before it loads Pyodide, and `close()` after.

`IDBMap`'s open-request `onerror` rejects its database promise and then calls
`this.dispatchEvent(event)`, where `this` is the request whose error event is being dispatched:
"Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being dispatched." (a
page error), and the rejection, with the event as its reason, goes unhandled (the page error
"Event"); once for each map. The engine's `await storage.sync()` then rejects, and the page
never gets past loading. No PyScript setting avoids it: `packages_cache = "never"` still opens
and syncs the store, and `fs.js` opens its own at import.

The patch makes an `IDBMap` whose database cannot be opened (its `open` throws, its request
errors, or there is no `indexedDB`) an empty store that keeps nothing: reads find nothing,
writes do nothing, `close()` closes nothing. `IDBMapSync` still holds its entries in memory for
the page's life. Nothing else changes: with IndexedDB there, the code runs as before.

Each patch is an exact text, found exactly once, replaced by another, in the copied file only
(never in node_modules, never by hand). Anything else fails loudly: a runtime upgrade that moves
the text, or another pinned version, stops `make vendor` until the patches are reviewed. Not
patched, because the page never loads them: the copy of `IDBMap` inside the worker template
(PyScript's `worker` scripts) and the one in `storage.js` (`from pyscript import storage`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The version the patches were written against and checked on (package-lock.json).
PYSCRIPT_VERSION = "0.7.31"


class PatchError(RuntimeError):
    """The runtime is not the one the patches were written for: review them."""


@dataclass(frozen=True)
class Patch:
    why: str
    old: str
    new: str


# What an IDBMap without a database answers to its store operations (`what(store)` in its
# private `#r`, whose result its callers read as `event.target.result`).
_NO_STORE = "{count:()=>0,getAllKeys:()=>[],get(){},getKey(){},put(){},delete(){},clear(){}}"

IDB_MAP: tuple[Patch, ...] = (
    Patch(
        "IDBMap's constructor: a failed open settles its database as null instead of "
        "rejecting, and its error is not dispatched again on the request that fired it",
        "onerror(e){n(e),this.dispatchEvent(e)}})}).then(e=>{const t=this.dispatchEvent.bind(this);"
        'for(const n in e)n.startsWith("on")&&(e[n]=t);return e})}',
        "onerror(e){e.preventDefault(),n(e)}})}).then(e=>{const t=this.dispatchEvent.bind(this);"
        'for(const n in e)n.startsWith("on")&&(e[n]=t);return e},()=>null)}',
    ),
    Patch(
        "IDBMap's transactions: without a database, the operation's answer from an empty store",
        "async#r(e,t){const n=(await this.#e).transaction(f,t,this.#t);return",
        "async#r(e,t){const db=await this.#e;if(!db)return{target:{result:e(" + _NO_STORE + ")}};"
        "const n=db.transaction(f,t,this.#t);return",
    ),
    Patch(
        "IDBMap.close: nothing to close without a database",
        # After dispatchEvent: the worker template's copy of IDBMap has the same close().
        "super.dispatchEvent(r?p(new Event(t),{message:n}):e)}"
        "async close(){(await this.#e).close()}",
        "super.dispatchEvent(r?p(new Event(t),{message:n}):e)}"
        "async close(){(await this.#e)?.close()}",
    ),
)

# The dist file (by its name's pattern: the hash part changes with every build) and its patches.
PATCHES: dict[str, tuple[Patch, ...]] = {"core-*.js": IDB_MAP}


def pinned_pyscript(root: Path = ROOT) -> str:
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/@pyscript/core"]["version"])


def patch_text(text: str, patches: tuple[Patch, ...], name: str = "the file") -> str:
    """`text` with every patch applied; PatchError unless each old text is there exactly once
    (or, the file patched already, each new text is)."""
    for patch in patches:
        found, done = text.count(patch.old), text.count(patch.new)
        if found == 1 and done == 0:
            text = text.replace(patch.old, patch.new)
        elif not (found == 0 and done == 1):
            raise PatchError(
                f"{name}: expected the text to patch exactly once, found it {found} times "
                f"and its replacement {done} times ({patch.why}): review "
                "tools/patch_runtime.py for this runtime"
            )
    return text


def patch_dist(dist: Path, version: str | None = None) -> list[Path]:
    """Patch the PyScript dist copied to `dist` in place; the files patched."""
    version = pinned_pyscript() if version is None else version
    if version != PYSCRIPT_VERSION:
        raise PatchError(
            f"@pyscript/core is pinned at {version}, the patches were written for "
            f"{PYSCRIPT_VERSION}: check whether {version} still needs them, then update "
            "tools/patch_runtime.py"
        )
    patched = []
    for pattern, patches in PATCHES.items():
        matches = sorted(dist.glob(pattern))
        if len(matches) != 1:
            raise PatchError(f"{dist}: expected one {pattern}, found {len(matches)}")
        path = matches[0]
        text = path.read_text(encoding="utf-8")
        path.write_text(patch_text(text, patches, path.name), encoding="utf-8")
        patched.append(path)
    return patched


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        for path in patch_dist(Path(argv[0])):
            print(f"patched {path} (IndexedDB refused: see tools/patch_runtime.py)")
    except PatchError as error:
        print(f"patch_runtime: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
