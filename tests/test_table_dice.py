"""Real dice at the table (issue 24): the typed throw, the app's dice for a computer, UNDO."""

from __future__ import annotations

import pytest

from app.pure.i18n import load_translator
from app.pure.table_dice import (
    EntryError,
    app_dice,
    dice_to_enter,
    entered_fits,
    parse_dice,
    throw_state,
    undo,
)
from cubiri import dice as seeded
from cubiri.kernel import Dice
from cubiri.mishimash import game
from tests.typed_games import play

EN = load_translator("en")


@pytest.mark.parametrize(
    ("text", "count", "values"),
    [
        ("146655", 6, (1, 4, 6, 6, 5, 5)),
        ("1 4 6 6 5 5", 6, (1, 4, 6, 6, 5, 5)),
        ("1,4, 6;6 ,5 5", 6, (1, 4, 6, 6, 5, 5)),
        (" 3 ", 1, (3,)),
    ],
)
def test_the_dice_field_takes_digits_with_spaces_and_commas(
    text: str, count: int, values: tuple[int, ...]
) -> None:
    assert parse_dice(text, count) == values


@pytest.mark.parametrize(
    ("text", "count", "message"),
    [
        ("22", 6, "This throw has 6 dice: 2 entered."),
        ("1237", 4, "A die shows 1 to 6, not “7”: enter 4 dice."),
        ("abc", 6, "A die shows 1 to 6, not “a”: enter 6 dice."),
        ("1023", 4, "A die shows 1 to 6, not “0”: enter 4 dice."),
        ("", 1, "This throw has 1 die: 0 entered."),
        ("12345", 4, "This throw has 4 dice: 5 entered."),
        ("1" * 500, 6, "This throw has 6 dice: 41 entered."),
    ],
)
def test_a_wrong_entry_says_what_is_wrong_and_names_the_count(
    text: str, count: int, message: str
) -> None:
    with pytest.raises(EntryError) as refused:
        parse_dice(text, count)
    assert refused.value.message(EN) == message


def test_dice_kept_from_an_unfinished_entry_fit_only_a_throw_still_waiting() -> None:
    assert entered_fits([1, 6], 6) and entered_fits([], 4)
    assert not entered_fits([1, 6], None)  # no throw waits: forgotten
    assert entered_fits([1, 2, 3, 4], 4)  # given back by UNDO, to mend one die
    assert not entered_fits([1, 2, 3, 4, 5], 4)
    assert not entered_fits([0, 7], 6) and not entered_fits([True], 6)
    assert not entered_fits("16", 6)


def test_a_computer_throws_the_seeds_dice_at_its_place_in_the_game() -> None:
    state = game.apply(game.new_game(["Ann", "Cubi"], 100, 7, seeded.TYPED), game.Roll())
    throw = game.ENGINE.throw(state)
    assert throw is not None
    expected = seeded.throw(7, "mishimash", throw.position, 6)
    assert app_dice(game.ENGINE, state) == Dice(expected)
    with pytest.raises(ValueError):
        app_dice(game.ENGINE, game.new_game(["Ann"], 100, 7, seeded.TYPED))


def restart() -> game.State:
    return game.new_game(["Ann", "Bea", "Cubi"], 50, 3, seeded.TYPED)


def test_undo_steps_back_one_entry_at_a_time_into_the_turn_before() -> None:
    """Bea's bust (her typed throw) is undone to her throw still waiting, with the dice she had
    typed given back; then her ROLL; then Ann's BANK, her selection, her throw."""
    state = play(restart(), [1, 2, 3, 4, 6, 6], (0,), "bank", [2, 2, 3, 4, 6, 6])
    assert state.current == 2 and state.totals == (2, 0, 0)  # Bea busted: Cubi to play

    def everyone(_state: game.State) -> bool:
        return True

    steps = []
    while (undone := undo(game.ENGINE, state, restart(), everyone)) is not None:
        state = undone.state
        steps.append((state.current, state.phase.value, undone.dice))
    assert steps == [
        (1, "throw", (2, 2, 3, 4, 6, 6)),
        (1, "roll", ()),
        (0, "decide", ()),
        (0, "select", ()),
        (0, "throw", (1, 2, 3, 4, 6, 6)),
        (0, "roll", ()),
    ]
    assert state == restart()


