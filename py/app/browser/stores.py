"""Everything the app keeps in localStorage, read through one place: the record tables, the
saved games and the MAGDAGDON difficulty. HIGH SCORES and SETTINGS read here, never a screen.

A table is read afresh before a record is added, so a row written meanwhile by another tab is
kept, not overwritten by an old copy."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from js import console

from app.browser import storage
from app.pure import daily
from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO, Record, RecordBook, Tables
from cubiri.magdagdon.difficulty import DIFFICULTIES

if TYPE_CHECKING:  # the codecs import both engines: the home screen is ready without them
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
GAME_META_KEY = "cubiri.magdagdon.game.meta"  # daily or not, assisted or not: the saved game's
_BOOKS: dict[str, RecordBook] = {SCORES_KEY: MAGDAGDON_SCORES, SOLO_KEY: MISHIMASH_SOLO}


def tables(key: str) -> Tables:
    tables, problems = _BOOKS[key].parse(storage.read(key))
    for problem in problems:
        console.warn(problem)
    return tables


def add_record(
    key: str, table: str, seed: int, *, flags: frozenset[str] = frozenset(), **values: int
) -> tuple[str, Tables]:
    """Enter a finished game in `table`; its record id (to highlight it) and the new tables."""
    record = Record(
        id=f"{seed}-{random.getrandbits(32):08x}",
        date=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        values=values,
        flags=flags,
    )
    updated = _BOOKS[key].add(tables(key), table, record)
    storage.write(key, _BOOKS[key].dump(updated))
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


def tour_seen(game: str) -> bool:
    return storage.read(TOUR_KEY.format(game=game)) == "seen"


def set_tour_seen(game: str) -> None:
    storage.write(TOUR_KEY.format(game=game), "seen")


def daily_results() -> daily.Results:
    results, problems = daily.parse_results(storage.read(DAILY_KEY))
    for problem in problems:
        console.warn(problem)
    return results


def set_daily_result(day: date, difficulty: str, result: daily.DayResult) -> daily.Results:
    """Record the counted attempt of a day (read afresh: another tab may have written)."""
    updated = daily.with_result(daily_results(), day, difficulty, result)
    storage.write(DAILY_KEY, daily.dump_results(updated))
    return updated


def game_meta() -> daily.GameMeta | None:
    return daily.GameMeta.parse(storage.read(GAME_META_KEY))


def set_game_meta(meta: daily.GameMeta | None) -> None:
    if meta is None:
        storage.remove(GAME_META_KEY)
    else:
        storage.write(GAME_META_KEY, meta.dump())


def load_game(codec: SaveCodec[S], key: str) -> Saved[S] | None:
    """The saved game, or None; an unusable one is reported and removed."""
    saved, problem = codec.load(storage.read(key))
    if problem:
        console.warn(problem)
        storage.remove(key)
    return saved


def save_game(codec: SaveCodec[Any], key: str, saved: Saved[Any] | None) -> None:
    if saved is None:
        storage.remove(key)
    else:
        storage.write(key, codec.dump(saved))
