"""Reading what the app does not control (stored values, URL parameters) within bounds.

Pure Python. `json.loads` recurses once per level of nesting, and under Pyodide a value nested
some thousands deep overflows the browser's stack before Python's own recursion limit is
reached; `int()` takes any Unicode digit ("²".isdigit() is true, int("²") raises) and refuses
more than 4,300 digits. So length and nesting are measured first, without recursion, and only
ASCII digits make a number: a crafted value is refused as a ValueError, never a crash.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

MAX_CHARS = 2_000_000  # far above the longest saved game a person plays (a few dozen kB)
MAX_DEPTH = 32  # a saved game nests about six deep
_INSTANT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?Z?$")
_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep `text`'s JSON arrays and objects nest, counted up to `limit` + 1.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    >>> nesting_depth("[" * 10_000, limit=32)
    33
    """
    depth = deepest = 0
    in_string = False
    skip = -1  # the character after a backslash inside a string is never significant
    for match in _SIGNIFICANT.finditer(text):
        at = match.start()
        if at == skip:
            continue
        char = match.group()
        if in_string:
            if char == "\\":
                skip = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if depth > limit:
                return depth
        elif char in "]}":
            depth -= 1
    return deepest


def loads(raw: str, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads`, refusing (ValueError) text that is too long or nested too deep.

    >>> loads('{"version": 1}')
    {'version': 1}
    >>> loads("[" * 10_000)
    Traceback (most recent call last):
    ...
    ValueError: nested deeper than 32
    """
    if len(raw) > max_chars:
        raise ValueError(f"longer than {max_chars:,} characters")
    if nesting_depth(raw, max_depth) > max_depth:
        raise ValueError(f"nested deeper than {max_depth}")
    try:
        return json.loads(raw)
    except RecursionError as error:  # cannot happen within MAX_DEPTH; belt and braces
        raise ValueError("nested too deep") from error


def whole(text: str, max_digits: int = 15) -> int | None:
    """The number `text` writes in ASCII digits (at most `max_digits`), else None.

    >>> whole("42"), whole("²"), whole("9" * 5000), whole("-1"), whole("")
    (42, None, None, None, None)
    """
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def excerpt(text: str, limit: int = 40) -> str:
    """`text` to show in a message: at most `limit` characters of it, then "…" and its length
    (a 200,000-character link is not echoed whole).

    >>> excerpt("42"), excerpt("9" * 100_000, 5)
    ('42', '99999… (100,000 characters)')
    """
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def version_of(data: Any) -> int | None:
    """The whole-number "version" of a stored object, else None."""
    version = data.get("version") if isinstance(data, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def instant(text: Any) -> datetime | None:
    """The UTC moment an ISO 8601 text (as the app stores dates) names, or None where it has
    not that shape or names no real moment ("2026-13-45T99:99Z" has the shape, but Intl throws
    RangeError on it).

    >>> instant("2026-11-30T21:05:09Z").day, instant("2026-13-45T99:99Z"), instant(7)
    (30, None, None)
    """
    if not isinstance(text, str) or not _INSTANT.match(text):
        return None
    try:
        moment = datetime.fromisoformat(text.removesuffix("Z"))
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC)
