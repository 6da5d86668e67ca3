"""The MAGDAGDON screen's view model: what the player sees in each phase (issue 5)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from app.pure.i18n import load_translator
from app.pure.magdagdon_view import (
    AcceptAt,
    CancelAccept,
    PickDie,
    Picked,
    StartAccept,
    after_tap,
    build_view,
    refusal,
    reroll_prompt,
    undo_entry,
    undone_said,
)
from cubiri.dice import TYPED
from cubiri.magdagdon.board import parse_board
from cubiri.magdagdon.game import (
    AcceptMagdagdon,
    Adjust,
    Confirm,
    Phase,
    PlaceRuin,
    Reroll,
    Roll,
    Stage,
    State,
    Unstage,
    apply,
    legal_actions,
    new_game,
)
from tests.scripted import thrown

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")


def rolled(board: str, dice: list[int], difficulty: str = "peaceful") -> State:
    state = replace(new_game(difficulty, 1), board=parse_board(board))
    return thrown(apply(state, Roll()), dice)


def test_before_the_roll_the_next_step_is_roll() -> None:
    view = build_view(new_game("survival", 1), Picked(), t)
    assert (view.primary, view.primary_enabled) == ("ROLL", True)
    assert view.dice == [] and view.turn == "Turn 1" and view.difficulty == "SURVIVAL"
    assert "ROLL" in view.message
    assert not any(cell.lit for cell in view.cells)


def test_picking_a_die_lights_exactly_its_legal_cells() -> None:
    state = rolled("..../.3../..../....", [4, 1, 3, 6])
    view = build_view(state, Picked(die=0), t)
    assert {c.index for c in view.cells if c.lit} == set(state.legal_cells(0))
    assert view.dice[0].status == "picked"
    assert view.cells[5].label == "Row 2, column 2: 3"
    assert view.cells[6].label == "Row 2, column 3: empty, tap to place the die here"
    assert (view.primary, view.primary_enabled) == ("CONFIRM · 2 more to place", False)
    assert view.message.startswith("Tap a lit cell")


def test_staged_dice_look_different_and_confirm_enables_at_the_minimum() -> None:
    state = rolled("..../.3../..../....", [4, 3, 1, 6])
    state = apply(apply(state, Stage(0, 6)), Stage(1, 4))
    view = build_view(state, Picked(), t)
    assert view.cells[6].kind == "staged" and view.cells[5].kind == "number"
    assert "staged, tap to take it back" in view.cells[6].label
    assert [d.status for d in view.dice] == ["staged", "staged", "available", "available"]
    assert (view.primary, view.primary_enabled) == ("CONFIRM · 2 placed", True)
    # The 1 and the 6 fit nowhere: no "place more first" (helper-30 read it with none left).
    said = "2 dice placed; no other die fits. Press CONFIRM: the rest are discarded."
    assert view.message == said
    assert view.rows[1].sum == 10  # row 2 previews 4 + 3 + 3
    more = apply(rolled("..../.3../..../....", [4, 3, 2, 6]), Stage(0, 6))
    more = apply(more, Stage(1, 4))  # the 2 still fits beside the 3
    assert "Press CONFIRM, or place more first." in build_view(more, Picked(), t).message


def test_magdagdon_says_what_the_player_may_do() -> None:
    state = rolled("..../.3../..../....", [1, 1, 6, 6])
    view = build_view(state, Picked(), t)
    assert view.tone == "danger" and view.primary == "ACCEPT MAGDAGDON"
    assert "Majda Power" in view.message
    assert view.powers.reroll and not view.powers.decrease  # no die picked yet
    nightmare = build_view(rolled("..../.3../..../....", [1, 1, 6, 6], "nightmare"), Picked(), t)
    assert "Majda Power" not in nightmare.message and not nightmare.powers.visible
    # REROLL pressed to save the roll (M14): the message says what to do next, not the alarm.
    choosing = build_view(state, Picked(rerolling=True, reroll=frozenset({0})), t)
    assert (
        choosing.message
        == "Tap the dice to reroll, then press REROLL. One use, whatever the count."
    )


def test_after_accepting_every_empty_cell_can_become_the_ruin() -> None:
    state = apply(rolled("..../.3../..../....", [1, 1, 6, 6]), AcceptMagdagdon())
    view = build_view(state, Picked(), t)
    assert sum(cell.lit for cell in view.cells) == 15
    assert "RUIN" in view.message


def test_power_buttons_follow_the_picked_die_and_its_bounds() -> None:
    state = rolled("..../..../..../....", [1, 6, 3, 3])
    low = build_view(state, Picked(die=0), t).powers
    high = build_view(state, Picked(die=1), t).powers
    assert (low.decrease, low.increase) == (None, Adjust(0, 1))
    assert (high.decrease, high.increase) == (Adjust(1, -1), None)
    assert low.status == "3 left · next costs 10"
    choosing = build_view(state, Picked(rerolling=True, reroll=frozenset({0, 2})), t).powers
    assert choosing.reroll_label == "REROLL 2\u00a0DICE" and choosing.cancel
    assert choosing.reroll == Reroll((0, 2))


def test_every_tap_says_what_it_plays_and_the_selection_that_follows() -> None:
    state = rolled("..../.3../..../....", [4, 1, 3, 6])
    view = build_view(state, Picked(die=0), t)
    assert {c.tap for c in view.cells if c.tap} == {Stage(0, c) for c in state.legal_cells(0)}
    assert view.dice[1].tap == PickDie(1) and view.primary_tap is None
    after = apply(state, Stage(0, 6))
    # After a placement the next die that still fits is picked: the 3 (the 1 fits nowhere).
    auto = after_tap(after, Picked(die=0), Stage(0, 6))
    assert auto == Picked(die=2, auto=True)
    assert build_view(after, Picked(), t).cells[6].tap == Unstage(6)
    assert after_tap(state, Picked(die=1), PickDie(1)) == Picked()
    # The die picked for the player, tapped, stays picked (a tester's tap put it down, and the
    # cell tapped next said "Pick a die first"); tapped once more, it goes down.
    mine = after_tap(after, auto, PickDie(2))
    assert mine == Picked(die=2) and after_tap(after, mine, PickDie(2)) == Picked()
    assert build_view(new_game("peaceful", 1), Picked(), t).primary_tap == Roll()


def test_the_end_shows_the_breakdown_with_every_bonus_line() -> None:
    state = replace(
        new_game("peaceful", 1), board=parse_board("1234/1234/1234/123x"), powers_used=2
    )
    state = replace(state, phase=state.phase.OVER, turns=8)
    view = build_view(state, Picked(), t)
    assert view.end is not None
    labels = dict(view.end.rows)
    assert labels["Row 1: STRAIGHT"] == "+60"
    assert labels["Column 1: FOUR OF A KIND"] == "+40"
    assert labels["1 RUIN"] == "−15" and labels["2 Majda Powers"] == "−30"
    assert view.end.final == state.score().final
    assert view.rows[0].badge == "+60" and view.rows[0].bonus_label == "STRAIGHT +60"


# Issue 15: a clear answer to every tap ---------------------------------------------------------
def test_confirm_never_reads_as_a_fraction() -> None:
    state = rolled("..../.3../..../....", [4, 3, 3, 5])
    one = apply(state, Stage(0, 6))
    assert build_view(one, Picked(), t).primary == "CONFIRM · 1 more to place"
    placed = apply(apply(one, Stage(1, 4)), Stage(2, 9))
    assert build_view(placed, Picked(), t).primary == "CONFIRM · 3 placed"
    assert "/" not in build_view(placed, Picked(), t).primary


def test_the_magdagdon_message_says_which_values_the_board_takes() -> None:
    # A 1 and a 6 next to the only empty neighbours: 1 to 2 and 5 to 6 are all that fit.
    state = rolled("1.../..../..../...6", [4, 4, 3, 3])
    view = build_view(state, Picked(), t)
    assert view.phase == "magdagdon"
    assert view.message.endswith("The board can take only these values now: 1, 2, 5, 6.")


def test_accept_magdagdon_with_powers_left_is_final_only_at_the_ruins_cell() -> None:
    state = rolled("1.../..../..../...6", [4, 4, 3, 3])
    view = build_view(state, Picked(), t)
    assert view.primary == "ACCEPT MAGDAGDON" and view.primary_tap == StartAccept()
    asking = after_tap(state, Picked(), StartAccept())
    view = build_view(state, asking, t)
    assert view.message.startswith("Pick the empty cell that becomes a RUIN (−15), for good.")
    assert "You still have 3 Majda Powers: press CANCEL" in view.message
    # Its CANCEL is the button just pressed, under the dice (helper-17: the powers' CANCEL the
    # message names sat below a 320×568 screen's bottom), and the only one.
    assert view.primary == "CANCEL" and view.primary_tap == CancelAccept()
    assert view.powers.cancel is None
    assert view.powers.reroll is None and all(d.tap is None for d in view.dice)
    assert {c.tap for c in view.cells if c.tap} == {AcceptAt(i) for i in range(1, 15)}
    assert view.cells[1].label == "Row 1, column 2: empty, tap to make it a RUIN"
    assert after_tap(state, asking, CancelAccept()) == Picked()
    # NIGHTMARE has no power to go back to: ACCEPT is the engine's action at once.
    nightmare = rolled("1.../..../..../...6", [4, 4, 3, 3], "nightmare")
    assert build_view(nightmare, Picked(), t).primary_tap == AcceptMagdagdon()


def test_decrease_and_increase_say_to_pick_a_die_first() -> None:
    state = rolled("..../.3../..../....", [4, 3, 3, 6])
    powers = build_view(state, Picked(), t).powers
    assert powers.decrease is None and powers.increase is None
    assert powers.hint == "Pick a die first to DECREASE or INCREASE it."
    assert build_view(state, Picked(die=0), t).powers.hint == ""
    assert build_view(state, Picked(rerolling=True), t).powers.hint == ""


def test_an_unlit_cell_says_why_it_takes_nothing() -> None:
    state = rolled("..../.3../..../....", [5, 3, 3, 6])
    assert refusal(state, Picked(), 6, t) == "Pick a die first, then tap a lit cell."
    assert refusal(state, Picked(die=0), 0, t) == t("error.magdagdon.not_adjacent")
    assert refusal(state, Picked(die=0), 6, t) == t("error.magdagdon.too_far")
    assert refusal(state, Picked(die=1), 5, t) == "That cell is not empty."
    staged = apply(state, Stage(1, 6))
    assert refusal(staged, Picked(rerolling=True), 6, t).startswith("Choose the dice to REROLL")
    assert refusal(new_game("peaceful", 1), Picked(), 0, t) == "Press ROLL first."


def test_in_reroll_mode_a_staged_cell_is_not_taken_back() -> None:
    state = apply(rolled("..../.3../..../....", [4, 3, 3, 6]), Stage(1, 6))
    view = build_view(state, Picked(rerolling=True), t)
    assert view.cells[6].tap is None and view.cells[6].kind == "staged"


# Issue 23: a throw waiting for its dice (typed by a person) ---------------------------------------
def test_a_throw_waiting_for_its_dice_says_so_and_offers_nothing_else() -> None:
    state = apply(
        replace(new_game("peaceful", 1), board=parse_board("..../.3../..../....")), Roll()
    )
    view = build_view(state, Picked(), t)
    assert view.waiting is not None
    assert (view.waiting.count, view.waiting.dice) == (4, (0, 1, 2, 3))
    assert view.waiting.message_key == "magdagdon.hint.throw"
    assert view.message == "Throw 4 dice and enter what they show."
    assert (view.phase, view.tone, view.dice) == ("throw", "info", [])  # no placeholder dice
    assert (view.primary, view.primary_tap) == ("ROLL", None)
    assert not any(cell.lit for cell in view.cells)
    assert view.powers.decrease is view.powers.increase is view.powers.reroll is None
    assert view.powers.hint == "" and view.end is None
    assert refusal(state, Picked(), 0, t) == view.message
    # Thrown, the roll is placed as usual.
    assert build_view(thrown(state, [4, 1, 3, 6]), Picked(), t).waiting is None


def test_a_reroll_waits_for_its_own_dice_only() -> None:
    state = apply(rolled("..../.3../..../....", [4, 1, 3, 6]), Reroll((1, 3)))
    waiting = build_view(state, Picked(), t).waiting
    assert waiting is not None and (waiting.count, waiting.dice) == (2, (1, 3))
    assert waiting.message == "Throw 2 dice and enter what they show."
    one = build_view(apply(rolled("..../.3../..../....", [4, 1, 3, 6]), Reroll((1,))), Picked(), t)
    assert one.message == "Throw 1 die and enter what it shows."


def test_a_reroll_at_the_table_names_the_dice_to_throw_again_and_those_kept() -> None:
    """M13 with real dice: a tester saw only "Throw 2 dice and enter them", the dice gone
    from the screen. The prompt says which dice to throw again, by their faces, and which
    stay (a staged die is on the board, not among them)."""
    state = apply(rolled("..../.3../..../....", [4, 1, 3, 6]), Reroll((1, 3)))
    assert reroll_prompt(state, t) == (
        "Throw the 1 and 6 again and enter what they show. Keep the 4 and 3 as they are."
    )
    staged = apply(rolled("..../.3../..../....", [4, 1, 3, 6]), Stage(0, 4))
    one = apply(staged, Reroll((1,)))
    assert reroll_prompt(one, t) == (
        "Throw the 1 again and enter what it shows. Keep the 3 and 6 as they are."
    )
    # A roll's four dice, or no throw waiting: the entry's own prompt.
    assert reroll_prompt(apply(new_game("peaceful", 1), Roll()), t) == ""
    assert reroll_prompt(rolled("..../.3../..../....", [4, 1, 3, 6]), t) == ""
    hu = load_translator("hu", Path(__file__).resolve().parent.parent / "locales")
    assert reroll_prompt(state, hu) == (
        "Dobj újra ezekkel a kockákkal (1 és 6), és írd be, mit mutatnak. Ezek a kockák"
        " maradnak, ahogy vannak: 4 és 3."
    )


def test_undo_at_a_table_gives_a_mistyped_throw_back_to_mend() -> None:
    """Issue 24's UNDO in MAGDAGDON (a tester typed 3445 for 3446 and could only spend a power
    or start again): one entry back at a time, the throw given back to mend, the ROLL before
    it never an entry of its own; none with the app's dice, at the start or once over."""
    start = new_game("peaceful", 7, dice_scheme=TYPED)
    assert undo_entry(start) is None
    wrong = thrown(apply(start, Roll()), [3, 4, 4, 5])
    undone = undo_entry(wrong)
    assert undone is not None and undone.dice == (3, 4, 4, 5)
    assert undone.state.phase is Phase.THROW and undone.state.log == (Roll(),)
    mended = thrown(undone.state, [3, 4, 4, 6])
    staged = apply(mended, Stage(0, 5))
    back = undo_entry(staged)
    assert back is not None and back.state == mended and back.dice == ()
    # Past the throw, the ROLL is skipped: the game as it started.
    first = undo_entry(mended)
    assert first is not None and undo_entry(first.state) is None
    assert undo_entry(thrown(apply(new_game("peaceful", 7), Roll()), [3, 4, 4, 5])) is None


