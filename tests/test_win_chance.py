"""MISHIMASH: the chance to win in the final round and sudden death (issue 28, ENGINE_API.md
"MISHIMASH chance to win"), checked against independent computations: strategy's exact chance
to reach (a level valued as a loss, or as a pass), the sudden death's fixed point, and a Monte
Carlo of the same play through every sudden death a level leads to."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

import pytest

from cubiri.dice import TYPED
from cubiri.mishimash import game, shipped_cells, win_chances
from cubiri.mishimash import win_chance as wc
from cubiri.mishimash.strategy import _after, _best_by_kept, chance_to_reach
from tests.typed_games import play

RUNS = 100_000


def typed(players: list[str], target: int, moves: list[object]) -> game.State:
    """A game with real dice, played by `moves` (see typed_games.play)."""
    return play(game.new_game(players, target, 0, TYPED), *moves)


@pytest.mark.parametrize(
    ("missing", "dice", "roll"),
    [(1, 6, 1), (7, 6, 1), (30, 6, 1), (21, 3, 2), (40, 5, 3), (0, 2, 2), (12, 1, 4)],
)
def test_the_last_movers_table_is_strategys_chance_to_reach_when_a_level_is_a_loss_or_a_pass(
    missing: int, dice: int, roll: int
) -> None:
    """With a level worth 0 the last mover needs to pass (one half more than the gap); worth
    1, to reach the gap: both are strategy's exact chance_to_reach, computed another way."""
    lose, win = small_table(0.0), small_table(1.0)
    points = 10.0  # the turn's points so far (anything: only the missing halves count)
    passing = chance_to_reach(points + (missing + 1) / 2, points, dice, roll, 0)
    level = chance_to_reach(points + missing / 2, points, dice, roll, 0)
    assert lose.chance(missing, dice, roll, 0) == pytest.approx(passing, abs=1e-4)
    assert win.chance(missing, dice, roll, 0) == pytest.approx(level, abs=1e-4)


@cache
def small_table(tie: float) -> wc.LastMover:
    return wc.built(wc.LastMover(tie, limit=160))


def test_the_sudden_death_constant_is_its_own_fixed_point() -> None:
    """FIRST is the first mover's chance when the second mover's level is worth 1 − FIRST."""
    assert wc.first_mover().start() == pytest.approx(wc.FIRST, abs=5e-4)
    assert 0.35 < wc.FIRST < 0.40  # the second mover knows what to beat


# A Monte Carlo of the same play ---------------------------------------------------------------
Point = tuple[int, int, int, int]  # halves, dice, roll index, MISHIMASHes


