// Cubiri's service worker. It lives at the site root because a worker only controls the
// pages under its own folder (GitHub Pages cannot send Service-Worker-Allowed).
// static/vendor/build.js (written by tools/site.py) names the build and every file to keep;
// a change there is a change of this worker, so the browser installs the new version.
importScripts("./static/vendor/build.js");

const BUILD = self.CUBIRI_BUILD;
const CACHE = `cubiri-${BUILD.version}`;

// Opened once per worker start, not once per request: a page load asks for ~40 files.
let opened = null;
const openCache = () => (opened ??= caches.open(CACHE));

self.addEventListener("install", (event) => {
  // Precache everything, bypassing the HTTP cache so a new build never keeps an old file.
  // The new version then waits: the page offers "reload" instead of swapping under a game.
  event.waitUntil(
    openCache().then((cache) =>
      cache.addAll(BUILD.files.map((url) => new Request(url, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("cubiri-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // Cache first: the whole app is precached; ?seed=N and the like still find the page.
  // A cache that refuses (Cache Storage blocked or broken, issue 29) is a miss, never a failed
  // request: the network still answers. A refused open is forgotten, so the next asks again.
  event.respondWith(
    openCache()
      .then((cache) => cache.match(request, { ignoreSearch: request.mode === "navigate" }))
      .catch(() => {
        opened = null;
        return undefined;
      })
      .then((cached) => cached || fetch(request)),
  );
});
