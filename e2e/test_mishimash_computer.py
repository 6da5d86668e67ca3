"""MISHIMASH against computer players, and the coach's odds (issue 12)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from app.pure.coach import build_coach
from app.pure.i18n import load_translator
from cubiri.mishimash import computer
from cubiri.mishimash import game as engine
from e2e.conftest import PHONE, PageLog, both_sizes
from e2e.mishimash_driver import press_bank

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
LOCALES = Path(__file__).resolve().parent.parent / "locales"


def set_up(page: Page, seats: list[tuple[str, str]], target: int) -> None:
    """Seats as (name, level), level "" for a person; then START."""
    for index, (name, level) in enumerate(seats):
        if index > 0:
            page.locator("#ms-add").click()
        page.locator(f"#ms-names input[data-player='{index}']").fill(name)
        page.locator(f"#ms-names select[data-seat='{index}']").select_option(level)
    page.locator("input[name=ms-target][value=custom]").check(force=True)
    page.locator("#ms-custom").fill(str(target))
    page.locator("#ms-start").click()


def shown_dice(page: Page) -> list[int]:
    return [int(d) for d in page.locator("#ms-dice .die:not([hidden])").all_text_contents()]


def test_a_person_and_two_computers_play_to_the_winner(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=12#mishimash")
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'fast')")
    seats = [("Ana", ""), ("", "cautious"), ("", "strongest")]
    set_up(page, seats, 30)
    state = engine.new_game(["Ana", "Cautious Cleo", "Champion Cubi"], 30, 12)
    levels = ["", "cautious", "strongest"]
    watched_computer = False
    for _ in range(200):
        if state.over:
            break
        level = levels[state.current]
        if level:
            # The computer plays by itself (the page, at its pace); mirror it here.
            if not watched_computer:
                watched_computer = True
                expect(page.locator("#ms-players li.current .name")).not_to_have_text("Ana")
                expect(page.locator("#ms-roll")).to_be_disabled()  # the person only watches
                expect(page.locator("#ms-bank")).to_be_disabled()
                both_sizes(page, shot, "mishimash-computer-turn")
            state = engine.play(state, computer.next_move(level, state))
            if state.phase is engine.Phase.DECIDE:
                state = engine.play(state, computer.next_move(level, state))
            continue
        expect(page.locator("#ms-players li.current .name")).to_have_text("Ana", timeout=30_000)
        if state.phase is engine.Phase.ROLL:
            page.locator("#ms-roll").click()
            state = engine.play(state, engine.Roll())
        else:
            take = engine.legal_selections(state.dice)[0]
            for index in take:
                page.locator(f"#ms-die-{index}").click()
            state = engine.play(state, engine.Select(take))
            press_bank(page, state)
            state = engine.play(state, engine.Bank())
    assert state.over and state.winner is not None
    winner = state.players[state.winner]
    expect(page.locator("#ms-result")).to_have_text(f"{winner} wins!", timeout=60_000)
    assert page_log.console_errors == []


def test_a_reload_during_a_computer_turn_keeps_its_dice(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=21#mishimash")
    page.evaluate("localStorage.setItem('cubiri.mishimash.speed', 'normal')")
    set_up(page, [("Ana", ""), ("", "bold")], 1000)
    page.locator("#ms-roll").click()
    state = engine.play(engine.new_game(["Ana", "Bold Boris"], 1000, 21), engine.Roll())
    if state.phase is engine.Phase.SELECT:
        take = engine.legal_selections(state.dice)[0]
        for index in take:
            page.locator(f"#ms-die-{index}").click()
        page.locator("#ms-bank").click()
        state = engine.play(engine.play(state, engine.Select(take)), engine.Bank())
    # Bold Boris rolls on his own: catch his first roll, then reload in the middle of his turn.
    state = engine.play(state, engine.Roll())
    expect(page.locator("#ms-players li.current .name")).to_have_text("Bold Boris")
    expect(page.locator("#ms-dice .die:not([hidden])")).to_have_count(len(state.dice))
    assert shown_dice(page) == list(state.dice)
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=60_000)
    expect(page.locator("#ms-players li.current .name")).to_have_text("Bold Boris")
    assert shown_dice(page) == list(state.dice)  # the same dice: they are the seed's
    # And he goes on, with the same choice he would have made.
    chosen = computer.selection("bold", state)
    picked = page.locator("#ms-dice .die[aria-pressed=true]")
    expect(picked).to_have_count(len(chosen.dice), timeout=10_000)
    # What he takes is said with the move it leads to, in one announcement (issue 29).
    expect(page.locator("#announcer")).to_contain_text("Bold Boris takes", timeout=10_000)


def test_the_coachs_numbers_are_the_engines(page: Page, open_app: Open, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=33#mishimash")
    set_up(page, [("Ana", "")], 1000)
    page.locator("#ms-roll").click()
    state = engine.play(engine.new_game(["Ana"], 1000, 33), engine.Roll())
    t = load_translator("en", LOCALES)
    take = engine.legal_selections(state.dice)[0]
    for index in take:
        page.locator(f"#ms-die-{index}").click()
    expected = build_coach(state, frozenset(take), t, frozenset({0}))
    lines = page.locator("#ms-coach li")
    expect(lines).to_have_count(len(expected.lines))
    for index, line in enumerate(expected.lines):
        expect(lines.nth(index)).to_have_text(line)
    # ROLL AGAIN's small lines: its dice, then the coach's bust chance.
    expect(page.locator("#ms-again .ms-odds").last).to_have_text(expected.roll_again)
    both_sizes(page, shot, "mishimash-coach")


def test_two_unnamed_computers_of_one_level_show_the_names_the_game_gives_them(
    page: Page, open_app: Open
) -> None:
    """The setup's placeholders are the standings' names: the second unnamed Cautious Cleo reads
    "Cautious Cleo 2" before START, as it will after (it read "Cautious Cleo" twice)."""
    open_app("#mishimash")
    for index, level in enumerate(("", "cautious", "cautious")):
        if index > 0:
            page.locator("#ms-add").click()
        page.locator(f"#ms-names select[data-seat='{index}']").select_option(level)
    fields = page.locator("#ms-names input[data-player]")
    placeholders = [fields.nth(i).get_attribute("placeholder") for i in range(3)]
    assert placeholders == ["Player 1", "Cautious Cleo", "Cautious Cleo 2"]
    page.locator("#ms-start").click()
    expect(page.locator("#ms-players .name")).to_have_text(placeholders)
