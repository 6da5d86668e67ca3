"""MISHIMASH strategy: exact values of a decision point (ENGINE_API.md, "MISHIMASH strategy").

A decision point is `(points, dice_left, roll_index, mishimash_count)`: the player holds `points`
unbanked and chooses BANK or throwing `dice_left` dice as roll `roll_index` of the turn (X9, X10).
Internally points are integer halves (scoring's unit), so every state is exact and hashable.

How the values are computed (and why it is exact enough):

* A roll of n dice is enumerated once as distinct multisets with multinomial weights. For every
  non-bust multiset only the best selection for each number of dice kept matters (the value of a
  decision point never decreases with its points, because BANK is always there), so a roll is
  reduced to a few options `(dice kept, halves)`; rolls with the same options are merged into one
  class. Six dice give 118 classes with 365 options, instead of 462 multisets × their selections.
* Backward induction over `(halves, dice, roll, mishimashes)`, memoised.
* The roll index has no cap (X9), and a MISHIMASH gives six fresh dice (X12), so a turn may in
  principle go on for ever. Two cuts keep the recursion finite:
  1. `_bank_proven`: rolling is worth at most `(1 - bust) * P + A(n, k, m)` where `A` bounds the
     expected points added from here on by any play (an affine bound that ignores every loss, see
     `_gain_bound`), so when `bust * P >= A` banking is proven optimal and the value is exactly P.
  2. `TURN_DEPTH`: at the roll `TURN_DEPTH` rolls after the one asked about, the player rolls at
     most once more and banks: a real way to play, so a lower bound. What it loses is the value
     of playing on from there times the chance of getting there under best play, which falls by
     about half a roll. Measured for the whole turn (cut at roll 12 / 14 / 16: 15.72175 /
     15.72223 / 15.72235), and proven at roll 16 by `turn_value_bounds` (an upper bound that
     credits every cut state with P + gain_bound): 15.722352 ≤ value ≤ 15.722632. A cut after
     11 rolls is thus within about 0.0007 of the limit; the tests prove it on cheaper states.
     This costs time: the first whole-turn question enumerates ~0.5 million states (~10 s in
     CPython). The computer players share one coarser cut instead (PLAY_CUT, see _solver).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import cache
from math import ceil

from cubiri.dice import distinct_throws
from cubiri.mishimash.pieces import finish
from cubiri.mishimash.scoring import (
    DICE,
    check_dice,
    is_bust,
    legal_value_selections,
    mishimash_bonus_halves,
    selection_halves,
    to_points,
)

# Rolls enumerated past the roll being asked about, for the expected value and for the chance.
TURN_DEPTH = 11  # measured: the start-of-turn value is then within 0.0007 of the limit
PLAY_CUT = 10  # the computer players' shared cut (see _solver): fast, within 0.02 at the start
REACH_DEPTH = 40  # the chance of surviving 40 more rolls is below 1e-5 whatever the play


@dataclass(frozen=True)
class RollTable:
    """All outcomes of throwing n dice, reduced for the strategy (see the module docstring)."""

    dice: int
    bust_weight: int  # how many of the 6**n ordered rolls bust (X11)
    options: tuple[tuple[int, int], ...]  # distinct (dice kept, halves); kept 0 is a MISHIMASH
    classes: tuple[tuple[int, tuple[int, ...]], ...]  # (weight, indices into options)

    @property
    def total(self) -> int:
        return int(6**self.dice)


def _best_by_kept(roll: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each number of dice kept back, the best halves of a legal selection (X6, X7)."""
    best: dict[int, int] = {}
    for selection in legal_value_selections(roll):
        halves = selection_halves(roll, selection)
        assert halves is not None
        kept = len(roll) - len(selection)
        best[kept] = max(best.get(kept, 0), halves)
    return tuple(sorted(best.items()))


def roll_table(dice: int) -> RollTable:
    """The outcomes of a throw of `dice` dice (built once, kept)."""
    return finish(roll_table_steps(dice))


_roll_tables: dict[int, RollTable] = {}
THROWS = 32  # distinct throws taken between two steps (about 10 ms of Pyodide)


