"""MISHIMASH: the exact chance to win in the final round and in sudden death (X16, X17), where
two contenders count (ENGINE_API.md, "MISHIMASH chance to win"; issue 28).

Everyone plays to maximise their own chance to win, and a tie for first leads to sudden death,
valued as such. With two contenders the game is zero-sum, so one number per position says it
all. Points are integer halves inside, as in scoring and strategy.

* **The last player of a round** must pass the leader's total: a gap of `g` halves. Passing
  wins; ending level (exactly the gap, banked) leads to a sudden death in which this player
  moves second (X17: its order starts after the last turn, so the finisher, or the first mover,
  moves first again), worth `SECOND`; a bust or less loses. At a decision point it is worth
  P(pass) + SECOND · P(level) under best play, a function of the halves still missing: a
  table over the missing halves (`LastMover`), shared by every gap.
* **The first mover of a two-player sudden death** banks some s halves; the other then wins
  with `last(s)` from the start of a turn, so banking s is worth 1 − last(s) (s = 0: a bust,
  after which the other is level at once and just needs a scoring roll). Its table is over the
  turn's points (`FirstMover`): more points are worth more, and BANK is proven best once
  1 − last(x) ≥ b(n) · (1 − last(0)) + (1 − b(n)), b(n) the bust chance of the next throw.
* **A player already past every earlier total, the last still to play** (the second to last
  of a final round, say, once its turn passes the leader) is a two-contender position too: it
  banks a lead of s halves over the last, worth 1 − last(s) as for a first mover, but a bust
  leaves it below the leader and loses (`AheadOfTheLast`, one table over the lead). Its
  chance to bust from each point, playing that table (`AheadBusts`), is what a leader it has
  passed still hopes for (two_left.py: a lone leader with two still to play).
* **A player behind the one leader, the last still to play** (the middle player of a
  three-seat final round, the second mover of a three-way sudden death after the first banked)
  must pass the leader, and once past it is the player above: BANK is worth 0 below the
  leader, 1 − last(s) past it (s its lead over the last), and level with it what the last
  leaves of a sudden death of two or, if the last ends level too, of three
  (`LevelWithTheLeader`). One table a turn (`Chase`), built on demand for the points a turn
  reaches (`reachable`), its cost growing with the gap (0.2 s in CPython 112.5 points
  behind, 1.1 s 300 behind; 0.3 s and 0.9 s in Pyodide 112.5 and 222 behind): in slices in
  the page, from the moment a race's player chooses dice that would begin the final round
  (bank_ahead.py).
* **The last turn against two or three level leaders** is the last mover's table with a level
  worth its share of a sudden death of three or four (`AgainstLevelBuild`, built on demand
  for the gap).
* **A sudden death of three** is solved by three_way.py (a step of about 12 minutes, so its
  results ship in three_way.json): each mover's share (`THREE_WAY`), and the first mover's
  value of BANK at each total, from which its table is built (`FirstOfThree`); the second
  mover after the first busted has a table of its own (`SecondAfterABust`).
* **The value of a sudden death** for its first mover, `FIRST`, is the fixed point of the two
  (the second mover's table needs `SECOND` = 1 − `FIRST`): `sudden_death_value()` finds it by
  iteration, and the shipped constant is checked against it by the tests.

The page reads the tables from `win_tables.bin` (tools/mishimash_win_tables.py, 370 kB, each
chance within 8e-6 of the built one), so a final round's chances are there the moment it starts;
without the file they are built, in slices between frames or at once (about 10 s in CPython).

The tables are built bottom-up over whole arrays (odds.combine), like the reach table: cells
(dice, roll, MISHIMASHes) from the last roll a turn can reach within the table down to roll 1.
MISHIMASHes past REACH_MISHIMASHES are valued as that many (their bonus counted smaller: a
lower bound that moves a chance by well under 0.0001, see odds._reach_count).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Any, Protocol, TypeVar

from cubiri.mishimash import game, odds, shipped_cells
from cubiri.mishimash.odds import PIECE, PIECE_REST, REACH_MISHIMASHES, combine, option_steps
from cubiri.mishimash.pieces import run_for
from cubiri.mishimash.scoring import DICE
from cubiri.mishimash.strategy import roll_table, roll_table_steps

# The gaps the last mover's table covers: 450 points (beyond, `win_chances` asks strategy's
# exact chance to reach: a tie that far off is negligible). A first mover banks by about 215
# points (BANK proven, see FirstMover), and banking past 450 is worth at least 0.996 (the other's
# chance to pass it from the start of a turn), which the table's cap credits as 0.996.
LIMIT_HALVES = 900
# The sudden death's value for its first mover (`sudden_death_value`, checked by the tests).
FIRST = 0.36631  # sudden_death_value(): 0.366312 (iterated from 0.3755 in three steps)
SECOND = 1 - FIRST
# A value along another player's best play: its table built twice, the second time with EPS ×
# the other's payoffs added (three_way.py's method).
EPS = 1e-6
# A table built at once (`sliced` False: not between frames) takes its rows whole; between
# frames, pieces of odds.PIECE.
WHOLE = 1 << 20


def _piece(table: Any, n: int) -> int:
    return PIECE.get(n, PIECE_REST) if table.sliced else WHOLE


T = TypeVar("T")
Key = tuple[int, int, int]  # (dice, roll, MISHIMASHes) of a cell


def _count(count: int) -> int:
    return min(count, REACH_MISHIMASHES)


def _least_halves(roll_index: int, count: int) -> int:
    """The fewest halves a turn holds at roll `roll_index` after `count` MISHIMASHes: each roll
    before took at least one half × its index (X9), each MISHIMASH its bonus (X12)."""
    return roll_index * (roll_index - 1) // 2 + 10 * count * (count + 1)


def reachable(n: int, k: int, m: int) -> bool:
    """Whether a turn reaches the decision point (n dice, roll k, m MISHIMASHes). Each roll
    sets aside a die or more (X8), so a run of rolls from six fresh dice lasts one to six rolls
    up to its MISHIMASH (X12), and fewer than six dice are left only once the current run has
    begun: after the m runs done (m to 6m rolls), it has lasted k − 1 − 6m rolls or more, and
    n ≤ 7 + 6m − k. The capped count (REACH_MISHIMASHES) stands for that many or more, so it
    bounds no run's end. A table built only for the points a game plays skips the rest (44% of
    a chase 204 points behind); a child of a point reached is reached, and `chance` works out
    a point skipped from its children."""
    if k < m + 1 + (n < DICE):
        return False
    return m >= REACH_MISHIMASHES or n <= DICE + 1 + DICE * m - k


def _cells(limit: int) -> list[tuple[int, int, int]]:
    """(dice, roll, MISHIMASHes) of every decision point a turn reaches within `limit` halves,
    the last roll first (a roll's children are at the next roll)."""
    last = 1
    while _least_halves(last + 1, 0) <= limit:
        last += 1
    return [
        (n, k, m)
        for k in range(last, 0, -1)
        for m in range(min(REACH_MISHIMASHES, k - 1), -1, -1)
        for n in range(1, DICE + 1)
        if _least_halves(k, m) <= limit
    ]


class LastMover:
    """C(x, n, k, m): the last mover's best P(pass) + tie · P(level) with x halves still missing
    (x ≥ 0) at a decision point that throws n dice as roll k; with x < 0 the gap is passed (1).
    At x = 0 the player may BANK for `tie` or throw for a pass; above it they must throw."""

    sliced = True  # built a piece at a time (between frames in the page)

    def __init__(self, tie: float, limit: int = LIMIT_HALVES) -> None:
        self.tie, self.limit = tie, limit
        self.cells: dict[tuple[int, int, int], list[float]] = {}

    def pieces(self) -> Iterator[None]:
        """Builds the cells a piece at a time (PIECE missing values of one cell), yielding after
        each: the page builds between frames."""
        for n, k, m in _cells(self.limit):
            size = self.limit - _least_halves(k, m) + 1
            cell = self.cells[(n, k, m)] = []
            step = _piece(self, n)
            for lo in range(0, size, step):
                hi = min(size, lo + step)
                columns = [
                    self._column(n2, k2, m2, lo - gained, hi - lo)
                    for gained, n2, k2, m2 in option_steps(n, k, m)
                ]
                cell += combine(roll_table(n), columns)  # a bust leaves the gap: worth 0
                if lo == 0:  # level: BANK for the sudden death, or throw
                    cell[0] = max(self.tie, cell[0])
                yield

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        """C of the child decision point for missing start … start + size − 1."""
        passed = max(0, min(size, -start))
        cell = self.cells.get((n, k, _count(m)))
        rest = size - passed
        if cell is None:  # past the table's last roll: only a pass counts, level is a choice
            level = max(self.tie, 1 - _bust(n))
            values = [level] + [0.0] * (rest - 1) if rest else []
        else:
            begin = start + passed
            values = cell[begin : begin + rest]
            values += [cell[-1]] * (rest - len(values))  # beyond the cap: an upper bound
        return [1.0] * passed + values

    def chance(self, missing: int, n: int, k: int, m: int) -> float:
        """C at a decision point (the first throw of a turn included: x = 0 there is no choice,
        see `start`)."""
        if missing < 0:
            return 1.0
        cell = self.cells.get((n, k, _count(m)))
        if cell is None:
            return 0.0 if missing > 0 else max(self.tie, 1 - _bust(n))
        return cell[min(missing, len(cell) - 1)]

    def roll(self, missing: int, n: int, k: int, m: int) -> float:
        """The value of throwing now (ROLL AGAIN) and playing on best; a bust loses."""
        if missing < 0:
            return 1 - _bust(n)  # nothing to gain, but a bust would lose what passes
        steps = option_steps(n, k, m)
        return _throw(n, [self.chance(missing - g, n2, k2, m2) for g, n2, k2, m2 in steps])

    def start(self, gap: int) -> float:
        """The last mover's chance at the start of its turn, `gap` halves behind (X8: the turn
        begins with a throw; level at the start, a bust keeps it level)."""
        if gap > 0:
            start = self.cells[(DICE, 1, 0)]  # entries past 0 are the value of throwing
            return start[min(gap, len(start) - 1)]
        if gap == 0:
            return 1 - _bust(DICE) + _bust(DICE) * self.tie
        return 1.0


def _throw(n: int, children: list[float]) -> float:
    """Throwing n dice: each roll class takes its best option's value (children[i] for option
    i of roll_table(n)); a bust adds nothing here."""
    table = roll_table(n)
    total = sum(weight * max(children[i] for i in idx) for weight, idx in table.classes)
    return total / table.total


@cache
def _bust(n: int) -> float:
    table = roll_table(n)
    return table.bust_weight / table.total


class FirstMover:
    """V(x, n, k, m): the first mover's chance in a two-player sudden death holding x halves of
    the turn at a decision point (BANK, or throw n dice as roll k), the other to play after."""

    bust_loses = False  # a sudden death's first mover: a bust leaves the other level
    sliced = True  # built a piece at a time (between frames in the page)
    # Built for the points a turn reaches only (`reachable`): the tables built in the page.
    # The shipped ones keep every point, as their files hold them.
    reached_only = False

    def __init__(self, last: LastMover) -> None:
        self.last = last
        self.cells: dict[tuple[int, int, int], list[float]] = {}
        self.banks: list[float] = []
        self.bust_value = 0.0
        self.proven = 0

    def pieces(self) -> Iterator[None]:
        """Builds the cells a piece at a time, yielding after each (as LastMover.pieces); the
        last mover's table must be complete."""
        self.prepare()
        for n, k, m in self.built_cells():
            low = self.low(k, m)
            size = self.proven_cell(n, k, m) - low + 1
            bust = _bust(n) * self.bust_value
            cell = self.cells[(n, k, m)] = []
            step = _piece(self, n)
            for lo in range(0, size, step):
                hi = min(size, lo + step)
                columns = [
                    self._column(n2, k2, m2, low + lo + gained, hi - lo)
                    for gained, n2, k2, m2 in option_steps(n, k, m)
                ]
                rolled = [value + bust for value in combine(roll_table(n), columns)]
                cell += map(max, self.banks[low + lo : low + hi], rolled)
                yield

    def built_cells(self) -> list[tuple[int, int, int]]:
        """The decision points the table holds, in the order they are built."""
        cells = _cells(self.proven)
        return [cell for cell in cells if reachable(*cell)] if self.reached_only else cells

    def prepare(self) -> None:
        """What BANK is worth at each total, from the last mover's table (complete)."""
        last = self.last
        start = last.cells[(DICE, 1, 0)]
        # BANK with s halves: the other then needs to pass s from the start of a turn; gaps
        # past the table count as its largest (the other's chance there is an upper bound).
        # X11: a bust banks nothing (where it leaves the player below a leader: lost).
        self.bust_value = 0.0 if self.bust_loses else 1 - last.start(0)
        self.banks = [self.bust_value] + [1 - start[min(x, len(start) - 1)] for x in range(1, 4000)]
        # From `proven` halves on BANK beats any throw (see the module docstring).
        best_throw = _bust(DICE) * self.bust_value + 1 - _bust(DICE)
        proven = (x for x, bank in enumerate(self.banks) if bank >= best_throw)
        self.proven = next(proven, len(self.banks) - 1)

    def proven_for(self, n: int) -> int:
        """From which total BANK beats a throw of n dice (`proven`: of any throw)."""
        return self.proven

    def proven_cell(self, n: int, k: int, m: int) -> int:
        """From which total BANK beats a throw at the decision point (n, k, m) and every one
        after it (`proven_for` its dice)."""
        return self.proven_for(n)

    def bank(self, halves: int) -> float:
        return self.banks[min(halves, len(self.banks) - 1)]

    def low(self, k: int, m: int) -> int:
        """The fewest halves a cell of roll k after m MISHIMASHes holds: what a turn holds."""
        return _least_halves(k, m)

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        """V of the child decision point for halves start … start + size − 1: the table up to
        `proven`, BANK above it (and where the child has no table: past `proven` altogether)."""
        cell = self.cells.get((n, k, _count(m)))
        inside: list[float] = []
        if cell is not None:
            low = self.low(k, _count(m))
            inside = cell[start - low : start - low + size]
        end = start + size
        above = start + len(inside)
        tail = self.banks[above:end]
        return inside + tail + [self.banks[-1]] * (end - above - len(tail))

    def chance(self, halves: int, n: int, k: int, m: int) -> float:
        """V at a decision point (BANK, or throw)."""
        cell = self.cells.get((n, k, _count(m)))
        if cell is not None:
            index = halves - self.low(k, _count(m))
            if 0 <= index < len(cell):
                return cell[index]
        if halves >= self.proven_cell(n, k, _count(m)):
            return self.bank(halves)
        return max(self.bank(halves), self.roll(halves, n, k, m))

    def roll(self, halves: int, n: int, k: int, m: int) -> float:
        """The value of throwing now and playing on best (a bust banks nothing)."""
        steps = option_steps(n, k, m)
        children = [self.chance(halves + g, n2, k2, m2) for g, n2, k2, m2 in steps]
        return _throw(n, children) + _bust(n) * self.bust_value

    def start(self) -> float:
        """The first mover's chance at the start of a sudden death (it must throw)."""
        return self.roll(0, DICE, 1, 0)


class AheadOfTheLast(FirstMover):
    """V(s, n, k, m) of a player whose total with the turn is already past every earlier total
    of the round, with one player still to play after it (the last), `s` halves ahead of the
    last: banking leaves the last s halves behind, worth 1 − last.start(s) (level, the two play
    a sudden death in which the last moves second, X17: the two-player values, as for
    FirstMover), and a bust falls back below the earlier leader: 0.

    A turn's gains do not depend on the total, so one table serves every lead: a player whose
    total leads the last's by `offset` halves, holding x halves of the turn, reads s = offset
    + x. Its cells hold every lead s ≥ 1, fewer halves than a turn holds at that point too
    (the last having started the round ahead of this player: a chaser behind the last reads it
    once past the leader, rather than building those values itself). BANK values past the
    last mover's table (a lead of 450 points) take its last gap, a chance too low by under
    0.004 where it is over 0.996: only reached by a roll landing far past where BANK is
    proven best."""

    bust_loses = True

    def low(self, k: int, m: int) -> int:
        """Every lead: a chaser that started behind the last reads it too, past the leader
        with fewer halves than its turn holds."""
        return AHEAD_FROM


class AheadBusting(AheadOfTheLast):
    """AheadOfTheLast with EPS for a bust: less the base table, EPS × its chance to bust."""

    def prepare(self) -> None:
        super().prepare()
        self.bust_value = EPS


class AheadBusts:
    """The chance that a player playing AheadOfTheLast's table busts from each of its points:
    it then falls back below the leader it had passed, who keeps the lead. What a lone leader
    with two still to play hopes for once the first of them is past it (two_left.py). Built as
    AheadBusting less AheadOfTheLast (both built here, so their difference is exact) over EPS;
    shipped in win_tables.bin with the tables it is read beside."""

    sliced = True

    def __init__(self, ahead: AheadOfTheLast) -> None:
        self.ahead = ahead
        self.cells: dict[tuple[int, int, int], list[float]] = {}

    def pieces(self) -> Iterator[None]:
        twin = AheadBusting(self.ahead.last)
        yield from twin.pieces()
        for key, cell in twin.cells.items():
            base = self.ahead.cells[key]
            busts = ((y - x) / EPS for x, y in zip(base, cell, strict=True))
            self.cells[key] = [min(1.0, max(0.0, bust)) for bust in busts]
            yield

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        """As AheadOfTheLast._column: past its cells BANK is proven best, so no bust follows."""
        cell = self.cells.get((n, k, _count(m)))
        inside: list[float] = []
        if cell is not None:
            low = self.ahead.low(k, _count(m))
            inside = list(cell[start - low : start - low + size])
        return inside + [0.0] * (size - len(inside))

    def chance(self, halves: int, n: int, k: int, m: int) -> float:
        return self._column(n, k, m, halves, 1)[0]


# A sudden death of three, solved (three_way.py, `python3 tools/mishimash_three_way.py`): each
# mover's share, and the first mover's value of BANK at each total.
SOLVED_PATH = Path(__file__).with_name("three_way.json")
_SOLVED = json.loads(SOLVED_PATH.read_text())
THREE_WAY: tuple[float, ...] = tuple(_SOLVED["shares"])  # A's, B's, C's
# A sudden death of four: each mover's share, worked out by four_way.py (`python3
# tools/mishimash_later_players.py --solve-four`: from the estimate 0.150760, 0.203530,
# 0.274770, 0.370940, steps moved them by 0.015, 3e-5, then under 1e-6; counting the later
# players far behind more closely, by 9e-5, then under 1e-6; tools/mishimash_four_way_play.py
# plays it out). The last turn against three level leaders values a level at its last share
# (`TablesBuilder.against_three`, shipped: a four-seat final round asks it of every chance).
FOUR_WAY: tuple[float, ...] = (0.165905, 0.204562, 0.261755, 0.367778)


class PastTable(Protocol):
    """What a chase reads past the leader (AheadOfTheLast, or a table like it)."""

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]: ...

    def chance(self, halves: int, n: int, k: int, m: int) -> float: ...

    def low(self, k: int, m: int) -> int: ...


