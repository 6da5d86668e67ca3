"""`make bench`: how long the app takes to become ready, against a bare PyScript page.

Both pages load the same pinned runtime from the same local server in the same run, so the
ratio app/bare isolates what the app adds (or saves). Cold = a new browser profile (empty
cache); restored = a reload in the same profile once the app has made its start-up snapshot (a
return visit, issue 26); warm = a reload without a snapshot (the app boots fresh from its
caches). Times are in-page: from navigation start to the moment `<html data-app-ready>`
appears, recorded by a MutationObserver; bytes are the cold visit's, transferred until then.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from e2e.browser import launch_args
from e2e.conftest import WALKTHROUGH_SEEN
from e2e.server import serve

RUNS = 5
READY_TIMEOUT_MS = 120_000

RECORD_READY = """
new MutationObserver((_, observer) => {
  if (document.documentElement.hasAttribute("data-app-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app-ready"] });
"""

TRANSFERRED = """() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .reduce((sum, entry) => sum + entry.transferSize, 0)"""


SNAPSHOT_DONE = "() => document.documentElement.hasAttribute('data-snapshot')"
BOOT = "document.documentElement.dataset.boot || null"
SETTLED = (
    "() => !navigator.serviceWorker || !document.querySelector('script[src$=\"sw-client.js\"]')"
    " || navigator.serviceWorker.controller !== null"
)


def reload_ready(page: Page) -> float:
    page.reload()
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    ready: float = page.evaluate("window.__readyAt")
    return ready


def measure(browser: Browser, url: str) -> dict[str, float]:
    """One fresh profile: cold (empty cache), restored (a return visit once the app has made
    its start-up snapshot: what a return visit does), warm (a return visit without a snapshot,
    booting fresh from the caches), in ms; the cold visit's bytes. The bare page has no
    snapshot: its restored and warm visits are two plain reloads."""
    context = browser.new_context()
    context.add_init_script(RECORD_READY)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    numbers = {"cold": page.evaluate("window.__readyAt"), "bytes": page.evaluate(TRANSFERRED)}
    app = page.evaluate(BOOT) is not None
    # A return visit: let the app finish what follows its first load, as a person's later visit
    # would (its service worker precaches the site for offline play, a module worker makes the
    # start-up snapshot). The bare page has neither and goes on at once.
    page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    if app:
        page.wait_for_function(SNAPSHOT_DONE, timeout=READY_TIMEOUT_MS)
    numbers["restored"] = reload_ready(page)
    # 1 when the return visit restored (the bare page: never); a build changed in between
    # (files rebuilt during the run) makes it boot fresh, which the table then says.
    numbers["snapshot"] = float(page.evaluate(BOOT) == "snapshot")
    if app:  # without its snapshot, the same visit boots fresh
        page.evaluate("caches.delete('cubiri.snapshot')")
    numbers["warm"] = reload_ready(page)
    context.close()
    return numbers


TAP_TO_PAINT = """
window.__taps = [];
addEventListener("click", () => {
  const start = performance.now();
  // The app's handler runs in this same click; the frame after it is the updated one, and
  // a message posted from its animation frame arrives once that frame is painted.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.__taps.push(performance.now() - start);
    channel.port2.postMessage(0);
  });
}, true);
"""
TAPS = 15


def tap_times(
    browser: Browser, url: str, prepare: Callable[[Page], None], taps: list[str]
) -> list[float]:
    """Milliseconds from each tap (a CSS selector, in order) to the painted frame after it."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(TAP_TO_PAINT)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    # The start-up snapshot is made in a worker after a first visit: not during the taps.
    page.wait_for_function(SNAPSHOT_DONE, timeout=READY_TIMEOUT_MS)
    prepare(page)
    page.wait_for_timeout(600)  # let the dice land
    page.evaluate("window.__taps = []")
    for selector in taps:
        page.locator(selector).click()
    page.wait_for_timeout(100)
    times: list[float] = page.evaluate("window.__taps")
    context.close()
    return times


def magdagdon_taps(browser: Browser, base: str) -> list[float]:
    """Picking a die (dice and lit cells change), placing it and taking it back (board, dice
    and sums change). On turn 1 die 1 fits anywhere; once it is placed the app picks the next
    die itself, so tapping die 1 again always picks it."""
    taps = ["#md-die-0", "#md-cell-5", "#md-cell-5"] * TAPS
    return tap_times(browser, base + "?seed=3#magdagdon", lambda p: p.click("#md-primary"), taps)


def mishimash_taps(browser: Browser, base: str) -> list[float]:
    """Selecting and unselecting dice: the selection's live value or its reason changes.
    Seed 4 rolls 4-6-6-6-1-4: a die that scores nothing, then one of three 6s."""

    def start_and_roll(page: Page) -> None:
        page.click("#ms-start")
        page.click("#ms-roll")

    taps = ["#ms-die-0", "#ms-die-0", "#ms-die-3", "#ms-die-3"] * TAPS
    return tap_times(browser, base + "?seed=4#mishimash", start_and_roll, taps)


LONG_TASKS = """
window.__longest = 0;
window.__readyLongest = () => window.__longest;
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) {
    if (document.documentElement.hasAttribute("data-app-ready")) {
      window.__longest = Math.max(window.__longest, entry.duration);
    }
  }
}).observe({ type: "longtask", buffered: false });
"""


