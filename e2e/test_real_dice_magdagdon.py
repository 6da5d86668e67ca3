"""Issue 24: MAGDAGDON with real dice. ROLL asks for the four dice thrown at the table, REROLL
for the values of the dice rerolled; placing, the powers, a MAGDAGDON and its RUIN as on
screen; the score recounted by the rules' own `score`; the high-score row and the end say the
game was played with real dice."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from cubiri import magdagdon
from cubiri.dice import TYPED, distinct_throws
from cubiri.kernel import Dice
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import format_board
from e2e.conftest import READY, READY_TIMEOUT_MS, PageLog
from e2e.magdagdon_driver import MagdagdonDriver
from e2e.taps import tap


def throw_for(state: engine.State, phase: engine.Phase) -> tuple[int, ...]:
    """Four dice whose throw leaves the game in `phase` (else the first throw there is)."""
    throws = [values for values, _ in distinct_throws(4)]
    for values in throws:
        if engine.apply(state, Dice(values)).phase is phase:
            return values
    return throws[0]


class TableDriver(MagdagdonDriver):
    """The driver's taps, with every throw typed as a table would."""

    def __init__(self, page: Page, difficulty: str) -> None:
        super().__init__(page, difficulty, 0)
        self.state = engine.new_game(difficulty, 0, TYPED)
        self.wanted = engine.Phase.PLACE

    def enter(self, values: tuple[int, ...]) -> None:
        field = self.page.get_by_role("textbox", name="Dice")
        field.fill(" ".join(map(str, values)))
        field.press("Enter")
        self.state = engine.apply(self.state, Dice(values))
        expect(self.page.locator("#md-entry")).to_be_hidden()

    def roll(self) -> None:
        tap(self.page.locator("#md-primary"))
        self.state = engine.apply(self.state, engine.Roll())
        expect(self.page.locator("#md-entry-prompt")).to_have_text("Throw 4 dice and enter them")
        expect(self.page.locator("#md-message")).to_be_hidden()  # said once, by the prompt
        self.enter(throw_for(self.state, self.wanted))
        self.wanted = engine.Phase.PLACE
        if self.state.phase is not engine.Phase.MAGDAGDON:
            expect(self.page.locator("#md-die-0")).to_have_text(str(self.state.dice[0]))


