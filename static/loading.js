// Loading progress before Python is ready: PyScript dispatches `py:progress` events on the
// window while it fetches and boots Pyodide. Their text is PyScript's own (English), so the
// page shows only how far along it is; the label is the shell's localised string.
const fill = document.getElementById("loading-fill");
let steps = 0;
// PyScript 0.7 reports roughly this many steps for a page with a [files] table.
const EXPECTED_STEPS = 8;

addEventListener("py:progress", () => {
  steps += 1;
  const share = Math.min(0.95, steps / EXPECTED_STEPS);
  if (fill) fill.style.transform = `scaleX(${share})`;
});

// Before Python: show the shell in the player's language at once, rather than English first.
// The same choice the UI layer makes (py/app/i18n.py pick_language): the saved language, else
// the browser's first one Cubiri speaks. The UI layer re-applies every text once it runs.
const root = document.documentElement;
const languages = (root.dataset.languages || "en").split(" ");
// Guarded: a browser that blocks site data throws on the mere mention of localStorage (issue 18).
let saved = null;
try {
  saved = window.localStorage.getItem("cubiri.language");
} catch {
  // Nothing saved can be read: the browser's languages decide; Python tells the player once.
}
const wanted = [saved, ...navigator.languages.map((tag) => tag.split("-")[0].toLowerCase())];
const language = wanted.find((code) => languages.includes(code)) || "en";
if (language !== "en") {
  fetch(`./locales/${language}.json`)
    .then((response) => (response.ok ? response.json() : null))
    .then((messages) => {
      if (!messages || root.hasAttribute("data-app-ready")) return;
      root.lang = language;
      for (const element of document.querySelectorAll("[data-i18n]")) {
        const text = messages[element.dataset.i18n];
        if (text) element.textContent = text;
      }
      for (const element of document.querySelectorAll("[data-i18n-aria-label]")) {
        const text = messages[element.dataset.i18nAriaLabel];
        if (text) element.setAttribute("aria-label", text);
      }
    })
    .catch(() => {});
}

// A tap before Python is ready is remembered and played once it is (issue 15): the tapped
// control shows that it is on its way, and the game opens by itself when the app is wired. The
// shell sets data-app-ready only after its own click listener is in place, so the replayed
// click reaches it.
let pending = null;
document.addEventListener("click", (event) => {
  if (root.hasAttribute("data-app-ready")) return;
  const target = event.target.closest("[data-open]");
  if (!target) return;
  if (pending) {
    pending.removeAttribute("data-pending");
    pending.removeAttribute("aria-busy");
  }
  pending = target;
  target.setAttribute("data-pending", "");
  target.setAttribute("aria-busy", "true");
});
const whenReady = new MutationObserver(() => {
  if (!root.hasAttribute("data-app-ready")) return;
  whenReady.disconnect();
  if (!pending) return;
  const target = pending;
  pending = null;
  target.removeAttribute("data-pending");
  target.removeAttribute("aria-busy");
  target.click();
});
whenReady.observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
