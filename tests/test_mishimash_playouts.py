"""MISHIMASH random playouts over many seeds, and the bust chance counted two ways."""

from __future__ import annotations

import itertools
import json
from math import comb

import pytest

from cubiri.mishimash import game as engine
from cubiri.mishimash.game import (
    Bank,
    Dice,
    Phase,
    RuleError,
    State,
    from_dict,
    legal_actions,
    new_game,
    play,
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
            if seed < 25 and state.phase is Phase.SELECT:
                with pytest.raises(RuleError):
                    play(state, Bank())  # X8: select before banking
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


def test_a_long_game_to_1000_ends_and_replays_from_its_moves_with_the_seeds_dice() -> None:
    final = list(mishimash_playout(3, 1000, 7))[-1]
    assert final.phase is Phase.OVER
    state = new_game(list(final.players), 1000, 7)
    for action in final.log:
        if not isinstance(action, Dice):
            state = play(state, action)
    assert state == final


def counted_busts(dice: int) -> int:
    """X11 counted by hand, not by the engine: a roll busts when it has no 1, no 5 and no face
    three times (X2–X4), and is not a straight or three pairs (X5). Rolls of 2, 3, 4 and 6
    with each face at most twice: choose how many of each face, then arrange them."""
    busts = 0
    for counts in itertools.product(range(3), repeat=4):
        if sum(counts) != dice:
            continue
        if dice == 6 and sorted(counts) == [0, 2, 2, 2]:
            continue  # three pairs score 10 (X5)
        arrangements, left = 1, dice
        for count in counts:
            arrangements *= comb(left, count)
            left -= count
        busts += arrangements
    return busts


@pytest.mark.parametrize(
    ("dice", "percent"), [(1, 66.67), (2, 44.44), (3, 27.78), (4, 15.74), (5, 7.72), (6, 2.31)]
)
def test_bust_chance_by_enumeration_matches_the_hand_count_and_the_known_figures(
    dice: int, percent: float
) -> None:
    enumerated = sum(is_bust(roll) for roll in itertools.product(range(1, 7), repeat=dice))
    assert enumerated == counted_busts(dice)
    assert round(100 * enumerated / 6**dice, 2) == percent


@pytest.mark.parametrize(
    "tamper",
    [
        lambda saved: saved.update(totals=[999, 0]),
        lambda saved: saved.update(players=["A"]),
        lambda saved: saved.update(target=0),
        lambda saved: saved.update(version=3),
        lambda saved: saved["log"].append({"type": "bank"}),
        lambda saved: saved["log"][1].update(values=[1, 1, 1]),
        lambda saved: saved["log"][1].update(values=[7, 1, 1, 1, 1, 1]),
        # Dice the seed never gave, however legal: an edited save (issue 18).
        lambda saved: saved["log"][1].update(values=[1, 1, 1, 1, 1, 1]),
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
