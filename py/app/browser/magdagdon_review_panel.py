"""A MAGDAGDON game's review in the DOM (issue 25), on the end screen and for a game of the
history: the two scores, the turn-by-turn table, and the turns where the computer gained most
on the two boards after them (the cells of that turn marked)."""

from __future__ import annotations

from typing import Any

from js import document

from app.browser.dom import element
from app.pure.i18n import Translator
from app.pure.magdagdon_review import Comparison, dice_text, gain_text, summary
from cubiri.magdagdon.board import EMPTY, RUIN, SIZE


def mini_board(
    board: tuple[int, ...], t: Translator, label: str, fresh: frozenset[int] = frozenset()
) -> Any:
    """A small board as a table to read (nothing in it is tapped: an audit's reader was
    offered a grid it could not enter); `fresh`: the cells filled in the turn it shows."""
    grid = document.createElement("div")
    grid.className = "md-mini"
    grid.setAttribute("role", "table")
    grid.setAttribute("aria-label", label)
    fill_board(grid, board, t, fresh)
    return grid


def fill_board(
    grid: Any, board: tuple[int, ...], t: Translator, fresh: frozenset[int] = frozenset()
) -> None:
    grid.replaceChildren()
    for row in range(SIZE):
        row_el = document.createElement("div")
        row_el.setAttribute("role", "row")
        row_el.className = "md-mini-row"
        for col in range(SIZE):
            index = row * SIZE + col
            value = board[index]
            cell = document.createElement("span")
            cell.setAttribute("role", "cell")
            cell.className = "md-mini-cell"
            if index in fresh:
                cell.dataset.fresh = "true"
            if value == RUIN:
                cell.dataset.kind = "ruin"
                cell.textContent = "✕"
                cell.setAttribute("aria-label", t("magdagdon.ruin"))
            elif value == EMPTY:
                cell.dataset.kind = "empty"
                cell.setAttribute("aria-label", t("magdagdon.empty"))  # read, not skipped
            else:
                cell.dataset.kind = "number"
                cell.textContent = str(value)
            row_el.appendChild(cell)
        grid.appendChild(row_el)


def render_comparison(container: Any, comparison: Comparison, t: Translator) -> None:
    container.replaceChildren()
    container.appendChild(element("p", summary(comparison, t), "md-review-summary"))
    table = element("table", class_name="scores md-review-turns")
    table.appendChild(element("caption", t("review.magdagdon.turns")))
    head = element("tr")
    for key in ("stats.turn", "review.magdagdon.dice", "review.magdagdon.you", "review.computer"):
        th = element("th", t(key))
        th.scope = "col"
        head.appendChild(th)
    table.appendChild(head)
    for pair in comparison.turns:
        row = element("tr")
        row.dataset.turn = str(pair.turn)
        th = element("th", t.number(pair.turn))
        th.scope = "row"
        row.appendChild(th)
        shown = pair.mine or pair.computer  # the player's throw where the two differ
        row.appendChild(element("td", dice_text(shown.dice) if shown else "–"))
        for side in (pair.mine, pair.computer):
            row.appendChild(element("td", "–" if side is None else t.number(side.score)))
        if pair.gain > 0:
            row.dataset.gain = str(pair.gain)
        table.appendChild(row)
    container.appendChild(table)
    if not comparison.gained_most:
        container.appendChild(element("p", t("review.magdagdon.never_gained")))
        return
    container.appendChild(element("h3", t("review.magdagdon.gained_most")))
    listing = element("ol", class_name="md-review-gains")
    for pair in comparison.gained_most:
        assert pair.mine is not None and pair.computer is not None
        item = element("li")
        item.dataset.turn = str(pair.turn)
        item.appendChild(element("p", gain_text(pair, t)))
        boards = element("div", class_name="md-review-boards")
        for side, key in ((pair.mine, "review.magdagdon.you"), (pair.computer, "review.computer")):
            name = t(key)
            box = element("div")
            box.appendChild(element("span", name, "md-review-board-name"))
            label = t("review.magdagdon.board_after", who=name, turn=t.number(pair.turn))
            box.appendChild(mini_board(side.board, t, label, side.placed))
            boards.appendChild(box)
        item.appendChild(boards)
        listing.appendChild(item)
    container.appendChild(listing)
