"""Random play through the engines' own `legal_actions`, shared by tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cubiri.magdagdon import game as magdagdon


def magdagdon_playout(difficulty: str, seed: int) -> Iterator[magdagdon.State]:
    """Every state of one random MAGDAGDON game, start to end. Powers are used now and then,
    MAGDAGDON is accepted only when it must be, so games look like a player's."""
    chooser = random.Random(seed * 7919 + 1)
    state = magdagdon.new_game(difficulty, seed)
    yield state
    while state.phase is not magdagdon.Phase.OVER:
        actions = magdagdon.legal_actions(state)
        powers = [a for a in actions if isinstance(a, magdagdon.Adjust | magdagdon.Reroll)]
        others = [a for a in actions if a not in powers]
        if powers and (not others or chooser.random() < 0.08):
            action = chooser.choice(powers)
        elif state.phase is magdagdon.Phase.PLACE:
            # Prefer staging; confirm once the minimum is met (sometimes with a die to spare).
            stages = [a for a in others if isinstance(a, magdagdon.Stage)]
            confirm = magdagdon.Confirm() in others
            if stages and (not confirm or chooser.random() < 0.3):
                action = chooser.choice(stages)
            elif confirm:
                action = magdagdon.Confirm()
            else:
                action = chooser.choice(others)
        else:
            action = chooser.choice(others)
        state = magdagdon.apply(state, action)
        yield state
