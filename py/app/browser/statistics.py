"""STATISTICS in the DOM (issue 25): app.pure.stats_view's sections as headings, figures (a
description list), and charts (inline SVG, hidden from screen readers, each with its summary
and its numbers as a table under "The numbers", which every reader can open)."""

from __future__ import annotations

from datetime import date
from typing import Any

from js import document

from app.browser import stores
from app.pure.i18n import Translator
from app.pure.stats_view import HEIGHT, WIDTH, Chart, Section, statistics

SVG = "http://www.w3.org/2000/svg"


def render_statistics(container: Any, t: Translator, today: date) -> None:
    container.replaceChildren()
    for section in statistics(stores.history(), today, t):
        container.appendChild(_section(section, t))


def _element(tag: str, text: str = "", class_name: str = "") -> Any:
    element = document.createElement(tag)
    if text:
        element.textContent = text
    if class_name:
        element.className = class_name
    return element


def _section(section: Section, t: Translator) -> Any:
    box = _element("section", class_name="stats-section")
    box.id = section.ident
    heading = _element("h2", section.heading)
    heading.id = f"{section.ident}-title"
    box.setAttribute("aria-labelledby", heading.id)
    box.appendChild(heading)
    if section.empty:
        box.appendChild(_element("p", section.empty, "scores-empty"))
        return box
    figures = _element("dl", class_name="stats-figures")
    for figure in section.figures:
        item = _element("div")
        item.dataset.figure = figure.ident
        item.appendChild(_element("dt", figure.label))
        item.appendChild(_element("dd", figure.value))
        figures.appendChild(item)
    box.appendChild(figures)
    for chart in section.charts:
        box.appendChild(_chart(chart, t))
    return box


def _chart(chart: Chart, t: Translator) -> Any:
    figure = _element("figure", class_name="stats-chart")
    figure.id = chart.ident
    caption = _element("figcaption")
    caption.appendChild(_element("strong", chart.title))
    if chart.summary:
        caption.appendChild(_element("span", chart.summary, "stats-summary"))
    figure.appendChild(caption)
    pictured = bool(chart.bars or chart.dots)
    if pictured:
        figure.appendChild(_svg(chart))
    table = _element("table", class_name="scores")
    table.appendChild(_element("caption", chart.title, "visually-hidden"))
    head = _element("tr")
    for column in chart.columns:
        th = _element("th", column)
        th.scope = "col"
        head.appendChild(th)
    table.appendChild(head)
    for row in chart.rows:
        tr = _element("tr")
        for index, cell in enumerate(row):
            if index == 0:
                th = _element("th", cell)
                th.scope = "row"
                tr.appendChild(th)
            else:
                tr.appendChild(_element("td", cell))
        table.appendChild(tr)
    if pictured:  # the picture's numbers, a tap away; a table that is all there is, shown
        details = _element("details", class_name="stats-numbers")
        details.appendChild(_element("summary", t("stats.numbers")))
        details.appendChild(table)
        figure.appendChild(details)
    else:
        figure.appendChild(table)
    return figure


def _svg_element(tag: str, **attributes: object) -> Any:
    element = document.createElementNS(SVG, tag)
    for name, value in attributes.items():
        element.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
    return element


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
