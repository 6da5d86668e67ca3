"""What a game screen needs from the shell around it. The screens know only this, so the shell
imports the screens and never the other way round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from app.pure.i18n import Translator


class Host(Protocol):
    @property
    def t(self) -> Translator: ...

    def announce(self, message: str, last: bool = False) -> None: ...

    def notify(self, key: str) -> None: ...  # the message's key: said again on a switch

    def ask(
        self,
        text: str,
        on_ok: Callable[[], None],
        return_to: Any = None,
        title: str = "confirm.new_game.title",
        ok: str = "confirm.ok",
        keep_playing_first: bool = False,
    ) -> None: ...
