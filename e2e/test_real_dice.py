"""Issue 24: MISHIMASH at a real table. Every throw is typed (faces or the field "Dice"), wrong
entries are refused with their message and change nothing, a reload keeps a throw half
entered, UNDO steps back from one seat's bust into the turn before, and the score sheet of a
game with a final round and two sudden deaths adds up."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from app.pure.table_dice import app_dice
from cubiri.dice import TYPED
from cubiri.mishimash import game as engine
from cubiri.mishimash import selection_points
from e2e.a11y import axe_violations, new_page, open_at
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS, SCREENSHOTS, WALKTHROUGH_SEEN, PageLog
from e2e.taps import tap

GAME_KEY = "cubiri.mishimash.game"
ONE = "123466"  # a 1 scores 1 point (X3)
FIVE = "523466"  # a 5 scores half a point
ONES = "112346"  # two 1s: 2 points
NOTHING = "223466"  # a bust (X11)


def ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def switch_language(page: Page, language: str) -> None:
    """SETTINGS' Language select (English labels) in the middle of a game, then back to it."""
    page.evaluate("location.hash = '#settings'")
    page.get_by_label("Language").select_option(language)
    page.evaluate("location.hash = '#mishimash'")


def logged(page: Page) -> int:
    raw = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    return len(json.loads(raw)["game"]["log"]) if raw else 0


def start(
    page: Page, names: list[str], target: int, computers: dict[int, str] | None = None
) -> None:
    """Real dice, `names` in order (a computer seat: its level in `computers`), to `target`."""
    for index, name in enumerate(names):
        if index > 0:
            tap(page.locator("#ms-add"))
        page.locator(f"#ms-names input[data-player='{index}']").fill(name)
        if computers and index in computers:
            page.locator(f"#ms-names select[data-seat='{index}']").select_option(computers[index])
    page.locator("input[name=ms-target][value=custom]").check(force=True)
    page.locator("#ms-custom").fill(str(target))
    page.get_by_role("checkbox", name="Real dice").check()
    tap(page.locator("#ms-start"))
    # A person's turn begins with the throw's entry (no ROLL: the table has thrown).
    first_person = not (computers and 0 in computers)
    expect(page.locator("#ms-entry" if first_person else "#ms-players")).to_be_visible()


