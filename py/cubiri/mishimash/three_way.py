"""MISHIMASH: a sudden death of three (X17), solved for the shipped tables (issue 28).

Three tied players A, B, C play one turn each in that order; the highest turn wins, a level at
the top goes to another sudden death of those level. Each plays to maximise their own chance to
win, so the game is not zero-sum and one number per position does not say it all: what A's
BANK is worth depends on how B, playing for B, answers it.

* **A banks a halves.** B is then a chaser with C still to play (win_chance.Chase, gap a, C as
  far behind as B). For A, what matters is where B's turn ends: below a (a bust included), C
  then plays against A alone, worth 1 − last(a) to A; level with A, C plays against the two
  (A's share: the sudden death of two it may lead to, moving first, or of three); past a, A
  has lost. A's value of BANK a is B's own chance to win evaluated with A's payoffs along B's
  best play.
* **A busts.** B is level with A at nothing, C still to come: banking b halves leaves C to
  pass b (a sudden death of B and C on a level, B first), a bust leaves C against two players
  level at nothing, who wins with any scoring throw, else the three start again. A then wins
  only by that new start.
* **The shares** (A, B, C) of a sudden death of three are its first mover's start, what B's
  turn is worth to B over where A's ends, and the rest. The tables above take them as given
  (a sudden death of three can lead to another): `solve` iterates from the previous shares.

A value along another player's best play is found by building that player's table twice, the
second time with EPS × the other's payoffs added to every outcome (its bank values and its bust
value): the difference over EPS is the other's value, exactly so while EPS leaves the player's
choices as they were (a choice that close to a tie moves a chance by under EPS).

About 12 minutes a step in CPython on two cores: tools/mishimash_three_way.py runs it and
writes three_way.json (the shares, A's BANK values), from which tools/mishimash_win_tables.py
builds the shipped tables of a sudden death of three (win_chance.FirstOfThree and
SecondAfterABust).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cubiri.mishimash.scoring import DICE
from cubiri.mishimash.win_chance import (
    EPS,
    FIRST,
    LIMIT_HALVES,
    SECOND,
    AheadBusting,
    AheadBusts,
    AheadOfTheLast,
    Chase,
    FirstMover,
    FirstOfThree,
    LastAgainstTwo,
    LastMover,
    SecondAfterABust,
    _bust,
    built,
)

Shares = tuple[float, ...]


class AheadSeenByA:
    """The shared AheadOfTheLast table as B's chase reads it past A's total, with A's payoff
    added: EPS × `below` × B's chance to bust from there (then B ends below A)."""

    def __init__(self, base: FirstMover, busting: FirstMover, below: float) -> None:
        self.base, self.busting, self.below = base, busting, below

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        base = self.base._column(n, k, m, start, size)
        busting = self.busting._column(n, k, m, start, size)
        return [x + self.below * (y - x) for x, y in zip(base, busting, strict=True)]

    def chance(self, halves: int, n: int, k: int, m: int) -> float:
        x = self.base.chance(halves, n, k, m)
        return x + self.below * (self.busting.chance(halves, n, k, m) - x)

    def low(self, k: int, m: int) -> int:
        return self.base.low(k, m)


class PastSeenByTheLeader:
    """The shared AheadOfTheLast table as a chase reads it past the leader (two_left.py's Q0,
    later_players' last but one), with EPS × the leader's `below` × the chaser's chance to
    bust from there added (the leader then leads): AheadSeenByA from the shipped tables."""

    def __init__(self, ahead: AheadOfTheLast, busts: AheadBusts, below: float) -> None:
        self.ahead, self.busts, self.below = ahead, busts, below

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        base = self.ahead._column(n, k, m, start, size)
        busts = self.busts._column(n, k, m, start, size)
        scale = EPS * self.below
        return [x + scale * b for x, b in zip(base, busts, strict=True)]

    def chance(self, halves: int, n: int, k: int, m: int) -> float:
        bust = self.busts.chance(halves, n, k, m)
        return self.ahead.chance(halves, n, k, m) + EPS * self.below * bust

    def low(self, k: int, m: int) -> int:
        return self.ahead.low(k, m)


class ChaseSeenByA(Chase):
    """B's chase after A banked `gap` halves (the last `lead_gap` behind A, by default as far
    as B), with EPS × A's payoffs added: `below` where B ends below A (a bust included),
    `level` where B banks level with A."""

    def __init__(
        self,
        last: LastMover,
        gap: int,
        tie: float,
        ahead: Any,
        below: float,
        level: float,
        lead_gap: int | None = None,
    ) -> None:
        super().__init__(last, gap, gap if lead_gap is None else lead_gap, tie, ahead)
        self.below, self.level = below, level

    def prepare(self) -> None:
        super().prepare()  # the same `proven` as B's own table
        add_payoffs(self, self.below, self.level)


