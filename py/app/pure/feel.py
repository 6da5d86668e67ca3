"""Game feel, decided without the browser: where a die's pips sit, which sound and which buzz
each moment of play gets, whether either may play now, and when a finished game is a record.

The browser side (`app.browser.feel`) only carries these out, so every choice is tested here.
"""

from __future__ import annotations

from dataclasses import dataclass

# A die's face as a 3×3 grid, cells numbered 0-8 row by row: the usual pips of a real die.
PIP_CELLS: dict[int, tuple[int, ...]] = {
    1: (4,),
    2: (2, 6),
    3: (2, 4, 6),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


def pip_cells(value: int) -> tuple[int, ...]:
    """The grid cells holding a pip for `value`; none for a value no die face has (the
    digit is then the only face shown)."""
    return PIP_CELLS.get(value, ())


@dataclass(frozen=True)
class Note:
    """One tone: start (s after the sound begins), length (s), pitch (Hz), loudness 0-1."""

    start: float
    length: float
    pitch: float
    gain: float = 0.18
    wave: str = "triangle"  # an OscillatorNode type: sine, square, sawtooth, triangle


# Each moment of play and its sound: short (all under half a second), rising for good news,
# falling for a bust, so the ear tells them apart before the eye does.
SOUNDS: dict[str, tuple[Note, ...]] = {
    "roll": tuple(Note(0.035 * i, 0.03, 180 + 70 * (i % 3), 0.12, "square") for i in range(6)),
    "place": (Note(0, 0.07, 660, 0.16, "sine"),),
    "confirm": (Note(0, 0.09, 523.25), Note(0.08, 0.14, 783.99)),
    "bust": (Note(0, 0.16, 311.13, 0.16, "sawtooth"), Note(0.14, 0.3, 207.65, 0.16, "sawtooth")),
    "mishimash": tuple(
        Note(0.07 * i, 0.12 + 0.05 * (i == 3), pitch, 0.16)
        for i, pitch in enumerate((523.25, 659.25, 783.99, 1046.5))
    ),
    "record": tuple(
        Note(0.1 * i, 0.16 + 0.2 * (i == 4), pitch, 0.16)
        for i, pitch in enumerate((392.0, 523.25, 659.25, 783.99, 1046.5))
    ),
}

# The buzz of each moment (navigator.vibrate's pattern, ms on / off / on …): a tap is barely
# felt; a bust is two dull knocks; good news a longer ripple.
VIBRATIONS: dict[str, tuple[int, ...]] = {
    "roll": (18,),
    "place": (10,),
    "confirm": (25,),
    "bust": (60, 40, 60),
    "mishimash": (30, 30, 30, 30, 80),
    "record": (40, 40, 40, 40, 120),
}

MOMENTS = tuple(SOUNDS)

# What happened in a game (an action played or an event the engine reported) → its moment.
HAPPENINGS: dict[str, str] = {
    "roll": "roll",  # ROLL, ROLL AGAIN, REROLL: dice thrown
    "reroll": "roll",
    "roll_again": "roll",
    "stage": "place",  # MAGDAGDON: a die put on a cell
    "adjust": "place",  # MAGDAGDON: DECREASE −1 / INCREASE +1
    "select": "place",  # MISHIMASH: a die taken
    "confirmed": "confirm",  # MAGDAGDON: CONFIRM (M4)
    "confirm": "confirm",
    "banked": "confirm",  # MISHIMASH: BANK (X10)
    "bank": "confirm",
    "ruined": "bust",  # MAGDAGDON: a RUIN placed (M17)
    "ruin": "bust",
    "bust": "bust",  # MISHIMASH: nothing scores (X11)
    "mishimash": "mishimash",  # X12
    "record": "record",  # a new best (see is_new_best)
}
# When one tap does several things, the most telling is heard: the news, not the dice.
_LOUDEST_FIRST = ("record", "mishimash", "bust", "confirm", "roll", "place")


def moment_of(happened: list[str]) -> str | None:
    """The one moment (sound and buzz) for everything a tap did, or None for nothing."""
    moments = {HAPPENINGS[name] for name in happened if name in HAPPENINGS}
    return next((moment for moment in _LOUDEST_FIRST if moment in moments), None)


def may_sound(sound_on: bool, first_tap_seen: bool) -> bool:
    """Sound plays only when the player has it on, and never before their first tap (a page
    that makes noise on its own is rude, and browsers refuse it anyway)."""
    return sound_on and first_tap_seen


def may_vibrate(vibration_on: bool, first_tap_seen: bool, reduced_motion: bool) -> bool:
    """A buzz is motion felt in the hand: none for a player who asked for reduced motion."""
    return vibration_on and first_tap_seen and not reduced_motion


def place_in_table(ids: list[str], record_id: str | None) -> int | None:
    """The 1-based place of the game `record_id` in a ranked table (best first), or None when
    it did not make the table."""
    if record_id is None or record_id not in ids:
        return None
    return ids.index(record_id) + 1


def is_new_best(ids: list[str], record_id: str | None) -> bool:
    """A finished game is a new best when it heads its table (a tie goes to the earlier game,
    so equalling the best is not a new best)."""
    return place_in_table(ids, record_id) == 1


def is_persons_win(levels: tuple[str, ...], winner: int | None) -> bool:
    """A game with rivals is celebrated when a person wins it (a seat whose level is "", see
    mishimash_setup.PERSON), never when a computer does."""
    return winner is not None and 0 <= winner < len(levels) and levels[winner] == ""


def count_up(final: int, steps: int) -> list[int]:
    """The numbers a score shows while it counts up to `final`: `steps` of them, rising, the
    last one `final` (a negative final counts down from 0)."""
    steps = max(1, steps)
    return [round(final * (i + 1) / steps) for i in range(steps)]
