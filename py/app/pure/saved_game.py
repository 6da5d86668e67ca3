"""The games in progress in localStorage: one record per game, versioned JSON around each
engine's own `to_dict`, with everything else the game needs to resume.

Pure Python. Loading replays the engine's log, so a corrupt or tampered save is refused as a
whole (it cannot be partly valid: every move depends on the ones before it) and reported.

A record (version 2) holds the game, the id it was given when it started (the history and the
high-score row know it by that), its high-score row once it has one, whether it is in the
history, and what the game does not say about itself: MISHIMASH's seats (a person or a
computer's level), MAGDAGDON's daily or not, practice or not, assisted or not, what is picked
but not played yet (picked_memory), and MISHIMASH's dice picked but not taken yet (issue 29).
Version 1 (the app before issue 23) kept MAGDAGDON's meta and pick under keys of their own;
`load` carries them over (`upgrade`), and the caller removes those keys once the new record is
written.

Each write carries a `stamp`, new for every move: a tab that finds another stamp in storage
than the one it last read or wrote knows another tab has moved the game on (issue 18). Giving a
game up (MISHIMASH's NEW GAME: back to the setup) is such a write too, of no game (`empty`), not
a removal: a tab still on the old game sees it and follows, instead of taking the missing save
for nothing there and writing its old game back. A save from a newer version of the app is
recognised (`newer`) so that it is kept, never deleted.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from app.pure import picked_memory
from app.pure.bounded import loads, version_of
from app.pure.daily import GameMeta, parse_day
from app.pure.mishimash_setup import MAX_TARGET
from app.pure.picked_memory import Kept
from app.pure.table_dice import entered_fits, throw_state
from cubiri import kernel
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash

SAVE_VERSION = 2
LEGACY_VERSION = 1  # before issue 23: MAGDAGDON's meta and pick under keys of their own
_STAMP = re.compile(r'"stamp": "([0-9a-z-]{1,40})"\}\s*$')
_ID = re.compile(r"^[0-9a-z-]{1,40}$")
_FIELDS = {"version", "id", "game", "record", "history", "seats", "daily", "practice"}
_FIELDS |= {"assisted", "picked", "selected", "entered", "stamp"}
S = TypeVar("S")


@dataclass(frozen=True)
class Saved(Generic[S]):
    state: S
    record_id: str | None = None  # set once the finished game has its high-score row
    seats: tuple[str, ...] = ()  # MISHIMASH: per player "" (a person) or a computer's level
    meta: GameMeta | None = None  # MAGDAGDON: daily or not, practice, assisted
    picked: Kept | None = None  # MAGDAGDON: what is picked but not played, at this very state
    game_id: str = ""  # given when the game starts ("": not yet)
    in_history: bool = False  # the finished game has its entry in the history
    selected: tuple[int, ...] = ()  # MISHIMASH: the dice picked but not taken, at this state
    entered: tuple[int, ...] = ()  # real dice (issue 24): a throw's values typed so far


def in_progress(state: Any) -> bool:
    """A game begun and not over: one a new game would throw away (not: a finished one still on
    its end screen)."""
    return state is not None and bool(state.log) and not state.over


def new_game_id(seed: int, bits: int) -> str:
    """A game's id: its seed and 32 random bits (a daily replayed has the same seed)."""
    return f"{seed}-{bits & 0xFFFFFFFF:08x}"


