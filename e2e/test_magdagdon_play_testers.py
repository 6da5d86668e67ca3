"""MAGDAGDON slips the play-testers of issue 29 found, each reproduced as a player meets it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from cubiri.magdagdon import game as engine
from cubiri.magdagdon.scoring import breakdown
from e2e.conftest import DESKTOP, PHONE
from e2e.magdagdon_driver import MagdagdonDriver
from e2e.taps import tap

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
SMALL = {"width": 320, "height": 568}


def peaceful(page: Page) -> None:
    page.add_init_script("localStorage.setItem('cubiri.magdagdon.difficulty', 'peaceful')")


def stuck_with_a_staged_die(page: Page, open_app: Open) -> MagdagdonDriver:
    """Issue 29's `?seed=9000` game up to T3, where INCREASE leaves a staged die in MAGDAGDON:
    T1 3 1 2 5 → 1, 2, 3 on row 1; T2 6 2 2 1 → 2, 2, 1 down column 1; T3 5 6 5 2: DECREASE
    die 1 → 4, the 2 on row 1 column 4, then INCREASE die 1 → 5 (the INCREASE not yet tapped)."""
    peaceful(page)
    page.set_viewport_size(PHONE)
    open_app("?seed=9000#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 9000)
    for moves in (((1, 0), (2, 1), (0, 2)), ((1, 4), (2, 8), (3, 12))):
        driver.roll()
        for die, cell in moves:
            driver.stage(die, cell)
        driver.confirm()
    driver.roll()
    assert driver.state.dice == (5, 6, 5, 2)
    expect(page.locator("#md-primary")).to_have_attribute("data-phase", "magdagdon")
    driver.adjust(0, -1)
    driver.stage(3, 3)
    driver.pick(0)
    return driver


def test_a_power_that_leaves_the_roll_unplaceable_takes_the_staged_die_back(
    page: Page, open_app: Open, shot: Shot
) -> None:
    stuck_with_a_staged_die(page, open_app)
    tap(page.get_by_role("button", name="INCREASE +1"))
    expect(page.locator("#md-primary")).to_have_attribute("data-phase", "magdagdon")
    # The 2 is back in the tray, off the board and out of the score (M16 ignores the staging;
    # nothing staged could move in MAGDAGDON, and ACCEPT would clear it anyway).
    expect(page.locator("#md-cell-3")).to_have_attribute("data-kind", "empty")
    expect(page.locator("#md-die-3")).not_to_have_attribute("data-status", "staged")
    board = (1, 2, 3, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0)
    expect(page.locator("#md-score")).to_have_text(f"Score {breakdown(board, 'peaceful', 2).final}")
    message = page.locator("#md-message")
    expect(message).to_contain_text("No order places 2 of these dice")
    expect(message).to_contain_text("was taken back")
    expect(page.locator("#announcer")).to_contain_text("was taken back")
    shot("magdagdon-staged-taken-back-390")
    # The 2 may now be changed by a power, as M14 allows an unstaged die.
    tap(page.locator("#md-die-3"))
    expect(page.get_by_role("button", name="INCREASE +1")).to_be_enabled()


def test_a_power_that_saves_the_roll_keeps_the_staging(page: Page, open_app: Open) -> None:
    driver = stuck_with_a_staged_die(page, open_app)
    # DECREASE die 2 (6 → 5) keeps the roll placeable: the staged 2 stays where it is.
    driver.pick(1)
    tap(page.get_by_role("button", name="DECREASE −1"))
    state = engine.play(driver.state, engine.Adjust(1, -1))
    assert state.phase is engine.Phase.PLACE
    expect(page.locator("#md-die-1")).to_have_text("5")
    expect(page.locator("#md-cell-3")).to_have_attribute("data-kind", "staged")


def in_view(page: Page, selector: str) -> bool:
    """Whether the whole of `selector`'s element is inside the viewport, unscrolled."""
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.width > 0 && r.top >= 0 && r.left >= 0
                      && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


def in_magdagdon(page: Page, open_app: Open) -> MagdagdonDriver:
    """`?seed=9000` at T3: 5 6 5 2 is a MAGDAGDON that a power can save."""
    driver = stuck_with_a_staged_die(page, open_app)
    tap(page.get_by_role("button", name="INCREASE +1"))
    expect(page.locator("#md-primary")).to_have_attribute("data-phase", "magdagdon")
    return driver


