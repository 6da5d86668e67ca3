"""What SETTINGS says about the player's data (issue 25), in every language."""

from __future__ import annotations

import pytest

from app.pure import data_file, data_view
from app.pure.data_file import Merged, Refused
from app.pure.i18n import available_languages, load_translator
from tests.test_data_file import LATER, a_phone, a_table_phone, edit_game, file_with, set_at

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


@pytest.mark.parametrize(
    ("change", "named"),
    [
        # Counted as YOUR GAMES lists them, the newest first (the file keeps the oldest first).
        (edit_game("mishimash", "totals", [40, 0]), "game 1 of 2 in YOUR GAMES (MISHIMASH, "),
        (set_at(["history", "games", 0, "seats"], "x"), "game 2 of 2 in YOUR GAMES (MAGDAGDON, "),
        (set_at(["history", "games", 1], 7), "game 1 of 2 in YOUR GAMES."),
        (set_at(["tables", "magdagdon_scores", "peaceful", 0, "score"], 9999), "MAGDAGDON high"),
        (set_at(["tables", "mishimash_records", "targets", "100", 0, "turns"], 0), "the MISHIMASH"),
        (set_at(["daily", "days", "2026-03-14", "peaceful", "score"], 10**9), "the daily"),
        (set_at(["games", "magdagdon", "game", "log"], [["roll"]] * 2), "the MAGDAGDON game in"),
        (set_at(["settings", "cubiri.sound"], "loud"), "the setting “Sounds”."),
        (set_at(["settings", "cubiri.secret"], "on"), "the settings."),
        (set_at(["saved"], "yesterday"), "the file's header."),
    ],
)
def test_a_refused_file_names_the_entry_that_does_not_check(change: object, named: str) -> None:
    """A tester's edited file was refused with "one of its entries does not check", and they
    could not tell which: the message now names it (a game by its place, name and day)."""
    with pytest.raises(Refused) as refused:
        data_file.read(file_with(change))
    text = data_view.refusal(refused.value, EN)
    assert text.startswith(EN("data.refused.tampered") + " Found in ")
    assert named in text and text.endswith(" Nothing was changed.")
    for language in available_languages():
        shown = data_view.refusal(refused.value, load_translator(language))
        assert "{" not in shown and "data." not in shown, shown


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


def test_with_site_data_blocked_your_data_and_a_load_say_nothing_is_kept() -> None:
    """helper-22 with site data blocked: Your data said the data "are kept in this browser"
    and a load "Loaded: 2 games added …", all gone once the tab closed."""
    for persisted in (True, False, None):
        line = data_view.kept_line(persisted, True, EN, keeping=False)
        assert line.startswith("This browser does not let Cubiri save right now")
    merged = data_file.merge({}, data_file.read(data_file.export(a_phone(), LATER)))
    said = data_view.loaded(merged, EN, keeping=False)
    assert said.startswith("Loaded: 2 games added")
    assert said.endswith("so it is kept only until this page closes.")
    nothing = data_file.merge(a_phone(), data_file.read(data_file.export(a_phone(), LATER)))
    assert "page closes" not in data_view.loaded(nothing, EN, keeping=False)  # nothing written


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
        "data.kept.blocked",
        "data.loaded.page_only",
    ):
        assert t(key) != EN(key), key


def test_a_table_setup_taken_from_the_file_is_said_and_its_refusal_named() -> None:
    merged = data_file.merge({}, data_file.read(data_file.export(a_table_phone(), LATER)))
    assert data_view.loaded(merged, EN).endswith(
        " The MISHIMASH players and target come from the file."
    )
    # The same phone, its table not set up: the setup is new, so it is not "nothing new"
    # (an audit read "Nothing new: everything in this file is already here." before it).
    here = {k: v for k, v in a_table_phone().items() if k not in data_file.SETUP_KEYS.values()}
    merged = data_file.merge(here, data_file.read(data_file.export(a_table_phone(), LATER)))
    assert merged.setup_taken and not merged.games_added
    assert data_view.loaded(merged, EN) == (
        "Loaded: 2 games already here, skipped. Your MAGDAGDON game in progress here was kept;"
        " the file's was skipped. The MISHIMASH players and target come from the file."
    )
    params = {"n": 2, "count": 3}
    for kind in ("seen", "mishimash_setup", "mishimash_seat", "mishimash_target"):
        for language in available_languages():
            t = load_translator(language)
            text = data_view.refusal(Refused("tampered", kind, (kind, params)), t)
            assert "{" not in text and "data." not in text, text
