"""A whole MAGDAGDON game: state as data, actions as values, `apply` and `legal_actions`.

The state carries its log (every action, dice results included), so it replays exactly and its
dice source is derived from the seed: `apply` needs no random object unless a test scripts dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from itertools import combinations
from typing import Any

from cubiri.dice import Randint, replay_log, seeded_dice
from cubiri.errors import RuleError
from cubiri.magdagdon.board import (
    CELLS,
    EMPTY,
    RUIN,
    Board,
    Masks,
    bits,
    empty_cells,
    format_board,
    neighbours,
    parse_board,
    placeable,
)
from cubiri.magdagdon.difficulty import DIFFICULTIES, Difficulty, difficulty
from cubiri.magdagdon.scoring import Breakdown, breakdown

DICE_PER_ROLL = 4  # M2
SAVE_VERSION = 1


class Phase(StrEnum):
    ROLL = "roll"  # waiting for ROLL (M2)
    PLACE = "place"  # staging dice (M3–M4), powers allowed (M13–M14)
    MAGDAGDON = "magdagdon"  # the roll cannot be placed (M16): a power or ACCEPT (M17)
    RUIN = "ruin"  # accepted: pick the cell that becomes a RUIN (M18)
    OVER = "over"  # every cell is a number or a RUIN (M25)


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class Stage:
    die: int  # index 0–3 into the roll
    cell: int  # 0–15, row * 4 + col


@dataclass(frozen=True)
class Unstage:
    cell: int


@dataclass(frozen=True)
class Confirm:
    pass


@dataclass(frozen=True)
class Adjust:
    """DECREASE −1 (delta −1) or INCREASE +1 (delta +1), one power use (M13)."""

    die: int
    delta: int


@dataclass(frozen=True)
class Reroll:
    """REROLL the chosen available dice together, one power use whatever the count (M13)."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class AcceptMagdagdon:
    pass


@dataclass(frozen=True)
class PlaceRuin:
    cell: int


Action = Roll | Stage | Unstage | Confirm | Adjust | Reroll | AcceptMagdagdon | PlaceRuin


# Errors (stable codes for the UI) --------------------------------------------------------------
class MagdagdonError(RuleError):
    code = "magdagdon.rule"


def _error(code: str, message: str) -> MagdagdonError:
    return MagdagdonError(message, f"magdagdon.{code}")


# State -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    difficulty: str
    seed: int
    board: Board = (EMPTY,) * CELLS  # the permanent cells
    dice: tuple[int, ...] = ()  # the current roll's values (after powers); () between turns
    staged: tuple[tuple[int, int], ...] = ()  # (die, cell) in the order staged (M12)
    powers_used: int = 0
    turns: int = 0  # M25: a ROLL that ended in CONFIRM or in a RUIN
    phase: Phase = Phase.ROLL
    log: tuple[dict[str, Any], ...] = field(default=(), compare=False, repr=False)

    @property
    def rules(self) -> Difficulty:
        return difficulty(self.difficulty)

    @property
    def staged_board(self) -> Board:
        """The board with this turn's staged dice on it: what later placements see (M12)."""
        cells = list(self.board)
        for die, cell in self.staged:
            cells[cell] = self.dice[die]
        return tuple(cells)

    @property
    def available(self) -> tuple[int, ...]:
        """Indices of the dice neither staged nor (after CONFIRM) discarded."""
        used = {die for die, _ in self.staged}
        return tuple(i for i in range(len(self.dice)) if i not in used)

    @property
    def minimum(self) -> int:
        """M6: the normal minimum, lowered to the permanent empty cells (staged count as empty)."""
        return min(self.rules.minimum, empty_cells(self.board))

    @property
    def powers_left(self) -> int:
        return self.rules.powers - self.powers_used

    @property
    def next_penalty(self) -> int | None:
        """What the next power use would cost (M15), None when no use is left."""
        if self.powers_left <= 0:
            return None
        return int(self.rules.penalties[self.powers_used])

    def legal_cells(self, die: int) -> list[int]:
        """The cells where available die `die` may be staged now (M8–M12)."""
        if self.phase is not Phase.PLACE or die not in self.available:
            return []
        return list(bits(Masks.of(self.staged_board).legal(self.dice[die])))

    def score(self) -> Breakdown:
        return breakdown(self.board, self.difficulty, self.powers_used)


