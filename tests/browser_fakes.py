"""CPython stand-ins for the browser, so the code that keeps games in localStorage
(`app.browser.storage`, `stores`, `game_session`) runs under pytest: a dict for localStorage,
quiet `console`, no DOM (an element looked up is never there). Two "tabs" are two sessions over
one storage, each with its own `stores.Slot` (the stamp that tab last read or wrote)."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest


class LocalStorage:
    """localStorage: strings under keys; `quota` chars at most (a write over it throws)."""

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.items = dict(items or {})
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(v) for k, v in self.items.items() if k != key)
            if used + len(value) > self.quota:
                raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class _Console:
    def __init__(self) -> None:
        self.warnings: list[str] = []

    def warn(self, *args: Any) -> None:
        self.warnings.append(" ".join(map(str, args)))

    log = warn


class _Document:
    activeElement = None

    def getElementById(self, name: str) -> None:
        return None


class Host:
    """What a game screen needs from the shell: here it only remembers what it was told."""

    def __init__(self) -> None:
        self.notices: list[str] = []

    def t(self, key: str, **values: Any) -> str:
        return key

    def announce(self, message: str, last: bool = False) -> None:
        pass

    def notify(self, key: str) -> None:
        self.notices.append(key)

    def ask(self, text: str, on_ok: Callable[[], None], return_to: Any = None) -> None:
        on_ok()


class NoTour:
    game, active = "magdagdon", False


@pytest.fixture(name="web")
def web_fixture(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """A fresh page's browser: `browser.storage` is its localStorage (its `items` a dict)."""
    js = types.ModuleType("js")
    console, local = _Console(), LocalStorage()
    js.console = console  # type: ignore[attr-defined]
    js.window = types.SimpleNamespace(localStorage=local)  # type: ignore[attr-defined]
    js.document = _Document()  # type: ignore[attr-defined]
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    ffi.jsnull = None  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **kw: value  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    if "js" not in sys.modules or getattr(sys.modules["js"], "__fake__", False):
        js.__fake__ = True  # type: ignore[attr-defined]
        sys.modules["js"], sys.modules["pyodide"], sys.modules["pyodide.ffi"] = js, pyodide, ffi
    from app.browser import storage, stores

    # The modules keep the fakes they were first imported with: point those at this page's.
    monkeypatch.setattr(storage, "window", types.SimpleNamespace(localStorage=local))
    monkeypatch.setattr(storage, "console", console)
    monkeypatch.setattr(stores, "console", console)
    monkeypatch.setattr(storage, "_store", None)
    monkeypatch.setattr(storage, "_blocked", False)
    monkeypatch.setattr(storage, "_protected", set())
    monkeypatch.setattr(storage, "_told", set())
    monkeypatch.setattr(storage, "_pending", [])
    monkeypatch.setattr(storage, "_unreadable", False)
    for name in ("_kept", "_under"):
        monkeypatch.setattr(storage, name, {})
    for name in ("_unsaved", "_warned"):
        monkeypatch.setattr(storage, name, set())
    monkeypatch.setattr(stores, "_slots", {})
    yield types.SimpleNamespace(storage=local, console=console)
