"""The locale mechanism: lookups, placeholders, fallbacks, and the shape of every locale file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.pure.i18n import Translator, available_languages, load_translator, placeholders

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


ENGLISH = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
TRANSLATIONS = sorted(p for p in LOCALES.glob("*.json") if p.stem != "en")


def test_the_four_languages_are_there() -> None:
    assert available_languages(LOCALES) == ["en", "hu", "pt", "vi"]


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda p: p.stem)
def test_a_translation_has_exactly_the_keys_and_placeholders_of_english(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert sorted(set(ENGLISH) - set(data)) == [], "missing keys"
    assert sorted(set(data) - set(ENGLISH)) == [], "keys English does not have"
    assert [key for key, value in data.items() if not value.strip()] == [], "empty texts"
    differ = [key for key in ENGLISH if placeholders(ENGLISH[key]) != placeholders(data[key])]
    assert differ == [], "placeholders that differ from English"


TERMS_ORDER = ("en", "pt", "hu", "vi")

# RULES.md "Terms, exactly as the seeds write them": the keys that show each term.
TERMS = {
    "magdagdon.roll": ("ROLL", "LANÇAR", "DOBÁS", "ĐỔ"),
    "mishimash.roll": ("ROLL", "LANÇAR", "DOBÁS", "ĐỔ"),
    "settings.title": ("SETTINGS", "DEFINIÇÕES", "BEÁLLÍTÁSOK", "CÀI ĐẶT"),
    "magdagdon.decrease": ("DECREASE −1", "DIMINUIR −1", "CSÖKKENTÉS −1", "GIẢM −1"),
    "magdagdon.increase": ("INCREASE +1", "AUMENTAR +1", "NÖVELÉS +1", "TĂNG +1"),
    "magdagdon.reroll": ("REROLL", "VOLTAR A LANÇAR", "ÚJRADOBÁS", "ĐỔ LẠI"),
    "magdagdon.ruin": ("RUIN", "RUÍNA", "ROM", "TÀN TÍCH"),
    "magdagdon.bonus.straight": ("STRAIGHT", "SEQUÊNCIA", "SOR", "SẢNH"),
    "magdagdon.bonus.four_of_a_kind": (
        "FOUR OF A KIND",
        "QUATRO IGUAIS",
        "NÉGY EGYFORMA",
        "TỨ QUÝ",
    ),
    "magdagdon.bonus.two_pairs": ("TWO PAIRS", "DOIS PARES", "KÉT PÁR", "HAI ĐÔI"),
    # No seed term: chosen for the language (locales/GLOSSARY.md).
    "mishimash.bank": ("BANK", "GUARDAR", "MENTÉS", "CHỐT ĐIỂM"),
    "mishimash.roll_again": ("ROLL AGAIN", "LANÇA DE NOVO", "TOVÁBBDOBÁS", "ĐỔ TIẾP"),
}


def visible(text: str) -> str:
    """The text as read: a no-break space (which keeps "−1" on its button's line, or a
    number with its noun) reads as a space."""
    return text.replace("\u00a0", " ")


@pytest.mark.parametrize("key", TERMS)
def test_buttons_use_the_seed_terms(key: str) -> None:
    messages = {lang: json.loads((LOCALES / f"{lang}.json").read_text()) for lang in TERMS_ORDER}
    for language, term in zip(TERMS_ORDER, TERMS[key], strict=True):
        if term is not None:
            assert visible(messages[language][key]) == term, language


@pytest.mark.parametrize("language", TERMS_ORDER)
def test_majda_powers_keep_their_name_everywhere(language: str) -> None:
    """RULES.md: Majda Power(s) is a name and stays as it is (an audit read "Poderes Majda" and
    "Majda-erők" on the statistics screen, "Majda Powers" on the game's)."""
    messages = json.loads((LOCALES / f"{language}.json").read_text())
    renamed = [key for key, text in messages.items() if "Majda" in text]
    assert "stats.powers" in renamed
    assert [key for key in renamed if "Majda Power" not in messages[key]] == []


def test_the_confirm_button_starts_with_the_seed_term() -> None:
    """The label the MAGDAGDON screen shows on CONFIRM, before the minimum is placed
    (`magdagdon.confirm_more`) and once it is (`magdagdon.confirm_placed`)."""
    from dataclasses import replace

    from app.pure.magdagdon_view import Picked, build_view
    from cubiri.magdagdon.board import parse_board
    from cubiri.magdagdon.game import Roll, Stage, apply, new_game
    from tests.scripted import thrown

    state = replace(new_game("peaceful", 1), board=parse_board("..../.3../..../...."))
    one = apply(thrown(apply(state, Roll()), [4, 3, 3, 5]), Stage(0, 6))
    two = apply(one, Stage(1, 4))
    for language, term in zip(
        ("en", "pt", "hu", "vi"), ("CONFIRM", "CONFIRMAR", "MEGERŐSÍTÉS", "XÁC NHẬN"), strict=True
    ):
        t = load_translator(language, LOCALES)
        for staged in (one, two):
            label = visible(build_view(staged, Picked(), t).primary)
            assert label.startswith(f"{term} · "), (language, label)
    assert visible(load_translator("pt", LOCALES).plural("mishimash.again_dice", 3)) == "3 dados"


def test_the_browser_language_picks_the_locale() -> None:
    from app.pure.i18n import pick_language

    available = ["en", "hu", "pt", "vi"]
    assert pick_language(["hu-HU", "en"], available) == "hu"
    assert pick_language(["pt-BR"], available) == "pt"
    assert pick_language(["de-DE", "vi"], available) == "vi"
    assert pick_language(["de-DE", "fr"], available) == "en"
    assert pick_language([], available) == "en"


def test_long_texts_split_into_paragraphs_and_bullets() -> None:
    from app.pure.i18n import text_blocks

    assert text_blocks("Intro\n• one\n• two\nOutro") == [
        ("p", ["Intro"]),
        ("ul", ["one", "two"]),
        ("p", ["Outro"]),
    ]


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_a_number_below_zero_has_the_minus_sign_as_the_board(language: str) -> None:
    """Statistics wrote a MAGDAGDON total of −394 as "-394" (a hyphen) while the board and the
    breakdown write "−43": every number the app writes takes the minus sign."""
    t = load_translator(language, LOCALES)
    assert t.number(-394) == "−394" and t.number(-2.5) in ("−2.5", "−2,5")
    assert "-" not in t.number(-12345)