class Chase(FirstMover):
    """V(x, n, k, m) of a player behind the one leader of the round (`gap` halves at the start
    of its turn), with one player, the last, still to play after it and `lead_gap` halves
    behind that leader. Holding x halves of the turn:

    * below the leader, BANK loses (and so does a bust: the total stays below);
    * level (x = gap), BANK is worth `tie`: the last then plays against two leaders (see
      `LevelWithTheLeader`);
    * past the leader, BANK leaves the last `lead_gap` + (x − gap) halves behind: worth
      1 − the last's chance from the start of its turn, as for AheadOfTheLast.

    A bust loses. (A sudden death of three whose first mover busted is not a chase: a bust
    there keeps everyone level, and the value is the three-way sudden death's own.)

    Past the leader the player is one already past every earlier total with the last to come,
    and a turn's gains never take it back: there its values are the shared AheadOfTheLast
    table's at its lead s = x + `offset` over the last (given as `ahead`), wherever that table
    holds s (s at least the least halves of the point; a chaser behind the last can be past
    the leader with less). So one table a turn holds only the rest, from the least halves of
    each point to `split` − 1; without `ahead` it holds the whole turn up to where BANK is
    proven best (the tests compare the two)."""

    reached_only = True  # built in the page, for one turn

    def __init__(
        self,
        last: LastMover,
        gap: int,
        lead_gap: int,
        tie: float,
        ahead: PastTable | None = None,
    ) -> None:
        super().__init__(last)
        self.gap, self.lead_gap, self.tie, self.ahead = gap, lead_gap, tie, ahead
        self.offset = lead_gap - gap  # this player's total less the last's

    def prepare(self) -> None:
        start = self.last.cells[(DICE, 1, 0)]

        def past(x: int) -> float:  # the last's gap past this player's total, from its start
            return 1 - start[min(self.offset + x, len(start) - 1)]

        self.bust_value = 0.0
        above = [past(x) for x in range(self.gap + 1, self.gap + 4000)]
        self.banks = [0.0] * self.gap + [self.tie] + above
        best_throw = 1 - _bust(DICE)
        proven = (x for x, bank in enumerate(self.banks) if x > self.gap and bank >= best_throw)
        self.proven = next(proven, len(self.banks) - 1)

    def ahead_from(self, k: int, m: int) -> int:
        """From which halves on the point (k, m) reads the shared table (never, without it)."""
        if self.ahead is None:
            return 1 << 30
        return max(self.gap + 1, self.ahead.low(k, m) - self.offset)

    def split(self, k: int, m: int) -> int:
        """Where the point's own values end: the shared table's, or BANK proven best."""
        return min(self.proven + 1, self.ahead_from(k, m))

    def pieces(self) -> Iterator[None]:
        self.prepare()
        for n, k, m in self.built_cells():
            low, high = _least_halves(k, m), self.split(k, m)
            cell = self.cells[(n, k, m)] = []
            step = _piece(self, n)
            for lo in range(0, high - low, step):
                hi = min(high - low, lo + step)
                columns = [
                    self._column(n2, k2, m2, low + lo + gained, hi - lo)
                    for gained, n2, k2, m2 in option_steps(n, k, m)
                ]
                bust = _bust(n) * self.bust_value  # 0: a bust loses (three_way sets more)
                rolled = [value + bust for value in combine(roll_table(n), columns)]
                cell += map(max, self.banks[low + lo : low + hi], rolled)
                yield

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        m = _count(m)
        end, ahead_from = start + size, self.ahead_from(k, m)
        mine = max(start, min(end, ahead_from))  # own table or BANK below, shared from here
        values = super()._column(n, k, m, start, mine - start) if mine > start else []
        if mine < end:
            assert self.ahead is not None
            values += self.ahead._column(n, k, m, mine + self.offset, end - mine)
        return values

    def chance(self, halves: int, n: int, k: int, m: int) -> float:
        if self.ahead is not None and halves >= self.ahead_from(k, _count(m)):
            return self.ahead.chance(halves + self.offset, n, k, m)
        return super().chance(halves, n, k, m)


