"""Locale strings: every text the page shows is looked up here by key.

Pure Python (no `js`), so it is tested under CPython. Messages are flat JSON objects,
`{"settings.title": "SETTINGS", ...}`; placeholders are `{name}`.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

DEFAULT_LANGUAGE = "en"
LOCALES_DIR = Path("locales")


def english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


def english_number(value: float) -> str:
    """1000 → "1,000", 10.5 → "10.5": what Intl.NumberFormat("en") writes."""
    return f"{value:,.1f}" if value % 1 else f"{int(value):,}"


class Translator:
    def __init__(
        self,
        language: str,
        messages: Mapping[str, str],
        fallback: Mapping[str, str],
        plural_category: Callable[[int], str] = english_plural,
        number: Callable[[float], str] = english_number,
    ):
        self.language = language
        self._messages = messages
        self._fallback = fallback
        # In the browser this is Intl.PluralRules(language).select; CLDR category names.
        self.plural_category = plural_category
        # In the browser this is Intl.NumberFormat(language).format: 0,5 in pt, hu and vi.
        self.number = number

    def __call__(self, key: str, **params: object) -> str:
        # A key missing from a translation falls back to English, and a key missing from
        # English shows itself, so a gap is visible and never breaks the page.
        text = self._messages.get(key) or self._fallback.get(key) or key
        return text.format(**params) if params else text

    def plural(self, key: str, n: int, **params: object) -> str:
        """`key.one`, `key.other` (or another CLDR category the language has), with {n}."""
        category = f"{key}.{self.plural_category(n)}"
        if category not in self._messages and category not in self._fallback:
            category = f"{key}.other"
        return self(category, n=n, **params)


def placeholders(text: str) -> set[str]:
    """The `{name}` placeholders of a message (used to check translations agree)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@cache
def load_messages(language: str, root: Path = LOCALES_DIR) -> dict[str, str]:
    with (root / f"{language}.json").open(encoding="utf-8") as file:
        data = json.load(file)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"{language}.json must be an object of string keys to string values")
    return data


def load_translator(language: str = DEFAULT_LANGUAGE, root: Path = LOCALES_DIR) -> Translator:
    english = load_messages(DEFAULT_LANGUAGE, root)
    if language == DEFAULT_LANGUAGE:
        return Translator(language, english, english)
    return Translator(language, load_messages(language, root), english)


def available_languages(root: Path = LOCALES_DIR) -> list[str]:
    """Every language with a locale file, English first: adding a file adds a language."""
    found = sorted(path.stem for path in root.glob("*.json"))
    return sorted(found, key=lambda code: code != DEFAULT_LANGUAGE)


def pick_language(preferred: list[str], available: list[str]) -> str:
    """The first of the browser's languages (`navigator.languages`) that Cubiri speaks,
    matched by its primary subtag (`hu-HU` → `hu`); English when none is."""
    for tag in preferred:
        primary = str(tag).split("-")[0].lower()
        if primary in available:
            return primary
    return DEFAULT_LANGUAGE


def text_blocks(text: str) -> list[tuple[str, list[str]]]:
    """A locale's long text as blocks: ("p", [paragraph]) or ("ul", [items]) for lines
    starting with "• ". Rendered as text nodes, never as HTML."""
    blocks: list[tuple[str, list[str]]] = []
    for line in (line.strip() for line in text.split("\n")):
        if not line:
            continue
        if line.startswith("• "):
            if blocks and blocks[-1][0] == "ul":
                blocks[-1][1].append(line[2:])
            else:
                blocks.append(("ul", [line[2:]]))
        else:
            blocks.append(("p", [line]))
    return blocks
