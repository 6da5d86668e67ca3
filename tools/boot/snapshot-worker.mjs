// Makes Cubiri's start-up snapshot, in a module worker of its own (cubiri-pyodide.mjs starts it
// after a fresh boot, once the app is ready): making it in the page's own interpreter broke the
// page's start, so this boots a second Pyodide exactly as the page does (same standard library,
// same lock), unpacks the app's archive where PyScript does, imports the app's pure modules
// (cubiri, app.pure: never `js`, which is this worker's, not the page's), and stores the
// interpreter's memory in Cache Storage under the page's build, with its SHA-256. Every other
// snapshot there (of older builds) is deleted. Answers {ok: true} or {ok: false, error}.
// Copied beside pyodide.mjs by tools/boot.py; edit this source, never the copy.
import { loadPyodide } from "./pyodide.mjs";
import { bootOptions, SNAPSHOT_CACHE, withCompressedWasm } from "./cubiri-pyodide.mjs";

// Imports every pure module of the unpacked archive: a return visit then skips them.
const IMPORT_PURE = `
import importlib, pathlib
for _root in ("cubiri", "app/pure"):
    for _path in sorted(pathlib.Path(_root).rglob("*.py")):
        _parts = _path.with_suffix("").parts
        if _parts[-1] == "__main__":
            continue
        if _parts[-1] == "__init__":
            _parts = _parts[:-1]
        importlib.import_module(".".join(_parts))
importlib.import_module("app")
del importlib, pathlib, _root, _path, _parts
`;

async function make({ url, app }) {
  const indexURL = new URL(".", import.meta.url).href;
  const pyodide = await withCompressedWasm(() =>
    loadPyodide(bootOptions({ indexURL, _makeSnapshot: true })),
  );
  const archive = await fetch(app);
  if (!archive.ok) throw new Error(`${app}: HTTP ${archive.status}`);
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "." });
  pyodide.runPython(IMPORT_PURE);
  const bytes = pyodide.makeMemorySnapshot();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const sha256 = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(
    url,
    new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-sha256": sha256 },
    }),
  );
  for (const request of await cache.keys()) {
    if (request.url !== url) await cache.delete(request);
  }
  return bytes.length;
}

self.onmessage = async ({ data }) => {
  try {
    const size = await make(data);
    self.postMessage({ ok: true, size });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error?.message ?? error) });
  }
};
