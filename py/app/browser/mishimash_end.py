"""The MISHIMASH end of a game in the browser, and the strip of the roll that ended a turn:
the result, the standings, the solo records, the celebration of a win or a new record."""

from __future__ import annotations

from typing import Any

from js import document

from app.browser import feel
from app.browser.dom import absent, by_id, restart_animation, show_text
from app.browser.feel import show_face
from app.pure.feel import place_in_table
from app.pure.i18n import Translator
from app.pure.mishimash_view import LastRoll, MishimashView, points
from app.pure.records import Tables
from cubiri.mishimash import game as engine


def render_event(event: Any, last: Any, view: MishimashView) -> None:
    """What the last turn did, and its roll (during play, and again at the end)."""
    show_text(event, view.event)
    event.dataset.kind = view.event_kind
    render_last(last, view.last_roll)


def render_over(
    state: engine.State,
    view: MishimashView,
    t: Translator,
    records: Tables,
    record_id: str | None,
    celebrate: bool,
) -> None:
    """The end: `record_id` is this game's row in its target's table (solo), `celebrate`
    whether it is a win or a new record ended here and now (issue 16)."""
    by_id("ms-result").textContent = view.result
    show_text(by_id("ms-how"), view.how)
    render_event(by_id("ms-over-event"), by_id("ms-over-last"), view)
    table = by_id("ms-standings")
    table.replaceChildren()
    # Named for a screen reader's list of tables (an audit found it the one table without).
    caption = document.createElement("caption")
    caption.className = "visually-hidden"
    caption.textContent = t("mishimash.end.standings")
    table.appendChild(caption)
    # Its columns are named, as HIGH SCORES' are (issue 29): a reader hears "Score" with 450.
    head = document.createElement("tr")
    for key in ("scores.rank", "mishimash.end.player", "scores.score"):
        cell = document.createElement("th")
        cell.scope = "col"
        cell.textContent = t(key)
        head.appendChild(cell)
    table.appendChild(head)
    for rank, name, total in view.standings:
        row = document.createElement("tr")
        for tag, text in (("td", rank), ("th", name), ("td", total)):
            cell = document.createElement(tag)
            if tag == "th":
                cell.scope = "row"
            cell.textContent = text
            row.appendChild(cell)
        table.appendChild(row)
    shown = by_id("ms-records")
    shown.replaceChildren()
    if state.solo:
        from app.browser.score_tables import render_solo_table

        heading = t("mishimash.records.title", target=t.number(state.target))
        mine = records.get(str(state.target), [])
        render_solo_table(shown, heading, mine, record_id, t)
    _render_celebration(state, t, records, record_id, celebrate)


def _render_celebration(
    state: engine.State, t: Translator, records: Tables, record_id: str | None, celebrate: bool
) -> None:
    """A win or a new solo record (issue 16): the number counting up, the winning roll's
    dice in a flourish, and the place in the table (solo) or the winner (with rivals)."""
    old = by_id("ms-celebration")
    if not absent(old):
        old.remove()
    if not celebrate:
        return
    if state.solo:
        table = records.get(str(state.target), [])
        place = place_in_table([record.id for record in table], record_id) or 1
        title = t("celebrate.record")
        where = t("celebrate.place.target", place=place, target=t.number(state.target))
        final = state.turns[0]

        def shown(n: int) -> str:
            return t.plural("celebrate.turns", n)

    else:
        winner = state.winner if state.winner is not None else 0
        title = t("celebrate.win")
        where = state.players[winner]
        final = state.totals[winner]

        def shown(n: int) -> str:
            return t.plural("celebrate.points", n / 2, points=points(t, n))

    banner = feel.celebration("ms-celebration", title, where)
    by_id("ms-result").after(banner)  # after the focused heading: read next
    feel.count_to(banner.querySelector(".celebrate-score"), final, shown)
    restart_animation(by_id("ms-over-last"), "flourish")


def render_last(strip: Any, last: LastRoll | None) -> None:
    """The roll that ended the last turn, under whose it was (issue 15): never under the
    next player's heading, and still there when it ended the game."""
    strip.replaceChildren()
    strip.hidden = last is None
    if last is None:
        return
    strip.dataset.kind = last.kind
    strip.setAttribute("role", "img")
    strip.setAttribute("aria-label", last.label)
    caption = document.createElement("span")
    caption.className = "ms-last-caption"
    caption.textContent = last.caption
    strip.append(caption, mini_dice(last.dice, last.taken))


def mini_dice(dice: tuple[int, ...], taken: tuple[bool, ...]) -> Any:
    """A row of small dice, those taken marked (the last roll, a reviewed decision)."""
    row = document.createElement("span")
    row.className = "ms-last-dice"
    for value, took in zip(dice, taken, strict=True):
        die = document.createElement("span")
        die.className = "die ms-mini"
        show_face(die, value)
        die.dataset.value = str(value)
        die.dataset.taken = "true" if took else "false"
        row.appendChild(die)
    return row


__all__ = ["mini_dice", "render_event", "render_last", "render_over"]
