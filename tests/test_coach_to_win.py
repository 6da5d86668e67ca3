"""The coach and the strongest computer play the exact chance to win where two contenders
still count (issue 28; X16, X17): a sudden death's first mover has a total to set, not a need of
half a point, and a level in reach is worth the sudden death it leads to, not nothing. The
chances themselves are checked against Monte Carlos in test_win_chance."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from app.pure.coach import _given_up, build_coach, percent
from app.pure.i18n import load_translator
from app.pure.mishimash_view import _to_beat
from cubiri.kernel import Dice
from cubiri.mishimash import (
    computer,
    game,
    later_players,
    lone_table,
    odds,
    own_past,
    strategy,
    two_left,
    win_chances,
)
from cubiri.mishimash import win_chance as wc
from cubiri.mishimash.pieces import finish
from cubiri.mishimash.scoring import legal_value_selections
from cubiri.mishimash.strategy import bust_chance
from tests.test_win_chance import passed_the_leader, typed

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")
PEOPLE = frozenset({0, 1})
PEOPLE3 = frozenset({0, 1, 2})


@pytest.fixture(autouse=True)
def tables() -> None:
    """Built, as the page builds them between frames before a final round; no chase's table
    yet (the page builds one as its turn starts)."""
    wc.last_mover()
    wc._chases.clear()
    later_players.forget()  # nor the one for a player with two still to play after it


def sudden_death_roll() -> game.State:
    """Issue 28's `?seed=20`: target 1, Ana and Bela each bank a 1; in sudden death Ana, first
    to move, rolls 1 6 5 6 1 4."""
    return typed(
        ["Ana", "Bela"],
        1,
        [[1, 2, 3, 4, 6, 6], (0,), "bank", [1, 2, 3, 4, 6, 6], (0,), "bank", [1, 6, 5, 6, 1, 4]],
    )


def test_the_first_mover_of_a_sudden_death_is_told_to_roll_on_after_one_1() -> None:
    state = sudden_death_roll()
    assert state.round is game.Round.SUDDEN_DEATH and state.phase is game.Phase.SELECT
    lines = build_coach(state, frozenset({0}), t, PEOPLE).lines
    chances = win_chances(game.apply(state, game.Select((0,))))
    assert chances is not None and chances["bank"] < 0.1 < chances["roll"]
    decision = f"Chance to win: bank now {percent(t, chances['bank'])}"
    assert f"{decision} · roll on {percent(t, chances['roll'])}." in lines
    assert not any("100%" in line or "on average" in line for line in lines)
    # The best selection is named with its chance to win, the best of every legal one.
    best = max(
        max(win_chances(game.apply(state, computer.select_values(state, values))).values())  # type: ignore[union-attr]
        for values in legal_value_selections(state.dice)
    )
    assert lines[0].endswith(f"a {percent(t, best)} chance to win.")


def test_strongest_as_first_mover_does_not_bank_its_first_scoring_die() -> None:
    state = sudden_death_roll()
    taken = computer.selection("strongest", state)
    after = game.apply(state, taken)
    move = computer.next_move("strongest", after)
    chances = win_chances(after)
    assert chances is not None
    assert isinstance(move, game.RollAgain) == (chances["roll"] > chances["bank"])
    # One 1 banked (half a point) would win about 4 %: strongest never settles for it.
    assert not (after.turn_halves == 2 and isinstance(move, game.Bank))


def tie_in_reach() -> game.State:
    """Target 10: Ana banks 11 (1 1 1 5 5); Bela takes the same from the same roll: level on
    11 with one die left (issue 28's `?seed=14`: a tie was valued 0 %)."""
    return typed(
        ["Ana", "Bela"],
        10,
        [[1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4), "bank", [1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4)],
    )


def test_a_tie_in_reach_is_worth_the_sudden_death_it_leads_to() -> None:
    state = tie_in_reach()
    assert (
        state.phase is game.Phase.DECIDE and state.totals[0] == state.totals[1] + state.turn_halves
    )
    chances = win_chances(state)
    assert chances == {"bank": wc.SECOND, "roll": 1 / 3}  # one die: a 1 or a 5 passes
    assert isinstance(computer.next_move("strongest", state), game.Bank)
    before = typed(
        ["Ana", "Bela"], 10, [[1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4), "bank", [1, 1, 1, 5, 5, 2]]
    )
    lines = build_coach(before, frozenset({0, 1, 2, 3, 4}), t, PEOPLE).lines
    assert "Chance to win: bank now 63.4% · roll on 33.3%." in lines


def test_before_a_turn_the_coach_says_the_chance_to_win_under_the_total_to_beat() -> None:
    """The total to beat shows above the dice, coach on or off (mishimash_view); the coach
    adds the chance to win, once (a play-tester saw "To beat" twice)."""
    start = typed(["Ana", "Bela"], 10, [[1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4), "bank"])
    assert start.phase is game.Phase.ROLL and start.current == 1
    chance = wc.last_mover().start(start.totals[0] - start.totals[1])
    lines = build_coach(start, frozenset(), t, PEOPLE).lines
    assert _to_beat(start, t) == "To beat: 11 (11.5 more needed)"
    assert f"Your chance to win: {percent(t, chance)}." in lines
    assert not any("To beat" in line for line in lines)
    sudden = typed(
        ["Ana", "Bela"], 1, [[1, 2, 3, 4, 6, 6], (0,), "bank", [1, 2, 3, 4, 6, 6], (0,), "bank"]
    )
    lines = build_coach(sudden, frozenset(), t, PEOPLE).lines
    assert f"Your chance to win: {percent(t, wc.first_mover().start())}." in lines
    assert "Your chance to win: 36.6%." in lines


def test_past_the_leader_the_coach_counts_the_player_still_to_come() -> None:
    """Issue 28's `?seed=306`: Bea passed the leader with a MISHIMASH, Cubi still to play; the
    coach said "bank now 100%", she banked, and Cubi passed her. Now the chance is Cubi's
    failing to pass her, and the strongest computer in her seat rolls on where that is better."""
    state = passed_the_leader()
    chances = win_chances(state)
    assert chances is not None
    lines = build_coach(state, frozenset(), t, frozenset({0, 1, 2})).lines
    assert not lines  # DECIDE: the line was said with the selection
    before = typed(
        ["Ann", "Otto", "Bea", "Cubi"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [2, 3, 4, 6, 2, 3], [1, 1, 1, 5, 5, 5]],
    )
    wc.step_chase(before, float("inf"))  # Bea chases Ann with Cubi to come: built at once
    lines = build_coach(before, frozenset(range(6)), t, frozenset({0, 1, 2})).lines
    bank, roll = percent(t, chances["bank"]), percent(t, chances["roll"])
    assert lines[0] == f"Best play takes the 1, 1, 1, 5, 5 and 5: a {roll} chance to win."
    assert f"Chance to win: bank now {bank} · roll on {roll}" in lines[-1]
    assert bank != "100%" and "pass" not in lines[-1]
    assert computer.next_move("strongest", state) == game.RollAgain()


def test_behind_the_leader_with_the_last_to_come_the_coach_counts_both() -> None:
    """Bela, half a point behind Ana with Cleo still to play: the coach gives the exact chance
    to win (passing Ana, then Cleo not passing Bela), not the chance to pass Ana; and before
    her turn, the total to beat with that chance."""
    before = typed(
        ["Ana", "Bela", "Cleo"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]],
    )
    assert before.round is game.Round.FINAL_ROUND and before.still_to_play == (1, 2)
    assert wc.covered(before) and not wc.ready(before)  # its table is built on demand
    assert wc.step_chase(before, float("inf")) and wc.ready(before)
    lines = build_coach(before, frozenset({0, 1, 2}), t, frozenset({0, 1, 2})).lines  # 1 1 1
    chances = win_chances(game.apply(before, game.Select((0, 1, 2))))
    assert chances is not None and chances["bank"] == 0.0
    assert lines[0].startswith("Best play takes ") and lines[0].endswith("chance to win.")
    assert f"Chance to win: bank now 0% · roll on {percent(t, chances['roll'])}." in lines
    assert not any("pass" in line for line in lines)
    start = typed(["Ana", "Bela", "Cleo"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    wc.step_chase(start, float("inf"))
    chance = percent(t, wc.start_chance(start))
    assert _to_beat(start, t) == "To beat: 10.5 (11 more needed)"
    assert f"Your chance to win: {chance}." in build_coach(start, frozenset(), t, PEOPLE3).lines


def test_while_a_chasers_table_is_built_the_coach_says_so_and_keeps_the_bust_chance() -> None:
    """A play-tester's finding: before the roll nothing said odds were coming, and after it the
    bust chance of ROLL AGAIN (which needs no table) was gone while the coach worked. Before
    the roll the chance is shipped now (chase_starts.py); after it the table is built."""
    start = typed(["Ana", "Bela", "Cleo"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    wc._chases.clear()
    lines = build_coach(start, frozenset(), t, frozenset({0, 1, 2})).lines
    assert not wc.ready(start)
    shipped = wc.shipped_start(start)
    assert shipped is not None and abs(shipped - wc.start_chance(start)) < 8e-6
    assert lines[-1] == f"Your chance to win: {percent(t, shipped)}."  # after Ana's review
    wc._chases.clear()
    before = typed(
        ["Ana", "Bela", "Cleo"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]],
    )
    coach = build_coach(before, frozenset({0, 1, 2}), t, frozenset({0, 1, 2}))
    assert coach.lines == ("The coach is working out the odds…",)
    assert coach.roll_again == "27.8% bust"


def test_what_a_selection_gives_up_is_the_difference_of_the_numbers_shown() -> None:
    """A play-tester's finding: "a 11.2% chance … Yours gives a 11% chance: 0.1% less" (11.16
    and 11.05 rounded apart). The loss shown is what the two shown numbers differ by."""
    assert _given_up(t, 0.1116, 0.11049, chance=True) == (
        "Yours gives an 11% chance: 0.2 percentage points less."
    )
    # Chances differ by percentage points (a play-tester read "10% less" as a tenth of it).
    assert (
        _given_up(t, 0.50, 0.49, chance=True)
        == "Yours gives a 49% chance: 1 percentage point less."
    )
    assert _given_up(t, 12.96, 11.24, chance=False) == "Yours is worth 11.2: 1.8 less."
    assert _given_up(t, 0.11149, 0.1106, chance=True) == ""  # both shown as 11.1%


def test_strongest_behind_the_leader_waits_for_its_table_then_plays_to_win() -> None:
    """Bela's seat as the strongest computer: it waits while the page builds her turn's table
    (never playing the old chance to pass meanwhile), then takes what gives the best chance to
    win and rolls on below the leader, where BANK loses."""
    before = typed(
        ["Ana", "Bela", "Cleo"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]],
    )
    assert computer.plays_to_win("strongest", before)
    # Its throw waits for nothing: the table builds while the dice roll (X8).
    to_throw = typed(["Ana", "Bela", "Cleo"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    assert to_throw.phase is game.Phase.ROLL and wc.chase_pending(to_throw)
    assert not computer.waits_for_reach_table("strongest", to_throw)
    assert computer.next_move("strongest", to_throw) == game.Roll()
    assert computer.waits_for_reach_table("strongest", before)
    wc.step_chase(before, float("inf"))
    assert not computer.waits_for_reach_table("strongest", before)
    taken = computer.selection("strongest", before)
    worth = computer.chances_by_selection(before)
    values = tuple(sorted(before.dice[i] for i in taken.dice))
    assert worth[values] == max(worth.values())
    after = game.apply(before, taken)
    chances = win_chances(after)
    assert chances is not None
    expected = game.Bank() if chances["bank"] >= chances["roll"] else game.RollAgain()
    assert computer.next_move("strongest", after) == expected
    below = game.apply(before, game.Select((0, 1, 2)))  # 10 points: half a point short
    assert computer.next_move("strongest", below) == game.RollAgain()


def test_with_two_still_to_come_the_coach_works_out_the_chance_to_win_meanwhile() -> None:
    """Four seats: with Otto behind the leader and Bea and Cubi still to come, the page builds
    his chances to win between frames (seconds). Meanwhile the coach says it is working them
    out and gives the bust chance; the chances to pass, which can point the other way (helper-31
    was told BANK by them, then ROLL ON by the chances to win), are not shown."""
    before = typed(
        ["Ann", "Otto", "Bea", "Cubi"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]],
    )
    assert before.round is game.Round.FINAL_ROUND and before.still_to_play == (1, 2, 3)
    assert not wc.covered(before) and later_players.page_pending(before)
    coach = build_coach(before, frozenset({0, 1, 2}), t, frozenset({0, 1, 2}))  # 1 1 1
    assert coach.lines == ("The coach is working out the odds…",)
    assert coach.roll_again.endswith(" bust")


FIVE = ["Ann", "Otto", "Bea", "Cubi", "Dee"]


def test_with_three_still_to_come_behind_the_leader_the_coach_names_the_chance_to_pass() -> None:
    """Five seats: with Otto behind the leader and Bea, Cubi and Dee still to come, the exact
    chance takes tens of seconds to work out (later_players.py), more than the page builds: the
    coach says what its number is, the chance to pass the leader."""
    before = typed(FIVE, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 5, 2]])
    assert before.still_to_play == (1, 2, 3, 4) and not later_players.page_needs(before)
    lines = build_coach(before, frozenset({0, 1, 2}), t, frozenset({0, 1, 2})).lines  # 1 1 1
    assert lines[0].startswith("Best play takes ") and "chance to pass 10.5." in lines[0]
    assert "Chance to pass 10.5: bank now 0% · roll on" in lines[-2]
    assert not any("to win" in line for line in lines)
    # Passing is not yet winning: who can still pass is said (an audit read "bank now 100%"
    # in such a turn as a sure win).
    assert lines[-1] == "Bea, Cubi and Dee still play after you: passing 10.5 is not yet a win."


def test_with_two_still_to_come_the_page_builds_the_chance_to_win_then_the_coach_gives_it() -> None:
    """Four seats, Otto behind the leader with Bea and Cubi still to come: the page builds his
    chances to win between frames (seconds, later_players.page_step). Meanwhile the coach names
    the chances to pass and the strongest computer plays by them without waiting; once built,
    the coach gives every selection's chance to win and BANK against rolling on, the same as a
    solver built at once for the position, and the strongest computer plays by them."""
    ann_banks: list[object] = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    to_throw = typed(["Ann", "Otto", "Bea", "Cubi"], 10, ann_banks)
    before = typed(["Ann", "Otto", "Bea", "Cubi"], 10, [*ann_banks, [1, 1, 1, 5, 5, 2]])
    assert later_players.page_pending(before) and not later_players.page_ready(before)
    assert not computer.plays_to_win("strongest", before)
    assert not computer.waits_for_reach_table("strongest", before)
    while not later_players.page_step(before, 50):
        pass
    assert later_players.page_ready(before) and computer.plays_to_win("strongest", before)
    people = frozenset({0, 1, 2, 3})
    lines = build_coach(before, frozenset({0, 1, 2}), t, people).lines  # 1 1 1: below 10.5
    worth = computer.chances_by_selection(before)
    best = computer.best_to_win(worth, before.dice)
    assert lines[0] == t("coach.best_chance", dice=t.faces(best), value=percent(t, worth[best]))
    after = game.apply(before, game.Select((0, 1, 2)))
    where = later_players.position(after)
    assert where is not None and where.later == (21, 21)
    fresh = later_players.Solver(where, 1)  # at once, nothing shared with the page's
    roll = fresh.table().roll(after.turn_halves, after.dice_left, after.roll_number + 1, 0)
    bank_now = t("coach.percent", percent=t.number(0))
    assert t("coach.race_decision", bank=bank_now, roll=percent(t, roll)) in lines
    assert not any("still play after you" in line for line in lines)
    # Before the turn's first throw: its chance to win, once built (P's table from the start).
    while not later_players.page_step(to_throw, 50):
        pass
    said = build_coach(to_throw, frozenset(), t, people).lines
    assert t("coach.win_chance", percent=percent(t, fresh.table().start())) in said


def four_seats_to_throw() -> game.State:
    """Otto to throw, first after Ann's 10.5 with Bea and Cubi (at 0) still to play."""
    return typed(["Ann", "Otto", "Bea", "Cubi"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])


def rows_built(state: game.State) -> int:
    """How many rows of tables the page builds for this point (after what it has)."""
    (need,) = later_players.page_needs(state)
    return sum(1 for _ in later_players._need_steps(need))


def test_after_a_reload_the_chance_to_win_is_rebuilt_from_what_the_tab_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the values of a lone leader with two to play are not shipped (lone_table.bin
    missing or stale: the page builds them, as it did for 9–21 s), the tab keeps every value
    built for the first later player (two chase tables each) in sessionStorage
    (later_players.dump_built); after a reload the page starts from them, so it rebuilds a
    fraction of the rows for the same chance. A damaged or tampered copy is skipped row by
    row: the page rebuilds what it lacks, never reading a wrong chance. (With the file, a
    reload rebuilds the turn's tables in a second or two: only the start's chance is kept.)"""
    state = four_seats_to_throw()
    later_players.forget()
    while not later_players.page_step(state, 50):
        pass
    shipped = json.loads(later_players.dump_built(state) or "{}")
    assert shipped["rows"] == [] and shipped["starts"][0][-1] == later_players.start_chance(state)
    monkeypatch.setattr(lone_table, "shipped", lambda: None)
    later_players.forget()
    rows = rows_built(state)
    start = later_players.start_chance(state)
    kept = later_players.dump_built(state)
    assert kept is not None
    later_players.forget()  # the reload
    assert later_players.load_built(state, kept) > 40
    assert rows_built(state) < rows / 5
    assert later_players.start_chance(state) == start
    mine = json.loads(kept)
    for damaged in (
        "not json",
        kept.replace('"where": [21,', '"where": [23,'),  # another position's
        json.dumps({**mine, "rows": [[1, 1, 1.5, 0.2], ["1", 1, 0.5, 0.5]]}),
        json.dumps({**mine, "rows": [[1, 1, 0.5], [2, 9, *[0.1] * 10]]}),
        json.dumps({**mine, "made": [0.5, *mine["made"][1:]]}),  # by another version's tables
    ):
        later_players.forget()
        assert later_players.load_built(state, damaged) == 0, damaged
    good = mine["rows"][0]
    mixed = {**mine, "rows": [good, [good[0] + 1, 1, 2.0, 0.5]]}
    later_players.forget()
    assert later_players.load_built(state, json.dumps(mixed)) == 1
    later_players.forget()  # nothing built without the shipped values is read by the others


def test_while_bank_would_begin_the_final_round_the_page_builds_the_next_players_chances() -> None:
    """Ann, about to bank 10.5 at a target of 10 (X16: the final round begins), with Otto
    next and two after him: while she decides, the page builds Otto's chances from the start
    of his turn, so they are there sooner once she banks. Nothing is read at her decision."""
    deciding = typed(["Ann", "Otto", "Bea", "Cubi"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3)])
    assert deciding.round is game.Round.RACE and deciding.phase is game.Phase.DECIDE
    otto = game.apply(deciding, game.Bank())
    past_the_leader = own_past.Wanted((0, 0), 20)  # Otto over Bea and Cubi; Ann at 10 or more
    assert later_players.build_needs(deciding) == [*later_players.page_needs(otto), past_the_leader]
    assert later_players.page_needs(deciding) == []
    while not later_players.page_step(deciding, 50):
        pass
    assert later_players.page_ready(otto) and not later_players.page_ready(deciding)
    assert later_players.start_chance(otto) == four_seats_start_chance()


def test_while_a_player_may_reach_the_target_the_next_players_costly_table_is_built() -> None:
    """Four seats, target 10: from the start of Ann's turn (she may reach 10 in it, X16) the
    page builds Otto's table past the leader, which does not depend on what Ann would bank
    (own_past.py). Once she banks 10.5, Otto's chances read that table: the rest is the part
    below her total, and his chances are the same as worked out from scratch."""
    later_players.forget()
    ann = typed(["Ann", "Otto", "Bea", "Cubi"], 10, [])
    assert ann.round is game.Round.RACE and ann.turn_halves == 0
    wanted = own_past.Wanted((0, 0), 20)
    assert later_players.build_needs(ann) == [wanted]
    while not later_players.page_step(ann, 50):
        pass
    built = finish(own_past.steps(wanted))
    otto = game.apply(
        typed(["Ann", "Otto", "Bea", "Cubi"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3)]), game.Bank()
    )
    assert not later_players.page_ready(otto)
    assert later_players.start_chance(otto) == four_seats_start_chance()
    assert later_players.solver_for(later_players.position(otto), 1).table().past is built
    later_players.forget()


def test_five_seats_the_next_players_costly_table_is_built_while_the_first_plays() -> None:
    """helper-37, five seats: the second after the leader (two still to play after her) waited
    0.9-1.4 s of "working out" as her turn began. Her table past the leader does not depend on
    how the turn before hers ends (the leader's total or more), so it is built during it: Ann
    banks 10.5, and while Otto plays (three after him) the page builds Bea's. Otto busts:
    Bea's chances read that table and are those worked out from scratch."""
    later_players.forget()
    names = ["Ann", "Otto", "Bea", "Cubi", "Dan"]
    otto = typed(names, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    assert otto.round is game.Round.FINAL_ROUND and otto.still_to_play == (1, 2, 3, 4)
    wanted = own_past.Wanted((0, 0), 21)
    # and, after it, Bea's own table should Otto end level with Ann (_next_if_level)
    level = (later_players.Position(21, (21, 21), 2), 1, None)
    assert later_players.build_needs(otto) == [wanted, level]
    while not later_players.page_step(otto, 50):
        pass
    built = finish(own_past.steps(wanted))
    bea = game.apply(game.apply(otto, game.Roll()), Dice((2, 3, 3, 4, 6, 6)))  # a bust
    assert bea.current == 2 and later_players.position(bea) == later_players.Position(21, (21, 21))
    assert not later_players.left_is_large(bea)  # the rest is built before the page paints
    assert later_players.start_chance(bea) == four_seats_start_chance()
    assert later_players.solver_for(later_players.position(bea), 1).table().past is built
    later_players.forget()


def test_far_from_the_target_nothing_is_built_ahead() -> None:
    """Four seats, target 100: Ann at nothing reaches 100 in one turn about once in 12 (less
    than MAY_REACH), so nothing is built for the final round yet; at 60 points she may."""
    far = typed(["Ann", "Otto", "Bea", "Cubi"], 100, [])
    assert odds.chance(100, 0, 6, 1, 0) < later_players.MAY_REACH
    assert later_players.build_needs(far) == []
    near = replace(far, totals=(120, 30, 10, 0))
    assert later_players.build_needs(near) == [own_past.Wanted((20, 30), 170)]


def four_seats_start_chance() -> float:
    """Otto's chance to win as his turn begins, 10.5 behind Ann with Bea and Cubi at nothing."""
    return later_players.Solver(later_players.Position(21, (21, 21)), 1).table().start()


def test_before_the_reach_table_is_built_a_selection_past_the_leader_still_gets_its_chances(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page builds the reach table (the best selection's chance to pass) for minutes; the
    exact BANK / ROLL AGAIN after dice that pass the leader needs only the shipped tables."""
    monkeypatch.setattr(odds, "reach_ready", lambda: False)
    before = typed(
        ["Ann", "Otto", "Bea", "Cubi"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [2, 3, 4, 6, 2, 3], [1, 1, 1, 5, 5, 5]],
    )
    chances = win_chances(passed_the_leader())
    assert chances is not None
    bank, roll = percent(t, chances["bank"]), percent(t, chances["roll"])
    lines = build_coach(before, frozenset(range(6)), t, frozenset({0, 1, 2})).lines
    assert lines == (
        "The coach is working out the odds…",
        f"Chance to win: bank now {bank} · roll on {roll}.",
    )
    assert build_coach(before, frozenset({5}), t, frozenset({0, 1, 2})).lines == (
        "The coach is working out the odds…",  # one 5 does not pass 10.5
    )


def test_the_first_of_a_sudden_death_of_three_is_told_its_chance_against_both() -> None:
    """X17 with three level: Ana, first, has a total to set and two still to play after her;
    the coach gives her share before the roll and, after one 1, the chance of each choice."""
    throw_one = [[1, 2, 3, 4, 6, 6], (0,), "bank"]
    sudden = typed(["Ana", "Bela", "Cleo"], 1, throw_one * 3)
    assert sudden.round is game.Round.SUDDEN_DEATH and len(sudden.contenders) == 3
    people = frozenset({0, 1, 2})
    before = build_coach(sudden, frozenset(), t, people).lines
    assert f"Your chance to win: {percent(t, wc.THREE_WAY[0])}." in before
    state = game.apply(sudden, game.Roll())
    state = game.apply(state, Dice((1, 6, 5, 6, 1, 4)))
    lines = build_coach(state, frozenset({0}), t, people).lines
    chances = win_chances(game.apply(state, game.Select((0,))))
    assert chances is not None and chances["bank"] < 0.02 < chances["roll"]
    assert f"Chance to win: bank now {percent(t, chances['bank'])}" in lines[-1]


def test_the_last_against_two_level_leaders_waits_for_its_table_then_has_a_total_to_beat() -> None:
    """Ana and Bela level on 10.5: Cleo's own table (a level is her share of a sudden death of
    three) is built as her turn starts; then the coach names what she must beat."""
    bank_ten = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    state = typed(["Ana", "Bela", "Cleo"], 10, bank_ten * 2)
    people = frozenset({0, 1, 2})
    assert wc.covered(state) and not wc.ready(state)
    assert "The coach is working out the odds…" in build_coach(state, frozenset(), t, people).lines
    assert wc.step_chase(state, float("inf")) and wc.ready(state)
    start = wc.start_chance(state)
    line = f"Your chance to win: {percent(t, start)}."
    assert line in build_coach(state, frozenset(), t, people).lines
    assert _to_beat(state, t) == "To beat: 10.5 (11 more needed)"


def test_in_a_two_player_race_bank_that_reaches_the_target_is_told_its_chance_to_win() -> None:
    """X16: Ana's 1 1 1 5 banks 10.5 of a target of 10, and Bela then plays the last turn. The
    coach gives the chance BANK leaves (points on average would mislead there; rolling on's
    chance to win is not known in the race, so no verdict). Bela's chance lies between her
    chance to pass 10.5 and her chance to reach it (a level is a sudden death), both
    strategy's exact chance to reach."""
    before = typed(["Ana", "Bela"], 10, [[1, 1, 1, 5, 2, 3]])
    lines = build_coach(before, frozenset({0, 1, 2, 3}), t, frozenset({0, 1})).lines
    banked = game.apply(game.apply(before, game.Select((0, 1, 2, 3))), game.Bank())
    assert banked.round is game.Round.FINAL_ROUND
    mine = 1 - wc.start_chance(banked)
    passing, level = (strategy.chance_to_reach(need, 0, 6, 1, 0) for need in (11, 10.5))
    assert 1 - level < mine < 1 - passing
    said = percent(t, mine)
    assert lines[-1] == f"BANK now reaches the target: your chance to win is then {said}."
    # Played to win, not judged by points (helper-21: "Yours is worth 11.9: 2.9 less." beside
    # it left a new player unsure whether banking to the target was a mistake).
    assert len(lines) == 2 and "on average" in lines[0]
    # The 5 alone does not reach the target: points on average, as before.
    short = build_coach(before, frozenset({3}), t, frozenset({0, 1})).lines
    assert "rolling on is worth" in short[-1], short


def test_in_a_race_of_three_bank_that_reaches_the_target_names_who_plays_once_more() -> None:
    """X16: with three players the chance BANK leaves needs both later turns worked out (two
    chase tables, built between frames: test_two_left), and a play-tester was told "roll on" by
    points there: the coach says at once what BANK does and who then plays, with no verdict on
    points."""
    before = typed(["Ana", "Bela", "Cleo"], 10, [[1, 1, 1, 5, 2, 3]])
    two_left._builds.clear()  # not built yet
    lines = build_coach(before, frozenset({0, 1, 2, 3}), t, frozenset({0, 1, 2})).lines
    assert lines[-1] == (
        "BANK now reaches the target and starts the final round: Bela and Cleo then play once more."
    )
    assert not any("roll on." in line or "bank now" in line for line in lines)
    # Short of the target, points on average as before.
    short = build_coach(before, frozenset({3}), t, frozenset({0, 1, 2})).lines
    assert "rolling on is worth" in short[-1], short


def test_with_two_still_to_come_a_level_is_said_to_lead_to_a_sudden_death() -> None:
    """Five seats, where the coach gives the chance to pass the leader: Otto's 1 1 1 5 is
    level with Ann's 10.5. Its "bank now 0%" (to pass) is not nothing, a play-tester read it as
    "banking is pointless": the coach adds that a level at the end is a sudden death (X17)."""
    before = typed(FIVE, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 4, 2]])
    assert not wc.covered(before)
    lines = build_coach(before, frozenset({0, 1, 2, 3}), t, frozenset({0, 1, 2})).lines
    assert "Chance to pass 10.5: bank now 0% · roll on" in lines[-3]
    assert lines[-2] == (
        "BANK now ends level with 10.5, not past it: if it is still level at the end of the "
        "round, a sudden death follows."
    )
    assert lines[-1] == "Bea, Cubi and Dee still play after you: passing 10.5 is not yet a win."
    below = build_coach(before, frozenset({0, 1, 2}), t, frozenset({0, 1, 2})).lines
    assert not any("level" in line for line in below)


def test_with_real_dice_to_type_after_roll_again_the_coach_keeps_the_chance_from_there() -> None:
    """helper-21: a final-round turn at a table went blank at "Throw 5 dice and enter them"
    after ROLL AGAIN. The coach keeps what ROLL AGAIN was worth: the chance to win from there
    where the tables give it, else the chance to pass the leader from there, named as such."""
    decided = typed(
        ["Ana", "Bea"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 2, 3, 4, 6, 6], (0,)]
    )
    chances = win_chances(decided)
    assert chances is not None
    throwing = game.apply(decided, game.RollAgain())
    assert throwing.phase is game.Phase.THROW and throwing.turn_halves == 2
    lines = build_coach(throwing, frozenset(), t, PEOPLE).lines
    assert lines == (f"Your chance to win: {percent(t, chances['roll'])}.",)

    ann_banks: list[object] = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    throws: list[object] = [*ann_banks, [1, 2, 3, 4, 6, 6], (0,), "again"]
    four = typed(["Ann", "Otto", "Bea", "Cubi"], 10, throws)
    assert four.phase is game.Phase.THROW and not wc.covered(four)
    # Two still to play after Otto: his chance to win from there once the page has built it
    # (helper-31 saw the chance to pass come back after ROLL AGAIN and stay).
    assert build_coach(four, frozenset(), t, PEOPLE3).lines == (
        "The coach is working out the odds…",
    )
    while not later_players.page_step(four, 50):
        pass
    solver = later_players.Solver(later_players.Position(21, (21, 21)), 1)
    chance = solver.table().roll(2, 5, 2, 0)  # 1 point of the turn, five dice, its roll 2
    lines = build_coach(four, frozenset(), t, PEOPLE3).lines
    assert lines == (f"Your chance to win: {percent(t, chance)}.",)

    five = typed(FIVE, 10, throws)
    chance = odds.chance(11, 1, 5, 2, 0)  # 10 more points to pass 10.5, from 1, five dice
    lines = build_coach(five, frozenset(), t, PEOPLE3).lines
    assert lines[0] == f"Your chance to pass 10.5: {percent(t, chance)}."
    assert lines[1] == "Bea, Cubi and Dee still play after you: passing 10.5 is not yet a win."
    # Past the leader, the throw must still be made: its chance to pass is the chance not to
    # bust, not 100% (helper-31, with two dice to throw).
    past = typed(FIVE, 10, [*ann_banks, [1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4), "again"])
    assert past.phase is game.Phase.THROW and past.dice_left == 1
    lines = build_coach(past, frozenset(), t, PEOPLE3).lines
    assert lines[0] == f"Your chance to pass 10.5: {percent(t, 1 - bust_chance(1))}."


def test_a_chance_short_of_certain_is_never_said_as_100_or_0_percent() -> None:
    """helper-26: Ana banked 1,050 at target 30 ("your chance to win is then 100%"); Bo was told
    "0%", then passed her. 100% and 0% are kept for what is certain."""
    assert [percent(t, c) for c in (0.0, 0.0004, 0.0005, 0.9994, 0.9995, 0.99999, 1.0)] == [
        "0%",
        "under 0.1%",
        "0.1%",
        "99.9%",
        "over 99.9%",
        "over 99.9%",
        "100%",
    ]
    six_ones = [1, 1, 1, 1, 1, 1]
    turn: list[object] = [six_ones, (0, 1, 2, 3, 4, 5)]
    for _ in range(5):
        turn += ["again", six_ones, (0, 1, 2, 3, 4, 5)]
    state = typed(["Ana", "Bo"], 30, turn[:-1])  # the sixth throw's dice all picked
    lines = build_coach(state, frozenset(range(6)), t, PEOPLE).lines
    assert any("over 99.9%" in line for line in lines), lines
    bo = typed(["Ana", "Bo"], 30, [*turn, "bank"])
    assert bo.current == 1 and bo.round is game.Round.FINAL_ROUND
    lines = build_coach(bo, frozenset(), t, PEOPLE).lines
    assert any("under 0.1%" in line for line in lines), lines
    assert not any(" 0%" in line or "100%" in line for line in lines), lines


def test_the_last_against_three_level_leaders_is_told_its_chance_to_win() -> None:
    """helper-37: four seats, target 1, Ana, Bea and Cleo each bank a 1; Dan, last, was told
    "Your chance to pass 1: 96.1%." and, after taking a 1, "bank now 0% · roll on 92.3%". Nobody
    plays after him: passing wins, and a level is a sudden death of four, his share FOUR_WAY[3]
    (X17). His table is the last mover's with a level worth that share, built as his turn
    starts, as against two level; the chances are the engine's (later_players' Solver before)."""
    throw_one = [[1, 2, 3, 4, 6, 6], (0,), "bank"]
    names = ["Ana", "Bea", "Cleo", "Dan"]
    state = typed(names, 1, throw_one * 3)
    people = frozenset(range(4))
    assert state.current == 3 and state.still_to_play == (3,)
    assert wc.covered(state) and not wc.ready(state)
    assert wc.step_chase(state, float("inf")) and wc.ready(state)
    start = wc.start_chance(state)
    lines = build_coach(state, frozenset(), t, people).lines
    assert f"Your chance to win: {percent(t, start)}." in lines
    assert not any("pass" in line for line in lines), lines
    took = game.apply(game.apply(state, game.Roll()), Dice((1, 2, 3, 4, 6, 6)))
    level = game.apply(took, game.Select((0,)))  # level at 1 with the three
    chances = win_chances(level)
    assert chances is not None and chances["bank"] == pytest.approx(wc.FOUR_WAY[3])
    solver = later_players.solver_for(later_players.Position(2, (), 3), 1)
    assert chances["roll"] == pytest.approx(solver.table().roll(2, 5, 2, 0), abs=1e-9)
    said = build_coach(took, frozenset({0}), t, people).lines
    assert f"Chance to win: bank now {percent(t, chances['bank'])}" in said[1], said
    assert said[2] == (  # nobody plays after him: the sudden death is no "if" (helper-37)
        "BANK now ends level with 1, not past it: nobody plays after you, so a sudden death"
        " follows."
    )


def test_behind_two_level_leaders_with_one_to_come_the_page_builds_the_chance_to_win() -> None:
    """Four seats, target 10: Ann and Otto bank 10.5 each, level at the top; Bea plays with
    Cubi still to come. The coach gave her chance to pass 10.5 (named as such), though a level
    makes three level before Cubi's turn and a pass leaves Cubi to pass her. Her chances take a
    second or so to build (later_players: Cubi's split against one or more level leaders is
    shipped, her own table is not), so the page builds them between frames and the coach says
    it is working out the odds meanwhile; then her chance to win."""
    ten = [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"]
    bea = typed(["Ann", "Otto", "Bea", "Cubi"], 10, ten * 2)
    where = later_players.position(bea)
    assert where == later_players.Position(21, (21,), 2) and not wc.covered(bea)
    people = frozenset(range(4))
    assert later_players.page_needs(bea) and later_players.left_is_large(bea)
    assert build_coach(bea, frozenset(), t, people).lines == ("The coach is working out the odds…",)
    while not later_players.page_step(bea, 50):
        pass
    chance = later_players.start_chance(bea)
    lines = build_coach(bea, frozenset(), t, people).lines
    assert f"Your chance to win: {percent(t, chance)}." in lines
    assert not any("pass" in line for line in lines), lines
    later_players.forget()
    assert chance == later_players.Solver(where, 1).table().start()  # built from nothing


def test_after_a_reload_the_coach_says_the_chance_the_tab_kept_while_the_table_is_rebuilt() -> None:
    """Otto's turn begins behind Ann with two after him (four seats): his table is built
    again after a reload (204 points behind, 0.8 s in Pyodide: the CI saw "working out" still
    a second after the page was ready). The tab keeps his chance as his turn begins
    (later_players.dump_built), and the coach says it at once after the reload
    (`kept_start`), the same as built; not once he has thrown (the turn's chances wait for
    the table), and never a damaged or tampered copy's."""
    state = four_seats_to_throw()
    later_players.forget()
    while not later_players.page_step(state, 50):
        pass
    built = build_coach(state, frozenset(), t, PEOPLE).lines
    kept = later_players.dump_built(state)
    assert kept is not None
    later_players.forget()  # the reload: nothing built
    assert not later_players.page_ready(state)
    assert "working out" in " ".join(build_coach(state, frozenset(), t, PEOPLE).lines)
    later_players.load_built(state, kept)
    assert not later_players.page_ready(state)
    assert build_coach(state, frozenset(), t, PEOPLE).lines == built
    thrown = typed(
        ["Ann", "Otto", "Bea", "Cubi"],
        10,
        [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 3, 4, 6, 6, 2]],
    )
    assert thrown.phase is game.Phase.SELECT
    assert later_players.kept_start(thrown) is None
    mine = json.loads(kept)
    key = ["position", 21, [21, 21], 1]
    (chance,) = [start[-1] for start in mine["starts"] if start[:-1] == key]
    assert chance == later_players.start_chance(state)
    for start in (1.5, -0.1, "0.3", True, None, [0.3], float("nan")):
        later_players.forget()
        later_players.load_built(state, json.dumps({**mine, "starts": [[*key, start]]}))
        assert later_players.kept_start(state) is None, start
    for starts in ([["position", 23, [21, 21], 1, 0.9]], "x", [[]], [0.9]):  # others', damaged
        later_players.forget()
        later_players.load_built(state, json.dumps({**mine, "starts": starts}))
        assert later_players.kept_start(state) is None, starts
    later_players.forget()
    later_players.load_built(state, json.dumps({**mine, "made": [0.5, *mine["made"][1:]]}))
    assert later_players.kept_start(state) is None  # by another version's tables
    later_players.forget()
