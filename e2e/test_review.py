"""REVIEW OF THE GAME at the end of a MISHIMASH game (issue 25): a scripted game of two people
(the smallest selection, then BANK), whose review names each person's costliest decision with
the cost the strategy's own solver gives it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from app.pure import review, review_view
from app.pure.i18n import load_translator
from cubiri.mishimash import game as engine
from cubiri.mishimash import odds, strategy
from e2e.conftest import both_sizes
from e2e.mishimash_driver import MishimashDriver, bank_a_little

EN = load_translator("en")


def test_the_review_names_the_costliest_decision_and_its_cost(
    page: Page, open_app: Callable[[str], Page], shot: Callable[[str], Path]
) -> None:
    open_app("?seed=5#mishimash")
    driver = MishimashDriver(page, ["Ana", "Bo"], 30, 5)
    driver.start()
    driver.play_until(bank_a_little, lambda s: s.phase is engine.Phase.OVER)
    expect(page.locator("#ms-over")).to_be_visible()
    page.locator("#ms-review").get_by_text("REVIEW OF THE GAME").click()
    seats = review.review(engine.ENGINE.to_dict(driver.state), ("", ""), odds)
    checked = 0
    for seat in seats:
        block = page.locator(f"#ms-review-body [data-seat='{seat.seat}']")
        worst = seat.costliest[0]
        first = block.locator("li").first
        expect(first.locator("p")).to_have_text(review_view.costly(worst, EN).text)
        expect(first.locator(".die")).to_have_count(len(worst.dice))
        # The costliest selection's cost, checked against the strategy's own solver (the page
        # uses the coach's tables) and read from the page.
        selections = [(i, d) for i, d in enumerate(seat.costliest) if d.kind == "select"]
        if not selections:
            continue
        checked += 1
        index, chosen = selections[0]
        options = strategy.best_selection(chosen.dice, chosen.points, chosen.roll, 0, exact=False)
        taken = next(o for o in options if tuple(sorted(o.values)) == chosen.chosen)
        exact_cost = options[0].value - taken.value
        line = str(block.locator("li").nth(index).locator("p").text_content())
        shown = re.search(r": ([\d.]+) points? of expected value given up", line)
        assert shown and abs(float(shown.group(1)) - exact_cost) <= 0.1
        name = driver.state.players[seat.seat]
        expect(block.locator("p").first).to_contain_text(f"{name}: {seat.decisions} decisions")
    assert checked >= 1
    both_sizes(page, shot, "mishimash-review")
