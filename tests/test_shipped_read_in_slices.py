"""The shipped tables read between frames (the page reads them while its setup shows rivals:
read at START, they froze the tap for 0.6-1.5 s in Pyodide). Read in pieces, they are the same
as read at once; a damaged or cut file still reads as none (the tables are then built), and a
reader that asks before the pieces are done gets them at once, never half of them."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from cubiri.mishimash import odds, shipped_cells
from cubiri.mishimash import win_chance as wc


@pytest.mark.parametrize("path", [wc.TABLES_PATH, odds.REACH_TABLE_PATH], ids=lambda p: p.name)
def test_a_file_read_in_pieces_is_the_file_read_at_once(path: Path) -> None:
    data = zlib.decompress(path.read_bytes())
    head, _, body = data.partition(b"\n")
    reading, pieces = shipped_cells.Reading(path), 0
    while not reading.step(0.0):  # one piece a step
        pieces += 1
    shipped = reading.result()
    assert shipped is not None and pieces > len(data) // shipped_cells.CHUNK
    assert shipped.header == json.loads(head)
    assert shipped.deltas.tobytes() == body[: len(body) - len(body) % 2]


def test_a_damaged_or_cut_file_reads_as_none(tmp_path: Path) -> None:
    whole = wc.TABLES_PATH.read_bytes()
    for name, data in (
        ("not_zlib.bin", b"not zlib at all"),
        ("cut.bin", whole[: len(whole) // 2]),  # a download cut short
        ("no_header.bin", zlib.compress(b"[1, 2, 3]")),
        ("no_line.bin", zlib.compress(b'{"a": 1}')),
    ):
        path = tmp_path / name
        path.write_bytes(data)
        assert shipped_cells.read(path) is None, name
    assert shipped_cells.read(tmp_path / "missing.bin") is None


def test_tables_begun_between_frames_are_whole_when_first_asked_for() -> None:
    """A game asks for the tables while the setup's reading is half done: what is left is read
    at once, and every table holds what the file holds."""
    ahead = wc.TablesBuilder()
    assert not ahead.load_step(0.0)  # a piece read, more to come
    assert ahead.complete and isinstance(ahead.last.cells, shipped_cells.ShippedCells)
    at_once = wc.TablesBuilder()
    assert at_once.complete
    for (name, mine), (_, theirs) in zip(wc._named(ahead), wc._named(at_once), strict=True):
        assert isinstance(mine.cells, shipped_cells.ShippedCells), name
        assert isinstance(theirs.cells, shipped_cells.ShippedCells), name
        assert mine.cells.index == theirs.cells.index, name
        if isinstance(mine, wc.FirstMover):
            assert isinstance(theirs, wc.FirstMover)
            assert mine.banks == theirs.banks and mine.proven == theirs.proven
    assert ahead.against_three.passes == at_once.against_three.passes


def test_the_reach_table_begun_between_frames_is_the_one_read_at_once() -> None:
    odds.shipped_reach.cache_clear()
    try:
        assert not odds.reach_load_step(0.0)
        read = odds.shipped_reach()  # what is left, at once
        assert read is not None and odds.reach_load_step(0.0)  # nothing left to read
        odds.shipped_reach.cache_clear()
        again = odds.shipped_reach()
        assert again is not None and again.deltas == read.deltas and again.index == read.index
    finally:
        odds.shipped_reach.cache_clear()