def test_a_magdagdon_with_real_dice_to_its_end_with_a_reroll_and_a_ruin(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_role("checkbox", name="Real dice").check()
    driver = TableDriver(page, "peaceful")
    driver.play_turn()
    driver.wanted = engine.Phase.MAGDAGDON  # the second throw fits nowhere
    driver.roll()
    assert driver.state.phase is engine.Phase.MAGDAGDON
    # REROLL one die: the table throws it again and types what it shows (still no fit).
    tap(page.locator("#md-reroll"))
    tap(page.locator("#md-die-0"))
    tap(page.get_by_role("button", name="REROLL 1 DIE"))
    driver.state = engine.apply(driver.state, engine.Reroll((0,)))
    # Which die to throw again, and which stay (a tester saw only how many, the dice gone).
    kept = "{}, {}, and {}".format(*driver.state.dice[1:])  # Intl.ListFormat's comma
    again = f"Throw the {driver.state.dice[0]} again and enter what it shows."
    expect(page.locator("#md-entry-prompt")).to_have_text(f"{again} Keep the {kept} as they are.")
    page.get_by_role("textbox", name="Dice").fill("12")  # two typed for one: how many too many
    expect(page.locator("#md-entry-progress")).to_have_text("2 entered: 1 die too many")
    page.get_by_role("textbox", name="Dice").fill("")
    still = next(
        v
        for v in range(1, 7)
        if engine.apply(driver.state, Dice((v,))).phase is engine.Phase.MAGDAGDON
    )
    driver.enter((still,))
    assert driver.state.powers_used == 1
    driver.accept_and_ruin()
    driver.play_to_end()

    expect(page.locator("#md-end")).to_be_visible()
    final = driver.state.score().final
    recount = magdagdon.score(
        format_board(driver.state.board), "peaceful", driver.state.powers_used
    )
    assert recount == final
    expect(page.locator("#md-breakdown tr.final td")).to_have_text(str(final))
    # Said plainly (a tester found "a replay of the same dice needs the app's dice" jargon).
    expect(page.locator("#md-seed")).to_have_text(
        "Played with real dice: this game has no seed to replay it by."
    )
    expect(page.locator("#md-bot-score")).to_contain_text("thrown at the table")
    row = page.locator("table.scores[data-difficulty=peaceful] tr.new")
    expect(row).to_contain_text("real dice")
    history = json.loads(page.evaluate("localStorage.getItem('cubiri.history')"))["games"]
    assert [entry["dice"] for entry in history] == [TYPED]
    assert page_log.console_errors == []


def test_a_mistyped_throw_is_taken_back_by_undo_and_mended(page: Page, base_url: str) -> None:
    """A play-tester typed 3445 for a throw of 3446: with no UNDO in MAGDAGDON, only a power
    (at a cost) or a new game got rid of it. UNDO gives the throw back to mend, as MISHIMASH's
    does; the mended throw is played, and a reload keeps it. None with the app's dice."""
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    undo = page.get_by_role("button", name="UNDO")
    expect(undo).to_be_hidden()
    page.get_by_role("checkbox", name="Real dice").check()
    driver = TableDriver(page, "peaceful")
    expect(undo).to_be_hidden()  # nothing to take back yet
    tap(page.locator("#md-primary"))
    # The focus goes into the entry, on its first face (an audit's fell to the heading).
    expect(page.locator("#md-face-1")).to_be_focused()
    driver.state = engine.apply(driver.state, engine.Roll())
    driver.enter((3, 4, 4, 5))
    tap(undo)
    expect(page.locator("#md-entry")).to_be_visible()
    expect(page.locator("#announcer")).to_contain_text(
        "Undone: the throw 3, 4, 4, and 5 is back, to mend."
    )
    given_back = page.locator("#md-entry-dice button")
    expect(given_back).to_have_count(4)
    expect(page.locator("#md-entry-progress")).to_have_text("4 of 4 dice entered")
    # Enter in the empty field plays the dice given back, as USE THESE DICE (an audit's Enter
    # was told "0 entered"); UNDO then gives them back again.
    page.get_by_role("textbox", name="Dice").press("Enter")
    expect(page.locator("#md-entry")).to_be_hidden()
    tap(undo)
    expect(given_back).to_have_count(4)
    tap(given_back.nth(3))  # the 5 off, a 6 on
    tap(page.get_by_role("button", name="Add a 6"))
    tap(page.get_by_role("button", name="USE THESE DICE"))
    expect(page.locator("#md-entry")).to_be_hidden()
    shown = page.locator("#md-dice .die").evaluate_all("ds => ds.map(d => d.textContent)")
    assert sorted(shown) == ["3", "4", "4", "6"]
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    shown = page.locator("#md-dice .die").evaluate_all("ds => ds.map(d => d.textContent)")
    assert sorted(shown) == ["3", "4", "4", "6"]
    expect(undo).to_be_visible()


def test_undo_takes_back_the_last_face_tapped_first(page: Page, base_url: str) -> None:
    """A tester tapped two of a throw's four faces and pressed UNDO: both dice went without a
    word. UNDO takes back the panel's taps first, the last first, and says so; with nothing
    left to take back the focus goes to the entry's prompt (the field "Dice" had it, and opened
    a phone's keyboard)."""
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_role("checkbox", name="Real dice").check()
    undo = page.get_by_role("button", name="UNDO")
    tap(page.locator("#md-primary"))
    expect(undo).to_be_hidden()  # ROLL alone: nothing to take back
    entered = page.locator("#md-entry-dice button")
    tap(page.get_by_role("button", name="Add a 2"))
    tap(page.get_by_role("button", name="Add a 5"))
    expect(entered).to_have_count(2)
    tap(undo)  # which face went, each time (an audit heard the same sentence every time)
    expect(page.locator("#announcer")).to_contain_text("Undone: the 5 entered is taken back.")
    expect(entered).to_have_count(1)
    expect(entered).to_have_attribute("aria-label", "Remove die no. 1, showing 2")
    expect(page.locator("#md-entry-progress")).to_have_text("1 of 4 dice entered")
    tap(entered)  # the 2 removed: UNDO puts it back
    expect(entered).to_have_count(0)
    tap(undo)
    expect(page.locator("#announcer")).to_contain_text("Undone: the 2 is back.")
    expect(entered).to_have_attribute("aria-label", "Remove die no. 1, showing 2")
    tap(undo)
    expect(entered).to_have_count(0)
    expect(undo).to_be_hidden()
    # On the entry's prompt: a face would take a second Enter meant for UNDO (an audit's added
    # a 1), and the field "Dice" opens a phone's keyboard.
    expect(page.locator("#md-entry-prompt")).to_be_focused()
    page.keyboard.press("Enter")
    expect(entered).to_have_count(0)
    page.keyboard.press("Tab")
    expect(page.locator("#md-face-1")).to_be_focused()


def test_undo_after_a_reload_takes_back_the_last_change_even_a_die_removed(
    page: Page, base_url: str
) -> None:
    """helper-27 entered a 2 and a 5, removed the 2, reloaded and pressed UNDO: the 5 went
    ("Undone: the 5 entered is taken back.") and the 2 could not come back. The tab keeps its
    entry's changes across a reload (sessionStorage), so UNDO goes on where it was."""
    page.goto(base_url + "#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_role("checkbox", name="Real dice").check()
    tap(page.locator("#md-primary"))
    entered = page.locator("#md-entry-dice button")
    tap(page.get_by_role("button", name="Add a 2"))
    tap(page.get_by_role("button", name="Add a 5"))
    tap(entered.nth(0))  # the 2 removed
    expect(entered).to_have_count(1)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(entered).to_have_count(1)
    tap(page.get_by_role("button", name="UNDO"))
    expect(page.locator("#announcer")).to_contain_text("Undone: the 2 is back.")
    expect(entered).to_have_count(2)
    expect(page.locator("#md-entry-progress")).to_have_text("2 of 4 dice entered")
    tap(page.get_by_role("button", name="UNDO"))
    expect(page.locator("#announcer")).to_contain_text("Undone: the 5 entered is taken back.")
    expect(entered).to_have_count(1)
