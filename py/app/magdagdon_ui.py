"""The MAGDAGDON screen in the browser: handler → engine action → new state → render.

No rule lives here: the engine decides what is legal, `magdagdon_view` decides what to show,
and this module only writes the DOM, saves to localStorage and announces events.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from js import console, document, window
from pyodide.ffi import create_proxy

from app import storage
from app.dom import absent, add_dice, by_id, listen, restart_animation
from app.magdagdon_view import LineView, MagdagdonView, Selection, build_view, cell_name
from app.records import Record, Tables, add_record, dump_tables, parse_tables
from app.saved_game import MAGDAGDON, Saved
from app.score_tables import render_table
from cubiri.errors import RuleError
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.difficulty import DIFFICULTIES

if TYPE_CHECKING:
    from app.shell import Shell

GAME_KEY = "cubiri.magdagdon.game"
SCORES_KEY = "cubiri.magdagdon.scores"
DIFFICULTY_KEY = "cubiri.magdagdon.difficulty"
DEFAULT_DIFFICULTY = "peaceful"
ARROWS = {"ArrowUp": -4, "ArrowDown": 4, "ArrowLeft": -1, "ArrowRight": 1}


class MagdagdonScreen:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.state: engine.State | None = None
        self.picked = Selection()
        self.record_id: str | None = None
        self.focus_cell = 0
        self.last_view: MagdagdonView | None = None
        self.tables, problems = parse_tables(storage.read(SCORES_KEY))
        for problem in problems:
            console.warn(problem)
        self._discarding = False
        self._end_discard_later = create_proxy(self._end_discard)

    # Setup -------------------------------------------------------------------------------------
    def mount(self) -> None:
        board = by_id("md-board")
        for row in range(4):
            row_el = document.createElement("div")
            row_el.setAttribute("role", "row")
            row_el.className = "md-row"
            for col in range(4):
                index = row * 4 + col
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
        for col in range(4):
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
        listen(by_id("md-primary"), "click", self._on_primary)
        listen(by_id("md-decrease"), "click", lambda e: self._adjust(-1))
        listen(by_id("md-increase"), "click", lambda e: self._adjust(1))
        listen(by_id("md-reroll"), "click", self._on_reroll)
        listen(by_id("md-cancel"), "click", self._on_cancel_reroll)
        listen(by_id("md-new-game"), "click", self._on_new_game)

    # The game ----------------------------------------------------------------------------------
    def open(self, seed: int | None) -> None:
        """Show the game: the one in progress, or the one `?seed=N` asks for, or a new one."""
        if self.state is None:
            saved, problem = MAGDAGDON.load(storage.read(GAME_KEY))
            if problem:
                console.warn(problem)
                storage.remove(GAME_KEY)
            if saved is not None and (seed is None or saved.state.seed == seed):
                self.state, self.record_id = saved.state, saved.record_id
        if seed is not None and (self.state is None or self.state.seed != seed):
            self.new_game(self.difficulty(), seed)
        elif self.state is None:
            self.new_game(self.difficulty())
        self.render()

    def difficulty(self) -> str:
        saved = storage.read(DIFFICULTY_KEY)
        return saved if saved in DIFFICULTIES else DEFAULT_DIFFICULTY

    def in_progress(self) -> bool:
        state = self.state
        return state is not None and bool(state.log) and state.phase is not engine.Phase.OVER

    def new_game(self, difficulty: str, seed: int | None = None) -> None:
        storage.write(DIFFICULTY_KEY, difficulty)
        self.state = engine.new_game(difficulty, random.getrandbits(31) if seed is None else seed)
        self.record_id = None
        self.picked = Selection()
        self.last_view = None
        self._save()

    def act(self, action: engine.Action) -> bool:
        assert self.state is not None
        try:
            state = engine.apply(self.state, action)
        except RuleError as error:
            key = f"error.{error.code}"
            self.shell.announce(
                self.shell.t(key if self.shell.t(key) != key else "error.magdagdon.rule")
            )
            return False
        self.state = state
        if state.phase is engine.Phase.OVER and self.record_id is None:
            self._record_score()
        self._save()
        return True

    def _record_score(self) -> None:
        state = self.state
        assert state is not None
        record = Record(
            id=f"{state.seed}-{random.getrandbits(32):08x}",
            score=state.score().final,
            date=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            turns=state.turns,
            powers=state.powers_used,
        )
        self.tables = add_record(self.tables, state.difficulty, record)
        self.record_id = record.id
        storage.write(SCORES_KEY, dump_tables(self.tables))

    def _save(self) -> None:
        if self.state is not None:
            storage.write(GAME_KEY, MAGDAGDON.dump(Saved(self.state, self.record_id)))

    # Handlers ----------------------------------------------------------------------------------
    def _on_die_click(self, event: Any) -> None:
        button = event.target.closest("[data-die]")
        if absent(button) or self.state is None or button.disabled:
            return
        die = int(button.dataset.die)
        if self.picked.rerolling:
            chosen = self.picked.reroll ^ {die}
            self.picked = replace(self.picked, reroll=frozenset(chosen))
        else:
            self.picked = Selection(die=None if self.picked.die == die else die)
        self.render()
        if event.detail == 0 and self.picked.die is not None:
            # Keyboard users continue on the board, at the first cell that takes the die.
            lit = (
                [cell.index for cell in self.last_view.cells if cell.lit] if self.last_view else []
            )
            if lit:
                self._focus(lit[0])

    def _on_board_click(self, event: Any) -> None:
        button = event.target.closest("[data-cell]")
        if absent(button) or self.state is None:
            return
        cell = int(button.dataset.cell)
        self.focus_cell = cell
        state, t = self.state, self.shell.t
        staged = dict((c, die) for die, c in state.staged)
        if state.phase is engine.Phase.RUIN:
            if self.act(engine.PlaceRuin(cell)):
                self._crumble(cell)
                self.shell.announce(t("announce.ruin", cell=cell_name(t, cell)))
                self._announce_end()
        elif cell in staged:
            value = state.dice[staged[cell]]
            if self.act(engine.Unstage(cell)):
                self.shell.announce(t("announce.unstaged", value=value, cell=cell_name(t, cell)))
        elif self.picked.die is not None and not self.picked.rerolling:
            die = self.picked.die
            if self.act(engine.Stage(die, cell)):
                self.picked = Selection(die=self._next_die())
                value = state.dice[die]
                self.shell.announce(t("announce.staged", value=value, cell=cell_name(t, cell)))
        self.render()

    def _next_die(self) -> int | None:
        """After a placement, pick the next die that still fits somewhere, to save a tap."""
        state = self.state
        assert state is not None
        if state.phase is not engine.Phase.PLACE:
            return None
        return next((die for die in state.available if state.legal_cells(die)), None)

    def _on_board_key(self, event: Any) -> None:
        step = ARROWS.get(event.key)
        if step is None:
            return
        event.preventDefault()
        target = self.focus_cell + step
        if step in (-1, 1) and target // 4 != self.focus_cell // 4:
            return  # left and right stay in the row
        if 0 <= target < 16:
            self._focus(target)

    def _focus(self, cell: int) -> None:
        by_id(f"md-cell-{self.focus_cell}").tabIndex = -1
        self.focus_cell = cell
        button = by_id(f"md-cell-{cell}")
        button.tabIndex = 0
        button.focus()

    def _on_primary(self, _event: Any) -> None:
        state, t = self.state, self.shell.t
        assert state is not None
        phase = state.phase
        if phase is engine.Phase.ROLL:
            self._discarding = False  # a quick ROLL takes the tray back at once
            if self.act(engine.Roll()):
                self.picked = Selection()
                self._tumble()
                self._announce_roll()
        elif phase is engine.Phase.PLACE:
            unused = state.available
            if self.act(engine.Confirm()):
                self.picked = Selection()
                self._discard(unused, state.dice)
                self.shell.announce(t("announce.confirmed"))
                self._announce_end()
        elif phase is engine.Phase.MAGDAGDON:
            self.act(engine.AcceptMagdagdon())
            self.picked = Selection()
            self.shell.announce(t("magdagdon.hint.ruin"))
        self.render()

    def _on_new_game(self, _event: Any) -> None:
        assert self.state is not None
        self.new_game(self.state.difficulty)
        self.render()
        by_id("md-primary").focus()

    def _adjust(self, delta: int) -> None:
        die = self.picked.die
        if die is None:
            return
        if self.act(engine.Adjust(die, delta)):
            self._announce_power()
        self.render()

    def _on_reroll(self, _event: Any) -> None:
        if not self.picked.rerolling:
            self.picked = Selection(rerolling=True)
        elif self.picked.reroll:
            if self.act(engine.Reroll(tuple(sorted(self.picked.reroll)))):
                self._tumble(self.picked.reroll)
                self._announce_power()
            self.picked = Selection()
        self.render()

    def _on_cancel_reroll(self, _event: Any) -> None:
        self.picked = Selection()
        self.render()

    # Announcements and motion ------------------------------------------------------------------
    def _announce_roll(self) -> None:
        state, t = self.state, self.shell.t
        assert state is not None
        message = t("announce.rolled", dice=", ".join(map(str, state.dice)))
        if state.phase is engine.Phase.MAGDAGDON:
            # One announcement: a second one at once would silence the first.
            message += " " + build_view(state, self.picked, t).message
        self.shell.announce(message)

    def _announce_power(self) -> None:
        state = self.state
        assert state is not None
        dice = ", ".join(map(str, state.dice))
        self.shell.announce(self.shell.t("announce.power", dice=dice))

    def _announce_end(self) -> None:
        state = self.state
        assert state is not None
        if state.phase is engine.Phase.OVER:
            self.shell.announce(self.shell.t("announce.over", score=state.score().final))

    def _tumble(self, dice: frozenset[int] | None = None) -> None:
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
        self._discarding = bool(dice)
        if dice:
            window.setTimeout(self._end_discard_later, 650)

    def _end_discard(self) -> None:
        self._discarding = False
        self.render()

    def _crumble(self, cell: int) -> None:
        restart_animation(by_id(f"md-cell-{cell}"), "crumble")

    # Render ------------------------------------------------------------------------------------
    def render(self) -> None:
        state = self.state
        if state is None:
            return
        view = build_view(state, self.picked, self.shell.t)
        previous = self.last_view
        by_id("md-difficulty").textContent = view.difficulty
        by_id("md-turn").textContent = view.turn
        by_id("md-score").textContent = view.score
        message = by_id("md-message")
        message.textContent = view.message
        message.dataset.tone = view.tone
        by_id("screen-magdagdon").dataset.phase = view.phase

        for cell in view.cells:
            if previous is not None and previous.cells[cell.index] == cell:
                continue
            button = by_id(f"md-cell-{cell.index}")
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
                die_el.hidden = True
        primary = by_id("md-primary")
        primary.textContent = view.primary
        primary.disabled = not view.primary_enabled
        primary.dataset.phase = view.phase

        powers = view.powers
        by_id("md-powers").hidden = not powers.visible or view.phase not in ("place", "magdagdon")
        by_id("md-powers-status").textContent = powers.status
        by_id("md-decrease").disabled = not powers.decrease
        by_id("md-increase").disabled = not powers.increase
        reroll = by_id("md-reroll")
        reroll.disabled = not powers.reroll
        reroll.textContent = powers.reroll_label
        by_id("md-cancel").hidden = not powers.cancel

        end = by_id("md-end")
        end.hidden = not over
        if view.end is not None and (previous is None or previous.end != view.end):
            self._render_end(view)
        self.last_view = view

    def _render_end(self, view: MagdagdonView) -> None:
        assert view.end is not None and self.state is not None
        t = self.shell.t
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
        render_table(scores, difficulty, self.tables[difficulty], self.record_id, t)

    def scores(self) -> Tables:
        return self.tables


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
