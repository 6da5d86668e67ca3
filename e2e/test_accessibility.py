"""Playable by everyone (issue 14): axe-core on every screen, focus, live regions, contrast,
reflow at 320 px and at 200 % zoom, a turn on a small phone, the page's structure."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.pure import daily
from app.pure.saved_game import MAGDAGDON, Saved
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash
from e2e.a11y import (
    axe_violations,
    broken_words,
    clipped,
    focus_report,
    new_page,
    open_at,
    shape_contrast,
    sideways_overflow,
    text_contrast,
)
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, keyboard_to
from e2e.magdagdon_driver import (
    MagdagdonDriver,
    first_game_with,
    magdagdon_before_last_confirm,
    placement_plan,
)
from e2e.mishimash_driver import (
    MishimashDriver,
    bank_at_once,
    best_selection,
    find_seed,
    mishimash_hunter,
    play_step,
)
from e2e.taps import tap
from e2e.waits import wait_until

Open = Callable[[str], Page]

DOC_SCREENS = ("rules-magdagdon", "rules-mishimash", "about-magdagdon", "about-mishimash")
MD_SEED = 10
MS_PLAYERS = ["Ana", "Bo"]
MS_TARGET = 30
# Headless Chromium may or may not have the Web Share API: SHARE takes the clipboard's path.
NO_WEB_SHARE = "delete Navigator.prototype.share; delete navigator.share;"
MD_GAME_KEY = "cubiri.magdagdon.game"


def busted(state: mishimash.State) -> bool:
    last = state.events[-1] if state.events else None
    return state.phase is mishimash.Phase.ROLL and isinstance(last, mishimash.Bust)


def after_a_mishimash(state: mishimash.State) -> bool:
    return state.phase is mishimash.Phase.SELECT and state.mishimashes >= 1


def mishimash_walk_seed() -> int:
    """A seed whose game, played by `mishimash_hunter`, shows a MISHIMASH, then a bust, then
    its end, in that order, within 20 actions: the walk's MISHIMASH states in a short game."""
    for seed in range(1, 500):
        state = mishimash.new_game(MS_PLAYERS, MS_TARGET, seed)
        waiting = [after_a_mishimash, busted]
        for _ in range(20):
            if waiting and waiting[0](state):
                waiting.pop(0)
            if state.phase is mishimash.Phase.OVER:
                break
            state = play_step(state, mishimash_hunter)
        if not waiting and state.phase is mishimash.Phase.OVER:
            return seed
    raise AssertionError("no seed found")


def go(page: Page, screen: str) -> None:
    page.evaluate("s => { location.hash = s }", f"#{screen}" if screen != "home" else "")
    expect(page.locator(f"#screen-{screen}")).to_be_visible()


def every_state(page: Page, base_url: str) -> Iterator[str]:
    """Walk every screen and the main states of both games; yield each state's name once it
    shows. The games are played with known seeds through the page. A name starting "keys:"
    is not a new state: it marks where a keyboard alone has just moved or dismissed something,
    and only the focus is looked at there."""
    open_at(page, base_url)
    yield "home"
    for screen in ("settings", "scores", *DOC_SCREENS):
        go(page, screen)
        yield screen
    yield from walkthroughs(page)
    go(page, "home")
    # A save that cannot be read: the notice above the screens (issue 18), closed by keyboard.
    page.evaluate("key => localStorage.setItem(key, '{')", MD_GAME_KEY)
    open_at(page, base_url, f"?seed={MD_SEED}#magdagdon")
    expect(page.locator("#notice")).to_be_visible()
    yield "notice"
    keyboard_to(page, "#notice-close")
    page.keyboard.press("Enter")
    expect(page.locator("#notice")).to_be_hidden()
    yield "keys:notice-closed"
    yield "magdagdon-roll"
    md = MagdagdonDriver(page, "peaceful", MD_SEED)
    md.roll()
    yield "magdagdon-place"
    plan = placement_plan(md.state)
    md.pick(plan[0][0])
    yield "magdagdon-picked"
    md.stage(*plan[0])
    yield "magdagdon-staged"
    page.locator("#md-hint").focus()
    page.keyboard.press("Enter")  # HINT: it thinks, then lights the cells; the focus stays
    expect(page.locator("#md-suggest")).to_be_visible()
    yield "magdagdon-hint"
    page.locator("#md-restart").click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    yield "confirm-dialog"
    page.locator("#confirm-cancel").click()
    for die, cell in plan[1:]:
        md.stage(die, cell)
    md.confirm()
    md.roll()  # seed 10's second roll is a MAGDAGDON (M16): the powers, then REROLL's choice
    assert md.state.phase is magdagdon.Phase.MAGDAGDON
    yield "magdagdon-magdagdon"
    tap(page.locator("#md-reroll"))
    tap(page.locator("#md-die-0"))
    expect(page.locator("#md-die-0")).to_have_attribute("data-status", "chosen")
    yield "magdagdon-reroll"
    tap(page.locator("#md-cancel"))
    page.locator("#md-primary").focus()
    page.keyboard.press("Enter")  # ACCEPT MAGDAGDON: now the cell for the RUIN
    expect(page.locator("#md-board [data-lit=true]").first).to_be_visible()
    yield "magdagdon-ruin"
    md.place_ruin()
    md.play_to_end()
    expect(page.locator("#md-end")).to_be_visible()
    expect(page.locator("#md-celebration")).to_be_visible()  # the first game is a new best
    yield "magdagdon-over"
    yield from daily_end(page)
    seed = mishimash_walk_seed()
    open_at(page, base_url, f"?seed={seed}#mishimash")
    yield "mishimash-setup"
    ms = MishimashDriver(page, MS_PLAYERS, MS_TARGET, seed)
    # A target typed wrong, START by keyboard: the setup says why, at the target.
    page.locator("input[name=ms-target][value=custom]").check(force=True)
    page.locator("#ms-custom").fill("0")
    page.locator("#ms-start").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#ms-setup-error")).not_to_be_empty()
    yield "mishimash-setup-error"
    ms.start()
    yield "mishimash-roll"
    ms.roll()
    if ms.state.phase is mishimash.Phase.SELECT:
        yield "mishimash-select"
        selection, _ = mishimash_hunter(ms.state)
        ms.pick(selection)
        yield "mishimash-picked"
    ms.play_until(mishimash_hunter, after_a_mishimash)
    expect(page.locator("#ms-event")).to_have_attribute("data-kind", "mishimash")
    yield "mishimash-mishimash"
    ms.play_until(mishimash_hunter, busted)
    yield "mishimash-bust"
    ms.play_until(mishimash_hunter, lambda s: s.phase is mishimash.Phase.OVER)
    yield "mishimash-over"
    # The offer of a new version (static/sw-client.js shows it when a new service worker
    # waits; the walk blocks service workers, so it is shown as that script shows it).
    page.evaluate("document.getElementById('update-banner').hidden = false")
    yield "update-banner"
    page.evaluate("document.getElementById('update-banner').hidden = true")
    go(page, "scores")
    yield "scores-filled"