def new_game(difficulty_name: str, seed: int) -> State:
    difficulty(difficulty_name)  # validates the name
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return State(difficulty=difficulty_name, seed=seed)


# Legal actions ---------------------------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    phase = state.phase
    if phase is Phase.ROLL:
        return [Roll()]
    if phase is Phase.RUIN:
        return [PlaceRuin(cell) for cell in range(CELLS) if state.board[cell] == EMPTY]
    if phase is Phase.OVER:
        return []
    actions: list[Action] = []
    if phase is Phase.PLACE:
        actions += [Stage(die, cell) for die in state.available for cell in state.legal_cells(die)]
        actions += [Unstage(cell) for _, cell in state.staged]
        if len(state.staged) >= state.minimum:
            actions.append(Confirm())
    else:
        actions.append(AcceptMagdagdon())
    if state.powers_left > 0:
        for die in state.available:
            value = state.dice[die]
            actions += [Adjust(die, delta) for delta in (-1, 1) if 1 <= value + delta <= 6]
        free = state.available
        for count in range(1, len(free) + 1):
            actions += [Reroll(chosen) for chosen in combinations(free, count)]
    return actions


# Apply -----------------------------------------------------------------------------------------
def apply(state: State, action: Action, rng: Randint | None = None) -> State:
    """The state after `action`, or a MagdagdonError saying why it is not allowed."""
    if state.phase is Phase.OVER:
        raise _error("game_over", "the game is over")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise _error("unknown_action", f"not a MAGDAGDON action: {action!r}")
    return handler(state, action, rng)


def _roll(state: State, action: Roll, rng: Randint | None) -> State:
    if state.phase is not Phase.ROLL:
        raise _error("already_rolled", "the dice are already rolled")
    source = rng if rng is not None else seeded_dice(state.seed, len(state.log))
    dice = tuple(source.randint(1, 6) for _ in range(DICE_PER_ROLL))
    after = replace(state, dice=dice, staged=(), log=(*state.log, _record(action, dice)))
    return _check_magdagdon(after)


def _check_magdagdon(state: State) -> State:
    """M16: the check sees the permanent board and the current values, never the staging."""
    stuck = not placeable(state.board, state.dice, state.minimum)
    return replace(state, phase=Phase.MAGDAGDON if stuck else Phase.PLACE)


def _stage(state: State, action: Stage, rng: Randint | None) -> State:
    _require_phase(state, Phase.PLACE)
    die, cell = _die(state, action.die), _cell(action.cell)
    if die not in state.available:
        raise _error("die_unavailable", f"die {die + 1} is already staged")
    board = state.staged_board
    if board[cell] != EMPTY:
        raise _error("cell_taken", f"cell {cell} is not empty")
    if cell not in state.legal_cells(die):
        numbers = Masks.of(board).numbers
        touches = (neighbours(numbers) >> cell) & 1
        code = "too_far" if numbers and touches else "not_adjacent"
        raise _error(code, f"a {state.dice[die]} cannot go on cell {cell} (M9–M10)")
    return replace(state, staged=(*state.staged, (die, cell)), log=(*state.log, _record(action)))


def _unstage(state: State, action: Unstage, rng: Randint | None) -> State:
    _require_phase(state, Phase.PLACE)
    cell = _cell(action.cell)
    if cell not in {c for _, c in state.staged}:
        raise _error("not_staged", f"no staged die on cell {cell}")
    # M12: replay the rest of the staging in order; a later die that is no longer legal
    # returns too (and so may the ones after it), so the staging is always a legal sequence.
    kept: list[tuple[int, int]] = []
    cells = list(state.board)
    for die, staged_cell in state.staged:
        if staged_cell == cell:
            continue
        if staged_cell in bits(Masks.of(cells).legal(state.dice[die])):
            kept.append((die, staged_cell))
            cells[staged_cell] = state.dice[die]
    return replace(state, staged=tuple(kept), log=(*state.log, _record(action)))


def _confirm(state: State, action: Confirm, rng: Randint | None) -> State:
    _require_phase(state, Phase.PLACE)
    if len(state.staged) < state.minimum:
        raise _error(
            "below_minimum", f"stage at least {state.minimum} dice before CONFIRM (M4, M6)"
        )
    # M4: the staged dice become permanent; unused dice are discarded.
    return _end_turn(replace(state, board=state.staged_board), action)


