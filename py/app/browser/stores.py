"""Everything the app keeps in localStorage, read through one place: the record tables, the
saved games and the MAGDAGDON difficulty. HIGH SCORES and SETTINGS read here, never a screen.

A table is read afresh before a record is added, so a row written meanwhile by another tab is
kept, not overwritten by an old copy. A game is written only over the save this tab last read
or wrote (`moved_on`): a tab that another has overtaken takes the newer game instead (issue 18),
or no game when the other gave it up (NEW GAME's setup is a write too, never a removal).
Data of a newer version of the app is never written over; an unreadable save is set aside
under `<key>.unreadable` before a fresh game takes its place."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from js import console

from app.browser import storage
from app.pure.bounded import loads, version_of
from cubiri.magdagdon.difficulty import DIFFICULTIES

# Imported where they are used: the home screen is ready without them (start-up, make bench).
# The codecs import both engines; the tables and the dailies need hashing and the scoring.
if TYPE_CHECKING:
    from app.pure import daily
    from app.pure.records import RecordBook, Tables
    from app.pure.saved_game import SaveCodec, Saved

S = TypeVar("S")
SCORES_KEY = "cubiri.magdagdon.scores"
SOLO_KEY = "cubiri.mishimash.records"
DIFFICULTY_KEY = "cubiri.magdagdon.difficulty"
MAGDAGDON_GAME = "cubiri.magdagdon.game"
MISHIMASH_GAME = "cubiri.mishimash.game"
DEFAULT_DIFFICULTY = "peaceful"
SPEED_KEY = "cubiri.mishimash.speed"
SPEEDS = ("normal", "fast")
COACH_KEY = "cubiri.mishimash.coach"
DAILY_KEY = "cubiri.magdagdon.daily"  # the daily puzzles' results, day by day
# Game feel (issue 16): pips on the dice, sound, vibration; each on until the player turns it off.
FEEL_KEYS = {"pips": "cubiri.pips", "sound": "cubiri.sound", "vibration": "cubiri.vibration"}
TOUR_KEY = "cubiri.tour.{game}"  # "seen" once a game's first-game walkthrough has been shown
PICKED_KEY = "cubiri.magdagdon.picked"  # the die picked but not yet placed (app.pure.picked_memory)
GAME_META_KEY = "cubiri.magdagdon.game.meta"  # daily or not, assisted or not: the saved game's


def _book(key: str) -> RecordBook:
    from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO

    return {SCORES_KEY: MAGDAGDON_SCORES, SOLO_KEY: MISHIMASH_SOLO}[key]


UNREADABLE = ".unreadable"  # suffix of the key an unreadable value is set aside under
_seen: dict[str, str | None] = {}  # game key → stamp of the save this tab last read or wrote


def _set_aside(key: str, raw: str | None) -> None:
    """Keep an unreadable value where the app no longer reads it, for whoever wants it back."""
    if raw is not None:
        storage.write(key + UNREADABLE, raw)


def tables(key: str) -> Tables:
    raw = storage.read(key)
    book = _book(key)
    if book.newer(raw):
        storage.protect(key)
        storage.report(storage.NEWER)
        return {}
    tables, problems = book.parse(raw)
    for problem in problems:
        console.warn(problem)
    return tables


def add_record(
    key: str, table: str, seed: int, *, flags: frozenset[str] = frozenset(), **values: int
) -> tuple[str, Tables]:
    """Enter a finished game in `table`; its record id (to highlight it) and the new tables."""
    from app.pure.records import Record

    book = _book(key)
    record = Record(
        id=f"{seed}-{random.getrandbits(32):08x}",
        date=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        values=values,
        flags=flags,
    )
    raw = storage.read(key)  # the freshest copy: read, add and write in one step
    current = tables(key)
    if raw is not None and not current and not book.newer(raw) and book.parse(raw)[1]:
        _set_aside(key, raw)  # nothing usable in it: keep it before it is replaced
    updated = book.add(current, table, record)
    storage.write(key, book.dump(updated))  # refused for a newer version's table
    return record.id, updated


def difficulty() -> str:
    saved = storage.read(DIFFICULTY_KEY)
    return saved if saved in DIFFICULTIES else DEFAULT_DIFFICULTY


def set_difficulty(name: str) -> None:
    storage.write(DIFFICULTY_KEY, name)


def computer_speed() -> str:
    saved = storage.read(SPEED_KEY)
    return saved if saved in SPEEDS else SPEEDS[0]


def set_computer_speed(speed: str) -> None:
    if speed in SPEEDS:
        storage.write(SPEED_KEY, speed)


def coach_on() -> bool:
    """The MISHIMASH coach shows the odds unless the player turned it off (on for a first game)."""
    return storage.read(COACH_KEY) != "off"


def set_coach(on: bool) -> None:
    storage.write(COACH_KEY, "on" if on else "off")


def feel_on(name: str) -> bool:
    """A game-feel setting (see FEEL_KEYS): on unless the player turned it off."""
    return storage.read(FEEL_KEYS[name]) != "off"


def set_feel(name: str, on: bool) -> None:
    storage.write(FEEL_KEYS[name], "on" if on else "off")


def tour_due(game: str) -> bool:
    """Whether a first visit should show `game`'s walkthrough: not seen yet, and storage there
    to remember it (blocked storage would show it at every visit; RULES still offers it)."""
    return storage.available() and storage.read(TOUR_KEY.format(game=game)) != "seen"


def set_tour_seen(game: str) -> None:
    storage.write(TOUR_KEY.format(game=game), "seen")


def daily_results() -> daily.Results:
    from app.pure import daily

    results, problems = daily.parse_results(storage.read(DAILY_KEY))
    for problem in problems:
        console.warn(problem)
    return results


def set_daily_result(day: date, difficulty: str, result: daily.DayResult) -> daily.Results:
    """Record the counted attempt of a day (read afresh: another tab may have written)."""
    from app.pure import daily

    if _newer_version(storage.read(DAILY_KEY), daily.VERSION):
        storage.protect(DAILY_KEY)
        storage.report(storage.NEWER)
    updated = daily.with_result(daily_results(), day, difficulty, result)
    storage.write(DAILY_KEY, daily.dump_results(updated))
    return updated


def _newer_version(raw: str | None, version: int) -> bool:
    try:
        return (version_of(loads(raw)) or 0) > version if raw is not None else False
    except ValueError:
        return False


def picked() -> str | None:
    return storage.read(PICKED_KEY)


def set_picked(raw: str | None) -> None:
    if raw is None:
        storage.remove(PICKED_KEY)
    elif raw != storage.read(PICKED_KEY):
        storage.write(PICKED_KEY, raw)


def game_meta() -> daily.GameMeta | None:
    from app.pure import daily

    return daily.GameMeta.parse(storage.read(GAME_META_KEY))


def set_game_meta(meta: daily.GameMeta | None) -> None:
    if meta is None:
        storage.remove(GAME_META_KEY)
    else:
        storage.write(GAME_META_KEY, meta.dump())


def load_game(codec: SaveCodec[S], key: str) -> Saved[S] | None:
    """The saved game, or None. An unusable one is set aside and the player told; one saved
    by a newer version is left as it is (and this page will not write over it)."""
    raw = storage.read(key)
    if codec.newer(raw):
        storage.protect(key)
        storage.report(storage.NEWER)
        return None
    saved, problem = codec.load(raw)
    if problem:
        console.warn(problem)
        storage.report(storage.CORRUPT)
        _set_aside(key, raw)
        storage.remove(key)
    _seen[key] = None if problem else codec.stamp_of(raw)  # a game, or no game on purpose
    return saved


def moved_on(codec: SaveCodec[Any], key: str) -> bool:
    """Whether another tab has saved this game (or started another) since this tab last read
    or wrote it: then this tab's state is old, and it must take storage's, not write."""
    if key not in _seen:
        return False
    raw = storage.read(key)
    return raw is not None and codec.stamp_of(raw) != _seen[key]


def emptied(codec: SaveCodec[Any], key: str) -> bool:
    """Whether the save holds no game because a tab gave its game up (not: nothing there)."""
    return codec.empty(storage.read(key))


def save_game(codec: SaveCodec[Any], key: str, saved: Saved[Any] | None) -> bool:
    """Write this tab's game (None: no game, stamped like a game, so that a tab still on the
    old one follows instead of writing it back); False (and nothing written) if another tab
    moved on meanwhile."""
    if moved_on(codec, key):
        return False
    stamp = f"{random.getrandbits(48):012x}"
    if storage.write(key, codec.dump(saved, stamp)):
        _seen[key] = stamp
    return True
