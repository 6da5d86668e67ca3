"""MISHIMASH odds from shipped data (odds.py, odds_table.json, tools/mishimash_odds.py): the
committed table is what the tool makes, and the fast answers agree with strategy.py's exact
ones. Rules cited from RULES.md."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest

from cubiri.mishimash import odds, strategy
from cubiri.mishimash.players import LEVELS, Decision
from cubiri.mishimash.scoring import DICE, is_bust, legal_value_selections
from tools import mishimash_odds as tool

Values = dict[tuple[int, int, int], list[float]]


@pytest.fixture(scope="module")
def regenerated() -> Values:
    """The whole table, computed afresh (about 13 s: the one slow step of this file)."""
    return tool.solve()


def test_the_committed_table_is_what_the_tool_makes(regenerated: Values) -> None:
    # the same check as `python3 tools/mishimash_odds.py --check`
    assert odds.TABLE_PATH.read_text(encoding="utf-8") == tool.document(regenerated)


def test_the_table_is_within_0_0005_points_everywhere_on_the_grid(regenerated: Values) -> None:
    table = odds.value_table()
    worst = 0.0
    for (n, k, m), below in regenerated.items():
        threshold = len(below)
        assert table.threshold(n, k, m) == threshold  # BANK from T on, exactly
        for h, v in enumerate([*below, float(threshold), float(threshold + 1)]):
            worst = max(worst, abs(table.value(h, n, k, m) - v) / 2)
    assert worst <= 0.0005


def test_a_whole_turn_is_worth_15_72() -> None:
    # strategy.turn_value(0, 6, 1, 0) = 15.72175 (cut at roll 12); the table cuts later
    assert odds.value(0, 6, 1, 0) == pytest.approx(15.7217, abs=0.001)
    assert round(odds.value(0, 6, 1, 0), 2) == 15.72


# --- against strategy.py's exact values ---------------------------------------------------------


# Decision points at roll 2: strategy.turn_value answers them all from one memo (cut at roll 13,
# built by the first question, about 12 s), and best_selection at roll 1 from the same one.
ROLL = 2
STATES = [(p, n, ROLL, m) for p in (0, 4.5, 15, 40, 90) for n in range(1, DICE + 1) for m in (0, 1)]


@pytest.mark.parametrize("state", STATES)
def test_value_roll_on_and_choice_agree_with_strategy(state: tuple[float, int, int, int]) -> None:
    points = state[0]
    assert odds.value(*state) == pytest.approx(strategy.turn_value(*state), abs=0.002)
    exact, fast = strategy.best_choice(*state), odds.choice(*state)
    assert fast.bank == exact.bank == points
    if exact.roll > points:  # strategy reports P itself where BANK is proven (X11)
        assert odds.roll_on(*state) == pytest.approx(exact.roll, abs=0.002)
        assert fast.roll == pytest.approx(exact.roll, abs=0.002)
    if abs(exact.roll - points) > 0.002:  # a near tie may fall either way
        assert fast.action == exact.action
    assert odds.value(*state) >= points


def test_roll_on_is_shown_where_banking_is_better() -> None:
    # 200 points on one die: a 1 or a 5 (1/3, X2) keeps them, with a MISHIMASH on top (X12)
    choice = odds.choice(200, 1, 2, 0)
    assert choice.action == strategy.BANK and choice.bank == 200
    assert 200 / 3 < choice.roll < 200 / 2


def test_selections_agree_with_strategy() -> None:
    rng = random.Random(12)
    for _ in range(60):
        n = rng.randint(1, DICE)
        roll = [rng.randint(1, 6) for _ in range(n)]
        points = rng.choice([0, 4.5, 15, 40])
        fast = odds.selections(roll, points, ROLL - 1, 0)
        exact = strategy.best_selection(roll, points, ROLL - 1, 0)
        assert sorted(o.values for o in fast) == legal_value_selections(roll)
        assert (fast == []) == is_bust(roll)  # X11
        by_values = {o.values: o for o in exact}
        for option in fast:
            twin = by_values[option.values]
            assert (option.points_after, option.dice_after) == (twin.points_after, twin.dice_after)
            assert option.value == pytest.approx(twin.value, abs=0.002)
        values = [o.value for o in fast]
        assert values == sorted(values, reverse=True)


def test_selections_at_the_start_of_a_turn() -> None:
    straight = odds.selections([1, 2, 3, 4, 5, 6], 0, 1, 0)[0]
    assert straight.values == (1, 2, 3, 4, 5, 6) and straight.points_after == 25  # X5, X12
    assert straight.dice_after == DICE
    options = odds.selections([1, 1, 5, 2, 3, 4], 0, 1, 0)
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)


# --- the chance to reach ------------------------------------------------------------------------

SMALL = 400  # halves: a reach table for needs up to 200 points builds in about a second


@pytest.fixture(scope="module")
def small_reach() -> Iterator[odds.ReachBuilder]:
    """odds' shared reach table replaced by a small one built at once, for the whole module."""
    builder = odds.ReachBuilder(SMALL)
    while not builder.step(1000.0):
        pass
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds, "_reach", builder)
        yield builder


