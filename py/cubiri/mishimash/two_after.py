"""MISHIMASH: the chance to win of a final round's player with two still to play after it
(four seats or more, X16; issue 28), worked out when asked: 25–40 s in CPython on the positions
measured (C and D 10 to 130 points behind L), minutes where one trails far and the other is
close (385 s: C 150 points behind, D 5), several times that in Pyodide. So the page's coach
and computers keep to the positions the shipped tables give at once (`win_chance.covered`),
and `win_chances` alone reaches this one.

Name them in play order: P, the player to move, then C and D, the last of the round, all three
below L, the one leader's total among those who have played. Totals are integer halves.

* **P banks T past L.** C then chases T with D to come (`win_chance.Chase`: gap T − C, D
  T − D behind P), and P wins where C ends below T and D does not pass P (a level: a sudden
  death of P and D, P first, X17), or where C ends level and D falls short of the two (a
  sudden death of P and C, P first; D level with them: three, P first). What that is worth to
  P is C's own chase built a second time with EPS × P's payoffs (three_way.py's method).
* **P banks level with L.** C then chases two level leaders with D to come: its level makes
  three level, and D's level with those a sudden death of four, valued at FOUR_WAY (an
  estimate; `tie_spread` measures how little it moves a chance).
* **P banks below L, or busts:** lost.

What BANK at T is worth (W) wiggles by up to 0.003 from one half to the next near L, but P's
chance of rolling on averages over many totals further on: W is built exactly at every total
over the WINDOW from where P stands (or from L), then every STEP-th, linear between (on
`python3 tools/mishimash_two_after.py`'s position, P's chances stay within 0.0003 of those from
every total built). Once C and D are both FAR halves behind T, C plays to pass and banks:
W is the chance that C does not pass T (strategy's chance to reach) times the chance that D
does not pass P; the build checks that at its last exact total (within AGREE) and goes on
exactly where it does not hold. BANK now reads its own total built exactly.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TypeVar

from cubiri.mishimash import game, odds
from cubiri.mishimash.scoring import DICE
from cubiri.mishimash.three_way import EPS, AheadBusting, AheadSeenByA, ChaseSeenByA
from cubiri.mishimash.win_chance import (
    FIRST,
    SECOND,
    THREE_WAY,
    AheadOfTheLast,
    Chase,
    FirstMover,
    FirstOfThree,
    LastAgainstTwo,
    LastMover,
    _last_start,
    built,
    last_mover,
    tables_builder,
)

WINDOW, STEP, FAR, AGREE = 48, 8, 240, 3e-4
# A sudden death of four, each mover's share in its order: an estimate between the solved
# two (0.366, 0.634) and three (THREE_WAY); it only counts where C and D both end level too.
FOUR_WAY = (0.15, 0.20, 0.27, 0.38)
SIZE = 4000  # BANK values held, as win_chance's tables
LONGEST = 1200  # exact BANK values at most this far past L (never reached on the tool's checks)


@dataclass(frozen=True)
class Gaps:
    """How far below L P, C and D stand, in halves: the key of P's table."""

    mine: int
    next: int
    last: int


def applies(state: game.State) -> bool:
    """A final round's player with exactly two still to play after it, one leader among those
    who have played, and P, C and D below it (`gaps`)."""
    return _gaps(state) is not None


def _gaps(state: game.State) -> Gaps | None:
    if state.solo or state.over or state.round is not game.Round.FINAL_ROUND:
        return None
    if len(state.still_to_play) != 3:
        return None
    done = [state.totals[p] for p in range(len(state.players)) if p not in state.still_to_play]
    leader = max(done)
    if done.count(leader) != 1:
        return None
    gaps = Gaps(*(leader - state.totals[p] for p in state.still_to_play))
    return gaps if min(gaps.mine, gaps.next, gaps.last) > 0 else None


def chances(state: game.State) -> dict[str, float]:
    """`win_chances` at P's decision point (BANK or ROLL AGAIN)."""
    gaps = _gaps(state)
    assert gaps is not None and state.phase is game.Phase.DECIDE
    x = state.turn_halves
    n, k, m = state.dice_left, state.roll_number + 1, state.mishimashes
    lead = x - gaps.mine  # over L
    table = _table(gaps, max(0, lead))
    bank = 0.0 if lead < 0 else _bank_worth(gaps, lead)
    return {"bank": bank, "roll": table.roll(x, n, k, m)}


@dataclass
class _Context:
    last: LastMover
    ahead: AheadOfTheLast
    busting: AheadOfTheLast
    worth: dict[tuple[int, int, int], float] = field(default_factory=dict)


@cache
def _context() -> _Context:
    """The tables every chase reads. The table past every earlier total is built here, not
    read from the shipped file: a value along C's play is a difference of EPS between it and
    its twin with EPS for a bust, finer than the file's rounding (8e-6)."""
    last = last_mover()
    return _Context(last, _at_once(AheadOfTheLast(last)), _at_once(AheadBusting(last)))


def _split(gap: int) -> tuple[float, float]:
    """The last against two level leaders `gap` halves ahead: its chance to pass them and to
    level them (a sudden death of three it moves last in); shipped to the tables' gaps, past
    them a level is negligible and passing is the chance to reach."""
    last_mover()  # the shipped tables read first
    split = tables_builder().against_two
    if gap < len(split.passes):
        return split.passes[gap], split.level[gap]
    return odds.chance((gap + 1) / 2, 0, DICE, 1, 0), 0.0


