"""A control never takes a tap meant for what stood there a moment before (issue 15).

After BANK, ROLL stands where BANK was; after CONFIRM, ROLL stands where CONFIRM was; a lit
cell, once staged, takes its die back. A double click, or a second tap a moment late, would then
play what the player never saw. The guard remembers what each control means (any comparable
value: the screen's view model says it), and when that changes from one thing to another it
ignores taps on that control for `LOCK_MS`. Meanwhile the control carries
`aria-disabled="true"` (it does not take taps, so it says so). Repeats are never taps: the second
click of a double click (`event.detail > 1`) and a held-down Enter (key auto-repeat).
A keyboard press on a control the player moved the focus to after its meaning changed is
deliberate, and always counts: Tab then Enter on BANK right after a roll is not a stray tap.

A screen uses it in three places: `watch(root)` once, `show(element, meaning)` for every control
on every render, and `accepts(event, element)` first thing in a click handler.
"""

from __future__ import annotations

from typing import Any

from js import window
from pyodide.ffi import create_once_callable

from app.browser.dom import absent, listen

LOCK_MS = 350
_UNKNOWN = object()


class TapGuard:
    def __init__(self, lock_ms: float = LOCK_MS) -> None:
        self.lock_ms = lock_ms
        self._meanings: dict[str, object] = {}
        self._locked_until: dict[str, float] = {}
        self._locked_at: dict[str, float] = {}
        self._focused_at: dict[str, float] = {}
        self._moving_focus = False

    def watch(self, root: Any) -> None:
        """Ignore a held-down Enter inside `root`: each repeat would be another click; and note
        when the focus reaches each control, to know a keyboard press there is deliberate."""
        listen(root, "keydown", _drop_key_repeat)
        listen(root, "focusin", self._note_focus)

    def show(self, element: Any, meaning: object) -> None:
        """`element` now means `meaning` (None: it does nothing). A change from one meaning to
        another locks it for a moment; becoming live from nothing does not."""
        key = str(element.id)
        before = self._meanings.get(key, _UNKNOWN)
        self._meanings[key] = meaning
        if before is _UNKNOWN or before is None or meaning is None or before == meaning:
            return
        self._lock(key, element)

    def hold(self, element: Any) -> None:
        """Lock `element` for a moment now: it has just appeared under the player's finger."""
        self._lock(str(element.id), element)

    def focus(self, element: Any) -> None:
        """Put the focus on `element` for the player (issue 14). The screen moved it, not the
        player: a press there right after a change is still held off like any other."""
        self._moving_focus = True
        try:
            element.focus()
        finally:
            self._moving_focus = False

    def forget(self) -> None:
        """A new screen or game: nothing shown before is under the player's finger any more."""
        self._meanings.clear()

    def accepts(self, event: Any, element: Any) -> bool:
        """Whether this click on `element` is a tap meant for what it means now."""
        if int(event.detail or 0) > 1:
            return False
        if absent(element):
            return True
        key = str(element.id)
        if int(event.detail or 0) == 0 and self._focused_at.get(key, -1.0) > self._locked_at.get(
            key, 0.0
        ):
            return True  # activated from the keyboard, where the player moved the focus since
        # The same small slack as the release below: a timer may fire a hair early.
        now = float(window.performance.now())
        return now + 1 >= self._locked_until.get(key, 0.0)

    def _note_focus(self, event: Any) -> None:
        target = event.target
        if not absent(target) and target.id and not self._moving_focus:
            self._focused_at[str(target.id)] = float(window.performance.now())

    def _lock(self, key: str, element: Any) -> None:
        now = float(window.performance.now())
        self._locked_at[key] = now
        self._locked_until[key] = now + self.lock_ms
        element.setAttribute("aria-disabled", "true")

        def release() -> None:
            if window.performance.now() + 1 >= self._locked_until.get(key, 0.0):
                element.removeAttribute("aria-disabled")

        window.setTimeout(create_once_callable(release), self.lock_ms)


def _drop_key_repeat(event: Any) -> None:
    if event.repeat and event.key in ("Enter", " "):
        event.preventDefault()
