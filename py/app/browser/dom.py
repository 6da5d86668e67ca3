"""Small helpers for talking to the DOM from Pyodide."""

from __future__ import annotations

from typing import Any

from js import document
from pyodide.ffi import create_proxy, jsnull

# Event handlers the browser calls for the page's lifetime: kept here so none is collected.
_HANDLERS: list[Any] = []


def absent(value: Any) -> bool:
    """JavaScript's null arrives as `jsnull`, not None: both mean "nothing there"."""
    return value is None or value is jsnull


def by_id(name: str) -> Any:
    return document.getElementById(name)


def into_view(element: Any) -> None:
    """`element` scrolled just into view, as little as it takes (none where it shows whole)."""
    from js import Object
    from pyodide.ffi import to_js

    element.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))


def into_view_span(top: Any, bottom: Any, margin: float = 8.0) -> None:
    """`bottom` just into view, and `top` with it where the two fit the screen together (what
    a player must see at once: the board and the dice to place, helper-24 at 320×568); where
    they do not, `bottom` alone, as `into_view`."""
    from js import window

    first, last = top.getBoundingClientRect(), bottom.getBoundingClientRect()
    height = float(window.innerHeight)
    if last.bottom - first.top > height - 2 * margin:
        into_view(bottom)
    elif first.top < margin:
        window.scrollBy(0, first.top - margin)
    elif last.bottom > height - margin:
        window.scrollBy(0, last.bottom - height + margin)


def rescue_focus(screen: str) -> None:
    """A re-render took the focused control away (`focus_lost`): the focus goes to the heading
    of `screen`, if that screen is shown, so Tab goes on from the top of it (issue 14). A focus
    still in play is left where it is."""
    section = by_id(f"screen-{screen}")
    if not absent(section) and not section.hidden and focus_lost(section):
        section.querySelector("h1").focus()


def show_text(element: Any, text: str) -> None:
    """Set the text, and hide the element while it has none."""
    element.textContent = text
    element.hidden = not text


def restart_animation(element: Any, name: str) -> None:
    element.classList.remove(name)
    _ = element.offsetWidth  # forces a reflow, so re-adding the class restarts the animation
    element.classList.add(name)


def element(tag: str, text: str = "", class_name: str = "") -> Any:
    """A new element with its text (as text, never HTML) and class."""
    made = document.createElement(tag)
    if text:
        made.textContent = text
    if class_name:
        made.className = class_name
    return made


def listen(target: Any, event: str, handler: Any, capture: bool = False) -> None:
    """`capture`: for events that do not bubble (a details' toggle) heard on a container."""
    proxy = create_proxy(handler)
    _HANDLERS.append(proxy)
    target.addEventListener(event, proxy, capture)


def add_dice(container: Any, count: int, prefix: str, class_name: str) -> None:
    """`count` die buttons, `#{prefix}-0` …, each with `data-die` = its index."""
    for index in range(count):
        die = document.createElement("button")
        die.type = "button"
        die.className = class_name
        die.id = f"{prefix}-{index}"
        die.dataset.die = str(index)
        container.appendChild(die)


def focus_lost(screen: Any) -> bool:
    """Whether the focus fell out of play (issue 14): onto <body>, or onto a control of
    `screen` that is now hidden or disabled."""
    active = document.activeElement
    if absent(active) or active == document.body:
        return True
    if not screen.contains(active):
        return False
    # A heading or a cell of text has no `disabled` at all (JavaScript's undefined).
    disabled = getattr(active, "disabled", False)
    return (not absent(disabled) and bool(disabled)) or not absent(active.closest("[hidden]"))
