"""Where points on average are the wrong measure, the coach and the review do not use them: a
solo MISHIMASH where BANK reaches the target (X15: the record is the number of turns), and the
turns of a final round. A tester, solo to 30 with 16 banked, threw 5 4 4 6 5 6 and took all six
(a MISHIMASH, 20 points): the coach said "BANK 20 · rolling on is worth 34 on average: roll on."
and the review ranked the winning BANK as the costliest decision of the game."""

from __future__ import annotations

from pathlib import Path

from app.pure import review
from app.pure.coach import build_coach
from app.pure.i18n import load_translator
from cubiri.mishimash import game, odds
from tests.test_win_chance import typed

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")
THREE_PAIRS = [5, 4, 4, 6, 5, 6]
ALL_SIX = (0, 1, 2, 3, 4, 5)
SIXTEEN: list[object] = [
    [1, 1, 1, 2, 3, 4],
    (0, 1, 2),
    "bank",
    [6, 6, 6, 2, 3, 4],
    (0, 1, 2),
    "bank",
]


def test_a_bank_that_reaches_the_target_is_the_advice() -> None:
    state = typed(["Ana"], 30, [*SIXTEEN, THREE_PAIRS])
    assert state.totals == (32,) and state.phase is game.Phase.SELECT  # 16 banked, in halves
    lines = build_coach(state, frozenset(ALL_SIX), t, frozenset({0})).lines
    assert lines == (
        "Best play takes the 4, 4, 5, 5, 6 and 6, then press BANK: the target is reached this "
        "turn.",
        "BANK 20 reaches the target this turn; rolling on can only lose it: bank.",
    )
    # One 5 alone does not reach it: BANK or ROLL AGAIN after it are weighed by points.
    one_five = build_coach(state, frozenset({0}), t, frozenset({0})).lines
    assert one_five[0].startswith("Best play takes the 4, 4, 5, 5, 6 and 6, then press BANK")
    assert len(one_five) == 2 and "on average" in one_five[1]


def test_the_review_counts_the_winning_bank_as_best_play() -> None:
    state = typed(["Ana"], 30, [*SIXTEEN, THREE_PAIRS, ALL_SIX, "bank"])
    assert state.phase is game.Phase.OVER
    (mine,) = review.review(game.ENGINE.to_dict(state), [""], odds)
    # The two small banks before it did give up points (rolling on averaged more); the
    # MISHIMASH and its BANK, on turn 3, cost nothing.
    assert [decision.turn for decision in mine.costliest] == [2, 1]


def test_no_points_verdict_on_a_turn_of_the_final_round() -> None:
    """A tester tied the leader on purpose in the final round (a sudden death to follow) and
    was told "From that first roll, best play would have averaged 14.8 for Ana"."""
    race = typed(["Ana", "Bela"], 50, [[1, 2, 3, 4, 6, 6], (0,), "bank"])
    said = build_coach(race, frozenset(), t, frozenset({0, 1})).lines
    assert any(line.startswith("From that first roll") for line in said)
    final = typed(
        ["Ana", "Bela"],
        10,
        [[1, 1, 1, 2, 3, 4], (0, 1, 2), "bank", [1, 1, 1, 2, 3, 4], (0, 1, 2), "bank"],
    )
    assert final.round is game.Round.SUDDEN_DEATH
    said = build_coach(final, frozenset(), t, frozenset({0, 1})).lines
    assert not any(line.startswith("From that first roll") for line in said)
