"""Words and layout (issue 29): buttons, names and game titles keep their words whole.

A person reads "CSÖKKENTÉ" over "S −1" as two broken words, and "Jogad…" as no name at all.
Each check here measures what is drawn: every word of an element's text as a Range, whose
line boxes must all be on one line (a word broken across lines has rects on two), and every
name in the MISHIMASH scores whole (no element cutting it, with or without an ellipsis). The
widths are a phone (390 px), 320 px (also what 400 % zoom leaves of a 1280 px desktop) and
195 px (200 % zoom of a phone), and the WCAG 1.4.12 text spacing (line height 1.5, letters
0.12 em, words 0.16 em, paragraphs 2 em) which a reader's own style sheet may set.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.pure.i18n import load_translator
from cubiri.mishimash import game as mishimash
from e2e.conftest import READY, READY_TIMEOUT_MS, SCREENSHOTS
from e2e.magdagdon_driver import MagdagdonDriver, placement_plan
from e2e.mishimash_driver import (
    MishimashDriver,
    bank_a_little,
    bank_at_once,
    find_seed,
    push_luck,
)
from e2e.taps import tap

LOCALES = Path(__file__).resolve().parent.parent / "locales"
LOCALE = {"en": "en-GB", "hu": "hu-HU", "pt": "pt-PT", "vi": "vi-VN"}
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 640}
ZOOM_400 = {"width": 320, "height": 200}  # a 1280×800 desktop at 400 % zoom
ZOOM_200 = {"width": 195, "height": 422}  # a 390 px phone at 200 % zoom

# WCAG 1.4.12 Text Spacing, as a reader's style sheet sets it (the bookmarklet's values).
TEXT_SPACING = """
* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
    word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }
