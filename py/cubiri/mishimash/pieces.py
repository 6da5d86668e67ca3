"""Builds that run a piece at a time: a generator that yields between pieces and returns what
it built. The page runs one between frames; CPython, and a reader that cannot wait, at once."""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from typing import TypeVar

R = TypeVar("R")
Steps = Generator[None, None, R]  # a build yielding between pieces, returning what it built


def finish(steps: Steps[R]) -> R:
    """Runs a build's steps to the end: what it built."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            built: R = done.value
            return built


def run_for(pieces: Iterator[None], budget_ms: float) -> bool:
    """Runs pieces for about `budget_ms` milliseconds (at least one); True once none is left."""
    deadline = time.perf_counter() + budget_ms / 1000
    return all(time.perf_counter() < deadline for _ in pieces)  # stops after the late piece
