"""Issue 28 asks for the final round's odds "ready at once ... on any device; no computer seat
ever waits more than its normal pace for it". With four seats, the first player after the one
who reached the target has two still to play after them: there the chance to win reads the
shipped values of a lone leader with two to play (lone_table.bin). The costly part of the
player's own tables is built while the one before may still reach the target, so the chance is
there at once when the final round begins; where it could not be (a reload at that turn, a
BANK at once), the page builds it in a second or two (9–21 s before the values shipped). Every
later point of the turn reads them at once."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from app.pure.coach import percent
from app.pure.i18n import load_translator
from cubiri.mishimash import later_players, two_left
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, SCREENSHOTS
from e2e.mishimash_driver import pick
from e2e.taps import tap
from e2e.test_chance_to_win import AT_ONCE_MS, LOCALES
from e2e.test_real_dice import ready, start, switch_language, take, throw

# A computer's turn at the fast pace: a few seconds (a table built in Pyodide: 25–140 s).
PACE_MS = 15_000
# Bea's tables from the shipped values: 1.0–1.6 s in Pyodide on this machine when idle (`make
# bench`, later_players_*); the e2e run shares two cores among four browsers. Each later
# point of her turn reads them at once.
BUILT_MS = 12_000
# A player looking at the dice while the page builds ahead: until it is idle (on an idle
# machine 2-4 s; the e2e run's load, four browsers and more on two cores, stretches it).
THINKS_MS = 60_000


def bea_after_ana(page: Page, base_url: str) -> Locator:
    """Four people at target 10: Ana banks 10.5 and the final round begins, Bea first of the
    three to play (Cleo and Dan still to come). The coach."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo", "Dan"], 10)
    throw(page, "111523")
    take(page, (0, 1, 2, 3))
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea")
    return page.locator("#ms-coach")


def bea_solver() -> later_players.Solver:
    """Bea 10.5 behind Ana, Cleo and Dan too: her chances, worked out here."""
    later_players.forget()
    return later_players.Solver(later_players.Position(21, (21, 21)), 1)


def test_four_seats_the_chance_to_win_is_there_at_once_when_the_final_round_begins(
    page: Page, base_url: str
) -> None:
    """While Ana may still reach the target the page builds what Bea's chances cost most
    (own_past.py, which does not depend on what Ana banks). Ana looks at her dice as a player
    does (the test waits for the page to finish that work), then banks 10.5: Bea's chance to
    win is there within AT_ONCE_MS of the tap (1.4–3 s before this was built ahead)."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo", "Dan"], 10)
    throw(page, "111523")
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    take(page, (0, 1, 2, 3))
    coach = page.locator("#ms-coach")
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {percent(t, bea_solver().table().start())}."
    expect(coach).to_contain_text(line, timeout=AT_ONCE_MS)
    expect(coach).not_to_contain_text("not yet a win")  # not the chance to pass Ana


def test_four_seats_the_chance_to_win_comes_in_seconds_at_once_and_after_a_reload(
    page: Page, base_url: str
) -> None:
    """Ana banks at once: Bea's chance comes in a second or two (the page builds what it had
    no time to build ahead). The page keeps it for the tab (own_past.dump), so after a reload
    at Bea's turn her chance is there within AT_ONCE_MS of the page being ready."""
    coach = bea_after_ana(page, base_url)
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {percent(t, bea_solver().table().start())}."
    expect(page.locator("#ms-to-beat")).to_contain_text("10.5", timeout=AT_ONCE_MS)
    expect(coach).to_contain_text(line, timeout=BUILT_MS)
    expect(coach).not_to_contain_text("not yet a win")  # not the chance to pass Ana
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#ms-to-beat")).to_contain_text("10.5", timeout=AT_ONCE_MS)
    expect(coach).to_contain_text(line, timeout=AT_ONCE_MS)


