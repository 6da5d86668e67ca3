"""A table of real dice on a 320×568 phone (helper-18): after a throw typed wrong busts, the
next person's entry took the screen, and the BUST line and UNDO, which mends the throw, sat
above its top (in Portuguese "Ann's last roll" too); and UNDO pressed by keyboard could leave
its own focus below the bottom, where a second Enter undid more, unseen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.a11y import wholly_in_view
from e2e.test_real_dice import ONE, ready, start, switch_language, take, throw

SMALL = {"width": 320, "height": 568}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_bust_typed_at_the_table_keeps_its_line_and_undo_in_view(
    page: Page, base_url: str, language: str
) -> None:
    page.set_viewport_size(SMALL)
    ready(page, base_url + "#mishimash")
    start(page, ["Ann", "Bea"], 30)
    switch_language(page, language)
    throw(page, ONE)
    take(page, (0,), bank=False)  # the 1, then ROLL AGAIN: five dice
    throw(page, "22346")  # nothing scores: a bust (X11)
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea")
    expect(page.locator("#ms-event")).to_have_attribute("data-kind", "bust")
    page.wait_for_timeout(300)  # any scroll settles
    page.screenshot(path=f"e2e/screenshots/mishimash-table-bust-320x568-{language}.png")
    assert wholly_in_view(page, "#ms-event")
    assert wholly_in_view(page, "#ms-undo")
    assert wholly_in_view(page, "#ms-face-1")  # and Bea's entry still starts in view


def test_other_opens_its_target_field_in_view(page: Page, base_url: str) -> None:
    """helper-21 at 360×740 with three seats: the pills sit just above the fold, and tapping
    "Other" opened the target's field below it; nothing on screen said it had opened. It
    scrolls in; the focus stays on the pills, where arrow keys go on choosing."""
    page.set_viewport_size({"width": 360, "height": 740})
    ready(page, base_url + "#mishimash")
    for _ in range(2):
        page.locator("#ms-add").click()
    page.evaluate("window.scrollTo(0, 0)")
    assert wholly_in_view(page, "label.pill:has(input[value=custom])")  # tapped where it is
    page.locator("label.pill:has(input[value=custom])").click()
    expect(page.locator("#ms-custom")).to_be_visible()
    page.wait_for_timeout(300)  # any scroll settles
    assert wholly_in_view(page, "#ms-custom-label")
    assert page.evaluate("document.activeElement.name") == "ms-target"
