"""MISHIMASH: the chance to win of a final round's player with any number still to play after
it (X16, X17; issue 28), worked out when asked where the shipped tables do not reach (two or
more still to play after it, or three or more level at the top; the same in a sudden death of
four or more). With two still to play after it (four seats) what costs is a lone leader's
chance at every total P's turn may end on, and P's level with the leader: those are shipped
(lone_table.py, for gaps to 132 points), so P's own tables take under a second (0.4–0.9 s
in Pyodide), much of it P's table past L, which does not depend on L (own_past.py). The
page builds that while the player before P may still reach the target, the rest (tens of
milliseconds, 0.7 s 204 points behind) as a BANK that would begin the final round is chosen
(bank_ahead.py) and when it begins (`page_step`, between frames; `build_needs`), and
its coach and strongest computer play by them once built (`page_ready`). With more (five
seats: 25 s in CPython) `win_chances` alone reaches it; where the shipped file is missing the
lone leader's values are built lead by lead (7–17 s a position in CPython on one core, 9–21 s
in Pyodide), as below.

Name the players in play order: P, the one to move, then Q0 … Qm−1, the rest of the round. The
leaders are those who have played and stand level at the top, L their total, in the order of
any sudden death they play (X17: the final round's own order, so an earlier player moves
first). Totals are leads past L in integer halves; every later player stands below L.

* **The values of t leaders level at L + lead with Qj … still to play** (`leaders`), one each:
  - with none left, each one's share of a sudden death of t (`shares`);
  - with the last, Qm−1, left: it passes them (it wins), levels them (a sudden death of t + 1
    in which it moves last) or falls short (of t), by its table with a level worth its share
    (win_chance.LastAgainstTwo; one leader: the last mover's own table);
  - with more left, Qj chases them: below, BANK loses and so does a bust; level, BANK is worth
    its share of the t + 1 level leaders with Qj+1 … to play; past at lead y, its value as the
    one leader at y with Qj+1 … to play (`lone`), read from one table of Qj's turn past every
    earlier total (`past`, as win_chance.Chase reads AheadOfTheLast). Each leader's value is
    Qj's chase built a second time with EPS × that leader's payoffs (three_way.py's method):
    its value with Qj+1 … to play where Qj ends below, its share of the t + 1 where level,
    nothing where Qj passes.
* **P** chases the leaders the same way (`Chaser`, its BANK level worth its share of t + 1).
* **A sudden death's player level with everyone who has played** (its first mover, or every
  earlier one busted, `level_start`): BANK x is the lone leader's value x halves ahead of the
  rest, a bust the new sudden death's share times the chance that every later one busts too.

What a lone leader's value is at each lead (`lone`) wiggles from one half to the next near L,
while a turn averages over many totals further on. Most of the wiggle is the later players'
chances to pass it, known at once for every lead (`far`: none passes, each by its chance to
reach, the last by its own table); what their play adds to that is smooth once every later
player is NEAR halves behind. So it is built exactly at every lead over the WINDOW from where
P stands (rounded down to a BLOCK, which P's decisions in it share) and on while a later player
is nearer than NEAR, then every STEP-th, `far` plus what is built over it linear between; once
every later player is FAR halves behind, it is `far`, where that agrees with the exact value
within AGREE. BANK now is always built exactly. tools/mishimash_later_players.py measures these
shortcuts against every total built exactly (at P 21 halves below L and the two later players
at 21, linear between the values themselves moved a lead's value by up to 0.0009 at STEP 8;
over `far`, by 0.0004 at STEP 32).

A sudden death of four has its shares worked out (four_way.py, FOUR_WAY); of five or more,
estimated (`shares`: each later mover's share a factor GROWTH over the one before). They
count only where four or more end level (at nothing too, in a sudden death), and
`tie_spread` and `level_spread` measure how far moving them moves a chance.
"""

from __future__ import annotations

import json
import os
import sys
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from typing import Any, TypeVar

from cubiri.mishimash import bank_ahead, game, lone_table, odds, own_past, sudden_four, win_chance
from cubiri.mishimash.last_state import LastState
from cubiri.mishimash.lone_table import reach_past
from cubiri.mishimash.pieces import Steps, finish, run_for
from cubiri.mishimash.scoring import DICE, legal_value_selections
from cubiri.mishimash.three_way import (
    AheadSeenByA,
    ChaseSeenByA,
    PastSeenByTheLeader,
    add_payoffs,
)
from cubiri.mishimash.win_chance import (
    EPS,
    FIRST,
    LIMIT_HALVES,
    SECOND,
    THREE_WAY,
    Chase,
    FirstMover,
    FirstOfThree,
    LastAgainstTwo,
    LastMover,
    PastTable,
    _bust,
    _last_start,
    ahead_busts,
    ahead_of_the_last,
    covered,
    last_mover,
    tables_builder,
)

WINDOW, NEAR, STEP, FAR, AGREE = 12, 72, 32, 240, 3e-4
BLOCK = 24  # P's decisions this many halves apart read one solver
GROWTH = 1.35  # a sudden death of five or more: each mover's share over the one before it
# A sudden death of four: each mover's share (win_chance.FOUR_WAY; `use_four_way` moves it).
FOUR_WAY: tuple[float, ...] = win_chance.FOUR_WAY
SIZE = 4000  # BANK values held, as win_chance's tables
LONGEST = 1200  # exact values at most this far past L (never reached on the tool's checks)
Key = tuple[int, int, int]  # a lead, how many lead level there, the next later player
Values = tuple[float, ...]  # each leader's chance, then the next later player's own


def shares(t: int, moved: float = 0.0) -> tuple[float, ...]:
    """Each mover's share of a sudden death of t, in its order: solved for two, three and four
    (win_chance.FIRST, THREE_WAY, FOUR_WAY), estimated for more; `moved` is added to each of
    four or more (see `tie_spread`)."""
    if t == 1:
        return (1.0,)
    if t == 2:
        return (FIRST, SECOND)
    if t == 3:
        return THREE_WAY
    if t == 4:
        return tuple(share + moved for share in FOUR_WAY)
    weights = [GROWTH**i for i in range(t)]
    return tuple(w / sum(weights) + moved for w in weights)


@dataclass(frozen=True)
class Position:
    """What P's chances depend on: how far below L P and each later player stand (halves, in
    play order) and how many lead level at L."""

    mine: int
    later: tuple[int, ...]
    leaders: int = 1


