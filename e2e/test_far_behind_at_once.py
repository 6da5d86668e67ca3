"""Issue 28: the final round's chance to win "within one second of the final round starting",
for a player far behind too. A turn that chases the leader has a table of its own below the
leader's total, and it grows with the gap (helper-35: 4 s at 300 points behind, 11 s at 550,
in the page). Ana makes a 300-point turn at target 10 (three rolls of six 1s); while she looks
at her last roll the page builds the turn a BANK of every die would begin (bank_ahead), so
Bea's chance is there at once when she banks, at a table of three and of four."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from app.pure.coach import percent
from app.pure.i18n import load_translator
from cubiri.mishimash import later_players, win_chance
from e2e.conftest import PHONE, SCREENSHOTS
from e2e.mishimash_driver import pick
from e2e.taps import tap
from e2e.test_chance_to_win import AT_ONCE_MS, LOCALES
from e2e.test_four_seats_at_once import THINKS_MS
from e2e.test_real_dice import ready, start, throw
from tests.test_win_chance import typed

ALL = (0, 1, 2, 3, 4, 5)


@pytest.mark.parametrize("players", [["Ana", "Bea", "Cleo"], ["Ana", "Bea", "Cleo", "Dan"]])
def test_a_player_300_points_behind_has_the_chance_to_win_at_once(
    page: Page, base_url: str, players: list[str]
) -> None:
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, players, 10)
    for _ in range(2):
        throw(page, "111111")
        pick(page, ALL)  # a MISHIMASH
        tap(page.locator("#ms-again"))
    throw(page, "111111")
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    pick(page, ALL)
    tap(page.locator("#ms-bank"))  # 300 points: the final round, Bea 300 behind
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea")
    expect(page.locator("#ms-to-beat")).to_contain_text("300", timeout=AT_ONCE_MS)
    coach = page.locator("#ms-coach")
    line = f"Your chance to win: {percent(load_translator('en', LOCALES), bea_start(players))}."
    expect(coach).to_contain_text(line, timeout=AT_ONCE_MS)
    expect(coach).not_to_contain_text("pass")
    shot = SCREENSHOTS / f"mishimash-{len(players)}-seats-300-behind.png"
    page.screenshot(path=str(shot), full_page=True)


def bea_start(players: list[str]) -> float:
    """Bea's chance as her turn begins, worked out here from the game the page played: the
    tables built ahead are the ones of the total Ana banked."""
    six = [1, 1, 1, 1, 1, 1]
    bea = typed(players, 10, [six, ALL, "again"] * 2 + [six, ALL, "bank"])
    assert bea.totals[0] == 600 and bea.current == 1
    if len(players) == 3:
        return win_chance.start_chance(bea)
    later_players.forget()
    return later_players.start_chance(bea)
