"""The history of every finished game, both games and every kind (solo, against computers, pass
and play, daily, practice; the dice scheme is kept, for games with real dice): what statistics,
reviews and a file of the player's data read.

Pure Python. An entry holds the engine's `outcome` (the figures: score and its parts, each
seat's total and turns, the winner), the date it ended, the seats and who won, its kind, and the
game itself (the engine's `to_dict`: its log, which replays). Bounded: the newest `MAX_GAMES`
games and about `MAX_CHARS` of text; over that, the oldest games lose their logs first (their
figures stay), then the oldest games go. A game is known by the id it was given when it started,
so adding it again (two tabs, a reload on its end screen) changes nothing.

Whatever comes out of storage is checked entry by entry: a valid entry is kept, anything else is
dropped and reported, never breaks the page.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from app.pure.bounded import instant, loads, version_of
from cubiri.dice import SCHEMES, SEEDED
from cubiri.kernel import is_whole
from cubiri.magdagdon.difficulty import DIFFICULTIES
from cubiri.magdagdon.game import ENGINE as MAGDAGDON
from cubiri.mishimash.computer import LEVEL_NAMES
from cubiri.mishimash.game import ENGINE as MISHIMASH
from cubiri.mishimash.game import MAX_NAME, MAX_PLAYERS

VERSION = 1
MAX_GAMES = 1_000
MAX_CHARS = 1_000_000  # about 1 MB: far from any browser's quota, beside the tables
MAX_GAME_CHARS = 200_000  # one game's log; a long MISHIMASH of eight is some tens of kB
GAMES: dict[str, Any] = {"magdagdon": MAGDAGDON, "mishimash": MISHIMASH}
# Kinds: by the seats (one person; people only; a computer at the table) and the game's marks.
FLAGS = frozenset({"solo", "computers", "pass_and_play", "daily", "practice", "assisted"})
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ID = re.compile(r"^[0-9a-z-]{1,40}$")
_BIG = 10**12  # no figure of a real game comes near it
_MAX_GIVEN_UP = 10_000_000.0  # points of expected value; no game's decisions come near it
_MAX_TARGET = 999_999_999  # app.pure.mishimash_setup.MAX_TARGET (not imported: the setup's i18n)


@dataclass(frozen=True)
class Seat:
    name: str = ""  # MAGDAGDON: no name, the player
    level: str = ""  # "" a person, else a computer's level


@dataclass(frozen=True)
class Entry:
    id: str
    game: str  # "magdagdon" or "mishimash"
    ended: str  # ISO 8601, UTC, to the second
    dice: int  # the dice scheme (cubiri.dice): the seed's, or typed by people
    seed: int
    seats: tuple[Seat, ...]
    winner: int | None  # a seat; MAGDAGDON: 0, the one player
    outcome: dict[str, Any]  # the engine's `outcome` of the finished game
    flags: frozenset[str] = frozenset()
    day: str | None = None  # a daily puzzle's date
    difficulty: str | None = None  # MAGDAGDON
    target: int | None = None  # MISHIMASH
    log: dict[str, Any] | None = field(default=None, compare=False)  # the engine's `to_dict`
    # Notes worked out after the game ended (the review), kept so STATISTICS need not redo them:
    # MAGDAGDON, the computer's final score on the same dice; MISHIMASH, each seat's expected
    # points given up by its decisions (None for a computer's seat).
    computer: int | None = field(default=None, compare=False)
    given_up: tuple[float | None, ...] | None = field(default=None, compare=False)

    def figures_only(self) -> Entry:
        return replace(self, log=None)


NOTES = ("computer", "given_up")


def annotated(entries: list[Entry], ident: str, **notes: Any) -> list[Entry] | None:
    """`entries` with the game `ident` given `notes` (see Entry), or None when it is not there
    or the notes are out of bounds (nothing is changed then)."""
    if not set(notes) <= set(NOTES):
        raise ValueError(f"unknown notes {sorted(set(notes) - set(NOTES))}")
    for index, entry in enumerate(entries):
        if entry.id != ident:
            continue
        if "given_up" in notes and notes["given_up"] is not None:
            # To the one decimal the review shows: kept to two, 53.846 became 53.85 and
            # STATISTICS showed 53.9 beside the review's 53.8.
            notes["given_up"] = tuple(
                None if cost is None else round(float(cost), 1) for cost in notes["given_up"]
            )
        noted = replace(entry, **notes)
        if not _notes_fit(noted):
            return None
        return [*entries[:index], noted, *entries[index + 1 :]]
    return None


def outcome_of(game: str, state: Any) -> dict[str, Any] | None:
    """The engine's outcome of a finished game (None while it goes on): the one place the
    history reads it."""
    result: dict[str, Any] | None = GAMES[game].outcome(state)
    return result


def replays(entry: Entry) -> bool:
    """Whether the entry's game, where it keeps one, replays (every move checked) to a finished
    game with the figures the entry shows: a file's entries are checked so (data_file), since
    a figure edited by hand would otherwise show on STATISTICS and HIGH SCORES while the
    game's review tells another score. Storage's own entries are not replayed at every read."""
    if entry.log is None:
        return True
    try:
        state = GAMES[entry.game].from_dict(entry.log)
    except ValueError:
        return False
    outcome = outcome_of(entry.game, state)
    return outcome is not None and all(outcome.get(k) == v for k, v in entry.outcome.items())


def entry_for(
    game: str,
    ident: str,
    ended: str,
    state: Any,
    *,
    levels: tuple[str, ...] = (),
    day: str | None = None,
    practice: bool = False,
    assisted: bool = False,
) -> Entry:
    """The history's entry of a finished game: `levels` are MISHIMASH's seats ("" a person, or
    a computer's level; none: all people); `day`, `practice`, `assisted` a MAGDAGDON's marks."""
    outcome = outcome_of(game, state)
    if outcome is None:
        raise ValueError("the game is not over")
    if game == "magdagdon":
        seats: tuple[Seat, ...] = (Seat(),)
        winner: int | None = 0
        difficulty, target = state.difficulty, None
    else:
        names = tuple(state.players)
        levels = levels if len(levels) == len(names) else ("",) * len(names)
        seats = tuple(Seat(name, level) for name, level in zip(names, levels, strict=True))
        winner, difficulty, target = state.winner, None, state.target
    flags = set(_seat_kind(seats))
    if day is not None:
        flags.add("daily")
    flags |= {"practice"} if practice else set()
    flags |= {"assisted"} if assisted else set()
    return Entry(
        id=ident,
        game=game,
        ended=ended,
        dice=state.dice_scheme,
        seed=state.seed,
        seats=seats,
        winner=winner,
        outcome=outcome,
        flags=frozenset(flags),
        day=day,
        difficulty=difficulty,
        target=target,
        log=GAMES[game].to_dict(state),
    )


def _seat_kind(seats: tuple[Seat, ...]) -> set[str]:
    if len(seats) == 1:
        return {"solo"}
    return {"computers"} if any(seat.level for seat in seats) else {"pass_and_play"}


# Storage ------------------------------------------------------------------------------------------
def newer(raw: str | None) -> bool:
    """Whether `raw` was stored by a newer version of the app: kept, never written over."""
    try:
        data = loads(raw) if raw is not None else None
    except ValueError:
        return False
    return (version_of(data) or 0) > VERSION


def parse(raw: str | None) -> tuple[list[Entry], list[str]]:
    """The history stored as `raw` (oldest first), and what had to be dropped."""
    if raw is None:
        return [], []
    try:
        data = loads(raw)
    except ValueError as error:
        return [], [f"the history is not JSON ({error}): starting afresh"]
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(games, list):
        return [], ["the history has an unknown shape or version: starting afresh"]
    kept: list[Entry] = []
    seen: set[str] = set()
    problems = []
    for item in games[-MAX_GAMES:]:
        entry = _entry(item)
        if entry is None:
            problems.append(f"dropped a game of the history: {str(item)[:200]}")
        elif entry.id not in seen:
            seen.add(entry.id)
            kept.append(entry)
    return kept, problems


def add(entries: list[Entry], entry: Entry) -> list[Entry]:
    """`entries` with `entry` the newest (never twice), within the bounds."""
    if any(e.id == entry.id for e in entries):
        return entries
    return bounded([*entries, entry])


def bounded(entries: list[Entry], max_chars: int = MAX_CHARS) -> list[Entry]:
    """The newest `MAX_GAMES`; then, while the text is over `max_chars`, the oldest game that
    still has its log loses it, and once none has, the oldest game goes."""
    entries = entries[-MAX_GAMES:]
    sizes = [len(json.dumps(_stored(e))) + 2 for e in entries]
    total = sum(sizes) + 40
    with_log = [i for i, e in enumerate(entries) if e.log is not None]
    drop_from = 0
    for index in with_log:
        if total <= max_chars:
            break
        slim = entries[index].figures_only()
        size = len(json.dumps(_stored(slim))) + 2
        total += size - sizes[index]
        entries[index], sizes[index] = slim, size
    while total > max_chars and drop_from < len(entries):
        total -= sizes[drop_from]
        drop_from += 1
    return entries[drop_from:]


def dump(entries: list[Entry]) -> str:
    return json.dumps({"version": VERSION, "games": [_stored(e) for e in entries]})


def _stored(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": entry.id,
        "game": entry.game,
        "ended": entry.ended,
        "dice": entry.dice,
        "seed": entry.seed,
        "seats": [{"name": s.name, "level": s.level} for s in entry.seats],
        "winner": entry.winner,
        "outcome": entry.outcome,
        "flags": sorted(entry.flags),
    }
    for name in ("day", "difficulty", "target", "log", *NOTES):
        value = getattr(entry, name)
        if value is not None:
            data[name] = list(value) if isinstance(value, tuple) else value
    return data


def _real_day(text: str) -> bool:
    """A daily's day as a calendar date: "2026-02-30" has the shape and is no day."""
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _entry(data: object) -> Entry | None:
    """One stored game, every value within bounds, else None."""
    required = {"id", "game", "ended", "dice", "seed", "seats", "winner", "outcome", "flags"}
    if not isinstance(data, dict) or not required <= set(data):
        return None
    if not set(data) <= required | {"day", "difficulty", "target", "log", *NOTES}:
        return None
    ident, game, ended, dice, seed = (data[k] for k in ("id", "game", "ended", "dice", "seed"))
    if not (isinstance(ident, str) and _ID.match(ident)) or game not in GAMES:
        return None
    if not isinstance(ended, str) or instant(ended) is None or dice not in SCHEMES:
        return None
    if not is_whole(dice) or not is_whole(seed) or not 0 <= seed < 2**63:
        return None
    seats = _seats(game, data["seats"])
    winner, flags = data["winner"], data["flags"]
    if seats is None or not isinstance(flags, list) or not set(flags) <= FLAGS:
        return None
    if not all(isinstance(f, str) for f in flags) or len(flags) != len(set(flags)):
        return None
    if winner is not None and not (is_whole(winner) and 0 <= winner < len(seats)):
        return None
    day, difficulty, target = data.get("day"), data.get("difficulty"), data.get("target")
    if day is not None and not (isinstance(day, str) and _DAY.match(day) and _real_day(day)):
        return None
    if game == "magdagdon":
        if difficulty not in DIFFICULTIES or target is not None or winner != 0:
            return None
    elif difficulty is not None or not (
        isinstance(target, int) and _figure(target, 1, _MAX_TARGET)
    ):
        return None
    if not _outcome(game, data["outcome"], len(seats)):
        return None
    log = data.get("log")
    if log is not None and not _log(game, log, seed):
        return None
    given_up = data.get("given_up")
    entry = Entry(
        ident,
        game,
        ended,
        dice,
        seed,
        seats,
        winner,
        data["outcome"],
        frozenset(flags),
        day,
        difficulty,
        target,
        log,
        data.get("computer"),
        tuple(given_up) if isinstance(given_up, list) else given_up,
    )
    return entry if _notes_fit(entry) else None


def _notes_fit(entry: Entry) -> bool:
    """The review's notes within what a real game can make, and of the right game."""
    if entry.computer is not None:
        low, high = MAGDAGDON.info.score or (-_BIG, _BIG)
        if entry.game != "magdagdon" or entry.dice not in SEEDED:
            return False  # the computer plays the seed's dice: none for typed ones
        if not (is_whole(entry.computer) and low <= entry.computer <= high):
            return False
    if entry.given_up is not None:
        if entry.game != "mishimash" or not isinstance(entry.given_up, tuple):
            return False
        if len(entry.given_up) != len(entry.seats):
            return False
        for seat, cost in zip(entry.seats, entry.given_up, strict=True):
            if cost is None:
                continue
            if seat.level or isinstance(cost, bool) or not isinstance(cost, int | float):
                return False
            if not (math.isfinite(cost) and 0 <= cost <= _MAX_GIVEN_UP):
                return False
    return True


def _seats(game: str, data: object) -> tuple[Seat, ...] | None:
    most = 1 if game == "magdagdon" else MAX_PLAYERS
    if not isinstance(data, list) or not 1 <= len(data) <= most:
        return None
    seats = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"name", "level"}:
            return None
        name, level = item["name"], item["level"]
        if not isinstance(name, str) or len(name) > MAX_NAME:
            return None
        if level not in ("", *LEVEL_NAMES):
            return None
        seats.append(Seat(name, level))
    return tuple(seats)