class SaveCodec(Generic[S]):
    def __init__(
        self,
        game: str,
        to_dict: Callable[[S], dict[str, Any]],
        from_dict: Callable[[Any], S],
        pick_fits: Callable[[S, Any], bool] | None = None,
        selection_fits: Callable[[S, tuple[int, ...]], bool] | None = None,
        throw: Callable[[S], Any] | None = None,
    ) -> None:
        """`pick_fits(state, kept)`: whether a kept pick still means something (MAGDAGDON);
        None: a game without meta or picks (MISHIMASH). `selection_fits(state, dice)`: the
        same for dice picked together (MISHIMASH). `throw(state)`: the engine's throw waiting for
        its dice (real dice: what a person has typed of it is kept)."""
        self.game, self._to_dict, self._from_dict = game, to_dict, from_dict
        self._pick_fits, self._selection_fits = pick_fits, selection_fits
        self._throw = throw

    def dump(self, saved: Saved[S] | None, stamp: str | None = None) -> str:
        """`saved` as stored; None: no game, given up on purpose (see `empty`)."""
        data: dict[str, Any] = {"version": SAVE_VERSION, "game": None, "record": None}
        if saved is not None:
            data.update(game=self._to_dict(saved.state), record=saved.record_id)
            if saved.game_id:
                data["id"] = saved.game_id
            if saved.in_history:
                data["history"] = True
            if saved.seats:
                data["seats"] = list(saved.seats)
            meta = saved.meta
            if meta is not None and meta.day is not None:
                data["daily"] = meta.day.isoformat()
                data["practice"] = meta.practice
            if meta is not None and meta.assisted:
                data["assisted"] = True
            if saved.picked is not None:
                data["picked"] = saved.picked
            if saved.selected:
                data["selected"] = list(saved.selected)
            if saved.entered:
                data["entered"] = list(saved.entered)
        if stamp is not None:
            data["stamp"] = stamp
        return json.dumps(data)

    @staticmethod
    def _peek(raw: str | None) -> dict[str, Any] | None:
        try:
            data = loads(raw) if raw is not None else None
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    @staticmethod
    def continues(before: S, after: S) -> bool:
        """Whether `after` is the game `before` was, played on: the same dice (seed) and every
        move of `before` still in its log. Another tab's NEW GAME is not (MAGDAGDON saves its
        new game at once, and a daily played again even has the same seed)."""
        old: Any = before  # either engine's State: both have a seed and a log
        new: Any = after
        return bool(old.seed == new.seed and new.log[: len(old.log)] == old.log)

    def stamp_of(self, raw: str | None) -> str | None:
        """Which write `raw` is (None: none stored, or saved before stamps). Read from the
        end, where `dump` puts it: a long game's save is not parsed before every move."""
        found = _STAMP.search(raw[-80:]) if raw is not None else None
        return found.group(1) if found else None

    def empty(self, raw: str | None) -> bool:
        """Whether `raw` is no game, written on purpose by a tab that gave its game up (not
        nothing stored, nor an unusable save: a tab whose game is valid keeps that one)."""
        data = self._peek(raw)
        known = data is not None and data.get("version") in (SAVE_VERSION, LEGACY_VERSION)
        return known and data is not None and _no_game(data)

    def legacy(self, raw: str | None) -> bool:
        """Whether `raw` is a save of the app before issue 23 (to upgrade: see `load`)."""
        data = self._peek(raw)
        return data is not None and data.get("version") == LEGACY_VERSION

    def newer(self, raw: str | None) -> bool:
        """Whether `raw` was saved by a newer version of the app: keep it, never replace it."""
        data = self._peek(raw)
        if data is None:
            return False
        outer, inner = version_of(data), version_of(data.get("game"))
        return (outer or 0) > SAVE_VERSION or (
            outer in (SAVE_VERSION, LEGACY_VERSION) and (inner or 0) > kernel.SAVE_VERSION
        )

    def load(
        self, raw: str | None, meta: str | None = None, picked: str | None = None
    ) -> tuple[Saved[S] | None, str | None]:
        """The saved game, or None and why it could not be used (None, None: nothing saved, or
        no game on purpose). A version 1 save is upgraded: `meta` and `picked` are what that
        version kept under `….game.meta` and `….picked`, carried over when they belong to it."""
        if raw is None:
            return None, None
        try:
            data = loads(raw)
            if not isinstance(data, dict) or data.get("version") not in (
                SAVE_VERSION,
                LEGACY_VERSION,
            ):
                raise ValueError("unknown save version")
            if _no_game(data):
                return None, None
            if data["version"] == LEGACY_VERSION:
                return self._upgrade(data, meta, picked), None
            return self._record(data), None
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            return None, f"the saved {self.game} game is unusable ({error}): starting over"

    def _common(self, data: dict[str, Any]) -> Saved[S]:
        record = data.get("record")
        if record is not None and not isinstance(record, str):
            raise ValueError("bad record id")
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ValueError("bad seats")
        return Saved(self._from_dict(data.get("game")), record, tuple(seats))

    def _record(self, data: dict[str, Any]) -> Saved[S]:
        if not set(data) <= _FIELDS:
            raise ValueError(f"unknown fields {sorted(set(data) - _FIELDS)}")
        saved = self._common(data)
        ident, history = data.get("id", ""), data.get("history", False)
        if not isinstance(ident, str) or (ident and not _ID.match(ident)):
            raise ValueError("bad game id")
        if not isinstance(history, bool):
            raise ValueError("bad history mark")
        meta = self._meta(saved.state, data)
        picked = data.get("picked")
        if picked is not None and not (
            self._pick_fits is not None and self._pick_fits(saved.state, picked)
        ):
            picked = None  # a pick that no longer fits is forgotten, not an error
        selected = self._selected(saved.state, data.get("selected", []))
        return Saved(
            saved.state,
            saved.record_id,
            saved.seats,
            meta,
            picked,
            ident,
            history,
            selected,
            self._entered(saved.state, data.get("entered", [])),
        )

    def _entered(self, state: S, kept: Any) -> tuple[int, ...]:
        """A throw's dice typed so far, if that throw still waits for them (else forgotten)."""
        throw = self._throw(state) if self._throw is not None else None
        return tuple(kept) if entered_fits(kept, None if throw is None else throw.count) else ()

    def _selected(self, state: S, kept: Any) -> tuple[int, ...]:
        """The dice picked together, if they still fit `state` (else forgotten, no error)."""
        fits = self._selection_fits
        if not isinstance(kept, list) or len(kept) > 16 or fits is None:
            return ()
        dice = tuple(kept)
        if not all(kernel.is_whole(d) for d in dice) or list(dice) != sorted(set(dice)):
            return ()
        return dice if fits(state, dice) else ()

    def _meta(self, state: Any, data: dict[str, Any]) -> GameMeta | None:
        practice, assisted = data.get("practice", False), data.get("assisted", False)
        if not isinstance(practice, bool) or not isinstance(assisted, bool):
            raise ValueError("bad marks")
        day = parse_day(data["daily"]) if "daily" in data else None
        if "daily" in data and day is None:
            raise ValueError("bad daily date")
        if self._pick_fits is None:
            if day is not None or practice or assisted:
                raise ValueError(f"{self.game} has no daily")
            return None
        if day is None and not assisted:
            return None  # nothing to say: any game
        return GameMeta(state.seed, state.difficulty, day, practice and day is not None, assisted)

    def _upgrade(self, data: dict[str, Any], meta: str | None, picked: str | None) -> Saved[S]:
        """A version 1 save, with the meta and pick kept beside it then (when they are its)."""
        saved = self._common(data)
        state: Any = saved.state
        kept_meta: GameMeta | None = None
        kept_pick: int | None = None
        if self._pick_fits is not None:
            found = GameMeta.parse(meta)
            if found is not None and found.belongs_to(state.seed, state.difficulty):
                kept_meta = found
            kept_pick = _legacy_pick(picked, state, self._pick_fits)
        record = saved.record_id
        if record is not None and _ID.match(record):
            ident = record  # its high-score row already has the game's id
        else:  # the same in every tab that upgrades it: never two ids for one game
            digest = hashlib.sha256(json.dumps(data["game"], sort_keys=True).encode()).digest()
            ident = new_game_id(state.seed, int.from_bytes(digest[:4], "big"))
        return Saved(saved.state, record, saved.seats, kept_meta, kept_pick, ident)


