"""MISHIMASH's score sheet in the page (issue 24): SCORE SHEET opens and closes it, a real
table (caption, a column head per seat, a row head per round) that a screen reader walks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document

from app.browser.dom import by_id, listen
from app.pure.score_sheet import Sheet


class ScoreSheet:
    def __init__(self, sheet: Callable[[], Sheet | None]) -> None:
        """`sheet()`: the sheet of the game on the screen (None: no game)."""
        self._sheet = sheet
        self.open = False
        self.over = False

    def mount(self) -> None:
        listen(by_id("ms-sheet-open"), "click", self._on_toggle)

    def _on_toggle(self, _event: Any) -> None:
        self.open = not self.open
        self.render(self.over)

    def render(self, over: bool) -> None:
        """The sheet under SCORE SHEET while it is open; at the end of a game of real dice it
        stands under the standings, the paper the table would have kept."""
        self.over = over
        sheet = self._sheet() if self.open or over else None
        by_id("ms-sheet-open").setAttribute("aria-expanded", "true" if self.open else "false")
        for name, shown in (("ms-sheet", self.open and not over), ("ms-over-sheet", over)):
            box = by_id(name)
            box.hidden = not shown or sheet is None
            box.replaceChildren()
            if shown and sheet is not None:
                box.appendChild(_table(sheet))


def _cell(tag: str, text: str = "", class_name: str = "") -> Any:
    cell = document.createElement(tag)
    cell.textContent = text
    if class_name:
        cell.className = class_name
    return cell


def _table(sheet: Sheet) -> Any:
    table = document.createElement("table")
    table.className = "ms-sheet-table"
    table.appendChild(_cell("caption", sheet.caption))
    head = document.createElement("thead")
    row = document.createElement("tr")
    row.appendChild(_cell("td"))
    for seat, name in enumerate(sheet.names):
        th = _cell("th", name)
        th.setAttribute("scope", "col")
        if seat in sheet.leaders:
            th.className = "leader"
            mark = _cell("small", sheet.leader_mark)
            th.appendChild(mark)
        row.appendChild(th)
    head.appendChild(row)
    table.appendChild(head)
    body = document.createElement("tbody")
    for line in sheet.rows:
        row = document.createElement("tr")
        row.setAttribute("data-kind", line.kind)
        th = _cell("th", line.label)
        th.setAttribute("scope", "row")
        row.appendChild(th)
        for item in line.cells:
            td = document.createElement("td")
            td.setAttribute("data-kind", item.kind)
            td.setAttribute("aria-label", item.label)
            if item.points:
                td.appendChild(_cell("span", item.points, "points"))
                td.appendChild(_cell("small", item.total, "total"))
            row.appendChild(td)
        body.appendChild(row)
    table.appendChild(body)
    foot = document.createElement("tfoot")
    row = document.createElement("tr")
    th = _cell("th", sheet.total_label)
    th.setAttribute("scope", "row")
    row.appendChild(th)
    for total in sheet.totals:
        row.appendChild(_cell("td", total))
    foot.appendChild(row)
    table.appendChild(foot)
    return table
