"""What the app keeps in localStorage: high-score tables and the saved game, and their repair."""

from __future__ import annotations

import json

from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO, Record, Tables
from app.pure.saved_game import MAGDAGDON, MISHIMASH, Saved
from tests.playouts import magdagdon_playout

parse_tables, dump_tables = MAGDAGDON_SCORES.parse, MAGDAGDON_SCORES.dump
add_record = MAGDAGDON_SCORES.add


def empty_tables() -> Tables:
    return {}


def record(id: str, score: int, date: str = "2026-11-29T10:00:00Z") -> Record:
    return Record(id, date, {"score": score, "turns": 9, "powers": 1})


def test_m25_a_table_keeps_the_top_10_best_first_earlier_first_on_ties() -> None:
    tables = empty_tables()
    for n in range(12):
        tables = add_record(tables, "peaceful", record(f"g{n}", n * 10))
    tables = add_record(tables, "peaceful", record("late", 110, "2026-11-30T10:00:00Z"))
    scores = [(r["score"], r.id) for r in tables["peaceful"]]
    assert len(scores) == 10
    assert scores[:3] == [(110, "g11"), (110, "late"), (100, "g10")]
    assert "survival" not in tables


def test_a_record_is_never_added_twice() -> None:
    tables = add_record(empty_tables(), "nightmare", record("same", 50))
    assert add_record(tables, "nightmare", record("same", 50)) == tables


def test_tables_round_trip_through_json() -> None:
    tables = add_record(empty_tables(), "survival", record("a", -40))
    parsed, problems = parse_tables(dump_tables(tables))
    assert parsed == tables and problems == []


def test_a_tampered_table_keeps_its_valid_entries_and_reports_the_rest() -> None:
    good = {"id": "a", "score": 120, "date": "2026-11-29T10:00:00Z", "turns": 8, "powers": 0}
    raw = json.dumps(
        {
            "version": 1,
            "peaceful": [
                good,
                {**good, "id": "b", "score": 99999},  # impossible score
                {**good, "id": "c", "powers": 3, "score": "12"},
                {**good, "id": "d", "turns": 0},
                {**good, "id": "e", "date": "<script>"},
                {**good, "id": "f", "extra": 1},
                "nonsense",
            ],
            "survival": {"not": "a list"},
            "nightmare": [{**good, "powers": 1}],  # NIGHTMARE has no powers
        }
    )
    tables, problems = parse_tables(raw)
    assert [r.id for r in tables["peaceful"]] == ["a"]
    assert "survival" not in tables and "nightmare" not in tables
    assert len(problems) == 8


def test_solo_records_keep_the_fewest_turns_per_target_in_their_stored_shape() -> None:
    tables: Tables = {}
    for n, turns in enumerate((40, 12, 33)):
        tables = MISHIMASH_SOLO.add(
            tables, "250", Record(f"s{n}", "2026-11-29T10:00:00Z", {"turns": turns})
        )
    stored = json.loads(MISHIMASH_SOLO.dump(tables))
    assert [r["turns"] for r in stored["targets"]["250"]] == [12, 33, 40]
    stored["targets"]["0"] = []
    stored["targets"]["250"].append({"id": "bad", "turns": 0, "date": "2026-11-29T10:00:00Z"})
    parsed, problems = MISHIMASH_SOLO.parse(json.dumps(stored))
    assert parsed == tables and len(problems) == 2


def test_unreadable_tables_start_empty_with_a_warning() -> None:
    for raw in ("{not json", "[]", json.dumps({"version": 7})):
        tables, problems = parse_tables(raw)
        assert tables == empty_tables() and len(problems) == 1
    assert parse_tables(None) == (empty_tables(), [])


def test_the_saved_game_round_trips_with_its_record_id() -> None:
    state = list(magdagdon_playout("peaceful", 3))[12]
    saved = Saved(state, "rec-1")
    assert MAGDAGDON.load(MAGDAGDON.dump(saved)) == (saved, None)


def test_a_corrupt_saved_game_is_refused_with_a_reason() -> None:
    state = list(magdagdon_playout("survival", 4))[10]
    good = json.loads(MAGDAGDON.dump(Saved(state)))
    broken = [
        "{",
        "null",
        json.dumps({**good, "version": 0}),
        json.dumps({**good, "record": 5}),
        json.dumps({**good, "game": {**good["game"], "board": "6666/6666/6666/6666"}}),
        json.dumps({**good, "game": "x"}),
    ]
    for raw in broken:
        saved, problem = MAGDAGDON.load(raw)
        assert saved is None and problem is not None
    assert MAGDAGDON.load(None) == (None, None)


def test_a_mishimash_game_round_trips_and_a_broken_one_is_refused() -> None:
    from tests.playouts import mishimash_playout

    state = list(mishimash_playout(3, 60, 8))[15]
    saved = Saved(state)
    assert MISHIMASH.load(MISHIMASH.dump(saved)) == (saved, None)
    broken = json.loads(MISHIMASH.dump(saved))
    broken["game"]["totals"] = [999, 0, 0]
    assert MISHIMASH.load(json.dumps(broken))[0] is None
    assert MAGDAGDON.load(MISHIMASH.dump(saved))[0] is None  # a game of the other kind


def test_a_mishimash_save_past_the_setups_target_is_refused() -> None:
    """helper-22 stored a target of 10^15: it loaded without a word, past what START lets a
    game have (MAX_TARGET) and what the history takes, so its end would not enter it."""
    from app.pure.mishimash_setup import MAX_TARGET
    from cubiri.mishimash import game as mishimash

    at_most = Saved(mishimash.new_game(["Ana", "Bo"], MAX_TARGET, 3))
    assert MISHIMASH.load(MISHIMASH.dump(at_most)) == (at_most, None)
    tampered = json.loads(MISHIMASH.dump(at_most))
    tampered["game"]["target"] = 10**15
    saved, problem = MISHIMASH.load(json.dumps(tampered))
    assert saved is None and problem is not None and "target" in problem


def test_a_game_moved_on_in_another_tab_continues_it_and_a_new_game_does_not() -> None:
    """Issue 18: a tab that takes another tab's game says "continued" only when it is the
    same game played on; NEW GAME there (even a daily replayed: the same seed) is a new one."""
    states = list(magdagdon_playout("peaceful", 3))
    here, there = states[6], states[12]
    assert MAGDAGDON.continues(here, there)
    assert MAGDAGDON.continues(here, here)
    assert not MAGDAGDON.continues(there, here)  # the same dice from the start again
    assert not MAGDAGDON.continues(here, list(magdagdon_playout("peaceful", 4))[12])
