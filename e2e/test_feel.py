"""Game feel (issue 16): dice with pips, sound and vibration, and the moment of a new best."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from app.pure.records import MAGDAGDON_SCORES
from cubiri.mishimash import game as ms_engine
from e2e.conftest import PHONE, PageLog, both_sizes
from e2e.magdagdon_driver import MagdagdonDriver
from e2e.mishimash_driver import MishimashDriver, bank_at_once
from e2e.test_mishimash_computer import set_up
from e2e.waits import settled

Open = Callable[[str], Page]
Shot = Callable[[str], Path]

# Records every Web Audio and vibration call the page makes, without silencing them.
OBSERVE = """
window.__feel = {contexts: 0, starts: 0, vibrations: []};
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__feel.contexts += 1; }
};
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__feel.starts += 1;
  return start.apply(this, args);
};
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value(pattern) { window.__feel.vibrations.push(Array.from([].concat(pattern))); return true; },
});
"""


def observed(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.__feel")
    return result


def setting(page: Page, key: str, value: str) -> None:
    page.add_init_script(f"localStorage.setItem('{key}', '{value}')")


# Pips ------------------------------------------------------------------------------------------
def test_dice_show_pips_by_default_and_digits_when_turned_off_their_names_unchanged(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=11#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.roll()
    die = page.locator("#md-die-0")
    value = driver.state.dice[0]
    name = die.get_attribute("aria-label") or ""
    assert str(value) in name
    expect(page.locator("html")).to_have_attribute("data-pips", "on")
    expect(die.locator(".pips i")).to_have_count(value)
    expect(die.locator(".pips")).to_be_visible()
    digit = die.locator(".die-num").bounding_box()
    assert digit is not None and digit["width"] < 2  # visually hidden, still the die's text
    expect(die).to_have_accessible_name(name)
    expect(die).to_have_text(str(value))  # the digit is still the die's text
    both_sizes(page, shot, "feel-pips-magdagdon")

    page.locator("#screen-magdagdon .icon-button[data-open=settings]").click()
    toggle = page.locator("#pips-toggle")
    expect(toggle).to_be_checked()
    toggle.uncheck()
    assert page.evaluate("localStorage.getItem('cubiri.pips')") == "off"
    page.go_back()
    expect(page.locator("html")).to_have_attribute("data-pips", "off")
    expect(die.locator(".pips")).not_to_be_visible()
    expect(die.locator(".die-num")).to_be_visible()
    expect(die).to_have_accessible_name(name)
    shot("feel-digits-magdagdon-390")

    # Remembered: a reload keeps digits; MISHIMASH's dice follow the same setting.
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached")
    expect(page.locator("html")).to_have_attribute("data-pips", "off")
    open_app("?seed=5#mishimash")
    ms = MishimashDriver(page, ["Ana"], 30, 5)
    ms.start()
    ms.roll()
    expect(page.locator("#ms-die-0 .pips")).not_to_be_visible()
    page.evaluate("localStorage.setItem('cubiri.pips', 'on')")
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached")
    first = page.locator("#ms-die-0")
    expect(first.locator(".pips")).to_be_visible()
    expect(first.locator(".pips i")).to_have_count(int(first.text_content() or "0"))
    both_sizes(page, shot, "feel-pips-mishimash")
    assert page_log.console_errors == []


# Sound and vibration ---------------------------------------------------------------------------
def test_sound_and_vibration_play_only_after_the_first_tap(
    page: Page, open_app: Open, page_log: PageLog
) -> None:
    page.add_init_script(OBSERVE)
    page.set_viewport_size(PHONE)
    open_app("?seed=11#magdagdon")
    settled(page)  # the start-up has run to its end, and what it queued
    assert observed(page) == {"contexts": 0, "starts": 0, "vibrations": []}
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.roll()
    feel = observed(page)
    assert feel["contexts"] == 1
    assert feel["starts"] > 0
    assert feel["vibrations"] == [[18]]  # the roll's short buzz
    starts = feel["starts"]
    driver.pick(0)
    driver.stage(0, 5)  # a die placed: a sound of its own
    assert observed(page)["starts"] > starts
    assert page_log.console_errors == []


def test_sound_and_vibration_turned_off_make_no_call(
    page: Page, open_app: Open, page_log: PageLog
) -> None:
    page.add_init_script(OBSERVE)
    page.set_viewport_size(PHONE)
    open_app("#settings")
    for name in ("sound", "vibration"):
        toggle = page.locator(f"#{name}-toggle")
        expect(toggle).to_be_checked()
        toggle.uncheck()
        assert page.evaluate(f"localStorage.getItem('cubiri.{name}')") == "off"
    open_app("?seed=11#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.play_turn()
    assert observed(page) == {"contexts": 0, "starts": 0, "vibrations": []}


def test_no_vibration_under_reduced_motion_but_sound_still_plays(
    page: Page, open_app: Open
) -> None:
    page.add_init_script(OBSERVE)
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(PHONE)
    open_app("?seed=11#magdagdon")
    MagdagdonDriver(page, "peaceful", 11).play_turn()
    feel = observed(page)
    assert feel["starts"] > 0
    assert feel["vibrations"] == []


def test_a_computer_playing_before_anyone_taps_is_silent(page: Page, open_app: Open) -> None:
    page.add_init_script(OBSERVE)
    page.set_viewport_size(PHONE)
    open_app("?seed=12#mishimash")
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'fast')")
    set_up(page, [("", "cautious"), ("Ana", "")], 30)
    page.reload()  # no tap on this page: the computer plays on by itself
    page.wait_for_selector("html[data-app-ready]", state="attached")
    expect(page.locator("#ms-players li.current .name")).to_have_text("Ana", timeout=20_000)
    assert observed(page) == {"contexts": 0, "starts": 0, "vibrations": []}
    page.locator("#ms-roll").click()
    feel = observed(page)
    assert feel["contexts"] == 1 and feel["starts"] > 0 and feel["vibrations"]


# Celebration -----------------------------------------------------------------------------------
def read_after_the_focus(page: Page, selector: str) -> bool:
    """Whether `selector` comes after the focused element in the page's order: what a screen
    reader reads next from the focus (an audit found the focus put after the banner)."""
    return bool(
        page.evaluate(
            """s => !!(document.activeElement.compareDocumentPosition(document.querySelector(s))
                & Node.DOCUMENT_POSITION_FOLLOWING)""",
            selector,
        )
    )


def best_score_table(score: int) -> str:
    row = {"id": "1-old", "date": "2026-01-01T10:00:00Z", "score": score, "turns": 6, "powers": 0}
    return json.dumps({"version": 1, "peaceful": [row]})


def test_a_new_best_magdagdon_score_is_celebrated(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=11#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.play_to_end()
    final = driver.state.score().final
    banner = page.locator("#md-celebration")
    expect(banner).to_be_visible()
    expect(banner.locator(".celebrate-title")).to_have_text("NEW BEST SCORE!")
    expect(banner.locator(".celebrate-score")).to_have_text(str(final))  # once counted up
    # Read out once: busy while it counts, not after (the announcer says the score).
    expect(banner.locator(".celebrate-score")).not_to_have_attribute("aria-busy", "true")
    expect(banner.locator(".celebrate-place")).to_have_text("No. 1 in the PEACEFUL table")
    expect(page.locator("#md-board")).to_have_class("md-board flourish")
    expect(page.locator("#announcer")).to_contain_text(f"New best score: {final}!")
    expect(page.locator("#md-end-title")).to_be_focused()
    assert read_after_the_focus(page, "#md-celebration")
    both_sizes(page, shot, "feel-celebration-magdagdon")
    # Reopened later, the finished game is no new moment.
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached")
    expect(page.locator("#md-end")).to_be_visible()
    expect(page.locator("#md-celebration")).to_have_count(0)
    assert page_log.console_errors == []


def test_a_magdagdon_score_below_the_best_is_not_celebrated(page: Page, open_app: Open) -> None:
    best = MAGDAGDON_SCORES.bounds["score"][1]
    page.add_init_script(
        f"localStorage.setItem('cubiri.magdagdon.scores', {json.dumps(best_score_table(best))})"
    )
    page.set_viewport_size(PHONE)
    open_app("?seed=11#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.play_to_end()
    expect(page.locator("table.scores[data-difficulty=peaceful] tr.new")).to_have_count(1)
    expect(page.locator("#md-celebration")).to_have_count(0)
    expect(page.locator("#md-board")).not_to_have_class("md-board flourish")


def test_under_reduced_motion_the_celebration_shows_its_final_values_at_once(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(PHONE)
    open_app("?seed=11#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", 11)
    driver.play_to_end()
    page.wait_for_selector("#md-celebration")
    # No counting: the final score is there in the same frame the banner appears.
    assert page.locator("#md-celebration .celebrate-score").text_content() == str(
        driver.state.score().final
    )
    animation = page.evaluate(
        "getComputedStyle(document.querySelector('#md-celebration')).animationName"
    )
    assert animation == "none"


def test_a_solo_mishimash_record_is_celebrated_and_a_slower_game_is_not(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=3#mishimash")
    driver = MishimashDriver(page, ["Ana"], 30, 3)
    driver.start()
    driver.play_until(bank_at_once, lambda s: s.phase is ms_engine.Phase.OVER)
    turns = driver.state.turns[0]
    banner = page.locator("#ms-celebration")
    expect(banner.locator(".celebrate-title")).to_have_text("NEW RECORD!")
    expect(banner.locator(".celebrate-score")).to_have_text(f"{turns} turns")
    expect(banner.locator(".celebrate-place")).to_have_text("No. 1 of the records for target 30")
    expect(page.locator("#ms-result")).to_be_focused()
    assert read_after_the_focus(page, "#ms-celebration")
    both_sizes(page, shot, "feel-celebration-mishimash")

    # The same game again on the same seed: as many turns, so the earlier game keeps first place.
    page.locator("#ms-new").click()
    open_app("?seed=3#mishimash")
    again = MishimashDriver(page, ["Ana"], 30, 3)
    again.start()
    again.play_until(bank_at_once, lambda s: s.phase is ms_engine.Phase.OVER)
    expect(page.locator("#ms-records tr.new")).to_have_count(1)
    expect(page.locator("#ms-celebration")).to_have_count(0)
    assert page_log.console_errors == []


def test_a_persons_mishimash_win_is_celebrated(page: Page, open_app: Open, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=4#mishimash")
    driver = MishimashDriver(page, ["Ana", "Bo"], 30, 4)
    driver.start()
    driver.play_until(bank_at_once, lambda s: s.phase is ms_engine.Phase.OVER)
    winner = driver.state.winner
    assert winner is not None
    banner = page.locator("#ms-celebration")
    expect(banner.locator(".celebrate-title")).to_have_text("VICTORY!")
    expect(banner.locator(".celebrate-place")).to_have_text(driver.state.players[winner])
    total = driver.state.totals[winner] / 2
    expect(banner.locator(".celebrate-score")).to_have_text(f"{total:g} points")


def test_a_win_banner_keeps_its_height_while_the_score_counts_up(
    page: Page, open_app: Open
) -> None:
    """The audit saw the pt win banner jump: in a 350 px window "0 pontos" took one line and
    the final score two, so everything below moved up and down as it counted."""
    page.add_init_script("localStorage.setItem('cubiri.language', 'pt')")
    # Every number the count shows, with the height it had then (its layout box, not the
    # pop-in's scale).
    page.add_init_script(
        """window.__heights = [];
        new MutationObserver(() => {
            const score = document.querySelector('#ms-celebration .celebrate-score');
            if (score && score.textContent) window.__heights.push(score.offsetHeight);
        }).observe(document, { childList: true, characterData: true, subtree: true });"""
    )
    page.set_viewport_size({"width": 350, "height": 700})
    open_app("?seed=4#mishimash")
    driver = MishimashDriver(page, ["Ana", "Bo"], 30, 4)
    driver.start()
    driver.play_until(bank_at_once, lambda s: s.phase is ms_engine.Phase.OVER)
    score = page.locator("#ms-celebration .celebrate-score")
    expect(score).to_have_text("43 pontos")
    expect(score).not_to_have_attribute("aria-busy", "true")
    heights = page.evaluate("window.__heights")
    line = score.evaluate("(element) => parseFloat(getComputedStyle(element).lineHeight)")
    assert heights[-1] > 1.5 * line, "the final score takes two lines here"
    assert len(heights) > 5 and set(heights) == {heights[-1]}, heights


def test_the_celebration_and_the_feel_settings_in_portuguese(
    page: Page, open_app: Open, shot: Shot
) -> None:
    page.add_init_script("localStorage.setItem('cubiri.language', 'pt')")
    page.set_viewport_size(PHONE)
    open_app("#settings")
    expect(page.locator("#feel-field legend")).to_have_text("Dados, som e vibração")
    both_sizes(page, shot, "feel-settings-pt")
    open_app("?seed=3#mishimash")
    driver = MishimashDriver(page, ["Ana"], 30, 3)
    driver.start()
    driver.play_until(bank_at_once, lambda s: s.phase is ms_engine.Phase.OVER)
    banner = page.locator("#ms-celebration")
    expect(banner.locator(".celebrate-title")).to_have_text("NOVO RECORDE!")
    expect(banner.locator(".celebrate-score")).to_have_text(f"{driver.state.turns[0]} turnos")
    expect(banner.locator(".celebrate-place")).to_have_text("N.º 1 dos recordes do objetivo 30")
    both_sizes(page, shot, "feel-celebration-mishimash-pt")