@cache
def _against_three(gap: int, share: float) -> tuple[float, float]:
    """The last against three level leaders `gap` halves ahead, a level worth `share` to it:
    its chance to pass them and to level them."""
    split = built(LastAgainstTwo(gap, share))
    return split.passes[gap], split.level[gap]


def _pair(c: int, d: int, tie_c: float, below: float, level: float) -> float:
    """P's chance once C chases a total `c` halves ahead with D `d` behind it: C plays its own
    best (BANK level worth `tie_c` to it), P gets `below` where C ends below, `level` where C
    banks level, nothing where C passes."""
    context = _context()
    own = _at_once(Chase(context.last, c, d, tie_c, context.ahead)).start()
    seen_ahead = AheadSeenByA(context.ahead, context.busting, below)
    seen = ChaseSeenByA(context.last, c, tie_c, seen_ahead, below, level, lead_gap=d)
    return (_at_once(seen).start() - own) / EPS


T = TypeVar("T", bound=FirstMover)


def _at_once(table: T) -> T:
    """A table built whole rows at a time (not in the page: nothing waits for a frame)."""
    table.sliced = False
    return built(table)


def _past(c: int, d: int) -> float:
    """BANK past L with C `c` and D `d` halves behind (see the module docstring)."""
    below = 1 - _last_start(_context().last, d)
    passes, level = _split(d)
    of_p = (1 - passes - level) * FIRST + level * THREE_WAY[0]
    of_c = (1 - passes - level) * SECOND + level * THREE_WAY[1]
    return _pair(c, d, of_c, below, of_p)


def _level(c: int, d: int, four: tuple[float, ...] = FOUR_WAY) -> float:
    """BANK level with L: C chases the two level leaders (the leader, then P, in the order of a
    sudden death, X17), D to come; `four`: the shares of a sudden death of four."""
    two_pass, two_level = _split(d)  # C below: D against the leader and P
    three_pass, three_level = _against_three(d, four[3])  # C level: D against the three
    below = (1 - two_pass - two_level) * SECOND + two_level * THREE_WAY[1]
    level = (1 - three_pass - three_level) * THREE_WAY[1] + three_level * four[1]
    tie_c = (1 - three_pass - three_level) * THREE_WAY[2] + three_level * four[2]
    return _pair(c, d, tie_c, below, level)


def _far(c: int, d: int) -> float:
    """BANK far past C and D: C passes with its chance to reach, else D must pass P."""
    reach = odds.chance((c + 1) / 2, 0, DICE, 1, 0)  # past the reach table: its last need
    return (1 - reach) * (1 - _last_start(_context().last, d))


def _bank_worth(gaps: Gaps, lead: int) -> float:
    """BANK `lead` halves past L (0: level), built exactly (and kept: C and D's gaps key it)."""
    key = (gaps.next + lead, gaps.last + lead, lead == 0)
    worth = _context().worth
    if key not in worth:
        c, d, level = key
        worth[key] = _level(c, d) if level else _past(c, d)
    return worth[key]


def built_worths(gaps: Gaps, start: int) -> dict[int, float]:
    """W built exactly from `start` (where P stands: below it, never reached): at every lead
    over the WINDOW from it, then every STEP-th, until C and D are both FAR behind and `_far`
    agrees with it."""
    found: dict[int, float] = {}
    lead = start
    while True:
        found[lead] = _bank_worth(gaps, lead)
        c, d = gaps.next + lead, gaps.last + lead
        if lead and min(c, d) >= FAR and abs(found[lead] - _far(c, d)) <= AGREE:
            break
        if lead >= LONGEST:
            break
        lead += 1 if lead < start + WINDOW else STEP
    return found


def worths(gaps: Gaps, start: int, found: dict[int, float]) -> list[float]:
    """W over the leads past L (index 0: level): 0 below `start`, `found` where built, linear
    between, `_far` past the last built."""
    leads = sorted(found)
    values = [0.0] * start
    for lead in range(start, SIZE):
        if lead in found:
            values.append(found[lead])
        elif lead < leads[-1]:
            index = bisect_left(leads, lead)
            low, high = leads[index - 1], leads[index]
            t = (lead - low) / (high - low)
            values.append((1 - t) * found[low] + t * found[high])
        else:
            values.append(_far(gaps.next + lead, gaps.last + lead))
    return values


@lru_cache(maxsize=4)  # a table holds megabytes
def _table(gaps: Gaps, start: int) -> FirstOfThree:
    """P's table over the halves of its turn from `start` halves past L (see `built_worths`): BANK
    below L and a bust lose (0)."""
    return table_of(gaps, worths(gaps, start, built_worths(gaps, start)))


def table_of(gaps: Gaps, worths: list[float]) -> FirstOfThree:
    """P's table for BANK worth `worths` past L (index 0: level)."""
    banks = [0.0] * gaps.mine + worths
    return _at_once(FirstOfThree(_context().last, banks[:SIZE], None))


def tie_spread(gaps: Gaps, moved: float = 0.1) -> float:
    """How far P's BANK level with L moves when the FOUR_WAY shares of P, C and D move by
    ± `moved`: what the estimate can cost, where all four end level."""
    values = []
    for sign in (-1, 1):
        four = tuple(share + sign * moved for share in FOUR_WAY)
        values.append(_level(gaps.next, gaps.last, four))
    return max(values) - min(values)
