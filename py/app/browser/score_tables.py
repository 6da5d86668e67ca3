"""High-score tables in the DOM (the end of a game and the HIGH SCORES screen)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from js import Date, Intl, Object, document
from pyodide.ffi import to_js

from app.browser import storage, stores
from app.browser.dom import absent
from app.pure.i18n import Translator
from app.pure.records import Record
from cubiri.magdagdon.difficulty import DIFFICULTIES


def format_date(iso: str, language: str) -> str:
    options = to_js({"dateStyle": "medium"}, dict_converter=Object.fromEntries)
    return str(Intl.DateTimeFormat.new(language, options).format(Date.new(iso)))


def _table(
    container: Any,
    heading: str,
    columns: tuple[str, ...],
    rows: Sequence[tuple[str, Sequence[str]]],
    highlight: str | None,
    t: Translator,
    marks: dict[str, dict[str, tuple[str, str]]] | None = None,
) -> Any:
    """A heading and a table of `rows` (id, cells); the row whose id is `highlight` is new."""
    # Headings in order (issue 14): a section of HIGH SCORES (under its h1), or a part of a
    # game's end (under the end's h2).
    on_scores_screen = not absent(container.closest("#screen-scores"))
    title = document.createElement("h2" if on_scores_screen else "h3")
    title.textContent = heading
    container.appendChild(title)
    if not rows:
        empty = document.createElement("p")
        empty.className = "scores-empty"
        empty.textContent = t("scores.empty")
        container.appendChild(empty)
        return None
    table = document.createElement("table")
    table.className = "scores"
    head = document.createElement("tr")
    for key in columns:
        th = document.createElement("th")
        th.scope = "col"
        th.textContent = t(key)
        head.appendChild(th)
    table.appendChild(head)
    for ident, cells in rows:
        row = document.createElement("tr")
        if ident == highlight:
            row.className = "new"
            row.setAttribute("aria-label", t("scores.new"))
        for text in cells:
            td = document.createElement("td")
            td.textContent = text
            row.appendChild(td)
        for mark, (symbol, label) in (marks or {}).get(ident, {}).items():
            _mark(row.children[1], mark, symbol, label)
        table.appendChild(row)
    container.appendChild(table)
    return table


def render_table(
    container: Any, difficulty: str, records: list[Record], highlight: str | None, t: Translator
) -> None:
    """MAGDAGDON: the top 10 of one difficulty (M25)."""
    rows = [
        (
            r.id,
            (
                str(rank),
                str(r["score"]),
                format_date(r.date, t.language),
                str(r["turns"]),
                str(r["powers"]),
            ),
        )
        for rank, r in enumerate(records, start=1)
    ]
    columns = ("scores.rank", "scores.score", "scores.date", "scores.turns", "scores.powers")
    heading = f"{t('scores.title')} · {difficulty.upper()}"
    # Beside the score: a game played with a HINT is assisted; the day's counted daily; a
    # daily played again as practice.
    symbols = {
        "daily": ("☀", t("magdagdon.daily")),
        "practice": ("↻", t("daily.practice_tag")),
        "assisted": ("?", t("scores.assisted")),
        "real": ("⚀", t("scores.real_dice")),
    }
    marks = {r.id: {f: symbols[f] for f in sorted(r.flags) if f in symbols} for r in records}
    table = _table(container, heading, columns, rows, highlight, t, marks)
    if table is not None:
        table.dataset.difficulty = difficulty
        _legend(container, {f: s for m in marks.values() for f, s in m.items()})


def _badge(name: str, symbol: str) -> Any:
    """A mark's look: its symbol in a small badge, hidden from screen readers (each use says
    the meaning in words)."""
    mark = document.createElement("span")
    mark.className = f"score-mark score-mark-{name}"
    shown = document.createElement("span")
    shown.setAttribute("aria-hidden", "true")
    shown.textContent = symbol
    mark.appendChild(shown)
    return mark


def _mark(cell: Any, name: str, symbol: str, label: str) -> None:
    """A small mark after a cell's text, with its meaning for a screen reader and on hover."""
    mark = _badge(name, symbol)
    mark.title = label
    mark.dataset.mark = name
    hidden = document.createElement("span")
    hidden.className = "visually-hidden"
    hidden.textContent = f" ({label})"
    mark.appendChild(hidden)
    cell.appendChild(mark)


def _legend(container: Any, shown: dict[str, tuple[str, str]]) -> None:
    """Under a table, what each of its marks means ("☀ DAILY · ? hints used"): a bare "?"
    beside a score says nothing by itself. Only the marks the table shows, in a fixed order."""
    if not shown:
        return
    legend = document.createElement("p")
    legend.className = "score-legend"
    for name in sorted(shown):
        symbol, label = shown[name]
        item = _badge(name, symbol)
        item.appendChild(document.createTextNode(f" {label}"))
        legend.appendChild(item)
    container.appendChild(legend)


def render_solo_table(
    container: Any, heading: str, records: list[Record], highlight: str | None, t: Translator
) -> None:
    """MISHIMASH solo records of one target: fewest turns first (X15)."""
    rows = [
        (r.id, (str(rank), str(r["turns"]), format_date(r.date, t.language)))
        for rank, r in enumerate(records, start=1)
    ]
    columns = ("scores.rank", "mishimash.records.turns", "scores.date")
    _table(container, heading, columns, rows, highlight, t)


def render_scores(body: Any, t: Translator) -> None:
    """HIGH SCORES: MAGDAGDON's table per difficulty, then MISHIMASH's solo records per target,
    read from storage, so a game finished in another tab shows too."""
    body.replaceChildren()
    if not storage.keeping():  # the tables below hold this page's games at most: say why
        why = document.createElement("p")
        why.className = "scores-unsaved"
        why.textContent = t("scores.unsaved")
        body.appendChild(why)

    def section() -> Any:
        element = document.createElement("section")
        element.className = "scores-section"
        body.appendChild(element)
        return element

    tables = stores.tables(stores.SCORES_KEY)
    for difficulty in DIFFICULTIES:
        render_table(section(), difficulty, tables.get(difficulty, []), None, t)
    solo = stores.tables(stores.SOLO_KEY)
    for target in sorted(solo, key=int):
        heading = t("mishimash.records.title", target=t.number(int(target)))
        render_solo_table(section(), f"MISHIMASH · {heading}", solo[target], None, t)
