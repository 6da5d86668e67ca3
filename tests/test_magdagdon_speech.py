"""What the MAGDAGDON screen says to screen readers (issue 23): the sentences of a scripted game,
exactly, from the state before each move, the state after it and the move."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from app.pure.i18n import load_translator
from app.pure.magdagdon_speech import announcement, happenings
from app.pure.magdagdon_view import Picked, after_tap
from cubiri.kernel import Action, Dice
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import parse_board

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")

MAGDAGDON_NOW = (
    "MAGDAGDON! No order places 2 of these dice. Save the roll with a Majda Power, or press"
    " ACCEPT MAGDAGDON: one empty cell becomes a RUIN. The board can take only these values"
    " now: 4, 5, 6."
)

# (the move, the dice a throw it starts lands on, what is said, what it sounds like)
SCRIPT: list[tuple[Action, tuple[int, ...] | None, str, list[str]]] = [
    (engine.Roll(), (6, 5, 1, 1), "Rolled 6, 5, 1, 1.", ["roll"]),
    (
        engine.Stage(0, 11),
        None,
        "Row 3, column 4: 6 placed. Die 2 (5) is picked next.",
        ["stage"],
    ),
    (engine.Stage(1, 14), None, "Row 4, column 3: 5 placed.", ["stage"]),
    (engine.Unstage(14), None, "Row 4, column 3: 5 taken back.", ["unstage"]),
    (engine.Stage(1, 14), None, "Row 4, column 3: 5 placed.", ["stage"]),
    (engine.Confirm(), None, "Turn confirmed. Score: 344.", ["confirm", "confirmed"]),
    (engine.Roll(), (1, 1, 1, 2), f"Rolled 1, 1, 1, 2. {MAGDAGDON_NOW}", ["roll"]),
    (
        engine.Adjust(0, 1),
        None,
        f"Majda Power used: dice now 2, 1, 1, 2. {MAGDAGDON_NOW}",
        ["adjust"],
    ),
    (
        engine.Reroll((1, 2)),
        (1, 1),
        f"Majda Power used: dice now 2, 1, 1, 2. {MAGDAGDON_NOW}",
        ["reroll"],
    ),
    (engine.AcceptMagdagdon(), None, "Pick any empty cell: it becomes a RUIN (−15).", ["accept"]),
    (engine.PlaceRuin(3), None, "Row 1, column 4 is now a RUIN.", ["ruin", "ruined"]),
    (engine.Roll(), (5, 4, 4, 4), "Rolled 5, 4, 4, 4.", ["roll"]),
    (engine.Stage(0, 15), None, "Row 4, column 4: 5 placed.", ["stage"]),
    (
        engine.Confirm(),
        None,
        "Turn confirmed. Game over. Final score 309. New best score: 309!",
        ["confirm", "confirmed", "record"],
    ),
]


def start() -> engine.State:
    return replace(engine.new_game("peaceful", 7), board=parse_board("123./2345/345./45.."))


def test_every_move_of_a_scripted_game_is_said_in_whole_sentences() -> None:
    state = start()
    for action, dice, said, sounds in SCRIPT:
        after = engine.apply(state, action)
        if dice is not None:
            after = engine.apply(after, Dice(dice))
        assert announcement(state, after, action, t, best=after.over) == said, action
        assert happenings(after, action, best=after.over) == sounds, action
        state = after
    assert state.over and state.score().final == 309


def test_the_end_without_a_new_best_is_said_without_a_celebration() -> None:
    state = start()
    for action, dice, _, _ in SCRIPT[:-1]:
        state = engine.apply(state, action)
        if dice is not None:
            state = engine.apply(state, Dice(dice))
    after = engine.apply(state, engine.Confirm())
    assert (
        announcement(state, after, engine.Confirm(), t)
        == "Turn confirmed. Game over. Final score 309."
    )
    assert happenings(after, engine.Confirm()) == ["confirm", "confirmed"]


def test_typed_dice_are_asked_for_then_said_as_they_land() -> None:
    """A throw waiting for dice typed by a person: the ROLL asks for them, the dice say what
    was rolled; a REROLL asks for the dice it throws again; its dice say the power's result."""
    state = start()
    waiting = engine.apply(state, engine.Roll())
    assert (
        announcement(state, waiting, engine.Roll(), t) == "Throw 4 dice and enter what they show."
    )
    landed = engine.apply(waiting, Dice((6, 5, 1, 1)))
    assert announcement(waiting, landed, Dice((6, 5, 1, 1)), t) == "Rolled 6, 5, 1, 1."
    rerolling = engine.apply(landed, engine.Reroll((2,)))
    # The REROLL's dice by their faces, as its entry's prompt (an audit heard only how many).
    assert announcement(landed, rerolling, engine.Reroll((2,)), t) == (
        "Throw the 1 again and enter what it shows. Keep the 6, 5 and 1 as they are."
    )
    rerolled = engine.apply(rerolling, Dice((4,)))
    assert announcement(rerolling, rerolled, Dice((4,)), t) == (
        "Majda Power used: dice now 6, 5, 4, 1."
    )


def test_accept_magdagdon_with_powers_left_says_its_warning() -> None:
    """Issue 29: ACCEPT MAGDAGDON pressed with a power left asks for the RUIN's cell first; its
    warning (the powers still there, CANCEL) is said, not only shown."""
    from app.pure.magdagdon_speech import accept_asked
    from app.pure.magdagdon_view import StartAccept

    state = start()
    for action, dice, _, _ in SCRIPT[:7]:  # up to the MAGDAGDON of 1, 1, 1, 2
        state = engine.apply(state, action)
        if dice is not None:
            state = engine.apply(state, Dice(dice))
    assert state.phase is engine.Phase.MAGDAGDON and state.powers_left == 3
    asking = after_tap(state, Picked(), StartAccept())
    assert accept_asked(state, asking, t) == (
        "Pick the empty cell that becomes a RUIN (−15), for good. You still have 3 Majda Powers:"
        " press CANCEL to try one first."
    )
    assert accept_asked(state, Picked(), t) is None
