"""Issue 23: the history of every finished game. Pure: bounded, checked entry by entry, each
game once. With the browser faked (`tests.browser_fakes`): the session enters a game once
however two tabs interleave finishing and reloading it, the tables are written before the
history (a full quota costs the history, never a high score), and today's saves upgrade."""

from __future__ import annotations

import json
import types
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.pure import history
from app.pure.daily import GameMeta
from app.pure.history import Entry, Seat
from app.pure.saved_game import MAGDAGDON, MISHIMASH, Saved
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash
from tests.browser_fakes import Host, NoTour, web_fixture  # noqa: F401 (the fixture `web`)
from tests.playouts import magdagdon_playout, mishimash_playout

FIXTURES = Path(__file__).parent / "fixtures"
WHEN = "2026-03-14T09:30:12Z"


def finished_magdagdon(seed: int = 3) -> magdagdon.State:
    return list(magdagdon_playout("peaceful", seed))[-1]


def finished_mishimash(players: int = 2, seed: int = 3) -> mishimash.State:
    return list(mishimash_playout(players, 60, seed))[-1]


def entry(n: int, log: bool = True) -> Entry:
    made = history.entry_for("magdagdon", f"g-{n}", WHEN, finished_magdagdon(n % 5))
    return made if log else made.figures_only()


# Pure ------------------------------------------------------------------------------------------
def test_an_entry_holds_the_outcome_the_seats_the_kind_and_the_game_that_replays() -> None:
    state = finished_magdagdon()
    made = history.entry_for(
        "magdagdon", "7-abc", WHEN, state, day="2026-03-14", practice=True, assisted=True
    )
    assert made.outcome == magdagdon.ENGINE.outcome(state)
    assert made.flags == {"solo", "daily", "practice", "assisted"}
    assert made.winner == 0 and made.seats == (Seat(),) and made.difficulty == "peaceful"
    assert made.dice == state.dice_scheme
    assert made.log is not None and magdagdon.from_dict(made.log) == state
    rivals = finished_mishimash(3)
    made = history.entry_for("mishimash", "8-abc", WHEN, rivals, levels=("", "bold", ""))
    assert made.flags == {"computers"} and made.winner == rivals.winner
    assert [s.level for s in made.seats] == ["", "bold", ""] and made.target == 60
    people = history.entry_for("mishimash", "9-abc", WHEN, finished_mishimash(2))
    assert people.flags == {"pass_and_play"}
    assert history.entry_for("mishimash", "9-b", WHEN, finished_mishimash(1)).flags == {"solo"}
    with pytest.raises(ValueError):
        history.entry_for("magdagdon", "x", WHEN, magdagdon.new_game("peaceful", 1))


def test_the_history_round_trips_and_a_game_is_never_added_twice() -> None:
    entries: list[Entry] = []
    for n in range(4):
        entries = history.add(entries, entry(n))
    assert history.add(entries, entry(2)) == entries
    parsed, problems = history.parse(history.dump(entries))
    assert parsed == entries and problems == []
    assert [e.log for e in parsed] == [e.log for e in entries]


def test_the_history_keeps_the_newest_1000_games() -> None:
    slim = entry(0, log=False)
    entries = [replace(slim, id=f"g-{n}") for n in range(history.MAX_GAMES)]
    entries = history.add(entries, replace(slim, id="newest"))
    assert len(entries) == history.MAX_GAMES
    assert entries[0].id == "g-1" and entries[-1].id == "newest"


def test_over_its_size_the_oldest_games_lose_their_logs_first_then_go() -> None:
    entries = [entry(n) for n in range(12)]
    one = len(history.dump(entries[:1]))
    slim = history.bounded(list(entries), max_chars=one * 6)
    assert [e.id for e in slim] == [e.id for e in entries]  # every game's figures are kept
    assert slim[0].log is None and slim[-1].log is not None  # the oldest lost their logs
    assert len(history.dump(slim)) <= one * 6
    tiny = history.bounded(list(entries), max_chars=len(history.dump([slim[0]])) * 3)
    assert [e.id for e in tiny] == [e.id for e in entries[-len(tiny) :]]  # the newest stay
    assert all(e.log is None for e in tiny)


