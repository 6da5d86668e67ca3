"""What the MAGDAGDON screen shows, from the engine's state and the locale: a pure view model.

No DOM here, so every decision about what the player sees is tested under CPython. The UI's own
state (which die is picked, which dice are chosen for REROLL) lives in `Selection`.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import Translator
from cubiri.magdagdon.board import EMPTY, RUIN
from cubiri.magdagdon.game import Adjust, Confirm, Phase, State, legal_actions
from cubiri.magdagdon.scoring import Bonus, breakdown

BONUS_KEYS = {
    Bonus.STRAIGHT: "magdagdon.bonus.straight",
    Bonus.FOUR_OF_A_KIND: "magdagdon.bonus.four_of_a_kind",
    Bonus.TWO_PAIRS: "magdagdon.bonus.two_pairs",
}


@dataclass(frozen=True)
class Selection:
    """The screen's own state: not part of the game, not saved."""

    die: int | None = None  # the die picked to be placed (or changed by a power)
    rerolling: bool = False  # choosing dice for REROLL
    reroll: frozenset[int] = frozenset()


@dataclass(frozen=True)
class CellView:
    index: int
    text: str
    kind: str  # "empty", "number", "staged", "ruin"
    lit: bool  # a tap here does something now
    label: str


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
    enabled: bool
    label: str


@dataclass(frozen=True)
class PowerView:
    visible: bool
    decrease: bool
    increase: bool
    reroll: bool
    reroll_label: str
    cancel: bool
    status: str


@dataclass(frozen=True)
class EndView:
    rows: list[tuple[str, str]]  # (label, signed points)
    final: int


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
    primary_enabled: bool
    powers: PowerView
    end: EndView | None = None


def cell_name(t: Translator, index: int) -> str:
    row, col = divmod(index, 4)
    return t("magdagdon.cell", row=row + 1, col=col + 1)


def build_view(state: State, picked: Selection, t: Translator) -> MagdagdonView:
    phase = state.phase
    board = state.staged_board
    staged_cells = {cell for _, cell in state.staged}
    lit = _lit_cells(state, picked)
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
        if index in lit:
            content = t("magdagdon.cell_action." + _cell_action(state, index), what=content)
        label = f"{cell_name(t, index)}: {content}"
        cells.append(CellView(index, text, kind, index in lit, label))

    result = breakdown(board, state.difficulty, state.powers_used)
    lines = [_line_view(line.sum, line.bonus, t) for line in result.lines]
    return MagdagdonView(
        phase=phase.value,
        turn=t("magdagdon.turn", n=state.turns + (0 if phase is Phase.OVER else 1)),
        difficulty=state.difficulty.upper(),
        score=t("magdagdon.score", score=result.final),
        cells=cells,
        rows=lines[:4],
        cols=lines[4:],
        dice=_dice(state, picked, t),
        message=_message(state, picked, t),
        tone={"magdagdon": "danger", "ruin": "danger", "over": "done"}.get(phase.value, "info"),
        primary=_primary_label(state, t),
        primary_enabled=phase is Phase.ROLL
        or phase is Phase.MAGDAGDON
        or phase is Phase.OVER
        or (phase is Phase.PLACE and Confirm() in legal_actions(state)),
        powers=_powers(state, picked, t),
        end=_end(state, t) if phase is Phase.OVER else None,
    )


def _lit_cells(state: State, picked: Selection) -> set[int]:
    if state.phase is Phase.RUIN:
        return {i for i, value in enumerate(state.board) if value == EMPTY}  # M18: any empty
    if state.phase is not Phase.PLACE or picked.rerolling:
        return set()
    staged = {cell for _, cell in state.staged}
    if picked.die is not None and picked.die in state.available:
        return set(state.legal_cells(picked.die)) | staged
    return staged


def _cell_action(state: State, index: int) -> str:
    if state.phase is Phase.RUIN:
        return "ruin"
    return "unstage" if index in {cell for _, cell in state.staged} else "stage"


def _line_view(total: int, bonus: Bonus | None, t: Translator) -> LineView:
    if bonus is None:
        return LineView(total, None, "", "")
    name = t(BONUS_KEYS[bonus])
    return LineView(total, bonus.name.lower(), f"+{bonus.value}", f"{name} +{bonus.value}")


def _dice(state: State, picked: Selection, t: Translator) -> list[DieView]:
    if state.phase not in (Phase.PLACE, Phase.MAGDAGDON):
        return []
    staged = {die for die, _ in state.staged}
    views = []
    for index, value in enumerate(state.dice):
        if index in staged:
            status, enabled = "staged", False
        elif picked.rerolling:
            status, enabled = ("chosen" if index in picked.reroll else "available"), True
        else:
            status = "picked" if picked.die == index else "available"
            enabled = state.phase is Phase.PLACE or state.powers_left > 0
        label = t(f"magdagdon.die.{status}", n=index + 1, value=value)
        views.append(DieView(index, value, status, enabled, label))
    return views


def _message(state: State, picked: Selection, t: Translator) -> str:
    phase = state.phase
    if phase is Phase.ROLL:
        return t("magdagdon.hint.roll")
    if phase is Phase.MAGDAGDON:
        key = "magdagdon.hint.magdagdon_powers" if state.powers_left else "magdagdon.hint.magdagdon"
        return t.plural(key, state.minimum)
    if phase is Phase.RUIN:
        return t("magdagdon.hint.ruin")
    if phase is Phase.OVER:
        return t("magdagdon.hint.over")
    if picked.rerolling:
        return t("magdagdon.hint.reroll")
    staged, minimum = len(state.staged), state.minimum
    if picked.die is not None and picked.die in state.available:
        if not state.legal_cells(picked.die):
            return t("magdagdon.hint.no_cell", value=state.dice[picked.die])
        return t("magdagdon.hint.cell")
    if staged >= minimum:
        return t.plural("magdagdon.hint.confirm", staged)
    return t.plural("magdagdon.hint.pick", minimum - staged)


def _primary_label(state: State, t: Translator) -> str:
    phase = state.phase
    if phase is Phase.ROLL:
        return t("magdagdon.roll")
    if phase in (Phase.MAGDAGDON, Phase.RUIN):
        return t("magdagdon.accept")
    if phase is Phase.OVER:
        return t("magdagdon.new_game")
    return t("magdagdon.confirm_count", staged=len(state.staged), minimum=state.minimum)


def _powers(state: State, picked: Selection, t: Translator) -> PowerView:
    active = state.phase in (Phase.PLACE, Phase.MAGDAGDON) and state.powers_left > 0
    die = picked.die if picked.die in state.available and not picked.rerolling else None
    can = set(legal_actions(state)) if active and die is not None else set()
    if state.rules.powers == 0:
        status = t("magdagdon.powers.none")
    elif state.powers_left == 0:
        status = t("magdagdon.powers.used_up")
    else:
        status = t.plural("magdagdon.powers.left", state.powers_left, cost=state.next_penalty)
    chosen = len(picked.reroll)
    return PowerView(
        visible=state.rules.powers > 0,
        decrease=die is not None and Adjust(die, -1) in can,
        increase=die is not None and Adjust(die, 1) in can,
        reroll=active and (not picked.rerolling or chosen > 0),
        reroll_label=t.plural("magdagdon.reroll_count", chosen)
        if picked.rerolling
        else t("magdagdon.reroll"),
        cancel=picked.rerolling,
        status=status,
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
