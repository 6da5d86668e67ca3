"""SAVE MY DATA / LOAD DATA (issue 25): a file of everything a player has, checked as strictly as
storage and merged without losing anything that was here."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.pure import daily, data_file, data_view, history, history_view
from app.pure.daily import DayResult
from app.pure.data_file import Refused
from app.pure.i18n import load_translator
from app.pure.mishimash_setup import Seat, dump_seats
from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO, Record
from app.pure.saved_game import MAGDAGDON, Saved
from cubiri.magdagdon import game as magdagdon
from tests.playouts import magdagdon_playout, mishimash_playout

EN = load_translator("en")

WHEN = "2026-03-14T09:30:12Z"
LATER = "2026-04-01T18:00:00Z"


def magdagdon_entry(n: int, ended: str = WHEN) -> history.Entry:
    state = list(magdagdon_playout("peaceful", n))[-1]
    return history.entry_for("magdagdon", f"m-{n}", ended, state)


def mishimash_entry(n: int, ended: str = WHEN) -> history.Entry:
    state = list(mishimash_playout(2, 40, n))[-1]
    return history.entry_for("mishimash", f"x-{n}", ended, state, levels=("", "cautious"))


def row(ident: str, score: int, when: str = WHEN) -> Record:
    return Record(ident, when, {"score": score, "turns": 8, "powers": 0})


def scores(*rows: Record) -> str:
    tables: Any = {}
    for record in rows:
        tables = MAGDAGDON_SCORES.add(tables, "peaceful", record)
    return MAGDAGDON_SCORES.dump(tables)


IN_PROGRESS = magdagdon.play(magdagdon.new_game("peaceful", 11), magdagdon.Roll())


def a_phone() -> dict[str, str | None]:
    """What one browser holds: two finished games, a table, a daily, a game in progress."""
    game = IN_PROGRESS
    return {
        data_file.HISTORY_KEY: history.dump([magdagdon_entry(1), mishimash_entry(2)]),
        "cubiri.magdagdon.scores": scores(row("m-1", 120), row("m-7", 90)),
        "cubiri.mishimash.records": MISHIMASH_SOLO.dump(
            {"100": [Record("s-1", WHEN, {"turns": 9})]}
        ),
        data_file.DAILY_KEY: daily.dump_results({"2026-03-14": {"peaceful": DayResult(133)}}),
        "cubiri.magdagdon.game": MAGDAGDON.dump(Saved(game), stamp="abc"),
        "cubiri.language": "hu",
        "cubiri.sound": "off",
    }


def test_a_saved_file_loaded_in_an_empty_browser_gives_back_everything() -> None:
    phone = a_phone()
    text = data_file.export(phone, LATER)
    assert data_file.file_name(LATER) == "cubiri-data-2026-04-01.json"
    contents = data_file.read(text)
    merged = data_file.merge({}, contents)
    assert (merged.games_added, merged.games_known) == (2, 0)
    assert merged.records_added == 3 and merged.days_added == 1
    assert merged.games_in_progress == ["magdagdon"] and merged.kept_here == []
    assert merged.settings_to_ask == {"cubiri.language": "hu", "cubiri.sound": "off"}
    new = merged.writes
    assert history.parse(new[data_file.HISTORY_KEY]) == history.parse(phone[data_file.HISTORY_KEY])
    assert (
        MAGDAGDON_SCORES.parse(new["cubiri.magdagdon.scores"])[0]
        == MAGDAGDON_SCORES.parse(phone["cubiri.magdagdon.scores"])[0]
    )
    restored, why = MAGDAGDON.load(new["cubiri.magdagdon.game"])
    assert why is None and restored is not None and restored.state.log == IN_PROGRESS.log
    assert "cubiri.language" not in new  # settings are asked about, never applied by themselves


def test_loading_the_same_file_again_adds_nothing() -> None:
    phone = a_phone()
    contents = data_file.read(data_file.export(phone, LATER))
    again = data_file.merge(phone, contents)
    assert again.writes == {}
    assert (again.games_added, again.games_known, again.records_added, again.days_added) == (
        0,
        2,
        0,
        0,
    )
    assert again.kept_here == ["magdagdon"] and again.settings_to_ask == {}


def test_a_game_whose_moves_made_room_gets_them_back_from_a_file() -> None:
    """helper-27: a history game here had lost its moves to make room (its review gone); the
    file held them, and LOAD DATA said "Nothing new". They are put back, and said to be."""
    phone = a_phone()
    contents = data_file.read(data_file.export(phone, LATER))
    full, other = history.parse(phone[data_file.HISTORY_KEY])[0]
    trimmed = {**phone, data_file.HISTORY_KEY: history.dump([full.figures_only(), other])}
    merged = data_file.merge(trimmed, contents)
    assert (merged.games_added, merged.games_known, merged.moves_added) == (0, 1, 1)
    back, _ = history.parse(merged.writes[data_file.HISTORY_KEY])
    assert [entry.log for entry in back] == [full.log, other.log]
    said = data_view.loaded(merged, EN)
    assert said.startswith(
        "Loaded: 0 games added, 1 game's moves put back and 1 game already here, skipped."
    )
    assert data_file.merge(phone, contents).moves_added == 0  # nothing missing: nothing to do


def test_a_merge_keeps_the_best_of_both_and_never_a_worse_record() -> None:
    here = {
        data_file.HISTORY_KEY: history.dump([magdagdon_entry(3, LATER)]),
        "cubiri.magdagdon.scores": scores(*(row(f"h-{i}", 200 + i) for i in range(10))),
        data_file.DAILY_KEY: daily.dump_results(
            {"2026-03-14": {"peaceful": DayResult(150)}, "2026-03-15": {"peaceful": DayResult()}}
        ),
    }
    theirs = {
        data_file.HISTORY_KEY: history.dump([magdagdon_entry(1), magdagdon_entry(3, LATER)]),
        "cubiri.magdagdon.scores": scores(row("t-1", 205), row("t-2", 10)),
        data_file.DAILY_KEY: daily.dump_results(
            {"2026-03-14": {"peaceful": DayResult(99)}, "2026-03-15": {"peaceful": DayResult(80)}}
        ),
    }
    merged = data_file.merge(here, data_file.read(data_file.export(theirs, LATER)))
    assert (merged.games_added, merged.games_known) == (1, 1)
    ids = [e.id for e in history.parse(merged.writes[data_file.HISTORY_KEY])[0]]
    assert ids == ["m-1", "m-3"]  # oldest first, each once
    table = MAGDAGDON_SCORES.parse(merged.writes["cubiri.magdagdon.scores"])[0]["peaceful"]
    assert [r["score"] for r in table] == [209, 208, 207, 206, 205, 205, 204, 203, 202, 201]
    assert "t-2" not in {r.id for r in table} and merged.records_added == 1
    days = daily.parse_results(merged.writes[data_file.DAILY_KEY])[0]
    assert days["2026-03-14"]["peaceful"] == DayResult(150)  # here's better one stays
    assert days["2026-03-15"]["peaceful"] == DayResult(80)  # a finished one over an unfinished


def file_with(change: Any) -> str:
    data = json.loads(data_file.export(a_phone(), LATER))
    change(data)
    return json.dumps(data)


AN_EXPORT = data_file.export(a_phone(), LATER)
HALF_AN_EXPORT = AN_EXPORT[: len(AN_EXPORT) // 2]


def set_at(path: list[Any], value: Any) -> Any:
    def change(data: Any) -> None:
        for step in path[:-1]:
            data = data[step]
        data[path[-1]] = value

    return change


def edit_game(game: str, figure: str, value: Any) -> Any:
    """An edit by hand of one finished game's figure in the file, its moves left as they are."""

    def change(data: Any) -> None:
        (entry,) = [entry for entry in data["history"]["games"] if entry["game"] == game]
        entry["outcome"][figure] = value

    return change


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json at all", "not_json"),
        # Half of a real export (an audit was told it was no Cubiri file at all).
        (HALF_AN_EXPORT, "cut_short"),
        # A tester's edits, each within what some real game could show: a score the game's own
        # moves do not make (STATISTICS showed 650, its review 91), totals likewise, and a high
        # score of a full board in one turn (M2, M25: four cells a turn at most).
        (file_with(edit_game("magdagdon", "score", 650)), "tampered"),
        (file_with(edit_game("mishimash", "totals", [40, 0])), "tampered"),
        (file_with(set_at(["tables", "magdagdon_scores", "peaceful", 0, "turns"], 1)), "tampered"),
        ('{"app": "wordle", "format": 1}', "other_app"),
        ("[1, 2]", "other_app"),
        (file_with(set_at(["format"], data_file.FORMAT + 1)), "newer_format"),
        (file_with(set_at(["format"], "1")), "tampered"),
        (file_with(set_at(["saved"], "yesterday")), "tampered"),
        (file_with(set_at(["cheats"], True)), "tampered"),
        (file_with(set_at(["history", "games", 0, "outcome", "score"], 10**15)), "tampered"),
        (
            file_with(set_at(["tables", "magdagdon_scores", "peaceful", 0, "score"], 9999)),
            "tampered",
        ),
        (
            file_with(set_at(["daily", "days", "2026-03-14", "peaceful", "score"], 10**9)),
            "tampered",
        ),
        (
            file_with(set_at(["games", "magdagdon", "game", "log"], [["roll"], ["roll"]])),
            "tampered",
        ),
        (file_with(set_at(["settings", "cubiri.language"], "xx")), "tampered"),
        (file_with(set_at(["settings", "cubiri.secret"], "on")), "tampered"),
        (" " * (data_file.MAX_FILE_CHARS + 1), "too_large"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(text: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        data_file.read(text)
    assert refused.value.reason == reason


def test_a_file_of_a_browser_with_nothing_stored_loads_and_adds_nothing() -> None:
    contents = data_file.read(data_file.export({}, LATER))
    merged = data_file.merge(a_phone(), contents)
    assert merged.writes == {} and merged.games_added == 0 and merged.settings_to_ask == {}


def test_a_finished_game_is_no_game_in_progress_to_carry() -> None:
    """A tester's new phone was told "The MAGDAGDON game in progress comes from the file" of a
    game that had ended (its end screen was what was stored); it is in the history already."""
    phone = a_phone()
    ended = list(magdagdon_playout("peaceful", 3))[-1]
    assert ended.over
    phone["cubiri.magdagdon.game"] = MAGDAGDON.dump(Saved(ended), stamp="end")
    contents = data_file.read(data_file.export(phone, LATER))
    assert contents.games == {}
    merged = data_file.merge({"cubiri.magdagdon.game": phone["cubiri.magdagdon.game"]}, contents)
    assert merged.games_in_progress == [] and merged.kept_here == []
    # A game in progress in the file takes the place of one that has ended here.
    file_of_a_game = data_file.read(data_file.export(a_phone(), LATER))
    taken = data_file.merge(
        {"cubiri.magdagdon.game": phone["cubiri.magdagdon.game"]}, file_of_a_game
    )
    assert taken.games_in_progress == ["magdagdon"] and taken.kept_here == []


def a_table_phone() -> dict[str, str | None]:
    """A phone whose walkthroughs were seen and whose MISHIMASH table is set up."""
    return {
        **a_phone(),
        "cubiri.tour.magdagdon": "seen",
        "cubiri.tour.mishimash": "seen",
        "cubiri.mishimash.players": dump_seats([Seat("Ann"), Seat("Cubi", "strongest")]),
        "cubiri.mishimash.target": "250",
        "cubiri.mishimash.real_dice": "1",
    }


def test_the_walkthroughs_seen_and_the_table_setup_travel_to_a_new_phone() -> None:
    """A tester's new phone showed both first-game walkthroughs again and an empty MISHIMASH
    table: the file carries what was seen and the table's setup, taken where none is here."""
    old = a_table_phone()
    merged = data_file.merge({}, data_file.read(data_file.export(old, LATER)))
    for key in (*data_file.TOUR_KEYS.values(), *data_file.SETUP_KEYS.values()):
        assert merged.writes[key] == old[key], key
    assert merged.setup_taken
    # A phone with its own table keeps it; what was seen is never unseen.
    here = {**a_phone(), "cubiri.mishimash.players": dump_seats([Seat("Bea")])}
    merged = data_file.merge(here, data_file.read(data_file.export(old, LATER)))
    assert not merged.setup_taken
    assert not set(data_file.SETUP_KEYS.values()) & set(merged.writes)
    assert merged.writes["cubiri.tour.mishimash"] == "seen"
    unseen = data_file.read(data_file.export(a_phone(), LATER))
    assert unseen.seen == () and unseen.setup == {}


def test_a_file_of_the_first_format_still_loads() -> None:
    data = json.loads(data_file.export(a_table_phone(), LATER))
    del data["seen"], data["mishimash_setup"]
    data["format"] = 1
    contents = data_file.read(json.dumps(data))
    assert contents.seen == () and contents.setup == {} and len(contents.history) == 2


@pytest.mark.parametrize(
    "change",
    [
        set_at(["seen"], ["chess"]),
        set_at(["seen"], ["mishimash", "mishimash"]),
        set_at(["seen"], "all"),
        set_at(["mishimash_setup", "players"], []),
        set_at(["mishimash_setup", "players", 1, "level"], "godlike"),
        set_at(["mishimash_setup", "players", 0, "name"], "A" * 100),
        set_at(["mishimash_setup", "players", 0, "cheat"], True),
        set_at(["mishimash_setup", "target"], 0),
        set_at(["mishimash_setup", "target"], "250"),
        set_at(["mishimash_setup", "real_dice"], "yes"),
        set_at(["mishimash_setup", "colour"], "red"),
    ],
)
def test_a_tampered_setup_or_walkthrough_list_is_refused(change: Any) -> None:
    data = json.loads(data_file.export(a_table_phone(), LATER))
    change(data)
    with pytest.raises(Refused) as refused:
        data_file.read(json.dumps(data))
    assert refused.value.reason == "tampered"
    assert refused.value.where is not None
    assert refused.value.where[0] in (
        "seen",
        "mishimash_setup",
        "mishimash_seat",
        "mishimash_target",
    )


def test_a_refused_setup_names_the_seat_or_the_target_that_failed() -> None:
    """An audit's file with a bad computer level was refused as "the MISHIMASH players and
    target": which player was bad is the first thing to know."""
    data = json.loads(data_file.export(a_table_phone(), LATER))
    set_at(["mishimash_setup", "players", 1, "level"], "godlike")(data)
    with pytest.raises(Refused) as refused:
        data_file.read(json.dumps(data))
    assert refused.value.where == ("mishimash_seat", {"n": 2, "count": 2})
    assert data_view.refusal(refused.value, EN) == (
        "This file was changed or damaged: one of its entries is not valid. Found in player 2"
        " of 2 at the MISHIMASH table (name, and who plays it). Nothing was changed."
    )
    data = json.loads(data_file.export(a_table_phone(), LATER))
    set_at(["mishimash_setup", "target"], 0)(data)
    with pytest.raises(Refused) as refused:
        data_file.read(json.dumps(data))
    assert data_view.where(*refused.value.where, EN) == "the MISHIMASH target"


def test_a_refused_game_is_named_by_its_place_in_your_games() -> None:
    """YOUR GAMES lists the newest first; the file keeps the oldest first. An audit's file with
    a changed score in its newest game was refused as "game 5 of 5", the bottom of the list."""
    data = json.loads(data_file.export(a_phone(), LATER))
    listed = history_view.rows(history.parse(json.dumps(data["history"]))[0], EN)
    newest = data["history"]["games"][-1]
    newest["outcome"]["score" if newest["game"] == "magdagdon" else "totals"] = 650
    with pytest.raises(Refused) as refused:
        data_file.read(json.dumps(data))
    assert refused.value.where is not None
    kind, params = refused.value.where
    count = len(data["history"]["games"])
    assert kind == "game" and params["n"] == 1 and params["count"] == count
    assert listed[params["n"] - 1].ident == newest["id"]