@cache
def options(roll: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return _best_by_kept(roll)


def turn(
    rng: random.Random, at: Point, value: Callable[[Point], float], banks: Callable[[Point], bool]
) -> int:
    """Play a turn on from `at` (a throw is due): the selection worth most by `value`, then
    BANK where `banks` says; the halves banked (0: a bust)."""
    while True:
        halves, dice, roll_index, count = at
        thrown = tuple(sorted(rng.randint(1, 6) for _ in range(dice)))
        found = options(thrown)
        if not found:
            return 0  # X11
        nexts = [_after(halves, kept, v, roll_index, count) for kept, v in found]
        at = max(nexts, key=value)
        if banks(at):
            return at[0]


def last_turn(rng: random.Random, at: Point, gap: int) -> int:
    """The last mover's play by its table (`gap` halves behind at the start of its turn)."""
    table = wc.last_mover()

    def value(p: Point) -> float:
        return table.chance(gap - p[0], p[1], p[2], p[3])

    def banks(p: Point) -> bool:
        missing = gap - p[0]
        return missing < 0 or (missing == 0 and table.tie >= 1 - wc._bust(p[1]))

    return turn(rng, at, value, banks)


def first_turn(rng: random.Random, at: Point) -> int:
    table = wc.first_mover()

    def banks(p: Point) -> bool:  # BANK where throwing is worth no more (as strongest plays)
        return p[0] >= table.proven or table.roll(*p) <= table.bank(p[0])

    return turn(rng, at, lambda p: table.chance(*p), banks)


def sudden_death(rng: random.Random) -> bool:
    """Whether its first mover wins a two-player sudden death (again on every level)."""
    while True:
        first = first_turn(rng, (0, 6, 1, 0))
        second = last_turn(rng, (0, 6, 1, 0), first)
        if first != second:
            return first > second


def last_mover_wins(rng: random.Random, at: Point, gap: int) -> bool:
    """The last mover plays on from `at`; a level goes to the sudden death, moving second."""
    mine = last_turn(rng, at, gap)
    return mine > gap or (mine == gap and not sudden_death(rng))


def ahead_turn(rng: random.Random, at: Point, offset: int) -> int:
    """A player already past every earlier total, the last still to play, by its table (its
    total leads the last's by `offset` halves before the turn)."""
    table = wc.ahead_of_the_last()

    def banks(p: Point) -> bool:
        lead = offset + p[0]
        return lead >= table.proven or table.roll(lead, *p[1:]) <= table.bank(lead)

    return turn(rng, at, lambda p: table.chance(offset + p[0], *p[1:]), banks)


def first_mover_wins(rng: random.Random, banked: int) -> bool:
    """The first mover of a sudden death has banked `banked` halves; the other plays."""
    other = last_turn(rng, (0, 6, 1, 0), banked)
    return other < banked or (other == banked and sudden_death(rng))


def monte_carlo(play: Callable[[random.Random], float], seed: int) -> float:
    rng = random.Random(seed)
    return sum(play(rng) for _ in range(RUNS)) / RUNS


TOLERANCE = 0.006  # about four standard errors of 100,000 runs


def decision(state: game.State) -> Point:
    """The decision point ROLL AGAIN throws from."""
    return state.turn_halves, state.dice_left, state.roll_number + 1, state.mishimashes


def test_a_level_in_reach_at_the_last_turn_is_worth_the_sudden_death_it_leads_to() -> None:
    """Target 10: Ana banks three 1s (10); Bela takes a 5 and three 4s on 5 4 4 4 2 3 ... with
    4.5 points after roll 1 and 2 dice left, she is 5.5 points behind; banking loses, a level is
    worth a second mover's sudden death, not nothing."""
    state = typed(
        ["Ana", "Bela"],
        10,
        [[1, 1, 1, 2, 3, 6], (0, 1, 2), "bank", [5, 4, 4, 4, 2, 3], (0, 1, 2, 3)],
    )
    assert state.round is game.Round.FINAL_ROUND and state.current == 1
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 0.0
    gap = state.totals[0] - state.totals[1]

    def play(rng: random.Random) -> bool:
        return last_mover_wins(rng, decision(state), gap)  # level: Ana moves first

    assert chances["roll"] == pytest.approx(monte_carlo(play, 1), abs=TOLERANCE)


def test_the_last_mover_who_began_level_keeps_the_level_if_a_roll_on_busts() -> None:
    """A play-tester (helper-21): two sudden deaths at 11.5; Ana busts, and Bea takes a 5 from
    5 2 3 4 6 6. Rolling on was said to win 92.3%, a bust counted as a loss, while her turn's
    start said 99.2%: a bust banks nothing (X11) and leaves the two level, another sudden death
    (X17) in which Ana moves first again."""
    throws = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"] * 2 + [[1, 2, 3, 4, 6, 6], (0,), "bank"] * 2
    state = typed(["Ana", "Bea"], 10, [*throws, [2, 2, 3, 4, 6, 6], [5, 2, 3, 4, 6, 6], (0,)])
    assert state.round is game.Round.SUDDEN_DEATH and state.current == 1
    assert state.totals == (23, 23) and state.phase is game.Phase.DECIDE
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 1.0
    busts = wc._bust(5)
    assert chances["roll"] == pytest.approx(1 - busts + busts * wc.SECOND, abs=1e-12)
    assert 0.97 < chances["roll"] < 0.98


def test_the_first_mover_of_a_sudden_death_is_not_told_that_one_point_wins() -> None:
    """Issue 28: as first mover of a sudden death, 1 6 5 6 1 4 with one 1 taken: the coach said
    BANK 100%. Banking 1 point wins only if the other busts or makes less; rolling on is better."""
    state = typed(
        ["Ana", "Bela"],
        1,
        [
            [1, 2, 3, 4, 6, 6],
            (0,),
            "bank",
            [1, 2, 3, 4, 6, 6],
            (0,),
            "bank",
            [1, 6, 5, 6, 1, 4],
            (0,),
        ],
    )
    assert state.round is game.Round.SUDDEN_DEATH and state.current == 0
    chances = win_chances(state)
    assert chances is not None and chances["bank"] < 0.1 < chances["roll"]
    halves = state.turn_halves

    def bank_now(rng: random.Random) -> bool:
        return first_mover_wins(rng, halves)

    def roll_on(rng: random.Random) -> bool:
        return first_mover_wins(rng, first_turn(rng, decision(state)))

    assert chances["bank"] == pytest.approx(monte_carlo(bank_now, 2), abs=TOLERANCE)
    assert chances["roll"] == pytest.approx(monte_carlo(roll_on, 3), abs=TOLERANCE)


def test_three_players_the_last_turn_plays_to_pass_the_one_leader() -> None:
    """Three seats, target 10: Ana banks 10.5 (three 1s and a 5); Bela busts; Cleo, last, holds
    a 1 with 5 dice left: she must pass Ana alone (Bela no longer counts)."""
    state = typed(
        ["Ana", "Bela", "Cleo"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [2, 3, 4, 6, 2, 3], [1, 2, 3, 4, 6, 6], (0,)],
    )
    assert state.round is game.Round.FINAL_ROUND and state.current == 2
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 0.0
    gap = state.totals[0] - state.totals[2]

    def play(rng: random.Random) -> bool:
        return last_mover_wins(rng, decision(state), gap)

    assert chances["roll"] == pytest.approx(monte_carlo(play, 4), abs=TOLERANCE)


def passed_the_leader() -> game.State:
    """Issue 28's `?seed=306` at target 10: four seats; Ann banks 10.5, Otto busts, Bea throws
    1 1 1 5 5 5 and takes all six (a MISHIMASH, 25 points, six fresh dice) with Cubi, the last
    of the round, still to play."""
    return typed(
        ["Ann", "Otto", "Bea", "Cubi"],
        10,
        [
            [1, 1, 1, 5, 2, 3],
            (0, 1, 2, 3),
            "bank",
            [2, 3, 4, 6, 2, 3],
            [1, 1, 1, 5, 5, 5],
            (0, 1, 2, 3, 4, 5),
        ],
    )


def test_past_the_leader_with_the_last_still_to_play_the_chance_counts_the_last() -> None:
    """X16: Bea leads Ann, but Cubi still plays and passes 25 from 0 often; her chance to win
    is the chance Cubi does not pass her (a level goes to a sudden death Bea moves first in),
    not the 100 % of having passed Ann. Rolling on, she banks where her table says."""
    state = passed_the_leader()
    assert state.current == 2 and state.still_to_play == (2, 3) and wc.covered(state)
    chances = win_chances(state)
    assert chances is not None and 0.6 < chances["bank"] < chances["roll"] < 0.8
    offset = state.totals[2] - state.totals[3]
    halves = state.turn_halves

    def bank_now(rng: random.Random) -> bool:
        return first_mover_wins(rng, offset + halves)  # Cubi plays to pass her lead

    def roll_on(rng: random.Random) -> bool:
        banked = ahead_turn(rng, decision(state), offset)
        return banked > 0 and first_mover_wins(rng, offset + banked)

    assert chances["bank"] == pytest.approx(monte_carlo(bank_now, 5), abs=TOLERANCE)
    assert chances["roll"] == pytest.approx(monte_carlo(roll_on, 6), abs=TOLERANCE)


def chase_turn(rng: random.Random, at: Point, table: wc.Chase) -> int:
    """A player behind the one leader with the last to come, by its table: the halves banked."""

    def banks(p: Point) -> bool:
        return p[0] >= table.proven or (p[0] >= table.gap and table.roll(*p) <= table.bank(p[0]))

    return turn(rng, at, lambda p: table.chance(*p), banks)


def last_turn_by(rng: random.Random, table: wc.LastMover, gap: int) -> int:
    """The last mover's turn from its start by `table` (its level worth `table.tie`)."""

    def value(p: Point) -> float:
        return table.chance(gap - p[0], p[1], p[2], p[3])

    def banks(p: Point) -> bool:
        missing = gap - p[0]
        return missing < 0 or (missing == 0 and table.tie >= 1 - wc._bust(p[1]))

    return turn(rng, (0, 6, 1, 0), value, banks)


def chaser_wins(rng: random.Random, banked: int, table: wc.Chase, first: bool) -> bool:
    """After the chaser's turn (`banked` halves, 0 a bust): the last plays, then any sudden
    death (of two exactly; of three by its solved shares)."""
    if banked < table.gap:
        return False
    if banked > table.gap:
        lead = table.lead_gap + banked - table.gap
        return not last_mover_wins(rng, (0, 6, 1, 0), lead)
    three = wc.THREE_WAY
    last = last_turn_by(rng, three_way_last(table.lead_gap), table.lead_gap)
    if last > table.lead_gap:
        return False
    if last == table.lead_gap:  # by its solved shares (test_three_way plays them out)
        return rng.random() < (three[0] if first else three[1])
    first_wins = sudden_death(rng)
    return first_wins if first else not first_wins


@cache
def three_way_last(gap: int) -> wc.LastMover:
    return wc.built(wc.LastMover(wc.THREE_WAY[2], limit=max(gap, 1)))


def behind_the_leader() -> game.State:
    """Three seats, target 10: Ana banks 10.5; Bela throws 1 1 1 5 5 2 and takes the three 1s
    (10 points, half a point behind Ana), Cleo still to play."""
    return typed(
        ["Ana", "Bela", "Cleo"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2], (0, 1, 2)],
    )


