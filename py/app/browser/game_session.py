"""A game screen's session: the game in progress as the tabs share it, in one place for both
games. The screens render; this keeps the game's record and its end.

- Saving (issue 18): a game is written only over the save this tab last read or wrote
  (`stores.Slot`); a tab that another tab has overtaken takes the newer game (`adopt`), tells
  the player, and never writes its own: a roll played in one tab cannot be played differently
  in another. A game given up in another tab (MISHIMASH's NEW GAME) is given up here too.
- The game's id: given when a game starts (a state that does not continue the one known), kept
  in its record, and the id of its high-score row and history entry, so neither gets it twice.
- The walkthrough (issue 16): its game is never saved and never overtaken; the game it
  interrupted is stashed, and comes back when it ends.
- The end (`finish`): the high-score row first, then the history entry, each once, also with
  two tabs open and after a reload on the end screen (both are re-read and know the game's id).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from app.browser import stores
from app.browser.dom import rescue_focus
from app.browser.host import Host
from app.browser.tour import Tour

if TYPE_CHECKING:  # the codecs import both engines: the home screen is ready without them
    from app.pure.records import Tables
    from app.pure.saved_game import SaveCodec, Saved

S = TypeVar("S")


@dataclass(frozen=True)
class Row:
    """A finished game's row in a record table (`stores.add_record`)."""

    key: str
    table: str
    values: dict[str, int]
    flags: frozenset[str] = frozenset()
    then: Callable[[], None] | None = field(default=None, compare=False)  # once, after the row