def position(state: game.State) -> Position | None:
    """A position `win_chances` works out here: in the final round or a sudden death, P and
    every later player below the leaders' total, the total of the best among those who have
    played (the shipped tables give some of these at once: `win_chance.covered`). Not a sudden
    death's first mover, nor a player level with every earlier one (all busted)."""
    if state.solo or state.over or state.round is game.Round.RACE:
        return None
    still = state.still_to_play
    sudden = state.round is game.Round.SUDDEN_DEATH
    rivals = state.contenders if sudden else range(len(state.players))
    done = [state.totals[p] for p in rivals if p not in still]
    if not done:
        return None
    top = max(done)
    gaps = [top - state.totals[p] for p in still]
    if min(gaps) <= 0:
        return None
    return Position(gaps[0], tuple(gaps[1:]), done.count(top))


def chances(state: game.State) -> dict[str, float]:
    """`win_chances` at P's decision point (BANK or ROLL AGAIN)."""
    found = position(state)
    assert found is not None and state.phase is game.Phase.DECIDE
    x = state.turn_halves
    n, k, m = state.dice_left, state.roll_number + 1, state.mishimashes
    lead = x - found.mine
    solver = solver_for(found, _block(found, lead))
    return {"bank": solver.bank(lead), "roll": solver.table().roll(x, n, k, m)}


def _block(where: Position, lead: int) -> int:
    """The start of the solver P's decision `lead` halves past L reads (1: not past it). Where
    a lone leader's values are shipped (two still to play after P: lone_table.py) one solver
    from 1 reads them all."""
    # With one or none still to play, every lead is exact whatever the start (_lone_steps).
    if len(where.later) < 2 or (len(where.later) == 2 and lone_table.shipped() is not None):
        return 1
    return max(1, lead - lead % BLOCK)


def solver_for(where: Position, start: int) -> Solver:
    """The solver of a position from `start`, kept among the last KEPT (a solver holds
    megabytes of tables). With two later players every lead's values are the same whatever
    the start, so the solvers of one position share them."""
    key = (where, start)
    solver = _solvers.pop(key, None)
    if solver is None:
        while len(_solvers) >= KEPT:
            del _solvers[next(iter(_solvers))]
        shared = len(where.later) == 2
        known = _known_of.setdefault(where, {}) if shared else {}
        while len(_known_of) > 2:
            del _known_of[next(iter(_known_of))]
        solver = Solver(where, start, known=known)
    _solvers[key] = solver  # the most recently asked last
    return solver


KEPT = 8  # solvers kept (P's tables: a few megabytes each)
BLOCKS = 6  # at most this many for one roll's selections (past L by 24 halves, 48, …)
_solvers: dict[tuple[Position, int], Solver] = {}
_known_of: dict[Position, dict[Key, Values]] = {}
_kept_starts: dict[str, float] = {}  # chances as a turn begins kept by a reload (_start_key)


# The page: a position's solver built between frames ------------------------------------------


Need = tuple[Position, int, int | None]  # a solver, and the lead whose BANK is asked (or None)
# What the page builds: a solver's need, a sudden death of four's mover's table (`LevelStart`,
# defined below), or a final-round player's table past the leader built ahead (own_past).
PageNeed = Any


@LastState
def page_needs(state: game.State) -> list[PageNeed]:
    """What the page's chances to win read at this point of a turn with two players still to
    play after it (four seats; more take minutes, and the page keeps to the chances to pass),
    or one or none behind two or more level at the top (a second or so in Pyodide):
    before its first throw, P's table; at BANK or ROLL AGAIN, its solver and BANK's lead; at a
    selection, each legal selection's (the coach and the strongest computer weigh them all).
    Empty where the shipped tables give the chances (`win_chance.covered`) or none apply."""
    return _needs_now(state)


def _needs_now(state: game.State) -> list[PageNeed]:
    if state.solo or state.over or state.round is game.Round.RACE or covered(state):
        return []
    found = position(state)
    if found is None:
        level = level_start(state)
        return [level] if level is not None and _level_shipped(level) else []
    if len(found.later) > 2:  # three or more: tens of seconds (the chances to pass, at once)
        return []
    if state.phase is game.Phase.DECIDE:
        lead = state.turn_halves - found.mine
        return [(found, _block(found, lead), lead)]
    if state.phase is game.Phase.SELECT:
        from cubiri.mishimash.computer import select_values  # it reads this module's chances

        needs: list[PageNeed] = []
        for values in legal_value_selections(state.dice):
            after = game.apply(state, select_values(state, values))
            needs += [need for need in _needs_now(after) if need not in needs]
        solvers = {need[:2] for need in needs}
        return needs if len(solvers) <= BLOCKS else []  # else the chances to pass, at once
    if state.turn_halves == 0:  # ROLL, or real dice to type: the turn's first throw
        return [(found, 1, None)]
    # Real dice to type after ROLL AGAIN: the chance from here, what ROLL AGAIN was worth.
    return [(found, _block(found, state.turn_halves - found.mine), None)]


@LastState
def build_needs(state: game.State) -> list[PageNeed]:
    """What the page builds at this point: what it reads (`page_needs`); in the race where a
    BANK would begin the final round (X16: `bank_ahead`, while choosing dice too), the next
    player's turn from its start, where two would still play after it: built while the
    decision is made, so the final round's first chances to win come sooner; and, last, while
    the player may still reach the target this turn, the costly part of the next player's,
    which does not depend on the total the final round would begin at (`own_past`); in a
    final round of five, the same for the next player while the first after the leader plays
    (`_after_next`), and its table should this turn end level (`_next_if_level`); in a
    sudden death of four, the next mover's, should this turn bust
    (`_after_a_bust`); and in the last turn of a final round behind three level at the top,
    the sudden death of four's first mover's, then the next's should the first bust
    (`_next_level`; helper-41 saw 1.8-2.0 s of "working out" at that next's turn after a
    first mover's quick bust, and 3.8-4.2 s at the first mover's turn at five seats)."""
    needs: list[PageNeed] = list(page_needs(state))
    race = state.round is game.Round.RACE and not state.solo
    banked = bank_ahead.banked(state) if not needs else None
    needs += _needs_now(banked) if banked is not None else []
    if race:
        aheads: list[PageNeed] = [_next_past(state)]
    elif (level := _next_level(state)) is not None:  # then the next's should the first bust
        aheads = [level, _bust_of(level)]
    else:
        aheads = [_after_next(state), _next_if_level(state), _after_a_bust(state)]
    return [*needs, *(ahead for ahead in aheads if ahead is not None)]


