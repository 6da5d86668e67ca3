"""The review of a MISHIMASH game (issue 25): each decision's cost against best play for
points, checked against the exact strategy, and the account it keeps (what the turns banked =
their average + the luck of the dice - the costs of the decisions)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.pure import review, review_view, score_sheet
from app.pure.i18n import load_translator
from cubiri.mishimash import game as engine
from cubiri.mishimash import odds, strategy
from e2e.mishimash_driver import Policy, bank_a_little, bank_at_once, mishimash_hunter, play_step
from tests.test_win_chance import typed

EN = load_translator("en")


def played(policy: Policy, seed: int, players: int = 2, target: int = 40) -> engine.State:
    state = engine.new_game([f"P{i + 1}" for i in range(players)], target, seed)
    while not state.over:
        state = play_step(state, policy)
    return state


def best_play(state: engine.State) -> tuple[tuple[int, ...], str]:
    """The coach's advice: its best selection, then BANK or ROLL AGAIN as its table says."""
    best = odds.selections(state.dice, state.turn_halves / 2, state.roll_number, state.mishimashes)
    taken = list(best[0].values)
    selection = []
    for index, value in enumerate(state.dice):
        if value in taken:
            taken.remove(value)
            selection.append(index)
    after = engine.play(state, engine.Select(tuple(selection)))
    choice = odds.choice(
        after.turn_halves / 2, after.dice_left, after.roll_number + 1, after.mishimashes
    )
    return tuple(selection), "bank" if choice.action == strategy.BANK else "again"


def test_the_costliest_selections_are_valued_as_the_strategy_values_them() -> None:
    # Smallest selection, then BANK: every decision is on a first roll.
    state = played(bank_a_little, seed=5)
    for seat in review.review(engine.ENGINE.to_dict(state), ("", ""), odds):
        assert seat.decisions > 0 and seat.costliest
        costs = [d.cost for d in seat.costliest]
        assert costs == sorted(costs, reverse=True)
        worst = seat.costliest[0]
        assert worst.kind == "select" and worst.roll == 1
        # The strategy's own solver, not the coach's tables, values the roll's selections.
        options = strategy.best_selection(worst.dice, worst.points, 1, 0, exact=False)
        taken = next(o for o in options if tuple(sorted(o.values)) == worst.chosen)
        assert worst.best == tuple(sorted(options[0].values))
        assert worst.cost == pytest.approx(options[0].value - taken.value, abs=0.05)


@pytest.mark.parametrize(
    ("policy", "seed"), [(bank_at_once, 3), (mishimash_hunter, 8), (bank_a_little, 2)]
)
def test_the_banked_points_are_the_average_plus_luck_minus_the_costs(
    policy: Policy, seed: int
) -> None:
    state = played(policy, seed)
    start = odds.value(0, 6, 1, 0)
    for seat in review.review(engine.ENGINE.to_dict(state), ("", ""), odds):
        banked = state.totals[seat.seat] / 2
        expected = state.turns[seat.seat] * start + seat.luck - seat.cost - seat.unjudged
        assert banked == pytest.approx(expected, abs=0.01 * seat.decisions + 0.01)
        for decided in (d for d in seat.costliest if d.kind == "decide"):  # what BANK followed
            assert decided.kept and not Counter(decided.kept) - Counter(decided.dice)


def test_best_play_costs_nothing_and_computers_are_not_reviewed() -> None:
    state = played(best_play, seed=4)
    (person,) = review.review(engine.ENGINE.to_dict(state), ("", "strongest"), odds)
    assert person.seat == 0 and person.decisions > 0
    assert person.costliest == [] and person.cost < review.EPSILON
    block = review_view.seat_block(person, EN, "P1")
    assert block.summary.endswith("Every decision was best play.")


def test_a_seat_with_no_decision_judged_is_not_praised_for_best_play() -> None:
    """A play-tester's Bo played only in the final round and banked at 0 %: the review said
    "Bo: 0 decisions … Every decision was best play."."""
    seat = review.SeatReview(1, "Bo", 0, 0.0, 0.0)
    block = review_view.seat_block(seat, EN, "Bo")
    assert block.summary.startswith("Bo: no decision to judge here")
    assert "best play" not in block.summary and block.costliest == []


