"""Issue 29: localStorage refusing in every way a browser refuses it. The games play, and so do
SETTINGS and HIGH SCORES: a changed difficulty, language or toggle holds for the page's life, and
HIGH SCORES opens (empty, saying why). The player is told once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from app.pure.saved_game import MAGDAGDON
from e2e.conftest import READY, READY_TIMEOUT_MS, PageLog
from e2e.magdagdon_driver import MagdagdonDriver, placement_plan
from e2e.test_storage_safety import MD_GAME, ready, stored

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


# A full quota, freed later --------------------------------------------------------------------
FILL_STORAGE = """() => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const chunk = "x".repeat(size);
    for (;;) {
      try { localStorage.setItem(`filler-${n}`, chunk); n += 1; } catch (error) { break; }
    }
  }
  return n;
}"""
FREE_STORAGE = """() => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("filler-")) localStorage.removeItem(key);
  }
}"""


def test_issue29_a_quota_full_at_load_and_freed_later_saves_again_and_says_so(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    ready(page, base_url)
    assert page.evaluate(FILL_STORAGE) > 0
    ready(page, base_url + "?seed=5#magdagdon")
    notice = page.locator("#notice")
    driver = MagdagdonDriver(page, "peaceful", 5)
    driver.roll()
    expect(notice).to_contain_text("your progress is not being kept")
    assert stored(page, MD_GAME) is None
    page.evaluate(FREE_STORAGE)  # the player makes room (another tab, the browser's settings)
    die, cell = placement_plan(driver.state)[0]
    driver.stage(die, cell)  # the next move
    expect(notice).to_contain_text("Saving works again")
    saved, problem = MAGDAGDON.load(stored(page, MD_GAME))
    assert problem is None and saved is not None and saved.state.log == driver.state.log
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")
    assert page_log.console_errors == []


# Links far longer than the shorter hostile ones ------------------------------------------------
def returning(page: Page, base_url: str) -> None:
    """A return visit: the service worker answers the page itself. On a first visit the host
    answers a 100,000-character address (414 URI Too Long) before any of the app exists."""
    ready(page, base_url)
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=READY_TIMEOUT_MS,
    )


def test_issue29_a_daily_link_with_100000_characters_after_today_is_no_day(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    returning(page, base_url)
    today = page.evaluate("new Date().toLocaleDateString('sv')")  # YYYY-MM-DD, the page's day
    ready(page, base_url + f"?daily={today}" + "x" * 100_000 + "#magdagdon")
    expect(page.locator("#notice")).to_contain_text("This link names no past day")
    expect(page.locator("#md-daily")).to_contain_text("this attempt counts")  # today's
    assert "daily=" not in page.url and len(page.url) < 200
    assert page_log.console_errors == []


@pytest.mark.parametrize("link", ["?seed=12&pad={pad}", "?pad={pad}&seed=12"])
def test_issue29_a_200000_character_link_with_a_seed_plays_that_seed(
    page: Page, base_url: str, page_log: PageLog, link: str
) -> None:
    returning(page, base_url)
    ready(page, base_url + link.format(pad="x" * 200_000) + "#magdagdon")
    assert len(page.url) < 200  # a reload asks the host for no 200 kB address
    driver = MagdagdonDriver(page, "peaceful", 12)
    driver.roll()  # seed 12's dice
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#md-die-0")).to_have_text(str(driver.state.dice[0]))
    ready(page, base_url + "?seed=" + "9" * 200_000 + "#mishimash")  # no number: ignored
    expect(page.locator("#ms-start")).to_be_visible()
    assert page_log.console_errors == []
