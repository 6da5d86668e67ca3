"""The MISHIMASH coach: the exact odds of the decision in front of a person, in words.

Every number comes from the engine's strategy (`cubiri.mishimash.odds`, the shipped tables of
best play); this module only picks which ones matter now and says them in the player's language.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from app.pure.i18n import Translator
from app.pure.review import bank_ends_solo
from cubiri.kernel import Dice, RuleError
from cubiri.mishimash import computer, far_behind, later_players, odds, two_left, win_chance
from cubiri.mishimash.game import (
    ENGINE,
    Bank,
    Banked,
    Bust,
    Phase,
    Round,
    Select,
    State,
    apply,
    new_game,
    points_to_pass,
)
from cubiri.mishimash.strategy import BANK, bust_chance
from cubiri.mishimash.win_chance import win_chances


@dataclass(frozen=True)
class CoachView:
    lines: tuple[str, ...] = ()  # under the selection: the best play and what this one costs
    roll_again: str = ""  # beside ROLL AGAIN: the chance that the next throw busts


def percent(t: Translator, chance: float) -> str:
    """A chance as a percentage to one decimal. 100% and 0% are kept for what is certain:
    helper-26 was told "your chance to win is then 100%" over a rival who then passed her
    (1,050 to pass in one turn), and the rival "0%"."""
    if 0 < chance < 0.0005:
        return t("coach.percent_under", percent=t.number(0.1))
    if 0.9995 <= chance < 1:
        return t("coach.percent_over", percent=t.number(99.9))
    return t("coach.percent", percent=t.number(round(100 * chance, 1)))


def need_to_win(state: State) -> float | None:
    """In the final round or sudden death, the points this turn must bank: the engine's."""
    return points_to_pass(state)


def build_coach(
    state: State, picked: frozenset[int], t: Translator, people: frozenset[int]
) -> CoachView:
    """What the coach says to the person to move; `people`: the players who are persons (a
    computer's turn gets no review)."""
    if state.phase is Phase.THROW and state.turn_halves:
        # Real dice, typed after ROLL AGAIN: the chance from here (helper-21 saw the coach
        # go blank there in the final round).
        from_here = (_throwing(state, t), _others_after(state, t))
        return CoachView(tuple(line for line in from_here if line))
    if state.phase in (Phase.ROLL, Phase.THROW):
        said = (_last_turn(state, t, people), _race(state, t), _others_after(state, t))
        return CoachView(tuple(line for line in said if line))
    if state.phase is not Phase.SELECT:
        return CoachView()
    covered = win_chance.covered(state)
    if (covered and win_chance.ready(state)) or later_players.page_ready(state):
        return _to_win(state, picked, t)
    need = need_to_win(state)
    if covered or _builds(state) or (need is not None and not odds.reach_ready()):
        # The best selection waits for its table (or, two still to play after this player,
        # its chances to win: the chances to pass could point the other way, helper-31); BANK
        # or ROLL AGAIN after the dice picked may already be known exactly (a selection that
        # passes the leader). BANK's chance alone is not said: it pointed a quick player to
        # BANK where rolling on, not yet known, was better (helper-32).
        exact, bust = "", ""
        with suppress(RuleError):  # dice picked that are not a selection (yet): nothing said
            after = apply(state, Select(tuple(sorted(picked))))
            exact = _exact_decision(after, t)
            bust = t("coach.bust", percent=percent(t, bust_chance(after.dice_left)))
        return CoachView(tuple(line for line in (t("coach.thinking"), exact) if line), bust)
    points, k, m = state.turn_halves / 2, state.roll_number, state.mishimashes
    if need is None:
        options = odds.selections(state.dice, points, k, m)
    else:
        options = odds.selections_to_reach(need, state.dice, points, k, m)

    def show(value: float) -> str:
        """A chance in the final round, else points on average."""
        return percent(t, value) if need is not None else t.number(round(value, 1))

    reaching = [option for option in options if _solo_reaches(state, option.values)]
    best = reaching[0] if reaching else options[0]
    dice = t.faces(best.values)
    if reaching:  # X15: the record is the turns; more points than the target count for nothing
        lines = [t("coach.solo_best", dice=dice)]
    elif need is None:
        lines = [t("coach.best", dice=dice, value=show(best.value))]
    else:  # more than two contenders count: the chance to pass the leader, named as such
        total = t.number(_leader(state, need))
        lines = [t("coach.best_pass", dice=dice, value=show(best.value), total=total)]
    chosen = tuple(sorted(state.dice[i] for i in picked))
    mine = next((option for option in options if option.values == chosen), None)
    others_after = _others_after(state, t)
    if mine is None:
        return CoachView(tuple(line for line in (*lines, others_after) if line))
    after = apply(state, Select(tuple(sorted(picked))))
    # X15, X16: where BANK after this selection reaches the target the turn is played to win,
    # so points given up are no verdict (as the review does not judge it; helper-21).
    to_win = reaching or _final_round_by_bank(after) is not None
    given_up = "" if to_win else _given_up(t, best.value, mine.value, chance=need is not None)
    if given_up:
        lines.append(given_up)
    lines.append(
        _solo_bank(after, t)
        or _exact_decision(after, t)
        or _bank_reaches(after, t)
        or _decision(after, need, t)
    )
    level = _bank_level(after, need, t)
    if level:
        lines.append(level)
    others_after = _bank_leaves(after, t) or others_after
    if others_after:
        lines.append(others_after)
    return CoachView(
        tuple(lines), t("coach.bust", percent=percent(t, bust_chance(after.dice_left)))
    )


