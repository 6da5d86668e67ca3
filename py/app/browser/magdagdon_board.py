"""The MAGDAGDON board and dice tray in the page: the 4×4 grid of cell buttons with its line
sums, the board's roving focus (arrow keys, issue 14), and the four dice with their motion
(tumbling on a throw, leaving the tray when discarded, M4).

What each cell and die shows and means comes from the view model; the screen decides what a tap
plays. `guard` (a `TapGuard`) is told what each control means now, so a second tap of a control
whose meaning changed is not played.
"""

from __future__ import annotations

from typing import Any

from js import document, window

from app.browser.dom import add_dice, by_id, restart_animation, show_text
from app.browser.feel import show_face
from app.browser.tap_guard import TapGuard
from app.pure.i18n import Translator
from app.pure.magdagdon_view import LineView, MagdagdonView
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import SIZE

ARROWS = {"ArrowUp": -SIZE, "ArrowDown": SIZE, "ArrowLeft": -1, "ArrowRight": 1}


class Board:
    def __init__(self, guard: TapGuard) -> None:
        self.guard = guard
        self.focus_cell = 0  # the cell the board's roving tabindex is on

    def mount(self) -> Any:
        """Build the grid (and its column sums after it); returns the board element."""
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
        return board

    def render(self, view: MagdagdonView, previous: MagdagdonView | None, t: Translator) -> None:
        for cell in view.cells:
            button = by_id(f"md-cell-{cell.index}")
            button.classList.remove("refused")
            self.guard.show(button, cell.tap.kind if cell.tap is not None else None)
            if previous is not None and previous.cells[cell.index] == cell:
                continue
            button.textContent = cell.text
            button.dataset.kind = cell.kind
            button.dataset.lit = "true" if cell.lit else "false"
            button.dataset.tap = cell.tap.kind if cell.tap is not None else ""  # a RUIN's: red
            button.setAttribute("aria-label", cell.label)
        if previous is None or (previous.rows, previous.cols) != (view.rows, view.cols):
            for kind, lines in (("row", view.rows), ("col", view.cols)):
                for index, line in enumerate(lines):
                    said = t(f"magdagdon.{kind}_sum", n=index + 1)
                    _render_sum(by_id(f"md-{kind}-sum-{index}"), line, said)

    # The roving focus ------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        step = ARROWS.get(event.key)
        if step is None:
            return
        event.preventDefault()
        target = self.focus_cell + step
        if step in (-1, 1) and target // SIZE != self.focus_cell // SIZE:
            return  # left and right stay in the row
        if 0 <= target < SIZE * SIZE:
            self.rove_to(target)
            by_id(f"md-cell-{target}").focus()

    def rove_to(self, cell: int) -> None:
        """The board's one tabbable cell becomes `cell`."""
        by_id(f"md-cell-{self.focus_cell}").tabIndex = -1
        self.focus_cell = cell
        by_id(f"md-cell-{cell}").tabIndex = 0


class Tray:
    def __init__(self, guard: TapGuard) -> None:
        self.guard = guard
        self.discarding = False  # discarded dice are leaving the tray (see `discard`)

    def mount(self) -> Any:
        dice = by_id("md-dice")
        add_dice(dice, engine.DICE_PER_ROLL, "md-die", "die")
        return dice

    def render(self, view: MagdagdonView) -> None:
        guard = self.guard
        for index in range(engine.DICE_PER_ROLL):
            die_el = by_id(f"md-die-{index}")
            if self.discarding and die_el.dataset.status == "discarded":
                continue  # leaving the tray (see discard)
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

    def tumble(self, dice: set[int] | None = None) -> None:
        """The dice thrown (all when `dice` is None) tumble; a quick ROLL takes back a tray
        whose discarded dice were still leaving."""
        if dice is None:
            self.discarding = False
        for index in range(engine.DICE_PER_ROLL):
            if dice is None or index in dice:
                restart_animation(by_id(f"md-die-{index}"), "tumble")

    def discard(self, dice: tuple[int, ...], values: tuple[int, ...]) -> None:
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
        self.discarding = moving

    def left(self, event: Any) -> bool:
        """Whether `event` (an animationend) is the discarded dice having left the tray: the
        tray is then drawn again."""
        if event.animationName == "discard" and self.discarding:
            self.discarding = False
            return True
        return False


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


def render_powers(view: MagdagdonView, state: engine.State, guard: TapGuard) -> None:
    """The Majda Powers panel (M19–M21): shown while a roll is placed or in MAGDAGDON."""
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
