"""What audits of a table of real dice tripped on (issue 28's four-seat play-test): a throw
typed in the field "Dice" left USE THESE DICE off, so only Enter took it; entering the last die
with the face buttons by keyboard turned the faces off under the focus, which fell to the page;
and dice tapped, then more typed, were thrown away without a word (helper-18)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import PHONE
from e2e.taps import tap
from e2e.test_real_dice import ready, start


def test_a_typed_throw_is_taken_by_use_these_dice(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    use = page.get_by_role("button", name="USE THESE DICE")
    expect(use).to_be_disabled()
    page.get_by_role("textbox", name="Dice").fill("115523")
    expect(use).to_be_enabled()
    tap(use)
    expect(page.locator("#ms-entry")).to_be_hidden()
    dice = page.locator("#ms-dice .die:not([hidden])")
    expect(dice).to_have_count(6)
    assert [int(v) for v in dice.evaluate_all("ds => ds.map(d => d.dataset.value)")] == [
        1,
        1,
        5,
        5,
        2,
        3,
    ]


def test_a_bad_typed_throw_is_refused_by_use_these_dice_too(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    page.get_by_role("textbox", name="Dice").fill("11552")
    tap(page.get_by_role("button", name="USE THESE DICE"))
    expect(page.locator("#ms-entry-error")).to_have_text("This throw has 6 dice: 5 entered.")
    expect(page.locator("#ms-entry")).to_be_visible()
    # Typed again, the refusal goes, and the count follows the field (a tester saw the old
    # message stay and "0 of 6 dice entered" under five dice typed).
    page.get_by_role("textbox", name="Dice").fill("14665")
    expect(page.locator("#ms-entry-error")).to_be_empty()
    expect(page.get_by_role("textbox", name="Dice")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#ms-entry-progress")).to_have_text("5 of 6 dice entered")


def test_the_last_face_entered_by_keyboard_leaves_the_focus_on_use_these_dice(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    face = page.locator("#ms-face-1")
    for _ in range(6):
        face.focus()
        page.keyboard.press("Enter")
    use = page.get_by_role("button", name="USE THESE DICE")
    expect(use).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#ms-entry")).to_be_hidden()


def test_a_throw_mended_after_undo_is_the_one_typed_and_each_turn_starts_empty(
    page: Page, base_url: str
) -> None:
    """An audit: after a bust the next person's field still held the busted dice (Enter there
    played them again); a throw given back by UNDO and typed again was played as the old dice
    by USE THESE DICE; UNDO at the game's start said "Undone" of nothing."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 10)
    undo = page.get_by_role("button", name="UNDO")
    expect(undo).to_be_hidden()  # nothing to take back yet
    field = page.get_by_role("textbox", name="Dice")
    field.fill("223466")  # a bust (X11)
    field.press("Enter")
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    expect(field).to_have_value("")
    tap(undo)
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    expect(page.locator("#ms-entry-dice .die")).to_have_count(6)  # given back to mend
    expect(page.locator("#announcer")).to_contain_text("is back, to mend; Ana to play.")
    expect(undo).to_be_hidden()  # Ana's throw was the first entry
    expect(field).to_have_value("223466")  # the dice given back are the field's too
    field.fill("115523")
    expect(page.locator("#ms-entry-dice .die")).to_have_count(6)  # what is typed, shown
    tap(page.get_by_role("button", name="USE THESE DICE"))
    dice = page.locator("#ms-dice .die:not([hidden])")
    expect(dice).to_have_count(6)
    shown = [int(v) for v in dice.evaluate_all("ds => ds.map(d => d.dataset.value)")]
    assert shown == [1, 1, 5, 5, 2, 3]


@pytest.mark.parametrize("width", [390, 320])
def test_the_faces_stay_under_the_finger_at_the_first_tap(
    page: Page, base_url: str, width: int
) -> None:
    """The empty box of the dice entered grew by 16-18 px at the first tap and every face
    moved down under the finger (an audit): it keeps a die's room from the start."""
    page.set_viewport_size({"width": width, "height": 844})
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    face = page.locator("#ms-face-3")
    before = face.bounding_box()
    tap(face)
    expect(page.locator("#ms-entry-dice .die")).to_have_count(1)
    assert face.bounding_box() == before


def expect_entered(page: Page, faces: str) -> None:
    expect(page.locator("#ms-entry-dice .die .die-num")).to_have_text(list(faces))


