"""The e2e harness: the repo served on a free port, Chromium driven by pytest-playwright."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Response, Route

from e2e.browser import launch_args
from e2e.server import serve

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
READY = "html[data-app-ready]"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Booting Pyodide takes a few seconds here; leave room for a loaded CI machine.
READY_TIMEOUT_MS = 60_000


# The first-game walkthrough (issue 16) shows on a first visit to each game; a test opens the
# games in a fresh browser, so every context starts with it marked seen, unless the test is
# marked `walkthrough` (the tests of the walkthrough itself).
WALKTHROUGH_SEEN = """
try {
  for (const game of ["magdagdon", "mishimash"]) {
    const key = "cubiri.tour." + game;
    if (!localStorage.getItem(key)) localStorage.setItem(key, "seen");
  }
} catch (error) {}
"""


# A fresh page makes its start-up snapshot a few seconds after it is ready: a module worker boots
# a second Pyodide (tools/boot/snapshot-worker.mjs), as much CPU again as the page's own boot,
# while the test goes on. Only the start-up tests (marked `snapshot`) need it made. Elsewhere the
# worker is a stub that answers as a make that failed does: the page then goes on as it does in a
# browser that could not make one (data-snapshot="failed", the next visit boots fresh).
SNAPSHOT_WORKER = "**/snapshot-worker.mjs"
STUB_SNAPSHOT_WORKER = (
    'self.onmessage = () => self.postMessage({ ok: false, error: "not made in this test" });'
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "walkthrough: the first-game walkthrough is not skipped")
    config.addinivalue_line("markers", "snapshot: the start-up snapshot is made for real")


def _stub_snapshot_worker(route: Route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body=STUB_SNAPSHOT_WORKER)


@pytest.fixture(autouse=True)
def fresh_context_setup(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every browser context a test makes (the `page` fixture's, or its own) starts with the
    walkthrough seen, unless the test is marked `walkthrough` (the tests of the walkthrough
    itself), and with the stub snapshot worker, unless it is marked `snapshot`."""
    walkthrough = request.node.get_closest_marker("walkthrough") is not None
    snapshot = request.node.get_closest_marker("snapshot") is not None
    real = Browser.new_context

    def new_context(self: Browser, *args: Any, **kwargs: Any) -> Any:
        context = real(self, *args, **kwargs)
        if not walkthrough:
            context.add_init_script(WALKTHROUGH_SEEN)
        if not snapshot:
            context.route(SNAPSHOT_WORKER, _stub_snapshot_worker)
        return context

    monkeypatch.setattr(Browser, "new_context", new_context)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **launch_args()}


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with serve() as url:
        yield url


class PageLog:
    """What went wrong on a page: console errors, failed requests, HTTP errors."""

    def __init__(self, page: Page) -> None:
        self.console_errors: list[str] = []
        self.failed: list[str] = []
        self.requests: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.console_errors.append(str(error)))
        page.on("requestfailed", lambda request: self.failed.append(request.url))
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("response", self._response)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def request_urls(self) -> list[str]:
        return list(self.requests)


@pytest.fixture
def page_log(page: Page) -> PageLog:
    return PageLog(page)


@pytest.fixture
def open_app(page: Page, base_url: str) -> Callable[[str], Page]:
    def _open(path: str = "") -> Page:
        page.goto(base_url + path)
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        return page

    return _open


@pytest.fixture
def shot(page: Page) -> Callable[[str], Path]:
    """Save a screenshot of the current state under e2e/screenshots/ (ignored by git), as it
    settles: a new best's score counting up has reached its number (aria-busy gone), an
    entrance animation its end."""

    def _shot(name: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.wait_for_function("!document.querySelector('.celebrate-score[aria-busy=\"true\"]')")
        page.screenshot(path=str(path), full_page=True, animations="disabled")
        return path

    return _shot


def keyboard_to(page: Page, selector: str) -> None:
    """Move the focus with Tab (then Shift+Tab) alone until it is on `selector`."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(30):
            if page.evaluate("s => document.activeElement.matches(s)", selector):
                return
            page.keyboard.press(key)
    raise AssertionError(f"{selector} cannot be reached by keyboard")


def both_sizes(page: Page, shot: Callable[[str], Path], name: str) -> None:
    """Screenshots of the current state on a phone and on a desktop; the phone size stays."""
    for size, label in ((PHONE, "390"), (DESKTOP, "1280")):
        page.set_viewport_size(size)
        shot(f"{name}-{label}")
    page.set_viewport_size(PHONE)
