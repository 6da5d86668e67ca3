"""What a MAGDAGDON player picked but has not played, kept across a reload in the game's saved
record (picked_memory): a die, REROLL mode with its chosen dice (M13), ACCEPT MAGDAGDON waiting
for its RUIN's cell (M17, M18). Each is restored only at a state it still fits; anything else
read back is forgotten, never an error."""

from __future__ import annotations

import json

from app.pure import picked_memory
from app.pure.magdagdon_view import Picked
from app.pure.saved_game import MAGDAGDON, Saved
from cubiri import kernel
from cubiri.magdagdon import game as engine
from e2e.magdagdon_driver import first_game_with, placement_plan


def placing() -> engine.State:
    return engine.play(engine.new_game("peaceful", 7), engine.Roll())


def in_magdagdon() -> engine.State:
    """A roll in MAGDAGDON with powers left (M14): ACCEPT asks for the RUIN's cell."""
    seed, turn = first_game_with("peaceful", "magdagdon")
    state = engine.new_game("peaceful", seed)
    for _ in range(turn - 1):
        state = engine.play(state, engine.Roll())
        for die, cell in placement_plan(state):
            state = engine.play(state, engine.Stage(die, cell))
        state = engine.play(state, engine.Confirm())
    state = engine.play(state, engine.Roll())
    assert state.phase is engine.Phase.MAGDAGDON and state.powers_left > 0
    return state


def reloaded(state: engine.State, picked: Picked) -> Picked:
    """`picked` saved with `state`, read back as a reload reads it."""
    saved = Saved(state, picked=picked_memory.keep(picked), game_id="7-00000000")
    loaded, error = MAGDAGDON.load(MAGDAGDON.dump(saved))
    assert error is None and loaded is not None
    return picked_memory.restore(loaded.picked, loaded.state)


def test_reroll_mode_and_its_chosen_dice_come_back_after_a_reload() -> None:
    state = placing()
    chosen = Picked(rerolling=True, reroll=frozenset({0, 2}))
    assert reloaded(state, chosen) == chosen
    assert reloaded(state, Picked(rerolling=True)) == Picked(rerolling=True)  # none chosen yet


def test_accept_magdagdon_waiting_for_its_ruins_cell_comes_back_after_a_reload() -> None:
    state = in_magdagdon()
    assert reloaded(state, Picked(accepting=True)) == Picked(accepting=True)


def test_a_plain_pick_comes_back_and_nothing_picked_stays_nothing() -> None:
    state = placing()
    assert reloaded(state, Picked(die=1)) == Picked(die=1)
    assert reloaded(state, Picked()) == Picked()


def test_a_mode_that_no_longer_fits_its_state_is_forgotten() -> None:
    # ACCEPT asks for a cell only in MAGDAGDON with powers left; a REROLL needs a power and
    # dice still free.
    assert reloaded(placing(), Picked(accepting=True)) == Picked()
    assert reloaded(in_magdagdon(), Picked(die=0)) == Picked()
    spent = placing()
    for die, cell in placement_plan(spent):
        spent = engine.play(spent, engine.Stage(die, cell))
    staged = spent.staged[0][0]
    assert reloaded(spent, Picked(rerolling=True, reroll=frozenset({staged}))) == Picked()


def test_tampered_picks_are_forgotten_and_the_game_still_loads() -> None:
    state = placing()
    for kept in (
        {"reroll": [9]},
        {"reroll": [1, 1]},
        {"reroll": [2, 1]},
        {"reroll": "0"},
        {"reroll": [True]},
        {"accept": False},
        {"accept": True, "reroll": []},
        {"x": 1},
        "2",
        True,
        [0],
        -1,
    ):
        raw = json.loads(MAGDAGDON.dump(Saved(state, game_id="7-00000000")))
        raw["picked"] = kept
        loaded, error = MAGDAGDON.load(json.dumps(raw))
        assert error is None and loaded is not None, kept
        assert loaded.state == state and loaded.picked is None, kept


def test_an_older_app_reads_a_mode_as_a_pick_that_no_longer_fits() -> None:
    """Before modes were kept, a pick was kept only if it was a whole number that fitted, and
    forgotten otherwise: a newer tab's mode is forgotten there, the game kept."""
    for picked in (Picked(rerolling=True, reroll=frozenset({1})), Picked(accepting=True)):
        assert not kernel.is_whole(picked_memory.keep(picked))