"""

# The words of each visible element's text that are drawn on more than one line. A word is a
# run of letters between spaces (a no-break space too: each side is a word of its own); its
# Range has one rect a line it is drawn on.
BROKEN_WORDS = """selector => {
    const out = [];
    for (const el of document.querySelectorAll(selector)) {
        if (el.closest('[hidden]') || !el.getClientRects().length) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.textContent.matchAll(/[^\\s\\u00a0]+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const rects = [...range.getClientRects()].filter(r => r.width > 0);
                const lines = [];
                for (const r of rects)
                    if (!lines.some(top => Math.abs(top - r.top) < r.height / 2))
                        lines.push(r.top);
                if (lines.length > 1)
                    out.push((el.id || el.className) + ': ' + match[0] + ' on '
                             + lines.length + ' lines');
            }
        }
    }
    return out;
}"""

# Names in the MISHIMASH scores that are not drawn whole: an element (the name or one around
# it) that hides what overflows it and is narrower than its text, or an ellipsis in use.
CUT_NAMES = """() => {
    const out = [];
    for (const name of document.querySelectorAll('#ms-players .name')) {
        for (let el = name; el && el.id !== 'ms-players'; el = el.parentElement) {
            const style = getComputedStyle(el);
            const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
            if (hides && el.scrollWidth > el.clientWidth + 1) {
                out.push(name.textContent + ' cut by ' + (el.className || el.tagName));
                break;
            }
        }
        const box = name.getBoundingClientRect();
        if (box.right > document.documentElement.clientWidth + 1)
            out.push(name.textContent + ' off the screen');
    }
    return out;
}"""


# A word kept whole must not push the page sideways instead: the page scrolls no wider than the
# screen, and no matched element reaches past its right edge.
SIDEWAYS = """selector => {
    const out = [];
    const root = document.scrollingElement;
    if (root.scrollWidth > root.clientWidth) out.push('page ' + root.scrollWidth);
    for (const el of document.querySelectorAll(selector)) {
        if (el.closest('[hidden]') || !el.getClientRects().length) continue;
        const box = el.getBoundingClientRect();
        if (box.right > root.clientWidth + 1 || el.scrollWidth > el.clientWidth + 1)
            out.push((el.id || el.className) + ' ' + Math.round(box.right));
    }
    return out;
}"""


def new_page(browser: Browser, base_url: str, language: str, path: str) -> Page:
    context = browser.new_context(locale=LOCALE[language], viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.goto(base_url + path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


@pytest.fixture
def pages(browser: Browser) -> Iterator[list[Page]]:
    opened: list[Page] = []
    yield opened
    for page in opened:
        page.context.close()


def shot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"words-{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    return path


def broken(page: Page, selector: str) -> list[str]:
    found: list[str] = page.evaluate(BROKEN_WORDS, selector)
    return found


def at_sizes(
    page: Page, sizes: list[tuple[str, dict[str, int]]], selector: str, name: str
) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for label, size in sizes:
        page.set_viewport_size(size)
        shot(page, f"{name}-{label}")
        if words := broken(page, selector):
            found[label] = words
        if sideways := page.evaluate(SIDEWAYS, selector):
            found[f"{label} sideways"] = sideways
    page.set_viewport_size(PHONE)
    return found


def first_roll_scores(players: list[str], seed: int) -> bool:
    state = mishimash.play(mishimash.new_game(players, 1000, seed), mishimash.Roll())
    return state.phase is mishimash.Phase.SELECT


def test_the_hungarian_powers_and_turn_buttons_never_break_a_word(
    browser: Browser, base_url: str, pages: list[Page]
) -> None:
    """ "CSÖKKENTÉ|S −1" at 390 px, "TOVÁBBDO|BÁS" at 320 px and at 400 % zoom."""
    page = new_page(browser, base_url, "hu", "?seed=31#magdagdon")
    pages.append(page)
    driver = MagdagdonDriver(page, "peaceful", 31)
    driver.roll()
    sizes = [("390", PHONE), ("320", NARROW), ("400pc", ZOOM_400), ("195", ZOOM_200)]
    found = {"magdagdon": at_sizes(page, sizes, "#screen-magdagdon button", "hu-magdagdon")}

    players = ["Anna", "Béla"]
    seed = next(s for s in range(1, 100) if first_roll_scores(players, s))
    page.goto(base_url + f"?seed={seed}#mishimash")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    ms = MishimashDriver(page, players, 1000, seed)
    ms.start()
    ms.roll()
    ms.pick(push_luck(ms.state)[0])
    expect(page.locator("#ms-again")).to_be_visible()
    found["mishimash"] = at_sizes(page, sizes, "#screen-mishimash button", "hu-mishimash")
    assert found == {"magdagdon": {}, "mishimash": {}}


# The widths either side of each of the page's steps (240, 359, 720 px), and the three above.
HOME_WIDTHS = (195, 210, 240, 241, 280, 320, 359, 360, 390, 719, 720, 1280)


@pytest.mark.parametrize("spacing", [False, True], ids=["", "text-spacing"])
@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_the_game_names_on_the_home_cards_stay_whole_from_195_px(
    browser: Browser, base_url: str, pages: list[Page], language: str, spacing: bool
) -> None:
    """ "MAGDAGD|ON" and "MISHIMAS|H" at 195 px."""
    page = new_page(browser, base_url, language, "")
    pages.append(page)
    if spacing:
        space_the_text(page)
    found: dict[int, list[str]] = {}  # by width; sideways by minus the width
    for width in HOME_WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        if width in (195, 320, 360, 390, 720):
            shot(page, f"{language}-home{'-spacing' if spacing else ''}-{width}")
        if words := broken(page, "#screen-home .card-title"):
            found[width] = words
        if sideways := page.evaluate(SIDEWAYS, "#screen-home .game-card"):
            found[-width] = sideways
    assert found == {}


def full_table_of_default_names(page: Page) -> None:
    """A MISHIMASH table of every seat untyped: four people named by their seat's default,
    then a computer player of each level (named by its level), so nothing moves until ROLL."""
    levels = page.locator("select[data-seat='0'] option").count() - 1
    people = mishimash.MAX_PLAYERS - levels
    for _ in range(mishimash.MAX_PLAYERS - 1):
        tap(page.locator("#ms-add"))
    for level in range(levels):
        page.locator(f"select[data-seat='{people + level}']").select_option(index=level + 1)
    tap(page.locator("#ms-start"))
    expect(page.locator("#ms-roll")).to_be_visible()
    expect(page.locator("#ms-players li")).to_have_count(mishimash.MAX_PLAYERS)


def space_the_text(page: Page) -> None:
    """The reader's style sheet of WCAG 1.4.12 (a constructed sheet: the page's CSP refuses
    inline styles, and a reader's own sheet is not the page's)."""
    page.evaluate(
        """css => {
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        }""",
        TEXT_SPACING,
    )


@pytest.mark.parametrize(
    ("language", "spacing"), [("pt", False), ("hu", True), ("vi", True), ("en", True)]
)
def test_the_names_in_the_mishimash_scores_are_never_cut(
    browser: Browser, base_url: str, pages: list[Page], language: str, spacing: bool
) -> None:
    """pt at 320 px, hu and vi under WCAG text spacing showed "Jogad…", "1. ját…"."""
    page = new_page(browser, base_url, language, "?seed=5#mishimash")
    pages.append(page)
    full_table_of_default_names(page)
    if spacing:
        space_the_text(page)
    found: dict[str, Any] = {}
    for label, size in (("390", PHONE), ("320", NARROW), ("195", ZOOM_200)):
        page.set_viewport_size(size)
        shot(page, f"{language}-scores{'-spacing' if spacing else ''}-{label}")
        if cut := page.evaluate(CUT_NAMES):
            found[label] = cut
        if words := broken(page, "#ms-players .name"):
            found[f"{label} words"] = words
    assert found == {}


# The words a person reads and hears (issue 29) -------------------------------------------------
def announced(page: Page) -> str:
    return " ".join((page.locator("#announcer").text_content() or "").split())


def test_a_hungarian_seed_link_names_its_game_code(
    browser: Browser, base_url: str, pages: list[Page]
) -> None:
    """ "(1234567. mag)" read "the 1,234,567th seed"."""
    page = new_page(browser, base_url, "hu", "?seed=31#magdagdon")
    pages.append(page)
    MagdagdonDriver(page, "peaceful", 31).play_turn()
    page.goto(base_url + "?seed=1234567#magdagdon")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Ez a link új MAGDAGDON játékot indít (játékkód: 1234567).")
    expect(dialog).not_to_contain_text("mag)")
    shot(page, "hu-seed-link")


def test_hungarian_default_names_are_said_with_their_article(
    browser: Browser, base_url: str, pages: list[Page]
) -> None:
    """ "Most 1. játékos következik." for "Most az 1. játékos következik." """
    t = load_translator("hu", LOCALES)
    players = [t("mishimash.setup.player", n=n) for n in (1, 2)]
    seed = next(s for s in range(1, 100) if first_roll_scores(players, s))
    page = new_page(browser, base_url, "hu", f"?seed={seed}#mishimash")
    pages.append(page)
    tap(page.locator("#ms-add"))  # two seats, neither named: "1. játékos", "2. játékos"
    tap(page.locator("#ms-start"))
    expect(page.locator("#ms-turn-of")).to_have_text("Az 1. játékos következik")
    ms = MishimashDriver(page, players, 1000, seed)
    ms.roll()
    expect(page.locator("#announcer")).to_contain_text("Az 1. játékos dobása: ")
    ms.commit(*bank_at_once(ms.state))
    expect(page.locator("#ms-turn-of")).to_have_text("A 2. játékos következik")
    expect(page.locator("#ms-event")).to_contain_text(re.compile(r"^Az 1\. játékos \d+ pontot"))
    expect(page.locator("#announcer")).to_contain_text("Most a 2. játékos következik.")
    shot(page, "hu-default-names")
    assert "Most 1. játékos" not in announced(page)


def test_vietnamese_says_the_next_die_without_tiep_xuc(
    browser: Browser, base_url: str, pages: list[Page]
) -> None:
    """ "Đã chọn tiếp xúc xắc 2" is heard first as "tiếp xúc" (contact)."""
    page = new_page(browser, base_url, "vi", "?seed=31#magdagdon")
    pages.append(page)
    driver = MagdagdonDriver(page, "peaceful", 31)
    driver.roll()
    die, cell = placement_plan(driver.state)[0]
    driver.stage(die, cell)
    expect(page.locator("#announcer")).to_contain_text(
        re.compile(r"Xúc xắc \d \(\d\) được chọn tiếp theo\.")
    )
    assert "tiếp xúc" not in announced(page)


# The seat choices whose text does not fit inside their select at its width (the select's own
# padding and its arrow, about 24 px, taken off).
CUT_CHOICES = """select => {
    const style = getComputedStyle(select);
    const pen = document.createElement("canvas").getContext("2d");
    pen.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - 24;
    return [...select.options].map(o => o.text).filter(t => pen.measureText(t).width > room);
}"""


def test_who_plays_a_seat_is_never_cut_inside_its_select_at_320_px(
    browser: Browser, base_url: str, pages: list[Page]
) -> None:
    """At 320-390 px a tester read "Computer: strongest (" in the seat's select: its text is
    now the level's short name, and what the computer does is a line under it."""
    page = new_page(browser, base_url, "en", "#mishimash")
    pages.append(page)
    page.set_viewport_size({"width": 320, "height": 800})
    for language in ("en", "pt", "hu", "vi"):
        page.evaluate(f"localStorage.setItem('cubiri.language', '{language}')")
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        seat = page.locator("select[data-seat='0']")
        assert page.evaluate(CUT_CHOICES, seat.element_handle()) == [], language
        seat.select_option("strongest")
        about = load_translator(language)("mishimash.computer.about.strongest")
        described = page.locator("#" + (seat.get_attribute("aria-describedby") or "none"))
        expect(described).to_have_text(about)
        seat.select_option("")
        expect(page.locator(".ms-seat-about")).to_have_count(0)


