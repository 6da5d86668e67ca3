"""MISHIMASH: one scenario per rule of RULES.md (X1–X17), with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cubiri.mishimash import best_points, selection_points, turn_points
from cubiri.mishimash.game import (
    Bank,
    Bust,
    Phase,
    Roll,
    RollAgain,
    Round,
    RuleError,
    Select,
    State,
    apply,
    legal_actions,
    new_game,
)
from tests.scripted import thrown


def roll(state: State, dice: list[int]) -> State:
    action = Roll() if state.phase is Phase.ROLL else RollAgain()
    return thrown(apply(state, action), dice)


def take(state: State, *values: int) -> State:
    """Select dice of the table by value (the first unused die of each value)."""
    chosen: list[int] = []
    for value in values:
        chosen.append(next(i for i, d in enumerate(state.dice) if d == value and i not in chosen))
    return apply(state, Select(tuple(sorted(chosen))))


def bank_turn(state: State, dice: list[int], *values: int) -> State:
    return apply(take(roll(state, dice), *values), Bank())


def bust_turn(state: State) -> State:
    return roll(state, [2, 2, 3, 3, 4, 6])


def expect_error(code: str, state: State, action: object) -> None:
    with pytest.raises(RuleError) as raised:
        apply(state, action)  # type: ignore[arg-type]
    assert raised.value.code == f"mishimash.{code}"


# X1: the target --------------------------------------------------------------------------------
def test_x1_the_default_target_is_1000_and_any_positive_whole_number_may_be_chosen() -> None:
    assert new_game(["Ana"]).target == 1000
    assert new_game(["Ana"], target=37).target == 37
    for bad in (0, -5, 2.5, "100", True):
        with pytest.raises(ValueError, match="target"):
            new_game(["Ana"], target=bad)  # type: ignore[arg-type]


def test_players_are_one_to_eight_named_players() -> None:
    assert new_game(["  Ana  ", "Bo"]).players == ("Ana", "Bo")
    for bad in ([], ["x"] * 9, [""], ["   "], ["x" * 31], [None]):
        with pytest.raises(ValueError):
            new_game(bad)  # type: ignore[arg-type]


# X2–X5: every combination's value --------------------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "selection", "points"),
    [
        ([1, 2, 3, 4, 6, 6], [1], 1),  # X2
        ([5, 2, 3, 4, 6, 6], [5], 0.5),
        ([1, 5, 2, 3, 4, 6][:5], [1, 5], 1.5),
        ([1, 1, 1, 2, 3, 4], [1, 1, 1], 10),  # X3
        ([2, 2, 2, 3, 4, 6], [2, 2, 2], 2),
        ([4, 4, 4, 2, 3, 6], [4, 4, 4], 4),
        ([6, 6, 6, 2, 3, 4], [6, 6, 6], 6),
        ([1, 1, 1, 1, 3, 4], [1, 1, 1, 1], 20),  # X4
        ([3, 3, 3, 3, 2, 4], [3, 3, 3, 3], 6),
        ([2, 2, 2, 2, 2, 4], [2, 2, 2, 2, 2], 6),
        ([6, 6, 6, 6, 6, 6], [6, 6, 6, 6, 6, 6], 24),
        ([1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], 40),
        ([5, 5, 5, 5, 5], [5, 5, 5, 5, 5], 15),
        ([6, 2, 4, 1, 3, 5], [1, 2, 3, 4, 5, 6], 15),  # X5
        ([2, 2, 4, 4, 6, 6], [2, 2, 4, 4, 6, 6], 10),
        ([1, 1, 1, 5, 5, 5], [1, 1, 1, 5, 5, 5], 15),
    ],
)
def test_x2_x5_combination_values(roll: list[int], selection: list[int], points: float) -> None:
    assert selection_points(roll, selection) == points


def test_x5_four_of_a_kind_plus_a_pair_is_not_three_pairs() -> None:
    assert selection_points([3, 3, 3, 3, 2, 2], [3, 3, 3, 3, 2, 2]) is None
    assert selection_points([3, 3, 3, 3, 2, 2], [3, 3, 3, 3]) == 6
    assert best_points([4, 4, 4, 4, 6, 6]) == 8


def test_x5_straight_and_three_pairs_need_all_six_dice() -> None:
    assert selection_points([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5]) is None
    assert selection_points([2, 2, 3, 3, 4, 4], [2, 2, 3, 3]) is None
    assert best_points([1, 2, 3, 4, 5]) == 1.5


# X6–X7: indivisibility and readings ------------------------------------------------------------
def test_x6_a_three_of_a_kind_is_taken_whole() -> None:
    assert selection_points([1, 1, 1, 2, 3, 4], [1]) is None
    assert selection_points([1, 1, 1, 2, 3, 4], [1, 1]) is None
    assert selection_points([5, 5, 5, 5, 2, 3], [5, 5, 5]) is None
    assert selection_points([1, 1, 2, 3, 4, 6], [1]) == 1  # two 1s are two singles


def test_x6_non_scoring_dice_cannot_be_taken() -> None:
    assert selection_points([1, 2, 3, 4, 6, 6], [1, 2]) is None
    assert selection_points([1, 2, 3, 4, 6, 6], []) is None


def test_x7_the_selection_decides_the_reading() -> None:
    roll = [1, 1, 5, 5, 3, 3]
    assert selection_points(roll, [1, 1, 5, 5, 3, 3]) == 10  # three pairs
    assert selection_points(roll, [1, 1, 5, 5]) == 3  # four singles
    assert selection_points(roll, [1, 5]) == 1.5
    assert best_points(roll) == 10


def test_x7_the_best_reading_of_the_same_dice_counts() -> None:
    # 1-1-5-5-1-5 is no three pairs; all six read as two three-of-a-kinds: 10 + 5.
    assert selection_points([1, 1, 5, 5, 1, 5], [1, 1, 1, 5, 5, 5]) == 15
    # 1-1-5-5-6-6 as three pairs (10) beats nothing: the 6s alone score nothing.
    assert selection_points([1, 1, 5, 5, 6, 6], [1, 1, 5, 5, 6, 6]) == 10


def test_selections_outside_the_roll_are_not_legal_and_bad_dice_raise() -> None:
    assert selection_points([1, 2, 3, 4, 6, 6], [1, 1]) is None
    with pytest.raises(ValueError, match="1 to 6"):
        selection_points([1, 2, 7], [1])
    with pytest.raises(ValueError, match="at most 6"):
        best_points([1] * 7)


def test_illegal_selections_say_why() -> None:
    state = roll(new_game(["Ana"]), [1, 1, 1, 2, 5, 6])
    expect_error("kind_taken_whole", state, Select((0,)))
    expect_error("not_scoring", state, Select((3,)))
    expect_error("empty", state, Select(()))
    expect_error("bad_die", state, Select((9,)))
    expect_error("bad_die", state, Select((4, 4)))
    expect_error("select_first", state, Bank())
    expect_error("select_first", state, RollAgain())


# X8–X12: a turn --------------------------------------------------------------------------------
def test_x8_x10_select_then_bank_adds_the_points_and_ends_the_turn() -> None:
    state = roll(new_game(["Ana", "Bo"]), [1, 5, 2, 3, 6, 6])
    assert state.phase is Phase.SELECT
    state = take(state, 1, 5)
    assert state.phase is Phase.DECIDE and set(legal_actions(state)) == {Bank(), RollAgain()}
    state = apply(state, Bank())
    assert state.totals == (3, 0)  # 1.5 points, in halves
    assert state.current == 1 and state.turns == (1, 0)


def test_x9_roll_k_multiplies_its_own_points_by_k_without_a_cap() -> None:
    state = take(roll(new_game(["Ana"]), [1, 2, 3, 4, 6, 6]), 1)  # ×1: 1
    state = take(roll(state, [1, 2, 3, 4, 6]), 1)  # ×2: 2
    state = take(roll(state, [5, 2, 3, 4]), 5)  # ×3: 1.5
    state = take(roll(state, [1, 1, 1]), 1, 1, 1)  # ×4: 40, then MISHIMASH +10
    assert state.roll_number == 4
    assert state.turn_halves == 2 * (1 + 2 + 1.5 + 40 + 10)
    assert (
        turn_points(
            [
                ([1, 2, 3, 4, 6, 6], [1]),
                ([1, 2, 3, 4, 6], [1]),
                ([5, 2, 3, 4], [5]),
                ([1, 1, 1], [1, 1, 1]),
            ]
        )
        == 54.5
    )


def test_x11_a_bust_loses_the_unbanked_points_bonuses_included() -> None:
    state = take(roll(new_game(["Ana", "Bo"]), [1, 2, 3, 4, 5, 6]), 1, 2, 3, 4, 5, 6)
    assert state.mishimashes == 1 and state.turn_halves == 2 * (15 + 10)
    state = roll(state, [2, 2, 3, 3, 4, 6])
    assert state.totals == (0, 0) and state.current == 1 and state.phase is Phase.ROLL
    assert state.events[-1] == Bust(player=0, halves=50, dice=(2, 2, 3, 3, 4, 6))
    assert turn_points([([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]), ([2, 2, 3, 3, 4, 6], [])]) == 0


def test_x12_mishimash_gives_a_growing_bonus_and_six_dice_back_and_the_multiplier_goes_on() -> None:
    state = take(roll(new_game(["Ana"]), [1, 5, 5, 5, 5, 1]), 1, 1, 5, 5, 5, 5)
    assert state.mishimashes == 1 and state.dice_left == 6
    assert state.turn_halves == 2 * (2 + 10 + 10)  # two 1s, four 5s = 10, bonus +10
    state = take(roll(state, [2, 2, 2, 2, 2, 2]), 2, 2, 2, 2, 2, 2)  # ×2: 8 × 2 = 16, +20
    assert state.turn_halves == 2 * (22 + 16 + 20)
    state = take(roll(state, [1, 2, 3, 4, 5, 6]), 1, 2, 3, 4, 5, 6)  # ×3: 45, +30 unmultiplied
    assert state.turn_halves == 2 * (58 + 45 + 30)
    assert state.roll_number == 3 and state.mishimashes == 3
    assert (
        turn_points(
            [
                ([1, 5, 5, 5, 5, 1], [1, 1, 5, 5, 5, 5]),
                ([2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2]),
                ([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]),
            ]
        )
        == 133
    )


def test_x12_using_the_last_dice_of_a_later_roll_is_a_mishimash_too() -> None:
    state = take(roll(new_game(["Ana"]), [1, 2, 3, 4, 6, 6]), 1)
    state = take(roll(state, [5, 1, 5, 1, 1]), 5, 1, 5, 1, 1)  # ×2: (1 + 10) × 2, +10
    assert state.mishimashes == 1 and state.dice_left == 6
    assert state.turn_halves == 2 * (1 + 22 + 10)


def test_turn_points_rejects_a_wrong_dice_count_or_an_illegal_selection() -> None:
    with pytest.raises(ValueError, match="should have 5 dice"):
        turn_points([([1, 2, 3, 4, 6, 6], [1]), ([1, 2, 3, 4, 6, 6], [1])])
    with pytest.raises(ValueError, match="not a legal selection"):
        turn_points([([1, 1, 1, 4, 6, 6], [1])])
    with pytest.raises(ValueError, match="busts"):
        turn_points([([2, 2, 3, 3, 4, 6], []), ([1, 2, 3, 4, 5, 6], [1])])
    assert turn_points([]) == 0


def test_x13_points_keep_their_halves() -> None:
    state = bank_turn(new_game(["Ana"], target=5), [5, 2, 3, 4, 6, 6], 5)
    assert state.totals == (1,)  # one half: 0.5 points, exactly


# X14–X15: the end of a solo game --------------------------------------------------------------
def test_x14_the_target_is_checked_only_after_bank() -> None:
    state = take(roll(new_game(["Ana"], target=10), [1, 1, 1, 2, 3, 4]), 1, 1, 1)
    assert state.turn_halves == 20 and state.phase is Phase.DECIDE  # 10 points, not banked
    state = roll(state, [2, 3, 4])  # bust: nothing was banked, the game goes on
    assert state.phase is Phase.ROLL and state.totals == (0,)


def test_x15_solo_ends_at_the_target_and_its_record_is_the_number_of_turns() -> None:
    state = new_game(["Ana"], target=12)
    state = bank_turn(state, [1, 1, 1, 2, 3, 4], 1, 1, 1)  # 10
    state = bust_turn(state)
    assert state.phase is Phase.ROLL and state.turns == (2,)
    state = bank_turn(state, [1, 1, 2, 3, 4, 6], 1, 1)  # 12: the target
    assert state.phase is Phase.OVER and state.winner == 0 and state.turns == (3,)
    assert legal_actions(state) == []


# X16–X17: final round and sudden death ---------------------------------------------------------
def test_x16_when_the_third_of_four_reaches_the_target_players_4_1_2_play_once_more() -> None:
    state = new_game(["P1", "P2", "P3", "P4"], target=10)
    state = bust_turn(bust_turn(state))  # P1 and P2
    state = bank_turn(state, [1, 1, 1, 2, 3, 4], 1, 1, 1)  # P3 banks 10: the target
    assert state.round is Round.FINAL_ROUND and state.still_to_play == (3, 0, 1)
    played = []
    while state.phase is not Phase.OVER:
        played.append(state.players[state.current])
        state = bust_turn(state)
    assert played == ["P4", "P1", "P2"]
    assert state.winner == 2 and state.turns == (2, 2, 1, 1)


def test_x16_the_highest_banked_total_wins_even_if_it_was_reached_in_the_final_round() -> None:
    state = bank_turn(new_game(["Ana", "Bo"], target=10), [1, 1, 1, 2, 3, 4], 1, 1, 1)
    state = bank_turn(state, [1, 1, 1, 1, 3, 4], 1, 1, 1, 1)  # Bo: 20
    assert state.phase is Phase.OVER and state.winner == 1


def test_x17_a_tie_is_settled_by_sudden_death_between_the_tied_players_only() -> None:
    state = new_game(["P1", "P2", "P3"], target=10)
    state = bank_turn(state, [1, 1, 1, 2, 3, 4], 1, 1, 1)  # P1: 10, final round
    state = bank_turn(state, [2, 2, 2, 3, 4, 6], 2, 2, 2)  # P2: 2
    state = bank_turn(state, [1, 1, 1, 2, 3, 4], 1, 1, 1)  # P3: 10, tied with P1
    assert state.round is Round.SUDDEN_DEATH and state.phase is Phase.ROLL
    assert state.contenders == (0, 2) and state.current == 0
    # A round where both bust keeps them tied: another sudden-death round, P2 never plays.
    played = []
    for _ in range(2):
        played.append(state.current)
        state = bust_turn(state)
    assert state.round is Round.SUDDEN_DEATH and state.still_to_play == (0, 2)
    played.append(state.current)
    state = bust_turn(state)
    played.append(state.current)
    state = bank_turn(state, [5, 2, 3, 4, 6, 6], 5)  # P3 gets ahead by half a point
    assert 1 not in played
    assert state.phase is Phase.OVER and state.winner == 2


def test_x17_sudden_death_is_judged_after_the_whole_round() -> None:
    state = new_game(["P1", "P2"], target=10)
    state = bank_turn(state, [1, 1, 1, 2, 3, 4], 1, 1, 1)
    state = bank_turn(state, [1, 1, 1, 2, 3, 4], 1, 1, 1)
    assert state.round is Round.SUDDEN_DEATH and state.still_to_play == (0, 1)
    state = bank_turn(state, [5, 2, 3, 4, 6, 6], 5)  # P1 ahead, but P2 still plays
    assert state.phase is Phase.ROLL and state.current == 1
    state = bank_turn(state, [1, 2, 3, 4, 6, 6], 1)
    assert state.winner == 1


def test_the_game_refuses_actions_once_over() -> None:
    state = replace(new_game(["Ana"]), phase=Phase.OVER, winner=0)
    expect_error("game_over", state, Roll())
