"""Lines and cells as the computer player sees them: the square's geometry, the full lines that
earn a bonus (M21), a line's state (`line_key`) and what such states ended with in the bot's own
games (`MeasuredLines`, lines.json beside this module, made by tools/measure_magdagdon_lines.py).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from cubiri.magdagdon.board import CELLS, SIZE, bits, neighbours
from cubiri.magdagdon.scoring import Bonus

ALL_VALUES = 0b111111  # bit v-1 set: value v may still go in a cell

# Geometry ------------------------------------------------------------------------------------
# M9 (the rules' `neighbours`: orthogonal only), each cell's in the order up, down, left, right:
# the order in which `Evaluator._narrow` meets them.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(bits(neighbours(1 << cell)), key=lambda other: (other % SIZE != cell % SIZE, other))
    )
    for cell in range(CELLS)
)
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(r * SIZE, r * SIZE + SIZE)) for r in range(SIZE)
) + tuple(tuple(range(c, CELLS, SIZE)) for c in range(SIZE))  # reading order of M21
# M10: a number v lets only v-1, v and v+1 next to it.
NEAR: tuple[int, ...] = (
    0,
    *(sum(1 << (u - 1) for u in (v - 1, v, v + 1) if 1 <= u <= 6) for v in range(1, 7)),
)
# SPREAD[mask]: the values within 1 of some value of `mask`, what a neighbour of it may hold.
SPREAD: tuple[int, ...] = tuple((m | m << 1 | m >> 1) & ALL_VALUES for m in range(64))


def _patterns() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every full line that earns a bonus and can stand on a legal board (M10, M21)."""
    found: list[tuple[int, tuple[int, ...]]] = []
    for low in range(1, 4):
        rising = tuple(range(low, low + 4))
        found += [(Bonus.STRAIGHT.value, rising), (Bonus.STRAIGHT.value, rising[::-1])]
    for value in range(1, 7):
        found.append((Bonus.FOUR_OF_A_KIND.value, (value,) * 4))
    # TWO PAIRS on a legal board: neighbours in a full line differ by at most 1 (M10), so the two
    # values are consecutive; all six arrangements of two a's and two b's.
    for low in range(1, 6):
        for spots in itertools.combinations(range(4), 2):
            found.append(
                (Bonus.TWO_PAIRS.value, tuple(low if i in spots else low + 1 for i in range(4)))
            )
    return tuple(found)


PATTERNS = _patterns()


# Lines 1, 2, 5 and 6 (`LINES`) run through the middle: their cells have more neighbours, which
# fill them sooner and hem them in more (M9, M10); a line's state says which kind it is.
INNER = 1 << 28
_KIND = tuple(INNER if line in (1, 2, 5, 6) else 0 for line in range(len(LINES)))


def line_key(codes: Sequence[int], line: int) -> int | None:
    """The state of `LINES[line]`: its cells' codes (`Evaluator.codes`), 7 bits each in reading
    order, and `INNER` for a middle line; None once a RUIN, now or to come, takes its bonus
    away (M22)."""
    w, x, y, z = LINES[line]
    a, b, c, d = codes[w], codes[x], codes[y], codes[z]
    if a < 0 or b < 0 or c < 0 or d < 0 or a == 8 or b == 8 or c == 8 or d == 8:
        return None
    return a | b << 7 | c << 14 | d << 21 | _KIND[line]


_OPEN_CELLS = tuple(int(code >= 8) for code in range(128))


def open_cells(key: int) -> int:
    """How many of a line state's four cells are still open (code 8 and up)."""
    return (
        _OPEN_CELLS[key & 127]
        + _OPEN_CELLS[key >> 7 & 127]
        + _OPEN_CELLS[key >> 14 & 127]
        + _OPEN_CELLS[key >> 21 & 127]
    )


def canonical(key: int) -> int:
    """One key for a line state and its reverse: M21 counts a STRAIGHT rising or falling."""
    return min(key, _reversed(key))


def _reversed(key: int) -> int:
    """A line state (`line_key`) with its four cells read the other way; the kind stays."""
    cells = (key >> 21 & 127) | (key >> 14 & 127) << 7 | (key >> 7 & 127) << 14 | (key & 127) << 21
    return cells | key & INNER


class MeasuredLines:
    """The bonus (M21) that lines still able to earn one ended with in the bot's own games, by
    the line's state (`line_key`: its cells' codes and whether it is a middle line), either
    reading direction. A state seen n times with bonuses summing to S is expected to end with
    (S + PRIOR·guess) / (n + PRIOR): a state seen once moves the guess a little, one seen
    hundreds of times is its own measure. The guess is the same measure of the line's coarse
    state, its numbers alone (every open cell alike, `_coarse`), itself guessed by the
    hand-made prior: a state the bot's games never met is judged like its kin, not like a
    stranger. Loaded from lines.json on first use; made by
    tools/measure_magdagdon_lines.py."""

    PRIOR = 5.0  # how many measured lines the guess counts as
    PATH = Path(__file__).with_name("lines.json")

    def __init__(self, difficulty: str, counts: Mapping[int, tuple[int, int]] | None = None):
        self.difficulty = difficulty
        self._counts = counts
        self._coarse: dict[int, tuple[int, int]] | None = None

    @property
    def counts(self) -> Mapping[int, tuple[int, int]]:
        """Per line state (`canonical`): (lines seen, their bonuses summed)."""
        if self._counts is None:
            data = json.loads(self.PATH.read_text(encoding="utf-8"))
            self._counts = {key: (seen, total) for key, seen, total in data[self.difficulty]}
        return self._counts

    def _coarse_counts(self) -> dict[int, tuple[int, int]]:
        if self._coarse is None:
            coarse: dict[int, tuple[int, int]] = {}
            for key, (seen, total) in self.counts.items():
                kin = canonical(_coarse(key))
                before = coarse.get(kin, (0, 0))
                coarse[kin] = (before[0] + seen, before[1] + total)
            self._coarse = coarse
        return self._coarse

    def expected(self, key: int, prior: float) -> float:
        found = self._coarse_counts().get(canonical(_coarse(key)))
        if found is not None:
            prior = (found[1] + self.PRIOR * prior) / (found[0] + self.PRIOR)
        found = self.counts.get(canonical(key))
        if found is None:
            return prior
        seen, total = found
        return (total + self.PRIOR * prior) / (seen + self.PRIOR)


_OPEN = 8 + ALL_VALUES


def _coarse(key: int) -> int:
    """A line state with every open cell alike (as if any value could still fill it)."""
    for shift in (0, 7, 14, 21):
        if key >> shift & 127 >= 8:
            key = key & ~(127 << shift) | _OPEN << shift
    return key
