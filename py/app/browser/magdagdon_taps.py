"""What a click on the MAGDAGDON board or dice means: the die or cell it landed on, played
through the screen's `tap` (a double tap is let through once, by the screen's TapGuard). A cell
that takes nothing now says why (issue 14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.browser.dom import absent, by_id, restart_animation
from app.pure.magdagdon_view import refusal

if TYPE_CHECKING:
    from app.browser.magdagdon_screen import MagdagdonScreen


class BoardTaps:
    def __init__(self, screen: MagdagdonScreen) -> None:
        self.screen = screen

    def on_die_click(self, event: Any) -> None:
        screen, button = self.screen, event.target.closest("[data-die]")
        view = screen.last_view
        if absent(button) or view is None or button.disabled:
            return
        if not screen.guard.accepts(event, button):
            return
        die = int(button.dataset.die)
        screen.tap(view.dice[die].tap if die < len(view.dice) else None)
        view = screen.last_view
        if screen.picked.die is not None and view is not None:
            # Keyboard users continue on the board, at the first cell that takes the die; a
            # die that fits nowhere keeps the focus, and the reason is said (issue 14).
            cell = screen.focus.first_cell(view, placing=True)
            if cell is None:
                screen.host.announce(view.message)
            elif event.detail == 0:
                screen.focus.move(cell)

    def on_board_click(self, event: Any) -> None:
        button = event.target.closest("[data-cell]")
        if absent(button) or self.screen.last_view is None:
            return
        if not self.screen.guard.accepts(event, button):
            return
        cell = int(button.dataset.cell)
        self.screen.board.focus_cell = cell
        tap = self.screen.last_view.cells[cell].tap
        if tap is None:
            self._refuse(cell)
        else:
            self.screen.tap(tap)

    def _refuse(self, cell: int) -> None:
        """A tap on a cell that takes nothing now: say why on screen, and mark the cell."""
        if self.screen.state is None:
            return
        reason = refusal(self.screen.state, self.screen.picked, cell, self.screen.host.t)
        if not reason:
            return
        message = by_id("md-message")
        message.textContent = reason
        message.dataset.tone = "error"
        restart_animation(message, "refused")
        restart_animation(by_id(f"md-cell-{cell}"), "refused")
        self.screen.host.announce(reason)
