"""The MAGDAGDON screen in the browser: tap → what the view model says it means → render.

No rule lives here: the engine decides what is legal, `magdagdon_view` decides what to show and
what each tap plays, and this module writes the DOM, saves, and announces what happened.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Any

from js import Date, Object, document, window
from pyodide.ffi import create_proxy, to_js

from app.browser import feel, stores
from app.browser.dom import (
    absent,
    add_dice,
    by_id,
    focus_lost,
    listen,
    restart_animation,
    show_text,
)
from app.browser.feel import show_face
from app.browser.game_save import GameSave
from app.browser.host import Host
from app.browser.score_tables import format_date, render_table
from app.browser.tap_guard import TapGuard
from app.browser.tour import Tour
from app.pure import daily, picked_memory
from app.pure.daily import DayResult, GameMeta
from app.pure.feel import is_new_best, place_in_table
from app.pure.magdagdon_help import BotGame, Hint, can_hint, hint_for, hint_key
from app.pure.magdagdon_speech import announcement, happenings
from app.pure.magdagdon_view import (
    AcceptAt,
    CancelAccept,
    CancelReroll,
    LineView,
    MagdagdonView,
    NewGame,
    Picked,
    StartAccept,
    StartReroll,
    Tap,
    after_tap,
    build_view,
    refusal,
    rule_error,
)
from app.pure.saved_game import MAGDAGDON, Saved
from app.pure.tour import SEEDS, Facts
from cubiri.kernel import Action, RuleError
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import EMPTY, RUIN, SIZE

ARROWS = {"ArrowUp": -SIZE, "ArrowDown": SIZE, "ArrowLeft": -1, "ArrowRight": 1}
BOT_SLICE_S = 0.12  # the computer's game on the same dice runs in slices of about this long
BotResult = tuple[int, tuple[int, ...]]  # its score and final board


def local_today() -> date:
    """The player's own calendar date (the browser's time zone picks the daily puzzle)."""
    now = Date.new()
    return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class MagdagdonScreen:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.state: engine.State | None = None
        self.picked = Picked()
        self.record_id: str | None = None
        self.celebrate = False  # this game, finished here and now, is a new best (issue 16)
        self.focus_cell = 0
        self.last_view: MagdagdonView | None = None
        self.tables = stores.tables(stores.SCORES_KEY)
        self._discarding = False
        self.guard = TapGuard()
        self.meta: GameMeta | None = None  # daily or not, assisted or not
        self.hint: Hint | None = None
        self.bot_results: dict[tuple[int, str], BotResult] = {}  # per (seed, difficulty)
        self.bot_game: BotGame | None = None
        self._bot_later = create_proxy(self._bot_step)
        self._hint_later = create_proxy(self._compute_hint)
        # The first game that teaches (issue 16): its game is never saved; the game it
        # interrupted (if any) comes back when it ends.
        self.tour = Tour("magdagdon", host, self._end_tour)
        self._stashed: tuple[engine.State | None, str | None, GameMeta | None] | None = None
        self.saves = GameSave(
            MAGDAGDON, stores.MAGDAGDON_GAME, host, self.tour, self._adopt, lambda: self.state
        )

    # Setup -------------------------------------------------------------------------------------
    def mount(self) -> None:
        board = by_id("md-board")
        for row in range(SIZE):
            row_el = document.createElement("div")
            row_el.setAttribute("role", "row")
            row_el.className = "md-row"
            for col in range(SIZE):
                index = row * SIZE + col
                cell = document.createElement("div")
                cell.setAttribute("role", "gridcell")
                button = document.createElement("button")
                button.type = "button"
                button.className = "md-cell"
                button.id = f"md-cell-{index}"
                button.dataset.cell = str(index)
                button.tabIndex = 0 if index == 0 else -1
                cell.appendChild(button)
                row_el.appendChild(cell)
            sum_el = document.createElement("div")
            sum_el.className = "md-sum md-row-sum"
            sum_el.id = f"md-row-sum-{row}"
            sum_el.setAttribute("role", "gridcell")  # read with its row (issue 14)
            row_el.appendChild(sum_el)
            board.appendChild(row_el)
        cols = document.createElement("div")
        cols.className = "md-col-sums"
        for col in range(SIZE):
            sum_el = document.createElement("div")
            sum_el.className = "md-sum md-col-sum"
            sum_el.id = f"md-col-sum-{col}"
            cols.appendChild(sum_el)
        board.after(cols)
        dice = by_id("md-dice")
        add_dice(dice, engine.DICE_PER_ROLL, "md-die", "die")

        listen(board, "click", self._on_board_click)
        listen(board, "keydown", self._on_board_key)
        listen(dice, "click", self._on_die_click)
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
        listen(by_id("md-hint"), "click", self._on_hint)
        listen(by_id("md-share"), "click", self._on_share)
        for name in ("md-daily-start", "md-daily-again"):
            listen(by_id(name), "click", lambda event: self.open_daily(local_today()))
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
    def open(self, seed: int | None, daily_day: str | None = None, tour: bool = False) -> None:
        """Show the game: the one in progress, or the one `?seed=N` asks for, or a new one.
        A link's seed never silently replaces a game in progress: the player is asked.
        `daily_day` ("today" or YYYY-MM-DD, from `?daily=` or a DAILY button) opens a daily.
        `tour` (from RULES) shows the first-game walkthrough again; a first visit shows it."""
        if self.tour.active and not tour and seed is None and daily_day is None:
            self.render()  # back from RULES or SETTINGS in the middle of the walkthrough
            return
        if self.state is None:
            saved = self.saves.load()
            if saved is not None:
                self.state, self.record_id = saved.state, saved.record_id
                self.picked = picked_memory.restore(stores.picked(), saved.state)
                meta = stores.game_meta()
                state = saved.state
                if meta is not None and meta.belongs_to(state.seed, state.difficulty):
                    self.meta = meta
            elif seed is None and daily_day is None and stores.tour_due("magdagdon"):
                tour = True  # a first visit: nothing saved, no link
        if tour:
            self.start_tour()
            return
        if self.tour.active:
            self.tour.end()  # a link's game or the daily puzzle replaces the walkthrough
        if daily_day is not None:
            day = local_today() if daily_day == "today" else daily.parse_day(daily_day)
            if day is None or day > local_today():
                window.console.warn(f"?daily={daily_day} is not a past date: today's instead")
                day = local_today()
            self.open_daily(day)
            return
        if seed is not None and (self.state is None or self.state.seed != seed):
            if self.in_progress():
                text = self.host.t("confirm.magdagdon.seed", seed=seed)
                self.host.ask(text, lambda: self._start_over(seed))
            else:
                self.new_game(stores.difficulty(), seed)
        elif self.state is None:
            self.new_game(stores.difficulty())
        self.render()

    # The first game that teaches (issue 16) ---------------------------------------------------
    def start_tour(self) -> None:
        """One turn on fixed dice, step by step; the game in progress waits, unsaved over."""
        if not self.tour.active:
            self._stashed = (self.state, self.record_id, self.meta)
        self.state = engine.new_game("peaceful", SEEDS["magdagdon"])
        self.record_id, self.meta, self.celebrate = None, None, False
        self.picked, self.hint, self.last_view = Picked(), None, None
        self.guard.forget()
        self.tour.start(by_id("md-message"))
        self.render()

    def _end_tour(self) -> None:
        self.state, self.record_id, self.meta = self._stashed or (None, None, None)
        self._stashed = None
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
    ) -> None:
        if self.overtaken():
            return  # another tab's game is newer: it is shown, and this one not started
        stores.set_difficulty(difficulty)
        self.state = engine.new_game(difficulty, random.getrandbits(31) if seed is None else seed)
        self.meta = GameMeta(self.state.seed, difficulty, day, practice)
        stores.set_game_meta(self.meta)
        self.record_id = None
        self.celebrate = False
        self.picked = Picked()
        self.hint = None
        self.last_view = None
        self.guard.forget()
        self._save()

    # The daily puzzle --------------------------------------------------------------------------
    def open_daily(self, day: date) -> None:
        """`day`'s puzzle at the current difficulty: resumed if it is the game in progress,
        else a new game on its seed (practice unless it is today's first attempt)."""
        difficulty = self.state.difficulty if self.state is not None else stores.difficulty()
        seed = daily.daily_seed(day, difficulty)
        state, meta = self.state, self.meta
        resumable = state is not None and not state.over and meta is not None
        if resumable and meta is not None and meta.day == day and meta.belongs_to(seed, difficulty):
            self.render()  # the daily in progress: carry on
            return

        def start() -> None:
            today = local_today()
            counted = day == today and not daily.attempted(stores.daily_results(), day, difficulty)
            self.new_game(difficulty, seed, day, practice=not counted)
            self.render()
            by_id("md-primary").focus()

        if self.in_progress():
            self.host.ask(self.host.t("confirm.magdagdon.daily"), start)
            self.render()
        else:
            start()

    def _meta(self) -> GameMeta:
        state = self.state
        assert state is not None
        if self.meta is None or not self.meta.belongs_to(state.seed, state.difficulty):
            self.meta = GameMeta(state.seed, state.difficulty)
        return self.meta

    def _set_meta(self, meta: GameMeta) -> None:
        self.meta = meta
        if not self.tour.active:  # the walkthrough's game is not the saved one
            stores.set_game_meta(meta)

    def _daily_started(self, state: engine.State) -> None:
        """The first ROLL of today's daily: from now on this is the attempt that counts (one
        begun meanwhile in another tab counts instead, and this one becomes practice)."""
        meta = self._meta()
        if meta.day is None or meta.practice or state.turns != 0:  # a ROLL of a later turn
            return
        if daily.attempted(stores.daily_results(), meta.day, meta.difficulty):
            self._set_meta(replace(meta, practice=True))
        else:
            stores.set_daily_result(meta.day, meta.difficulty, DayResult(None, meta.assisted))

    def tap(self, tap: Tap | None) -> None:
        """Carry out what the view said a tap means: an engine action, or a new selection."""
        state = self.state
        if tap is None or state is None or self.overtaken():
            return
        if isinstance(tap, NewGame):
            if self.in_progress():
                self.host.ask(self.host.t("confirm.magdagdon.restart"), self._start_over)
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
        if isinstance(tap, Action):
            after = self._play(tap)
            if after is None:
                return
            self.picked = after_tap(after, self.picked, tap)
            self._tell(state, after, tap)
        else:
            self.picked = after_tap(state, self.picked, tap)
        if self.state is not None and not self.tour.active:
            stores.set_picked(picked_memory.dump(self.state, self.picked))
        self.render()
        self._focus_after(tap)
        self.tour.take_focus()

    # Focus: where the player goes next (issue 14) ---------------------------------------------
    def _focus_after(self, tap: Tap) -> None:
        """Move the focus on purpose to what comes next after `tap`; when the tap leaves the
        focused control in place and usable, it stays. Never left on <body> or a dead control."""
        view, state = self.last_view, self.state
        if view is None or state is None:
            return
        target: Any = None
        if state.over:
            target = by_id("md-end-title")
        elif isinstance(tap, engine.Roll | engine.Reroll | StartReroll):
            target = self._first_die() or self._first_cell() or self._primary()
        elif isinstance(tap, StartAccept | engine.AcceptMagdagdon):
            target = self._first_cell()
        elif isinstance(tap, engine.Stage):
            target = self._first_cell(placing=True) or self._primary() or self._first_die()
        elif isinstance(tap, engine.Confirm | engine.PlaceRuin | AcceptAt):
            target = self._primary()
        elif isinstance(tap, CancelReroll | CancelAccept):
            target = by_id("md-reroll") if not by_id("md-reroll").disabled else self._primary()
        if target is None and focus_lost(by_id("screen-magdagdon")):
            target = self._primary() or self._first_die() or self._first_cell()
            target = target or by_id("magdagdon-title")
        if target is not None:
            self._move_focus(target)

    def _primary(self) -> Any:
        primary = by_id("md-primary")
        return None if primary.disabled else primary

    def _first_die(self) -> Any:
        view = self.last_view
        die = next((d for d in view.dice if d.enabled), None) if view is not None else None
        return None if die is None else by_id(f"md-die-{die.index}")

    def _first_cell(self, placing: bool = False) -> Any:
        """The first lit cell; `placing`: the first that takes the picked die (a staged die's
        cell is lit too, to take it back, but that is not where a placement goes)."""
        view = self.last_view
        if view is None:
            return None
        kinds = (engine.Stage,) if placing else (engine.Stage, engine.PlaceRuin, AcceptAt)
        cell = next((c for c in view.cells if isinstance(c.tap, kinds)), None)
        return None if cell is None else by_id(f"md-cell-{cell.index}")

    def _move_focus(self, element: Any) -> None:
        if element.hasAttribute("data-cell"):
            by_id(f"md-cell-{self.focus_cell}").tabIndex = -1
            self.focus_cell = int(element.dataset.cell)  # the board's roving tabindex follows
            element.tabIndex = 0
        self.guard.focus(element)

    def _play(self, action: Action) -> engine.State | None:
        assert self.state is not None
        try:
            state = engine.play(self.state, action)
        except RuleError as error:
            self.host.announce(rule_error(error, self.host.t))
            return None
        self.state = state
        if isinstance(action, engine.Roll):
            self._daily_started(state)
        if state.over and self.record_id is None:
            meta = self._meta()
            counted = meta.day is not None and not meta.practice
            flags = {"assisted"} if meta.assisted else set()
            if meta.day is not None:
                # A daily's second try knows its dice: HIGH SCORES says it was practice.
                flags.add("daily" if counted else "practice")
            self.record_id, self.tables = stores.add_record(
                stores.SCORES_KEY,
                state.difficulty,
                state.seed,
                flags=frozenset(flags),
                score=state.score().final,
                turns=state.turns,
                powers=state.powers_used,
            )
            ids = [record.id for record in self.tables.get(state.difficulty, [])]
            self.celebrate = is_new_best(ids, self.record_id)
            if counted and meta.day is not None:
                result = DayResult(state.score().final, meta.assisted)
                stores.set_daily_result(meta.day, meta.difficulty, result)
        return state if self._save() else None

    def _save(self) -> bool:
        """Save the game; False when another tab had moved it on: its game is shown instead."""
        state = self.state
        return state is None or self.saves.save(Saved(state, self.record_id))

    def overtaken(self) -> bool:
        """Whether another tab moved this game on (issue 18: a roll played in one tab cannot be
        played differently in another); then its game is shown here instead."""
        return self.saves.overtaken()

    def _adopt(self, saved: Saved[engine.State] | None) -> None:
        """Another tab's newer game replaces this tab's old one (no game there: a new one, as
        a first visit starts; this app never saves none for MAGDAGDON, its NEW GAME's game is
        saved at once)."""
        if saved is None:
            self.new_game(stores.difficulty())
            self.render()
            return
        self.state, self.record_id = saved.state, saved.record_id
        meta = stores.game_meta()
        self.meta = (
            meta
            if meta is not None and meta.belongs_to(saved.state.seed, saved.state.difficulty)
            else None
        )
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
        state = self.state
        return state is not None and bool(state.log) and not state.over

    # Handlers: find what was tapped, then `tap` ---------------------------------------------------
    def _on_die_click(self, event: Any) -> None:
        button = event.target.closest("[data-die]")
        if absent(button) or self.last_view is None or button.disabled:
            return
        if not self.guard.accepts(event, button):
            return
        die = int(button.dataset.die)
        self.tap(self.last_view.dice[die].tap if die < len(self.last_view.dice) else None)
        if self.picked.die is not None and self.last_view is not None:
            # Keyboard users continue on the board, at the first cell that takes the die; a
            # die that fits nowhere keeps the focus, and the reason is said (issue 14).
            cell = self._first_cell(placing=True)
            if cell is None:
                self.host.announce(self.last_view.message)
            elif event.detail == 0:
                self._move_focus(cell)

    def _on_board_click(self, event: Any) -> None:
        button = event.target.closest("[data-cell]")
        if absent(button) or self.last_view is None:
            return
        if not self.guard.accepts(event, button):
            return
        cell = int(button.dataset.cell)
        self.focus_cell = cell
        tap = self.last_view.cells[cell].tap
        if tap is None:
            self._refuse(cell)
        else:
            self.tap(tap)

    def _refuse(self, cell: int) -> None:
        """A tap on a cell that takes nothing now: say why on screen, and mark the cell."""
        if self.state is None:
            return
        reason = refusal(self.state, self.picked, cell, self.host.t)
        if not reason:
            return
        message = by_id("md-message")
        message.textContent = reason
        message.dataset.tone = "error"
        restart_animation(message, "refused")
        restart_animation(by_id(f"md-cell-{cell}"), "refused")
        self.host.announce(reason)

    def _on_board_key(self, event: Any) -> None:
        step = ARROWS.get(event.key)
        if step is None:
            return
        event.preventDefault()
        target = self.focus_cell + step
        if step in (-1, 1) and target // SIZE != self.focus_cell // SIZE:
            return  # left and right stay in the row
        if 0 <= target < SIZE * SIZE:
            self._focus(target)

    def _focus(self, cell: int) -> None:
        by_id(f"md-cell-{self.focus_cell}").tabIndex = -1
        self.focus_cell = cell
        button = by_id(f"md-cell-{cell}")
        button.tabIndex = 0
        button.focus()

    # Announcements and motion ------------------------------------------------------------------
    def _tell(self, before: engine.State, after: engine.State, action: Action) -> None:
        """Say what the action did (the sentences come from `magdagdon_speech`), with its
        sound and the dice's motion."""
        if isinstance(action, engine.Roll):
            self._discarding = False  # a quick ROLL takes the tray back at once
            self._tumble()
        elif isinstance(action, engine.Reroll):
            self._tumble(set(action.dice))
        for event in after.events:
            if isinstance(event, engine.Confirmed):
                self._discard(event.discarded, before.dice)
            elif isinstance(event, engine.Ruined):
                restart_animation(by_id(f"md-cell-{event.cell}"), "crumble")
        feel.tell(happenings(after, action, self.celebrate))
        self.host.announce(announcement(before, after, action, self.host.t, self.celebrate))

    def _tumble(self, dice: set[int] | None = None) -> None:
        for index in range(engine.DICE_PER_ROLL):
            if dice is None or index in dice:
                restart_animation(by_id(f"md-die-{index}"), "tumble")

    def _discard(self, dice: tuple[int, ...], values: tuple[int, ...]) -> None:
        """M4: the unused dice leave the tray visibly, then the tray waits for the next ROLL."""
        for index in dice:
            die = by_id(f"md-die-{index}")
            show_face(die, values[index])
            die.dataset.status = "discarded"
            die.disabled = True
        # Under reduced motion no animation runs, so nothing would say it ended.
        moving = (
            bool(dice)
            and window.getComputedStyle(by_id(f"md-die-{dice[0]}")).animationName == "discard"
        )
        self._discarding = moving

    def _on_dice_animation_end(self, event: Any) -> None:
        if event.animationName == "discard" and self._discarding:
            self._discarding = False
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

        guard = self.guard
        for cell in view.cells:
            button = by_id(f"md-cell-{cell.index}")
            button.classList.remove("refused")
            guard.show(button, cell.tap.kind if cell.tap is not None else None)
            if previous is not None and previous.cells[cell.index] == cell:
                continue
            button.textContent = cell.text
            button.dataset.kind = cell.kind
            button.dataset.lit = "true" if cell.lit else "false"
            button.setAttribute("aria-label", cell.label)
        if previous is None or (previous.rows, previous.cols) != (view.rows, view.cols):
            for kind, lines in (("row", view.rows), ("col", view.cols)):
                for index, line in enumerate(lines):
                    said = self.host.t(f"magdagdon.{kind}_sum", n=index + 1)
                    _render_sum(by_id(f"md-{kind}-sum-{index}"), line, said)

        over = view.end is not None
        by_id("md-play").hidden = over
        for index in range(engine.DICE_PER_ROLL):
            die_el = by_id(f"md-die-{index}")
            if self._discarding and die_el.dataset.status == "discarded":
                continue  # leaving the tray (see _discard)
            if index < len(view.dice):
                die = view.dice[index]
                guard.show(die_el, type(die.tap).__name__ if die.tap is not None else None)
                die_el.hidden = False
                show_face(die_el, die.value)
                die_el.dataset.value = str(die.value)
                die_el.dataset.status = die.status
                die_el.disabled = not die.enabled
                die_el.setAttribute("aria-label", die.label)
                die_el.setAttribute(
                    "aria-pressed", "true" if die.status in ("picked", "chosen") else "false"
                )
            else:
                guard.show(die_el, None)
                die_el.hidden = True
        primary = by_id("md-primary")
        primary_tap = view.primary_tap
        guard.show(primary, type(primary_tap).__name__ if primary_tap is not None else None)
        primary.textContent = view.primary
        primary.disabled = not view.primary_enabled
        primary.dataset.phase = view.phase

        powers = view.powers
        by_id("md-powers").hidden = not powers.visible or view.phase not in ("place", "magdagdon")
        by_id("md-powers-status").textContent = powers.status
        for name, adjust in (("md-decrease", powers.decrease), ("md-increase", powers.increase)):
            button = by_id(name)
            button.disabled = adjust is None
            # The die's value is part of the meaning: INCREASE on a 1 and then on a 2 are two
            # different taps, and a second one a moment later would use a second power.
            value = state.dice[adjust.die] if adjust is not None else None
            guard.show(button, (adjust, value) if adjust is not None else None)
        show_text(by_id("md-powers-hint"), powers.hint)
        reroll = by_id("md-reroll")
        reroll.disabled = powers.reroll is None
        guard.show(reroll, type(powers.reroll).__name__ if powers.reroll is not None else None)
        reroll.textContent = powers.reroll_label
        by_id("md-cancel").hidden = powers.cancel is None

        self._render_hint(state, view)
        self._render_daily_banner()

        end = by_id("md-end")
        end.hidden = not over
        if view.end is not None and (previous is None or previous.end != view.end):
            self._render_end(view)
        self.last_view = view
        if self.tour.active:
            self.tour.update(self._tour_facts(state))

    # HINT: what the computer would do with this roll -----------------------------------------
    def _on_hint(self, event: Any) -> None:
        state = self.state
        if state is None or not can_hint(state) or not self.guard.accepts(event, by_id("md-hint")):
            return
        button = by_id("md-hint")
        if button.getAttribute("aria-disabled") == "true":
            return  # still thinking
        button.textContent = self.host.t("magdagdon.suggest.thinking")
        # aria-disabled, not disabled: a disabled button drops the focus to <body>, and a
        # keyboard player who pressed HINT would start again from the top (issue 14).
        button.setAttribute("aria-disabled", "true")
        # After the button has painted: the computer may think for a few hundred ms.
        window.setTimeout(self._hint_later, 30)

    def _compute_hint(self) -> None:
        state = self.state
        button = by_id("md-hint")
        button.textContent = self.host.t("magdagdon.suggest")
        button.removeAttribute("aria-disabled")
        if state is None or not can_hint(state):
            return
        self.hint = hint_for(state, self.host.t)
        meta = self._meta()
        if not meta.assisted:
            self._set_meta(replace(meta, assisted=True))  # marked in HIGH SCORES (issue 13)
        self.render()
        self.host.announce(self.hint.text)

    def _render_hint(self, state: engine.State, view: MagdagdonView) -> None:
        hint = self.hint if self.hint is not None and self.hint.key == hint_key(state) else None
        hint_button = by_id("md-hint")
        hint_button.hidden = not can_hint(state)
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
        show_text(by_id("md-suggest"), hint.text if hint is not None else "")

    # The daily puzzle on screen ----------------------------------------------------------------
    def _render_daily_banner(self) -> None:
        meta = self.meta
        banner = by_id("md-daily")
        if meta is None or meta.day is None or self.state is None:
            show_text(banner, "")
            return
        key = "magdagdon.daily.practice" if meta.practice else "magdagdon.daily.counts"
        show_text(banner, self.host.t(key, date=meta.day.isoformat()))
        banner.dataset.practice = "true" if meta.practice else "false"

    def _render_daily_end(self) -> None:
        meta, state = self.meta, self.state
        panel = by_id("md-daily-end")
        panel.hidden = meta is None or meta.day is None or state is None
        if meta is None or meta.day is None or state is None:
            return
        t = self.host.t
        by_id("md-share-status").textContent = ""
        results = stores.daily_results()
        today = local_today()
        days = daily.streak(results, today)
        streak = by_id("md-streak")
        streak.hidden = days == 0  # no streak to keep yet (a practice of a past day): no "0 days"
        streak.textContent = t.plural("magdagdon.daily.streak", days)
        by_id("md-calendar-title").textContent = t(
            "magdagdon.daily.calendar", difficulty=meta.difficulty.upper()
        )
        calendar = by_id("md-calendar")
        calendar.replaceChildren()
        for entry in daily.calendar(results, today, meta.difficulty):
            iso = entry.day.isoformat()
            shown = format_date(f"{iso}T12:00:00", t.language)
            item = document.createElement("li")
            link = document.createElement("a")
            link.href = f"?daily={iso}#magdagdon"
            link.className = "md-day"
            link.dataset.day = iso
            if entry.today:
                link.setAttribute("aria-current", "date")
            number = document.createElement("span")
            number.className = "md-day-number"
            number.textContent = str(entry.day.day)
            score = document.createElement("span")
            score.className = "md-day-score"
            score.textContent = "" if entry.score is None else str(entry.score)
            link.append(number, score)
            if entry.score is None:
                label = t("magdagdon.daily.day_none", date=shown)
            else:
                label = t("magdagdon.daily.day", date=shown, score=entry.score)
                link.dataset.played = "true"
            link.setAttribute("aria-label", label)
            link.title = label
            item.appendChild(link)
            calendar.appendChild(item)

    def _on_share(self, event: Any) -> None:
        meta, state = self.meta, self.state
        if meta is None or meta.day is None or state is None or not state.over:
            return
        t = self.host.t
        text = daily.share_text(
            t,
            meta.day,
            meta.difficulty,
            state.score().final,
            state.board,
            practice=meta.practice,
            assisted=meta.assisted,
        )
        status = by_id("md-share-status")

        def said(key: str) -> Callable[[Any], None]:
            def show(_result: Any) -> None:
                status.textContent = t(key)
                status.dataset.state = key.rsplit(".", 1)[-1]
                self.host.announce(t(key))

            return show

        def copy(_error: Any = None) -> None:
            clipboard = getattr(window.navigator, "clipboard", None)
            if clipboard is None or absent(clipboard):
                said("magdagdon.daily.share_failed")(None)
                return
            clipboard.writeText(text).then(
                said("magdagdon.daily.copied"), said("magdagdon.daily.share_failed")
            )

        share = getattr(window.navigator, "share", None)
        if share is not None and not absent(share):
            data = to_js({"text": text}, dict_converter=Object.fromEntries)
            window.navigator.share(data).then(said("magdagdon.daily.shared"), copy)
        else:
            copy()

    # The computer on the same dice -------------------------------------------------------------
    def _start_bot(self) -> None:
        state = self.state
        if state is None:
            return
        key = (state.seed, state.difficulty)
        if key in self.bot_results:
            self._show_bot(*self.bot_results[key])
            return
        by_id("md-bot-score").textContent = self.host.t("magdagdon.bot.thinking")
        by_id("md-bot-details").hidden = True
        if (
            self.bot_game is None
            or (self.bot_game.state.seed, self.bot_game.state.difficulty) != key
        ):
            self.bot_game = BotGame(*key)
        # Once the end screen has painted; then a slice at a time, the page free in between.
        window.setTimeout(self._bot_later, 60)

    def _bot_step(self) -> None:
        bot_game, state = self.bot_game, self.state
        if bot_game is None:
            return
        key = (bot_game.state.seed, bot_game.state.difficulty)
        if bot_game.step(BOT_SLICE_S):
            self.bot_results[key] = (bot_game.score, tuple(bot_game.board))
            self.bot_game = None
            if state is not None and state.over and (state.seed, state.difficulty) == key:
                self._show_bot(*self.bot_results[key])
        elif state is not None and state.over and (state.seed, state.difficulty) == key:
            window.setTimeout(self._bot_later, 0)
        else:
            self.bot_game = None  # the player moved on: the game is dropped

    def _show_bot(self, score: int, board: tuple[int, ...]) -> None:
        t = self.host.t
        by_id("md-bot-score").textContent = t("magdagdon.bot.score", score=score)
        grid = by_id("md-bot-board")
        grid.replaceChildren()
        for row in range(SIZE):
            row_el = document.createElement("div")
            row_el.setAttribute("role", "row")
            row_el.className = "md-mini-row"
            for col in range(SIZE):
                value = board[row * SIZE + col]
                cell = document.createElement("span")
                cell.setAttribute("role", "gridcell")
                cell.className = "md-mini-cell"
                if value == RUIN:
                    cell.dataset.kind = "ruin"
                    cell.textContent = "✕"
                    cell.setAttribute("aria-label", t("magdagdon.ruin"))
                elif value == EMPTY:
                    cell.dataset.kind = "empty"
                else:
                    cell.dataset.kind = "number"
                    cell.textContent = str(value)
                row_el.appendChild(cell)
            grid.appendChild(row_el)
        by_id("md-bot-details").hidden = False

    def _render_end(self, view: MagdagdonView) -> None:
        assert view.end is not None and self.state is not None
        t = self.host.t
        table = by_id("md-breakdown")
        table.replaceChildren()
        rows = [*view.end.rows, (t("magdagdon.end.final"), str(view.end.final))]
        for index, (label, points) in enumerate(rows):
            tr = document.createElement("tr")
            if index == len(rows) - 1:
                tr.className = "final"
            th = document.createElement("th")
            th.scope = "row"
            th.textContent = label
            td = document.createElement("td")
            td.textContent = points
            tr.append(th, td)
            table.appendChild(tr)
        scores = by_id("md-end-scores")
        scores.replaceChildren()
        difficulty = self.state.difficulty
        render_table(scores, difficulty, self.tables.get(difficulty, []), self.record_id, t)
        self._render_celebration(view.end.final)
        self._render_daily_end()
        self._start_bot()

    def _render_celebration(self, final: int) -> None:
        """A new best (issue 16): the score counting up, the board in a flourish and the place
        in the table, above the breakdown; only for the game just finished here."""
        end, state = by_id("md-end"), self.state
        old = by_id("md-celebration")
        if not absent(old):
            old.remove()
        board = by_id("md-board")
        board.classList.remove("flourish")
        if not self.celebrate or state is None:
            return
        t = self.host.t
        table = self.tables.get(state.difficulty, [])
        place = place_in_table([record.id for record in table], self.record_id) or 1
        banner = feel.celebration(
            "md-celebration",
            t("celebrate.best"),
            t("celebrate.place", place=place, table=state.difficulty.upper()),
        )
        end.prepend(banner)
        feel.count_to(banner.querySelector(".celebrate-score"), final, str)
        restart_animation(board, "flourish")


def _render_sum(element: Any, line: LineView, said: str) -> None:
    """A line's sum and bonus badge; a screen reader hears "Sum of row 1: 12, STRAIGHT +60"."""
    element.replaceChildren()
    lead = document.createElement("span")
    lead.className = "visually-hidden"
    lead.textContent = f"{said} "
    number = document.createElement("span")
    number.textContent = str(line.sum)
    element.append(lead, number)
    if line.bonus is not None:
        pill = document.createElement("span")
        pill.className = f"badge badge-{line.bonus}"
        pill.textContent = line.badge
        pill.title = line.bonus_label
        pill.setAttribute("aria-hidden", "true")
        named = document.createElement("span")
        named.className = "visually-hidden"
        named.textContent = f", {line.bonus_label}"
        element.append(pill, named)
