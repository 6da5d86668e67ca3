"""helper-39, six seats at the normal pace: "Champion Cubi is playing…" for 14.4 s before its
first roll, after a 198-character announcement (a bust, then the second sudden death's banner):
a computer's next step waited for all of it to be said (issue 29: 70 ms a character). It waits
for speech up to SPEECH_CAP_MS: no longer than a sighted person waits without wondering."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from app.pure.mishimash_speech import speaking_ms
from e2e.test_focus_and_speech import RECORD_SPEECH
from e2e.test_mishimash_computer import set_up

CAP_MS = 5000  # mishimash_computer_turns.SPEECH_CAP_MS


def test_a_computer_waits_for_a_long_announcement_no_longer_than_the_cap(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    page.add_init_script(RECORD_SPEECH)
    open_app("?seed=10#mishimash")  # Ana throws 1 4 2 2 2 4
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'normal')")
    set_up(page, [("Ana", ""), ("", "bold")], 1)
    page.locator("#ms-roll").click()
    page.locator("#ms-die-0").click()  # the 1
    page.locator("#ms-bank").click()  # Ana reaches the target: the final round begins
    expect(page.locator("#announcer")).to_contain_text("Bold Boris rolled", timeout=30_000)
    heard = page.evaluate("window.__heard")
    banked = next(i for i, said in enumerate(heard) if "FINAL ROUND" in said["text"])
    long_one, rolled = heard[banked], heard[banked + 1]
    assert "Bold Boris rolled" in rolled["text"], heard[banked:]
    # "Ana banks 1 point. FINAL ROUND: Bold Boris plays once more. Now it is Bold Boris's
    # turn.": 6.7 s at 70 ms a character, as long as Bold Boris waited before.
    assert speaking_ms(long_one["text"]) > CAP_MS + 1000, long_one["text"]
    gap = rolled["t"] - long_one["t"]
    assert CAP_MS * 0.9 <= gap <= CAP_MS + 1500, (gap, long_one["text"])
