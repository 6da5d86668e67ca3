"""The MAGDAGDON end screen: the score's breakdown, the difficulty's HIGH SCORES with this game
marked, and a new best's celebration (issue 16). What it says comes from the view model's
`EndView`; the daily's panel and the computer's game are modules of their own.
"""

from __future__ import annotations

from js import document

from app.browser import feel
from app.browser.dom import absent, by_id, restart_animation
from app.browser.host import Host
from app.browser.score_tables import render_table
from app.pure.daily import GameMeta
from app.pure.feel import place_in_table
from app.pure.magdagdon_view import EndView
from app.pure.magdagdon_view import points as shown_points
from app.pure.records import Record
from cubiri.dice import TYPED
from cubiri.magdagdon import game as engine


class EndScreen:
    def __init__(self, host: Host) -> None:
        self.host = host

    def render(
        self,
        end: EndView,
        state: engine.State,
        table: list[Record],
        record_id: str | None,
        celebrate: bool,
    ) -> None:
        """`table`: the HIGH SCORES of the game's difficulty; `record_id`: this game's row in
        it; `celebrate`: the game, finished here and now, is a new best."""
        t = self.host.t
        breakdown = by_id("md-breakdown")
        breakdown.replaceChildren()
        rows = [*end.rows, (t("magdagdon.end.final"), shown_points(end.final))]
        for index, (label, points) in enumerate(rows):
            tr = document.createElement("tr")
            if index == len(rows) - 1:
                tr.className = "final"
            th = document.createElement("th")
            th.scope = "row"
            th.textContent = label
            td = document.createElement("td")
            td.textContent = points
            tr.append(th, td)
            breakdown.appendChild(tr)
        scores = by_id("md-end-scores")
        scores.replaceChildren()
        render_table(scores, state.difficulty, table, record_id, t)
        self._celebrate(end.final, state, table, record_id, celebrate)

    def render_seed(self, state: engine.State, meta: GameMeta | None) -> None:
        """The game's seed and the link that plays its dice again, to keep or send (issue 29:
        the seed leaves the URL). A daily has its own links, in the calendar."""
        line = by_id("md-seed")
        line.hidden = meta is not None and meta.day is not None
        line.replaceChildren()
        if state.dice_scheme == TYPED:  # no seed decided these dice (issue 24)
            line.textContent = self.host.t("magdagdon.seed.real")
            return
        link = document.createElement("a")
        link.href = f"?seed={state.seed}#magdagdon"
        link.textContent = self.host.t("magdagdon.seed.again")
        line.append(self.host.t("magdagdon.seed", seed=state.seed), " ", link)

    def _celebrate(
        self,
        final: int,
        state: engine.State,
        table: list[Record],
        record_id: str | None,
        celebrate: bool,
    ) -> None:
        """A new best: the score counting up, the board in a flourish and the place in the
        table, under the heading (which takes the focus: what follows it is read next) and above
        the breakdown; only for the game just finished here."""
        old = by_id("md-celebration")
        if not absent(old):
            old.remove()
        board = by_id("md-board")
        board.classList.remove("flourish")
        if not celebrate:
            return
        t = self.host.t
        place = place_in_table([record.id for record in table], record_id) or 1
        banner = feel.celebration(
            "md-celebration",
            t("celebrate.best"),
            t("celebrate.place", place=place, table=state.difficulty.upper()),
        )
        by_id("md-end-title").after(banner)
        feel.count_to(banner.querySelector(".celebrate-score"), final, str)
        restart_animation(board, "flourish")