def test_undo_says_what_it_took_back_a_power_by_name() -> None:
    """M13: a Majda Power taken back by UNDO gives its use back, and UNDO says so by the
    power's name (helper-18 heard only "the last entry is taken back"); a throw given back is
    named by its faces; anything else is the last entry."""
    state = apply(new_game("peaceful", 7, dice_scheme=TYPED), Roll())
    state = thrown(state, [1, 1, 1, 1])
    for die, cell in enumerate((0, 1, 2, 3)):
        state = apply(state, Stage(die, cell))
    state = thrown(apply(apply(state, Confirm()), Roll()), [6, 6, 6, 6])
    raised = apply(state, Adjust(0, -1))
    undone = undo_entry(raised)
    assert undone is not None and undone.state.powers_left == raised.powers_left + 1
    said = f"Undone: {t('magdagdon.decrease')} is taken back, and its Majda Power is yours again."
    assert undone_said(raised, undone, t) == said
    chosen = apply(state, Reroll((0, 1)))
    back = undo_entry(chosen)
    assert back is not None
    said = "Undone: REROLL is taken back, and its Majda Power is yours again."
    assert undone_said(chosen, back, t) == said
    typed = undo_entry(thrown(chosen, [2, 3]))
    assert typed is not None
    assert undone_said(chosen, typed, t) == "Undone: the throw 2 and 3 is back, to mend."
    staged = apply(
        thrown(apply(new_game("peaceful", 7, dice_scheme=TYPED), Roll()), [3] * 4), Stage(0, 5)
    )
    step = undo_entry(staged)
    assert (
        step is not None and undone_said(staged, step, t) == "Undone: the last entry is taken back."
    )


