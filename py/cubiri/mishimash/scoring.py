"""MISHIMASH combinations and the points of a selection (X2–X7).

Points are counted in halves (a single 5 is 1 half) so that they stay exact integers; the
public API turns them back into numbers at the edge.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

DICE = 6
FACES = range(1, 7)


@dataclass(frozen=True)
class Combination:
    """One scoring combination of a roll: its kind and its value in halves."""

    kind: str  # "single", "kind" (N of a kind), "straight", "three_pairs"
    halves: int

    @property
    def whole_roll(self) -> bool:
        return self.kind in ("straight", "three_pairs")


def check_dice(dice: Sequence[int], what: str = "roll") -> list[int]:
    values = list(dice)
    if len(values) > DICE:
        raise ValueError(f"a {what} has at most 6 dice, not {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
            raise ValueError(f"dice show 1 to 6, not {value!r}")
    return values


def kind_halves(face: int, count: int) -> int:
    """N of a kind, N ≥ 3: three 1s = 10, three of 2–6 = the face (X3); four, five and six
    of a kind = 2×, 3×, 4× that (X4)."""
    three = 10 if face == 1 else face
    return 2 * three * (count - 2)


SINGLE_HALVES = {1: 2, 5: 1}  # X2: a single 1 = 1 point, a single 5 = 0.5


def combinations_of(roll: Sequence[int]) -> list[Combination]:
    """Every combination the roll offers, the whole-roll ones first (X2–X6)."""
    counts = Counter(roll)
    found: list[Combination] = []
    if len(roll) == DICE:
        if sorted(roll) == list(FACES):
            found.append(Combination("straight", 30))  # X5: 15 points
        if len(counts) == 3 and set(counts.values()) == {2}:
            found.append(Combination("three_pairs", 20))  # X5: 10 points
    for face in FACES:
        count = counts[face]
        if count >= 3:
            # X6: the dice of one face that form an N-of-a-kind are one combination
            found.append(Combination("kind", kind_halves(face, count)))
        elif face in SINGLE_HALVES:
            found += [Combination("single", SINGLE_HALVES[face])] * count
    return found


def selection_halves(roll: Sequence[int], selection: Sequence[int]) -> int | None:
    """The points (in halves) of taking exactly `selection`, or None when it is not a union of
    disjoint combinations of the roll (X7). The best reading of those dice counts."""
    if selection_problem(roll, selection) is not None:
        return None
    counts, chosen = Counter(roll), Counter(selection)
    best: int | None = None
    if chosen == counts:
        for combination in combinations_of(roll):
            if combination.whole_roll:
                best = max(best or 0, combination.halves)
    if _parts_problem(counts, chosen) is None:
        total = 0
        for face, taken in chosen.items():
            total += kind_halves(face, taken) if counts[face] >= 3 else SINGLE_HALVES[face] * taken
        best = max(best or 0, total)
    return best


def _parts_problem(counts: Counter[int], chosen: Counter[int]) -> str | None:
    """Why `chosen` is not a union of whole N-of-a-kinds and single 1s and 5s, or None."""
    for face, taken in chosen.items():
        if counts[face] >= 3 and taken != counts[face]:
            return "kind_taken_whole"  # X6: e.g. a three of a kind is taken whole
        if counts[face] < 3 and face not in SINGLE_HALVES:
            return "not_scoring"
    return None


def selection_problem(roll: Sequence[int], selection: Sequence[int]) -> str | None:
    """Why a selection is not legal, as a stable code, or None when it is (X6–X8)."""
    counts, chosen = Counter(roll), Counter(selection)
    if not chosen:
        return "empty"  # X8: at least one combination
    if any(chosen[face] > counts[face] for face in chosen):
        return "not_in_roll"
    if chosen == counts and any(c.whole_roll for c in combinations_of(roll)):
        return None
    return _parts_problem(counts, chosen)


def legal_value_selections(roll: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal selection of the roll as a sorted tuple of values (X6–X7)."""
    counts = Counter(roll)
    # Per face: an N-of-a-kind is taken whole or not at all; single 1s and 5s one by one.
    options: list[list[tuple[int, ...]]] = []
    for face in FACES:
        count = counts[face]
        if count >= 3:
            options.append([(), (face,) * count])
        elif face in SINGLE_HALVES:
            options.append([(face,) * taken for taken in range(count + 1)])
    found = {tuple(sorted(sum(parts, ()))) for parts in product(*options)} - {()}
    if any(c.whole_roll for c in combinations_of(roll)):
        found.add(tuple(sorted(roll)))
    return sorted(found)


def best_halves(roll: Sequence[int]) -> int:
    """The most one legal selection of the roll is worth; 0 for a bust (X11)."""
    combos = combinations_of(roll)
    parts = sum(c.halves for c in combos if not c.whole_roll)
    return max([parts, *(c.halves for c in combos if c.whole_roll)])


def is_bust(roll: Sequence[int]) -> bool:
    return not combinations_of(roll)


def mishimash_bonus_halves(number: int) -> int:
    """X12: +10 for the first MISHIMASH of a turn, +20 for the second, +30, … never multiplied."""
    return 20 * number


def to_points(halves: int) -> int | float:
    """Halves as the exact number: 21 → 10.5, 20 → 10."""
    return halves // 2 if halves % 2 == 0 else halves / 2
