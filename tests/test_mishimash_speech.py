"""What the MISHIMASH screen says to a screen reader (issue 14, built in the pure part since
issue 23): a scripted two-player game, sentence by sentence, in English."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from app.pure import mishimash_speech as speech
from app.pure.coach import build_coach
from app.pure.i18n import load_translator
from app.pure.mishimash_view import Moves, build_view, tap_die
from cubiri.mishimash import game as engine
from cubiri.mishimash.game import ENGINE, Bank, Roll, RollAgain, Select, State, apply
from tests.scripted import thrown

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")


def press(state: State, moves: Moves, dice: Iterable[int] = ()) -> tuple[State, str]:
    """What a button plays (its moves, a throw taking `dice`), and what is then said."""
    for move in moves:
        state = apply(state, move)
        if ENGINE.throw(state) is not None:
            state = thrown(state, dice)
    return state, speech.after_move(state, moves[-1], build_view(state, frozenset(), t), t)


def tapped(state: State, die: int) -> str:
    """What is said when a die is tapped on a roll with nothing picked yet."""
    picked = tap_die(state.dice, frozenset(), die)
    faces = [state.dice[i] for i in sorted(picked)]
    return speech.selection(build_view(state, picked, t), faces, t)


def test_a_scripted_game_is_said_sentence_by_sentence() -> None:
    state = engine.new_game(["Ana", "Bo"], 10, 1)
    state, said = press(state, (Roll(),), [1, 2, 3, 4, 6, 6])
    assert said == "Ana rolled 1, 2, 3, 4, 6, 6."
    assert tapped(state, 0) == "Picked 1. Selection 1 × 1 = 1."
    assert (
        tapped(state, 1) == "Picked 2. A selected die scores nothing: only 1s, 5s and sets score."
    )
    state, said = press(state, (Select((0,)), RollAgain()), [5, 2, 3, 4, 6])
    assert said == "Ana rolled 5, 2, 3, 4, 6."
    state, said = press(state, (Select((0,)), Bank()))
    assert said == "Ana banks 2 points. Now it is Bo's turn."
    # A first roll that busts: its dice, that nothing was lost, whose turn it is now.
    state, said = press(state, (Roll(),), [2, 3, 4, 6, 6, 2])
    assert said == (
        "Bo rolled 2, 3, 4, 6, 6, 2: nothing scores. BUST! Bo's roll scored nothing."
        " Now it is Ana's turn."
    )
    # Every die used: the MISHIMASH is said with the roll of the six dice it gives back.
    state, said = press(state, (Roll(),), [1, 1, 1, 5, 5, 5])
    assert said == "Ana rolled 1, 1, 1, 5, 5, 5."
    # One tap picks the whole set, and says so (an audit's reader heard only its worth).
    assert tapped(state, 0) == "Picked 1, 1 and 1. Selection 10 × 1 = 10."
    every = speech.selection(build_view(state, frozenset(range(6)), t), state.dice, t)
    assert every == (
        "Picked 1, 1, 1, 5, 5 and 5. Selection 15 × 1 = 15. Every die scores: MISHIMASH +10!"
    )
    assert speech.selection(build_view(state, frozenset(), t), [], t).startswith("Nothing picked.")
    state, said = press(state, (Select(tuple(range(6))), RollAgain()), [1, 2, 3, 3, 4, 6])
    assert said == "MISHIMASH! +10 and six dice back. Ana rolled 1, 2, 3, 3, 4, 6."
    # Past the target: the final round is announced with who still plays.
    state, said = press(state, (Select((0,)), Bank()))
    assert said == "Ana banks 27 points. FINAL ROUND: Bo plays once more. Now it is Bo's turn."
    # A computer player shows the dice it takes before it plays them.
    state, said = press(state, (Roll(),), [1, 2, 3, 4, 6, 6])
    assert said == "Bo rolled 1, 2, 3, 4, 6, 6."
    assert speech.computer_takes(state, Select((0,)), t) == "Bo takes the 1."
    # A later bust ends the final round, and the game.
    state, said = press(state, (Select((0,)), RollAgain()), [2, 3, 4, 6, 6])
    assert state.over
    assert said == "Bo rolled 2, 3, 4, 6, 6: nothing scores. BUST! Bo loses 1 point. Ana wins!"


def test_a_throw_waiting_for_its_dice_says_what_to_enter() -> None:
    state = apply(engine.new_game(["Ana"], 10, 1), Roll())
    view = build_view(state, frozenset(), t)
    assert speech.after_move(state, Roll(), view, t) == "Throw 6 dice and enter what they show."


def test_a_refused_move_is_said_in_the_engines_words() -> None:
    assert speech.refused("mishimash.not_scoring", t) == t("mishimash.problem.not_scoring")
    assert speech.refused("mishimash.no_such_code", t) == t("error.mishimash.rule")


def test_the_coach_reviews_the_first_roll_of_the_turn_that_ended() -> None:
    """The coach's review of a turn reads its first roll off the game's states, a MISHIMASH's
    six dice back (still a later roll of the turn) notwithstanding."""
    state = engine.new_game(["Ana", "Bo"], 100, 1)
    state, _ = press(state, (Roll(),), [1, 1, 1, 5, 5, 5])
    state, _ = press(state, (Select(tuple(range(6))), RollAgain()), [1, 2, 3, 3, 4, 6])
    state, _ = press(state, (Select((0,)), Bank()))
    review = build_coach(state, frozenset(), t, frozenset({0, 1})).lines
    other = engine.new_game(["Ana", "Bo"], 100, 1)
    other, _ = press(other, (Roll(),), [1, 1, 1, 5, 5, 5])
    other, _ = press(other, (Select(tuple(range(6))), Bank()))
    assert review and review == build_coach(other, frozenset(), t, frozenset({0, 1})).lines
    assert review[0].startswith("From that first roll, best play would have averaged ")
