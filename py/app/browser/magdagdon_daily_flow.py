"""How the MAGDAGDON screen opens, keeps and resumes the daily puzzle (issue 13, issue 29).

A daily is a game on the day's seed; the first ROLL of today's first attempt makes it the one
that counts. A counted attempt left for another game is kept (`stores.LEFT_DAILY`) and DAILY
brings it back. The screen owns the game; this flow decides which daily game it should hold.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from app.browser import stores
from app.browser.dom import by_id
from app.browser.magdagdon_daily import day_text, local_today
from app.pure import daily
from app.pure.daily import DayResult, GameMeta
from app.pure.saved_game import MAGDAGDON, Saved
from cubiri.magdagdon import game as engine

if TYPE_CHECKING:
    from app.browser.magdagdon_screen import MagdagdonScreen


class DailyFlow:
    def __init__(self, screen: MagdagdonScreen) -> None:
        self.screen = screen

    def open(self, day: date) -> None:
        """`day`'s puzzle at the current difficulty: resumed if it is the game in progress,
        else a new game on its seed (practice unless it is today's first attempt)."""
        screen = self.screen
        kept = self._left(day)
        difficulty = screen.state.difficulty if screen.state is not None else stores.difficulty()
        if kept is not None:
            difficulty = kept.state.difficulty  # the counted attempt, at its own difficulty
        seed = daily.daily_seed(day, difficulty)
        state, meta = self.screen.state, self.screen.meta
        resumable = state is not None and not state.over and meta is not None
        if resumable and meta is not None and meta.day == day and meta.belongs_to(seed, difficulty):
            self.screen.render()  # the daily in progress: carry on
            return

        def start() -> None:
            if kept is not None:
                self._bring_back(kept)
                return
            today = local_today()
            counted = day == today and not daily.attempted(stores.daily_results(), day, difficulty)
            self.screen.new_game(difficulty, seed, day, practice=not counted)
            self.screen.render()
            by_id("md-primary").focus()

        if self.screen.in_progress():
            self.screen.host.ask(self.screen.host.t("confirm.magdagdon.daily"), start)
            self.screen.render()
        else:
            start()

    def counted(self) -> GameMeta | None:
        """This game's meta when it is a daily's counted attempt, begun and not over."""
        state, meta = self.screen.state, self.screen.meta
        if state is None or meta is None or meta.day is None or meta.practice:
            return None
        if not self.screen.in_progress() or not meta.belongs_to(state.seed, state.difficulty):
            return None
        return meta

    def leave_text(self, text: str) -> str:
        """What the question before leaving this game says: `text`, unless the game is a
        counted daily, whose stake is named (it is kept, and DAILY brings it back)."""
        meta = self.counted()
        if meta is None or meta.day is None:
            return text
        key = "confirm.magdagdon.leave_daily"
        today = meta.day == local_today()
        shown = day_text(meta.day, self.screen.host.t.language)
        return self.screen.host.t(key if today else f"{key}_past", date=shown)

    def _left(self, day: date) -> Saved[engine.State] | None:
        """The counted attempt at `day`'s daily that another game replaced, if any."""
        kept = stores.load_game(MAGDAGDON, stores.LEFT_DAILY)
        meta = kept.meta if kept is not None else None
        if kept is None or meta is None or meta.day != day or meta.practice or kept.state.over:
            return None
        state = kept.state
        if not meta.belongs_to(state.seed, state.difficulty):
            return None
        if daily.daily_seed(day, state.difficulty) != state.seed:
            return None
        return kept

    def _bring_back(self, kept: Saved[engine.State]) -> None:
        if self.screen.overtaken():
            return
        # The game it replaces is kept in its place if it is a counted daily too.
        left = self.screen.saved() if self.counted() is not None else None
        stores.save_game(MAGDAGDON, stores.LEFT_DAILY, left)
        stores.set_difficulty(kept.state.difficulty)
        self.screen.take_up(replace(kept, record_id=None))

    def started(self, state: engine.State) -> None:
        """The first ROLL of today's daily: from now on this is the attempt that counts (one
        begun meanwhile in another tab counts instead, and this one becomes practice)."""
        meta = self.screen.game_meta()
        if meta.day is None or meta.practice or state.turns != 0:  # a ROLL of a later turn
            return
        if daily.attempted(stores.daily_results(), meta.day, meta.difficulty):
            self.screen.set_meta(replace(meta, practice=True))
        else:
            stores.set_daily_result(meta.day, meta.difficulty, DayResult(None, meta.assisted))
