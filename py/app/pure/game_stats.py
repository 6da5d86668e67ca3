"""STATISTICS (issue 25): what the history of finished games says, per game, for the screen and
its charts to show.

Pure Python, read from `app.pure.history` entries only: the engine's outcome for the figures of
a game, and its log (replayed with the engine, never parsed by shape) for what happened turn by
turn. An entry whose log the history dropped (its oldest games, over its size) still counts
in every figure its outcome gives, and is left out of the turn-by-turn ones.

"You" are the people at the table: in MISHIMASH against computers the person's seats, in a game
of people only every seat (who wins most is counted by name).
"""

from __future__ import annotations

import statistics as stats
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from app.pure.history import Entry
from cubiri.dice import TYPED
from cubiri.kernel import action_from_dict
from cubiri.magdagdon.difficulty import DIFFICULTIES
from cubiri.mishimash import game as mishimash

TREND_GAMES = 30  # the last games drawn as a trend
MOVING = 5  # games in the trend's moving mean
BONUS_KINDS = ("straight", "four_of_a_kind", "two_pairs")
NICE_WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
MAX_BINS = 8  # few enough to read on a phone


@dataclass(frozen=True)
class Bin:
    low: int  # from low to high - 1, inclusive
    high: int
    count: int


def histogram(values: Sequence[float]) -> list[Bin]:
    """Equal bins of a round width, at most MAX_BINS, from the lowest value to the highest.

    >>> [(b.low, b.count) for b in histogram([3, 12, 17, 41])]
    [(0, 1), (10, 2), (20, 0), (30, 0), (40, 1)]
    >>> histogram([])
    []
    """
    if not values:
        return []
    low, high = int(min(values) // 1), int(max(values) // 1)
    width = next((w for w in NICE_WIDTHS if (high // w - low // w) < MAX_BINS), NICE_WIDTHS[-1])
    while (high // width - low // width) >= MAX_BINS:
        width *= 10
    start = (low // width) * width
    counts = Counter(int((v - start) // width) for v in values)
    size = high // width - low // width + 1
    return [Bin(start + i * width, start + (i + 1) * width, counts.get(i, 0)) for i in range(size)]


def moving_mean(values: Sequence[float], span: int = MOVING) -> list[float]:
    """The mean of each value with the ones before it, up to `span` in all.

    >>> moving_mean([10, 20, 30, 40], 2)
    [10.0, 15.0, 25.0, 35.0]
    """
    windows = (values[max(0, i - span + 1) : i + 1] for i in range(len(values)))
    return [sum(window) / len(window) for window in windows]


# MAGDAGDON ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MagdagdonStats:
    difficulty: str
    games: int
    mean: float | None
    median: float | None
    best: int | None
    scores: list[Bin]  # the histogram of final scores
    trend: list[tuple[float, float]]  # the last games, oldest first: (score, moving mean)
    bonuses_per_game: dict[str, float]  # kind → how many a game, on average
    ruins_per_game: float
    powers_per_game: float
    against: Against = field(default_factory=lambda: Against())


@dataclass(frozen=True)
class Against:
    """Your games against the computer on the same dice (those whose review noted its score)."""

    games: int = 0
    beaten: int = 0  # you scored more
    mean_margin: float | None = None  # your score less the computer's, on average


def against_computer(games: Iterable[Entry]) -> Against:
    margins = [e.outcome["score"] - e.computer for e in games if e.computer is not None]
    if not margins:
        return Against()
    return Against(len(margins), sum(m > 0 for m in margins), stats.fmean(margins))


def by_dice(entries: Iterable[Entry], dice: str) -> list[Entry]:
    """The games of `dice`: "all", "real" (typed in at a table) or "app" (the app's own)."""
    if dice not in DICE_FILTERS:
        raise ValueError(f"dice is all, real or app, not {dice!r}")
    games = list(entries)
    return games if dice == "all" else [e for e in games if (e.dice == TYPED) == (dice == "real")]


DICE_FILTERS = ("all", "app", "real")


def magdagdon_stats(entries: Iterable[Entry], difficulty: str) -> MagdagdonStats:
    games = [e for e in entries if e.game == "magdagdon" and e.difficulty == difficulty]
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"no difficulty {difficulty!r}")
    scores = [e.outcome["score"] for e in games]
    count = len(games)

    def per_game(values: Iterable[float]) -> float:
        return sum(values) / count if count else 0.0

    return MagdagdonStats(
        difficulty,
        count,
        stats.fmean(scores) if scores else None,
        stats.median(scores) if scores else None,
        max(scores) if scores else None,
        histogram(scores),
        trend(scores),
        {kind: per_game(e.outcome["bonuses"][kind] for e in games) for kind in BONUS_KINDS},
        per_game(e.outcome["ruins"] for e in games),
        per_game(e.outcome["powers"] for e in games),
        against_computer(games),
    )


@dataclass(frozen=True)
class DailyStats:
    played: int
    current_streak: int
    longest_streak: int
    scores: list[Bin]


def daily_stats(entries: Iterable[Entry], today: date) -> DailyStats:
    """The counted dailies (not practice): how many, the streaks of days with one finished (a
    day not played yet today does not break the current streak), their scores' histogram."""
    counted = [e for e in entries if e.game == "magdagdon" and e.day and "practice" not in e.flags]
    days = sorted({date.fromisoformat(e.day) for e in counted if e.day})
    longest = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest, previous = max(longest, run), day
    current, day = 0, today if today in days else today - timedelta(days=1)
    played = set(days)
    while day in played:
        current, day = current + 1, day - timedelta(days=1)
    return DailyStats(
        len(counted), current, longest, histogram([e.outcome["score"] for e in counted])
    )


# MISHIMASH ----------------------------------------------------------------------------------------
PEOPLE = "people"  # pass and play, people only


@dataclass(frozen=True)
class Tally:
    games: int = 0
    wins: int = 0


@dataclass(frozen=True)
class MishimashStats:
    games: int
    real_dice: int  # of them, played with real dice typed in
    # A computer's level or PEOPLE → your games and wins. Solo games have no opponent: their
    # record is the turns (X15), in `solo_turns`, not a win.
    by_opponent: dict[str, Tally]
    wins_by_name: dict[str, int]  # games of people only: who wins most
    turns: int  # your turns replayed
    mean_turn: float | None  # points banked a turn (a bust banks none)
    bust_rate: float | None
    biggest_turn: float | None
    mishimash_per_game: float | None
    solo_turns: dict[int, int] = field(default_factory=dict)  # turns to the target → games
    # The last games reviewed: the points of expected value your decisions gave up in each (a
    # mean over your seats), with its moving mean.
    given_up: list[tuple[float, float]] = field(default_factory=list)


def given_up(entry: Entry) -> float | None:
    """What your decisions gave up in a reviewed game: the mean over your seats."""
    if entry.given_up is None:
        return None
    costs = [entry.given_up[seat] for seat in you(entry)]
    known = [c for c in costs if c is not None]
    return stats.fmean(known) if known else None


def opponents(entry: Entry) -> list[str]:
    """The kinds of opponent a MISHIMASH game counts under: none for a solo game."""
    if len(entry.seats) == 1:
        return []
    levels = sorted({seat.level for seat in entry.seats if seat.level})
    return levels or [PEOPLE]


def you(entry: Entry) -> list[int]:
    """The seats played by people."""
    return [i for i, seat in enumerate(entry.seats) if not seat.level]


def mishimash_stats(entries: Iterable[Entry], dice: str = "all") -> MishimashStats:
    """`dice`: "all", "real" (typed in at a table) or "app" (the app's own)."""
    games = [e for e in by_dice(entries, dice) if e.game == "mishimash"]
    by_opponent: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    names: Counter[str] = Counter()
    solo: Counter[int] = Counter()
    banked: list[float] = []
    busts = mishimashes = replayed = 0
    for entry in games:
        people = you(entry)
        won = entry.winner in people
        for kind in opponents(entry):
            by_opponent[kind] += 1
            wins[kind] += won
        if opponents(entry) == [PEOPLE] and entry.winner is not None:
            names[entry.seats[entry.winner].name] += 1
        if len(entry.seats) == 1:
            solo[entry.outcome["turns"][0]] += 1
        turns = turns_of(entry)
        if turns is None:
            continue
        replayed += 1
        for seat, points, bonus in turns:
            if seat in people:
                banked.append(points or 0.0)
                busts += points is None
                mishimashes += bonus
    return MishimashStats(
        len(games),
        sum(e.dice == TYPED for e in games),
        {kind: Tally(by_opponent[kind], wins[kind]) for kind in sorted(by_opponent)},
        dict(names.most_common()),
        len(banked),
        stats.fmean(banked) if banked else None,
        busts / len(banked) if banked else None,
        max(banked) if banked else None,
        mishimashes / replayed if replayed else None,
        dict(sorted(solo.items())),
        trend([cost for e in games if (cost := given_up(e)) is not None]),
    )


def trend(values: Sequence[float]) -> list[tuple[float, float]]:
    """The last TREND_GAMES values, oldest first, each with its moving mean."""
    last = list(values[-TREND_GAMES:])
    return list(zip(last, moving_mean(last), strict=True))


def turns_of(entry: Entry) -> list[tuple[int, float | None, int]] | None:
    """Each turn of a MISHIMASH game from its log: (seat, points banked or None for a bust,
    MISHIMASHes in it); None when the history kept only its figures."""
    log: dict[str, Any] | None = entry.log
    if log is None:
        return None
    state = mishimash.new_game(log["players"], log["target"], log["seed"], log["dice_scheme"])
    turns: list[tuple[int, float | None, int]] = []
    count = 0
    for raw in log["log"]:
        before = state
        state = mishimash.ENGINE.apply(state, action_from_dict(mishimash.ENGINE.kinds, raw))
        kept = len(before.events) if state.events[: len(before.events)] == before.events else 0
        for event in state.events[kept:]:
            if isinstance(event, mishimash.Mishimash):
                count += 1
            elif isinstance(event, mishimash.Banked):
                turns.append((event.player, event.halves / 2, count))
                count = 0
            elif isinstance(event, mishimash.Bust):
                turns.append((event.player, None, count))
                count = 0
    return turns
