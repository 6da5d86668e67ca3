"""The game contract of ENGINE_API.md, "Real dice and chance" and "Outcome": a game played with
dice typed by a person (`cubiri.dice.TYPED`), the outcomes of a throw with their probabilities,
the finished game's outcome, the declared description of each game, and the strategy API where
ENGINE_API says it is."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from typing import Any

import pytest

from cubiri import dice as source
from cubiri.kernel import Dice, DiceScript
from cubiri.magdagdon import game as magdagdon
from cubiri.magdagdon import score as public_score
from cubiri.magdagdon.board import format_board
from cubiri.mishimash import game as mishimash

GAMES: dict[str, Any] = {"magdagdon": magdagdon, "mishimash": mishimash}


def _new(name: str, scheme: int, seed: int = 5, players: int = 2) -> Any:
    if name == "magdagdon":
        return magdagdon.new_game("peaceful", seed, dice_scheme=scheme)
    return mishimash.new_game(["Ana", "Bela", "Cid"][:players], 40, seed, dice_scheme=scheme)


def _round_trip(game: Any, state: Any) -> Any:
    return game.ENGINE.from_dict(json.loads(json.dumps(game.ENGINE.to_dict(state))))


def _typed_game(name: str, seed: int, players: int = 2) -> list[Any]:
    """A whole game with real dice: every throw typed (in a random order), every move a random
    legal one; the states in order."""
    game, rng = GAMES[name], random.Random(seed)
    state = _new(name, source.TYPED, seed, players)
    states = [state]
    while not state.over:
        throw = game.ENGINE.throw(state)
        if throw is not None:
            values = [rng.randint(1, 6) for _ in range(throw.count)]
            state = game.ENGINE.apply(state, Dice(tuple(values)))
        else:
            state = game.ENGINE.play(state, rng.choice(game.ENGINE.legal_actions(state)))
        states.append(state)
        assert len(states) < 5_000, "every game ends"
    return states


KINDS = [("magdagdon", 1), ("magdagdon", 2), ("mishimash", 1), ("mishimash", 2), ("mishimash", 3)]


@pytest.mark.parametrize(("name", "players"), KINDS)
def test_a_typed_game_is_played_to_its_end_and_saved_and_loaded_at_every_step(
    name: str, players: int
) -> None:
    game = GAMES[name]
    states = _typed_game(name, players, players)
    waited = 0
    for state in states:
        assert state.dice_scheme == source.TYPED
        assert _round_trip(game, state) == state
        if game.ENGINE.throw(state) is not None:
            waited += 1
            with pytest.raises(ValueError, match="real dice"):
                game.ENGINE.seeded_dice(state)  # no seed decides a typed throw
    assert waited >= 2
    assert game.ENGINE.outcome(states[-1]) is not None


@pytest.mark.parametrize("name", GAMES)
def test_play_waits_at_a_typed_throw_and_takes_the_typed_dice_in_any_order(name: str) -> None:
    game = GAMES[name]
    state = game.ENGINE.play(_new(name, source.TYPED), game.Roll())
    throw = game.ENGINE.throw(state)
    assert throw is not None and throw.count == game.ENGINE.info.dice_per_throw
    values = (5, 1, 5, 3, 2, 2)[: throw.count]
    after = game.ENGINE.apply(state, Dice(values))
    assert after.dice == values  # the order typed is the order of the dice on the table
    assert game.ENGINE.apply(state, Dice(tuple(reversed(values)))).dice == values[::-1]
    typed_as_a_list = game.ENGINE.apply(state, Dice(list(values)))  # type: ignore[arg-type]
    assert typed_as_a_list == after and _round_trip(game, typed_as_a_list) == after


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_save_with_other_dice_than_the_seeds_is_refused(name: str) -> None:
    game = GAMES[name]
    state = game.ENGINE.play(_new(name, source.SCHEME), game.Roll())
    saved = game.ENGINE.to_dict(state)
    dice = saved["log"][1]["values"]
    saved["log"][1]["values"] = [1 + value % 6 for value in dice]
    with pytest.raises(ValueError, match="not the seed's"):
        game.ENGINE.from_dict(saved)
    # The same save marked as typed is a different game, whose snapshot no longer agrees.
    typed = game.ENGINE.to_dict(state) | {"dice_scheme": source.TYPED}
    typed["log"][1]["values"] = saved["log"][1]["values"]
    with pytest.raises(ValueError, match="disagrees"):
        game.ENGINE.from_dict(typed)


@pytest.mark.parametrize("name", GAMES)
def test_a_typed_save_with_impossible_dice_is_refused(name: str) -> None:
    game = GAMES[name]
    state = game.ENGINE.apply(
        game.ENGINE.play(_new(name, source.TYPED), game.Roll()),
        Dice((6,) * game.ENGINE.info.dice_per_throw),
    )
    saved = game.ENGINE.to_dict(state)
    saved["log"][1]["values"][0] = 7
    with pytest.raises(ValueError):
        game.ENGINE.from_dict(saved)


@pytest.mark.parametrize("scheme", [-1, 3, True, "typed", None])
def test_an_unknown_dice_scheme_is_refused(scheme: Any) -> None:
    with pytest.raises(ValueError, match="dice scheme"):
        magdagdon.new_game("peaceful", 1, dice_scheme=scheme)
    with pytest.raises(ValueError, match="dice scheme"):
        mishimash.new_game(["A"], 10, 1, dice_scheme=scheme)


@pytest.mark.parametrize(
    ("name", "count", "distinct"), [("magdagdon", 4, 126), ("mishimash", 6, 462)]
)
def test_chance_outcomes_are_the_distinct_throws_with_their_probabilities(
    name: str, count: int, distinct: int
) -> None:
    game = GAMES[name]
    before = _new(name, source.TYPED)
    assert game.ENGINE.chance_outcomes(before) == []
    state = game.ENGINE.play(before, game.Roll())
    outcomes = game.ENGINE.chance_outcomes(state)
    assert len(outcomes) == distinct
    # An independent count: every ordered throw of `count` dice, by its sorted values.
    ordered = Counter(tuple(sorted(values)) for values in product(range(1, 7), repeat=count))
    for dice, chance in outcomes:
        assert dice.values == tuple(sorted(dice.values))
        assert chance == pytest.approx(ordered[dice.values] / 6**count, abs=1e-15)
    assert sum(chance for _, chance in outcomes) == pytest.approx(1, abs=1e-12)
    # legal_actions and apply agree at a throw: each offered outcome applies, in any order.
    assert game.ENGINE.legal_actions(state) == [dice for dice, _ in outcomes]
    rng = random.Random(3)
    for dice, _ in rng.sample(outcomes, 12):
        shuffled = list(dice.values)
        rng.shuffle(shuffled)
        game.ENGINE.apply(state, Dice(tuple(shuffled)))


def test_a_test_script_supplies_the_dice_of_every_throw() -> None:
    script = DiceScript([(6, 6, 6, 6), (1, 2, 3, 4)])
    state = magdagdon.ENGINE.play(magdagdon.new_game("peaceful", 9), magdagdon.Roll(), script)
    assert state.dice == (6, 6, 6, 6)
    state = magdagdon.ENGINE.play(state, magdagdon.Reroll((0, 1, 2, 3)), script)
    assert state.dice == (1, 2, 3, 4) and state.powers_used == 1
    with pytest.raises(ValueError, match="no throw of 6 dice"):
        mishimash.ENGINE.play(mishimash.new_game(["A"], 10), mishimash.Roll(), script)


def test_magdagdon_outcome_is_the_final_score_and_its_parts() -> None:
    states = _typed_game("magdagdon", 4)
    *playing, end = states
    assert all(magdagdon.ENGINE.outcome(state) is None for state in playing)
    outcome = magdagdon.ENGINE.outcome(end)
    assert outcome is not None and json.loads(json.dumps(outcome)) == outcome
    # M20–M24 by the public rules API, on the final board.
    board = format_board(end.board)
    assert outcome["score"] == public_score(board, "peaceful", end.powers_used)
    ruins = board.count("x")
    bonus_values = {"straight": 60, "four_of_a_kind": 40, "two_pairs": 20}
    bonus_points = sum(bonus_values[kind] * n for kind, n in outcome["bonuses"].items())
    assert outcome["bonus_points"] == bonus_points
    assert outcome["score"] == (
        outcome["base"] + bonus_points - 15 * ruins - outcome["power_penalty"]
    )
    assert (outcome["ruins"], outcome["turns"]) == (ruins, end.turns)
    low, high = magdagdon.INFO.score  # type: ignore[misc]
    assert low <= outcome["score"] <= high
    assert magdagdon.INFO.turns[0] <= end.turns <= (magdagdon.INFO.turns[1] or 0)


def test_mishimash_outcome_is_each_seats_total_and_turns_and_the_winner() -> None:
    states = _typed_game("mishimash", 6)
    *playing, end = states
    assert all(mishimash.ENGINE.outcome(state) is None for state in playing)
    outcome = mishimash.ENGINE.outcome(end)
    assert outcome is not None and json.loads(json.dumps(outcome)) == outcome
    assert outcome["totals"] == [halves / 2 for halves in end.totals]
    assert outcome["turns"] == list(end.turns)
    winner = outcome["winner"]
    assert outcome["totals"][winner] == max(outcome["totals"]) >= 40  # X14–X17
    assert outcome["totals"].count(max(outcome["totals"])) == 1


def test_each_game_declares_what_it_is() -> None:
    assert magdagdon.ENGINE.info.players == (1, 1)
    assert mishimash.ENGINE.info.players == (1, mishimash.MAX_PLAYERS)
    assert (magdagdon.INFO.dice_per_throw, mishimash.INFO.dice_per_throw) == (4, 6)
    # The worst MAGDAGDON: 16 RUINS and PEACEFUL's three powers (M23, M15).
    assert magdagdon.INFO.score[0] == -15 * 16 - 70  # type: ignore[index]


def test_the_strategy_api_is_importable_from_cubiri_mishimash() -> None:
    from cubiri.mishimash import best_points, bust_chance, chance_to_reach, strategy, turn_value

    assert turn_value(0, 6, 1, 0) == strategy.turn_value(0, 6, 1, 0)
    # X11: a roll busts when no selection of it scores, by the rules API, over every order.
    for count in (1, 4):
        busts = sum(1 for roll in product(range(1, 7), repeat=count) if best_points(roll) == 0)
        assert bust_chance(count) == pytest.approx(busts / 6**count, abs=1e-12)
    assert chance_to_reach(10, 10, 6, 1, 0) == 1.0


def test_the_final_round_need_is_the_engines_and_the_coach_and_computer_read_it() -> None:
    from app.pure.coach import need_to_win
    from cubiri.mishimash.computer import decision

    state = mishimash.new_game(["Ana", "Bela", "Cid"], 100, 1, dice_scheme=source.TYPED)
    assert mishimash.points_to_pass(state) is None  # the race (X16 not yet)
    # Ana banks 150 (X14: the target is reached), so Bela and Cid play one turn more (X16).
    state = mishimash.ENGINE.play(state, mishimash.Roll())
    state = mishimash.ENGINE.apply(state, Dice((1, 2, 3, 4, 5, 6)))
    state = mishimash.ENGINE.play(state, mishimash.Select((0, 1, 2, 3, 4, 5)))
    state = mishimash.ENGINE.play(state, mishimash.RollAgain())
    state = mishimash.ENGINE.apply(state, Dice((1, 1, 1, 1, 1, 1)))
    state = mishimash.ENGINE.play(state, mishimash.Select((0, 1, 2, 3, 4, 5)))
    state = mishimash.ENGINE.play(state, mishimash.Bank())
    assert state.round is mishimash.Round.FINAL_ROUND and state.current == 1
    banked = state.totals[0] / 2
    assert banked >= 100
    need = mishimash.points_to_pass(state)
    assert need == banked + 0.5  # a tie does not pass (X16)
    assert need_to_win(state) == need
    assert decision(state).need == need


@pytest.mark.parametrize(
    ("name", "players"), [("magdagdon", 1), ("mishimash", 1), ("mishimash", 3)]
)
def test_a_finished_typed_game_enters_the_history_and_its_log_replays(
    name: str, players: int
) -> None:
    from app.pure import history

    end = _typed_game(name, 7, players)[-1]
    entry = history.entry_for(name, "7-typed", "2026-12-01T20:00:00Z", end)
    (read,), problems = history.parse(history.dump([entry]))
    assert problems == [] and read == entry
    assert read.dice == source.TYPED and read.outcome == GAMES[name].ENGINE.outcome(end)
    assert read.log is not None and GAMES[name].ENGINE.from_dict(read.log) == end
