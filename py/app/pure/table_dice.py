"""Real dice at the table (issue 24): the throw a person types, and UNDO.

A game played with real dice (`cubiri.dice.TYPED`) waits at every throw for the values the
people at the table threw. They come as taps on six face buttons or as digits typed in a field
("146655", spaces and commas allowed); `parse_dice` reads the field and says exactly what is
wrong, naming the count expected. A computer seat, or a person's "roll for me", throws with the
app's dice (`app_dice`): the seed's dice at that place, so a reload throws the same again.

UNDO (`undo`) steps back over the log one person's entry at a time (a typed throw, a selection,
a BANK or ROLL AGAIN, a ROLL) and never stops inside a computer's turn, which would only play
itself again. It rebuilds the state by replaying the shorter log: the engine stays the judge.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.pure.i18n import Translator
from cubiri import dice as seeded
from cubiri.kernel import Action, Dice, Engine, RuleError

FACES = range(1, 7)
MAX_TYPED = 40  # longer than any throw written with separators: the field keeps no essay
_SEPARATORS = re.compile(r"[\s,;]+")


class EntryError(ValueError):
    """Why a typed throw is refused: `code` names the message, `count` the dice expected and
    `found` what was typed (a character, or how many dice)."""

    def __init__(self, code: str, count: int, found: str) -> None:
        super().__init__(f"{code}: {found!r} for a throw of {count} dice")
        self.code = code  # "count" (the wrong number of dice) or "face" (not a die 1 to 6)
        self.count, self.found = count, found

    def message(self, t: Translator) -> str:
        """What the field says: the count expected, and what was wrong."""
        return t.plural(f"table.entry.{self.code}", self.count, found=self.found)


def parse_dice(text: str, count: int) -> tuple[int, ...]:
    """The values typed in the Dice field for a throw of `count` dice, or EntryError.

    >>> parse_dice("146655", 6), parse_dice(" 1, 4 6 ", 3)
    ((1, 4, 6, 6, 5, 5), (1, 4, 6))
    >>> try:
    ...     parse_dice("1237", 4)
    ... except EntryError as error:
    ...     error.code, error.found
    ('face', '7')
    """
    digits = _SEPARATORS.sub("", text[: MAX_TYPED + 1])
    for char in digits:
        if not ("1" <= char <= "6"):
            raise EntryError("face", count, char)
    if len(digits) != count or len(text) > MAX_TYPED:
        raise EntryError("count", count, str(len(digits)))
    return tuple(int(char) for char in digits)


def typed_faces(text: str) -> tuple[int, ...]:
    """The faces in what is typed so far, in order (anything else is for `parse_dice` to
    refuse): the dice the entry shows while its field is typed in.

    >>> typed_faces("1, 4x7 6")
    (1, 4, 6)
    """
    return tuple(int(char) for char in text if char.isdigit() and int(char) in FACES)


def bad_face(text: str, count: int) -> EntryError | None:
    """While a throw is typed, the first character that is no die's face, at once (helper-19
    typed 1234567 and read "6 of 6 dice entered" until USE THESE DICE refused the 7); how
    many are typed is for USE THESE DICE to check.

    >>> bad_face("12 7", 4).found, bad_face("12", 4), bad_face("1,2", 4)
    ('7', None, None)
    """
    try:
        parse_dice(text, count)
    except EntryError as error:
        return error if error.code == "face" else None
    return None


def entered_fits(entered: Any, count: int | None) -> bool:
    """Whether dice kept from an entry not used yet still belong to the throw now pending (a
    throw of `count` dice; None: no throw is waiting). A whole throw may be kept: UNDO gives
    back the dice it took back, for the one wrong die to be mended."""
    return (
        count is not None
        and isinstance(entered, list | tuple)
        and len(entered) <= count
        and all(isinstance(v, int) and not isinstance(v, bool) and v in FACES for v in entered)
    )


HISTORY_KEPT = 64  # the entry's changes UNDO can take back after a reload, at most


def dump_history(values: tuple[int, ...], before: list[tuple[int, ...]]) -> str:
    """The entry's own UNDO history (the dice entered before each change here, and now), kept
    in the tab's sessionStorage: a reload then takes back a die removed as it would have
    (helper-27's UNDO after a reload took back a die entered instead)."""
    return json.dumps({"values": list(values), "before": [list(v) for v in before[-HISTORY_KEPT:]]})


def load_history(raw: str | None, values: tuple[int, ...]) -> list[tuple[int, ...]] | None:
    """The history `dump_history` kept, if it is the history of `values` (the dice entered as
    the game's record has them), else None; anything malformed is None too.

    >>> load_history(dump_history((5,), [(), (2,), (2, 5)]), (5,))
    [(), (2,), (2, 5)]
    >>> load_history(dump_history((5,), [()]), (6,)) is None
    True
    """
    try:
        data = json.loads(raw) if raw is not None and len(raw) <= 4096 else None
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("values") != list(values):
        return None
    before = data.get("before")
    if not isinstance(before, list) or len(before) > HISTORY_KEPT:
        return None
    if not all(entered_fits(v, 2 * len(FACES)) for v in before):
        return None
    return [tuple(v) for v in before]


def real_dice(state: Any) -> bool:
    """Whether `state` (either game's) is a game of real dice, typed at the table."""
    return bool(state.dice_scheme == seeded.TYPED)


def dice_to_enter(engine: Engine[Any], state: Any) -> int | None:
    """How many dice the table is to enter now (None: no throw waits for typed dice)."""
    throw = engine.throw(state) if state is not None and real_dice(state) else None
    return None if throw is None else throw.count


def throw_state(engine: Engine[Any], state: Any, opening: Action | None = None) -> Any:
    """The game at the throw the table enters now, in a game of real dice: the throw waiting,
    or where `opening` (MISHIMASH's ROLL) begins a turn, the throw it opens (the table has
    thrown: a tester tapped ROLL before every turn's entry); None when no throw is to be
    entered."""
    if state is None or not real_dice(state):
        return None
    if engine.throw(state) is not None:
        return state
    if opening is None:
        return None
    try:
        opened = engine.apply(state, opening)
    except RuleError:
        return None
    return opened if engine.throw(opened) is not None else None


def app_dice(engine: Engine[Any], state: Any) -> Dice:
    """The app's dice for the throw pending in a game with real dice (a computer's, or a
    person's "roll for me"): what the seed gives at this place of the game."""
    throw = engine.throw(state)
    if throw is None:
        raise ValueError("no dice are being thrown now")
    return Dice(seeded.throw(state.seed, engine.game, throw.position, throw.count))


@dataclass(frozen=True)
class Undone:
    state: Any  # the game one person's entry earlier
    dice: tuple[int, ...] = ()  # the throw taken back, if that entry was typed dice


def undo(
    engine: Engine[Any],
    state: Any,
    start: Any,
    by_person: Callable[[Any], bool],
) -> Undone | None:
    """The game before the last entry a person made, or None when there is none to take
    back. `start` is the game as it started; `by_person(state)` says whether the move played
    at `state` is a person's (the seat to move, or the seat whose throw it is)."""
    states = _replayed(engine, start, state.log)
    for index in range(len(state.log) - 1, -1, -1):
        if by_person(states[index]):
            action: Action = state.log[index]
            typed = action.values if isinstance(action, Dice) else ()
            return Undone(states[index], tuple(typed))
    return None


def _replayed(engine: Engine[Any], start: Any, log: tuple[Action, ...]) -> list[Any]:
    """Every state of the game, before each entry of `log` (and the last after it)."""
    states = [start]
    for action in log:
        states.append(engine.apply(states[-1], action))
    return states


_POINTS = re.compile(r"([+\-−]?)(\d{1,7})(?:[.,](\d))?")


def parse_points(text: str) -> int | None:
    """A correction's points as typed ("5", "+5", "−5", "-2.5", "10,5") in halves, or None
    when it is no whole or half number, or 0.

    >>> parse_points("+5"), parse_points("−2,5"), parse_points("10.5"), parse_points("0.3")
    (10, -5, 21, None)
    """
    found = _POINTS.fullmatch(text.strip().replace(" ", ""))
    if found is None or found.group(3) not in (None, "0", "5"):
        return None
    sign, whole, half = found.groups()
    halves = 2 * int(whole) + (half == "5")
    if halves == 0:
        return None
    return -halves if sign in ("-", "−") else halves