class LastAgainstTwo:
    """The last player against two level leaders, `gap` halves behind them, for every gap up
    to `limit`: its chance to pass them (it wins) and to level them (a sudden death of three in
    which it moves last, X17: from after its turn, worth its THREE_WAY share to it); else it
    falls short. Its table values the level at that share; its chance of ending level is the
    slope of its chance in that worth (the policy is the same for a worth a hair higher).
    Shipped in win_tables.bin for gaps to LIMIT_HALVES; built a piece at a time."""

    HAIR = 1e-6

    def __init__(self, limit: int = LIMIT_HALVES, share: float = THREE_WAY[2]) -> None:
        self.limit, self.share = max(limit, 1), share
        self.passes: list[float] = []
        self.level: list[float] = []

    def pieces(self) -> Iterator[None]:
        low = LastMover(self.share, self.limit)
        high = LastMover(self.share + self.HAIR, self.limit)
        yield from low.pieces()
        yield from high.pieces()
        for gap in range(self.limit + 1):
            level = (high.start(gap) - low.start(gap)) / self.HAIR
            self.level.append(level)
            self.passes.append(low.start(gap) - self.share * level)


class LevelWithTheLeader:
    """What BANK level with the one leader is worth to a player with the last still to play,
    the last `gap` halves behind them both (`tie`), and the chance of the double level
    (`double`). The last then passes the two, levels them (a sudden death of three), or falls
    short: a sudden death of the two, this player moving `first` or second (LastAgainstTwo).
    Read from the shipped split where the tables hold it, else built a piece at a time."""

    def __init__(self, first: bool, gap: int) -> None:
        self.first, self.gap = first, gap
        self.tie = self.double = 0.0

    def pieces(self) -> Iterator[None]:
        split = _tables.against_two
        if self.gap > LIMIT_HALVES:
            # A level that far off is negligible (two_left.py too): the last must pass. Its
            # table to the gap took 9 s in CPython 500 points behind, for a tie moved by 2e-6.
            passes, level = odds.chance((self.gap + 1) / 2, 0, DICE, 1, 0), 0.0
        else:
            if not (_tables.complete and self.gap < len(split.passes)):
                split = LastAgainstTwo(self.gap)
                yield from split.pieces()
            passes, level = split.passes[self.gap], split.level[self.gap]
        of_two = FIRST if self.first else SECOND
        of_three = THREE_WAY[0] if self.first else THREE_WAY[1]
        self.tie, self.double = (1 - passes - level) * of_two + level * of_three, level


