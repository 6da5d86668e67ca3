"""The games in progress in localStorage: versioned JSON around each engine's own `to_dict`.

Pure Python. Loading replays the engine's log, so a corrupt or tampered save is refused as a
whole (it cannot be partly valid: every move depends on the ones before it) and reported.

Each write carries a `stamp`, new for every write: a tab that finds another stamp in storage
than the one it last read or wrote knows another tab has moved the game on (issue 18). Giving a
game up (MISHIMASH's NEW GAME: back to the setup) is such a write too, of no game (`empty`), not
a removal: a tab still on the old game sees it and follows, instead of taking the missing save
for nothing there and writing its old game back. A save from a newer version of the app is
recognised (`newer`) so that it is kept, never deleted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from app.pure.bounded import loads, version_of
from cubiri import kernel
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash

SAVE_VERSION = 1
_STAMP = re.compile(r'"stamp": "([0-9a-z-]{1,40})"\}\s*$')
S = TypeVar("S")


@dataclass(frozen=True)
class Saved(Generic[S]):
    state: S
    record_id: str | None = None  # set once the finished game has its high-score row
    seats: tuple[str, ...] = ()  # MISHIMASH: per player "" (a person) or a computer's level


class SaveCodec(Generic[S]):
    def __init__(
        self, game: str, to_dict: Callable[[S], dict[str, Any]], from_dict: Callable[[Any], S]
    ) -> None:
        self.game, self._to_dict, self._from_dict = game, to_dict, from_dict

    def dump(self, saved: Saved[S] | None, stamp: str | None = None) -> str:
        """`saved` as stored; None: no game, given up on purpose (see `empty`)."""
        data: dict[str, Any] = {"version": SAVE_VERSION, "game": None, "record": None}
        if saved is not None:
            data.update(game=self._to_dict(saved.state), record=saved.record_id)
            if saved.seats:
                data["seats"] = list(saved.seats)
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
        return data is not None and data.get("version") == SAVE_VERSION and _no_game(data)

    def newer(self, raw: str | None) -> bool:
        """Whether `raw` was saved by a newer version of the app: keep it, never replace it."""
        data = self._peek(raw)
        if data is None:
            return False
        outer, inner = version_of(data), version_of(data.get("game"))
        return (outer or 0) > SAVE_VERSION or (
            outer == SAVE_VERSION and (inner or 0) > kernel.SAVE_VERSION
        )

    def load(self, raw: str | None) -> tuple[Saved[S] | None, str | None]:
        """The saved game, or None and why it could not be used (None, None: nothing saved, or
        no game on purpose)."""
        if raw is None:
            return None, None
        try:
            data = loads(raw)
            if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
                raise ValueError("unknown save version")
            if _no_game(data):
                return None, None
            record = data.get("record")
            if record is not None and not isinstance(record, str):
                raise ValueError("bad record id")
            seats = data.get("seats", [])
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise ValueError("bad seats")
            return Saved(self._from_dict(data.get("game")), record, tuple(seats)), None
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            return None, f"the saved {self.game} game is unusable ({error}): starting over"


def _no_game(data: dict[str, Any]) -> bool:
    return "game" in data and data["game"] is None


MAGDAGDON = SaveCodec("MAGDAGDON", magdagdon.to_dict, magdagdon.from_dict)
MISHIMASH = SaveCodec("MISHIMASH", mishimash.to_dict, mishimash.from_dict)
