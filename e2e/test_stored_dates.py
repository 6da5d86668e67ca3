"""Issue 29: a high-score row whose date has the right shape but is no date
(`2026-13-45T99:99Z`) made Intl throw RangeError: HIGH SCORES did not open, and the last
CONFIRM of a game threw on the end screen. The row is dropped; the rest of the table shows."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.conftest import PageLog
from e2e.test_storage_safety import (
    MD_GAME,
    MD_SCORES,
    finish_magdagdon,
    magdagdon_save,
    near_end_seeds,
    ready,
    store,
)

TABLE = {
    "version": 1,
    "peaceful": [
        {"id": "no-date", "date": "2026-13-45T99:99Z", "score": 333, "turns": 12, "powers": 0},
        {"id": "kept", "date": "2026-11-20T18:30:00Z", "score": 171, "turns": 13, "powers": 1},
    ],
}


def test_issue29_a_row_dated_no_date_is_dropped_and_high_scores_and_the_end_screen_show(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    ready(page, base_url)
    store(page, MD_SCORES, json.dumps(TABLE))
    ((_seed, state),) = near_end_seeds(1)
    store(page, MD_GAME, magdagdon_save(state))
    ready(page, base_url + "#scores")
    body = page.locator("#scores-body")
    expect(body).to_contain_text("171")
    expect(body).not_to_contain_text("333")
    ready(page, base_url + "#magdagdon")
    finish_magdagdon(page, state)  # the end screen's table: the new row, and 171
    expect(page.locator("#md-end-scores")).to_contain_text("171")
    assert page_log.console_errors == []  # page errors included: no RangeError
