"""What the MAGDAGDON screen shows, and what each tap means: a pure view model.

No DOM here, so every decision about what the player sees is tested under CPython. The UI's own
state (which die is picked, which dice are chosen for REROLL) lives in `Picked`. Each cell,
die and button carries its `tap`: the engine action it plays, or a change of the selection;
the screen only carries it out (`after_tap` gives the selection that follows).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.pure.i18n import Translator
from app.pure.table_dice import Undone, real_dice, undo
from cubiri.kernel import RuleError
from cubiri.magdagdon.board import EMPTY, RUIN, SIZE, legal_cells_of
from cubiri.magdagdon.game import (
    ENGINE,
    AcceptMagdagdon,
    Action,
    Adjust,
    Confirm,
    Phase,
    PlaceRuin,
    Reroll,
    Roll,
    Stage,
    State,
    Unstage,
    apply,
    legal_actions,
    new_game,
)
from cubiri.magdagdon.scoring import Bonus, breakdown

BONUS_KEYS = {
    Bonus.STRAIGHT: "magdagdon.bonus.straight",
    Bonus.FOUR_OF_A_KIND: "magdagdon.bonus.four_of_a_kind",
    Bonus.TWO_PAIRS: "magdagdon.bonus.two_pairs",
}


@dataclass(frozen=True)
class Picked:
    """The screen's own state: not part of the game, not saved."""

    die: int | None = None  # the die picked to be placed (or changed by a power)
    rerolling: bool = False  # choosing dice for REROLL
    reroll: frozenset[int] = frozenset()
    accepting: bool = False  # ACCEPT MAGDAGDON pressed with powers left: the cell is the yes
    taken_back: int = 0  # staged dice a power's MAGDAGDON just took back (`power_moves`)
    auto: bool = False  # `die` was picked for the player after a die was staged


@dataclass(frozen=True)
class PickDie:
    """Pick (or put down) a die to place or to change with a power."""

    die: int


@dataclass(frozen=True)
class ChooseForReroll:
    die: int


@dataclass(frozen=True)
class StartReroll:
    pass


@dataclass(frozen=True)
class CancelReroll:
    pass


@dataclass(frozen=True)
class NewGame:
    pass


@dataclass(frozen=True)
class StartAccept:
    """ACCEPT MAGDAGDON while Majda Powers are left: nothing is final until the RUIN's cell is
    picked, and CANCEL goes back to the powers (M17)."""


@dataclass(frozen=True)
class CancelAccept:
    pass


@dataclass(frozen=True)
class AcceptAt:
    """Plays AcceptMagdagdon, then PlaceRuin(cell): the picked cell is the confirmation."""

    cell: int
    kind = "ruin"


Tap = (
    Action
    | PickDie
    | ChooseForReroll
    | StartReroll
    | CancelReroll
    | NewGame
    | StartAccept
    | CancelAccept
    | AcceptAt
)


def power_moves(state: State, power: Adjust | Reroll) -> list[Action]:
    """What a power's tap plays: the power, after taking every staged die back when the power
    leaves the roll in MAGDAGDON (issue 29). M16 ignores the staging, so the dice come back at
    no cost, and in MAGDAGDON a staged die could neither be taken back nor changed (M14) while
    ACCEPT would clear it anyway: left on the board it would count in the score and be offered
    as a RUIN's cell. A REROLL of dice a person throws is unknown until typed: kept as it is."""
    try:
        outcome = ENGINE.play(state, power)  # the seed's dice for a REROLL, as the app plays
    except RuleError:
        return [power]  # refused: the screen says why
    if not state.staged or outcome.phase is not Phase.MAGDAGDON:
        return [power]
    # The last staged first: no die is ever left staged without what it fitted next to (M12).
    return [*(Unstage(cell) for _, cell in reversed(state.staged)), power]


def after_tap(state: State, picked: Picked, tap: Tap) -> Picked:
    """The selection once `tap` is done (`state` is the game after it)."""
    if isinstance(tap, PickDie):
        # The die picked for the player, tapped: the player picks it (a tester's tap put it
        # down, and the cell tapped next said "Pick a die first"); tapped again, it goes down.
        return Picked(die=None if picked.die == tap.die and not picked.auto else tap.die)
    if isinstance(tap, ChooseForReroll):
        return replace(picked, reroll=picked.reroll ^ {tap.die})
    if isinstance(tap, StartReroll):
        return Picked(rerolling=True)
    if isinstance(tap, StartAccept):
        return Picked(accepting=True)
    if isinstance(tap, Stage):
        # The next die that still fits somewhere is picked, to save a tap.
        next_die = next((d for d in state.available if state.legal_cells(d)), None)
        return Picked(die=next_die, auto=next_die is not None)
    if isinstance(tap, Adjust | Unstage):
        return picked
    return Picked()


