"""A whole MISHIMASH game for 1 to 8 players: state as data, actions as values.

Points are kept in halves (exact integers). The state carries its log, dice results
included, so it replays exactly and its dice come from the seed unless a test scripts them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from cubiri.dice import Randint, replay_log, seeded_dice
from cubiri.errors import RuleError
from cubiri.mishimash.scoring import (
    DICE,
    is_bust,
    legal_value_selections,
    mishimash_bonus_halves,
    selection_halves,
    selection_problem,
)

MAX_PLAYERS = 8
MAX_NAME = 30
DEFAULT_TARGET = 1000  # X1
SAVE_VERSION = 1


class Phase(StrEnum):
    ROLL = "roll"  # a turn starts with ROLL (X8)
    SELECT = "select"  # the roll scores: select at least one combination (X8)
    DECIDE = "decide"  # BANK or ROLL AGAIN (X10, X12)
    OVER = "over"


class Stage(StrEnum):
    NORMAL = "normal"
    FINAL_ROUND = "final_round"  # X16
    SUDDEN_DEATH = "sudden_death"  # X17


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    """The first roll of a turn: six dice."""


@dataclass(frozen=True)
class Select:
    dice: tuple[int, ...]  # indices into the dice on the table


@dataclass(frozen=True)
class Bank:
    pass


@dataclass(frozen=True)
class RollAgain:
    pass


Action = Roll | Select | Bank | RollAgain


class MishimashError(RuleError):
    code = "mishimash.rule"


def _error(code: str, message: str) -> MishimashError:
    return MishimashError(message, f"mishimash.{code}")


# State -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    target: int
    seed: int
    totals: tuple[int, ...]  # banked points per player, in halves
    turns: tuple[int, ...]  # turns played per player (X15: the solo record)
    current: int = 0
    phase: Phase = Phase.ROLL
    dice: tuple[int, ...] = ()  # the dice on the table: the last roll
    selected: tuple[int, ...] = ()  # indices of `dice` taken by this roll's selection
    roll_number: int = 0  # k of X9: rolls so far this turn, MISHIMASH does not reset it
    dice_left: int = DICE  # how many dice ROLL AGAIN throws
    turn_halves: int = 0  # unbanked points of the turn, multipliers and bonuses included
    mishimashes: int = 0  # MISHIMASHes this turn (X12)
    stage: Stage = Stage.NORMAL
    still_to_play: tuple[int, ...] = ()  # final round or sudden death: who plays, in order
    contenders: tuple[int, ...] = ()  # sudden death: the tied players (X17)
    winner: int | None = None
    log: tuple[dict[str, Any], ...] = field(default=(), compare=False, repr=False)

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def multiplier(self) -> int:
        """The multiplier of the roll on the table (X9)."""
        return self.roll_number

    def points_of(self, dice: tuple[int, ...]) -> int | None:
        """What selecting these dice of the table would add, multiplier applied; None if
        the selection is not legal."""
        values = [self.dice[i] for i in dice if 0 <= i < len(self.dice)]
        if len(values) != len(dice) or len(set(dice)) != len(dice):
            return None
        halves = selection_halves(self.dice, values)
        return None if halves is None else halves * self.multiplier


def new_game(
    players: list[str] | tuple[str, ...], target: int = DEFAULT_TARGET, seed: int = 0
) -> State:
    names = tuple(_name(name) for name in players)
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"MISHIMASH is for 1 to {MAX_PLAYERS} players, not {len(names)}")
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise ValueError(f"the target is a positive whole number, not {target!r}")  # X1
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    zeros = (0,) * len(names)
    return State(players=names, target=target, seed=seed, totals=zeros, turns=zeros)


def _name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a player's name is non-empty text, not {name!r}")
    trimmed: str = name.strip()
    if len(trimmed) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters: {trimmed!r}")
    return trimmed


# Legal actions ---------------------------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    if state.phase is Phase.ROLL:
        return [Roll()]
    if state.phase is Phase.DECIDE:
        return [Bank(), RollAgain()]
    if state.phase is Phase.SELECT:
        return [Select(dice) for dice in legal_selections(state.dice)]
    return []


def legal_selections(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every legal selection as dice indices, one per distinct multiset of values."""
    selections = []
    for values in legal_value_selections(roll):
        indices: list[int] = []
        for value in values:
            indices.append(next(i for i, d in enumerate(roll) if d == value and i not in indices))
        selections.append(tuple(sorted(indices)))
    return selections


