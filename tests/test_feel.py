"""Game feel (issue 16), decided without the browser: pips, sounds, buzzes, records."""

from __future__ import annotations

import pytest

from app.pure.feel import (
    HAPPENINGS,
    MOMENTS,
    SOUNDS,
    VIBRATIONS,
    count_up,
    is_new_best,
    is_persons_win,
    may_sound,
    may_vibrate,
    moment_of,
    pip_cells,
    place_in_table,
)


def test_each_face_has_as_many_pips_as_its_value_in_a_real_dies_pattern() -> None:
    for value in range(1, 7):
        cells = pip_cells(value)
        assert len(cells) == value == len(set(cells))
        assert all(0 <= cell <= 8 for cell in cells)
        # A die's face looks the same turned half round: the pattern is point-symmetric.
        assert {8 - cell for cell in cells} == set(cells)
    assert pip_cells(0) == pip_cells(7) == ()


def test_every_moment_has_a_short_sound_and_a_short_buzz() -> None:
    assert set(SOUNDS) == set(VIBRATIONS) == set(MOMENTS) == set(HAPPENINGS.values())
    assert set(MOMENTS) == {"roll", "place", "confirm", "bust", "mishimash", "record"}
    for moment, notes in SOUNDS.items():
        assert notes, moment
        assert max(n.start + n.length for n in notes) < 0.8, moment  # short: under 0.8 s
        assert all(0 < n.gain <= 0.25 and 20 < n.pitch < 5000 for n in notes), moment
        assert all(n.wave in {"sine", "square", "sawtooth", "triangle"} for n in notes)
    for moment, pattern in VIBRATIONS.items():
        assert sum(pattern) <= 400 and all(step > 0 for step in pattern), moment


@pytest.mark.parametrize(
    ("on", "tapped", "allowed"), [(True, True, True), (True, False, False), (False, True, False)]
)
def test_sound_needs_the_setting_and_a_first_tap(on: bool, tapped: bool, allowed: bool) -> None:
    assert may_sound(on, tapped) is allowed


def test_no_buzz_under_reduced_motion_before_a_tap_or_when_off() -> None:
    assert may_vibrate(True, True, reduced_motion=False)
    assert not may_vibrate(True, True, reduced_motion=True)
    assert not may_vibrate(True, False, reduced_motion=False)
    assert not may_vibrate(False, True, reduced_motion=False)


def test_a_tap_that_does_several_things_is_heard_as_the_most_telling() -> None:
    assert moment_of([]) is None
    assert moment_of(["unstage"]) is None
    assert moment_of(["stage"]) == "place"
    assert moment_of(["roll"]) == moment_of(["roll_again"]) == moment_of(["reroll"]) == "roll"
    assert moment_of(["confirm", "confirmed"]) == "confirm"
    assert moment_of(["confirm", "confirmed", "ruined"]) == "bust"  # M17
    assert moment_of(["select", "roll_again", "mishimash"]) == "mishimash"  # X12
    assert moment_of(["roll", "bust"]) == "bust"  # X11
    assert moment_of(["select", "bank", "banked", "record"]) == "record"


def test_a_new_best_heads_its_table() -> None:
    assert place_in_table(["a", "b", "c"], "b") == 2
    assert place_in_table(["a"], "z") is None
    assert place_in_table(["a"], None) is None
    assert is_new_best(["a", "b"], "a")
    assert not is_new_best(["a", "b"], "b")
    assert not is_new_best([], "a")  # did not make the table


def test_a_score_counts_up_to_its_final_value() -> None:
    assert count_up(120, 4) == [30, 60, 90, 120]
    assert count_up(-40, 2) == [-20, -40]
    assert count_up(7, 0) == [7]
    steps = count_up(311, 24)
    assert len(steps) == 24 and steps[-1] == 311 and steps == sorted(steps)


def test_a_win_is_celebrated_only_when_a_person_wins() -> None:
    assert is_persons_win(("", "bold"), 0)
    assert not is_persons_win(("", "bold"), 1)  # the computer won
    assert is_persons_win(("", ""), 1)
    assert not is_persons_win(("", ""), None)
    assert not is_persons_win(("",), 3)