class SecondAfterABust(FirstMover):
    """B's turn in a sudden death of three whose first mover A busted: BANK b leaves C to pass
    b (level: a sudden death of B and C, B first), and a bust leaves C against two players
    level at nothing, who wins unless its first throw busts too; then the three start again
    and B's share is `share`. `extra` is added to the bust value only (the same choices)."""

    def __init__(self, last: LastMover, share: float, extra: float = 0.0) -> None:
        super().__init__(last)
        self.share, self.extra = share, extra

    def prepare(self) -> None:
        super().prepare()
        self.bust_value = _bust(DICE) * self.share
        self.banks[0] = self.bust_value
        self.proven = _proven(self.banks, self.bust_value)
        self.bust_value += self.extra


class FirstOfThree(FirstMover):
    """A's turn in a sudden death of three: BANK a is worth `banks[a]` (a ≥ 1), a bust
    `banks[0]`; past the list, its last value (a lower bound: BANK is worth more the more it
    holds). `extra[a]` is added to each outcome without changing the choices (see EPS)."""

    def __init__(
        self, last: LastMover, banks: Sequence[float], extra: Sequence[float] | None = None
    ) -> None:
        super().__init__(last)
        self.given = list(banks)
        self.extra = list(extra) if extra is not None else [0.0] * len(self.given)

    def prepare(self) -> None:
        given = self.given + [self.given[-1]] * (4000 - len(self.given))
        self.proven = _proven(given, given[0])
        extra = self.extra + [self.extra[-1]] * (4000 - len(self.extra))
        self.banks = [bank + more for bank, more in zip(given, extra, strict=True)]
        self.bust_value = self.banks[0]


