"""What SETTINGS says about the player's data (issue 25): what LOAD DATA added and skipped, why
a file was refused, the settings a file would change, and whether the browser keeps the data.

Pure Python: the browser side (app.browser.your_data) shows these texts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.pure.data_file import SETTINGS, Merged, Refused
from app.pure.i18n import Translator

# How each setting a file may carry is named, and how its values read (keys of the locales).
SETTING_NAMES = {
    "cubiri.language": "settings.language",
    "cubiri.magdagdon.difficulty": "settings.difficulty",
    "cubiri.mishimash.speed": "settings.speed",
    "cubiri.mishimash.coach": "settings.coach",
    "cubiri.pips": "settings.pips",
    "cubiri.sound": "settings.sound",
    "cubiri.vibration": "settings.vibration",
}
assert set(SETTING_NAMES) == set(SETTINGS)
GAMES = {"magdagdon": "MAGDAGDON", "mishimash": "MISHIMASH"}


def iso_day(instant: str) -> str:
    """A day as the file has it (the page passes its reader's calendar instead)."""
    return instant[:10]


def refusal(error: Refused, t: Translator, day: Callable[[str], str] = iso_day) -> str:
    """Why a file was not loaded, which entry failed where one did, and that nothing changed;
    `day` shows the day of an instant (an audit read "2026-03-14" here and "14 Mar 2026" in
    YOUR GAMES for the same game)."""
    parts = [t(f"data.refused.{error.reason}")]
    if error.where is not None:
        parts.append(t("data.where", what=where(*error.where, t, day)))
    parts.append(t("data.unchanged"))
    return " ".join(parts)


def where(
    kind: str, params: dict[str, Any], t: Translator, day: Callable[[str], str] = iso_day
) -> str:
    """A file's entry named for the player (data_file.Where): games by their shown name and the
    day they ended, settings by their SETTINGS label."""
    named = dict(params)
    if "game" in named:
        named["game"] = GAMES[named["game"]]
    if "ended" in named:
        named["day"] = day(named.pop("ended"))
    if "key" in named:
        named["name"] = t(SETTING_NAMES[named.pop("key")])
    return t(f"data.what.{kind}", **named)


def loaded(merged: Merged, t: Translator, keeping: bool = True) -> str:
    """What LOAD DATA did: the games added and the ones already here, the high scores and the
    daily results that made it in, the games in progress taken or left; where the browser does
    not let the app save (`keeping` False), that it lasts only as long as the page."""
    text = _loaded(merged, t)
    if keeping or not merged.writes:
        return text
    return f"{text} {t('data.loaded.page_only')}".strip()


def _loaded(merged: Merged, t: Translator) -> str:
    if merged.games_added or merged.records_added or merged.days_added or merged.moves_added:
        parts = [t.plural("data.loaded.games", merged.games_added)]
        if merged.moves_added:
            parts.append(t.plural("data.loaded.moves", merged.moves_added))
        if merged.games_known:
            parts.append(t.plural("data.loaded.known", merged.games_known))
        if merged.records_added:
            parts.append(t.plural("data.loaded.records", merged.records_added))
        if merged.days_added:
            parts.append(t.plural("data.loaded.days", merged.days_added))
        text = t("data.loaded", parts=t.list_names(parts))
    elif (merged.games_in_progress or merged.setup_taken) and merged.games_known:
        text = t("data.loaded", parts=t.plural("data.loaded.known", merged.games_known))
    elif merged.games_in_progress or merged.setup_taken:
        text = ""  # what was taken is said below: it is not "nothing new" (an audit)
    else:
        text = t("data.loaded.nothing_new")
    for section in merged.games_in_progress:
        text += " " + t("data.loaded.game_taken", game=GAMES[section])
    for section in merged.kept_here:
        text += " " + t("data.loaded.game_kept", game=GAMES[section])
    if merged.setup_taken:
        text += " " + t("data.loaded.setup_taken")
    return text.strip()


def setting_value(key: str, value: str, t: Translator, language_names: dict[str, str]) -> str:
    if key == "cubiri.language":
        return language_names.get(value, value)
    if key == "cubiri.magdagdon.difficulty":
        return value.upper()
    if key == "cubiri.mishimash.speed":
        return t(f"settings.speed.{value}")
    return t(f"data.setting.{value}")  # on / off


def settings_question(to_ask: dict[str, str], t: Translator, language_names: dict[str, str]) -> str:
    """The file's settings that differ from these, named with their values, as a question."""
    named = [
        f"{t(SETTING_NAMES[key])}: {setting_value(key, value, t, language_names)}"
        for key, value in to_ask.items()
    ]
    return t("data.settings.ask", settings="; ".join(named))


def kept_line(
    persisted: bool | None, has_history: bool, t: Translator, keeping: bool = True
) -> str:
    """Whether the browser promised to keep the data (`navigator.storage.persist()`): True,
    False, or None where the browser cannot say; `keeping` False where it does not let the
    app save at all (site data blocked: helper-22 read "kept in this browser" there)."""
    if not keeping:
        return t("data.kept.blocked")
    if persisted is None:
        return t("data.kept.unknown")
    if persisted:
        return t("data.kept.yes")
    return t("data.kept.no") if has_history else t("data.kept.not_asked")
