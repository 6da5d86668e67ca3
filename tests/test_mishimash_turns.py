"""The setup's "about N turns at best play" (issue 28): the shipped expectation against its
enumeration (a coarser one, recomputed here) and the turn's exact mean points; a seeded sample
of whole solo games played by the "best odds" computer agrees (bench/mishimash_levels.py runs a
larger one)."""

from __future__ import annotations

import statistics

import pytest

from app.pure.mishimash_setup import expected_turns
from cubiri.mishimash import game, odds, turns
from cubiri.mishimash.computer import next_move


def test_the_enumerated_turn_is_worth_the_strategys_turn_value() -> None:
    mean, _ = turns._shipped()
    # The table's own value of a whole turn (a backward computation, not this enumeration).
    assert mean == pytest.approx(odds.value(0, 6, 1, 0), abs=0.0001)


def test_the_shipped_table_is_the_renewal_over_the_enumerated_turn() -> None:
    coarse = turns.expected_turns_table(2 * 60, prune=1e-7)  # a coarser enumeration, faster
    for target in (1, 2, 5, 10, 30, 60):
        assert turns.expected_turns(target) == pytest.approx(coarse[2 * target], abs=0.01)
    shipped = [turns.expected_turns(target) for target in range(1, 1001)]
    assert shipped == sorted(shipped) and shipped[0] > 1
    # Past the table each point costs a turn's share: the slope the table ends with.
    assert turns.expected_turns(2000) - turns.expected_turns(1000) == pytest.approx(
        1000 / turns._shipped()[0]
    )
    assert (shipped[-1] - shipped[-201]) / 200 == pytest.approx(1 / turns._shipped()[0], rel=0.01)


def test_solo_games_at_best_play_take_the_expected_turns() -> None:
    played = []
    for seed in range(300):
        state = game.new_game(["Ana"], 30, seed)
        while not state.over:
            state = game.play(state, next_move("best odds", state))
        played.append(state.turns[0])
    spread = statistics.stdev(played) / len(played) ** 0.5
    assert statistics.fmean(played) == pytest.approx(turns.expected_turns(30), abs=4 * spread)


def test_the_setup_says_the_nearest_whole_number_of_turns() -> None:
    assert expected_turns(100) == 8  # was 6: 100 / 15.72
    assert expected_turns(1000) == 65
    assert expected_turns(1) == 1
