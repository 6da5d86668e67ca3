"""A sudden death of four (X17; issue 28). Its first mover was told "Chance to pass 1: bank
now 100% · roll on 92.3%" (banking its 1 point wins 0.6%): the page now reads the shipped
values of a sudden death of four (sudden_four.json), builds the first mover's table while the
last turn of the final round may level the three before it, and says the chance to win."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from app.pure.coach import percent
from app.pure.i18n import load_translator
from cubiri.mishimash import later_players, win_chance
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, SCREENSHOTS
from e2e.mishimash_driver import pick
from e2e.taps import tap
from e2e.test_chance_to_win import AT_ONCE_MS, LOCALES, WATCH_FRAMES
from e2e.test_far_behind_at_once import COACH_SAID
from e2e.test_four_seats_at_once import THINKS_MS
from e2e.test_real_dice import ready, start, take, throw
from tests.test_win_chance import typed


def test_a_sudden_death_of_four_tells_its_first_mover_the_chance_to_win(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(COACH_SAID)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo", "Dan"], 1)
    for _ in range(3):
        throw(page, "123466")
        take(page, (0,))
    # Dan, last, against the three level at 1 (helper-37 was told his "chance to pass 1"): a
    # pass wins, a level is the sudden death of four, his share FOUR_WAY[3].
    t = load_translator("en", LOCALES)
    coach = page.locator("#ms-coach")
    level = typed(["Ana", "Bea", "Cleo", "Dan"], 1, [[1, 2, 3, 4, 6, 6], (0,), "bank"] * 3)
    win_chance.step_chase(level, float("inf"))
    dan = f"Your chance to win: {percent(t, win_chance.start_chance(level))}."
    expect(coach).to_contain_text(dan, timeout=AT_ONCE_MS)
    expect(coach).not_to_contain_text("pass")
    throw(page, "123466")  # Dan may level the three: the page builds the sudden death's table
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    pick(page, (0,))
    expect(coach).to_contain_text(f"bank now {percent(t, win_chance.FOUR_WAY[3])}")
    expect(coach).to_contain_text("nobody plays after you, so a sudden death follows")
    tap(page.locator("#ms-bank"))
    later_players.forget()
    table = later_players.level_table(later_players.LevelStart(3, 0, 4))
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    ana = f"Your chance to win: {percent(t, table.start())}."
    expect(coach).to_contain_text(ana, timeout=AT_ONCE_MS)
    reload_says(page, ana)
    # Her table is built again after the reload (4 s here): she throws once it is.
    page.wait_for_selector("#ms-game[data-building=false]", state="attached", timeout=THINKS_MS)
    throw(page, "165614")
    pick(page, (0,))
    expect(coach).to_contain_text(
        "Chance to win: bank now 0.6% · roll on 15.4%.", timeout=AT_ONCE_MS
    )
    expect(coach).not_to_contain_text("pass")
    page.screenshot(path=str(SCREENSHOTS / "mishimash-sudden-death-of-four.png"), full_page=True)


def test_the_next_mover_after_a_bust_never_sees_working_out(page: Page, base_url: str) -> None:
    """helper-39, a sudden death of four: Champion Cubi, first, busted, and Bea saw "The coach
    is working out the odds…" for 1.6 s: her table (level with all, two still to come) was
    built only once her turn began. It is the same whatever the first mover does until it
    busts, so the page builds it while the first mover plays; and, first, while the last turn
    of the final round may level the three before it (helper-41 still saw 1.8-2.0 s where Ana
    busted at once)."""
    page.set_viewport_size(PHONE)
    page.add_init_script(COACH_SAID)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo", "Dan"], 1)
    for player in ("Ana", "Bea", "Cleo", "Dan"):  # all four bank 1: a sudden death of four
        expect(page.locator("#ms-turn-of")).to_contain_text(player)
        if player == "Dan":  # he thinks before he throws: the page builds meanwhile
            page.wait_for_selector(
                "#ms-game[data-building=false]", state="attached", timeout=THINKS_MS
            )
        throw(page, "123466")
        take(page, (0,))
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    page.evaluate(WATCH_FRAMES)  # Ana throws at once
    throw(page, "223466")  # Ana busts: Bea is level with everyone who has played
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea")
    t = load_translator("en", LOCALES)
    later_players.forget()
    bea = later_players.level_table(later_players.LevelStart(2, 1, 4)).start()
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text(f"Your chance to win: {percent(t, bea)}.", timeout=AT_ONCE_MS)
    frames = page.evaluate("window.cubiriFrames")
    assert not [frame for frame in frames if "working out" in frame], frames
    reload_says(page, f"Your chance to win: {percent(t, bea)}.")


def reload_says(page: Page, line: str) -> None:
    """A reload at this turn's start: the coach says `line` with the page, never "working
    out". helper-40 saw it for 5.1-5.6 s at a sudden death of four's first mover, and 2.6 s
    at the next after a bust: the mover's table is built again (the tab now keeps its chance
    as the turn begins, later_players.kept_start). `COACH_SAID` records what it says."""
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)
    said = page.evaluate("window.coachSaid")
    assert not [text for _, text, _ in said if "working out" in text], said
