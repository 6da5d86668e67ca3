"""The coach in view on a small phone (helper-15's audit at 320×568, three seats): before the
throw, the chance to win sat under ROLL, below the screen's bottom; after the throw the verdict
(bank now · roll on) was cut off; after a reload the page opened at its top, the turn below.
The page now scrolls a person's turn so that what decides it is in view: the turn's line with
the total to beat, the dice or ROLL, BANK and ROLL AGAIN, and the coach's lines."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from cubiri.mishimash import game as engine
from e2e.a11y import wholly_in_view
from e2e.conftest import READY, READY_TIMEOUT_MS
from e2e.mishimash_driver import played_to, press_bank

SMALL = {"width": 320, "height": 568}
PLAYERS, TARGET = ["Ana", "Bo", "Cy"], 5


def settled(page: Page) -> None:
    page.wait_for_timeout(400)  # any smooth scroll settles


def final_round_roll(state: engine.State) -> bool:
    """Bo's turn of the final round, before its throw (Ana reached the target)."""
    return (
        state.round is engine.Round.FINAL_ROUND
        and state.current == 1
        and state.phase is engine.Phase.ROLL
    )


def test_a_final_round_turn_on_a_320_by_568_phone_shows_the_coach(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    driver = played_to(page, open_app, PLAYERS, TARGET, final_round_roll, SMALL)
    coach = page.locator("#ms-coach li")
    expect(coach.first).to_contain_text("chance to win")
    settled(page)
    page.screenshot(path="e2e/screenshots/mishimash-final-round-roll-320x568.png")
    # Before the throw: ROLL, the total to beat and the chance to win.
    for selector in ("#ms-roll", "#ms-to-beat", "#ms-coach li:first-child"):
        assert wholly_in_view(page, selector), selector

    driver.roll()
    assert driver.state.phase is engine.Phase.SELECT
    first = engine.legal_selections(driver.state.dice)[0]
    driver.pick(first)
    expect(coach.filter(has_text="Chance to win: bank now")).to_have_count(1)
    settled(page)
    page.screenshot(path="e2e/screenshots/mishimash-final-round-pick-320x568.png")
    # After the throw and a pick: the dice, BANK, ROLL AGAIN and the coach's verdict.
    for selector in ("#ms-to-beat", "#ms-die-0", "#ms-bank", "#ms-again", "#ms-coach"):
        assert wholly_in_view(page, selector), selector

    # A reload in the middle of the turn opens on the turn, not at the page's top.
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(coach.filter(has_text="Chance to win: bank now")).to_have_count(1)
    settled(page)
    for selector in ("#ms-die-0", "#ms-bank", "#ms-again", "#ms-coach"):
        assert wholly_in_view(page, selector), selector
    # The turn still plays on from there: Bo's was the last (a BANK short of Cy's total).
    press_bank(page, engine.play(driver.state, engine.Select(first)))
    expect(page.locator("#ms-result")).to_have_text("Cy wins!")
