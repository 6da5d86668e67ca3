"""A whole MAGDAGDON game: state as data, actions as values, on the shared kernel.

ROLL and REROLL lead to a chance node: the next action is the dice themselves (`Dice`), which the
app draws from the seed at (turn, reroll number), and a test or a real-dice mode types in.
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
    placeable,
)
from cubiri.magdagdon.difficulty import DIFFICULTIES, Difficulty, difficulty
from cubiri.magdagdon.scoring import RUIN_PENALTY, Bonus, Breakdown, breakdown

DICE_PER_ROLL = 4  # M2


class Phase(StrEnum):
    ROLL = "roll"  # waiting for ROLL (M2)
    THROW = "throw"  # the dice of a ROLL or REROLL are being thrown: the next action is `Dice`
    PLACE = "place"  # staging dice (M3–M4), powers allowed (M13–M14)
    MAGDAGDON = "magdagdon"  # the roll cannot be placed (M16): a power or ACCEPT (M17)
    RUIN = "ruin"  # accepted: pick the cell that becomes a RUIN (M18)
    OVER = "over"  # every cell is a number or a RUIN (M25)


# Actions ---------------------------------------------------------------------------------------
class Roll(Action, kind="roll"):
    """Throw the four dice of a turn (M2)."""


class Stage(Action, kind="stage"):
    """Put die `die` (0–3, its place in the roll) on `cell` (row * 4 + col) for this turn."""

    die: int
    cell: int


class Unstage(Action, kind="unstage"):
    cell: int  # M12: the die there comes back, and any later one that no longer fits


class Confirm(Action, kind="confirm"):
    """The staged dice become permanent (M4)."""


class Adjust(Action, kind="adjust"):
    """DECREASE −1 (delta −1) or INCREASE +1 (delta +1), one power use (M13)."""

    die: int
    delta: int


class Reroll(Action, kind="reroll"):
    """REROLL the chosen available dice together, one power use whatever the count (M13)."""

    dice: tuple[int, ...]


class AcceptMagdagdon(Action, kind="accept"):
    """Give up the roll: a RUIN will take a cell (M18)."""


class PlaceRuin(Action, kind="ruin"):
    cell: int  # any empty cell (M18)


# Events: what the last move did, for the screen to tell ----------------------------------------
@dataclass(frozen=True)
class Stuck:
    """M16: the dice just thrown (or changed) cannot be placed: a MAGDAGDON."""


@dataclass(frozen=True)
class Confirmed:
    """M4: `cells` became permanent; the dice `discarded` (indices) were not used."""

    cells: tuple[int, ...]
    discarded: tuple[int, ...]


@dataclass(frozen=True)
class Ruined:
    cell: int  # M18


Event = Stuck | Confirmed | Ruined


# State -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    difficulty: str
    seed: int
    dice_scheme: int = seeded.SCHEME
    board: Board = (EMPTY,) * CELLS  # the permanent cells
    dice: tuple[int, ...] = ()  # the current roll's values (after powers); () between turns
    staged: tuple[tuple[int, int], ...] = ()  # (die, cell) in the order staged (M12)
    throwing: tuple[int, ...] = ()  # the dice being thrown (Phase.THROW)
    rerolls: int = 0  # REROLLs this turn: the next one's dice are the seed's (turn, rerolls + 1)
    powers_used: int = 0
    turns: int = 0  # M25: a ROLL that ended in CONFIRM or in a RUIN
    phase: Phase = Phase.ROLL
    log: tuple[Action, ...] = ()
    events: tuple[Event, ...] = ()

    def __repr__(self) -> str:
        staged = " ".join(f"{die}@{cell}" for die, cell in self.staged)
        return (
            f"<MAGDAGDON {self.difficulty} seed={self.seed} turn={self.turns + 1}"
            f" {format_board(self.staged_board)} dice={''.join(map(str, self.dice)) or '-'}"
            f" staged=[{staged}] powers_used={self.powers_used} {self.phase.value}>"
        )

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

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
        """Indices of the dice not staged."""
        used = {die for die, _ in self.staged}
        return tuple(i for i in range(len(self.dice)) if i not in used)

    @property
    def minimum(self) -> int:
        """M6: the normal minimum, lowered to the permanent empty cells (staged count as empty)."""
        return self.rules.required(empty_cells(self.board))

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


def new_game(difficulty_name: str, seed: int = 0, dice_scheme: int = seeded.SCHEME) -> State:
    """A new game; `dice_scheme=cubiri.dice.TYPED` for real dice (the seed then decides none)."""
    difficulty(difficulty_name)  # validates the name
    return State(difficulty_name, whole_number(seed, "seed"), check_scheme(dice_scheme))


# Legal actions and the chance node -------------------------------------------------------------
def _legal_actions(state: State) -> list[Action]:
    phase = state.phase
    if phase is Phase.ROLL:
        return [Roll()]
    if phase is Phase.RUIN:
        return [PlaceRuin(cell) for cell in range(CELLS) if state.board[cell] == EMPTY]
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


def _throw(state: State) -> Throw | None:
    if state.phase is not Phase.THROW:
        return None
    # Keyed by turn and reroll number only: the same seed rolls the same on turn t whatever
    # powers were used on earlier turns (the daily challenge and "the bot on your dice").
    return Throw(len(state.throwing), (state.turns, state.rerolls))


def _setup(state: State) -> dict[str, Any]:
    return {"difficulty": state.difficulty}


def _start(data: dict[str, Any], seed: int, dice_scheme: int) -> State:
    return new_game(data.get("difficulty"), seed, dice_scheme)  # type: ignore[arg-type]


def _snapshot(state: State) -> dict[str, Any]:
    """What the log leads to, saved beside it as a check."""
    return {
        "board": format_board(state.board),
        "dice": list(state.dice),
        "staged": [list(pair) for pair in state.staged],
        "powers_used": state.powers_used,
        "turns": state.turns,
        "phase": state.phase.value,
    }


def _outcome(state: State) -> dict[str, Any]:
    """The finished game's score (M24) and its parts, for the records and the history."""
    score = state.score()
    bonuses = {bonus.name.lower(): 0 for bonus in Bonus}
    for line in score.lines:
        if line.bonus is not None:
            bonuses[line.bonus.name.lower()] += 1
    return {
        "score": score.final,
        "base": score.base,
        "bonuses": bonuses,  # lines per kind (M21)
        "bonus_points": score.bonuses,
        "ruins": score.ruins,
        "powers": state.powers_used,
        "power_penalty": score.power_penalty,
        "turns": state.turns,
    }


