"""The app shell: local-only runtime, visible before Python, ready once wired (issue 2)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, expect

from e2e.conftest import READY, READY_TIMEOUT_MS, PageLog
from e2e.waits import wait_until

CARD_1 = re.compile(r"^CUBIRI ORIGINAL #1 MAGDAGDON")
CARD_2 = re.compile(r"^CUBIRI ORIGINAL #2 MISHIMASH")


def test_shell_paints_before_python_then_app_becomes_ready(
    page: Page, base_url: str, page_log: PageLog, shot: Callable[[str], Path]
) -> None:
    # Hold back the app's entry script so the shell can be seen exactly as it is before Python.
    held: list[Route] = []
    page.route("**/py/main.py", lambda route: held.append(route))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url, wait_until="domcontentloaded")

    expect(page.get_by_role("heading", name="Cubiri")).to_be_visible()
    expect(page.get_by_role("button", name=CARD_1)).to_be_visible()
    expect(page.get_by_role("button", name=CARD_2)).to_be_visible()
    expect(page.get_by_role("button", name="SETTINGS")).to_be_visible()
    expect(page.get_by_role("status")).to_be_visible()
    assert page.locator(READY).count() == 0
    page.wait_for_function("() => document.querySelectorAll('[data-open]').length > 0")
    page.wait_for_timeout(300)  # let the progress bar move a step for the screenshot
    shot("shell-loading-390")

    wait_until(page, lambda: held, "the page to ask for py/main.py")
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("status")).to_be_hidden()
    shot("home-390")

    origin = urlsplit(base_url).netloc
    foreign = [url for url in page_log.request_urls() if urlsplit(url).netloc != origin]
    assert foreign == [], f"requests outside the page's origin: {foreign}"
    assert page_log.failed == [], f"failed requests: {page_log.failed}"
    assert page_log.console_errors == [], f"console errors: {page_log.console_errors}"
    assert any(url.endswith("/static/icon.svg") for url in page_log.request_urls())


def test_game_cards_and_settings_open_their_screens(
    open_app: Callable[[str], Page], shot: Callable[[str], Path]
) -> None:
    page = open_app("")
    page.set_viewport_size({"width": 1280, "height": 800})
    shot("home-1280")

    page.get_by_role("button", name=CARD_1).click()
    expect(page.get_by_role("heading", name="MAGDAGDON")).to_be_visible()
    expect(page.get_by_role("button", name="ROLL")).to_be_visible()
    assert page.url.endswith("#magdagdon")
    page.go_back()
    expect(page.get_by_role("heading", name="Cubiri")).to_be_visible()

    page.get_by_role("button", name=CARD_2).click()
    expect(page.get_by_role("heading", name="MISHIMASH")).to_be_visible()
    expect(page.get_by_role("button", name="START")).to_be_visible()
    page.get_by_role("button", name="Back to home").click()
    expect(page.get_by_role("heading", name="Cubiri")).to_be_visible()

    page.get_by_role("button", name="SETTINGS").click()
    expect(page.get_by_role("heading", name="SETTINGS")).to_be_visible()
    page.get_by_role("button", name="Back", exact=True).click()
    expect(page.get_by_role("heading", name="Cubiri")).to_be_visible()
    page.get_by_role("button", name="RULES MAGDAGDON").click()
    expect(page.get_by_role("heading", name="RULES · MAGDAGDON")).to_be_visible()
    expect(page.get_by_role("heading", name="VALID PLACEMENT")).to_be_visible()
    page.get_by_role("button", name="Back", exact=True).click()
    page.get_by_role("button", name="ABOUT MISHIMASH").click()
    expect(page.get_by_text("Dedicated to Mišinka.")).to_be_visible()
    page.get_by_role("button", name="Back", exact=True).click()
    page.get_by_role("button", name="SETTINGS").click()
    expect(page.get_by_label("Language")).to_have_value("en")
    shot("settings-1280")


def test_a_deep_link_opens_its_screen(open_app: Callable[[str], Page]) -> None:
    page = open_app("#mishimash")
    expect(page.get_by_role("heading", name="MISHIMASH")).to_be_visible()
    expect(page.get_by_role("heading", name="Cubiri")).to_be_hidden()
