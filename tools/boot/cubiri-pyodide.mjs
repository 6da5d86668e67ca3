// Cubiri's interpreter module: what pyscript.toml's `interpreter` names instead of pyodide.mjs.
// Written into static/vendor/pyodide/ beside the pinned pyodide.mjs by tools/boot.py (make
// vendor), which fills in the lock file's `info`; edit this source, never the copy.
//
// PyScript 0.7.31 imports the interpreter module and calls its `loadPyodide({stderr, stdout,
// indexURL})`, forwarding nothing else. This one passes what a bare Pyodide would fetch or redo:
//
// - `stdLibURL`: the standard library trimmed to what the app and the runtime import
//   (tools/boot.py), about a third of the pinned archive;
// - `lockFileContents`: the app loads no package, so no lock file is fetched;
// - `_loadSnapshot` (Pyodide's memory snapshot, undocumented in 314): a return visit restores
//   the interpreter as it was after booting and importing the app's pure modules, made by
//   snapshot-worker.mjs in the background after a fresh boot and kept in Cache Storage under the
//   exact build (build.js's version: the runtime's and every app file's hash). A snapshot that is
//   missing, of another build, unreadable, or fails to restore is not used: the page boots fresh
//   (and a failed one is deleted, then made again). Storage blocked: always a fresh boot.
//
// <html data-boot="snapshot" | "fresh"> says which; after a fresh boot, data-snapshot says what
// the background step did: "made", "failed", "unavailable" (no Cache Storage) or "skipped"
// (another tab is making it). Tests and make bench wait on it.
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";

export { version };

const HERE = import.meta.url;
const STDLIB_URL = new URL("./python_stdlib_cubiri.zip", HERE).href;
// The pinned lock file's info (its ABI is checked) and no packages: tools/boot.py fills it in.
const LOCK = { info: /* LOCK_INFO */ null, packages: {} };
// Not "cubiri-…": the service worker deletes every cache of that name but its own on activate.
export const SNAPSHOT_CACHE = "cubiri.snapshot";
const LOCK_NAME = "cubiri.snapshot";
const root = typeof document === "undefined" ? null : document.documentElement;

export function bootOptions(options = {}) {
  return { ...options, stdLibURL: STDLIB_URL, lockFileContents: LOCK };
}

const WASM_URL = new URL("./pyodide.asm.wasm", HERE).href;
const WASM_GZ_URL = new URL("./pyodide.asm.wasm.gz", HERE).href;

// Pyodide fetches its 9.6 MB module with the global `fetch` while it boots, and takes no option
// for it. For that one URL this answers with the gzip copy tools/boot.py wrote (3.5 MB) as it
// unpacks, so the module still compiles while it streams in: a first visit fetches a third of
// the bytes from a server that does not compress (python -m http.server; GitHub Pages would
// compress it anyway). Browsers without DecompressionStream, or a missing copy, get the plain
// module. Every other request passes through, and `fetch` is itself again once booted.
export async function withCompressedWasm(boot) {
  if (typeof DecompressionStream === "undefined") return boot();
  const plain = globalThis.fetch;
  globalThis.fetch = function (resource, init) {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (url !== WASM_URL) return plain.call(this, resource, init);
    return plain(WASM_GZ_URL).then(
      (packed) =>
        packed.ok
          ? new Response(packed.body.pipeThrough(new DecompressionStream("gzip")), {
              headers: { "content-type": "application/wasm" },
            })
          : plain.call(this, resource, init),
      () => plain.call(this, resource, init),
    );
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = plain;
  }
}