def test_undo_takes_accept_and_its_ruin_back_together() -> None:
    """M17–M18: ACCEPT MAGDAGDON and the RUIN's cell are one tap, so one UNDO."""
    state = apply(new_game("peaceful", 7, dice_scheme=TYPED), Roll())
    state = thrown(state, [1, 1, 1, 1])
    for die, cell in enumerate((0, 1, 2, 3)):
        state = apply(state, Stage(die, cell))
    state = thrown(apply(apply(state, Confirm()), Roll()), [6, 6, 6, 6])
    assert state.phase is Phase.MAGDAGDON
    ruined = apply(apply(state, AcceptMagdagdon()), PlaceRuin(15))
    undone = undo_entry(ruined)
    assert undone is not None and undone.state == state
    # Said by its cell (helper-24 heard only "the last entry is taken back"), as a CONFIRM is.
    said = (
        "Row 4, column 4 is empty again: UNDO took back its RUIN,"
        " and the MAGDAGDON is yours to play again."
    )
    assert undone_said(ruined, undone, t) == said
    start = thrown(apply(new_game("peaceful", 7, dice_scheme=TYPED), Roll()), [1] * 4)
    placed = apply(apply(start, Stage(0, 0)), Stage(1, 1))
    confirmed = apply(placed, Confirm())
    back = undo_entry(confirmed)
    assert back is not None and back.state == placed
    said = "Undone: CONFIRM is taken back, and the dice placed can move again."
    assert undone_said(confirmed, back, t) == said


