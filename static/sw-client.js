// Registers the service worker once the app is ready (so it never slows the first paint), and
// offers "a new version is ready — reload" when one has installed. Nothing reloads by itself:
// the player chooses when, and the game in progress is saved after every move anyway.
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const banner = document.getElementById("update-banner");
const reloadButton = document.getElementById("update-reload");
// LATER puts the offer away until the next visit (an audit found it over the turn's buttons).
document.getElementById("update-later").onclick = () => {
  banner.hidden = true;
};

// The new worker may take over from another tab's RELOAD before this tab's is pressed: it then
// controls this page already, and no change is left to wait for (helper-29's second tab
// waited on a disabled RELOAD forever). So the change is watched from the start.
// (A first visit's worker takes control too, with nothing offered: that is no new version.)
let offered = false;
let replaced = false;
let reloadWanted = false;

function offer(worker) {
  offered = true;
  banner.hidden = false;
  reloadButton.disabled = false;
  reloadButton.onclick = () => {
    reloadButton.disabled = true;
    reloadWanted = true;
    if (replaced || worker.state === "activated" || worker.state === "redundant") {
      location.reload();
      return;
    }
    worker.postMessage("skip-waiting");
  };
}

async function register() {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    replaced = offered;
    if (reloadWanted) location.reload();
  });
  // updateViaCache "none": an update check also refetches build.js, past any HTTP cache.
  const registration = await navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" });
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      // With no controller this is the first install, not an update: nothing to offer.
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    });
  });
  // A phone keeps the page open for days: look for a new version whenever it comes back, and
  // every hour while it stays in view (helper-29 played on in one tab and was never told).
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) registration.update().catch(() => {});
  });
  setInterval(() => {
    if (!document.hidden) registration.update().catch(() => {});
  }, UPDATE_CHECK_MS);
  window.cubiriServiceWorker = registration; // lets tests ask for an update check
}

function whenReady(callback) {
  const root = document.documentElement;
  if (root.hasAttribute("data-app-ready")) return callback();
  new MutationObserver((_, observer) => {
    if (root.hasAttribute("data-app-ready")) {
      observer.disconnect();
      callback();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
}

if ("serviceWorker" in navigator) {
  whenReady(() => register().catch((error) => console.warn("Cubiri works online only:", error)));
}