def test_the_reach_table_built_in_slices_is_the_same(small_reach: odds.ReachBuilder) -> None:
    sliced = odds.ReachBuilder(SMALL)
    slices, progress = 0, 0.0
    while not sliced.step(2.0):
        slices += 1
        assert sliced.progress() >= progress
        progress = sliced.progress()
    assert slices > 10  # it did stop and resume
    assert sliced.cells == small_reach.cells


@pytest.mark.parametrize(
    ("need", "points", "dice", "roll", "count"),
    [
        (0.5, 0, 1, 1, 0),
        (10, 0, 1, 1, 0),
        (40, 0, 6, 1, 0),
        (25, 10, 3, 2, 0),
        (60, 30, 6, 3, 1),
        (100, 20, 2, 4, 0),
        (150, 0, 6, 1, 0),
    ],
)
def test_chance_agrees_with_strategy(
    small_reach: odds.ReachBuilder, need: float, points: float, dice: int, roll: int, count: int
) -> None:
    assert odds.reach_ready()
    state = (need, points, dice, roll, count)
    assert odds.chance(*state) == pytest.approx(strategy.chance_to_reach(*state), abs=1e-4)
    fast, exact = odds.choice_to_reach(*state), strategy.best_choice_to_reach(*state)
    assert fast.action == exact.action and fast.bank == exact.bank
    assert fast.roll == pytest.approx(exact.roll, abs=1e-4)
    roll_dice = [1, 5, 5, 2, 3, 1][:dice]
    fast_options = odds.selections_to_reach(need, roll_dice, points, roll, count)
    exact_options = strategy.best_selection_to_reach(need, roll_dice, points, roll, count)
    by_values = {o.values: o.value for o in exact_options}
    assert len(fast_options) == len(exact_options)
    for option in fast_options:
        assert option.value == pytest.approx(by_values[option.values], abs=1e-4)


def test_chance_is_one_when_reached_and_falls_with_the_need(
    small_reach: odds.ReachBuilder,
) -> None:
    assert odds.chance(30, 30, 1, 4, 0) == 1.0
    chances = [odds.chance(need, 0, 6, 1, 0) for need in range(0, 201, 5)]
    assert all(a >= b for a, b in pairwise(chances))
    assert chances[0] == 1.0 and 0 < chances[-1] < 0.1


# --- computer players ---------------------------------------------------------------------------


def test_computer_players_only_play_legal_selections(small_reach: odds.ReachBuilder) -> None:
    """Random positions, in the race and in the final round (X16): every level's selection is
    legal (X7) and a pure function of the position."""
    rng = random.Random(7)
    for _ in range(150):
        n, k = rng.randint(1, DICE), rng.randint(1, 14)
        roll = tuple(sorted(rng.randint(1, 6) for _ in range(n)))
        if is_bust(roll):
            continue
        final = rng.random() < 0.5
        banked = rng.choice([0, 120, 480])
        decision = Decision(
            banked=banked,
            others=(500,),
            target=1000,
            final_round=final,
            need=rng.choice([500, 540]) - banked + 0.5 if final else None,
            roll=roll,
            points=rng.choice([0, 7.5, 30]),
            dice_left=n,
            roll_index=k,
            mishimash_count=rng.randint(0, min(2, k - 1)),
        )
        for level in LEVELS.values():
            chosen = level.select(decision)
            assert chosen in legal_value_selections(roll), (level.name, decision)
            assert chosen == level.select(decision)
            assert level.choice(decision) in (strategy.BANK, strategy.ROLL_AGAIN)