def _proven(banks: Sequence[float], bust_value: float, n: int = DICE) -> int:
    """From which total BANK beats any throw of n dice (of any throw: six dice bust least): a
    throw can at best score and win, else bust."""
    best_throw = _bust(n) * bust_value + 1 - _bust(n)
    return next((x for x in range(1, len(banks)) if banks[x] >= best_throw), len(banks) - 1)


def _last_start(last: LastMover, gap: int) -> float:
    """The last mover's chance at the start of its turn `gap` halves behind; past the table's
    gaps the chance to pass (a level that far off is negligible), from the reach table."""
    if gap <= last.limit:
        return last.start(gap)
    return odds.chance((gap + 1) / 2, 0, DICE, 1, 0)


def built(table: T) -> T:
    for _ in table.pieces():  # type: ignore[attr-defined]
        pass
    return table


def sudden_death_value(tolerance: float = 1e-6, limit: int = LIMIT_HALVES) -> float:
    """The first mover's chance in a two-player sudden death: the fixed point of FirstMover
    over LastMover(1 − it). Slow (each round builds both tables): for the tests and the tool."""
    first = FIRST
    for _ in range(20):
        found = built(FirstMover(built(LastMover(1 - first, limit)))).start()
        if abs(found - first) < tolerance:
            return found
        first = found
    return first


class TablesBuilder:
    """The two shared tables: read from the shipped file (`win_tables.bin`, made by
    tools/mishimash_win_tables.py) where it matches FIRST and LIMIT_HALVES, so the final round's
    chances are there at once; else built a piece at a time, `step` between frames (like
    odds.reach_builder), or at once by asking for a chance."""

    def __init__(self, shipped: bool = True) -> None:
        self.last = LastMover(SECOND)
        self.first = FirstMover(self.last)
        self.ahead = AheadOfTheLast(self.last)
        self.ahead_busts = AheadBusts(self.ahead)
        self.against_two = LastAgainstTwo()
        self.against_three = LastAgainstTwo(share=FOUR_WAY[3])
        self.second_after_bust = SecondAfterABust(self.last, THREE_WAY[1])
        self.first_of_three = FirstOfThree(self.last, _SOLVED["banks"])
        self._built = False
        # Read when first asked for (never at start-up), or between frames before (`load_step`).
        self._loading = _load_shipped_steps(self) if shipped else iter(())
        tables = (
            *(self.last, self.first, self.ahead, self.ahead_busts, self.against_two),
            *(self.second_after_bust, self.first_of_three, self.against_three),
        )
        self._pieces = chain.from_iterable(table.pieces() for table in tables)

    @property
    def complete(self) -> bool:
        """Whether the tables can be read: the shipped file read now where it is not yet."""
        run_for(self._loading, float("inf"))
        return self._built

    def load_step(self, budget_ms: float = 20.0) -> bool:
        """Reads the shipped file for about `budget_ms` milliseconds (the page, between frames,
        before a game with rivals needs it); True once it is read, or found unreadable (then
        `step` builds the tables)."""
        return run_for(self._loading, budget_ms)

    def step(self, budget_ms: float = 20.0) -> bool:
        """Builds for about `budget_ms` milliseconds (at least one piece); True once complete."""
        if not self.complete:
            self._built = run_for(self._pieces, budget_ms)
        return self.complete


# The shipped tables (shipped_cells: each chance within 8e-6 of the built one).
TABLES_PATH = Path(__file__).with_name("win_tables.bin")


def encode_tables(tables: TablesBuilder) -> bytes:
    """The shipped file's bytes for the complete tables."""
    header = {"first": FIRST, "limit": tables.last.limit, "three_way": list(THREE_WAY)}
    header["ahead_from"] = AHEAD_FROM
    splits = {name: _encode_split(getattr(tables, name)) for name in SPLITS}
    named = [(name, table.cells) for name, table in _named(tables)]
    return shipped_cells.encode(header, named, splits)


AHEAD_FROM = 1  # the lead AheadOfTheLast's cells begin at (AheadOfTheLast.low): in the file
SPLITS = ("against_two", "against_three")  # LastAgainstTwo splits shipped in the header