@dataclass(frozen=True)
class CellView:
    index: int
    text: str
    kind: str  # "empty", "number", "staged", "ruin"
    tap: Stage | Unstage | PlaceRuin | AcceptAt | None
    label: str

    @property
    def lit(self) -> bool:
        """A tap here does something now."""
        return self.tap is not None


@dataclass(frozen=True)
class LineView:
    sum: int
    bonus: str | None  # "straight", "four_of_a_kind", "two_pairs"
    badge: str  # "+60"
    bonus_label: str  # "STRAIGHT +60"


@dataclass(frozen=True)
class DieView:
    index: int
    value: int
    status: str  # "available", "picked", "staged", "chosen"
    tap: PickDie | ChooseForReroll | None
    label: str

    @property
    def enabled(self) -> bool:
        return self.tap is not None


@dataclass(frozen=True)
class PowerView:
    visible: bool
    decrease: Adjust | None
    increase: Adjust | None
    reroll: StartReroll | Reroll | None
    reroll_label: str
    cancel: CancelReroll | CancelAccept | None
    status: str
    hint: str = ""  # why DECREASE and INCREASE are off: no die is picked


@dataclass(frozen=True)
class EndView:
    rows: list[tuple[str, str]]  # (label, signed points)
    final: int


@dataclass(frozen=True)
class WaitingView:
    """A throw waiting for its dice (typed by a person): nothing else may be played until
    they are entered."""

    count: int  # how many dice are expected
    dice: tuple[int, ...]  # which of the roll's dice are being thrown (all four, or a REROLL's)
    message_key: str  # a plural message, by `count`
    message: str


@dataclass(frozen=True)
class MagdagdonView:
    phase: str
    turn: str
    difficulty: str
    score: str
    cells: list[CellView]
    rows: list[LineView]
    cols: list[LineView]
    dice: list[DieView]
    message: str
    tone: str  # "info", "danger", "done"
    primary: str  # the label of the main button
    primary_tap: Roll | Confirm | AcceptMagdagdon | StartAccept | CancelAccept | NewGame | None
    powers: PowerView
    end: EndView | None = None
    waiting: WaitingView | None = None  # a throw waits for its dice

    @property
    def primary_enabled(self) -> bool:
        return self.primary_tap is not None


def points(score: int) -> str:
    """A score as shown: below zero with the minus sign (−43) of the breakdown's −105, never a
    hyphen."""
    return f"−{-score}" if score < 0 else str(score)


def cell_name(t: Translator, index: int) -> str:
    row, col = divmod(index, SIZE)
    return t("magdagdon.cell", row=row + 1, col=col + 1)


def build_view(state: State, picked: Picked, t: Translator) -> MagdagdonView:
    phase = state.phase
    waiting = waiting_for(state, t)
    board = state.staged_board
    staged_cells = {cell for _, cell in state.staged}
    taps = _cell_taps(state, picked)
    cells = []
    for index, value in enumerate(board):
        if value == RUIN:
            kind, text, content = "ruin", "", t("magdagdon.ruin")
        elif value == EMPTY:
            kind, text, content = "empty", "", t("magdagdon.empty")
        else:
            kind = "staged" if index in staged_cells else "number"
            text = str(value)
            content = t(f"magdagdon.content.{kind}", value=value)
        tap = taps.get(index)
        if tap is not None:
            content = t(f"magdagdon.cell_action.{tap.kind}", what=content)
        label = f"{cell_name(t, index)}: {content}"
        cells.append(CellView(index, text, kind, tap, label))

    result = breakdown(board, state.difficulty, state.powers_used)
    lines = [_line_view(line.sum, line.bonus, t) for line in result.lines]
    return MagdagdonView(
        phase=phase.value,
        turn=t("magdagdon.turn", n=state.turns + (0 if phase is Phase.OVER else 1)),
        difficulty=state.difficulty.upper(),
        score=t("magdagdon.score", score=points(result.final)),
        cells=cells,
        rows=lines[:SIZE],
        cols=lines[SIZE:],
        dice=[] if waiting is not None else _dice(state, picked, t),
        message=waiting.message if waiting is not None else _message(state, picked, t),
        tone={"magdagdon": "danger", "ruin": "danger", "over": "done"}.get(phase.value, "info"),
        primary=t("magdagdon.cancel") if accepting(state, picked) else _primary_label(state, t),
        primary_tap=_primary_tap(state, picked),
        powers=_powers(state, picked, t),
        end=_end(state, t) if phase is Phase.OVER else None,
        waiting=waiting,
    )


