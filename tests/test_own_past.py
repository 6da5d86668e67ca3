"""own_past.py: a four-seat P's table past the leader, kept by P's offsets over the two after
it, built before the leader's total is known, and kept across a reload (issue 28)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator

import pytest

from cubiri.mishimash import later_players, own_past, win_chance
from cubiri.mishimash.later_players import Position, Solver
from cubiri.mishimash.pieces import finish

# Bea 10.5 behind Ana, Cleo and Dan 10.5 behind Ana too (four seats to 10, Ana's 1 1 1 5).
BEA = Position(21, (21, 21))
AHEAD = own_past.Wanted((0, 0), 20)  # built while Ana may reach 10: L at least 20 halves up


@pytest.fixture(scope="module")
def kept() -> Iterator[str]:
    """The table built ahead, as the page keeps it."""
    own_past.forget()
    finish(own_past.steps(AHEAD))
    text = own_past.dump(AHEAD)
    assert text is not None
    yield text
    later_players.forget()


def bea_start() -> float:
    later_players.forget()
    return Solver(BEA, 1).table().start()


def test_a_table_built_before_the_leaders_total_gives_the_same_chances(kept: str) -> None:
    """Built from 20 halves up before Ana banked, or from 21 once she has: Bea's chance to win
    is the same number, to the last bit, and her solver reads the table built ahead."""
    fresh = bea_start()  # forgets the table built ahead: this one is from 21
    own_past.forget()
    built = finish(own_past.steps(AHEAD))
    solver = Solver(BEA, 1)
    assert solver.table().past is built
    assert solver.table().start() == fresh
    later_players.forget()


def test_a_kept_table_comes_back_whole_after_a_reload(kept: str) -> None:
    """A reload (a fresh page: nothing built) finds the kept table: Bea's chances read it, the
    same to the last bit, with nothing built past the leader."""
    fresh = bea_start()
    later_players.forget()
    assert own_past.load(kept) == AHEAD
    assert own_past.built(own_past.wanted(BEA.later, BEA.mine))
    assert Solver(BEA, 1).table().start() == fresh
    assert own_past.dump(AHEAD) is None  # kept already: not written again
    later_players.forget()


def tampered(kept: str, **changes: object) -> str:
    found = json.loads(kept)
    found.update(changes)
    return json.dumps(found)


def values_with(kept: str, at: int, value: float) -> str:
    from array import array

    values = array("d")
    values.frombytes(base64.b64decode(json.loads(kept)["values"]))
    values[at] = value
    return tampered(kept, values=base64.b64encode(values.tobytes()).decode("ascii"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda kept: None,
        lambda kept: "",
        lambda kept: "not json",
        lambda kept: "[1, 2]",
        lambda kept: kept[: len(kept) // 2],
        lambda kept: tampered(kept, made=[0, 0]),
        lambda kept: tampered(kept, cut=-1),
        lambda kept: tampered(kept, cut=21),  # another cut: its cells are other lengths
        lambda kept: tampered(kept, cut=True),
        lambda kept: tampered(kept, offsets=[0]),
        lambda kept: tampered(kept, offsets=[0, "0"]),
        lambda kept: tampered(kept, values="!!!"),
        lambda kept: tampered(kept, values=json.loads(kept)["values"][:-12]),
        lambda kept: values_with(kept, 5, float("nan")),
        lambda kept: values_with(kept, 7, 1.5),
    ],
)
def test_a_damaged_or_tampered_copy_is_never_read(kept: str, damage: object) -> None:
    """Anything but a whole table made as this code makes it is skipped: the page builds the
    table again (a second), never reads a wrong chance it can tell."""
    later_players.forget()
    assert callable(damage)
    assert own_past.load(damage(kept)) is None
    assert not own_past.built(AHEAD)
    later_players.forget()


class CrudePastOfP(own_past.PastOfP):
    """P's table built as before the per-point bound: every point to where BANK beats any
    throw of its dice (`proven_for`)."""

    def proven_cell(self, n: int, k: int, m: int) -> int:
        return self.proven_for(n)


@pytest.mark.parametrize(("mine", "later"), [(21, (21, 21)), (40, (200, 60)), (100, (150, 200))])
def test_the_per_point_bound_stops_only_where_bank_is_best(
    mine: int, later: tuple[int, int]
) -> None:
    """Each decision point's table stops where BANK is proven best there (own_past._bound, a
    third to two fifths of the values); built on to where BANK beats any throw of its dice,
    every value the shorter table holds is the same, and every one past it is BANK's."""
    want = own_past.wanted(later, mine)
    banks = list(own_past._banks(want))
    short = win_chance.built(own_past.PastOfP(later_players.last_mover(), banks, mine))
    crude = win_chance.built(CrudePastOfP(later_players.last_mover(), banks, mine))
    held = sum(map(len, short.cells.values()))
    assert held < 0.7 * sum(map(len, crude.cells.values()))
    for key, cell in crude.cells.items():
        low = short.low(key[1], key[2])
        built = short.cells[key]
        assert cell[: len(built)] == built
        assert cell[len(built) :] == banks[low + len(built) : low + len(cell)]
