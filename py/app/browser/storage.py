"""localStorage, forgiving: a browser that refuses storage (private mode, full quota) never
breaks the game; it only stops remembering."""

from __future__ import annotations

from js import console, localStorage

from app.browser.dom import absent


def read(key: str) -> str | None:
    try:
        value = localStorage.getItem(key)
    except Exception as error:
        console.warn(f"Cubiri could not read {key}: {error}")
        return None
    return None if absent(value) else str(value)


def write(key: str, value: str) -> None:
    try:
        localStorage.setItem(key, value)
    except Exception as error:
        console.warn(f"Cubiri could not save {key}: {error}")


def remove(key: str) -> None:
    try:
        localStorage.removeItem(key)
    except Exception as error:
        console.warn(f"Cubiri could not remove {key}: {error}")