def walkthroughs(page: Page) -> Iterator[str]:
    """Each game's first-game walkthrough (issue 16), opened from RULES, stepped and skipped by
    keyboard alone."""
    for game, roll in (("magdagdon", "#md-primary"), ("mishimash", "#ms-roll")):
        go(page, f"rules-{game}")
        keyboard_to(page, f"#tour-replay-{game}")
        page.keyboard.press("Enter")
        expect(page.locator(f"#tour-{game}")).to_be_visible()
        yield f"tour-{game}"
        page.keyboard.press("Enter")  # NEXT: the step that waits for ROLL
        expect(page.locator(f"#tour-{game}-next")).to_be_hidden()
        yield f"keys:tour-{game}-next"
        page.keyboard.press("Enter")  # ROLL, where the focus went
        expect(page.locator(f"{roll}.tour-target")).to_have_count(0)
        yield f"tour-{game}-rolled"
        keyboard_to(page, f"#tour-{game}-skip")
        page.keyboard.press("Enter")
        expect(page.locator(f"#tour-{game}")).to_be_hidden()
        yield f"keys:tour-{game}-skipped"


def daily_end(page: Page) -> Iterator[str]:
    """A past day's daily puzzle (practice), one CONFIRM from its end, comes from "another
    tab" (a `storage` event, issue 18): its notice, then the daily's end screen, SHARE and
    its "copied"."""
    day = date(2025, 6, 1)
    while True:
        seed = daily.daily_seed(day, "peaceful")
        try:
            state = magdagdon_before_last_confirm(seed)
            break
        except ValueError:
            day += timedelta(days=1)
    meta = daily.GameMeta(seed, "peaceful", day, practice=True)
    page.evaluate(
        """([gameKey, game]) => {
            localStorage.setItem(gameKey, game);
            window.dispatchEvent(new StorageEvent('storage', {key: gameKey}));
        }""",
        [MD_GAME_KEY, MAGDAGDON.dump(Saved(state, meta=meta), "another-tab")],
    )
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#md-daily")).to_be_visible()
    yield "notice-other-tab"
    tap(page.locator("#notice-close"))
    tap(page.locator("#md-primary"))  # CONFIRM: the daily is over
    expect(page.locator("#md-daily-end")).to_be_visible()
    page.locator("#md-share").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#md-share-status")).not_to_be_empty()
    yield "magdagdon-daily-end"
    page.locator("#md-bot-details summary").click(timeout=60_000)  # once the computer played
    expect(page.locator("#md-bot-board .md-mini-cell")).to_have_count(16)
    yield "magdagdon-bot-board"


# One walk per language serves every check of every state (issue 14) ---------------------------
# Walking the states boots the app three times; each language's walk is made once, and at every
# state it makes each check a test below asks of that language. The tests then assert on what was
# found, state by state, exactly as if each had walked on its own.
AXE_LANGUAGES = ("en", "hu")
STRUCTURE_LANGUAGES = ("hu",)  # the structure is one; its longest words
REFLOW_LANGUAGES = ("en", "hu", "pt", "vi")
NARROW = ({"width": 320, "height": 640}, {"width": 195, "height": 422})  # 320 px, 200 % of 390