def test_a_tampered_history_keeps_its_valid_games_and_reports_the_rest() -> None:
    good = json.loads(history.dump([entry(1)]))["games"][0]
    bad = [
        {**good, "id": "<script>"},
        {**good, "game": "chess"},
        {**good, "ended": "yesterday"},
        {**good, "ended": "2026-13-45T99:99:00Z"},  # the shape of a date, and no date
        {**good, "day": "2026-02-30"},
        {**good, "dice": 7},
        {**good, "winner": 3},
        {**good, "flags": ["cheated"]},
        {**good, "outcome": {**good["outcome"], "score": 99999}},
        {**good, "outcome": {**good["outcome"], "turns": True}},
        {**good, "outcome": {"score": 10, "turns": 4, "x": [[[[1]]]]}},
        {**good, "seats": [{"name": "x" * 500, "level": ""}]},
        {**good, "difficulty": "impossible"},
        {**good, "log": {**good["log"], "seed": 12345}},
        {**good, "extra": 1},
        "nonsense",
    ]
    rivals = json.loads(
        history.dump([history.entry_for("mishimash", "m-1", WHEN, finished_mishimash())])
    )
    mine = rivals["games"][0]
    bad += [
        {**mine, "outcome": {**mine["outcome"], "totals": [1.25, 2]}},
        {**mine, "outcome": {**mine["outcome"], "totals": [float("inf"), 2]}},
        {**mine, "target": 0},
    ]
    raw = json.dumps({"version": 1, "games": [good, *bad, mine]})
    parsed, problems = history.parse(raw)
    assert [e.id for e in parsed] == ["g-1", "m-1"]
    assert len(problems) == len(bad)
    for broken in ("{", "[]", json.dumps({"version": 1, "games": {}}), "[" * 10_000):
        assert history.parse(broken)[0] == [] and len(history.parse(broken)[1]) == 1
    assert history.newer(json.dumps({"version": 2, "games": []}))
    assert not history.newer(history.dump([]))


def test_the_reviews_notes_are_kept_and_checked_like_the_rest() -> None:
    mine = entry(1)
    rivals = history.entry_for("mishimash", "m-1", WHEN, finished_mishimash(), levels=("", "bold"))
    entries = [mine, rivals]
    noted = history.annotated(entries, "g-1", computer=187)
    assert noted is not None and noted[0].computer == 187 and noted[1] == rivals
    # Kept as the review shows it, to one decimal: an audit read 53.8 given up in the review
    # and 53.9 on STATISTICS (53.846 kept as 53.85, then rounded again).
    noted = history.annotated(noted, "m-1", given_up=(53.846, None))
    assert noted is not None and noted[1].given_up == (53.8, None)
    parsed, problems = history.parse(history.dump(noted))
    assert problems == [] and [(e.computer, e.given_up) for e in parsed] == [
        (187, None),
        (None, (53.8, None)),
    ]
    # Out of bounds, of the wrong game, for a computer's seat, or of an unknown game: refused.
    assert history.annotated(entries, "g-1", computer=10**6) is None
    assert history.annotated(entries, "g-1", given_up=(1.0,)) is None
    assert history.annotated(entries, "m-1", given_up=(1.0, 2.0)) is None  # "bold" is a computer
    assert history.annotated(entries, "m-1", given_up=(-1.0, None)) is None
    assert history.annotated(entries, "m-1", computer=100) is None
    assert history.annotated(entries, "nobody", computer=100) is None
    typed = replace(mine, dice=0)  # real dice: the computer has no same dice to play
    assert history.annotated([typed], "g-1", computer=100) is None
    stored = json.loads(history.dump(noted))["games"]
    tampered = [
        {**stored[0], "computer": "a lot"},
        {**stored[0], "computer": 10**7},
        {**stored[1], "given_up": [1.0]},
        {**stored[1], "given_up": [float("nan"), None]},
        {**stored[1], "given_up": [True, None]},
    ]
    parsed, problems = history.parse(json.dumps({"version": 1, "games": [*tampered, stored[1]]}))
    assert [e.id for e in parsed] == ["m-1"] and len(problems) == len(tampered)


# With the browser faked -------------------------------------------------------------------------
def tab(codec: Any, key: str) -> Any:
    """One tab's session of a game (its own stamp), over the shared fake storage."""
    from app.browser import stores
    from app.browser.game_session import GameSession

    shown: dict[str, Any] = {"saved": None}

    def adopt(saved: Any) -> None:
        shown["saved"] = saved

    session = GameSession(
        codec, key, Host(), NoTour(), adopt, lambda: None, slot=stores.Slot(codec, key)
    )
    session.adopted = shown  # type: ignore[attr-defined]
    return session


def history_ids(web: types.SimpleNamespace) -> list[str]:
    return [g["id"] for g in json.loads(web.storage.items["cubiri.history"])["games"]]


def score_ids(web: types.SimpleNamespace, table: str = "peaceful") -> list[str]:
    return [r["id"] for r in json.loads(web.storage.items["cubiri.magdagdon.scores"])[table]]


def magdagdon_row(state: magdagdon.State) -> Any:
    from app.browser import stores
    from app.browser.game_session import Row

    outcome = magdagdon.ENGINE.outcome(state) or {}
    values = {name: outcome[name] for name in ("score", "turns", "powers")}
    return Row(stores.SCORES_KEY, state.difficulty, values)


