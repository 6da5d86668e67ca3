"""YOUR GAMES on STATISTICS (issue 25): the newest games of the history, a line each, which
open onto their review. Pure Python: the browser adds the date in the reader's calendar."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.pure.history import Entry
from app.pure.i18n import Translator
from cubiri.dice import TYPED

MAX_ROWS = 30  # the newest games listed


@dataclass(frozen=True)
class GameRow:
    ident: str
    game: str
    ended: str  # ISO 8601, UTC
    title: str  # what the game was, without its date


def rows(entries: Iterable[Entry], t: Translator) -> list[GameRow]:
    """The newest games first."""
    newest = list(entries)[-MAX_ROWS:][::-1]
    return [GameRow(e.id, e.game, e.ended, title(e, t)) for e in newest]


def title(entry: Entry, t: Translator) -> str:
    if entry.game == "magdagdon":
        parts = [
            "MAGDAGDON",
            (entry.difficulty or "").upper(),
            t.plural("history.points", entry.outcome["score"]),
        ]
        if entry.day and "practice" not in entry.flags:
            parts.append(t("history.daily"))
    elif len(entry.seats) == 1:
        turns = entry.outcome["turns"][0]
        parts = ["MISHIMASH", t("stats.opponent.solo"), t.plural("history.turns", turns)]
    else:
        # Highest first, so the winner's comes first (in seat order "Bot won · 18 : 58" read
        # as Bot's 18).
        ranked = sorted(entry.outcome["totals"], reverse=True)
        totals = " : ".join(t.number(total) for total in ranked)
        parts = ["MISHIMASH"]
        if entry.winner is not None:
            parts.append(t("history.won", name=entry.seats[entry.winner].name))
        parts.append(totals)
    if entry.dice == TYPED:
        parts.append(t("history.real_dice"))
    return " · ".join(parts)
