"""The MAGDAGDON screen in the browser: tap → what the view model says it means → render.

No rule lives here: the engine decides what is legal, `magdagdon_view` decides what to show and
what each tap plays, and this module writes the DOM, saves, and announces what happened.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from js import document, window

from app.browser import stores
from app.browser.dom import absent, add_dice, by_id, listen, restart_animation, show_text
from app.browser.host import Host
from app.browser.score_tables import render_table
from app.browser.tap_guard import TapGuard
from app.pure.magdagdon_view import (
    AcceptAt,
    LineView,
    MagdagdonView,
    NewGame,
    Picked,
    Tap,
    after_tap,
    build_view,
    cell_name,
    refusal,
)
from app.pure.saved_game import MAGDAGDON, Saved
from cubiri.kernel import Action, RuleError
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import SIZE

ARROWS = {"ArrowUp": -SIZE, "ArrowDown": SIZE, "ArrowLeft": -1, "ArrowRight": 1}


class MagdagdonScreen:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.state: engine.State | None = None
        self.picked = Picked()
        self.record_id: str | None = None
        self.focus_cell = 0
        self.last_view: MagdagdonView | None = None
        self.tables = stores.tables(stores.SCORES_KEY)
        self._discarding = False
        self.guard = TapGuard()

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
            sum_el.setAttribute("aria-hidden", "true")
            row_el.appendChild(sum_el)
            board.appendChild(row_el)
        cols = document.createElement("div")
        cols.className = "md-col-sums"
        cols.setAttribute("aria-hidden", "true")
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
    def open(self, seed: int | None) -> None:
        """Show the game: the one in progress, or the one `?seed=N` asks for, or a new one.
        A link's seed never silently replaces a game in progress: the player is asked."""
        if self.state is None:
            saved = stores.load_game(MAGDAGDON, stores.MAGDAGDON_GAME)
            if saved is not None:
                self.state, self.record_id = saved.state, saved.record_id
        if seed is not None and (self.state is None or self.state.seed != seed):
            if self.in_progress():
                text = self.host.t("confirm.magdagdon.seed", seed=seed)
                self.host.ask(text, lambda: self._start_over(seed))
            else:
                self.new_game(stores.difficulty(), seed)
        elif self.state is None:
            self.new_game(stores.difficulty())
        self.render()

    def _start_over(self, seed: int | None = None) -> None:
        difficulty = self.state.difficulty if self.state is not None else stores.difficulty()
        self.new_game(difficulty, seed)
        self.render()
        by_id("md-primary").focus()

    def new_game(self, difficulty: str, seed: int | None = None) -> None:
        stores.set_difficulty(difficulty)
        self.state = engine.new_game(difficulty, random.getrandbits(31) if seed is None else seed)
        self.record_id = None
        self.picked = Picked()
        self.last_view = None
        self.guard.forget()
        self._save()

    def tap(self, tap: Tap | None) -> None:
        """Carry out what the view said a tap means: an engine action, or a new selection."""
        state = self.state
        if tap is None or state is None:
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
        self.render()

    def _play(self, action: Action) -> engine.State | None:
        assert self.state is not None
        try:
            state = engine.play(self.state, action)
        except RuleError as error:
            t = self.host.t
            key = f"error.{error.code}"
            self.host.announce(t(key if t(key) != key else "error.magdagdon.rule"))
            return None
        self.state = state
        if state.over and self.record_id is None:
            self.record_id, self.tables = stores.add_record(
                stores.SCORES_KEY,
                state.difficulty,
                state.seed,
                score=state.score().final,
                turns=state.turns,
                powers=state.powers_used,
            )
        self._save()
        return state

    def _save(self) -> None:
        if self.state is not None:
            stores.save_game(MAGDAGDON, stores.MAGDAGDON_GAME, Saved(self.state, self.record_id))

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
        if event.detail == 0 and self.picked.die is not None and self.last_view is not None:
            # Keyboard users continue on the board, at the first cell that takes the die.
            lit = [cell.index for cell in self.last_view.cells if cell.lit]
            if lit:
                self._focus(lit[0])

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
        """Say (and show) what the action did, from the events the engine reported."""
        t = self.host.t
        messages = []
        if isinstance(action, engine.Stage):
            value, cell = before.dice[action.die], cell_name(t, action.cell)
            messages.append(t("announce.staged", value=value, cell=cell))
        elif isinstance(action, engine.Unstage):
            value = dict((c, before.dice[d]) for d, c in before.staged)[action.cell]
            messages.append(t("announce.unstaged", value=value, cell=cell_name(t, action.cell)))
        elif isinstance(action, engine.Roll):
            self._discarding = False  # a quick ROLL takes the tray back at once
            self._tumble()
            messages.append(t("announce.rolled", dice=", ".join(map(str, after.dice))))
        elif isinstance(action, engine.Adjust | engine.Reroll):
            if isinstance(action, engine.Reroll):
                self._tumble(set(action.dice))
            messages.append(t("announce.power", dice=", ".join(map(str, after.dice))))
        elif isinstance(action, engine.AcceptMagdagdon):
            messages.append(t("magdagdon.hint.ruin"))
        for event in after.events:
            if isinstance(event, engine.Stuck):
                messages.append(build_view(after, Picked(), t).message)
            elif isinstance(event, engine.Confirmed):
                self._discard(event.discarded, before.dice)
                messages.append(t("announce.confirmed"))
            elif isinstance(event, engine.Ruined):
                restart_animation(by_id(f"md-cell-{event.cell}"), "crumble")
                messages.append(t("announce.ruin", cell=cell_name(t, event.cell)))
        if after.over:
            messages.append(t("announce.over", score=after.score().final))
        # One announcement: a second one at once would silence the first.
        self.host.announce(" ".join(messages))

    def _tumble(self, dice: set[int] | None = None) -> None:
        for index in range(engine.DICE_PER_ROLL):
            if dice is None or index in dice:
                restart_animation(by_id(f"md-die-{index}"), "tumble")

    def _discard(self, dice: tuple[int, ...], values: tuple[int, ...]) -> None:
        """M4: the unused dice leave the tray visibly, then the tray waits for the next ROLL."""
        for index in dice:
            die = by_id(f"md-die-{index}")
            die.textContent = str(values[index])
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
                    _render_sum(by_id(f"md-{kind}-sum-{index}"), line)

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
                die_el.textContent = str(die.value)
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

        end = by_id("md-end")
        end.hidden = not over
        if view.end is not None and (previous is None or previous.end != view.end):
            self._render_end(view)
        self.last_view = view

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


def _render_sum(element: Any, line: LineView) -> None:
    element.replaceChildren()
    number = document.createElement("span")
    number.textContent = str(line.sum)
    element.appendChild(number)
    if line.bonus is not None:
        pill = document.createElement("span")
        pill.className = f"badge badge-{line.bonus}"
        pill.textContent = line.badge
        pill.title = line.bonus_label
        element.appendChild(pill)