def _encode_split(split: LastAgainstTwo) -> dict[str, Any]:
    return {
        "share": split.share,
        "passes": [round(value, 9) for value in split.passes],
        "level": [round(value, 9) for value in split.level],
    }


def _named(
    tables: TablesBuilder,
) -> tuple[tuple[str, LastMover | FirstMover | AheadBusts], ...]:
    return (
        ("last", tables.last),
        ("first_mover", tables.first),
        ("ahead", tables.ahead),
        ("ahead_busts", tables.ahead_busts),
        ("second_after_bust", tables.second_after_bust),
        ("first_of_three", tables.first_of_three),
    )


def _load_shipped_steps(tables: TablesBuilder) -> Iterator[None]:
    """Fills the tables from TABLES_PATH a piece at a time, `tables._built` once done; not
    where the file is missing or was made for another FIRST, limit or set of tables (then
    they are built)."""
    reading = shipped_cells.read_steps(TABLES_PATH)
    shipped = yield from reading
    if shipped is None or not _made_as_these(shipped.header, tables):
        return
    yield from roll_table_steps(DICE)  # what the BANK values below read (_bust)
    for name, table in _named(tables):
        cells: Any = shipped.cells(name)  # read like the built dict: get, [], in, len
        table.cells = cells
        if isinstance(table, FirstMover):
            table.prepare()
        yield
    for name in SPLITS:
        split_table = getattr(tables, name)
        split_table.passes, split_table.level = (
            shipped.header[name]["passes"],
            shipped.header[name]["level"],
        )
    tables._built = True


def _made_as_these(header: dict[str, Any], tables: TablesBuilder) -> bool:
    """Whether the shipped file was made for these FIRST, limit, shares and tables."""
    if header.get("first") != FIRST or header.get("limit") != tables.last.limit:
        return False
    if header.get("three_way") != list(THREE_WAY) or header.get("ahead_from") != AHEAD_FROM:
        return False
    if any(name not in header for name, _ in _named(tables)):
        return False
    for name in SPLITS:
        split = header.get(name)
        if not isinstance(split, dict) or split.get("share") != getattr(tables, name).share:
            return False
    return True


_tables = TablesBuilder()


def tables_builder() -> TablesBuilder:
    return _tables


def tables_ready() -> bool:
    return _tables.complete


def last_mover() -> LastMover:
    while not _tables.step(1000.0):
        pass
    return _tables.last


def first_mover() -> FirstMover:
    last_mover()
    return _tables.first


def ahead_of_the_last() -> AheadOfTheLast:
    last_mover()
    return _tables.ahead


def ahead_busts() -> AheadBusts:
    last_mover()
    return _tables.ahead_busts


def first_of_three() -> FirstOfThree:
    last_mover()
    return _tables.first_of_three


def second_after_bust() -> SecondAfterABust:
    last_mover()
    return _tables.second_after_bust


# ---------------------------------------------------------------------------------------------
# The position's chances


def win_chances(state: game.State) -> dict[str, float] | None:
    """At a decision point of the final round or a sudden death (the player to move has
    selected: BANK or ROLL AGAIN), their chance to win if they BANK now and if they ROLL AGAIN
    and play on best; None before the final round, in a solo game, when the game is over and
    when no decision is pending.

    Exact where at most one player still plays after this one (a game of two, the last turn
    of a round against one leader or two or three level, a player before the last, behind the one
    leader or past it) and in sudden deaths of two or three: from the shipped tables at once
    (`covered`). Every other final-round position (two or more still to play after this one,
    two or more level at the top with one still to play, four or more before the last) and of
    a sudden death of four or more is worked out when asked (later_players.py: a second or two
    with one or two still to play after this one, from the shipped values of a lone leader
    with two to play, which the page builds between frames; tens of seconds with more; a
    sudden death of four is valued at its worked-out shares, four_way.py, and of five or more
    at estimated ones)."""
    if state.solo or state.over or state.round is game.Round.RACE:
        return None
    if state.phase is not game.Phase.DECIDE:
        return None
    if not covered(state):
        from cubiri.mishimash import later_players  # it reads this module's tables

        if later_players.position(state) is not None:
            return later_players.chances(state)
        return later_players.level_chances(state)
    x = state.turn_halves
    return _covered_chances(state, x, state.dice_left, state.roll_number + 1, state.mishimashes)


def throw_chance(state: game.State) -> float | None:
    """In the middle of a turn whose next throw is being made (real dice typed: the THROW
    phase after ROLL AGAIN), the chance to win from here, what ROLL AGAIN was worth; None
    where the tables do not give it at once (`covered`), and at a turn's start (`start_chance`)."""
    if state.phase is not game.Phase.THROW or state.turn_halves == 0 or not covered(state):
        return None
    n, k, m = state.dice_left, state.roll_number, state.mishimashes
    return _covered_chances(state, state.turn_halves, n, k, m)["roll"]


def _covered_chances(state: game.State, x: int, n: int, k: int, m: int) -> dict[str, float]:
    """BANK now and ROLL AGAIN at the decision point (x, n, k, m) of a `covered` position."""
    if not state.still_to_play[1:]:
        return _last(state, x, n, k, m)
    ahead = _ahead_of_the_last(state)
    if ahead is not None:
        lead = ahead + x
        roll = ahead_of_the_last().roll(lead, n, k, m)
        return {"bank": 1 - _last_start(last_mover(), lead), "roll": roll}
    chasing = _chasing(state)
    if chasing is not None:
        chase = chase_table(chasing)
        return {"bank": chase.bank(x), "roll": chase.roll(x, n, k, m)}
    table = _first_table(state)
    return {"bank": table.bank(x), "roll": table.roll(x, n, k, m)}


def _field(state: game.State) -> tuple[int, ...]:
    """Who can still win: the tied players in a sudden death, else everyone (X16, X17)."""
    sudden = state.round is game.Round.SUDDEN_DEATH
    return state.contenders if sudden else tuple(range(len(state.players)))


def _first_table(state: game.State) -> FirstMover:
    """The table of a sudden death's player with a total to set: its first mover (of two or of
    three), or a sudden death of three's second mover after the first busted."""
    if len(state.contenders) == 2:
        return first_mover()
    return first_of_three() if len(state.still_to_play) == 3 else second_after_bust()


