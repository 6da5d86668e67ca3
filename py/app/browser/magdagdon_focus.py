"""Where the focus goes on the MAGDAGDON screen after a tap (issue 14): on purpose to what
comes next, so a keyboard or screen-reader player goes on from there; when the tap leaves the
focused control in place and usable, it stays. Never left on <body> or a dead control.
"""

from __future__ import annotations

from typing import Any

from app.browser.dom import by_id, focus_lost
from app.browser.magdagdon_board import Board
from app.browser.tap_guard import TapGuard
from app.pure.magdagdon_view import (
    AcceptAt,
    CancelAccept,
    CancelReroll,
    MagdagdonView,
    StartAccept,
    StartReroll,
    Tap,
)
from cubiri.magdagdon import game as engine


class Focus:
    def __init__(self, board: Board, guard: TapGuard) -> None:
        self.board, self.guard = board, guard
        self._phase: engine.Phase | None = None  # the phase the last tap left

    def after(self, tap: Tap, state: engine.State | None, view: MagdagdonView | None) -> None:
        """Move the focus to what comes next after `tap` (`view`: the screen as now shown)."""
        rescued = self._phase is engine.Phase.MAGDAGDON
        self._phase = None if state is None else state.phase
        if isinstance(tap, engine.Adjust) and rescued and self._phase is engine.Phase.PLACE:
            # A power rescued the roll (M17): the next step is placing, not that power again.
            if view is not None:
                self.move(
                    self.first_cell(view, placing=True) or _first_die(view) or by_id("md-primary")
                )
            return
        self._after(tap, state, view)

    def _after(self, tap: Tap, state: engine.State | None, view: MagdagdonView | None) -> None:
        if view is None or state is None:
            return
        target: Any = None
        if state.over:
            target = by_id("md-end-title")
        elif view.waiting is not None:  # a throw of real dice: its entry's first face, as
            target = by_id("md-face-1")  # MISHIMASH's (the field would open a phone's keyboard)
        elif isinstance(tap, engine.Roll | engine.Reroll | StartReroll):
            target = _first_die(view) or self.first_cell(view) or _primary()
        elif isinstance(tap, StartAccept | engine.AcceptMagdagdon):
            target = self.first_cell(view)
        elif isinstance(tap, engine.Stage):
            target = self.first_cell(view, placing=True) or _primary() or _first_die(view)
        elif isinstance(tap, engine.Confirm | engine.PlaceRuin | AcceptAt):
            target = _primary()
        elif isinstance(tap, CancelReroll | CancelAccept):
            target = by_id("md-reroll") if not by_id("md-reroll").disabled else _primary()
        if target is None and focus_lost(by_id("screen-magdagdon")):
            target = _primary() or _first_die(view) or self.first_cell(view)
            target = target or by_id("magdagdon-title")
        if target is not None:
            self.move(target)

    def first_cell(self, view: MagdagdonView | None, placing: bool = False) -> Any:
        """The first lit cell; `placing`: the first that takes the picked die (a staged die's
        cell is lit too, to take it back, but that is not where a placement goes)."""
        if view is None:
            return None
        kinds = (engine.Stage,) if placing else (engine.Stage, engine.PlaceRuin, AcceptAt)
        cell = next((c for c in view.cells if isinstance(c.tap, kinds)), None)
        return None if cell is None else by_id(f"md-cell-{cell.index}")

    def move(self, element: Any) -> None:
        if element.hasAttribute("data-cell"):
            self.board.rove_to(int(element.dataset.cell))  # the roving tabindex follows
        self.guard.focus(element)


def _primary() -> Any:
    """MAGDAGDON's main button, where it can be used (hidden while a throw is entered: an
    audit's focus fell from it to the heading after every ROLL with real dice)."""
    primary = by_id("md-primary")
    return None if primary.disabled or primary.hidden else primary


def _first_die(view: MagdagdonView) -> Any:
    die = next((d for d in view.dice if d.enabled), None)
    return None if die is None else by_id(f"md-die-{die.index}")
