"""MISHIMASH random playouts over many seeds, and the bust chance against the exact one."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from cubiri.mishimash import game as engine
from cubiri.mishimash.game import (
    Bank,
    MishimashError,
    Phase,
    State,
    apply,
    from_dict,
    legal_actions,
    new_game,
    replay,
    to_dict,
)
from cubiri.mishimash.scoring import is_bust
from tests.playouts import check_round_trip, mishimash_playout

MAX_ACTIONS = 20_000  # far beyond any real game: a game that runs this long never ends


@pytest.mark.parametrize("players", range(1, 7))
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(170):  # × 6 player counts = 1,020 games
        target = (20, 60, 150)[seed % 3]
        previous: State | None = None
        for count, state in enumerate(mishimash_playout(players, target, seed)):
            assert count < MAX_ACTIONS, "the game should have ended"
            assert all(isinstance(total, int) for total in state.totals)  # whole halves: X13
            if previous is not None:
                assert all(a >= b for a, b in zip(state.totals, previous.totals, strict=True))
            if seed < 25:
                for action in legal_actions(state):
                    apply(state, action)  # every offered action is legal
                if state.phase is Phase.SELECT:
                    with pytest.raises(MishimashError):
                        apply(state, Bank())  # X8: select before banking
            if seed < 10 and count % 7 == 0:
                check_round_trip(engine, state)
            previous = state
        assert previous is not None and previous.phase is Phase.OVER
        winner = previous.winner
        assert winner is not None
        assert previous.totals[winner] == max(previous.totals)
        assert previous.totals.count(previous.totals[winner]) == 1 or players == 1
        if players == 1:
            assert previous.totals[0] >= 2 * target
        check_round_trip(engine, previous)


def test_a_long_game_to_1000_ends_and_replays_from_its_log() -> None:
    states = list(mishimash_playout(3, 1000, 7))
    final = states[-1]
    assert final.phase is Phase.OVER
    assert replay(list(final.players), 1000, 7, list(final.log)) == final


def exact_bust_chance(dice: int) -> float:
    outcomes = list(itertools.product(range(1, 7), repeat=dice))
    return sum(is_bust(roll) for roll in outcomes) / len(outcomes)


@pytest.mark.parametrize("dice", range(1, 7))
def test_measured_bust_chance_matches_the_exact_one(dice: int) -> None:
    exact = exact_bust_chance(dice)
    rng = random.Random(dice)
    rolls = 40_000
    busts = sum(is_bust([rng.randint(1, 6) for _ in range(dice)]) for _ in range(rolls))
    sigma = math.sqrt(exact * (1 - exact) / rolls)
    assert abs(busts / rolls - exact) < 5 * sigma + 1e-9


def test_exact_bust_chances_known_values() -> None:
    assert exact_bust_chance(1) == pytest.approx(4 / 6)  # only a 1 or a 5 scores
    assert exact_bust_chance(2) == pytest.approx(16 / 36)
    assert exact_bust_chance(6) < 0.03


@pytest.mark.parametrize(
    "tamper",
    [
        lambda saved: saved.update(totals=[999, 0]),
        lambda saved: saved.update(players=["A"]),
        lambda saved: saved.update(target=0),
        lambda saved: saved.update(version=2),
        lambda saved: saved["log"].append({"type": "bank"}),
        lambda saved: saved["log"][0].update(result=[1, 1, 1]),
        lambda saved: saved["log"][0].update(result=[7, 1, 1, 1, 1, 1]),
        lambda saved: saved["log"].insert(0, {"type": "select", "dice": "all"}),
        lambda saved: saved.update(log=None),
    ],
)
def test_a_corrupt_or_tampered_save_is_refused_with_a_value_error(tamper: object) -> None:
    state = next(s for s in mishimash_playout(2, 100, 3) if s.phase is Phase.DECIDE)
    saved = json.loads(json.dumps(to_dict(state)))
    tamper(saved)  # type: ignore[operator]
    with pytest.raises(ValueError):
        from_dict(saved)


def test_bank_is_offered_only_after_a_selection() -> None:
    state = new_game(["Ana"])
    assert Bank() not in legal_actions(state)
