"""The RULES and ABOUT pages of each game, written from the locale as text nodes."""

from __future__ import annotations

from typing import Any

from js import document

from app.browser.feel import show_face
from app.pure.i18n import Translator, text_blocks
from app.pure.rules_pictures import RUIN_MARK, LinePicture, Picture, pictures

RULE_SECTIONS = {
    "magdagdon": (
        "goal",
        "turn",
        "difficulty",
        "placement",
        "power",
        "magdagdon",
        "scoring",
        "end",
    ),
    "mishimash": ("goal", "scoring", "turn", "mishimash", "end"),
}


def _write(container: Any, text: str) -> None:
    for kind, lines in text_blocks(text):
        if kind == "p":
            paragraph = document.createElement("p")
            paragraph.textContent = lines[0]
            container.appendChild(paragraph)
        else:
            items = document.createElement("ul")
            for line in lines:
                item = document.createElement("li")
                item.textContent = line
                items.appendChild(item)
            container.appendChild(items)


def render_doc(article: Any, doc: str, t: Translator) -> None:
    """`doc` is "rules.magdagdon", "about.mishimash" …"""
    article.replaceChildren()
    kind, game = doc.split(".")
    if kind == "about":
        _write(article, t(f"about.{game}.text"))
        return
    for section in RULE_SECTIONS[game]:
        heading = document.createElement("h2")  # under the screen's h1
        heading.textContent = t(f"rules.{game}.{section}.title")
        article.appendChild(heading)
        _write(article, t(f"rules.{game}.{section}.text"))
        drawn = pictures(game, section)
        if drawn:
            article.appendChild(_pictures(drawn, t))


def _pictures(drawn: tuple[Picture, ...], t: Translator) -> Any:
    """Examples drawn with the games' own cells and dice (issue 16); the caption says it all,
    so the drawing itself is hidden from screen readers."""
    box = document.createElement("div")
    box.className = "rule-pictures"
    for picture in drawn:
        figure = document.createElement("figure")
        figure.className = "rule-pic"
        drawing = document.createElement("span")
        drawing.className = "rule-drawing"
        drawing.setAttribute("aria-hidden", "true")
        if isinstance(picture, LinePicture):
            for content in picture.cells:
                cell = document.createElement("span")
                cell.className = "md-cell rule-cell"
                if content == RUIN_MARK:
                    cell.dataset.kind = "ruin"
                elif content.startswith("+"):
                    cell.dataset.kind = "staged"
                    cell.textContent = content[1:]
                else:
                    cell.dataset.kind = "number" if content else "empty"
                    cell.textContent = content
                drawing.appendChild(cell)
            if picture.ok is not None:
                mark = document.createElement("span")
                mark.className = "rule-mark"
                mark.dataset.ok = "true" if picture.ok else "false"
                mark.textContent = "✓" if picture.ok else "✕"
                drawing.appendChild(mark)
        else:
            for index, value in enumerate(picture.dice):
                die = document.createElement("span")
                die.className = "die ms-mini"
                die.dataset.taken = "true" if index in picture.taken else "false"
                show_face(die, value)
                drawing.appendChild(die)
        caption = document.createElement("figcaption")
        caption.textContent = t(picture.caption)
        figure.append(drawing, caption)
        box.appendChild(figure)
    return box
