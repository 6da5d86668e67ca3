"""The MISHIMASH view model and setup (issue 15): what each tap takes, how a refusal reads,
what a turn's end and a game's end show, and what the setup refuses. Scripted dice."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.pure.i18n import load_translator
from app.pure.mishimash_setup import (
    MAX_TARGET,
    Seat,
    duplicate_name,
    long_names,
    parse_target,
    player_names,
)
from app.pure.mishimash_view import build_view, group_of, tap_die
from cubiri.mishimash import game as engine
from cubiri.mishimash.game import Bank, Phase, Roll, RollAgain, Select, State, apply
from tests.scripted import thrown

t = load_translator("en", Path(__file__).resolve().parent.parent / "locales")


def rolled(state: State, dice: list[int]) -> State:
    return thrown(apply(state, Roll() if state.phase is Phase.ROLL else RollAgain()), dice)


def game(players: list[str], target: int = 1000) -> State:
    return engine.new_game(players, target, 1)


# Item 6: a tap takes what scores together, and a refusal reads as one ------------------------
def test_tapping_one_die_of_a_three_of_a_kind_takes_the_whole_group() -> None:
    state = rolled(game(["Ana"]), [2, 2, 4, 2, 6, 1])
    assert group_of(state.dice, 0) == {0, 1, 3}
    assert group_of(state.dice, 5) == {5}  # a single 1 is alone
    view = build_view(state, frozenset(), t)
    assert view.dice[1].tap == frozenset({0, 1, 3})
    picked = tap_die(state.dice, frozenset(), 1)
    after = build_view(state, picked, t)
    assert after.selection_ok and not after.selection_error
    assert after.selection.startswith("Selection 2 × 1")
    assert tap_die(state.dice, picked, 3) == frozenset()  # tapping it again puts it down


def test_a_die_of_three_pairs_takes_the_whole_roll_and_never_says_scores_nothing() -> None:
    state = rolled(game(["Ana"]), [6, 6, 3, 5, 5, 3])
    assert tap_die(state.dice, frozenset(), 0) == frozenset(range(6))
    assert tap_die(state.dice, frozenset(), 3) == {3}  # a 5 still scores alone
    view = build_view(state, frozenset({0}), t)  # a 6 alone (by the old rule)
    assert view.selection_error
    assert "scores nothing" not in view.selection
    assert view.selection == t("mishimash.problem.whole_three_pairs")
    whole = build_view(state, frozenset(range(6)), t)
    assert whole.selection_ok and "MISHIMASH" in whole.selection


def test_a_die_of_a_straight_takes_the_whole_roll() -> None:
    state = rolled(game(["Ana"]), [1, 2, 3, 4, 5, 6])
    assert tap_die(state.dice, frozenset(), 1) == frozenset(range(6))
    assert tap_die(state.dice, frozenset(), 0) == {0}
    view = build_view(state, frozenset({0, 1}), t)
    assert view.selection == t("mishimash.problem.whole_straight")


def test_a_refusal_is_an_error_and_the_hint_is_not() -> None:
    state = rolled(game(["Ana"]), [2, 3, 4, 6, 6, 1])
    assert not build_view(state, frozenset(), t).selection_error  # the hint
    refused = build_view(state, frozenset({0}), t)
    assert refused.selection_error and "scores nothing" in refused.selection
    assert refused.bank is None


# Item 7: a bust is shown under whose it was -------------------------------------------------
def test_a_bust_shows_its_dice_under_the_name_of_who_busted() -> None:
    state = rolled(game(["Ana", "Bo"]), [2, 3, 4, 6, 6, 2])
    assert state.phase is Phase.ROLL and state.current == 1
    view = build_view(state, frozenset(), t)
    assert view.dice == []  # nothing under Bo's heading
    assert view.last_roll is not None
    assert view.last_roll.caption == "Ana's last roll"
    assert view.last_roll.dice == (2, 3, 4, 6, 6, 2)
    assert view.last_roll.kind == "bust"
    assert view.event == "BUST! Ana's roll scored nothing."  # a first roll had nothing to lose


def test_a_later_bust_still_says_what_was_lost() -> None:
    state = rolled(game(["Ana", "Bo"]), [1, 2, 3, 4, 6, 6])
    state = rolled(apply(state, Select((0,))), [2, 3, 4, 6, 6])
    assert build_view(state, frozenset(), t).event == "BUST! Ana loses 1 point."


# Items 2 and 10: the roll that ends a game, and how it was decided ---------------------------
def test_the_end_shows_the_last_roll_its_result_and_the_final_round() -> None:
    state = rolled(game(["Ann", "Bob"], 1), [5, 5, 5, 2, 3, 4])
    state = apply(apply(state, Select((0, 1, 2))), Bank())  # Ann reaches the target
    state = rolled(state, [2, 3, 4, 6, 6, 2])  # Bob busts: the game is over
    assert state.phase is Phase.OVER
    view = build_view(state, frozenset(), t)
    assert view.result == "Ann wins!"
    assert view.how == "Decided in the final round."
    assert view.event == "BUST! Bob's roll scored nothing."
    assert view.last_roll is not None and view.last_roll.dice == (2, 3, 4, 6, 6, 2)


def test_a_game_won_in_sudden_death_says_so_and_shows_the_bank_that_won() -> None:
    state = rolled(game(["Ann", "Bob"], 1), [5, 5, 5, 2, 3, 4])
    state = apply(apply(state, Select((0, 1, 2))), Bank())  # Ann 5
    state = rolled(state, [5, 5, 5, 2, 3, 4])
    state = apply(apply(state, Select((0, 1, 2))), Bank())  # Bob 5: a tie
    assert state.round is engine.Round.SUDDEN_DEATH
    state = rolled(state, [1, 2, 3, 4, 6, 6])
    state = apply(apply(state, Select((0,))), Bank())  # Ann 6
    state = rolled(state, [2, 3, 4, 6, 6, 2])  # Bob busts
    view = build_view(state, frozenset(), t)
    assert view.how == "Decided in sudden death."
    state_bank = rolled(game(["Ann"], 1), [1, 2, 3, 4, 6, 6])
    state_bank = apply(apply(state_bank, Select((0,))), Bank())
    solo = build_view(state_bank, frozenset(), t)
    assert solo.how == ""  # solo: the turns say it all
    assert solo.event == "Ann banks 1 point."
    assert solo.last_roll is not None and solo.last_roll.taken == (True,) + (False,) * 5


# Item 8: setup and standings -------------------------------------------------------------------
def test_tied_players_share_a_rank() -> None:
    state = rolled(game(["Ann", "Bob", "Cy"], 2), [5, 5, 5, 2, 3, 4])
    state = apply(apply(state, Select((0, 1, 2))), Bank())  # Ann 5: the final round
    state = rolled(state, [1, 2, 3, 4, 6, 6])
    state = apply(apply(state, Select((0,))), Bank())  # Bob 1
    state = rolled(state, [1, 2, 3, 4, 6, 6])
    state = apply(apply(state, Select((0,))), Bank())  # Cy 1
    assert state.phase is Phase.OVER
    ranks = [(rank, name) for rank, name, _ in build_view(state, frozenset(), t).standings]
    assert ranks == [("1", "Ann"), ("2", "Bob"), ("2", "Cy")]


def test_the_setup_refuses_the_same_name_twice() -> None:
    assert duplicate_name([Seat("Ann"), Seat(" ann ")], t) == "ann"
    assert duplicate_name([Seat("Ann"), Seat("Bob")], t) is None
    assert duplicate_name([Seat(""), Seat("Player 1")], t) == "Player 1"
    assert player_names([Seat("Ann"), Seat("Bob")], t) == ["Ann", "Bob"]


def test_a_long_name_is_noticed_and_cut() -> None:
    long = "A" * 40
    assert long_names([Seat("Ann"), Seat(long)])
    assert not long_names([Seat("B" * 30)])
    assert player_names([Seat(long)], t) == ["A" * 30]


@pytest.mark.parametrize(
    ("text", "target", "key"),
    [
        ("1000", 1000, ""),
        ("0", None, "mishimash.setup.bad_target"),
        ("", None, "mishimash.setup.bad_target"),
        ("12.5", None, "mishimash.setup.bad_target"),
        (str(MAX_TARGET), MAX_TARGET, ""),
        ("1234567890", None, "mishimash.setup.target_too_big"),
    ],
)
def test_a_target_is_refused_for_the_right_reason(text: str, target: int | None, key: str) -> None:
    assert parse_target(text) == (target, key)
    if key:
        assert not t(key, max="999,999,999").startswith("mishimash.")


# Issue 23: what a tap may do comes from the engine's legal actions; a throw waits for dice --
def test_the_controls_are_what_the_engine_offers() -> None:
    start = game(["Ana"])
    view = build_view(start, frozenset(), t)
    assert view.roll == (Roll(),) and view.bank is None and view.roll_again is None
    assert not view.dice_open and view.dice == []
    state = rolled(start, [1, 2, 3, 4, 6, 6])
    view = build_view(state, frozenset(), t)
    assert view.roll is None and view.dice_open and view.bank is None  # nothing picked yet
    picked = build_view(state, frozenset({0}), t)
    assert picked.bank == (Select((0,)), Bank())
    assert picked.roll_again == (Select((0,)), RollAgain())
    decided = build_view(apply(state, Select((0,))), frozenset(), t)
    assert decided.bank == (Bank(),) and decided.roll_again == (RollAgain(),)
    assert not decided.dice_open and all(die.tap is None for die in decided.dice)
    watched = build_view(state, frozenset({0}), t, computer="bold")
    # Issue 29: a computer's dice are shown with what it takes, but shut: no dead controls.
    assert not watched.dice_open and watched.bank is None and watched.roll is None
    assert [die.picked for die in watched.dice][:2] == [True, False]


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_a_throw_waiting_for_its_dice_shows_no_dice_and_says_so(language: str) -> None:
    translator = load_translator(language, Path(__file__).resolve().parent.parent / "locales")
    state = apply(game(["Ana", "Bo"]), Roll())  # at the throw: nothing has drawn the dice
    assert engine.ENGINE.throw(state) is not None
    view = build_view(state, frozenset(), translator)
    assert view.waiting is not None and view.waiting.dice == 6
    assert view.selection == view.waiting.text == translator.plural(view.waiting.key, 6)
    assert not view.waiting.text.startswith("mishimash.")
    assert view.selection != translator("mishimash.hint.select")
    assert view.dice == [] and not view.dice_open
    assert view.roll is None and view.bank is None and view.roll_again is None
    assert view.roll_info == translator("mishimash.roll_info", k=1)
    again = apply(apply(rolled(game(["Ana"]), [1, 2, 3, 4, 6, 6]), Select((0,))), RollAgain())
    five = build_view(again, frozenset(), translator)
    assert five.waiting is not None and five.waiting.dice == 5 and five.dice == []
    if language == "en":
        assert view.waiting.text == "Throw 6 dice and enter what they show."
        assert five.roll_info == "Roll 2 · ×2"


def test_the_final_round_shows_the_total_to_beat_coach_on_or_off() -> None:
    """Issue 28: the total to pass was shown only by the coach, and only once its table was
    built (X16, X17)."""
    from tests.test_win_chance import typed

    race = typed(["Ana", "Bela"], 10, [[1, 1, 2, 3, 4, 6]])
    assert build_view(race, frozenset(), t).to_beat == ""
    final = typed(["Ana", "Bela"], 10, [[1, 1, 1, 5, 5, 2], (0, 1, 2, 3, 4), "bank"])
    assert final.round is engine.Round.FINAL_ROUND
    assert build_view(final, frozenset(), t).to_beat == "To beat: 11 (11.5 more needed)"
    assert (
        build_view(final, frozenset(), t, coach_for=frozenset({0, 1})).to_beat
        == "To beat: 11 (11.5 more needed)"
    )
    sudden = typed(
        ["Ana", "Bela"], 1, [[1, 2, 3, 4, 6, 6], (0,), "bank", [1, 2, 3, 4, 6, 6], (0,), "bank"]
    )
    assert sudden.round is engine.Round.SUDDEN_DEATH
    assert build_view(sudden, frozenset(), t).to_beat == ""  # the first mover sets it
    second = typed(
        ["Ana", "Bela"],
        1,
        [[1, 2, 3, 4, 6, 6], (0,), "bank", [1, 2, 3, 4, 6, 6], (0,), "bank", [1, 5, 2, 3, 4, 6]],
    )
    second = engine.apply(engine.apply(second, Select((0, 1))), Bank())
    assert second.current == 1
    assert build_view(second, frozenset(), t).to_beat == "To beat: 2.5 (2 more needed)"


def test_bank_says_the_total_it_makes_under_the_turns_points() -> None:
    """A tester at the table added their total and the turn's points up at every BANK: the
    button says both (the turn's points, and under them the total banking makes, X10)."""
    start = dataclasses.replace(game(["Ana", "Bo"]), totals=(51, 0))  # Ana holds 25.5
    state = rolled(start, [2, 2, 4, 2, 6, 1])
    view = build_view(state, tap_die(state.dice, frozenset(), 0), t)
    assert (view.bank_label, view.bank_total) == ("BANK 2", "total 27.5")
    decided = apply(state, Select((0, 1, 3)))
    assert build_view(decided, frozenset(), t).bank_total == "total 27.5"
    assert build_view(start, frozenset(), t).bank_total == ""  # nothing to bank yet


def test_a_bank_that_cannot_win_says_so_and_is_not_the_bright_button() -> None:
    """X16: an audit found BANK the bright button, one tap from a certain loss, while the
    coach said "bank now 0%". Below the total to pass (a level is not a loss), its line says
    what it falls short of, and the screen draws it plain (`bank_loses`)."""
    from cubiri import dice as seeded
    from tests.typed_games import play

    state = engine.new_game(["Ana", "Bo"], 10, 0, seeded.TYPED)
    state = play(state, [1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank")  # Ana 10.5: the final round
    state = play(state, [1, 2, 3, 4, 6, 6])  # Bo throws: a 1 scores 1
    assert state.round is engine.Round.FINAL_ROUND and state.current == 1
    view = build_view(state, tap_die(state.dice, frozenset(), 0), t)
    assert view.bank_loses and view.bank_total == "total 1, short of 10.5"
    race = rolled(game(["Ana", "Bo"]), [2, 2, 4, 2, 6, 1])
    view = build_view(race, tap_die(race.dice, frozenset(), 5), t)
    assert not view.bank_loses and view.bank_total == "total 1"


def test_a_bank_level_with_the_leader_says_level_not_a_loss() -> None:
    """X16, X17: "total 2" under "To beat: 2" read to a play-tester as a loss; a level leads
    to a sudden death. BANK's line says it is level, and the coach says what a level leads
    to."""
    from cubiri import dice as seeded
    from cubiri.mishimash import win_chance
    from tests.typed_games import play

    state = engine.new_game(["Ana", "Bo"], 2, 0, seeded.TYPED)
    state = play(state, [1, 1, 2, 3, 4, 6], (0, 1), "bank")  # Ana 2: the final round
    state = play(state, [1, 1, 2, 3, 4, 6])  # Bo can take both 1s: level at 2
    picked = tap_die(state.dice, tap_die(state.dice, frozenset(), 0), 1)
    view = build_view(state, picked, t, coach_for=frozenset({1}))
    assert not view.bank_loses and view.bank_total == "total 2, level"
    # Bo plays last: the sudden death is certain (helper-37 read an "if" there).
    assert any(
        "nobody plays after you, so a sudden death follows" in line for line in view.coach.lines
    ), view.coach.lines
    # With Cy still to play, it is an "if".
    state = engine.new_game(["Ana", "Bo", "Cy"], 2, 0, seeded.TYPED)
    state = play(state, [1, 1, 2, 3, 4, 6], (0, 1), "bank")
    state = play(state, [1, 1, 2, 3, 4, 6])
    assert win_chance.step_chase(state, float("inf"))  # Bo's chase, built as the page does
    view = build_view(state, picked, t, coach_for=frozenset({1}))
    assert any(
        "if it is still level at the end of the round, a sudden death follows" in line
        for line in view.coach.lines
    ), view.coach.lines


def test_a_bank_that_loses_for_sure_is_asked_about_first() -> None:
    """X16: helper-15 found a certain-loss BANK one tap away, a finger's slip from ending a
    final round that rolling on could still win. The view holds the question the page asks
    first; a level or a pass asks nothing."""
    from cubiri import dice as seeded
    from tests.typed_games import play

    state = engine.new_game(["Ana", "Bo"], 2, 0, seeded.TYPED)
    state = play(state, [1, 1, 2, 3, 4, 6], (0, 1), "bank")  # Ana 2: the final round
    state = play(state, [1, 1, 2, 3, 4, 6])  # Bo: one 1 is short, both are level
    one = tap_die(state.dice, frozenset(), 0)
    assert build_view(state, one, t).bank_confirm == (
        "BANK now leaves you on 1, short of 2: you cannot win then. ROLL AGAIN still can."
    )
    assert build_view(state, tap_die(state.dice, one, 1), t).bank_confirm == ""
    race = play(engine.new_game(["Ana", "Bo"], 50, 0, seeded.TYPED), [1, 2, 2, 3, 4, 6])
    assert build_view(race, tap_die(race.dice, frozenset(), 0), t).bank_confirm == ""


def test_roll_again_says_its_dice_once_a_selection_is_picked() -> None:
    """A play-tester read "ROLL AGAIN · 6 dice" on the button before any die was picked: it
    names its dice once a selection says how many, as BANK its points."""
    state = rolled(game(["Ana", "Bo"]), [2, 2, 4, 2, 6, 1])
    assert build_view(state, frozenset(), t).roll_again_label == "ROLL AGAIN"
    view = build_view(state, tap_die(state.dice, frozenset(), 5), t)
    assert view.roll_again_label == "ROLL AGAIN"
    assert view.roll_again_dice == "5\u00a0dice"  # under the label, as BANK's total


def test_the_total_to_beat_counts_the_turns_points_so_far() -> None:
    """An audit saw "This turn: 1" over "To beat: 3 (3 more to pass)": what the turn still
    needs counts its points so far, and once past, says so."""
    from cubiri import dice as seeded
    from tests.typed_games import play

    state = engine.new_game(["Ana", "Bo"], 1, 0, seeded.TYPED)
    state = play(state, [1, 2, 3, 4, 6, 6], (0,), "bank")  # Ana 1: the final round
    state = play(state, [1, 2, 3, 4, 6, 6])
    assert build_view(state, frozenset(), t).to_beat == "To beat: 1 (1.5 more needed)"
    state = play(state, (0,))  # this turn 1: level
    assert build_view(state, frozenset(), t).to_beat == "To beat: 1 (0.5 more needed)"
    state = play(state, "again", [1, 2, 3, 4, 6], (0,))  # a 1 again, × 2: this turn 3
    assert build_view(state, frozenset(), t).to_beat == "To beat: 1 (passed)"


def test_a_mishimash_is_news_until_a_die_of_the_next_roll_is_picked() -> None:
    """X12: helper-36, on the roll after a second MISHIMASH, read the banner's "MISHIMASH! +20
    and six dice back." beside the pick's "MISHIMASH +30!". The banner tells of a MISHIMASH
    while BANK or ROLL AGAIN is chosen, while the six dice are typed and on their roll (the
    page's ROLL AGAIN throws at once), until a die of that roll is picked."""
    from cubiri import dice as seeded
    from tests.typed_games import play

    state = engine.new_game(["Ana", "Bo"], 1000, 0, seeded.TYPED)
    six = [1, 1, 1, 1, 1, 1]
    all_six = (0, 1, 2, 3, 4, 5)
    news = "MISHIMASH! +20 and six dice back."
    state = play(state, six, all_six, "again", six, all_six)
    assert build_view(state, frozenset(), t).event == news
    state = play(state, "again")  # real dice: the six are typed next
    assert build_view(state, frozenset(), t).event == news
    state = play(state, six)
    assert build_view(state, frozenset(), t).event == news
    view = build_view(state, frozenset(all_six), t)
    assert view.event == "" and view.event_kind == ""
    assert "+30" in view.selection, view.selection
