"""The seed's dice: a stream of its own for every throw, keyed by the throw's place in the game.

Each throw gets a fresh `random.Random` seeded by a text key, so that resuming a game needs no
replay of a generator, and CPython and Pyodide give the same dice for the same seed.
"""

from __future__ import annotations

import random

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
