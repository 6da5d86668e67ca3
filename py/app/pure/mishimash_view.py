"""What the MISHIMASH screen shows, and what each tap means: a pure view model.

The dice the player has tapped (not yet committed) are the screen's own state, `picked`. What a
selection is worth comes from the engine: the view applies it and reads the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.pure.coach import CoachView, build_coach
from app.pure.i18n import Translator
from app.pure.score_sheet import sudden_death_number
from cubiri.kernel import RuleError
from cubiri.mishimash import selection_points
from cubiri.mishimash.game import (
    ENGINE,
    Action,
    Bank,
    Banked,
    Bust,
    Mishimash,
    Phase,
    Roll,
    RollAgain,
    Round,
    Select,
    State,
    apply,
    bank_falls_short,
    legal_actions,
    legal_selections,
    points_to_pass,
)
from cubiri.mishimash.scoring import combinations_of

Moves = tuple[Action, ...]  # what a button plays: ROLL, or this roll's selection then BANK …


@dataclass(frozen=True)
class PlayerView:
    name: str
    total: str
    current: bool
    note: str  # "", or what the final round / sudden death means for this player


@dataclass(frozen=True)
class DieView:
    index: int
    value: int
    picked: bool
    label: str
    # What the picked dice become when this die is tapped, when dice can be picked: a die that
    # only scores with others (a three of a kind, three pairs) brings them along, and goes back
    # down with them.
    tap: frozenset[int] | None


@dataclass(frozen=True)
class LastRoll:
    """The dice that ended the last turn, under the name of whose they were: a bust's roll, or
    the roll a BANK took its last dice from (`taken`)."""

    caption: str  # "Ana's last roll"
    dice: tuple[int, ...]
    taken: tuple[bool, ...]
    kind: str  # "bust" or "bank"
    label: str  # the whole strip for a screen reader: "Ana's last roll: 2, 4, 3, 2, 3, 6"


@dataclass(frozen=True)
class Waiting:
    """A throw waiting for its dice (dice typed by a person): how many, and what to do."""

    dice: int
    key: str  # the message's key, a plural by `dice`
    text: str  # "Throw 6 dice and enter what they show."


@dataclass(frozen=True)
class MishimashView:
    phase: str
    players: list[PlayerView]
    target: str
    banner: str  # FINAL ROUND / SUDDEN DEATH, or ""
    turn: str  # whose turn
    roll_info: str  # "Roll 2 · ×2"
    turn_points: str
    to_beat: str  # the final round's total to beat (X16, X17), or ""
    dice: list[DieView]
    selection: str  # live value of the picked dice, or why they cannot be taken
    selection_ok: bool
    selection_error: bool  # the picked dice cannot be taken: `selection` says why
    event: str  # the last bust or MISHIMASH, or ""
    event_kind: str  # "bust", "mishimash", ""
    roll: Moves | None  # the ROLL button
    bank: Moves | None
    bank_label: str
    # The total BANK makes, under its label (a tester at the table added it up each time).
    bank_total: str
    # BANK is a certain loss (below a total that counts, X16, X17): drawn plainer, and its line
    # says so (an audit found it the bright button at "bank now 0%").
    bank_loses: bool
    roll_again: Moves | None
    roll_again_label: str
    # How many dice it throws, under its label as BANK's total is under BANK ("" before a
    # selection): on one line with the name, "ROLL / AGAIN · / 4 dice" stood a word a line
    # on a 320 px phone (helper-17).
    roll_again_dice: str
    standings: list[tuple[str, str, str]]  # (rank, name, total) once over; ties share a rank
    result: str
    how: str = ""  # once over: won in the final round, or in sudden death
    last_roll: LastRoll | None = None  # after a turn ended (and at the end of the game)
    coach: CoachView = field(default_factory=CoachView)
    dice_open: bool = False  # the dice can be tapped: the engine offers selections now
    waiting: Waiting | None = None  # a throw waiting for its dice: no dice to show or take
    # Where BANK is a certain loss, the question asked before it is played (helper-15: a
    # single tap on it, a finger's slip, ended a final round that rolling on could still win).
    bank_confirm: str = ""


def points(t: Translator, halves: int) -> str:
    return t.number(halves / 2)


def preview(state: State, picked: frozenset[int]) -> State | None:
    """The game once the picked dice are taken (None when that is not a legal selection)."""
    try:
        return apply(state, Select(tuple(sorted(picked))))
    except RuleError:
        return None


def build_view(
    state: State,
    picked: frozenset[int],
    t: Translator,
    computer: str = "",
    coach_for: frozenset[int] | None = None,
) -> MishimashView:
    """`computer`: the level of the computer whose turn it is ("" for a person), whose dice and
    buttons the person cannot tap. `coach_for`: with the coach on, the players who are people."""
    phase = state.phase
    current = state.players[state.current]
    throw = ENGINE.throw(state)
    # What a tap may do is what the engine offers now (never read off the phase): the dice
    # while it offers selections, ROLL while it offers ROLL, BANK / ROLL AGAIN where it offers
    # them once the picked dice are taken. At a throw it offers only the dice's outcomes.
    offered = legal_actions(state) if throw is None else []
    selecting = any(isinstance(action, Select) for action in offered)
    after = preview(state, picked) if selecting else None
    decided = state if _offers(offered, Bank) else after
    then = legal_actions(decided) if decided is not None else []  # where BANK / ROLL AGAIN stand
    bank = _bank_outcome(state, decided) if decided is not None else None
    person = not computer

    dice = []
    if phase in (Phase.SELECT, Phase.DECIDE):
        for index, value in enumerate(state.dice):
            on = index in picked and selecting
            tap = tap_die(state.dice, picked, index) if selecting and person else None
            # "Selected" is the button's pressed state (aria-pressed), not its name: a die is
            # never read as both "selected" and "pressed" (issue 14).
            label = t("mishimash.die", n=index + 1, value=value)
            dice.append(DieView(index, value, on, label, tap))

    select: Moves = (Select(tuple(sorted(picked))),) if selecting else ()
    waiting = None
    if throw is not None:
        key = "mishimash.throw_waiting"
        waiting = Waiting(throw.count, key, t.plural(key, throw.count))
    if waiting is not None:
        selection = waiting.text  # never the selecting hints over dice not thrown yet
    elif person or picked:
        selection = _selection_text(state, picked, after, t)
    else:
        selection = t("mishimash.computer.playing", name=current)
    # The roll on the table (or being thrown), and the multiplier of the roll to come.
    k = state.roll_number if phase in (Phase.SELECT, Phase.THROW) else state.roll_number + 1
    event, event_kind = _event(state, picked, t)
    return MishimashView(
        phase=phase.value,
        players=_players(state, t),
        target=t("mishimash.target", target=t.number(state.target)),
        banner=_banner(state, t),
        turn=t("mishimash.turn_of", name=current) if phase is not Phase.OVER else "",
        roll_info=t("mishimash.roll_info", k=k),
        turn_points=t("mishimash.turn_points", points=points(t, state.turn_halves)),
        to_beat=_to_beat(state, t),
        dice=dice,
        selection=selection,
        selection_ok=after is not None,
        selection_error=selecting and bool(picked) and after is None,
        event=event,
        event_kind=event_kind,
        roll=(Roll(),) if _offers(offered, Roll) and person else None,
        bank=(*select, Bank()) if _offers(then, Bank) and person else None,
        bank_label=t("mishimash.bank_points", points=points(t, decided.turn_halves))
        if decided is not None
        else t("mishimash.bank"),
        bank_total=_bank_total(bank, t) if bank is not None else "",
        bank_loses=bank is not None and bank.loses,
        roll_again=(*select, RollAgain()) if _offers(then, RollAgain) and person else None,
        # How many dice it throws once a selection says so (a play-tester read "ROLL AGAIN ·
        # 6 dice" on the button before any die was picked), as BANK's total.
        roll_again_label=t("mishimash.roll_again"),
        roll_again_dice=t.plural("mishimash.again_dice", decided.dice_left)
        if decided is not None
        else "",
        standings=_standings(state, t) if phase is Phase.OVER else [],
        result=_result(state, t) if phase is Phase.OVER else "",
        how=_how(state, t) if phase is Phase.OVER else "",
        last_roll=_last_roll(state, t) if phase in (Phase.ROLL, Phase.OVER) else None,
        coach=build_coach(state, picked, t, coach_for)
        if coach_for is not None and person and phase is not Phase.OVER
        else CoachView(),
        dice_open=selecting and person,  # a computer's dice are watched, never tapped
        waiting=waiting,
        bank_confirm=_bank_confirm(bank, t) if bank is not None else "",
    )


@dataclass(frozen=True)
class _BankOutcome:
    """What BANK at `decided` makes: the player's total (halves), the best of the others who
    count (None in the race), and whether it is a certain loss (X16, X17: the computers' rule,
    `bank_falls_short`)."""

    total: int
    best: int | None
    loses: bool


def _bank_outcome(state: State, decided: State) -> _BankOutcome:
    loses = bank_falls_short(points_to_pass(decided), decided.turn_halves / 2)
    total = state.totals[state.current] + decided.turn_halves
    return _BankOutcome(total, _best_rival(state), loses)


def _bank_total(bank: _BankOutcome, t: Translator) -> str:
    """BANK's line: the total it makes, and where that is a certain loss, the total it falls
    short of; where it is level with the best of the others, that (a play-tester read "total 2"
    under "To beat: 2" as a loss)."""
    total = points(t, bank.total)
    if bank.total == bank.best:  # a level is no loss: it can lead to a sudden death
        return t("mishimash.bank_level", total=total)
    if bank.loses:
        assert bank.best is not None
        return t("mishimash.bank_short", total=total, best=points(t, bank.best))
    return t("mishimash.bank_total", total=total)


def _bank_confirm(bank: _BankOutcome, t: Translator) -> str:
    """The question before a BANK that is a certain loss (X16, X17): the total it leaves, and
    the total it falls short of; "" where BANK can still win."""
    if not bank.loses:
        return ""
    assert bank.best is not None
    total, best = points(t, bank.total), points(t, bank.best)
    return t("confirm.mishimash.bank_loses.text", total=total, best=best)


def _best_rival(state: State) -> int | None:
    """In the final round or sudden death, the best total (halves) of the others who count."""
    if state.round is Round.RACE or state.over:
        return None
    rivals = state.contenders if state.round is Round.SUDDEN_DEATH else range(len(state.players))
    return max(state.totals[p] for p in rivals if p != state.current)


def _to_beat(state: State, t: Translator) -> str:
    """In the final round and sudden death the best total of the others who count, the one to
    pass, and the points the turn still needs to pass it (a play-tester read "To beat: 4" as
    the turn's need, 2.5); nothing for the first mover of a sudden death, who sets it (X17)."""
    best = _best_rival(state)
    if best is None or (state.round is Round.SUDDEN_DEATH and state.current == state.contenders[0]):
        return ""
    # What the turn still needs, its points so far counted (an audit saw "This turn: 1" over
    # "To beat: 3 (3 more to pass)"); passing is half a point more than the gap.
    missing = best - state.totals[state.current] - state.turn_halves + 1
    if missing <= 0:
        return t("mishimash.to_beat_passed", total=points(t, best))
    return t("mishimash.to_beat", total=points(t, best), need=points(t, missing))


def _offers(actions: list[Action], kind: type[Action]) -> bool:
    return any(isinstance(action, kind) for action in actions)


def group_of(roll: tuple[int, ...], die: int) -> frozenset[int]:
    """The dice that score together with `die`: every legal selection that takes it takes them
    too (the engine's legal selections, X6–X7). A single 1 or 5 is alone; a die of a three of a
    kind brings its kind; a die that scores only in three pairs or a straight brings all six; a
    die that scores nothing is alone (and the selection then says why)."""
    with_it = [frozenset(chosen) for chosen in legal_selections(roll) if die in chosen]
    if not with_it:
        return frozenset({die})
    return frozenset.intersection(*with_it)


def tap_die(roll: tuple[int, ...], picked: frozenset[int], die: int) -> frozenset[int]:
    """The picked dice after tapping `die`: its group goes up, or comes back down."""
    group = group_of(roll, die)
    return picked - group if die in picked else picked | group


def _players(state: State, t: Translator) -> list[PlayerView]:
    views = []
    for index, name in enumerate(state.players):
        note = ""
        if state.round is not Round.RACE and state.phase is not Phase.OVER:
            if index in state.still_to_play:
                note = t("mishimash.note.to_play")
            elif state.round is Round.SUDDEN_DEATH and index not in state.contenders:
                note = t("mishimash.note.out")
            else:
                note = t("mishimash.note.done")
        is_current = index == state.current and state.phase is not Phase.OVER
        views.append(PlayerView(name, points(t, state.totals[index]), is_current, note))
    return views


def _names(state: State, players: tuple[int, ...]) -> list[str]:
    return [state.players[p] for p in players]


def _banner(state: State, t: Translator) -> str:
    # A list of names: the language's own list ("Ana and Bo") and a verb agreeing with it.
    if state.phase is Phase.OVER or state.solo:
        return ""
    if state.round is Round.FINAL_ROUND:
        return t.plural_names("mishimash.final_round", _names(state, state.still_to_play))
    if state.round is Round.SUDDEN_DEATH:
        # The names in the order they play (a tester could not tell why Bo went first), and
        # the total they are level at: the round's, so a second sudden death says it too.
        # Once one of them has banked past it, who still plays (a tester read "level at 11"
        # under "To beat: 16").
        level = state.totals[state.still_to_play[0]]
        still = _names(state, state.still_to_play)
        number = sudden_death_number(state)  # a second one looked like the first, looping
        again = "_again" if number > 1 else ""
        if any(state.totals[p] > level for p in state.contenders):  # its number kept (helper-39)
            return t.plural_names(f"mishimash.sudden_death_on{again}", still, number=number)
        total = points(t, level)
        if len(still) < len(state.contenders):  # one has busted, still level: who is left
            return t.plural_names(
                f"mishimash.sudden_death_level{again}", still, total=total, number=number
            )
        names = _names(state, state.contenders)
        return t.plural_names(f"mishimash.sudden_death{again}", names, total=total, number=number)
    return ""


def _selection_text(
    state: State, picked: frozenset[int], after: State | None, t: Translator
) -> str:
    if state.phase is Phase.DECIDE:
        return t("mishimash.hint.decide")
    if state.phase is not Phase.SELECT:
        return ""
    if not picked:
        return t("mishimash.hint.select")
    if after is None:
        return _problem(state, picked, t)
    assert after is not None
    values = [state.dice[i] for i in sorted(picked)]
    worth = selection_points(state.dice, values) or 0
    k = state.roll_number
    events = after.events
    bonus = next((e.bonus_halves for e in events if isinstance(e, Mishimash)), 0)
    text = t(
        "mishimash.selection",
        points=t.number(worth),
        k=k,
        total=points(t, after.turn_halves - state.turn_halves - bonus),
    )
    if bonus:
        # Two sentences (a tester read "= 15 Every die scores" as one).
        text += ". " + t("mishimash.selection_mishimash", bonus=points(t, bonus))
    return text


def _problem(state: State, picked: frozenset[int], t: Translator) -> str:
    """Why the picked dice cannot be taken, in the engine's words (its `RuleError` code)."""
    try:
        apply(state, Select(tuple(sorted(picked))))
    except RuleError as error:
        code = error.code.removeprefix("mishimash.")
    else:  # pragma: no cover - `after` was None because the selection is illegal
        return ""
    whole = [c.kind for c in combinations_of(state.dice) if c.whole_roll]
    if whole and code in ("not_scoring", "kind_taken_whole"):
        # These dice score, but only in the whole roll: say so rather than "scores nothing".
        return t(f"mishimash.problem.whole_{whole[0]}")
    key = f"mishimash.problem.{code}"
    return t(key) if t(key) != key else t("mishimash.problem.not_scoring")


def _event(state: State, picked: frozenset[int], t: Translator) -> tuple[str, str]:
    """The last thing worth a banner: how the last turn ended, or a MISHIMASH just now."""
    last = state.events[-1] if state.events else None
    if isinstance(last, Bust):
        name, lost = state.players[last.player], points(t, last.halves)
        if not last.halves:  # a first roll that busts: there was nothing to lose
            return t("mishimash.bust_nothing", name=name), "bust"
        return t.plural("mishimash.bust", last.halves / 2, name=name, points=lost), "bust"
    if isinstance(last, Banked):
        name, won = state.players[last.player], points(t, last.halves)
        return t.plural("mishimash.banked", last.halves / 2, name=name, points=won), "bank"
    if isinstance(last, Mishimash) and not (state.phase is Phase.SELECT and picked):
        # X12: news on the roll of the six dice it gave back (ROLL AGAIN keeps it), until a
        # die of that roll is picked: helper-36 read its "+20" beside the pick's "+30".
        return t("mishimash.mishimash", bonus=points(t, last.bonus_halves)), "mishimash"
    return "", ""


def _standings(state: State, t: Translator) -> list[tuple[str, str, str]]:
    order = sorted(range(len(state.players)), key=lambda p: (-state.totals[p], p))
    rows = []
    for p in order:
        # Equal totals share a rank, and the next total ranks after all of them (1, 2, 2, 4).
        rank = next(i for i, q in enumerate(order, 1) if state.totals[q] == state.totals[p])
        rows.append((str(rank), state.players[p], points(t, state.totals[p])))
    return rows


def _last_roll(state: State, t: Translator) -> LastRoll | None:
    """The roll that ended the last turn: the turn's end stays on screen until the next roll."""
    ended = next((e for e in reversed(state.events) if isinstance(e, Banked | Bust)), None)
    if ended is None:
        return None
    name = state.players[ended.player]
    if isinstance(ended, Bust):
        dice, taken, kind = ended.dice, (False,) * len(ended.dice), "bust"
    else:
        dice = state.dice
        taken, kind = tuple(i in state.selected for i in range(len(dice))), "bank"
    caption = t("mishimash.last_roll", name=name)
    label = t("mishimash.last_roll.label", name=name, dice=", ".join(map(str, dice)))
    return LastRoll(caption, dice, taken, kind, label)


def _how(state: State, t: Translator) -> str:
    """How a game with rivals was decided (X16, X17)."""
    if state.solo:
        return ""
    if state.round is Round.SUDDEN_DEATH:
        return t("mishimash.over.sudden_death")
    return t("mishimash.over.final_round")


def _result(state: State, t: Translator) -> str:
    assert state.winner is not None
    winner = state.players[state.winner]
    if state.solo:
        return t.plural("mishimash.solo_result", state.turns[0], target=t.number(state.target))
    return t("mishimash.winner", name=winner)
