"""MISHIMASH: the chance to win with two players still to play after the one to move (X16, four
seats; issue 28), checked against a Monte Carlo of the same play (100,000 runs each): the next
player chasing by its own table, the last by its, and every sudden death a level leads to."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cubiri.dice import TYPED
from cubiri.mishimash import game, two_after, win_chances
from cubiri.mishimash import win_chance as wc
from tests.test_win_chance import (
    TOLERANCE,
    Point,
    chase_turn,
    decision,
    last_mover_wins,
    last_turn_by,
    monte_carlo,
    sudden_death,
    three_way_last,
    turn,
)
from tests.typed_games import play

# Four seats, target 10: Ann banks 10.5 (21 halves) and the final round begins (X16); Otto
# throws 1 1 1 5 5 2, with Bea and Cubi (at 0) still to play after him.
FOUR = ["Ann", "Otto", "Bea", "Cubi"]
OTTO_THROWS = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]]
LEADER = 21


def otto_takes(selection: tuple[int, ...]) -> game.State:
    return play(game.new_game(FOUR, 10, 0, TYPED), *OTTO_THROWS, selection)


@cache
def tie_of_the_next(gap: int, of_three: bool) -> float:
    """What ending level is worth to the next player (Bea): the last (Cubi) then plays against
    two level (a sudden death of two, Bea second; of three, Bea second) or three (of three,
    Bea third; of four, by its shares)."""
    if of_three:
        split = wc.LastAgainstTwo(gap, two_after.FOUR_WAY[3])
        wc.built(split)
        passes, level = split.passes[gap], split.level[gap]
        return (1 - passes - level) * wc.THREE_WAY[2] + level * two_after.FOUR_WAY[2]
    shipped = wc.tables_builder().against_two
    wc.last_mover()
    passes, level = shipped.passes[gap], shipped.level[gap]
    return (1 - passes - level) * wc.SECOND + level * wc.THREE_WAY[1]


def otto_wins_past(rng: random.Random, banked: int) -> bool:
    """Otto banked past Ann, leading Bea and Cubi by `banked` halves: Bea chases by her table,
    then Cubi plays, then any sudden death (X17: in table order from after Cubi: Otto first)."""
    table = chase(banked, banked, tie_of_the_next(banked, of_three=False))
    bea = chase_turn(rng, (0, 6, 1, 0), table)
    if bea > banked:
        return False
    if bea < banked:  # Cubi against Otto alone; a level is a sudden death Otto moves first in
        return not last_mover_wins(rng, (0, 6, 1, 0), banked)
    cubi = last_turn_by(rng, three_way_last(banked), banked)
    if cubi > banked:
        return False
    if cubi == banked:  # Otto, Bea, Cubi: Otto first
        return rng.random() < wc.THREE_WAY[0]
    return sudden_death(rng)  # Otto, then Bea


def otto_wins_level(rng: random.Random) -> bool:
    """Otto banked level with Ann: Bea chases the two, then Cubi (orders from after Cubi: Ann,
    Otto, Bea, Cubi)."""
    table = chase(LEADER, LEADER, tie_of_the_next(LEADER, of_three=True))
    bea = chase_turn(rng, (0, 6, 1, 0), table)
    if bea > LEADER:
        return False
    if bea == LEADER:  # Cubi against Ann, Otto and Bea
        against_three = last_against_three(LEADER)
        cubi = last_turn_by(rng, against_three, LEADER)
        if cubi > LEADER:
            return False
        share = two_after.FOUR_WAY[1] if cubi == LEADER else wc.THREE_WAY[1]
        return rng.random() < share
    cubi = last_turn_by(rng, three_way_last(LEADER), LEADER)
    if cubi > LEADER:
        return False
    if cubi == LEADER:  # Ann, Otto, Cubi: Otto second
        return rng.random() < wc.THREE_WAY[1]
    return not sudden_death(rng)  # Ann first, then Otto


@cache
def chase(gap: int, lead_gap: int, tie: float) -> wc.Chase:
    return wc.built(wc.Chase(wc.last_mover(), gap, lead_gap, tie, wc.ahead_of_the_last()))


@cache
def last_against_three(gap: int) -> wc.LastMover:
    return wc.built(wc.LastMover(two_after.FOUR_WAY[3], limit=gap))


def otto_rolls_on(rng: random.Random, state: game.State) -> float:
    """Otto plays on by his table from the decision point; what he banks is worth its value in
    the table (each checked where the tests above play it out; between the totals built
    exactly, tools/mishimash_two_after.py measures the table against every total built)."""
    gaps = two_after._gaps(state)
    assert gaps is not None
    table = two_after._table(gaps, max(0, state.turn_halves - LEADER))

    def banks(p: Point) -> bool:
        return p[0] >= table.proven or table.roll(*p) <= table.bank(p[0])

    return table.bank(turn(rng, decision(state), lambda p: table.chance(*p), banks))


def test_past_the_leader_with_two_still_to_play_both_count() -> None:
    """X16: Otto takes 1 1 1 5 5, 11 points, half a point past Ann. BANK is worth Bea not
    passing him and then Cubi not passing whoever leads (a level: the sudden death it makes),
    far from the certain win of having passed Ann; he banks, as the coach would say."""
    state = otto_takes((0, 1, 2, 3, 4))
    assert state.still_to_play == (1, 2, 3) and not wc.covered(state)
    chances = win_chances(state)
    assert chances is not None and 0.2 < chances["bank"] < 0.35
    assert chances["roll"] < chances["bank"]
    banked = state.turn_halves
    assert banked == LEADER + 1

    assert chances["bank"] == pytest.approx(
        monte_carlo(lambda rng: otto_wins_past(rng, banked), 51), abs=TOLERANCE
    )
    assert chances["roll"] == pytest.approx(
        monte_carlo(lambda rng: otto_rolls_on(rng, state), 52), abs=TOLERANCE
    )


def test_level_with_the_leader_and_two_still_to_play() -> None:
    """Otto takes 1 1 1 5, level with Ann's 10.5: BANK leaves Bea and Cubi to pass two (their
    levels make sudden deaths of three and four), not a loss; rolling on two dice is worth
    more."""
    state = otto_takes((0, 1, 2, 3))
    chances = win_chances(state)
    assert chances is not None and 0.15 < chances["bank"] < chances["roll"]
    assert chances["bank"] == pytest.approx(monte_carlo(otto_wins_level, 53), abs=TOLERANCE)
    assert chances["roll"] == pytest.approx(
        monte_carlo(lambda rng: otto_rolls_on(rng, state), 54), abs=TOLERANCE
    )
    # The estimated shares of a sudden death of four do not move it here (Bea never banks a
    # level with Ann and Otto: a throw is worth more to her).
    gaps = two_after._gaps(state)
    assert gaps is not None and two_after.tie_spread(gaps) < 0.001


def test_below_the_leader_with_two_still_to_play_banking_loses() -> None:
    """Otto takes 1 1 1, half a point short of Ann: BANK loses, rolling on is worth passing her
    and then holding off both."""
    state = otto_takes((0, 1, 2))
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 0.0
    assert chances["roll"] == pytest.approx(
        monte_carlo(lambda rng: otto_rolls_on(rng, state), 55), abs=TOLERANCE
    )


def test_three_still_to_play_after_this_one_is_a_clear_error() -> None:
    """Five seats: Otto with Bea, Cubi and Dan still to come is not worked out (issue 28)."""
    five = [*FOUR, "Dan"]
    state = play(game.new_game(five, 10, 0, TYPED), *OTTO_THROWS, (0, 1, 2, 3, 4))
    assert state.still_to_play == (1, 2, 3, 4)
    with pytest.raises(NotImplementedError, match="three or more players still to play"):
        win_chances(state)
