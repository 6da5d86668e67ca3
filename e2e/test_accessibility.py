"""Playable by everyone (issue 14): axe-core on every screen, focus, live regions, contrast,
reflow at 320 px and at 200 % zoom, a turn on a small phone, the page's structure."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from cubiri.mishimash import game as mishimash
from e2e.a11y import axe_violations, new_page, open_at
from e2e.conftest import PHONE
from e2e.magdagdon_driver import MagdagdonDriver, placement_plan
from e2e.mishimash_driver import MishimashDriver, bank_at_once, find_seed

DOC_SCREENS = ("rules-magdagdon", "rules-mishimash", "about-magdagdon", "about-mishimash")
MD_SEED = 10
MS_PLAYERS = ["Ana", "Bo"]
MS_TARGET = 30


def busted(state: mishimash.State) -> bool:
    last = state.events[-1] if state.events else None
    return state.phase is mishimash.Phase.ROLL and isinstance(last, mishimash.Bust)


def go(page: Page, screen: str) -> None:
    page.evaluate("s => { location.hash = s }", f"#{screen}" if screen != "home" else "")
    expect(page.locator(f"#screen-{screen}")).to_be_visible()


def every_state(page: Page, base_url: str) -> Iterator[str]:
    """Walk every screen and the main states of both games; yield each state's name once it
    shows. The games are played with known seeds through the page."""
    open_at(page, base_url)
    yield "home"
    for screen in ("settings", "scores", *DOC_SCREENS):
        go(page, screen)
        yield screen
    go(page, "home")
    open_at(page, base_url, f"?seed={MD_SEED}#magdagdon")
    yield "magdagdon-roll"
    md = MagdagdonDriver(page, "peaceful", MD_SEED)
    md.roll()
    yield "magdagdon-place"
    plan = placement_plan(md.state)
    md.pick(plan[0][0])
    yield "magdagdon-picked"
    md.stage(*plan[0])
    yield "magdagdon-staged"
    page.locator("#md-restart").click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    yield "confirm-dialog"
    page.locator("#confirm-cancel").click()
    for die, cell in plan[1:]:
        md.stage(die, cell)
    md.confirm()
    md.play_to_end()
    expect(page.locator("#md-end")).to_be_visible()
    yield "magdagdon-over"
    seed = find_seed(MS_PLAYERS, MS_TARGET, bank_at_once, busted)
    open_at(page, base_url, f"?seed={seed}#mishimash")
    yield "mishimash-setup"
    ms = MishimashDriver(page, MS_PLAYERS, MS_TARGET, seed)
    ms.start()
    yield "mishimash-roll"
    ms.roll()
    if ms.state.phase is mishimash.Phase.SELECT:
        yield "mishimash-select"
        selection, _ = bank_at_once(ms.state)
        ms.pick(selection)
        yield "mishimash-picked"
    ms.play_until(bank_at_once, busted)
    yield "mishimash-bust"
    ms.play_until(bank_at_once, lambda s: s.phase is mishimash.Phase.OVER)
    yield "mishimash-over"


@pytest.mark.parametrize("language", ["en", "hu"])
def test_axe_finds_no_wcag_violation_on_any_screen_or_state(
    browser: Browser, base_url: str, language: str
) -> None:
    page = new_page(browser, base_url, language, PHONE)
    found: dict[str, list[str]] = {}
    seen = []
    for state in every_state(page, base_url):
        seen.append(state)
        problems = axe_violations(page)
        if problems:
            found[state] = problems
    assert page.evaluate("axe.version") == "4.14.1"  # it ran: the pinned version
    page.context.close()
    assert "mishimash-over" in seen
    assert found == {}
