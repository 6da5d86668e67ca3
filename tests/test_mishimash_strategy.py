"""MISHIMASH strategy (ENGINE_API.md, "MISHIMASH strategy"): exact values, checked against
independent slow code, brute force and seeded simulation. Rules cited from RULES.md.

One exact whole-turn computation (about 10 s) is shared by the tests that need exact values
(the `whole_turn` fixture); the costly proof that the cut is small is
`python3 tools/mishimash_odds.py --prove-cut`, and tests/test_mishimash_odds.py checks the
shipped table (odds.py) against this module."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import pairwise, product

import pytest

from cubiri.mishimash import odds, strategy
from cubiri.mishimash.players import LEVELS, Decision
from cubiri.mishimash.scoring import (
    DICE,
    is_bust,
    legal_value_selections,
    mishimash_bonus_halves,
    selection_halves,
)
from cubiri.mishimash.strategy import (
    BANK,
    ROLL_AGAIN,
    best_choice,
    best_choice_to_reach,
    best_selection,
    best_selection_to_reach,
    bust_chance,
    chance_to_reach,
    roll_table,
    turn_value,
)


@pytest.mark.parametrize("dice", range(1, 7))
def test_bust_chance_is_a_brute_force_count_of_ordered_rolls(dice: int) -> None:
    busts = sum(is_bust(roll) for roll in product(range(1, 7), repeat=dice))  # X11
    assert bust_chance(dice) == busts / 6**dice


def test_bust_chances_in_percent() -> None:
    assert [round(100 * bust_chance(n), 2) for n in range(1, 7)] == [
        66.67,
        44.44,
        27.78,
        15.74,
        7.72,
        2.31,
    ]


@pytest.fixture(scope="module")
def whole_turn() -> strategy._TurnSolver:
    """The exact solver of turn_value(0, 6, 1, 0), computed once (its memo is then shared)."""
    turn_value(0, 6, 1, 0)
    return strategy._solver(1)


def test_a_whole_turn_is_worth_15_72(whole_turn: strategy._TurnSolver) -> None:
    assert round(turn_value(0, 6, 1, 0), 2) == 15.72
    # the shipped table (odds.py) cuts later, so it is a little higher, by less than 0.001
    assert odds.value(0, 6, 1, 0) == pytest.approx(turn_value(0, 6, 1, 0), abs=1e-3)


def test_eight_points_with_one_die_before_roll_2(whole_turn: strategy._TurnSolver) -> None:
    """ "8 points at roll 2 with one die left: rolling on is worth about 13". As ENGINE_API
    defines it, roll_index is the throw being decided: 8 points held, the next throw is roll 2
    with one die. Rolling: 2/3 bust (X11); a 1 gives 8 + 2×1 (X9) + 10 (the first MISHIMASH,
    X12) = 20 with six fresh dice before roll 3; a 5 gives 8 + 2×0.5 + 10 = 19."""
    solver = whole_turn  # the same exact values, cut at roll 12 instead of 13
    expected = (solver.value(40, 6, 3, 1) + solver.value(38, 6, 3, 1)) / 6 / 2  # halves
    assert solver.value(16, 1, 2, 0) / 2 == pytest.approx(expected, abs=1e-12)
    assert round(expected, 1) == 13.0
    assert solver.roll_value(16, 1, 2, 0) > 16  # ROLL AGAIN
    choice = odds.choice(8, 1, 2, 0)
    assert choice.action == ROLL_AGAIN and choice.bank == 8
    assert choice.roll == pytest.approx(expected, abs=2e-3)


SAMPLED = [(p, n, 3, 0) for p in (0, 5, 12.5, 20, 40, 80, 150) for n in (1, 2, 3, 4)]


@pytest.mark.parametrize("state", SAMPLED)
def test_value_is_at_least_the_points_and_is_them_when_banking(
    whole_turn: strategy._TurnSolver, state: tuple[float, int, int, int]
) -> None:
    """turn_value and best_choice in one (the whole turn's memo: cut at roll 12, not 14)."""
    halves = strategy.to_halves(state[0])
    value = whole_turn.value(halves, *state[1:]) / 2
    bank, roll = state[0], whole_turn.roll_value(halves, *state[1:]) / 2
    assert value >= state[0]
    assert value == pytest.approx(max(bank, roll), abs=1e-12)
    if bank >= roll:  # best_choice's BANK
        assert value == state[0]
    else:
        assert value > state[0]


def test_large_points_are_banked_exactly() -> None:
    # X11: one die busts 2/3 of the time, so 200 points are never risked on it
    assert turn_value(200, 1, 2, 0) == 200
    assert best_choice(200, 1, 2, 0).action == BANK


# --- an independent, slow expected value: ordered rolls, no shared code with strategy -------


@cache
def _scored(outcome: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(halves, dice used) of every legal selection of one ordered roll (X7); () for a bust."""
    if is_bust(outcome):
        return ()  # X11: nothing banked
    found = []
    for selection in legal_value_selections(outcome):
        gained = selection_halves(outcome, selection)
        assert gained is not None
        found.append((gained, len(selection)))
    return tuple(found)


@cache
def slow_value(halves: int, dice: int, roll: int, count: int, cut: int) -> float:
    """max(BANK, ROLL) by enumerating all 6**dice ordered rolls; at roll `cut` and beyond the
    player rolls once more and then banks (the same cut strategy uses)."""
    total = 0.0
    for outcome in product(range(1, 7), repeat=dice):
        best = 0.0
        for gained, used in _scored(outcome):
            after, left, mish = halves + roll * gained, dice - used, count  # X9
            if left == 0:  # X12: the bonus is not multiplied; six fresh dice
                mish += 1
                after, left = after + mishimash_bonus_halves(mish), DICE
            if roll >= cut:
                best = max(best, float(after))
            else:
                best = max(best, float(after), slow_value(after, left, roll + 1, mish, cut))
        total += best
    return max(float(halves), total / 6**dice)


@pytest.mark.parametrize(
    ("halves", "dice", "roll", "count", "cut"),
    [(0, 1, 1, 0, 2), (10, 2, 2, 0, 3), (30, 3, 4, 1, 5), (60, 2, 5, 2, 6), (3, 3, 1, 0, 2)],
)
def test_value_matches_a_slow_recursion(
    halves: int, dice: int, roll: int, count: int, cut: int
) -> None:
    fast = strategy._TurnSolver(cut).value(halves, dice, roll, count)
    assert fast / 2 == pytest.approx(slow_value(halves, dice, roll, count, cut) / 2, abs=1e-3)


def test_the_cut_bounds_hold_and_tighten(whole_turn: strategy._TurnSolver) -> None:
    """The value with a cut lies between the cut's lower bound (bank at the cut) and an upper
    bound (every cut state credited with the most any play could still add, losses ignored),
    and each roll more narrows them. The costly proof that cutting 11 rolls on costs less than
    0.001 (from roll 6 to roll 17, about 45 s) is `python3 tools/mishimash_odds.py --prove-cut`;
    measured once for the whole turn: cut at roll 16 gives 15.722352 ≤ value ≤ 15.722632."""
    exact = whole_turn.value(16, 1, 2, 0) / 2  # 8 points, one die, roll 2: cut at roll 12
    gaps = []
    for cut in (8, 9):
        low, high = strategy.turn_value_bounds(8, 1, 2, 0, cut=cut)
        assert low <= exact <= high
        gaps.append(high - low)
    assert gaps[1] < gaps[0]


def test_forty_more_rolls_survive_with_less_than_1e5_whatever_the_play() -> None:
    """Why chance_to_reach may give 0 past REACH_DEPTH rolls: the best chance of not busting
    on 40 rolls in a row, over every way to choose (X11, X12), is below 1e-5."""
    survive = dict.fromkeys(range(1, DICE + 1), 1.0)
    for _ in range(strategy.REACH_DEPTH):
        new = {}
        for n in survive:
            table = roll_table(n)
            best = sum(
                w * max(survive[table.options[i][0] or DICE] for i in idx)
                for w, idx in table.classes
            )
            new[n] = best / table.total
        survive = new
    assert max(survive.values()) < 1e-5


# --- chance to reach --------------------------------------------------------------------------


def test_chance_is_one_when_already_there() -> None:
    assert chance_to_reach(30, 30, 1, 4, 0) == 1.0
    assert chance_to_reach(30, 45.5, 2, 3, 1) == 1.0


def test_chance_with_one_die_is_a_one_or_a_five() -> None:
    assert chance_to_reach(0.5, 0, 1, 1, 0) == pytest.approx(1 / 3)
    # a 5 is worth 0.5 × roll 1 = 0.5 < 1: only a 1 (then BANK after the MISHIMASH, X12) or
    # the 10 points of the MISHIMASH bonus itself: both dice faces 1 and 5 reach 10 points
    assert chance_to_reach(10, 0, 1, 1, 0) == pytest.approx(1 / 3)


def test_chance_does_not_grow_with_the_need() -> None:
    chances = [chance_to_reach(need, 0, 6, 1, 0) for need in range(0, 121, 5)]
    assert all(a >= b for a, b in pairwise(chances))
    assert chances[0] == 1.0 and 0 < chances[-1] < 0.1


def simulate_reach(
    need: float, points: float, dice: int, roll: int, count: int, games: int, seed: int
) -> float:
    """Plays the argmax policy of chance_to_reach with real dice, returns the success rate."""
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        p, n, k, m = points, dice, roll, count
        while True:
            if best_choice_to_reach(need, p, n, k, m).action == BANK:
                wins += p >= need
                break
            outcome = [rng.randint(1, 6) for _ in range(n)]
            options = best_selection_to_reach(need, outcome, p, k, m)
            if not options:
                break  # X11
            taken = options[0]
            left = n - len(taken.values)
            p, n, k, m = taken.points_after, taken.dice_after, k + 1, m + (left == 0)
    return wins / games


@pytest.mark.parametrize(
    ("need", "points", "dice", "roll", "count"),
    [(40, 0, 6, 1, 0), (25, 10, 3, 2, 0), (60, 30, 6, 3, 1)],
)
def test_chance_matches_a_simulation_of_its_own_policy(
    need: float, points: float, dice: int, roll: int, count: int
) -> None:
    exact = chance_to_reach(need, points, dice, roll, count)
    # 10,000 games: 1 % is about 2.3 standard errors at a chance near 1/4
    simulated = simulate_reach(need, points, dice, roll, count, games=10000, seed=1)
    assert simulated == pytest.approx(exact, abs=0.01)


# --- advice and players -----------------------------------------------------------------------


def test_best_selection_lists_every_legal_selection_best_first() -> None:
    roll = [1, 1, 5, 2, 3, 4]
    options = best_selection(roll, 0, 1, 0, exact=False)  # the players' cut: cheaper
    assert sorted(o.values for o in options) == legal_value_selections(roll)
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    straight = best_selection([1, 2, 3, 4, 5, 6], 0, 1, 0, exact=False)[0]
    assert straight.values == (1, 2, 3, 4, 5, 6) and straight.points_after == 25  # X5, X12
    assert straight.dice_after == 6
    assert best_selection([2, 3, 4, 6, 6, 2], 0, 1, 0, exact=False) == []  # X11


@pytest.fixture
def small_reach() -> Iterator[None]:
    """The players' reach table for needs up to 200 points only (a second instead of ten);
    larger needs read the largest tabled one (odds.ReachBuilder.chance)."""
    builder = odds.ReachBuilder(400)
    while not builder.step(1000.0):
        pass
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds, "_reach", builder)
        yield


def test_players_are_pure_and_legal(small_reach: None) -> None:
    decision = Decision(
        banked=300,
        others=(350,),
        target=1000,
        final_round=False,
        need=None,
        roll=(1, 1, 1, 5, 2, 3),
        points=0,
        dice_left=6,
        roll_index=1,
        mishimash_count=0,
    )
    for level in LEVELS.values():
        chosen = level.select(decision)
        assert chosen in legal_value_selections(decision.roll)
        assert chosen == level.select(decision)  # deterministic
    after = Decision(
        banked=300,
        others=(350,),
        target=1000,
        final_round=False,
        need=None,
        roll=(),
        points=22,
        dice_left=2,
        roll_index=2,
        mishimash_count=0,
    )
    assert LEVELS["cautious"].choice(after) == BANK
    final = Decision(
        banked=300,
        others=(1010,),
        target=1000,
        final_round=True,
        need=1010 - 300 + 0.5,
        roll=(),
        points=22,
        dice_left=2,
        roll_index=2,
        mishimash_count=0,
    )
    assert LEVELS["strongest"].choice(final) == ROLL_AGAIN  # banking 322 cannot win (X16)


def test_no_simple_level_banks_a_certain_loss_in_the_final_round() -> None:
    """X16: an audit saw "bold" bank 44 points in the final round when it needed 180 to pass
    (its rule banks once the target is reached). Below what counts, BANK loses for sure and
    ROLL AGAIN does not: "cautious" and "bold" roll on there, and bank level or past it."""
    from cubiri.mishimash.players import Decision

    def final(points: float, need: float) -> Decision:
        return Decision(150, (180,), 100, True, need, (), points, 3, 3, 0)

    for name in ("cautious", "bold"):
        assert LEVELS[name].choice(final(44, 30.5 + 150)) == ROLL_AGAIN
        assert LEVELS[name].choice(final(44, 30.5)) == BANK  # 194 passes 180
        assert LEVELS[name].choice(final(30, 30.5)) == BANK  # level at 180: a sudden death
