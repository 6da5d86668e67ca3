"""Reviews of games in the page (issue 25): MAGDAGDON's end screen against the computer on the
same dice, turn by turn; STATISTICS' YOUR GAMES, each game opening onto its review; the
reviews' notes kept in the history, so STATISTICS shows how often you beat the computer and
the points your MISHIMASH decisions gave up; the dice filter; one line when there is no game.

Every number is recounted here from the games themselves (their moves replayed with the
engine, the computer's game played again in CPython), not read back from the page's modules."""

from __future__ import annotations

import json
import random
import statistics as stats
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.pure import history
from app.pure.i18n import english_number, load_translator
from app.pure.magdagdon_help import BotGame
from cubiri.dice import TYPED
from cubiri.kernel import Dice, action_from_dict
from cubiri.magdagdon import game as magdagdon
from cubiri.mishimash import game as mishimash
from cubiri.mishimash import odds
from e2e.a11y import axe_violations, new_page, open_at
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, both_sizes
from e2e.magdagdon_driver import MagdagdonDriver
from tests.test_stats_view import played

Open = Callable[[str], Page]
Shot = Callable[[str], Path]
COMPUTER_MS = 90_000  # the computer's game on the same dice, in slices, in Pyodide


def running_scores(game: dict[str, Any]) -> list[int]:
    """The board's score after each turn (M20–M24), replayed from the game's moves."""
    state = magdagdon.new_game(game["difficulty"], game["seed"], game["dice_scheme"])
    scores = []
    for raw in game["log"]:
        turns = state.turns
        state = magdagdon.ENGINE.apply(state, action_from_dict(magdagdon.ENGINE.kinds, raw))
        if state.turns > turns:
            scores.append(state.score().final)
    return scores


def computer_on(seed: int, difficulty: str = "peaceful") -> magdagdon.State:
    game = BotGame(seed, difficulty)
    while not game.step(10.0):
        pass
    return game.state


def stored_history(page: Page) -> list[history.Entry]:
    entries, problems = history.parse(page.evaluate("localStorage.getItem('cubiri.history')"))
    assert problems == []
    return entries


def test_the_magdagdon_end_screen_reviews_the_game_against_the_computer_turn_by_turn(
    page: Page, open_app: Open, shot: Shot
) -> None:
    seed = 11
    page.set_viewport_size(PHONE)
    open_app(f"?seed={seed}#magdagdon")
    driver = MagdagdonDriver(page, "peaceful", seed)
    driver.play_to_end()
    computer = computer_on(seed)
    mine = running_scores(magdagdon.to_dict(driver.state))
    its = running_scores(magdagdon.to_dict(computer))
    review = page.locator("#md-review")
    expect(review).to_be_visible(timeout=COMPUTER_MS)
    review.locator("summary").click()
    final, best = driver.state.score().final, computer.score().final
    expect(review.locator(".md-review-summary")).to_contain_text(
        f"You scored {final}, the computer {best} on the same dice"
    )
    rows = review.locator("tr[data-turn]")
    expect(rows).to_have_count(max(len(mine), len(its)))
    for index, row in enumerate(rows.all()):
        you, it = row.locator("td").all_text_contents()[1:]
        # Below zero with the minus sign, as the board writes a score (helper-24 read "-12").
        assert you == (english_number(mine[index]) if index < len(mine) else "–")
        assert it == (english_number(its[index]) if index < len(its) else "–")
    # The turns where the computer gained most: its step less the player's, both games on.
    steps = [
        (its[i] - (its[i - 1] if i else 0)) - (mine[i] - (mine[i - 1] if i else 0))
        for i in range(min(len(mine), len(its)))
    ]
    expected = sorted((t + 1 for t, s in enumerate(steps) if s > 0), key=lambda t: -steps[t - 1])
    shown = [
        int(str(n))
        for n in review.locator(".md-review-gains > li").evaluate_all(
            "items => items.map(item => item.dataset.turn)"
        )
    ]
    assert shown == expected[:3]
    first = review.locator(".md-review-gains > li").first
    expect(first.locator(".md-mini")).to_have_count(2)  # the two boards after that turn
    # Boards to read, not grids to enter (an audit's reader was offered grids it could not
    # enter, their empty cells unnamed).
    expect(first.get_by_role("table")).to_have_count(2)
    expect(first.get_by_role("grid")).to_have_count(0)
    empty = first.locator(".md-mini-cell[data-kind=empty]")
    if empty.count():
        expect(empty.first).to_have_attribute("aria-label", "empty")
    # The computer's score is kept with the game, for STATISTICS.
    (entry,) = stored_history(page)
    assert entry.computer == best
    # A small board's digits sit in the middle of their cells, as the computer's board's do
    # (an audit saw them pushed left, into the outline of the cells just placed).
    cell = first.locator(".md-mini-cell").first
    assert cell.evaluate("c => getComputedStyle(c).textAlign") == "center"
    shot("magdagdon-review-390")
    # At 320 px the column heads stay whole words (an audit read "Tu / rn" for Turn).
    page.set_viewport_size({"width": 320, "height": 640})
    lines = review.locator("th[scope=col]").evaluate_all(
        """heads => heads.map(h => {
            const range = document.createRange();
            range.selectNodeContents(h);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        })"""
    )
    assert lines == [1] * len(lines), lines
    page.set_viewport_size({"width": 1280, "height": 800})
    shot("magdagdon-review-1280")