def waiting_for(state: State, t: Translator) -> WaitingView | None:
    """The throw waiting for its dice, if one is (never with the seed's dice: the app plays
    them at once)."""
    throw = ENGINE.throw(state)
    if throw is None:
        return None
    key = "magdagdon.hint.throw"
    return WaitingView(throw.count, state.throwing, key, t.plural(key, throw.count))


def reroll_prompt(state: State, t: Translator) -> str:
    """At a table of real dice, a REROLL's throw (M13): which dice to throw again, by the faces
    they show, and which stay (a tester saw only "Throw 2 dice and enter them", the dice gone
    from the screen); "" for a roll's four dice, or where no throw waits."""
    if ENGINE.throw(state) is None or len(state.throwing) == len(state.dice):
        return ""
    again = [state.dice[die] for die in state.throwing]
    staged = {die for die, _ in state.staged}
    kept = [v for i, v in enumerate(state.dice) if i not in state.throwing and i not in staged]
    said = t.plural("table.entry.reroll", len(again), dice=t.faces(again))
    if kept:
        said += " " + t.plural("table.entry.keep", len(kept), dice=t.faces(kept))
    return said


def undo_entry(state: State) -> Undone | None:
    """UNDO at a table of real dice (issue 24's, as MISHIMASH has it): the game one entry
    back, None where there is none or the game is over. A tester typed 3445 for a throw of
    3446 and could only spend a power or start again. A typed throw taken back is given back
    (`Undone.dice`) to mend; the ROLL before it is implied by the throw, never an entry of
    its own; ACCEPT MAGDAGDON and its RUIN's cell are one tap, taken back together."""
    if state.over or not real_dice(state):
        return None
    start = new_game(state.difficulty, state.seed, state.dice_scheme)

    def an_entry(at: State) -> bool:
        return at.phase is not Phase.ROLL

    undone = undo(ENGINE, state, start, an_entry)
    if undone is not None and undone.state.phase is Phase.RUIN:
        undone = undo(ENGINE, undone.state, start, an_entry)
    return undone


def undone_said(before: State, undone: Undone, t: Translator) -> str:
    """What UNDO says it took back: a throw given back to mend, a Majda Power (its use comes
    back: helper-18 heard only "the last entry is taken back" and saw the count change
    unannounced), else the last entry."""
    if undone.dice:
        return t("magdagdon.undone_throw", dice=t.faces(undone.dice))
    taken = before.log[len(undone.state.log) :]
    power = next((action for action in taken if isinstance(action, Adjust | Reroll)), None)
    if isinstance(power, Adjust):
        name = t("magdagdon.increase" if power.delta > 0 else "magdagdon.decrease")
        return t("magdagdon.undone_power", power=name)
    if power is not None:
        return t("magdagdon.undone_power", power=t("magdagdon.reroll"))
    # A RUIN's cell and a CONFIRM are named too (helper-24 heard only "the last entry").
    ruin = next((action for action in taken if isinstance(action, PlaceRuin)), None)
    if ruin is not None:
        return t("magdagdon.undone_ruin", cell=cell_name(t, ruin.cell))
    if any(isinstance(action, Confirm) for action in taken):
        return t("magdagdon.undone_confirm")
    return t("magdagdon.undone")


def rule_error(error: RuleError, t: Translator) -> str:
    """Why the engine refused a move, in the player's language (a generic sentence for a rule
    no message names)."""
    key = f"error.{error.code}"
    return t(key) if t(key) != key else t("error.magdagdon.rule")


def accepting(state: State, picked: Picked) -> bool:
    """Whether the player pressed ACCEPT MAGDAGDON with powers left and now picks the cell."""
    return picked.accepting and accept_asks(legal_actions(state))


def accept_asks(offered: list[Action]) -> bool:
    """ACCEPT MAGDAGDON is offered while a Majda Power is too: accepting is final, so it first
    asks for the RUIN's cell, undoably (M17)."""
    return AcceptMagdagdon() in offered and any(isinstance(a, Adjust | Reroll) for a in offered)


