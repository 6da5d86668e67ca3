"""MAGDAGDON high-score tables (M25): top 10 per difficulty, kept in localStorage as JSON.

Pure Python. Whatever comes out of storage is checked entry by entry: a valid entry is kept,
anything else is dropped and reported, so a corrupt or tampered table never breaks the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

from cubiri.magdagdon.difficulty import DIFFICULTIES

TABLE_SIZE = 10
TABLE_VERSION = 1
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$")
# The lowest score a game can make: 16 ruins (no numbers) and every power's penalty.
MIN_SCORE, MAX_SCORE = -15 * 16 - 70, 2 * 16 * 6 + 8 * 60


@dataclass(frozen=True)
class Record:
    id: str  # identifies the game, so its row can be highlighted and never added twice
    score: int
    date: str  # ISO 8601, UTC
    turns: int
    powers: int


Tables = dict[str, list[Record]]


def empty_tables() -> Tables:
    return {name: [] for name in DIFFICULTIES}


def _record(data: object, difficulty: str) -> Record | None:
    if not isinstance(data, dict) or set(data) != {"id", "score", "date", "turns", "powers"}:
        return None
    whole = all(
        isinstance(data[key], int) and not isinstance(data[key], bool)
        for key in ("score", "turns", "powers")
    )
    if not whole or not isinstance(data["id"], str) or not isinstance(data["date"], str):
        return None
    if not (
        MIN_SCORE <= data["score"] <= MAX_SCORE
        and 1 <= data["turns"] <= 16
        and 0 <= data["powers"] <= DIFFICULTIES[difficulty].powers
        and _DATE.match(data["date"])
        and 0 < len(data["id"]) <= 40
    ):
        return None
    return Record(**data)


def parse_tables(raw: str | None) -> tuple[Tables, list[str]]:
    """The tables stored as `raw`, and what had to be dropped (for a console warning)."""
    tables, problems = empty_tables(), list[str]()
    if raw is None:
        return tables, problems
    try:
        data = json.loads(raw)
    except ValueError:
        return tables, ["high scores are not JSON: starting empty tables"]
    if not isinstance(data, dict) or data.get("version") != TABLE_VERSION:
        return tables, ["high scores have an unknown shape or version: starting empty tables"]
    for difficulty in DIFFICULTIES:
        entries = data.get(difficulty, [])
        if not isinstance(entries, list):
            problems.append(f"{difficulty} high scores are not a list: dropped")
            continue
        for entry in entries:
            record = _record(entry, difficulty)
            if record is None:
                problems.append(f"dropped an invalid {difficulty} high score: {entry!r}")
            elif all(r.id != record.id for r in tables[difficulty]):
                tables[difficulty].append(record)
        tables[difficulty] = _ranked(tables[difficulty])
    return tables, problems


def _ranked(records: list[Record]) -> list[Record]:
    # Higher score first; on a tie the earlier game keeps the higher place.
    return sorted(records, key=lambda r: (-r.score, r.date))[:TABLE_SIZE]


def add_record(tables: Tables, difficulty: str, record: Record) -> Tables:
    """The tables with `record` entered (if it makes the top 10; never twice)."""
    if any(r.id == record.id for r in tables[difficulty]):
        return tables
    return {**tables, difficulty: _ranked([*tables[difficulty], record])}


def dump_tables(tables: Tables) -> str:
    data: dict[str, object] = {"version": TABLE_VERSION}
    for difficulty, records in tables.items():
        data[difficulty] = [asdict(record) for record in records]
    return json.dumps(data)