def roll_table_steps(dice: int) -> Generator[None, None, RollTable]:
    """`roll_table`, yielding every THROWS distinct throws: the page builds the one of six dice
    between frames (0.12-0.16 s of Pyodide at once) while its setup reads the shipped tables."""
    if not 1 <= dice <= DICE:
        raise ValueError(f"a roll has 1 to 6 dice, not {dice}")
    if dice in _roll_tables:
        return _roll_tables[dice]
    bust = 0
    by_options: dict[tuple[tuple[int, int], ...], int] = {}
    for count, (roll, weight) in enumerate(distinct_throws(dice), 1):
        if is_bust(roll):
            bust += weight
        else:
            key = _best_by_kept(roll)
            by_options[key] = by_options.get(key, 0) + weight
        if count % THROWS == 0:
            yield
    options = sorted({option for key in by_options for option in key})
    index = {option: i for i, option in enumerate(options)}
    classes = tuple(
        (weight, tuple(index[option] for option in key)) for key, weight in by_options.items()
    )
    table = _roll_tables[dice] = RollTable(dice, bust, tuple(options), classes)
    return table


def bust_chance(dice: int) -> float:
    """The probability that a roll of `dice` dice has no combination (X11), exactly.

    >>> [round(100 * bust_chance(n), 2) for n in range(1, 7)]
    [66.67, 44.44, 27.78, 15.74, 7.72, 2.31]
    """
    table = roll_table(dice)
    return table.bust_weight / table.total


# ---------------------------------------------------------------------------------------------
# The next state after a selection


def _after(halves: int, kept: int, gained: int, roll_index: int, count: int) -> tuple[int, ...]:
    """The decision point after taking `gained` halves of roll `roll_index`, keeping `kept` dice:
    X9 multiplies by the roll index; keeping none is a MISHIMASH, whose bonus is not multiplied
    and which gives six fresh dice (X12). The roll index goes on counting."""
    halves += gained * roll_index
    if kept == 0:
        count += 1
        return halves + mishimash_bonus_halves(count), DICE, roll_index + 1, count
    return halves, kept, roll_index + 1, count


# ---------------------------------------------------------------------------------------------
# An upper bound on what any play can still add (for the proven BANK cut)


@cache
def _gain_slopes() -> tuple[tuple[float, float, float], ...]:
    """(a, b, c) per number of dice so that `a*k + b*m + c` bounds the expected halves that any
    way of playing still adds from a decision point (n, k, m), losses ignored.

    The increments of a roll are `k*v + bonus`, affine in (k, m), so a bound of this form that
    satisfies the Bellman inequality (a supersolution) bounds the best total: in a problem with
    non-negative rewards the optimum is the least non-negative solution. The coefficients are the
    fixed point of the inequality with each coefficient maximised separately (which only makes
    the bound larger), found by iterating from zero (monotone, and it converges because a run of
    rolls survives with probability at most ~0.723 a roll in the long run)."""
    coeff = {n: (0.0, 0.0, 0.0) for n in range(1, DICE + 1)}
    for _ in range(2000):
        new: dict[int, tuple[float, float, float]] = {}
        for n in range(1, DICE + 1):
            table = roll_table(n)
            total_a = total_b = total_c = 0.0
            for weight, indices in table.classes:
                best_a = best_b = best_c = 0.0
                for i in indices:
                    kept, v = table.options[i]
                    nxt = kept or DICE
                    a2, b2, c2 = coeff[nxt]
                    mish = 1.0 if kept == 0 else 0.0
                    # k*v + [MISHIMASH]*20*(m+1) + a2*(k+1) + b2*(m + [MISHIMASH]) + c2
                    best_a = max(best_a, v + a2)
                    best_b = max(best_b, 20 * mish + b2)
                    best_c = max(best_c, 20 * mish + a2 + b2 * mish + c2)
                total_a += weight * best_a
                total_b += weight * best_b
                total_c += weight * best_c
            new[n] = (total_a / table.total, total_b / table.total, total_c / table.total)
        done = all(abs(x - y) < 1e-9 for n in new for x, y in zip(new[n], coeff[n], strict=True))
        coeff = new
        if done:
            break
    # a hair more than the fixed point, so that rounding can never make it a lower bound
    return tuple((a + 1e-6, b + 1e-6, c + 1e-6) for a, b, c in (coeff[n] for n in range(1, 7)))