def _solo_reaches(state: State, values: tuple[int, ...]) -> bool:
    """Whether taking `values` of a solo game's roll and BANK reach the target (X15)."""
    return state.solo and bank_ends_solo(apply(state, computer.select_values(state, values)))


def _solo_bank(after: State, t: Translator) -> str:
    """In a solo game, where BANK now reaches the target: the game ends on this turn, and
    rolling on can only bust it (X15: the record is the number of turns); else ""."""
    if not bank_ends_solo(after):
        return ""
    return t("coach.solo_bank", bank=t.number(after.turn_halves / 2))


def _final_round_by_bank(after: State) -> State | None:
    """The game after BANK now where it reaches the target in the race (X14, X16: the final
    round begins); else None."""
    if after.round is not Round.RACE:
        return None
    banked = apply(after, Bank())
    return None if banked.round is Round.RACE else banked


def _bank_reaches(after: State, t: Translator) -> str:
    """In the race, where BANK now reaches the target (X16): with two players, the exact chance
    to win it leaves (the other then plays the last turn); with more, who then plays once more,
    and with three the exact chance too (two_left.py: shipped to 132 points behind, past them
    once its two chase tables are built between frames; with four or more the later turns
    take tens of seconds, later_players.py).
    Points on average would mislead there, and rolling on's chance to win is not known before
    the final round, so no verdict is given; else ""."""
    banked = _final_round_by_bank(after)
    if banked is None:
        return ""
    if len(after.players) > 2:
        names = [banked.players[p] for p in banked.still_to_play]
        said = t.plural_names("coach.bank_reaches_others", names)
        mine = _lone_leader_chance(after)
        if mine is None:
            return said
        return f"{said} {t('coach.bank_reaches_then', percent=percent(t, mine))}"
    if not win_chance.ready(banked):
        return ""
    mine = 1 - win_chance.start_chance(banked)  # two contenders: the other's complement
    return t("coach.bank_reaches", percent=percent(t, mine))


def _lone_leader_chance(after: State) -> float | None:
    """The exact chance to win BANK now leaves where it makes this player the one leader with
    two still to play (two_left.py), once the page has built it between frames; else None."""
    gaps = two_left.gaps_after_bank(after)
    return None if gaps is None else two_left.known(gaps)


def _bank_leaves(after: State, t: Translator) -> str:
    """In the final round, where BANK now passes every earlier total with two still to play
    (four seats or more): who, and the exact chance to win BANK leaves, instead of "passing is
    not yet a win" (issue 28: rolling on's chance to win there takes seconds to build, so
    until the page has built it the chances to pass stay beside it, named as such); else ""."""
    mine = _lone_leader_chance(after) if after.round is Round.FINAL_ROUND else None
    if mine is None:
        return ""
    names = [after.players[p] for p in after.still_to_play[1:]]
    return t.plural_names("coach.bank_leaves", names, percent=percent(t, mine))


def _bank_level(after: State, need: float | None, t: Translator) -> str:
    """Where BANK now ends level with the leader: a level at the end of the round is a sudden
    death (X17), not a loss (play-testers read a chance to pass of 0 % as "banking is
    pointless", and "total 2" under "To beat: 2" as a loss); else ""."""
    if need is None or after.round is Round.RACE:
        return ""
    leader = _leader(after, need)
    if after.totals[after.current] + after.turn_halves != round(2 * leader):
        return ""
    # In a sudden death, a level leads to another one (an audit); for the round's last player
    # it is certain, not an "if" (helper-37).
    last = after.still_to_play == (after.current,)
    if after.round is Round.SUDDEN_DEATH:
        key = "coach.bank_level_last_again" if last else "coach.bank_level_again"
    else:
        key = "coach.bank_level_last" if last else "coach.bank_level"
    return t(key, total=t.number(leader))