# Apply -----------------------------------------------------------------------------------------
def apply(state: State, action: Action, rng: Randint | None = None) -> State:
    """The state after `action`, or a MishimashError saying why it is not allowed."""
    if state.phase is Phase.OVER:
        raise _error("game_over", "the game is over")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise _error("unknown_action", f"not a MISHIMASH action: {action!r}")
    return handler(state, action, rng)


def _roll(state: State, action: Roll, rng: Randint | None) -> State:
    if state.phase is not Phase.ROLL:
        raise _error("not_turn_start", "ROLL starts a turn; mid-turn it is ROLL AGAIN")
    return _throw(state, DICE, action, rng)


def _roll_again(state: State, action: RollAgain, rng: Randint | None) -> State:
    _require(state, Phase.DECIDE)
    return _throw(state, state.dice_left, action, rng)


def _throw(state: State, count: int, action: Action, rng: Randint | None) -> State:
    source = rng if rng is not None else seeded_dice(state.seed, len(state.log))
    dice = tuple(source.randint(1, 6) for _ in range(count))
    record = {**action_to_dict(action), "result": list(dice)}
    bust = is_bust(dice)
    if bust:
        # For the record of the turn: who busted and what it cost (in halves).
        record.update(player=state.current, lost=state.turn_halves)
    after = replace(
        state,
        dice=dice,
        selected=(),
        roll_number=state.roll_number + 1,  # X9: the count goes on across MISHIMASH
        phase=Phase.SELECT,
        log=(*state.log, record),
    )
    if bust:
        # X11: every unbanked point of the turn, bonuses included, is lost.
        return _end_turn(after)
    return after


def _select(state: State, action: Select, rng: Randint | None) -> State:
    _require(state, Phase.SELECT)
    chosen = tuple(action.dice)
    if len(set(chosen)) != len(chosen) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(state.dice) for i in chosen
    ):
        raise _error("bad_die", f"not dice on the table: {chosen!r}")
    values = [state.dice[i] for i in chosen]
    problem = selection_problem(state.dice, values)
    if problem is not None:
        raise _error(problem, f"{sorted(values)} is not a legal selection of {state.dice}")
    halves = selection_halves(state.dice, values)
    assert halves is not None
    turn_halves = state.turn_halves + halves * state.multiplier  # X9
    mishimashes, dice_left = state.mishimashes, len(state.dice) - len(chosen)
    record = action_to_dict(action)
    if dice_left == 0:
        # X12: every die rolled was used: a bonus (never multiplied) and six dice back.
        mishimashes += 1
        turn_halves += mishimash_bonus_halves(mishimashes)
        dice_left = DICE
        record["mishimash"] = mishimash_bonus_halves(mishimashes)
    return replace(
        state,
        selected=tuple(sorted(chosen)),
        turn_halves=turn_halves,
        mishimashes=mishimashes,
        dice_left=dice_left,
        phase=Phase.DECIDE,
        log=(*state.log, record),
    )


def _bank(state: State, action: Bank, rng: Randint | None) -> State:
    _require(state, Phase.DECIDE)
    totals = list(state.totals)
    totals[state.current] += state.turn_halves
    record = {**action_to_dict(action), "player": state.current, "points": state.turn_halves}
    banked = replace(state, totals=tuple(totals), log=(*state.log, record))
    return _end_turn(banked)


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
    if state.stage is Stage.NORMAL:
        if not reached:
            return replace(state, current=(player + 1) % count)
        # X16: everyone else plays once more, from the next player on, without restarting.
        others = tuple((player + offset) % count for offset in range(1, count))
        return replace(state, stage=Stage.FINAL_ROUND, still_to_play=others, current=others[0])
    waiting = state.still_to_play[1:]
    if waiting:
        return replace(state, still_to_play=waiting, current=waiting[0])
    return _after_round(state, player)


