"""SAVE MY DATA and LOAD DATA (issue 25): everything a player has, as one JSON file to carry to
a new phone or keep, and that file merged back into what a browser holds.

Pure Python, no browser: the browser side reads and writes the stored keys; this module turns
their texts into a file (`export`), checks a file (`read`) and merges it (`merge`).

A file is checked as strictly as storage is, section by section with the same parsers (the
history, the high-score tables, the daily results, the games in progress replay their logs).
Unlike storage, where an unusable entry is dropped so that the page goes on, a file with any
entry that is not valid is refused whole with the reason, and nothing changes: a tampered
file must not smuggle in half of itself.

Merging never loses what is here: a game of the history that is already here is not added
twice, the high-score tables keep the best ten of both (a better record is never replaced by a
worse one), a day's daily result keeps the better of the two, a game in progress here stays
(the file's is added only where there is none), and settings that differ are returned for the
player to be asked about, never applied by themselves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from app.pure import daily, history
from app.pure.bounded import instant, loads
from app.pure.daily import DayResult, Results
from app.pure.history import Entry
from app.pure.mishimash_setup import PERSON, Seat, dump_seats, parse_seats, parse_target
from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO, RecordBook, Tables
from app.pure.saved_game import MAGDAGDON, MISHIMASH, SaveCodec, in_progress
from cubiri.magdagdon.difficulty import DIFFICULTIES
from cubiri.mishimash.computer import LEVEL_NAMES
from cubiri.mishimash.game import MAX_NAME, MAX_PLAYERS

APP = "cubiri"
# How every file `export` writes begins (json.dumps with indent=1): {"app": "cubiri", …
_OURS = re.compile(r'\s*\{\s*"app"\s*:\s*"' + APP + '"')
# 2: the walkthroughs seen and the MISHIMASH table's setup travel too (a tester's new phone
# showed both walkthroughs again and an empty table). A format 1 file still loads; an older
# page refuses a format 2 file as newer, never as tampered.
FORMAT = 2
MAX_FILE_CHARS = 4_000_000  # the history's 1 MB, its tables and games, with room to spare

# The stored keys a file carries, by section (app.browser.stores and the shell name them).
HISTORY_KEY = "cubiri.history"
TABLE_KEYS: dict[str, tuple[str, RecordBook]] = {
    "magdagdon_scores": ("cubiri.magdagdon.scores", MAGDAGDON_SCORES),
    "mishimash_records": ("cubiri.mishimash.records", MISHIMASH_SOLO),
}
DAILY_KEY = "cubiri.magdagdon.daily"
GAME_KEYS: dict[str, tuple[str, SaveCodec[Any]]] = {
    "magdagdon": ("cubiri.magdagdon.game", MAGDAGDON),
    "mishimash": ("cubiri.mishimash.game", MISHIMASH),
}
# The walkthroughs seen, by game ("seen" once shown), and the MISHIMASH table's setup: the
# seats (names and who plays them), the target chosen last and whether the table throws real
# dice (the setup form's keys).
TOUR_KEYS = {"magdagdon": "cubiri.tour.magdagdon", "mishimash": "cubiri.tour.mishimash"}
SETUP_KEYS = {
    "players": "cubiri.mishimash.players",
    "target": "cubiri.mishimash.target",
    "real_dice": "cubiri.mishimash.real_dice",
}
# Settings and the values each may take: anything else in a file is a tampered entry.
SETTINGS: dict[str, frozenset[str]] = {
    "cubiri.language": frozenset({"en", "pt", "hu", "vi"}),
    "cubiri.magdagdon.difficulty": frozenset(DIFFICULTIES),
    "cubiri.mishimash.speed": frozenset({"normal", "fast"}),
    "cubiri.mishimash.coach": frozenset({"on", "off"}),
    "cubiri.pips": frozenset({"on", "off"}),
    "cubiri.sound": frozenset({"on", "off"}),
    "cubiri.vibration": frozenset({"on", "off"}),
}
_SECTIONS = {
    *("app", "format", "saved", "history", "tables", "daily", "games", "settings"),
    *("seen", "mishimash_setup"),
}
# Every stored key a file is made from (what `export` and `merge` read).
STORED_KEYS = (
    HISTORY_KEY,
    *(key for key, _ in TABLE_KEYS.values()),
    DAILY_KEY,
    *(key for key, _ in GAME_KEYS.values()),
    *SETTINGS,
    *TOUR_KEYS.values(),
    *SETUP_KEYS.values(),
)


# Where in a file a tampered entry is, for the player: a kind (a locale key's last part,
# data.what.…) and what names it (a game's place in the history, its name and day; a setting).
Where = tuple[str, dict[str, Any]]


class Refused(ValueError):
    """A file that cannot be loaded: `reason` is one of the REASONS, `detail` says where (for
    the log), `where` the same for the player (a tester could not tell which entry failed)."""

    REASONS = ("not_json", "cut_short", "too_large", "other_app", "newer_format", "tampered")

    def __init__(self, reason: str, detail: str = "", where: Where | None = None) -> None:
        assert reason in self.REASONS
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.detail, self.where = reason, detail, where


@dataclass(frozen=True)
class Contents:
    """A checked file: each section parsed as storage parses it."""

    saved: str  # when the file was written (ISO 8601)
    history: list[Entry]
    tables: dict[str, Tables]  # section (TABLE_KEYS) → tables
    daily: Results
    games: dict[str, str]  # section (GAME_KEYS) → the game's stored text
    settings: dict[str, str]  # stored key → value
    seen: tuple[str, ...] = ()  # the games whose walkthrough was seen
    setup: dict[str, str] = field(default_factory=dict)  # SETUP_KEYS' stored key → text


@dataclass(frozen=True)
class Merged:
    """What to write (stored key → text; keys not named stay as they are) and what happened."""

    writes: dict[str, str]
    games_added: int
    games_known: int  # in the file and already here
    records_added: int  # high-score rows that made a table
    days_added: int
    games_in_progress: list[str] = field(default_factory=list)  # sections taken from the file
    kept_here: list[str] = field(default_factory=list)  # the file's, where one is here already
    settings_to_ask: dict[str, str] = field(default_factory=dict)  # key → the file's value
    setup_taken: bool = False  # the MISHIMASH table's setup came from the file
    moves_added: int = 0  # games here given back their moves from the file (their reviews)


# Writing ------------------------------------------------------------------------------------------
def export(stored: dict[str, str | None], saved_at: str) -> str:
    """The file's text from the stored keys' texts (a key not stored: None or absent).
    Each section is the stored value as storage holds it, so `read` checks it by the same
    rules; unusable stored values are left out, as the page would not show them either."""
    data: dict[str, Any] = {"app": APP, "format": FORMAT, "saved": saved_at}
    entries, _ = history.parse(stored.get(HISTORY_KEY))
    data["history"] = json.loads(history.dump(entries))
    data["tables"] = {}
    for section, (key, book) in TABLE_KEYS.items():
        tables, _ = book.parse(stored.get(key))
        data["tables"][section] = json.loads(book.dump(tables))
    results, _ = daily.parse_results(stored.get(DAILY_KEY))
    data["daily"] = json.loads(daily.dump_results(results))
    data["games"] = {}
    for section, (key, codec) in GAME_KEYS.items():
        raw = stored.get(key)
        if raw is not None and _in_progress(codec, raw):  # a finished one is in the history
            data["games"][section] = json.loads(raw)
    data["settings"] = {
        key: value
        for key in SETTINGS
        if (value := stored.get(key)) is not None and value in SETTINGS[key]
    }
    data["seen"] = [game for game, key in TOUR_KEYS.items() if stored.get(key) == "seen"]
    setup = _stored_setup(stored)
    if setup:
        data["mishimash_setup"] = setup
    return json.dumps(data, ensure_ascii=False, indent=1)


def _stored_setup(stored: dict[str, str | None]) -> dict[str, Any]:
    """The table's setup as the file holds it (nothing, where no game was ever set up here)."""
    raw = stored.get(SETUP_KEYS["players"])
    if raw is None:
        return {}
    setup: dict[str, Any] = {"players": json.loads(dump_seats(parse_seats(raw)))}
    target, _ = parse_target(stored.get(SETUP_KEYS["target"]) or "")
    if target is not None:
        setup["target"] = target
    setup["real_dice"] = stored.get(SETUP_KEYS["real_dice"]) == "1"
    return setup


