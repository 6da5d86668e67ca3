"""MISHIMASH's score sheet (issue 24): one row per round, a column per seat, every cell kind,
the final round and sudden death marked, and the totals recounted from the cells."""

from __future__ import annotations

import pytest

from app.pure.i18n import load_translator
from app.pure.score_sheet import BANKED, BUST, EMPTY, FINAL, PLAYING, RACE, SUDDEN, build_sheet
from cubiri import dice as seeded
from cubiri.kernel import RuleError
from cubiri.mishimash import game
from tests.typed_games import play

EN = load_translator("en")
ONE = [1, 2, 3, 4, 6, 6]  # a 1 scores 1 point (X3)
FIVE = [5, 2, 3, 4, 6, 6]  # a 5 scores half a point
ONES = [1, 1, 2, 3, 4, 6]  # two 1s: 2 points
NOTHING = [2, 2, 3, 4, 6, 6]  # a bust (X11)


def three_seats_to_two() -> game.State:
    """Ann reaches the target 2 in round 2 (X16: Bea and Cy play once more), Bea ties her, two
    sudden deaths follow (X17: Ann then Bea), and Bea wins the second."""
    state = game.new_game(["Ann", "Bea", "Cy"], 2, 0, seeded.TYPED)
    return play(
        state,
        *(ONE, (0,), "bank", NOTHING, FIVE, (0,), "bank"),  # round 1
        *(ONE, (0,), "bank"),  # round 2: Ann reaches 2
        *(ONES, (0, 1), "bank", NOTHING),  # the final round: Bea ties, Cy busts
        *(ONE, (0,), "bank", ONE, (0,), "bank"),  # sudden death 1: level again
        *(NOTHING, FIVE, (0,), "bank"),  # sudden death 2: Bea ahead
    )


def test_every_round_is_a_row_and_every_turn_a_cell() -> None:
    state = three_seats_to_two()
    assert state.over and state.winner == 1
    sheet = build_sheet(state, EN)
    assert sheet.caption == "Score sheet" and sheet.names == ("Ann", "Bea", "Cy")
    gone = (EMPTY, "", "")  # no turn of that seat in the round
    table = [
        (row.kind, row.label, [(cell.kind, cell.points, cell.total) for cell in row.cells])
        for row in sheet.rows
    ]
    assert table == [
        (RACE, "Round 1", [(BANKED, "+1", "1"), (BUST, "BUST!", "0"), (BANKED, "+0.5", "0.5")]),
        (RACE, "Round 2", [(BANKED, "+1", "2"), gone, gone]),
        (FINAL, "FINAL ROUND", [gone, (BANKED, "+2", "2"), (BUST, "BUST!", "0.5")]),
        (SUDDEN, "SUDDEN DEATH 1", [(BANKED, "+1", "3"), (BANKED, "+1", "3"), gone]),
        (SUDDEN, "SUDDEN DEATH 2", [(BUST, "BUST!", "3"), (BANKED, "+0.5", "3.5"), gone]),
    ]
    assert sheet.leaders == {1} and sheet.totals == ("3", "3.5", "0.5")
    assert sheet.leader_mark == "won"  # the game is over: Bea won, she does not lead (an audit)


def test_a_solo_sheet_marks_no_leader() -> None:
    """X15: a solo game has no one to lead or beat (an audit read "Solo Sam leads" on the solo
    end screen), in play and once the target is reached."""
    state = play(game.new_game(["Sam"], 2, 0, seeded.TYPED), ONE, (0,), "bank")
    assert build_sheet(state, EN).leaders == frozenset()
    over = play(state, ONE, (0,), "bank")
    assert over.over and build_sheet(over, EN).leaders == frozenset()


def test_the_totals_are_the_sum_of_the_cells() -> None:
    """An independent recount: the points of each column add up to the seat's total, and each
    cell's running total is the sum of the column so far."""
    state = three_seats_to_two()
    sheet = build_sheet(state, EN)
    for seat in range(3):
        running = 0.0
        for row in sheet.rows:
            cell = row.cells[seat]
            if cell.kind == BANKED:
                running += float(cell.points)
            if cell.kind != EMPTY:
                assert float(cell.total) == running
        assert running * 2 == state.totals[seat]


