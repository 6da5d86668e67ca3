"""Issue 28 at a table of five: the second player after the one who reached the target has two
still to play after her, and her chance to win is there as her turn begins. helper-37 saw 0.9-
1.4 s of "working out" there, even when the player before her took 5 s over her BANK: her
table past the leader was built only once her turn began. It does not depend on how the turn
before hers ends, so the page builds it during that turn (later_players._after_next)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from app.pure.coach import percent
from app.pure.i18n import load_translator
from cubiri.mishimash import later_players
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS
from e2e.mishimash_driver import pick
from e2e.taps import tap
from e2e.test_chance_to_win import AT_ONCE_MS, LOCALES
from e2e.test_far_behind_at_once import ALONE, COACH_SAID, ms_from_bank_to
from e2e.test_four_seats_at_once import THINKS_MS
from e2e.test_real_dice import ready, start, take, throw
from tests.test_win_chance import typed

NAMES = ["Ana", "Bea", "Cleo", "Dan", "Eve"]
# Ana reaches 10 with three 1s; Bea takes a 1, rolls again, takes 1 1 1 5 5 (a MISHIMASH).
PLAYED = [[1, 1, 1, 5, 2, 3], (0, 1, 2), "bank", [1, 2, 3, 4, 6, 6], (0,), "again"]
PLAYED += [[1, 1, 1, 5, 5], (0, 1, 2, 3, 4), "bank"]


@ALONE  # timed against the second while the page builds
def test_the_second_after_the_leader_has_her_chance_to_win_at_once(
    page: Page, base_url: str
) -> None:
    page.add_init_script(COACH_SAID)
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, NAMES, 10)
    throw(page, "111523")
    take(page, (0, 1, 2))
    throw(page, "123466")
    take(page, (0,), bank=False)
    throw(page, "11155")
    pick(page, (0, 1, 2, 3, 4))
    # Bea looks at her MISHIMASH: the page builds what it builds during her turn meanwhile.
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Cleo")
    cleo = typed(NAMES, 10, PLAYED)
    assert cleo.current == 2 and later_players.position(cleo) is not None
    later_players.forget()
    chance = later_players.start_chance(cleo)
    line = f"Your chance to win: {percent(load_translator('en', LOCALES), chance)}."
    assert ms_from_bank_to(page, line) <= AT_ONCE_MS
    coach = page.locator("#ms-coach")
    expect(coach).not_to_contain_text("pass")
    # A reload in Cleo's turn: the table built during Bea's is kept for the tab (own_past.dump).
    # The line came back 635-920 ms after the page said it was ready (three runs, idle): the
    # shipped tables and the kept one are read again first. Asserted within two seconds, as
    # one second would fail now and then; the final round's own start is timed above.
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(coach).to_contain_text(line, timeout=2 * AT_ONCE_MS)


LONG_TASKS = """
window.longTasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
"""
FROZEN_MS = 500  # a tap answered later than this feels broken


def test_behind_two_level_leaders_the_chance_is_there_at_once_and_nothing_freezes(
    page: Page, base_url: str
) -> None:
    """helper-41: Ana and Bea level at 150, five seats: as Cleo's turn began the page froze
    for 1.9-2.1 s (one task: the last's table against level leaders, built whole; 2.2-2.4 s
    here), and "working out" showed for 4.5-5.1 s. The table is built a row at a time now,
    between frames, and while Bea plays, should she end level (later_players._next_if_level):
    Bea looks at her dice before she banks, and Cleo's chance is there as her turn begins."""
    page.set_viewport_size(PHONE)
    page.add_init_script(COACH_SAID)
    page.add_init_script(LONG_TASKS)
    ready(page, base_url + "#mishimash")
    start(page, NAMES, 10)
    since = page.evaluate("performance.now()")
    for player in ("Ana", "Bea"):  # each: a MISHIMASH of 1s, six 1s again, BANK: 150
        expect(page.locator("#ms-turn-of")).to_contain_text(player)
        throw(page, "111111")
        pick(page, tuple(range(6)))
        tap(page.locator("#ms-again"))
        throw(page, "111111")
        pick(page, tuple(range(6)))
        page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
        tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Cleo")
    cleo = typed(
        NAMES, 10, [[1] * 6, tuple(range(6)), "again", [1] * 6, tuple(range(6)), "bank"] * 2
    )
    later_players.forget()
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {percent(t, later_players.start_chance(cleo))}."
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)
    said = page.evaluate("window.coachSaid")
    assert not [text for turn, text, _ in said if "Cleo" in turn and "working out" in text]
    tasks = page.evaluate("window.longTasks")
    frozen = [round(took) for at, took in tasks if at > since and took > FROZEN_MS]
    assert frozen == [], frozen