def test_behind_the_leader_with_the_last_to_come_the_chance_counts_both() -> None:
    """X16: Bela must pass Ana (BANK now loses), and once past her, Cleo still plays: rolling
    on is worth passing Ana and then Cleo not passing Bela (a level with Ana worth what Cleo
    leaves of it), not the chance to pass Ana."""
    state = behind_the_leader()
    assert state.current == 1 and wc.covered(state)
    chasing = wc._chasing(state)
    assert chasing == (21, 21, False)  # a sudden death of Ana and Bela: Ana moves first
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 0.0
    table = wc.chase_table(chasing)
    passing = chance_to_reach(10.5 + 0.5, 10.0, 3, 2, 0)
    assert chances["roll"] < passing - 0.05  # Cleo still counts

    def roll_on(rng: random.Random) -> bool:
        banked = chase_turn(rng, decision(state), table)
        return chaser_wins(rng, banked, table, first=False)

    assert chances["roll"] == pytest.approx(monte_carlo(roll_on, 7), abs=TOLERANCE)


@pytest.mark.parametrize(("gap", "lead_gap"), [(21, 21), (40, 90), (90, 40)])
def test_a_chase_reading_the_shipped_table_past_the_leader_is_the_whole_turn_built(
    gap: int, lead_gap: int
) -> None:
    """Two computations of one thing: a chase's table built over the whole turn, and the one
    the page builds (its own values only below the leader, the shipped AheadOfTheLast table's
    past it), at every decision point of the turn, for a chaser ahead of, behind and level
    with the last."""
    whole = wc.built(wc.Chase(wc.last_mover(), gap, lead_gap, 0.3))
    shared = wc.built(wc.Chase(wc.last_mover(), gap, lead_gap, 0.3, wc.ahead_of_the_last()))
    assert sum(map(len, shared.cells.values())) < sum(map(len, whole.cells.values())) / 2
    compared = 0
    for (n, k, m), cell in whole.cells.items():
        least = wc._least_halves(k, m)
        for x in range(least, least + len(cell), 3):
            assert shared.chance(x, n, k, m) == pytest.approx(whole.chance(x, n, k, m), abs=1e-4)
            compared += 1
    assert compared > 10_000
    assert shared.start() == pytest.approx(whole.start(), abs=1e-4)


