"""MAGDAGDON's daily and its links as a player meets them (issue 29): leaving today's counted
daily says what is at stake and DAILY brings it back; a player who arrives by a shared link gets
the walkthrough first; a finished game says its seed and its link plays those dice again; the
calendar is four whole weeks under weekday names, shows a past day's practice, reads each day by
its visible text, and a link's bad date is said, not silently replaced."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.pure import daily
from e2e.a11y import AXE_JS
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, PageLog
from e2e.magdagdon_driver import MagdagdonDriver
from e2e.test_magdagdon_daily import page_today, shown_day

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
NARROW = {"width": 320, "height": 720}


def shots(page: Page, shot: Shot, name: str) -> None:
    """The state at 390 px and at 320 px; the phone size stays."""
    for size, label in ((PHONE, "390"), (NARROW, "320")):
        page.set_viewport_size(size)
        shot(f"{name}-{label}")
    page.set_viewport_size(PHONE)


def axe_rule(page: Page, rule: str, scope: str) -> list[Any]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate("source => (0, eval)(source)", AXE_JS.read_text())  # the page allows eval
    violations: list[Any] = page.evaluate(
        """async ([rule, scope]) => {
            const r = await axe.run(scope, {runOnly: {type: 'rule', values: [rule]}});
            return r.violations.flatMap(v => v.nodes.map(n => n.target.join(' ')));
        }""",
        [rule, scope],
    )
    return violations


def test_leaving_todays_counted_daily_says_so_and_daily_brings_it_back(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("#home")
    today = page_today(page)
    open_app(f"?daily={today.isoformat()}")
    driver = MagdagdonDriver(page, "peaceful", daily.daily_seed(today, "peaceful"))
    driver.play_turn()
    driver.roll()  # turn 2 rolled: the counted attempt is under way
    page.locator("#md-restart").click()  # NEW GAME
    text = page.locator("#confirm-text")
    expect(text).to_contain_text("today's DAILY")
    expect(text).to_contain_text("DAILY brings it back")
    expect(text).not_to_contain_text("will be lost")
    shots(page, shot, "magdagdon-leave-daily")
    page.locator("#confirm-ok").click()
    expect(page.locator("#md-daily")).to_be_hidden()  # a game of its own
    expect(page.locator("#md-turn")).to_have_text("Turn 1")

    # A difficulty change says the same.
    page.locator("#md-primary").click()  # ROLL: this game is in progress too
    page.locator("#md-daily-start").click()  # DAILY
    expect(text).to_contain_text("Leave this MAGDAGDON game")
    page.locator("#confirm-ok").click()
    banner = page.locator("#md-daily")
    expect(banner).to_contain_text("this attempt counts")
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    driver.expect_in_step()  # where it was left: turn 2's dice
    open_app("#magdagdon")
    page.reload()  # and after a reload
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(banner).to_contain_text("this attempt counts")
    driver.expect_in_step()
    driver.play_to_end()
    cell = page.locator(f'#md-calendar a[data-day="{today.isoformat()}"]')
    expect(cell.locator(".md-day-score")).to_have_text(str(driver.state.score().final))
    expect(page.locator("#md-streak")).to_have_text("Streak: 1 day")
    assert page_log.console_errors == []


def test_a_difficulty_change_names_the_counted_daily(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?daily=today")
    page.locator("#md-primary").click()  # ROLL
    page.locator("#md-difficulty").click()  # SETTINGS
    page.locator("label", has_text="SURVIVAL").click()
    expect(page.locator("#confirm-text")).to_contain_text("today's DAILY")


@pytest.mark.walkthrough
@pytest.mark.parametrize("link", ["?daily=today", "?seed=77#magdagdon"])
def test_a_new_player_from_a_shared_link_gets_the_walkthrough_then_the_links_game(
    page: Page, open_app: Open, shot: Shot, link: str
) -> None:
    page.set_viewport_size(PHONE)
    open_app(link)
    expect(page.locator("#tour-magdagdon")).to_be_visible()
    expect(page.locator("#md-daily")).to_be_hidden()  # the walkthrough's own game
    page.locator("#tour-magdagdon-skip").click()
    expect(page.locator("#tour-magdagdon")).to_be_hidden()
    today = page_today(page)
    seed = 77 if "seed" in link else daily.daily_seed(today, "peaceful")
    if "daily" in link:
        expect(page.locator("#md-daily")).to_contain_text("this attempt counts")
    MagdagdonDriver(page, "peaceful", seed).roll()  # the link's dice
    assert page.evaluate("localStorage.getItem('cubiri.tour.magdagdon')") == "seen"


@pytest.mark.walkthrough
def test_a_player_with_a_saved_game_who_never_saw_the_walkthrough_gets_it(
    page: Page, open_app: Open
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=5#magdagdon")
    page.locator("#tour-magdagdon-skip").click()
    driver = MagdagdonDriver(page, "peaceful", 5)
    driver.play_turn()
    page.evaluate("localStorage.removeItem('cubiri.tour.magdagdon')")
    open_app("#magdagdon")
    page.reload()  # a later visit
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#tour-magdagdon")).to_be_visible()
    page.locator("#tour-magdagdon-skip").click()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")  # the saved game, back


@pytest.mark.walkthrough
def test_the_walkthrough_ends_on_what_play_does_and_names_powers_hint_and_daily(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("#magdagdon")
    text = page.locator("#tour-magdagdon-text")
    page.locator("#tour-magdagdon-next").click()
    expect(text).not_to_have_text(page.locator("#md-message").inner_text())  # not said twice
    shots(page, shot, "walkthrough-magdagdon-2")
    page.locator("#md-primary").click()
    page.locator("#md-die-1").click()  # the 3
    for cell in (0, 1, 2, 3):
        page.locator(f"#md-cell-{cell}").click()
    page.locator("#md-primary").click()  # CONFIRM
    for words in ("Majda Power", "HINT", "DAILY", "PLAY", "empty board"):
        expect(text).to_contain_text(words)
    expect(text).not_to_contain_text("Now fill the board")
    shots(page, shot, "walkthrough-magdagdon-8")
    page.locator("#tour-magdagdon-next").click()  # PLAY
    expect(page.locator("#md-board [data-kind=number]")).to_have_count(0)


def test_a_finished_game_shows_its_seed_and_its_link_plays_those_dice_again(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=31#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 31)
    driver.play_to_end()
    link = page.locator("#md-seed a")
    expect(page.locator("#md-seed")).to_contain_text("31")
    expect(link).to_have_attribute("href", "?seed=31#magdagdon")
    shots(page, shot, "magdagdon-end-seed")
    link.click()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#md-turn")).to_have_text("Turn 1")  # a new game, not the old end
    expect(page.locator("#md-end")).to_be_hidden()
    MagdagdonDriver(page, "peaceful", 31).roll()


def test_the_calendar_is_whole_weeks_named_by_weekday_and_keeps_a_past_days_practice(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("#home")
    today = page_today(page)
    past = today - timedelta(days=3)
    open_app(f"?daily={past.isoformat()}")
    banner = page.locator("#md-daily")
    shown = shown_day(page, past)
    expect(banner).to_have_text(f"DAILY {shown} · practice: only the first attempt counts")
    driver = MagdagdonDriver(page, "peaceful", daily.daily_seed(past, "peaceful"))
    driver.play_to_end()
    heads = page.locator("#md-calendar-days .md-weekday")
    expect(heads).to_have_count(7)
    expect(heads.first).to_have_text("Mon")
    first = page.locator("#md-calendar a.md-day").first
    assert date.fromisoformat(first.get_attribute("data-day") or "").weekday() == 0
    expect(page.locator("#md-calendar-months")).to_contain_text(str(today.year))
    cell = page.locator(f'#md-calendar a[data-day="{past.isoformat()}"]')
    expect(cell).to_have_attribute("data-practice", "true")
    expect(cell.locator(".md-day-score")).to_contain_text(str(driver.state.score().final))
    expect(cell).to_have_accessible_name(
        re.compile(rf"{re.escape(shown)}: practice {driver.state.score().final}")
    )
    assert axe_rule(page, "label-content-name-mismatch", "#md-calendar") == []
    shots(page, shot, "magdagdon-calendar")


@pytest.mark.parametrize("bad", ["2026-11-201", "2026-02-30", "nonsense", "2999-01-01"])
def test_a_daily_link_with_no_past_day_says_so_and_opens_today(
    page: Page, open_app: Open, bad: str
) -> None:
    page.set_viewport_size(PHONE)
    open_app(f"?daily={bad}")
    expect(page.locator("#md-daily")).to_contain_text("this attempt counts")  # today's
    notice = page.locator("#notice")
    expect(notice).to_contain_text("today's DAILY")