def _figure(value: object, low: float = -_BIG, high: float = _BIG) -> bool:
    """A whole number, or a half (MISHIMASH's totals), within [low, high]."""
    if is_whole(value):
        return bool(low <= value <= high)  # type: ignore[operator]
    if not isinstance(value, float) or not math.isfinite(value) or not low <= value <= high:
        return False
    return (value * 2).is_integer()


def _plain(value: object, depth: int = 0) -> bool:
    """A small JSON value: numbers within bounds, booleans, None, short strings."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, str):
        return len(value) <= 100
    if isinstance(value, int | float):
        return _figure(value)
    if depth >= 3:
        return False
    if isinstance(value, list):
        return len(value) <= MAX_PLAYERS * 2 and all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= 30 and all(
            isinstance(k, str) and len(k) <= 40 and _plain(v, depth + 1) for k, v in value.items()
        )
    return False


def _outcome(game: str, data: object, seats: int) -> bool:
    """The figures a statistics screen reads, within what a real game can make."""
    if not isinstance(data, dict) or not _plain(data):
        return False
    info = GAMES[game].info
    if game == "magdagdon":
        low, high = info.score or (-_BIG, _BIG)
        fewest, most = info.turns[0], info.turns[1] or _BIG
        score, turns = data.get("score"), data.get("turns")
        if not isinstance(score, int) or not isinstance(turns, int):
            return False
        return (
            is_whole(score) and is_whole(turns) and low <= score <= high and fewest <= turns <= most
        )
    totals, turns = data.get("totals"), data.get("turns")
    return (
        isinstance(totals, list)
        and isinstance(turns, list)
        and len(totals) == len(turns) == seats
        and all(_figure(t, 0) for t in totals)
        and all(is_whole(t) and 0 <= t <= 10_000_000 for t in turns)
    )


def _log(game: str, data: object, seed: int) -> bool:
    """A game as the engine saves it: of this game and seed, its log a list of moves (replayed
    only by whoever reads it: `from_dict` checks every move)."""
    if not isinstance(data, dict) or data.get("game") != game or data.get("seed") != seed:
        return False
    log = data.get("log")
    if not isinstance(log, list) or not all(isinstance(move, dict) for move in log):
        return False
    return len(json.dumps(data)) <= MAX_GAME_CHARS