def _adjust(state: State, action: Adjust, rng: Randint | None) -> State:
    _require_power(state)
    die = _available_die(state, action.die)
    if action.delta not in (-1, 1):
        raise _error("bad_delta", "a power changes a die by exactly −1 or +1 (M13)")
    value = state.dice[die] + action.delta
    if not 1 <= value <= 6:
        raise _error("out_of_range", "a die never goes below 1 or above 6 (M13)")
    dice = (*state.dice[:die], value, *state.dice[die + 1 :])
    return _after_power(state, dice, _record(action))


def _reroll(state: State, action: Reroll, rng: Randint | None) -> State:
    _require_power(state)
    chosen = tuple(action.dice)
    if not chosen:
        raise _error("reroll_empty", "choose at least one die to REROLL (M13)")
    if len(set(chosen)) != len(chosen):
        raise _error("bad_die", "each die is chosen once")
    for die in chosen:
        _available_die(state, die)
    source = rng if rng is not None else seeded_dice(state.seed, len(state.log))
    dice = list(state.dice)
    result = []
    for die in sorted(chosen):
        dice[die] = source.randint(1, 6)
        result.append(dice[die])
    record = _record(Reroll(tuple(sorted(chosen))), tuple(result))
    return _after_power(state, tuple(dice), record)


def _after_power(state: State, dice: tuple[int, ...], record: dict[str, Any]) -> State:
    # M15: the penalty is counted at once (powers_used); M17: the MAGDAGDON check runs again.
    after = replace(state, dice=dice, powers_used=state.powers_used + 1, log=(*state.log, record))
    return _check_magdagdon(after)


def _accept(state: State, action: AcceptMagdagdon, rng: Randint | None) -> State:
    if state.phase is Phase.PLACE:
        raise _error("not_magdagdon", "the roll can be placed: MAGDAGDON cannot be accepted (M18)")
    _require_phase(state, Phase.MAGDAGDON)
    return replace(state, staged=(), phase=Phase.RUIN, log=(*state.log, _record(action)))


def _place_ruin(state: State, action: PlaceRuin, rng: Randint | None) -> State:
    _require_phase(state, Phase.RUIN)
    cell = _cell(action.cell)
    if state.board[cell] != EMPTY:
        raise _error("cell_taken", f"cell {cell} is not empty: a RUIN needs an empty cell (M18)")
    board = (*state.board[:cell], RUIN, *state.board[cell + 1 :])
    return _end_turn(replace(state, board=board), action)


def _end_turn(state: State, action: Action) -> State:
    over = EMPTY not in state.board  # M25
    return replace(
        state,
        dice=(),
        staged=(),
        turns=state.turns + 1,
        phase=Phase.OVER if over else Phase.ROLL,
        log=(*state.log, _record(action)),
    )


_HANDLERS: dict[type, Callable[[State, Any, Randint | None], State]] = {
    Roll: _roll,
    Stage: _stage,
    Unstage: _unstage,
    Confirm: _confirm,
    Adjust: _adjust,
    Reroll: _reroll,
    AcceptMagdagdon: _accept,
    PlaceRuin: _place_ruin,
}


def _require_phase(state: State, phase: Phase) -> None:
    if state.phase is phase:
        return
    if state.phase is Phase.MAGDAGDON:
        raise _error("in_magdagdon", "the roll cannot be placed: use a power or ACCEPT (M17)")
    if state.phase is Phase.ROLL:
        raise _error("not_rolled", "press ROLL first (M2)")
    raise _error("wrong_phase", f"not possible now ({state.phase.value})")


def _require_power(state: State) -> None:
    if state.phase not in (Phase.PLACE, Phase.MAGDAGDON):
        _require_phase(state, Phase.PLACE)
    if state.powers_left <= 0:
        raise _error("no_powers_left", "no Majda Power left (M5, M15)")


def _die(state: State, die: int) -> int:
    if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die < len(state.dice):
        raise _error("bad_die", f"no die {die!r} in this roll")
    return die


def _available_die(state: State, die: int) -> int:
    _die(state, die)
    if die not in state.available:
        raise _error("die_staged", "take a staged die back before using a power on it (M14)")
    return die


