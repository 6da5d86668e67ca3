"""The review of a MISHIMASH game (issue 25): every decision each person made, against best play
for expected points (the strategy behind the coach), the points of expected value it gave up,
the costliest ones on their dice, and the luck of the dice.

A decision is a selection (which dice to take from a roll) or BANK / ROLL AGAIN. Its cost is
the value of the best option minus the value of the one taken, each valued as the turn's
expected final points when every later choice is best (`turn_value`), so it is never negative
and zero for best play. The luck of a throw is the value of the best play of the dice thrown
(0 for a bust) minus what the throw was worth on average before it was thrown; over a game the
luck and the costs account for the points banked against the expected points.

Where a game of several plays to *win*, points on average are the wrong measure, and the coach
gives the chance to win instead: the turns of a final round or a sudden death (X16, X17), and a
BANK that reaches the target (X14) with the selection that brings it in reach. Those decisions
are not judged (an audit banked 16 past a target of 10, the coach said "your chance to win is
then 65%", and the review called it 20.3 points given up); what they gave up in points is kept
apart (`unjudged`), so the points banked still add up. In a solo game a BANK that reaches the
target ends the game on this turn (X15: the record is the turns), so it is best play whatever
rolling on would average: rolling on there costs the turn's points times the chance that the
next throw busts.

Pure Python. `values` is where the numbers come from: the page passes the coach's shipped tables
(`cubiri.mishimash.odds`); tests pass the exact strategy and check the two agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from app.pure.score_sheet import turn_row
from cubiri.kernel import Dice, action_from_dict
from cubiri.mishimash import game as mishimash
from cubiri.mishimash.game import Bank, Phase, Roll, RollAgain, Select
from cubiri.mishimash.strategy import BANK, ROLL_AGAIN, Choice, Option, bust_chance

SHOWN = 3  # the costliest decisions shown on their dice
EPSILON = 0.005  # less than this is best play (the tables' rounding)


class Values(Protocol):
    def selections(
        self, roll: Sequence[int], points: float, roll_index: int, mishimash_count: int
    ) -> list[Option]: ...

    def choice(
        self, points: float, dice_left: int, roll_index: int, mishimash_count: int
    ) -> Choice: ...

    def roll_on(
        self, points: float, dice_left: int, roll_index: int, mishimash_count: int
    ) -> float: ...


@dataclass(frozen=True)
class Decision:
    seat: int
    turn: int  # the seat's own turn, from 1
    roll: int  # the roll of the turn (its multiplier)
    dice: tuple[int, ...]  # the roll on the table
    points: float  # the turn's points before this decision
    kind: str  # "select" or "decide"
    chosen: tuple[int, ...] | str  # the dice taken, or BANK / ROLL_AGAIN
    best: tuple[int, ...] | str
    cost: float  # expected points given up, >= 0
    # The score sheet's row of the turn: ("race", its round), ("final", 1) or ("sudden", n),
    # so the review names a turn as the sheet does (a tester read "Turn 3" for FINAL ROUND).
    row: tuple[str, int] = ("race", 1)
    # BANK or ROLL AGAIN: the dice this roll's selection took (an audit could not tell, from
    # the roll alone, what had been kept before banking).
    kept: tuple[int, ...] = ()


@dataclass(frozen=True)
class SeatReview:
    seat: int
    name: str
    decisions: int
    cost: float  # all its decisions' costs
    luck: float  # the dice against their average
    costliest: list[Decision] = field(default_factory=list)  # at most SHOWN, costliest first
    unjudged: float = 0.0  # the points given up by decisions played to win (not judged)


def review(log: dict[str, Any], levels: Sequence[str], values: Values) -> list[SeatReview]:
    """Each person's review of the game whose engine `to_dict` is `log` (`levels`: "" for a
    person, else a computer's level; computers are not reviewed)."""
    state = mishimash.new_game(log["players"], log["target"], log["seed"], log["dice_scheme"])
    people = [seat for seat in range(len(state.players)) if not _level(levels, seat)]
    decisions: dict[int, list[Decision]] = {seat: [] for seat in people}
    luck = dict.fromkeys(people, 0.0)
    unjudged = dict.fromkeys(people, 0.0)
    turn = [0] * len(state.players)
    row, sudden = ("race", 1), 0
    for raw in log["log"]:
        action = action_from_dict(mishimash.ENGINE.kinds, raw)
        seat = state.current
        if isinstance(action, Roll):  # a turn begins
            turn[seat] += 1
            row, sudden = turn_row(state, seat, sudden)
        if seat in decisions:
            decision: Decision | None = None
            if isinstance(action, Dice) and state.phase is Phase.THROW:
                luck[seat] += _luck(state, action.values, values)
            elif isinstance(action, Select):
                decision = _selection(state, action, turn[seat], values)
            elif isinstance(action, Bank | RollAgain):
                decision = _decide(state, action, turn[seat], values)
            if decision is not None and (plays_to_win(state) or _brings_the_target(state, action)):
                unjudged[seat] += decision.cost
            elif decision is not None:
                decisions[seat].append(replace(decision, row=row))
        state = mishimash.ENGINE.apply(state, action)
    reviews = []
    for seat in people:
        made = decisions[seat]
        costly = sorted((d for d in made if d.cost >= EPSILON), key=lambda d: -d.cost)
        reviews.append(
            SeatReview(
                seat,
                state.players[seat],
                len(made),
                sum(d.cost for d in made),
                luck[seat],
                costly[:SHOWN],
                unjudged[seat],
            )
        )
    return reviews


