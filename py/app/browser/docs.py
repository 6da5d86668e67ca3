"""The RULES and ABOUT pages of each game, written from the locale as text nodes."""

from __future__ import annotations

from typing import Any

from js import document

from app.pure.i18n import Translator, text_blocks

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