def end_game(session: Any, state: Any, row: Any) -> Saved[Any]:
    """What a screen does when its game ends: the row and the history, then the save."""
    saved, _tables = session.finish(Saved(state), row)
    assert session.save(saved)
    return saved


@pytest.mark.parametrize("order", ["a-then-b", "b-then-a"])
def test_two_tabs_finishing_the_same_game_enter_it_once(web: Any, order: str) -> None:
    """Both tabs at the last move of one game; each finishes it without having heard the other
    (its save is then refused, it takes the other's game): one row, one history entry."""
    from app.browser import stores

    states = list(magdagdon_playout("peaceful", 3))
    a, b = tab(MAGDAGDON, stores.MAGDAGDON_GAME), tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    assert a.save(Saved(states[-3]))
    assert b.load() is not None and b.game_id == a.game_id
    first, second = (a, b) if order == "a-then-b" else (b, a)
    first.finish(Saved(states[-1]), magdagdon_row(states[-1]))
    second.finish(Saved(states[-1]), magdagdon_row(states[-1]))
    assert first.save(Saved(states[-1], a.game_id))
    assert not second.save(Saved(states[-1], a.game_id))  # it takes the first one's instead
    assert history_ids(web) == [a.game_id] == score_ids(web)
    saved, _ = MAGDAGDON.load(web.storage.items[stores.MAGDAGDON_GAME])
    assert saved is not None and saved.in_history and saved.game_id == a.game_id


@pytest.mark.parametrize("order", ["finish-then-reload", "reload-then-finish"])
def test_a_reload_on_the_end_screen_with_another_tab_open_adds_nothing(
    web: Any, order: str
) -> None:
    from app.browser import stores

    state = finished_mishimash(1)
    a = tab(MISHIMASH, stores.MISHIMASH_GAME)
    assert a.save(Saved(list(mishimash_playout(1, 60, 3))[-2]))
    row_of = stores.SOLO_KEY
    from app.browser.game_session import Row

    row = Row(row_of, "60", {"turns": state.turns[0]})
    if order == "finish-then-reload":
        end_game(a, state, row)
    reloaded = tab(MISHIMASH, stores.MISHIMASH_GAME)  # a second tab, or the same one reloaded
    saved = reloaded.load()
    assert saved is not None
    if order == "reload-then-finish":
        end_game(a, state, row)  # the first tab ends it after the other loaded
        saved = reloaded.load()
        assert saved is not None
    # What a screen does on loading a game that is over: its row and entry, if not there yet.
    reloaded.finish(saved, None if saved.record_id else row)
    again = tab(MISHIMASH, stores.MISHIMASH_GAME)
    again.finish(again.load(), row)
    assert history_ids(web) == [a.game_id]
    solo = json.loads(web.storage.items[stores.SOLO_KEY])["targets"]["60"]
    assert [r["id"] for r in solo] == [a.game_id]


def test_a_game_saved_but_not_yet_in_the_history_enters_it_on_reload(web: Any) -> None:
    """The page closed between the high-score row and the history entry."""
    from app.browser import stores

    state = finished_magdagdon()
    a = tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    a.save(Saved(state))
    ident = a.game_id
    web.storage.items.pop("cubiri.history", None)
    b = tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    saved = b.load()
    assert saved is not None and not saved.in_history
    b.finish(saved, magdagdon_row(state))
    assert history_ids(web) == [ident] == score_ids(web)


def test_each_new_game_gets_a_new_id_and_a_game_played_on_keeps_it(web: Any) -> None:
    from app.browser import stores

    states = list(magdagdon_playout("peaceful", 3))
    a = tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    a.save(Saved(states[0]))
    first = a.game_id
    a.save(Saved(states[10]))
    assert a.game_id == first
    a.save(Saved(magdagdon.new_game("peaceful", 3)))  # the same seed again: a new game
    assert a.game_id != first
    a.stash(Saved(states[10]))
    assert a.unstash() == Saved(states[10]) and a.game_id != first


def test_a_full_quota_costs_the_history_its_oldest_games_never_a_high_score(
    web: Any,
) -> None:
    from app.browser import stores

    old = [replace(entry(n), id=f"old-{n}") for n in range(40)]
    web.storage.items["cubiri.history"] = history.dump(old)
    used = sum(len(v) for v in web.storage.items.values())
    web.storage.quota = used + 1_000  # room for the row, not for a longer history
    state = finished_magdagdon(4)
    a = tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    a.finish(Saved(state), magdagdon_row(state))
    assert score_ids(web) == [a.game_id]
    ids = history_ids(web)
    assert ids[-1] == a.game_id and 1 < len(ids) < 41 and ids[0] != "old-0"


