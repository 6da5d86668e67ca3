"""MAGDAGDON random playouts over many seeds: invariants every game must keep."""

from __future__ import annotations

import json

import pytest

from cubiri.magdagdon import game as engine
from cubiri.magdagdon import legal_cells, score
from cubiri.magdagdon.board import format_board
from cubiri.magdagdon.game import (
    Phase,
    State,
    action_from_dict,
    apply,
    from_dict,
    legal_actions,
    new_game,
    replay,
    to_dict,
)
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
        assert final.score().final == score(notation, difficulty, final.powers_used)
        check_round_trip(engine, final)


def test_legal_actions_apply_and_staging_matches_legal_cells() -> None:
    for seed in range(30):
        for state in magdagdon_playout("peaceful", seed):
            for action in legal_actions(state):
                apply(state, action)  # never raises
            if state.phase is Phase.PLACE:
                board = format_board(state.staged_board)
                for die in state.available:
                    expected = {r * 4 + c for r, c in legal_cells(board, state.dice[die])}
                    assert set(state.legal_cells(die)) == expected


def test_a_game_replays_exactly_from_its_seed_and_log() -> None:
    states = list(magdagdon_playout("survival", 42))
    final = states[-1]
    assert replay("survival", 42, list(final.log)) == final
    # The dice come from the seed alone: replaying the actions without results rolls the same.
    state = new_game("survival", 42)
    for entry in final.log:
        bare = {key: value for key, value in entry.items() if key != "result"}
        state = apply(state, action_from_dict(bare))
    assert state == final


@pytest.mark.parametrize(
    "tamper",
    [
        lambda saved: saved.update(board="6666/6666/6666/6666"),
        lambda saved: saved.update(powers_used=0),
        lambda saved: saved.update(version=99),
        lambda saved: saved.update(difficulty="easy"),
        lambda saved: saved.update(log="nope"),
        lambda saved: saved.update(seed="42"),
        lambda saved: saved["log"].append({"type": "stage", "die": 0, "cell": 99}),
        lambda saved: saved["log"].insert(1, {"type": "confirm"}),
        lambda saved: saved["log"][0].update(result=[9, 9, 9, 9]),
        lambda saved: saved["log"][0].pop("result"),
        lambda saved: saved["log"].append({"type": "teleport"}),
        lambda saved: saved["log"].append(["roll"]),
    ],
)
def test_a_corrupt_or_tampered_save_is_refused_with_a_value_error(tamper: object) -> None:
    states = list(magdagdon_playout("peaceful", 5))
    mid = next(s for s in states if s.powers_used and s.phase is Phase.PLACE)
    saved = json.loads(json.dumps(to_dict(mid)))
    tamper(saved)  # type: ignore[operator]
    with pytest.raises(ValueError):
        from_dict(saved)
