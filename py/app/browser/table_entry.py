"""The panel that takes a throw of real dice (issue 24): six face buttons (a tap adds a die of
that face), the dice entered so far (a tap on one removes it), the field "Dice" for the digits
with Enter, USE THESE DICE and ROLL FOR ME. The screen owns what is entered (it is saved with
the game); this module draws it and passes the taps on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document

from app.browser.dom import absent, by_id, listen
from app.browser.feel import show_face
from app.pure.i18n import Translator
from app.pure.table_dice import FACES


class DiceEntry:
    def __init__(
        self,
        entered: Callable[[tuple[int, ...]], None],
        typed: Callable[[str], None],
        use: Callable[[], None],
        for_me: Callable[[], None],
    ) -> None:
        """`entered(values)`: the dice entered changed; `typed(text)`: Enter in the field;
        `use()`: USE THESE DICE; `for_me()`: ROLL FOR ME."""
        self._entered, self._typed, self._use, self._for_me = entered, typed, use, for_me
        self.values: tuple[int, ...] = ()
        self.count = 0

    def mount(self) -> None:
        faces = by_id("ms-entry-faces")
        for face in FACES:
            button = document.createElement("button")
            button.type = "button"
            button.className = "die ms-die ms-face"
            button.id = f"ms-face-{face}"
            button.setAttribute("data-face", str(face))
            show_face(button, face)
            faces.appendChild(button)
        listen(faces, "click", self._on_face)
        listen(by_id("ms-entry-dice"), "click", self._on_entered)
        listen(by_id("ms-entry-form"), "submit", self._on_submit)
        listen(by_id("ms-entry-use"), "click", lambda _event: self._use())
        listen(by_id("ms-entry-for-me"), "click", lambda _event: self._for_me())

    def show(self, count: int | None, values: tuple[int, ...], t: Translator) -> None:
        """The panel for a throw of `count` dice with `values` entered (None: hidden)."""
        panel = by_id("ms-entry")
        panel.hidden = count is None
        if count is None:
            if self.count:
                self.error("")
                by_id("ms-entry-text").value = ""
            self.count, self.values = 0, ()
            return
        self.count, self.values = count, values
        by_id("ms-entry-prompt").textContent = t.plural("table.entry.prompt", count)
        by_id("ms-entry-progress").textContent = t.plural(
            "table.entry.progress", count, entered=t.number(len(values))
        )
        shown = by_id("ms-entry-dice")
        shown.replaceChildren()
        for index, value in enumerate(values):
            die = document.createElement("button")
            die.type = "button"
            die.className = "die ms-die"
            die.setAttribute("data-index", str(index))
            die.setAttribute("aria-label", t("table.entry.remove", face=value))
            show_face(die, value)
            shown.appendChild(die)
        full = len(values) >= count
        for face in FACES:
            button = by_id(f"ms-face-{face}")
            button.setAttribute("aria-label", t("table.entry.add", face=face))
            button.disabled = full
        by_id("ms-entry-use").disabled = len(values) != count

    def error(self, message: str) -> None:
        """Why the field's entry was refused ("" to clear it); the field is marked meanwhile."""
        by_id("ms-entry-error").textContent = message
        field = by_id("ms-entry-text")
        if message:
            field.setAttribute("aria-invalid", "true")
            field.setAttribute("aria-describedby", "ms-entry-error")
        else:
            field.removeAttribute("aria-invalid")
            field.removeAttribute("aria-describedby")

    def _on_face(self, event: Any) -> None:
        button = event.target.closest("[data-face]")
        if absent(button) or button.disabled or len(self.values) >= self.count:
            return
        self.error("")
        self._entered((*self.values, int(button.getAttribute("data-face"))))

    def _on_entered(self, event: Any) -> None:
        die = event.target.closest("[data-index]")
        if absent(die):
            return
        index = int(die.getAttribute("data-index"))
        self._entered(self.values[:index] + self.values[index + 1 :])
        # The focus stays among the dice entered, or goes back to the faces.
        left = by_id("ms-entry-dice").querySelectorAll("button")
        target = left.item(min(index, left.length - 1)) if left.length else by_id("ms-face-1")
        target.focus()

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        self._typed(str(by_id("ms-entry-text").value))
