"""Issue 29, focus and speech: what a keyboard and screen-reader player meets. What the page
says is recorded as a screen reader hears it: the live region's text at the end of each task
(a MutationObserver's callback), so two writes in one instant count as the last one only."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from app.pure.i18n import load_translator
from e2e.conftest import keyboard_to
from e2e.server import ROOT

Open = Callable[[str], Page]

# Every text the announcer was left with, and every walkthrough step's text, with its time.
RECORD_SPEECH = """
addEventListener("DOMContentLoaded", () => {
  window.__heard = []; window.__steps = [];
  const log = (list, text) => {
    text = (text || "").replace(/\\s+/g, " ").trim();
    if (text) list.push({ t: performance.now(), text });
  };
  const announcer = document.getElementById("announcer");
  new MutationObserver(() => log(window.__heard, announcer.textContent))
    .observe(announcer, { childList: true, characterData: true, subtree: true });
  new MutationObserver(() => {
    for (const step of document.querySelectorAll(".tour-text")) {
      if (step.textContent && step.dataset.logged !== step.textContent) {
        step.dataset.logged = step.textContent;
        const count = step.parentElement.querySelector(".tour-count").textContent;
        const number = Number((count.match(/\\d+/) || ["0"])[0]);
        const game = step.id.split("-")[1];
        window.__steps.push({ text: step.textContent.replace(/\\s+/g, " ").trim(), number, game });
      }
    }
  }).observe(document.body, { childList: true, characterData: true, subtree: true });
});
"""


def heard(page: Page) -> list[str]:
    return [entry["text"] for entry in page.evaluate("window.__heard")]


def steps_shown(page: Page) -> list[str]:
    return [entry["text"] for entry in page.evaluate("window.__steps")]


# The steps a move brings that is itself said (ROLL, a placement, CONFIRM; a selection, ROLL
# AGAIN): both must be heard. Step 1 is read with the focus, as the description of NEXT
# (aria-describedby); MAGDAGDON's step 4 follows a picked die, which says nothing of its own.
SAID_WITH_A_MOVE = {"magdagdon": {3, 5, 6, 7, 8}, "mishimash": {3, 4, 5}}


def unheard_steps(page: Page) -> list[str]:
    """Steps shown but not heard, or heard without the move that brought them."""
    said = heard(page)
    missed = []
    for entry in page.evaluate("window.__steps"):
        text, number, game = entry["text"], entry["number"], entry["game"]
        lines = [line for line in said if text in line]
        if number == 1:
            continue
        if not lines or (number in SAID_WITH_A_MOVE[game] and all(ln == text for ln in lines)):
            missed.append(f"{game} step {number}: {text}")
    return missed


def wait_step(page: Page, game: str, number: int) -> None:
    page.wait_for_function(
        "n => (document.querySelector('#tour-' + n[0] + '-count').textContent.match(/\\d+/g)"
        " || [])[0] == n[1]",
        arg=[game, str(number)],
    )


@pytest.mark.walkthrough
@pytest.mark.parametrize("language", ["en", "hu"])
def test_every_walkthrough_step_is_said_with_the_move_that_brought_it(
    page: Page, open_app: Open, language: str
) -> None:
    page.add_init_script(f"localStorage.setItem('cubiri.language', '{language}')")
    page.add_init_script(RECORD_SPEECH)
    open_app("#magdagdon")
    wait_step(page, "magdagdon", 1)
    page.locator("#tour-magdagdon-next").click()
    wait_step(page, "magdagdon", 2)
    page.locator("#md-primary").click()  # ROLL: 4 3 5 6
    wait_step(page, "magdagdon", 3)
    page.locator("#md-die-1").click()  # the 3
    wait_step(page, "magdagdon", 4)
    page.locator("#md-cell-0").click()
    wait_step(page, "magdagdon", 5)
    page.locator("#md-cell-1").click()  # the 4, picked for the player
    wait_step(page, "magdagdon", 6)
    page.locator("#md-cell-2").click()
    page.locator("#md-cell-3").click()
    wait_step(page, "magdagdon", 7)
    page.locator("#md-primary").click()  # CONFIRM
    wait_step(page, "magdagdon", 8)
    page.locator("#tour-magdagdon-next").click()  # PLAY
    expect(page.locator("#tour-magdagdon")).to_be_hidden()

    page.evaluate("location.hash = '#mishimash'")
    wait_step(page, "mishimash", 1)
    page.locator("#tour-mishimash-next").click()
    wait_step(page, "mishimash", 2)
    page.locator("#ms-roll").click()  # 4 5 4 3 1 6
    wait_step(page, "mishimash", 3)
    page.locator("#ms-die-4").click()  # the 1
    wait_step(page, "mishimash", 4)
    page.locator("#ms-again").click()  # ROLL AGAIN: BUST
    wait_step(page, "mishimash", 5)
    page.wait_for_timeout(50)
    assert len(steps_shown(page)) >= 12
    assert unheard_steps(page) == []
    # The move is said too, before the step it brought.
    rolled = next(line for line in heard(page) if "4, 5, 4, 3, 1, 6" in line)
    assert rolled.index("4, 5, 4, 3, 1, 6") < rolled.index(steps_shown(page)[-3][:20])


def test_a_difficulty_chosen_by_arrows_then_tab_gives_the_focus_back(
    page: Page, open_app: Open
) -> None:
    """SETTINGS, ArrowDown on the difficulty radios, Tab out: the dialog asks; Escape, KEEP
    PLAYING or NEW GAME leave the focus where the player was going, never on <body>."""
    open_app("?seed=10#magdagdon")
    page.locator("#md-primary").click()  # ROLL: a game in progress
    for close in ("Escape", "#confirm-cancel", "#confirm-ok"):
        page.evaluate("location.hash = '#settings'")
        checked = page.locator("input[name=difficulty]:checked")
        checked.focus()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Tab")
        dialog = page.locator("#confirm-dialog")
        expect(dialog).to_be_visible()
        # What will be lost is read with the dialog's name, not only shown.
        lost = page.locator("#confirm-text").inner_text()
        assert "will be lost" in lost
        expect(dialog).to_have_accessible_description(lost)
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            keyboard_to(page, close)
            page.keyboard.press("Enter")
        expect(page.locator("#confirm-dialog")).to_be_hidden()
        page.wait_for_timeout(50)
        focused = page.evaluate("document.activeElement && document.activeElement.tagName")
        assert focused not in (None, "BODY"), f"after {close} the focus is on {focused}"
        assert page.evaluate(
            "document.querySelector('#screen-settings').contains(document.activeElement)"
        )


def test_portuguese_is_marked_as_european_portuguese(page: Page, open_app: Open) -> None:
    page.add_init_script("localStorage.setItem('cubiri.language', 'pt')")
    open_app("#settings")
    expect(page.locator("html")).to_have_attribute("lang", "pt-PT")
    expect(page.locator("#language-select option[value=pt]")).to_have_attribute("lang", "pt-PT")


def test_a_notice_is_said_once_and_marks_are_never_read(page: Page, open_app: Open) -> None:
    """A notice is said by the announcer alone (it was a live region too: said twice); the
    coach's ◆ and the celebration's ★ are drawn, not read (CSS content with empty alt text)."""
    page.add_init_script("localStorage.setItem('cubiri.magdagdon.game', '{')")
    open_app("?seed=10#magdagdon")
    expect(page.locator("#notice")).to_be_visible()
    live = page.evaluate(
        """() => [...document.querySelectorAll('[aria-live], [role=status], [role=alert]')]
            .filter(el => el.id !== 'announcer' && !el.closest('[hidden]')
                    && el.textContent.trim() && el.textContent.includes(
                        document.querySelector('#notice-text').textContent))
            .map(el => el.id)"""
    )
    assert live == [], f"the notice is also said by {live}"
    assert page.locator("#announcer").text_content() == page.locator("#notice-text").text_content()
    # A language switch shows the notice in the new language (an audit found it kept the old).
    english = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    shown = page.locator("#notice-text").text_content()
    key = next(k for k, text in english.items() if text == shown)
    page.evaluate("location.hash = '#settings'")
    page.get_by_label("Language").select_option("pt")
    expect(page.locator("#notice-text")).to_have_text(load_translator("pt")(key))
    alts = page.evaluate(
        """() => [...document.styleSheets].flatMap(sheet => [...sheet.cssRules])
            .filter(rule => rule.style && /[◆★→]/.test(rule.style.content || ''))
            .map(rule => rule.style.content)"""
    )
    assert alts and all(content.endswith('/ ""') for content in alts), alts


def test_a_computers_dice_are_shut(page: Page, open_app: Open) -> None:
    """During a computer's turn its dice show what it takes, but are no live controls."""
    from e2e.test_mishimash_computer import set_up

    open_app("?seed=21#mishimash")
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'normal')")
    set_up(page, [("", "bold"), ("Ana", "")], 1000)
    expect(page.locator("#ms-dice .die:not([hidden])").first).to_be_visible(timeout=10_000)
    expect(page.locator("#ms-dice .die[aria-pressed=true]").first).to_be_visible(timeout=10_000)
    shown = page.locator("#ms-players li.current .name")
    expect(shown).not_to_have_text("Ana")
    open_dice = page.evaluate(
        "[...document.querySelectorAll('#ms-dice .die:not([hidden])')].filter(d => !d.disabled)"
        ".length"
    )
    assert open_dice == 0, "a computer's dice are live controls that do nothing"