def file_name(saved_at: str) -> str:
    """cubiri-data-YYYY-MM-DD.json, by the day it was saved."""
    return f"cubiri-data-{saved_at[:10]}.json"


# Reading ------------------------------------------------------------------------------------------
def read(text: str) -> Contents:
    """The file's contents, every entry checked; Refused (with its reason) otherwise."""
    if len(text) > MAX_FILE_CHARS:
        raise Refused("too_large", f"{len(text):,} characters")
    try:
        data = loads(text, max_chars=MAX_FILE_CHARS)
    except ValueError as error:
        # One of ours that does not parse was cut short or garbled (an audit loaded half an
        # export and was told it was no Cubiri file).
        ours = _OURS.match(text) is not None
        raise Refused("cut_short" if ours else "not_json", str(error)) from None
    if not isinstance(data, dict) or data.get("app") != APP:
        raise Refused("other_app")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Refused("tampered", "format", HEADER)
    if version > FORMAT:
        raise Refused("newer_format", str(version))
    unknown = set(data) - _SECTIONS
    if unknown:
        raise Refused("tampered", f"unknown sections {sorted(unknown)}", HEADER)
    saved = data.get("saved")
    if not isinstance(saved, str) or instant(saved) is None:
        raise Refused("tampered", "saved", HEADER)
    raw_history = data.get("history")
    entries = _checked(history.parse, raw_history, "history", lambda: _bad_game(raw_history))
    for place, entry in enumerate(entries, 1):
        if not history.replays(entry):
            where = _game(place, len(entries), entry.game, entry.ended)
            raise Refused("tampered", f"history: game {entry.id} does not replay", where)
    tables_data = _section(data, "tables", set(TABLE_KEYS))
    tables = {
        section: _checked(book.parse, tables_data.get(section), section, _named(section))
        for section, (_key, book) in TABLE_KEYS.items()
    }
    results = _checked(daily.parse_results, data.get("daily"), "daily", lambda: ("daily", {}))
    games_data = _section(data, "games", set(GAME_KEYS))
    games: dict[str, str] = {}
    for section, raw in games_data.items():
        text_of = json.dumps(raw)
        if GAME_KEYS[section][1].load(text_of)[0] is None:
            where = ("game_in_progress", {"game": section})
            raise Refused("tampered", f"the {section} game in progress", where)
        games[section] = text_of
    settings = _section(data, "settings", set(SETTINGS))
    for key, value in settings.items():
        if value not in SETTINGS[key]:
            raise Refused("tampered", f"setting {key}", ("setting", {"key": key}))
    seen = data.get("seen", [])
    if not isinstance(seen, list) or not set(seen) <= set(TOUR_KEYS) or len(set(seen)) < len(seen):
        raise Refused("tampered", "seen", ("seen", {}))
    setup = _read_setup(_section(data, "mishimash_setup", set(SETUP_KEYS)))
    return Contents(saved, entries, tables, results, games, dict(settings), tuple(seen), setup)


