"""MAGDAGDON in the browser, played by taps (and keys) with known seeds (issue 5)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from cubiri.magdagdon import game as engine
from e2e.conftest import PHONE, PageLog, both_sizes, keyboard_to
from e2e.magdagdon_driver import (
    MagdagdonDriver,
    first_game_with,
    placement_plan,
    saving_adjustment,
)

Open = Callable[[str], Page]
Shot = Callable[[str], Path]


def set_difficulty(page: Page, difficulty: str) -> None:
    page.add_init_script(
        f"localStorage.getItem('cubiri.magdagdon.difficulty') || "
        f"localStorage.setItem('cubiri.magdagdon.difficulty', '{difficulty}')"
    )


@pytest.mark.parametrize(
    ("difficulty", "seed"), [("peaceful", 11), ("survival", 12), ("nightmare", 13)]
)
def test_m25_a_full_game_ends_with_the_engines_score_and_a_high_score_row(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog, difficulty: str, seed: int
) -> None:
    set_difficulty(page, difficulty)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    expect(page.locator("#md-difficulty")).to_have_text(difficulty.upper())
    driver = MagdagdonDriver(page, difficulty, seed)
    if difficulty == "peaceful":
        both_sizes(page, shot, "magdagdon-start")
    driver.play_turn()
    driver.expect_in_step()
    driver.play_to_end()

    final = driver.state.score().final
    expect(page.locator("#md-score")).to_have_text(f"Score {final}")
    breakdown = page.locator("#md-breakdown")
    expect(breakdown.locator("tr.final td")).to_have_text(str(final))
    new_row = page.locator(f"table.scores[data-difficulty={difficulty}] tr.new")
    expect(new_row).to_have_count(1)
    cells = new_row.locator("td").all_text_contents()
    assert cells[1] == str(final)
    assert re.search(r"20\d\d", cells[2]), f"a readable date, got {cells[2]!r}"
    assert cells[3] == str(driver.state.turns)
    assert cells[4] == str(driver.state.powers_used)
    both_sizes(page, shot, f"magdagdon-end-{difficulty}")
    assert page_log.console_errors == []

    # The table is there from the home screen too, and NEW GAME starts over.
    page.get_by_role("button", name="NEW GAME").click()
    expect(page.get_by_role("button", name="ROLL")).to_be_visible()
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    page.get_by_role("button", name="Back to home").click()
    page.get_by_role("button", name="HIGH SCORES").click()
    expect(page.locator(f"table.scores[data-difficulty={difficulty}] td").nth(1)).to_have_text(
        str(final)
    )
    if difficulty == "peaceful":
        shot("scores-390")


def test_m16_m18_a_magdagdon_is_accepted_and_its_ruin_placed(
    page: Page, open_app: Open, shot: Shot
) -> None:
    seed, turn = first_game_with("nightmare", "magdagdon")
    set_difficulty(page, "nightmare")
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "nightmare", seed)
    driver.roll_on_turn(turn)
    assert driver.state.phase is engine.Phase.MAGDAGDON
    expect(page.locator("#md-message")).to_contain_text("MAGDAGDON!")
    expect(page.get_by_role("button", name="ACCEPT MAGDAGDON")).to_be_enabled()
    both_sizes(page, shot, "magdagdon-magdagdon")
    page.get_by_role("button", name="ACCEPT MAGDAGDON").click()
    expect(page.locator("#md-message")).to_contain_text("becomes a RUIN")
    empty = sum(1 for value in driver.state.board if value == 0)
    expect(page.locator('.md-cell[data-lit="true"]')).to_have_count(empty)  # M18: any empty cell
    both_sizes(page, shot, "magdagdon-ruin-pick")
    driver.state = engine.play(driver.state, engine.AcceptMagdagdon())
    cell = next(i for i, v in enumerate(driver.state.board) if v == 0)
    page.get_by_role(
        "button", name=re.compile(rf"^Row {cell // 4 + 1}, column {cell % 4 + 1}:")
    ).click()
    driver.state = engine.play(driver.state, engine.PlaceRuin(cell))
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "ruin")
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("aria-label", re.compile("RUIN"))
    expect(page.get_by_role("button", name="ROLL")).to_be_visible()


def test_m17_a_power_saves_the_roll_and_its_penalty_is_in_the_final_score(
    page: Page, open_app: Open, shot: Shot
) -> None:
    seed, turn = first_game_with("peaceful", "saved")
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.roll_on_turn(turn)
    assert driver.state.phase is engine.Phase.MAGDAGDON
    expect(page.locator("#md-powers-status")).to_have_text("3 left · next costs 10")
    fix = saving_adjustment(driver.state)
    driver.adjust(fix.die, fix.delta)
    assert driver.state.phase is engine.Phase.PLACE
    expect(page.locator("#md-message")).not_to_contain_text("MAGDAGDON")
    expect(page.locator("#md-powers-status")).to_have_text("2 left · next costs 20")
    both_sizes(page, shot, "magdagdon-power-saved")
    driver.play_to_end()
    final = driver.state.score()
    assert final.power_penalty == 10
    expect(page.locator("#md-breakdown")).to_contain_text("1 Majda Power")
    expect(page.locator("#md-breakdown")).to_contain_text("−10")
    expect(page.locator("#md-breakdown tr.final td")).to_have_text(str(final.final))


def test_m13_reroll_of_chosen_dice_from_the_page(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=21#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 21)
    driver.roll()
    page.get_by_role("button", name="REROLL").click()
    page.locator("#md-die-1").click()
    page.locator("#md-die-3").click()
    page.get_by_role("button", name="REROLL 2 DICE").click()
    driver.state = engine.play(driver.state, engine.Reroll((1, 3)))
    assert driver.shown_dice() == list(driver.state.dice)
    expect(page.locator("#md-powers-status")).to_have_text("2 left · next costs 20")


def test_m3_m12_a_staged_die_is_taken_back_by_tapping_it(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=7#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 7)
    driver.roll()
    (die, cell), *_ = placement_plan(driver.state)
    driver.stage(die, cell)
    expect(page.locator(f"#md-die-{die}")).to_have_attribute("data-status", "staged")
    expect(page.locator("#md-primary")).to_have_text("CONFIRM · 1 more to place")
    both_sizes(page, shot, "magdagdon-staged")
    driver.unstage(cell)
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "empty")
    expect(page.locator(f"#md-die-{die}")).not_to_have_attribute("data-status", "staged")
    expect(page.locator("#md-primary")).to_be_disabled()


def test_reload_mid_turn_shows_the_same_dice_and_staging(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=8#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 8)
    driver.play_turn()
    driver.roll()
    (die, cell), *_ = placement_plan(driver.state)
    driver.stage(die, cell)
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=60_000)
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    driver.expect_in_step()  # the same dice, the same staged die: reloading never rerolls
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")
    assert "seed=" not in page.url  # the seed started this game; a reload resumes it


def test_m7_changing_the_difficulty_asks_then_starts_a_new_game(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=9#magdagdon")
    MagdagdonDriver(page, "peaceful", 9).play_turn()
    page.locator("#md-difficulty").click()
    expect(page.get_by_role("heading", name="SETTINGS")).to_be_visible()
    page.get_by_label("NIGHTMARE").check()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("new NIGHTMARE game")
    shot("magdagdon-difficulty-dialog-390")
    dialog.get_by_role("button", name="KEEP PLAYING").click()
    expect(page.get_by_label("PEACEFUL")).to_be_checked()
    page.get_by_label("NIGHTMARE").check()
    page.get_by_role("dialog").get_by_role("button", name="NEW GAME").click()
    page.get_by_role("button", name="Back", exact=True).click()  # back to the game
    expect(page.get_by_role("heading", name="MAGDAGDON")).to_be_visible()
    expect(page.locator("#md-difficulty")).to_have_text("NIGHTMARE")
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    expect(page.locator(".md-cell[data-kind=number]")).to_have_count(0)
    expect(page.locator("#md-powers")).to_be_hidden()


def test_a_corrupt_saved_game_gives_a_fresh_working_game(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.add_init_script(
        'localStorage.setItem(\'cubiri.magdagdon.game\', \'{"version": 1, "game": {"log": 5}}\');'
        "localStorage.setItem('cubiri.magdagdon.scores', '{broken');"
    )
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=60_000)
    page.get_by_role("button", name="ROLL").click()
    expect(page.locator("#md-dice .die:not([hidden])")).to_have_count(4)
    assert any("saved MAGDAGDON game is unusable" in w for w in warnings)
    assert any("high scores are not JSON" in w for w in warnings)
    assert page_log.console_errors == []
    saved = json.loads(page.evaluate("localStorage.getItem('cubiri.magdagdon.game')"))
    assert saved["game"]["log"][0]["type"] == "roll"


def test_a_whole_turn_by_keyboard_alone(page: Page, open_app: Open, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=10#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 10)
    keyboard_to(page, "#md-primary")
    page.keyboard.press("Enter")  # ROLL
    driver.state = engine.play(driver.state, engine.Roll())
    expect(page.locator("#md-die-0")).to_have_text(str(driver.state.dice[0]))
    for die, cell in placement_plan(driver.state):
        if page.locator(f"#md-die-{die}").get_attribute("aria-pressed") != "true":
            keyboard_to(page, f"#md-die-{die}")
            page.keyboard.press("Enter")  # pick: the focus jumps to the first lit cell
        focused = int(page.evaluate("document.activeElement.dataset.cell"))
        row, col = divmod(focused, 4)
        target_row, target_col = divmod(cell, 4)
        for _ in range(abs(target_row - row)):
            page.keyboard.press("ArrowDown" if target_row > row else "ArrowUp")
        for _ in range(abs(target_col - col)):
            page.keyboard.press("ArrowRight" if target_col > col else "ArrowLeft")
        assert page.evaluate("document.activeElement.dataset.cell") == str(cell)
        page.keyboard.press("Enter")  # stage
        driver.state = engine.play(driver.state, engine.Stage(die, cell))
        expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")
    shot("magdagdon-keyboard-390")
    keyboard_to(page, "#md-primary")
    page.keyboard.press("Enter")  # CONFIRM
    driver.state = engine.play(driver.state, engine.Confirm())
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    driver.expect_in_step()
    score = driver.state.score().final
    expect(page.locator("#announcer")).to_have_text(f"Turn confirmed. Score: {score}.")
