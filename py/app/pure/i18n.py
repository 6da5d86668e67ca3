"""Locale strings: every text the page shows is looked up here by key.

Pure Python (no `js`), so it is tested under CPython. Messages are flat JSON objects,
`{"settings.title": "SETTINGS", ...}`; placeholders are `{name}`.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path

DEFAULT_LANGUAGE = "en"
LOCALES_DIR = Path("locales")


# The tag handed to Intl for each language, where it is not the language code itself: the
# Portuguese texts are European Portuguese, and Intl's "pt" is Brazilian (0 and 1.5 are "one"
# there, "0 DADO"), so the browser formats and pluralises them as pt-PT.
INTL_LOCALES = {"pt": "pt-PT"}


def intl_locale(language: str) -> str:
    """The BCP 47 tag for Intl.PluralRules / NumberFormat / ListFormat in this language."""
    return INTL_LOCALES.get(language, language)


def _is_one(n: float) -> bool:
    """CLDR `i = 1 and v = 0`: exactly 1, with no visible decimals (1.5 is not one)."""
    return n == 1


# The CLDR plural rules of the languages Cubiri speaks, as Intl.PluralRules(intl_locale(lang))
# selects them for the numbers the app shows (whole numbers and halves). Only the browser's
# Intl decides in the page; these are the same rules for CPython (tests, tools).
#   en, pt-PT: one = exactly 1 (0, 0.5, 1.5 and 2 are "other")
#   hu: one = n is 1 (the noun stays singular after every number, but Intl still says "one")
#   vi: only "other"
PLURAL_RULES: dict[str, Callable[[float], str]] = {
    "en": lambda n: "one" if _is_one(n) else "other",
    "pt": lambda n: "one" if _is_one(n) else "other",
    "hu": lambda n: "one" if n == 1 else "other",
    "vi": lambda n: "other",
}


def english_plural(n: float) -> str:
    return "one" if _is_one(n) else "other"


MINUS = "\u2212"  # a number below zero, as the board writes a score (−43), never a hyphen


def english_number(value: float) -> str:
    """1000 → "1,000", 10.5 → "10.5": what Intl.NumberFormat("en") writes (but −394 with the
    minus sign, as the board).

    >>> english_number(-394), english_number(1000), english_number(-2.5)
    ('−394', '1,000', '−2.5')
    """
    text = f"{abs(value):,.1f}" if value % 1 else f"{abs(int(value)):,}"
    return MINUS + text if value < 0 else text


# How Intl.NumberFormat(intl_locale(lang), {maximumFractionDigits: 1}) writes a number:
# (group separator, decimal separator, fewest integer digits before grouping starts); below
# zero with the MINUS sign, as the board writes a score.
NUMBER_FORMATS: dict[str, tuple[str, str, int]] = {
    "en": (",", ".", 4),
    "pt": ("\u00a0", ",", 5),  # pt-PT: 1000, 10 000
    "hu": ("\u00a0", ",", 5),  # 1000, 10 000
    "vi": (".", ",", 4),  # 1.000
}


def number_format(language: str) -> Callable[[float], str]:
    group, decimal, minimum = NUMBER_FORMATS.get(language, NUMBER_FORMATS[DEFAULT_LANGUAGE])

    def number(value: float) -> str:
        whole = f"{abs(value):.1f}" if value % 1 else f"{abs(int(value))}"
        digits, _, fraction = whole.partition(".")
        if len(digits) >= minimum:
            digits = f"{int(digits):,}".replace(",", group)
        sign = MINUS if value < 0 else ""
        return sign + digits + (decimal + fraction if fraction else "")

    return number


# The word joining the last two names, as Intl.ListFormat(lang, {type: "conjunction"}) writes
# it; CPython lists without the serial comma ("A, B and C").
LIST_AND = {"en": "and", "pt": "e", "hu": "és", "vi": "và"}


def list_format(language: str) -> Callable[[Sequence[str]], str]:
    conjunction = LIST_AND.get(language, LIST_AND[DEFAULT_LANGUAGE])

    def list_names(items: Sequence[str]) -> str:
        names = [str(item) for item in items]
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"

    return list_names


def english_list(items: Sequence[str]) -> str:
    """("A",) → "A", ("A", "B") → "A and B", ("A", "B", "C") → "A, B and C"."""
    return list_format(DEFAULT_LANGUAGE)(items)


def hungarian_article(number: int) -> str:
    """a or az before an ordinal, by the sound of the number as it is read: az 1. (első),
    az 5. (ötödik), az 50. (ötvenedik), az 1000. (ezredik), a 2. (második), a 10. (tizedik)."""
    digits = str(number)
    vowel = digits == "1" or digits[0] == "5" or (len(digits) == 4 and digits[0] == "1")
    return "az" if vowel else "a"


# English: "an" before a number said with a vowel first (eight, eleven, eighteen, eighty…) and
# before "over" and "under" (a chance near certain): helper-39 read "a 80% chance to win".
AN_BEFORE = re.compile(r"\b([Aa]) (?=8|11(?!\d)|18(?!\d)|over |under )")

# Languages whose default player name ("1. játékos", the seat's message) is a noun, which a
# sentence puts after an article ("Most az 1. játékos következik."), where a person's name takes
# none ("Most Anna következik."): the article for the seat's number (issue 29).
NAME_ARTICLES: dict[str, Callable[[int], str]] = {"hu": hungarian_article}
DEFAULT_NAME = "mishimash.setup.player"
# Messages that quote a name as it was typed ("More than one player is called {name}").
QUOTED_NAMES = frozenset({"mishimash.setup.duplicate"})


class Translator:
    def __init__(
        self,
        language: str,
        messages: Mapping[str, str],
        fallback: Mapping[str, str],
        plural_category: Callable[[float], str] = english_plural,
        number: Callable[[float], str] = english_number,
        list_names: Callable[[Sequence[str]], str] = english_list,
    ):
        self.language = language
        self._messages = messages
        self._fallback = fallback
        # In the browser this is Intl.PluralRules(intl_locale(language)).select: CLDR
        # categories ("one", "other", …) for any number the app shows, halves included.
        self.plural_category = plural_category
        # In the browser this is Intl.NumberFormat(...).format: 0,5 in pt, hu and vi.
        self.number = number
        # In the browser this is Intl.ListFormat(..., {type: "conjunction"}).format:
        # "Ana", "Ana and Bo", "Ana, Bo and Cy" (in English).
        self.list_names = list_names
        self._article = NAME_ARTICLES.get(language)
        seat = messages.get(DEFAULT_NAME, "{n}") if self._article else "{n}"
        self._default_name = re.compile(re.escape(seat).replace(re.escape("{n}"), r"(\d+)"))

    def __call__(self, key: str, **params: object) -> str:
        # A key missing from a translation falls back to English, and a key missing from
        # English shows itself, so a gap is visible and never breaks the page.
        text = self._messages.get(key) or self._fallback.get(key) or key
        if not params:
            return text
        if self._article and isinstance(params.get("name"), str) and key not in QUOTED_NAMES:
            params = {**params, "name": self._in_sentence(str(params["name"]))}
        written = text.format(**params)
        if self._article and ("name" in params or "names" in params):
            # An article put before a default name that opens a sentence is capitalised.
            written = re.sub(r"(^|[.!?] )a(z?) (?=\d)", r"\1A\2 ", written)
        if self.language == DEFAULT_LANGUAGE:
            written = AN_BEFORE.sub(r"\1n ", written)
        return written

    def _in_sentence(self, name: str) -> str:
        """A default name with the article a sentence needs before it ("az 1. játékos"); a
        person's name as it is."""
        found = self._default_name.fullmatch(name)
        if found is None or self._article is None:
            return name
        return f"{self._article(int(found.group(1)))} {name}"

    def plural(self, key: str, n: float, **params: object) -> str:
        """`key.one`, `key.other` (or another CLDR category the language has) chosen by the
        number `n`, which may have a half (0.5 points is "other" in English). The message's
        {n} shows `n` in the locale's format unless the caller passes its own `n`; a message
        may show the same number under another name ({points}) passed in `params`."""
        category = f"{key}.{self.plural_category(n)}"
        if category not in self._messages and category not in self._fallback:
            category = f"{key}.other"
        return self(category, **{"n": self.number(n), **params})

    def faces(self, values: Sequence[int]) -> str:
        """Dice named by their faces in a sentence, listed ("1, 5 and 5"): audits read "1 3" as
        13, and "takes 1" as one die."""
        return self.list_names([self.number(value) for value in values])

    def plural_names(self, key: str, names: Sequence[str], **params: object) -> str:
        """A message about some people: {names} is their list in the language's own form
        ("Ana and Bo"), and the message agrees with how many they are: `key.one` for one
        person where the language has it, whatever its plural rules (Vietnamese has no
        grammatical plural, but "each" of several, mỗi người, is wrong of one)."""
        if key not in QUOTED_NAMES:
            names = [self._in_sentence(str(name)) for name in names]
        listed = self.list_names(names)
        if len(names) == 1 and f"{key}.one" in self._messages:
            return self(f"{key}.one", n=self.number(1), names=listed, **params)
        return self.plural(key, len(names), names=listed, **params)


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
    """The texts of `language` with its plural rules, numbers and lists (CPython's versions;
    the browser's shell replaces them with Intl's)."""
    english = load_messages(DEFAULT_LANGUAGE, root)
    messages = english if language == DEFAULT_LANGUAGE else load_messages(language, root)
    return Translator(
        language,
        messages,
        english,
        plural_category=PLURAL_RULES.get(language, english_plural),
        number=number_format(language),
        list_names=list_format(language),
    )


def own_names(languages: Sequence[str], root: Path = LOCALES_DIR) -> dict[str, str]:
    """Each language named in itself ("Magyar"), so a reader finds theirs."""
    return {code: load_translator(code, root)("language.self") for code in languages}


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
