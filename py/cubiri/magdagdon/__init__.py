"""MAGDAGDON (CUBIRI ORIGINAL #1): the rules API of ENGINE_API.md, and the whole game.

The four functions below answer rule questions about a board written in notation
(`"12../.x../..../...."`); `game` plays a game through `apply` and `legal_actions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cubiri.magdagdon.board import legal_cells_of, parse_board, placeable
from cubiri.magdagdon.difficulty import difficulty as _difficulty
from cubiri.magdagdon.scoring import breakdown


def legal_cells(board: str, value: int) -> set[tuple[int, int]]:
    """The empty cells where a die of `value` may be placed now (M8–M11).

    >>> sorted(legal_cells("3.../..../..../....", 4))  # M9: next to the 3, never diagonal
    [(0, 1), (1, 0)]
    >>> legal_cells("3.../..../..../....", 5)  # M10: 5 and 3 differ by 2
    set()
    """
    return legal_cells_of(parse_board(board), value)


def required_minimum(board: str, difficulty: str) -> int:
    """The dice the next turn must place: the normal minimum, at most the empty cells (M5–M6).

    >>> required_minimum("..../..../..../....", "nightmare")
    3
    >>> required_minimum("1234/1234/1234/12..", "nightmare")
    2
    """
    cells = parse_board(board)
    return _difficulty(difficulty).required(cells.count(0))


def can_place(board: str, dice: Sequence[int], minimum: int) -> bool:
    """Whether some order of placing `minimum` of `dice` is legal (M12, M16); False is MAGDAGDON.

    >>> can_place("3.../..../..../....", [5, 4, 6, 6], 2)  # the 4 first, then the 5 beside it
    True
    >>> can_place("3.../..../..../....", [6, 6, 6, 1], 2)
    False
    """
    return placeable(parse_board(board), list(dice), minimum)


def score(board: str, difficulty: str, powers_used: int) -> int:
    """The final score of M20–M24; a line with an empty cell or a RUIN gets no bonus.

    >>> score("1234/2345/3456/456x", "peaceful", 1)  # 2 × 57 + 6 STRAIGHTS − a RUIN − a power
    449
    """
    return breakdown(parse_board(board), difficulty, powers_used).final


__all__ = ["can_place", "legal_cells", "required_minimum", "score"]
