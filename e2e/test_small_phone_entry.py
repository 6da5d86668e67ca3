"""helper-17 at 320×568, MAGDAGDON with real dice: after ROLL only a sliver of USE THESE DICE
showed at the screen's bottom, and a refused entry's message was cut off or wholly below it
(MISHIMASH's entry already scrolled itself into view). The entry now shows from its prompt
to USE THESE DICE, the refusal included."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import READY, READY_TIMEOUT_MS
from e2e.taps import tap

SMALL = {"width": 320, "height": 568}


def wholly_in_view(page: Page, selector: str) -> bool:
    return bool(
        page.evaluate(
            """s => { const r = document.querySelector(s).getBoundingClientRect();
                      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
            selector,
        )
    )


@pytest.mark.parametrize("language", ["en", "vi"])
def test_a_magdagdon_throw_to_enter_shows_its_entry_on_a_small_phone(
    page: Page, base_url: str, language: str
) -> None:
    page.set_viewport_size(SMALL)
    page.add_init_script(f"localStorage.setItem('cubiri.language', '{language}')")
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.locator("#md-real-dice").check()
    tap(page.locator("#md-primary"))  # ROLL: the table throws, the dice are entered here
    expect(page.locator("#md-face-1")).to_be_focused()
    page.wait_for_timeout(300)  # any scroll settles
    for selector in ("#md-entry-prompt", "#md-face-6", "#md-entry-text", "#md-entry-use"):
        assert wholly_in_view(page, selector), selector
    page.locator("#md-entry-text").fill("xyz")
    page.locator("#md-entry-text").press("Enter")
    expect(page.locator("#md-entry-error")).not_to_be_empty()
    page.wait_for_timeout(300)
    page.screenshot(path=f"e2e/screenshots/magdagdon-entry-refused-{language}-320x568.png")
    for selector in ("#md-entry-text", "#md-entry-error", "#md-entry-use"):
        assert wholly_in_view(page, selector), selector
