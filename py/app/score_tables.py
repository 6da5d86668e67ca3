"""High-score tables in the DOM (the end of a game and the HIGH SCORES screen)."""

from __future__ import annotations

from typing import Any

from js import Date, Intl, Object, document
from pyodide.ffi import to_js

from app.i18n import Translator
from app.records import Record
from app.solo_records import SoloRecord


def format_date(iso: str, language: str) -> str:
    options = to_js({"dateStyle": "medium"}, dict_converter=Object.fromEntries)
    return str(Intl.DateTimeFormat.new(language, options).format(Date.new(iso)))


def render_table(
    container: Any, difficulty: str, records: list[Record], highlight: str | None, t: Translator
) -> None:
    """A table of the top 10 of one difficulty, the row of `highlight` marked as new."""
    heading = document.createElement("h4")
    heading.textContent = f"{t('scores.title')} · {difficulty.upper()}"
    container.appendChild(heading)
    if not records:
        empty = document.createElement("p")
        empty.className = "scores-empty"
        empty.textContent = t("scores.empty")
        container.appendChild(empty)
        return
    table = document.createElement("table")
    table.className = "scores"
    table.dataset.difficulty = difficulty
    head = document.createElement("tr")
    for key in ("scores.rank", "scores.score", "scores.date", "scores.turns", "scores.powers"):
        th = document.createElement("th")
        th.scope = "col"
        th.textContent = t(key)
        head.appendChild(th)
    table.appendChild(head)
    for rank, record in enumerate(records, start=1):
        row = document.createElement("tr")
        if record.id == highlight:
            row.className = "new"
            row.setAttribute("aria-label", t("scores.new"))
        cells = (
            str(rank),
            str(record.score),
            format_date(record.date, t.language),
            str(record.turns),
            str(record.powers),
        )
        for text in cells:
            td = document.createElement("td")
            td.textContent = text
            row.appendChild(td)
        table.appendChild(row)
    container.appendChild(table)


def render_solo_table(
    container: Any, heading: str, records: list[SoloRecord], highlight: str | None, t: Translator
) -> None:
    """MISHIMASH solo records of one target: fewest turns first, the new one marked."""
    title = document.createElement("h4")
    title.textContent = heading
    container.appendChild(title)
    table = document.createElement("table")
    table.className = "scores"
    head = document.createElement("tr")
    for key in ("scores.rank", "mishimash.records.turns", "scores.date"):
        th = document.createElement("th")
        th.scope = "col"
        th.textContent = t(key)
        head.appendChild(th)
    table.appendChild(head)
    for rank, record in enumerate(records, start=1):
        row = document.createElement("tr")
        if record.id == highlight:
            row.className = "new"
            row.setAttribute("aria-label", t("scores.new"))
        for text in (str(rank), str(record.turns), format_date(record.date, t.language)):
            td = document.createElement("td")
            td.textContent = text
            row.appendChild(td)
        table.appendChild(row)
    container.appendChild(table)