SETTLED = """async () => {
    const finite = document.getAnimations().filter(a => a.playState === 'running'
        && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    const cap = new Promise(resolve => setTimeout(resolve, 3000));
    await Promise.race([Promise.all(finite.map(a => a.finished.catch(() => null))), cap]);
}"""


@dataclass
class Seen:
    """What one state showed: axe-core's violations, the page's structure, its reflow."""

    axe: list[str] | None = None
    mains: int = 0
    levels: list[int] = field(default_factory=list)
    option_langs: list[str] = field(default_factory=list)
    reflow: dict[str, object] = field(default_factory=dict)
    focus: dict[str, object] = field(default_factory=dict)


@dataclass
class Sweep:
    states: dict[str, Seen]
    axe_version: str | None
    keys: dict[str, dict[str, object]] = field(default_factory=dict)  # focus at each "keys:"


def walk(browser: Browser, base_url: str, language: str) -> Sweep:
    """Walk `every_state` once in `language`, checking at each state what the tests ask of it."""
    page = new_page(browser, base_url, language, PHONE)
    # SHARE copies the daily's result: the clipboard, the path a test can take everywhere.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.add_init_script(NO_WEB_SHARE)
    states: dict[str, Seen] = {}
    keys: dict[str, dict[str, object]] = {}
    for state in every_state(page, base_url):
        if state.startswith("keys:"):
            keys[state.removeprefix("keys:")] = focus_report(page)
            continue
        seen = states.setdefault(state, Seen())
        seen.focus = focus_report(page)
        # Reflow is judged on the settled page: a new best's banner grows to 108 % for a moment
        # as it enters (then settles at its size), which is not text cut off.
        if language in REFLOW_LANGUAGES:
            page.evaluate(SETTLED)
            for size in NARROW:
                page.set_viewport_size(size)
                where = f"{state}@{size['width']}"
                overflow = sideways_overflow(page)
                if overflow > 0:
                    seen.reflow[where] = overflow
                cut = clipped(page, "body")
                if cut:
                    seen.reflow[f"{where} clipped"] = cut
                broken = broken_words(page, "body") if size["width"] >= 320 else []
                if broken:  # at 195 px a long word may have to break
                    seen.reflow[f"{where} broken"] = broken
            page.set_viewport_size(PHONE)
        if language in AXE_LANGUAGES:
            seen.axe = axe_violations(page)
        if language in STRUCTURE_LANGUAGES:
            seen.mains = page.locator("main").count()
            seen.levels = headings(page)
            if state == "settings":
                options = page.locator("#language-select option")
                seen.option_langs = options.evaluate_all("os => os.map(o => o.lang)")
    version = str(page.evaluate("axe.version")) if language in AXE_LANGUAGES else None
    page.context.close()
    return Sweep(states, version, keys)


@pytest.fixture(scope="module")
def sweeps() -> dict[str, Sweep]:
    """Each language's walk, made by the first test that asks for it (see `swept`)."""
    return {}


def swept(sweeps: dict[str, Sweep], browser: Browser, base_url: str, language: str) -> Sweep:
    if language not in sweeps:
        sweeps[language] = walk(browser, base_url, language)
    return sweeps[language]


def walk_group(language: str) -> pytest.MarkDecorator:
    """The tests that read one language's walk run in one test process (`make test` runs
    several, pytest-xdist's loadgroup), so the walk is made once."""
    return pytest.mark.xdist_group(f"walk-{language}")


def per_walk(languages: tuple[str, ...]) -> list[Any]:
    return [pytest.param(language, marks=walk_group(language)) for language in languages]


@pytest.mark.parametrize("language", per_walk(AXE_LANGUAGES))
def test_axe_finds_no_wcag_violation_on_any_screen_or_state(
    browser: Browser, base_url: str, sweeps: dict[str, Sweep], language: str
) -> None:
    sweep = swept(sweeps, browser, base_url, language)
    found = {state: seen.axe for state, seen in sweep.states.items() if seen.axe}
    assert all(seen.axe is not None for seen in sweep.states.values())  # every state audited
    assert sweep.axe_version == "4.14.1"  # it ran: the pinned version
    assert {"tour-magdagdon", "notice", "mishimash-mishimash", "scores-filled"} <= set(sweep.states)
    assert found == {}