class GameSession(Generic[S]):
    def __init__(
        self,
        codec: SaveCodec[S],
        key: str,
        host: Host,
        tour: Tour,
        adopt: Callable[[Saved[S] | None], None],
        shown: Callable[[], S | None],
        slot: stores.Slot[S] | None = None,
    ) -> None:
        """`adopt(saved)` makes another tab's newer game this screen's game, and shows it
        (None: that tab gave the game up, for a new one not started yet); `shown()` is the
        game this tab shows now, to tell a game moved on from a new one."""
        self.codec, self.host, self.tour = codec, host, tour
        self.game = codec.game.lower()
        self.slot = slot if slot is not None else stores.slot(codec, key)
        self.adopt, self.shown = adopt, shown
        self.game_id = ""
        self.in_history = False
        self._known: S | None = None  # the game `game_id` belongs to, as last saved or read
        self._stashed: tuple[Saved[S] | None, str, bool, S | None] | None = None

    # The game's id ---------------------------------------------------------------------------
    def _identify(self, state: S) -> None:
        """`state` is the known game played on, or a new game: then it gets a new id."""
        known = self._known
        if known is None or not self.codec.continues(known, state):
            seed: Any = getattr(state, "seed", 0)
            self.game_id = f"{seed}-{random.getrandbits(32):08x}"
            self.in_history = False
        self._known = state

    def _learn(self, saved: Saved[S] | None) -> Saved[S] | None:
        if saved is not None:
            self._known = None if not saved.game_id else saved.state
            self._identify(saved.state)
            if saved.game_id:
                self.game_id = saved.game_id
            self.in_history = saved.in_history
        return saved

    def _whole(self, saved: Saved[S]) -> Saved[S]:
        """`saved` with its game's id and history mark (an id it has already is kept)."""
        if saved.game_id and saved.game_id != self.game_id:
            self._learn(saved)
        self._identify(saved.state)
        return replace(saved, game_id=self.game_id, in_history=self.in_history)

    # Saving ----------------------------------------------------------------------------------
    def load(self) -> Saved[S] | None:
        """The saved game (None: nothing usable; the player is told why if it was unusable)."""
        return self._learn(self.slot.load())

    def save(self, saved: Saved[S] | None) -> bool:
        """Write `saved` (None: no game); False when another tab had moved the game on: its
        game is shown instead."""
        if self.tour.active:
            return True  # the walkthrough's game is not the saved one
        if self.slot.save(None if saved is None else self._whole(saved)):
            return True
        self._take()
        return False

    def rewind(self, saved: Saved[S]) -> bool:
        """Save the game taken back by UNDO (issue 24): the same game, its log shorter, so it
        keeps its id (a longer log is what `save` takes for the same game)."""
        self._known = saved.state
        return self.save(saved)

    def remember(self, saved: Saved[S] | None) -> None:
        """Keep what is no move (the die picked) in the record, under its stamp: the other
        tabs have nothing to take from it."""
        if not self.tour.active and saved is not None and not self.slot.moved_on():
            self.slot.remember(self._whole(saved))

    def overtaken(self) -> bool:
        """Whether another tab moved this game on (or started another) since this tab last
        saw it; then its game replaces this tab's old one, which is never written."""
        if self.tour.active:
            return False  # the walkthrough plays its own game, never the saved one
        return self.slot.moved_on() and self._take()

    def _take(self) -> bool:
        known_id = self.game_id
        saved = self.load()
        if saved is None and not self.slot.emptied():
            return False  # nothing usable there (told already): this tab's game goes on
        before = self.shown()
        self.adopt(saved)
        rescue_focus(self.tour.game)  # e.g. on a die of the old roll, or the old end screen
        self.host.notify(self._what_happened(before, known_id, saved))
        return True

    def _what_happened(self, before: S | None, known_id: str, saved: Saved[S] | None) -> str:
        """What another tab did to the game this tab showed (`before`, its id `known_id`): moved
        it on, took a move back (UNDO at a table: helper-27's other tab said a new game had
        started), or started another. Ids tell a daily's new game from its own game taken
        back (the same seed); a game saved before ids is told by its moves alone."""
        if saved is None or before is None:
            return "storage.new_game_elsewhere"
        same = saved.game_id == known_id if saved.game_id and known_id else None
        if same is False:
            return "storage.new_game_elsewhere"
        if self.codec.continues(before, saved.state):
            return "storage.other_tab"
        if same and self.codec.continues(saved.state, before):
            return "storage.undone_elsewhere"
        return "storage.other_tab" if same else "storage.new_game_elsewhere"

    @staticmethod
    def in_progress(state: Any) -> bool:
        """A game begun and not over: one that a new game would throw away (so ask first)."""
        from app.pure.saved_game import in_progress

        return in_progress(state)

    # The walkthrough -------------------------------------------------------------------------
    def stash(self, saved: Saved[S] | None) -> None:
        """The game the walkthrough interrupts (once: a walkthrough started again keeps it)."""
        if self._stashed is None:
            self._stashed = (saved, self.game_id, self.in_history, self._known)

    def unstash(self) -> Saved[S] | None:
        """The game the walkthrough interrupted, back (None: there was none)."""
        stashed, self._stashed = self._stashed, None
        if stashed is None:
            return None
        saved, self.game_id, self.in_history, self._known = stashed
        return saved

    # The end ---------------------------------------------------------------------------------
    def unfinish(self, record: tuple[str, str, str] | None) -> None:
        """UNDO past the end of a game of real dice (its last throw typed wrong): its history
        entry and its record row (`record`: key, table, row id) are taken back, and entered
        again, once, when the game ends again."""
        if self.tour.active:
            return
        if self.in_history:
            stores.remove_from_history(self.game_id)
            self.in_history = False
        if record is not None:
            stores.remove_record(*record)

    def finish(self, saved: Saved[S], row: Row | None) -> tuple[Saved[S], Tables | None]:
        """A finished game's high-score row (`row`, entered only while `saved` has none) and
        its history entry, each once; `saved` with its row and history mark, and the new
        tables (None: no row added). The tables are written first: a full quota may cost the
        history its oldest games, never a high score."""
        from app.pure import history

        if self.tour.active:
            return saved, None
        saved = self._whole(saved)
        tables = None
        if row is not None and saved.record_id is None:
            state: Any = saved.state
            record_id, tables = stores.add_record(
                row.key,
                row.table,
                state.seed,
                flags=row.flags,
                ident=self.game_id,
                **row.values,
            )
            saved = replace(saved, record_id=record_id)
            if row.then is not None:
                row.then()
        if not self.in_history:
            meta: Any = saved.meta
            day = meta.day.isoformat() if meta is not None and meta.day is not None else None
            entry = history.entry_for(
                self.game,
                self.game_id,
                stores.now(),
                saved.state,
                levels=saved.seats,
                day=day,
                practice=bool(meta is not None and meta.practice),
                assisted=bool(meta is not None and meta.assisted),
            )
            self.in_history = stores.add_to_history(entry)
            saved = replace(saved, in_history=self.in_history)
        return saved, tables