// The build this page runs: build.js as the page gets it (from the service worker's cache of
// this very build, or the network), never an HTTP-cached copy of another build.
async function buildVersion() {
  const response = await fetch(new URL("../build.js", HERE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.js: HTTP ${response.status}`);
  const text = await response.text();
  const build = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  return `${build.version}/pyodide-${version}`;
}

export const snapshotURL = (key) =>
  new URL(`./snapshot?build=${encodeURIComponent(key)}`, HERE).href;

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The stored snapshot of this build, checked against the digest it was stored with; null when
// there is none or it cannot be read (Cache Storage blocked, missing, evicted, corrupted).
async function readSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(snapshotURL(key));
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if ((await digest(bytes)) !== response.headers.get("x-sha256")) {
      console.warn("Cubiri: the stored snapshot is damaged; booting fresh");
      await forgetSnapshot(key);
      return null;
    }
    return bytes;
  } catch {
    return null;
  }
}

async function forgetSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.delete(snapshotURL(key));
  } catch {
    // Nothing stored can be deleted either.
  }
}

function whenReady() {
  return new Promise((resolve) => {
    if (!root || root.hasAttribute("data-app-ready")) return resolve();
    new MutationObserver((_, observer) => {
      if (root.hasAttribute("data-app-ready")) {
        observer.disconnect();
        resolve();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
  });
}

// After a fresh boot: once the app is ready and the page idle, a module worker boots its own
// Pyodide, makes the snapshot and stores it (one tab at a time, through a Web Lock).
async function makeSnapshotLater(key) {
  await whenReady();
  // A few seconds in, when the page is idle: the first taps of the first game come first.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await new Promise((resolve) =>
    globalThis.requestIdleCallback
      ? requestIdleCallback(resolve, { timeout: 2000 })
      : setTimeout(resolve, 0),
  );
  const run = async () => {
    // Another tab may have stored it meanwhile.
    const cache = await caches.open(SNAPSHOT_CACHE);
    if (await cache.match(snapshotURL(key))) return "made";
    const worker = new Worker(new URL("./snapshot-worker.mjs", HERE), { type: "module" });
    try {
      return await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) =>
          data.ok ? resolve("made") : reject(new Error(data.error));
        worker.onerror = (event) => reject(new Error(event.message || "worker error"));
        worker.postMessage({ key, url: snapshotURL(key), app: new URL("../app.zip", HERE).href });
      });
    } finally {
      worker.terminate();
    }
  };
  try {
    await caches.open(SNAPSHOT_CACHE);
  } catch {
    // Cache Storage refused or missing (site data blocked, a private window): nowhere to keep
    // it, so every visit boots fresh.
    root?.setAttribute("data-snapshot", "unavailable");
    return;
  }
  let outcome;
  try {
    outcome = navigator.locks
      ? await navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) =>
          lock ? run() : "skipped",
        )
      : await run();
  } catch (error) {
    console.info("Cubiri: no start-up snapshot this time:", error?.message ?? error);
    outcome = "failed";
  }
  root?.setAttribute("data-snapshot", outcome);
}

// A restored interpreter carries the random generator of the moment it was snapshotted: every
// restored visit would draw the same "random" seeds for new games unless it is seeded again.
const RESEED = "import random as _r; _r.seed(); del _r";

export async function loadPyodide(options = {}) {
  let key = null;
  try {
    key = await buildVersion();
  } catch (error) {
    console.info("Cubiri: build unknown, no snapshot:", error?.message ?? error);
  }
  const snapshot = key && (await readSnapshot(key));
  if (snapshot) {
    try {
      const pyodide = await withCompressedWasm(() =>
        bootPyodide({ ...bootOptions(options), _loadSnapshot: snapshot }),
      );
      pyodide.runPython(RESEED);
      root?.setAttribute("data-boot", "snapshot");
      return pyodide;
    } catch (error) {
      console.warn("Cubiri: the snapshot did not restore; booting fresh:", error);
      await forgetSnapshot(key);
    }
  }
  const pyodide = await withCompressedWasm(() => bootPyodide(bootOptions(options)));
  root?.setAttribute("data-boot", "fresh");
  if (key && root) makeSnapshotLater(key);
  return pyodide;
}