def _to_win(state: State, picked: frozenset[int], t: Translator) -> CoachView:
    """Where two contenders still count (`win_chance.covered`): every selection valued by the
    exact chance to win of BANK or ROLL AGAIN after it, a tie valued as its sudden death."""
    worth = computer.chances_by_selection(state)
    best = computer.best_to_win(worth, state.dice)
    dice = t.faces(best)
    lines = [t("coach.best_chance", dice=dice, value=percent(t, worth[best]))]
    chosen = tuple(sorted(state.dice[i] for i in picked))
    if chosen not in worth:
        return CoachView(tuple(lines))
    given_up = _given_up(t, worth[best], worth[chosen], chance=True)
    if given_up:
        lines.append(given_up)
    after = apply(state, Select(tuple(sorted(picked))))
    lines.append(_exact_decision(after, t))
    level = _bank_level(after, need_to_win(state), t)  # a play-tester read a level as a loss
    if level:
        lines.append(level)
    return CoachView(
        tuple(lines), t("coach.bust", percent=percent(t, bust_chance(after.dice_left)))
    )


def _given_up(t: Translator, best: float, mine: float, chance: bool) -> str:
    """What a selection worth less than the best gives up, in the numbers shown (a chance to
    0.1 %, points to 0.1), so the two shown subtract to the loss; "" where they are equal."""
    scale = 100 if chance else 1
    shown_best, shown_mine = round(scale * best, 1), round(scale * mine, 1)
    if shown_mine >= shown_best:
        return ""
    loss = round(shown_best - shown_mine, 1)
    if chance:  # chances differ by percentage points, not by a percent of the best
        value = t("coach.percent", percent=t.number(shown_mine))
        return t.plural("coach.gives_up_chance", loss, value=value)
    return t("coach.gives_up", value=t.number(shown_mine), loss=t.number(loss))


def _exact_decision(after: State, t: Translator) -> str:
    """BANK against rolling on by the exact chance to win, where the selection leads to a
    position it is known in (the selection may be what passes the leader); else ""."""
    if not (win_chance.ready(after) or later_players.page_ready(after)):
        return ""
    chances = win_chances(after)
    assert chances is not None
    bank, roll = percent(t, chances["bank"]), percent(t, chances["roll"])
    return t("coach.race_decision", bank=bank, roll=roll)


def _decision(after: State, need: float | None, t: Translator) -> str:
    """BANK against rolling on, at the point the selection leads to."""
    points, n, k, m = (
        after.turn_halves / 2,
        after.dice_left,
        after.roll_number + 1,
        after.mishimashes,
    )
    if need is None:
        choice = odds.choice(points, n, k, m)
        key = "coach.bank_better" if choice.action == BANK else "coach.roll_better"
        return t(key, bank=t.number(choice.bank), roll=t.number(round(choice.roll, 1)))
    choice = odds.choice_to_reach(need, points, n, k, m)
    bank, roll = percent(t, choice.bank), percent(t, choice.roll)
    return t("coach.pass_decision", total=t.number(_leader(after, need)), bank=bank, roll=roll)


def _leader(state: State, need: float) -> float:
    """The total to pass: what the player has banked plus the need, less its half point."""
    return state.totals[state.current] / 2 + need - 0.5


def _builds(state: State) -> bool:
    """Whether the page builds this point's chances to win between frames (a player with two
    still to play after it: later_players.page_needs), so the coach waits for them."""
    return bool(later_players.page_needs(state))


def _race(state: State, t: Translator) -> str:
    """Before a final-round or sudden-death turn: the total to beat and the chance to win."""
    if win_chance.ready(state):  # the total to beat shows above the dice (mishimash_view)
        return t("coach.win_chance", percent=percent(t, win_chance.start_chance(state)))
    shipped = win_chance.shipped_start(state)  # a chase's start, while its table is built
    if shipped is not None:
        return t("coach.win_chance", percent=percent(t, shipped))
    if later_players.page_ready(state):  # two still to play after: built between frames
        return t("coach.win_chance", percent=percent(t, later_players.start_chance(state)))
    kept = later_players.kept_start(state)  # as before a reload, while it is built again
    if kept is not None:
        return t("coach.win_chance", percent=percent(t, kept))
    if win_chance.covered(state) or _builds(state):  # its table is being built: seconds
        return _pinned(state, t) or t("coach.thinking")
    return _pass_from(state, t, 0, 6, 1)