def coach_numbers(browser: Browser, base: str) -> dict[str, float]:
    """MISHIMASH with its coach, in the page: from ready to the first coach number (START,
    ROLL, a scoring die), the in-page query times, and the longest task after ready."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(RECORD_READY + LONG_TASKS)
    page = context.new_page()
    page.goto(base + "?seed=4&bench#mishimash")
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    page.click("#ms-start")
    page.click("#ms-roll")
    # Seed 4 rolls 4-6-6-6-1-4: the coach names the best play as soon as the dice land.
    page.wait_for_selector("#ms-coach li", timeout=READY_TIMEOUT_MS)
    first = page.evaluate("performance.now() - window.__readyAt")
    numbers: dict[str, float] = {"first_coach_number_after_ready_ms": first}
    # A few seconds of play with a second player at the table (a game with rivals used to
    # build the final round's reach table in slices meanwhile; it ships now).
    page.wait_for_timeout(3000)
    numbers["longest_task_after_ready_ms"] = page.evaluate("window.__readyLongest()")
    numbers.update(json.loads(page.evaluate("window.cubiriBench('read')")))
    numbers.update(json.loads(page.evaluate("window.cubiriBench('odds')")))
    context.close()
    return numbers


TASKS = """
window.__tasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
}).observe({ type: "longtask", buffered: false });
"""


def start_with_rivals(browser: Browser, base: str) -> dict[str, float]:
    """MISHIMASH's setup with four seats, then START: the longest task while the setup shows
    (it reads the shipped tables between frames) and after START (they used to be read
    there, in one task), and START's tap to the game painted."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(WALKTHROUGH_SEEN + TASKS)
    page = context.new_page()
    page.goto(base + "#mishimash")
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(2000)  # what follows the first load settles
    page.evaluate("window.__tasks = []")
    for _ in range(3):
        page.click("#ms-add")
    page.wait_for_timeout(3000)
    numbers = {"setup_longest_task_ms": page.evaluate("Math.max(0, ...window.__tasks)")}
    page.evaluate("window.__tasks = []")
    begun = page.evaluate("performance.now()")
    page.click("#ms-start")
    page.wait_for_selector("#ms-game:not([hidden])")
    painted = page.evaluate(
        "new Promise(done => requestAnimationFrame(() => done(performance.now())))"
    )
    numbers["start_to_game_painted_ms"] = painted - begun
    page.wait_for_timeout(2000)
    numbers["after_start_longest_task_ms"] = page.evaluate("Math.max(0, ...window.__tasks)")
    context.close()
    return numbers


def bot_numbers(browser: Browser, base: str) -> dict[str, float]:
    """The MAGDAGDON computer player's time per turn in the page (a few games per difficulty)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "?bench")
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    numbers: dict[str, float] = json.loads(page.evaluate("window.cubiriBench('bot')"))
    context.close()
    return numbers


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    results: dict[str, list[dict[str, float]]] = {"app": [], "bare": []}
    with serve() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        urls = {"app": base, "bare": base + "bench/bare.html"}
        # One warm-up of each so the server's and the OS's file caches are equal for both.
        for url in urls.values():
            measure(browser, url)
        load_before = load_average()
        for _ in range(RUNS):  # interleaved, so drift on the machine hits both alike
            for name, url in urls.items():
                results[name].append(measure(browser, url))
        load_after = load_average()
        taps = {
            "MAGDAGDON": magdagdon_taps(browser, base),
            "MISHIMASH": mishimash_taps(browser, base),
        }
        coach = coach_numbers(browser, base)
        rivals = start_with_rivals(browser, base)
        bot = bot_numbers(browser, base)
        browser.close()

    print(
        f"time to data-app-ready, median of {RUNS} interleaved runs (headless Chromium, local "
        f"server; load average {load_before} before, {load_after} after)"
    )
    print(f"{'page':6} {'cold ms':>9} {'warm ms':>9} {'restored':>9} {'cold bytes':>12}")
    medians: dict[str, dict[str, float]] = {}
    for name, runs in results.items():
        medians[name] = {
            key: statistics.median(run[key] for run in runs)
            for key in ("cold", "warm", "restored", "bytes")
        }
        m = medians[name]
        print(
            f"{name:6} {m['cold']:9.0f} {m['warm']:9.0f} {m['restored']:9.0f} {int(m['bytes']):12,}"
        )
    restored = sum(run["snapshot"] for run in results["app"])
    print(f"app return visits restored from the snapshot: {restored:.0f} of {RUNS}")
    app, bare = medians["app"], medians["bare"]
    print(
        "ratio app/bare: "
        f"cold {app['cold'] / bare['cold']:.2f} (target ≤ 0.95), "
        f"return visit {app['restored'] / bare['restored']:.2f} (restored from the snapshot, "
        "against the bare page's warm reload; target ≤ 0.40), "
        f"warm without a snapshot {app['warm'] / bare['warm']:.2f}, "
        f"first-visit bytes {app['bytes'] / bare['bytes']:.2f} (target ≤ 0.90)"
    )
    for game, times in taps.items():
        print(
            f"{game} tap to painted frame: median {statistics.median(times):.1f} ms, "
            f"worst {max(times):.1f} ms over {len(times)} taps (target median ≤ 50 ms)"
        )
    print("MISHIMASH coach in the page (Pyodide):")
    for name, value in coach.items():
        print(f"  {name:34} {value:10.3f}")
    print("MISHIMASH with four seats, the setup then START (Pyodide):")
    for name, value in rivals.items():
        print(f"  {name:34} {value:10.1f}")
    print("MAGDAGDON computer player in the page (Pyodide), ms per turn (target ≤ 300):")
    for name, value in bot.items():
        print(f"  {name:34} {value:10.1f}")


if __name__ == "__main__":
    main()
