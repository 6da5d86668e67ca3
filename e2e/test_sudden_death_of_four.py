"""A sudden death of four (X17; issue 28). Its first mover was told "Chance to pass 1: bank
now 100% · roll on 92.3%" (banking its 1 point wins 0.6%): the page now reads the shipped
values of a sudden death of four (sudden_four.json), builds the first mover's table while the
last turn of the final round may level the three before it, and says the chance to win."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from app.pure.coach import percent
from app.pure.i18n import load_translator
from cubiri.mishimash import later_players, win_chance
from e2e.conftest import PHONE, SCREENSHOTS
from e2e.mishimash_driver import pick
from e2e.taps import tap
from e2e.test_chance_to_win import AT_ONCE_MS, LOCALES
from e2e.test_four_seats_at_once import THINKS_MS
from e2e.test_real_dice import ready, start, take, throw
from tests.test_win_chance import typed


def test_a_sudden_death_of_four_tells_its_first_mover_the_chance_to_win(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size(PHONE)
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
    expect(coach).to_contain_text(
        f"Your chance to win: {percent(t, table.start())}.", timeout=AT_ONCE_MS
    )
    throw(page, "165614")
    pick(page, (0,))
    expect(coach).to_contain_text(
        "Chance to win: bank now 0.6% · roll on 15.4%.", timeout=AT_ONCE_MS
    )
    expect(coach).not_to_contain_text("pass")
    page.screenshot(path=str(SCREENSHOTS / "mishimash-sudden-death-of-four.png"), full_page=True)
