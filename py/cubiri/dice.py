"""Where a game's dice come from, fixed when it starts (its `dice_scheme`), and their chances.

A seeded scheme gives each throw a stream of its own, keyed by the throw's place in the game: a
fresh `random.Random` seeded by a text key, so that resuming a game needs no replay of a
generator, and CPython and Pyodide give the same dice for the same seed. `TYPED` is a game
played with real dice at a table: a person types every throw, and no seed decides it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement
from math import factorial, prod

FACES = range(1, 7)
TYPED = 0  # real dice, typed by the people who threw them
SEEDED = (1, 2)  # the seed's dice: 1 keyed by the place in the log (old games), 2 by position
SCHEMES = (TYPED, *SEEDED)
SCHEME = 2  # what new games use unless they are played with real dice


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
