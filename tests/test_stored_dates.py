"""Issue 29: a stored date is checked as a date, not only as a shape. A high-score row dated
`2026-13-45T99:99Z` had the right shape, and Intl then threw RangeError at HIGH SCORES and on
the end screen; such a row is dropped and reported like any other bad row, and the rest show."""

from __future__ import annotations

import json

import pytest

from app.pure.bounded import instant
from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO


def _row(ident: str, date: str, score: int = 100) -> dict[str, object]:
    return {"id": ident, "date": date, "score": score, "turns": 12, "powers": 0}


@pytest.mark.parametrize(
    "date",
    [
        "2026-13-45T99:99Z",  # the testers' row: month 13, day 45, hour 99
        "2026-02-30T10:00Z",  # no such day
        "2026-11-30T24:00:00Z",
        "0000-01-01T00:00Z",  # before year 1
        "2026-11-30T10:00:00.1234567Z",  # more digits than a moment has
    ],
)
def test_a_date_that_is_no_moment_drops_its_row_and_keeps_the_others(date: str) -> None:
    raw = json.dumps(
        {"version": 1, "peaceful": [_row("bad", date, 300), _row("good", "2026-11-30T21:05:09Z")]}
    )
    tables, problems = MAGDAGDON_SCORES.parse(raw)
    assert [record.id for record in tables["peaceful"]] == ["good"]
    assert len(problems) == 1 and "bad" in problems[0]


def test_solo_records_check_their_dates_too() -> None:
    raw = json.dumps(
        {
            "version": 1,
            "targets": {
                "1000": [
                    {"id": "a", "date": "2026-13-45T99:99Z", "turns": 9},
                    {"id": "b", "date": "2026-11-01T08:00Z", "turns": 12},
                ]
            },
        }
    )
    tables, problems = MISHIMASH_SOLO.parse(raw)
    assert [record.id for record in tables["1000"]] == ["b"] and len(problems) == 1


def test_every_date_the_app_writes_is_a_moment() -> None:
    for text in ("2026-11-30T21:05:09Z", "2026-11-30T21:05Z", "2026-11-30T21:05:09.5Z"):
        moment = instant(text)
        assert moment is not None and moment.utcoffset() is not None
