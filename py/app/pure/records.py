"""Ranked record tables, one kind for both games: MAGDAGDON's high scores per difficulty (M25)
and MISHIMASH's solo records per target (X15), top 10 each.

Pure Python. Whatever comes out of storage is checked entry by entry: a valid entry is kept,
anything else is dropped and reported, so a corrupt or edited table never breaks the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.pure.bounded import instant, loads, version_of, whole
from cubiri.kernel import is_whole
from cubiri.magdagdon.difficulty import DIFFICULTIES
from cubiri.magdagdon.game import INFO as MAGDAGDON

TABLE_SIZE = 10
VERSION = 1


@dataclass(frozen=True)
class Record:
    id: str  # identifies the game, so its row can be highlighted and never added twice
    date: str  # ISO 8601, UTC
    values: dict[str, int] = field(default_factory=dict)  # "score", "turns", …
    flags: frozenset[str] = frozenset()  # marks of the game ("assisted": a HINT was used)

    def __getitem__(self, name: str) -> int:
        return self.values[name]


Tables = dict[str, list[Record]]  # table name (a difficulty, a target) → best first


@dataclass(frozen=True)
class RecordBook:
    """One kind of table: its numbers and their bounds, how it ranks, and how it is stored."""

    what: str  # for the messages about dropped entries
    bounds: dict[str, tuple[int, int]]  # number → (lowest, highest) a real game can make
    rank: Callable[[Record], tuple[Any, ...]]  # best first; on a tie the earlier game first
    table_name: Callable[[str], bool]  # which table names are real
    nest: str | None = None  # tables under this key of the stored object, else at its top
    fits: Callable[[str, Record], bool] = lambda table, record: True  # a table's own bounds
    flags: frozenset[str] = frozenset()  # optional marks, stored as `true` only when set

    def parse(self, raw: str | None) -> tuple[Tables, list[str]]:
        """The tables stored as `raw`, and what had to be dropped (for a console warning)."""
        tables: Tables = {}
        if raw is None:
            return tables, []
        try:
            data = loads(raw)
        except ValueError as error:
            return tables, [f"{self.what} are not JSON ({error}): starting empty tables"]
        stored = data.get(self.nest) if self.nest and isinstance(data, dict) else data
        if (
            not isinstance(data, dict)
            or data.get("version") != VERSION
            or not isinstance(stored, dict)
        ):
            return tables, [f"{self.what} have an unknown shape or version: starting empty tables"]
        problems = []
        for name, entries in stored.items():
            if name == "version" and self.nest is None:
                continue
            if not self.table_name(name) or not isinstance(entries, list):
                problems.append(f"dropped the {self.what} of {name!r}")
                continue
            kept: list[Record] = []
            for entry in entries:
                record = self._record(name, entry)
                if record is None:
                    problems.append(f"dropped one of the {self.what} of {name}: {entry!r}")
                elif all(r.id != record.id for r in kept):
                    kept.append(record)
            if kept:
                tables[name] = self.ranked(kept)
        return tables, problems

    def newer(self, raw: str | None) -> bool:
        """Whether `raw` was stored by a newer version of the app: shown as empty here, and
        never written over (issue 18: an older app leaves newer data alone)."""
        try:
            data = loads(raw) if raw is not None else None
        except ValueError:
            return False
        return (version_of(data) or 0) > VERSION

    def _record(self, table: str, data: object) -> Record | None:
        if not isinstance(data, dict):
            return None
        required = {"id", "date", *self.bounds}
        marks = set(data) - required
        # Marks are optional, so a table stored before they existed still loads.
        if not required <= set(data) or not marks <= self.flags:
            return None
        if any(data[mark] is not True for mark in marks):
            return None
        ident, date = data["id"], data["date"]
        if not isinstance(ident, str) or not 0 < len(ident) <= 40:
            return None
        if instant(date) is None:
            return None  # a date that is no moment would make Intl throw at HIGH SCORES
        for name, (lowest, highest) in self.bounds.items():
            if not is_whole(data[name]) or not lowest <= data[name] <= highest:
                return None
        record = Record(ident, date, {name: data[name] for name in self.bounds}, frozenset(marks))
        return record if self.fits(table, record) else None

    def ranked(self, records: list[Record]) -> list[Record]:
        return sorted(records, key=self.rank)[:TABLE_SIZE]

    def add(self, tables: Tables, table: str, record: Record) -> Tables:
        """The tables with `record` entered (if it makes the top 10; never twice)."""
        current = tables.get(table, [])
        if any(r.id == record.id for r in current):
            return tables
        return {**tables, table: self.ranked([*current, record])}

    def dump(self, tables: Tables) -> str:
        stored = {
            name: [
                {"id": r.id, "date": r.date, **r.values, **dict.fromkeys(sorted(r.flags), True)}
                for r in records
            ]
            for name, records in tables.items()
        }
        data = (
            {"version": VERSION, self.nest: stored} if self.nest else {"version": VERSION, **stored}
        )
        return json.dumps(data)


# The bounds a real game can make are the game's own declaration (`GameInfo`).
assert MAGDAGDON.score is not None
MAGDAGDON_SCORES = RecordBook(
    what="high scores",
    bounds={
        "score": MAGDAGDON.score,
        "turns": (MAGDAGDON.turns[0], MAGDAGDON.turns[1] or 0),
        "powers": (0, max(d.powers for d in DIFFICULTIES.values())),
    },
    rank=lambda r: (-r["score"], r.date),
    table_name=lambda name: name in DIFFICULTIES,
    fits=lambda table, r: r["powers"] <= DIFFICULTIES[table].powers,
    # A HINT was used; the day's counted daily; a daily replayed as practice (its dice known);
    # played with real dice (issue 24).
    flags=frozenset({"assisted", "daily", "practice", "real"}),
)

MISHIMASH_SOLO = RecordBook(
    what="solo records",
    bounds={"turns": (1, 1_000_000)},
    rank=lambda r: (r["turns"], r.date),  # fewer turns first (X15)
    # ASCII digits only, and few: "²" is a digit to str.isdigit, and int() refuses 5,000 digits.
    table_name=lambda name: (whole(name, max_digits=9) or 0) > 0,
    nest="targets",
)