def test_the_waiting_message_is_written_in_every_language() -> None:
    state = apply(new_game("peaceful", 1), Roll())
    locales = Path(__file__).resolve().parent.parent / "locales"
    said = {
        language: build_view(state, Picked(), load_translator(language, locales)).message
        for language in ("en", "pt", "hu", "vi")
    }
    assert said == {
        "en": "Throw 4 dice and enter what they show.",
        "pt": "Lança 4 dados e introduz os valores que mostram.",
        "hu": "Dobj 4 kockával, és írd be a dobott értékeket.",
        "vi": "Đổ 4 xúc xắc và nhập các số hiện ra.",
    }


def test_the_ruins_cells_are_those_the_engine_offers_after_accepting() -> None:
    state = rolled("1.../..../..../...6", [4, 4, 3, 3])
    ruins = {
        a.cell for a in legal_actions(apply(state, AcceptMagdagdon())) if isinstance(a, PlaceRuin)
    }
    view = build_view(state, Picked(accepting=True), t)
    assert {c.tap.cell for c in view.cells if isinstance(c.tap, AcceptAt)} == ruins


def seed_9000_third_turn() -> State:
    """Issue 29's game: T3 rolls 5 6 5 2; DECREASE die 1 → 4 saves it, the 2 is staged on row 1
    column 4, and INCREASE die 1 → 5 would make the roll unplaceable again."""
    from cubiri.magdagdon.game import ENGINE, Confirm

    state = new_game("peaceful", 9000)
    for moves in (((1, 0), (2, 1), (0, 2)), ((1, 4), (2, 8), (3, 12))):
        state = ENGINE.play(state, Roll())
        for die, cell in moves:
            state = apply(state, Stage(die, cell))
        state = apply(state, Confirm())
    state = ENGINE.play(state, Roll())
    assert state.dice == (5, 6, 5, 2)
    return apply(apply(state, Adjust(0, -1)), Stage(3, 3))


