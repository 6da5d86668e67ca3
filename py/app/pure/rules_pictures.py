"""RULES with pictures (issue 16): small examples drawn by the app with the game's own cells and
dice, each with a caption (its text for a screen reader too). tests/test_tour.py checks every
picture against the engine, so a caption never says what the rules do not."""

from __future__ import annotations

from dataclasses import dataclass

RUIN_MARK = "x"


@dataclass(frozen=True)
class LinePicture:
    """MAGDAGDON: a few cells in a line. A cell is "" (empty), "4" (a number), "+4" (the die
    being placed) or "x" (a RUIN); `ok` marks the placement allowed (True) or not (False)."""

    cells: tuple[str, ...]
    caption: str  # locale key
    ok: bool | None = None


@dataclass(frozen=True)
class RollPicture:
    """MISHIMASH: a roll, with the dice taken marked."""

    dice: tuple[int, ...]
    taken: tuple[int, ...]  # indices
    caption: str


Picture = LinePicture | RollPicture

# (game, RULES section) → its pictures, drawn under the section's text.
PICTURES: dict[tuple[str, str], tuple[Picture, ...]] = {
    ("magdagdon", "placement"): (
        LinePicture(("4", "+5", ""), "rules.pic.legal", ok=True),  # M10
        LinePicture(("4", "+2", ""), "rules.pic.too_far", ok=False),  # M10
        LinePicture(("4", "", "+4"), "rules.pic.not_touching", ok=False),  # M9
    ),
    ("magdagdon", "scoring"): (
        LinePicture(("3", "4", "5", "6"), "rules.pic.straight"),  # M21
        LinePicture(("5", "5", "5", "5"), "rules.pic.four"),
        LinePicture(("3", "5", "3", "5"), "rules.pic.pairs"),
        LinePicture(("3", RUIN_MARK, "5", "6"), "rules.pic.ruin"),  # M22
    ),
    ("mishimash", "scoring"): (
        RollPicture((1, 5, 2, 2, 2, 6), (0, 1, 2, 3, 4), "rules.pic.roll"),  # X2, X3
        RollPicture((2, 4, 6, 2, 4, 6), (0, 1, 2, 3, 4, 5), "rules.pic.three_pairs"),  # X5
        RollPicture((3, 3, 5, 3, 3, 5), (0, 1, 2, 3, 4, 5), "rules.pic.four_and_pair"),  # X5
    ),
    ("mishimash", "mishimash"): (
        RollPicture((1, 5, 1, 5, 1, 5), (0, 1, 2, 3, 4, 5), "rules.pic.mishimash"),  # X12
    ),
}


def pictures(game: str, section: str) -> tuple[Picture, ...]:
    return PICTURES.get((game, section), ())
