"""The MISHIMASH setup: who sits at the table (a person, or a computer at a level) and the
names the game will show. Pure: the screen keeps a list of `Seat`s and asks here."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from app.pure.bounded import loads, whole
from app.pure.i18n import Translator
from cubiri.mishimash import turns
from cubiri.mishimash.computer import LEVEL_NAMES
from cubiri.mishimash.game import MAX_NAME, MAX_PLAYERS

PERSON = ""
MAX_TARGET = 999_999_999  # nine digits: a target no game reaches, and a number that fits the setup


@dataclass(frozen=True)
class Seat:
    name: str = ""  # as typed; empty takes a default
    level: str = PERSON  # PERSON, or one of LEVEL_NAMES


def level_key(level: str) -> str:
    """The locale key part of a level: "best odds" → "best_odds"."""
    return level.replace(" ", "_")


def parse_seats(raw: str | None) -> list[Seat]:
    """The setup saved last time: a list of names (before computer players) or of seats."""
    try:
        data = loads(raw, max_chars=10_000) if raw else None
    except ValueError:
        data = None
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_PLAYERS:
        return [Seat()]
    seats = []
    for item in data:
        if isinstance(item, str):
            seats.append(Seat(item[:MAX_NAME]))
        elif isinstance(item, dict) and isinstance(item.get("name"), str):
            level = item.get("level")
            seats.append(Seat(item["name"][:MAX_NAME], level if level in LEVEL_NAMES else PERSON))
        else:
            seats.append(Seat())
    return seats


def dump_seats(seats: list[Seat]) -> str:
    return json.dumps([{"name": seat.name, "level": seat.level} for seat in seats])


# The form's draft (issue 29: a reload lost the names typed and the target): the seats as typed,
# the target pill and the text under "Other", kept until START and read back within bounds.
TYPED_NAME = 200  # how much of a typed name the setup keeps: enough to say it is cut
TARGET_CHOICES = ("250", "500", "1000", "2000", "custom")  # the target pills' values
TYPED_TARGET = 20  # more than any target has digits: "too big" is still said


@dataclass(frozen=True)
class Draft:
    seats: tuple[Seat, ...]
    target: str  # one of TARGET_CHOICES
    custom: str = ""  # typed under "Other"


def dump_draft(draft: Draft) -> str:
    seats = [{"name": seat.name, "level": seat.level} for seat in draft.seats]
    return json.dumps({"seats": seats, "target": draft.target, "custom": draft.custom})


def parse_draft(raw: str | None) -> Draft | None:
    """The draft kept, or None when there is none or it is not one (a draft is only kept).

    >>> kept = parse_draft(dump_draft(Draft((Seat("Ana"), Seat("", "bold")), "custom", "300")))
    >>> kept.seats[1].level, kept.target, kept.custom
    ('bold', 'custom', '300')
    >>> parse_draft('{"seats": [], "target": "250"}'), parse_draft("[" * 9000)
    (None, None)
    """
    try:
        data = loads(raw, max_chars=4 * MAX_PLAYERS * TYPED_NAME + 1_000) if raw else None
    except ValueError:
        return None
    if not isinstance(data, dict) or not set(data) <= {"seats", "target", "custom"}:
        return None
    items, target, custom = data.get("seats"), data.get("target"), data.get("custom", "")
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_PLAYERS:
        return None
    if target not in TARGET_CHOICES or not isinstance(custom, str) or len(custom) > TYPED_TARGET:
        return None
    seats = []
    for item in items:
        if not (isinstance(item, dict) and set(item) == {"name", "level"}):
            return None
        name, level = item["name"], item["level"]
        if not (isinstance(name, str) and len(name) <= TYPED_NAME):
            return None
        if level not in (PERSON, *LEVEL_NAMES):
            return None
        seats.append(Seat(name, level))
    return Draft(tuple(seats), target, custom)


def player_names(seats: list[Seat], t: Translator) -> list[str]:
    """The names the game shows: trimmed, an empty one takes its default (a computer is named
    after its level), and a name already taken gets a number, so no two players look alike.
    A default steps aside for every typed name, so a typed name is shown as typed once
    `duplicate_name` lets the setup start: two unnamed computers of one level are "Cautious
    Cleo" and "Cautious Cleo 2"."""
    named = _named(seats, t)
    typed = {name.casefold() for name, is_typed in named if is_typed}
    names: list[str] = []
    for name, is_typed in named:
        taken = {shown.casefold() for shown in names} | (set() if is_typed else typed)
        base, count = name, 2
        while name.casefold() in taken:
            suffix = f" {count}"
            name, count = base[: MAX_NAME - len(suffix)] + suffix, count + 1
        names.append(name)
    return names


