"""The contract both engines keep (OpenSpiel's random-simulation test): over many random
reachable states, every offered action applies, actions not offered raise a RuleError with a
code, the state survives JSON, and every game ends."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import Any

import pytest

from cubiri import kernel
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash
from tests.playouts import magdagdon_playout, mishimash_playout

GAMES: dict[str, tuple[Any, Callable[[int], Iterator[Any]]]] = {
    "magdagdon": (
        magdagdon,
        lambda seed: magdagdon_playout(("peaceful", "nightmare")[seed % 2], seed),
    ),
    "mishimash": (mishimash, lambda seed: mishimash_playout(1 + seed % 3, 40, seed)),
}
MAX_STATES = 5_000


def candidate_actions(game: Any, state: Any, rng: random.Random) -> list[kernel.Action]:
    """Actions of every kind with small random arguments: most of them are not legal now."""
    found: list[kernel.Action] = []
    for cls in game.ENGINE.kinds.values():
        for _ in range(3):
            values = {}
            for item in fields(cls):
                if str(item.type).startswith("tuple"):
                    values[item.name] = tuple(rng.randint(-1, 16) for _ in range(rng.randint(0, 6)))
                else:
                    values[item.name] = rng.choice([-1, 0, 1, 2, 3, 5, 15, 16])
            found.append(cls(**values))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_random_states_keep_the_engine_contract(name: str) -> None:
    game, playout = GAMES[name]
    rng = random.Random(11)
    for seed in range(12):
        count = 0
        for count, state in enumerate(playout(seed)):
            assert count < MAX_STATES, "every game ends"
            offered = game.legal_actions(state)
            assert offered or state.over
            throw = game.ENGINE.throw(state)
            # Every offered action applies (at a throw: a sample of the outcomes).
            sample = rng.sample(offered, min(len(offered), 8)) if throw else offered
            for action in sample:
                game.apply(state, action)
            # Everything else is refused with a stable code, never another exception.
            for action in candidate_actions(game, state, rng):
                if action in offered or (throw and isinstance(action, kernel.Dice)):
                    continue
                with pytest.raises(kernel.RuleError) as refused:
                    game.apply(state, action)
                assert refused.value.code.startswith(f"{name}.")
            if count % 9 == 0:
                saved = json.loads(json.dumps(game.to_dict(state)))
                assert game.from_dict(saved) == state
        assert state.over


@pytest.mark.parametrize("name", GAMES)
def test_a_throw_takes_exactly_its_dice_and_offers_every_outcome_once(name: str) -> None:
    game, playout = GAMES[name]
    state = next(s for s in playout(3) if game.ENGINE.throw(s) is not None)
    throw = game.ENGINE.throw(state)
    outcomes = game.legal_actions(state)
    assert len(outcomes) == len(set(outcomes))
    assert sum(p for _, p in kernel.outcomes(throw.count)) == pytest.approx(1)
    for values in ((), (1,) * (throw.count + 1), (0,) * throw.count, (7,) * throw.count):
        with pytest.raises(kernel.RuleError) as refused:
            game.apply(state, kernel.Dice(values))
        assert refused.value.code == f"{name}.bad_dice"
    with pytest.raises(kernel.RuleError) as refused:
        game.apply(state, game.legal_actions(game.new_game(*_setup(name)))[0])
    assert refused.value.code == f"{name}.dice_expected"


def _setup(name: str) -> tuple[Any, ...]:
    return ("peaceful", 1) if name == "magdagdon" else (["A"], 10, 1)
