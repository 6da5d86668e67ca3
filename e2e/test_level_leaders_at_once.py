"""Issue 28, "ready at once": the last player of a final round against two or three level at
the top. Its table (win_chance.AgainstLevelBuild) grows with its gap to them: helper-40's Dan,
150 points below Ana, Bea and Cleo level at 150, saw "The coach is working out the odds…" for
1.0-1.9 s as his turn began. His gap is known while Cleo plays, whatever her turn does, so the
page builds his tables meanwhile (win_chance.last_ahead): against Ana and Bea, and against the
three should Cleo end level."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from app.pure.coach import percent
from app.pure.i18n import load_translator
from cubiri.mishimash import win_chance
from e2e.conftest import PHONE, SCREENSHOTS
from e2e.mishimash_driver import pick
from e2e.taps import tap
from e2e.test_chance_to_win import AT_ONCE_MS, LOCALES
from e2e.test_far_behind_at_once import COACH_SAID
from e2e.test_four_seats_at_once import THINKS_MS
from e2e.test_real_dice import ready, start, throw
from tests.test_win_chance import typed

PLAYERS = ["Ana", "Bea", "Cleo", "Dan"]
ALL = (0, 1, 2, 3, 4, 5)
SIX = [1, 1, 1, 1, 1, 1]
SCORES_150 = [SIX, ALL, "again", SIX, ALL, "bank"]  # a MISHIMASH, then six 1s taken: 150


def test_the_last_against_three_level_leaders_is_told_the_chance_as_the_turn_begins(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(COACH_SAID)
    ready(page, base_url + "#mishimash")
    start(page, PLAYERS, 10)
    for player in PLAYERS[:3]:
        expect(page.locator("#ms-turn-of")).to_contain_text(player)
        throw(page, "111111")
        pick(page, ALL)
        tap(page.locator("#ms-again"))
        throw(page, "111111")
        pick(page, ALL)
        if player == "Cleo":  # she thinks before she banks: the page builds meanwhile
            page.wait_for_selector(
                "#ms-game[data-building=false]", state="attached", timeout=THINKS_MS
            )
        tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Dan")
    dan = typed(PLAYERS, 10, SCORES_150 * 3)
    assert dan.current == 3 and dan.totals[:3] == (300, 300, 300)
    win_chance.step_chase(dan, float("inf"))
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {percent(t, win_chance.start_chance(dan))}."
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text(line, timeout=AT_ONCE_MS)
    said = page.evaluate("window.coachSaid")
    assert not [text for turn, text, _ in said if "Dan" in turn and "working out" in text], said
    page.screenshot(path=str(SCREENSHOTS / "mishimash-last-against-three-level.png"))
