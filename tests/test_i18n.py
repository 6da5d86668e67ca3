"""The locale mechanism: lookups, placeholders, fallbacks, and the shape of every locale file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.i18n import Translator, available_languages, load_translator, placeholders

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def test_english_lookup_with_placeholders() -> None:
    t = load_translator("en", LOCALES)
    assert t("settings.title") == "SETTINGS"
    assert t("announce.screen", screen="MAGDAGDON") == "MAGDAGDON opened"


def test_a_missing_key_falls_back_to_english_then_to_the_key() -> None:
    t = Translator("pt", {"a": "A em português"}, {"a": "A", "b": "B"})
    assert t("a") == "A em português"
    assert t("b") == "B"
    assert t("nope") == "nope"


def test_placeholders_are_found() -> None:
    assert placeholders("{screen} opened after {n} turns") == {"screen", "n"}
    assert placeholders("no placeholder") == set()


def test_english_comes_first_among_the_available_languages() -> None:
    assert available_languages(LOCALES)[0] == "en"


@pytest.mark.parametrize("path", sorted(LOCALES.glob("*.json")), ids=lambda p: p.stem)
def test_every_locale_is_a_flat_object_of_non_empty_strings(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    assert all(isinstance(value, str) and value.strip() for value in data.values())
    assert data.get("language.self"), "each locale names its own language"


def test_a_malformed_locale_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a": 1}')
    with pytest.raises(ValueError, match="string values"):
        load_translator("en", tmp_path)
