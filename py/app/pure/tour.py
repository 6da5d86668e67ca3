"""The first game that teaches (issue 16): one turn of each game on fixed dice, step by step.

Each step says something and waits for the player to do it (ROLL, tap a die, place it …) or for
NEXT. What the player did is read from the game, as `Facts`, so a player who runs ahead (places
two dice at once, CONFIRMs early) skips the steps already done instead of being stuck.
"""

from __future__ import annotations

from dataclasses import dataclass

# The fixed dice. MAGDAGDON seed 14 first rolls 4 3 5 6: in a row, 3-4-5-6 is a STRAIGHT (M21).
# MISHIMASH seed 50 first rolls 4 5 4 3 1 6 (a 1 and a 5 score, X4), and its second roll busts
# whatever was taken (2 6 3 2 …, X11); tests/test_tour.py checks both.
SEEDS = {"magdagdon": 14, "mishimash": 50}
MISHIMASH_TARGET = 1000


@dataclass(frozen=True)
class Facts:
    """What the player has done in the tour's game so far."""

    rolled: bool = False  # ROLL pressed
    picked: bool = False  # a die tapped (MAGDAGDON: picked or staged; MISHIMASH: selected)
    staged: int = 0  # MAGDAGDON: dice on the board, not yet confirmed
    rolled_again: bool = False  # MISHIMASH: ROLL AGAIN pressed
    turn_over: bool = False  # MAGDAGDON: CONFIRMed; MISHIMASH: banked or busted
    busted: bool = False  # MISHIMASH: the turn ended in a BUST


@dataclass(frozen=True)
class Step:
    key: str  # its text: tour.<game>.<key>
    until: str  # what ends it: "next" (the NEXT button) or a condition of `done`
    target: str | None = None  # the id of what it points at on the screen


TOURS: dict[str, tuple[Step, ...]] = {
    "magdagdon": (
        Step("intro", "next"),
        Step("roll", "rolled", "md-primary"),
        Step("pick", "picked", "md-dice"),
        Step("first", "staged1", "md-board"),
        Step("why", "staged2", "md-board"),
        Step("row", "staged4", "md-board"),
        Step("confirm", "turn_over", "md-primary"),
        Step("bonus", "next", "md-row-sum-0"),
    ),
    "mishimash": (
        Step("intro", "next"),
        Step("roll", "rolled", "ms-roll"),
        Step("select", "picked", "ms-dice"),
        Step("decide", "rolled_again", "ms-actions"),
        Step("bust", "next", "ms-players"),
    ),
}


def done(step: Step, facts: Facts) -> bool:
    """Whether the player has done what `step` asks (a later action counts too)."""
    if step.until == "next":
        return False
    if facts.turn_over:
        return True  # the turn ended: every step before the last is behind the player
    if step.until.startswith("staged"):
        return facts.staged >= int(step.until.removeprefix("staged"))
    return bool(getattr(facts, step.until))


def advance(game: str, index: int, facts: Facts) -> int:
    """The step to show after `index`, given what the player has done: past every step done."""
    steps = TOURS[game]
    while index < len(steps) - 1 and done(steps[index], facts):
        index += 1
    return index


def text_key(game: str, step: Step, facts: Facts) -> str:
    """The locale key of a step's text; MISHIMASH's last step says what ended the turn."""
    if game == "mishimash" and step.key == "bust" and facts.turn_over and not facts.busted:
        return "tour.mishimash.banked"
    return f"tour.{game}.{step.key}"
