"""The three difficulties of M5: powers, minimum dice a turn, and the penalty of each power use."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Difficulty:
    name: str
    powers: int
    minimum: int
    penalties: tuple[int, ...]  # the cost of the 1st, 2nd, 3rd … use, in order (M15)

    def penalty(self, powers_used: int) -> int:
        """Total penalty after `powers_used` uses: PEACEFUL 10, 30, 70; SURVIVAL 70 (M5)."""
        if not 0 <= powers_used <= self.powers:
            raise ValueError(f"{self.name} allows 0 to {self.powers} powers, not {powers_used}")
        return sum(self.penalties[:powers_used])

    def required(self, empty_cells: int) -> int:
        """M6: the dice a turn must place, never more than the empty cells left."""
        return min(self.minimum, empty_cells)


DIFFICULTIES = {
    "peaceful": Difficulty("peaceful", powers=3, minimum=2, penalties=(10, 20, 40)),
    "survival": Difficulty("survival", powers=1, minimum=2, penalties=(70,)),
    "nightmare": Difficulty("nightmare", powers=0, minimum=3, penalties=()),
}


def difficulty(name: str) -> Difficulty:
    try:
        return DIFFICULTIES[name]
    except (KeyError, TypeError):
        names = ", ".join(DIFFICULTIES)
        raise ValueError(f"unknown difficulty {name!r}: use one of {names}") from None
