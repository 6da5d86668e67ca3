"""Scripted dice for scenario tests: `randint` returns the given values in order."""

from __future__ import annotations

from collections.abc import Iterable


class ScriptedDice:
    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)

    def randint(self, a: int, b: int) -> int:
        if not self._values:
            raise AssertionError("the test scripted fewer dice than the game rolled")
        value = self._values.pop(0)
        assert a <= value <= b
        return value