def _sets_a_total(state: game.State) -> bool:
    """A sudden death's player with a total to set and `_first_table` for it: the first mover
    of two or of three, or the second of three after the first busted (level with it)."""
    if state.round is not game.Round.SUDDEN_DEATH or len(state.contenders) not in (2, 3):
        return False
    if len(state.still_to_play) == len(state.contenders):
        return True
    first, me = state.contenders[0], state.current
    return len(state.still_to_play) == 2 and state.totals[first] == state.totals[me]


def _ahead_of_the_last(state: game.State) -> int | None:
    """With one player still to play after this one (the last of the round) and this turn
    already past every earlier total of the field, while a bust would fall back below it: the
    halves by which this player's total leads the last's (the offset of AheadOfTheLast)."""
    me, waiting = state.current, state.still_to_play[1:]
    if len(waiting) != 1:
        return None
    earlier = [state.totals[p] for p in _field(state) if p not in (me, waiting[0])]
    if not earlier:
        return None
    mine = state.totals[me]
    if not mine < max(earlier) < mine + state.turn_halves:
        return None
    offset = mine - state.totals[waiting[0]]
    k = state.roll_number + (state.phase is game.Phase.DECIDE)  # the decision point's roll
    inside = offset + state.turn_halves >= ahead_of_the_last().low(k, _count(state.mishimashes))
    return offset if inside else None


Chasing = tuple[int, int, bool]  # the gap to the one leader, the last's gap, first of two


def _chasing(state: game.State) -> Chasing | None:
    """With one player still to play after this one (the last of the round), one leader among
    those who have played, this player below it and the last no higher: this player's gap
    to the leader, the last's, and whether this player would move first in a sudden death of
    the two (X17: in table order from after the last's turn). See `Chase`."""
    me, waiting = state.current, state.still_to_play[1:]
    if len(waiting) != 1:
        return None
    done = [p for p in _field(state) if p not in state.still_to_play]
    if not done:
        return None
    best = max(state.totals[p] for p in done)
    leaders = [p for p in done if state.totals[p] == best]
    last = waiting[0]
    if len(leaders) != 1 or state.totals[me] >= best or state.totals[last] > best:
        return None
    count = len(state.players)
    after_last = [(last + offset) % count for offset in range(1, count + 1)]
    first = after_last.index(me) < after_last.index(leaders[0])
    return best - state.totals[me], best - state.totals[last], first


def _against_level(state: game.State) -> tuple[int, int] | None:
    """The last turn of a round against two or three players level at the top (a level makes
    a sudden death of three or four in which this player moves last, X17): the gap to them, in
    halves, and how many they are. Four or more level are later_players' (an estimated share)."""
    if state.still_to_play[1:]:
        return None
    others = [state.totals[p] for p in _field(state) if p != state.current]
    best = max(others)
    count = others.count(best)
    if count not in (2, 3) or best < state.totals[state.current]:
        return None
    return best - state.totals[state.current], count


class ChaseBuild:
    """A chase's table and what is left of its build."""

    def __init__(self, chasing: Chasing) -> None:
        self.chasing = chasing
        self.table = Chase(last_mover(), chasing[0], chasing[1], 0.0, ahead_of_the_last())
        self.pieces = self._pieces()
        self.complete = False

    def _pieces(self) -> Iterator[None]:
        _, lead_gap, first = self.chasing
        level = LevelWithTheLeader(first, lead_gap)
        yield from level.pieces()
        self.table.tie = level.tie
        yield from self.table.pieces()

    def step(self, budget_ms: float) -> bool:
        if not self.complete:
            self.complete = run_for(self.pieces, budget_ms)
        return self.complete


class AgainstLevelBuild:
    """The last mover's table against two or three level leaders `gap` halves ahead (a level
    is worth `share`, its share of the sudden death of three or four), for the gaps up to this
    one, and its build."""

    def __init__(self, gap: int, share: float = THREE_WAY[2]) -> None:
        self.table = LastMover(share, max(gap, 1))
        self.pieces = self.table.pieces()
        self.complete = False

    def step(self, budget_ms: float) -> bool:
        if not self.complete:
            self.complete = run_for(self.pieces, budget_ms)
        return self.complete


# The tables built for a position (a chase, a last turn against level leaders), by ("chase",
# *Chasing) or ("level", gap, how many lead level); the last KEPT are kept (a bench playing
# thousands of rounds keeps more).
OwnKey = tuple[Any, ...]
_chases: dict[OwnKey, ChaseBuild | AgainstLevelBuild] = {}
KEPT = 4
# The last's share of the sudden death a level with `count` level leaders begins (X17: it moves
# last in it): of two, three (three_way.py) or four (four_way.py).
LEVEL_SHARE = {1: SECOND, 2: THREE_WAY[2], 3: FOUR_WAY[3]}


def _own_build(key: OwnKey) -> ChaseBuild | AgainstLevelBuild:
    build = _chases.get(key)
    if build is None:
        while len(_chases) >= KEPT:
            del _chases[next(iter(_chases))]
        if key[0] == "chase":
            made: ChaseBuild | AgainstLevelBuild = ChaseBuild(key[1:])
        else:
            made = AgainstLevelBuild(key[1], LEVEL_SHARE[key[2]])
        build = _chases[key] = made
    return build


def chase_table(chasing: Chasing) -> Chase:
    build = _own_build(("chase", *chasing))
    build.step(float("inf"))
    assert isinstance(build, ChaseBuild)
    return build.table


def _against_level_table(gap: int, count: int) -> LastMover:
    build = _own_build(("level", gap, count))
    build.step(float("inf"))
    assert isinstance(build, AgainstLevelBuild)
    return build.table


def _own_key(state: game.State) -> OwnKey | None:
    """The table built for this position alone, where it reads one: a chase's, or a last turn
    against two or three level leaders within the tables' gaps."""
    if state.solo or state.over or state.round is game.Round.RACE:
        return None
    chasing = _chasing(state)
    if chasing is not None:
        return None if _ahead_of_the_last(state) is not None else ("chase", *chasing)
    level = _against_level(state)
    return ("level", *level) if level is not None and level[0] <= LIMIT_HALVES else None


def _own_ready(key: OwnKey) -> bool:
    build = _chases.get(key)
    return build is not None and build.complete


def chase_pending(state: game.State) -> bool:
    """Whether the page has a table to build for this position (`step_chase`): a chase's, or
    a last turn's against two or three level leaders."""
    key = _own_key(state)
    return key is not None and not _own_ready(key)


