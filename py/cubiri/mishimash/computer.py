"""MISHIMASH computer players on the game: the move a level makes from a `State`.

The levels themselves (`players.LEVELS`) decide on plain values; this module reads those values
off the game and turns their answer into an action. A move is a pure function of the position,
so a reload in the middle of a computer's turn goes on with the same choices (and, dice being
keyed by position, the same dice).
"""

from __future__ import annotations

from cubiri.mishimash import later_players, odds, win_chance
from cubiri.mishimash.game import (
    Action,
    Bank,
    Phase,
    Roll,
    RollAgain,
    Round,
    Select,
    State,
    apply,
    points_to_pass,
)
from cubiri.mishimash.players import LEVELS, Decision
from cubiri.mishimash.scoring import legal_value_selections, selection_halves

LEVEL_NAMES = tuple(LEVELS)  # gentlest first


def decision(state: State) -> Decision:
    """What the player to move sees: totals, the race, and the turn so far (X9–X17)."""
    me = state.current
    others = tuple(total / 2 for player, total in enumerate(state.totals) if player != me)
    selecting = state.phase is Phase.SELECT
    return Decision(
        banked=state.totals[me] / 2,
        others=others,
        target=state.target,
        final_round=state.round is not Round.RACE,
        need=points_to_pass(state),
        roll=state.dice if selecting else (),
        points=state.turn_halves / 2,
        dice_left=len(state.dice) if selecting else state.dice_left,
        # For a selection, the roll on the table; for BANK / ROLL AGAIN, the next throw.
        roll_index=state.roll_number if selecting else state.roll_number + 1,
        mishimash_count=state.mishimashes,
    )


def plays_to_win(level: str, state: State) -> bool:
    """Whether `level` plays this position by the exact chance to win (`win_chance`): the
    strongest level, where two contenders still count (the last turn against one leader, the
    first mover of a sudden death of two, a tie in reach included), and where two still play
    after it once the page has built its chances (later_players.page_ready: it never waits for
    them, and plays by the chance to pass the leader meanwhile)."""
    if level != "strongest":
        return False
    return win_chance.covered(state) or later_players.page_ready(state)


def selection(level: str, state: State) -> Select:
    """The dice `level` takes from the roll on the table, as indices in increasing order."""
    if plays_to_win(level, state):
        return _selection_to_win(state)
    return select_values(state, LEVELS[level].select(decision(state)))


def _selection_to_win(state: State) -> Select:
    return select_values(state, best_to_win(chances_by_selection(state), state.dice))


def chances_by_selection(state: State) -> dict[tuple[int, ...], float]:
    """In a `win_chance.covered` position: each legal selection of the roll on the table, and
    the chance to win of the better of BANK and ROLL AGAIN after it."""
    worth = {}
    for values in legal_value_selections(state.dice):
        chances = win_chance.win_chances(apply(state, select_values(state, values)))
        assert chances is not None
        worth[values] = max(chances.values())
    return worth


def best_to_win(worth: dict[tuple[int, ...], float], roll: tuple[int, ...]) -> tuple[int, ...]:
    """The selection with the best chance; among equal chances the one worth more points."""
    return max(worth, key=lambda v: (round(worth[v], 12), selection_halves(roll, v) or 0))


def select_values(state: State, taken: tuple[int, ...]) -> Select:
    """The selection of the die values `taken` from the roll on the table, as indices."""
    values = list(taken)
    chosen: list[int] = []
    for index, value in enumerate(state.dice):
        if value in values:
            values.remove(value)
            chosen.append(index)
    return Select(tuple(chosen))


def waits_for_reach_table(level: str, state: State) -> bool:
    """Whether `level` needs a final round's table now and it is not built yet: the chance to
    win (`plays_to_win`) or, where more contenders count, the chance to pass the leader. Never
    to throw (X8: a turn begins with one, whatever the odds): the table builds meanwhile."""
    if level != "strongest" or state.round is Round.RACE or state.phase is Phase.ROLL:
        return False
    if plays_to_win(level, state):
        return win_chance.covered(state) and not win_chance.ready(state)
    need = points_to_pass(state)
    return need is not None and not odds.reach_ready()


def next_move(level: str, state: State) -> Action:
    """The action `level` plays now: ROLL, its selection, or BANK / ROLL AGAIN."""
    if state.phase is Phase.ROLL:
        return Roll()
    if state.phase is Phase.SELECT:
        return selection(level, state)
    if state.phase is Phase.DECIDE and plays_to_win(level, state):
        chances = win_chance.win_chances(state)
        assert chances is not None
        return Bank() if chances["bank"] >= chances["roll"] else RollAgain()
    if state.phase is Phase.DECIDE:
        return Bank() if LEVELS[level].bank(decision(state)) else RollAgain()
    raise ValueError(f"no move for a computer player in phase {state.phase.value}")