def field(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_role("textbox", name="Dice")


def throw(page: Page, dice: str) -> None:
    """The throw typed in the field with Enter (a turn's first throw too: no ROLL before it)."""
    expect(page.locator("#ms-entry")).to_be_visible()
    before = logged(page)
    page.locator("#ms-entry-text").fill(dice)
    page.locator("#ms-entry-text").press("Enter")
    # Played once the game holds it (after a bust the next person's entry shows at once).
    page.wait_for_function(
        "([key, before]) => JSON.parse(localStorage.getItem(key)).game.log.length > before",
        arg=[GAME_KEY, before],
    )


def take(page: Page, dice: tuple[int, ...], bank: bool = True) -> None:
    for index in dice:
        tap(page.locator(f"#ms-die-{index}"))
    tap(page.locator("#ms-bank" if bank else "#ms-again"))


def test_a_table_of_three_plays_to_a_sudden_death_with_typed_dice(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    ready(page, base_url + "#mishimash")
    start(page, ["Ann", "Bea", "Cy"], 2)

    # The first throw by faces: six taps and USE THESE DICE (seven taps in all; a tester had
    # to tap ROLL before it every turn).
    expect(page.locator("#ms-roll")).to_be_hidden()
    expect(page.locator("#ms-entry-prompt")).to_have_text("Throw 6 dice and enter them")
    before = logged(page)
    for text, message in (
        ("22", "This throw has 6 dice: 2 entered."),
        ("1237", "A die shows 1 to 6, not “7”: enter 6 dice."),
        ("abc", "A die shows 1 to 6, not “a”: enter 6 dice."),
    ):
        field(page).fill(text)
        field(page).press("Enter")
        expect(page.locator("#ms-entry-error")).to_have_text(message)
        assert logged(page) == before  # nothing changed
    # USE THESE DICE takes what is typed as Enter does, refused the same way.
    tap(page.locator("#ms-entry-use"))
    expect(page.locator("#ms-entry-error")).to_have_text(message)  # the last one: "abc"
    assert logged(page) == before
    field(page).fill("")
    expect(page.locator("#ms-entry-use")).to_be_disabled()
    for face in "123":
        tap(page.locator(f"#ms-face-{face}"))
    # A reload in the middle of entering the throw keeps what was entered.
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    entered = page.locator("#ms-entry-dice .die")
    expect(entered).to_have_count(3)
    assert [d.strip() for d in entered.all_text_contents()] == ["1", "2", "3"]
    expect(page.locator("#ms-entry-progress")).to_have_text("3 of 6 dice entered")
    for face in "466":
        tap(page.locator(f"#ms-face-{face}"))
    expect(page.locator("#ms-face-1")).to_be_disabled()
    # Two 6s entered are two buttons a screen reader tells apart (an audit heard "Remove this 6"
    # twice).
    names = [entered.nth(i).get_attribute("aria-label") for i in (4, 5)]
    assert names == ["Remove die no. 5, showing 6", "Remove die no. 6, showing 6"]
    tap(page.locator("#ms-entry-use"))
    expect(page.locator("#ms-die-0")).to_have_text("1")
    take(page, (0,))  # Ann banks 1

    # Bea busts; UNDO takes back her throw (given back to mend), then Ann's BANK (the ROLL
    # before Bea's throw was implied by it: no step of its own).
    throw(page, NOTHING)
    expect(page.locator("#ms-turn-of")).to_contain_text("Cy")
    undo = page.get_by_role("button", name="UNDO")
    tap(undo)
    expect(page.locator("#ms-entry-dice .die")).to_have_count(6)
    expect(page.locator("#ms-turn-of")).to_contain_text("Bea")
    tap(undo)
    expect(page.locator("#ms-turn-of")).to_contain_text("Ann")
    expect(page.locator("#ms-bank")).to_be_enabled()
    tap(page.locator("#ms-bank"))  # Ann banks again, and the game goes on
    throw(page, NOTHING)
    throw(page, FIVE)
    take(page, (0,))  # Cy banks 0.5
    throw(page, ONE)
    take(page, (0,))  # round 2: Ann reaches 2, the final round begins
    throw(page, ONES)
    take(page, (0, 1))  # Bea ties her
    throw(page, NOTHING)  # Cy busts: sudden death, Ann then Bea
    sheet_button = page.get_by_role("button", name="SCORE SHEET")
    tap(sheet_button)
    expect(sheet_button).to_have_attribute("aria-expanded", "true")
    sheet = page.get_by_role("table", name="Score sheet")
    expect(sheet.locator("tbody tr")).to_have_count(3)
    throw(page, ONE)
    take(page, (0,))
    throw(page, ONE)
    take(page, (0,))  # level again
    throw(page, NOTHING)
    throw(page, FIVE)
    take(page, (0,))  # Bea ahead: she wins
    expect(page.locator("#ms-result")).to_contain_text("Bea")

    # The sheet at the end, recounted: each column's points add up to its total.
    sheet = page.locator("#ms-over-sheet").get_by_role("table", name="Score sheet")
    rows = sheet.locator("tbody tr")
    assert [t.strip() for t in rows.locator("th").all_text_contents()] == [
        "Round 1",
        "Round 2",
        "FINAL ROUND",
        "SUDDEN DEATH 1",
        "SUDDEN DEATH 2",
    ]
    totals = [float(t) for t in sheet.locator("tfoot td").all_text_contents()]
    assert totals == [3, 3.5, 0.5]
    for seat in range(3):
        points = rows.locator(f"td:nth-of-type({seat + 1}) .points").all_text_contents()
        banked = [float(p) for p in points if p.startswith("+")]
        assert sum(banked) == totals[seat]
    busts = sheet.locator("td[data-kind=bust]")
    expect(busts).to_have_count(3)  # Bea in round 1, Cy in the final round, Ann in the second
    expect(sheet.locator("thead th.leader")).to_contain_text("Bea")
    assert page_log.console_errors == []


def first_throw_scores(seed: int) -> tuple[int, ...] | None:
    """The best selection of the app's first throw in a game with real dice of this seed."""
    state = engine.apply(engine.new_game(["Ann", "Cleo"], 1000, seed, TYPED), engine.Roll())
    state = engine.apply(state, app_dice(engine.ENGINE, state))
    if state.phase is not engine.Phase.SELECT:
        return None
    return max(
        engine.legal_selections(state.dice),
        key=lambda chosen: selection_points(list(state.dice), [state.dice[i] for i in chosen]),
    )


def test_a_real_dice_link_asks_first_and_a_computer_seat_throws_the_apps_dice(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    """`?dice=real` over a game in progress asks before giving it up; then a person's ROLL
    FOR ME and a computer seat's turn throw the app's dice, and UNDO takes back the
    computer's turn with the person's BANK before it."""
    seed = next(s for s in range(100) if first_throw_scores(s))
    chosen = first_throw_scores(seed)
    assert chosen is not None
    ready(page, base_url + "#mishimash")
    tap(page.locator("#ms-start"))  # a game with the app's dice
    tap(page.locator("#ms-roll"))
    ready(page, base_url + f"?seed={seed}&dice=real#mishimash")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(f"seed {seed}")  # one question for the whole link
    dialog.get_by_role("button", name="NEW GAME").click()
    expect(page.get_by_role("checkbox", name="Real dice")).to_be_checked()
    page.locator("#ms-names input[data-player='0']").fill("Ann")
    tap(page.locator("#ms-add"))
    page.locator("#ms-names select[data-seat='1']").select_option("cautious")
    page.locator("#ms-names input[data-player='1']").fill("Cleo")
    tap(page.locator("#ms-start"))
    tap(page.get_by_role("button", name="ROLL FOR ME"))
    for index in chosen:
        tap(page.locator(f"#ms-die-{index}"))
    tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Ann", timeout=30_000)
    expect(page.locator("#ms-entry")).to_be_visible()
    raw = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert raw["game"]["dice_scheme"] == TYPED and raw["seats"] == ["", "cautious"]
    after_computer = logged(page)
    tap(page.get_by_role("button", name="UNDO"))
    expect(page.locator("#ms-bank")).to_be_enabled()  # back to Ann's BANK, Cleo's turn gone
    expect(page.locator("#ms-turn-of")).to_contain_text("Ann")
    for index in chosen:  # her dice picked, as before BANK (one tap took and banked them)
        expect(page.locator(f"#ms-die-{index}")).to_have_attribute("aria-pressed", "true")
    assert logged(page) == 2 < after_computer  # ROLL and the dice: not the selection nor BANK
    assert page_log.console_errors == []


def entered_then_refused(page: Page, game: str, typed: str) -> None:
    """A die entered by its face, then a refused entry in the field (`game`: "ms" or "md")."""
    tap(page.locator(f"#{game}-face-1"))
    page.locator(f"#{game}-entry-text").fill(typed)
    page.locator(f"#{game}-entry-text").press("Enter")
    expect(page.locator(f"#{game}-entry-error")).not_to_be_empty()


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_axe_finds_nothing_on_the_real_dice_states(
    browser: Browser, base_url: str, language: str
) -> None:
    """The setup with "Real dice", a throw being entered (with a refusal), the score sheet
    open, the sheet at the end, and MAGDAGDON's throw entered, in every language, at a phone's
    size."""
    page = new_page(browser, base_url, language, PHONE)
    page.context.add_init_script(WALKTHROUGH_SEEN)
    open_at(page, base_url, "#mishimash")
    page.locator("#ms-names input[data-player='0']").fill("Ann")
    tap(page.locator("#ms-add"))
    page.locator("#ms-names input[data-player='1']").fill("Bea")
    page.locator("input[name=ms-target][value=custom]").check(force=True)
    page.locator("#ms-custom").fill("2")
    page.locator("#ms-real-dice").check()
    found = {"setup": axe_violations(page)}
    tap(page.locator("#ms-start"))
    entered_then_refused(page, "ms", "7")
    found["entry"] = axe_violations(page)
    page.locator("#ms-entry-text").fill(ONES)
    page.locator("#ms-entry-text").press("Enter")
    take(page, (0, 1))  # Ann reaches 2: the final round
    tap(page.locator("#ms-sheet-open"))
    expect(page.locator("#ms-sheet table")).to_be_visible()
    found["sheet"] = axe_violations(page)
    throw(page, NOTHING)  # Bea busts: Ann wins
    expect(page.locator("#ms-over-sheet table")).to_be_visible()
    found["end"] = axe_violations(page)
    page.evaluate("location.hash = '#magdagdon'")  # MAGDAGDON's throw, entered
    page.locator("#md-real-dice").check()
    tap(page.locator("#md-primary"))
    entered_then_refused(page, "md", "9")
    found["magdagdon"] = axe_violations(page)
    assert found == {"setup": [], "entry": [], "sheet": [], "end": [], "magdagdon": []}
    page.context.close()


def test_a_correction_of_an_earlier_round_is_shown_on_the_sheet(
    page: Page, base_url: str, page_log: PageLog
) -> None:
    """The table forgot to type Bea's 5 points of round 1: corrected in round 2 without
    undoing anything, shown in her round-1 cell and listed under the sheet; refused where it
    is no number or would take her below 0; kept by a reload; UNDO takes it back."""
    ready(page, base_url + "#mishimash")
    start(page, ["Ann", "Bea"], 50)
    throw(page, ONE)
    take(page, (0,))
    throw(page, NOTHING)  # Bea's 5 points that the table forgot to type
    throw(page, ONE)
    take(page, (0,))  # round 2: Ann; Bea to roll
    tap(page.get_by_role("button", name="SCORE SHEET"))
    form = page.get_by_role("group", name="Correct a turn")
    form.get_by_label("Player").select_option(label="Bea")
    expect(form.get_by_label("Round")).to_have_value("1")
    points = form.get_by_label("Points (+ or −)")
    for typed, message in (
        ("abc", "Points are a number such as 5, −5 or 10.5, not “abc”."),
        ("-9", "A correction cannot take a total below 0."),
    ):
        points.fill(typed)
        tap(form.get_by_role("button", name="CORRECT"))
        expect(page.locator("#ms-correct-error")).to_have_text(message)
    points.fill("+5")
    tap(form.get_by_role("button", name="CORRECT"))
    expect(page.locator("#ms-correct-error")).to_be_empty()
    sheet = page.get_by_role("table", name="Score sheet")
    bea_round_one = sheet.locator("tbody tr").first.locator("td").nth(1)
    expect(bea_round_one.locator(".fix")).to_have_text("corrected +5")
    expect(bea_round_one.locator(".total")).to_have_text("5")
    notes = page.locator("#ms-sheet .ms-sheet-notes li")
    expect(notes).to_have_text(["Bea: +5 points in Round 1 (correction)"])
    expect(page.locator("#ms-players li").nth(1)).to_contain_text("5")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    tap(page.get_by_role("button", name="SCORE SHEET"))
    expect(page.locator("#ms-sheet .ms-sheet-notes li")).to_have_count(1)
    tap(page.get_by_role("button", name="UNDO"))
    expect(page.locator("#ms-sheet .ms-sheet-notes li")).to_have_count(0)
    expect(page.locator("#ms-players li").nth(1)).to_contain_text("0")
    assert page_log.console_errors == []


def test_undo_on_the_end_screen_takes_back_a_last_throw_typed_wrong(
    page: Page, base_url: str
) -> None:
    """A tester typed 234662 for 234665 on the last throw of a game: BUST, "Béla wins!", and
    no UNDO on the end screen; the wrong result went into the history and the statistics.
    UNDO there gives the throw back to mend, takes the game out of the history, and the game's
    real end is entered once."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 2)
    throw(page, ONES)
    take(page, (0, 1))  # Ana banks 2: the target, and Bela's last turn
    throw(page, NOTHING)  # typed wrong: a bust ends the game
    expect(page.locator("#ms-result")).to_have_text("Ana wins!")
    assert [entry["winner"] for entry in history_games(page)] == [0]

    tap(page.locator("#ms-over-undo"))
    expect(page.locator("#ms-over")).to_be_hidden()
    expect(page.locator("#ms-entry")).to_be_visible()  # the throw, given back to mend
    expect(page.locator("#ms-undo")).to_be_focused()
    assert history_games(page) == []
    throw(page, "111346")  # what was thrown: three 1s, 10 points
    take(page, (0, 1, 2))
    expect(page.locator("#ms-result")).to_have_text("Bela wins!")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#ms-result")).to_have_text("Bela wins!")
    assert [entry["winner"] for entry in history_games(page)] == [1]  # once, the real end


def test_undo_past_a_solo_end_takes_its_record_row_back_until_it_ends_again(
    page: Page, base_url: str
) -> None:
    ready(page, base_url + "#mishimash")
    start(page, ["Ana"], 2)
    throw(page, ONES)
    take(page, (0, 1))  # 2 banked: the target, in one turn (X15)
    expect(page.locator("#ms-records")).to_contain_text("1")
    assert solo_rows(page) == 1 and len(history_games(page)) == 1
    tap(page.locator("#ms-over-undo"))  # BANK taken back: the two 1s still taken
    expect(page.locator("#ms-bank")).to_be_visible()
    assert solo_rows(page) == 0 and history_games(page) == []
    tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-over")).to_be_visible()
    assert solo_rows(page) == 1 and len(history_games(page)) == 1


def test_undo_after_bank_brings_back_the_screen_before_it(page: Page, base_url: str) -> None:
    """A tester's UNDO right after BANK showed the next roll's multiplier ("Roll 4 · ×4" for
    "Roll 3 · ×3"), no die kept, and no coach: only "Press BANK to keep your points"."""
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 50)
    throw(page, ONE)
    take(page, (0,), bank=False)  # ROLL AGAIN
    throw(page, "12346")  # five dice: a 1 again
    tap(page.locator("#ms-die-0"))
    info, coach = page.locator("#ms-roll-info"), page.locator("#ms-coach")
    expect(info).to_have_text("Roll 2 · ×2")
    expect(coach).to_be_visible()
    said = coach.locator("li").all_inner_texts()
    tap(page.locator("#ms-bank"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    tap(page.locator("#ms-undo"))
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    expect(info).to_have_text("Roll 2 · ×2")
    expect(page.locator("#ms-die-0")).to_have_attribute("aria-pressed", "true")
    expect(coach.locator("li")).to_have_text(said)
    page.reload()  # and so it stays
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#ms-die-0")).to_have_attribute("aria-pressed", "true")
    expect(info).to_have_text("Roll 2 · ×2")


def solo_rows(page: Page) -> int:
    raw = page.evaluate("localStorage.getItem('cubiri.mishimash.records')")
    tables = json.loads(raw)["targets"] if raw else {}
    return sum(len(rows) for rows in tables.values())


def history_games(page: Page) -> list[dict[str, object]]:
    raw = page.evaluate("localStorage.getItem('cubiri.history')")
    games: list[dict[str, object]] = json.loads(raw)["games"] if raw else []
    return games


@pytest.mark.parametrize("language", ["en", "vi"])
def test_a_sudden_death_on_a_small_phone_shows_its_banner_and_the_entry(
    page: Page, base_url: str, language: str
) -> None:
    """At 320×640 the focus on a sudden-death turn's entry scrolled the Vietnamese SUDDEN
    DEATH banner off the top, and left the English entry's USE THESE DICE below the bottom
    (audits): the turn now shows the banner and the entry, whole where both fit (English)."""
    page.set_viewport_size({"width": 320, "height": 640})
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 1)
    switch_language(page, language)
    throw(page, ONE)
    take(page, (0,))  # Ana reaches the target: the final round
    throw(page, ONE)
    take(page, (0,))  # Bela level: sudden death, Ana first
    expect(page.locator("#ms-banner")).to_contain_text(
        "SUDDEN DEATH" if language == "en" else "VÒNG PHÂN ĐỊNH"
    )
    expect(page.locator("#ms-face-1")).to_be_focused()
    page.wait_for_timeout(300)  # any smooth scroll settles
    banner = page.locator("#ms-banner").bounding_box()
    face = page.locator("#ms-face-1").bounding_box()
    use = page.locator("#ms-entry-use").bounding_box()
    assert banner is not None and face is not None and use is not None
    assert banner["y"] >= 0, banner
    assert face["y"] + face["height"] <= 640, face
    if language == "en":
        assert use["y"] + use["height"] <= 640, use
    page.screenshot(path=str(SCREENSHOTS / f"mishimash-sudden-death-entry-{language}-320.png"))


def test_undo_takes_back_a_face_tapped_before_the_entry_before_it(
    page: Page, base_url: str
) -> None:
    """MISHIMASH's UNDO with faces tapped: the last tap goes first (a tester's UNDO dropped
    them without a word and went back a whole turn), after a reload too; then the entry
    before it, as ever."""
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 50)
    throw(page, ONE)
    take(page, (0,))  # Ana banks 1: Bela's throw is entered next
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    entered = page.locator("#ms-entry-dice button")
    for face in (5, 3):
        tap(page.get_by_role("button", name=f"Add a {face}"))
    tap(page.locator("#ms-undo"))
    expect(page.locator("#announcer")).to_contain_text("Undone: the 3 entered is taken back.")
    expect(entered).to_have_count(1)
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    page.reload()  # the face tapped is still there, and still taken back first (an audit's
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)  # was dropped)
    expect(entered).to_have_count(1)
    tap(page.locator("#ms-undo"))
    expect(entered).to_have_count(0)
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    tap(page.locator("#ms-undo"))  # no tap left: Ana's BANK is taken back
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")


def test_a_sudden_death_coach_shows_without_scrolling_at_a_table_in_portuguese(
    page: Page, base_url: str
) -> None:
    """An audit at 320×640 with real dice: the table's row (SCORE SHEET, UNDO, on two lines
    in Portuguese) pushed the coach of a sudden death below the screen's bottom."""
    page.set_viewport_size({"width": 320, "height": 640})
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bo"], 2)
    throw(page, ONES)
    take(page, (0, 1))  # Ana 2: the final round
    throw(page, ONES)
    take(page, (0, 1))  # Bo level: a sudden death, Ana first
    throw(page, ONE)
    take(page, (0,))  # Ana 3
    throw(page, ONE)
    switch_language(page, "pt")
    tap(page.locator("#ms-die-0"))
    coach = page.locator("#ms-coach li")
    expect(coach.nth(1)).to_be_attached()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / "mishimash-sudden-death-table-pt-320.png"))
    box = coach.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640, box


def test_a_correction_below_zero_is_written_with_the_minus_sign(page: Page, base_url: str) -> None:
    """helper-24 read "-12" in the review beside the board's "−28": the page's numbers came
    from the browser's Intl, which writes a hyphen. Every number below zero has the minus sign,
    as the board writes a score."""
    ready(page, base_url + "#mishimash")
    start(page, ["Ann", "Bea"], 30)
    throw(page, ONE)
    take(page, (0,))  # Ann banks 1
    tap(page.get_by_role("button", name="SCORE SHEET"))
    form = page.get_by_role("group", name="Correct a turn")
    form.get_by_label("Player").select_option(label="Ann")
    form.get_by_label("Points (+ or −)").fill("-0.5")
    tap(form.get_by_role("button", name="CORRECT"))
    expect(page.locator("#ms-correct-error")).to_be_empty()
    notes = page.locator("#ms-sheet .ms-sheet-notes li")
    expect(notes).to_have_text(["Ann: \u22120.5 points in Round 1 (correction)"])
