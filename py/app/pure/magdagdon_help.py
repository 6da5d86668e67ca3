"""The computer player at the player's side (issue 13): a HINT for the roll on the table, and
"the bot on your dice", a whole game by the computer on the same seed, played in slices.

Pure Python: the engine's computer player (`cubiri.magdagdon.bot`) decides; this module only
says what its decision looks like on the screen. A HINT never plays for the player.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from app.pure.i18n import Translator
from app.pure.magdagdon_view import cell_name
from cubiri.magdagdon import bot
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import Board


@dataclass(frozen=True)
class Hint:
    """What the computer would do with this roll: dice and cells numbered in staging order."""

    key: tuple[object, ...]  # the roll it is about (see `hint_key`)
    dice: dict[int, int] = field(default_factory=dict)  # die → its place in the order (1, 2 …)
    cells: dict[int, tuple[int, int]] = field(default_factory=dict)  # cell → (order, value)
    ruin: int | None = None  # ACCEPT MAGDAGDON, then this cell becomes a RUIN
    text: str = ""


def hint_key(state: engine.State) -> tuple[object, ...]:
    """A hint stays shown while the roll is the same: staging and unstaging keep it, a power
    or the next turn makes it stale."""
    return (state.turns, state.rerolls, state.dice, state.powers_used, state.phase.value)


def hint_text(hint: Hint, state: engine.State, t: Translator) -> str:
    """The hint as shown and said for `state`: the plan starts from an empty staging (issue 29),
    so with dice staged off its plan it says so, lest it be read as what follows the player's
    own. Dice staged as its first steps need no taking back (helper-30 was told to take back
    dice placed exactly as the hint had them)."""
    if not state.staged or follows(hint, state):
        return hint.text
    return f"{t('magdagdon.suggest.unstaged')} {hint.text}"


def follows(hint: Hint, state: engine.State) -> bool:
    """Whether the dice staged are the hint's first placements: each die where the plan puts
    it, in its order, with the value it has there."""
    return all(
        hint.dice.get(die) == order and hint.cells.get(cell) == (order, state.dice[die])
        for order, (die, cell) in enumerate(state.staged, start=1)
    )


def can_hint(state: engine.State) -> bool:
    return state.phase in (engine.Phase.PLACE, engine.Phase.MAGDAGDON)


def hint_for(
    state: engine.State,
    t: Translator,
    advise: Callable[[engine.State], list[engine.Action]] = bot.turn_actions,
) -> Hint:
    """The computer player's whole plan for this roll, from an empty staging (the player's own
    staging does not change what the roll is worth)."""
    current = replace(state, staged=())
    actions = advise(current)
    dice: dict[int, int] = {}
    cells: dict[int, tuple[int, int]] = {}
    ruin: int | None = None
    said: list[str] = []
    steps: list[str] = []
    adjusted = False
    ends_with_reroll = False
    # The dice are marked on screen by the order they are placed in (1, 2, …): a die the plan
    # adjusts is named by its mark too, else by its place (helper-24 tapped the die marked 2
    # for "die 2", the second die).
    marks = [a.die for a in actions if isinstance(a, engine.Stage)]
    for action in actions:
        if isinstance(action, engine.Adjust):
            power = t("magdagdon.decrease" if action.delta < 0 else "magdagdon.increase")
            old = current.dice[action.die]
            named = marks.index(action.die) + 1 if action.die in marks else action.die + 1
            said.append(
                t(
                    "magdagdon.suggest.adjust_then" if adjusted else "magdagdon.suggest.adjust",
                    power=power,
                    n=named,
                    old=old,
                    new=old + action.delta,
                )
            )
            adjusted = True  # "First …", then "Then …", never "First … First …"
        elif isinstance(action, engine.Reroll):
            numbers = ", ".join(str(die + 1) for die in action.dice)
            said.append(t("magdagdon.suggest.reroll", dice=numbers))
            ends_with_reroll = True
            break  # its dice are unknown until thrown
        elif isinstance(action, engine.Stage):
            order = len(steps) + 1
            value = current.dice[action.die]
            dice[action.die] = order
            cells[action.cell] = (order, value)
            where = cell_name(t, action.cell)
            steps.append(t("magdagdon.suggest.step", n=order, value=value, where=where))
        elif isinstance(action, engine.PlaceRuin):
            ruin = action.cell
            said.append(t("magdagdon.suggest.accept", cell=cell_name(t, action.cell)))
        if isinstance(action, engine.Adjust | engine.Stage):  # what later steps see
            current = engine.apply(current, action)
    if steps:
        said.append(t("magdagdon.suggest.place", steps="; ".join(steps)))
    if ends_with_reroll:
        said.append(t("magdagdon.suggest.again"))
    return Hint(hint_key(state), dice, cells, ruin, " ".join(said))


class BotGame:
    """A whole game by the computer player on `seed` (the same dice as the player's), played a
    slice at a time so the page never waits long; the same moves as `bot.play_game`."""

    def __init__(self, seed: int, difficulty: str) -> None:
        self.state = engine.new_game(difficulty, seed)

    def step(self, budget_s: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Play on for about `budget_s` seconds (at least one move); True once the game is over."""
        started = clock()
        while not self.state.over:
            self.state = engine.play(self.state, bot.next_action(self.state))
            if clock() - started >= budget_s:
                break
        return self.state.over

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def score(self) -> int:
        return self.state.score().final

    @property
    def board(self) -> Board:
        return self.state.board
