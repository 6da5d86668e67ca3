"""The computer player through the engine: `next_action` (a pure function of the game's state),
`turn_actions` (what a HINT shows) and `play_game` (a whole game on the seed's dice)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cubiri.magdagdon import game
from cubiri.magdagdon.board import Board
from cubiri.magdagdon.bot.powers import Power, choose_power
from cubiri.magdagdon.bot.search import Staging, choose_ruin, choose_staging
from cubiri.magdagdon.bot.weights import Weights


@dataclass(frozen=True)
class _Roll:
    """What a decision depends on: the permanent board and the roll, never the staging (M16)."""

    board: Board
    dice: tuple[int, ...]
    difficulty: str
    powers_used: int
    stuck: bool
    weights: Weights | None


Decision = tuple[Power | None, Staging | None]  # a power to use first, else the staging
_last_decision: tuple[_Roll, Decision] | None = None


def _decide(roll: _Roll) -> Decision:
    """A power to use now, else the staging (neither: accept the MAGDAGDON). One turn asks this
    once per staged die, so the last answer is kept: it depends on `roll` only."""
    global _last_decision
    if _last_decision is not None and _last_decision[0] == roll:
        return _last_decision[1]
    power = choose_power(
        roll.board, roll.dice, roll.difficulty, roll.powers_used, roll.stuck, weights=roll.weights
    )
    staging = None
    if power is None and not roll.stuck:
        staging = choose_staging(
            roll.board, roll.dice, roll.difficulty, roll.powers_used, weights=roll.weights
        )
    _last_decision = (roll, (power, staging))
    return power, staging


def _power_action(power: Power) -> game.Action:
    match power:
        case ("adjust", int(die), int(delta)):
            return game.Adjust(die, delta)
        case ("reroll", tuple(chosen)):
            return game.Reroll(tuple(int(die) for die in chosen))
    raise AssertionError(f"not a power: {power!r}")


def next_action(state: game.State, *, weights: Weights | None = None) -> game.Action:
    """What the computer player plays next from `state` (phase ROLL, PLACE, MAGDAGDON or RUIN):
    a pure function of the state. A staging already begun (by a player asking for a HINT) is
    kept as far as it agrees with the bot's own and taken back from where it differs."""
    phase = state.phase
    if phase is game.Phase.ROLL:
        return game.Roll()  # M2
    if phase is game.Phase.RUIN:
        return game.PlaceRuin(choose_ruin(state.board, state.difficulty, weights=weights))  # M18
    if phase not in (game.Phase.PLACE, game.Phase.MAGDAGDON):
        raise ValueError(f"nothing for the computer player to do in phase {phase.value}")
    stuck = phase is game.Phase.MAGDAGDON
    power, staging = _decide(
        _Roll(state.board, state.dice, state.difficulty, state.powers_used, stuck, weights)
    )
    if power is not None:
        if state.staged:
            return game.Unstage(state.staged[-1][1])  # M14: powers act on unstaged dice only
        return _power_action(power)
    if staging is None:
        return game.AcceptMagdagdon()  # M17: no power is worth its cost
    return _next_placement(state, staging)


def _next_placement(state: game.State, staging: Staging) -> game.Action:
    """The next Stage of `staging`, CONFIRM once it is all staged, or an UNSTAGE of the first
    staged die that differs from it (by cell and value: equal dice are interchangeable)."""
    wanted = [(state.dice[die], cell) for die, cell in staging]
    for place, (die, cell) in enumerate(state.staged):
        if place >= len(wanted) or wanted[place] != (state.dice[die], cell):
            return game.Unstage(cell)  # M12 takes back any later die this one held up
    if len(state.staged) == len(wanted):
        return game.Confirm()  # M4: the rest of the dice are discarded
    value, cell = wanted[len(state.staged)]
    die = next(die for die in state.available if state.dice[die] == value)
    return game.Stage(die, cell)


def turn_actions(state: game.State, *, weights: Weights | None = None) -> list[game.Action]:
    """What the computer player plays from `state` up to the next throw of dice (ROLL or a
    REROLL, whose dice it cannot know) or the end of the turn: for a HINT, the powers, the
    cells in the order staged and CONFIRM, or ACCEPT and the cell of the RUIN."""
    actions: list[game.Action] = []
    while state.phase in (game.Phase.ROLL, game.Phase.PLACE, game.Phase.MAGDAGDON, game.Phase.RUIN):
        action = next_action(state, weights=weights)
        actions.append(action)
        state = game.apply(state, action)
        if isinstance(action, game.Confirm | game.PlaceRuin) or state.phase is game.Phase.THROW:
            break
    return actions


@dataclass
class GameRecord:
    seed: int
    score: int
    board: Board
    powers_used: int
    turn_ms: list[float] = field(default_factory=list)  # the bot's thinking time, per turn


def play_game(
    seed: int,
    difficulty: str,
    *,
    weights: Weights | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> GameRecord:
    """One whole game by the computer player through the engine, on the seed's dice (the
    engine throws them: `game.play`), until M25. The score is the engine's. `clock` times the
    thinking (`time.process_time` counts only this process's work on a busy machine)."""
    state = game.new_game(difficulty, seed)
    record = GameRecord(seed, 0, state.board, 0)
    thinking = 0.0
    while not state.over:
        started = clock()
        action = next_action(state, weights=weights)
        thinking += clock() - started
        turns = state.turns
        state = game.play(state, action)
        if state.turns != turns:  # CONFIRM or a RUIN ended the turn
            record.turn_ms.append(thinking * 1000)
            thinking = 0.0
    record.board = state.board
    record.powers_used = state.powers_used
    record.score = state.score().final  # M24
    return record