def gain_bound(dice: int, roll_index: int, count: int) -> float:
    """Halves that any play can still add, in expectation, from (dice, roll_index, count)."""
    a, b, c = _gain_slopes()[dice - 1]
    return a * roll_index + b * count + c


@cache
def _roll_gain_bound(dice: int, roll_index: int, count: int) -> float:
    """A(n, k, m): bound on the expected halves added by rolling now and playing on."""
    table = roll_table(dice)
    total = 0.0
    for weight, indices in table.classes:
        best = 0.0
        for i in indices:
            kept, v = table.options[i]
            halves, n2, k2, m2 = _after(0, kept, v, roll_index, count)
            best = max(best, halves + gain_bound(n2, k2, m2))
        total += weight * best
    return total / table.total


def _bank_proven(halves: int, dice: int, roll_index: int, count: int) -> bool:
    """Rolling is worth at most (1 - bust) * P + A, so BANK is optimal when bust * P >= A."""
    table = roll_table(dice)
    return table.bust_weight * halves >= table.total * _roll_gain_bound(dice, roll_index, count)


# ---------------------------------------------------------------------------------------------
# Expected value


class _TurnSolver:
    """Memoised backward induction with the cut at roll `cut` (see the module docstring)."""

    def __init__(self, cut: int, upper: bool = False) -> None:
        self.cut = cut
        self.upper = upper  # cut states get an upper bound instead (for the tests' proof)
        self.memo: dict[tuple[int, int, int, int], float] = {}

    def value(self, halves: int, dice: int, roll_index: int, count: int) -> float:
        key = (halves, dice, roll_index, count)
        found = self.memo.get(key)
        if found is None:
            found = max(float(halves), self.roll_value(halves, dice, roll_index, count))
            self.memo[key] = found
        return found

    def roll_value(self, halves: int, dice: int, roll_index: int, count: int) -> float:
        """Expected halves banked when throwing now and playing best afterwards."""
        if _bank_proven(halves, dice, roll_index, count):
            return float(halves)
        table = roll_table(dice)
        at_cut = roll_index >= self.cut
        children: list[float] = []
        for kept, v in table.options:
            nxt = _after(halves, kept, v, roll_index, count)
            if not at_cut:
                children.append(self.value(*nxt))
            elif self.upper:
                children.append(nxt[0] + gain_bound(nxt[1], nxt[2], nxt[3]))
            else:
                children.append(float(nxt[0]))  # roll once more, then BANK
        total = 0.0
        for weight, indices in table.classes:
            total += weight * max([children[i] for i in indices])
        return total / table.total


_solvers: dict[int, _TurnSolver] = {}


def _solver(roll_index: int, exact: bool = True) -> _TurnSolver:
    """One memo per cut. Exact answers cut TURN_DEPTH rolls past the asked roll. Play (exact
    False) shares one cut at PLAY_CUT for every roll before it: every position of a real turn is
    reachable from the start, so after the first question the others are memo look-ups; values
    late in a turn are then less precise, which costs little (they are rarely reached)."""
    cut = roll_index + TURN_DEPTH if exact else max(PLAY_CUT, roll_index + 4)
    solver = _solvers.get(cut)
    if solver is None:
        solver = _solvers[cut] = _TurnSolver(cut)
    return solver


def to_halves(points: float, what: str = "points") -> int:
    """Points as integer halves; they must be a multiple of 0.5 (X13)."""
    halves = round(2 * points)
    if isinstance(points, bool) or halves != 2 * points or halves < 0:
        raise ValueError(f"{what} are a non-negative multiple of 0.5, not {points!r}")
    return halves


def _check_point(dice_left: int, roll_index: int, count: int) -> None:
    if not 1 <= dice_left <= DICE:
        raise ValueError(f"dice_left is 1 to 6, not {dice_left}")
    if roll_index < 1:
        raise ValueError(f"roll_index starts at 1, not {roll_index}")
    if not 0 <= count < roll_index:
        raise ValueError(f"mishimash_count is 0 to roll_index - 1, not {count}")


