"""MISHIMASH: the chance to win with two or three still to play after the one to move (X16,
four and five seats), behind three level leaders, and in a sudden death of four (X17; issue
28), checked against a Monte Carlo of the same play (100,000 runs each): each later player
chasing by its own table, the last by its, and every sudden death a level leads to; and
against the shipped tables where one still plays after it."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cubiri.dice import TYPED
from cubiri.mishimash import game, later_players, win_chances
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
FOUR_WAY = later_players.shares(4)  # four_way.py's (see tools/mishimash_four_way_play.py)


def otto_takes(selection: tuple[int, ...]) -> game.State:
    return play(game.new_game(FOUR, 10, 0, TYPED), *OTTO_THROWS, selection)


@cache
def tie_of_the_next(gap: int, of_three: bool) -> float:
    """What ending level is worth to the next player (Bea): the last (Cubi) then plays against
    two level (a sudden death of two, Bea second; of three, Bea second) or three (of three,
    Bea third; of four, by its shares)."""
    if of_three:
        split = wc.LastAgainstTwo(gap, FOUR_WAY[3])
        wc.built(split)
        passes, level = split.passes[gap], split.level[gap]
        return (1 - passes - level) * wc.THREE_WAY[2] + level * FOUR_WAY[2]
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
    return pair_wins(rng, LEADER, 1)


def pair_wins(rng: random.Random, total: int, seat: int) -> bool:
    """Two level at `total` halves, the next two (at 0) still to play: whether the one in
    `seat` of the two (0: the earlier, first in a sudden death) wins. The next chases the two,
    then the last plays."""
    table = chase(total, total, tie_of_the_next(total, of_three=True))
    following = chase_turn(rng, (0, 6, 1, 0), table)
    if following > total:
        return False
    if following == total:  # the last against three
        last = last_turn_by(rng, last_against_three(total), total)
        if last > total:
            return False
        return rng.random() < (FOUR_WAY if last == total else wc.THREE_WAY)[seat]
    last = last_turn_by(rng, three_way_last(total), total)
    if last > total:
        return False
    if last == total:  # three level: the two first
        return rng.random() < wc.THREE_WAY[seat]
    first_wins = sudden_death(rng)
    return first_wins if seat == 0 else not first_wins


@cache
def chase(gap: int, lead_gap: int, tie: float) -> wc.Chase:
    return wc.built(wc.Chase(wc.last_mover(), gap, lead_gap, tie, wc.ahead_of_the_last()))


@cache
def last_against_three(gap: int) -> wc.LastMover:
    return wc.built(wc.LastMover(FOUR_WAY[3], limit=gap))


def otto_rolls_on(rng: random.Random, state: game.State) -> float:
    """Otto plays on by his table from the decision point; what he banks is worth its value in
    the table (each checked where the tests above play it out; between the totals built
    exactly, tools/mishimash_later_players.py measures the table against every total built)."""
    where = later_players.position(state)
    assert where is not None
    table = later_players.solver_for(where, max(1, state.turn_halves - LEADER)).table()

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
    where = later_players.position(state)
    assert where is not None and later_players.tie_spread(where) < 0.001


def test_below_the_leader_with_two_still_to_play_banking_loses() -> None:
    """Otto takes 1 1 1, half a point short of Ann: BANK loses, rolling on is worth passing her
    and then holding off both."""
    state = otto_takes((0, 1, 2))
    chances = win_chances(state)
    assert chances is not None and chances["bank"] == 0.0
    assert chances["roll"] == pytest.approx(
        monte_carlo(lambda rng: otto_rolls_on(rng, state), 55), abs=TOLERANCE
    )


FIVE = [*FOUR, "Dan"]


def test_past_the_leader_with_three_still_to_play_each_counts() -> None:
    """Five seats: Otto half a point past Ann with Bea, Cubi and Dan to come. BANK is worth Bea
    not passing him (her level: the two then face Cubi and Dan), then Cubi and Dan not passing
    whoever leads: well below the four-seat chance of the same total (0.278)."""
    state = play(game.new_game(FIVE, 10, 0, TYPED), *OTTO_THROWS, (0, 1, 2, 3, 4))
    assert state.still_to_play == (1, 2, 3, 4) and not wc.covered(state)
    chances = win_chances(state)
    assert chances is not None and 0.1 < chances["bank"] < 0.2
    banked = state.turn_halves
    where = later_players.position(state)
    assert where is not None
    solver = later_players.solver_for(where, banked - LEADER)
    past, _ = solver.past(0)  # Bea's table past him: her values as the leader, Cubi and Dan after
    tie = solver.leaders(banked - LEADER, 2, 1)[1]  # Bea level with Otto: second of the two
    bea = wc.built(later_players.Chaser(wc.last_mover(), banked, tie, past))

    def otto_wins(rng: random.Random) -> bool:
        ended = chase_turn(rng, (0, 6, 1, 0), bea)
        if ended > banked:
            return False
        if ended == banked:
            return pair_wins(rng, banked, 0)
        return otto_wins_past(rng, banked)  # Cubi and Dan after Otto alone

    assert chances["bank"] == pytest.approx(monte_carlo(otto_wins, 56), abs=TOLERANCE)
    assert chances["roll"] == pytest.approx(
        monte_carlo(lambda rng: otto_rolls_on(rng, state), 57), abs=TOLERANCE
    )


def test_three_level_before_the_last_turn() -> None:
    """Five seats: Ann, Otto and Bea each bank 10.5, level at the top; Cubi, with Dan still to
    come, takes 1 1 1 5. BANK makes four level before Dan's turn (then Dan against four: a
    level is a sudden death of five, estimated); rolling on plays to pass the three and then
    hold off Dan."""
    level = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    state = play(game.new_game(FIVE, 10, 0, TYPED), *OTTO_THROWS[:3], *level, *level)
    state = play(state, [1, 1, 1, 5, 2, 3], (0, 1, 2, 3))
    assert state.still_to_play == (3, 4) and state.turn_halves == LEADER
    assert not wc.covered(state)
    chances = win_chances(state)
    assert chances is not None
    four, five = later_players.shares(4), later_players.shares(5)
    dan = wc.built(wc.LastMover(five[4], limit=LEADER))
    passes_or_level = dan.start(LEADER)  # its chance: pass + five[4] × level
    level_too = (
        wc.built(wc.LastMover(five[4] + 1e-6, limit=LEADER)).start(LEADER) - passes_or_level
    ) / 1e-6
    passes = passes_or_level - five[4] * level_too
    assert chances["bank"] == pytest.approx(
        (1 - passes - level_too) * four[3] + level_too * five[3], abs=1e-5
    )

    where = later_players.position(state)
    assert where is not None and where.leaders == 3 and where.later == (LEADER,)
    table = later_players.solver_for(where, 1).table()

    def cubi_wins(rng: random.Random) -> float:
        at = decision(state)

        def banks(p: Point) -> bool:
            return p[0] >= table.proven or (
                p[0] >= table.gap and table.roll(*p) <= table.bank(p[0])
            )

        banked = turn(rng, at, lambda p: table.chance(*p), banks)
        if banked < LEADER:
            return 0.0
        if banked > LEADER:  # Dan against Cubi alone (a level: Cubi first)
            return float(not last_mover_wins(rng, (0, 6, 1, 0), banked))
        dan_ends = last_turn_by(rng, dan, LEADER)
        if dan_ends > LEADER:
            return 0.0
        return five[3] if dan_ends == LEADER else four[3]

    assert chances["roll"] == pytest.approx(monte_carlo(cubi_wins, 58), abs=TOLERANCE)


def test_a_sudden_death_of_four_once_the_first_has_banked() -> None:
    """X17: Ann, Otto, Bea and Cubi all bank 10.5, a sudden death of four. Once Ann banks 11,
    Otto levelling her with 1 1 1 5 5 is the final round's position: BANK leaves Bea and Cubi
    to pass the two (their levels: sudden deaths of three and four)."""
    state = sudden_death_of_four()
    otto = play(state, [1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4), "bank")
    otto = play(otto, [1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4))
    assert otto.current == 1 and not wc.covered(otto)
    chances = win_chances(otto)
    assert chances is not None
    banked = otto.turn_halves
    assert chances["bank"] == pytest.approx(
        monte_carlo(lambda rng: pair_wins(rng, banked, 1), 59), abs=TOLERANCE
    )


def sudden_death_of_four() -> game.State:
    level = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    state = play(game.new_game(FOUR, 10, 0, TYPED), *level, *level, *level, *level)
    assert state.round is game.Round.SUDDEN_DEATH and state.contenders == (0, 1, 2, 3)
    return state


def test_a_sudden_death_of_four_after_two_busts() -> None:
    """X11, X17: in the sudden death of four Ann and Otto bust; Bea takes 1 1 1 5 5. BANK
    leaves Cubi to pass 11 points; a bust leaves all four level at nothing, and Cubi then
    wins with any scoring throw, else a new sudden death of four begins (Bea third)."""
    bust = [2, 3, 4, 6, 6, 2]
    state = play(sudden_death_of_four(), bust, bust, [1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4))
    assert state.current == 2 and state.still_to_play == (2, 3) and not wc.covered(state)
    chances = win_chances(state)
    assert chances is not None
    banked = state.turn_halves
    assert chances["bank"] == pytest.approx(1 - wc.last_mover().start(banked), abs=1e-9)
    table = later_players.level_table(later_players.LevelStart(1, 2, 4))
    anew = later_players.shares(4)[2] * wc._bust(6)  # Cubi's first throw busts too

    def bea_wins(rng: random.Random) -> float:
        def banks(p: Point) -> bool:
            return p[0] >= table.proven or table.roll(*p) <= table.bank(p[0])

        ended = turn(rng, decision(state), lambda p: table.chance(*p), banks)
        if ended == 0:
            return anew
        return float(not last_mover_wins(rng, (0, 6, 1, 0), ended))

    assert chances["roll"] == pytest.approx(monte_carlo(bea_wins, 60), abs=TOLERANCE)


@pytest.mark.parametrize("selection", [(0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4)])
def test_with_one_still_to_play_the_recursion_is_the_shipped_tables(
    selection: tuple[int, ...],
) -> None:
    """Three seats: Otto below, level with and past Ann's 10.5, Bea still to come. The tables
    give these at once (win_chance.Chase, LevelWithTheLeader, AheadOfTheLast); the recursion
    built for more players gives the same chances, within the shipped file's rounding."""
    three = FOUR[:3]
    state = play(game.new_game(three, 10, 0, TYPED), *OTTO_THROWS[:3], OTTO_THROWS[3], selection)
    assert wc.covered(state) and later_players.position(state) is not None
    shipped = win_chances(state)
    assert shipped is not None
    assert later_players.chances(state) == pytest.approx(shipped, abs=1e-5)  # 2e-6 seen