def test_a_power_that_leaves_the_roll_in_magdagdon_takes_the_staging_back_first() -> None:
    from app.pure.magdagdon_speech import announcement
    from app.pure.magdagdon_view import power_moves
    from cubiri.magdagdon.game import ENGINE, Phase

    state = seed_9000_third_turn()
    moves = power_moves(state, Adjust(0, 1))
    assert moves == [Unstage(3), Adjust(0, 1)]
    after = state
    for move in moves:
        after = ENGINE.play(after, move)
    assert after.phase is Phase.MAGDAGDON and after.staged == ()
    view = build_view(after, Picked(die=0, taken_back=1), t)
    assert view.cells[3].kind == "empty" and view.dice[3].status == "available"
    assert "No order places 2 of these dice" in view.message
    assert view.message.endswith(
        "The die you placed was taken back: nothing stays placed in a MAGDAGDON."
    )
    said = announcement(state, after, Adjust(0, 1), t)
    assert "The die you placed was taken back" in said and "MAGDAGDON!" in said
    # A power that keeps the roll placeable keeps the staging, and so does one refused.
    assert power_moves(state, Adjust(1, -1)) == [Adjust(1, -1)]
    assert power_moves(state, Adjust(3, 1)) == [Adjust(3, 1)]  # die 4 is staged: refused


