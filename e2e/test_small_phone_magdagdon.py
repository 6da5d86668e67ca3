"""MAGDAGDON on a small phone, as helper-17 saw it at 320×568. With real dice, after ROLL only
a sliver of USE THESE DICE showed at the screen's bottom, and a refused entry's message was cut
off or wholly below it (MISHIMASH's entry already scrolled itself into view): the entry now
shows from its prompt to USE THESE DICE, the refusal included. ACCEPT MAGDAGDON's CANCEL and
REROLL, which the message names, are in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from cubiri.magdagdon import game as engine
from e2e.a11y import wholly_in_view
from e2e.conftest import READY, READY_TIMEOUT_MS
from e2e.taps import tap
from e2e.test_real_dice_magdagdon import TableDriver

SMALL = {"width": 320, "height": 568}


def a_magdagdon_at_a_table(page: Page, base_url: str) -> None:
    """At 320×568 with real dice: a turn placed, then a throw that fits nowhere (M16)."""
    page.set_viewport_size(SMALL)
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.locator("#md-real-dice").check()
    driver = TableDriver(page, "peaceful")
    driver.play_turn()
    driver.wanted = engine.Phase.MAGDAGDON  # the second throw fits nowhere
    driver.roll()


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


def test_accept_magdagdon_with_powers_left_has_its_cancel_in_view(
    page: Page, base_url: str
) -> None:
    """helper-17 at 320×568: ACCEPT MAGDAGDON with powers left asks for the RUIN's cell and says
    "press CANCEL to try one first", but that CANCEL, in the powers' panel, sat below the
    screen's bottom. The button just pressed is now the CANCEL, under the dice."""
    a_magdagdon_at_a_table(page, base_url)
    primary = page.locator("#md-primary")
    expect(primary).to_have_text("ACCEPT MAGDAGDON")
    tap(primary)
    expect(page.locator("#md-message")).to_contain_text("press CANCEL to try one first")
    expect(primary).to_have_text("CANCEL")
    expect(page.locator("#md-cancel")).to_be_hidden()  # one CANCEL
    page.wait_for_timeout(300)
    page.screenshot(path="e2e/screenshots/magdagdon-accept-asks-320x568.png")
    for selector in ("#md-message", "#md-primary"):
        assert wholly_in_view(page, selector), selector
    tap(primary)
    expect(primary).to_have_text("ACCEPT MAGDAGDON")
    expect(page.locator("#md-message")).not_to_contain_text("press CANCEL")


