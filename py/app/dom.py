"""Small helpers for talking to the DOM from Pyodide."""

from __future__ import annotations

from typing import Any

from js import document
from pyodide.ffi import jsnull


def absent(value: Any) -> bool:
    """JavaScript's null arrives as `jsnull`, not None: both mean "nothing there"."""
    return value is None or value is jsnull


def by_id(name: str) -> Any:
    return document.getElementById(name)


def show_text(element: Any, text: str) -> None:
    """Set the text, and hide the element while it has none."""
    element.textContent = text
    element.hidden = not text


def restart_animation(element: Any, name: str) -> None:
    element.classList.remove(name)
    _ = element.offsetWidth  # forces a reflow, so re-adding the class restarts the animation
    element.classList.add(name)
