"""The game in progress in localStorage: versioned JSON around the engine's own `to_dict`.

Pure Python. Loading replays the engine's log, so a corrupt or tampered save is refused as a
whole (it cannot be partly valid: every move depends on the ones before it) and reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash

SAVE_VERSION = 1


@dataclass(frozen=True)
class SavedMagdagdon:
    state: magdagdon.State
    record_id: str | None = None  # set once the finished game is in the high-score table


def dump_magdagdon(saved: SavedMagdagdon) -> str:
    return json.dumps(
        {"version": SAVE_VERSION, "game": magdagdon.to_dict(saved.state), "record": saved.record_id}
    )


def load_magdagdon(raw: str | None) -> tuple[SavedMagdagdon | None, str | None]:
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
        return SavedMagdagdon(magdagdon.from_dict(data.get("game")), record), None
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        return None, f"the saved MAGDAGDON game is unusable ({error}): starting a new one"


@dataclass(frozen=True)
class SavedMishimash:
    state: mishimash.State
    record_id: str | None = None  # set once a finished solo game is in the records table


def dump_mishimash(saved: SavedMishimash) -> str:
    return json.dumps(
        {"version": SAVE_VERSION, "game": mishimash.to_dict(saved.state), "record": saved.record_id}
    )


def load_mishimash(raw: str | None) -> tuple[SavedMishimash | None, str | None]:
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
        return SavedMishimash(mishimash.from_dict(data.get("game")), record), None
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        return None, f"the saved MISHIMASH game is unusable ({error}): starting over"
