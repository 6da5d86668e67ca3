"""MISHIMASH solo records (X15): the fewest turns to reach a target, top 10 per target.

Pure Python. Stored as JSON in localStorage; every entry is checked, the valid ones kept.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

TABLE_SIZE = 10
TABLE_VERSION = 1
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$")


@dataclass(frozen=True)
class SoloRecord:
    id: str
    turns: int
    date: str  # ISO 8601, UTC


SoloTables = dict[int, list[SoloRecord]]  # target → best first


def _record(data: object) -> SoloRecord | None:
    if not isinstance(data, dict) or set(data) != {"id", "turns", "date"}:
        return None
    turns, ident, date = data["turns"], data["id"], data["date"]
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 1_000_000:
        return None
    if not isinstance(ident, str) or not 0 < len(ident) <= 40:
        return None
    if not isinstance(date, str) or not _DATE.match(date):
        return None
    return SoloRecord(ident, turns, date)


def parse_solo_tables(raw: str | None) -> tuple[SoloTables, list[str]]:
    tables: SoloTables = {}
    problems: list[str] = []
    if raw is None:
        return tables, problems
    try:
        data = json.loads(raw)
    except ValueError:
        return tables, ["solo records are not JSON: starting empty tables"]
    targets = data.get("targets") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("version") != TABLE_VERSION
        or not isinstance(targets, dict)
    ):
        return tables, ["solo records have an unknown shape or version: starting empty tables"]
    for key, entries in targets.items():
        if not key.isdigit() or int(key) <= 0 or not isinstance(entries, list):
            problems.append(f"dropped solo records for target {key!r}")
            continue
        kept: list[SoloRecord] = []
        for entry in entries:
            record = _record(entry)
            if record is None:
                problems.append(f"dropped an invalid solo record: {entry!r}")
            elif all(r.id != record.id for r in kept):
                kept.append(record)
        if kept:
            tables[int(key)] = _ranked(kept)
    return tables, problems


def _ranked(records: list[SoloRecord]) -> list[SoloRecord]:
    # Fewer turns first; on a tie the earlier game keeps the higher place.
    return sorted(records, key=lambda r: (r.turns, r.date))[:TABLE_SIZE]


def add_solo_record(tables: SoloTables, target: int, record: SoloRecord) -> SoloTables:
    current = tables.get(target, [])
    if any(r.id == record.id for r in current):
        return tables
    return {**tables, target: _ranked([*current, record])}


def dump_solo_tables(tables: SoloTables) -> str:
    targets = {str(target): [asdict(r) for r in records] for target, records in tables.items()}
    return json.dumps({"version": TABLE_VERSION, "targets": targets})
