"""The computer's game on the player's dice (issue 13), on the MAGDAGDON end screen: the same
seed played by the computer player a slice at a time, the page free in between, then its score,
its final board and the review of the game (issue 25: the two games turn by turn) beside the
player's. Its score is kept in the history with the game, for STATISTICS.

The game itself is `app.pure.magdagdon_help.BotGame`; this module runs it in slices and shows
its result. Results are kept per (seed, difficulty) for the page's life.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from js import window
from pyodide.ffi import create_proxy

from app.browser import stores
from app.browser.dom import by_id
from app.browser.host import Host
from app.browser.magdagdon_review_panel import fill_board, render_comparison
from app.pure import magdagdon_review
from app.pure.magdagdon_help import BotGame
from cubiri.magdagdon import game as engine

BOT_SLICE_S = 0.12  # the computer's game on the same dice runs in slices of about this long


@dataclass(frozen=True)
class BotResult:
    score: int
    board: tuple[int, ...]
    game: dict[str, Any]  # the engine's `to_dict` of the computer's game, for the review


def play_in_slices(game: BotGame, keep_going: Callable[[], bool], done: Callable[[], None]) -> None:
    """Play `game` a slice at a time, the page free in between, while `keep_going()`; then
    `done()`. Shared by the end screen and the review of a game of the history."""
    proxy: Any = None

    def step() -> None:
        if not keep_going():
            proxy.destroy()
            return
        if game.step(BOT_SLICE_S):
            proxy.destroy()
            done()
        else:
            window.setTimeout(proxy, 0)

    proxy = create_proxy(step)
    window.setTimeout(proxy, 60)  # once the screen has painted


def result_of(game: BotGame) -> BotResult:
    return BotResult(game.score, tuple(game.board), engine.to_dict(game.state))


class ComputerGame:
    def __init__(
        self,
        host: Host,
        current: Callable[[], engine.State | None],
        ident: Callable[[], str],
    ) -> None:
        """`current`: the player's game now (the computer stops when the player moves on);
        `ident`: its id in the history."""
        self.host = host
        self.current = current
        self.ident = ident
        self.results: dict[tuple[int, str], BotResult] = {}  # per (seed, difficulty)
        self.comparisons: dict[tuple[int, str], magdagdon_review.Comparison] = {}
        self.playing: tuple[int, str] | None = None

    def start(self, state: engine.State) -> None:
        """Show the computer's game on `state`'s dice: at once if it was played already."""
        key = (state.seed, state.difficulty)
        by_id("md-review").hidden = True
        if not magdagdon_review.comparable(engine.to_dict(state)):
            by_id("md-bot-score").textContent = self.host.t("magdagdon.bot.typed")
            by_id("md-bot-details").hidden = True
            return
        if key in self.results:
            self._show(self.results[key], state)
            return
        by_id("md-bot-score").textContent = self.host.t("magdagdon.bot.thinking")
        by_id("md-bot-details").hidden = True
        if self.playing == key:
            return
        self.playing = key
        game = BotGame(*key)
        ident = self.ident()

        def shown() -> bool:
            state = self.current()
            return state is not None and state.over and (state.seed, state.difficulty) == key

        def keep_going() -> bool:
            if not shown():
                self.playing = None  # the player moved on: the game is dropped
            return shown()

        def done() -> None:
            self.playing = None
            result = self.results[key] = result_of(game)
            stores.note_in_history(ident, computer=result.score)  # for STATISTICS
            state = self.current()
            if state is not None and shown():
                self._show(result, state)

        play_in_slices(game, keep_going, done)

    def _show(self, result: BotResult, state: engine.State) -> None:
        t = self.host.t
        by_id("md-bot-score").textContent = t("magdagdon.bot.score", score=result.score)
        fill_board(by_id("md-bot-board"), result.board, t)
        by_id("md-bot-details").hidden = False
        key = (state.seed, state.difficulty)
        if key not in self.comparisons:  # the end screen is drawn again on every change
            self.comparisons[key] = magdagdon_review.review(engine.to_dict(state), result.game)
        render_comparison(by_id("md-review-body"), self.comparisons[key], t)
        by_id("md-review").hidden = False
