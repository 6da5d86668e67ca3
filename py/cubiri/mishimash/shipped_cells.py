"""Tables of chances shipped as data (win_tables.bin, reach_table.bin), so the page reads in a
moment what Pyodide would build for a minute.

A file is zlib over a JSON header line and, for each table, each cell's chances × SCALE,
rounded, as differences modulo 2**16 (a cell's chances change slowly, so they compress well).
A chance read back is off by at most 1 / (2 · SCALE), under 8e-6. The header names each table's
cells as [dice, roll, MISHIMASHes, offset, length] under the table's name; what else it holds
is the caller's (what the tables were made for, checked when they are read)."""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Generator, Iterator, Mapping, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any

from cubiri.mishimash.pieces import run_for

SCALE = 65535
Key = tuple[int, int, int]  # (dice, roll, MISHIMASHes) of a cell


class ShippedCells:
    """A table's cells, each decoded when first asked for (the page needs a few of them)."""

    def __init__(self, deltas: array[int], index: dict[Key, tuple[int, int]]) -> None:
        self.deltas, self.index = deltas, index
        self.decoded: dict[Key, list[float]] = {}

    def get(self, key: Key) -> list[float] | None:
        cell = self.decoded.get(key)
        if cell is None and key in self.index:
            offset, length = self.index[key]
            values = accumulate(self.deltas[offset : offset + length])
            cell = self.decoded[key] = [(value & 0xFFFF) / SCALE for value in values]
        return cell

    def __getitem__(self, key: Key) -> list[float]:
        cell = self.get(key)
        if cell is None:
            raise KeyError(key)
        return cell

    def __contains__(self, key: object) -> bool:
        return key in self.index

    def __len__(self) -> int:
        return len(self.index)


def encode(
    header: dict[str, Any],
    tables: Sequence[tuple[str, Mapping[Key, list[float]]]],
    after: dict[str, Any] | None = None,
) -> bytes:
    """The file's bytes: `header`, each named table's cell index and `after` on one JSON line,
    then the cells."""
    deltas = array("H")
    header = dict(header)
    for name, cells in tables:
        entries = []
        for key in sorted(cells):
            before = 0
            entries.append([*key, len(deltas), len(cells[key])])
            for value in cells[key]:
                scaled = round(value * SCALE)
                deltas.append((scaled - before) & 0xFFFF)
                before = scaled
        header[name] = entries
    header.update(after or {})
    if sys.byteorder == "big":
        deltas.byteswap()
    head = json.dumps(header, separators=(",", ":")).encode()
    return zlib.compress(head + b"\n" + deltas.tobytes(), 9)


class Shipped:
    """A shipped file read: its header, and each named table's cells."""

    def __init__(self, header: dict[str, Any], deltas: array[int]) -> None:
        self.header, self.deltas = header, deltas

    def cells(self, name: str) -> ShippedCells:
        index = {(n, k, m): (offset, length) for n, k, m, offset, length in self.header[name]}
        return ShippedCells(self.deltas, index)


def file_crc(path: Path) -> int:
    """The file's crc32, or -1 where it cannot be read: what values built from it depend on."""
    try:
        return zlib.crc32(path.read_bytes())
    except OSError:
        return -1


def whole_rows(entries: object, rows: int, length: int, cells: int) -> bool:
    """Whether a table's index (`entries`, from the header) holds rows 0 … rows − 1, each
    (row, 0, 0) of `length` values, inside a file of `cells` values."""
    if not isinstance(entries, list) or len(entries) != rows:
        return False
    for row, entry in enumerate(entries):
        if not isinstance(entry, list) or any(type(v) is not int for v in entry):
            return False
        if entry[:3] != [row, 0, 0] or entry[4:] != [length]:
            return False
        if not 0 <= entry[3] <= cells - length:
            return False
    return True


def read(path: Path) -> Shipped | None:
    """The file at `path`, or None where it is missing or damaged (then the tables are built)."""
    return Reading(path).result()


CHUNK = 1 << 19  # bytes decompressed in one piece (a few milliseconds in Pyodide)


def read_steps(path: Path) -> Generator[None, None, Shipped | None]:
    """`read` a piece at a time, yielding between pieces: the page reads a file of megabytes
    between frames (at once, 0.3-0.5 s of Pyodide in one task: a START that froze). The cells
    are taken a chunk at a time as they are decompressed, never copied whole."""
    try:
        left = path.read_bytes()
    except OSError:
        return None
    yield
    inflate = zlib.decompressobj()
    head, header, odd = b"", None, b""
    deltas = array("H")
    try:
        while left or header is None:
            if not left:
                return None  # no header line
            part = inflate.decompress(left, CHUNK)
            left = inflate.unconsumed_tail
            if header is None:
                head += part
                if b"\n" not in head:
                    continue
                head, _, part = head.partition(b"\n")
                header = json.loads(head)
                if not isinstance(header, dict):
                    return None
            part = odd + part
            whole = len(part) - len(part) % deltas.itemsize
            deltas.frombytes(part[:whole])
            odd = part[whole:]
            yield
        rest = odd + inflate.flush()
    except (zlib.error, ValueError):
        return None
    if not inflate.eof:
        return None
    deltas.frombytes(rest[: len(rest) - len(rest) % deltas.itemsize])
    if sys.byteorder == "big":
        deltas.byteswap()
    return Shipped(header, deltas)


class Reading:
    """A shipped file read between frames (`step`) or, whatever is left, at once (`result`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._read: Shipped | None = None
        self._pieces = self._reading()

    def _reading(self) -> Iterator[None]:
        self._read = yield from read_steps(self.path)

    def step(self, budget_ms: float) -> bool:
        """Reads for about `budget_ms` milliseconds (a piece at least); True once read."""
        return run_for(self._pieces, budget_ms)

    def result(self) -> Shipped | None:
        """The file read (what is left read now), or None where it is missing or damaged."""
        run_for(self._pieces, float("inf"))
        return self._read
