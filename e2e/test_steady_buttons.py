"""The play-testers of issue 28 saw BANK and ROLL AGAIN jump about 70 px down as they picked
dice in the final round: the coach grew from one line to three above them. An audit then saw
them jump again when a refusal ("A selected die scores nothing …") took the selection line's
place, and the table's dice overflow a 320 px screen. A tap aimed at BANK must find it where it
was: the buttons come right after the dice, and what the selection and the coach say comes
below them (coach on, the race and the final round, 320, 390 and 1280 px)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import DESKTOP, PHONE
from e2e.taps import tap
from e2e.test_real_dice import ready, start, take, throw

NARROW = {"width": 320, "height": 640}


def top(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["y"]


def buttons(page: Page) -> tuple[float, float]:
    return top(page, "#ms-bank"), top(page, "#ms-again")


def no_sideways_scroll(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", [NARROW, PHONE, DESKTOP], ids=["320", "390", "1280"])
def test_bank_and_roll_again_stay_put_while_the_dice_are_picked(
    page: Page, base_url: str, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela", "Cleo"], 10)
    expect(page.locator("#ms-entry")).to_be_visible()
    no_sideways_scroll(page, size["width"])  # the six faces to enter a throw with
    coach, selection = page.locator("#ms-coach"), page.locator("#ms-selection")
    for dice in ("111552", "551236"):  # the race, then Bela in the final round
        throw(page, dice)
        expect(page.locator("#ms-bank")).to_be_visible()
        expect(coach).to_be_visible()
        no_sideways_scroll(page, size["width"])
        die = page.locator("#ms-die-1").bounding_box()
        assert die is not None and abs(die["width"] - die["height"]) <= 2, (size, die)  # square
        before = buttons(page)
        lines_before = coach.locator("li").count()
        tap(page.locator("#ms-die-0"))
        expect(coach.locator("li")).not_to_have_count(lines_before)
        assert buttons(page) == before, (size, dice)
        tap(page.locator("#ms-die-5"))  # a 2 or a 6: it scores nothing, a refusal
        expect(selection).to_have_attribute("data-kind", "error")
        assert buttons(page) == before, (size, dice)
        tap(page.locator("#ms-die-5"))
        expect(selection).not_to_have_attribute("data-kind", "error")
        if dice == "111552":
            take(page, (1, 2, 3), bank=True)  # with die 0: Ana banks 10.5, the final round
            expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