def test_four_seats_a_reload_while_the_final_round_may_begin_loses_nothing_built(
    page: Page, base_url: str
) -> None:
    """A reload in the middle of Ana's turn, once the page has built Bea's table ahead: Ana
    banks as soon as the page is back, and Bea's chance is there within AT_ONCE_MS."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo", "Dan"], 10)
    throw(page, "111523")
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    take(page, (0, 1, 2, 3))
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {percent(t, bea_solver().table().start())}."
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)


def test_four_seats_every_decision_of_the_turn_gets_its_chance_to_win_at_once(
    page: Page, base_url: str
) -> None:
    """Once her turn's chance is there, Bea's selection half a point short of Ana and ROLL
    AGAIN with three dice to type each get their chance to win at once (helper-31 saw the
    chance to pass come back after ROLL AGAIN and stay)."""
    coach = bea_after_ana(page, base_url)
    t = load_translator("en", LOCALES)
    solver = bea_solver()
    start_line = f"Your chance to win: {percent(t, solver.table().start())}."
    expect(coach).to_contain_text(start_line, timeout=BUILT_MS)
    throw(page, "111552")
    pick(page, (0, 1, 2))  # 1 1 1: 10 points, half a point short of Ana
    roll = solver.table().roll(20, 3, 2, 0)
    said = f"Chance to win: bank now 0% · roll on {percent(t, roll)}."
    expect(coach).to_contain_text(said, timeout=AT_ONCE_MS)
    shot = SCREENSHOTS / "mishimash-four-seats-chance-to-win.png"
    page.screenshot(path=str(shot), full_page=True)
    tap(page.locator("#ms-again"))
    expect(coach).to_have_text(f"Your chance to win: {percent(t, roll)}.", timeout=AT_ONCE_MS)


def test_four_seats_strongest_plays_its_final_turn_at_its_pace_after_a_reload(
    page: Page, base_url: str
) -> None:
    """Champion Cubi, first to play after the leader with two still to come, plays at once (at
    the fast pace, a turn of a few seconds) rather than waiting for a table to be built."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'fast')")
    start(page, ["Ana", "", "Bea", "Cleo"], 10, {1: "strongest"})
    throw(page, "111523")
    take(page, (0, 1, 2, 3))  # Ana banks 10.5: the final round, Cubi first of three to play
    expect(page.locator("#ms-turn-of")).to_contain_text("Champion Cubi")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea", timeout=PACE_MS)


def test_four_seats_past_the_leader_bank_and_roll_on_come_together(
    page: Page, base_url: str
) -> None:
    """Bea, first after Ana's 10.5 with Cleo and Dan still to come, takes 1 1 1 5 5 (11): the
    coach gives BANK's chance to win (a lone leader with two to play, two_left.py) only beside
    rolling on's (BANK's alone, shown first while the page built rolling on's, once pointed a
    quick player to BANK where rolling on was better: helper-32)."""
    coach = bea_after_ana(page, base_url)
    throw(page, "111552")
    pick(page, (0, 1, 2, 3, 4))
    t = load_translator("en", LOCALES)
    mine = percent(t, two_left.chance((22, 22)))  # 11 points over Cleo's and Dan's nothing
    expect(coach).to_contain_text(f"Chance to win: bank now {mine} · roll on ", timeout=BUILT_MS)
    expect(coach).not_to_contain_text("chance to pass")
    expect(coach).not_to_contain_text("leaves you")
    page.screenshot(path=str(SCREENSHOTS / "mishimash-four-seats-bank-leaves.png"), full_page=True)


def test_four_seats_stand_two_by_two_on_a_phone(page: Page, base_url: str) -> None:
    """An audit saw three score cards and a fourth across the whole row at 390 px."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo", "Champion Cubi"], 10)
    # The cards measured in one go: the scoreboard may be drawn again between two questions
    # (a fresh clone's run under load read a card replaced in between as having no box).
    boxes = page.locator("#ms-players li").evaluate_all(
        "cards => cards.map(card => card.getBoundingClientRect().toJSON())"
    )
    assert len(boxes) == 4
    rows = sorted({round(box["y"]) for box in boxes})
    widths = {round(box["width"]) for box in boxes}
    assert len(rows) == 2 and len(widths) == 1, (rows, widths)


def end_sheet(page: Page) -> Locator:
    """Four seats to 10 from their start: the first banks 10.5, the three others bust in the
    final round; the end's score sheet, shown."""
    throw(page, "111523")
    take(page, (0, 1, 2, 3))
    for _ in range(3):
        throw(page, "223466")
    sheet = page.locator("#ms-over-sheet")
    expect(sheet).to_be_visible()
    return sheet