def _legacy_pick(raw: str | None, state: Any, fits: Callable[[Any, Any], bool]) -> int | None:
    """Version 1's pick: {"log": entries, "seed", "die"}, kept only for the same point."""
    try:
        data = loads(raw, max_chars=200) if raw is not None else None
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    die = data.get("die")
    same = data.get("log") == len(state.log) and data.get("seed") == state.seed
    return (
        die if same and isinstance(die, int) and kernel.is_whole(die) and fits(state, die) else None
    )


def _no_game(data: dict[str, Any]) -> bool:
    return "game" in data and data["game"] is None


MAGDAGDON = SaveCodec(
    "MAGDAGDON",
    magdagdon.to_dict,
    magdagdon.from_dict,
    picked_memory.fits,
    throw=magdagdon.ENGINE.throw,
)


def _selection_fits(state: mishimash.State, dice: tuple[int, ...]) -> bool:
    return state.phase is mishimash.Phase.SELECT and all(0 <= d < len(state.dice) for d in dice)


def _mishimash_throw(state: mishimash.State) -> kernel.Throw | None:
    """The throw the table enters now: a turn's first one too, before its (implied) ROLL."""
    opened = throw_state(mishimash.ENGINE, state, mishimash.Roll())
    return None if opened is None else mishimash.ENGINE.throw(opened)


def _mishimash_from_dict(data: Any) -> mishimash.State:
    """The engine's game, within what the setup lets a game have: a target past MAX_TARGET
    (helper-22 loaded a tampered 10^15 without a word) is no game this app saves, and a
    finished one could not enter the history."""
    state = mishimash.from_dict(data)
    if state.target > MAX_TARGET:
        raise ValueError(f"a target past {MAX_TARGET}: {state.target}")
    return state


MISHIMASH = SaveCodec(
    "MISHIMASH",
    mishimash.to_dict,
    _mishimash_from_dict,
    selection_fits=_selection_fits,
    throw=_mishimash_throw,
)
