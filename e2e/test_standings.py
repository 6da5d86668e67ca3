"""Issue 29: the MISHIMASH standings at the end of a game had no header: a screen reader heard
"450" without "Score". Its columns are named (#, Player, Score) and each row by its player; the
table by its caption."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from cubiri.mishimash import game as engine
from e2e.conftest import PHONE
from e2e.mishimash_driver import played_to

PLAYERS, TARGET = ["Ana", "Bela"], 5


def over(state: engine.State) -> bool:
    return state.phase is engine.Phase.OVER


def test_issue29_the_standings_name_their_columns_and_rows(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    played_to(page, open_app, PLAYERS, TARGET, over, PHONE)
    table = page.locator("#ms-standings")
    expect(table).to_be_visible()
    expect(page.get_by_role("table", name="Final standings")).to_have_count(1)
    for name in ("#", "Player", "Score"):
        expect(table.get_by_role("columnheader", name=name, exact=True)).to_have_count(1)
    for name in PLAYERS:
        expect(table.get_by_role("rowheader", name=name, exact=True)).to_have_count(1)