def _cell(cell: int) -> int:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
        raise _error("bad_cell", f"no cell {cell!r}: cells are 0–15")
    return cell


# Log, JSON and replay --------------------------------------------------------------------------
def _record(action: Action, result: tuple[int, ...] | None = None) -> dict[str, Any]:
    record = action_to_dict(action)
    if result is not None:
        record["result"] = list(result)
    return record


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"type": "roll"}
    if isinstance(action, Stage):
        return {"type": "stage", "die": action.die, "cell": action.cell}
    if isinstance(action, Unstage):
        return {"type": "unstage", "cell": action.cell}
    if isinstance(action, Confirm):
        return {"type": "confirm"}
    if isinstance(action, Adjust):
        return {"type": "adjust", "die": action.die, "delta": action.delta}
    if isinstance(action, Reroll):
        return {"type": "reroll", "dice": sorted(action.dice)}
    if isinstance(action, AcceptMagdagdon):
        return {"type": "accept"}
    if isinstance(action, PlaceRuin):
        return {"type": "ruin", "cell": action.cell}
    raise ValueError(f"not a MAGDAGDON action: {action!r}")


def action_from_dict(data: Any) -> Action:
    if not isinstance(data, dict):
        raise ValueError(f"an action is an object, not {data!r}")
    kind = data.get("type")
    try:
        if kind == "roll":
            return Roll()
        if kind == "stage":
            return Stage(_int(data["die"]), _int(data["cell"]))
        if kind == "unstage":
            return Unstage(_int(data["cell"]))
        if kind == "confirm":
            return Confirm()
        if kind == "adjust":
            return Adjust(_int(data["die"]), _int(data["delta"]))
        if kind == "reroll":
            return Reroll(tuple(_int(die) for die in data["dice"]))
        if kind == "accept":
            return AcceptMagdagdon()
        if kind == "ruin":
            return PlaceRuin(_int(data["cell"]))
    except (KeyError, TypeError) as error:
        raise ValueError(f"malformed {kind} action: {data!r}") from error
    raise ValueError(f"unknown action type {kind!r}")


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def replay(difficulty_name: str, seed: int, log: list[Any]) -> State:
    """Rebuild a game from its log, checking every action against the rules."""
    return replay_log(new_game(difficulty_name, seed), log, action_from_dict, apply, (Roll, Reroll))


def to_dict(state: State) -> dict[str, Any]:
    """Plain JSON: the log (the truth) and a snapshot of what it leads to (a checksum)."""
    return {
        "game": "magdagdon",
        "version": SAVE_VERSION,
        "difficulty": state.difficulty,
        "seed": state.seed,
        "log": [dict(entry) for entry in state.log],
        "board": format_board(state.board),
        "dice": list(state.dice),
        "staged": [list(pair) for pair in state.staged],
        "powers_used": state.powers_used,
        "turns": state.turns,
        "phase": state.phase.value,
    }


def from_dict(data: Any) -> State:
    """The state saved by `to_dict`, rebuilt by replaying its log; ValueError if anything
    is missing, malformed, illegal or disagrees with the snapshot (a corrupt or tampered save)."""
    if not isinstance(data, dict) or data.get("game") != "magdagdon":
        raise ValueError("not a saved MAGDAGDON game")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"unsupported save version {data.get('version')!r}")
    if data.get("difficulty") not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {data.get('difficulty')!r}")
    log = data.get("log")
    if not isinstance(log, list):
        raise ValueError("a saved game needs its log")
    state = replay(data["difficulty"], _int(data.get("seed")), log)
    snapshot = to_dict(state)
    for key in ("board", "dice", "staged", "powers_used", "turns", "phase"):
        if data.get(key) != snapshot[key]:
            raise ValueError(f"saved {key} {data.get(key)!r} disagrees with its log")
    return state


__all__ = [
    "AcceptMagdagdon",
    "Action",
    "Adjust",
    "Confirm",
    "MagdagdonError",
    "Phase",
    "PlaceRuin",
    "Reroll",
    "Roll",
    "Stage",
    "State",
    "Unstage",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "from_dict",
    "legal_actions",
    "new_game",
    "parse_board",
    "replay",
    "to_dict",
]
