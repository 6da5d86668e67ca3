"""A game screen's saved game, shared by every open tab (issue 18), in one place for both games.

A game is written only over the save this tab last read or wrote (`stores.save_game`); a tab
that another tab has overtaken takes the newer game (`adopt`), tells the player, and never
writes its own: a roll played in one tab cannot be played differently in another. A game given
up in another tab (MISHIMASH's NEW GAME) is given up here too, not written back. The
walkthrough's game (issue 16) is never saved and never overtaken: it is not the saved one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from app.browser import stores
from app.browser.dom import rescue_focus
from app.browser.host import Host
from app.browser.tour import Tour

if TYPE_CHECKING:  # the codecs import both engines: the home screen is ready without them
    from app.pure.saved_game import SaveCodec, Saved

S = TypeVar("S")


class GameSave(Generic[S]):
    def __init__(
        self,
        codec: SaveCodec[S],
        key: str,
        host: Host,
        tour: Tour,
        adopt: Callable[[Saved[S] | None], None],
        shown: Callable[[], S | None],
    ) -> None:
        """`adopt(saved)` makes another tab's newer game this screen's game, and shows it
        (None: that tab gave the game up, for a new one not started yet); `shown()` is the
        game this tab shows now, to tell a game moved on from a new one."""
        self.codec, self.key, self.host, self.tour = codec, key, host, tour
        self.adopt, self.shown = adopt, shown

    def load(self) -> Saved[S] | None:
        """The saved game (None: nothing usable; the player is told why if it was unusable)."""
        return stores.load_game(self.codec, self.key)

    def save(self, saved: Saved[S] | None) -> bool:
        """Write `saved` (None: no game); False when another tab had moved the game on: its
        game is shown instead."""
        if self.tour.active:
            return True  # the walkthrough's game is not the saved one
        if stores.save_game(self.codec, self.key, saved):
            return True
        self._take()
        return False

    def overtaken(self) -> bool:
        """Whether another tab moved this game on (or started another) since this tab last
        saw it; then its game replaces this tab's old one, which is never written."""
        if self.tour.active:
            return False  # the walkthrough plays its own game, never the saved one
        return stores.moved_on(self.codec, self.key) and self._take()

    def _take(self) -> bool:
        saved = self.load()
        if saved is None and not stores.emptied(self.codec, self.key):
            return False  # nothing usable there (told already): this tab's game goes on
        before = self.shown()
        self.adopt(saved)
        rescue_focus(self.tour.game)  # e.g. on a die of the old roll, or the old end screen
        if saved is None or before is None or not self.codec.continues(before, saved.state):
            told = "storage.new_game_elsewhere"
        else:
            told = "storage.other_tab"
        self.host.notify(self.host.t(told))
        return True
