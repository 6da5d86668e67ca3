"""The MISHIMASH computer seats' turns in the page: one visible step at a time (ROLL; the dice
it takes, shown; then taking them with BANK or ROLL AGAIN), at a pace a person can follow.

What a computer plays comes from `cubiri.mishimash.computer`, a pure function of the position,
so a reload goes on the same way; this module only times the steps and plays them on the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from js import window
from pyodide.ffi import create_proxy

from app.browser import stores
from app.browser.dom import by_id
from app.pure import mishimash_speech as speech
from app.pure.mishimash_setup import PERSON
from cubiri.mishimash import computer
from cubiri.mishimash import game as engine

if TYPE_CHECKING:
    from app.browser.mishimash_screen import MishimashScreen

# How long a computer's step stays on screen before the next, by the SETTINGS speed: a person
# can follow each roll, selection and decision (about 0.6–1 s a step), or hurry it along.
STEP_MS = {"normal": 900, "fast": 250}
# At the normal pace a step waits while the last announcement is said (issue 29), up to this:
# helper-39 watched "Champion Cubi is playing…" for 14.4 s after a bust and a sudden death's
# banner (198 characters), and took the game for stuck; a sentence that long is still heard,
# by a screen reader's queue, as the next one comes.
SPEECH_CAP_MS = 5000


class ComputerTurns:
    def __init__(self, screen: MishimashScreen) -> None:
        self.screen = screen
        self.speaking_ms = 0  # how long the last announcement takes to say
        self._timer: int | None = None
        self._takes = ""  # a computer's selection, shown: said with the move that follows it
        self._step_later = create_proxy(self._step)

    def to_move(self) -> str:
        """The level of the computer whose turn it is, or "" when a person is to move."""
        state, levels = self.screen.state, self.screen.levels
        if state is None or state.over or len(levels) != len(state.players):
            return PERSON
        return levels[state.current]

    def with_takes(self, said: str) -> str:
        """What a computer's move says, with the dice it was shown taking before it."""
        said, self._takes = speech.computer_move(self._takes, said), ""
        return said

    def schedule(self) -> None:
        """A computer's next step, at a pace a person can follow (it waits while another screen
        shows: opening MISHIMASH again schedules it anew)."""
        self.stop()
        if self.to_move():
            speed = stores.computer_speed()
            delay = STEP_MS.get(speed, STEP_MS["normal"])
            if speed != "fast":  # at the normal pace, what was just said is heard out first
                delay = max(delay, min(self.speaking_ms, SPEECH_CAP_MS))
            self.speaking_ms = 0
            self._timer = window.setTimeout(self._step_later, delay)

    def stop(self) -> None:
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None

    def _step(self) -> None:
        """One visible step: ROLL; or show the dice it takes; or take them and BANK / ROLL AGAIN.
        Each is a pure function of the position, so a reload goes on the same way."""
        self._timer = None
        screen = self.screen
        level, state = self.to_move(), screen.state
        if not level or state is None or by_id("screen-mishimash").hidden:
            return
        if computer.waits_for_reach_table(level, state):
            self.schedule()  # its final-round odds are still being built
            return
        if state.phase is engine.Phase.SELECT and not screen.picked:
            chosen = computer.selection(level, state)
            screen.picked = frozenset(chosen.dice)
            screen.render()
            self._takes = speech.computer_takes(state, chosen, screen.host.t)
            self.schedule()
        elif state.phase is engine.Phase.SELECT:
            select = engine.Select(tuple(sorted(screen.picked)))
            decision = computer.next_move(level, engine.apply(state, select))
            screen.play((select, decision), by_computer=True)
        else:
            screen.play((computer.next_move(level, state),), by_computer=True)
