"""An answer remembered for the last game state asked about (by identity): the page asks what
to build between every frame while it builds, and each answer applies every selection of the
roll on the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from cubiri.mishimash import game

R = TypeVar("R")


class LastState(Generic[R]):
    def __init__(self, answer: Callable[[game.State], R]) -> None:
        self.answer = answer
        self.last: tuple[game.State, R] | None = None

    def __call__(self, state: game.State) -> R:
        if self.last is None or self.last[0] is not state:
            self.last = (state, self.answer(state))
        return self.last[1]

    def forget(self) -> None:
        self.last = None
