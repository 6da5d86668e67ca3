"""helper-15: in the final round a BANK that leaves the player below a total that counts (X16)
was one tap, a finger's slip, from ending a game that rolling on could still win. It asks
first: Escape (or KEEP PLAYING) changes nothing, BANK ANYWAY banks. The dialog's other
questions keep their own words."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from e2e.a11y import axe_violations, new_page, sideways_overflow
from e2e.conftest import SCREENSHOTS, WALKTHROUGH_SEEN
from e2e.taps import tap
from e2e.test_real_dice import ONES, logged, ready, start, take, throw


def test_a_bank_that_loses_for_sure_asks_first(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, "en", {"width": 320, "height": 640})
    page.context.add_init_script(WALKTHROUGH_SEEN)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bo"], 2)
    throw(page, ONES)
    take(page, (0, 1))  # Ana 2: the final round
    throw(page, ONES)
    tap(page.locator("#ms-die-0"))  # one 1: Bo would end on 1, short of 2
    bank = page.locator("#ms-bank")
    expect(bank).to_contain_text("total 1, short of 2")
    before = logged(page)

    tap(bank)
    dialog = page.get_by_role("dialog", name="Bank and lose?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(
        "BANK now leaves you on 1, short of 2: you cannot win then. ROLL AGAIN still can."
    )
    # The safe answer is the bright one, and has the focus: Enter keeps playing.
    expect(dialog.get_by_role("button", name="BANK ANYWAY")).to_have_class("ghost")
    expect(dialog.get_by_role("button", name="KEEP PLAYING")).to_have_class("primary")
    expect(dialog.get_by_role("button", name="KEEP PLAYING")).to_be_focused()
    page.screenshot(path=str(SCREENSHOTS / "mishimash-bank-that-loses-asks-320.png"))
    assert axe_violations(page) == []
    assert sideways_overflow(page) == 0
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert logged(page) == before  # nothing played
    expect(bank).to_be_focused()
    expect(bank).to_contain_text("total 1, short of 2")  # the die is still picked

    # Another question of the same dialog keeps its own heading and OK.
    tap(page.locator("#ms-restart"))
    restart = page.get_by_role("dialog", name="Start a new game?")
    expect(restart.get_by_role("button", name="NEW GAME")).to_have_class("primary")
    expect(restart.get_by_role("button", name="KEEP PLAYING")).to_have_class("ghost")
    tap(restart.get_by_role("button", name="KEEP PLAYING"))
    expect(restart).to_be_hidden()

    tap(bank)
    tap(dialog.get_by_role("button", name="BANK ANYWAY"))
    expect(page.locator("#ms-result")).to_contain_text("Ana")
    assert logged(page) > before