def _pinned(state: State, t: Translator) -> str:
    """Far behind, while its table is built: the chance to win where its bounds show as one
    percentage (far_behind.py: the exact chance shows as that too), else ""."""
    bounds = far_behind.start_bounds(state)
    if bounds is None:
        return ""
    low, high = (percent(t, bound) for bound in bounds)
    return t("coach.win_chance", percent=low) if low == high else ""


def _pass_from(
    state: State, t: Translator, halves: int, dice: int, roll: int, throwing: bool = False
) -> str:
    """The chance to pass the leader from this point of the turn (where more contenders
    count, named as such), or from the throw it is `throwing` (no BANK first: helper-31 was
    told 100% past the leader with two dice to throw); "" in the race or before the reach
    table is read."""
    need = need_to_win(state)
    if need is None or not odds.reach_ready():
        return ""
    m = state.mishimashes
    if throwing:
        chance = odds.choice_to_reach(need, halves / 2, dice, roll, m).roll
    else:
        chance = odds.chance(need, halves / 2, dice, roll, m)
    return t("coach.race", total=t.number(_leader(state, need)), percent=percent(t, chance))


def _throwing(state: State, t: Translator) -> str:
    """In the final round or a sudden death, with a throw of real dice to type in the middle
    of a turn: the chance to win from here where the tables give it, else the chance to pass
    the leader from here (named as such); in the race, nothing (points, not chances)."""
    if win_chance.ready(state):
        chance = win_chance.throw_chance(state)
        if chance is not None:
            return t("coach.win_chance", percent=percent(t, chance))
    if later_players.page_ready(state):  # two still to play after: built between frames
        return t("coach.win_chance", percent=percent(t, later_players.throw_chance(state)))
    if win_chance.covered(state) or _builds(state):
        return t("coach.thinking")
    roll = state.roll_number
    return _pass_from(state, t, state.turn_halves, state.dice_left, roll, throwing=True)


def _others_after(state: State, t: Translator) -> str:
    """Where the chances shown are those of passing the leader (more than one player still to
    play after this one: `win_chance.covered` says the chance to win is not known there), who
    can still pass this player: an audit read "bank now 100%" as a sure win."""
    after = state.still_to_play[1:]
    need = need_to_win(state)
    if need is None or not after or win_chance.covered(state) or _builds(state):
        return ""
    names = [state.players[p] for p in after]
    return t.plural_names("coach.others_after", names, total=t.number(_leader(state, need)))


def _last_turn(state: State, t: Translator, people: frozenset[int]) -> str:
    """After a person's turn of the race, what best play would have averaged from the same
    first roll. Not once the final round has begun: a turn there plays to pass a total, and
    points on average would judge it by the wrong measure (a tester read "best play would have
    averaged 14.8" after a turn that tied the leader on purpose)."""
    ended = next((e for e in reversed(state.events) if isinstance(e, Banked | Bust)), None)
    if ended is None or ended.player not in people or state.round is not Round.RACE:
        return ""
    first = _first_roll_of_last_turn(state)
    if first is None:
        return ""
    options = odds.selections(first, 0, 1, 0)
    if not options:
        return t("coach.last_turn_bust")
    name = state.players[ended.player]
    return t("coach.last_turn", name=name, value=t.number(round(options[0].value, 1)))


# The game last replayed by `_first_roll_of_last_turn`, and the dice of its latest first roll:
# the next call goes on from there (a game to 1,000 logs over a thousand moves).
_replayed: list[tuple[State, tuple[int, ...] | None]] = []


def _first_roll_of_last_turn(state: State) -> tuple[int, ...] | None:
    """The dice of the latest first roll of a turn (X8: a turn's ROLL throws six dice as its
    roll 1): the outcome of the last throw the game's states show at roll number 1."""
    replay, first = _replayed[0] if _replayed else (None, None)
    if replay is None or not _goes_on(replay, state):
        replay = new_game(state.players, state.target, state.seed, state.dice_scheme)
        first = None
    for action in state.log[len(replay.log) :]:
        if ENGINE.throw(replay) is not None and replay.roll_number == 1:
            first = action.values if isinstance(action, Dice) else None
        replay = apply(replay, action)
    _replayed[:] = [(replay, first)]
    return first


def _goes_on(replay: State, state: State) -> bool:
    """Whether `state` is the game of `replay`, at or after it."""
    start = ("players", "target", "seed", "dice_scheme")
    same = all(getattr(replay, key) == getattr(state, key) for key in start)
    return same and state.log[: len(replay.log)] == replay.log


__all__ = ["CoachView", "build_coach", "need_to_win", "percent"]