def test_dice_tapped_then_typed_are_one_throw(page: Page, base_url: str) -> None:
    """Helper-18 at 320 px tapped 1 and 4, then typed 2346: the tapped dice went at the first
    key, "4 of 6 dice entered" counted the typed ones, and USE THESE DICE said "This throw has
    6 dice: 4 entered." The field and the dice shown are one entry: a tap writes its digit,
    a key its die, and UNDO takes back the last change either way."""
    page.set_viewport_size({"width": 320, "height": 568})
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    field = page.get_by_role("textbox", name="Dice")
    tap(page.locator("#ms-face-1"))
    tap(page.locator("#ms-face-4"))
    expect(field).to_have_value("14")
    field.press("End")
    field.press_sequentially("2346")
    expect(field).to_have_value("142346")
    expect_entered(page, "142346")
    expect(page.locator("#ms-entry-progress")).to_have_text("6 of 6 dice entered")
    tap(page.get_by_role("button", name="UNDO"))  # the last key
    expect(field).to_have_value("14234")
    expect_entered(page, "14234")
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    tap(page.locator("#ms-face-5"))
    expect(field).to_have_value("142345")
    tap(page.get_by_role("button", name="USE THESE DICE"))
    expect(page.locator("#ms-entry")).to_be_hidden()
    dice = page.locator("#ms-dice .die:not([hidden])")
    assert [int(v) for v in dice.evaluate_all("ds => ds.map(d => d.dataset.value)")] == [
        1, 4, 2, 3, 4, 5,
    ]  # fmt: skip


def test_digit_keys_on_the_faces_enter_the_throw(page: Page, base_url: str) -> None:
    """Helper-18 by keyboard: a throw's focus starts on the face "1", where pressing 3 did
    nothing and the field "Dice" was six Tabs on. There a digit enters its face, Backspace
    takes the last die off, and the last die sends the focus on to USE THESE DICE."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    page.locator("#ms-face-1").focus()
    for key in "1157":  # 7 is no face
        page.keyboard.press(key)
    expect_entered(page, "115")
    page.keyboard.press("Backspace")
    expect_entered(page, "11")
    expect(page.get_by_role("textbox", name="Dice")).to_have_value("11")
    for key in "5524":
        page.keyboard.press(key)
    use = page.get_by_role("button", name="USE THESE DICE")
    expect(use).to_be_focused()
    page.keyboard.press("Backspace")  # the last die, a typo: off again (helper-19)
    expect_entered(page, "11552")
    expect(page.locator("#ms-face-4")).to_be_focused()
    page.keyboard.press("3")
    expect(use).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#ms-entry")).to_be_hidden()
    dice = page.locator("#ms-dice .die:not([hidden])")
    assert [int(v) for v in dice.evaluate_all("ds => ds.map(d => d.dataset.value)")] == [
        1, 1, 5, 5, 2, 3,
    ]  # fmt: skip


def test_a_refusal_follows_the_dice_and_a_face_that_is_none_is_said_at_once(
    page: Page, base_url: str
) -> None:
    """Helper-19: "This throw has 6 dice: 5 entered." stayed under four dice once a die was
    taken off (by a tap or Backspace); and 1234567 read "6 of 6 dice entered" until USE THESE
    DICE refused the 7."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 100)
    field = page.get_by_role("textbox", name="Dice")
    error = page.locator("#ms-entry-error")
    field.fill("12345")
    field.press("Enter")
    expect(error).to_have_text("This throw has 6 dice: 5 entered.")
    page.locator("#ms-face-1").focus()
    page.keyboard.press("Backspace")
    expect_entered(page, "1234")
    expect(error).to_be_empty()
    expect(field).not_to_have_attribute("aria-invalid", "true")
    field.press("End")
    field.press_sequentially("567")
    expect(error).to_have_text("A die shows 1 to 6, not “7”: enter 6 dice.")


def test_undo_by_keyboard_of_the_first_throw_leaves_the_focus_in_its_entry(
    page: Page, base_url: str
) -> None:
    """Helper-19: UNDO pressed by keyboard with nothing more to take back hid itself, and the
    focus fell to the page's body, where the next Enter did nothing."""
    page.set_viewport_size(PHONE)
    ready(page, base_url + "#mishimash")
    start(page, ["Ana", "Bela"], 10)
    field = page.get_by_role("textbox", name="Dice")
    field.fill("223466")  # a bust (X11)
    field.press("Enter")
    expect(page.locator("#ms-turn-of")).to_contain_text("Bela")
    undo = page.get_by_role("button", name="UNDO")
    undo.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#ms-turn-of")).to_contain_text("Ana")
    expect(undo).to_be_hidden()
    expect(page.locator("#ms-entry-prompt")).to_be_focused()