def _luck(state: mishimash.State, dice: tuple[int, ...], values: Values) -> float:
    """The throw's best value against its average (the value of rolling on, before it)."""
    points, k, m = state.turn_halves / 2, state.roll_number, state.mishimashes
    average = values.roll_on(points, state.dice_left, k, m)
    options = values.selections(dice, points, k, m)
    return (options[0].value if options else 0.0) - average


def _selection(state: mishimash.State, action: Select, turn: int, values: Values) -> Decision:
    points = state.turn_halves / 2
    options = values.selections(state.dice, points, state.roll_number, state.mishimashes)
    taken = tuple(sorted(state.dice[i] for i in action.dice))
    chosen = next(o for o in options if tuple(sorted(o.values)) == taken)
    best = options[0]
    if bank_ends_solo(mishimash.ENGINE.apply(state, action)):
        return _made(state, turn, "select", taken, taken, 0.0)  # and BANK: the target
    return _made(
        state, turn, "select", taken, tuple(sorted(best.values)), best.value - chosen.value
    )


def _decide(
    state: mishimash.State, action: Bank | RollAgain, turn: int, values: Values
) -> Decision:
    points = state.turn_halves / 2
    choice = values.choice(points, state.dice_left, state.roll_number + 1, state.mishimashes)
    taken = BANK if isinstance(action, Bank) else ROLL_AGAIN
    if bank_ends_solo(state):
        cost = 0.0 if taken == BANK else choice.bank * bust_chance(state.dice_left)
        return _made(state, turn, "decide", taken, BANK, cost)
    value = choice.bank if taken == BANK else choice.roll
    return _made(state, turn, "decide", taken, choice.action, max(choice.bank, choice.roll) - value)


def plays_to_win(state: mishimash.State) -> bool:
    """Whether the decision in front of `state`'s player, in a game of several, is one to win
    rather than to score: a turn of the final round or a sudden death, or a BANK that
    reaches the target and starts the final round."""
    if state.solo:
        return False
    if state.round is not mishimash.Round.RACE:
        return True
    if state.phase is not Phase.DECIDE:
        return False
    return mishimash.ENGINE.apply(state, Bank()).round is not mishimash.Round.RACE


def _brings_the_target(state: mishimash.State, action: object) -> bool:
    """A selection of a game of several after which BANK reaches the target: taken to win, as
    that BANK is (an audit's winning 1 1 was judged against one 1 for points)."""
    if state.solo or not isinstance(action, Select):
        return False
    return plays_to_win(mishimash.ENGINE.apply(state, action))


def bank_ends_solo(state: mishimash.State) -> bool:
    """A solo game whose BANK now reaches the target (X15); the coach asks it too."""
    return state.solo and mishimash.ENGINE.apply(state, Bank()).phase is Phase.OVER


def _made(
    state: mishimash.State,
    turn: int,
    kind: str,
    chosen: tuple[int, ...] | str,
    best: tuple[int, ...] | str,
    cost: float,
) -> Decision:
    """The decision in front of `state`'s player (a cost under 0 is the tables' rounding)."""
    where = (state.current, turn, state.roll_number, state.dice, state.turn_halves / 2)
    kept = tuple(sorted(state.dice[i] for i in state.selected)) if kind == "decide" else ()
    return Decision(*where, kind, chosen, best, max(0.0, cost), kept=kept)


def _level(levels: Sequence[str], seat: int) -> str:
    return levels[seat] if seat < len(levels) else ""
