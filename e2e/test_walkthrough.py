"""The first game that teaches (issue 16): one turn of each game on fixed dice, step by step,
skippable at any step, shown once, and again from RULES."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from cubiri.magdagdon import game as md
from e2e.conftest import PHONE, PageLog, both_sizes
from e2e.magdagdon_driver import MagdagdonDriver

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
pytestmark = pytest.mark.walkthrough  # these tests see the walkthrough as a first visit does

MD_DICE = (4, 3, 5, 6)  # seed 14's first roll (app.pure.tour.SEEDS)
MS_DICE = (4, 5, 4, 3, 1, 6)  # seed 50's first roll


def step(page: Page, game: str, number: int, total: int) -> None:
    expect(page.locator(f"#tour-{game}-count")).to_have_text(
        f"First game · step {number} of {total}"
    )


def reopen(page: Page) -> None:
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached")


def test_magdagdon_walkthrough_is_completed_step_by_step_and_never_shown_again(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("#magdagdon")
    tour = page.locator("#tour-magdagdon")
    text = page.locator("#tour-magdagdon-text")
    expect(tour).to_be_visible()
    step(page, "magdagdon", 1, 8)
    expect(text).to_contain_text("Welcome to MAGDAGDON!")
    expect(page.locator("#md-powers")).to_be_hidden()  # one thing at a time
    both_sizes(page, shot, "walkthrough-magdagdon-1")
    page.locator("#tour-magdagdon-next").click()

    step(page, "magdagdon", 2, 8)
    expect(page.locator("#md-primary")).to_have_class("primary md-primary tour-target")
    page.locator("#md-primary").click()  # ROLL

    step(page, "magdagdon", 3, 8)
    expect(page.locator("#md-tour-next, #tour-magdagdon-next")).to_be_hidden()  # waits for a tap
    for index, value in enumerate(MD_DICE):
        expect(page.locator(f"#md-die-{index}")).to_have_text(str(value))
    page.locator(f"#md-die-{MD_DICE.index(3)}").click()

    step(page, "magdagdon", 4, 8)
    expect(page.locator("#md-board [data-lit=true]")).to_have_count(16)  # M8: anywhere
    page.locator("#md-cell-0").click()

    step(page, "magdagdon", 5, 8)
    expect(text).to_contain_text("Tap a dark cell to see why it is not lit")
    # The next die that fits is picked after each placement: the 4.
    expect(page.locator(f"#md-die-{MD_DICE.index(4)}")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#md-cell-1")).to_have_attribute("data-lit", "true")  # M9, M10
    expect(page.locator("#md-cell-15")).to_have_attribute("data-lit", "false")  # far from the 3
    both_sizes(page, shot, "walkthrough-magdagdon-5")
    page.locator("#md-cell-15").click()  # a dark cell: the screen says why
    expect(page.locator("#md-message")).to_have_attribute("data-tone", "error")
    step(page, "magdagdon", 5, 8)
    page.locator("#md-cell-1").click()

    step(page, "magdagdon", 6, 8)
    for value, cell in ((5, 2), (6, 3)):
        die = page.locator(f"#md-die-{MD_DICE.index(value)}")
        expect(die).to_have_attribute("aria-pressed", "true")  # picked for the player
        page.locator(f"#md-cell-{cell}").click()

    step(page, "magdagdon", 7, 8)
    page.locator("#md-primary").click()  # CONFIRM

    step(page, "magdagdon", 8, 8)
    expect(page.locator("#tour-magdagdon-next")).to_be_focused()  # PLAY, read with the step
    expect(text).to_contain_text("STRAIGHT: +60")
    expect(page.locator("#md-row-sum-0 .badge")).to_have_text("+60")
    expect(page.locator("#tour-magdagdon-skip")).to_be_hidden()
    both_sizes(page, shot, "walkthrough-magdagdon-8")
    page.locator("#tour-magdagdon-next").click()  # PLAY

    # The player's own game: new dice, turn 1, and the walkthrough's game was never saved.
    expect(tour).to_be_hidden()
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    expect(page.locator("#md-primary")).to_have_text("ROLL")
    expect(page.locator(".tour-target")).to_have_count(0)
    saved = page.evaluate("localStorage.getItem('cubiri.magdagdon.game')") or ""
    assert '"seed": 14,' not in saved and '"seed":14,' not in saved
    reopen(page)
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    expect(page.locator("#tour-magdagdon")).to_have_count(0)  # never shown twice
    assert page_log.console_errors == []


def test_the_walkthrough_is_skipped_at_any_step_and_the_game_in_progress_comes_back(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("#magdagdon")
    page.locator("#tour-magdagdon-next").click()
    page.locator("#md-primary").click()  # ROLL, in the walkthrough's game
    page.locator("#tour-magdagdon-skip").click()
    expect(page.locator("#tour-magdagdon")).to_be_hidden()
    expect(page.locator("#md-primary")).to_have_text("ROLL")  # a fresh game of the player's
    reopen(page)
    expect(page.locator("#tour-magdagdon")).to_have_count(0)

    # A game in progress; the walkthrough again from RULES; SKIP: the game is where it was.
    open_app("?seed=11#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.play_turn()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    page.locator("#screen-magdagdon .icon-button[data-open=rules-magdagdon]").click()
    replay = page.locator("#tour-replay-magdagdon")
    expect(replay).to_have_text("SHOW ME HOW TO PLAY")
    replay.click()
    expect(page.locator("#tour-magdagdon")).to_be_visible()
    step(page, "magdagdon", 1, 8)
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    page.locator("#tour-magdagdon-next").click()
    page.locator("#md-primary").click()
    page.locator("#tour-magdagdon-skip").click()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    driver.roll()  # the seed's dice of turn 2: the game went on untouched
    assert driver.state.phase is md.Phase.PLACE or driver.state.phase is md.Phase.MAGDAGDON


def test_mishimash_walkthrough_shows_select_multiplier_roll_again_and_a_bust(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("#mishimash")
    text = page.locator("#tour-mishimash-text")
    step(page, "mishimash", 1, 5)
    expect(page.locator("#ms-setup")).to_be_hidden()
    page.locator("#tour-mishimash-next").click()
    step(page, "mishimash", 2, 5)
    page.locator("#ms-roll").click()
    step(page, "mishimash", 3, 5)
    for index, value in enumerate(MS_DICE):
        expect(page.locator(f"#ms-die-{index}")).to_have_text(str(value))
    both_sizes(page, shot, "walkthrough-mishimash-3")
    page.locator(f"#ms-die-{MS_DICE.index(1)}").click()
    step(page, "mishimash", 4, 5)
    expect(text).to_contain_text("the next ×2")
    page.locator("#ms-again").click()
    step(page, "mishimash", 5, 5)
    expect(page.locator("#tour-mishimash-next")).to_be_focused()  # PLAY, read with the step
    expect(text).to_contain_text("BUST!")
    both_sizes(page, shot, "walkthrough-mishimash-5")
    page.locator("#tour-mishimash-next").click()
    expect(page.locator("#tour-mishimash")).to_be_hidden()
    expect(page.locator("#ms-setup")).to_be_visible()  # now the player's own game
    # From its top, who plays first in view (helper-30 at 320×568 landed on START below them).
    expect(page.locator("#mishimash-title")).to_be_focused()
    assert page.evaluate("scrollY") == 0
    reopen(page)
    expect(page.locator("#ms-setup")).to_be_visible()
    expect(page.locator("#tour-mishimash")).to_have_count(0)
    assert page_log.console_errors == []


def test_mishimash_walkthrough_skipped_at_once_and_in_portuguese(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.add_init_script("localStorage.setItem('cubiri.language', 'pt')")
    page.set_viewport_size(PHONE)
    open_app("#mishimash")
    expect(page.locator("#tour-mishimash-count")).to_have_text("Primeiro jogo · passo 1 de 5")
    expect(page.locator("#tour-mishimash-skip")).to_have_text("SALTAR")
    page.locator("#tour-mishimash-next").click()
    page.locator("#ms-roll").click()
    expect(page.locator("#tour-mishimash-text")).to_contain_text("Toca no 1.")
    both_sizes(page, shot, "walkthrough-mishimash-3-pt")
    page.locator("#tour-mishimash-skip").click()
    expect(page.locator("#ms-setup")).to_be_visible()
    reopen(page)
    expect(page.locator("#tour-mishimash")).to_have_count(0)


def test_magdagdon_walkthrough_in_portuguese(page: Page, open_app: Open, shot: Shot) -> None:
    page.add_init_script("localStorage.setItem('cubiri.language', 'pt')")
    page.set_viewport_size(PHONE)
    open_app("#magdagdon")
    expect(page.locator("#tour-magdagdon-next")).to_have_text("SEGUINTE")
    page.locator("#tour-magdagdon-next").click()
    page.locator("#md-primary").click()
    page.locator(f"#md-die-{MD_DICE.index(3)}").click()
    page.locator("#md-cell-0").click()
    expect(page.locator("#tour-magdagdon-text")).to_contain_text("casa apagada")
    both_sizes(page, shot, "walkthrough-magdagdon-5-pt")


@pytest.mark.parametrize("language", ["en", "hu"])
def test_rules_show_pictures_drawn_with_the_games_cells_and_dice(
    page: Page, open_app: Open, shot: Shot, language: str
) -> None:
    page.add_init_script(f"localStorage.setItem('cubiri.language', '{language}')")
    page.set_viewport_size(PHONE)
    open_app("#rules-magdagdon")
    pictures = page.locator("#screen-rules-magdagdon .rule-pic")
    expect(pictures).to_have_count(7)
    expect(pictures.nth(0).locator(".md-cell")).to_have_count(3)
    expect(pictures.nth(0).locator(".rule-mark")).to_have_text("✓")
    expect(pictures.nth(1).locator(".rule-mark")).to_have_text("✕")
    expect(pictures.locator(".rule-drawing").first).to_have_attribute("aria-hidden", "true")
    if language == "en":
        expect(pictures.nth(3).locator("figcaption")).to_have_text("STRAIGHT: +60")
    both_sizes(page, shot, f"rules-pictures-magdagdon-{language}")
    open_app("#rules-mishimash")
    pictures = page.locator("#screen-rules-mishimash .rule-pic")
    expect(pictures).to_have_count(4)
    expect(pictures.nth(2).locator(".die")).to_have_count(6)
    expect(pictures.nth(2).locator(".die .pips i").first).to_be_visible()  # pips, like the game
    if language == "en":
        expect(pictures.nth(2).locator("figcaption")).to_contain_text("not three pairs")
    both_sizes(page, shot, f"rules-pictures-mishimash-{language}")
    page.locator("#tour-replay-mishimash").click()  # the walkthrough again, from RULES
    expect(page.locator("#tour-mishimash")).to_be_visible()
    page.locator("#tour-mishimash-skip").click()
    expect(page.locator("#ms-setup")).to_be_visible()
