"""MISHIMASH's score sheet in the page (issue 24): SCORE SHEET opens and closes it, a real
table (caption, a column head per seat, a row head per round) that a screen reader walks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document, window

from app.browser.dom import absent, by_id, element, listen
from app.pure.i18n import Translator
from app.pure.score_sheet import Sheet
from app.pure.table_dice import parse_points


class ScoreSheet:
    def __init__(self, sheet: Callable[[], Sheet | None], toggled: Callable[[], object]) -> None:
        """`sheet()`: the sheet of the game on the screen (None: no game); `toggled()`: the
        screen draws itself again (the sheet, and what goes with it)."""
        self._sheet, self._toggled = sheet, toggled
        self.open = False

    def mount(self) -> None:
        listen(by_id("ms-sheet-open"), "click", self._on_toggle)
        listen(window, "resize", self._on_resize)  # a phone turned: heads upright or not

    def _on_resize(self, _event: Any) -> None:
        for name in ("ms-sheet", "ms-over-sheet"):
            box = by_id(name)
            table = box.querySelector(".ms-sheet-table")
            if not absent(table):
                _fit(box, table)

    def _on_toggle(self, _event: Any) -> None:
        self.open = not self.open
        self._toggled()

    def render(self, over: bool, at_table: bool) -> None:
        """The sheet under SCORE SHEET while it is open; at the end of a game of real dice
        (`at_table`) it stands under the standings, the paper the table would have kept."""
        sheet = self._sheet() if at_table and (self.open or over) else None
        by_id("ms-sheet-open").setAttribute("aria-expanded", "true" if self.open else "false")
        for name, shown in (("ms-sheet", self.open and not over), ("ms-over-sheet", over)):
            box = by_id(name)
            box.hidden = not shown or sheet is None
            box.replaceChildren()
            if shown and sheet is not None:
                table = _table(sheet)
                box.appendChild(table)
                _fit(box, table)
                if sheet.corrections:
                    box.appendChild(_notes(sheet))


def _table(sheet: Sheet) -> Any:
    table = document.createElement("table")
    table.className = "ms-sheet-table"
    table.appendChild(element("caption", sheet.caption))
    head = document.createElement("thead")
    row = document.createElement("tr")
    row.appendChild(element("td"))
    for seat, name in enumerate(sheet.names):
        th = element("th")
        th.setAttribute("scope", "col")
        head_text = element("span", name, "head")
        if seat in sheet.leaders:
            th.className = "leader"
            # A space: "Annabelle leads", never "Annabelleleads" (an audit read the name)
            head_text.append(" ", element("small", sheet.leader_mark))
        th.appendChild(head_text)
        row.appendChild(th)
    head.appendChild(row)
    table.appendChild(head)
    body = document.createElement("tbody")
    for line in sheet.rows:
        row = document.createElement("tr")
        row.setAttribute("data-kind", line.kind)
        th = element("th", line.label)
        th.setAttribute("scope", "row")
        row.appendChild(th)
        for item in line.cells:
            td = document.createElement("td")
            td.setAttribute("data-kind", item.kind)
            td.setAttribute("aria-label", item.label)
            if item.points:
                td.appendChild(element("span", item.points, "points"))
                td.appendChild(element("small", item.total, "total"))
            if item.correction:
                td.appendChild(element("small", item.correction, "fix"))
            row.appendChild(td)
        body.appendChild(row)
    table.appendChild(body)
    foot = document.createElement("tfoot")
    row = document.createElement("tr")
    th = element("th", sheet.total_label)
    th.setAttribute("scope", "row")
    row.appendChild(th)
    for total in sheet.totals:
        row.appendChild(element("td", total))
    foot.appendChild(row)
    table.appendChild(foot)
    return table


def _fit(box: Any, table: Any) -> None:
    """Names are never broken inside a word (a tester saw "Annabell/e"); where the columns of
    whole names are wider than the box (four long names at 320 px cut the fourth off), the
    heads stand upright, read from the bottom up, so every column shows whole."""
    table.classList.remove("upright")
    if box.scrollWidth > box.clientWidth + 1:
        table.classList.add("upright")


def _notes(sheet: Sheet) -> Any:
    """The corrections, in the order made: who, how much, in which round."""
    notes = document.createElement("ul")
    notes.className = "ms-sheet-notes"
    for line in sheet.corrections:
        notes.appendChild(element("li", line))
    return notes


# (seat, race round, halves) → why not (None: done)
Correct = Callable[[int, int, int], str | None]


class CorrectionForm:
    """Correct a turn (issue 24): a seat, one of the race rounds it has played, and the points
    to add or take away; refused with the reason, and nothing changes then."""

    def __init__(self, correct: Correct, t: Callable[[], Translator]) -> None:
        self._correct, self._t = correct, t
        self._rounds: tuple[int, ...] = ()

    def mount(self) -> None:
        listen(by_id("ms-correct"), "submit", self._on_submit)
        listen(by_id("ms-correct-seat"), "change", lambda _event: self._fill_rounds())

    def show(self, names: tuple[str, ...] | None, rounds: tuple[int, ...] = ()) -> None:
        """The form for these seats, each with the race rounds it has played (None: hidden,
        as outside the race, mid-turn, or with the app's dice)."""
        form = by_id("ms-correct")
        form.hidden = names is None
        if names is None:
            return
        seat = by_id("ms-correct-seat")
        chosen = int(seat.value) if seat.value else 0
        if rounds != self._rounds or seat.options.length != len(names):
            seat.replaceChildren()
            for index, name in enumerate(names):
                option = document.createElement("option")
                option.value = str(index)
                option.textContent = name  # text only: a name is never HTML
                seat.appendChild(option)
            seat.value = str(min(chosen, len(names) - 1))
        self._rounds = rounds
        self._fill_rounds()

    def _fill_rounds(self) -> None:
        seat = int(by_id("ms-correct-seat").value or 0)
        played = self._rounds[seat] if seat < len(self._rounds) else 0
        menu = by_id("ms-correct-round")
        kept = menu.value
        menu.replaceChildren()
        for number in range(played, 0, -1):  # the latest first: the likeliest to mend
            option = document.createElement("option")
            option.value = str(number)
            option.textContent = self._t()("table.sheet.round", n=number)
            menu.appendChild(option)
        if kept and 1 <= int(kept) <= played:
            menu.value = kept
        by_id("ms-correct-button").disabled = played == 0

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        t = self._t()
        field = by_id("ms-correct-points")
        typed = str(field.value)
        halves = parse_points(typed)
        menu = by_id("ms-correct-round")
        if halves is None:
            problem: str | None = t("table.correct.bad_points", found=typed.strip()[:12])
        elif not menu.value:
            return
        else:
            seat = int(by_id("ms-correct-seat").value)
            problem = self._correct(seat, int(menu.value), halves)
        by_id("ms-correct-error").textContent = problem or ""
        if problem:
            field.setAttribute("aria-invalid", "true")
            field.setAttribute("aria-describedby", "ms-correct-error")
            field.focus()
        else:
            field.removeAttribute("aria-invalid")
            field.removeAttribute("aria-describedby")
            field.value = ""
