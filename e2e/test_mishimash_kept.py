"""Issue 29: a reload lost MISHIMASH dice picked but not yet taken, and the setup form's typed
names and target. Both are kept now, as MAGDAGDON keeps its picked die."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.conftest import READY, READY_TIMEOUT_MS, PageLog
from e2e.mishimash_driver import MishimashDriver, best_selection
from e2e.test_storage_safety import first_roll_scores, ready, stored

DRAFT_KEY = "cubiri.mishimash.setup.draft"


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def reopen(page: Page, base_url: str) -> None:
    """The app opened anew (a fresh load, not a reload: Chromium restores a reloaded page's
    static fields itself), then MISHIMASH."""
    ready(page, base_url)
    page.evaluate("location.hash = '#mishimash'")
    expect(page.locator("#ms-start")).to_be_visible()


def test_issue29_a_reload_keeps_the_mishimash_dice_picked_but_not_taken(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    players, target = ["Ana"], 250
    seed = first_roll_scores(players, target)
    ready(page, base_url + f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, players, target, seed)
    driver.start()
    driver.roll()
    chosen = best_selection(driver.state)
    driver.pick(chosen)
    selection = page.locator("#ms-selection").text_content()
    reload(page)
    for index in range(len(driver.state.dice)):
        pressed = "true" if index in chosen else "false"
        expect(page.locator(f"#ms-die-{index}")).to_have_attribute("aria-pressed", pressed)
    expect(page.locator("#ms-selection")).to_have_text(selection or "")
    driver.commit(chosen, "bank")  # and the game goes on from them
    expect(page.locator("#ms-roll")).to_be_visible()
    reload(page)  # taken: nothing is picked any more
    expect(page.locator("#ms-dice .die[aria-pressed=true]")).to_have_count(0)
    assert page_log.console_errors == []


def test_issue29_a_reload_keeps_the_setup_forms_names_and_target(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    ready(page, base_url + "#mishimash")
    page.locator("#ms-names input[data-player='0']").fill("Zoë")
    page.locator("#ms-add").click()
    page.locator("#ms-names select[data-seat='1']").select_option("bold")
    page.locator("#ms-names input[data-player='1']").fill("Bartholomew")
    page.locator("input[name=ms-target][value=custom]").check(force=True)
    page.locator("#ms-custom").fill("345")
    reopen(page, base_url)
    expect(page.locator("#ms-names input[data-player='0']")).to_have_value("Zoë")
    expect(page.locator("#ms-names input[data-player='1']")).to_have_value("Bartholomew")
    expect(page.locator("#ms-names select[data-seat='1']")).to_have_value("bold")
    expect(page.locator("input[name=ms-target][value=custom]")).to_be_checked()
    expect(page.locator("#ms-custom")).to_be_visible()
    expect(page.locator("#ms-custom")).to_have_value("345")
    page.locator("input[name=ms-target][value='500']").check(force=True)
    reopen(page, base_url)
    expect(page.locator("input[name=ms-target][value='500']")).to_be_checked()
    expect(page.locator("#ms-custom")).to_be_hidden()

    page.locator("#ms-start").click()  # START: the draft is done with
    expect(page.locator("#ms-roll")).to_be_visible()
    assert stored(page, DRAFT_KEY) is None
    expect(page.locator("#screen-mishimash")).to_contain_text("Zoë")
    assert page_log.console_errors == []


def test_issue29_a_crafted_setup_draft_is_ignored(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    ready(page, base_url)
    bad = '{"seats": [{"name": "x", "level": "god"}], "target": "250\\u0027]", "custom": ""}'
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [DRAFT_KEY, bad])
    ready(page, base_url + "#mishimash")
    expect(page.locator("#ms-start")).to_be_visible()
    expect(page.locator("input[name=ms-target][value='1000']")).to_be_checked()
    assert page_log.console_errors == []
