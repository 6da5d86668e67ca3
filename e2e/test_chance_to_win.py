"""The coach's chance to win in the page (issue 28): the tester's sudden death of `?seed=20`,
where the coach said "bank now 100%" for one 1, their `?seed=306` (a MISHIMASH past the leader
with a player still to come) and `?seed=14` (a tie in reach, valued 0%), the last two with real
dice. The coach says the exact chances (win_chance, checked against Monte Carlos in the unit
tests) and the better play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from app.pure.coach import build_coach, percent
from app.pure.i18n import load_translator
from cubiri.mishimash import game as engine
from cubiri.mishimash import two_left, win_chance, win_chances
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, both_sizes
from e2e.mishimash_driver import MishimashDriver, pick
from e2e.taps import tap
from e2e.test_real_dice import ready, start, take, throw
from tests.test_win_chance import behind_the_leader, passed_the_leader, typed
from tests.typed_games import play

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
LOCALES = Path(__file__).resolve().parents[1] / "locales"
# The final round's chances are read from shipped tables: there at once (issue 28: a minute).
AT_ONCE_MS = 1_000
# A chase's table is built as its turn starts, in slices between frames (about 2 s in CPython).
CHASE_BUILT_MS = 60_000


def bank_a_one(state: engine.State) -> tuple[tuple[int, ...], str]:
    return (state.dice.index(1),), "bank"


def seed_20_until(page: Page, open_app: Open, round_: engine.Round) -> MishimashDriver:
    """The tester's game: `?seed=20`, Ana and Bela to 1, each banking a 1, up to `round_`."""
    page.set_viewport_size(PHONE)
    open_app("?seed=20#mishimash")
    driver = MishimashDriver(page, ["Ana", "Bela"], 1, 20)
    driver.start()
    driver.play_until(bank_a_one, lambda state: state.round is round_)
    return driver


def test_the_first_mover_of_a_sudden_death_is_told_to_roll_on(
    page: Page, open_app: Open, shot: Shot
) -> None:
    # Ana banks a 1, Bela banks a 1: level, sudden death.
    driver = seed_20_until(page, open_app, engine.Round.SUDDEN_DEATH)
    assert driver.state.round is engine.Round.SUDDEN_DEATH and driver.state.current == 0
    sudden = driver.state
    t = load_translator("en", LOCALES)
    before = build_coach(sudden, frozenset(), t, frozenset({0, 1})).lines
    assert "Your chance to win: 36.6%." in before
    expect(page.locator("#ms-coach")).to_contain_text(
        "Your chance to win: 36.6%.", timeout=AT_ONCE_MS
    )
    driver.roll()
    assert driver.state.dice == (1, 6, 5, 6, 1, 4)  # the tester's roll
    driver.pick((0,))
    expected = build_coach(driver.state, frozenset({0}), t, frozenset({0, 1})).lines
    assert "Chance to win: bank now 3.9% · roll on 34.5%." in expected
    lines = page.locator("#ms-coach li")
    expect(lines).to_have_count(len(expected), timeout=AT_ONCE_MS)
    for index, line in enumerate(expected):
        expect(lines.nth(index)).to_have_text(line)
    both_sizes(page, shot, "mishimash-chance-to-win")


def test_the_final_round_chance_is_there_at_once_and_after_a_reload(
    page: Page, open_app: Open
) -> None:
    driver = seed_20_until(page, open_app, engine.Round.FINAL_ROUND)
    final = driver.state
    gap = final.totals[0] - final.totals[1]
    chance = win_chance.last_mover().start(gap)
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {t('coach.percent', percent=round(100 * chance, 1))}."
    expect(page.locator("#ms-banner")).to_contain_text("FINAL ROUND")
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)
    need = t.number((gap + 1) / 2)  # halves: passing is half a point more than the gap
    expect(page.locator("#ms-to-beat")).to_have_text(f"To beat: 1 ({need} more needed)")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)