def test_a_reroll_into_magdagdon_takes_the_staging_back_too() -> None:
    """Asked of the seed's dice, as the app throws them. (At most one die is ever taken back:
    two staged dice are themselves an order placing the minimum, M16.)"""
    from app.pure.magdagdon_view import power_moves
    from cubiri.magdagdon.game import ENGINE, Phase

    state = seed_9000_third_turn()
    outcomes = set()
    for reroll in (Reroll((0,)), Reroll((1,)), Reroll((0, 1, 2))):
        stuck = ENGINE.play(state, reroll).phase is Phase.MAGDAGDON
        outcomes.add(stuck)
        assert power_moves(state, reroll) == ([Unstage(3)] if stuck else []) + [reroll]
    assert outcomes == {True, False}  # (0,) lands in MAGDAGDON on this seed, the others not


def test_a_score_below_zero_has_a_minus_sign_and_no_well_played() -> None:
    from app.pure.magdagdon_view import points
    from cubiri.magdagdon.game import Phase

    assert (points(-43), points(0), points(12)) == ("−43", "0", "12")
    board = parse_board("xxxx/xxxx/xxxx/xxx1")  # seven RUINS and more: far below zero
    state = replace(new_game("peaceful", 1), board=board, phase=Phase.OVER, turns=16)
    view = build_view(state, Picked(), t)
    assert view.score.startswith("Score −") and "-" not in view.score
    assert "Well played" not in view.message and "below zero" in view.message


def test_reroll_with_no_die_chosen_reads_reroll_not_reroll_0_dice() -> None:
    state = rolled("..../.3../..../....", [4, 1, 3, 6])
    view = build_view(state, Picked(rerolling=True), t)
    assert view.powers.reroll_label == "REROLL" and view.powers.reroll is None
    view = build_view(state, Picked(rerolling=True, reroll=frozenset({1})), t)
    assert view.powers.reroll_label.split() == ["REROLL", "1", "DIE"]


def test_a_hint_names_a_die_it_adjusts_by_the_mark_it_shows() -> None:
    """helper-24: "First INCREASE +1 on die 2 (4 to 5)" while the dice showed the marks of the
    placing order, 2 on another die (a 4 too): the die to adjust is named by its mark (M13)."""
    from app.pure.magdagdon_help import hint_for

    state = rolled("..../.3../..../....", [1, 4, 1, 4])

    def plan(current: State) -> list:
        return [Adjust(1, -1), Stage(1, 6), Stage(3, 9)]

    hint = hint_for(state, t, plan)
    assert hint.dice == {1: 1, 3: 2}  # the marks shown on the dice
    assert hint.text.replace("\xa0", " ").startswith("First DECREASE −1 on die 1 (4 to 3).")


def test_hint_says_first_then_and_that_it_ignores_the_staging() -> None:
    from app.pure.magdagdon_help import hint_for, hint_text

    state = rolled("..../.3../..../....", [4, 1, 3, 6])

    def two_adjusts(current: State) -> list:
        assert current.staged == ()  # planned from an empty staging
        return [Adjust(1, 1), Adjust(3, -1), Stage(0, 6), Stage(2, 9)]

    text = hint_for(state, t, two_adjusts).text
    assert text.count("First") == 1 and "Then INCREASE +1" not in text
    text = text.replace("\xa0", " ")
    assert "First INCREASE +1 on die 2" in text and "Then DECREASE −1 on die 4" in text
    hint = hint_for(state, t, two_adjusts)
    assert "from the start" not in hint_text(hint, state, t)
    staged = apply(state, Stage(0, 6))
    assert hint_for(staged, t, two_adjusts) == hint  # the same plan, kept while staging
    # Staged as the plan's first placement: nothing to take back (helper-30 was told to).
    assert hint_text(hint, staged, t) == hint.text
    elsewhere = apply(state, Stage(0, 4))  # the 4 above the 3, not where the plan has it
    assert hint_text(hint, elsewhere, t).startswith("The computer plans this roll from the start")