# How many lines each visible button of `selector` draws its text on.
BUTTON_LINES = """selector => [...document.querySelectorAll(selector)]
    .filter(b => b.getClientRects().length)
    .map(b => {
        const range = document.createRange();
        range.selectNodeContents(b);
        const tops = [];
        for (const r of range.getClientRects())
            if (r.width > 0 && !tops.some(top => Math.abs(top - r.top) < r.height / 2))
                tops.push(r.top);
        return [b.textContent, tops.length];
    })"""


def test_the_dice_entry_buttons_take_at_most_two_lines_at_320_px(
    browser: Browser, base_url: str, pages: list[Page]
) -> None:
    """An audit saw the Vietnamese USE THESE DICE ("DÙNG CÁC XÚC XẮC NÀY") fill its button on
    three lines at 320 px, beside the entry of a real throw."""
    page = new_page(browser, base_url, "en", "#mishimash")
    pages.append(page)
    page.set_viewport_size(NARROW)
    page.locator("#ms-names input[data-player='0']").fill("Ana")
    tap(page.locator("#ms-add"))
    page.locator("#ms-names input[data-player='1']").fill("Bela")
    page.get_by_role("checkbox", name="Real dice").check()
    tap(page.locator("#ms-start"))
    for language in ("en", "pt", "hu", "vi"):
        page.evaluate(f"localStorage.setItem('cubiri.language', '{language}')")
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#ms-entry")).to_be_visible()
        lines = page.evaluate(BUTTON_LINES, "#ms-entry .ms-actions button")
        assert len(lines) == 2 and all(count <= 2 for _, count in lines), (language, lines)
        if language == "vi":
            shot(page, "vi-dice-entry-320")


