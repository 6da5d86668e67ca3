"""MISHIMASH in the browser: setup to winner, with known seeds (issue 6)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from app.pure.i18n import load_translator
from cubiri.mishimash import game as engine
from e2e.conftest import PHONE, PageLog, both_sizes, keyboard_to
from e2e.mishimash_driver import (
    MishimashDriver,
    bank_a_little,
    bank_at_once,
    best_selection,
    find_seed,
    mishimash_hunter,
    push_luck,
)
from e2e.waits import settled

EN = load_translator("en")

Open = Callable[[str], Page]
Shot = Callable[[str], Path]


def english_number(page: Page, value: float) -> str:
    return str(page.evaluate("n => new Intl.NumberFormat('en').format(n)", value))


def current_player(page: Page) -> str:
    return page.locator("#ms-players li.current .name").text_content() or ""


def test_x15_a_solo_game_reaches_the_target_and_saves_its_turn_record(
    page: Page, open_app: Open, shot: Shot, page_log: PageLog
) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=3#mishimash")
    both_sizes(page, shot, "mishimash-setup")
    driver = MishimashDriver(page, ["Ana"], 30, 3)
    driver.start()
    driver.play_until(bank_at_once, lambda s: s.phase is engine.Phase.OVER)
    turns = driver.state.turns[0]
    expect(page.locator("#ms-result")).to_have_text(
        f"Target 30 reached in {turns} turn{'s' if turns != 1 else ''}!"
    )
    row = page.locator("#ms-records tr.new")
    expect(row).to_have_count(1)
    assert row.locator("td").nth(1).text_content() == str(turns)
    assert re.search(r"20\d\d", row.locator("td").nth(2).text_content() or "")
    both_sizes(page, shot, "mishimash-solo-over")
    # A tester found BEST RECORDS touching the standings' last row: the two tables stand apart.
    gap = page.evaluate(
        "document.querySelector('#ms-records h3').getBoundingClientRect().top"
        " - document.querySelector('#ms-standings').getBoundingClientRect().bottom"
    )
    assert gap >= 16
    assert page_log.console_errors == []
    page.get_by_role("button", name="NEW GAME").click()
    expect(page.get_by_role("button", name="START")).to_be_visible()
    expect(page.get_by_label("Name of player 1")).to_have_value("Ana")
    # The record is on the HIGH SCORES screen too.
    page.locator("#screen-mishimash .back").click()
    page.get_by_role("button", name="HIGH SCORES").click()
    expect(page.locator("#scores-body")).to_contain_text("MISHIMASH · BEST RECORDS · TARGET 30")


def test_x16_the_final_round_gives_exactly_the_right_players_one_more_turn(
    page: Page, open_app: Open, shot: Shot
) -> None:
    names = ["Ana", "Bo", "Cy"]

    def third_reaches_target(state: engine.State) -> bool:
        return state.round is engine.Round.FINAL_ROUND and state.still_to_play == (0, 1)

    seed = find_seed(names, 20, bank_at_once, third_reaches_target)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, names, 20, seed)
    driver.start()
    driver.play_until(bank_at_once, third_reaches_target)
    expect(page.locator("#ms-banner")).to_have_text("FINAL ROUND: Ana and Bo play once more.")
    expect(page.locator("#ms-players li").nth(2).locator("small")).to_have_text("done")
    both_sizes(page, shot, "mishimash-final-round")
    played = []
    while driver.state.phase is not engine.Phase.OVER:
        if driver.state.phase is engine.Phase.ROLL:
            played.append(current_player(page))
        driver.step(bank_at_once)
    if driver.state.round is engine.Round.FINAL_ROUND:
        assert played == ["Ana", "Bo"]
    else:  # a tie went to sudden death: the final round itself was still Ana then Bo
        assert played[:2] == ["Ana", "Bo"]
    winner = names[driver.state.winner or 0]
    expect(page.locator("#ms-result")).to_have_text(f"{winner} wins!")
    standings = page.locator("#ms-standings th[scope=row]").all_text_contents()  # the names
    assert standings[0] == winner and sorted(standings) == sorted(names)
    both_sizes(page, shot, "mishimash-winner")


def test_x17_a_tie_is_played_off_by_the_tied_players_only(
    page: Page, open_app: Open, shot: Shot
) -> None:
    names = ["Ana", "Bo", "Cy"]

    def sudden_death_of_two(state: engine.State) -> bool:
        return state.round is engine.Round.SUDDEN_DEATH and len(state.contenders) == 2

    seed = find_seed(names, 1, bank_a_little, sudden_death_of_two)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, names, 1, seed)
    driver.start()
    driver.play_until(bank_a_little, sudden_death_of_two)
    tied = [names[p] for p in driver.state.contenders]
    out = next(name for name in names if name not in tied)
    level = EN.number(driver.state.totals[driver.state.contenders[0]] / 2)
    expect(page.locator("#ms-banner")).to_have_text(
        f"SUDDEN DEATH: {' and '.join(tied)} are level at {level} and play a turn each,"
        " in this order, until one is ahead."
    )
    expect(page.locator("#ms-players li", has_text=out).locator("small")).to_have_text("out")
    both_sizes(page, shot, "mishimash-sudden-death")
    while driver.state.phase is not engine.Phase.OVER:
        if driver.state.phase is engine.Phase.ROLL:
            assert current_player(page) in tied
        driver.step(bank_a_little)
    expect(page.locator("#ms-result")).to_have_text(f"{names[driver.state.winner or 0]} wins!")


def test_x11_a_bust_shows_what_was_lost(page: Page, open_app: Open, shot: Shot) -> None:
    names = ["Ana", "Bo"]

    def costly_bust(state: engine.State) -> bool:
        last = state.events[-1] if state.events else None
        return (
            state.phase is engine.Phase.ROLL and isinstance(last, engine.Bust) and last.halves > 0
        )

    seed = find_seed(names, 1000, push_luck, costly_bust)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, names, 1000, seed)
    driver.start()
    driver.play_until(push_luck, costly_bust)
    last = driver.state.events[-1]
    assert isinstance(last, engine.Bust)
    lost = english_number(page, last.halves / 2)
    loser = names[last.player]
    unit = "point" if lost == "1" else "points"
    expect(page.locator("#ms-event")).to_have_text(f"BUST! {loser} loses {lost} {unit}.")
    assert driver.last_roll() == list(last.dice)  # the roll that busted stays shown
    expect(page.locator("#ms-last .ms-last-caption")).to_have_text(f"{loser}'s last roll")
    expect(page.locator("#ms-players li").nth(last.player).locator("strong")).to_have_text("0")
    both_sizes(page, shot, "mishimash-bust")
    page.reload()  # a bust just rolled is still shown after a reload, and no dice to choose
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=60_000)
    driver.expect_shown()
    expect(page.locator("#ms-last .ms-last-caption")).to_have_text(f"{loser}'s last roll")


def test_x12_mishimash_gives_its_bonus_and_six_dice(page: Page, open_app: Open, shot: Shot) -> None:
    def after_mishimash(state: engine.State) -> bool:
        return state.phase is engine.Phase.SELECT and state.mishimashes == 1

    seed = find_seed(["Ana"], 1000, mishimash_hunter, after_mishimash)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, ["Ana"], 1000, seed)
    driver.start()
    driver.play_until(mishimash_hunter, after_mishimash)
    expect(page.locator("#ms-event")).to_have_text("MISHIMASH! +10 and six dice back.")
    expect(page.locator("#ms-dice .die:not([hidden])")).to_have_count(6)
    points = page.evaluate(
        "n => new Intl.NumberFormat('en').format(n)", driver.state.turn_halves / 2
    )
    expect(page.locator("#ms-turn-points")).to_have_text(f"This turn: {points}")
    k = driver.state.roll_number
    expect(page.locator("#ms-roll-info")).to_have_text(f"Roll {k} · ×{k}")  # X9 goes on
    both_sizes(page, shot, "mishimash-mishimash")
    # News until a die of this roll is picked (helper-36 read "+20" beside a pick's "+30").
    driver.pick(mishimash_hunter(driver.state)[0])
    expect(page.locator("#ms-event")).to_be_hidden()


def test_an_illegal_selection_is_refused_with_its_reason(page: Page, open_app: Open) -> None:
    def triple_and_a_dud(state: engine.State) -> bool:
        counts = Counter(state.dice)
        return (
            state.phase is engine.Phase.SELECT
            and any(c >= 3 for c in counts.values())
            and any(c < 3 and face not in (1, 5) for face, c in counts.items())
        )

    seed = find_seed(["Ana"], 1000, push_luck, triple_and_a_dud)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, ["Ana"], 1000, seed)
    driver.start()
    driver.play_until(push_luck, triple_and_a_dud)
    dice = driver.state.dice
    counts = Counter(dice)
    one_of_triple = next(i for i, d in enumerate(dice) if counts[d] >= 3)
    dud = next(i for i, d in enumerate(dice) if counts[d] < 3 and d not in (1, 5))
    # Issue 15: one die of a three of a kind takes the whole kind (its only legal use).
    page.locator(f"#ms-die-{one_of_triple}").click()
    kind = tuple(i for i, d in enumerate(dice) if d == dice[one_of_triple])
    for index in kind:
        expect(page.locator(f"#ms-die-{index}")).to_have_attribute("aria-pressed", "true")
    page.locator(f"#ms-die-{one_of_triple}").click()  # and puts it back down
    expect(page.locator("#ms-dice .die[aria-pressed=true]")).to_have_count(0)
    page.locator(f"#ms-die-{dud}").click()
    expect(page.locator("#ms-selection")).to_contain_text("scores nothing")
    expect(page.locator("#ms-bank")).to_be_disabled()
    expect(page.locator("#ms-again")).to_be_disabled()
    page.locator(f"#ms-die-{dud}").click()
    driver.pick(kind)
    expect(page.locator("#ms-selection")).to_contain_text(f"× {driver.state.roll_number} =")
    expect(page.locator("#ms-bank")).to_be_enabled()


def test_reload_mid_turn_shows_the_same_dice(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=4#mishimash")
    driver = MishimashDriver(page, ["Ana", "Bo"], 1000, 4)
    driver.start()
    driver.play_until(push_luck, lambda s: s.phase is engine.Phase.SELECT and s.roll_number == 2)
    page.reload()
    page.wait_for_selector("html[data-app-ready]", state="attached", timeout=60_000)
    expect(page.locator("#ms-dice .die:not([hidden])")).to_have_count(len(driver.state.dice))
    assert driver.shown_dice() == list(driver.state.dice)
    expect(page.locator("#ms-roll-info")).to_have_text("Roll 2 · ×2")
    driver.commit(best_selection(driver.state), "bank")  # and play goes on from there


def test_a_name_with_markup_is_shown_as_plain_text(page: Page, open_app: Open) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    nasty = "<img src=x onerror=alert(1)>"
    page.set_viewport_size(PHONE)
    open_app("?seed=2#mishimash")
    MishimashDriver(page, ["  Ana  ", nasty], 1000, 2).start()
    names = page.locator("#ms-players .name").all_text_contents()
    assert names == ["Ana", nasty]
    assert page.locator("#ms-players img").count() == 0
    # No image anywhere could fail to load and run the handler later.
    assert page.evaluate("[...document.images].filter(i => i.getAttribute('src') === 'x')") == []
    settled(page)
    assert dialogs == []


def test_a_turn_played_by_keyboard(page: Page, open_app: Open, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app("?seed=6#mishimash")
    driver = MishimashDriver(page, ["Ana", "Bo"], 1000, 6)
    driver.start()
    keyboard_to(page, "#ms-roll")
    page.keyboard.press("Enter")
    driver.state = engine.play(driver.state, engine.Roll())
    assert driver.state.phase is engine.Phase.SELECT  # seed 6 opens with 3-3-3 to take
    selection = best_selection(driver.state)
    for index in selection:
        die = page.locator(f"#ms-die-{index}")
        if die.get_attribute("aria-pressed") != "true":  # a kind goes up with its first die
            keyboard_to(page, f"#ms-die-{index}")
            page.keyboard.press("Space")
        expect(die).to_have_attribute("aria-pressed", "true")
    shot("mishimash-keyboard-390")
    keyboard_to(page, "#ms-bank")
    page.keyboard.press("Enter")
    driver.state = engine.play(driver.state, engine.Select(selection))
    driver.state = engine.play(driver.state, engine.Bank())
    total = english_number(page, driver.state.totals[0] / 2)
    expect(page.locator("#ms-players li").first.locator("strong")).to_have_text(total)
    assert current_player(page) == "Bo"


def test_four_seats_on_a_desktop_have_a_column_of_their_own(
    page: Page, open_app: Open, shot: Shot
) -> None:
    """Issue 28: at 1280 px four seats shared a phone's column ("Champi…"). Now the seats stand
    in a column beside the turn, each name whole on its line."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app("?seed=306#mishimash")
    driver = MishimashDriver(page, ["Ann", "Odds Otto", "Bea", "Champion Cubi"], 100, 306)
    driver.start()
    seats = page.locator("#ms-players li")
    boxes = [seats.nth(i).bounding_box() for i in range(4)]
    assert all(box is not None for box in boxes)
    lefts = {round(box["x"]) for box in boxes if box}
    assert len(lefts) == 1  # one column
    dice_or_roll = page.locator("#ms-roll").bounding_box()
    assert dice_or_roll is not None and boxes[0] is not None
    assert dice_or_roll["x"] >= boxes[0]["x"] + boxes[0]["width"]  # the turn beside it
    names = page.locator("#ms-players .name")
    heights = [names.nth(i).bounding_box()["height"] for i in range(4)]  # type: ignore[index]
    assert max(heights) < 1.5 * min(heights)  # "Champion Cubi" on one line, like "Ann"
    shot("mishimash-four-seats-1280")