def chase_is_small(state: game.State) -> bool:
    """Whether the table this position reads (`chase_pending`) is one of the small ones: its
    player at most SMALL_GAP halves behind (about 30 ms in Pyodide on a laptop; its cost grows
    about as the square of the gap)."""
    key = _own_key(state)
    return key is not None and key[1] <= SMALL_GAP


SMALL_GAP = 24


def chase_is_large(state: game.State) -> bool:
    """Whether the table this position reads (`chase_pending`) takes far longer than a frame
    or two: its player more than LARGE_GAP halves behind (0.1 s in Pyodide and more)."""
    key = _own_key(state)
    return key is not None and key[1] > LARGE_GAP


LARGE_GAP = 96


def step_chase(state: game.State, budget_ms: float = 20.0) -> bool:
    """Builds the table this position reads (`chase_pending`) for about `budget_ms`
    milliseconds (the page does it between frames, once the shared tables are read); True once
    nothing is left."""
    key = _own_key(state)
    return key is None or _own_build(key).step(budget_ms)


def last_ahead(state: game.State) -> OwnKey | None:
    """The last player's table against two or three level leaders that this turn may leave it
    to need, not built yet: while the last but one plays the final round, the last's against
    the leaders level now (should this turn end below them) and against them and this player
    (should it end level). Its gap to them is known whatever the turn does, so the page builds
    it meanwhile: helper-40's Dan, 150 points below three level, saw "working out" for 1.0-1.9 s
    at his turn's start. (A sudden death's gaps are a turn's points: small tables, built at
    once.)"""
    still = state.still_to_play
    if state.solo or state.over or state.round is not game.Round.FINAL_ROUND or len(still) != 2:
        return None
    done = [state.totals[p] for p in range(len(state.players)) if p not in still]
    best, last = max(done), still[1]
    gap, level = best - state.totals[last], done.count(best)
    can_level = state.totals[state.current] + state.turn_halves <= best
    counts = [level] + ([level + 1] if can_level else [])
    keys = [("level", gap, count) for count in counts if count in (2, 3)]
    return next((key for key in keys if 0 < gap <= LIMIT_HALVES and not _own_ready(key)), None)


def step_last_ahead(state: game.State, budget_ms: float = 20.0) -> None:
    """Builds the table `last_ahead` names for about `budget_ms` milliseconds."""
    key = last_ahead(state)
    if key is not None:
        _own_build(key).step(budget_ms)


def covered(state: game.State) -> bool:
    """Whether `win_chances` is exact here from the tables, at once (what the page's coach and
    computers play by), whatever the phase of the turn: the last turn of a round against one
    leader or two or three level, a sudden death of two or three, or a player with one player
    still to play after it, past every earlier total or behind one leader."""
    if state.solo or state.over or state.round is game.Round.RACE:
        return False
    if state.still_to_play[1:]:
        if _ahead_of_the_last(state) is not None or _chasing(state) is not None:
            return True
        return _sets_a_total(state)
    others = [state.totals[p] for p in _field(state) if p != state.current]
    return others.count(max(others)) == 1 or _against_level(state) is not None


def _last(state: game.State, x: int, n: int, k: int, m: int) -> dict[str, float]:
    """The last turn of a round: pass the best total of the others who count (one leader, or
    two or three level: a level goes to a sudden death of two, three or four, moving last,
    X17)."""
    others = [state.totals[p] for p in _field(state) if p != state.current]
    gap = max(others) - state.totals[state.current]
    level = _against_level(state)
    tie = LEVEL_SHARE[level[1] if level is not None else 1]
    missing = gap - x
    bank = 1.0 if missing < 0 else tie if missing == 0 else 0.0
    if gap == 0:  # level as the turn began: a bust keeps the level (X11, X17), not a loss
        return {"bank": bank, "roll": 1 - _bust(n) + _bust(n) * tie}
    table = last_mover()
    if level is not None and gap <= LIMIT_HALVES:
        table = _against_level_table(*level)
    if missing <= table.limit - _least_halves(k, min(m, REACH_MISHIMASHES)):
        roll = table.roll(missing, n, k, m)
    else:  # far behind: a tie is negligible, the chance is that of passing
        roll = odds.chance((gap + 1) / 2, x / 2, n, k, m)
    return {"bank": bank, "roll": roll}


def start_chance(state: game.State) -> float:
    """The chance to win of the player about to begin a turn (X8: it begins with a throw) in a
    position `covered` by the tables."""
    chasing = _chasing(state)
    if chasing is not None:
        return chase_table(chasing).start()
    if state.still_to_play[1:]:
        return _first_table(state).start()
    others = [state.totals[p] for p in _field(state) if p != state.current]
    gap = max(others) - state.totals[state.current]
    level = _against_level(state)
    if level is not None and gap <= LIMIT_HALVES:
        return _against_level_table(*level).start(gap)
    return _last_start(last_mover(), gap)


def shipped_start(state: game.State) -> float | None:
    """At the start of a chase's turn (a table of three's final round begins with one), its
    chance to win from chase_starts.bin, there while its own table is built; None elsewhere
    (and where the file does not hold its gaps)."""
    if state.phase not in (game.Phase.ROLL, game.Phase.THROW) or state.turn_halves:
        return None
    key = _own_key(state)  # the table this position reads, built alone
    if key is None or key[0] != "chase" or not tables_ready():
        return None
    from cubiri.mishimash import chase_starts  # it reads this module's tables

    return chase_starts.start(key[1:])


def ready(state: game.State) -> bool:
    """Whether the chances of this `covered` position can be read now: the shipped tables, a
    table built for the position alone (`step_chase`), and for a last turn far behind (past
    the tables' gaps) the reach table (shipped; built in slices where its file is damaged)."""
    if not covered(state) or not tables_ready():
        return False
    ahead = _ahead_of_the_last(state)
    if ahead is not None:  # BANK now that far ahead asks the reach table
        return ahead + state.turn_halves <= LIMIT_HALVES or odds.reach_ready()
    key = _own_key(state)
    if key is not None:
        return _own_ready(key)
    if state.still_to_play[1:]:
        return True
    others = [state.totals[p] for p in _field(state) if p != state.current]
    return max(others) - state.totals[state.current] <= LIMIT_HALVES or odds.reach_ready()
