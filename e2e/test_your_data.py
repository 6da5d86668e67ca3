"""SAVE MY DATA and LOAD DATA in SETTINGS (issue 25): a phone's data saved as a file, loaded into
a fresh profile, loaded again (nothing added), and bad files refused with nothing changed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.pure import data_file, data_view, history
from app.pure.i18n import load_translator
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, SCREENSHOTS
from tests.test_data_file import a_phone, a_table_phone

KEYS = data_file.STORED_KEYS


def opened_settings(page: Page, base_url: str) -> None:
    page.goto(base_url + "#settings")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="SETTINGS", exact=True)).to_be_visible()


def stored(page: Page) -> dict[str, Any]:
    values: dict[str, Any] = page.evaluate(
        "keys => Object.fromEntries(keys.map(k => [k, localStorage.getItem(k)]))", list(KEYS)
    )
    return values


def status(page: Page) -> str:
    return str(page.locator("#data-status").text_content())


NOTES_MS = 90_000


def statistics_text(page: Page, base_url: str) -> str:
    """What STATISTICS shows, figures, charts' tables and the list of games."""
    page.goto(base_url + "#statistics")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#statistics-body section").first).to_be_visible()
    # Games loaded from a file get their review notes in the background (the computer's
    # MAGDAGDON on the same dice takes seconds in Pyodide); wait for the redraw.
    expect(page.locator("#statistics-body")).not_to_have_attribute(
        "aria-busy", "true", timeout=NOTES_MS
    )
    return str(page.locator("#statistics-body").text_content()) + str(
        page.locator("#stats-games-list").text_content()
    )


def load(page: Page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="LOAD DATA").click()
    chooser.value.set_files(str(path))


