"""Scripted dice for scenario tests: the chance step takes the dice the test names."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from cubiri.kernel import Dice
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash

S = TypeVar("S", magdagdon.State, mishimash.State)


def thrown(state: S, dice: Iterable[int]) -> S:
    """`state` at a throw, after the dice show `dice`."""
    if isinstance(state, magdagdon.State):
        return magdagdon.apply(state, Dice(tuple(dice)))
    return mishimash.apply(state, Dice(tuple(dice)))
