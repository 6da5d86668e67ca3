"""A small notice above the screens: what the player should know about saving (it is off, it
failed, another tab moved the game on). In the page's flow, so it never covers a control; built
on first use, so the shell's HTML stays as it is; it stays until the player closes it or the
next notice replaces it."""

from __future__ import annotations

from typing import Any

from js import document

from app.browser.dom import absent, listen


def _element() -> Any:
    box = document.getElementById("notice")
    if not absent(box):
        return box
    box = document.createElement("div")
    box.id = "notice"
    box.className = "notice"
    # Not a live region of its own: the shell says the notice once, in its announcer (a
    # status role here made it said twice, issue 29).
    text = document.createElement("p")
    text.id = "notice-text"
    close = document.createElement("button")
    close.type = "button"
    close.id = "notice-close"
    close.className = "ghost"
    close.textContent = "×"
    box.append(text, close)
    listen(close, "click", lambda _event: hide())
    document.body.prepend(box)
    return box


def show(text: str, close_label: str) -> None:
    box = _element()
    box.dataset.shown = "1"
    document.getElementById("notice-text").textContent = text
    document.getElementById("notice-close").setAttribute("aria-label", close_label)
    box.hidden = False


def shown() -> bool:
    box = document.getElementById("notice")
    return not absent(box) and not box.hidden


def hide() -> None:
    box = document.getElementById("notice")
    if absent(box):
        return
    had_focus = box.contains(document.activeElement)
    box.hidden = True
    if had_focus:
        # The focus was on its × (the notice sits above the screens): it goes to the top of the
        # screen shown, never to <body> (issue 14).
        heading = document.querySelector("main > .screen:not([hidden]) h1")
        if not absent(heading):
            heading.focus()