def test_undo_never_stops_inside_a_computers_turn() -> None:
    """Cubi (a computer) played after Bea: UNDO takes back Bea's last entry, Cubi's turn with
    it, since a computer's turn left half undone would only play itself again."""
    state = play(restart(), [1, 2, 3, 4, 6, 6], (0,), "bank", [5, 2, 3, 4, 6, 6], (0,), "bank")
    bea_banked = state
    state = play(state, [1, 2, 3, 4, 6, 6], (0,), "bank")  # Cubi
    assert state.current == 0 and state.totals == (2, 1, 2)

    def people(at: game.State) -> bool:
        return at.current != 2

    undone = undo(game.ENGINE, state, restart(), people)
    assert undone is not None and undone.state == play(
        restart(), [1, 2, 3, 4, 6, 6], (0,), "bank", [5, 2, 3, 4, 6, 6], (0,)
    )
    assert bea_banked.log[: len(undone.state.log)] == undone.state.log
    assert undo(game.ENGINE, restart(), restart(), people) is None  # nothing to take back


def test_the_dice_typed_so_far_are_kept_with_the_game_while_their_throw_waits() -> None:
    """A reload in the middle of entering a throw keeps what was entered; a kept entry that
    no longer belongs to a waiting throw (edited, or the throw was played) is forgotten."""
    from app.pure.saved_game import MISHIMASH, Saved

    waiting = game.apply(restart(), game.Roll())
    kept, problem = MISHIMASH.load(MISHIMASH.dump(Saved(waiting, entered=(6, 1, 4))))
    assert problem is None and kept is not None and kept.entered == (6, 1, 4)
    thrown = play(restart(), [1, 2, 3, 4, 6, 6])
    for state, entered in ((thrown, [6, 1]), (waiting, [6, 9]), (waiting, [1] * 7)):
        raw = MISHIMASH.dump(Saved(state)).replace('"game":', f'"entered": {entered}, "game":')
        kept, problem = MISHIMASH.load(raw)
        assert problem is None and kept is not None and kept.entered == ()


def test_a_typed_throw_is_said_like_a_rolled_one() -> None:
    """Issue 24: USE THESE DICE says whose roll it is and its dice, as ROLL does."""
    from app.pure.mishimash_speech import after_move
    from app.pure.mishimash_view import build_view

    state = play(restart(), [1, 2, 3, 4, 6, 6])
    view = build_view(state, frozenset(), EN, False, None)
    said = after_move(state, Dice((1, 2, 3, 4, 6, 6)), view, EN)
    rolled = after_move(state, game.Roll(), view, EN)
    assert said == rolled and "1, 2, 3, 4, 6, 6" in said


def test_a_turn_of_real_dice_begins_with_its_throw_entered() -> None:
    """A tester at the table tapped ROLL before every turn's entry: at the start of a turn
    the throw to enter is the one ROLL opens (6 dice, X8), kept across a reload like any
    other; with the app's dice, or once the game is over, there is none."""
    from app.pure.saved_game import MISHIMASH, Saved

    start = restart()
    assert start.phase is game.Phase.ROLL
    opened = throw_state(game.ENGINE, start, game.Roll())
    assert opened == game.apply(start, game.Roll())
    assert dice_to_enter(game.ENGINE, opened) == 6
    waiting = game.apply(start, game.Roll())
    assert throw_state(game.ENGINE, waiting, game.Roll()) is waiting  # a throw already waits
    kept, problem = MISHIMASH.load(MISHIMASH.dump(Saved(start, entered=(6, 1))))
    assert problem is None and kept is not None and kept.entered == (6, 1)
    apps = game.new_game(["Ann", "Bea"], 100, 7)
    assert throw_state(game.ENGINE, apps, game.Roll()) is None
