"""The MAGDAGDON screen in the browser: tap → what the view model says it means → render.

No rule lives here: the engine decides what is legal, `magdagdon_view` decides what to show and
what each tap plays, and this module writes the DOM, saves, and announces what happened.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Any

from js import document, window

from app.browser import feel, storage, stores
from app.browser.dom import (
    absent,
    by_id,
    into_view,
    into_view_span,
    listen,
    restart_animation,
)
from app.browser.game_session import GameSession, Row
from app.browser.host import Host
from app.browser.magdagdon_board import Board, Tray, render_powers
from app.browser.magdagdon_computer import ComputerGame
from app.browser.magdagdon_daily import DailyPanel, local_today
from app.browser.magdagdon_daily_flow import DailyFlow
from app.browser.magdagdon_end import EndScreen
from app.browser.magdagdon_focus import Focus
from app.browser.magdagdon_hint import HintPanel
from app.browser.magdagdon_taps import BoardTaps
from app.browser.table_entry import DiceEntry
from app.browser.tap_guard import TapGuard
from app.browser.tour import Tour
from app.pure import daily, picked_memory
from app.pure.daily import DayResult, GameMeta
from app.pure.feel import is_new_best
from app.pure.magdagdon_help import Hint, hint_key, hint_text
from app.pure.magdagdon_speech import accept_asked, announcement, happenings
from app.pure.magdagdon_view import (
    AcceptAt,
    CancelReroll,
    MagdagdonView,
    NewGame,
    Picked,
    StartAccept,
    Tap,
    after_tap,
    build_view,
    power_moves,
    reroll_prompt,
    rule_error,
    undo_entry,
    undone_said,
)
from app.pure.saved_game import MAGDAGDON, Saved
from app.pure.table_dice import Undone, app_dice, dice_to_enter, real_dice
from app.pure.tour import SEEDS, Facts
from cubiri import dice as seeded
from cubiri.kernel import Action, Dice, RuleError
from cubiri.magdagdon import game as engine

HINT_SHOWN = "cubiri.md.hint"  # sessionStorage: the game and roll a HINT was last shown for


class MagdagdonScreen:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.state: engine.State | None = None
        self.picked = Picked()
        self.entry = DiceEntry(  # real dice: the throw entered at the table (issue 24)
            "md",
            self._entering,
            lambda: app_dice(engine.ENGINE, self.state).values,
            self._entry_kept,
            lambda values: self.tap(Dice(values)),
            lambda: self.host.t,
        )
        self.record_id: str | None = None
        self.celebrate = False  # this game, finished here and now, is a new best (issue 16)
        self._undo_made: tuple[engine.State | None, Undone | None] = (None, None)
        self.last_view: MagdagdonView | None = None
        self.tables = stores.tables(stores.SCORES_KEY)
        self.guard = TapGuard()
        self.board = Board(self.guard)
        self.tray = Tray(self.guard)
        self.focus = Focus(self.board, self.guard)
        self.taps = BoardTaps(self)  # which die or cell a click means
        self.meta: GameMeta | None = None  # daily or not, assisted or not
        self.hint: Hint | None = None
        # The panels: each writes its part of the page from what the screen passes in.
        self.hints = HintPanel(host, self.guard, lambda: self.state, self._hinted)
        self.daily = DailyPanel(host)
        self.dailies = DailyFlow(self)  # which daily game the screen holds
        self.end = EndScreen(host)
        self.computer = ComputerGame(host, lambda: self.state, lambda: self.session.game_id)
        # The first game that teaches (issue 16): its game is never saved; the game it
        # interrupted (if any) comes back when it ends.
        self.tour = Tour("magdagdon", host, self._end_tour)
        self.session = GameSession(
            MAGDAGDON, stores.MAGDAGDON_GAME, host, self.tour, self._adopt, lambda: self.state
        )

    # Setup -------------------------------------------------------------------------------------
    def mount(self) -> None:
        board = self.board.mount()
        dice = self.tray.mount()
        listen(board, "click", self.taps.on_board_click)
        listen(board, "keydown", self.board.on_key)
        listen(dice, "click", self.taps.on_die_click)
        listen(dice, "animationend", self._on_dice_animation_end)
        buttons: dict[str, Callable[[MagdagdonView], Tap | None]] = {
            "md-primary": lambda view: view.primary_tap,
            "md-decrease": lambda view: view.powers.decrease,
            "md-increase": lambda view: view.powers.increase,
            "md-reroll": lambda view: view.powers.reroll,
            "md-cancel": lambda view: view.powers.cancel,
            "md-new-game": lambda view: NewGame(),
            "md-restart": lambda view: NewGame(),
        }
        for name, meaning in buttons.items():
            listen(by_id(name), "click", self._button(name, meaning))
        listen(by_id("md-hint"), "click", self.hints.on_click)
        listen(by_id("md-undo"), "click", self._on_undo)
        listen(by_id("md-real-dice"), "change", self._on_real_dice)
        self.entry.mount()
        listen(by_id("md-share"), "click", lambda event: self.daily.share(self.meta, self.state))
        for name in ("md-daily-start", "md-daily-again"):
            listen(by_id(name), "click", self._on_daily)
        self.guard.watch(by_id("screen-magdagdon"))

    def _button(
        self, name: str, meaning: Callable[[MagdagdonView], Tap | None]
    ) -> Callable[[Any], None]:
        """A click handler playing what the shown view says that button means."""

        def handler(event: Any) -> None:
            if self.last_view is not None and self.guard.accepts(event, by_id(name)):
                self.tap(meaning(self.last_view))

        return handler

    # The game ----------------------------------------------------------------------------------
    def open(
        self,
        seed: int | None,
        daily_day: str | None = None,
        tour: bool = False,
        real: bool = False,
    ) -> None:
        """Show the game: the one in progress, or the one `?seed=N` asks for, or a new one.
        A link's seed never silently replaces a game in progress: the player is asked.
        `daily_day` ("today" or YYYY-MM-DD, from `?daily=` or a DAILY button) opens a daily.
        `tour` (from RULES) shows the first-game walkthrough again; a first visit shows it.
        `real` (`?dice=real`): a game with real dice, asked for as its checkbox does."""
        if self.tour.active and not tour and seed is None and daily_day is None:
            self.render()  # back from RULES or SETTINGS in the middle of the walkthrough
            return
        # A first visit gets the walkthrough, also one that came by a shared link (its game
        # waits, stashed) or that has a game saved (issue 29: for a daily, the link is the way in).
        first_visit = not tour and not self.tour.active and stores.tour_due("magdagdon")
        if self.state is None:
            saved = self.session.load()
            if saved is not None:
                self._resume(saved)
                self.picked = picked_memory.restore(saved.picked, saved.state)
                if storage.session_read(HINT_SHOWN) == self._hint_mark():
                    self.hints.follow()  # shown before the reload, for this very roll
                if saved.state.over:  # its row and history entry, if a reload came between
                    self._finish(saved.state)
                    self.session.remember(self.saved())
        if first_visit and seed is None and daily_day is None:
            tour = True
        if tour:
            self.start_tour()
            return
        if self.tour.active:
            self.tour.end()  # a link's game or the daily puzzle replaces the walkthrough
        if daily_day is not None:
            day = local_today() if daily_day == "today" else daily.parse_day(daily_day)
            if day is None or day > local_today():
                window.console.warn(f"?daily={daily_day} is not a past date: today's instead")
                self.host.notify("magdagdon.daily.not_a_day")
                day = local_today()
            self.dailies.open(day)
            self._first_tour(first_visit)
            return
        # The same seed again once its game is over: a new game on its dice, not the old end.
        same = self.state is not None and self.state.seed == seed and not self.state.over
        if seed is not None and not same:
            if self.in_progress():
                text = self.dailies.leave_text(self.host.t("confirm.magdagdon.seed", seed=seed))
                self.host.ask(text, lambda: self._start_over(seed))
            else:
                self.new_game(stores.difficulty(), seed)
        elif self.state is None:
            self.new_game(stores.difficulty())
        if real and seed is None:
            self._choose_real_dice(True)
        self.render()
        if seed is not None:
            self._first_tour(first_visit)

    def _first_tour(self, due: bool) -> None:
        """The walkthrough for a first visit that came by a link, once the link's game is
        set up (it waits, stashed); not over the question whether to leave a game."""
        if due and not by_id("confirm-dialog").open:
            self.start_tour()

    # The first game that teaches (issue 16) ---------------------------------------------------
    def start_tour(self) -> None:
        """One turn on fixed dice, step by step; the game in progress waits, unsaved over."""
        if not self.tour.active:
            self.session.stash(self.saved())
        self.state = engine.new_game("peaceful", SEEDS["magdagdon"])
        self.record_id, self.meta, self.celebrate = None, None, False
        self.picked, self.hint, self.last_view = Picked(), None, None
        self.guard.forget()
        self.tour.start(by_id("md-message"))
        self.render()

    def _end_tour(self) -> None:
        self._resume(self.session.unstash())
        self.picked, self.hint, self.last_view = Picked(), None, None
        self.guard.forget()
        if self.state is None:
            self.new_game(stores.difficulty())
        self.render()
        by_id("md-primary").focus()

    def _tour_facts(self, state: engine.State) -> Facts:
        return Facts(
            rolled=bool(state.log),
            picked=self.picked.die is not None or bool(state.staged),
            staged=len(state.staged),
            turn_over=state.turns >= 1,
        )

    def _start_over(self, seed: int | None = None) -> None:
        difficulty = self.state.difficulty if self.state is not None else stores.difficulty()
        self.new_game(difficulty, seed)
        self.render()
        by_id("md-primary").focus()

    def new_game(
        self,
        difficulty: str,
        seed: int | None = None,
        day: date | None = None,
        practice: bool = False,
        real: bool | None = None,
    ) -> None:
        """`real`: whether the table throws real dice (None: as the game before, never for a
        daily, whose dice are the day's)."""
        if self.overtaken():
            return  # another tab's game is newer: it is shown, and this one not started
        if self.dailies.counted() is not None:
            stores.save_game(MAGDAGDON, stores.LEFT_DAILY, self.saved())  # for DAILY to resume
        stores.set_difficulty(difficulty)
        if real is None:
            real = self.state is not None and real_dice(self.state)
        scheme = seeded.TYPED if real and day is None else seeded.SCHEME
        number = random.getrandbits(31) if seed is None else seed
        self.state = engine.new_game(difficulty, number, dice_scheme=scheme)
        self.entry.values = ()
        self.meta = GameMeta(self.state.seed, difficulty, day, practice)
        self.record_id = None
        self.celebrate = False
        self.picked = Picked()
        self.hint = None
        self.last_view = None
        self.guard.forget()
        self._save()

    def take_up(self, kept: Saved[engine.State]) -> None:
        """Make `kept` (a game saved aside) this screen's game, shown and saved."""
        self._resume(kept)
        self.picked = picked_memory.restore(kept.picked, kept.state)
        self.celebrate, self.hint, self.last_view = False, None, None
        self.guard.forget()
        self._save()
        self.render()
        by_id("md-primary").focus()

    def game_meta(self) -> GameMeta:
        state = self.state
        assert state is not None
        if self.meta is None or not self.meta.belongs_to(state.seed, state.difficulty):
            self.meta = GameMeta(state.seed, state.difficulty)
        return self.meta

    def set_meta(self, meta: GameMeta) -> None:
        """Mark the game (practice, assisted): saved at once, so that it is never lost."""
        self.meta = meta
        self._save()

    def tap(self, tap: Tap | None) -> None:
        """Carry out what the view said a tap means: an engine action, or a new selection."""
        state = self.state
        if tap is None or state is None or self.overtaken():
            return
        if isinstance(tap, NewGame):
            if self.in_progress():
                text = self.dailies.leave_text(self.host.t("confirm.magdagdon.restart"))
                self.host.ask(text, self._start_over)
            else:
                self._start_over()
            return
        if isinstance(tap, AcceptAt):
            # The RUIN's cell confirms ACCEPT MAGDAGDON (M17, M18): both are played now.
            if self._play(engine.AcceptMagdagdon()) is None:
                return
            tap = engine.PlaceRuin(tap.cell)
            state = self.state
            assert state is not None
        hinted = self.hint is not None and self.hint.key == hint_key(state)
        taken_back = 0
        if isinstance(tap, engine.Adjust | engine.Reroll):
            # A power that leaves the roll in MAGDAGDON takes the staged dice back first.
            *unstage, tap = power_moves(state, tap)
            for move in unstage:
                if self._play(move) is None:
                    return
            taken_back = len(unstage)
        if isinstance(tap, Action):
            after = self._play(tap)
            if after is None:
                return
            self.picked = replace(after_tap(after, self.picked, tap), taken_back=taken_back)
            self._tell(state, after, tap)
        else:
            self.picked = after_tap(state, self.picked, tap)
            if isinstance(tap, StartAccept):
                asked = accept_asked(state, self.picked, self.host.t)
                if asked:
                    self.host.announce(asked)
        if self.state is not None and not self.tour.active:
            self.session.remember(self.saved())  # the die picked, kept across a reload
        self.render()
        if hinted and isinstance(tap, engine.Adjust):
            self.hints.follow()  # the plan goes on for the roll as the power left it
        self.focus.after(tap, self.state, self.last_view)
        if self.last_view is not None and self.last_view.waiting is not None:
            self.entry.in_view()  # a throw to enter: the focus showed its first face only
        elif isinstance(tap, Dice) and self.state is not None:
            # A throw entered: the board comes back above its dice (helper-24 at 320×568
            # placed them with the board's first row above the screen, where the entry had
            # scrolled to).
            into_view_span(by_id("md-board"), by_id("md-primary"))
        elif isinstance(tap, engine.Roll) and self.state is not None:
            # The app's dice: the board and the dice to place, together (helper-30 at 320×568
            # tapped ROLL where CONFIRM had been and saw the dice with no board above them).
            into_view_span(by_id("md-board"), by_id("md-dice"))
        self.tour.take_focus()

    def _play(self, action: Action) -> engine.State | None:
        assert self.state is not None
        try:
            state = engine.play(self.state, action)
        except RuleError as error:
            self.host.announce(rule_error(error, self.host.t))
            return None
        self.state = state
        if isinstance(action, engine.Roll):
            self.dailies.started(state)
        if state.over and self.record_id is None:
            self._finish(state)
            ids = [record.id for record in self.tables.get(state.difficulty, [])]
            self.celebrate = is_new_best(ids, self.record_id)
        return state if self._save() else None

    def _finish(self, state: engine.State) -> None:
        """The finished game's high-score row (and a counted daily's result), then its history
        entry: each once, however many tabs and reloads (the session knows the game's id)."""
        from app.pure.history import outcome_of

        meta, outcome = self.game_meta(), outcome_of("magdagdon", state) or {}
        counted = meta.day is not None and not meta.practice
        flags = {"assisted"} if meta.assisted else set()
        if real_dice(state):
            flags.add("real")  # HIGH SCORES says so (issue 24)
        if meta.day is not None:
            # A daily's second try knows its dice: HIGH SCORES says it was practice.
            flags.add("daily" if counted else "practice")

        def daily_result() -> None:
            if counted and meta.day is not None:
                result = DayResult(outcome["score"], meta.assisted)
                stores.set_daily_result(meta.day, meta.difficulty, result)

        values = {name: outcome[name] for name in ("score", "turns", "powers")}
        row = Row(stores.SCORES_KEY, state.difficulty, values, frozenset(flags), daily_result)
        saved, tables = self.session.finish(self.saved() or Saved(state), row)
        if tables is not None:
            self.tables = tables
        self.record_id = saved.record_id

    def saved(self) -> Saved[engine.State] | None:
        """This screen's game as its record keeps it (None: no game)."""
        state = self.state
        if state is None:
            return None
        keep = picked_memory.keep(self.picked)
        entered = self.entry.values if self._entering() is not None else ()
        return Saved(state, self.record_id, meta=self.meta, picked=keep, entered=entered)

    def _resume(self, saved: Saved[engine.State] | None) -> None:
        """Make `saved` this screen's game (None: none yet)."""
        self.state = None if saved is None else saved.state
        self.record_id = None if saved is None else saved.record_id
        self.meta = None if saved is None else saved.meta
        self.entry.restore(() if saved is None else saved.entered)

    def _save(self) -> bool:
        """Save the game; False when another tab had moved it on: its game is shown instead."""
        return self.state is None or self.session.save(self.saved())

    def overtaken(self) -> bool:
        """Whether another tab moved this game on (issue 18: a roll played in one tab cannot be
        played differently in another); then its game is shown here instead."""
        return self.session.overtaken()

    def _adopt(self, saved: Saved[engine.State] | None) -> None:
        """Another tab's newer game replaces this tab's old one (no game there: a new one, as
        a first visit starts; this app never saves none for MAGDAGDON, its NEW GAME's game is
        saved at once)."""
        if saved is None:
            self.new_game(stores.difficulty())
            self.render()
            return
        self._resume(saved)
        self.picked = Picked()
        self.hint = None
        self.last_view = None
        self.guard.forget()
        self.tables = stores.tables(stores.SCORES_KEY)
        self.render()

    def refresh_tables(self) -> None:
        """Another tab changed the high scores: the end of a game shows them as they are now."""
        self.tables = stores.tables(stores.SCORES_KEY)
        if self.state is not None and self.state.over:
            self.last_view = None
            self.render()

    def in_progress(self) -> bool:
        return self.session.in_progress(self.state)

    # Real dice at the table (issue 24) -----------------------------------------------------------
    def _entering(self) -> int | None:
        """How many dice the table is to enter for the throw waiting (None: none waits)."""
        return None if self.tour.active else dice_to_enter(engine.ENGINE, self.state)

    def _on_daily(self, _event: Any) -> None:
        """DAILY: today's puzzle, on the day's dice even at a table of real dice (said so)."""
        real = self.state is not None and real_dice(self.state)
        self.dailies.open(local_today())
        if real:
            self.host.notify("magdagdon.daily.app_dice")

    def _on_real_dice(self, _event: Any) -> None:
        self._choose_real_dice(bool(by_id("md-real-dice").checked))

    def _choose_real_dice(self, real: bool) -> None:
        """The "Real dice" choice: a new game with the dice asked for, once the player says
        the game in progress may go (else the choice stays as the game is)."""
        state = self.state
        if state is not None and real_dice(state) == real:
            return
        difficulty = state.difficulty if state is not None else stores.difficulty()

        def start() -> None:
            self.new_game(difficulty, real=real)
            self.render()
            by_id("md-primary").focus()

        if self.in_progress():
            key = "confirm.magdagdon.real_dice" if real else "confirm.magdagdon.app_dice"
            self.host.ask(self.dailies.leave_text(self.host.t(key)), start)
            self.render()  # the box shows the game's dice until the player says yes
        else:
            start()

    def _undone(self) -> Undone | None:
        """The game one entry back at a table of real dice (None: nothing to take back), once
        a state: UNDO shows only where it does something."""
        state = self.state
        if state is None or self.tour.active:
            return None
        if self._undo_made[0] is not state:
            self._undo_made = (state, undo_entry(state))
        return self._undo_made[1]

    def _on_undo(self, _event: Any) -> None:
        """UNDO: one entry back (a typed throw, a die staged or taken back, CONFIRM, a power,
        ACCEPT with its RUIN), as often as wanted; a throw taken back is given back to mend."""
        if self.overtaken():
            return
        t = self.host.t
        said = self.entry.take_back()  # a face tapped (or a die removed) in the throw entered
        if said is not None:
            self.host.announce(said)
            self._focus_play()
            return
        undone, before = self._undone(), self.state
        if undone is None or before is None:
            return
        self.state, self.picked, self.entry.values = undone.state, Picked(), undone.dice
        self.hint, self.last_view = None, None
        self.guard.forget()
        saved = self.saved()
        if saved is None or not self.session.rewind(saved):
            return
        self.render()
        self.host.announce(undone_said(before, undone, t))
        self._focus_play()

    def _focus_play(self) -> None:
        """After UNDO, with nothing more to take back (the button gone), the focus goes on to
        play: into a throw to enter, else the main button."""
        undo = by_id("md-undo")
        if not undo.hidden:  # the focus stays on it, which a message back can push below the
            into_view(undo)  # bottom of a phone (helper-18: a second Enter undid more, unseen)
            return
        if self._entering() is not None:
            self.entry.focus()
        else:
            by_id("md-primary").focus()

    def _entry_kept(self) -> None:
        """A face tapped, or an entered die removed: kept across a reload at once."""
        if self.overtaken():
            return
        self.session.remember(self.saved())
        self.render()

    # Announcements and motion ------------------------------------------------------------------
    def _tell(self, before: engine.State, after: engine.State, action: Action) -> None:
        """Say what the action did (the sentences come from `magdagdon_speech`), with its
        sound and the dice's motion."""
        if isinstance(action, engine.Roll):
            self.tray.tumble()
        elif isinstance(action, engine.Reroll):
            self.tray.tumble(set(action.dice))
        elif isinstance(action, Dice):
            self.tray.tumble(set(before.throwing))
        for event in after.events:
            if isinstance(event, engine.Confirmed):
                self.tray.discard(event.discarded, before.dice)
            elif isinstance(event, engine.Ruined):
                restart_animation(by_id(f"md-cell-{event.cell}"), "crumble")
        feel.tell(happenings(after, action, self.celebrate))
        self.host.announce(announcement(before, after, action, self.host.t, self.celebrate))

    def _on_dice_animation_end(self, event: Any) -> None:
        if self.tray.left(event):
            self.render()

    # Render ------------------------------------------------------------------------------------
    def render(self) -> None:
        state = self.state
        if state is None:
            return
        view = build_view(state, self.picked, self.host.t)
        previous = self.last_view
        by_id("md-difficulty").textContent = view.difficulty
        by_id("md-turn").textContent = view.turn
        by_id("md-score").textContent = view.score
        message = by_id("md-message")
        message.textContent = view.message
        message.dataset.tone = view.tone
        by_id("screen-magdagdon").dataset.phase = view.phase

        self.board.render(view, previous, self.host.t)
        guard = self.guard
        over = view.end is not None
        by_id("md-play").hidden = over
        self.tray.render(view)
        primary = by_id("md-primary")
        primary_tap = view.primary_tap
        guard.show(primary, type(primary_tap).__name__ if primary_tap is not None else None)
        primary.textContent = view.primary
        primary.disabled = not view.primary_enabled
        primary.dataset.phase = view.phase

        powers = view.powers
        render_powers(view, state, guard)

        entering = self._entering()
        self.entry.show(entering, self.host.t, reroll_prompt(state, self.host.t))
        if entering is not None:  # the table throws: its dice are entered, nothing else
            by_id("md-dice").hidden = primary.hidden = by_id("md-powers").hidden = True
        else:
            by_id("md-dice").hidden = primary.hidden = False
        # The entry's prompt says what to do: the message said it again above the board.
        message.hidden = entering is not None
        by_id("md-real-dice").checked = real_dice(state)
        by_id("md-undo").hidden = self._undone() is None and not self.entry.can_take_back
        self.hints.render(state, view, self.hint)
        self.daily.render_banner(self.meta, state)

        end = by_id("md-end")
        end.hidden = not over
        if view.end is not None and (previous is None or previous.end != view.end):
            self._render_end(view)
        if view.phase == "magdagdon" and (
            previous is None
            or (previous.phase, previous.powers.cancel) != ("magdagdon", powers.cancel)
        ):
            # Its message names ACCEPT and the Majda Powers, below the dice: just into view,
            # the message above them staying in view on a phone (issue 29), and the board
            # whose values it names too where all of it fits (helper-24).
            below = by_id("md-powers") if powers.visible else primary
            into_view_span(by_id("md-board"), below)
        elif isinstance(powers.cancel, CancelReroll) and (
            previous is None or previous.powers.cancel != powers.cancel
        ):
            # REROLL's message names REROLL, under the dice (helper-17 at 320×568 saw it cut
            # in half at the screen's bottom).
            into_view(by_id("md-powers"))
        self.last_view = view
        if self.tour.active:
            self.tour.update(self._tour_facts(state))

    def _hint_mark(self) -> str | None:
        """Which game and roll a HINT was shown for, as this tab keeps it across a reload
        (helper-27's hint vanished on reload, the game still marked as assisted)."""
        if self.state is None:
            return None
        return json.dumps([self.session.game_id, *hint_key(self.state)])

    # The panels -------------------------------------------------------------------------------
    def _hinted(self, hint: Hint) -> None:
        """The computer's HINT for this roll: shown, said, and the game marked as assisted."""
        self.hint = hint
        storage.session_write(HINT_SHOWN, self._hint_mark())
        meta = self.game_meta()
        if not meta.assisted:
            self.set_meta(replace(meta, assisted=True))  # marked in HIGH SCORES (issue 13)
        self.render()
        state = self.state
        self.host.announce(hint.text if state is None else hint_text(hint, state, self.host.t))
        # The cells it lights and the dice it marks, together where they fit (helper-24 at
        # 320×568 saw both lit cells above the screen).
        lit = document.querySelector("#md-board [data-hint]")
        if not absent(lit):
            into_view_span(lit, by_id("md-dice"))

    def _render_end(self, view: MagdagdonView) -> None:
        state = self.state
        assert view.end is not None and state is not None
        table = self.tables.get(state.difficulty, [])
        self.end.render(view.end, state, table, self.record_id, self.celebrate)
        self.end.render_seed(state, self.meta)
        self.daily.render_end(self.meta, state)
        self.computer.start(state)