def add_payoffs(chase: Chase, below: float, level: float) -> None:
    """Adds EPS × another player's payoffs to a prepared chase (its choices stay its own):
    `below` where it ends below the leader, a bust included; `level` where it banks level."""
    chase.bust_value = EPS * below
    for x in range(chase.gap):
        chase.banks[x] += EPS * below
    chase.banks[chase.gap] += EPS * level


@dataclass
class Solved:
    shares: Shares
    banks: list[float]  # A's value of BANK a (index a; 0: A busted)
    b_values: list[float]  # B's chance over where A's turn ends (likewise)


class _Context:
    """The two-contender tables and C's split against two level leaders, for given shares."""

    def __init__(self, shares: Shares, limit: int = LIMIT_HALVES) -> None:
        self.shares, self.limit = shares, limit
        self.last = built(LastMover(SECOND, limit))
        self.ahead = built(AheadOfTheLast(self.last))
        self.busting = built(AheadBusting(self.last))
        self.split = built(LastAgainstTwo(limit, shares[2]))

    def level_worth(self, a: int, share_of_two: float, share_of_three: float) -> float:
        """A level at a (B with A), C then to play against the two."""
        passes, level = self.split.passes[a], self.split.level[a]
        return (1 - passes - level) * share_of_two + level * share_of_three

    def after_a_banks(self, a: int) -> tuple[float, float]:
        """(A's value, B's value) once A banked a halves."""
        share_a, share_b, _ = self.shares
        tie_b = self.level_worth(a, SECOND, share_b)
        below = 1 - self.last.start(a)
        level = self.level_worth(a, FIRST, share_a)
        own = built(Chase(self.last, a, a, tie_b, self.ahead)).start()
        seen = AheadSeenByA(self.ahead, self.busting, below)
        added = built(ChaseSeenByA(self.last, a, tie_b, seen, below, level)).start()
        return (added - own) / EPS, own

    def after_a_busts(self) -> tuple[float, float]:
        share_a, share_b, _ = self.shares
        own = built(SecondAfterABust(self.last, share_b)).start()
        busting = built(SecondAfterABust(self.last, share_b, EPS)).start()
        b_busts = (busting - own) / EPS
        return b_busts * _bust(DICE) * share_a, own


_context: _Context | None = None


def _work(job: tuple[Shares, int, list[int]]) -> list[tuple[int, float, float]]:
    """A worker's share of the totals A may bank (the context is built once per process)."""
    global _context
    shares, limit, totals = job
    if _context is None or _context.shares != shares or _context.limit != limit:
        _context = _Context(shares, limit)
    return [(a, *_context.after_a_banks(a)) for a in totals]


# A's BANK values are found exactly up to EXACT halves, then every STEP halves to the top and
# linear between: past 160 points they change by under 0.0003 a half, smoothly.
EXACT, STEP = 320, 4


def solve(shares: Shares, top: int = 680, limit: int = LIMIT_HALVES, workers: int = 2) -> Solved:
    """One step of the shares' iteration: A's BANK values for totals 1 … top halves, B's answer
    to each, A's bust, and the shares they give."""
    from concurrent.futures import ProcessPoolExecutor  # not in the page

    context = _Context(shares, limit)
    totals = [*range(1, EXACT + 1), *range(EXACT + STEP, top + 1, STEP)]
    jobs = [(shares, limit, totals[w::workers]) for w in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        found = {row[0]: row[1:] for rows in pool.map(_work, jobs) for row in rows}
    bust_a, bust_b = context.after_a_busts()
    banks, b_values = [bust_a], [bust_b]
    for a in range(1, totals[-1] + 1):
        if a in found:
            bank, b_value = found[a]
        else:  # between two totals STEP apart
            low, high = a - a % STEP, a - a % STEP + STEP
            t = (a - low) / STEP
            bank = (1 - t) * found[low][0] + t * found[high][0]
            b_value = (1 - t) * found[low][1] + t * found[high][1]
        banks.append(bank)
        b_values.append(b_value)
    table = built(FirstOfThree(context.last, banks))
    if table.proven >= len(banks) - 1:
        raise ValueError(f"A's BANK is not proven best within {top} halves")
    own = table.start()
    seen = built(FirstOfThree(context.last, banks, [EPS * b for b in b_values])).start()
    share_b = (seen - own) / EPS
    return Solved((own, share_b, 1 - own - share_b), banks, b_values)
