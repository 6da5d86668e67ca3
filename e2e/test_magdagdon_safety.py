"""MAGDAGDON safety rails (issue 15): no lost games, a clear answer to every tap, no tap counted
for what stood under the finger a moment before. Seeds' dice come from the engine, as in
e2e/magdagdon_driver.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from cubiri.kernel import RuleError
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import legal_cells_of
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, both_sizes, keyboard_to
from e2e.magdagdon_driver import MagdagdonDriver, first_game_with, placement_plan
from e2e.waits import settled, wait_until

Open = Callable[[str], Page]
Shot = Callable[[str], Path]


def saved_log(page: Page) -> list[str]:
    saved = json.loads(page.evaluate("localStorage.getItem('cubiri.magdagdon.game')"))
    return [entry["type"] for entry in saved["game"]["log"]]


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def stage_minimum(driver: MagdagdonDriver) -> None:
    for die, cell in placement_plan(driver.state):
        driver.stage(die, cell)


# Item 3 ----------------------------------------------------------------------------------------
def test_issue15_3_a_seed_link_asks_before_replacing_the_game_in_progress(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=9#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 9)
    driver.play_turn()
    driver.play_turn()
    expect(page.locator("#md-turn")).to_have_text("Turn 3")

    open_app("?seed=4#magdagdon")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("new MAGDAGDON game (seed 4)")
    both_sizes(page, shot, "magdagdon-seed-dialog")
    dialog.get_by_role("button", name="KEEP PLAYING").click()
    expect(page.locator("#md-turn")).to_have_text("Turn 3")
    driver.expect_in_step()  # the same board: declining kept the game

    open_app("?seed=4#magdagdon")
    page.get_by_role("dialog").get_by_role("button", name="NEW GAME").click()
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    seeded = MagdagdonDriver(page, "peaceful", 4)
    seeded.roll()
    seeded.expect_in_step()  # the link's seed gives its dice


# Item 4 ----------------------------------------------------------------------------------------
def test_issue15_4_new_game_during_play_asks_first(page: Page, open_app: Open, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=9#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 9)
    driver.play_turn()
    restart = page.locator("#md-restart")
    expect(restart).to_have_text("NEW GAME")
    restart.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("The MAGDAGDON game in progress will be lost.")
    both_sizes(page, shot, "magdagdon-new-game-dialog")
    dialog.get_by_role("button", name="KEEP PLAYING").click()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    restart.click()
    page.get_by_role("dialog").get_by_role("button", name="NEW GAME").click()
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    expect(page.locator(".md-cell[data-kind=number]")).to_have_count(0)
    expect(page.get_by_role("button", name="ROLL")).to_be_focused()


# Item 5 ----------------------------------------------------------------------------------------
def test_issue15_5_a_card_tapped_while_python_loads_opens_when_ready(
    page: Page, base_url: str, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    held: list = []
    page.route("**/py/main.py", lambda route: held.append(route))
    page.goto(base_url, wait_until="domcontentloaded")
    card = page.locator(".card-magdagdon")
    card.click()
    expect(card).to_have_attribute("data-pending", "")
    expect(card).to_have_attribute("aria-busy", "true")
    shot("home-loading-pending-390")
    wait_until(page, lambda: held, "the page to ask for py/main.py")
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="MAGDAGDON")).to_be_visible()
    assert page.url.endswith("#magdagdon")
    expect(card).not_to_have_attribute("data-pending", "")


# Item 6 ----------------------------------------------------------------------------------------
def test_issue15_6_a_refused_cell_tap_says_why_on_screen(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=9#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 9)
    driver.play_turn()
    driver.roll()
    message = page.locator("#md-message")
    empty = [i for i, v in enumerate(driver.state.board) if v == 0]

    # No die picked: an empty cell says to pick one first.
    page.locator(f"#md-cell-{empty[0]}").click()
    expect(message).to_have_text("Pick a die first, then tap a lit cell.")
    expect(message).to_have_attribute("data-tone", "error")

    # A die picked, a cell that touches no number: the engine's reason, shown, the cell marked.
    die = driver.state.available[0]
    far = next(c for c in empty if _refusal_code(driver.state, die, c) == "magdagdon.not_adjacent")
    driver.pick(die)
    page.locator(f"#md-cell-{far}").click()
    expect(message).to_have_text("A die must touch a number (up, down, left or right).")
    expect(message).to_have_attribute("data-tone", "error")
    expect(page.locator(f"#md-cell-{far}")).to_have_class(re.compile("refused"))
    expect(page.locator(f"#md-cell-{far}")).to_have_attribute("data-kind", "empty")
    both_sizes(page, shot, "magdagdon-refused")

    # The die picked for the player after a placement, tapped, stays picked (a play-tester's
    # tap put it down, then a cell said "Pick a die first"); tapped again it goes down, and
    # the next cell tap says so instead of doing nothing.
    (first, cell), *_ = placement_plan(driver.state)
    driver.stage(first, cell)
    picked = page.locator('#md-dice .die[aria-pressed="true"]')
    expect(picked).to_have_count(1)
    chosen = picked.get_attribute("id")
    picked.click()
    expect(page.locator(f"#{chosen}")).to_have_attribute("aria-pressed", "true")
    page.locator(f"#{chosen}").click()
    expect(picked).to_have_count(0)
    target = next(c for c in empty if c != cell)
    page.locator(f"#md-cell-{target}").click()
    expect(message).to_have_text("Pick a die first, then tap a lit cell.")


def _refusal_code(state: engine.State, die: int, cell: int) -> str | None:
    try:
        engine.play(state, engine.Stage(die, cell))
    except RuleError as error:
        return error.code
    return None


# Item 9 ----------------------------------------------------------------------------------------
def test_issue15_9_confirm_label_power_hint_and_reroll_marking(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=7#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 7)
    driver.roll()
    primary = page.locator("#md-primary")
    expect(primary).to_have_text("CONFIRM · 2 more to place")

    # DECREASE and INCREASE are off until a die is picked, and the screen says so.
    hint = page.locator("#md-powers-hint")
    expect(page.locator("#md-decrease")).to_be_disabled()
    expect(hint).to_be_visible()
    expect(hint).to_have_text("Pick a die first to DECREASE or INCREASE it.")
    both_sizes(page, shot, "magdagdon-power-hint")

    stage_minimum(driver)
    expect(primary).to_have_text("CONFIRM · 2 placed")
    both_sizes(page, shot, "magdagdon-confirm-label")

    # REROLL: the chosen die is filled and badged, not only ringed; a staged cell stays put.
    page.get_by_role("button", name="REROLL").click()
    free = driver.state.available[0]
    chosen = page.locator(f"#md-die-{free}")
    chosen.click()
    expect(chosen).to_have_attribute("data-status", "chosen")
    background = "e => getComputedStyle(e).backgroundImage"
    badge = "e => getComputedStyle(e, '::after').content"
    assert chosen.evaluate(badge) == '"↻"'
    others = [d for d in driver.state.available if d != free]
    if others:
        assert chosen.evaluate(background) != page.locator(f"#md-die-{others[0]}").evaluate(
            background
        )
    both_sizes(page, shot, "magdagdon-reroll-chosen")
    # A reload keeps REROLL mode and the die chosen (helper-22 and helper-24 came back a tap
    # earlier, the mode gone).
    reload(page)
    chosen = page.locator(f"#md-die-{free}")
    expect(chosen).to_have_attribute("data-status", "chosen")
    expect(page.get_by_role("button", name="CANCEL")).to_be_visible()
    staged_cell = driver.state.staged[0][1]
    page.locator(f"#md-cell-{staged_cell}").click()
    expect(page.locator(f"#md-cell-{staged_cell}")).to_have_attribute("data-kind", "staged")
    expect(page.locator("#md-message")).to_have_text(
        "Choose the dice to REROLL, or press CANCEL first."
    )


def test_issue15_9_accept_magdagdon_with_powers_left_waits_for_the_cell_and_says_why(
    page: Page, open_app: Open, shot: Shot
) -> None:
    seed, turn = first_game_with("peaceful", "magdagdon")
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.roll_on_turn(turn)
    assert driver.state.phase is engine.Phase.MAGDAGDON
    fits = [v for v in range(1, 7) if legal_cells_of(driver.state.board, v)]
    why = (
        f"The board can take only these values now: {', '.join(map(str, fits))}."
        if fits
        else "No value fits any empty cell now."
    )
    message = page.locator("#md-message")
    expect(message).to_contain_text(why)
    both_sizes(page, shot, "magdagdon-why")

    page.get_by_role("button", name="ACCEPT MAGDAGDON").click()
    expect(message).to_contain_text("You still have 3 Majda Powers: press CANCEL")
    both_sizes(page, shot, "magdagdon-accept-asks")
    page.get_by_role("button", name="CANCEL").click()  # back: nothing was final
    expect(message).to_contain_text("MAGDAGDON!")
    assert "accept" not in saved_log(page)
    expect(page.get_by_role("button", name="REROLL")).to_be_enabled()

    page.get_by_role("button", name="ACCEPT MAGDAGDON").click()
    reload(page)  # still asking for the RUIN's cell, nothing played yet
    expect(message).to_contain_text("You still have 3 Majda Powers: press CANCEL")
    assert "accept" not in saved_log(page)
    cell = next(i for i, v in enumerate(driver.state.board) if v == 0)
    page.locator(f"#md-cell-{cell}").click()
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "ruin")
    assert saved_log(page)[-2:] == ["accept", "ruin"]
    expect(page.get_by_role("button", name="ROLL")).to_be_visible()


# Input safety ----------------------------------------------------------------------------------
def test_issue15_a_double_click_on_confirm_never_rolls(page: Page, open_app: Open) -> None:
    page.clock.install()
    page.set_viewport_size(PHONE)
    open_app("?seed=7#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 7)
    driver.roll()
    stage_minimum(driver)
    page.locator("#md-primary").dblclick()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    settled(page)  # the second click has been handled: it was held off
    assert saved_log(page)[-1] == "confirm"
    expect(page.locator("#md-primary")).to_have_text("ROLL")

    # Two quick single taps (a phone's double tap, no click count): the second is held off.
    driver.state = engine.play(driver.state, engine.Confirm())
    driver.roll()
    stage_minimum(driver)
    # The page's clock stands still between the taps, so a loaded machine cannot stretch
    # the 120 ms past the hold.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.evaluate("document.getElementById('md-primary').click()")
    page.clock.fast_forward(120)
    page.evaluate("document.getElementById('md-primary').click()")
    page.clock.resume()
    expect(page.locator("#md-turn")).to_have_text("Turn 3")
    settled(page)
    assert saved_log(page)[-1] == "confirm"


def test_issue15_a_held_enter_on_confirm_never_rolls(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=7#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 7)
    driver.roll()
    stage_minimum(driver)
    keyboard_to(page, "#md-primary")
    page.keyboard.down("Enter")  # CONFIRM
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    # Past the lock (the guard lifts aria-disabled when it ends): only the key's repeat may
    # stop ROLL now.
    expect(page.locator("#md-primary")).not_to_have_attribute("aria-disabled", "true")
    page.keyboard.down("Enter")  # auto-repeat of the held key
    page.keyboard.up("Enter")
    settled(page)
    assert saved_log(page)[-1] == "confirm"


def test_issue15_a_double_click_on_increase_uses_one_power(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=7#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 7)
    driver.roll()
    die = next(i for i, v in enumerate(driver.state.dice) if v <= 4)
    driver.pick(die)
    page.get_by_role("button", name="INCREASE +1").dblclick()
    driver.state = engine.play(driver.state, engine.Adjust(die, 1))
    expect(page.locator(f"#md-die-{die}")).to_have_text(str(driver.state.dice[die]))
    settled(page)  # the second click has been handled: it was held off
    expect(page.locator(f"#md-die-{die}")).to_have_text(str(driver.state.dice[die]))
    expect(page.locator("#md-powers-status")).to_have_text("2 left · next costs 20")


def test_issue15_a_double_click_on_a_lit_cell_stages_it_once(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=7#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 7)
    driver.roll()
    (die, cell), *_ = placement_plan(driver.state)
    driver.pick(die)
    page.locator(f"#md-cell-{cell}").dblclick()
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")
    settled(page)  # the second click has been handled: it did not take the die back
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")
    assert saved_log(page)[-1] == "stage"