@cache
def throws(dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every throw of `dice` dice, sorted, with the number of ways it falls."""
    ways = factorial(dice)
    return tuple(
        (roll, ways // prod(factorial(c) for c in Counter(roll).values()))
        for roll in combinations_with_replacement(range(1, 7), dice)
    )


@pytest.mark.parametrize(("gap", "lead_gap"), [(12, 30), (30, 12), (40, 40)])
def test_a_chase_below_the_leader_is_its_best_play_over_every_throw(
    gap: int, lead_gap: int
) -> None:
    """The chase's own table, below the leader, against a search of the turn over every throw
    of the dice and every selection (strategy's best by dice kept): BANK below the leader
    loses, level is worth the tie, and past the leader the player reads the shipped table of
    one already past (checked against a Monte Carlo above). Start and every point with a
    MISHIMASH-free roll 2 must agree."""
    tie, ahead = 0.3, wc.ahead_of_the_last()
    chase = wc.built(wc.Chase(wc.last_mover(), gap, lead_gap, tie, ahead))
    offset = lead_gap - gap

    @cache
    def value(x: int, n: int, k: int, m: int) -> float:
        if x > gap:
            return ahead.chance(x + offset, n, k, m)
        return max(tie if x == gap else 0.0, throw(x, n, k, m))

    def throw(x: int, n: int, k: int, m: int) -> float:
        total = 0
        for roll, ways in throws(n):
            found = _best_by_kept(roll)
            if found:  # else a bust: worth 0 (X11)
                total += ways * max(value(*_after(x, kept, v, k, m)) for kept, v in found)
        return total / 6**n

    assert chase.start() == pytest.approx(throw(0, 6, 1, 0), abs=1e-9)
    for x in range(1, gap + 1):
        for n in range(1, 6):
            if wc._least_halves(2, 0) <= x:
                assert chase.chance(x, n, 2, 0) == pytest.approx(value(x, n, 2, 0), abs=1e-9)


def test_no_chance_to_win_before_the_final_round_nor_solo() -> None:
    race = typed(["Ana", "Bela"], 100, [[1, 2, 3, 4, 6, 6], (0,)])
    assert win_chances(race) is None
    solo = typed(["Ana"], 100, [[1, 2, 3, 4, 6, 6], (0,)])
    assert win_chances(solo) is None


def test_the_shipped_tables_are_the_built_ones() -> None:
    """win_tables.bin (what the page reads) holds the tables this code builds, each chance
    within the file's rounding (tools/mishimash_win_tables.py remakes it)."""
    shipped = wc.tables_builder()
    assert shipped.complete and isinstance(shipped.last.cells, shipped_cells.ShippedCells)
    fresh = wc.TablesBuilder(shipped=False)
    while not fresh.step(1000.0):
        pass
    for (name, mine), (_, theirs) in zip(wc._named(fresh), wc._named(shipped), strict=True):
        assert len(mine.cells) == len(theirs.cells), name
        rounding = 1 / shipped_cells.SCALE
        for key, cell in mine.cells.items():
            assert theirs.cells[key] == pytest.approx(cell, abs=rounding), (name, key)
        if isinstance(mine, wc.FirstMover):
            assert isinstance(theirs, wc.FirstMover) and mine.proven == theirs.proven
    for name in wc.SPLITS:  # the last against two level leaders, and against three
        mine_split, theirs_split = getattr(fresh, name), getattr(shipped, name)
        assert theirs_split.share == mine_split.share, name
        assert theirs_split.passes == pytest.approx(mine_split.passes, abs=1e-8), name
        assert theirs_split.level == pytest.approx(mine_split.level, abs=1e-8), name


def test_a_chaser_whose_last_is_past_the_tables_gaps_counts_only_its_pass() -> None:
    """Past 450 points behind the leader, the last's level is negligible: a chaser's BANK level
    with the leader counts the last passing them both or not (its table to that gap took
    9 s in CPython), and moves on from the table's last gap by well under 0.0001."""
    limit = wc.LIMIT_HALVES
    far = wc.built(wc.LevelWithTheLeader(False, limit + 1))
    edge = wc.built(wc.LevelWithTheLeader(False, limit))
    assert far.double == 0.0 and edge.double < 1e-5
    assert far.tie == pytest.approx(edge.tie, abs=1e-4)
    assert far.tie == pytest.approx((1 - wc.odds.chance(451, 0, 6, 1, 0)) * wc.SECOND, abs=1e-12)
