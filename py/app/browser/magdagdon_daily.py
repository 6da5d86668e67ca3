"""The MAGDAGDON daily puzzle on screen (issue 13): the banner above the board, the panel of the
end screen (streak and calendar) and SHARE.

What a daily is, its seed, streak and share text come from `app.pure.daily`; this module only
writes them into the page. The screen owns the game and its meta and passes them in.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from js import Date, Object, document, window
from pyodide.ffi import to_js

from app.browser import stores
from app.browser.dom import absent, by_id, show_text
from app.browser.host import Host
from app.browser.score_tables import format_date
from app.pure import daily
from app.pure.daily import GameMeta
from cubiri.magdagdon import game as engine


def local_today() -> date:
    """The player's own calendar date (the browser's time zone picks the daily puzzle)."""
    now = Date.new()
    return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class DailyPanel:
    def __init__(self, host: Host) -> None:
        self.host = host

    def render_banner(self, meta: GameMeta | None, state: engine.State | None) -> None:
        """Above the board: which day's puzzle this is, and whether it counts."""
        banner = by_id("md-daily")
        if meta is None or meta.day is None or state is None:
            show_text(banner, "")
            return
        key = "magdagdon.daily.practice" if meta.practice else "magdagdon.daily.counts"
        show_text(banner, self.host.t(key, date=meta.day.isoformat()))
        banner.dataset.practice = "true" if meta.practice else "false"

    def render_end(self, meta: GameMeta | None, state: engine.State | None) -> None:
        """On the end screen of a daily: the streak and the month's calendar."""
        panel = by_id("md-daily-end")
        panel.hidden = meta is None or meta.day is None or state is None
        if meta is None or meta.day is None or state is None:
            return
        t = self.host.t
        by_id("md-share-status").textContent = ""
        results = stores.daily_results()
        today = local_today()
        days = daily.streak(results, today)
        streak = by_id("md-streak")
        streak.hidden = days == 0  # no streak to keep yet (a practice of a past day): no "0 days"
        streak.textContent = t.plural("magdagdon.daily.streak", days)
        by_id("md-calendar-title").textContent = t(
            "magdagdon.daily.calendar", difficulty=meta.difficulty.upper()
        )
        calendar = by_id("md-calendar")
        calendar.replaceChildren()
        for entry in daily.calendar(results, today, meta.difficulty):
            calendar.appendChild(self._day(entry))

    def _day(self, entry: daily.CalendarDay) -> Any:
        t = self.host.t
        iso = entry.day.isoformat()
        shown = format_date(f"{iso}T12:00:00", t.language)
        item = document.createElement("li")
        link = document.createElement("a")
        link.href = f"?daily={iso}#magdagdon"
        link.className = "md-day"
        link.dataset.day = iso
        if entry.today:
            link.setAttribute("aria-current", "date")
        number = document.createElement("span")
        number.className = "md-day-number"
        number.textContent = str(entry.day.day)
        score = document.createElement("span")
        score.className = "md-day-score"
        score.textContent = "" if entry.score is None else str(entry.score)
        link.append(number, score)
        if entry.score is None:
            label = t("magdagdon.daily.day_none", date=shown)
        else:
            label = t("magdagdon.daily.day", date=shown, score=entry.score)
            link.dataset.played = "true"
        link.setAttribute("aria-label", label)
        link.title = label
        item.appendChild(link)
        return item

    def share(self, meta: GameMeta | None, state: engine.State | None) -> None:
        """SHARE: the system's share sheet where there is one, else the clipboard; the outcome
        is shown and said."""
        if meta is None or meta.day is None or state is None or not state.over:
            return
        t = self.host.t
        text = daily.share_text(
            t,
            meta.day,
            meta.difficulty,
            state.score().final,
            state.board,
            practice=meta.practice,
            assisted=meta.assisted,
        )
        status = by_id("md-share-status")

        def said(key: str) -> Callable[[Any], None]:
            def show(_result: Any) -> None:
                status.textContent = t(key)
                status.dataset.state = key.rsplit(".", 1)[-1]
                self.host.announce(t(key))

            return show

        def copy(_error: Any = None) -> None:
            clipboard = getattr(window.navigator, "clipboard", None)
            if clipboard is None or absent(clipboard):
                said("magdagdon.daily.share_failed")(None)
                return
            clipboard.writeText(text).then(
                said("magdagdon.daily.copied"), said("magdagdon.daily.share_failed")
            )

        share = getattr(window.navigator, "share", None)
        if share is not None and not absent(share):
            data = to_js({"text": text}, dict_converter=Object.fromEntries)
            window.navigator.share(data).then(said("magdagdon.daily.shared"), copy)
        else:
            copy()