def test_past_the_leader_the_coach_counts_the_player_still_to_come(
    page: Page, base_url: str, shot: Shot
) -> None:
    """Issue 28's `?seed=306`, at a table of real dice: Bea passes the leader with a MISHIMASH
    and Cubi is still to play. The coach said "bank now 100%"; it says her chance to win, at
    once (the reach table the page builds for minutes is not needed for it)."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ann", "Otto", "Bea", "Cubi"], 10)
    throw(page, "111523")
    take(page, (0, 1, 2, 3))  # Ann banks 10.5: the final round
    throw(page, "234623")  # Otto busts
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea")
    throw(page, "111555")
    for index in range(6):
        tap(page.locator(f"#ms-die-{index}"))
    chances = win_chances(passed_the_leader())
    assert chances is not None
    t = load_translator("en", LOCALES)
    bank, roll = percent(t, chances["bank"]), percent(t, chances["roll"])
    line = f"Chance to win: bank now {bank} · roll on {roll}."
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)
    both_sizes(page, shot, "mishimash-past-the-leader")


def test_behind_the_leader_the_coach_counts_the_last_still_to_come(
    page: Page, base_url: str, shot: Shot
) -> None:
    """Three seats at a table of real dice: Ana banks 10.5, Bela takes three 1s (10 points)
    with Cleo still to play. The coach gives Bela's exact chance to win (passing Ana, then Cleo
    not passing her), not the chance to pass Ana, once her turn's table is built."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela", "Cleo"], 10)
    throw(page, "111523")
    take(page, (0, 1, 2, 3))  # Ana banks 10.5: the final round
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    expect(page.locator("#ms-to-beat")).to_have_text("To beat: 10.5 (11 more needed)")
    throw(page, "111552")
    for index in (0, 1, 2):
        tap(page.locator(f"#ms-die-{index}"))
    chances = win_chances(behind_the_leader())
    assert chances is not None
    t = load_translator("en", LOCALES)
    line = f"Chance to win: bank now 0% · roll on {percent(t, chances['roll'])}."
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text(line, timeout=CHASE_BUILT_MS)
    expect(coach).to_contain_text("chance to win.")
    expect(coach).not_to_contain_text("pass")
    both_sizes(page, shot, "mishimash-behind-the-leader")


def test_a_tie_in_reach_is_worth_its_sudden_death_in_the_page(page: Page, base_url: str) -> None:
    """Issue 28's `?seed=14`, at a table of real dice: Bela can bank level with Ana. The coach
    valued a tie at 0% and advised rolling on; a level leads to a sudden death in which Bela
    moves second, worth 63.4%, more than rolling two dice on (55.6%)."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 10)
    throw(page, "111523")
    take(page, (0, 1, 2, 3))  # Ana banks 10.5: the final round
    throw(page, "111523")
    for index in range(4):  # level: 10.5 with two dice left
        tap(page.locator(f"#ms-die-{index}"))
    lines = page.locator("#ms-coach li")
    expect(lines.filter(has_text="Chance to win: bank now")).to_have_text(
        "Chance to win: bank now 63.4% · roll on 55.6%.", timeout=AT_ONCE_MS
    )
    expect(lines.first).to_have_text("Best play takes the 1, 1, and 1: a 72.2% chance to win.")
    # A play-tester read "total 10.5" under "To beat: 10.5" as a loss: BANK says level, and
    # the coach what a level leads to (Bela plays last: a sudden death for sure, helper-37).
    expect(page.locator("#ms-bank")).to_contain_text("total 10.5, level")
    expect(lines.last).to_contain_text("nobody plays after you, so a sudden death follows")


def test_a_sudden_death_of_three_and_a_last_turn_against_two_level_leaders(
    page: Page, base_url: str, shot: Shot
) -> None:
    """Three seats at a table of real dice, target 10: Ana and Bela each bank 10.5, so Cleo,
    last, plays against two level leaders: her level is worth her share of a sudden death of
    three, not a loss. She banks it, and in the sudden death Ana, first of three, holds a 1:
    banking it wins only if both others bust."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela", "Cleo"], 10)
    for _ in range(2):
        throw(page, "111523")
        take(page, (0, 1, 2, 3))  # 10.5 each
    expect(page.locator("#ms-turn-of")).to_contain_text("Cleo")
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text("Your chance to win: ", timeout=CHASE_BUILT_MS)
    throw(page, "111523")
    for index in range(4):  # level with both, two dice left
        tap(page.locator(f"#ms-die-{index}"))
    t = load_translator("en", LOCALES)
    ten = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3)]
    cleo = typed(["Ana", "Bela", "Cleo"], 10, [*ten, "bank", *ten, "bank", *ten])
    chances = win_chances(cleo)
    assert chances is not None and chances["bank"] == win_chance.THREE_WAY[2]
    line = f"Chance to win: bank now {percent(t, chances['bank'])}"
    expect(coach).to_contain_text(f"{line} · roll on {percent(t, chances['roll'])}.")
    both_sizes(page, shot, "mishimash-last-against-two")
    tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    expect(coach).to_contain_text(f"Your chance to win: {percent(t, win_chance.THREE_WAY[0])}.")
    throw(page, "165614")
    tap(page.locator("#ms-die-0"))
    ana = play(cleo, "bank", [1, 6, 5, 6, 1, 4], (0,))
    assert ana.round is engine.Round.SUDDEN_DEATH and len(ana.contenders) == 3
    chances = win_chances(ana)
    assert chances is not None and chances["bank"] < 0.02 < chances["roll"]
    line = f"Chance to win: bank now {percent(t, chances['bank'])}"
    expect(coach).to_contain_text(line, timeout=AT_ONCE_MS)
    both_sizes(page, shot, "mishimash-sudden-death-of-three")


