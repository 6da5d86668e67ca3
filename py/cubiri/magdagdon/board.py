"""The MAGDAGDON board: notation, legal placement (M8–M12) and the MAGDAGDON check (M16).

A board is a tuple of 16 cells indexed `row * 4 + col`: 0 empty, 1–6 a number, RUIN (-1).
Placement questions are answered on bitmasks (bit i = cell i), so that searching every order
of placing dice stays far under a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

SIZE = 4
CELLS = SIZE * SIZE
EMPTY = 0
RUIN = -1
Board = tuple[int, ...]

FULL = (1 << CELLS) - 1
_COL0 = 0x1111  # cells of the left column
_COL3 = 0x8888  # cells of the right column
_SYMBOLS = {".": EMPTY, "x": RUIN, **{str(v): v for v in range(1, 7)}}
_CHARS = {value: char for char, value in _SYMBOLS.items()}


# Notation ------------------------------------------------------------------------------------
def parse_board(notation: str) -> Board:
    """`"12../.x../..../...."` → 16 cells. Raises ValueError saying what is wrong."""
    if not isinstance(notation, str):
        raise ValueError(f"board notation must be a string, not {type(notation).__name__}")
    rows = notation.split("/")
    if len(rows) != SIZE:
        raise ValueError(
            f"board notation needs 4 rows joined by '/', got {len(rows)}: {notation!r}"
        )
    cells: list[int] = []
    for number, row in enumerate(rows, start=1):
        if len(row) != SIZE:
            raise ValueError(f"row {number} must have 4 cells, got {len(row)}: {row!r}")
        for char in row:
            if char not in _SYMBOLS:
                raise ValueError(
                    f"row {number} has {char!r}: cells are 1-6, '.' (empty) or 'x' (RUIN)"
                )
            cells.append(_SYMBOLS[char])
    return tuple(cells)


def format_board(board: Sequence[int]) -> str:
    chars = "".join(_CHARS[value] for value in board)
    return "/".join(chars[i : i + SIZE] for i in range(0, CELLS, SIZE))


def cell_position(index: int) -> tuple[int, int]:
    return divmod(index, SIZE)


def check_value(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    return value


# Bitmasks ------------------------------------------------------------------------------------
def bits(mask: int) -> Iterator[int]:
    """The cell indices set in `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def neighbours(mask: int) -> int:
    """The cells orthogonally adjacent to any cell of `mask` (M9: never diagonal)."""
    return (
        ((mask << SIZE) & FULL) | (mask >> SIZE) | ((mask & ~_COL3) << 1) | ((mask & ~_COL0) >> 1)
    )


class Masks:
    """A board as one mask per value (index 1–6) plus the empty cells."""

    __slots__ = ("empty", "values")

    def __init__(self, values: list[int], empty: int) -> None:
        self.values = values
        self.empty = empty

    @classmethod
    def of(cls, board: Iterable[int]) -> Masks:
        values = [0] * 7
        empty = 0
        for index, value in enumerate(board):
            if value == EMPTY:
                empty |= 1 << index
            elif value > 0:
                values[value] |= 1 << index
        return cls(values, empty)

    @property
    def numbers(self) -> int:
        values = self.values
        return values[1] | values[2] | values[3] | values[4] | values[5] | values[6]

    def legal(self, value: int) -> int:
        """The empty cells where `value` may go now (M8–M11)."""
        return _legal(self.values, self.empty, value)

    def legal_by_value(self) -> tuple[int, ...]:
        """`legal(value)` of every value at once, indexed by the value (index 0: none), for
        searches that ask of many values on one board (the computer player's)."""
        values, empty = self.values, self.empty
        if not (values[1] | values[2] | values[3] | values[4] | values[5] | values[6]):
            return (0, empty, empty, empty, empty, empty, empty)  # M8: anywhere empty
        n1, n2, n3, n4, n5, n6 = (neighbours(mask) if mask else 0 for mask in values[1:])
        near = empty & (n1 | n2 | n3 | n4 | n5 | n6)  # M9: next to some number; M11: not a RUIN
        # M10: a value may not go next to a number 2 or more away from it.
        return (
            0,
            near & ~(n3 | n4 | n5 | n6),
            near & ~(n4 | n5 | n6),
            near & ~(n1 | n5 | n6),
            near & ~(n1 | n2 | n6),
            near & ~(n1 | n2 | n3),
            near & ~(n1 | n2 | n3 | n4),
        )


def _legal(values: list[int], empty: int, value: int) -> int:
    numbers = values[1] | values[2] | values[3] | values[4] | values[5] | values[6]
    if not numbers:
        return empty  # M8: with no number on the board (ruins don't count), anywhere empty
    # M10: every adjacent number within 1; a number 2+ away from `value` forbids its neighbours.
    far = 0
    for other in range(1, 7):
        if other < value - 1 or other > value + 1:
            far |= values[other]
    # M9 adjacency to some number; M11: ruins are in no mask, so they neither link nor limit.
    return empty & neighbours(numbers) & ~neighbours(far)


# The rules API -------------------------------------------------------------------------------
def legal_cells_of(board: Board, value: int) -> set[tuple[int, int]]:
    return {cell_position(i) for i in bits(Masks.of(board).legal(check_value(value)))}


def empty_cells(board: Board) -> int:
    return sum(1 for value in board if value == EMPTY)


def placeable(board: Board, dice: Sequence[int], minimum: int) -> bool:
    """Whether some order of placing `minimum` of `dice` is legal (M12, M16)."""
    for value in dice:
        check_value(value)
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 0:
        raise ValueError(f"minimum must be a whole number ≥ 0, not {minimum!r}")
    if minimum > len(dice):
        return False
    masks = Masks.of(board)
    dice_sorted = tuple(sorted(dice))
    if not masks.numbers and not _has_gapless_subset(dice_sorted, minimum):
        # On a board without numbers the placed dice form one connected field in which
        # neighbours differ by at most 1, so their values can have no gap: without such a
        # subset the answer is no, and the search would try every cell first to learn it.
        return False
    return _search(masks.values, masks.empty, dice_sorted, minimum, {})


def _has_gapless_subset(dice: tuple[int, ...], size: int) -> bool:
    """Whether `size` of the sorted `dice` have values with no step above 1 between them."""
    if size <= 1:
        return size <= len(dice)
    # The best candidates are runs of the sorted dice: a gap inside a run can only grow
    # by skipping dice, so checking every window of `size` consecutive dice is enough.
    return any(
        all(b - a <= 1 for a, b in zip(dice[i : i + size], dice[i + 1 : i + size], strict=False))
        for i in range(len(dice) - size + 1)
    )


def _search(
    values: list[int], empty: int, dice: tuple[int, ...], needed: int, seen: dict[object, bool]
) -> bool:
    if needed == 0:
        return True
    # The same set of placements reached in another order is the same position (M12).
    key = (tuple(values), dice)
    if key in seen:
        return seen[key]
    found = False
    previous = 0
    for position, value in enumerate(dice):
        if value == previous:
            continue  # equal dice are interchangeable
        previous = value
        legal = _legal(values, empty, value)
        if not legal:
            continue
        if needed == 1:
            found = True
            break
        rest = dice[:position] + dice[position + 1 :]
        for cell in bits(legal):
            bit = 1 << cell
            values[value] |= bit
            found = _search(values, empty & ~bit, rest, needed - 1, seen)
            values[value] &= ~bit
            if found:
                break
        if found:
            break
    seen[key] = found
    return found
