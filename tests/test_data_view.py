"""What SETTINGS says about the player's data (issue 25), in every language."""

from __future__ import annotations

import pytest

from app.pure import data_file, data_view
from app.pure.data_file import Merged, Refused
from app.pure.i18n import available_languages, load_translator
from tests.test_data_file import LATER, a_phone

EN = load_translator("en")
NAMES = {"en": "English", "hu": "Magyar"}


def test_a_first_load_names_everything_it_added_and_the_game_it_took() -> None:
    merged = data_file.merge({}, data_file.read(data_file.export(a_phone(), LATER)))
    assert data_view.loaded(merged, EN) == (
        "Loaded: 2 games added, 3 high scores added and 1 daily result added."
        " The MAGDAGDON game in progress comes from the file."
    )


def test_a_second_load_adds_nothing_and_says_so() -> None:
    phone = a_phone()
    merged = data_file.merge(phone, data_file.read(data_file.export(phone, LATER)))
    assert merged.writes == {}
    assert data_view.loaded(merged, EN) == (
        "Nothing new: everything in this file is already here."
        " Your MAGDAGDON game in progress here was kept; the file's was skipped."
    )


def test_known_games_are_counted_beside_new_ones() -> None:
    merged = Merged({"k": "v"}, 1, 2, 0, 0)
    assert data_view.loaded(merged, EN) == (
        "Loaded: 1 game added and 2 games already here, skipped."
    )


@pytest.mark.parametrize("reason", Refused.REASONS)
def test_every_refusal_says_why_and_that_nothing_changed(reason: str) -> None:
    for language in available_languages():
        t = load_translator(language)
        text = data_view.refusal(Refused(reason), t)
        assert text.endswith(t("data.unchanged")) and f"data.refused.{reason}" not in text


def test_the_file_settings_are_named_with_their_values() -> None:
    question = data_view.settings_question(
        {"cubiri.language": "hu", "cubiri.sound": "off", "cubiri.mishimash.speed": "fast"},
        EN,
        NAMES,
    )
    assert question == (
        "The file has other settings (Language: Magyar; Sounds: off;"
        " Computer players: Fast). Use them?"
    )


def test_the_kept_line_follows_the_browser_answer() -> None:
    assert data_view.kept_line(True, True, EN) == EN("data.kept.yes")
    assert data_view.kept_line(False, True, EN) == EN("data.kept.no")
    assert data_view.kept_line(False, False, EN) == EN("data.kept.not_asked")
    assert data_view.kept_line(None, True, EN) == EN("data.kept.unknown")


@pytest.mark.parametrize("language", ["pt", "hu", "vi"])
def test_every_language_has_every_text_of_your_data(language: str) -> None:
    t = load_translator(language)
    for key in (
        "data.title",
        "data.save",
        "data.load",
        "data.loaded",
        "data.loaded.games.other",
        "data.settings.use",
        "data.kept.no",
    ):
        assert t(key) != EN(key), key
