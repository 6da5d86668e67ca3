"""HINT on the MAGDAGDON screen (issue 13): what the computer player would do with this roll,
drawn on the dice and cells (numbered in staging order) and said in a sentence. A HINT never
plays for the player. What it says is `app.pure.magdagdon_help.hint_for`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import window
from pyodide.ffi import create_proxy

from app.browser.dom import by_id, show_text
from app.browser.host import Host
from app.browser.tap_guard import TapGuard
from app.pure.magdagdon_help import Hint, can_hint, hint_for, hint_key, hint_text
from app.pure.magdagdon_view import MagdagdonView
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import SIZE


class HintPanel:
    def __init__(
        self,
        host: Host,
        guard: TapGuard,
        current: Callable[[], engine.State | None],
        given: Callable[[Hint], None],
    ) -> None:
        """`current`: the game now; `given`: called with the hint once the computer has
        thought (the screen keeps it, marks the game as assisted and says it)."""
        self.host, self.guard, self.current, self.given = host, guard, current, given
        self._later = create_proxy(self._compute)

    def on_click(self, event: Any) -> None:
        state = self.current()
        button = by_id("md-hint")
        if state is None or not can_hint(state) or not self.guard.accepts(event, button):
            return
        if button.getAttribute("aria-disabled") == "true":
            return  # still thinking
        button.textContent = self.host.t("magdagdon.suggest.thinking")
        # aria-disabled, not disabled: a disabled button drops the focus to <body>, and a
        # keyboard player who pressed HINT would start again from the top (issue 14).
        button.setAttribute("aria-disabled", "true")
        # After the button has painted: the computer may think for a few hundred ms.
        window.setTimeout(self._later, 30)

    def follow(self) -> None:
        """The player took a step of the plan that changes the roll (a Majda Power): the plan
        for the roll as it is now, as if HINT were pressed again (helper-24 saw the plan
        vanish after its first step, and had to remember the placements)."""
        state = self.current()
        if state is not None and can_hint(state):
            window.setTimeout(self._later, 30)

    def _compute(self) -> None:
        state = self.current()
        button = by_id("md-hint")
        button.textContent = self.host.t("magdagdon.suggest")
        button.removeAttribute("aria-disabled")
        if state is not None and can_hint(state):
            self.given(hint_for(state, self.host.t))

    def render(self, state: engine.State, view: MagdagdonView, hint: Hint | None) -> None:
        """The hint on the board while the roll is the one it is about (else none)."""
        if hint is not None and hint.key != hint_key(state):
            hint = None
        by_id("md-hint").hidden = not can_hint(state)
        for index in range(SIZE * SIZE):
            button = by_id(f"md-cell-{index}")
            mark = None
            if hint is not None and index in hint.cells:
                order, value = hint.cells[index]
                mark = str(order)
                button.dataset.hintValue = str(value)
            elif hint is not None and hint.ruin == index:
                mark = "✕"
            if mark is None:
                button.removeAttribute("data-hint")
                button.removeAttribute("data-hint-value")
            else:
                button.dataset.hint = mark
        for index in range(engine.DICE_PER_ROLL):
            die_el = by_id(f"md-die-{index}")
            if hint is not None and index in hint.dice and index < len(view.dice):
                die_el.dataset.hint = str(hint.dice[index])
            else:
                die_el.removeAttribute("data-hint")
        show_text(by_id("md-suggest"), hint_text(hint, state, self.host.t) if hint else "")
