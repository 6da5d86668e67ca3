"""A whole MISHIMASH game for 1 to 8 players: state as data, actions as values, on the kernel.

Points are kept in halves (exact integers). ROLL and ROLL AGAIN lead to a chance node: the next
action is the dice (`Dice`), which the app draws from the seed at (turn of the game, roll of the
turn), and a test or a real-dice mode types in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations, pairwise
from typing import Any

from cubiri import dice as seeded
from cubiri.kernel import (
    Action,
    Dice,
    Engine,
    GameInfo,
    RuleError,
    Throw,
    check_scheme,
    is_whole,
    whole_number,
)
from cubiri.mishimash.scoring import (
    DICE,
    is_bust,
    legal_value_selections,
    mishimash_bonus_halves,
    selection_halves,
    selection_problem,
    to_points,
)

MAX_PLAYERS = 8
MAX_NAME = 30
DEFAULT_TARGET = 1000  # X1


class Phase(StrEnum):
    ROLL = "roll"  # a turn starts with ROLL (X8)
    THROW = "throw"  # the dice are being thrown: the next action is `Dice`
    SELECT = "select"  # the roll scores: select at least one combination (X8)
    DECIDE = "decide"  # BANK or ROLL AGAIN (X10, X12)
    OVER = "over"


class Round(StrEnum):
    """Where the race is: before anyone reached the target, the final round, sudden death."""

    RACE = "normal"
    FINAL_ROUND = "final_round"  # X16
    SUDDEN_DEATH = "sudden_death"  # X17


# Actions ---------------------------------------------------------------------------------------
class Roll(Action, kind="roll"):
    """The first roll of a turn: six dice."""


class Select(Action, kind="select"):
    """Take these dice (indices into the roll on the table) as this roll's combinations."""

    dice: tuple[int, ...]


class Bank(Action, kind="bank", keeps_events=True):
    """Keep the turn's points (X10); a MISHIMASH just selected is still news."""


class RollAgain(Action, kind="roll_again", keeps_events=True):
    """Throw the dice left, or six after a MISHIMASH (X10, X12)."""


class Correct(Action, kind="correct", keeps_events=True):
    """Real dice only (issue 24): the table mends the points of `seat`'s turn of race round
    `round` by `halves` (a throw it forgot to type, a BANK typed wrong), between two turns,
    without undoing what came after. Not a move of the game: `legal_actions` never offers it."""

    seat: int
    round: int
    halves: int


# Events: what just happened, for the screen to tell --------------------------------------------
@dataclass(frozen=True)
class Banked:
    player: int
    halves: int


@dataclass(frozen=True)
class Bust:
    """X11: `player` threw `dice`, none scoring, and lost `halves` unbanked points."""

    player: int
    halves: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Mishimash:
    """X12: the turn's `number`-th MISHIMASH, worth `bonus_halves` (never multiplied)."""

    number: int
    bonus_halves: int


Event = Banked | Bust | Mishimash


