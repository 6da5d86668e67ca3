"""The engine smoke set's harness: each test in Firefox and in WebKit (its id names the engine),
with a fresh browser profile and a server of its own (so a fresh origin: nothing stored, no
service worker), which puts engines/probe.js in front of the page's first script."""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Callable, Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from e2e.server import ROOT, QuietHandler, QuietServer
from engines.drivers import EnginePage, Xvfb, launcher, missing

ENGINES = ["firefox", "webkit"]
PROBE = (Path(__file__).resolve().parent / "probe.js").read_text(encoding="utf-8")
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# The folder served: the checkout, or (ENGINES_SITE=DIR) another copy of the site, e.g. one
# broken on purpose to see that the smoke set fails.
SITE_ROOT = Path(os.environ.get("ENGINES_SITE", str(ROOT)))
PHONE = (390, 844)
DESKTOP = (1280, 800)


class Site:
    """The repository served on a free port with the probe, and what the server saw."""

    def __init__(self, **options: Any) -> None:
        self.options = {"walkthroughSeen": True, "blockStorage": False, **options}
        self.failed: list[str] = []
        self.paths: list[str] = []
        site = self

        class Handler(QuietHandler):
            def end_headers(self) -> None:
                # Always the served file: the probe's options change between tests.
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def send_response(self, code: int, message: str | None = None) -> None:
                if code >= 400:
                    site.failed.append(f"{code} {self.path}")
                super().send_response(code, message)

            def do_GET(self) -> None:
                site.paths.append(self.path)
                if self.path.split("?")[0].endswith("/static/loading.js"):
                    self._probed_loading()
                    return
                super().do_GET()

            def _probed_loading(self) -> None:
                options = json.dumps(site.options)
                probe = PROBE.replace("PROBE_OPTIONS", f"({options})")
                body = (probe + (SITE_ROOT / "static" / "loading.js").read_text("utf-8")).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server: ThreadingHTTPServer = QuietServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE_ROOT))
        )
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.running = True

    def stop(self) -> None:
        """The network is gone: nothing answers at this origin any more."""
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture(scope="session")
def display() -> Iterator[Callable[[], str]]:
    """A virtual screen for WebKit, started by the first WebKit test."""
    screens: list[Xvfb] = []

    def get() -> str:
        if not screens:
            screens.append(Xvfb())
        return screens[0].display

    yield get
    for screen in screens:
        screen.stop()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    name = str(request.param)
    lacking = missing(name)
    if lacking:
        pytest.skip(f"{name} is not installed here (no {', '.join(lacking)})")
    return name


@pytest.fixture
def make_site() -> Iterator[Callable[..., Site]]:
    sites: list[Site] = []

    def make(**options: Any) -> Site:
        sites.append(Site(**options))
        return sites[-1]

    yield make
    for site in sites:
        site.stop()


@pytest.fixture
def site(make_site: Callable[..., Site]) -> Site:
    return make_site()


@pytest.fixture
def page(engine: str, display: Callable[[], str]) -> Iterator[EnginePage]:
    browser = launcher(engine, display, PHONE)
    try:
        yield browser
    finally:
        browser.close()


def errors(page: EnginePage) -> list[str]:
    return [
        str(e) for e in page.js("window.cubiriProbe ? window.cubiriProbe.errors : ['no probe']")
    ]


def shot(page: EnginePage, name: str) -> Path:
    """The page as it is, as engines/screenshots/<name>-<engine>.png."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}-{page.engine}.png"
    page.screenshot(path)
    return path


def both_sizes(page: EnginePage, name: str) -> None:
    for size, label in ((PHONE, "390"), (DESKTOP, "1280")):
        page.viewport(*size)
        page.call("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 300)))")
        shot(page, f"{name}-{label}")
    page.viewport(*PHONE)