def test_the_last_turn_against_four_level() -> None:
    """Five seats: Ann, Otto, Bea and Cubi each bank 10.5; Dan, the last, takes 1 1 1 5. BANK
    makes a sudden death of five (estimated shares, X17: Dan last); rolling on is the last
    mover's own table with a level worth that share."""
    level = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    state = play(game.new_game(FIVE, 10, 0, TYPED), *level, *level, *level, *level)
    state = play(state, [1, 1, 1, 5, 2, 3], (0, 1, 2, 3))
    assert state.still_to_play == (4,) and not wc.covered(state)
    chances = win_chances(state)
    assert chances is not None
    share = later_players.shares(5)[4]
    assert chances["bank"] == pytest.approx(share)
    dan = wc.built(wc.LastMover(share, limit=LEADER))
    assert chances["roll"] == pytest.approx(dan.roll(0, *decision(state)[1:]), abs=1e-9)


def test_the_last_against_level_leaders_is_built_a_row_at_a_time_as_built_whole() -> None:
    """A table of the last against level leaders whose level share is not shipped (a sudden
    death of three of five seats) was built in one piece: one task of 2.2-2.4 s as a turn
    began in the page (helper-41). Built a row at a time, it is the same table."""
    share = later_players.shares(3)[2]
    later_players._against.clear()
    steps = later_players._against_steps(share, 64)
    pieces = 0
    while True:
        try:
            next(steps)
            pieces += 1
        except StopIteration as done:
            table = done.value
            break
    whole = wc.built(wc.LastAgainstTwo(64, share))
    assert pieces > 50 and table.limit == 64
    assert table.passes == whole.passes and table.level == whole.level
    assert later_players._against[share] is table


