"""STATISTICS in the DOM (issue 25): app.pure.stats_view's sections as headings, figures (a
description list), and charts (inline SVG, hidden from screen readers, each with its summary
and its numbers as a table under "The numbers", which every reader can open); the dice filter;
YOUR GAMES, each opening onto its review.

A review's notes (the computer's score on the same dice, a MISHIMASH's points given up) are
kept in the history once worked out. Games that lack them (a player who left the end screen
early, a file loaded from another phone) get them here, one game at a time in slices while the
screen is shown, newest first; the figures are drawn again once they are all in."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from js import document, window
from pyodide.ffi import create_proxy

from app.browser import stores
from app.browser.dom import by_id, element, listen
from app.browser.magdagdon_computer import play_in_slices
from app.browser.magdagdon_review_panel import render_comparison
from app.browser.mishimash_review import given_up, render_reviews
from app.browser.score_tables import format_date
from app.pure import history_view, magdagdon_review
from app.pure.history import Entry
from app.pure.i18n import Translator
from app.pure.magdagdon_help import BotGame
from app.pure.magdagdon_review import Comparison
from app.pure.review import review
from app.pure.stats_view import HEIGHT, WIDTH, Chart, Section, statistics
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import odds

SVG = "http://www.w3.org/2000/svg"


def needs_notes(entry: Entry) -> bool:
    """A game whose review can still be worked out and kept."""
    if entry.log is None:
        return False
    if entry.game == "magdagdon":
        return entry.computer is None and magdagdon_review.comparable(entry.log)
    return entry.given_up is None and any(not seat.level for seat in entry.seats)


class StatisticsScreen:
    def __init__(
        self,
        t: Callable[[], Translator],
        today: Callable[[], date],
        showing: Callable[[], bool],
        announce: Callable[[str], None],
    ) -> None:
        self._t, self._today, self._showing, self._announce = t, today, showing, announce
        self.entries: dict[str, Entry] = {}
        self.shown = 0  # the games the dice filter lets through
        self.filling = False
        self.computer_games: dict[str, dict[str, Any]] = {}  # for the reviews opened again

    def mount(self) -> None:
        listen(by_id("stats-dice"), "change", self._on_dice)
        listen(by_id("stats-games"), "toggle", self._on_toggle, capture=True)

    def _on_dice(self, _event: Any) -> None:
        """Another dice filter: drawn again, and how many games it shows said (an audit's
        screen reader heard nothing while every chart changed)."""
        self.render()
        t = self._t()
        said = t.plural("stats.dice_shown", self.shown) if self.shown else t("stats.none_with_dice")
        self._announce(said)

    def dice(self) -> str:
        checked = document.querySelector('input[name="stats-dice"]:checked')
        return "all" if checked is None else str(checked.value)

    def render(self) -> None:
        t = self._t()
        entries = stores.history()
        self.entries = {e.id: e for e in entries}
        self._render_sections(entries, t)
        self._render_games(entries, t)
        self._fill_notes(entries)

    def _render_sections(self, entries: list[Entry], t: Translator) -> None:
        container = by_id("statistics-body")
        container.replaceChildren()
        for section in statistics(entries, self._today(), t, self.dice()):
            container.appendChild(_section(section, t))
        by_id("stats-dice").hidden = not entries

    # YOUR GAMES ---------------------------------------------------------------------------
    def _render_games(self, entries: list[Entry], t: Translator) -> None:
        from app.pure.game_stats import by_dice

        listing = by_id("stats-games-list")
        listing.replaceChildren()
        chosen = by_dice(entries, self.dice())
        self.shown = len(chosen)
        rows = history_view.rows(chosen, t)
        by_id("stats-games").hidden = not rows
        for row in rows:
            item = element("li")
            details = element("details", class_name="stats-game")
            details.dataset.game = row.ident
            when = format_date(row.ended, t.language)
            details.appendChild(element("summary", f"{when} · {row.title}"))
            details.appendChild(element("div", class_name="stats-game-review"))
            item.appendChild(details)
            listing.appendChild(item)

    def _on_toggle(self, event: Any) -> None:
        details = event.target
        entry = self.entries.get(str(details.dataset.game or ""))
        if not details.open or entry is None:
            return
        body = details.querySelector(".stats-game-review")
        language = self._t().language
        if body.getAttribute("data-language") == language:
            return  # worked out already
        body.setAttribute("data-language", language)
        self._review(entry, body)

    def _review(self, entry: Entry, body: Any) -> None:
        t = self._t()
        body.replaceChildren()
        if entry.log is None:
            body.appendChild(element("p", t("history.no_log")))
            return
        if entry.game == "mishimash":
            levels = tuple(seat.level for seat in entry.seats)
            reviews = review(entry.log, levels, odds)
            names = [seat.name for seat in entry.seats]
            if reviews:
                render_reviews(body, reviews, t, names)
                body.prepend(_note(t("review.note")))
            else:
                body.appendChild(element("p", t("history.computers_only")))
            if entry.given_up is None and reviews:
                stores.note_in_history(entry.id, given_up=given_up(reviews, len(levels)))
            return
        if not magdagdon_review.comparable(entry.log):
            body.appendChild(element("p", t("magdagdon.bot.typed")))
            return
        known = self.computer_games.get(entry.id)
        if known is not None:
            _compared(body, magdagdon_review.review(entry.log, known), t)
            return
        body.appendChild(element("p", t("magdagdon.bot.thinking")))
        game = BotGame(entry.log["seed"], entry.log["difficulty"])

        def done() -> None:
            played = self.computer_games[entry.id] = magdagdon.to_dict(game.state)
            stores.note_in_history(entry.id, computer=game.score)
            log = entry.log
            assert log is not None
            _compared(body, magdagdon_review.review(log, played), self._t())

        play_in_slices(game, self._showing, done)

    # Notes in the background ----------------------------------------------------------------
    def _fill_notes(self, entries: list[Entry]) -> None:
        if self.filling:
            return
        waiting = [e for e in reversed(entries) if needs_notes(e)]
        if not waiting:
            return
        self._set_filling(True)
        self._next_note(waiting, noted=0)

    def _next_note(self, waiting: list[Entry], noted: int) -> None:
        if not waiting or not self._showing():
            self._set_filling(False)
            if noted and self._showing():
                self._render_sections(stores.history(), self._t())
            return
        entry, rest = waiting[0], waiting[1:]
        log = entry.log
        assert log is not None
        if entry.game == "magdagdon":
            game = BotGame(log["seed"], log["difficulty"])

            def done() -> None:
                self.computer_games[entry.id] = magdagdon.to_dict(game.state)
                stores.note_in_history(entry.id, computer=game.score)
                self._next_note(rest, noted + 1)

            play_in_slices(game, lambda: self._showing() or self._stop(), done)
            return
        proxy: Any = None

        def review_one() -> None:
            proxy.destroy()
            if not self._showing():
                self._set_filling(False)
                return
            levels = tuple(seat.level for seat in entry.seats)
            reviews = review(log, levels, odds)
            stores.note_in_history(entry.id, given_up=given_up(reviews, len(levels)))
            self._next_note(rest, noted + 1)

        proxy = create_proxy(review_one)
        window.setTimeout(proxy, 0)

    def _stop(self) -> bool:
        self._set_filling(False)
        return False

    def _set_filling(self, filling: bool) -> None:
        """aria-busy tells a screen reader (and a test) that the figures will be drawn again."""
        self.filling = filling
        body = by_id("statistics-body")
        if filling:
            body.setAttribute("aria-busy", "true")
        else:
            body.removeAttribute("aria-busy")


def _section(section: Section, t: Translator) -> Any:
    box = element("section", class_name="stats-section")
    box.id = section.ident
    if section.heading:
        heading = element("h2", section.heading)
        heading.id = f"{section.ident}-title"
        box.setAttribute("aria-labelledby", heading.id)
        box.appendChild(heading)
    if section.empty:
        box.appendChild(element("p", section.empty, "scores-empty"))
        return box
    figures = element("dl", class_name="stats-figures")
    for figure in section.figures:
        item = element("div")
        item.dataset.figure = figure.ident
        item.appendChild(element("dt", figure.label))
        item.appendChild(element("dd", figure.value))
        figures.appendChild(item)
    box.appendChild(figures)
    for chart in section.charts:
        box.appendChild(_chart(chart, t))
    return box


def _chart(chart: Chart, t: Translator) -> Any:
    figure = element("figure", class_name="stats-chart")
    figure.id = chart.ident
    caption = element("figcaption")
    caption.appendChild(element("strong", chart.title))
    if chart.summary:
        caption.appendChild(element("span", chart.summary, "stats-summary"))
    figure.appendChild(caption)
    pictured = bool(chart.bars or chart.dots)
    if pictured:
        figure.appendChild(_svg(chart))
    table = element("table", class_name="scores")
    table.appendChild(element("caption", chart.title, "visually-hidden"))
    head = element("tr")
    for column in chart.columns:
        th = element("th", column)
        th.scope = "col"
        head.appendChild(th)
    table.appendChild(head)
    for row in chart.rows:
        tr = element("tr")
        for index, cell in enumerate(row):
            if index == 0:
                th = element("th", cell)
                th.scope = "row"
                tr.appendChild(th)
            else:
                tr.appendChild(element("td", cell))
        table.appendChild(tr)
    if pictured:  # the picture's numbers, a tap away; a table that is all there is, shown
        details = element("details", class_name="stats-numbers")
        details.appendChild(element("summary", t("stats.numbers")))
        details.appendChild(table)
        figure.appendChild(details)
    else:
        figure.appendChild(table)
    return figure


def _svg_element(tag: str, **attributes: object) -> Any:
    made = document.createElementNS(SVG, tag)
    for name, value in attributes.items():
        made.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
    return made


def _svg(chart: Chart) -> Any:
    """The picture of the chart: what it says is in its caption and its table."""
    svg = _svg_element(
        "svg",
        viewBox=f"0 0 {WIDTH:g} {HEIGHT:g}",
        class_="stats-svg",
        aria_hidden="true",
        focusable="false",
    )
    for bar in chart.bars:
        svg.appendChild(
            _svg_element(
                "rect",
                x=bar.x,
                y=bar.y,
                width=bar.width,
                height=max(bar.height, 0.5),
                rx=3,
                class_="stats-bar",
            )
        )
        label = _svg_element(
            "text",
            x=bar.x + bar.width / 2,
            y=HEIGHT - 3,
            class_="stats-label",
            text_anchor="middle",
        )
        label.textContent = bar.label
        svg.appendChild(label)
    if chart.line:
        points = " ".join(f"{x:g},{y:g}" for x, y in chart.line)
        svg.appendChild(_svg_element("polyline", points=points, class_="stats-line"))
    for x, y in chart.dots:
        svg.appendChild(_svg_element("circle", cx=x, cy=y, r=3, class_="stats-dot"))
    return svg


def _compared(body: Any, comparison: Comparison, t: Translator) -> None:
    """A MAGDAGDON game against the computer's on the same dice, under its note."""
    render_comparison(body, comparison, t)
    body.prepend(_note(t("review.magdagdon.note")))


def _note(text: str) -> Any:
    """What a review compares, as the end screen says it above its own (an audit found the
    history's reviews without it)."""
    return element("p", text, "ms-review-note")