def refusal(state: State, picked: Picked, cell: int, t: Translator) -> str:
    """Why a tap on an unlit cell does nothing now: shown, not only announced (issue 15)."""
    phase = state.phase
    waiting = waiting_for(state, t)
    if waiting is not None:
        return waiting.message
    if phase is Phase.ROLL:
        return t("magdagdon.refuse.roll")
    if phase is Phase.MAGDAGDON and not accepting(state, picked):
        return _message(state, picked, t)
    if phase is not Phase.PLACE:
        return t("magdagdon.refuse.filled")
    if picked.rerolling:
        return t("magdagdon.refuse.rerolling")
    if state.staged_board[cell] != EMPTY:
        return t("magdagdon.refuse.filled")
    if picked.die is None or picked.die not in state.available:
        return t("magdagdon.refuse.pick_first")
    try:  # the engine says why; the view never restates a rule
        apply(state, Stage(picked.die, cell))
    except RuleError as error:
        return rule_error(error, t)
    return ""


def _cell_taps(state: State, picked: Picked) -> dict[int, Stage | Unstage | PlaceRuin | AcceptAt]:
    """What a tap on each cell plays now: only what `legal_actions` offers."""
    offered = legal_actions(state)
    if picked.accepting and accept_asks(offered):
        # The cells accepting will offer for the RUIN (M18), asked of the engine.
        after = apply(state, AcceptMagdagdon())
        return {a.cell: AcceptAt(a.cell) for a in legal_actions(after) if isinstance(a, PlaceRuin)}
    taps: dict[int, Stage | Unstage | PlaceRuin | AcceptAt] = {}
    for action in offered:
        if isinstance(action, PlaceRuin | Unstage) and not picked.rerolling:
            taps[action.cell] = action  # M18: any empty cell; M12: a staged die comes back
        elif isinstance(action, Stage) and action.die == picked.die and not picked.rerolling:
            taps[action.cell] = action
    return taps


def _primary_tap(
    state: State, picked: Picked
) -> Roll | Confirm | AcceptMagdagdon | StartAccept | CancelAccept | NewGame | None:
    if state.phase is Phase.OVER:
        return NewGame()
    offered = legal_actions(state)
    if accept_asks(offered):
        # ACCEPT is final: with powers left it first asks for the RUIN's cell, undoably; the
        # button pressed is then its CANCEL, where the finger is (helper-17 at 320×568: the
        # powers' CANCEL the message named sat below the screen's bottom).
        return CancelAccept() if picked.accepting else StartAccept()
    return next((a for a in offered if isinstance(a, Roll | Confirm | AcceptMagdagdon)), None)


def _line_view(total: int, bonus: Bonus | None, t: Translator) -> LineView:
    if bonus is None:
        return LineView(total, None, "", "")
    name = t(BONUS_KEYS[bonus])
    return LineView(total, bonus.name.lower(), f"+{bonus.value}", f"{name} +{bonus.value}")


def _dice(state: State, picked: Picked, t: Translator) -> list[DieView]:
    if state.phase not in (Phase.PLACE, Phase.MAGDAGDON):
        return []
    staged = {die for die, _ in state.staged}
    offered = [] if accepting(state, picked) else legal_actions(state)
    # A die may be picked while the roll is being placed (also one that fits nowhere: the
    # message then says so), or to change it with a power.
    placing = any(isinstance(a, Stage | Unstage | Confirm) for a in offered)
    powers = {a.die for a in offered if isinstance(a, Adjust)}
    views = []
    for index, value in enumerate(state.dice):
        tap: PickDie | ChooseForReroll | None = None
        if index in staged:
            status = "staged"
        elif picked.rerolling:
            status, tap = (
                ("chosen" if index in picked.reroll else "available"),
                ChooseForReroll(index),
            )
        else:
            status = "picked" if picked.die == index else "available"
            if placing or index in powers:
                tap = PickDie(index)
        # Picked and chosen are said by the button's pressed state (aria-pressed): the label
        # names the die alone, so it is never read as "picked, pressed" (issue 14).
        shown = "available" if status in ("picked", "chosen") else status
        label = t(f"magdagdon.die.{shown}", n=index + 1, value=value)
        views.append(DieView(index, value, status, tap, label))
    return views


