"""localStorage, guarded: the one place that touches it, and it never raises to a caller.

A browser that blocks site data throws SecurityError on the first touch of `localStorage`
(issue 18: at import, that kept the page on its loading screen), a full quota throws on a
write. Here either only stops the remembering: reads give None, writes report False, and the
player is told once (`on_problem`). Keys holding a newer version's data are `protect`ed: never
written or removed by this older app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import console, window

from app.browser.dom import absent

BLOCKED, FAILING, NEWER, CORRUPT = "blocked", "failing", "newer", "corrupt"
_store: Any = None
_blocked = False
_protected: set[str] = set()
_told: set[str] = set()  # problems the player has been told about (each once)
_pending: list[str] = []  # problems met before anyone listened
_listener: Callable[[str], None] | None = None


def _local() -> Any:
    """localStorage, or None when the browser refuses it (touched lazily, once)."""
    global _store, _blocked
    if _store is None and not _blocked:
        try:
            store = window.localStorage
            if absent(store):
                raise RuntimeError("no localStorage")
            _ = store.length  # some browsers refuse only on use
            _store = store
        except Exception as error:
            _blocked = True
            console.warn(f"Cubiri cannot save here: {error}")
            report(BLOCKED)
    return _store


def available() -> bool:
    return _local() is not None


def report(problem: str) -> None:
    """Tell the player about `problem` (BLOCKED, FAILING, NEWER, CORRUPT), once per kind."""
    if problem in _told:
        return
    _told.add(problem)
    if _listener is None:
        _pending.append(problem)
    else:
        _listener(problem)


def on_problem(listener: Callable[[str], None]) -> None:
    """`listener` hears every problem from now on, and those met before it listened."""
    global _listener
    _listener = listener
    while _pending:
        listener(_pending.pop(0))


def protect(key: str) -> None:
    """`key` holds data of a newer version: from now on read-only for this page."""
    _protected.add(key)


def read(key: str) -> str | None:
    store = _local()
    if store is None:
        return None
    try:
        value = store.getItem(key)
    except Exception as error:
        console.warn(f"Cubiri could not read {key}: {error}")
        return None
    return None if absent(value) else str(value)


def write(key: str, value: str, *, quiet: bool = False) -> bool:
    """Store `value`; False if it was not stored (blocked, full, or a newer version's key).
    `quiet`: a failure is not told (the caller tries again with less)."""
    store = _local()
    if store is None or key in _protected:
        return False
    try:
        store.setItem(key, value)
    except Exception as error:
        console.warn(f"Cubiri could not save {key}: {error}")
        if not quiet:
            report(FAILING)
        return False
    return True


def remove(key: str) -> None:
    store = _local()
    if store is None or key in _protected:
        return
    try:
        store.removeItem(key)
    except Exception as error:
        console.warn(f"Cubiri could not remove {key}: {error}")
