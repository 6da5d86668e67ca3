"""STATISTICS (issue 25) in the page: after games of both kinds, the figures equal an independent
count of the games (their final states, not the history's figures), each chart is drawn with
its numbers as a table, and axe finds nothing in any language."""

from __future__ import annotations

import statistics as stats
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from app.pure import history
from cubiri.mishimash.computer import LEVEL_NAMES
from e2e.a11y import axe_violations, broken_words, new_page, open_at
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, both_sizes
from tests.playouts import mishimash_playout
from tests.test_stats_view import played


def with_history(page: Page, base_url: str) -> list[int]:
    entries, scores = played()
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("t => localStorage.setItem('cubiri.history', t)", history.dump(entries))
    return scores


def figure(page: Page, section: str, ident: str) -> str:
    return str(page.locator(f"#{section} [data-figure={ident}] dd").text_content())


def test_statistics_count_the_games_played_and_draw_them(
    page: Page, base_url: str, shot: Callable[[str], Path]
) -> None:
    scores = with_history(page, base_url)
    page.get_by_role("button", name="STATISTICS").click()
    expect(page.get_by_role("heading", name="STATISTICS", level=1)).to_be_focused()
    peaceful = "stats-magdagdon-peaceful"
    assert figure(page, peaceful, "games") == str(len(scores))
    assert float(figure(page, peaceful, "mean")) == round(stats.fmean(scores), 1)
    assert float(figure(page, peaceful, "median")) == round(stats.median(scores), 1)
    assert int(figure(page, peaceful, "best")) == max(scores)
    assert figure(page, "stats-mishimash", "games") == "3"
    # The score chart: a bar for each row of its table, the rows adding up to the games.
    chart = page.locator(f"#{peaceful}-scores")
    bars = chart.locator("svg rect").count()
    chart.get_by_text("The numbers").click()
    rows = chart.locator("table tr:has(td)")
    expect(rows).to_have_count(bars)
    assert sum(int(str(c)) for c in rows.locator("td").all_text_contents()) == len(scores)
    # The trend: a dot a game, oldest first, as its table lists them.
    trend = page.locator(f"#{peaceful}-trend")
    expect(trend.locator("svg circle")).to_have_count(len(scores))
    expect(trend.locator("figcaption strong")).to_have_text(f"The last {len(scores)} games")
    # A section with no game says so.
    expect(page.locator("#stats-magdagdon-nightmare")).to_contain_text("No games yet.")
    wins = page.get_by_role("table").filter(has_text="Bold computer")
    expect(wins).to_be_visible()
    both_sizes(page, shot, "statistics")


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_axe_finds_nothing_on_statistics(browser: Browser, base_url: str, language: str) -> None:
    page = new_page(browser, base_url, language, PHONE)
    with_history(page, base_url)
    open_at(page, base_url, "#statistics")
    for details in page.locator("#statistics-body details").all():
        details.locator("summary").click()
    assert axe_violations(page) == []
    page.context.close()


def test_statistics_fit_a_phone_in_every_language(browser: Browser, base_url: str) -> None:
    """At 360 and 320 px nothing on STATISTICS is wider than the screen (an audit's Portuguese
    MAGDAGDON card ran 20 px past a 360 px phone: "Computador da melhor média", a row of the
    wins table kept on one line, widened every card), against every kind of opponent."""
    entries, _ = played()
    every_kind = entries + [
        history.entry_for(
            "mishimash", f"k-{n}", f"2026-05-{n + 1:02d}T09:00:00Z", final, levels=("", level)
        )
        for n, level in enumerate(LEVEL_NAMES)
        for final in [list(mishimash_playout(2, 40, n))[-1]]
    ]
    for language in ("en", "pt", "hu", "vi"):
        page = new_page(browser, base_url, language, PHONE)
        page.goto(base_url)
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        page.evaluate("t => localStorage.setItem('cubiri.history', t)", history.dump(every_kind))
        open_at(page, base_url, "#statistics")
        for width in (360, 320):
            page.set_viewport_size({"width": width, "height": 740})
            wide = page.evaluate(
                """() => [...document.querySelectorAll('#statistics-body section')]
                .filter(s => s.getBoundingClientRect().right > innerWidth)
                .map(s => s.id)"""
            )
            assert wide == [], (language, width)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            # An audit read "Co|m|pu|ta|do|r ou|sa|do" down the wins table at 320 px.
            broken = broken_words(page, "#statistics-body")
            assert broken == [], (language, width, broken)
        page.context.close()


def test_the_dice_filter_is_said_and_seen_by_keyboard(page: Page, base_url: str) -> None:
    """An audit by keyboard: another dice filter redrew every chart in silence, its radios had
    the browser's thin ring, and the live region kept the game's last words ("Cautious Cleo
    wins!") on every screen after it."""
    with_history(page, base_url)  # ten games, all with the app's dice
    page.get_by_role("button", name="STATISTICS").click()
    expect(page.locator("#announcer")).to_have_text("")
    real = page.get_by_role("radio", name="Real dice")
    page.get_by_role("radio", name="All games").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(real).to_be_checked()
    expect(page.locator("#announcer")).to_have_text("No games with these dice yet.")
    ring = real.evaluate(
        "r => [getComputedStyle(r).outlineStyle, getComputedStyle(r).outlineWidth]"
    )
    assert ring == ["solid", "3px"]
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#announcer")).to_have_text("10 games with these dice.")
    page.get_by_role("button", name="Back to home").first.click()
    expect(page.locator("#announcer")).to_have_text("")  # what was said there stays there
