"""The MAGDAGDON daily puzzle (issue 13): its seed, the text a player shares, the emoji board,
the results kept day by day (first attempt counts, later ones are practice), the streak and the
calendar; and the little record of the game in progress (daily or not, assisted or not).

Pure Python. Dice depend only on (seed, turn, reroll number), so one seed per date and
difficulty gives everyone the same dice that day. Whatever comes out of storage is checked
entry by entry: a corrupt entry is dropped and reported, never breaks the page.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any

from app.pure.bounded import loads
from app.pure.i18n import Translator
from app.pure.records import MAGDAGDON_SCORES
from cubiri.kernel import is_whole
from cubiri.magdagdon.board import EMPTY, RUIN, SIZE
from cubiri.magdagdon.difficulty import DIFFICULTIES
from cubiri.magdagdon.scoring import breakdown

VERSION = 1
SEED_BITS = 31  # like a random game's seed: a short, positive whole number
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
CALENDAR_DAYS = 28  # four weeks in the calendar of past dailies

# The spoiler-free picture: no value is shown, only what the board became.
EMOJI_RUIN = "🟥"
EMOJI_BONUS = "🟩"  # a number in a line that scored a bonus (M21)
EMOJI_NUMBER = "⬜"
EMOJI_EMPTY = "⬛"  # never in a finished game; kept for a board shared early


def daily_seed(day: date, difficulty: str) -> int:
    """The seed of `day`'s puzzle at `difficulty`: the same on every run and platform."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}")
    digest = hashlib.sha256(f"cubiri-daily:{day.isoformat()}:{difficulty}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def parse_day(text: object) -> date | None:
    """`YYYY-MM-DD` (as in `?daily=`) as a date, or None when it is not a real date."""
    if not isinstance(text, str) or not _ISO_DATE.match(text.strip()):
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


def emoji_board(board: Sequence[int]) -> list[str]:
    """Four rows of emoji: RUINS, the numbers of lines that scored a bonus, other numbers."""
    result = breakdown(tuple(board), "peaceful", 0)  # only the lines' bonuses are read
    bonus_cells: set[int] = set()
    for line in result.lines:
        if line.bonus is None:
            continue
        if line.kind == "row":
            bonus_cells |= {line.index * SIZE + col for col in range(SIZE)}
        else:
            bonus_cells |= {row * SIZE + line.index for row in range(SIZE)}
    rows = []
    for row in range(SIZE):
        marks = []
        for col in range(SIZE):
            cell = row * SIZE + col
            value = board[cell]
            if value == RUIN:
                marks.append(EMOJI_RUIN)
            elif value == EMPTY:
                marks.append(EMOJI_EMPTY)
            else:
                marks.append(EMOJI_BONUS if cell in bonus_cells else EMOJI_NUMBER)
        rows.append("".join(marks))
    return rows


def share_text(
    t: Translator,
    day: date,
    difficulty: str,
    score: int,
    board: Sequence[int],
    *,
    practice: bool = False,
    assisted: bool = False,
    link: str = "",
) -> str:
    """What SHARE sends: the game, the date, the difficulty, the score, the emoji board, and
    `link` (the day's puzzle, so that whoever receives it can play the same dice: issue 29)."""
    from app.pure.magdagdon_view import points

    title = t("daily.share.title", date=day.isoformat(), difficulty=difficulty.upper())
    parts = [t("magdagdon.score", score=points(score))]
    if practice:
        parts.append(t("daily.practice_tag"))
    if assisted:
        parts.append(t("scores.assisted"))
    return "\n".join([title, " · ".join(parts), *emoji_board(board), *([link] if link else [])])


# Results, day by day ----------------------------------------------------------------------------
@dataclass(frozen=True)
class DayResult:
    """The attempt that counts for one day and difficulty: started at its first ROLL, its
    score once finished (None while it is being played or was left unfinished)."""

    score: int | None = None
    assisted: bool = False


Results = dict[str, dict[str, DayResult]]  # "YYYY-MM-DD" → difficulty → result
_SCORE_BOUNDS = MAGDAGDON_SCORES.bounds["score"]  # what a real game can make


def parse_results(raw: str | None) -> tuple[Results, list[str]]:
    """The daily results stored as `raw`, and what had to be dropped (for a console warning)."""
    results: Results = {}
    if raw is None:
        return results, []
    try:
        data = loads(raw)
    except ValueError:
        return results, ["daily results are not JSON: starting afresh"]
    days = data.get("days") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(days, dict):
        return results, ["daily results have an unknown shape or version: starting afresh"]
    problems = []
    for day, entries in days.items():
        if parse_day(day) is None or not isinstance(entries, dict):
            problems.append(f"dropped the daily results of {day!r}")
            continue
        kept: dict[str, DayResult] = {}
        for difficulty, entry in entries.items():
            result = _day_result(difficulty, entry)
            if result is None:
                problems.append(f"dropped the daily result of {day} {difficulty!r}: {entry!r}")
            else:
                kept[difficulty] = result
        if kept:
            results[day] = kept
    return results, problems


def _day_result(difficulty: object, data: object) -> DayResult | None:
    if difficulty not in DIFFICULTIES or not isinstance(data, dict):
        return None
    if not set(data) <= {"score", "assisted"}:
        return None
    score, assisted = data.get("score"), data.get("assisted", False)
    if score is not None and not (
        is_whole(score) and _SCORE_BOUNDS[0] <= score <= _SCORE_BOUNDS[1]
    ):
        return None
    if not isinstance(assisted, bool):
        return None
    return DayResult(score, assisted)


def dump_results(results: Results) -> str:
    days = {
        day: {
            name: {"score": r.score, **({"assisted": True} if r.assisted else {})}
            for name, r in entries.items()
        }
        for day, entries in sorted(results.items())
    }
    return json.dumps({"version": VERSION, "days": days})


def with_result(results: Results, day: date, difficulty: str, result: DayResult) -> Results:
    key = day.isoformat()
    return {**results, key: {**results.get(key, {}), difficulty: result}}


def attempted(results: Results, day: date, difficulty: str) -> bool:
    """Whether the attempt that counts for this day and difficulty has begun (or is done)."""
    return difficulty in results.get(day.isoformat(), {})


def streak(results: Mapping[str, Mapping[str, DayResult]], today: date) -> int:
    """Consecutive days, up to today, with a daily finished (any difficulty). A day not yet
    played today does not break the streak that ended yesterday."""

    def played(day: date) -> bool:
        return any(r.score is not None for r in results.get(day.isoformat(), {}).values())

    day = today if played(today) else today - timedelta(days=1)
    count = 0
    while played(day):
        count += 1
        day -= timedelta(days=1)
    return count


@dataclass(frozen=True)
class CalendarDay:
    day: date
    score: int | None  # the counted score at the difficulty asked, None if none
    assisted: bool
    today: bool
    practice: int | None = None  # the best practice score of that day, when none counted


def calendar(
    results: Mapping[str, Mapping[str, DayResult]],
    today: date,
    difficulty: str,
    days: int = CALENDAR_DAYS,
) -> list[CalendarDay]:
    """The last `days` days, oldest first, ending today: each with its counted score."""
    out = []
    for back in range(days - 1, -1, -1):
        day = today - timedelta(days=back)
        result = results.get(day.isoformat(), {}).get(difficulty)
        score = result.score if result is not None else None
        assisted = result.assisted if result is not None else False
        out.append(CalendarDay(day, score, assisted, back == 0))
    return out


# The game in progress: daily or not, assisted or not -------------------------------------------
@dataclass(frozen=True)
class GameMeta:
    """What the saved game does not say about itself: kept beside it, valid only for the game
    of the same seed and difficulty."""

    seed: int
    difficulty: str
    day: date | None = None  # a daily puzzle's date
    practice: bool = False  # a daily that does not count (not today, or not the first attempt)
    assisted: bool = False  # a HINT was used in this game

    def dump(self) -> str:
        data: dict[str, Any] = {"seed": self.seed, "difficulty": self.difficulty}
        if self.day is not None:
            data["daily"] = self.day.isoformat()
            data["practice"] = self.practice
        if self.assisted:
            data["assisted"] = True
        return json.dumps(data)

    @staticmethod
    def parse(raw: str | None) -> GameMeta | None:
        if raw is None:
            return None
        try:
            data = loads(raw)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        seed, difficulty = data.get("seed"), data.get("difficulty")
        practice, assisted = data.get("practice", False), data.get("assisted", False)
        day = parse_day(data["daily"]) if "daily" in data else None
        if (
            not isinstance(seed, int)
            or not is_whole(seed)
            or not isinstance(difficulty, str)
            or difficulty not in DIFFICULTIES
            or not isinstance(practice, bool)
            or not isinstance(assisted, bool)
            or ("daily" in data and day is None)
        ):
            return None
        return GameMeta(seed, difficulty, day, practice, assisted)

    def belongs_to(self, seed: int, difficulty: str) -> bool:
        return self.seed == seed and self.difficulty == difficulty


CALENDAR_WEEKS = 4


def calendar_weeks(
    results: Mapping[str, Mapping[str, DayResult]],
    today: date,
    difficulty: str,
    practice: Mapping[str, int] | None = None,
    weeks: int = CALENDAR_WEEKS,
) -> list[CalendarDay | None]:
    """Whole weeks, Monday first, oldest first, up to today's week: the days after today are
    None (blank cells), so each day sits under its weekday. A day with no counted score shows
    its best practice score (`practice`: "YYYY-MM-DD" → score), if it was played at all."""
    start = today - timedelta(days=today.weekday() + 7 * (weeks - 1))
    out: list[CalendarDay | None] = []
    for entry in calendar(results, today, difficulty, (today - start).days + 1):
        best = (practice or {}).get(entry.day.isoformat())
        out.append(replace(entry, practice=best) if entry.score is None else entry)
    out.extend([None] * (6 - today.weekday()))
    return out


def practice_scores(entries: Sequence[Any], difficulty: str) -> dict[str, int]:
    """The best score of each day's dailies played as practice at `difficulty`, from the
    history's entries (`app.pure.history.Entry`)."""
    best: dict[str, int] = {}
    for entry in entries:
        score = entry.outcome.get("score") if isinstance(entry.outcome, dict) else None
        if (
            entry.game != "magdagdon"
            or entry.day is None
            or entry.difficulty != difficulty
            or "practice" not in entry.flags
            or not isinstance(score, int)
            or isinstance(score, bool)
        ):
            continue
        best[entry.day] = max(best.get(entry.day, score), score)
    return best
