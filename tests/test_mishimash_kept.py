"""Issue 29: MISHIMASH's dice picked but not taken are kept in the game's record (as MAGDAGDON's
picked die), and the setup form's draft is read back within bounds."""

from __future__ import annotations

import json

from app.pure.mishimash_setup import Draft, Seat, dump_draft, parse_draft
from app.pure.saved_game import MAGDAGDON, MISHIMASH, Saved
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash


def rolled(seed: int = 1) -> mishimash.State:
    for tried in range(seed, seed + 100):
        state = mishimash.play(mishimash.new_game(["Ana"], 250, tried), mishimash.Roll())
        if state.phase is mishimash.Phase.SELECT:
            return state
    raise AssertionError("no seed")


def test_the_dice_picked_come_back_with_their_game() -> None:
    state = rolled()
    raw = MISHIMASH.dump(Saved(state, selected=(0, 2)), "s1")
    saved, problem = MISHIMASH.load(raw)
    assert problem is None and saved is not None and saved.selected == (0, 2)
    assert MISHIMASH.load(MISHIMASH.dump(Saved(state), "s2"))[0].selected == ()  # type: ignore[union-attr]


def test_picked_dice_that_do_not_fit_are_forgotten_not_an_error() -> None:
    state = rolled()
    data = json.loads(MISHIMASH.dump(Saved(state), "s1"))
    for kept in ([9], [2, 0], [1, 1], ["1"], [True], "01", [0] * 40, [-1]):
        saved, problem = MISHIMASH.load(json.dumps({**data, "selected": kept}))
        assert problem is None and saved is not None and saved.selected == (), kept
    before = mishimash.new_game(["Ana"], 250, 1)  # nothing thrown: nothing to pick
    saved, _ = MISHIMASH.load(
        json.dumps({**json.loads(MISHIMASH.dump(Saved(before))), "selected": [0]})
    )
    assert saved is not None and saved.selected == ()
    md = magdagdon.play(magdagdon.new_game("peaceful", 3), magdagdon.Roll())
    saved, problem = MAGDAGDON.load(
        json.dumps({**json.loads(MAGDAGDON.dump(Saved(md))), "selected": [0]})
    )
    assert problem is None and saved is not None and saved.selected == ()


def test_the_setup_draft_is_read_back_within_bounds() -> None:
    draft = Draft((Seat("Zoë"), Seat("x" * 200, "bold")), "custom", "345")
    assert parse_draft(dump_draft(draft)) == draft
    good = json.loads(dump_draft(draft))
    for bad in (
        {**good, "target": "250']"},
        {**good, "target": 250},
        {**good, "custom": "9" * 21},
        {**good, "seats": []},
        {**good, "seats": [{"name": "a", "level": "god"}]},
        {**good, "seats": [{"name": "x" * 201, "level": ""}]},
        {**good, "seats": [{"name": "a", "level": ""}] * 9},
        {**good, "extra": 1},
    ):
        assert parse_draft(json.dumps(bad)) is None, bad
    assert parse_draft(None) is None and parse_draft("[" * 100_000) is None
