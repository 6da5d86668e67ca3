"""Issue 29: a computer's step every 900 ms gave nine announcements in about eight seconds, more
than speech keeps up with. Now a computer's turn is said as a few whole sentences (what it takes
with what it then did), and at the normal pace each waits until the one before is heard out."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from playwright.sync_api import Page, expect

from app.pure.mishimash_speech import speaking_ms
from e2e.test_focus_and_speech import RECORD_SPEECH
from e2e.test_mishimash_computer import set_up


def test_issue29_a_computers_turn_is_said_whole_at_the_pace_of_speech(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    page.add_init_script(RECORD_SPEECH)
    open_app("?seed=21#mishimash")
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'normal')")
    set_up(page, [("", "bold"), ("Ana", "")], 1000)
    # Bold Boris plays first; his turn ends when it is Ana's.
    expect(page.locator("#announcer")).to_contain_text("Now it is Ana's turn", timeout=90_000)
    heard = page.evaluate("window.__heard")
    start = next(i for i, said in enumerate(heard) if "Bold Boris rolled" in said["text"])
    turn = heard[start:]
    assert turn, heard
    for said in turn:
        # A selection is never said alone: it comes with the move it leads to.
        assert not re.fullmatch(r"Bold Boris takes [\d, ]+\.", said["text"]), said["text"]
    assert any("Bold Boris takes" in said["text"] for said in turn), turn
    for before, after in pairwise(turn):
        gap = after["t"] - before["t"]
        assert gap >= 0.9 * speaking_ms(before["text"]), (gap, before["text"])