def _read_setup(section: dict[str, Any]) -> dict[str, str]:
    """The file's table setup as the stored keys' texts, every part checked; a refusal names
    the seat (its place at the table) or the target that failed."""
    if not section:
        return {}
    players = section.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise Refused("tampered", "mishimash_setup: players", ("mishimash_setup", {}))
    seats = [_read_seat(item, n, len(players)) for n, item in enumerate(players, 1)]
    texts = {SETUP_KEYS["players"]: dump_seats(seats)}
    target = section.get("target")
    if target is not None:
        bad_target = Refused("tampered", "mishimash_setup: target", ("mishimash_target", {}))
        if not isinstance(target, int) or isinstance(target, bool):
            raise bad_target
        if parse_target(str(target))[0] != target:
            raise bad_target
        texts[SETUP_KEYS["target"]] = str(target)
    real = section.get("real_dice", False)
    if not isinstance(real, bool):
        raise Refused("tampered", "mishimash_setup: real_dice", ("mishimash_setup", {}))
    if real:
        texts[SETUP_KEYS["real_dice"]] = "1"
    return texts


def _read_seat(item: Any, n: int, count: int) -> Seat:
    """Seat `n` of `count` (from 1): a name of at most MAX_NAME characters, a person or a
    computer level the page knows."""
    fine = (
        isinstance(item, dict)
        and set(item) == {"name", "level"}
        and isinstance(item["name"], str)
        and len(item["name"]) <= MAX_NAME
        and item["level"] in (PERSON, *LEVEL_NAMES)
    )
    if not fine:
        where: Where = ("mishimash_seat", {"n": n, "count": count})
        raise Refused("tampered", f"mishimash_setup: seat {n}", where)
    return Seat(item["name"], item["level"])


HEADER: Where = ("header", {})


def _named(section: str) -> Callable[[], Where]:
    return lambda: (section, {})


def _game(place: int, count: int, game: object, ended: object) -> Where:
    """A game of the file's history by its place as YOUR GAMES lists them (newest first: the
    file keeps them oldest first, and an audit looked for "game 5 of 5" at the bottom of the
    list), with its name and when it ended (the instant: the page shows its day as YOUR GAMES
    does, in the reader's calendar) where they read."""
    shown = count - place + 1
    if game in ("magdagdon", "mishimash") and isinstance(ended, str) and instant(ended):
        return ("game", {"n": shown, "count": count, "game": game, "ended": ended})
    return ("game_unread", {"n": shown, "count": count})


