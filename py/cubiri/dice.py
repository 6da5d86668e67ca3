"""Dice sources shared by both engines.

A game's dice come from its seed. Each throw gets its own `random.Random`, seeded by the game
seed and the throw's place in the log, so that resuming a saved game needs no replay of the
generator and the same seed gives the same dice in CPython and in Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

S = TypeVar("S")


class Randint(Protocol):
    def randint(self, a: int, b: int) -> int: ...


def seeded_dice(seed: int, throw: int) -> random.Random:
    """The dice of throw number `throw` (its index in the game's log) of game `seed`."""
    return random.Random(f"cubiri:{seed}:{throw}")


class LoggedDice:
    """Replays the dice results written in a log, in order; ValueError when they don't fit."""

    def __init__(self, values: object) -> None:
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise ValueError(f"a logged throw needs its dice as a list of numbers: {values!r}")
        self._values: Iterator[int] = iter(values)

    def randint(self, a: int, b: int) -> int:
        value: int | None = next(self._values, None)
        if value is None:
            raise ValueError("a logged throw has fewer dice than the game threw")
        if not a <= value <= b:
            raise ValueError(f"logged die {value} is not between {a} and {b}")
        return value

    def exhausted(self) -> bool:
        return next(self._values, None) is None


def replay_log(
    state: S,
    log: Iterable[Any],
    parse: Callable[[Any], Any],
    apply: Callable[[S, Any, Any], S],
    throws: tuple[type, ...],
) -> S:
    """Apply every logged action to `state`, checking each against the rules; the actions of
    type `throws` take their dice from the log's "result", which must fit them exactly."""
    for entry in log:
        action = parse(entry)
        if isinstance(action, throws):
            dice = LoggedDice(entry.get("result"))
            state = apply(state, action, dice)
            if not dice.exhausted():
                raise ValueError(f"a logged throw has more dice than the game threw: {entry!r}")
        else:
            state = apply(state, action, None)
    return state
