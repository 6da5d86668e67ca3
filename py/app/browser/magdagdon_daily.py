"""The MAGDAGDON daily puzzle on screen (issue 13): the banner above the board, the panel of the
end screen (streak and calendar) and SHARE.

What a daily is, its seed, streak and share text come from `app.pure.daily`; this module only
writes them into the page. The screen owns the game and its meta and passes them in.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from js import Date, Intl, Object, document, window
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


def day_text(day: date, language: str) -> str:
    """A day as HIGH SCORES writes dates (noon: the same day in every time zone)."""
    return format_date(f"{day.isoformat()}T12:00:00", language)


def _intl(day: date, language: str, options: dict[str, str]) -> str:
    style = to_js(options, dict_converter=Object.fromEntries)
    return str(Intl.DateTimeFormat.new(language, style).format(Date.new(f"{day}T12:00:00")))


def month_text(day: date, language: str) -> str:
    return _intl(day, language, {"month": "long", "year": "numeric"})


def weekday_text(weekday: int, language: str) -> str:
    """The short name of a weekday (0 Monday) in `language`."""
    return _intl(date(2024, 1, 1 + weekday), language, {"weekday": "short"})  # 1 Jan: a Monday


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
        # The date as HIGH SCORES writes it, in the player's language (issue 29).
        show_text(banner, self.host.t(key, date=day_text(meta.day, self.host.t.language)))
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
        # Whole weeks under the weekdays' names, with the months they span (issue 29); a past
        # day played as practice shows that score.
        practice = daily.practice_scores(stores.history(), meta.difficulty)
        weeks = daily.calendar_weeks(results, today, meta.difficulty, practice)
        shown = [entry.day for entry in weeks if entry is not None]
        by_id("md-calendar-months").textContent = " – ".join(
            dict.fromkeys(month_text(day, t.language) for day in (shown[0], shown[-1]))
        )
        heads = by_id("md-calendar-days")
        heads.replaceChildren()
        for weekday in range(7):
            head = document.createElement("li")
            head.className = "md-weekday"
            head.textContent = weekday_text(weekday, t.language)
            heads.appendChild(head)
        calendar = by_id("md-calendar")
        calendar.replaceChildren()
        for entry in weeks:
            calendar.appendChild(self._day(entry))

    def _day(self, entry: daily.CalendarDay | None) -> Any:
        t = self.host.t
        item = document.createElement("li")
        if entry is None:  # after today, in today's week
            item.className = "md-day-blank"
            item.setAttribute("aria-hidden", "true")
            return item
        iso = entry.day.isoformat()
        shown = day_text(entry.day, t.language)
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
        if entry.score is not None:
            score.textContent = str(entry.score)
            label = t("magdagdon.daily.day", date=shown, score=entry.score)
            link.dataset.played = "true"
        elif entry.practice is not None:
            score.textContent = f"↻{entry.practice}"  # the practice mark of HIGH SCORES
            label = t("magdagdon.daily.day_practice", date=shown, score=entry.practice)
            link.dataset.practice = "true"
        else:
            label = t("magdagdon.daily.day_none", date=shown)
        # The link is named by its text (issue 29: an aria-label not holding the visible
        # "1 / 102" failed label-content-name-mismatch): the short day and score are for the
        # eye, the whole date and score for the ear.
        for part in (number, score):
            part.setAttribute("aria-hidden", "true")
        said = document.createElement("span")
        said.className = "visually-hidden"
        said.textContent = label
        link.append(number, score, said)
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
            link=daily_link(meta.day),
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


def daily_link(day: date) -> str:
    """The address of `day`'s puzzle on this site, wherever it is hosted (issue 29: SHARE
    carried no link)."""
    here = str(window.location.href).split("#")[0].split("?")[0]
    return f"{here}?daily={day.isoformat()}#magdagdon"