def test_four_seats_score_sheet_fits_a_phone(page: Page, base_url: str) -> None:
    """The end's score sheet of four seats scrolled sideways at 390 px, the last column cut."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Player 1", "Champion Cubi", "Player 3", "Odds Otto"], 10)
    sheet = end_sheet(page)
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth")


def test_four_seats_score_sheet_fits_320_px_in_vietnamese(page: Page, base_url: str) -> None:
    """At 320 px an audit saw the fourth column cut ("MẤT TRẮNG!" and Bea's total out of
    sight) and, after a correction, "Bea" drawn a letter a line."""
    page.set_viewport_size({"width": 320, "height": 640})
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bold Boris", "Odds Otto", "Bea"], 10)
    switch_language(page, "vi")
    sheet = end_sheet(page)
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth")
    for name, lines in name_lines(sheet):
        assert lines <= len(name.split()), (name, lines)
    sheet.screenshot(path=str(SCREENSHOTS / "mishimash-sheet-four-seats-vi-320.png"))


def name_lines(sheet: Locator) -> list[tuple[str, int]]:
    """Each column head's name and the lines it is drawn on (upright or not)."""
    found: list[tuple[str, int]] = sheet.locator("thead th .head").evaluate_all(
        "heads => heads.map(head => { const r = document.createRange();"
        " r.selectNodeContents(head.firstChild);"
        " return [head.firstChild.textContent, r.getClientRects().length]; })"
    )
    return [(name, lines) for name, lines in found]


LONG_NAMES = ["Annabelle", "Bartholomew", "Christopher", "Maximiliana"]


def test_long_names_are_never_broken_inside_a_word(page: Page, base_url: str) -> None:
    """A play-tester saw "Annabell/e" and "Bartholome/w" in the end's sheet at 375 px: two
    long names stand whole there, each on one line."""
    page.set_viewport_size({"width": 375, "height": 667})
    ready(page, base_url + "#mishimash")
    start(page, LONG_NAMES[:2], 10)
    throw(page, "111523")
    take(page, (0, 1, 2, 3))
    throw(page, "223466")
    sheet = page.locator("#ms-over-sheet")
    expect(sheet).to_be_visible()
    assert name_lines(sheet) == [(name, 1) for name in LONG_NAMES[:2]]
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth")
    sheet.screenshot(path=str(SCREENSHOTS / "mishimash-sheet-long-names-375.png"))


def test_four_long_names_stand_upright_and_fit_320_px(page: Page, base_url: str) -> None:
    """At 320 px, with four long names, the fourth column was cut off ("Christophe…") and
    reached only sideways: the heads stand upright, whole, and the sheet fits."""
    page.set_viewport_size({"width": 320, "height": 640})
    ready(page, base_url + "#mishimash")
    start(page, LONG_NAMES, 10)
    sheet = end_sheet(page)
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert name_lines(sheet) == [(name, 1) for name in LONG_NAMES]
    expect(sheet.locator("table")).to_have_class(re.compile("upright"))
    # The leader's head is named with a space: an audit read "Annabellewon".
    expect(sheet.get_by_role("columnheader", name="Annabelle won", exact=True)).to_be_visible()
    sheet.screenshot(path=str(SCREENSHOTS / "mishimash-sheet-long-names-320.png"))
    # The phone turned sideways: the whole names fit lying down again.
    page.set_viewport_size({"width": 640, "height": 320})
    expect(sheet.locator("table")).not_to_have_class(re.compile("upright"))
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth")
