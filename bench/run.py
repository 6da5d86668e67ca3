"""`make bench`: how long the app takes to become ready, against a bare PyScript page.

Both pages load the same pinned runtime from the same local server in the same run, so the
ratio app/bare isolates what the app adds. Cold = a new browser profile (empty cache);
warm = a reload in the same profile. Times are in-page: from navigation start to the moment
`<html data-app-ready>` appears, recorded by a MutationObserver.
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


def measure(browser: Browser, url: str) -> tuple[float, float, int]:
    """(cold ms, warm ms, cold bytes) for one fresh profile."""
    context = browser.new_context()
    context.add_init_script(RECORD_READY)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    cold = page.evaluate("window.__readyAt")
    cold_bytes = page.evaluate(TRANSFERRED)
    # Warm means a return visit: let the app finish what follows its first load (its service
    # worker precaches the site for offline play) before reloading, as a person's later visit
    # would. The bare page has no worker and goes on at once.
    page.wait_for_function(
        "() => !navigator.serviceWorker || !document.querySelector('script[src$=\"sw-client.js\"]')"
        " || navigator.serviceWorker.controller !== null",
        timeout=READY_TIMEOUT_MS,
    )
    page.reload()
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    warm = page.evaluate("window.__readyAt")
    context.close()
    return cold, warm, cold_bytes


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
    # A few seconds of play: the final round's table builds in slices meanwhile (solo games
    # skip it, so a second player sits at this table).
    page.wait_for_timeout(3000)
    numbers["longest_task_after_ready_ms"] = page.evaluate("window.__readyLongest()")
    numbers.update(json.loads(page.evaluate("window.cubiriBench('odds')")))
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


def main() -> None:
    results: dict[str, list[tuple[float, float, int]]] = {"app": [], "bare": []}
    with serve() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        urls = {"app": base, "bare": base + "bench/bare.html"}
        # One warm-up of each so the server's and the OS's file caches are equal for both.
        for url in urls.values():
            measure(browser, url)
        for _ in range(RUNS):  # interleaved, so drift on the machine hits both alike
            for name, url in urls.items():
                results[name].append(measure(browser, url))
        taps = {
            "MAGDAGDON": magdagdon_taps(browser, base),
            "MISHIMASH": mishimash_taps(browser, base),
        }
        coach = coach_numbers(browser, base)
        bot = bot_numbers(browser, base)
        browser.close()

    medians = {}
    print(f"time to data-app-ready, median of {RUNS} (headless Chromium, local server)")
    print(f"{'page':6} {'cold ms':>9} {'warm ms':>9} {'cold bytes':>12}")
    for name, runs in results.items():
        cold = statistics.median(run[0] for run in runs)
        warm = statistics.median(run[1] for run in runs)
        size = int(statistics.median(run[2] for run in runs))
        medians[name] = (cold, warm)
        print(f"{name:6} {cold:9.0f} {warm:9.0f} {size:12,}")
    cold_ratio = medians["app"][0] / medians["bare"][0]
    warm_ratio = medians["app"][1] / medians["bare"][1]
    print(f"ratio app/bare: cold {cold_ratio:.2f}, warm {warm_ratio:.2f} (target ≤ 1.10)")
    for game, times in taps.items():
        print(
            f"{game} tap to painted frame: median {statistics.median(times):.1f} ms, "
            f"worst {max(times):.1f} ms over {len(times)} taps (target median ≤ 50 ms)"
        )
    print("MISHIMASH coach in the page (Pyodide):")
    for name, value in coach.items():
        print(f"  {name:34} {value:10.3f}")
    print("MAGDAGDON computer player in the page (Pyodide), ms per turn (target ≤ 300):")
    for name, value in bot.items():
        print(f"  {name:34} {value:10.1f}")


if __name__ == "__main__":
    main()
