// The smoke set's probe (engines/conftest.py serves it in front of static/loading.js, the
// page's first script, and so it is precached with it): what the page logged as an error, which
// URLs it asked for, and the test's set-up (the walkthrough seen, storage blocked). Never shipped.
(() => {
  const probe = (window.cubiriProbe = { errors: [], warnings: [], violations: [], options: PROBE_OPTIONS });
  const say = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    try {
      return typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    probe.errors.push(args.map(say).join(" "));
    consoleError(...args);
  };
  const consoleWarn = console.warn.bind(console);
  console.warn = (...args) => {
    probe.warnings.push(args.map(say).join(" "));
    consoleWarn(...args);
  };
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target && target !== window && (target.src || target.href)) {
        probe.errors.push(`failed to load ${target.src || target.href}`);
      } else {
        probe.errors.push(`uncaught: ${event.message}`);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    probe.errors.push(`unhandled rejection: ${say(event.reason)}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    probe.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
  new MutationObserver((_, observer) => {
    if (document.documentElement.hasAttribute("data-app-ready")) {
      probe.readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-app-ready"] });
  performance.setResourceTimingBufferSize?.(2000);
  probe.requests = () => [
    location.href,
    ...performance.getEntriesByType("resource").map((entry) => entry.name),
  ];
  if (PROBE_OPTIONS.walkthroughSeen) {
    try {
      for (const game of ["magdagdon", "mishimash"]) {
        const key = "cubiri.tour." + game;
        if (!localStorage.getItem(key)) localStorage.setItem(key, "seen");
      }
    } catch {}
  }
  if (PROBE_OPTIONS.blockStorage) {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  }
})();
