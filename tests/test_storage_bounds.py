"""Issue 18: whatever comes out of storage or a link is read within bounds, a newer version's
data is recognised (to be kept, never replaced), each saved game carries its write's stamp
(how a tab knows another moved the game on), and the MISHIMASH setup cleans names."""

from __future__ import annotations

import json

import pytest

from app.pure import daily
from app.pure.bounded import loads, nesting_depth, whole
from app.pure.i18n import load_translator
from app.pure.mishimash_setup import Seat, clean_name, parse_seats, parse_target, player_names
from app.pure.records import MAGDAGDON_SCORES, MISHIMASH_SOLO
from app.pure.saved_game import MAGDAGDON, MISHIMASH, Saved
from cubiri.mishimash import game as mishimash
from tests.playouts import magdagdon_playout

DEEP = "[" * 10_000 + "]" * 10_000


def test_nesting_is_measured_without_recursion_and_strings_do_not_count() -> None:
    assert nesting_depth('["[[[[", {"a": "\\"[{"}]') == 2
    assert nesting_depth(DEEP, limit=32) == 33
    with pytest.raises(ValueError):
        loads(DEEP)
    with pytest.raises(ValueError):
        loads("1" * 100, max_chars=99)
    assert loads('{"a": [[1]]}') == {"a": [[1]]}


def test_only_a_few_ascii_digits_make_a_number() -> None:
    assert whole("2026") == 2026
    for text in ("²", "٣", "9" * 5000, "9" * 16, "-1", " 1", "1.0", ""):
        assert whole(text) is None


@pytest.mark.parametrize("raw", [DEEP, '{"version": 1, "x": ' + DEEP + "}"])
def test_a_value_nested_10000_deep_is_refused_quietly_everywhere(raw: str) -> None:
    assert MAGDAGDON_SCORES.parse(raw)[0] == {}
    assert MISHIMASH_SOLO.parse(raw)[0] == {}
    saved, problem = MAGDAGDON.load(raw)
    assert saved is None and problem is not None
    assert daily.parse_results(raw)[0] == {}
    assert daily.GameMeta.parse(raw) is None
    assert parse_seats(raw) == [Seat()]
    assert MAGDAGDON.stamp_of(raw) is None and not MAGDAGDON.newer(raw)
    assert not MAGDAGDON_SCORES.newer(raw)


def test_crafted_solo_record_targets_are_dropped_and_the_valid_ones_kept() -> None:
    row = {"id": "r1", "date": "2026-11-01T10:00:00Z", "turns": 17}
    raw = json.dumps({"version": 1, "targets": {"²": [row], "9" * 5000: [row], "250": [row]}})
    tables, problems = MISHIMASH_SOLO.parse(raw)
    assert list(tables) == ["250"] and len(problems) == 2


def test_a_crafted_target_is_refused_not_raised() -> None:
    assert parse_target("²") == (None, "mishimash.setup.bad_target")
    assert parse_target("9" * 5000) == (None, "mishimash.setup.target_too_big")
    assert parse_target("250") == (250, "")


def test_newer_versions_are_recognised_so_they_are_kept() -> None:
    assert MAGDAGDON_SCORES.newer(json.dumps({"version": 2, "peaceful": []}))
    assert not MAGDAGDON_SCORES.newer(json.dumps({"version": 1, "peaceful": []}))
    assert not MAGDAGDON_SCORES.newer("{broken")
    assert MISHIMASH_SOLO.newer(json.dumps({"version": 3, "targets": {}}))
    assert MISHIMASH.newer(json.dumps({"version": 3, "game": {}}))  # records are version 2
    assert not MISHIMASH.newer(json.dumps({"version": 2, "game": {}}))
    assert MAGDAGDON.newer(json.dumps({"version": 1, "game": {"version": 3}}))
    assert MAGDAGDON.newer(json.dumps({"version": 2, "game": {"version": 3}}))
    state = list(magdagdon_playout("peaceful", 3))[8]
    current = MAGDAGDON.dump(Saved(state))
    assert not MAGDAGDON.newer(current) and not MAGDAGDON.newer(None)


def test_each_write_carries_its_stamp_and_loads_as_before() -> None:
    state = list(magdagdon_playout("peaceful", 3))[8]
    saved = Saved(state, "rec-1")
    raw = MAGDAGDON.dump(saved, "abc123")
    assert MAGDAGDON.stamp_of(raw) == "abc123"
    assert MAGDAGDON.load(raw) == (saved, None)
    assert MAGDAGDON.stamp_of(MAGDAGDON.dump(saved)) is None  # saved before stamps existed
    assert MAGDAGDON.stamp_of(None) is None


def test_a_game_given_up_is_a_stamped_save_of_no_game_not_an_unusable_one() -> None:
    """MISHIMASH's NEW GAME writes no game, stamped (a tab still on the old game follows it,
    issue 18); nothing stored, an unusable save and a real game are not that."""
    raw = MISHIMASH.dump(None, "def456")
    assert MISHIMASH.stamp_of(raw) == "def456"
    assert MISHIMASH.load(raw) == (None, None) and MISHIMASH.empty(raw)
    state = mishimash.new_game(["Ana"], 250, 7)
    game = MISHIMASH.dump(Saved(state), "abc123")
    missing = json.dumps({"version": 1, "record": None})
    assert not any(MISHIMASH.empty(other) for other in (None, "{", missing, game))
    assert MISHIMASH.load(missing)[1] is not None  # still refused as unusable, and told
    assert not MISHIMASH.newer(raw)


def test_names_of_invisible_characters_or_direction_overrides_are_cleaned() -> None:
    t = load_translator("en")
    seats = [
        Seat("\u200b\u200c\u200d"),
        Seat("\u202eanA"),
        Seat("Bo\u2066b\u2069"),
        Seat("\ufeff "),
    ]
    assert player_names(seats, t) == ["Player 1", "anA", "Bob", "Player 4"]
    assert clean_name("👩\u200d👩\u200d👧") == "👩\u200d👩\u200d👧"  # a joined emoji stays
