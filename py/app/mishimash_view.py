"""What the MISHIMASH screen shows, from the engine's state and the locale: a pure view model.

The dice the player has tapped (not yet committed) are the screen's own state, `picked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import Translator
from cubiri.mishimash.game import Phase, Stage, State
from cubiri.mishimash.scoring import mishimash_bonus_halves, selection_halves, selection_problem


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


@dataclass(frozen=True)
class MishimashView:
    phase: str
    players: list[PlayerView]
    target: str
    banner: str  # FINAL ROUND / SUDDEN DEATH, or ""
    turn: str  # whose turn
    roll_info: str  # "Roll 2 · ×2"
    turn_points: str
    dice: list[DieView]
    selection: str  # live value of the picked dice, or why they cannot be taken
    selection_ok: bool
    event: str  # the last bust or MISHIMASH, or ""
    event_kind: str  # "bust", "mishimash", ""
    roll: bool  # the ROLL button
    bank: bool
    bank_label: str
    roll_again: bool
    roll_again_label: str
    standings: list[tuple[str, str, str]]  # (rank, name, total) once over
    result: str


def points(t: Translator, halves: int) -> str:
    return t.number(halves / 2)


def build_view(state: State, picked: frozenset[int], t: Translator) -> MishimashView:
    phase = state.phase
    current = state.players[state.current]
    values = [state.dice[i] for i in sorted(picked) if i < len(state.dice)]
    halves = selection_halves(state.dice, values) if phase is Phase.SELECT else None
    gained = 0 if halves is None else halves * state.multiplier
    mishimash_now = halves is not None and len(values) == len(state.dice)
    if mishimash_now:
        gained += mishimash_bonus_halves(state.mishimashes + 1)  # X12, never multiplied

    dice = []
    bust_shown = phase is Phase.ROLL and bool(state.log) and "lost" in state.log[-1]
    if phase in (Phase.SELECT, Phase.DECIDE) or bust_shown:
        for index, value in enumerate(state.dice):
            on = index in picked and phase is Phase.SELECT
            key = "mishimash.die.picked" if on else "mishimash.die"
            dice.append(DieView(index, value, on, t(key, n=index + 1, value=value)))

    next_dice = state.dice_left if phase is Phase.DECIDE else len(state.dice) - len(values)
    if mishimash_now or next_dice == 0:
        next_dice = 6
    can_commit = halves is not None or phase is Phase.DECIDE
    return MishimashView(
        phase=phase.value,
        players=_players(state, t),
        target=t("mishimash.target", target=t.number(state.target)),
        banner=_banner(state, t),
        turn=t("mishimash.turn_of", name=current) if phase is not Phase.OVER else "",
        roll_info=t(
            "mishimash.roll_info",
            k=state.roll_number if phase is Phase.SELECT else state.roll_number + 1,
        ),
        turn_points=t("mishimash.turn_points", points=points(t, state.turn_halves)),
        dice=dice,
        selection=_selection_text(state, values, halves, mishimash_now, t),
        selection_ok=halves is not None,
        event=_event(state, t)[0],
        event_kind=_event(state, t)[1],
        roll=phase is Phase.ROLL,
        bank=can_commit,
        bank_label=t("mishimash.bank_points", points=points(t, state.turn_halves + gained))
        if can_commit
        else t("mishimash.bank"),
        roll_again=can_commit,
        roll_again_label=t.plural("mishimash.roll_again_dice", next_dice),
        standings=_standings(state, t) if phase is Phase.OVER else [],
        result=_result(state, t) if phase is Phase.OVER else "",
    )


def _players(state: State, t: Translator) -> list[PlayerView]:
    views = []
    for index, name in enumerate(state.players):
        note = ""
        if state.stage is not Stage.NORMAL and state.phase is not Phase.OVER:
            if index in state.still_to_play:
                note = t("mishimash.note.to_play")
            elif state.stage is Stage.SUDDEN_DEATH and index not in state.contenders:
                note = t("mishimash.note.out")
            else:
                note = t("mishimash.note.done")
        is_current = index == state.current and state.phase is not Phase.OVER
        views.append(PlayerView(name, points(t, state.totals[index]), is_current, note))
    return views


def _names(state: State, players: tuple[int, ...]) -> str:
    return ", ".join(state.players[p] for p in players)


def _banner(state: State, t: Translator) -> str:
    if state.phase is Phase.OVER or state.solo:
        return ""
    if state.stage is Stage.FINAL_ROUND:
        return t("mishimash.final_round", names=_names(state, state.still_to_play))
    if state.stage is Stage.SUDDEN_DEATH:
        return t("mishimash.sudden_death", names=_names(state, state.contenders))
    return ""


def _selection_text(
    state: State, values: list[int], halves: int | None, mishimash_now: bool, t: Translator
) -> str:
    if state.phase is Phase.DECIDE:
        return t("mishimash.hint.decide")
    if state.phase is not Phase.SELECT:
        return ""
    if not values:
        return t("mishimash.hint.select")
    if halves is None:
        problem = selection_problem(state.dice, values) or "not_scoring"
        return t(f"mishimash.problem.{problem}")
    k = state.multiplier
    text = t(
        "mishimash.selection",
        points=points(t, halves),
        k=k,
        total=points(t, halves * k),
    )
    if mishimash_now:
        bonus = mishimash_bonus_halves(state.mishimashes + 1)
        text += " " + t("mishimash.selection_mishimash", bonus=points(t, bonus))
    return text


def _event(state: State, t: Translator) -> tuple[str, str]:
    """The last thing worth a banner: how the last turn ended, or a MISHIMASH just now."""
    if not state.log:
        return "", ""
    last = state.log[-1]
    before = state.log[-2] if len(state.log) >= 2 else {}
    if "lost" in last:
        name = state.players[last["player"]]
        return t("mishimash.bust", name=name, points=points(t, last["lost"])), "bust"
    if last.get("type") == "bank":
        name = state.players[last["player"]]
        return t("mishimash.banked", name=name, points=points(t, last["points"])), "bank"
    if last.get("type") == "roll_again" and "mishimash" in before:
        return t("mishimash.mishimash", bonus=points(t, before["mishimash"])), "mishimash"
    return "", ""


def _standings(state: State, t: Translator) -> list[tuple[str, str, str]]:
    order = sorted(range(len(state.players)), key=lambda p: (-state.totals[p], p))
    return [
        (str(rank), state.players[p], points(t, state.totals[p])) for rank, p in enumerate(order, 1)
    ]


def _result(state: State, t: Translator) -> str:
    assert state.winner is not None
    winner = state.players[state.winner]
    if state.solo:
        return t.plural("mishimash.solo_result", state.turns[0], target=t.number(state.target))
    return t("mishimash.winner", name=winner)
