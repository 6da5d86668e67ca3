"""Builds that run a piece at a time: a generator that yields between pieces and returns what
it built. The page runs one between frames; CPython, and a reader that cannot wait, at once."""

from __future__ import annotations

from collections.abc import Generator
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