# State -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    target: int
    seed: int
    totals: tuple[int, ...]  # banked points per player, in halves
    turns: tuple[int, ...]  # turns played per player (X15: the solo record)
    dice_scheme: int = seeded.SCHEME
    current: int = 0
    phase: Phase = Phase.ROLL
    dice: tuple[int, ...] = ()  # the dice on the table: the last roll
    selected: tuple[int, ...] = ()  # indices of `dice` taken by this roll's selection
    roll_number: int = 0  # k of X9, the roll on the table and its multiplier; kept by MISHIMASH
    dice_left: int = DICE  # how many dice ROLL AGAIN throws
    turn_halves: int = 0  # unbanked points of the turn, multipliers and bonuses included
    mishimashes: int = 0  # MISHIMASHes this turn (X12)
    round: Round = Round.RACE
    still_to_play: tuple[int, ...] = ()  # final round or sudden death: who plays, in order
    contenders: tuple[int, ...] = ()  # sudden death: the tied players (X17)
    winner: int | None = None
    log: tuple[Action, ...] = ()
    events: tuple[Event, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    def __repr__(self) -> str:
        totals = " · ".join(
            f"{n} {h / 2:g}" for n, h in zip(self.players, self.totals, strict=True)
        )
        return (
            f"<MISHIMASH to {self.target} seed={self.seed} [{totals}] {self.phase.value}"
            f" {self.players[self.current]} roll={self.roll_number}"
            f" dice={''.join(map(str, self.dice)) or '-'} turn_points={self.turn_halves / 2:g}>"
        )

    @property
    def turn_of_game(self) -> int:
        """Turns played so far by everyone: the first key of the dice stream."""
        return sum(self.turns)


def new_game(
    players: list[str] | tuple[str, ...],
    target: int = DEFAULT_TARGET,
    seed: int = 0,
    dice_scheme: int = seeded.SCHEME,
) -> State:
    if not isinstance(players, list | tuple):
        raise ValueError(f"players are a list of names, not {players!r}")
    names = tuple(_name(name) for name in players)
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"MISHIMASH is for 1 to {MAX_PLAYERS} players, not {len(names)}")
    if not is_whole(target) or target <= 0:
        raise ValueError(f"the target is a positive whole number, not {target!r}")  # X1
    zeros = (0,) * len(names)
    scheme = check_scheme(dice_scheme)  # cubiri.dice.TYPED: real dice, the seed decides none
    return State(names, target, whole_number(seed, "seed"), zeros, zeros, scheme)


def _name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a player's name is non-empty text, not {name!r}")
    trimmed: str = name.strip()
    if len(trimmed) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters: {trimmed!r}")
    return trimmed


