"""The review of a MAGDAGDON game (issue 25): the player's score against the computer's on the
same dice (app.pure.magdagdon_help.BotGame plays the same seed), turn by turn, and the turns
where the computer gained most.

A turn's score is the board's score once the turn is over, as if the game ended there (M20–M24:
line sums, the bonuses of full lines, RUINS and the powers used so far), so the steps of the
two columns add up to the final scores. Both games throw the seed's dice keyed by turn and
reroll (cubiri.magdagdon.game), so a turn's first throw is the same in both as long as both
games last; a turn whose throws differ (typed dice) is shown, never compared.

Pure Python: replayed from the engine's `to_dict` of each game, every move checked again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.pure.i18n import Translator
from cubiri.dice import SEEDED
from cubiri.kernel import Dice, action_from_dict
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import EMPTY

SHOWN = 3  # the turns where the computer gained most, shown on their boards


@dataclass(frozen=True)
class TurnScore:
    turn: int  # from 1
    dice: tuple[int, ...]  # the turn's first throw
    score: int  # the board's score once the turn is over
    board: tuple[int, ...]
    placed: frozenset[int]  # the cells filled this turn (numbers, or the RUIN)


@dataclass(frozen=True)
class TurnPair:
    turn: int
    mine: TurnScore | None  # None: that game was over by then
    computer: TurnScore | None
    same_dice: bool
    mine_gained: int  # what the player's score grew this turn (0 once the game is over)
    computer_gained: int

    @property
    def gain(self) -> int:
        """What the computer gained on the player this turn: 0 where their dice differ."""
        return self.computer_gained - self.mine_gained if self.same_dice else 0


@dataclass(frozen=True)
class Comparison:
    mine: int
    computer: int
    turns: list[TurnPair]
    gained_most: list[TurnPair]  # at most SHOWN, the computer's biggest gains first


def comparable(game: dict[str, Any]) -> bool:
    """Whether the computer can play the same dice: only the seed's dice can be thrown again."""
    return game.get("dice_scheme") in SEEDED


def turn_scores(game: dict[str, Any]) -> list[TurnScore]:
    """Each finished turn of the game whose engine `to_dict` is `game`."""
    state = engine.new_game(game["difficulty"], game["seed"], game["dice_scheme"])
    turns: list[TurnScore] = []
    first: tuple[int, ...] = ()
    for raw in game["log"]:
        before = state
        action = action_from_dict(engine.ENGINE.kinds, raw)
        state = engine.ENGINE.apply(state, action)
        if isinstance(action, Dice) and not first:  # the turn's first throw, before rerolls
            first = tuple(state.dice)
        if state.turns > before.turns:
            placed = frozenset(
                cell for cell, value in enumerate(state.board) if before.board[cell] != value
            )
            score = state.score().final
            turns.append(TurnScore(state.turns, first, score, tuple(state.board), placed))
            first = ()
    return turns


def compare(mine: list[TurnScore], computer: list[TurnScore], final: tuple[int, int]) -> Comparison:
    """The two games side by side; `final`: the player's and the computer's final scores."""
    pairs: list[TurnPair] = []
    before = (0, 0)
    for index in range(max(len(mine), len(computer))):
        me = mine[index] if index < len(mine) else None
        it = computer[index] if index < len(computer) else None
        same = me is not None and it is not None and me.dice == it.dice
        now = (me.score if me else before[0], it.score if it else before[1])
        pairs.append(TurnPair(index + 1, me, it, same, now[0] - before[0], now[1] - before[1]))
        before = now
    biggest = sorted((p for p in pairs if p.gain > 0), key=lambda p: (-p.gain, p.turn))
    return Comparison(final[0], final[1], pairs, biggest[:SHOWN])


def review(game: dict[str, Any], computer_game: dict[str, Any]) -> Comparison:
    """The player's game against the computer's on the same seed (both engine `to_dict`s)."""
    mine, its = turn_scores(game), turn_scores(computer_game)
    final = (_final(game), _final(computer_game))
    return compare(mine, its, final)


def _final(game: dict[str, Any]) -> int:
    state = engine.from_dict(game)
    if not state.over:
        raise ValueError("the game is not over")
    return int(state.score().final)


# Words ------------------------------------------------------------------------------------------
def dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(str(d) for d in dice)


def summary(comparison: Comparison, t: Translator) -> str:
    difference = comparison.mine - comparison.computer
    key = "ahead" if difference > 0 else "behind" if difference < 0 else "level"
    return t(
        f"review.magdagdon.{key}",
        mine=t.number(comparison.mine),
        computer=t.number(comparison.computer),
        n=t.number(abs(difference)),
    )


def gain_text(pair: TurnPair, t: Translator) -> str:
    assert pair.mine is not None
    return t(
        "review.magdagdon.gain",
        turn=t.number(pair.turn),
        dice=dice_text(pair.mine.dice),
        n=t.number(pair.gain),
        it=_signed(t, pair.computer_gained),
        mine=_signed(t, pair.mine_gained),
    )


def _signed(t: Translator, n: int) -> str:
    return ("+" if n > 0 else "") + t.number(n)


def board_cells(board: tuple[int, ...]) -> list[int | None]:
    """The board as the mini board draws it: None for an empty cell."""
    return [None if value == EMPTY else value for value in board]
