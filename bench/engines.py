"""`make bench`: each engine's time to a ready app on a warm visit, next to Chromium's (issue 27).

One fresh profile per engine: a first visit (cold), then, once the service worker controls the
page, RUNS reloads (warm: a return visit, booting from the caches, or from the app's start-up
snapshot where it made one; the `boot` column says which the last one did). Times are in-page,
from navigation start to `<html data-app-ready>` (engines/probe.js). Firefox and WebKit are
driven as in the smoke set (engines/drivers.py); an engine not installed here is left out.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from e2e.browser import launch_args
from engines.conftest import PHONE, Site
from engines.drivers import EnginePage, Xvfb, launcher, missing

RUNS = 3
CONTROLLED = "() => !!navigator.serviceWorker && navigator.serviceWorker.controller !== null"
READY_AT = "() => (window.cubiriProbe && window.cubiriProbe.readyAt) || null"
BOOT = "() => document.documentElement.dataset.boot || '-'"


def chromium(url: str) -> tuple[float, list[float], str]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        page = browser.new_page()
        page.goto(url)
        cold = float(page.wait_for_function(READY_AT, timeout=120_000).json_value())
        page.wait_for_function(CONTROLLED, timeout=120_000)
        warm = []
        for _ in range(RUNS):
            page.reload()
            warm.append(float(page.wait_for_function(READY_AT, timeout=120_000).json_value()))
        boot = str(page.evaluate(BOOT))
        browser.close()
    return cold, warm, boot


def other(page: EnginePage, url: str) -> tuple[float, list[float], str]:
    page.goto(url)
    cold = float(page.wait_for(READY_AT, "ready", timeout=120))
    page.wait_for(CONTROLLED, "the service worker", timeout=120)
    warm = []
    for _ in range(RUNS):
        page.reload()
        warm.append(float(page.wait_for(READY_AT, "ready", timeout=120)))
    return cold, warm, str(page.call(BOOT))


def main() -> None:
    screens: list[Xvfb] = []

    def display() -> str:
        if not screens:
            screens.append(Xvfb())
        return screens[0].display

    print(f"{'engine':8} {'cold ms':>9} {'warm ms':>9} {'vs chromium':>12}  boot")
    base: float | None = None
    for engine in ("chromium", "firefox", "webkit"):
        if engine != "chromium" and missing(engine):
            print(f"{engine:8} not installed here ({', '.join(missing(engine))})")
            continue
        site = Site()
        try:
            if engine == "chromium":
                cold, warm, boot = chromium(site.url)
            else:
                page = launcher(engine, display, PHONE)
                try:
                    cold, warm, boot = other(page, site.url)
                finally:
                    page.close()
        finally:
            site.stop()
        median = statistics.median(warm)
        base = median if engine == "chromium" else base
        ratio = f"{median / base:.2f}x" if base else "-"
        print(f"{engine:8} {cold:9.0f} {median:9.0f} {ratio:>12}  {boot}", flush=True)
        time.sleep(1)
    for screen in screens:
        screen.stop()


if __name__ == "__main__":
    main()
