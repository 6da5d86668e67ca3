"""tools/patch_runtime.py, the step of `make vendor` that mends PyScript's IndexedDB map (issue 29):
it applies to the pinned file, refuses any other text, and the mended map, run under Node with
IndexedDB refused in each way a browser refuses it, answers as an empty store and never throws."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tools import patch_runtime
from tools.patch_runtime import IDB_MAP, PatchError, patch_dist, patch_text

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "node_modules/@pyscript/core/dist"
VENDOR = ROOT / "static/vendor/pyscript"
needs_runtime = pytest.mark.skipif(
    not DIST.is_dir(), reason="node_modules not installed (make vendor installs it)"
)
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="no node")


def pinned_core() -> Path:
    (path,) = DIST.glob("core-*.js")
    return path


def test_the_patches_are_for_the_pinned_pyscript() -> None:
    assert patch_runtime.pinned_pyscript() == patch_runtime.PYSCRIPT_VERSION


@needs_runtime
def test_it_applies_to_the_pinned_file_once_and_changes_nothing_else(tmp_path: Path) -> None:
    shutil.copytree(DIST, tmp_path / "dist")
    (patched,) = patch_dist(tmp_path / "dist")
    before, after = pinned_core().read_text(), patched.read_text()
    for patch in IDB_MAP:
        assert before.count(patch.old) == 1 and after.count(patch.old) == 0
        assert after.count(patch.new) == 1
    # Undo each patch: the file as shipped, byte for byte.
    undone = after
    for patch in IDB_MAP:
        undone = undone.replace(patch.new, patch.old)
    assert undone == before
    # Run again (the copy patched already): the same file, no error.
    patch_dist(tmp_path / "dist")
    assert patched.read_text() == after
    # Only the one chunk is touched.
    for other in DIST.iterdir():
        if other.name != patched.name:
            assert (tmp_path / "dist" / other.name).read_bytes() == other.read_bytes()


@needs_runtime
def test_make_vendor_ships_the_patched_file() -> None:
    """static/vendor (make vendor) holds the patched chunk, so the service worker's precache and
    build version (tools/site.py hashes every file it lists) are of the patched bytes."""
    if not VENDOR.is_dir():
        pytest.skip("static/vendor not built")
    from tools.site import app_files

    shipped = VENDOR / pinned_core().name
    assert shipped.read_text() == patch_text(pinned_core().read_text(), IDB_MAP)
    assert f"static/vendor/pyscript/{shipped.name}" in app_files()


def test_it_refuses_an_unknown_text() -> None:
    with pytest.raises(PatchError, match="found it 0 times"):
        patch_text("export const other = 'runtime';", IDB_MAP)


def test_it_refuses_a_text_found_twice() -> None:
    twice = IDB_MAP[0].old + ";" + IDB_MAP[0].old
    with pytest.raises(PatchError, match="found it 2 times"):
        patch_text(twice, IDB_MAP[:1])


def test_it_refuses_a_half_patched_file() -> None:
    """Old text and new text both there: neither 'to patch' nor 'patched already'."""
    both = IDB_MAP[0].old + IDB_MAP[0].new
    with pytest.raises(PatchError):
        patch_text(both, IDB_MAP[:1])


def test_it_refuses_another_pyscript_version(tmp_path: Path) -> None:
    with pytest.raises(PatchError, match=r"written for 0\.7\.31"):
        patch_dist(tmp_path, version="0.7.32")


def test_it_refuses_a_dist_without_exactly_one_core_chunk(tmp_path: Path) -> None:
    with pytest.raises(PatchError, match="found 0"):
        patch_dist(tmp_path)
    (tmp_path / "core-a.js").write_text("")
    (tmp_path / "core-b.js").write_text("")
    with pytest.raises(PatchError, match="found 2"):
        patch_dist(tmp_path)


def test_the_command_fails_loudly(tmp_path: Path) -> None:
    assert patch_runtime.main([str(tmp_path)]) == 1
    assert patch_runtime.main([]) == 2


# The mended map itself, under Node ---------------------------------------------------------------
# The chunk's IDBMap and IDBMapSync classes with the module constants they use, cut out of the
# bundle (from `const{assign:p}=Object,f="entries"` to the end of the Map subclass).
CUT = re.compile(
    r'const\{assign:\w+\}=Object,\w+="entries".*?class \w+ extends Map\{.*?\}\}(?=const)'
)
REFUSALS = """
const refused = () => new DOMException("refused", "UnknownError");
const ways = {
  "open-throws": { open() { throw refused(); } },
  "open-errors": {
    open() {
      const request = new EventTarget();
      request.addEventListener("error", (event) => request.onerror && request.onerror(event));
      setTimeout(() => {
        request.error = refused();
        request.dispatchEvent(new Event("error", { cancelable: true }));
      }, 1);
      return request;
    },
  },
  "missing": undefined,
};
"""
CHECK = r"""
const found = [...source.matchAll(/class (\w+) extends (EventTarget|Map)\{/g)];
const [IDBMap, IDBMapSync] = found.map((match) => match[1]);
const problems = [];
process.on("unhandledRejection", (reason) => problems.push(`unhandled: ${reason}`));
process.on("uncaughtException", (error) => problems.push(`uncaught: ${error.message}`));
const results = {};
for (const [way, indexedDB] of Object.entries(ways)) {
  const [Map_, Sync] = new Function("indexedDB", `${source}; return [${IDBMap}, ${IDBMapSync}];`)(
    indexedDB,
  );
  try {
    const map = new Map_("store");
    const answers = [
      await map.has("k"), await map.get("k"), await map.keys(), await map.size,
      await map.entries(), (await map.set("k", 1)) === map, await map.delete("k"),
      await map.clear(), await map.close(),
    ];
    const sync = new Sync("packages");  // what polyscript's Pyodide engine makes at start-up
    await sync.sync();
    sync.set("a", 1);
    const kept = sync.get("a");
    sync.clear();
    await sync.close();
    results[way] = { answers, kept };
  } catch (error) {
    results[way] = { error: String(error && (error.message || error.type || error)) };
  }
}
await new Promise((resolve) => setTimeout(resolve, 20));
console.log(JSON.stringify({ results, problems }));
"""


def run_idb_map(chunk: str) -> dict[str, Any]:
    found = CUT.search(chunk)
    assert found, "IDBMap is not where the patch expects it"
    script = f"const source = {json.dumps(found.group(0))};\n{REFUSALS}\n{CHECK}"
    done = subprocess.run(
        ["node", "--input-type=module"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@needs_runtime
@needs_node
def test_with_indexeddb_refused_the_mended_map_is_an_empty_store_that_never_throws() -> None:
    outcome = run_idb_map(patch_text(pinned_core().read_text(), IDB_MAP))
    empty = {"answers": [False, None, [], 0, [], True, None, None, None], "kept": 1}
    assert outcome == {
        "results": {way: empty for way in ("open-throws", "open-errors", "missing")},
        "problems": [],
    }


@needs_runtime
@needs_node
def test_with_indexeddb_refused_the_shipped_map_fails_as_the_page_did() -> None:
    """The same check on the file as shipped: what the patch mends (and that the check sees it)."""
    outcome = run_idb_map(pinned_core().read_text())
    assert all("error" in result for result in outcome["results"].values())
    assert any("already being dispatched" in problem for problem in outcome["problems"])