# Upgrade: what today's main left in storage ------------------------------------------------------
def fixture(name: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((FIXTURES / name).read_text())["storage"]
    return data


def test_a_daily_in_progress_with_its_meta_and_pick_becomes_one_record(web: Any) -> None:
    from app.browser import stores

    before = fixture("storage_main_playing.json")
    web.storage.items.update(before)
    saved = tab(MAGDAGDON, stores.MAGDAGDON_GAME).load()
    assert saved is not None
    old, _ = MAGDAGDON.load(before["cubiri.magdagdon.game"])
    assert old is not None and saved.state == old.state and saved.game_id
    assert saved.meta == GameMeta.parse(before["cubiri.magdagdon.game.meta"])
    assert saved.meta is not None and saved.meta.assisted and saved.meta.day is not None
    assert saved.picked == json.loads(before["cubiri.magdagdon.picked"])["die"]
    items = web.storage.items
    assert "cubiri.magdagdon.game.meta" not in items and "cubiri.magdagdon.picked" not in items
    record = json.loads(items[stores.MAGDAGDON_GAME])
    assert record["version"] == 2 and record["daily"] == "2026-03-14" and record["assisted"]
    again = tab(MAGDAGDON, stores.MAGDAGDON_GAME).load()  # the next load reads the record
    assert again == saved
    # The MISHIMASH game with its computers, the tables, dailies and settings: all there.
    rivals = tab(MISHIMASH, stores.MISHIMASH_GAME).load()
    assert rivals is not None and rivals.seats == ("", "cautious", "strongest")
    assert stores.tables(stores.SCORES_KEY) and len(stores.tables(stores.SCORES_KEY)) == 3
    assert [r.id for r in stores.tables(stores.SOLO_KEY)["250"]] == ["31-aa55aa55", "32-bb66bb66"]
    assert stores.daily_results()["2026-03-13"]["survival"].assisted
    assert stores.difficulty() == "survival" and stores.computer_speed() == "fast"
    assert not stores.coach_on() and not stores.feel_on("pips") and stores.feel_on("sound")
    assert web.console.warnings == []
    for key in ("cubiri.magdagdon.scores", "cubiri.mishimash.records", "cubiri.magdagdon.daily"):
        assert items[key] == before[key]  # read as they are, never rewritten by loading


def test_finished_games_of_today_keep_their_rows_and_enter_the_history_once(web: Any) -> None:
    from app.browser import stores

    before = fixture("storage_main_finished.json")
    web.storage.items.update(before)
    md = tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    saved = md.load()
    assert saved is not None and saved.state.over and saved.record_id == "77-5a5a5a5a"
    assert saved.game_id == "77-5a5a5a5a" and saved.picked is None  # the stale pick is dropped
    md.finish(saved, magdagdon_row(saved.state))  # what the screen does with a game over
    ms = tab(MISHIMASH, stores.MISHIMASH_GAME)
    solo = ms.load()
    assert solo is not None and solo.record_id == "2024-6b6b6b6b"
    ms.finish(solo, None)
    tab(MAGDAGDON, stores.MAGDAGDON_GAME).finish(saved, magdagdon_row(saved.state))
    assert history_ids(web) == ["77-5a5a5a5a", "2024-6b6b6b6b"]
    assert score_ids(web).count("77-5a5a5a5a") == 1
    assert json.loads(before["cubiri.magdagdon.scores"]) == json.loads(
        web.storage.items["cubiri.magdagdon.scores"]
    )


def test_two_tabs_upgrading_at_once_agree_on_the_game(web: Any) -> None:
    from app.browser import stores

    web.storage.items.update(fixture("storage_main_playing.json"))
    a, b = tab(MAGDAGDON, stores.MAGDAGDON_GAME), tab(MAGDAGDON, stores.MAGDAGDON_GAME)
    first, second = a.load(), b.load()
    assert first == second and a.game_id == b.game_id


def test_a_newer_save_is_left_untouched_and_an_unreadable_one_set_aside(web: Any) -> None:
    from app.browser import stores

    newer = json.dumps({"version": 3, "game": {"anything": True}})
    web.storage.items[stores.MISHIMASH_GAME] = newer
    session = tab(MISHIMASH, stores.MISHIMASH_GAME)
    assert session.load() is None
    session.save(Saved(mishimash.new_game(["Ana"], 250, 1)))
    assert web.storage.items[stores.MISHIMASH_GAME] == newer
    broken = json.dumps({"version": 1, "game": {"log": 5}})
    web.storage.items[stores.MAGDAGDON_GAME] = broken
    web.storage.items["cubiri.magdagdon.game.meta"] = "{}"
    assert tab(MAGDAGDON, stores.MAGDAGDON_GAME).load() is None
    assert web.storage.items[stores.MAGDAGDON_GAME + ".unreadable"] == broken
    assert "cubiri.magdagdon.game.meta" in web.storage.items  # not the record's: kept
