"""The confirm dialog: a question before a game in progress is given up (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document, window
from pyodide.ffi import create_once_callable

from app.browser.dom import absent, by_id, listen


class Confirm:
    """NEW GAME (the dialog's OK) runs what was asked for; KEEP PLAYING or Escape changes
    nothing. `on_closed` runs whenever the dialog closes, either way."""

    def __init__(self, on_closed: Callable[[], None]) -> None:
        self._on_ok: Callable[[], None] | None = None
        self._return_to: Any = None  # where the focus goes back to when the dialog closes
        self._on_closed = on_closed

    def mount(self) -> None:
        listen(by_id("confirm-ok"), "click", self._on_confirm_ok)
        listen(by_id("confirm-cancel"), "click", self._on_confirm_cancel)
        listen(by_id("confirm-dialog"), "close", self._on_dialog_closed)

    @property
    def is_open(self) -> bool:
        return bool(by_id("confirm-dialog").open)

    def ask(self, text: str, on_ok: Callable[[], None], return_to: Any = None) -> None:
        """`return_to`: where the focus goes when the dialog closes, if nothing else took it;
        by default what had it (a dialog opened as the focus moves on, from a `focusout`,
        would give it back to <body>: issue 29)."""
        self._on_ok = on_ok
        active = document.activeElement
        if return_to is None and not absent(active) and active != document.body:
            return_to = active
        self._return_to = return_to
        by_id("confirm-text").textContent = text
        by_id("confirm-dialog").showModal()

    def _on_confirm_ok(self, _event: Any) -> None:
        on_ok, self._on_ok = self._on_ok, None
        by_id("confirm-dialog").close()
        if on_ok is not None:
            on_ok()

    def _on_confirm_cancel(self, _event: Any) -> None:
        by_id("confirm-dialog").close()

    def _on_dialog_closed(self, _event: Any) -> None:
        self._on_ok = None
        self._on_closed()
        back, self._return_to = self._return_to, None
        if not absent(back):
            # After the browser has put the focus back where it was at showModal (<body>, for
            # a dialog opened from a focusout): a task later.
            window.setTimeout(create_once_callable(lambda: _give_back(back)), 0)


def _give_back(back: Any) -> None:
    """The focus goes back to `back` if it was lost (on <body> or nowhere), when `back` is
    still shown."""
    active = document.activeElement
    lost = absent(active) or active == document.body or active.closest("dialog:not([open])")
    if lost and back.isConnected and bool(back.checkVisibility()):
        back.focus()


__all__ = ["Confirm"]
