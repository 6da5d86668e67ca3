"""The review of a MISHIMASH game as the end screen shows it (issue 25): a line per person, and
their costliest decisions, each a sentence and the roll it was made on (the dice taken marked).

Pure Python over app.pure.review."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from app.pure.i18n import Translator
from app.pure.review import Decision, SeatReview
from app.pure.score_sheet import row_label
from cubiri.mishimash.strategy import BANK


@dataclass(frozen=True)
class Costly:
    text: str
    dice: tuple[int, ...]
    taken: tuple[bool, ...]  # the dice this decision took (a selection), else all False


@dataclass(frozen=True)
class SeatBlock:
    summary: str
    costliest: list[Costly]
    seat: int = 0  # the (first) seat it is about


def _points(value: float) -> float:
    return round(value, 1)


def _faces(dice: tuple[int, ...]) -> str:
    return " ".join(map(str, dice))


def _taken(dice: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[bool, ...]:
    left = Counter(chosen)
    marks = []
    for value in dice:
        marks.append(left[value] > 0)
        left[value] -= 1
    return tuple(marks)


def costly(decision: Decision, t: Translator) -> Costly:
    where = {"when": row_label(*decision.row, t), "roll": t.number(decision.roll)}
    given_up = t.plural("review.given_up", _points(decision.cost))
    if decision.kind == "select":
        assert isinstance(decision.chosen, tuple) and isinstance(decision.best, tuple)
        text = t(
            "review.took",
            **where,
            dice=_faces(decision.dice),
            chosen=_faces(decision.chosen),
            best=_faces(decision.best),
            given_up=given_up,
        )
        return Costly(text, decision.dice, _taken(decision.dice, decision.chosen))
    key = "review.banked" if decision.chosen == BANK else "review.rolled"
    kept = _faces(decision.kept)
    text = t(key, **where, dice=_faces(decision.dice), kept=kept, given_up=given_up)
    return Costly(text, decision.dice, _taken(decision.dice, decision.kept))


def seat_blocks(
    reviews: Sequence[SeatReview], t: Translator, names: Sequence[str]
) -> list[SeatBlock]:
    """Each person's block, in seat order; the people with no decision judged share one, at
    the first one's place: the reason, a sentence long, read the same once per seat at a
    table of several people who played only to win."""
    blocks: list[SeatBlock] = []
    unjudged = [seat for seat in reviews if seat.decisions == 0]
    for seat in reviews:
        if seat.decisions:
            blocks.append(seat_block(seat, t, names[seat.seat]))
        elif seat is unjudged[0]:
            together = t.list_names([names[other.seat] for other in unjudged])
            blocks.append(SeatBlock(t("review.none", name=together), [], seat.seat))
    return blocks


def seat_block(review: SeatReview, t: Translator, name: str) -> SeatBlock:
    if review.decisions == 0:  # a tester read "0 decisions … Every decision was best play."
        return SeatBlock(t("review.none", name=name), [], review.seat)
    parts = [
        t.plural("review.decisions", review.decisions),
        t.plural("review.given_up", _points(review.cost)),
    ]
    luck = _points(review.luck)
    if luck >= 0:
        parts.append(t.plural("review.lucky", luck))
    else:
        parts.append(t.plural("review.unlucky", -luck))
    summary = t("review.seat", name=name, parts=t.list_names(parts))
    if not review.costliest:
        summary += " " + t("review.perfect")
    return SeatBlock(summary, [costly(d, t) for d in review.costliest], review.seat)