@pytest.mark.walkthrough  # the new phone has seen no walkthrough: the file tells it
def test_data_saved_on_one_phone_loads_into_a_fresh_one_once(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    # A phone with two finished games, its tables, a daily, a game in progress, sound off,
    # both walkthroughs seen and a MISHIMASH table set up (Ann and the strongest computer).
    phone = {**a_table_phone(), "cubiri.language": "en"}
    first = browser.new_context(viewport=PHONE, accept_downloads=True).new_page()
    opened_settings(first, base_url)
    first.evaluate(
        "values => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        {k: v for k, v in phone.items() if v is not None},
    )
    opened_settings(first, base_url)
    with first.expect_download() as download:
        first.get_by_role("button", name="SAVE MY DATA").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("cubiri-data-") and saved.suffix == ".json"
    expect(first.locator("#data-status")).to_contain_text(f"Saved as {saved.name}.")
    file = json.loads(saved.read_text())
    assert file["app"] == "cubiri" and file["format"] == data_file.FORMAT
    before = stored(first)
    statistics_before = statistics_text(first, base_url)
    first.context.close()

    # A new phone: nothing there, then LOAD DATA.
    second = browser.new_context(viewport=PHONE).new_page()
    opened_settings(second, base_url)
    load(second, saved)
    # The list as the browser's Intl writes it (en-US: with a serial comma).
    expect(second.locator("#data-status")).to_have_text(
        re.compile(
            r"^Loaded: 2 games added, 3 high scores added,? and 1 daily result added\."
            r" The MAGDAGDON game in progress comes from the file\."
            r" The MISHIMASH players and target come from the file\.$"
        )
    )
    after = stored(second)
    assert history.parse(after[data_file.HISTORY_KEY]) == history.parse(
        before[data_file.HISTORY_KEY]
    )
    for key in ("cubiri.magdagdon.scores", "cubiri.mishimash.records", data_file.DAILY_KEY):
        assert json.loads(after[key]) == json.loads(before[key]), key
    # Settings are asked about, never applied by themselves.
    assert after["cubiri.sound"] is None
    question = second.locator("#data-settings-question")
    expect(question).to_have_text("The file has other settings (Sounds: off). Use them?")
    second.get_by_role("button", name="USE THE FILE'S SETTINGS").click()
    expect(second.locator("#data-status")).to_have_text("The file's settings are in use.")
    expect(second.locator("#sound-toggle")).not_to_be_checked()
    expect(question).to_be_hidden()
    assert stored(second)["cubiri.sound"] == "off"

    # The same statistics on the new phone.
    assert statistics_text(second, base_url) == statistics_before
    opened_settings(second, base_url)

    # The same file again adds nothing.
    now = stored(second)
    load(second, saved)
    expect(second.locator("#data-status")).to_have_text(
        "Nothing new: everything in this file is already here."
        " Your MAGDAGDON game in progress here was kept; the file's was skipped."
    )
    assert stored(second) == now

    # The game in progress came with the file: it opens where it was.
    second.goto(base_url + "#magdagdon")
    expect(second.locator("#md-dice .die").first).to_be_visible()
    # The table came too, and the walkthrough seen on the old phone does not start again.
    second.goto(base_url + "#mishimash")
    second.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(second.locator("#ms-start")).to_be_visible()  # the setup, not the walkthrough
    expect(second.locator("#ms-names input[data-player='0']")).to_have_value("Ann")
    expect(second.locator("#ms-names select[data-seat='1']")).to_have_value("strongest")
    expect(second.locator("#ms-real-dice")).to_be_checked()
    expect(second.locator("#tour-mishimash:visible")).to_have_count(0)
    second.context.close()


def test_a_bad_file_is_refused_with_its_reason_and_nothing_changes(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    opened_settings(page, base_url)
    page.evaluate(
        "values => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        {k: v for k, v in a_phone().items() if v is not None and k != "cubiri.language"},
    )
    opened_settings(page, base_url)
    here = stored(page)
    good = json.loads(data_file.export(a_phone(), "2026-05-01T10:00:00Z"))
    tampered = json.loads(json.dumps(good))
    tampered["history"]["games"][0]["outcome"]["score"] = 99_999
    newer = {**good, "format": data_file.FORMAT + 1}
    cases = {
        "photo.json": ("not json at all", "This file is not a Cubiri data file: it is not JSON."),
        "other.json": (json.dumps({"app": "another"}), "This file is not a Cubiri data file."),
        "newer.json": (
            json.dumps(newer),
            "This file was saved by a newer version of Cubiri: reload the page to update,"
            " then load it again.",
        ),
        "half.json": (
            json.dumps(good)[: len(json.dumps(good)) // 2],
            "This Cubiri data file is incomplete or damaged (cut short while it was copied or"
            " sent?): make it again with SAVE MY DATA on the other device.",
        ),
        "tampered.json": (
            json.dumps(tampered),
            "This file was changed or damaged: one of its entries is not valid."
            # Newest first, and its day as YOUR GAMES shows it (an audit read 2026-03-14).
            " Found in game 2 of 2 in YOUR GAMES (MAGDAGDON, Mar 14, 2026).",
        ),
    }
    for name, (text, reason) in cases.items():  # the tampered one last: said again below
        path = tmp_path / name
        path.write_text(text)
        load(page, path)
        expect(page.locator("#data-status")).to_have_text(f"{reason} Nothing was changed.")
        # Shown as what went wrong, not as body text (an audit read past it).
        expect(page.locator("#data-status")).to_have_attribute("data-kind", "refused")
        assert stored(page) == here, name
    page.locator("#data-status").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "data-refused.png"))
    # Switching language says the refusal again in the new one (an audit saw the English
    # refusal stay under a Portuguese SETTINGS).
    with pytest.raises(data_file.Refused) as refused:
        data_file.read(json.dumps(tampered))
    page.get_by_label("Language").select_option("pt")
    ended = tampered["history"]["games"][0]["ended"]
    day = page.evaluate(
        "iso => new Intl.DateTimeFormat('pt', {dateStyle: 'medium'}).format(new Date(iso))", ended
    )
    portuguese = data_view.refusal(refused.value, load_translator("pt"), lambda _: day)
    assert day in portuguese
    expect(page.locator("#data-status")).to_have_text(portuguese)
    page.get_by_label("Idioma").select_option("en")
    good_file = tmp_path / "good.json"
    good_file.write_text(json.dumps(good))
    load(page, good_file)
    expect(page.locator("#data-status")).not_to_have_attribute("data-kind", "refused")


def test_the_line_on_keeping_the_data_follows_the_language_switched_to(
    page: Page, base_url: str
) -> None:
    """A tester switched SETTINGS from English to Português, then to Magyar: the line under
    YOUR DATA stayed in the language before."""
    opened_settings(page, base_url)
    kept = page.locator("#data-kept")
    expect(kept).to_have_text(
        "Once you have finished a game, Cubiri asks this browser to keep its data."
    )
    page.locator("#language-select").select_option("pt")
    expect(kept).to_have_text(
        "Quando terminares um jogo, o Cubiri pede a este navegador que guarde os teus dados."
    )
    page.locator("#language-select").select_option("hu")
    expect(kept).to_contain_text("Amint befejezel egy játszmát")


def test_the_files_difficulty_asks_before_it_replaces_a_game_in_progress(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    """A tester on turn 4 of a PEACEFUL game used a file's settings (NIGHTMARE): nothing asked,
    and SETTINGS said NIGHTMARE while the game said PEACEFUL. It asks as SETTINGS' own radios
    do; KEEP PLAYING keeps the game and its difficulty, NEW GAME starts one at NIGHTMARE."""
    from e2e.magdagdon_driver import MagdagdonDriver

    page.goto(base_url + "?seed=21#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    MagdagdonDriver(page, "peaceful", 21).play_turn()
    saved = tmp_path / "nightmare.json"
    saved.write_text(
        data_file.export({"cubiri.magdagdon.difficulty": "nightmare"}, "2026-04-01T18:00:00Z")
    )
    opened_settings(page, base_url)
    load(page, saved)
    use = page.get_by_role("button", name="USE THE FILE'S SETTINGS")
    use.click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.locator("#confirm-cancel").click()
    expect(page.locator("input[name=difficulty][value=peaceful]")).to_be_checked()
    assert stored(page)["cubiri.magdagdon.difficulty"] in (None, "peaceful")
    page.goto(base_url + "#magdagdon")
    expect(page.locator("#md-turn")).to_have_text("Turn 2")  # the game goes on
