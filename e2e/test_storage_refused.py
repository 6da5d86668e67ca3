"""Issue 29: localStorage refusing in every way a browser refuses it. The games play, and so do
SETTINGS and HIGH SCORES: a changed difficulty, language or toggle holds for the page's life, and
HIGH SCORES opens (empty, saying why). The player is told once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import PageLog
from e2e.magdagdon_driver import MagdagdonDriver
from e2e.test_storage_safety import ready

SECURITY = 'new DOMException("The operation is insecure.", "SecurityError")'
QUOTA = 'new DOMException("The quota has been exceeded.", "QuotaExceededError")'
GETTER = 'Object.defineProperty(window, "localStorage", { get() { %s } });'
LENGTH = 'Object.defineProperty(Storage.prototype, "length", { get() { %s } });'
METHOD = "Storage.prototype.%s = function () { %s };"
REFUSALS = {
    "getter-security": GETTER % f"throw {SECURITY};",
    "getter-quota": GETTER % f"throw {QUOTA};",
    "null": GETTER % "return null;",
    "undefined": GETTER % "return undefined;",
    "length": LENGTH % f"throw {SECURITY};",
    "getItem": METHOD % ("getItem", f"throw {SECURITY};"),
    "setItem-security": METHOD % ("setItem", f"throw {SECURITY};"),
    "setItem-quota": METHOD % ("setItem", f"throw {QUOTA};"),
}


def open_screen(page: Page, screen: str) -> None:
    page.evaluate(f"location.hash = '#{screen}'")
    expect(page.locator(f"#screen-{screen}")).to_be_visible()


@pytest.mark.parametrize("refusal", list(REFUSALS))
def test_issue29_settings_and_high_scores_work_with_storage_refused(
    page: Page, base_url: str, page_log: PageLog, refusal: str
) -> None:
    page.add_init_script(REFUSALS[refusal])
    ready(page, base_url + "?seed=12#settings")
    notice = page.locator("#notice")
    page.locator("input[name=difficulty][value=survival]").check()
    page.locator("#pips-toggle").uncheck()
    page.locator("#coach-toggle").uncheck()
    expect(notice).to_be_visible()  # told, at the first refusal
    page.locator("#notice-close").click()
    open_screen(page, "home")
    open_screen(page, "settings")
    expect(page.locator("input[name=difficulty][value=survival]")).to_be_checked()
    expect(page.locator("#pips-toggle")).not_to_be_checked()
    expect(page.locator("#coach-toggle")).not_to_be_checked()
    page.locator("#language-select").select_option("pt")
    expect(page.locator("#screen-settings h1")).not_to_have_text("SETTINGS")
    open_screen(page, "home")
    open_screen(page, "settings")
    expect(page.locator("#language-select")).to_have_value("pt")
    page.locator("#language-select").select_option("en")

    open_screen(page, "scores")  # opens, says why it stays empty
    expect(page.locator("#scores-body .scores-unsaved")).to_contain_text("not kept")

    open_screen(page, "magdagdon")
    expect(page.locator("#md-difficulty")).to_have_text("SURVIVAL")
    driver = MagdagdonDriver(page, "survival", 12)
    driver.play_turn()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    expect(page.locator("html")).to_have_attribute("data-pips", "off")
    open_screen(page, "mishimash")
    expect(page.locator("#ms-start")).to_be_visible()
    expect(notice).to_be_hidden()  # told once, not at every read or write
    assert page_log.console_errors == []