def test_in_a_two_player_race_bank_that_reaches_the_target_gives_its_chance_to_win(
    page: Page, base_url: str
) -> None:
    """X16 with real dice: Ana's 1 1 1 5 banks 10.5 of a target of 10, and Bela then plays the
    last turn: the coach says what BANK leaves Ana (about even), not points on average."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 10)
    throw(page, "111523")
    pick(page, (0, 1, 2, 3))
    before = typed(["Ana", "Bela"], 10, [[1, 1, 1, 5, 2, 3]])
    t = load_translator("en", LOCALES)
    expected = build_coach(before, frozenset(range(4)), t, frozenset({0, 1})).lines
    assert expected[-1] == "BANK now reaches the target: your chance to win is then 49.4%."
    lines = page.locator("#ms-coach li")
    expect(lines).to_have_count(len(expected), timeout=AT_ONCE_MS)
    for index, line in enumerate(expected):
        expect(lines.nth(index)).to_have_text(line)


def test_in_a_race_of_three_bank_that_reaches_the_target_gives_its_chance_at_once(
    page: Page, base_url: str, shot: Shot
) -> None:
    """X16 at a table of three: Ana's 1 1 1 5 banks 10.5 of a target of 10, and Bea and Cleo,
    at nothing, then play once more each. The coach names them and gives the chance BANK
    leaves Ana (about one in four: each of them passes 10.5 more often than not) at once, from
    the shipped values of a lone leader with two to play (lone_table.bin)."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo"], 10)
    throw(page, "111523")
    pick(page, (0, 1, 2, 3))
    t = load_translator("en", LOCALES)
    names = (
        "BANK now reaches the target and starts the final round: Bea and Cleo then play once more."
    )
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text(names, timeout=AT_ONCE_MS)
    mine = two_left.chance((21, 21))  # Ana leads each of them by 21 halves
    expect(coach).to_contain_text(
        f"{names} Your chance to win is then {percent(t, mine)}.", timeout=AT_ONCE_MS
    )
    both_sizes(page, shot, "mishimash-race-of-three-bank-reaches")


def test_with_real_dice_to_type_after_roll_again_the_coach_keeps_the_chance(
    page: Page, base_url: str
) -> None:
    """helper-21: in the final round, "Throw 5 dice and enter them" after ROLL AGAIN came with
    a blank coach. It keeps the chance to win from there (what ROLL AGAIN was worth)."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea"], 10)
    throw(page, "111523")
    take(page, (0, 1, 2, 3))  # Ana banks 10.5: Bea's last turn
    throw(page, "123466")
    take(page, (0,), bank=False)  # the 1, then ROLL AGAIN
    expect(page.locator("#ms-entry-prompt")).to_have_text("Throw 5 dice and enter them")
    decided = typed(
        ["Ana", "Bea"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 2, 3, 4, 6, 6], (0,)]
    )
    chances = win_chances(decided)
    assert chances is not None
    t = load_translator("en", LOCALES)
    line = f"Your chance to win: {percent(t, chances['roll'])}."
    expect(page.locator("#ms-coach")).to_contain_text(line, timeout=AT_ONCE_MS)


# Every frame's coach, as painted: a requestAnimationFrame callback runs just before each paint.
WATCH_FRAMES = """() => {
    window.cubiriFrames = [];
    const coach = document.getElementById('ms-coach');
    const watch = () => {
        window.cubiriFrames.push(coach.hidden ? '' : coach.textContent.trim());
        requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
}"""


def test_the_next_players_chance_never_flashes_working_out(page: Page, base_url: str) -> None:
    """helper-33: after a BANK, the next player of the final round saw "The coach is working
    out the odds…" for 20–75 ms before their chance to win, at every turn: a chase's table
    that takes a few dozen milliseconds was built between frames after the page had painted.
    Bea, 10.5 behind Ana with Cleo still to come, chases her; Cleo then plays last."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bea", "Cleo"], 10)
    throw(page, "111523")
    pick(page, (0, 1, 2, 3))
    page.evaluate(WATCH_FRAMES)
    tap(page.locator("#ms-bank"))  # Ana banks 10.5: the final round, Bea chases her
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text("Your chance to win: ", timeout=AT_ONCE_MS)
    frames = page.evaluate("window.cubiriFrames")
    assert not [frame for frame in frames if "working out" in frame], frames


def test_behind_two_level_leaders_with_one_to_come_the_chance_to_win(
    page: Page, base_url: str
) -> None:
    """Four seats, real dice, target 10: Ana and Bea bank 10.5 each, level at the top; Cleo
    plays with Dan still to come. The coach named her chance to pass 10.5; the page now builds
    her chance to win between frames (a second or so) and says it."""
    from cubiri.mishimash import later_players

    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    names = ["Ana", "Bea", "Cleo", "Dan"]
    start(page, names, 10)
    for _ in range(2):
        throw(page, "111523")
        take(page, (0, 1, 2, 3))  # 10.5 each
    expect(page.locator("#ms-turn-of")).to_contain_text("Cleo")
    cleo = typed(names, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"] * 2)
    later_players.forget()
    chance = percent(load_translator("en", LOCALES), later_players.start_chance(cleo))
    coach = page.locator("#ms-coach")
    expect(coach).to_contain_text(f"Your chance to win: {chance}.", timeout=CHASE_BUILT_MS)
    expect(coach).not_to_contain_text("pass")