def test_reroll_shows_the_button_its_message_names(page: Page, base_url: str) -> None:
    """helper-17 at 320×568: "Tap the dice to reroll, then press REROLL." with REROLL cut in
    half at the screen's bottom."""
    page.set_viewport_size(SMALL)
    page.goto(base_url + "?seed=3#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    tap(page.locator("#md-primary"))  # ROLL
    expect(page.locator("#md-die-0")).to_be_visible()
    tap(page.locator("#md-reroll"))
    expect(page.locator("#md-message")).to_contain_text("then press REROLL")
    page.wait_for_timeout(300)
    page.screenshot(path="e2e/screenshots/magdagdon-reroll-320x568.png")
    for selector in ("#md-message", "#md-die-0", "#md-reroll", "#md-cancel"):
        assert wholly_in_view(page, selector), selector


def test_undo_by_keyboard_keeps_its_focus_in_view(page: Page, base_url: str) -> None:
    """helper-18 at 320×568: a MAGDAGDON's +1 taken back by UNDO with the keyboard brought its
    long message back, which pushed UNDO, still focused, below the bottom; a second Enter there
    undid the throw, unseen."""
    a_magdagdon_at_a_table(page, base_url)
    tap(page.locator("#md-die-0"))
    tap(page.locator("#md-increase"))
    undo = page.locator("#md-undo")
    undo.focus()
    page.keyboard.press("Enter")
    # By the power's name, whose use comes back (helper-18 heard "the last entry").
    expect(page.locator("#announcer")).to_contain_text("and its Majda Power is yours again.")
    expect(page.locator("#md-powers")).to_contain_text("3 left")
    expect(undo).to_be_focused()
    page.wait_for_timeout(300)  # any scroll settles
    page.screenshot(path="e2e/screenshots/magdagdon-undo-focused-320x568.png")
    assert wholly_in_view(page, "#md-undo")


def test_a_throw_entered_brings_the_board_back_above_its_dice(page: Page, base_url: str) -> None:
    """helper-24 at 320×568: after USE THESE DICE the page stayed where the entry had scrolled
    it, with the board's first row, the turn and the score above the screen while the dice were
    placed. The board comes back, its dice and CONFIRM under it."""
    page.set_viewport_size(SMALL)
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.locator("#md-real-dice").check()
    tap(page.locator("#md-primary"))  # ROLL: the entry opens
    for value in (2, 3, 3, 5):
        tap(page.get_by_role("button", name=f"Add a {value}"))
    tap(page.get_by_role("button", name="USE THESE DICE"))
    expect(page.locator("#md-die-3")).to_be_visible()
    page.wait_for_timeout(300)  # any scroll settles
    assert wholly_in_view(page, "#md-board")
    assert wholly_in_view(page, "#md-die-0")
    assert wholly_in_view(page, "#md-primary")


def test_a_hint_shows_the_cells_it_lights_with_the_dice_it_marks(page: Page, base_url: str) -> None:
    """helper-24 at 320×568, seed 16's MAGDAGDON on turn 2: HINT lit two cells, both wholly
    above the screen. They come into view with the dice the hint marks."""
    from e2e.magdagdon_driver import MagdagdonDriver

    page.set_viewport_size(SMALL)
    page.goto(base_url + "?seed=16#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    driver = MagdagdonDriver(page, "peaceful", 16)
    driver.play_turn()
    driver.roll()
    assert driver.state.phase is engine.Phase.MAGDAGDON
    tap(page.locator("#md-hint"))
    lit = page.locator("#md-board [data-hint]")
    expect(lit.first).to_be_visible()
    page.wait_for_timeout(300)
    for index in range(lit.count()):
        box = lit.nth(index).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SMALL["height"]
    assert wholly_in_view(page, "#md-dice")


def test_confirm_stays_one_line_at_360_px_in_vietnamese(page: Page, base_url: str) -> None:
    """helper-24: "XÁC NHẬN · cần đặt thêm 2" broke at 360 px (a common Android width, where
    the font grows), its 2 alone on a second line of a 48 px button."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script("localStorage.setItem('cubiri.language', 'vi')")
    page.goto(base_url + "?seed=16#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    tap(page.locator("#md-primary"))  # ROLL
    confirm = page.locator("#md-primary")
    expect(confirm).to_contain_text("XÁC NHẬN")
    lines = confirm.evaluate(
        "b => { const r = document.createRange(); r.selectNodeContents(b);"
        " return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"
    )
    assert lines == 1


def test_roll_brings_the_board_back_above_its_dice(page: Page, base_url: str) -> None:
    """helper-30 at 320×568, in Hungarian: after CONFIRM the page stood where CONFIRM was, and
    the next ROLL showed its dice with the whole board above the screen. The board comes back
    with the dice under it."""
    from e2e.magdagdon_driver import MagdagdonDriver

    page.set_viewport_size(SMALL)
    page.add_init_script("localStorage.setItem('cubiri.language', 'hu')")
    page.goto(base_url + "?seed=21#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    driver = MagdagdonDriver(page, "peaceful", 21)
    driver.play_turn()
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # where the player tapped CONFIRM
    driver.roll()
    page.wait_for_timeout(300)  # any scroll settles
    assert wholly_in_view(page, "#md-board")
    assert wholly_in_view(page, "#md-die-0")
