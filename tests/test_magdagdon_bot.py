"""The MAGDAGDON computer player (cubiri.magdagdon.bot): legal play on seeded games, the obvious
choices on hand-made boards, and its command line. Rules are cited from RULES.md (M1–M25)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from cubiri.kernel import Dice, outcomes
from cubiri.magdagdon import game
from cubiri.magdagdon.board import EMPTY, Board, Masks, parse_board, placeable
from cubiri.magdagdon.bot import (
    FEATURES,
    INNER,
    NEIGHBOURS,
    OUTCOMES,
    WEIGHTS,
    MeasuredLines,
    added,
    canonical,
    choose_power,
    choose_ruin,
    choose_staging,
    evaluator,
    fitted,
    line_key,
    main,
    next_action,
    play_game,
    turn_actions,
)
from cubiri.magdagdon.bot.search import spots
from cubiri.magdagdon.scoring import Bonus, line_bonus

SEEDS = range(3)
EDGE = "555./4.../..../...."  # an edge row one 5 short of FOUR OF A KIND (M21)


def unfillable(board: Board) -> set[int]:
    """Empty cells whose neighbouring numbers leave no value 1–6 (M10): only a RUIN fits (M19)."""
    dead = set()
    for cell, value in enumerate(board):
        if value == EMPTY:
            near = [board[other] for other in NEIGHBOURS[cell] if board[other] > 0]
            if near and max(near) - min(near) > 2:
                dead.add(cell)
    return dead


def stage(board: Board, dice: list[int], staging: tuple[tuple[int, int], ...]) -> Board:
    """Applies a staging, checking each die against M8–M12 on the board as staged so far."""
    cells = list(board)
    used = set()
    for die, cell in staging:
        assert die not in used, "a die is staged once"
        used.add(die)
        legal = Masks.of(cells).legal(dice[die])
        assert legal >> cell & 1, f"die {die} ({dice[die]}) may not go on cell {cell} (M9–M12)"
        cells[cell] = dice[die]
    return tuple(cells)


@pytest.mark.parametrize("difficulty", ["peaceful", "survival", "nightmare"])
def test_seeded_games_play_only_legal_actions(difficulty: str) -> None:
    for seed in SEEDS:
        state = game.new_game(difficulty, seed)
        while not state.over:
            action = next_action(state)
            assert action in game.legal_actions(state), (state, action)
            if isinstance(action, game.AcceptMagdagdon):
                # M16–M18: a RUIN only when no order places the minimum of the dice
                assert not placeable(state.board, state.dice, state.minimum)
            state = game.play(state, action)
        assert state.score().final == play_game(seed, difficulty).score


def test_turn_actions_stage_in_order_then_confirm() -> None:
    # From ROLL the bot's turn waits for the dice; after them it stages at least the minimum in
    # a legal order (M4, M12) and confirms, each action legal in turn.
    state = game.new_game("nightmare", 3)
    assert turn_actions(state) == [game.Roll()]
    state = game.play(state, game.Roll())
    actions = turn_actions(state)
    assert isinstance(actions[-1], game.Confirm)
    assert sum(isinstance(action, game.Stage) for action in actions) >= 3  # M5
    for action in actions:
        assert action in game.legal_actions(state)
        state = game.apply(state, action)


def test_a_staging_begun_elsewhere_is_taken_back_where_it_differs() -> None:
    # A HINT after the player staged a die: the bot's own staging is followed from there.
    state = game.play(game.new_game("peaceful", 1), game.Roll())
    mine = turn_actions(state)
    other = next(
        action
        for action in game.legal_actions(state)
        if isinstance(action, game.Stage) and action not in mine
    )
    state = game.apply(state, other)
    assert next_action(state) == game.Unstage(other.cell)


def test_the_first_die_goes_anywhere_on_an_empty_board() -> None:
    # M8: nothing to touch yet; the staging is still a legal sequence (M12).
    board = parse_board("..../..../..../....")
    staging = choose_staging(board, [6, 6, 5, 1], "peaceful", 0)
    assert len(staging) >= 2
    stage(board, [6, 6, 5, 1], staging)


# Each case is one where completing the bonus clearly wins when played out to the end
# (tools/play_out_magdagdon.py: the best of the three best-judged stagings of each kind, 150
# games on the same dice), completing against leaving:
#   123.          4-4-1-1  PEACEFUL 440.2 / 377.9  SURVIVAL 362.8 / 280.6  NIGHTMARE 222.1 / 160.1
#   .543/5432/..  6-5-3-1  PEACEFUL 337.7 / 285.6  SURVIVAL 308.6 / 258.8  NIGHTMARE 271.5 / 172.8
#   555./4...     5-4-1-1  PEACEFUL 362.9 / 301.6  SURVIVAL 298.4 / 271.1
#   555./4...     5-4-6-1  NIGHTMARE 228.5 / 212.7
#   ..../5.55     5-4-4-6  NIGHTMARE 287.1 / 264.6
# Early in a game a line one die short is often no obvious bonus: the rest of the game usually
# brings its die anyway. The bare 555. with 5-6-6-2 (PEACEFUL 316.0 / 329.0, SURVIVAL 261.4 /
# 257.8, NIGHTMARE 199.6 / 194.1), ..../5.55 on PEACEFUL and SURVIVAL (453.9 / 466.7, 356.6 /
# 364.4) and ..../3.33 with 3-2-2-6 (SURVIVAL 255.3 / 291.1) are not cases here.
ALL = ("peaceful", "survival", "nightmare")


@pytest.mark.parametrize(
    ("notation", "dice", "row", "bonus", "difficulty"),
    [
        (notation, dice, row, bonus, difficulty)
        for notation, dice, row, bonus, difficulties in [
            ("123./..../..../....", [4, 4, 1, 1], 0, Bonus.STRAIGHT, ALL),  # M21: 1-2-3-4
            (".543/5432/4432/....", [6, 5, 3, 1], 0, Bonus.STRAIGHT, ALL),  # falling: 6-5-4-3
            (EDGE, [5, 4, 1, 1], 0, Bonus.FOUR_OF_A_KIND, ("peaceful", "survival")),
            (EDGE, [5, 4, 6, 1], 0, Bonus.FOUR_OF_A_KIND, ("nightmare",)),
            ("..../5.55/..../....", [5, 4, 4, 6], 1, Bonus.FOUR_OF_A_KIND, ("nightmare",)),
        ]
        for difficulty in difficulties
    ],
)
def test_it_completes_an_obvious_bonus(
    notation: str, dice: list[int], row: int, bonus: Bonus, difficulty: str
) -> None:
    board = parse_board(notation)
    after = stage(board, dice, choose_staging(board, dice, difficulty, 0))
    assert line_bonus(after[row * 4 : row * 4 + 4]) is bonus


def test_it_avoids_making_a_cell_unfillable() -> None:
    # The 4 may go by the 5 and the 1 by the 2. A 4 on cell 6 (or 9) with a 1 on cell 11 (or 14)
    # would leave cell 10 between a 4 and a 1: no value fits (M10), a RUIN to come (M19, M23).
    # Other cells score the same now and keep every cell fillable.
    board = parse_board("..../.5../..../...2")
    dice = [4, 1, 3, 6]
    for difficulty in ("peaceful", "survival", "nightmare"):
        after = stage(board, dice, choose_staging(board, dice, difficulty, 0))
        assert not unfillable(after)


def test_more_dice_are_optional() -> None:
    # M4: a 1 next to the 2 is legal but worth far less than keeping the cell for a high die.
    board = parse_board("6666/6666/6666/2...")
    staging = choose_staging(board, [6, 6, 1, 1], "peaceful", 0)
    dice = [6, 6, 1, 1]
    after = stage(board, dice, staging)
    assert after[12:] == (2, 6, 6, EMPTY) or 1 not in after


def test_the_ruin_goes_where_no_value_fits() -> None:
    # Cell 1 lies between a 5 and a 2: only a RUIN can ever fill it (M10, M19), so the forced RUIN
    # of M18 costs nothing more there.
    board = parse_board("5.2./..../..../....")
    assert choose_ruin(board, "peaceful") == 1


def test_no_powers_on_nightmare_nor_once_used_up() -> None:
    board = parse_board("4444/4444/4444/444.")
    assert choose_power(board, [1, 1, 1, 1], "nightmare", 0, stuck=True) is None  # M5
    assert choose_power(board, [1, 1, 1, 1], "survival", 1, stuck=True) is None
    assert choose_power(board, [1, 1, 1, 1], "peaceful", 3, stuck=True) is None


def test_a_power_saves_a_last_cell_worth_two_bonuses() -> None:
    # The last cell takes a 4 for two FOUR OF A KIND (+80) and avoids a RUIN (−15, M23); the
    # roll shows no 3, 4 or 5 (M16). DECREASE/INCREASE can't reach 4 from a 6 … but from a 6 a
    # REROLL may, and a 5 → 4 adjust surely does.
    board = parse_board("4444/4444/4444/444.")
    assert choose_power(board, [6, 6, 6, 6], "peaceful", 0, stuck=True) is not None
    assert choose_power(board, [5, 6, 6, 6], "peaceful", 0, stuck=False) == ("adjust", 0, -1)
    # Nothing to gain on a roll that already fits best.
    assert choose_power(board, [4, 6, 6, 6], "peaceful", 0, stuck=False) is None


def test_it_accepts_the_magdagdon_when_no_power_helps() -> None:
    # M16–M18 on NIGHTMARE (no powers, M5): four 1s fit nowhere next to the 4s.
    state = replace(
        game.new_game("nightmare", 0),
        board=parse_board("4444/4444/4444/444."),
        dice=(1, 1, 1, 1),
        phase=game.Phase.MAGDAGDON,
    )
    assert turn_actions(state) == [game.AcceptMagdagdon(), game.PlaceRuin(15)]


def test_command_line_prints_each_game_and_the_mean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--difficulty", "nightmare", "--games", "2", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["5", "6", "mean"]
    scores = [int(line.split()[1]) for line in lines[:2]]
    assert float(lines[2].split()[1]) == pytest.approx(sum(scores) / 2)
    assert scores[0] == play_game(5, "nightmare").score


@pytest.mark.parametrize("difficulty", ["peaceful", "survival", "nightmare"])
def test_the_judgement_is_its_features_weighed(difficulty: str) -> None:
    # Fitted or hand-made, every difficulty weighs each feature once; a RUIN (M23) lowers a
    # board's value, and so does a cell that no value fits (M10, M19), though a 5 beats a 4.
    judge = evaluator(difficulty)
    assert len(judge.linear) == len(FEATURES)
    board = parse_board("34../4.../..../....")
    weighed = sum(w * x for w, x in zip(judge.linear, judge.features(board), strict=True))
    assert judge.value(board) == pytest.approx(weighed)
    assert judge.value(parse_board("34x./4.../..../....")) < judge.value(board)
    assert judge.value(parse_board("5.2./..../..../....")) < judge.value(
        parse_board("4.2./..../..../....")
    )


def test_fitted_weights_name_every_feature() -> None:
    named = dict.fromkeys(FEATURES, 0.0)
    assert fitted(**named) == (0.0,) * len(FEATURES)
    del named["ruins"]
    with pytest.raises(ValueError, match="ruins"):
        fitted(**named)
    assert all(not w.linear or len(w.linear) == len(FEATURES) for w in WEIGHTS.values())


def test_remembered_values_are_the_weighed_features(monkeypatch: pytest.MonkeyPatch) -> None:
    # The memo of board values only saves time: a value read back, or computed again after the
    # memo was emptied at its bound, is the weighed features (as a list or a tuple board).
    monkeypatch.setattr("cubiri.magdagdon.bot.evaluation.VALUE_MEMO", 2)
    judge = evaluator("peaceful")
    judge._values.clear()
    boards = [parse_board(text) for text in ("34../4.../..../....", "5.../..../..../....")]
    boards.append(parse_board("2.../3.../..../...."))
    for board in [*boards, *boards]:
        weighed = sum(w * x for w, x in zip(judge.linear, judge.features(board), strict=True))
        assert judge.value(list(board)) == pytest.approx(weighed)
        assert judge.value(board) == pytest.approx(weighed)
        assert len(judge._values) <= 2


def test_a_line_state_is_the_same_read_either_way() -> None:
    # M21 counts a STRAIGHT rising or falling: 6-5-_-_ and _-_-5-6 are one state.
    judge = evaluator("peaceful")
    codes = judge.codes(parse_board("65../..../..../...."))
    falling = line_key(codes, 0)
    codes = judge.codes(parse_board("..56/..../..../...."))
    rising = line_key(codes, 0)
    assert falling is not None and rising is not None and falling != rising
    assert canonical(falling) == canonical(rising)


def test_an_edge_line_and_a_middle_line_are_different_states() -> None:
    # The same four numbers: a middle line's cells have more neighbours (M9, M10).
    judge = evaluator("peaceful")
    edge = line_key(judge.codes(parse_board("5555/..../..../....")), 0)
    middle = line_key(judge.codes(parse_board("..../5555/..../....")), 1)
    assert edge is not None and middle is not None and edge != middle
    assert middle == edge | INNER


def test_a_line_with_a_ruin_has_no_state() -> None:
    # M22: a RUIN, now or to come (a cell no value fits, M19), takes the bonus away for good.
    judge = evaluator("peaceful")
    assert line_key(judge.codes(parse_board("6x../..../..../....")), 0) is None
    dead = parse_board("6.2./..../..../....")  # cell 1 sits between a 6 and a 2 (M10)
    assert line_key(judge.codes(dead), 0) is None


def test_a_measured_line_moves_from_the_guess_by_how_often_it_was_seen() -> None:
    # 1-2-3 and an open cell that may take 3, 4 or 5 (code 8 + mask): a STRAIGHT to come (M21).
    open_345 = 8 + 0b011100
    key = canonical(1 | 2 << 7 | 3 << 14 | open_345 << 21)
    kin = canonical(1 | 2 << 7 | 3 << 14 | (8 + 0b111111) << 21)  # the same numbers, any value
    prior = MeasuredLines.PRIOR
    measured = MeasuredLines("peaceful", {key: (15, 600)})
    # The coarse state (numbers alone) is measured from the same 15 lines, then the state itself.
    coarse = (600 + prior * 20.0) / (15 + prior)
    assert measured.expected(key, 20.0) == (600 + prior * coarse) / (15 + prior)
    backwards = open_345 | 3 << 7 | 2 << 14 | 1 << 21  # the same line read the other way
    assert measured.expected(backwards, 20.0) == measured.expected(key, 20.0)
    assert measured.expected(kin, 20.0) == coarse  # never seen itself: judged like its kin
    assert measured.expected(canonical(6 | 6 << 7), 20.0) == 20.0  # nothing like it: the guess


def test_the_measured_lines_are_whole_for_every_difficulty() -> None:
    # bot/lines.json, made by tools/measure_magdagdon_lines.py: counts that can be true.
    bonuses = {bonus.value for bonus in Bonus}
    for difficulty in WEIGHTS:
        measured = WEIGHTS[difficulty].measured
        assert measured is not None
        counts = measured.counts
        assert len(counts) > 1000
        for key, (seen, total) in counts.items():
            assert key == canonical(key) and seen > 0
            assert 0 <= total <= max(bonuses) * seen and total % 20 == 0  # M21's bonuses


def test_the_judgement_adds_up_the_same_on_every_python() -> None:
    # Python 3.12+ (Pyodide runs 3.14) compensates sum() of floats; the bot adds plainly, so the
    # page and the command line break ties between mirrored boards alike ("the bot on your dice").
    assert added([1e16, 1.0, -1e16]) == 0.0


def test_the_fitted_numbers_are_the_data_file() -> None:
    # WEIGHTS is bot/weights.json: every field of Weights but the measured lines, `linear` by
    # feature name; written back by `dumps`, the file is the same text.
    from cubiri.magdagdon.bot import weights

    text = weights.PATH.read_text(encoding="utf-8")
    data = json.loads(text)
    assert weights.dumps(data) == text
    assert set(data) == {"about", *WEIGHTS}
    for name, entry in data.items():
        if name != "about":
            loaded = weights.weights_of(name, entry)
            assert replace(loaded, measured=None) == replace(WEIGHTS[name], measured=None)
            assert loaded.measured is not None and loaded.measured.difficulty == name
            assert list(entry["linear"]) == list(FEATURES)
    with pytest.raises(ValueError, match="unknown fields"):
        weights.weights_of("peaceful", {**data["peaceful"], "leen": 0.5})


def test_the_cells_tried_are_the_rules_own() -> None:
    # Where a die may go is M8–M11 (Masks.legal); only an empty board tries fewer cells, one of
    # each kind up to the square's symmetries.
    rng = random.Random(23)
    for _ in range(2000):
        board = tuple(rng.choice((0, 0, 0, -1, 1, 2, 3, 4, 5, 6)) for _ in range(16))
        masks = Masks.of(board)
        assert spots(board) == (0, *(masks.legal(value) for value in range(1, 7)))
    assert spots((EMPTY,) * 16) == (0, *(0b100011,) * 6)  # cells 0, 1 and 5


def test_a_reroll_is_priced_with_the_rules_chances() -> None:
    # M13: every outcome of the dice thrown again, with cubiri.kernel's probabilities.
    for count, found in OUTCOMES.items():
        assert [(Dice(values), p) for values, p in found] == list(outcomes(count))
        assert sum(p for _, p in found) == pytest.approx(1.0)