SMALL_PHONE = {"width": 320, "height": 640}


@pytest.mark.parametrize(
    ("language", "mover"), [("en", 0), ("en", -1), ("hu", 0), ("hu", -1), ("vi", 0)]
)
def test_the_coach_of_a_sudden_death_shows_without_scrolling_on_a_320_px_phone(
    page: Page, base_url: str, language: str, mover: int
) -> None:
    """A play-tester at 320×640 never saw the coach's chance to win in a sudden death without
    scrolling: the banner, the turn, the dice and the buttons filled the screen. From the top of
    the page, the coach's first line shows whole once dice are picked."""
    names = ["Ana", "Bo"]

    def mover_selects(state: mishimash.State) -> bool:
        return (
            state.round is mishimash.Round.SUDDEN_DEATH
            and state.current == state.contenders[mover]
            and state.phase is mishimash.Phase.SELECT
        )

    seed = find_seed(names, 1, bank_a_little, mover_selects)
    page.set_viewport_size(SMALL_PHONE)
    page.add_init_script(f"localStorage.setItem('cubiri.language', '{language}')")
    page.goto(f"{base_url}?seed={seed}#mishimash")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    driver = MishimashDriver(page, names, 1, seed)
    driver.start()
    driver.play_until(bank_a_little, mover_selects)
    driver.pick(bank_a_little(driver.state)[0])
    coach = page.locator("#ms-coach li")
    first = coach.first
    expect(coach.nth(1)).to_be_attached()  # the best selection, then more: worked out
    expect(first).not_to_have_text(load_translator(language, LOCALES)("coach.thinking"))
    page.evaluate("window.scrollTo(0, 0)")
    box = first.bounding_box()
    assert box is not None
    page.screenshot(
        path=str(SCREENSHOTS / f"mishimash-sudden-death-coach-{language}{mover}-320.png")
    )
    assert box["y"] + box["height"] <= SMALL_PHONE["height"], box


def test_the_standings_head_stands_over_its_columns_and_the_winner_is_gold(
    page: Page, base_url: str
) -> None:
    """A play-tester saw the end's standings with "Score" left of the right-aligned scores,
    the column heads in the winner's big gold, and the winner's row plain."""
    names = ["Ana", "Bo"]
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"{base_url}?seed=3#mishimash")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    driver = MishimashDriver(page, names, 10, 3)
    driver.start()
    driver.play_until(bank_at_once, lambda state: state.over)
    table = page.locator("#ms-standings")
    expect(table.locator("tr")).to_have_count(3)
    head = table.locator("th[scope=col]").last
    score = table.locator("tr").nth(1).locator("td").last
    text_right = "c => { const r = document.createRange(); r.selectNodeContents(c);"
    text_right += " return r.getBoundingClientRect().right; }"
    assert abs(head.evaluate(text_right) - score.evaluate(text_right)) <= 1

    def color(cell: Any) -> str:
        return str(cell.evaluate("c => getComputedStyle(c).color"))

    winner = table.locator("tr").nth(1).locator("th")
    assert color(winner) == color(page.locator("#ms-result"))  # the winner's gold
    assert color(head) != color(winner)
    page.screenshot(path=str(SCREENSHOTS / "mishimash-standings-320.png"))
