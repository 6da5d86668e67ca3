"""REVIEW OF THE GAME on the MISHIMASH end screen (issue 25): worked out when the player opens
it (app.pure.review over the coach's tables), then kept until the game changes; its costs are
noted in the history for STATISTICS' trend. Its rendering serves YOUR GAMES too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from js import document

from app.browser import stores
from app.browser.dom import by_id, listen
from app.browser.mishimash_end import mini_dice
from app.pure.i18n import Translator
from app.pure.review import SeatReview, review
from app.pure.review_view import seat_blocks
from cubiri.mishimash import game as engine
from cubiri.mishimash import odds


def given_up(reviews: list[SeatReview], seats: int) -> tuple[float | None, ...]:
    """The history's note of a reviewed game: each person's points given up, None for a
    computer's seat."""
    costs: list[float | None] = [None] * seats
    for seat in reviews:
        costs[seat.seat] = seat.cost
    return tuple(costs)


def render_reviews(
    body: Any, reviews: list[SeatReview], t: Translator, names: Sequence[str]
) -> None:
    """Each person's review: its summary, then its costliest decisions on their dice."""
    body.replaceChildren()
    for block in seat_blocks(reviews, t, names):
        item = document.createElement("section")
        item.className = "ms-review-seat"
        item.dataset.seat = str(block.seat)
        summary = document.createElement("p")
        summary.textContent = block.summary
        item.appendChild(summary)
        if block.costliest:
            listing = document.createElement("ol")
            listing.className = "ms-review-costliest"
            for costly in block.costliest:
                entry = document.createElement("li")
                text = document.createElement("p")
                text.textContent = costly.text
                row = mini_dice(costly.dice, costly.taken)
                row.setAttribute("aria-hidden", "true")  # the sentence names the dice
                entry.append(text, row)
                listing.appendChild(entry)
            item.appendChild(listing)
        body.appendChild(item)


class ReviewPanel:
    def __init__(
        self,
        t: Callable[[], Translator],
        game: Callable[[], tuple[engine.State, tuple[str, ...]] | None],
        ident: Callable[[], str],
    ) -> None:
        """`game`: the finished game on the screen and its seats' levels, or None; `ident`:
        its id in the history (the review's costs are kept there, for STATISTICS)."""
        self._t, self._game, self._ident = t, game, ident
        self._shown: tuple[int, int, str] | None = None  # the game and language drawn

    def mount(self) -> None:
        listen(by_id("ms-review"), "toggle", self._on_toggle)

    def reset(self) -> None:
        """Another game, or none: closed, to be worked out again when opened."""
        panel = by_id("ms-review")
        if self._key() != self._shown:
            panel.open = False
            by_id("ms-review-body").replaceChildren()
            self._shown = None

    def _key(self) -> tuple[int, int, str] | None:
        found = self._game()
        if found is None:
            return None
        state, _ = found
        return (state.seed, len(state.log), self._t().language)

    def _on_toggle(self, _event: Any) -> None:
        if not by_id("ms-review").open or self._key() == self._shown:
            return
        found = self._game()
        if found is None:
            return
        state, levels = found
        reviews = review(engine.ENGINE.to_dict(state), levels, odds)
        render_reviews(by_id("ms-review-body"), reviews, self._t(), state.players)
        if self._ident():
            stores.note_in_history(self._ident(), given_up=given_up(reviews, len(state.players)))
        self._shown = self._key()