# The lowest score: every cell a RUIN and every power's penalty (M23, M15); the highest: every
# number a 6, counted twice (M20), and a STRAIGHT's bonus on every line (M21), a loose bound.
INFO = GameInfo(
    name="magdagdon",
    players=(1, 1),
    dice_per_throw=DICE_PER_ROLL,
    score=(
        -RUIN_PENALTY * CELLS - max(d.penalty(d.powers) for d in DIFFICULTIES.values()),
        2 * CELLS * 6 + 2 * 4 * Bonus.STRAIGHT.value,
    ),
    turns=(CELLS // DICE_PER_ROLL, CELLS),  # M25: every turn fills one to four cells (M2, M18)
)
ENGINE = Engine[State](
    "magdagdon", _legal_actions, _throw, _setup, _start, _snapshot, _outcome, INFO
)
apply, play, legal_actions = ENGINE.apply, ENGINE.play, ENGINE.legal_actions
to_dict, from_dict, _error = ENGINE.to_dict, ENGINE.from_dict, ENGINE.error


# Handlers --------------------------------------------------------------------------------------
@ENGINE.rule(Roll)
def _roll(state: State, action: Roll) -> State:
    """M2: four dice are thrown; what they show is the next action."""
    if state.phase is not Phase.ROLL:
        raise _error("already_rolled", "the dice are already rolled")
    throwing = tuple(range(DICE_PER_ROLL))
    return replace(state, phase=Phase.THROW, throwing=throwing, dice=(0,) * DICE_PER_ROLL)


@ENGINE.rule(Dice)
def _dice(state: State, action: Dice) -> State:
    dice = list(state.dice)
    for die, value in zip(state.throwing, action.values, strict=True):
        dice[die] = value
    return _check_magdagdon(replace(state, dice=tuple(dice), throwing=()))


def _check_magdagdon(state: State) -> State:
    """M16: the check sees the permanent board and the current values, never the staging."""
    if placeable(state.board, state.dice, state.minimum):
        return replace(state, phase=Phase.PLACE)
    return replace(state, phase=Phase.MAGDAGDON, events=(*state.events, Stuck()))


@ENGINE.rule(Stage)
def _stage(state: State, action: Stage) -> State:
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
    return replace(state, staged=(*state.staged, (die, cell)))


@ENGINE.rule(Unstage)
def _unstage(state: State, action: Unstage) -> State:
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
    return replace(state, staged=tuple(kept))


@ENGINE.rule(Confirm)
def _confirm(state: State, action: Confirm) -> State:
    _require_phase(state, Phase.PLACE)
    if len(state.staged) < state.minimum:
        raise _error(
            "below_minimum", f"stage at least {state.minimum} dice before CONFIRM (M4, M6)"
        )
    # M4: the staged dice become permanent; unused dice are discarded.
    event = Confirmed(tuple(cell for _, cell in state.staged), state.available)
    return _end_turn(replace(state, board=state.staged_board), event)


@ENGINE.rule(Adjust)
def _adjust(state: State, action: Adjust) -> State:
    _require_power(state)
    die = _available_die(state, action.die)
    if action.delta not in (-1, 1):
        raise _error("bad_delta", "a power changes a die by exactly −1 or +1 (M13)")
    value = state.dice[die] + action.delta
    if not 1 <= value <= 6:
        raise _error("out_of_range", "a die never goes below 1 or above 6 (M13)")
    dice = (*state.dice[:die], value, *state.dice[die + 1 :])
    # M15: the penalty counts at once; M17: the MAGDAGDON check runs again.
    return _check_magdagdon(replace(state, dice=dice, powers_used=state.powers_used + 1))


@ENGINE.rule(Reroll)
def _reroll(state: State, action: Reroll) -> State:
    _require_power(state)
    chosen = action.dice
    if not chosen:
        raise _error("reroll_empty", "choose at least one die to REROLL (M13)")
    if any(a >= b for a, b in pairwise(chosen)):
        raise _error("bad_die", "each die is chosen once, in increasing order")
    for die in chosen:
        _available_die(state, die)
    # M15: counted at once; the new values come as the next action, then M17 checks again.
    return replace(
        state,
        phase=Phase.THROW,
        throwing=chosen,
        rerolls=state.rerolls + 1,
        powers_used=state.powers_used + 1,
    )


@ENGINE.rule(AcceptMagdagdon)
def _accept(state: State, action: AcceptMagdagdon) -> State:
    if state.phase is Phase.PLACE:
        raise _error("not_magdagdon", "the roll can be placed: MAGDAGDON cannot be accepted (M18)")
    _require_phase(state, Phase.MAGDAGDON)
    return replace(state, staged=(), phase=Phase.RUIN)


@ENGINE.rule(PlaceRuin)
def _place_ruin(state: State, action: PlaceRuin) -> State:
    _require_phase(state, Phase.RUIN)
    cell = _cell(action.cell)
    if state.board[cell] != EMPTY:
        raise _error("cell_taken", f"cell {cell} is not empty: a RUIN needs an empty cell (M18)")
    board = (*state.board[:cell], RUIN, *state.board[cell + 1 :])
    return _end_turn(replace(state, board=board), Ruined(cell))


def _end_turn(state: State, event: Event) -> State:
    over = EMPTY not in state.board  # M25
    return replace(
        state,
        dice=(),
        staged=(),
        rerolls=0,
        turns=state.turns + 1,
        phase=Phase.OVER if over else Phase.ROLL,
        events=(event,),
    )


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
    if not is_whole(die) or not 0 <= die < len(state.dice):
        raise _error("bad_die", f"no die {die!r} in this roll")
    return die


def _available_die(state: State, die: int) -> int:
    _die(state, die)
    if die not in state.available:
        raise _error("die_staged", "take a staged die back before using a power on it (M14)")
    return die


def _cell(cell: int) -> int:
    if not is_whole(cell) or not 0 <= cell < CELLS:
        raise _error("bad_cell", f"no cell {cell!r}: cells are 0–15")
    return cell


__all__ = [
    "DICE_PER_ROLL",
    "ENGINE",
    "INFO",
    "AcceptMagdagdon",
    "Action",
    "Adjust",
    "Confirm",
    "Confirmed",
    "Dice",
    "Event",
    "Phase",
    "PlaceRuin",
    "Reroll",
    "Roll",
    "Ruined",
    "RuleError",
    "Stage",
    "State",
    "Stuck",
    "Unstage",
    "apply",
    "from_dict",
    "legal_actions",
    "new_game",
    "play",
    "to_dict",
]