def seat_levels(seats: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The seats of a saved game, or all people when they do not fit its players."""
    if len(seats) == players and all(level in (PERSON, *LEVEL_NAMES) for level in seats):
        return seats
    return (PERSON,) * players


def expected_turns(target: int) -> int:
    """How many turns a solo target takes at best play, to the nearest: the exact expectation
    (`cubiri.mishimash.turns`; 100 → 8, not the target over a turn's mean, which said 6)."""
    return max(1, round(turns.expected_turns(target)))


def parse_target(text: str) -> tuple[int | None, str]:
    """The target typed or chosen, or None and the locale key saying why it cannot be one."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) > len(str(MAX_TARGET)):
        return None, "mishimash.setup.target_too_big"
    target = whole(text, max_digits=len(str(MAX_TARGET)))
    if target is None or target < 1:
        return None, "mishimash.setup.bad_target"
    if target > MAX_TARGET:
        return None, "mishimash.setup.target_too_big"
    return target, ""


# Right-to-left and left-to-right marks, embeddings, overrides and isolates: in a name they
# would turn the text shown after it around (a score line, the next name), issue 18.
_BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean_name(name: str) -> str:
    """A typed name without direction controls, trimmed; "" when nothing visible is left (only
    spaces and invisible characters such as zero-width spaces), so it takes its default.

    >>> clean_name("\u202eevil"), clean_name("\u200b\u200c\ufeff "), clean_name(" Ana ")
    ('evil', '', 'Ana')
    """
    name = _BIDI_CONTROLS.sub("", name).strip()
    visible = [c for c in name if unicodedata.category(c) not in ("Cf", "Zs", "Cc")]
    return name if visible else ""


def raw_names(seats: list[Seat], t: Translator) -> list[str]:
    """Each seat's name before `player_names` tells equal names apart: as typed (trimmed, cut
    to the engine's length), or its default."""
    return [name for name, _typed in _named(seats, t)]


def _named(seats: list[Seat], t: Translator) -> list[tuple[str, bool]]:
    """Each seat's raw name, and whether it was typed (False: it is the seat's default)."""
    named = []
    for index, seat in enumerate(seats):
        name = clean_name(seat.name)[:MAX_NAME]
        if name:
            named.append((name, True))
        elif seat.level:
            named.append((t(f"mishimash.computer.name.{level_key(seat.level)}"), False))
        else:
            named.append((t("mishimash.setup.player", n=index + 1), False))
    return named


def duplicate_name(seats: list[Seat], t: Translator) -> str | None:
    """A typed name another seat also has (ignoring case), which the setup refuses: two "Ann"
    in the standings cannot be told apart. Defaults alone never clash (`player_names` numbers
    them). The later seat's spelling; None when nothing clashes."""
    typed_before: dict[str, bool] = {}  # each raw name so far: whether a seat typed it
    for name, typed in _named(seats, t):
        key = name.casefold()
        if key in typed_before and (typed or typed_before[key]):
            return name
        typed_before[key] = typed_before.get(key, False) or typed
    return None


def long_names(seats: list[Seat]) -> bool:
    """Whether a typed name is longer than the engine keeps (it is cut: the setup says so)."""
    return any(len(seat.name.strip()) > MAX_NAME for seat in seats)
