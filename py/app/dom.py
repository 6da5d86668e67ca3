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
