"""MAGDAGDON random playouts over many seeds: invariants every game must keep."""

from __future__ import annotations

import json

import pytest

from cubiri.magdagdon import game as engine
from cubiri.magdagdon import legal_cells, score
from cubiri.magdagdon.board import format_board
from cubiri.magdagdon.game import Phase, State, from_dict, to_dict
from tests.playouts import check_round_trip, magdagdon_playout

SEEDS = range(350)  # × 3 difficulties = 1,050 games
DIFFICULTIES = ("peaceful", "survival", "nightmare")


def numbers_are_one_connected_field(board: tuple[int, ...]) -> bool:
    cells = {i for i, value in enumerate(board) if value > 0}
    if not cells:
        return True
    seen, todo = set(), [min(cells)]
    while todo:
        cell = todo.pop()
        if cell in seen:
            continue
        seen.add(cell)
        row, col = divmod(cell, 4)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < 4 and 0 <= c < 4 and r * 4 + c in cells:
                todo.append(r * 4 + c)
    return seen == cells


def neighbours_differ_by_at_most_one(board: tuple[int, ...]) -> bool:
    for cell, value in enumerate(board):
        if value <= 0:
            continue
        right = board[cell + 1] if cell % 4 < 3 else 0
        below = board[cell + 4] if cell < 12 else 0
        if (right > 0 and abs(right - value) > 1) or (below > 0 and abs(below - value) > 1):
            return False
    return True


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_random_games_keep_every_invariant(difficulty: str) -> None:
    for seed in SEEDS:
        final: State | None = None
        for index, state in enumerate(magdagdon_playout(difficulty, seed)):
            assert numbers_are_one_connected_field(state.staged_board)  # M9, M12
            assert neighbours_differ_by_at_most_one(state.staged_board)  # M10
            assert state.turns <= 16  # each turn fills at least one cell
            assert 0 <= state.powers_used <= state.rules.powers
            if seed < 20 and index % 5 == 0:
                check_round_trip(engine, state)
            final = state
        assert final is not None and final.phase is Phase.OVER
        notation = format_board(final.board)
        recount = recounted_score(final.board) - final.rules.penalty(final.powers_used)
        assert score(notation, difficulty, final.powers_used) == recount
        check_round_trip(engine, final)


def recounted_score(board: tuple[int, ...]) -> int:
    """M20–M23 counted another way than the engine: each line read as text."""
    total = 0
    lines = [board[r * 4 : r * 4 + 4] for r in range(4)] + [board[c::4] for c in range(4)]
    for line in lines:
        total += sum(v for v in line if v > 0)
        if min(line) <= 0:
            continue  # M22: a RUIN (or a gap) and the line has no bonus
        text = "".join(map(str, line))
        if text in "123456" or text in "654321":
            total += 60
        elif len(set(line)) == 1:
            total += 40
        elif sorted(line)[0] == sorted(line)[1] != sorted(line)[2] == sorted(line)[3]:
            total += 20
    return total - 15 * board.count(-1)


def test_staging_matches_legal_cells() -> None:
    for seed in range(30):
        for state in magdagdon_playout("peaceful", seed):
            if state.phase is Phase.PLACE:
                board = format_board(state.staged_board)
                for die in state.available:
                    expected = {r * 4 + c for r, c in legal_cells(board, state.dice[die])}
                    assert set(state.legal_cells(die)) == expected


def test_a_game_replays_exactly_from_its_moves_with_the_seeds_dice() -> None:
    final = list(magdagdon_playout("survival", 42))[-1]
    state = engine.new_game("survival", 42)
    for action in final.log:
        if not isinstance(action, engine.Dice):
            state = engine.play(state, action)
    assert state == final


@pytest.mark.parametrize(
    "tamper",
    [
        lambda saved: saved.update(board="6666/6666/6666/6666"),
        lambda saved: saved.update(powers_used=0),
        lambda saved: saved.update(version=99),
        lambda saved: saved.update(dice_scheme=7),
        lambda saved: saved.update(difficulty="easy"),
        lambda saved: saved.update(log="nope"),
        lambda saved: saved.update(seed="42"),
        lambda saved: saved["log"].append({"type": "stage", "die": 0, "cell": 99}),
        lambda saved: saved["log"].insert(1, {"type": "confirm"}),
        lambda saved: saved["log"][1].update(values=[9, 9, 9, 9]),
        lambda saved: saved["log"][1].update(values=[6, 6, 6]),
        lambda saved: saved["log"].pop(1),
        # Dice the seed never gave, however legal: an edited save (issue 18).
        lambda saved: saved["log"][1].update(values=[6, 6, 6, 6]),
        lambda saved: saved["log"][0].update(extra=1),
        lambda saved: saved["log"].append({"type": "teleport"}),
        lambda saved: saved["log"].append(["roll"]),
    ],
)
def test_a_corrupt_or_tampered_save_is_refused_with_a_value_error(tamper: object) -> None:
    states = list(magdagdon_playout("peaceful", 0))
    mid = next(s for s in states if s.powers_used and s.phase is Phase.PLACE)
    saved = json.loads(json.dumps(to_dict(mid)))
    tamper(saved)  # type: ignore[operator]
    with pytest.raises(ValueError):
        from_dict(saved)