def _message(state: State, picked: Picked, t: Translator) -> str:
    phase = state.phase
    if phase is Phase.ROLL:
        return t("magdagdon.hint.roll")
    if phase is Phase.MAGDAGDON and accepting(state, picked):
        return t.plural("magdagdon.accept_ask", state.powers_left)
    if picked.rerolling:  # what to do now, also when REROLL is to save a MAGDAGDON (M14, M16)
        return t("magdagdon.hint.reroll")
    if phase is Phase.MAGDAGDON:
        key = "magdagdon.hint.magdagdon_powers" if state.powers_left else "magdagdon.hint.magdagdon"
        said = [t.plural(key, state.minimum), _fitting_values(state, t)]
        if picked.taken_back:
            said.append(t.plural("magdagdon.hint.taken_back", picked.taken_back))
        return " ".join(part for part in said if part)
    if phase is Phase.RUIN:
        return t("magdagdon.hint.ruin")
    if phase is Phase.OVER:
        below_zero = state.score().final < 0  # "Well played!" would mock a −43 (issue 29)
        return t("magdagdon.hint.over_below_zero" if below_zero else "magdagdon.hint.over")
    staged, minimum = len(state.staged), state.minimum
    if picked.die is not None and picked.die in state.available:
        if not state.legal_cells(picked.die):
            return t("magdagdon.hint.no_cell", value=state.dice[picked.die])
        return t("magdagdon.hint.cell")
    if staged >= minimum:
        # "or place more first" only where another die fits (helper-30 read it with none left).
        if not state.available:
            return t("magdagdon.hint.confirm_all")
        if not any(state.legal_cells(die) for die in state.available):
            return t.plural("magdagdon.hint.confirm_stuck", staged)
        return t.plural("magdagdon.hint.confirm", staged)
    return t.plural("magdagdon.hint.pick", minimum - staged)


def _fitting_values(state: State, t: Translator) -> str:
    """Why the roll fails (M16): which die values the permanent board can take at all."""
    values = [value for value in range(1, 7) if legal_cells_of(state.board, value)]
    if not values:
        return t("magdagdon.hint.fits_none")
    if len(values) == 6:
        return ""  # every value fits somewhere: the dice fail only together (M12)
    return t("magdagdon.hint.fits", values=", ".join(map(str, values)))


def _primary_label(state: State, t: Translator) -> str:
    phase = state.phase
    if phase in (Phase.ROLL, Phase.THROW):
        return t("magdagdon.roll")
    if phase in (Phase.MAGDAGDON, Phase.RUIN):
        return t("magdagdon.accept")
    if phase is Phase.OVER:
        return t("magdagdon.new_game")
    staged, minimum = len(state.staged), state.minimum
    if staged < minimum:
        return t.plural("magdagdon.confirm_more", minimum - staged)
    return t.plural("magdagdon.confirm_placed", staged)


def _powers(state: State, picked: Picked, t: Translator) -> PowerView:
    offered = set() if accepting(state, picked) else set(legal_actions(state))
    die = picked.die if picked.die in state.available and not picked.rerolling else None
    reroll: StartReroll | Reroll | None = None
    if any(isinstance(action, Reroll) for action in offered):
        chosen_dice = Reroll(tuple(sorted(picked.reroll)))
        if not picked.rerolling:
            reroll = StartReroll()
        elif chosen_dice in offered:
            reroll = chosen_dice
    if state.rules.powers == 0:
        status = t("magdagdon.powers.none")
    elif state.powers_left == 0:
        status = t("magdagdon.powers.used_up")
    else:
        status = t.plural("magdagdon.powers.left", state.powers_left, cost=state.next_penalty)
    chosen = len(picked.reroll)
    hint = ""
    waiting = ENGINE.throw(state) is not None
    if (
        state.powers_left > 0
        and die is None
        and not (picked.rerolling or picked.accepting or waiting)
    ):
        hint = t("magdagdon.powers.pick_first")
    return PowerView(
        visible=state.rules.powers > 0,
        decrease=Adjust(die, -1) if die is not None and Adjust(die, -1) in offered else None,
        increase=Adjust(die, 1) if die is not None and Adjust(die, 1) in offered else None,
        reroll=reroll,
        # No die chosen yet: REROLL, not a disabled "REROLL 0 DICE" (issue 29).
        reroll_label=t.plural("magdagdon.reroll_count", chosen)
        if picked.rerolling and chosen
        else t("magdagdon.reroll"),
        cancel=CancelReroll() if picked.rerolling else None,
        status=status,
        hint=hint,
    )


def _end(state: State, t: Translator) -> EndView:
    result = state.score()
    rows = [(t("magdagdon.end.base"), f"{result.base}")]
    for line in result.lines:
        if line.bonus is not None:
            where = t(f"magdagdon.end.{line.kind}", n=line.index + 1)
            rows.append((f"{where}: {t(BONUS_KEYS[line.bonus])}", f"+{line.bonus.value}"))
    if result.ruins:
        rows.append((t.plural("magdagdon.end.ruins", result.ruins), f"−{result.ruin_penalty}"))
    if state.powers_used:
        used = t.plural("magdagdon.end.powers", state.powers_used)
        rows.append((used, f"−{result.power_penalty}"))
    return EndView(rows, result.final)