def test_the_turn_being_played_shows_its_points_so_far() -> None:
    state = play(game.new_game(["Ann", "Bea"], 50, 0, seeded.TYPED), ONE, (0,), "bank", ONES)
    state = play(state, (0, 1))
    sheet = build_sheet(state, EN)
    bea = sheet.rows[0].cells[1]
    assert (bea.kind, bea.points, bea.total) == (PLAYING, "2", "0")
    assert bea.label == "playing, 2 points so far, total 0"
    assert sheet.rows[0].cells[0].label == "banked 1 point, total 1"
    assert sheet.leaders == {0} and sheet.leader_mark == "leads"
    before_rolling = build_sheet(play(game.new_game(["Ann", "Bea"], 50, 0, seeded.TYPED)), EN)
    assert before_rolling.rows == () and before_rolling.leaders == frozenset()
    # ROLL in, the throw not yet (with real dice the throw implies it): still no cell.
    waiting = game.apply(game.new_game(["Ann", "Bea"], 50, 0, seeded.TYPED), game.Roll())
    assert build_sheet(waiting, EN).rows == ()


def test_the_sheet_reads_in_every_language() -> None:
    state = three_seats_to_two()
    for language, round_two, sudden in (
        ("pt", "Ronda 2", "MORTE SÚBITA 1"),
        ("hu", "2. kör", "HIRTELEN HALÁL 1"),
        ("vi", "Vòng 2", "VÒNG PHÂN ĐỊNH 1"),
    ):
        sheet = build_sheet(state, load_translator(language))
        assert sheet.rows[1].label == round_two and sheet.rows[3].label == sudden
        assert sheet.rows[4].cells[1].total == "3,5"  # Intl: a decimal comma


def test_a_correction_mends_an_earlier_turn_and_is_shown_as_one() -> None:
    """The table forgot to type Bea's 5 points of round 1: corrected later, between turns,
    without undoing round 2; the cell says so, its running totals count it, and the sheet
    lists who, how much and in which round."""
    state = play(game.new_game(["Ann", "Bea"], 50, 0, seeded.TYPED), ONE, (0,), "bank")
    state = play(state, NOTHING, ONE, (0,), "bank", ONE, (0,), "bank")  # round 2 played
    state = game.apply(state, game.Correct(1, 1, 10))
    assert state.totals == (4, 12)
    sheet = build_sheet(state, EN)
    first, second = sheet.rows
    assert (first.cells[1].kind, first.cells[1].total) == (BUST, "5")
    assert first.cells[1].correction == "corrected +5"
    assert first.cells[1].label == "bust, total 5, corrected +5"
    assert (second.cells[1].points, second.cells[1].total) == ("+1", "6")
    assert sheet.totals == ("2", "6") and sheet.leaders == {1}
    assert sheet.corrections == ("Bea: +5 points in Round 1 (correction)",)


def test_a_correction_is_refused_where_it_would_break_a_rule() -> None:
    state = play(game.new_game(["Ann", "Bea"], 5, 0, seeded.TYPED), ONE, (0,), "bank")
    refusals = {
        "mishimash.bad_round": game.Correct(1, 1, 2),  # Bea has played no turn yet
        "mishimash.correct_below_zero": game.Correct(0, 1, -4),
        "mishimash.correct_reaches_target": game.Correct(0, 1, 8),  # X14: only a BANK does
        "mishimash.bad_correction": game.Correct(0, 1, 0),
        "mishimash.bad_seat": game.Correct(2, 1, 2),
    }
    for code, correction in refusals.items():
        with pytest.raises(RuleError) as refused:
            game.apply(state, correction)
        assert refused.value.code == code
    mid_turn = play(state, ONE)  # Bea selects
    with pytest.raises(RuleError) as refused:
        game.apply(mid_turn, game.Correct(0, 1, 2))
    assert refused.value.code == "mishimash.correct_between_turns"
    seeded_game = play(game.new_game(["Ann", "Bea"], 5, 0), ONE, (0,), "bank")
    with pytest.raises(RuleError) as refused:
        game.apply(seeded_game, game.Correct(0, 1, 2))
    assert refused.value.code == "mishimash.not_real_dice"
    assert game.from_dict(game.to_dict(game.apply(state, game.Correct(0, 1, -1)))).totals == (1, 0)
