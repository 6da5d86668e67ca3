"""Random play through the engines' own `legal_actions`, shared by tests and benchmarks.

Each playout yields every state, chance nodes included; the dice are the seed's, so a playout's
log replays through `from_dict`, which checks them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash


def magdagdon_playout(difficulty: str, seed: int) -> Iterator[magdagdon.State]:
    """Every state of one random MAGDAGDON game, start to end. Powers are used now and then,
    MAGDAGDON is accepted only when it must be, so games look like a player's."""
    chooser = random.Random(seed * 7919 + 1)
    state = magdagdon.new_game(difficulty, seed)
    yield state
    while not state.over:
        if magdagdon.ENGINE.throw(state) is not None:
            state = magdagdon.apply(state, magdagdon.ENGINE.seeded_dice(state))
            yield state
            continue
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
                # Stuck with bad staging (M16 says a good order exists): take every die back.
                for _, cell in reversed(state.staged):
                    state = magdagdon.apply(state, magdagdon.Unstage(cell))
                    yield state
                continue
        else:
            action = chooser.choice(others)
        state = magdagdon.apply(state, action)
        yield state


def mishimash_playout(players: int, target: int, seed: int) -> Iterator[mishimash.State]:
    """Every state of one random MISHIMASH game: random legal selections, banking more
    readily as the turn's points grow and the dice run short."""
    chooser = random.Random(seed * 104729 + 3)
    state = mishimash.new_game([f"P{n + 1}" for n in range(players)], target, seed)
    yield state
    while not state.over:
        if mishimash.ENGINE.throw(state) is not None:
            action: mishimash.Action = mishimash.ENGINE.seeded_dice(state)
        elif state.phase is mishimash.Phase.DECIDE:
            risk = state.turn_halves / (2 * target) + (6 - state.dice_left) / 8
            action = mishimash.Bank() if chooser.random() < risk else mishimash.RollAgain()
        else:
            action = chooser.choice(mishimash.legal_actions(state))
        state = mishimash.apply(state, action)
        yield state


def check_round_trip(engine: ModuleType, state: Any) -> None:
    """Through JSON text and back: the same state, and the same JSON again (lossless)."""
    saved = json.loads(json.dumps(engine.to_dict(state)))
    restored = engine.from_dict(saved)
    assert restored == state
    assert engine.to_dict(restored) == saved
