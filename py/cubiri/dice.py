"""The seed's dice: a stream of its own for every throw, keyed by the throw's place in the game.

Each throw gets a fresh `random.Random` seeded by a text key, so that resuming a game needs no
replay of a generator, and CPython and Pyodide give the same dice for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement
from math import factorial, prod

FACES = range(1, 7)
SCHEMES = (1, 2)
SCHEME = 2  # what new games use


def throw(seed: int, game: str, position: tuple[int, int], count: int) -> tuple[int, ...]:
    """Scheme 2: the dice of `game` at `position` (turn, roll in the turn) for this seed, the
    same whatever happened before, so two players of one seed meet the same dice."""
    turn, roll = position
    source = random.Random(f"cubiri:v2:{seed}:{game}:{turn}:{roll}")
    return tuple(source.randint(1, 6) for _ in range(count))


def legacy_throw(seed: int, place: int, count: int) -> tuple[int, ...]:
    """Scheme 1 (games begun before dice scheme 2): keyed on the throwing move's place in the
    log, so an extra move before it changed it. Kept only to continue those games."""
    source = random.Random(f"cubiri:{seed}:{place}")
    return tuple(source.randint(1, 6) for _ in range(count))


# Chance: the one place the probability of an outcome is computed (kernel, bot and strategy).
def ways(values: Iterable[int]) -> int:
    """How many of the 6**n ordered throws of n dice show these values (in any order)."""
    found = tuple(values)
    return factorial(len(found)) // prod(factorial(found.count(f)) for f in set(found))


def distinct_throws(count: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every distinct outcome of `count` dice (sorted values) with its `ways` out of 6**count.

    >>> sum(w for _, w in distinct_throws(4)), len(list(distinct_throws(6)))
    (1296, 462)
    """
    for values in combinations_with_replacement(FACES, count):
        yield values, ways(values)
