"""The games in progress in localStorage: versioned JSON around each engine's own `to_dict`.

Pure Python. Loading replays the engine's log, so a corrupt or tampered save is refused as a
whole (it cannot be partly valid: every move depends on the ones before it) and reported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash

SAVE_VERSION = 1
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

    def dump(self, saved: Saved[S]) -> str:
        game = self._to_dict(saved.state)
        data = {"version": SAVE_VERSION, "game": game, "record": saved.record_id}
        if saved.seats:
            data["seats"] = list(saved.seats)
        return json.dumps(data)

    def load(self, raw: str | None) -> tuple[Saved[S] | None, str | None]:
        """The saved game, or None and why it could not be used (None, None: nothing saved)."""
        if raw is None:
            return None, None
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
                raise ValueError("unknown save version")
            record = data.get("record")
            if record is not None and not isinstance(record, str):
                raise ValueError("bad record id")
            seats = data.get("seats", [])
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise ValueError("bad seats")
            return Saved(self._from_dict(data.get("game")), record, tuple(seats)), None
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            return None, f"the saved {self.game} game is unusable ({error}): starting over"


MAGDAGDON = SaveCodec("MAGDAGDON", magdagdon.to_dict, magdagdon.from_dict)
MISHIMASH = SaveCodec("MISHIMASH", mishimash.to_dict, mishimash.from_dict)