@pytest.mark.parametrize(
    "names", [["Ana", "Bea", "Cleo", "Dan"], ["Ana", "Bea", "Cleo", "Dan", "Eve"]]
)
def test_while_the_turn_may_end_level_the_page_builds_the_next_players_table_for_it(
    names: list[str],
) -> None:
    """Ana reaches 150; while Bea plays, the page builds Cleo's table should Bea end level
    (two leaders, one or two to play after Cleo): helper-41 saw 4.5-5.1 s of "working out" at
    Cleo's turn at five seats. Once Bea's turn is past 150 it cannot end level: not built."""
    six, every = [1] * 6, (0, 1, 2, 3, 4, 5)
    scores_150 = [six, every, "again", six, every, "bank"]
    bea = play(game.new_game(names, 10, 0, TYPED), *scores_150)
    assert bea.current == 1 and bea.round is game.Round.FINAL_ROUND
    later = (300,) * (len(names) - 3)
    level = (later_players.Position(300, later, 2), 1, None)
    assert level in later_players.build_needs(bea)
    later_players.forget()
    while not later_players.page_step(bea, 50):
        pass
    cleo = play(bea, *scores_150)
    assert cleo.current == 2 and later_players.page_needs(cleo) == [level]
    assert later_players.page_ready(cleo)
    past = play(bea, *[six, every, "again"] * 3)
    assert past.turn_halves > 300 and level not in later_players.build_needs(past)
    later_players.forget()