def test_axe_finds_no_violation_before_python_on_a_computers_turn_and_at_a_solo_end(
    browser: Browser, base_url: str
) -> None:
    """States the walk does not reach (an audit listed them): the shell while Pyodide loads,
    a computer's MISHIMASH turn as it plays (the person's buttons disabled), a solo end."""
    page = new_page(browser, base_url, "en", PHONE)
    held: list[Any] = []
    page.route("**/py/main.py", lambda route: held.append(route))  # Python not there yet
    # A seed whose first roll scores, so the computer's turn is still on when it is audited.
    page.goto(base_url + "?seed=0", wait_until="domcontentloaded")
    expect(page.get_by_role("status")).to_be_visible()  # the loading bar
    found = {"loading": axe_violations(page)}
    wait_until(page, lambda: held, "the page to ask for py/main.py")
    page.unroute("**/py/main.py")
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)

    go(page, "mishimash")
    page.locator("#ms-names select[data-seat='0']").select_option("cautious")
    page.locator("#ms-add").click()
    page.locator("#ms-names input[data-player='1']").fill("Ana")
    page.locator("#ms-start").click()
    expect(page.locator("#ms-players li.current .name")).not_to_have_text("Ana")
    expect(page.locator("#ms-dice .die:not([hidden])").first).to_be_visible(timeout=30_000)
    expect(page.locator("#ms-bank")).to_be_disabled()  # the person only watches
    found["mishimash-computer-turn"] = axe_violations(page)

    page.context.close()

    seed = 3  # a new visitor: one seat, a person
    page = new_page(browser, base_url, "en", PHONE)
    open_at(page, base_url, f"?seed={seed}#mishimash")
    solo = MishimashDriver(page, ["Ana"], 30, seed)
    solo.start()
    solo.play_until(bank_at_once, lambda s: s.phase is mishimash.Phase.OVER)
    expect(page.locator("#ms-celebration")).to_be_visible()
    found["mishimash-solo-over"] = axe_violations(page)
    page.context.close()
    assert found == {"loading": [], "mishimash-computer-turn": [], "mishimash-solo-over": []}


# Where the focus is in the states the walk shows, and after a key moved or dismissed something
# there (issue 14): on a visible control that takes it, never on <body>.
FOCUS_AT = {
    "tour-magdagdon": "#tour-magdagdon-next",  # a walkthrough starts on its NEXT
    "tour-magdagdon-next": "#md-primary",  # NEXT hid itself: on to the ROLL it points at
    "tour-magdagdon-skipped": "#md-primary",
    "tour-mishimash": "#tour-mishimash-next",
    "tour-mishimash-next": "#ms-roll",
    # The setup from its top (helper-30 at 320×568 landed on START, the players above it).
    "tour-mishimash-skipped": "#mishimash-title",
    "magdagdon-hint": "#md-hint",  # HINT thought without dropping the focus
    "magdagdon-ruin": "#md-cell-2",  # ACCEPT MAGDAGDON: on the first cell the RUIN can take
    "notice-other-tab": "#magdagdon-title",  # the end screen it was on went with the old game
    "notice-closed": "#magdagdon-title",  # the notice closed: back to the top of the screen
    "magdagdon-daily-end": "#md-share",  # SHARE said "copied" and keeps the focus
    "mishimash-setup-error": "#ms-custom",  # START refused: on the target to mend
}


@walk_group("en")
def test_walkthroughs_notices_and_share_take_the_keyboard_and_let_it_go(
    browser: Browser, base_url: str, sweeps: dict[str, Sweep]
) -> None:
    sweep = swept(sweeps, browser, base_url, "en")
    found = {**{name: seen.focus for name, seen in sweep.states.items()}, **sweep.keys}
    where = {name: found[name].get("where") for name in FOCUS_AT}
    assert where == FOCUS_AT
    assert all(found[name]["ok"] for name in FOCUS_AT), {n: found[n] for n in FOCUS_AT}


# Focus (issue 14): after every key, on a visible control that takes it ---------------------------
def press(page: Page, key: str) -> None:
    """Press `key`, then check the focus landed somewhere a player can see and use."""
    page.keyboard.press(key)
    report = focus_report(page)
    assert report["ok"], f"after {key}: focus on {report}"


