"""MAGDAGDON: one scenario per rule of RULES.md (M1–M25), with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cubiri.magdagdon import can_place, legal_cells, required_minimum, score
from cubiri.magdagdon.board import parse_board
from cubiri.magdagdon.game import (
    AcceptMagdagdon,
    Adjust,
    Confirm,
    Phase,
    PlaceRuin,
    Reroll,
    Roll,
    RuleError,
    Stage,
    State,
    Unstage,
    apply,
    legal_actions,
    new_game,
)
from cubiri.magdagdon.scoring import Bonus, breakdown, line_bonus
from tests.scripted import thrown


def at(row: int, col: int) -> int:
    return row * 4 + col


def rolled(board: str, dice: list[int], difficulty: str = "peaceful", **fields: int) -> State:
    """A game on `board` (notation) right after ROLL showed `dice`."""
    state = replace(new_game(difficulty, 1), board=parse_board(board), **fields)
    return thrown(apply(state, Roll()), dice)


def expect_error(code: str, state: State, action: object) -> None:
    with pytest.raises(RuleError) as raised:
        apply(state, action)  # type: ignore[arg-type]
    assert raised.value.code == f"magdagdon.{code}"


# Notation -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("..../..../....", "4 rows"),
        ("..../..../..../...", "row 4 must have 4 cells"),
        ("..../..7./..../....", "'7'"),
        ("..../..0./..../....", "'0'"),
    ],
)
def test_bad_notation_says_what_is_wrong(notation: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        legal_cells(notation, 3)


def test_bad_arguments_raise_value_errors() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        legal_cells("..../..../..../....", 7)
    with pytest.raises(ValueError, match="difficulty"):
        required_minimum("..../..../..../....", "easy")
    with pytest.raises(ValueError, match="1 to 6"):
        can_place("..../..../..../....", [0, 3], 1)
    with pytest.raises(ValueError, match="powers"):
        score("..../..../..../....", "survival", 2)


# M2–M4: a turn ---------------------------------------------------------------------------------
def test_m2_roll_shows_four_dice_and_starts_placing() -> None:
    state = thrown(apply(new_game("peaceful", 7), Roll()), [1, 2, 3, 4])
    assert state.dice == (1, 2, 3, 4)
    assert state.phase is Phase.PLACE
    expect_error("already_rolled", state, Roll())


def test_m3_m4_confirm_needs_the_minimum_allows_more_and_discards_the_rest() -> None:
    state = rolled("..../..../..../....", [3, 3, 4, 6])
    assert Confirm() not in legal_actions(state)
    expect_error("below_minimum", state, Confirm())
    state = apply(state, Stage(0, at(1, 1)))
    expect_error("below_minimum", state, Confirm())
    state = apply(state, Stage(1, at(1, 2)))
    assert Confirm() in legal_actions(state)
    state = apply(state, Stage(2, at(2, 1)))  # a third die, beyond the minimum
    state = apply(state, Confirm())
    assert state.board == parse_board("..../.33./.4../....")
    assert state.phase is Phase.ROLL and state.dice == () and state.turns == 1


def test_m3_a_staged_die_can_be_taken_back_and_placed_elsewhere() -> None:
    state = rolled("..../.3../..../....", [4, 3, 1, 1])
    state = apply(state, Stage(0, at(1, 2)))
    state = apply(state, Unstage(at(1, 2)))
    assert state.staged == () and 0 in state.available
    state = apply(state, Stage(0, at(0, 1)))
    assert state.staged == ((0, at(0, 1)),)
    expect_error("not_staged", state, Unstage(at(1, 2)))


# M5–M7: difficulty -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "minimum", "powers"),
    [("peaceful", 2, 3), ("survival", 2, 1), ("nightmare", 3, 0)],
)
def test_m5_each_difficulty_sets_minimum_and_powers(
    difficulty: str, minimum: int, powers: int
) -> None:
    state = new_game(difficulty, 3)
    assert required_minimum("..../..../..../....", difficulty) == minimum
    assert state.minimum == minimum and state.powers_left == powers


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("1111/1111/11../....", 3),
        ("1111/1111/1111/1...", 3),
        ("1111/1111/1111/11..", 2),
        ("1111/1111/1111/11x.", 1),
        ("1111/1111/1111/111.", 1),
    ],
)
def test_m6_nightmare_asks_three_then_two_then_one(board: str, expected: int) -> None:
    assert required_minimum(board, "nightmare") == expected


def test_m6_staged_cells_still_count_as_empty_for_the_minimum() -> None:
    state = rolled("1111/1111/1111/1...", [1, 1, 1, 2], difficulty="nightmare")
    state = apply(state, Stage(0, at(3, 1)))
    assert state.minimum == 3
    expect_error("below_minimum", apply(state, Stage(1, at(3, 2))), Confirm())


# M8–M11: legal placement -----------------------------------------------------------------------
def test_m8_the_first_die_goes_on_any_empty_cell() -> None:
    assert len(legal_cells("..../..../..../....", 6)) == 16


def test_m8_ruins_are_not_numbers_so_the_first_die_still_goes_anywhere() -> None:
    cells = legal_cells("x.../..x./..../...x", 2)
    assert len(cells) == 13 and (0, 0) not in cells and (1, 2) not in cells


def test_m9_later_dice_touch_a_number_orthogonally_never_diagonally() -> None:
    assert legal_cells("..../.3../..../....", 3) == {(0, 1), (1, 0), (1, 2), (2, 1)}


def test_m10_a_cell_touching_a_3_and_a_4_takes_only_a_3_or_a_4() -> None:
    board = "..../.3.4/..../...."  # (1, 2) touches the 3 and the 4
    allowed = {value for value in range(1, 7) if (1, 2) in legal_cells(board, value)}
    assert allowed == {3, 4}


def test_m10_equal_values_are_fine_and_two_apart_is_not() -> None:
    assert (0, 0) in legal_cells(".5../..../..../....", 5)
    assert legal_cells(".5../..../..../....", 3) == set()


def test_m11_a_ruin_neither_links_nor_limits() -> None:
    # The empty cell right of the RUIN touches no number: the RUIN does not connect it.
    assert (0, 2) not in legal_cells("1x../..../..../....", 1)
    # A 6 beside the RUIN is limited only by the 5 below it, never by the RUIN.
    assert (0, 1) in legal_cells("x.../.5../..../....", 6)


def test_stage_errors_say_why() -> None:
    state = rolled(".3../..../..../....", [6, 3, 3, 1])
    expect_error("not_adjacent", state, Stage(1, at(3, 3)))
    expect_error("too_far", state, Stage(0, at(0, 0)))
    expect_error("cell_taken", state, Stage(1, at(0, 1)))
    expect_error("bad_die", state, Stage(4, at(0, 0)))
    expect_error("bad_cell", state, Stage(1, 16))
    state = apply(state, Stage(1, at(0, 0)))
    expect_error("die_unavailable", state, Stage(1, at(0, 2)))


# M12: staging order ----------------------------------------------------------------------------
def test_m12_staged_dice_count_for_later_placements_so_order_matters() -> None:
    state = rolled("3.../..../..../....", [4, 5, 1, 1])
    # The 5 cannot touch the 3, but it can go beside a staged 4.
    assert at(0, 2) not in state.legal_cells(1)
    state = apply(state, Stage(0, at(0, 1)))
    assert at(0, 2) in state.legal_cells(1)
    state = apply(state, Stage(1, at(0, 2)))
    assert state.staged_board[:3] == (3, 4, 5)


def test_m12_taking_back_a_die_returns_the_later_dice_it_made_legal() -> None:
    state = rolled("3.../..../..../....", [4, 5, 6, 3])
    state = apply(state, Stage(0, at(0, 1)))  # 4 beside the 3
    state = apply(state, Stage(1, at(0, 2)))  # 5 needs the 4
    state = apply(state, Stage(2, at(0, 3)))  # 6 needs the 5
    state = apply(state, Stage(3, at(1, 0)))  # 3 under the 3: legal without the others
    state = apply(state, Unstage(at(0, 1)))
    assert state.staged == ((3, at(1, 0)),)
    assert set(state.available) == {0, 1, 2}


def test_m12_a_later_die_still_legal_stays_staged() -> None:
    state = rolled("..../..../..../....", [2, 2, 1, 1])
    state = apply(state, Stage(0, at(0, 0)))  # the first number: anywhere (M8)
    state = apply(state, Stage(1, at(0, 1)))
    state = apply(state, Unstage(at(0, 0)))
    # The remaining 2 is now the only number: still legal by M8.
    assert state.staged == ((1, at(0, 1)),)


# M13–M15: Majda Power --------------------------------------------------------------------------
def test_m13_decrease_and_increase_change_a_die_by_one_within_1_to_6() -> None:
    state = rolled("..../..../..../....", [1, 6, 3, 3])
    expect_error("out_of_range", state, Adjust(0, -1))
    expect_error("out_of_range", state, Adjust(1, +1))
    expect_error("bad_delta", state, Adjust(2, +2))
    assert Adjust(0, -1) not in legal_actions(state)
    assert Adjust(1, 1) not in legal_actions(state)
    state = apply(state, Adjust(0, +1))
    state = apply(state, Adjust(1, -1))
    assert state.dice == (2, 5, 3, 3)
    assert state.powers_used == 2


def test_m13_reroll_rolls_only_the_chosen_dice_for_one_use() -> None:
    state = rolled("..../..../..../....", [1, 2, 3, 4])
    state = thrown(apply(state, Reroll((1, 3))), [6, 5])
    assert state.dice == (1, 6, 3, 5)
    assert state.powers_used == 1
    expect_error("reroll_empty", state, Reroll(()))


def test_m14_powers_only_touch_available_dice_and_repeat_while_uses_remain() -> None:
    state = rolled("..../..../..../....", [3, 3, 3, 3])
    state = apply(state, Stage(0, at(0, 0)))
    expect_error("die_staged", state, Adjust(0, 1))
    expect_error("die_staged", state, Reroll((0, 1)))
    for _ in range(3):
        state = apply(state, Adjust(1, 1 if state.dice[1] < 6 else -1))
    expect_error("no_powers_left", state, Adjust(2, 1))


def test_m15_peaceful_penalties_are_10_then_20_then_40() -> None:
    board = "1111/1111/1111/1111"
    assert [score(board, "peaceful", used) for used in range(4)] == [
        score(board, "peaceful", 0) - cost for cost in (0, 10, 30, 70)
    ]
    state = rolled("..../..../..../....", [2, 2, 2, 2])
    costs = []
    for _ in range(3):
        costs.append(state.next_penalty)
        state = apply(state, Adjust(0, 1))
    assert costs == [10, 20, 40] and state.next_penalty is None
    assert state.score().power_penalty == 70


def test_m15_survival_costs_70_and_nightmare_has_no_powers() -> None:
    assert (
        score("1111/1111/1111/1111", "survival", 1)
        == score("1111/1111/1111/1111", "survival", 0) - 70
    )
    state = rolled("..../..../..../....", [2, 2, 2, 2], difficulty="nightmare")
    expect_error("no_powers_left", state, Adjust(0, 1))
    assert not any(isinstance(a, Adjust | Reroll) for a in legal_actions(state))


# M16–M19: MAGDAGDON and ruins ------------------------------------------------------------------
def test_m16_a_roll_that_cannot_be_placed_is_magdagdon() -> None:
    state = rolled("..../.3../..../....", [1, 1, 6, 5])
    assert not can_place("..../.3../..../....", [1, 1, 6, 5], 2)
    assert state.phase is Phase.MAGDAGDON
    expect_error("in_magdagdon", state, Stage(0, at(0, 0)))
    assert AcceptMagdagdon() in legal_actions(state)


def test_m16_a_needed_order_counts_as_placeable() -> None:
    # Only 4 then 5 works: the 5 alone touches nothing it may touch.
    assert can_place("3.../..../..../....", [5, 4, 1, 1], 2)


def test_m16_bad_staging_never_causes_magdagdon() -> None:
    # The gap between the 5 and the 3 takes only a 4; the 2 fits only right of the 3.
    board = "5.3./xxxx/xxxx/xxxx"
    state = rolled(board, [4, 2, 1, 1])
    state = apply(state, Stage(0, at(0, 3)))  # the 4 in the wrong place blocks the 2
    assert state.legal_cells(1) == []
    assert state.phase is Phase.PLACE
    expect_error("not_magdagdon", state, AcceptMagdagdon())
    state = apply(apply(state, Unstage(at(0, 3))), Stage(0, at(0, 1)))
    state = apply(apply(state, Stage(1, at(0, 3))), Confirm())
    assert state.board[:4] == (5, 4, 3, 2)


def test_m17_a_power_can_save_the_roll_and_the_check_runs_again() -> None:
    state = rolled("..../.3../..../....", [1, 6, 6, 5])
    state = apply(state, Adjust(0, +1))  # a 2 fits beside the 3, but nothing fits with it
    assert state.phase is Phase.MAGDAGDON
    state = apply(state, Adjust(3, -1))  # 4 fits too: two dice can be placed
    assert state.phase is Phase.PLACE
    assert state.powers_used == 2


def test_m17_magdagdon_can_be_accepted_even_with_powers_left() -> None:
    state = rolled("..../.3../..../....", [1, 1, 6, 6])
    assert state.powers_left == 3
    state = apply(state, AcceptMagdagdon())
    assert state.phase is Phase.RUIN


def test_m18_accepting_turns_any_empty_cell_into_a_ruin_and_ends_the_turn() -> None:
    state = rolled("..../.3../..../....", [1, 1, 6, 6])
    state = apply(state, AcceptMagdagdon())
    assert set(legal_actions(state)) == {PlaceRuin(c) for c in range(16) if c != at(1, 1)}
    expect_error("cell_taken", state, PlaceRuin(at(1, 1)))
    state = apply(state, PlaceRuin(at(3, 3)))  # far from every number: allowed
    assert state.board == parse_board("..../.3../..../...x")
    assert state.phase is Phase.ROLL and state.turns == 1


def test_m18_accept_is_refused_when_the_roll_can_be_placed() -> None:
    state = rolled("..../.3../..../....", [3, 4, 1, 1])
    expect_error("not_magdagdon", state, AcceptMagdagdon())
    assert AcceptMagdagdon() not in legal_actions(state)


def test_m19_unreachable_cells_only_fill_through_ruins() -> None:
    # The last empty cell is walled in by ruins: no die can reach it, ever.
    board = "1111/1111/11xx/11x."
    assert legal_cells(board, 1) == set()
    state = rolled(board, [1, 1, 1, 1], difficulty="nightmare")
    assert state.minimum == 1 and state.phase is Phase.MAGDAGDON
    state = apply(apply(state, AcceptMagdagdon()), PlaceRuin(at(3, 3)))
    assert state.phase is Phase.OVER


# M20–M24: scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "bonus"),
    [
        ((1, 2, 3, 4), Bonus.STRAIGHT),
        ((3, 4, 5, 6), Bonus.STRAIGHT),
        ((4, 3, 2, 1), Bonus.STRAIGHT),
        ((6, 5, 4, 3), Bonus.STRAIGHT),
        ((2, 1, 3, 4), None),
        ((1, 2, 4, 3), None),
        ((1, 3, 5, 6), None),
        ((4, 4, 4, 4), Bonus.FOUR_OF_A_KIND),
        ((3, 3, 5, 5), Bonus.TWO_PAIRS),
        ((3, 5, 3, 5), Bonus.TWO_PAIRS),
        ((5, 3, 3, 5), Bonus.TWO_PAIRS),
        ((3, 3, 3, 5), None),
        ((1, 2, 3, 0), None),
        ((1, 2, 3, -1), None),
        ((4, 4, -1, 4), None),
    ],
)
def test_m21_m22_line_bonuses_and_their_direction(
    line: tuple[int, int, int, int], bonus: Bonus | None
) -> None:
    assert line_bonus(line) is bonus


def test_m21_columns_read_top_to_bottom() -> None:
    board = "1.../2.../3.../4..."
    result = breakdown(parse_board(board), "peaceful", 0)
    assert next(line.bonus for line in result.lines if line.kind == "col") is Bonus.STRAIGHT
    assert score(board, "peaceful", 0) == 2 * 10 + 60


def test_m20_every_number_counts_twice() -> None:
    assert score("6.../..../..../....", "nightmare", 0) == 12


def test_m21_a_line_gets_one_bonus_only_the_highest() -> None:
    # Four 4s: FOUR OF A KIND (+40), never also TWO PAIRS.
    assert score("4444/..../..../....", "nightmare", 0) == 2 * 16 + 40


def test_m22_m23_a_ruin_line_keeps_its_sum_loses_its_bonus_and_costs_15() -> None:
    assert score("123x/..../..../....", "nightmare", 0) == 2 * 6 - 15


def test_m24_the_final_score_may_be_negative() -> None:
    assert score("xxxx/xxxx/xxxx/xxx1", "peaceful", 3) == 2 - 15 * 15 - 70


def test_m24_breakdown_adds_up() -> None:
    result = breakdown(parse_board("1234/2345/3456/456x"), "peaceful", 1)
    assert result.base == 2 * (10 + 14 + 18 + 15)
    assert result.bonuses == 60 * 3 + 60 * 3  # rows 1–3 and columns 1–3 are straights
    assert result.ruin_penalty == 15 and result.power_penalty == 10
    assert result.final == result.base + result.bonuses - 15 - 10


# M25: the end ----------------------------------------------------------------------------------
def test_m25_the_game_ends_when_every_cell_is_a_number_or_a_ruin() -> None:
    state = rolled("1111/1111/1111/11x.", [1, 2, 6, 6], difficulty="nightmare", turns=9)
    state = apply(state, Stage(0, at(3, 3)))
    state = apply(state, Confirm())
    assert state.phase is Phase.OVER and state.turns == 10
    assert legal_actions(state) == []
    expect_error("game_over", state, Roll())
    assert state.score().final == score("1111/1111/1111/11x1", "nightmare", 0)


def test_m25_rerolls_are_not_turns() -> None:
    state = rolled("..../..../..../....", [1, 2, 3, 4])
    state = thrown(apply(state, Reroll((0,))), [2])
    state = apply(apply(apply(state, Stage(0, at(0, 0))), Stage(1, at(0, 1))), Confirm())
    assert state.turns == 1
