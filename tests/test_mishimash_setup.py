"""The MISHIMASH setup's names (issue 23): a default name is numbered, never refused; two typed
equal names are refused; a typed name is shown as typed."""

from __future__ import annotations

from app.pure.i18n import load_translator
from app.pure.mishimash_setup import PERSON, Seat, duplicate_name, player_names

t = load_translator("en")


def test_two_unnamed_computers_of_one_level_can_start_and_are_numbered() -> None:
    seats = [Seat("", "cautious"), Seat("", "cautious")]
    assert duplicate_name(seats, t) is None
    assert player_names(seats, t) == ["Cautious Cleo", "Cautious Cleo 2"]
    three = [Seat("Ann"), *seats, Seat(" ", "cautious")]
    assert duplicate_name(three, t) is None
    assert player_names(three, t) == ["Ann", "Cautious Cleo", "Cautious Cleo 2", "Cautious Cleo 3"]


def test_two_typed_equal_names_are_still_refused() -> None:
    assert duplicate_name([Seat("Ann"), Seat(" ann ")], t) == "ann"
    assert duplicate_name([Seat("Cleo", "cautious"), Seat("cleo", "bold")], t) == "cleo"
    assert duplicate_name([Seat("", "bold"), Seat("", "bold"), Seat("X"), Seat("x")], t) == "x"


def test_a_typed_name_equal_to_a_default_is_refused() -> None:
    """The game would have to number one of the two, and the player chose that name."""
    assert duplicate_name([Seat(""), Seat("Player 1")], t) == "Player 1"
    assert duplicate_name([Seat("cautious cleo"), Seat("", "cautious")], t) == "Cautious Cleo"
    assert duplicate_name([Seat("", "cautious"), Seat("", "cautious"), Seat("CAUTIOUS CLEO")], t)


def test_a_typed_name_is_never_renumbered_for_a_default() -> None:
    """A default numbered past a typed name takes the next free number: the typed one stays."""
    seats = [Seat("", "bold"), Seat("", "bold"), Seat("Bold Boris 2", PERSON)]
    assert duplicate_name(seats, t) is None
    assert player_names(seats, t) == ["Bold Boris", "Bold Boris 3", "Bold Boris 2"]


def test_the_numbered_defaults_fit_the_engine_and_every_name_differs() -> None:
    seats = [Seat("", "best odds")] * 6
    names = player_names(seats, t)
    assert len({name.casefold() for name in names}) == 6
    assert names[0] == "Odds Otto" and names[-1] == "Odds Otto 6"
