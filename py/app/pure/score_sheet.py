"""MISHIMASH's score sheet (issue 24): the paper a table keeps, made from the game's log.

One row per round, one column per seat. The race's rounds are numbered by each seat's turn (a
round is everyone's n-th turn, X16: the order is fixed); the final round is one row, whoever
plays in it, and each sudden-death round another (X17). A cell is what that turn banked, or a
bust mark, with the seat's running total; the turn being played shows its points so far. The
sheet is rebuilt by replaying the log: the engine says what each turn was, never the screen.
A correction (real dice: a throw the table forgot to type) stands in the cell of the turn it
mends, marked as one, and is listed under the sheet: who, how much, in which round.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.pure.i18n import Translator
from cubiri.mishimash import game as engine

BANKED, BUST, PLAYING, EMPTY = "banked", "bust", "playing", "empty"
RACE, FINAL, SUDDEN = "race", "final", "sudden"


@dataclass(frozen=True)
class Turn:
    """One turn of the sheet: `halves` banked (0 with a bust; the points so far while it is
    being played)."""

    seat: int
    row: tuple[str, int]  # (RACE, its round) · (FINAL, 1) · (SUDDEN, its number)
    kind: str  # BANKED, BUST or PLAYING
    halves: int


@dataclass(frozen=True)
class Correction:
    seat: int
    round: int  # of the race
    halves: int


@dataclass(frozen=True)
class Cell:
    kind: str  # BANKED, BUST, PLAYING or EMPTY (no turn of that seat in the round)
    points: str  # "+31.5", the bust mark, the points so far, or ""
    total: str  # the seat's total after the turn (corrections counted), or ""
    label: str  # what a screen reader says for the cell
    correction: str = ""  # "corrected +5", when the table mended the turn


@dataclass(frozen=True)
class Row:
    kind: str  # RACE, FINAL or SUDDEN
    label: str  # "Round 3", "FINAL ROUND", "SUDDEN DEATH 2"
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Sheet:
    caption: str
    names: tuple[str, ...]
    leaders: frozenset[int]  # the seats whose total is the highest, or the winner once over
    leader_mark: str  # what a leader's column head adds ("leads", or "won" once over)
    rows: tuple[Row, ...]
    totals: tuple[str, ...]
    total_label: str
    corrections: tuple[str, ...] = ()  # each correction in the order made, as a sentence


def played(state: engine.State) -> tuple[list[Turn], list[Correction]]:
    """Every turn of the game in the order played (the one going on last), and every
    correction."""
    current = engine.new_game(state.players, state.target, state.seed, state.dice_scheme)
    turns: list[Turn] = []
    corrections: list[Correction] = []
    sudden = 0
    for action in state.log:
        before, current = current, engine.apply(current, action)
        if isinstance(action, engine.Correct):
            corrections.append(Correction(action.seat, action.round, action.halves))
            continue
        seat = before.current
        if current.turns[seat] == before.turns[seat]:
            continue  # the turn goes on
        row, sudden = turn_row(before, seat, sudden)
        banked = next((e for e in current.events if isinstance(e, engine.Banked)), None)
        kind, halves = (BANKED, banked.halves) if banked is not None else (BUST, 0)
        turns.append(Turn(seat, row, kind, halves))
    if not current.over and _started(current):
        row, _ = turn_row(current, current.current, sudden)
        turns.append(Turn(current.current, row, PLAYING, current.turn_halves))
    return turns, corrections


def sudden_death_number(state: engine.State) -> int:
    """Which sudden-death round the game is in, from 1 (0: none): a round none of whose
    contenders has begun yet is the next one. It replays the log: once a state (the screen
    draws one state many times, a tap at a time)."""
    if state.round is not engine.Round.SUDDEN_DEATH or state.over:
        return 0
    global _numbered
    if _numbered is not None and _numbered[0] is state:
        return _numbered[1]
    turns, _ = played(state)
    number = max((turn.row[1] for turn in turns if turn.row[0] == SUDDEN), default=0)
    if not _started(state) and state.still_to_play == state.contenders:
        number += 1
    _numbered = (state, number)
    return number


_numbered: tuple[engine.State, int] | None = None  # the last state numbered, and its number


def _started(state: engine.State) -> bool:
    """Whether the seat to play has begun its turn: its first throw is in (with real dice
    ROLL is implied by the throw, so a turn waiting for it shows blank, not "0": an audit saw
    a 0 after UNDO gave a first throw back)."""
    waiting = state.phase is engine.Phase.THROW and state.roll_number <= 1
    return state.phase is not engine.Phase.ROLL and not waiting


def turn_row(state: engine.State, seat: int, sudden: int) -> tuple[tuple[str, int], int]:
    """The row of `seat`'s turn played at `state`, and the sudden-death rounds counted so far
    (a round's first turn is played while all its contenders are still to play)."""
    if state.round is engine.Round.RACE:
        return (RACE, state.turns[seat] + 1), sudden
    if state.round is engine.Round.FINAL_ROUND:
        return (FINAL, 1), sudden
    if state.still_to_play == state.contenders:
        sudden += 1
    return (SUDDEN, sudden), sudden


def build_sheet(state: engine.State, t: Translator) -> Sheet:
    """The sheet of the game as it stands."""
    turns, corrections = played(state)
    rows: dict[tuple[str, int], dict[int, Turn]] = {}
    for one in turns:
        rows.setdefault(one.row, {})[one.seat] = one
    mended: dict[tuple[int, int], int] = {}
    for correction in corrections:
        key = (correction.seat, correction.round)
        mended[key] = mended.get(key, 0) + correction.halves
    seats = range(len(state.players))
    running = [0] * len(state.players)
    lines = []
    for (kind, number), row in rows.items():
        cells = []
        for seat in seats:
            turn = row.get(seat)
            fix = mended.get((seat, number), 0) if kind == RACE else 0
            if turn is not None and turn.kind != PLAYING:
                running[seat] += turn.halves + fix
            cells.append(_cell(turn, running[seat], fix, t))  # banked: not the turn going on
        lines.append(Row(kind, row_label(kind, number, t), tuple(cells)))
    leaders, mark = _leaders(state, t)
    return Sheet(
        caption=t("table.sheet.caption"),
        names=state.players,
        leaders=leaders,
        leader_mark=mark,
        rows=tuple(lines),
        totals=tuple(_points(total, t) for total in state.totals),
        total_label=t("table.sheet.total"),
        corrections=tuple(correction_line(state, c, t) for c in corrections),
    )


def _leaders(state: engine.State, t: Translator) -> tuple[frozenset[int], str]:
    """Whom the column heads mark: the winner once the game is over ("won"), else the highest
    totals ("leads"); nobody in a solo game, which has no one to lead (an audit read "Solo Sam
    leads"), nor before anyone scores."""
    if state.solo:
        return frozenset(), ""
    if state.over and state.winner is not None:
        return frozenset({state.winner}), t("table.sheet.winner")
    best = max(state.totals)
    leaders = frozenset(p for p, total in enumerate(state.totals) if best > 0 and total == best)
    return leaders, t("table.sheet.leader")


def correction_line(state: engine.State, fix: Correction, t: Translator) -> str:
    """A correction as the sheet lists it: who, how much, in which round."""
    return t.plural(
        "table.sheet.correction",
        fix.halves / 2,
        name=state.players[fix.seat],
        points=_signed(fix.halves, t),
        round=t("table.sheet.round", n=fix.round),
    )


def _signed(halves: int, t: Translator) -> str:
    return ("+" if halves > 0 else "−") + _points(abs(halves), t)


def row_label(kind: str, number: int, t: Translator) -> str:
    if kind == RACE:
        return t("table.sheet.round", n=number)
    if kind == FINAL:
        return t("table.sheet.final")
    return t("table.sheet.sudden", n=number)


def _points(halves: int, t: Translator) -> str:
    return t.number(halves / 2)


def _cell(turn: Turn | None, total_halves: int, fix: int, t: Translator) -> Cell:
    if turn is None:
        return Cell(EMPTY, "", "", t("table.sheet.cell.empty"))
    total = _points(total_halves, t)
    correction = t("table.sheet.corrected", points=_signed(fix, t)) if fix else ""
    if turn.kind == BUST:
        label = t("table.sheet.cell.bust", total=total)
        points = t("table.sheet.bust")
    elif turn.kind == PLAYING:
        label = t.plural("table.sheet.cell.playing", turn.halves / 2, total=total)
        points = _points(turn.halves, t)
    else:
        label = t.plural("table.sheet.cell.banked", turn.halves / 2, total=total)
        points = f"+{_points(turn.halves, t)}"
    if correction:
        label = f"{label}, {correction}"
    return Cell(turn.kind, points, total, label, correction)
