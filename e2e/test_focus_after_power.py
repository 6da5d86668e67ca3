"""Issue 29: after a Majda Power rescues a roll from MAGDAGDON (M17), the focus went nowhere on
purpose and stayed on the power's button; the player's next step is placing a die, so the focus
goes to the first cell that takes the picked die (or the first die)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from cubiri.magdagdon import game as engine
from e2e.conftest import PHONE
from e2e.magdagdon_driver import MagdagdonDriver, first_game_with, saving_adjustment


def test_issue29_a_power_that_rescues_the_roll_sends_the_focus_to_the_next_placement(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    seed, turn = first_game_with("peaceful", "saved")
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.roll_on_turn(turn)
    assert driver.state.phase is engine.Phase.MAGDAGDON
    fix = saving_adjustment(driver.state)
    driver.adjust(fix.die, fix.delta)
    assert driver.state.phase is engine.Phase.PLACE
    power = "md-decrease" if fix.delta < 0 else "md-increase"
    expect(page.locator(f"#{power}")).not_to_be_focused()
    focused = page.locator(":focus")
    expect(focused).to_have_count(1)
    place = [a for a in engine.legal_actions(driver.state) if isinstance(a, engine.Stage)]
    cells = {f"md-cell-{a.cell}" for a in place if a.die == fix.die}
    dice = {f"md-die-{a.die}" for a in place}
    assert focused.get_attribute("id") in cells | dice


def test_issue29_accept_magdagdon_with_powers_left_says_its_warning(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    """ACCEPT MAGDAGDON with a power left shows a warning (the powers, CANCEL) and asks for the
    RUIN's cell; a screen reader heard nothing of it."""
    seed, turn = first_game_with("peaceful", "magdagdon")
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.roll_on_turn(turn)
    assert driver.state.phase is engine.Phase.MAGDAGDON and driver.state.powers_left > 0
    page.get_by_role("button", name="ACCEPT MAGDAGDON").click()
    expect(page.locator("#announcer")).to_contain_text("You still have")
    expect(page.locator("#announcer")).to_contain_text("CANCEL")
