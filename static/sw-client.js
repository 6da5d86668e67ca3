// Registers the service worker once the app is ready (so it never slows the first paint), and
// offers "a new version is ready — reload" when one has installed. Nothing reloads by itself:
// the player chooses when, and the game in progress is saved after every move anyway.
const banner = document.getElementById("update-banner");
const reloadButton = document.getElementById("update-reload");
// LATER puts the offer away until the next visit (an audit found it over the turn's buttons).
document.getElementById("update-later").onclick = () => {
  banner.hidden = true;
};

function offer(worker) {
  banner.hidden = false;
  reloadButton.onclick = () => {
    reloadButton.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    worker.postMessage("skip-waiting");
  };
}

async function register() {
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
  // A phone keeps the page open for days: look for a new version whenever it comes back.
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) registration.update().catch(() => {});
  });
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