def tab_to(page: Page, selector: str) -> None:
    """Tab (then Shift+Tab) to `selector`, checking the focus after every press."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(30):
            if page.evaluate("s => document.activeElement.matches(s)", selector):
                return
            press(page, key)
    raise AssertionError(f"{selector} cannot be reached by keyboard")


def focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement.id"))


def test_a_whole_magdagdon_turn_by_keyboard_keeps_the_focus_in_play(
    page: Page, open_app: Open
) -> None:
    page.set_viewport_size(PHONE)
    open_app(f"?seed={MD_SEED}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", MD_SEED)
    tab_to(page, "#md-primary")
    press(page, "Enter")  # ROLL: the primary becomes a disabled CONFIRM; the focus goes on
    driver.state = magdagdon.play(driver.state, magdagdon.Roll())
    expect(page.locator("#md-die-0")).to_have_text(str(driver.state.dice[0]))
    assert focused(page) == "md-die-0"
    for die, cell in placement_plan(driver.state):
        if page.locator(f"#md-die-{die}").get_attribute("aria-pressed") != "true":
            tab_to(page, f"#md-die-{die}")
            press(page, "Enter")
        at = int(page.evaluate("document.activeElement.dataset.cell"))
        assert cell in driver.state.legal_cells(die)
        (row, col), (to_row, to_col) = divmod(at, 4), divmod(cell, 4)
        for _ in range(abs(to_row - row)):
            press(page, "ArrowDown" if to_row > row else "ArrowUp")
        for _ in range(abs(to_col - col)):
            press(page, "ArrowRight" if to_col > col else "ArrowLeft")
        assert focused(page) == f"md-cell-{cell}"
        press(page, "Enter")  # stage: on to the next lit cell, or CONFIRM
        driver.state = magdagdon.play(driver.state, magdagdon.Stage(die, cell))
        expect(page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")
    tab_to(page, "#md-primary")
    press(page, "Enter")  # CONFIRM: the same button is ROLL now, and keeps the focus
    driver.state = magdagdon.play(driver.state, magdagdon.Confirm())
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    assert focused(page) == "md-primary"
    # The button stayed under the focus but changed meaning: it says it is off for a moment
    # (issue 15's tap guard, aria-disabled), then ROLL takes the press.
    expect(page.locator("#md-primary")).not_to_have_attribute("aria-disabled", "true")
    press(page, "Enter")
    driver.state = magdagdon.play(driver.state, magdagdon.Roll())
    phase = driver.state.phase.value  # seed 10's second roll is a MAGDAGDON (M16)
    expect(page.locator("#md-primary")).to_have_attribute("data-phase", phase)
    assert focused(page) == "md-die-0"  # a power can still save it: the dice come first


def die_fitting_nowhere() -> tuple[int, int, int]:
    """(seed, turn, die): a PEACEFUL roll in PLACE on `turn` with a die that fits no cell."""
    for seed in range(1, 200):
        state = magdagdon.new_game("peaceful", seed)
        for turn in range(1, 17):
            state = magdagdon.play(state, magdagdon.Roll())
            if state.phase is not magdagdon.Phase.PLACE:
                break
            stuck = [d for d in state.available if not state.legal_cells(d)]
            if stuck:
                return seed, turn, stuck[0]
            for die, cell in placement_plan(state):
                state = magdagdon.play(state, magdagdon.Stage(die, cell))
            state = magdagdon.play(state, magdagdon.Confirm())
    raise AssertionError("no roll with a die that fits nowhere")


def test_a_die_that_fits_nowhere_keeps_the_focus_and_says_why(page: Page, open_app: Open) -> None:
    seed, turn, die = die_fitting_nowhere()
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.roll_on_turn(turn)
    page.locator(f"#md-die-{die}").focus()
    press(page, "Enter")
    value = driver.state.dice[die]
    assert focused(page) == f"md-die-{die}"  # not a staged cell: Enter there takes a die back
    expect(page.locator("#announcer")).to_have_text(
        f"A {value} fits nowhere right now. Pick another die or take one back."
    )


def roll_again_then_bank(players: list[str]) -> int:
    """A seed whose first turn can take, ROLL AGAIN, take again and BANK without a bust."""
    for seed in range(1, 300):
        state = mishimash.new_game(players, 1000, seed)
        state = mishimash.play(state, mishimash.Roll())
        if state.phase is not mishimash.Phase.SELECT:
            continue
        state = mishimash.play(state, mishimash.Select(best_selection(state)))
        state = mishimash.play(state, mishimash.RollAgain())
        if state.phase is mishimash.Phase.SELECT:
            return seed
    raise AssertionError("no seed found")


def test_a_whole_mishimash_turn_by_keyboard_keeps_the_focus_in_play(
    page: Page, open_app: Open
) -> None:
    players = ["Ana", "Bo"]
    seed = roll_again_then_bank(players)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, players, 1000, seed)
    driver.start()
    assert focused(page) == "ms-roll"  # START puts the focus on ROLL
    for choice in ("again", "bank"):
        if choice == "again":
            press(page, "Enter")  # ROLL
            driver.state = mishimash.play(driver.state, mishimash.Roll())
        expect(page.locator("#ms-dice .die:not([hidden])")).to_have_count(len(driver.state.dice))
        assert focused(page) == "ms-die-0"
        selection = best_selection(driver.state)
        for index in selection:
            die = page.locator(f"#ms-die-{index}")
            if die.get_attribute("aria-pressed") != "true":
                tab_to(page, f"#ms-die-{index}")
                press(page, "Space")
            expect(die).to_have_attribute("aria-pressed", "true")
        tab_to(page, "#ms-again" if choice == "again" else "#ms-bank")
        press(page, "Enter")
        driver.state = mishimash.play(driver.state, mishimash.Select(selection))
        action = mishimash.RollAgain() if choice == "again" else mishimash.Bank()
        driver.state = mishimash.play(driver.state, action)
    expect(page.locator("#ms-players li.current .name")).to_have_text("Bo")
    assert focused(page) == "ms-roll"  # BANK: ROLL for the next player, where BANK stood
    # It says it is off for a moment (issue 15: a double tap on BANK never rolls), then rolls.
    expect(page.locator("#ms-roll")).not_to_have_attribute("aria-disabled", "true")
    press(page, "Enter")
    driver.state = mishimash.play(driver.state, mishimash.Roll())
    if driver.state.phase is mishimash.Phase.SELECT:
        expect(page.locator("#ms-dice .die:not([hidden])")).to_have_count(len(driver.state.dice))
        assert focused(page) == "ms-die-0"


@pytest.mark.parametrize("screen", ["settings", "scores", "magdagdon", "mishimash", *DOC_SCREENS])
def test_opening_a_screen_puts_the_focus_on_its_heading_and_names_the_tab(
    page: Page, open_app: Open, screen: str
) -> None:
    page.set_viewport_size(PHONE)
    open_app("")
    assert page.title() == "Cubiri"
    opener = page.locator(f"#screen-home [data-open='{screen}']").first
    if opener.count():
        opener.focus()
        press(page, "Enter")
    else:
        go(page, screen)
    expect(page.locator(f"#screen-{screen}")).to_be_visible()
    heading = page.locator(f"#screen-{screen} h1")
    assert focused(page) == heading.get_attribute("id")
    text = " ".join((heading.text_content() or "").split())
    assert page.title() == f"{text} · Cubiri"
    press(page, "Shift+Tab")  # from the heading, back to the screen's back button


# Structure (issue 14) -------------------------------------------------------------------------
def headings(page: Page) -> list[int]:
    """The levels of the visible headings, in document order."""
    levels: list[int] = page.evaluate(
        """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
            .filter(h => h.getClientRects().length > 0)
            .map(h => Number(h.tagName[1]))"""
    )
    return levels


@pytest.mark.parametrize("language", per_walk(STRUCTURE_LANGUAGES))
def test_one_main_an_h1_per_screen_headings_in_order_and_languages_named_in_their_own(
    browser: Browser, base_url: str, sweeps: dict[str, Sweep], language: str
) -> None:
    sweep = swept(sweeps, browser, base_url, language)
    assert "mishimash-over" in sweep.states
    for state, seen in sweep.states.items():
        assert seen.mains == 1, state
        levels = seen.levels
        if state == "confirm-dialog":
            levels = levels[-1:]  # the dialog's own heading, over the page
            assert levels == [2], state
            continue
        assert levels[:1] == [1] and levels.count(1) == 1, (state, levels)
        assert all(b <= a + 1 for a, b in pairwise(levels)), (state, levels)
        if state == "settings":
            assert seen.option_langs == [
                "en",
                "hu",
                "pt-PT",
                "vi",
            ]  # European Portuguese (issue 29)


def test_arrowing_through_the_difficulties_asks_once_the_player_settles(
    page: Page, open_app: Open
) -> None:
    page.set_viewport_size(PHONE)
    open_app(f"?seed={MD_SEED}#magdagdon")
    MagdagdonDriver(page, "peaceful", MD_SEED).roll()  # a game in progress
    go(page, "settings")
    page.locator("input[name=difficulty][value=peaceful]").focus()
    dialog = page.locator("#confirm-dialog")
    for _ in range(2):
        press(page, "ArrowDown")  # survival, then nightmare: no question at each step
        expect(dialog).to_be_hidden()
    assert page.locator("input[name=difficulty]:checked").get_attribute("value") == "nightmare"
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("NIGHTMARE")
    page.locator("#confirm-cancel").click()
    # KEEP PLAYING: the game's own difficulty is checked again.
    expect(page.locator("input[name=difficulty][value=peaceful]")).to_be_checked()


# Live region (issue 14): one sentence per event, each once -----------------------------------
def said(page: Page) -> str:
    return " ".join((page.locator("#announcer").text_content() or "").split())


def expect_said(page: Page, text: str) -> None:
    expect(page.locator("#announcer")).to_have_text(text)
    sentences = [s for s in text.replace("!", ".").split(". ") if s]
    assert len(sentences) == len(set(sentences)), f"a sentence said twice: {text}"


def m12_take_back() -> tuple[int, int, tuple[int, int], tuple[int, int]]:
    """(seed, turn, first, second): a PEACEFUL roll on `turn` where staging `second` = (die,
    cell) needs the die staged `first`, so taking the first back takes the second too (M12)."""
    for seed in range(1, 300):
        state = magdagdon.new_game("peaceful", seed)
        for turn in range(1, 5):
            state = magdagdon.play(state, magdagdon.Roll())
            if state.phase is not magdagdon.Phase.PLACE:
                break
            for die in state.available:
                for cell in state.legal_cells(die):
                    first = magdagdon.play(state, magdagdon.Stage(die, cell))
                    for other in first.available:
                        for spot in set(first.legal_cells(other)) - set(state.legal_cells(other)):
                            second = magdagdon.play(first, magdagdon.Stage(other, spot))
                            back = magdagdon.play(second, magdagdon.Unstage(cell))
                            if (other, spot) not in back.staged:
                                return seed, turn, (die, cell), (other, spot)
            for d, c in placement_plan(state):
                state = magdagdon.play(state, magdagdon.Stage(d, c))
            state = magdagdon.play(state, magdagdon.Confirm())
    raise AssertionError("no M12 take-back found")


def cell_en(index: int) -> str:
    row, col = divmod(index, 4)
    return f"Row {row + 1}, column {col + 1}"


def test_magdagdon_events_are_said_once_each_in_whole_sentences(page: Page, open_app: Open) -> None:
    seed, turn, (die, cell), (other, spot) = m12_take_back()
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.roll_on_turn(turn)
    dice = driver.state.dice
    expect_said(page, f"Rolled {', '.join(map(str, dice))}.")
    driver.stage(die, cell)
    auto = next((d for d in driver.state.available if driver.state.legal_cells(d)), None)
    placed = f"{cell_en(cell)}: {dice[die]} placed."
    if auto is not None:
        placed += f" Die {auto + 1} ({dice[auto]}) is picked next."
    expect_said(page, placed)
    driver.stage(other, spot)
    driver.unstage(cell)  # the second die needed the first (M12): both come back, both said
    expect_said(
        page,
        f"{cell_en(cell)}: {dice[die]} taken back. {cell_en(spot)}: {dice[other]} taken back"
        " too, it fitted only next to that die.",
    )
    # A die is read once: its name, and its pressed state; never "picked" in the name too.
    driver.pick(die)
    expect(page.locator(f"#md-die-{die}")).to_have_attribute(
        "aria-label", f"Die {die + 1}: {dice[die]}"
    )
    for d, c in placement_plan(driver.state):
        driver.stage(d, c)
    driver.confirm()
    score = driver.state.score().final
    expect_said(page, f"Turn confirmed. Score: {score}.")


def test_mishimash_events_are_said_once_each_in_whole_sentences(page: Page, open_app: Open) -> None:
    players = ["Ana", "Bo"]
    seed = find_seed(players, MS_TARGET, bank_at_once, busted)
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, players, MS_TARGET, seed)
    driver.start()
    bust_seen = False
    while not bust_seen:
        before = driver.state
        driver.roll()
        state = driver.state
        name = before.players[before.current]
        if state.phase is mishimash.Phase.SELECT:
            expect_said(page, f"{name} rolled {', '.join(map(str, state.dice))}.")
            selection, _ = bank_at_once(state)
            die = page.locator(f"#ms-die-{selection[0]}")
            die.click()
            expect(die).to_have_attribute(
                "aria-label", f"Die {selection[0] + 1}: {state.dice[selection[0]]}"
            )
            shown = (page.locator("#ms-selection").text_content() or "").rstrip(".") + "."
            # The dice picked (a tap can pick a whole set), then what they are worth.
            expect(page.locator("#ms-dice [aria-pressed=true]")).not_to_have_count(0)
            expect(page.locator("#announcer")).to_have_text(re.compile(r"^Picked .*\. "))
            expect(page.locator("#announcer")).to_contain_text(shown)
            assert said(page).split(". ", 1)[1].startswith(("Selection ", "Every die"))
            driver.commit(selection, "bank")
            event = page.locator("#ms-event").text_content()
            assert event and event.startswith(f"{name} banks ")
            other = driver.state.players[driver.state.current]
            if driver.state.phase is not mishimash.Phase.OVER:
                expect_said(page, f"{event} Now it is {other}'s turn.")
        else:
            bust = state.events[-1]
            assert isinstance(bust, mishimash.Bust)
            bust_seen = True
            lost = page.locator("#ms-event").text_content()
            assert lost and lost.startswith("BUST!")
            other = state.players[state.current]
            expect_said(
                page,
                f"{name} rolled {', '.join(map(str, bust.dice))}: nothing scores. {lost}"
                f" Now it is {other}'s turn.",
            )


# Contrast (issue 14): ≥ 4.5:1 for text, ≥ 3:1 for cells and controls, from computed colours ----
TEXT = 4.5
SHAPE = 3.0


def measure(page: Page, texts: list[str], shapes: list[str]) -> dict[str, float]:
    """Every ratio, printed for the report; the failing ones are returned."""
    low: dict[str, float] = {}
    for selector in texts:
        ratio = text_contrast(page, selector)
        print(f"contrast text  {ratio:5.2f}  {selector}")
        if ratio < TEXT:
            low[selector] = ratio
    for selector in shapes:
        ratio = shape_contrast(page, selector)
        print(f"contrast shape {ratio:5.2f}  {selector}")
        if ratio < SHAPE:
            low[selector] = ratio
    return low


def test_contrast_of_the_cards_buttons_banners_and_cells(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app("")
    low = measure(
        page,
        [
            f".card-{game} .{part}"
            for game in ("magdagdon", "mishimash")
            for part in ("card-badge", "card-title", "card-text")
        ]
        + [".tagline", ".card-links button", ".home-links .settings-entry"],
        [],
    )
    seed, turn = first_game_with("peaceful", "magdagdon")
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    empty = next(i for i, v in enumerate(driver.state.board) if v == 0)
    low |= measure(page, ["#md-primary", "#md-turn", "#md-score", "#md-message"], [])
    low |= measure(page, [], [f"#md-cell-{empty}", "#md-primary"])
    driver.roll_on_turn(turn)
    assert driver.state.phase is magdagdon.Phase.MAGDAGDON
    expect(page.locator("#md-primary")).to_have_text("ACCEPT MAGDAGDON")
    empty = next(i for i, v in enumerate(driver.state.board) if v == 0)
    low |= measure(page, ["#md-primary", "#md-message", "#md-die-0"], [f"#md-cell-{empty}"])
    page.locator("#md-reroll").click()
    page.locator("#md-die-0").click()  # chosen for REROLL: light digits on the red gradient
    expect(page.locator("#md-die-0")).to_have_attribute("data-status", "chosen")
    low |= measure(page, ["#md-die-0", "#md-decrease"], [])

    def after_mishimash(state: mishimash.State) -> bool:
        return state.phase is mishimash.Phase.SELECT and state.mishimashes == 1

    ms_seed = find_seed(["Ana"], 1000, mishimash_hunter, after_mishimash)
    open_app(f"?seed={ms_seed}#mishimash")
    ms = MishimashDriver(page, ["Ana"], 1000, ms_seed)
    ms.start()
    ms.play_until(mishimash_hunter, after_mishimash)
    expect(page.locator("#ms-event")).to_have_attribute("data-kind", "mishimash")
    low |= measure(page, ["#ms-event", "#ms-selection", "#ms-target", "#ms-die-0", "#ms-bank"], [])
    assert low == {}


# Reflow (issue 14): 320 CSS px, and 200 % zoom of a 390 px phone (195 px) -------------------
@pytest.mark.parametrize("language", per_walk(REFLOW_LANGUAGES))
def test_every_screen_reflows_at_320_and_195_px_in_every_language(
    browser: Browser, base_url: str, sweeps: dict[str, Sweep], language: str
) -> None:
    sweep = swept(sweeps, browser, base_url, language)
    assert "mishimash-over" in sweep.states
    problems: dict[str, object] = {}
    for seen in sweep.states.values():
        problems |= seen.reflow
    for where, what in problems.items():
        print(f"reflow {language} {where}: {what}")
    assert problems == {}


# A turn on a small phone (issue 14): every control of the turn in view, without scrolling -----
SMALL_PHONE = {"width": 375, "height": 667}


def out_of_view(page: Page, selectors: list[str]) -> dict[str, float]:
    """The controls whose box is not wholly inside the viewport, with their bottom edge."""
    found: dict[str, float] = page.evaluate(
        """selectors => {
            const out = {};
            for (const s of selectors) for (const el of document.querySelectorAll(s)) {
                if (el.closest('[hidden]')) continue;
                const box = el.getBoundingClientRect();
                if (box.top < 0 || box.bottom > innerHeight || box.left < 0
                    || box.right > innerWidth)
                    out[el.id || s] = Math.round(box.bottom);
            }
            return out;
        }""",
        selectors,
    )
    return found


MD_TURN = [".md-cell", "#md-dice .die", "#md-primary", "#md-decrease", "#md-increase", "#md-reroll"]
MS_TURN = ["#ms-dice .die", "#ms-bank", "#ms-again", "#ms-roll"]


def test_every_control_of_a_turn_is_in_view_on_a_375_by_667_phone(
    page: Page, open_app: Open, shot: Callable[[str], object]
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    open_app(f"?seed={MD_SEED}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", MD_SEED)
    assert out_of_view(page, MD_TURN) == {}
    driver.roll()
    plan = placement_plan(driver.state)
    driver.stage(*plan[0])
    page.evaluate("window.scrollTo(0, 0)")
    shot("a11y-magdagdon-turn-375x667")
    assert out_of_view(page, MD_TURN) == {}
    page.locator("#md-reroll").click()  # REROLL mode: CANCEL joins the turn's controls
    page.evaluate("window.scrollTo(0, 0)")
    assert out_of_view(page, [*MD_TURN, "#md-cancel"]) == {}

    players = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gil", "Hal"]
    seed = find_seed(players, 60, bank_at_once, lambda s: s.phase is mishimash.Phase.SELECT)
    open_app(f"?seed={seed}#mishimash")
    ms = MishimashDriver(page, players, 60, seed)
    ms.start()
    page.evaluate("window.scrollTo(0, 0)")
    assert out_of_view(page, MS_TURN) == {}
    ms.roll()
    page.evaluate("window.scrollTo(0, 0)")
    shot("a11y-mishimash-turn-375x667")
    assert out_of_view(page, MS_TURN) == {}


def test_line_sums_and_bonuses_are_read_with_the_board(page: Page, open_app: Open) -> None:
    page.set_viewport_size(PHONE)
    open_app(f"?seed={MD_SEED}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", MD_SEED)
    driver.play_turn()
    board = driver.state.board
    row_sum = sum(v for v in board[:4] if v > 0)
    expect(page.get_by_role("gridcell", name=f"Sum of row 1: {row_sum}")).to_have_count(1)
    col_sum = sum(board[i] for i in range(0, 16, 4) if board[i] > 0)
    expect(page.locator("#md-col-sum-0")).to_have_text(f"Sum of column 1: {col_sum}")
