"""Everything the app keeps in localStorage, read through one place: the record tables, the
history of finished games, the saved games and the settings. HIGH SCORES and SETTINGS read here,
never a screen.

A table (and the history) is read afresh before a game is added, so a row written meanwhile by
another tab is kept, not overwritten by an old copy, and a game already there is not added again.
A game is written only over the save this tab last read or wrote (`Slot.moved_on`): a tab that
another has overtaken takes the newer game instead (issue 18), or no game when the other gave it
up (NEW GAME's setup is a write too, never a removal). A save of the app before issue 23 is
carried into one record on first load, its old keys removed once the record is written.
Data of a newer version of the app is never written over; an unreadable save is set aside
under `<key>.unreadable` before a fresh game takes its place."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from js import console

from app.browser import storage
from app.pure.bounded import loads, version_of
from cubiri.magdagdon.difficulty import DIFFICULTIES

# Imported where they are used: the home screen is ready without them (start-up, make bench).
# The codecs import both engines; the tables and the dailies need hashing and the scoring.
if TYPE_CHECKING:
    from app.pure import daily
    from app.pure.history import Entry
    from app.pure.records import RecordBook, Tables
    from app.pure.saved_game import SaveCodec, Saved

S = TypeVar("S")
SCORES_KEY = "cubiri.magdagdon.scores"
SOLO_KEY = "cubiri.mishimash.records"
DIFFICULTY_KEY = "cubiri.magdagdon.difficulty"
MAGDAGDON_GAME = "cubiri.magdagdon.game"
LEFT_DAILY = "cubiri.magdagdon.daily.left"  # a counted daily that another game replaced
MISHIMASH_GAME = "cubiri.mishimash.game"
DEFAULT_DIFFICULTY = "peaceful"
SPEED_KEY = "cubiri.mishimash.speed"
SPEEDS = ("normal", "fast")
COACH_KEY = "cubiri.mishimash.coach"
DAILY_KEY = "cubiri.magdagdon.daily"  # the daily puzzles' results, day by day
# Game feel (issue 16): pips on the dice, sound, vibration; each on until the player turns it off.
FEEL_KEYS = {"pips": "cubiri.pips", "sound": "cubiri.sound", "vibration": "cubiri.vibration"}
TOUR_KEY = "cubiri.tour.{game}"  # "seen" once a game's first-game walkthrough has been shown
HISTORY_KEY = "cubiri.history"  # every finished game of both games (app.pure.history)
# Before issue 23 a MAGDAGDON game's meta and pick had keys of their own: read once, to upgrade.
LEGACY_KEYS = {MAGDAGDON_GAME: ("cubiri.magdagdon.game.meta", "cubiri.magdagdon.picked")}


def _book(key: str) -> RecordBook:
    from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO

    return {SCORES_KEY: MAGDAGDON_SCORES, SOLO_KEY: MISHIMASH_SOLO}[key]


UNREADABLE = ".unreadable"  # suffix of the key an unreadable value is set aside under


def _set_aside(key: str, raw: str | None) -> bool:
    """Keep an unreadable value where the app no longer reads it, for whoever wants it back;
    whether it is written there."""
    return raw is not None and storage.write(key + UNREADABLE, raw)


def _unusable(key: str, raw: str | None, problems: list[str], usable: bool) -> None:
    """A stored table or history with nothing usable in it (a torn write, a hand's edit): set
    aside and the player told, once, as for a saved game. helper-22: STATISTICS said "No games
    yet" and HIGH SCORES "The first one sets the record!" with no word, and the next game was
    hailed as a new best. Removed from where the app reads it only once its copy is written
    (storage full: it stays where it is)."""
    for problem in problems:
        console.warn(problem)
    if raw is None or usable or not problems:
        return
    storage.report(storage.UNREADABLE)
    if storage.read(key + UNREADABLE) == raw or _set_aside(key, raw):
        storage.remove(key)


def tables(key: str) -> Tables:
    raw = storage.read(key)
    book = _book(key)
    if book.newer(raw):
        storage.protect(key)
        storage.report(storage.NEWER)
        return {}
    tables, problems = book.parse(raw)
    _unusable(key, raw, problems, any(tables.values()))
    return tables


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_record(
    key: str,
    table: str,
    seed: int,
    *,
    flags: frozenset[str] = frozenset(),
    ident: str | None = None,
    **values: int,
) -> tuple[str, Tables]:
    """Enter a finished game in `table`; its record id (to highlight it) and the new tables.
    `ident`: the game's id, so that the game never has two rows (two tabs, a reload)."""
    from app.pure.records import Record

    book = _book(key)
    record = Record(
        id=ident or f"{seed}-{random.getrandbits(32):08x}",
        date=now(),
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
    to remember it (blocked storage, or storage that refuses reads, would show it at every
    visit; RULES still offers it)."""
    seen = storage.read(TOUR_KEY.format(game=game)) == "seen"
    return not seen and storage.remembers()  # read first: a refused read is learned there


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


# The history of finished games ------------------------------------------------------------------
HISTORY_TRIES = (1.0, 0.5, 0.25, 0.1)  # a full quota: the newest half, quarter, tenth


def history() -> list[Entry]:
    from app.pure import history

    raw = storage.read(HISTORY_KEY)
    entries, problems = history.parse(raw)
    if not history.newer(raw):  # a newer version's is read as it can be, never set aside
        _unusable(HISTORY_KEY, raw, problems, bool(entries))
    return entries


def add_to_history(entry: Entry) -> bool:
    """Enter a finished game in the history, read afresh (another tab's games are kept; a game
    already there is not added again). Written after the tables: a full quota costs the oldest
    games of the history, never a high score. False: not written (the player is told)."""
    from app.pure import history

    raw = storage.read(HISTORY_KEY)
    if history.newer(raw):
        storage.protect(HISTORY_KEY)
        storage.report(storage.NEWER)
        return False
    entries, problems = history.parse(raw)
    for problem in problems:
        console.warn(problem)
    if any(e.id == entry.id for e in entries):
        return True
    if raw is not None and problems and not entries:
        _set_aside(HISTORY_KEY, raw)  # nothing usable in it: keep it before it is replaced
    updated = history.add(entries, entry)
    for share in HISTORY_TRIES:
        kept = updated[-max(1, int(len(updated) * share)) :]
        if storage.write(HISTORY_KEY, history.dump(kept), quiet=share != HISTORY_TRIES[-1]):
            storage.ask_to_keep()  # a history now: worth keeping (issue 25)
            return True
    return False


def remove_from_history(ident: str) -> None:
    """Take a game back out of the history, read afresh (UNDO past a game's end: it is entered
    again when it ends again)."""
    from app.pure import history

    raw = storage.read(HISTORY_KEY)
    if raw is None or history.newer(raw):
        return
    entries, _ = history.parse(raw)
    kept = [entry for entry in entries if entry.id != ident]
    if len(kept) < len(entries):
        storage.write(HISTORY_KEY, history.dump(kept))


def remove_record(key: str, table: str, ident: str) -> None:
    """Take a game's row back out of a record table, read afresh (UNDO past a game's end)."""
    current = tables(key)
    rows = current.get(table, [])
    kept = [record for record in rows if record.id != ident]
    if len(kept) < len(rows):  # `tables` is empty for a newer version's table: never written
        storage.write(key, _book(key).dump({**current, table: kept}))


def note_in_history(ident: str, **notes: Any) -> bool:
    """Keep a review's notes (history.NOTES) on a game of the history, read afresh; False when
    the game is not there (any more), the notes do not fit, or nothing could be written."""
    from app.pure import history

    raw = storage.read(HISTORY_KEY)
    if raw is None or history.newer(raw):
        return False
    entries, _ = history.parse(raw)
    noted = history.annotated(entries, ident, **notes)
    return noted is not None and storage.write(HISTORY_KEY, history.dump(noted), quiet=True)


# The saved games ---------------------------------------------------------------------------------
class Slot(Generic[S]):
    """One game's saved record as this tab sees it: the stamp it last read or wrote."""

    def __init__(self, codec: SaveCodec[S], key: str) -> None:
        self.codec, self.key = codec, key
        self.known = False  # read or written by this tab at least once
        self.seen: str | None = None  # the stamp of that save

    def _see(self, stamp: str | None) -> None:
        self.known, self.seen = True, stamp

    def load(self) -> Saved[S] | None:
        """The saved game, or None. An unusable one is set aside and the player told; one saved
        by a newer version is left as it is (and this page will not write over it). One saved
        before issue 23 is carried into a record, and its old keys go once that is written."""
        codec, key = self.codec, self.key
        raw = storage.read(key)
        if codec.newer(raw):
            storage.protect(key)
            storage.report(storage.NEWER)
            return None
        legacy = LEGACY_KEYS.get(key, ())
        upgrading = codec.legacy(raw)
        olds = [storage.read(old) for old in legacy] if upgrading else []
        saved, problem = codec.load(raw, *olds)
        if problem:
            console.warn(problem)
            storage.report(storage.CORRUPT)
            _set_aside(key, raw)
            storage.remove(key)
            self._see(None)
            return None
        self._see(codec.stamp_of(raw))  # a game, or no game on purpose
        if upgrading and saved is not None:
            self.save(saved)  # refused if another tab wrote meanwhile: it upgraded it
        if legacy and raw is not None and not codec.legacy(storage.read(key)):
            for old in legacy:  # the record is written: the old keys are no longer read
                if storage.read(old) is not None:
                    storage.remove(old)
        return saved

    def moved_on(self) -> bool:
        """Whether another tab has saved this game (or started another) since this tab last
        read or wrote it: then this tab's state is old, and it must take storage's, not write."""
        if not self.known:
            return False
        raw = storage.read(self.key)
        return raw is not None and self.codec.stamp_of(raw) != self.seen

    def emptied(self) -> bool:
        """Whether the save holds no game because a tab gave its game up (not: nothing there)."""
        return self.codec.empty(storage.read(self.key))

    def save(self, saved: Saved[Any] | None) -> bool:
        """Write this tab's game (None: no game, stamped like a game, so that a tab still on the
        old one follows instead of writing it back); False (and nothing written) if another tab
        moved on meanwhile."""
        if self.moved_on():
            return False
        stamp = f"{random.getrandbits(48):012x}"
        # A write storage refused is kept by the page (and written once storage takes it): it
        # is this tab's save all the same, or its next read would look like another tab's.
        if storage.write(self.key, self.codec.dump(saved, stamp)) or storage.unsaved(self.key):
            self._see(stamp)
        return True

    def remember(self, saved: Saved[Any]) -> None:
        """Write what is no move (the die picked) under the same stamp: the other tabs have
        nothing to take. Never over another tab's newer game."""
        if not self.known or self.seen is None:
            self.save(saved)
        elif not self.moved_on():
            raw = self.codec.dump(saved, self.seen)
            if raw != storage.read(self.key):
                storage.write(self.key, raw)


_slots: dict[str, Slot[Any]] = {}


def slot(codec: SaveCodec[S], key: str) -> Slot[S]:
    """This tab's view of the game saved under `key` (one per key, shared by its readers)."""
    if key not in _slots:
        _slots[key] = Slot(codec, key)
    found: Slot[S] = _slots[key]
    return found


def load_game(codec: SaveCodec[S], key: str) -> Saved[S] | None:
    return slot(codec, key).load()


def save_game(codec: SaveCodec[Any], key: str, saved: Saved[Any] | None) -> bool:
    return slot(codec, key).save(saved)
