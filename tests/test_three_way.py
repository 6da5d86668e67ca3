"""MISHIMASH: a sudden death of three (X17) and a last turn against two level leaders (issue 28),
checked by a Monte Carlo of the same play: each player by its own table, playing for itself,
every sudden death of two a level leads to played out. A sudden death of three that one leads
to again is drawn from the solved shares here (playing it out builds B's table for every total
A may bank: minutes); bench/mishimash_three_way.py plays those out and checks the shares."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from cubiri.mishimash import computer, game, win_chances
from cubiri.mishimash import win_chance as wc
from tests.test_win_chance import (
    TOLERANCE,
    Point,
    chase_turn,
    decision,
    last_turn,
    last_turn_by,
    monte_carlo,
    sudden_death,
    three_way_last,
    turn,
    typed,
)
from tests.typed_games import play

A, B, C = 0, 1, 2  # the movers of a sudden death of three, in order


@cache
def chase(a: int) -> wc.Chase:
    """B's table once A banked `a` halves (C as far behind A as B is; a sudden death of A and B
    has A first)."""
    level = wc.built(wc.LevelWithTheLeader(False, a))
    return wc.built(wc.Chase(wc.last_mover(), a, a, level.tie, wc.ahead_of_the_last()))


def by_table(rng: random.Random, at: Point, table: wc.FirstMover) -> int:
    """A turn with a total to set, played by `table`: the halves banked (0: a bust)."""

    def banks(p: Point) -> bool:
        return p[0] >= table.proven or table.roll(*p) <= table.bank(p[0])

    return turn(rng, at, lambda p: table.chance(*p), banks)


def two(rng: random.Random, first: int, second: int) -> int:
    """A sudden death of two: its winner."""
    return first if sudden_death(rng) else second


Again = Callable[[random.Random], int]


def by_shares(rng: random.Random) -> int:
    """A sudden death of three, drawn from its solved shares: its winner."""
    share_a, share_b, _ = wc.THREE_WAY
    draw = rng.random()
    return A if draw < share_a else B if draw < share_a + share_b else C


def three(rng: random.Random, again: Again = by_shares) -> int:
    """A sudden death of three played from its start: its winner."""
    a = by_table(rng, (0, 6, 1, 0), wc.first_of_three())
    return after_a(rng, a, again)


def after_a(rng: random.Random, a: int, again: Again = by_shares) -> int:
    """A banked `a` halves (0: a bust); B and C play on (`again`: a new sudden death of three)."""
    if a == 0:
        return after_b(rng, by_table(rng, (0, 6, 1, 0), wc.second_after_bust()), again)
    b = chase_turn(rng, (0, 6, 1, 0), chase(a))
    if b > a:
        return last_against(rng, b, B)
    if b < a:
        return last_against(rng, a, A)
    c = last_turn_by(rng, three_way_last(a), a)
    return C if c > a else again(rng) if c == a else two(rng, A, B)


def after_b(rng: random.Random, b: int, again: Again = by_shares) -> int:
    """A busted, B banked `b` halves (0: a bust too); C plays."""
    if b == 0:  # C against two level at nothing: any scoring throw wins
        return again(rng) if rng.random() < wc._bust(6) else C
    return last_against(rng, b, B)


def last_against(rng: random.Random, gap: int, leader: int) -> int:
    """C, last, against the one leader `gap` halves ahead (a level: the leader moves first)."""
    c = last_turn(rng, (0, 6, 1, 0), gap)
    return C if c > gap else leader if c < gap else two(rng, leader, C)


def sudden_death_of_three() -> game.State:
    """Target 1, three seats: each banks a 1 (X17: a sudden death of Ana, Bela and Cleo)."""
    throw_one = [[1, 2, 3, 4, 6, 6], (0,), "bank"]
    return typed(["Ana", "Bela", "Cleo"], 1, throw_one * 3)


def test_the_shares_of_a_sudden_death_of_three_favour_the_last() -> None:
    """The solved shares (three_way.json): the first mover is worst off, the last knows what to
    beat; the first mover's table starts at its share (bench/mishimash_three_way.py plays
    whole sudden deaths of three out against them)."""
    share_a, share_b, share_c = wc.THREE_WAY
    assert 0.2 < share_a < share_b < share_c < 0.5
    assert share_a + share_b + share_c == pytest.approx(1, abs=2e-6)
    assert wc.first_of_three().start() == pytest.approx(share_a, abs=2e-5)


@pytest.mark.parametrize("a", [2, 40, 160])
def test_what_the_first_of_three_banks_is_worth_is_the_play_after_it(a: int) -> None:
    """A's value of BANK a (three_way.json, from B's table read with A's payoffs) against B and
    C playing it out: B for B (a chaser with C to come), C for C."""
    played = monte_carlo(lambda rng: after_a(rng, a) == A, 50 + a)
    assert wc.first_of_three().bank(a) == pytest.approx(played, abs=TOLERANCE)


def test_the_first_mover_of_a_sudden_death_of_three_counts_both_still_to_play() -> None:
    """Issue 28: as the first of three, 1 6 5 6 1 4 with one 1 taken. Banking 1 point wins only
    if both others bust; rolling on is worth far more (and not the 100% of a 'need')."""
    state = play(sudden_death_of_three(), [1, 6, 5, 6, 1, 4], (0,))
    assert state.round is game.Round.SUDDEN_DEATH and state.still_to_play == (0, 1, 2)
    assert wc.covered(state) and wc.ready(state)
    chances = win_chances(state)
    assert chances is not None and chances["bank"] < 0.02 < 0.2 < chances["roll"]
    halves = state.turn_halves
    table = wc.first_of_three()

    def bank_now(rng: random.Random) -> bool:
        return after_a(rng, halves) == A

    def roll_on(rng: random.Random) -> float:  # what A banks is worth its checked value
        return table.bank(by_table(rng, decision(state), table))

    assert chances["bank"] == pytest.approx(monte_carlo(bank_now, 21), abs=TOLERANCE)
    assert chances["roll"] == pytest.approx(monte_carlo(roll_on, 22), abs=TOLERANCE)


def test_after_the_first_of_three_busts_the_second_sets_a_total_for_the_last() -> None:
    """Ana busts; Bela, level with her at nothing, throws 5 5 5 2 3 4 and takes the three 5s.
    BANK leaves Cleo alone to pass her; a bust of both leaves Cleo one scoring throw from a win."""
    state = play(sudden_death_of_three(), [2, 2, 3, 3, 4, 6], [5, 5, 5, 2, 3, 4], (0, 1, 2))
    assert state.current == 1 and state.still_to_play == (1, 2) and wc.covered(state)
    chances = win_chances(state)
    assert chances is not None
    halves = state.turn_halves
    table = wc.second_after_bust()

    def bank_now(rng: random.Random) -> bool:
        return after_b(rng, halves) == B

    def roll_on(rng: random.Random) -> bool:
        return after_b(rng, by_table(rng, decision(state), table)) == B

    assert chances["bank"] == pytest.approx(monte_carlo(bank_now, 31), abs=TOLERANCE)
    assert chances["roll"] == pytest.approx(monte_carlo(roll_on, 32), abs=TOLERANCE)


def test_the_last_turn_against_two_level_leaders_values_the_sudden_death_of_three() -> None:
    """Three seats, target 10: Ana and Bela each bank 10.5; Cleo, last, holds a 1. Ending level
    with both is worth the last mover's share of a sudden death of three, not a loss."""
    bank_ten = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    state = typed(["Ana", "Bela", "Cleo"], 10, [*bank_ten, *bank_ten, [1, 2, 3, 4, 6, 6], (0,)])
    assert state.round is game.Round.FINAL_ROUND and state.current == 2
    wc._chases.clear()  # as in a fresh page: the turn's table is built as it starts
    assert wc.covered(state) and wc.chase_pending(state)
    assert wc.step_chase(state, float("inf")) and wc.ready(state)
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 0.0
    gap = state.totals[0] - state.totals[2]
    table = three_way_last(gap)

    def roll_on(rng: random.Random) -> bool:
        at = decision(state)

        def value(p: Point) -> float:
            return table.chance(gap - p[0], p[1], p[2], p[3])

        def banks(p: Point) -> bool:
            missing = gap - p[0]
            return missing < 0 or (missing == 0 and table.tie >= 1 - wc._bust(p[1]))

        c = turn(rng, at, value, banks)
        if c == gap:  # X17: from after Cleo's turn: Ana, Bela, Cleo
            return by_shares(rng) == C
        return c > gap

    assert chances["roll"] == pytest.approx(monte_carlo(roll_on, 41), abs=TOLERANCE)


def test_strongest_as_first_of_three_does_not_bank_its_first_point() -> None:
    """Issue 28: the strongest computer banked its first scoring dice as a sudden death's first
    mover; with two still to play it rolls on."""
    state = play(sudden_death_of_three(), [1, 6, 5, 6, 1, 4])
    taken = computer.next_move("strongest", state)
    after = game.apply(state, taken)
    assert computer.next_move("strongest", after) == game.RollAgain()
