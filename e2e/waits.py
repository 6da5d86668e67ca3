"""Waits that end on a signal, never on a guess of how long a loaded machine takes (issue 23).

`settled(page)`: the page has handled every input given to it so far. The app's handlers run
in the event they answer (PyScript calls Python synchronously), and Playwright's input calls
return once the page has taken the event; one animation frame then one task later, whatever a
handler queued for "right after" has run too. So a test that asserts nothing happened (a second
tap held off, no sound before the first tap) asserts it after this, not after a sleep.

`wait_until(page, check, what)`: poll a Python-side condition (a route that catches a request
arrives on Playwright's own events, which run only while Playwright waits) until a deadline,
then fail saying what did not happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page

from e2e.conftest import READY_TIMEOUT_MS

# A frame, then a task: MessageChannel's message is a task that Playwright's clock (page.clock)
# never holds back. Not for a page whose clock is paused: its animation frames wait for it.
ONE_FRAME_AND_A_TASK = """() => new Promise(resolve => {
    requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
    });
})"""


def settled(page: Page) -> None:
    """Return once the page has handled every input so far and what its handlers queued."""
    page.evaluate(ONE_FRAME_AND_A_TASK)


def wait_until(
    page: Page, check: Callable[[], object], what: str, timeout_ms: float = READY_TIMEOUT_MS
) -> None:
    """Poll `check` (letting Playwright's events run between looks) until it is true; after
    `timeout_ms`, fail with "`what` within N s"."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"expected {what} within {timeout_ms / 1000:g} s")
        page.wait_for_timeout(20)