def _bad_game(raw: object) -> Where:
    """The first game of the file's history that storage's parser would drop."""
    games = raw.get("games") if isinstance(raw, dict) else None
    if isinstance(games, list):
        for place, item in enumerate(games, 1):
            alone = {"version": history.VERSION, "games": [item]}
            if history.parse(json.dumps(alone))[1]:
                known = item if isinstance(item, dict) else {}
                return _game(place, len(games), known.get("game"), known.get("ended"))
    return ("history", {})


def _section(data: dict[str, Any], name: str, allowed: set[str]) -> dict[str, Any]:
    value = data.get(name, {})
    if not isinstance(value, dict) or not set(value) <= allowed:
        raise Refused("tampered", name, (name, {}))
    return value


def _checked(parse: Any, value: object, name: str, where: Callable[[], Where]) -> Any:
    """A section through storage's own parser: refused at the first entry it would drop."""
    if value is None:
        return parse(None)[0]
    parsed, problems = parse(json.dumps(value))
    if problems:
        raise Refused("tampered", f"{name}: {problems[0][:200]}", where())
    return parsed


# Merging ------------------------------------------------------------------------------------------
def merge(stored: dict[str, str | None], contents: Contents) -> Merged:
    """The file merged into the stored keys' texts (see the module docstring)."""
    writes: dict[str, str] = {}
    here, _ = history.parse(stored.get(HISTORY_KEY))
    known = {entry.id for entry in here}
    new = [entry for entry in contents.history if entry.id not in known]
    # A game here whose moves made room for newer ones gets them back from the file, and its
    # review with them (helper-27: a backup could not bring them back, "Nothing new").
    logs = {entry.id: entry.log for entry in contents.history if entry.log is not None}
    mended = {e.id for e in here if e.log is None and e.id in logs}
    moves_added = 0
    if new or mended:
        here = [replace(e, log=logs[e.id]) if e.id in mended else e for e in here]
        joined = history.bounded(sorted([*here, *new], key=lambda e: instant(e.ended) or 0))
        moves_added = sum(e.id in mended and e.log is not None for e in joined)
        if new or moves_added:
            writes[HISTORY_KEY] = history.dump(joined)
    records_added = 0
    for section, (key, book) in TABLE_KEYS.items():
        tables, _ = book.parse(stored.get(key))
        before = {r.id for rows in tables.values() for r in rows}
        for name, rows in contents.tables[section].items():
            for record in rows:
                tables = book.add(tables, name, record)
        after = {r.id for rows in tables.values() for r in rows}
        if after - before:
            records_added += len(after - before)
            writes[key] = book.dump(tables)
    results, _ = daily.parse_results(stored.get(DAILY_KEY))
    days_added = 0
    for day, entries in contents.daily.items():
        for difficulty, theirs in entries.items():
            mine = results.get(day, {}).get(difficulty)
            best = theirs if mine is None else _better(mine, theirs)
            if best is not mine:
                results = {**results, day: {**results.get(day, {}), difficulty: best}}
                days_added += 1
    if days_added:
        writes[DAILY_KEY] = daily.dump_results(results)
    taken, kept = [], []
    for section, raw in contents.games.items():
        key, codec = GAME_KEYS[section]
        if not _in_progress(codec, raw):
            continue  # a finished game (an older file kept it): its entry is in the history
        if _in_progress(codec, stored.get(key)):
            kept.append(section)
        else:
            writes[key] = raw
            taken.append(section)
    ask = {key: value for key, value in contents.settings.items() if stored.get(key) != value}
    for game in contents.seen:  # a walkthrough seen on the other phone is not shown again
        if stored.get(TOUR_KEYS[game]) != "seen":
            writes[TOUR_KEYS[game]] = "seen"
    # The table set up here stays; the file's is taken where none was ever set up here.
    setup_taken = bool(contents.setup) and stored.get(SETUP_KEYS["players"]) is None
    if setup_taken:
        writes.update(contents.setup)
    return Merged(
        writes,
        len(new),
        len(contents.history) - len(new) - moves_added,
        records_added,
        days_added,
        taken,
        kept,
        ask,
        setup_taken,
        moves_added,
    )


def _in_progress(codec: SaveCodec[Any], raw: str | None) -> bool:
    """A saved game begun and not over (not: a finished one still on its end screen)."""
    saved = codec.load(raw)[0] if raw is not None else None
    return saved is not None and in_progress(saved.state)


def _better(mine: DayResult, theirs: DayResult) -> DayResult:
    """The day's result to keep: a finished attempt over an unfinished one, then the higher
    score, then one played without a HINT; on a tie, this browser's."""

    def rank(result: DayResult) -> tuple[bool, int, bool]:
        return (result.score is not None, result.score or 0, not result.assisted)

    return theirs if rank(theirs) > rank(mine) else mine
