"""The last player's table against level leaders, built while the last but one plays
(win_chance.last_ahead; issue 28, ready at once). helper-40's Dan, 150 points below Ana, Bea
and Cleo level at 150, saw "working out" for 1.0-1.9 s as his turn began: his gap is known
while Cleo plays, whatever she does."""

from __future__ import annotations

from cubiri.mishimash import game, win_chance
from tests.test_win_chance import typed
from tests.typed_games import play

PLAYERS = ["Ana", "Bea", "Cleo", "Dan"]
ALL = (0, 1, 2, 3, 4, 5)
SIX = [1, 1, 1, 1, 1, 1]
SCORES_150 = [SIX, ALL, "again", SIX, ALL, "bank"]  # a MISHIMASH, then six 1s taken: 150
BUSTS = [[2, 2, 3, 4, 6, 6]]


def built_while_cleo_plays(cleo: game.State) -> list[win_chance.OwnKey]:
    """What the page builds for Dan while Cleo's turn is at this point, in order."""
    keys = []
    while (key := win_chance.last_ahead(cleo)) is not None:
        keys.append(key)
        win_chance.step_last_ahead(cleo, float("inf"))
    return keys


def test_behind_two_level_the_last_but_ones_turn_builds_the_last_against_two_and_three() -> None:
    """Ana and Bea level at 150 (X17): should Cleo end below them, Dan plays against two level
    (a level: a sudden death of three), should she end level, against three (of four). Both
    tables are built while she plays; his turn then has nothing to build, either way."""
    win_chance._chases.clear()
    cleo = typed(PLAYERS, 10, SCORES_150 * 2)
    assert cleo.current == 2 and cleo.round is game.Round.FINAL_ROUND
    assert built_while_cleo_plays(cleo) == [("level", 300, 2), ("level", 300, 3)]
    for dan in (play_on(cleo, BUSTS), play_on(cleo, SCORES_150)):
        assert dan.current == 3 and not win_chance.chase_pending(dan)
    short = play_on(cleo, [[1, 1, 1, 2, 3, 4], (0, 1, 2), "bank"])  # below: as her bust
    assert short.current == 3 and not win_chance.chase_pending(short)


def test_past_the_leaders_total_only_the_table_against_those_level_now_is_built() -> None:
    """Cleo's turn already past 150 cannot end level: only her bust (below) is left to build
    for; with one leader and her past it, nothing (Dan then chases her alone: shipped)."""
    win_chance._chases.clear()
    past = play_on(typed(PLAYERS, 10, SCORES_150 * 2), [SIX, ALL, "again"] * 3)
    assert past.turn_halves > 300
    assert built_while_cleo_plays(past) == [("level", 300, 2)]
    win_chance._chases.clear()
    lone = typed(PLAYERS, 10, [*SCORES_150, *BUSTS])
    assert lone.current == 2 and lone.totals[:2] == (300, 0)
    assert built_while_cleo_plays(lone) == [("level", 300, 2)]  # should she level Ana
    assert win_chance.last_ahead(play_on(lone, [SIX, ALL, "again"] * 3)) is None
    assert win_chance.last_ahead(typed(PLAYERS, 10, SCORES_150)) is None  # Bea: two after her


def play_on(state: game.State, moves: list[object]) -> game.State:
    return play(state, *moves)
