"""The confirm dialog: a question before a game in progress is given up (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.browser.dom import by_id, listen


class Confirm:
    """NEW GAME (the dialog's OK) runs what was asked for; KEEP PLAYING or Escape changes
    nothing. `on_closed` runs whenever the dialog closes, either way."""

    def __init__(self, on_closed: Callable[[], None]) -> None:
        self._on_ok: Callable[[], None] | None = None
        self._on_closed = on_closed

    def mount(self) -> None:
        listen(by_id("confirm-ok"), "click", self._on_confirm_ok)
        listen(by_id("confirm-cancel"), "click", self._on_confirm_cancel)
        listen(by_id("confirm-dialog"), "close", self._on_dialog_closed)

    @property
    def is_open(self) -> bool:
        return bool(by_id("confirm-dialog").open)

    def ask(self, text: str, on_ok: Callable[[], None]) -> None:
        self._on_ok = on_ok
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


__all__ = ["Confirm"]
