"""The computer's game on the player's dice (issue 13), on the MAGDAGDON end screen: the same
seed played by the computer player a slice at a time, the page free in between, then its score
and its final board beside the player's.

The game itself is `app.pure.magdagdon_help.BotGame`; this module runs it in slices and shows
its result. Results are kept per (seed, difficulty) for the page's life.
"""

from __future__ import annotations

from collections.abc import Callable

from js import document, window
from pyodide.ffi import create_proxy

from app.browser.dom import by_id
from app.browser.host import Host
from app.pure.magdagdon_help import BotGame
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import EMPTY, RUIN, SIZE

BOT_SLICE_S = 0.12  # the computer's game on the same dice runs in slices of about this long
BotResult = tuple[int, tuple[int, ...]]  # its score and final board


class ComputerGame:
    def __init__(self, host: Host, current: Callable[[], engine.State | None]) -> None:
        """`current`: the player's game now (the computer stops when the player moves on)."""
        self.host = host
        self.current = current
        self.results: dict[tuple[int, str], BotResult] = {}  # per (seed, difficulty)
        self.game: BotGame | None = None
        self._later = create_proxy(self._step)

    def start(self, state: engine.State) -> None:
        """Show the computer's game on `state`'s dice: at once if it was played already."""
        key = (state.seed, state.difficulty)
        if key in self.results:
            self._show(*self.results[key])
            return
        by_id("md-bot-score").textContent = self.host.t("magdagdon.bot.thinking")
        by_id("md-bot-details").hidden = True
        if self.game is None or (self.game.state.seed, self.game.state.difficulty) != key:
            self.game = BotGame(*key)
        # Once the end screen has painted; then a slice at a time, the page free in between.
        window.setTimeout(self._later, 60)

    def _step(self) -> None:
        game, state = self.game, self.current()
        if game is None:
            return
        key = (game.state.seed, game.state.difficulty)
        shown = state is not None and state.over and (state.seed, state.difficulty) == key
        if game.step(BOT_SLICE_S):
            self.results[key] = (game.score, tuple(game.board))
            self.game = None
            if shown:
                self._show(*self.results[key])
        elif shown:
            window.setTimeout(self._later, 0)
        else:
            self.game = None  # the player moved on: the game is dropped

    def _show(self, score: int, board: tuple[int, ...]) -> None:
        t = self.host.t
        by_id("md-bot-score").textContent = t("magdagdon.bot.score", score=score)
        grid = by_id("md-bot-board")
        grid.replaceChildren()
        for row in range(SIZE):
            row_el = document.createElement("div")
            row_el.setAttribute("role", "row")
            row_el.className = "md-mini-row"
            for col in range(SIZE):
                value = board[row * SIZE + col]
                cell = document.createElement("span")
                cell.setAttribute("role", "gridcell")
                cell.className = "md-mini-cell"
                if value == RUIN:
                    cell.dataset.kind = "ruin"
                    cell.textContent = "✕"
                    cell.setAttribute("aria-label", t("magdagdon.ruin"))
                elif value == EMPTY:
                    cell.dataset.kind = "empty"
                else:
                    cell.dataset.kind = "number"
                    cell.textContent = str(value)
                row_el.appendChild(cell)
            grid.appendChild(row_el)
        by_id("md-bot-details").hidden = False