def _after_round(state: State, last: int) -> State:
    """The final round or a sudden-death round is over: a winner, or sudden death (X17)."""
    field_ = state.contenders if state.stage is Stage.SUDDEN_DEATH else range(len(state.players))
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
        stage=Stage.SUDDEN_DEATH,
        contenders=order,
        still_to_play=order,
        current=order[0],
    )


_HANDLERS: dict[type, Callable[[State, Any, Randint | None], State]] = {
    Roll: _roll,
    Select: _select,
    Bank: _bank,
    RollAgain: _roll_again,
}


def _require(state: State, phase: Phase) -> None:
    if state.phase is not phase:
        needs = {
            Phase.ROLL: ("not_rolled", "press ROLL first"),
            Phase.SELECT: ("select_first", "select at least one combination first (X8)"),
        }.get(state.phase, ("wrong_phase", f"not possible now ({state.phase.value})"))
        raise _error(*needs)


# Log, JSON and replay --------------------------------------------------------------------------
def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"type": "roll"}
    if isinstance(action, Select):
        return {"type": "select", "dice": list(action.dice)}
    if isinstance(action, Bank):
        return {"type": "bank"}
    if isinstance(action, RollAgain):
        return {"type": "roll_again"}
    raise ValueError(f"not a MISHIMASH action: {action!r}")


def action_from_dict(data: Any) -> Action:
    if not isinstance(data, dict):
        raise ValueError(f"an action is an object, not {data!r}")
    kind = data.get("type")
    if kind == "roll":
        return Roll()
    if kind == "bank":
        return Bank()
    if kind == "roll_again":
        return RollAgain()
    if kind == "select":
        dice = data.get("dice")
        if not isinstance(dice, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in dice
        ):
            raise ValueError(f"malformed select action: {data!r}")
        return Select(tuple(dice))
    raise ValueError(f"unknown action type {kind!r}")


def replay(players: list[str], target: int, seed: int, log: list[Any]) -> State:
    """Rebuild a game from its log, checking every action against the rules."""
    return replay_log(
        new_game(players, target, seed), log, action_from_dict, apply, (Roll, RollAgain)
    )


_SNAPSHOT = (
    "totals",
    "turns",
    "current",
    "phase",
    "dice",
    "selected",
    "roll_number",
    "dice_left",
    "turn_halves",
    "mishimashes",
    "stage",
    "still_to_play",
    "contenders",
    "winner",
)


def to_dict(state: State) -> dict[str, Any]:
    """Plain JSON: the log (the truth) and a snapshot of what it leads to (a checksum)."""
    data: dict[str, Any] = {
        "game": "mishimash",
        "version": SAVE_VERSION,
        "players": list(state.players),
        "target": state.target,
        "seed": state.seed,
        "log": [dict(entry) for entry in state.log],
    }
    for key in _SNAPSHOT:
        value = getattr(state, key)
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


def from_dict(data: Any) -> State:
    """The state saved by `to_dict`, rebuilt by replaying its log; ValueError if anything is
    missing, malformed, illegal or disagrees with the snapshot (a corrupt or tampered save)."""
    if not isinstance(data, dict) or data.get("game") != "mishimash":
        raise ValueError("not a saved MISHIMASH game")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"unsupported save version {data.get('version')!r}")
    players, log = data.get("players"), data.get("log")
    if not isinstance(players, list) or not isinstance(log, list):
        raise ValueError("a saved game needs its players and its log")
    state = replay(players, data.get("target"), data.get("seed"), log)  # type: ignore[arg-type]
    snapshot = to_dict(state)
    for key in _SNAPSHOT:
        if data.get(key) != snapshot[key]:
            raise ValueError(f"saved {key} {data.get(key)!r} disagrees with its log")
    return state
