"""The panel that takes a throw of real dice (issue 24), in both games: six face buttons (a tap
adds a die of that face), the dice entered so far (a tap on one removes it), the field "Dice"
for the digits with Enter, USE THESE DICE and ROLL FOR ME. The screen owns what is entered (it
is saved with the game); this module builds the panel inside `#{prefix}-entry`, draws it and
passes the taps on."""

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
        prefix: str,
        entered: Callable[[tuple[int, ...]], None],
        typed: Callable[[str], None],
        use: Callable[[], None],
        for_me: Callable[[], None],
    ) -> None:
        """`prefix`: the game's ids ("ms", "md"); `entered(values)`: the dice entered changed;
        `typed(text)`: Enter in the field; `use()`: USE THESE DICE; `for_me()`: ROLL FOR ME."""
        self.prefix = prefix
        self._entered, self._typed, self._use, self._for_me = entered, typed, use, for_me
        self.values: tuple[int, ...] = ()
        self.count = 0

    def _el(self, name: str) -> Any:
        return by_id(f"{self.prefix}-{name}")

    def mount(self) -> None:
        panel = self._el("entry")
        panel.setAttribute("role", "group")
        panel.setAttribute("aria-labelledby", f"{self.prefix}-entry-prompt")
        prompt = _element("p", f"{self.prefix}-entry-prompt", "ms-entry-prompt")
        shown = _element("div", f"{self.prefix}-entry-dice", "ms-dice ms-entered")
        progress = _element("p", f"{self.prefix}-entry-progress", "ms-note")
        progress.setAttribute("aria-live", "polite")
        faces = _element("div", f"{self.prefix}-entry-faces", "ms-faces")
        for face in FACES:
            button = _element("button", f"{self.prefix}-face-{face}", "die ms-die ms-face")
            button.type = "button"
            button.setAttribute("data-face", str(face))
            show_face(button, face)
            faces.appendChild(button)
        form = _element("form", f"{self.prefix}-entry-form", "ms-entry-form")
        form.setAttribute("novalidate", "")
        label = _element("label", f"{self.prefix}-entry-label", "")
        label.setAttribute("for", f"{self.prefix}-entry-text")
        field = _element("input", f"{self.prefix}-entry-text", "")
        for name, value in (("type", "text"), ("inputmode", "numeric"), ("autocomplete", "off")):
            field.setAttribute(name, value)
        field.setAttribute("maxlength", "40")
        form.append(label, field)
        error = _element("p", f"{self.prefix}-entry-error", "error")
        error.setAttribute("role", "alert")
        actions = _element("div", "", "ms-actions")
        use = _element("button", f"{self.prefix}-entry-use", "primary")
        for_me = _element("button", f"{self.prefix}-entry-for-me", "ghost")
        use.type = for_me.type = "button"
        actions.append(use, for_me)
        panel.append(prompt, shown, progress, faces, form, error, actions)
        listen(faces, "click", self._on_face)
        listen(shown, "click", self._on_entered)
        listen(form, "submit", self._on_submit)
        listen(use, "click", lambda _event: self._use())
        listen(for_me, "click", lambda _event: self._for_me())

    def show(self, count: int | None, values: tuple[int, ...], t: Translator) -> None:
        """The panel for a throw of `count` dice with `values` entered (None: hidden)."""
        panel = self._el("entry")
        panel.hidden = count is None
        if count is None:
            if self.count:
                self.error("")
                self._el("entry-text").value = ""
            self.count, self.values = 0, ()
            return
        self.count, self.values = count, values
        self._el("entry-label").textContent = t("table.entry.field")
        self._el("entry-use").textContent = t("table.entry.use")
        self._el("entry-for-me").textContent = t("table.entry.for_me")
        self._el("entry-prompt").textContent = t.plural("table.entry.prompt", count)
        self._el("entry-progress").textContent = t.plural(
            "table.entry.progress", count, entered=t.number(len(values))
        )
        shown = self._el("entry-dice")
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
            button = self._el(f"face-{face}")
            button.setAttribute("aria-label", t("table.entry.add", face=face))
            button.disabled = full
        self._el("entry-use").disabled = len(values) != count

    def error(self, message: str) -> None:
        """Why the field's entry was refused ("" to clear it); the field is marked meanwhile."""
        self._el("entry-error").textContent = message
        field = self._el("entry-text")
        if message:
            field.setAttribute("aria-invalid", "true")
            field.setAttribute("aria-describedby", f"{self.prefix}-entry-error")
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
        left = self._el("entry-dice").querySelectorAll("button")
        target = left.item(min(index, left.length - 1)) if left.length else self._el("face-1")
        target.focus()

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        self._typed(str(self._el("entry-text").value))


def _element(tag: str, ident: str, class_name: str) -> Any:
    element = document.createElement(tag)
    if ident:
        element.id = ident
    if class_name:
        element.className = class_name
    return element
