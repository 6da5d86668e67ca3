"""A sudden death of four (X17; issue 28): its movers' chances to win from the shipped values
(sudden_four.json), in the engine, the coach and the strongest computer.

Before the values shipped, the page showed the first mover "Chance to pass 1: bank now 100% ·
roll on 92.3%" (banking its 1 point wins 0.6%), and the strongest computer banked its first
scoring dice: the issue's first finding, in a sudden death of four."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pure.coach import build_coach, percent
from app.pure.i18n import load_translator
from cubiri.dice import TYPED
from cubiri.mishimash import computer, game, later_players, sudden_four, win_chances
from cubiri.mishimash.later_players import LevelStart
from tests.typed_games import play

t = load_translator("en", Path(__file__).resolve().parents[1] / "locales")
PEOPLE = frozenset(range(4))
FIRST = LevelStart(3, 0, 4)


def sudden_death_of_four() -> game.State:
    """Four people to 1 point: each banks a single 1, all four level at 1."""
    state = game.new_game(["Ana", "Bea", "Cleo", "Dan"], 1, 0, TYPED)
    for _ in range(4):
        state = play(state, [1, 2, 3, 4, 6, 6], (0,), "bank")
    assert state.round is game.Round.SUDDEN_DEATH and state.contenders == (0, 1, 2, 3)
    return state


@pytest.fixture
def built() -> game.State:
    """The sudden death's start, its first mover's table built as the page builds it."""
    later_players.forget()
    state = sudden_death_of_four()
    assert later_players.page_needs(state) == [FIRST]
    assert build_coach(state, frozenset(), t, PEOPLE).lines == (
        "The coach is working out the odds…",
    )
    while not later_players.page_step(state, 20):
        pass
    return state


def test_the_first_mover_is_told_its_chance_to_win_not_a_chance_to_pass(built: game.State) -> None:
    """The issue's throw, 1 6 5 6 1 4, one 1 picked: banking its 1 point wins 0.6% (three
    still to pass it), rolling on 15.4%, and the coach says so."""
    table = later_players.level_table(FIRST)
    start = build_coach(built, frozenset(), t, PEOPLE).lines
    assert start == (f"Your chance to win: {percent(t, table.start())}.",)
    thrown = play(built, [1, 6, 5, 6, 1, 4])
    chances = win_chances(play(thrown, (0,)))
    assert chances is not None
    bank, roll = percent(t, chances["bank"]), percent(t, chances["roll"])
    assert (bank, roll) == ("0.6%", "15.4%")
    lines = build_coach(thrown, frozenset({0}), t, PEOPLE).lines
    assert lines[1] == f"Chance to win: bank now {bank} · roll on {roll}."
    assert not any("pass" in line for line in lines)


def test_the_strongest_first_mover_plays_on_rather_than_banking_its_first_scoring_dice(
    built: game.State,
) -> None:
    thrown = play(built, [1, 6, 5, 6, 1, 4])
    assert computer.plays_to_win("strongest", thrown)
    picked = computer.next_move("strongest", thrown)
    assert picked == game.Select((0,))  # one 1: five dice to throw again
    assert computer.next_move("strongest", game.apply(thrown, picked)) == game.RollAgain()


def test_the_shipped_values_are_those_built_without_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """sudden_four.json against later_players building them: a lone leader's chance with three
    still to play at three of the shipped leads (near, past the window, far), and the chance
    that the last one, or the last two, all end at nothing. (The tool's --check builds all.)"""
    later_players.forget()
    shipped = later_players._sudden_four(0.0)
    assert shipped is not None
    lone, busts = shipped
    monkeypatch.setattr(later_players, "READS_SUDDEN_FOUR", False)
    solver = later_players.Solver(later_players.Position(0, (0, 0, 0)), 1)
    for lead in (1, 12, max(lone)):
        assert solver.leaders(lead, 1, 0)[0] == pytest.approx(lone[lead], abs=1e-12)
    for later, place in ((1, 3), (2, 2)):
        built = later_players._all_bust(later, place, 4, 0.0)
        assert built == pytest.approx(busts[later, place], abs=1e-12)
    later_players.forget()


@pytest.mark.parametrize(
    "text",
    ["", "not json", "[]", '{"made": [], "lone": [], "all_bust": []}', "{"],
)
def test_a_damaged_file_is_never_read(
    text: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without the values the page keeps to the chance to pass, as before (building them takes
    about 40 s)."""
    damaged = tmp_path / "sudden_four.json"
    damaged.write_text(text)
    monkeypatch.setattr(sudden_four, "PATH", damaged)
    sudden_four.shipped.cache_clear()
    try:
        assert later_players._sudden_four(0.0) is None
        assert later_players.page_needs(sudden_death_of_four()) == []
    finally:
        sudden_four.shipped.cache_clear()


def test_values_made_from_other_shares_are_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    text = sudden_four.PATH.read_text()
    monkeypatch.setattr(later_players, "FOUR_WAY", (0.25, 0.25, 0.25, 0.25))
    assert later_players._sudden_four(0.0) is None
    assert later_players._sudden_four(0.1) is None  # the estimate moved (tie_spread)
    assert text == sudden_four.PATH.read_text()


@pytest.mark.parametrize(
    "before",
    [
        [[[1, 2, 3, 4, 6, 6], (0,), "bank"]] * 3,
        # Five seats: Ana, Bea and Dan level at 1, Cleo busts (helper-41: 3.8-4.2 s of
        # "working out" as the sudden death of four began).
        [[[1, 2, 3, 4, 6, 6], (0,), "bank"]] * 2
        + [[[2, 2, 3, 4, 6, 6]], [[1, 2, 3, 4, 6, 6], (0,), "bank"]],
    ],
    ids=["four", "five"],
)
def test_the_last_turn_that_may_level_three_builds_the_sudden_deaths_first_tables(
    before: list[list[object]],
) -> None:
    """Dan's final turn with Ana, Bea and Cleo level at 1 (or Eve's, at five): while he plays,
    the page builds the table the sudden death of four's first mover reads, and the next
    mover's should the first bust (helper-41 saw 1.8-2.0 s of "working out" at Bea's turn
    after Ana busted at once), so each is there when its turn begins."""
    later_players.forget()
    names = ["Ana", "Bea", "Cleo", "Dan", "Eve"][: len(before) + 1]
    state = game.new_game(names, 1, 0, TYPED)
    for moves in before:
        state = play(state, *moves)
    assert state.round is game.Round.FINAL_ROUND and state.current == len(before)
    assert later_players.build_needs(state)[-2:] == [FIRST, LevelStart(2, 1, 4)]
    while not later_players.page_step(state, 20):
        pass
    sudden = play(state, [1, 2, 3, 4, 6, 6], (0,), "bank")
    assert sudden.round is game.Round.SUDDEN_DEATH and len(sudden.contenders) == 4
    assert later_players.page_ready(sudden)
    bea = play(sudden, [2, 2, 3, 4, 6, 6])  # Ana busts
    assert bea.current == 1 and later_players.page_ready(bea)
    later_players.forget()


def test_each_mover_level_with_all_has_the_next_ones_table_built_while_it_plays() -> None:
    """The next mover's table should this turn bust (helper-39: Bea saw "working out" for
    1.6 s after Champion Cubi's bust): built while this one plays, the last mover's never
    (nobody after it)."""
    later_players.forget()
    state = sudden_death_of_four()
    bust = [2, 2, 3, 4, 6, 6]
    for after in (LevelStart(2, 1, 4), LevelStart(1, 2, 4), LevelStart(0, 3, 4)):
        assert later_players.build_needs(state)[-1] == after
        state = play(state, bust)
        assert later_players.level_start(state) == after
    assert later_players.build_needs(state) == later_players.page_needs(state)  # the last


def test_after_a_reload_each_mover_level_with_all_is_told_the_chance_the_tab_kept() -> None:
    """helper-40 reloaded at a sudden death of four: "working out" for 5.1-5.6 s at its first
    mover's turn (2.6 s at the next after a bust) while the table was built again. The tab
    keeps each mover's chance as its turn begins (later_players.dump_built), read before the
    first paint: the coach says it at once, the same as built."""
    later_players.forget()
    state = sudden_death_of_four()
    while not later_players.page_step(state, 50):  # the first mover's, and the next's
        pass
    ana = build_coach(state, frozenset(), t, PEOPLE).lines
    kept = later_players.dump_built(state)
    bea = play(state, [2, 2, 3, 4, 6, 6])  # Ana busts
    assert bea.current == 1 and bea.round is game.Round.SUDDEN_DEATH
    bea_lines = build_coach(bea, frozenset(), t, PEOPLE).lines
    later_players.forget()  # the reload
    assert "working out" in " ".join(build_coach(state, frozenset(), t, PEOPLE).lines)
    later_players.load_built(state, kept)
    assert not later_players.page_ready(state) and not later_players.page_ready(bea)
    assert build_coach(state, frozenset(), t, PEOPLE).lines == ana
    assert build_coach(bea, frozenset(), t, PEOPLE).lines == bea_lines
    assert "Your chance to win" in " ".join(ana) and "Your chance to win" in " ".join(bea_lines)
    later_players.forget()