def _next_level(state: game.State) -> LevelStart | None:
    """The first mover's table of the sudden death of four this turn may end in (X17: the
    last turn of a final round, the three who played level at the top), where the page
    builds it (`_level_shipped`): the same table whoever moves first."""
    if state.round is not game.Round.FINAL_ROUND or state.still_to_play != (state.current,):
        return None
    done = [state.totals[p] for p in range(len(state.players)) if p != state.current]
    first = LevelStart(3, 0, 4)  # five seats and more too: three level at the top, the rest below
    level = done.count(max(done)) == 3 and _level_shipped(first)
    return first if level else None


def _after_a_bust(state: game.State) -> LevelStart | None:
    """In a sudden death of four, while the player to move is level with everyone who has
    played (its first mover, or each before it busted), the next mover's table should this
    turn bust too: the same whatever the turn does until then, built while it plays.
    helper-39 saw "working out" for 1.6 s at Bea's turn after Champion Cubi's bust."""
    here = level_start(state)
    return _bust_of(here) if here is not None else None


def _bust_of(here: LevelStart) -> LevelStart | None:
    """The next mover's start should this one bust (level with all who played), where the
    page builds it."""
    if not here.later:
        return None
    after = LevelStart(here.later - 1, here.place + 1, here.contenders)
    return after if _level_shipped(after) else None


def own_pasts(state: game.State) -> list[own_past.Wanted]:
    """The tables past the leader that what the page builds at this point reads (own_past.py;
    the page keeps the one built across a reload)."""
    found: list[own_past.Wanted] = []
    for need in build_needs(state):
        if isinstance(need, own_past.Wanted):
            found.append(need)
        elif isinstance(need, tuple) and (kept := solver_for(*need[:2]).kept_past()) is not None:
            found.append(kept)
    return found


# The race: the next player's table past the leader, built while the final round may begin
MAY_REACH = 0.1  # from this chance to reach the target in one turn (80 points from its start)


def _next_past(state: game.State) -> own_past.Wanted | None:
    """The next player's table past the leader (`own_past`), where the final round would
    leave two to play after it (four seats) and the player to move may still reach the target
    this turn: its chance to, from a turn's start with what it holds now, MAY_REACH or more."""
    if len(state.players) != 4 or lone_table.shipped() is None or not odds.reach_ready():
        return None
    me = state.current
    need = state.target - (state.totals[me] + state.turn_halves) / 2
    if need > 0 and odds.chance(need, 0, DICE, 1, 0) < MAY_REACH:
        return None
    p, a, b = (state.totals[(me + step) % 4] for step in (1, 2, 3))
    return own_past.Wanted((p - a, p - b), 2 * state.target - p)


def _after_next(state: game.State) -> own_past.Wanted | None:
    """In the final round, the next player's table past the leader (`own_past`) where three
    still play after this one (five seats: the first after the one who reached the target),
    so two will after the next: built during this turn, whatever it ends on (the leader's
    total or more: the cut). helper-37 saw 0.9-1.4 s of "working out" at the next turn's start
    without it."""
    still = state.still_to_play
    if state.round is not game.Round.FINAL_ROUND or len(still) != 4:
        return None
    if lone_table.shipped() is None or not odds.reach_ready():
        return None
    leader = max(state.totals[q] for q in range(len(state.players)) if q not in still)
    p, a, b = (state.totals[q] for q in still[1:])
    return own_past.Wanted((p - a, p - b), leader - p) if leader > p else None


def _next_if_level(state: game.State) -> Need | None:
    """In the final round, the next player's table should this turn end level with the
    leaders, where one or two would still play after it: the leaders' total and its gaps are
    known whatever the turn does, and the table takes seconds where two still play after it
    (helper-41, five seats: 4.5-5.1 s of "working out" at Cleo's turn after Bea levelled)."""
    still = state.still_to_play
    if state.round is not game.Round.FINAL_ROUND or not 3 <= len(still) <= 4:
        return None
    done = [state.totals[p] for p in range(len(state.players)) if p not in still]
    best = max(done)
    if state.totals[state.current] + state.turn_halves > best:
        return None  # past the leaders already: never level
    gaps = [best - state.totals[q] for q in still[1:]]
    if min(gaps) <= 0:
        return None
    return (Position(gaps[0], tuple(gaps[1:]), done.count(best) + 1), 1, None)


def _met(need: PageNeed) -> bool:
    if isinstance(need, own_past.Wanted):
        return own_past.built(need)
    if isinstance(need, LevelStart):
        return (need, 0.0) in _level_tables
    where, start, lead = need
    solver = _solvers.get((where, start))
    return solver is not None and solver.complete and (lead is None or solver.bank_known(lead))


def page_ready(state: game.State) -> bool:
    """Whether the page has what the chances to win at this point read (`page_needs`)."""
    needs = page_needs(state)
    return bool(needs) and all(_met(need) for need in needs)


def page_pending(state: game.State) -> bool:
    return any(not _met(need) for need in build_needs(state))


def page_step(state: game.State, budget_ms: float = 20.0) -> bool:
    """Builds what this point reads for about `budget_ms` milliseconds (the page does it
    between frames, as win_chance.step_chase); True once nothing is left."""
    left = [need for need in build_needs(state) if not _met(need)]
    if not left:
        return True
    need = left[0]
    steps = _building.get(need)
    if steps is None:
        while len(_building) >= KEPT:
            del _building[next(iter(_building))]
        steps = _building[need] = _need_steps(need)
    if run_for(steps, budget_ms):
        del _building[need]
    return not page_pending(state)


def left_is_large(state: game.State) -> bool:
    """Whether what this point reads and is not built yet takes far longer than a frame or
    two: P's table past the leader not built (own_past), P more than win_chance.LARGE_GAP
    halves behind, or a sudden death's table (seconds)."""
    for need in page_needs(state):
        if _met(need):
            continue
        if not isinstance(need, tuple):
            return True
        where, start, _ = need
        kept = solver_for(where, start).kept_past()
        if kept is None or not own_past.built(kept) or where.mine > win_chance.LARGE_GAP:
            return True
    return False


def _need_steps(need: PageNeed) -> Steps[None]:
    if isinstance(need, own_past.Wanted):
        yield from own_past.steps(need)
        return
    if isinstance(need, LevelStart):
        yield from level_table_steps(need)
        return
    where, start, lead = need
    solver = solver_for(where, start)
    yield from solver.table_steps()
    if lead is not None:
        yield from solver.bank_steps(lead)


_building: dict[PageNeed, Steps[None]] = {}


