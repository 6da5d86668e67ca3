"""Dice keyed by seed and position (the kernel issue), and saves of every format still load."""

from __future__ import annotations

import json
from pathlib import Path

from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash
from cubiri.mishimash.scoring import is_bust

FIXTURES = Path(__file__).parent / "fixtures"


def staged_to_minimum(state: magdagdon.State) -> magdagdon.State:
    """Some legal staging of the minimum (M16 says one exists), found by trying each order."""
    if len(state.staged) >= state.minimum:
        return state
    for action in magdagdon.legal_actions(state):
        if isinstance(action, magdagdon.Stage):
            found = staged_to_minimum(magdagdon.play(state, action))
            if len(found.staged) >= state.minimum:
                return found
    return state


def magdagdon_turn_dice(seed: int, reroll_on_turn_one: bool) -> list[tuple[int, ...]]:
    """The first roll of each of four turns, with or without a REROLL on turn 1."""
    state, rolls = magdagdon.new_game("peaceful", seed), []
    while state.turns < 4:
        state = magdagdon.play(state, magdagdon.Roll())
        rolls.append(state.dice)
        if reroll_on_turn_one and state.turns == 0:
            state = magdagdon.play(state, magdagdon.Reroll((0, 1, 2)))
        if state.phase is magdagdon.Phase.PLACE:
            state = magdagdon.play(staged_to_minimum(state), magdagdon.Confirm())
        else:
            state = magdagdon.play(state, magdagdon.AcceptMagdagdon())
            state = magdagdon.play(state, magdagdon.legal_actions(state)[0])
    return rolls


def test_magdagdon_turn_dice_do_not_depend_on_an_earlier_reroll() -> None:
    for seed in range(20):
        assert magdagdon_turn_dice(seed, False) == magdagdon_turn_dice(seed, True)


def mishimash_turn_dice(seed: int, roll_on: bool) -> list[tuple[int, ...]]:
    """The first roll of each of four turns; on turn 1 the player banks at once, or rolls on."""
    state, rolls = mishimash.new_game(["Ann", "Bob"], 1000, seed), []
    while sum(state.turns) < 4:
        state = mishimash.play(state, mishimash.Roll())
        rolls.append(state.dice)
        while state.phase is not mishimash.Phase.ROLL:
            state = mishimash.play(state, mishimash.legal_actions(state)[0])
            again = roll_on and sum(state.turns) == 0 and state.roll_number < 3
            state = mishimash.play(state, mishimash.RollAgain() if again else mishimash.Bank())
    return rolls


def test_mishimash_turn_dice_do_not_depend_on_rolling_on_earlier() -> None:
    for seed in range(20):
        assert mishimash_turn_dice(seed, False) == mishimash_turn_dice(seed, True)


def test_two_games_differ_and_the_first_rolls_are_not_all_busts() -> None:
    games = [mishimash.new_game(["A"], 10, seed) for seed in range(50)]
    firsts = {mishimash.play(game, mishimash.Roll()).dice for game in games}
    assert len(firsts) > 45 and sum(is_bust(d) for d in firsts) < 10


def load_fixture(name: str) -> dict[str, object]:
    saved = json.loads((FIXTURES / name).read_text())
    assert saved["version"] == 1  # the app's wrapper
    game: dict[str, object] = saved["game"]
    return game


def test_a_magdagdon_game_saved_by_version_1_loads_and_goes_on_with_its_own_dice() -> None:
    state = magdagdon.from_dict(load_fixture("magdagdon_v1.json"))
    assert state.dice_scheme == 1 and state.turns == 3 and state.powers_used == 2
    assert repr(state).startswith("<MAGDAGDON peaceful seed=7 turn=4 ..6./..5./..5./2343")
    # It goes on under scheme 1, and saves and loads again in today's format.
    state = magdagdon.play(staged_to_minimum(state), magdagdon.Confirm())
    state = magdagdon.play(state, magdagdon.Roll())
    saved = json.loads(json.dumps(magdagdon.to_dict(state)))
    assert saved["version"] == 2 and saved["dice_scheme"] == 1
    assert magdagdon.from_dict(saved) == state


def test_a_mishimash_game_saved_by_version_1_loads_and_goes_on_with_its_own_dice() -> None:
    state = mishimash.from_dict(load_fixture("mishimash_v1.json"))
    assert state.dice_scheme == 1 and state.totals == (42, 9) and state.current == 1
    assert state.phase is mishimash.Phase.DECIDE and state.dice == (6, 2, 5, 5, 1, 1)
    state = mishimash.play(state, mishimash.RollAgain())
    assert state.events == (mishimash.Bust(1, 2, (2, 4, 3, 2)),)  # scheme 1's dice, as before
    saved = json.loads(json.dumps(mishimash.to_dict(state)))
    assert saved["version"] == 2 and saved["dice_scheme"] == 1
    assert mishimash.from_dict(saved) == state


def test_magdagdon_taking_a_staged_die_back_does_not_change_the_next_roll() -> None:
    """Issue 18 (3): dice were once keyed on the number of log entries, so staging a die,
    taking it back and staging it again changed the next roll. They are keyed by turn."""
    for seed in range(10):
        plain = magdagdon.play(magdagdon.new_game("peaceful", seed), magdagdon.Roll())
        if plain.phase is not magdagdon.Phase.PLACE:
            continue
        stage = next(a for a in magdagdon.legal_actions(plain) if isinstance(a, magdagdon.Stage))
        back = magdagdon.play(plain, stage)
        back = magdagdon.play(back, magdagdon.Unstage(stage.cell))
        assert len(back.log) == len(plain.log) + 2
        nexts = []
        for state in (plain, back):
            state = magdagdon.play(staged_to_minimum(state), magdagdon.Confirm())
            nexts.append(magdagdon.play(state, magdagdon.Roll()).dice)
        assert nexts[0] == nexts[1]