def turn_value(points: float, dice_left: int, roll_index: int, mishimash_count: int) -> float:
    """Expected points the turn banks from this decision point under expected-value-optimal play
    (BANK keeps `points`; otherwise throw `dice_left` dice as roll `roll_index`, X9–X12).

    >>> round(turn_value(0, 6, 1, 0), 2)
    15.72
    >>> turn_value(200, 1, 2, 0)  # with one die, 200 points are banked
    200.0
    """
    _check_point(dice_left, roll_index, mishimash_count)
    solver = _solver(roll_index)
    return solver.value(to_halves(points), dice_left, roll_index, mishimash_count) / 2


def roll_on_value(
    points: float, dice_left: int, roll_index: int, mishimash_count: int, exact: bool = True
) -> float:
    """Expected points banked when this decision is ROLL AGAIN and every later one is best."""
    _check_point(dice_left, roll_index, mishimash_count)
    solver = _solver(roll_index, exact)
    return solver.roll_value(to_halves(points), dice_left, roll_index, mishimash_count) / 2


def turn_value_bounds(
    points: float, dice_left: int, roll_index: int, mishimash_count: int, cut: int
) -> tuple[float, float]:
    """(lower, upper) bounds on the true value with the recursion cut at roll `cut`: the lower
    plays on to the cut and then banks, the upper credits every cut state with P plus the
    affine bound on what any play could still add. Slow: for tests and for the proof only."""
    _check_point(dice_left, roll_index, mishimash_count)
    halves = to_halves(points)
    low = _TurnSolver(cut).value(halves, dice_left, roll_index, mishimash_count)
    high = _TurnSolver(cut, upper=True).value(halves, dice_left, roll_index, mishimash_count)
    return low / 2, high / 2


# ---------------------------------------------------------------------------------------------
# Chance to reach a number of points


class _ReachSolver:
    """Best probability of banking at least `need` more halves; the state is the halves still
    missing, so the memo is shared by every need. With something missing BANK fails, so the
    player always throws; the missing halves fall by at least the roll index each roll."""

    def __init__(self, cut: int) -> None:
        self.cut = cut
        self.memo: dict[tuple[int, int, int, int], float] = {}

    def chance(self, missing: int, dice: int, roll_index: int, count: int) -> float:
        if missing <= 0:
            return 1.0
        if roll_index >= self.cut:
            return 0.0  # proven negligible: see REACH_DEPTH and the tests
        key = (missing, dice, roll_index, count)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.roll_chance(missing, dice, roll_index, count)
        return found

    def roll_chance(self, missing: int, dice: int, roll_index: int, count: int) -> float:
        table = roll_table(dice)
        children = []
        for kept, v in table.options:
            gained, n2, k2, m2 = _after(0, kept, v, roll_index, count)
            children.append(self.chance(missing - gained, n2, k2, m2))
        total = 0.0
        for weight, indices in table.classes:
            total += weight * max([children[i] for i in indices])
        return total / table.total


_reach_solvers: dict[int, _ReachSolver] = {}


def _reach_solver(roll_index: int) -> _ReachSolver:
    cut = 8 * ceil((roll_index + REACH_DEPTH) / 8)
    solver = _reach_solvers.get(cut)
    if solver is None:
        solver = _reach_solvers[cut] = _ReachSolver(cut)
    return solver


def need_halves(need: float) -> int:
    """The fewest halves that are at least `need` points."""
    return ceil(2 * need)


def chance_to_reach(
    need: float, points: float, dice_left: int, roll_index: int, mishimash_count: int
) -> float:
    """The highest probability, over every way to play on, that the turn ends banked with at
    least `need` points (X9–X12); 1.0 when `points >= need`.

    >>> chance_to_reach(10, 10, 6, 1, 0)
    1.0
    >>> round(chance_to_reach(0.5, 0, 1, 1, 0), 4)  # one die: a 1 or a 5
    0.3333
    """
    _check_point(dice_left, roll_index, mishimash_count)
    missing = need_halves(need) - to_halves(points)
    return _reach_solver(roll_index).chance(missing, dice_left, roll_index, mishimash_count)