def dump_built(state: game.State) -> str | None:
    """What the page keeps across a reload for what this point builds (`build_needs`): every
    value built for its first position's first later player (two chase tables each, the
    costly part), and the chance to win as its turn begins of each player whose table is
    built (a final round's, a sudden death of four's mover's), as JSON; None where nothing is
    built. With the shipped values (lone_table.py) no value is built but P's BANK level with
    two or more leaders: the rest is rebuilt in a second or so (a sudden death of four's
    first mover's in five), and meanwhile the coach says the start's chance kept
    (`kept_start`)."""
    needs = build_needs(state)
    starts: list[list[Any]] = []
    for need in needs:
        chance = _built_start(need)
        if chance is not None and [*_start_key(need), chance] not in starts:
            starts.append([*_start_key(need), chance])
    solvers = [need for need in needs if isinstance(need, tuple)]
    where = solvers[0][0] if solvers else None
    known = _known_of.get(where, {}) if where is not None else {}
    rows = [[lead, t, *values] for (lead, t, j), values in known.items() if j == 0]
    if not rows and not starts:
        return None
    place = [where.mine, list(where.later), where.leaders] if where is not None else None
    return json.dumps({"made": _made(), "where": place, "rows": rows, "starts": starts})


def _start_key(need: PageNeed) -> list[Any]:
    """Whose turn's start a need's table gives the chance of: a position's, or a sudden death
    of four's mover's level with all who played."""
    if isinstance(need, LevelStart):
        return ["level", need.later, need.place, need.contenders]
    where = need[0]
    return ["position", where.mine, list(where.later), where.leaders]


def _built_start(need: PageNeed) -> float | None:
    """The chance to win as the turn begins, where the need's table is built; else None."""
    if isinstance(need, LevelStart):
        table = _level_tables.get((need, 0.0))
        return table.start() if table is not None else None
    if isinstance(need, tuple):
        solver = _solvers.get((need[0], 1))
        return solver.table().start() if solver is not None and solver.complete else None
    return None


def _solver_needs(state: game.State) -> list[Need]:
    return [need for need in build_needs(state) if isinstance(need, tuple)]


def _made() -> list[float]:
    """What built values depend on beyond the position: an app with other shares or tables
    (a new version, in the same tab) builds its own."""
    return [FIRST, *THREE_WAY, *FOUR_WAY, win_chance.AHEAD_FROM, WINDOW, NEAR, STEP, FAR]


def load_built(state: game.State, text: str | None) -> int:
    """Seeds what `dump_built` kept, where made as this code makes it: each chance to win as
    a turn begins (the coach says it until the table is built again: `kept_start`), and, for
    this point's position, each row a lead ≥ 0, t ≥ 1 leaders and their t chances and the
    first later player's own, each a chance (to rounding). Anything else is skipped (a damaged
    or tampered copy costs a rebuild, never a wrong chance it can tell). How many rows were
    seeded."""
    if not text:
        return 0
    try:
        kept = json.loads(text)
        if kept["made"] != _made():
            return 0
        where, rows, starts = kept["where"], kept["rows"], kept["starts"]
    except (ValueError, TypeError, KeyError):
        return 0
    for entry in starts if isinstance(starts, list) else []:
        if isinstance(entry, list) and entry and _is_chance(entry[-1]):
            _kept_starts[json.dumps(entry[:-1])] = float(entry[-1])
    needs = _solver_needs(state)
    if not needs or needs[0][0] in _known_of:  # read once
        return 0
    here = needs[0][0]
    if where != [here.mine, list(here.later), here.leaders] or not isinstance(rows, list):
        return 0
    known = _known_of.setdefault(here, {})
    seeded = 0
    for row in rows:
        if _fits(row):
            lead, t, *values = row
            known.setdefault((lead, t, 0), tuple(float(v) for v in values))
            seeded += 1
    return seeded


def kept_start(state: game.State) -> float | None:
    """The chance to win as this turn begins, as the tab kept it before a reload
    (`load_built`), while its table is built again (a final round's player 204 points behind:
    0.8 s in Pyodide, and the CI saw "working out" still a second after the reloaded page was
    ready; a sudden death of four's first mover: 5 s, helper-40); None elsewhere, in the turn
    too."""
    if state.turn_halves or state.phase not in (game.Phase.ROLL, game.Phase.THROW):
        return None
    found: PageNeed = position(state)
    found = (found, 1, None) if found is not None else level_start(state)
    return _kept_starts.get(json.dumps(_start_key(found))) if found is not None else None