def test_in_magdagdon_what_the_message_names_is_in_view(
    page: Page, open_app: Open, shot: Shot
) -> None:
    in_magdagdon(page, open_app)
    named = ["#md-message", "#md-decrease", "#md-increase", "#md-reroll", "#md-primary"]
    # The phone as the tap left it: the app scrolled what the message names into view.
    page.screenshot(path="e2e/screenshots/magdagdon-stuck-view-390.png")
    assert [s for s in named if not in_view(page, s)] == []
    page.set_viewport_size(DESKTOP)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path="e2e/screenshots/magdagdon-stuck-view-1280.png")
    assert [s for s in named if not in_view(page, s)] == []
    page.set_viewport_size(SMALL)  # a 568 px phone scrolls: looked at, not asserted
    page.locator("#md-message").scroll_into_view_if_needed()
    page.screenshot(path="e2e/screenshots/magdagdon-stuck-view-320.png")
    # With ACCEPT pressed (powers left), CANCEL is named: the button pressed is it, in view.
    page.set_viewport_size(PHONE)
    page.evaluate("scrollTo(0, 0)")
    tap(page.locator("#md-primary"))
    expect(page.locator("#md-primary")).to_have_text("CANCEL")
    page.screenshot(path="e2e/screenshots/magdagdon-accepting-view-390.png")
    assert in_view(page, "#md-primary") and in_view(page, "#md-message")
    # The RUIN's cells are lit in the danger red of the message, not a placement's teal.
    lit = page.locator("#md-cell-3")
    expect(lit).to_have_attribute("data-lit", "true")
    placement = "rgba(55, 198, 176, 0.22)"
    assert lit.evaluate("c => getComputedStyle(c).backgroundColor") != placement


def test_the_desktop_uses_its_width_with_every_control_in_view(page: Page, open_app: Open) -> None:
    in_magdagdon(page, open_app)
    page.set_viewport_size(DESKTOP)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path="e2e/screenshots/magdagdon-desktop-1280.png")
    width = page.evaluate("document.querySelector('#screen-magdagdon').offsetWidth")
    assert width > 800, f"one {width} px column on a 1280 px desktop"
    controls = ["#md-board", "#md-message", "#md-dice", "#md-primary", "#md-reroll"]
    controls += ["#md-hint", "#md-daily-start", "#md-restart"]
    assert [s for s in controls if not in_view(page, s)] == []


def a_plan_that_begins_with_a_power() -> engine.State:
    """Seed 1 played by the computer player to its fifth turn, whose plan begins with INCREASE
    +1 on the die it places second (M13), then places two dice."""
    from cubiri.magdagdon import bot

    state = engine.new_game("peaceful", 1)
    while True:
        if state.phase is engine.Phase.PLACE and not state.staged:
            plan = bot.turn_actions(state)
            if isinstance(plan[0], engine.Adjust):
                return state
        state = engine.play(state, bot.next_action(state))


def test_a_hints_plan_goes_on_after_its_first_step_a_power(page: Page, base_url: str) -> None:
    """helper-24: after the Majda Power a HINT began with, its text and lit cells were gone,
    and the placements had to be remembered. The plan goes on for the roll the power left."""
    from e2e.test_storage_safety import MD_GAME, magdagdon_save, store

    state = a_plan_that_begins_with_a_power()
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=120_000)
    store(page, MD_GAME, magdagdon_save(state))
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=120_000)
    tap(page.locator("#md-hint"))
    suggest = page.locator("#md-suggest")
    expect(suggest).to_contain_text("First INCREASE +1 on die 2")  # the die marked 2
    expect(page.locator("#md-die-3")).to_have_attribute("data-hint", "2")
    driver = MagdagdonDriver(page, "peaceful", 1)
    driver.state = state
    driver.adjust(3, 1)
    expect(suggest).to_contain_text("The computer would place: 1.")
    expect(suggest).not_to_contain_text("INCREASE")
    expect(page.locator("#md-board [data-hint]")).to_have_count(2)