def legal_selections(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every legal selection as dice indices, in increasing order (X6–X8)."""
    legal = set(legal_value_selections(roll))
    return [
        chosen
        for size in range(1, len(roll) + 1)
        for chosen in combinations(range(len(roll)), size)
        if tuple(sorted(roll[i] for i in chosen)) in legal
    ]


def points_to_pass(state: State) -> float | None:
    """In the final round or sudden death (X16, X17), the points the player to move must bank
    this turn to pass the best total of the players who still count (half a point more than the
    gap: a tie does not win); None during the race. The coach and the computer players read it.
    """
    if state.round is Round.RACE or state.over:
        return None
    me = state.current
    rivals = state.contenders if state.round is Round.SUDDEN_DEATH else range(len(state.players))
    best = max((state.totals[p] for p in rivals if p != me), default=0)
    return max(0, best - state.totals[me]) / 2 + 0.5


def bank_falls_short(need: float | None, points: float) -> bool:
    """Whether banking `points` this turn leaves the player below the best total that counts,
    `need` being `points_to_pass`: in the final round or sudden death a certain loss (X16,
    X17), where ROLL AGAIN is not (a bust loses no more); a level is not one (it can lead to a
    sudden death). The computers and the page's BANK both read it."""
    return need is not None and points < need - 0.5


# Legal actions and the chance node -------------------------------------------------------------
def _legal_actions(state: State) -> list[Action]:
    if state.phase is Phase.ROLL:
        return [Roll()]
    if state.phase is Phase.DECIDE:
        return [Bank(), RollAgain()]
    return [Select(dice) for dice in legal_selections(state.dice)]


def _throw(state: State) -> Throw | None:
    if state.phase is not Phase.THROW:
        return None
    # Keyed by the turn of the game and the roll of the turn only: the same seed throws the
    # same dice at that point whatever anyone chose before.
    return Throw(state.dice_left, (state.turn_of_game, state.roll_number))


def _setup(state: State) -> dict[str, Any]:
    return {"players": list(state.players), "target": state.target}


def _start(data: dict[str, Any], seed: int, dice_scheme: int) -> State:
    return new_game(data.get("players"), data.get("target"), seed, dice_scheme)  # type: ignore[arg-type]


_SNAPSHOT = (
    "totals",
    "turns",
    "current",
    "dice",
    "selected",
    "roll_number",
    "dice_left",
    "turn_halves",
    "mishimashes",
    "still_to_play",
    "contenders",
    "winner",
)


def _snapshot(state: State) -> dict[str, Any]:
    data = {key: getattr(state, key) for key in _SNAPSHOT}
    plain = {key: list(value) if isinstance(value, tuple) else value for key, value in data.items()}
    # "stage" is the name save version 1 gave the round.
    return {**plain, "phase": state.phase.value, "stage": state.round.value}


def _outcome(state: State) -> dict[str, Any]:
    """Each seat's banked total and turns, and the winner (X14–X17)."""
    return {
        "totals": [to_points(halves) for halves in state.totals],
        "turns": list(state.turns),
        "winner": state.winner,
        "target": state.target,
        "sudden_death": state.round is Round.SUDDEN_DEATH,
    }


INFO = GameInfo(
    name="mishimash",
    players=(1, MAX_PLAYERS),
    dice_per_throw=DICE,
    score=None,  # a total has no upper bound: the last turn may bank any amount (X9, X12)
    turns=(1, None),
)
ENGINE = Engine[State](
    "mishimash", _legal_actions, _throw, _setup, _start, _snapshot, _outcome, INFO
)
apply, play, legal_actions = ENGINE.apply, ENGINE.play, ENGINE.legal_actions
to_dict, from_dict, _error = ENGINE.to_dict, ENGINE.from_dict, ENGINE.error


# Handlers --------------------------------------------------------------------------------------
def _start_throw(state: State) -> State:
    # X9: the roll count goes on across a MISHIMASH.
    return replace(state, phase=Phase.THROW, selected=(), roll_number=state.roll_number + 1)


@ENGINE.rule(Roll)
def _roll(state: State, action: Roll) -> State:
    if state.phase is not Phase.ROLL:
        raise _error("not_turn_start", "ROLL starts a turn; mid-turn it is ROLL AGAIN")
    return _start_throw(state)


@ENGINE.rule(RollAgain)
def _roll_again(state: State, action: RollAgain) -> State:
    _require(state, Phase.DECIDE)
    return _start_throw(state)


@ENGINE.rule(Dice)
def _dice(state: State, action: Dice) -> State:
    after = replace(state, dice=action.values, phase=Phase.SELECT)
    if not is_bust(action.values):
        return after
    # X11: every unbanked point of the turn, bonuses included, is lost.
    bust = Bust(state.current, state.turn_halves, action.values)
    return _end_turn(replace(after, events=(*after.events, bust)))


@ENGINE.rule(Select)
def _select(state: State, action: Select) -> State:
    _require(state, Phase.SELECT)
    chosen = action.dice
    in_order = all(a < b for a, b in pairwise(chosen))
    if not in_order or not all(is_whole(i) and 0 <= i < len(state.dice) for i in chosen):
        raise _error("bad_die", f"not dice on the table, in increasing order: {chosen!r}")
    values = [state.dice[i] for i in chosen]
    problem = selection_problem(state.dice, values)
    if problem is not None:
        raise _error(problem, f"{sorted(values)} is not a legal selection of {state.dice}")
    halves = selection_halves(state.dice, values)
    assert halves is not None
    turn_halves = state.turn_halves + halves * state.roll_number  # X9
    mishimashes, dice_left = state.mishimashes, len(state.dice) - len(chosen)
    events: tuple[Event, ...] = ()
    if dice_left == 0:
        # X12: every die rolled was used: a bonus (never multiplied) and six dice back.
        mishimashes += 1
        bonus = mishimash_bonus_halves(mishimashes)
        turn_halves += bonus
        dice_left = DICE
        events = (Mishimash(mishimashes, bonus),)
    return replace(
        state,
        selected=chosen,
        turn_halves=turn_halves,
        mishimashes=mishimashes,
        dice_left=dice_left,
        phase=Phase.DECIDE,
        events=events,
    )


@ENGINE.rule(Bank)
def _bank(state: State, action: Bank) -> State:
    _require(state, Phase.DECIDE)
    totals = list(state.totals)
    totals[state.current] += state.turn_halves
    banked = Banked(state.current, state.turn_halves)
    return _end_turn(replace(state, totals=tuple(totals), events=(*state.events, banked)))


MAX_CORRECTION = 2 * 1_000_000  # halves: more than any turn of a table banks


@ENGINE.rule(Correct)
def _correct(state: State, action: Correct) -> State:
    if state.dice_scheme != seeded.TYPED:
        raise _error("not_real_dice", "only a game with real dice takes corrections")
    if state.phase is not Phase.ROLL or state.round is not Round.RACE:
        raise _error("correct_between_turns", "a correction comes between turns, in the race")
    seat, round_, halves = action.seat, action.round, action.halves
    if not (is_whole(seat) and 0 <= seat < len(state.players)):
        raise _error("bad_seat", f"no seat {seat!r}")
    if not (is_whole(round_) and 1 <= round_ <= state.turns[seat]):
        raise _error("bad_round", f"seat {seat} has played no turn of round {round_!r}")
    if not (is_whole(halves) and halves != 0 and abs(halves) <= MAX_CORRECTION):
        raise _error(
            "bad_correction", f"a correction is a non-zero number of points, not {halves!r}"
        )
    total = state.totals[seat] + halves
    if total < 0:
        raise _error("correct_below_zero", "a correction cannot take a total below 0")
    if total >= state.target * 2:
        # X14: the target is reached by a BANK, which starts the final round: UNDO to play it.
        raise _error("correct_reaches_target", "a correction cannot reach the target")
    totals = tuple(total if p == seat else t for p, t in enumerate(state.totals))
    return replace(state, totals=totals)


def _end_turn(state: State) -> State:
    """Count the turn, then decide who plays next or who has won (X14–X17)."""
    player = state.current
    turns = list(state.turns)
    turns[player] += 1
    state = replace(
        state,
        turns=tuple(turns),
        phase=Phase.ROLL,
        roll_number=0,
        dice_left=DICE,
        turn_halves=0,
        mishimashes=0,
    )
    reached = state.totals[player] >= state.target * 2  # X14: checked only after a BANK
    count = len(state.players)
    if state.solo:
        return replace(state, phase=Phase.OVER, winner=0) if reached else state  # X15
    if state.round is Round.RACE:
        if not reached:
            return replace(state, current=(player + 1) % count)
        # X16: everyone else plays once more, from the next player on, without restarting.
        others = tuple((player + offset) % count for offset in range(1, count))
        return replace(state, round=Round.FINAL_ROUND, still_to_play=others, current=others[0])
    waiting = state.still_to_play[1:]
    if waiting:
        return replace(state, still_to_play=waiting, current=waiting[0])
    return _after_round(state, player)


def _after_round(state: State, last: int) -> State:
    """The final round or a sudden-death round is over: a winner, or sudden death (X17)."""
    field_ = state.contenders if state.round is Round.SUDDEN_DEATH else range(len(state.players))
    best = max(state.totals[p] for p in field_)
    leaders = [p for p in field_ if state.totals[p] == best]
    if len(leaders) == 1:
        return replace(state, phase=Phase.OVER, winner=leaders[0], still_to_play=())
    # X17: only the tied players play, one turn each, in table order from after the last turn.
    count = len(state.players)
    order = tuple(
        (last + offset) % count
        for offset in range(1, count + 1)
        if (last + offset) % count in leaders
    )
    return replace(
        state,
        round=Round.SUDDEN_DEATH,
        contenders=order,
        still_to_play=order,
        current=order[0],
    )


def _require(state: State, phase: Phase) -> None:
    if state.phase is not phase:
        needs = {
            Phase.ROLL: ("not_rolled", "press ROLL first"),
            Phase.SELECT: ("select_first", "select at least one combination first (X8)"),
        }.get(state.phase, ("wrong_phase", f"not possible now ({state.phase.value})"))
        raise _error(*needs)


__all__ = [
    "DEFAULT_TARGET",
    "ENGINE",
    "INFO",
    "MAX_NAME",
    "MAX_PLAYERS",
    "Action",
    "Bank",
    "Banked",
    "Bust",
    "Correct",
    "Dice",
    "Event",
    "Mishimash",
    "Phase",
    "Roll",
    "RollAgain",
    "Round",
    "RuleError",
    "Select",
    "State",
    "apply",
    "bank_falls_short",
    "from_dict",
    "legal_actions",
    "legal_selections",
    "new_game",
    "play",
    "points_to_pass",
    "to_dict",
]
