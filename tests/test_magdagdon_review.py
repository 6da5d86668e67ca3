"""The review of a MAGDAGDON game (issue 25): the player's game against the computer's on the
same dice, turn by turn (M20–M24 on the board as it stands after each turn)."""

from __future__ import annotations

from app.pure import magdagdon_review as mr
from app.pure.i18n import load_translator
from app.pure.magdagdon_help import BotGame
from cubiri.dice import TYPED
from cubiri.magdagdon import bot
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import EMPTY
from tests.playouts import magdagdon_playout

EN = load_translator("en")


def both(seed: int, difficulty: str = "peaceful") -> tuple[engine.State, engine.State]:
    mine = list(magdagdon_playout(difficulty, seed))[-1]
    computer = BotGame(seed, difficulty)
    while not computer.step(10.0):
        pass
    return mine, computer.state


def test_each_turn_is_scored_as_the_board_stands_and_the_last_is_the_final_score() -> None:
    mine, _ = both(3)
    turns = mr.turn_scores(engine.to_dict(mine))
    assert [t.turn for t in turns] == list(range(1, mine.turns + 1))
    assert turns[-1].score == mine.score().final and turns[-1].board == tuple(mine.board)
    # Each turn fills cells that were empty (M25: at least one), never the same twice.
    filled: set[int] = set()
    for turn in turns:
        assert turn.placed and not turn.placed & filled
        assert all(turn.board[cell] != EMPTY for cell in turn.placed)
        filled |= turn.placed
        assert len(turn.dice) == engine.DICE_PER_ROLL
    assert len(filled) == 16


def test_the_two_games_meet_the_same_first_throw_each_turn_and_the_gains_add_up() -> None:
    for seed in (1, 4, 9):
        mine, computer = both(seed)
        comparison = mr.review(engine.to_dict(mine), engine.to_dict(computer))
        assert comparison.mine == mine.score().final
        assert comparison.computer == bot.play_game(seed, "peaceful").score
        shared = min(mine.turns, computer.turns)
        assert all(p.same_dice for p in comparison.turns[:shared])
        assert not any(p.same_dice for p in comparison.turns[shared:])
        # The steps of each column add up to its final score.
        assert sum(p.mine_gained for p in comparison.turns) == comparison.mine
        assert sum(p.computer_gained for p in comparison.turns) == comparison.computer
        gains = [p.gain for p in comparison.gained_most]
        assert gains == sorted(gains, reverse=True) and all(g > 0 for g in gains)
        assert len(gains) <= mr.SHOWN
        others = [p.gain for p in comparison.turns if p not in comparison.gained_most]
        assert not gains or max(others, default=0) <= gains[-1]


def test_turns_whose_throws_differ_are_shown_and_never_compared() -> None:
    one = mr.TurnScore(1, (1, 2, 3, 4), 20, (EMPTY,) * 16, frozenset({0}))
    other = mr.TurnScore(1, (6, 6, 6, 6), 48, (EMPTY,) * 16, frozenset({0}))
    comparison = mr.compare([one], [other], (20, 48))
    assert comparison.turns[0].gain == 0 and comparison.gained_most == []
    typed = engine.to_dict(engine.new_game("peaceful", 1, TYPED))
    assert not mr.comparable(typed)
    assert mr.comparable(engine.to_dict(engine.new_game("peaceful", 1)))


def test_the_summary_says_who_scored_more_and_by_how_much() -> None:
    comparison = mr.Comparison(212, 190, [], [])
    assert mr.summary(comparison, EN) == (
        "You scored 212, the computer 190 on the same dice: you beat it by 22."
    )
    assert "it beat you by 22" in mr.summary(mr.Comparison(190, 212, [], []), EN)
    assert "the same as the computer" in mr.summary(mr.Comparison(5, 5, [], []), EN)
    mine, computer = both(3)
    gained = mr.review(engine.to_dict(mine), engine.to_dict(computer)).gained_most[0]
    assert gained.mine is not None
    text = mr.gain_text(gained, EN)
    assert text.startswith(f"Turn {gained.turn} ({mr.dice_text(gained.mine.dice)}): computer +")
    assert text.endswith(f"a gain of {gained.gain} for the computer.")