# ---------------------------------------------------------------------------------------------
# Advice: which selection, BANK or ROLL AGAIN


BANK = "BANK"
ROLL_AGAIN = "ROLL AGAIN"


@dataclass(frozen=True)
class Option:
    """One legal selection of the roll on the table and what it leads to."""

    values: tuple[int, ...]  # the dice taken, sorted
    points_after: float  # unbanked points after taking them (multiplier and bonus included)
    dice_after: int  # dice to throw next (6 after a MISHIMASH)
    value: float  # the objective at the decision point that follows (best of BANK/ROLL AGAIN)


@dataclass(frozen=True)
class Choice:
    action: str  # BANK or ROLL_AGAIN
    bank: float  # the objective when banking now
    roll: float  # the objective when rolling again (and playing best afterwards)

    @classmethod
    def between(cls, bank: float, roll: float) -> Choice:
        """BANK when it is worth at least as much as rolling on."""
        return cls(BANK if bank >= roll else ROLL_AGAIN, bank, roll)


def _options(
    roll: Sequence[int],
    points: float,
    roll_index: int,
    count: int,
    need: float | None,
    exact: bool = True,
) -> list[Option]:
    dice = check_dice(roll)
    if not dice:
        raise ValueError("a roll has at least one die")
    _check_point(len(dice), roll_index, count)
    halves = to_halves(points)
    found: list[Option] = []
    for selection in legal_value_selections(dice):
        gained = selection_halves(dice, selection)
        assert gained is not None
        after, n2, k2, m2 = _after(halves, len(dice) - len(selection), gained, roll_index, count)
        if need is None:
            value = _solver(k2, exact).value(after, n2, k2, m2) / 2
        else:
            value = _reach_solver(k2).chance(need_halves(need) - after, n2, k2, m2)
        found.append(Option(selection, to_points(after), n2, value))
    # best first; among equals the one taking more points, then fewer dice (a stable rule)
    found.sort(key=lambda o: (-o.value, -o.points_after, len(o.values), o.values))
    return found


def best_selection(
    roll: Sequence[int], points: float, roll_index: int, mishimash_count: int, exact: bool = True
) -> list[Option]:
    """Every legal selection of `roll` (thrown as roll `roll_index` with `points` unbanked
    before it), best expected value first. Empty for a bust (X11). `exact=False` uses the
    players' faster shared cut (see _solver)."""
    return _options(roll, points, roll_index, mishimash_count, None, exact)


def best_selection_to_reach(
    need: float, roll: Sequence[int], points: float, roll_index: int, mishimash_count: int
) -> list[Option]:
    """As best_selection, but each value is the best chance to bank at least `need` points."""
    return _options(roll, points, roll_index, mishimash_count, need)


def best_choice(
    points: float, dice_left: int, roll_index: int, mishimash_count: int, exact: bool = True
) -> Choice:
    """BANK or ROLL AGAIN for expected points; BANK when it is worth at least as much."""
    bank = float(to_points(to_halves(points)))
    roll = roll_on_value(points, dice_left, roll_index, mishimash_count, exact)
    return Choice.between(bank, roll)


def best_choice_to_reach(
    need: float, points: float, dice_left: int, roll_index: int, mishimash_count: int
) -> Choice:
    """BANK or ROLL AGAIN for the chance of banking at least `need`: BANK once it is reached."""
    _check_point(dice_left, roll_index, mishimash_count)
    missing = need_halves(need) - to_halves(points)
    bank = 1.0 if missing <= 0 else 0.0
    solver = _reach_solver(roll_index)
    roll = solver.roll_chance(missing, dice_left, roll_index, mishimash_count)
    return Choice.between(bank, roll)


__all__ = [
    "BANK",
    "ROLL_AGAIN",
    "Choice",
    "Option",
    "best_choice",
    "best_choice_to_reach",
    "best_selection",
    "best_selection_to_reach",
    "bust_chance",
    "chance_to_reach",
    "roll_on_value",
    "turn_value",
    "turn_value_bounds",
]