def typed_mishimash() -> history.Entry:
    """A MISHIMASH of two people with real dice: each throw typed (here drawn by a test's own
    generator), each decision the coach's."""
    rng = random.Random(4)
    state = mishimash.new_game(["Ana", "Bela"], 40, 0, TYPED)
    while not state.over:
        throw = mishimash.ENGINE.throw(state)
        if throw is not None:
            dice = tuple(rng.randint(1, 6) for _ in range(throw.count))
            state = mishimash.ENGINE.apply(state, Dice(dice))
        elif state.phase is mishimash.Phase.ROLL:
            state = mishimash.play(state, mishimash.Roll())
        elif state.phase is mishimash.Phase.SELECT:
            state = mishimash.play(state, mishimash.Select(selection(state)))
        else:
            state = mishimash.play(state, mishimash.Bank())
    return history.entry_for("mishimash", "typed-1", "2026-04-09T09:00:00Z", state)


def selection(state: mishimash.State) -> tuple[int, ...]:
    best = odds.selections(state.dice, state.turn_halves / 2, state.roll_number, state.mishimashes)
    taken, chosen = list(best[0].values), []
    for index, value in enumerate(state.dice):
        if value in taken:
            taken.remove(value)
            chosen.append(index)
    return tuple(chosen)


def with_history(page: Page, base_url: str, entries: list[history.Entry]) -> None:
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("t => localStorage.setItem('cubiri.history', t)", history.dump(entries))


def figure(page: Page, section: str, ident: str) -> str:
    return str(page.locator(f"#{section} [data-figure={ident}] dd").text_content())


def test_statistics_review_every_game_and_keep_what_the_reviews_found(
    page: Page, base_url: str, shot: Shot
) -> None:
    entries, scores = played()
    entries.append(typed_mishimash())
    with_history(page, base_url, entries)
    page.get_by_role("button", name="STATISTICS").click()
    # Filled in while the screen is shown: every MAGDAGDON's computer on the same dice. Until
    # then the figures say they are busy, and they are drawn again when all are in.
    body = page.locator("#statistics-body")
    expect(body).to_have_attribute("aria-busy", "true")
    computers = [computer_on(e.seed).score().final for e in entries if e.game == "magdagdon"]
    beaten = sum(mine > it for mine, it in zip(scores, computers, strict=True))
    peaceful = "stats-magdagdon-peaceful"
    expect(page.locator(f"#{peaceful} [data-figure=beat-computer] dd")).to_have_text(
        f"{beaten} of {len(scores)}", timeout=COMPUTER_MS * 2
    )
    margin = round(stats.fmean(m - c for m, c in zip(scores, computers, strict=True)), 1)
    said = f"+{margin:g}" if margin > 0 else english_number(margin)  # the minus sign, not "-"
    assert figure(page, peaceful, "margin") == said
    # Every MISHIMASH with a person reviewed: what each gave up, a dot a game.
    trend = page.locator("#stats-mishimash-given-up")
    expect(trend.locator("svg circle")).to_have_count(4)
    expect(body).not_to_have_attribute("aria-busy", "true")
    noted = stored_history(page)
    assert [e.computer for e in noted if e.game == "magdagdon"] == computers
    assert all(e.given_up is not None for e in noted if e.game == "mishimash")
    # YOUR GAMES: the newest first, each opening onto its review.
    games = page.locator("#stats-games-list > li")
    expect(games).to_have_count(len(entries))
    expect(games.first).to_contain_text("MISHIMASH · ")
    expect(games.first).to_contain_text("real dice")
    mishimash_game = page.locator("details[data-game='x-2']")
    mishimash_game.locator("summary").click()
    expect(mishimash_game.locator(".ms-review-seat")).to_have_count(1)  # the person, not "bold"
    magdagdon_game = page.locator("details[data-game='m-0']")
    magdagdon_game.locator("summary").click()
    expect(magdagdon_game.locator(".md-review-summary")).to_contain_text(
        f"You scored {scores[0]}, the computer {computers[0]} on the same dice"
    )
    # Each says what it compares, as the end screen does, its headings the end screen's size
    # (an audit found the history's reviews without the note, their headings larger).
    en = load_translator("en")
    expect(mishimash_game.locator(".ms-review-note")).to_have_text(en("review.note"))
    expect(magdagdon_game.locator(".ms-review-note")).to_have_text(en("review.magdagdon.note"))
    heading = magdagdon_game.locator("h3").first
    assert heading.evaluate("h => getComputedStyle(h).fontSize") == "16px"
    both_sizes(page, shot, "statistics-reviewed")
    # The dice filter: real dice only, then the app's.
    page.get_by_role("radio", name="Real dice").check()
    assert figure(page, "stats-mishimash", "games") == "1"
    expect(page.locator("#stats-magdagdon-peaceful")).to_contain_text("No games yet.")
    expect(games).to_have_count(1)
    page.get_by_role("radio", name="The app's dice").check()
    assert figure(page, "stats-mishimash", "games") == "3"
    expect(games).to_have_count(len(entries) - 1)


def test_no_game_yet_is_one_line(page: Page, open_app: Open) -> None:
    open_app("#statistics")
    body = page.locator("#statistics-body")
    expect(body).to_have_text("No games yet: finish a game and its numbers appear here.")
    expect(page.locator("#stats-dice")).to_be_hidden()
    expect(page.locator("#stats-games")).to_be_hidden()


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_axe_finds_nothing_on_the_reviews(browser: Browser, base_url: str, language: str) -> None:
    page = new_page(browser, base_url, language, PHONE)
    entries, _ = played()
    with_history(page, base_url, entries)
    open_at(page, base_url, "#statistics")
    for ident in ("x-0", "m-1"):
        page.locator(f"details[data-game='{ident}'] summary").click()
    expect(page.locator("details[data-game='m-1'] .md-review-summary")).to_be_visible(
        timeout=COMPUTER_MS
    )
    assert axe_violations(page) == []
    assert json.loads(page.evaluate("localStorage.getItem('cubiri.history')"))["games"]
    page.context.close()
