"""RULES with pictures (issue 16): every picture says what the engine does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.pure.rules_pictures import PICTURES, RUIN_MARK, LinePicture, RollPicture
from cubiri.magdagdon.scoring import Bonus, line_bonus
from cubiri.mishimash.scoring import selection_halves

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def test_placement_pictures_follow_m9_m10() -> None:
    for picture in PICTURES[("magdagdon", "placement")]:
        assert isinstance(picture, LinePicture)
        placed = next(i for i, cell in enumerate(picture.cells) if cell.startswith("+"))
        value = int(picture.cells[placed][1:])
        neighbours = [
            int(picture.cells[i])
            for i in (placed - 1, placed + 1)
            if 0 <= i < len(picture.cells) and picture.cells[i].isdigit()
        ]
        allowed = bool(neighbours) and all(abs(value - n) <= 1 for n in neighbours)
        assert picture.ok is allowed, picture


@pytest.mark.parametrize(
    ("caption", "bonus"),
    [
        ("rules.pic.straight", Bonus.STRAIGHT),
        ("rules.pic.four", Bonus.FOUR_OF_A_KIND),
        ("rules.pic.pairs", Bonus.TWO_PAIRS),
        ("rules.pic.ruin", None),
    ],
)
def test_line_pictures_get_the_bonus_their_caption_names(caption: str, bonus: Bonus | None) -> None:
    picture = next(p for p in PICTURES[("magdagdon", "scoring")] if p.caption == caption)
    assert isinstance(picture, LinePicture)
    if RUIN_MARK in picture.cells:
        assert bonus is None  # M22: a line with a RUIN gets no bonus
        return
    assert line_bonus(tuple(int(c) for c in picture.cells)) is bonus
    en = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    assert en[caption].endswith(f"+{bonus.value}") if bonus else True


@pytest.mark.parametrize(
    ("caption", "points"),
    [
        ("rules.pic.roll", 3.5),
        ("rules.pic.three_pairs", 10),
        ("rules.pic.four_and_pair", 7),
        ("rules.pic.mishimash", 15),
    ],
)
def test_roll_pictures_score_what_their_captions_say(caption: str, points: float) -> None:
    picture = next(p for section in PICTURES.values() for p in section if p.caption == caption)
    assert isinstance(picture, RollPicture)
    taken = [picture.dice[i] for i in picture.taken]
    assert selection_halves(picture.dice, taken) == points * 2
    en = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    assert f"{points:g} points" in en[caption]


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_every_caption_is_in_every_language(language: str) -> None:
    messages = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
    captions = {p.caption for section in PICTURES.values() for p in section}
    assert sorted(c for c in captions if not messages.get(c)) == []
