"""Issue 23 in the page: a finished game enters the history once (also after a reload on its
end screen), and what today's main left in storage is carried into one record on first load."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from app.pure.history import NOTES
from app.pure.saved_game import MAGDAGDON, Saved
from cubiri.magdagdon import game as magdagdon
from e2e.conftest import READY, READY_TIMEOUT_MS, PageLog
from e2e.magdagdon_driver import magdagdon_before_last_confirm

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
MD_GAME, HISTORY, SCORES = "cubiri.magdagdon.game", "cubiri.history", "cubiri.magdagdon.scores"


def ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def stored(page: Page, key: str) -> str | None:
    value = page.evaluate("key => localStorage.getItem(key)", key)
    return None if value is None else str(value)


def near_end() -> magdagdon.State:
    for seed in range(1, 200):
        try:
            return magdagdon_before_last_confirm(seed)
        except ValueError:
            continue
    raise AssertionError("no seed found")


def without_notes(games: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{key: value for key, value in game.items() if key not in NOTES} for game in games]


def test_a_finished_game_is_in_the_history_once_also_after_a_reload_on_its_end_screen(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    state = near_end()
    ready(page, base_url)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [MD_GAME, MAGDAGDON.dump(Saved(state), "from-the-test")],
    )
    ready(page, base_url + "#magdagdon")
    page.locator("#md-primary").click()  # the last CONFIRM
    expect(page.locator("#md-end")).to_be_visible()
    final = magdagdon.play(state, magdagdon.Confirm())
    games = json.loads(stored(page, HISTORY) or "{}")["games"]
    assert len(games) == 1
    (entry,) = games
    assert entry["game"] == "magdagdon" and entry["outcome"]["score"] == final.score().final
    assert entry["flags"] == ["solo"] and entry["winner"] == 0
    assert magdagdon.from_dict(entry["log"]) == final  # the game itself, to replay
    record = json.loads(stored(page, MD_GAME) or "{}")
    assert record["id"] == entry["id"] and record["history"] is True
    rows = json.loads(stored(page, SCORES) or "{}")["peaceful"]
    assert [row["id"] for row in rows] == [entry["id"]]  # the row has the game's id too
    for _ in range(2):
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#md-end")).to_be_visible()
        # The review may add its notes (the computer's score on the same dice) at any moment
        # after the end: the entry is the same game, once, whatever notes it has gained.
        assert without_notes(json.loads(stored(page, HISTORY) or "{}")["games"]) == without_notes(
            games
        )
        assert len(json.loads(stored(page, SCORES) or "{}")["peaceful"]) == 1
    assert page_log.console_errors == []


def test_todays_saved_daily_with_its_meta_and_pick_resumes_from_one_record(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    before = json.loads((FIXTURES / "storage_main_playing.json").read_text())["storage"]
    ready(page, base_url)
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
        " localStorage.setItem(k, v); }",
        before,
    )
    ready(page, base_url + "#magdagdon")
    expect(page.locator("#md-daily")).to_be_visible()
    expect(page.locator("#md-daily")).to_have_attribute("data-practice", "false")
    picked = json.loads(before["cubiri.magdagdon.picked"])["die"]
    expect(page.locator(f"#md-die-{picked}")).to_have_attribute("aria-pressed", "true")
    record = json.loads(stored(page, MD_GAME) or "{}")
    assert record["version"] == 2 and record["daily"] == "2026-03-14" and record["assisted"]
    assert record["picked"] == picked
    old = json.loads(before[MD_GAME])
    assert record["game"]["log"] == old["game"]["log"]
    assert stored(page, "cubiri.magdagdon.game.meta") is None
    assert stored(page, "cubiri.magdagdon.picked") is None
    for key in (SCORES, "cubiri.mishimash.records", "cubiri.magdagdon.daily"):
        assert stored(page, key) == before[key]
    assert page_log.console_errors == []
