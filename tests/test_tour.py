"""The first game that teaches (issue 16): fixed dice that show what each step says, steps that
follow the player, and texts in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.pure.tour import MISHIMASH_TARGET, SEEDS, TOURS, Facts, advance, done, text_key
from cubiri.magdagdon import game as md
from cubiri.mishimash import game as ms

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def test_magdagdon_tour_dice_make_a_straight_in_the_top_row() -> None:
    """The steps say: the 3 in the corner, then the 4, 5 and 6 beside it, CONFIRM (M8-M10),
    and the row is a STRAIGHT (M21)."""
    state = md.play(md.new_game("peaceful", SEEDS["magdagdon"]), md.Roll())
    assert sorted(state.dice) == [3, 4, 5, 6]
    for cell, value in enumerate((3, 4, 5, 6)):
        die = next(d for d in range(4) if state.dice[d] == value)
        state = md.play(state, md.Stage(die, cell))
    state = md.play(state, md.Confirm())
    assert state.turns == 1 and state.board[:4] == (3, 4, 5, 6)
    assert state.score().bonuses == 60  # the STRAIGHT of the top row


def test_mishimash_tour_dice_score_a_1_and_a_5_then_bust_whatever_was_taken() -> None:
    first = ms.play(ms.new_game(["Ana"], MISHIMASH_TARGET, SEEDS["mishimash"]), ms.Roll())
    assert first.dice.count(1) == 1 and first.dice.count(5) == 1  # "Tap the 1" (X4)
    for selection in ms.legal_selections(first.dice):
        after = ms.play(ms.play(first, ms.Select(tuple(selection))), ms.RollAgain())
        assert isinstance(after.events[-1], ms.Bust)  # X11
        assert after.turns[0] == 1


def test_each_step_waits_for_what_it_asks_and_a_player_ahead_skips_steps() -> None:
    game = "magdagdon"
    assert advance(game, 0, Facts()) == 0  # the intro waits for NEXT
    assert advance(game, 1, Facts()) == 1  # ROLL not pressed yet
    assert advance(game, 1, Facts(rolled=True)) == 2
    assert advance(game, 2, Facts(rolled=True, picked=True)) == 3
    assert advance(game, 3, Facts(rolled=True, picked=True, staged=2)) == 5
    # CONFIRM with two dice: the steps about the row and CONFIRM are behind the player.
    assert advance(game, 3, Facts(rolled=True, picked=True, turn_over=True)) == 7
    last = TOURS[game][-1]
    assert not done(last, Facts(turn_over=True))  # the last step waits for its button
    assert advance("mishimash", 1, Facts(rolled=True, picked=True, rolled_again=True)) == 4


def test_mishimash_last_step_says_how_the_turn_ended() -> None:
    last = TOURS["mishimash"][-1]
    assert text_key("mishimash", last, Facts(turn_over=True, busted=True)).endswith(".bust")
    assert text_key("mishimash", last, Facts(turn_over=True)).endswith(".banked")


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_every_step_has_its_text_in_every_language(language: str) -> None:
    messages = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
    keys = {f"tour.{game}.{step.key}" for game, steps in TOURS.items() for step in steps}
    keys |= {"tour.mishimash.banked", "tour.count", "tour.next", "tour.skip", "tour.play"}
    keys.add("tour.replay")
    assert sorted(k for k in keys if not messages.get(k)) == []