def _is_chance(value: object) -> bool:
    """A chance as JSON gives it: a number from 0 to 1 (not a bool, a string or null)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1


def _fits(row: object) -> bool:
    if not isinstance(row, list) or len(row) < 4:
        return False
    lead, t, *values = row
    if type(lead) is not int or type(t) is not int or lead < 0 or not 1 <= t <= 8:
        return False
    numbers = all(type(v) in (int, float) and -1e-6 <= v <= 1 + 1e-6 for v in values)
    return len(values) == t + 1 and numbers


def forget() -> None:
    """Drops every solver kept (the page's as a fresh page has none; the tests)."""
    for kept in (_solvers, _known_of, _kept_starts, _building, _level_tables):
        kept.clear()
    own_past.forget()
    page_needs.forget()
    build_needs.forget()


def start_chance(state: game.State) -> float:
    """P's chance to win as its turn begins, where the page has built it (`page_ready`)."""
    found = position(state)
    if found is None:  # a sudden death's mover level with all who played
        level = level_start(state)
        assert level is not None
        return level_table(level).start()
    return solver_for(found, 1).table().start()


def throw_chance(state: game.State) -> float:
    """P's chance to win from the throw it is making in the middle of its turn (real dice
    typed after ROLL AGAIN), what ROLL AGAIN was worth, where the page has built it."""
    found = position(state)
    assert state.phase is game.Phase.THROW and state.turn_halves
    x, n, k, m = state.turn_halves, state.dice_left, state.roll_number, state.mishimashes
    if found is None:  # a sudden death's mover level with all who played
        level = level_start(state)
        assert level is not None
        return level_table(level).roll(x, n, k, m)
    return solver_for(found, _block(found, x - found.mine)).table().roll(x, n, k, m)


# A sudden death of four or more before anyone banked past the rest --------------------------


@dataclass(frozen=True)
class LevelStart:
    """A sudden death in which P is level with everyone who has played (its first mover, or
    every earlier one busted, X11): how many still play after P, P's place in its order, and
    how many contend."""

    later: int
    place: int
    contenders: int


def level_start(state: game.State) -> LevelStart | None:
    if state.over or state.round is not game.Round.SUDDEN_DEATH:
        return None
    mine = state.totals[state.current]
    done = [p for p in state.contenders if p not in state.still_to_play]
    if any(state.totals[p] != mine for p in done):
        return None
    place = state.contenders.index(state.current)
    return LevelStart(len(state.still_to_play) - 1, place, len(state.contenders))


def level_chances(state: game.State, moved: float = 0.0) -> dict[str, float]:
    """`win_chances` at P's decision point in a `level_start` position. BANK of x halves leaves
    the rest to pass P, all from the same total: the final round's position of one leader x
    halves ahead of them (`lone`); a bust leaves P level with the rest at nothing, and P wins
    only by the new sudden death if every later one ends at nothing too (`_all_bust`).
    `moved`: added to each estimated share (see `tie_spread`). BANK with three still to play
    in a sudden death of four reads the shipped leads (`level_lone`: exact at each one, its
    table's own value between; built exactly it takes seconds)."""
    where = level_start(state)
    assert where is not None and state.phase is game.Phase.DECIDE
    x = state.turn_halves
    n, k, m = state.dice_left, state.roll_number + 1, state.mishimashes
    if not where.later:
        bank = 1.0
    elif where.later == sudden_four.CONTENDERS - 1 and _sudden_four(moved) is not None:
        bank = level_lone(where.later, moved)[min(x, SIZE - 1)]
    else:
        bank = level_solver(where.later, moved).bank(x)
    return {"bank": bank, "roll": level_table(where, moved).roll(x, n, k, m)}


READS_SUDDEN_FOUR = True  # False: build what sudden_four.json ships (its tool, the tests)


def _level_shipped(where: LevelStart) -> bool:
    """Whether a sudden death's mover's table reads only shipped values (a sudden death of
    four), so the page builds it (about 3 s in Pyodide; more contenders take minutes)."""
    return where.contenders == sudden_four.CONTENDERS and _sudden_four(0.0) is not None


def _sudden_four(moved: float) -> tuple[dict[int, float], dict[tuple[int, int], float]] | None:
    """What a sudden death of four's movers read, shipped (sudden_four.py), where it was made
    from these tables, shares and shortcuts (not with shares `moved`)."""
    if not READS_SUDDEN_FOUR or moved != 0.0:
        return None
    return sudden_four.shipped((*_made(), AGREE, LONGEST, lone_table.fingerprint()))


@lru_cache(maxsize=4)  # a solver holds tens of megabytes of tables
def level_solver(later: int, moved: float) -> Solver:
    """The values of one leader ahead of `later` players (≥ 1) who all stand at one total."""
    return Solver(Position(0, (0,) * later), 1, moved)


def level_lone(later: int, moved: float = 0.0) -> list[float]:
    """A lone leader's value over its lead (halves), `later` players still to play from one
    total, `later` ≥ 1 (`Solver.lone`); with three, from the leads shipped for a sudden death of
    four where they are (`_sudden_four`)."""
    return finish(level_lone_steps(later, moved))


def level_lone_steps(later: int, moved: float = 0.0) -> Steps[list[float]]:
    """`level_lone`, the shipped leads carried over every lead a row at a time (the page:
    47 ms in CPython, 0.2-0.4 s of Pyodide in one slice before)."""
    solver, shipped = level_solver(later, moved), _sudden_four(moved)
    if later == sudden_four.CONTENDERS - 1 and shipped is not None and 0 not in solver.lones:
        return (yield from solver._lone_steps(0, shipped[0]))
    return solver.lone(0)


def level_table(where: LevelStart, moved: float = 0.0) -> FirstOfThree:
    """P's table: BANK x is worth `level_lone`, a bust the new sudden death's share if every later
    one busts too."""
    return finish(level_table_steps(where, moved))


def level_table_steps(where: LevelStart, moved: float = 0.0) -> Steps[FirstOfThree]:
    """`level_table`, built a row at a time (the page, between frames), kept (the last 16)."""
    key = (where, moved)
    if key not in _level_tables:
        bust = _all_bust(where.later, where.place + 1, where.contenders, moved)
        bust *= shares(where.contenders, moved)[where.place]
        lone = (yield from level_lone_steps(where.later, moved)) if where.later else [1.0] * SIZE
        table = yield from _build_steps(TurnOfThree(last_mover(), [bust, *lone[1:]]))
        while len(_level_tables) >= 16:
            del _level_tables[next(iter(_level_tables))]
        _level_tables[key] = table
    return _level_tables[key]


_level_tables: dict[tuple[LevelStart, float], FirstOfThree] = {}


class TurnOfThree(FirstOfThree):
    """A FirstOfThree built for one position (a sudden death's mover, a later player's turn
    past every earlier total): only the points a turn reaches (win_chance.reachable), the same
    values there. A sudden death of four's first mover took a third of the time (6.5 s, not
    19 s, in CPython on a loaded machine). The shipped tables hold every point their files do."""

    reached_only = True


def _all_bust(later: int, place: int, contenders: int, moved: float) -> float:
    """The chance that the `later` players from `place` in the order, all level at nothing,
    end at nothing too, each by its own table (its chance of a bust: its table built a second
    time with EPS for one)."""
    if later == 0:
        return 1.0
    shipped = _sudden_four(moved) if contenders == sudden_four.CONTENDERS else None
    if shipped is not None:
        return shipped[1][later, place]
    table = level_table(LevelStart(later - 1, place, contenders), moved)
    twin = at_once(TurnOfThree(last_mover(), table.given, [EPS, 0.0]))
    busts = (twin.start() - table.start()) / EPS
    return busts * _all_bust(later - 1, place + 1, contenders, moved)


class Chaser(Chase):
    """A player's turn behind the leaders, `gap` halves short of them: BANK below loses (a bust
    too), level is worth `tie`, past them what `past` (the player's table past every earlier
    total, at the turn's own halves) holds; past them it reads `reads` (by default `past`)."""

    def __init__(
        self,
        last: LastMover,
        gap: int,
        tie: float,
        past: FirstMover,
        reads: PastTable | None = None,
    ) -> None:
        super().__init__(last, gap, gap, tie, reads if reads is not None else past)
        self.past = past

    def prepare(self) -> None:
        self.bust_value = 0.0
        self.banks = [0.0] * self.gap + [self.tie] + self.past.banks[self.gap + 1 :]
        best_throw = 1 - _bust(DICE)
        proven = (x for x, bank in enumerate(self.banks) if x > self.gap and bank >= best_throw)
        self.proven = next(proven, len(self.banks) - 1)


class ChaserSeen(Chaser):
    """A Chaser with EPS × another's payoffs added (`below` where it ends below the leaders, a
    bust included; `level` where it banks level; past them, nothing, or what `along` adds to
    `past`), its choices as its own."""

    def __init__(
        self,
        last: LastMover,
        gap: int,
        tie: float,
        past: FirstMover,
        busting: FirstMover,
        below: float,
        level: float,
        along: FirstMover | None = None,
    ) -> None:
        reads = AheadSeenByA(past, busting, below)
        super().__init__(last, gap, tie, past, reads if along is None else _Along(reads, along))
        self.below, self.level = below, level

    def prepare(self) -> None:
        super().prepare()  # the same `proven` as its own table
        add_payoffs(self, self.below, self.level)


class _Along:
    """A table past the leaders as another's chase reads it (`seen`), plus what `along` adds
    to its own past table (`seen.base`)."""

    def __init__(self, seen: AheadSeenByA, along: FirstMover) -> None:
        self.seen, self.along = seen, along

    def _column(self, n: int, k: int, m: int, start: int, size: int) -> list[float]:
        seen = self.seen._column(n, k, m, start, size)
        base = self.seen.base._column(n, k, m, start, size)
        along = self.along._column(n, k, m, start, size)
        return [x + y - b for x, y, b in zip(seen, along, base, strict=True)]

    def chance(self, halves: int, n: int, k: int, m: int) -> float:
        base = self.seen.base.chance(halves, n, k, m)
        return self.seen.chance(halves, n, k, m) + self.along.chance(halves, n, k, m) - base

    def low(self, k: int, m: int) -> int:
        return self.seen.low(k, m)


def use_four_way(found: Sequence[float]) -> None:
    """Values a sudden death of four at `found` from now on (four_way.solve): what was worked
    out with other shares is forgotten."""
    global FOUR_WAY
    FOUR_WAY = tuple(found)
    level_solver.cache_clear()
    _level_tables.clear()
    forget()


T = TypeVar("T", bound=FirstMover)


def at_once(table: T) -> T:
    """A table built whole rows at a time (not in the page: nothing waits for a frame)."""
    return finish(_build_steps(table))


def _build_steps(table: T) -> Steps[T]:
    """A table built whole rows at a time, yielding after each row: the page builds a solver
    between frames (rows of a few milliseconds; smaller pieces cost twice the time)."""
    table.sliced = False
    yield from table.pieces()
    return table


_against: dict[float, LastAgainstTwo] = {}


def _against_steps(share: float, gap: int) -> Steps[LastAgainstTwo]:
    """The last against level leaders, its level worth `share`, for the gaps to `gap` at
    least (built anew, twice as far, where a larger gap is asked), a row at a time: built
    whole, it was one task of 1.9-2.1 s in the page (helper-41, five seats, Cleo behind Ana
    and Bea level: the page froze as her turn began)."""
    split = _against.get(share)
    if split is None or split.limit < gap:
        limit = min(LIMIT_HALVES, max(gap, 2 * split.limit if split else 64))
        table = LastAgainstTwo(limit, share)
        yield from table.pieces()
        split = _against[share] = table
    return split


def _split_steps(gap: int, share: float) -> Steps[tuple[float, float]]:
    """The last `gap` halves behind level leaders, its level worth `share`: its chance to pass
    them and to level them (past the tables' gaps a level is negligible: the chance to reach)."""
    if gap > LIMIT_HALVES:
        return reach_past(gap), 0.0
    last_mover()  # the shipped tables read first
    tables = tables_builder()
    shipped = (tables.against_two, tables.against_three)
    split = next((s for s in shipped if s.share == share), None)
    if split is None:
        split = yield from _against_steps(share, gap)
    return split.passes[gap], split.level[gap]


@dataclass
class Solver:
    """The values of a position (`Position`) for P standing `start` halves past L or more (1:
    not past it, BANK level included), built as asked: at once (the methods), or a row at a
    time (`steps`, what the page builds between frames; the same values).

    The last but one of the later players reads the shipped AheadOfTheLast tables past the
    leaders, as two_left.py does (`shipped_past`; without it, a table of its own built from
    the last's values, as for every earlier one: the tests compare the two)."""

    where: Position
    start: int
    moved: float = 0.0  # added to each estimated share (`tie_spread`)
    known: dict[Key, Values] = field(default_factory=dict)
    lones: dict[int, list[float]] = field(default_factory=dict)
    pasts: dict[int, tuple[FirstMover, FirstMover]] = field(default_factory=dict)
    shipped_past: bool = True

    def __post_init__(self) -> None:
        self.last = last_mover()
        self.later = self.where.later
        self._table: Chaser | None = None

    def shares(self, t: int) -> tuple[float, ...]:
        return shares(t, self.moved)

    # The values of the leaders -----------------------------------------------------------

    def leaders(self, lead: int, t: int, j: int) -> tuple[float, ...]:
        """The chance of each of t leaders level at L + lead (in their order) with Qj … still
        to play."""
        return self._known(lead, t, j)[:t]

    def own(self, lead: int, t: int, j: int) -> float:
        """Qj's own chance as it begins its turn behind those t leaders (Qj+1 … after it)."""
        return self._known(lead, t, j)[t]

    def _known(self, lead: int, t: int, j: int) -> Values:
        return finish(self._known_steps(lead, t, j))

    def _known_steps(self, lead: int, t: int, j: int) -> Steps[Values]:
        key = (lead, t, j)
        if key not in self.known:
            self.known[key] = yield from self._leaders_steps(lead, t, j)
        return self.known[key]

    def _leaders_steps(self, lead: int, t: int, j: int) -> Steps[Values]:
        """The leaders' chances, then Qj's own (none when nobody is left)."""
        m = len(self.later)
        if j == m:
            return self.shares(t)
        gap = self.later[j] + lead
        if j == m - 1:  # the last: pass, level or fall short
            if t == 1:
                own = _last_start(self.last, gap)
                return (1 - own, own)
            share = self.shares(t + 1)[t]
            passes, level = yield from _split_steps(gap, share)
            more, same = self.shares(t + 1), self.shares(t)
            values = [(1 - passes - level) * same[i] + level * more[i] for i in range(t)]
            return (*values, passes + level * share)
        level_next = (yield from self._known_steps(lead, t + 1, j + 1))[: t + 1]
        below_next = (yield from self._known_steps(lead, t, j + 1))[:t]
        tie = level_next[t]
        if self._reads_shipped(j):  # past the leaders: the two-player tables, the last next
            lead_gap = self.later[j + 1] + lead
            ahead, busts = ahead_of_the_last(), ahead_busts()
            own_table: Chase = Chase(self.last, gap, lead_gap, tie, ahead)

            def seen_by(below: float, level: float) -> Chase:
                past = PastSeenByTheLeader(ahead, busts, below)
                return ChaseSeenByA(self.last, gap, tie, past, below, level, lead_gap=lead_gap)

        else:
            past, busting = yield from self._past_steps(j)
            own_table = Chaser(self.last, gap, tie, past)

            def seen_by(below: float, level: float) -> Chase:
                return ChaserSeen(self.last, gap, tie, past, busting, below, level)

        own = (yield from _build_steps(own_table)).start()
        values = []
        for below, level in zip(below_next, level_next[:t], strict=True):
            seen = yield from _build_steps(seen_by(below, level))
            values.append((seen.start() - own) / EPS)
        return (*values, own)

    def _reads_shipped(self, j: int) -> bool:
        """Whether Qj's chase reads the shipped tables past the leaders (the last but one)."""
        return self.shipped_past and j == len(self.later) - 2

    # A lone leader's value over the leads, and a chaser's table past every earlier total ---

    def far(self, lead: int, j: int) -> float:
        """A lone leader far ahead of Qj …: none passes it (the last: its own table)."""
        *chasers, last = self.later[j:]
        value = 1 - _last_start(self.last, last + lead)
        for gap in chasers:
            value *= 1 - reach_past(gap + lead)
        return value

    def _far_enough(self, found: dict[int, float], lead: int, j: int) -> bool:
        """Whether the leads past `lead` are `far`'s: every later player FAR behind, and the
        value built there agrees with it."""
        behind = min(self.later[j:]) + lead
        return behind >= FAR and abs(found[lead] - self.far(lead, j)) <= AGREE

    def built_lone(self, j: int) -> dict[int, float]:
        """A lone leader's value with Qj … to play, built exactly from `start`: at every lead
        over the WINDOW, then every STEP-th, until every later player is FAR behind and `far`
        agrees with it. The leads are shared among the machine's cores (`_workers`), batch by
        batch; what each batch finds is the same as one by one (`_found_steps`)."""
        if _workers() == 1:
            return finish(self._found_steps(j))
        self._pasts_first(j)
        schedule = self._schedule(j)
        found: dict[int, float] = {}
        with _Shared(self, j) as shared:
            batch = list(islice(schedule, 1))  # where far behind, the first lead may be the last
            while batch:
                values = shared.leaders(batch)
                for lead in batch:
                    found[lead] = values[lead]
                    if self._far_enough(found, lead, j):
                        return found
                more = WINDOW if len(found) == 1 else 2 * shared.size
                batch = list(islice(schedule, more))
        return found

    def _found_steps(self, j: int) -> Steps[dict[int, float]]:
        """`built_lone`, one lead after another."""
        for i in range(len(self.later) - 2, j - 1, -1):
            if not self._reads_shipped(i):
                yield from self._past_steps(i)
        found: dict[int, float] = {}
        for lead in self._schedule(j):
            found[lead] = (yield from self._known_steps(lead, 1, j))[0]
            if self._far_enough(found, lead, j):
                break
        return found

    def _pasts_first(self, j: int) -> None:
        """The tables past every earlier total that every lead reads: built before the work is
        shared."""
        for i in range(len(self.later) - 2, j - 1, -1):
            if not self._reads_shipped(i):
                self.past(i)

    def _schedule(self, j: int) -> Iterator[int]:
        """The leads `built_lone` builds for Qj …, in order: every one over the WINDOW from
        `start` and while one of them is nearer than NEAR, then every STEP-th (1 + a multiple
        of STEP: the solvers of one position from other starts share them), to LONGEST."""
        lead, nearest = self.start, min(self.later[j:])
        while True:
            yield lead
            if lead >= LONGEST:
                return
            near = lead < self.start + WINDOW or nearest + lead < NEAR
            lead += 1 if near else STEP - (lead - 1) % STEP  # on one grid for every start

    def lone(self, j: int, found: dict[int, float] | None = None) -> list[float]:
        """A lone leader's value with Qj … to play over the leads (0 below `start`): exact
        where built (`built_lone`; the last alone: everywhere), linear between, `far` past."""
        if j in self.lones and found is None:
            return self.lones[j]
        if j < len(self.later) - 1 and found is None and self._table_for(j) is None:
            found = self.built_lone(j)  # on the machine's cores
        return finish(self._lone_steps(j, found))

    def _table_for(self, j: int) -> lone_table.LoneTable | None:
        """The shipped values of a lone leader with Qj … to play, where Qj and one after it are
        all that is left (lone_table.py), and the tables past the leaders are the shipped ones."""
        return lone_table.shipped() if self._reads_shipped(j) else None

    def _lone_steps(self, j: int, found: dict[int, float] | None = None) -> Steps[list[float]]:
        if j in self.lones and found is None:
            return self.lones[j]
        if j == len(self.later):  # nobody left to pass it
            values = [0.0] * self.start + [1.0] * (SIZE - self.start)
        elif j == len(self.later) - 1:
            values = [0.0] * self.start
            for lead in range(self.start, SIZE):
                values.append(self.leaders(lead, 1, j)[0])
                if lead % LEADS == 0:
                    yield
        elif found is None and (shipped := self._table_for(j)) is not None:
            values = [0.0] * self.start
            gap, after = self.later[j], self.later[j + 1]
            for lead in range(self.start, SIZE):
                values.append(shipped.value(gap + lead, after + lead))
                if lead % LEADS == 0:
                    yield
        else:
            if found is None:
                found = yield from self._found_steps(j)
            values = yield from between_steps(found, self.start, lambda lead: self.far(lead, j))
        self.lones[j] = values
        return values

    def past(self, j: int) -> tuple[FirstMover, FirstMover]:
        """Qj's table past every earlier total (BANK: its value as the lone leader with Qj+1 …
        to play; a bust: nothing), at the turn's own halves, and its twin with EPS for a bust."""
        if j not in self.pasts and j + 1 < len(self.later) - 1:
            self.lone(j + 1)  # on the machine's cores
        return finish(self._past_steps(j))

    def _past_steps(self, j: int) -> Steps[tuple[FirstMover, FirstMover]]:
        if j not in self.pasts:
            lone = yield from self._lone_steps(j + 1)
            banks = self._banks(self.later[j], lone)
            base = yield from _build_steps(TurnOfThree(self.last, banks))
            busting = yield from _build_steps(TurnOfThree(self.last, banks, [EPS, 0.0]))
            self.pasts[j] = (base, busting)
        return self.pasts[j]

    @staticmethod
    def _banks(gap: int, lone: Sequence[float]) -> list[float]:
        """A turn's BANK values `gap` halves below L from a lone leader's over the leads."""
        return ([0.0] * (gap + 1) + list(lone[1:]))[:SIZE]

    # P ----------------------------------------------------------------------------------

    def bank(self, lead: int) -> float:
        """P's BANK `lead` halves past L (0: level), built exactly."""
        return finish(self.bank_steps(lead))

    def bank_known(self, lead: int) -> bool:
        """Whether P's BANK `lead` halves past L is built (or shipped)."""
        if lead > 0 and self._table_for(0) is not None:
            return True
        if lead == 0 and self._level_table() is not None:
            return True
        key = (0, self.where.leaders + 1, 0) if lead == 0 else (lead, 1, 0)
        return lead < 0 or key in self.known

    def _level_table(self) -> lone_table.LoneTable | None:
        """The shipped values of P level with one leader, two still to play after it (with a
        sudden death of four at its worked-out shares)."""
        one = self.where.leaders == 1 and self.moved == 0.0 and FOUR_WAY == win_chance.FOUR_WAY
        return self._table_for(0) if one and len(self.later) == 2 else None

    def bank_steps(self, lead: int) -> Steps[float]:
        if lead < 0:
            return 0.0
        t = self.where.leaders
        if lead == 0:
            level = self._level_table()
            if level is not None:
                return level.level(*self.later)
            return (yield from self._known_steps(0, t + 1, 0))[t]
        shipped = self._table_for(0)
        if shipped is not None:
            return shipped.value(self.later[0] + lead, self.later[1] + lead)
        return (yield from self._known_steps(lead, 1, 0))[0]

    def table(self) -> Chaser:
        """P's table over the halves of its turn."""
        if self._table is None and len(self.later) > 1:
            self.lone(0)  # on the machine's cores
        return finish(self.table_steps())

    def table_steps(self) -> Steps[Chaser]:
        if self._table is None:
            past = yield from self._own_past_steps()
            tie = (yield from self.bank_steps(0)) if self.start == 1 else 0.0  # never level
            self._table = yield from _build_steps(Chaser(self.last, self.where.mine, tie, past))
        return self._table

    def kept_past(self) -> own_past.Wanted | None:
        """P's table past L as own_past.py keeps it, where it reads the shipped values of a
        lone leader with the two after P to play; else None (built here, from the leads)."""
        if self._table_for(0) is None:
            return None
        return own_past.wanted(self.later, self.where.mine)

    def _own_past_steps(self) -> Steps[FirstMover]:
        """P's table past L: kept by P's offsets over the two after it where the lone
        leader's values are shipped (own_past.py: the page may have built it before L was
        known), else from the values over the leads built here."""
        kept = self.kept_past()
        if kept is not None:
            return (yield from own_past.steps(kept))
        lone = yield from self._lone_steps(0)
        banks = self._banks(self.where.mine, lone)
        return (yield from _build_steps(own_past.PastOfP(self.last, banks, self.where.mine)))

    @property
    def complete(self) -> bool:
        """Whether P's table is built."""
        return self._table is not None


def _workers() -> int:
    """How many processes share a solver's leads: the machine's cores (one in the page, and
    inside a worker process of its own)."""
    if sys.platform == "emscripten":  # the page's standard library has no multiprocessing
        return 1
    import multiprocessing

    if multiprocessing.current_process().daemon:
        return 1
    return min(8, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


_solver: Solver | None = None  # the one a forked worker reads (its copy at the fork)


def _lone_values(job: tuple[int, list[int]]) -> tuple[dict[int, float], dict[Key, Values]]:
    """A worker's leads: a lone leader's value at each, and every value found on the way."""
    j, leads = job
    assert _solver is not None
    before = set(_solver.known)
    values = {lead: _solver.leaders(lead, 1, j)[0] for lead in leads}
    return values, {key: v for key, v in _solver.known.items() if key not in before}


class _Shared:
    """A solver's leads of later player j shared among forked copies of it (`_workers`; one:
    worked out here), what they find merged back."""

    def __init__(self, solver: Solver, j: int) -> None:
        self.solver, self.j, self.size = solver, j, _workers()
        self.pool: Any = None

    def __enter__(self) -> _Shared:
        global _solver
        if self.size > 1:
            import multiprocessing

            _solver = self.solver
            self.pool = multiprocessing.get_context("fork").Pool(self.size)
        return self

    def __exit__(self, *exc: object) -> None:
        global _solver
        if self.pool is not None:
            self.pool.terminate()
            _solver = None

    def leaders(self, leads: list[int]) -> dict[int, float]:
        if self.pool is None or len(leads) < 2:
            return {lead: self.solver.leaders(lead, 1, self.j)[0] for lead in leads}
        jobs = [(self.j, leads[w :: self.size]) for w in range(self.size)]
        values: dict[int, float] = {}
        for found, known in self.pool.map(_lone_values, jobs):
            values.update(found)
            self.solver.known.update(known)
        return values


def between(found: dict[int, float], start: int, far: Any) -> list[float]:
    """Values over the leads: 0 below `start`, `found` where built, `far` past the last built,
    and between two built, `far` plus what the two add to it, linear between (the wiggle from
    one half to the next is far's: see the module's docstring)."""
    return finish(between_steps(found, start, far))


LEADS = 256  # leads worked out between two steps of the page's build (a few milliseconds)


def between_steps(found: dict[int, float], start: int, far: Any) -> Steps[list[float]]:
    leads = sorted(found)
    values = [0.0] * start
    for lead in range(start, SIZE):
        if lead in found:
            values.append(found[lead])
        elif lead < leads[-1]:
            index = bisect_left(leads, lead)
            low, high = leads[index - 1], leads[index]
            t = (lead - low) / (high - low)
            added = (1 - t) * (found[low] - far(low)) + t * (found[high] - far(high))
            values.append(far(lead) + added)
        else:
            values.append(far(lead))
        if lead % LEADS == 0:
            yield
    return values


def tie_spread(where: Position, moved: float = 0.1) -> float:
    """How far P's BANK level with L moves when the estimated shares of a sudden death of four
    or more move by ± `moved` each: what the estimate can cost, where four or more end level."""
    values = [Solver(where, 1, sign * moved).bank(0) for sign in (-1, 1)]
    return max(values) - min(values)


def level_spread(state: game.State, moved: float = 0.1) -> float:
    """How far the chances of a `level_start` position move when the estimated shares move by
    ± `moved` each (they count where four or more end level, at nothing included)."""
    low, high = (level_chances(state, sign * moved) for sign in (-1, 1))
    return max(abs(low[key] - high[key]) for key in low)
