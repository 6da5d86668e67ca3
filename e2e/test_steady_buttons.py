"""The play-testers of issue 28 saw BANK and ROLL AGAIN jump about 70 px down as they picked
dice in the final round: the coach grew from one line to three above them. A tap aimed at
BANK must find it where it was, so the buttons keep their place while the coach's lines
change (coach on, the race and the final round, phone and desktop)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import DESKTOP, PHONE
from e2e.taps import tap
from e2e.test_real_dice import ready, start, take, throw


def top(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["y"]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_bank_and_roll_again_stay_put_while_the_coach_changes(
    page: Page, base_url: str, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela", "Cleo"], 10)
    coach = page.locator("#ms-coach")
    for dice in ("111552", "551236"):  # the race, then Bela in the final round
        throw(page, dice)
        expect(page.locator("#ms-bank")).to_be_visible()
        expect(coach).to_be_visible()
        before = top(page, "#ms-bank"), top(page, "#ms-again")
        lines_before = coach.locator("li").count()
        tap(page.locator("#ms-die-0"))
        expect(coach.locator("li")).not_to_have_count(lines_before)
        after = top(page, "#ms-bank"), top(page, "#ms-again")
        assert after == before, (size, dice, before, after)
        if dice == "111552":
            for index in (1, 2, 3):
                tap(page.locator(f"#ms-die-{index}"))
            take(page, (), bank=True)  # Ana banks 10.5: the final round
            expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
