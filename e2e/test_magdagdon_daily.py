"""MAGDAGDON's daily puzzle, HINT and the computer on your dice, in the page (issue 13).

The page's dice come from the seed; the daily's seed from the player's local date, which the
test reads from the page itself, so the engine here knows every die the page will show."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from app.pure import daily
from app.pure.i18n import load_translator
from app.pure.magdagdon_help import hint_for
from cubiri.magdagdon import bot
from cubiri.magdagdon import game as engine
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, PageLog, both_sizes
from e2e.magdagdon_driver import MagdagdonDriver

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
# Headless Chromium on Linux may or may not have the Web Share API; the test takes the
# clipboard path, the one it can read back.
NO_WEB_SHARE = "delete Navigator.prototype.share; delete navigator.share;"


def page_today(page: Page) -> date:
    year, month, day = page.evaluate(
        "(() => { const d = new Date();"
        " return [d.getFullYear(), d.getMonth() + 1, d.getDate()] })()"
    )
    return date(year, month, day)


def shown_day(page: Page, day: date) -> str:
    """`day` as the page writes dates (HIGH SCORES' medium style, in English)."""
    shown: str = page.evaluate(
        "iso => new Intl.DateTimeFormat('en', {dateStyle: 'medium'}).format(new Date(iso))",
        f"{day.isoformat()}T12:00:00",
    )
    return shown


def test_todays_daily_to_the_end_shared_then_a_second_attempt_is_practice(
    page: Page,
    context: BrowserContext,
    base_url: str,
    open_app: Open,
    shot: Shot,
    page_log: PageLog,
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.add_init_script(NO_WEB_SHARE)
    page.set_viewport_size(PHONE)
    open_app("")
    page.get_by_role("button", name="DAILY MAGDAGDON").click()  # the home card's entry
    today = page_today(page)
    seed = daily.daily_seed(today, "peaceful")
    banner = page.locator("#md-daily")
    expect(banner).to_have_text(f"DAILY {shown_day(page, today)} · this attempt counts")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.play_turn()
    driver.expect_in_step()  # the daily's dice are the seed's
    driver.play_to_end()

    final = driver.state.score().final
    expect(page.locator("#md-breakdown tr.final td")).to_have_text(str(final))
    computer = bot.play_game(seed, "peaceful")
    expect(page.locator("#md-bot-score")).to_have_text(
        f"The computer scored {computer.score} on the same dice.", timeout=60_000
    )
    page.locator("#md-bot-details summary").click()
    cells = page.locator("#md-bot-board .md-mini-cell")
    expect(cells).to_have_count(16)
    shown = [int(text) if text.isdigit() else -1 for text in cells.all_text_contents()]
    assert shown == list(computer.board)

    expect(page.locator("#md-streak")).to_have_text("Streak: 1 day")
    today_cell = page.locator(f'#md-calendar a[data-day="{today.isoformat()}"]')
    expect(today_cell).to_have_attribute("aria-current", "date")
    expect(today_cell.locator(".md-day-score")).to_have_text(str(final))
    new_row = page.locator("table.scores[data-difficulty=peaceful] tr.new")
    expect(new_row.locator("[data-mark=daily]")).to_have_count(1)
    expect(new_row.locator("[data-mark=assisted]")).to_have_count(0)
    # Under the table, what its marks mean: only those it shows.
    legend = page.locator("table.scores[data-difficulty=peaceful] + .score-legend")
    expect(legend).to_have_text("☀ DAILY")

    page.get_by_role("button", name="SHARE").click()
    expect(page.locator("#md-share-status")).to_have_text("Copied: paste it anywhere.")
    copied = page.evaluate("navigator.clipboard.readText()")
    # Its last line is the day's puzzle on this site (issue 29: the share carried no link).
    here = page.url.split("#")[0].split("?")[0]
    link = f"{here}?daily={today.isoformat()}#magdagdon"
    t = load_translator("en")
    expected = daily.share_text(t, today, "peaceful", final, driver.state.board, link=link)
    assert copied == expected
    assert copied.startswith(f"MAGDAGDON daily {today.isoformat()} · PEACEFUL\nScore {final}\n")
    both_sizes(page, shot, "magdagdon-daily-end")

    # A second attempt at today's daily is practice: same dice, not counted.
    page.locator("#md-daily-again").click()
    expect(banner).to_contain_text("practice")
    expect(page.locator("#md-turn")).to_have_text("Turn 1")
    again = MagdagdonDriver(page, "peaceful", seed)
    again.roll()
    again.expect_in_step()
    expect(banner).to_have_text(
        f"DAILY {shown_day(page, today)} · practice: only the first attempt counts"
    )
    both_sizes(page, shot, "magdagdon-daily-practice")
    stored = page.evaluate("localStorage.getItem('cubiri.magdagdon.daily')")
    assert daily.parse_results(stored)[0] == {
        today.isoformat(): {"peaceful": daily.DayResult(final)}
    }
    assert page_log.console_errors == []


def test_a_daily_link_for_a_past_day_opens_it_as_practice(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?daily=2025-06-01")
    expect(page.locator("#md-daily")).to_have_text(
        "DAILY Jun 1, 2025 · practice: only the first attempt counts"
    )
    driver = MagdagdonDriver(page, "peaceful", daily.daily_seed(date(2025, 6, 1), "peaceful"))
    driver.roll()
    driver.expect_in_step()
    assert "daily=" not in page.url  # a reload resumes the game, it does not start it again
    # Played to the end: no daily counted yet, so no streak to show ("Streak: 0 days").
    driver.play_to_end()
    expect(page.locator("#md-daily-end")).to_be_visible()
    expect(page.locator("#md-streak")).to_be_hidden()
    # In HIGH SCORES it is practice (its dice could be known), not the day's daily.
    new_row = page.locator("table.scores[data-difficulty=peaceful] tr.new")
    expect(new_row.locator("[data-mark=practice]")).to_contain_text("practice")
    expect(new_row.locator("[data-mark=daily]")).to_have_count(0)
    legend = page.locator("table.scores[data-difficulty=peaceful] + .score-legend")
    expect(legend).to_have_text("↻ practice")


def test_hint_lights_the_computers_legal_staging_and_marks_the_game_assisted(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=21#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 21)
    expect(page.locator("#md-hint")).to_be_hidden()  # nothing to advise before ROLL
    driver.roll()
    page.get_by_role("button", name="HINT").click()
    hint = hint_for(driver.state, load_translator("en"))
    lit = page.locator(".md-cell[data-hint]")
    expect(lit).to_have_count(len(hint.cells))
    expect(page.locator("#md-suggest")).to_have_text(hint.text)
    # The lit cells, in their order, with their dice: a legal staging of this roll (M8–M12).
    order = {}
    for cell, (number, value) in hint.cells.items():
        element = page.locator(f"#md-cell-{cell}")
        expect(element).to_have_attribute("data-hint", str(number))
        expect(element).to_have_attribute("data-hint-value", str(value))
        order[number] = cell
    dice = {number: die for die, number in hint.dice.items()}
    for number, die in dice.items():
        expect(page.locator(f"#md-die-{die}")).to_have_attribute("data-hint", str(number))
    assert len(order) >= driver.state.minimum
    both_sizes(page, shot, "magdagdon-hint")
    # Nothing was played for the player; following the hint by taps is legal.
    expect(page.locator(".md-cell[data-kind=staged]")).to_have_count(0)
    for number in sorted(order):
        driver.stage(dice[number], order[number])
    expect(lit).to_have_count(len(hint.cells))  # the hint stays while the roll is the same
    # And across a reload (helper-27 saw it vanish, the game still marked as assisted).
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(lit).to_have_count(len(hint.cells))
    expect(page.locator("#md-suggest")).to_contain_text(hint.text)
    driver.confirm()
    expect(lit).to_have_count(0)
    driver.play_to_end()
    new_row = page.locator("table.scores[data-difficulty=peaceful] tr.new")
    expect(new_row.locator("[data-mark=assisted]")).to_have_count(1)
    expect(new_row.locator("[data-mark=assisted]")).to_contain_text("hints used")
    expect(page.locator("#md-daily-end")).to_be_hidden()  # not a daily: nothing to share
    expect(page.locator("#md-bot-score")).to_have_text(
        re.compile(r"^The computer scored -?\d+ on the same dice\.$"), timeout=60_000
    )
    page.get_by_role("button", name="Back to home").click()
    page.get_by_role("button", name="HIGH SCORES").click()
    expect(
        page.locator("#screen-scores table.scores[data-difficulty=peaceful] [data-mark=assisted]")
    ).to_have_count(1)
    # A bare "?" says nothing by itself: the legend under the table says what it means.
    expect(
        page.locator("#screen-scores table.scores[data-difficulty=peaceful] + .score-legend")
    ).to_have_text("? hints used")
    both_sizes(page, shot, "magdagdon-scores-assisted")
    assert engine.Phase.OVER is driver.state.phase
