"""The engine smoke set's browser start (engines/drivers.launcher): a start that fails is tried
again with a new browser. CI once saw WebKitWebDriver close the connection on a new session
(RemoteDisconnected) before any page opened, and the whole `make test` failed on it."""

from __future__ import annotations

from typing import Any

import pytest

from engines import drivers


class Flaky(drivers.EnginePage):
    """Fails its first `failures` starts (in the constructor or the first viewport)."""

    starts = 0
    closed = 0
    failures = 0
    fail_in = "start"

    def __init__(self) -> None:
        Flaky.starts += 1
        if Flaky.starts <= Flaky.failures and Flaky.fail_in == "start":
            raise ConnectionError("Remote end closed connection without response")
        self.size: tuple[int, int] | None = None

    def viewport(self, width: int, height: int) -> None:
        if Flaky.starts <= Flaky.failures and Flaky.fail_in == "viewport":
            raise ConnectionError("Remote end closed connection without response")
        self.size = (width, height)

    def close(self) -> None:
        Flaky.closed += 1


@pytest.fixture
def flaky(monkeypatch: pytest.MonkeyPatch) -> type[Flaky]:
    Flaky.starts = Flaky.closed = 0
    monkeypatch.setattr(drivers, "FirefoxPage", Flaky)
    monkeypatch.setattr(drivers.time, "sleep", lambda _s: None)
    return Flaky


def launch() -> Any:
    return drivers.launcher("firefox", lambda: ":0", (390, 844))


@pytest.mark.parametrize("fail_in", ["start", "viewport"])
def test_a_failed_start_is_tried_again_with_a_new_browser(flaky: type[Flaky], fail_in: str) -> None:
    flaky.failures, flaky.fail_in = 2, fail_in
    browser = launch()
    assert flaky.starts == 3
    assert browser.size == (390, 844)
    # A browser that started but failed its viewport is closed, not left running.
    assert flaky.closed == (2 if fail_in == "viewport" else 0)


def test_a_start_that_keeps_failing_fails_the_test(flaky: type[Flaky]) -> None:
    flaky.failures, flaky.fail_in = drivers.LAUNCH_TRIES, "start"
    with pytest.raises(ConnectionError):
        launch()
    assert flaky.starts == drivers.LAUNCH_TRIES