def test_people_with_no_decision_judged_share_one_line_where_the_first_of_them_sits() -> None:
    """Ana, Bo and Dan played only to win, Cleo made decisions: the reason is said once for
    the three, at Ana's place, then Cleo's summary (it was a sentence per seat)."""
    none = [review.SeatReview(seat, name, 0, 0.0, 0.0) for seat, name in ((0, "Ana"), (1, "Bo"))]
    cleo = review.SeatReview(2, "Cleo", 4, 1.5, 2.0)
    dan = review.SeatReview(3, "Dan", 0, 0.0, 0.0)
    names = ("Ana", "Bo", "Cleo", "Dan")
    blocks = review_view.seat_blocks([*none, cleo, dan], EN, names)
    assert [block.seat for block in blocks] == [0, 2]
    assert blocks[0].summary.startswith("Ana, Bo and Dan: no decision to judge here")
    assert blocks[1].summary.startswith("Cleo: 4 decisions")
    (alone,) = review_view.seat_blocks([dan], EN, names)
    assert alone.summary.startswith("Dan: no decision") and alone.seat == 3


def test_a_selection_that_brings_the_target_in_reach_is_not_judged_for_points() -> None:
    """X14: an audit's Ana took 1 1 and banked to the target of 2; the review called it 2.4
    points given up against taking one 1 for points. Taken to win, as the BANK after it."""
    state = typed(["Ana", "Bo"], 2, [[1, 1, 2, 3, 4, 6], (0, 1), "bank"])
    assert state.round is engine.Round.FINAL_ROUND
    ana, _bo = review.review(engine.ENGINE.to_dict(state), ("", ""), odds)
    assert ana.decisions == 0 and ana.costliest == [] and ana.unjudged > 1
    summary = review_view.seat_block(ana, EN, "Ana").summary
    # Her one turn was the race's, not the final round's (helper-21 read the reason as wrong).
    assert summary.startswith("Ana: no decision to judge") and "reaches the target" in summary


def test_a_costly_decision_is_said_with_its_dice() -> None:
    decision = review.Decision(
        0, 5, 3, (3, 5, 3, 3), 2.5, "select", (3, 3, 3), (3, 3, 3, 5), 23.33, ("race", 5)
    )
    costly = review_view.costly(decision, EN)
    assert costly.text == (
        "Round 5, roll 3 (3 5 3 3): took 3 3 3, best play takes 3 3 3 5:"
        " 23.3 points of expected value given up."
    )
    assert costly.taken == (True, False, True, True)
    bank = review.Decision(
        0, 2, 1, (5, 1, 2, 2, 3, 4), 15.0, "decide", "BANK", "ROLL AGAIN", 1.0, ("final", 1), (1, 5)
    )
    # What was taken before BANK, said and marked (an audit saw only the roll).
    assert review_view.costly(bank, EN).text == (
        "FINAL ROUND, roll 1 (5 1 2 2 3 4): took 1 5 and banked; rolling on was better:"
        " 1 point of expected value given up."
    )
    assert review_view.costly(bank, EN).taken == (True, True, False, False, False, False)


def test_a_decision_names_its_turn_as_the_score_sheet_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tester's review said "Turn 3" of a turn their score sheet showed as "Round 3": a
    decision carries the sheet's row. Decisions played to win are not judged on points (an
    audit was told a BANK past the target gave up 20.3 points, where the coach gave its
    chance to win): no turn of the final round, nor that BANK and the selection before it, is in
    the review."""
    monkeypatch.setattr(review, "SHOWN", 10_000)  # every decision, not the costliest few
    monkeypatch.setattr(review, "EPSILON", -1.0)
    names = ("", "", "")
    state = played(bank_a_little, seed=3, players=3, target=10)
    sheet = {(turn.seat, turn.row) for turn in score_sheet.played(state)[0]}
    made = {
        (seat.seat, decision.row)
        for seat in review.review(engine.ENGINE.to_dict(state), names, odds)
        for decision in seat.costliest
    }
    race = {(seat, row) for seat, row in sheet if row[0] == "race"}
    turns = score_sheet.played(state)[0]
    reached = next((t.seat, t.row) for t in reversed(turns) if t.row[0] == "race")
    # The turn that reached the target may have nothing judged: its last selection and BANK
    # were taken to win.
    assert made <= race and race - made <= {reached}
    assert ("final", 1) in {row for _, row in sheet}


def test_a_bank_that_reaches_the_target_against_rivals_is_not_judged_on_points() -> None:
    """Ana banks one 1 to reach a target of 1, five dice in hand: for points rolling on is far
    better, but the bank starts the final round with Bela to beat 0.5 (X14, X16): the coach
    gives its chance to win, and the review leaves it out, its points kept apart."""
    state = typed(["Ana", "Bela"], 1, [[1, 2, 3, 4, 6, 6], (0,), "bank"])
    assert state.round is engine.Round.FINAL_ROUND
    (ana, _bela) = review.review(engine.ENGINE.to_dict(state), ("", ""), odds)
    assert ana.decisions == 0 and ana.costliest == []  # the selection too: taken to win
    assert ana.unjudged > 1  # what rolling on would have averaged more
