"""The panel that takes a throw of real dice (issue 24), in both games: six face buttons (a tap
adds a die of that face), the dice entered so far (a tap on one removes it), the field "Dice"
for the digits with Enter, USE THESE DICE and ROLL FOR ME. This module builds the panel inside
`#{prefix}-entry`, keeps the dice entered so far (the screen saves them with the game) and
hands the screen a whole throw. UNDO takes back the panel's own taps first, the last one first
(`take_back`): a tester's UNDO with two dice tapped threw them away without a word and took
back the entry before them.

The dice entered and the field are one entry shown two ways: a face tapped (or a die removed)
writes the field's digits, and digits typed are the dice shown. An audit tapped 3 and 4, then
typed 46: the tapped dice went without a word (the field held only what was typed), and USE
THESE DICE said "2 entered"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from js import document, window

from app.browser.dom import absent, by_id, element, listen
from app.browser.feel import show_face
from app.browser.storage import session_read, session_write
from app.pure.i18n import Translator
from app.pure.table_dice import (
    FACES,
    EntryError,
    bad_face,
    dump_history,
    load_history,
    parse_dice,
    typed_faces,
)


class DiceEntry:
    def __init__(
        self,
        prefix: str,
        waiting: Callable[[], int | None],
        apps_dice: Callable[[], tuple[int, ...]],
        kept: Callable[[], None],
        thrown: Callable[[tuple[int, ...]], None],
        t: Callable[[], Translator],
    ) -> None:
        """`prefix`: the game's ids ("ms", "md"); `waiting()`: the dice the throw waiting for
        a person needs (None: no such throw); `apps_dice()`: the app's dice for it (ROLL FOR
        ME); `kept()`: the dice entered changed (the screen saves and draws them);
        `thrown(values)`: the whole throw, to play."""
        self.prefix = prefix
        self._waiting, self._apps_dice, self._kept, self._thrown = waiting, apps_dice, kept, thrown
        self._t = t
        self._values: tuple[int, ...] = ()
        self._before: list[tuple[int, ...]] = []  # the dice entered before each tap here

    @property
    def values(self) -> tuple[int, ...]:
        """The dice entered so far."""
        return self._values

    @values.setter
    def values(self, values: tuple[int, ...]) -> None:
        """Dice set from outside (restored, given back by UNDO, played): no tap to take back."""
        self._values, self._before = values, []
        self._keep_history()

    def restore(self, values: tuple[int, ...]) -> None:
        """The dice entered as saved (a reload, another tab's game): this tab's own changes
        where its sessionStorage kept them for these very dice (a die removed comes back),
        else each die's tap, the last first (an audit's UNDO after a reload dropped three faces
        tapped and went back to the turn before)."""
        kept = load_history(session_read(self._history_key), values)
        self._values = values
        self._before = kept if kept is not None else [values[:i] for i in range(len(values))]

    @property
    def _history_key(self) -> str:
        return f"cubiri.{self.prefix}.entry"

    def _keep_history(self) -> None:
        session_write(self._history_key, dump_history(self._values, self._before))

    def _tapped(self, values: tuple[int, ...]) -> None:
        """The dice entered changed here (a face added, an entered die removed, the field
        typed in): a refusal of the dice before no longer holds (helper-19 saw "5 entered"
        stay under four dice)."""
        self.error("")
        self._before.append(self._values)
        self._values = values
        self._keep_history()
        self._kept()

    @property
    def can_take_back(self) -> bool:
        return bool(self._before) and self._waiting() is not None

    def take_back(self) -> str | None:
        """UNDO of the last tap here (None: none): the dice entered as they were before it,
        and the sentence that says which face went or came back (an audit heard the same
        "the last tap is taken back" each time)."""
        if not self.can_take_back:
            return None
        now, self._values = self._values, self._before.pop()
        self.error("")
        self._keep_history()
        self._kept()
        gone, back = Counter(now) - Counter(self._values), Counter(self._values) - Counter(now)
        t = self._t()
        if len(now) == len(self._values) + 1 and not back:
            return t("table.entry.undone_tap", face=t.number(next(iter(gone))))
        if len(now) + 1 == len(self._values) and not gone:
            return t("table.entry.undone_removed", face=t.number(next(iter(back))))
        return t("table.entry.undone")

    def _el(self, name: str) -> Any:
        return by_id(f"{self.prefix}-{name}")

    def mount(self) -> None:
        panel = self._el("entry")
        panel.setAttribute("role", "group")
        panel.setAttribute("aria-labelledby", f"{self.prefix}-entry-prompt")
        prompt = _element("p", f"{self.prefix}-entry-prompt", "ms-entry-prompt")
        prompt.setAttribute("tabindex", "-1")  # focused by `focus`, never a Tab stop
        shown = _element("div", f"{self.prefix}-entry-dice", "ms-dice ms-entered")
        progress = _element("p", f"{self.prefix}-entry-progress", "ms-note")
        progress.setAttribute("aria-live", "polite")
        faces = _element("div", f"{self.prefix}-entry-faces", "ms-faces")
        for face in FACES:
            button = _element("button", f"{self.prefix}-face-{face}", "die ms-die ms-face")
            button.type = "button"
            button.setAttribute("data-face", str(face))
            button.setAttribute("aria-keyshortcuts", str(face))  # `_on_face_key`
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
        listen(panel, "keydown", self._on_face_key)
        listen(shown, "click", self._on_entered)
        listen(form, "submit", self._on_submit)
        listen(field, "input", self._on_typing)
        listen(use, "click", self._on_use)
        listen(for_me, "click", self._on_for_me)

    def show(self, count: int | None, t: Translator, prompt: str = "") -> None:
        """The panel for a throw of `count` dice (None: hidden); `prompt`: what to throw, where
        the game says more than how many (a REROLL's dice)."""
        panel = self._el("entry")
        panel.hidden = count is None
        if count is None:
            self.error("")
            self._el("entry-text").value = ""
            return
        values = self.values
        field = self._el("entry-text")
        typed = typed_faces(str(field.value))
        if typed[:count] != values:  # never while typing: they agree then
            field.value = "".join(map(str, values))
            typed = values
        self._el("entry-label").textContent = t("table.entry.field")
        self._el("entry-use").textContent = t("table.entry.use")
        self._el("entry-for-me").textContent = t("table.entry.for_me")
        self._el("entry-prompt").textContent = prompt or t.plural("table.entry.prompt", count)
        self._show_progress(count, len(typed))  # past the throw's too
        shown = self._el("entry-dice")
        shown.replaceChildren()
        for index, value in enumerate(values):
            die = document.createElement("button")
            die.type = "button"
            die.className = "die ms-die"
            die.setAttribute("data-index", str(index))
            # Named by its place too: two 3s entered were two buttons "Remove this 3" (an audit).
            die.setAttribute("aria-label", t("table.entry.remove", place=index + 1, face=value))
            show_face(die, value)
            shown.appendChild(die)
        if not values:  # the room of a die, so the faces below do not move at the first tap
            room = document.createElement("span")
            room.className = "ms-entered-room"
            room.setAttribute("aria-hidden", "true")
            shown.appendChild(room)
        full = len(values) >= count
        for face in FACES:
            button = self._el(f"face-{face}")
            button.setAttribute("aria-label", t("table.entry.add", face=face))
            button.disabled = full
        self._update_use()

    def focus(self) -> None:
        """The focus into the panel, after UNDO: on its prompt, read first, with Tab on to the
        faces. Not a face or USE THESE DICE (an audit's UNDO pressed twice then added a 1, or
        played the throw), nor the field "Dice" (it opens a phone's keyboard)."""
        self._el("entry-prompt").focus()

    def in_view(self) -> None:
        """The panel scrolled, as little as it takes, to show it down to USE THESE DICE (and a
        refusal above it), its prompt kept in view: helper-17 at 320×568 saw only a sliver of
        MAGDAGDON's USE THESE DICE, and a refusal below the screen's bottom."""
        panel = self._el("entry")
        if panel.hidden:
            return
        margin, box = 8, panel.getBoundingClientRect()
        shift = min(max(0.0, box.bottom - (window.innerHeight - margin)), box.top - margin)
        if abs(shift) >= 1:
            window.scrollBy(0, shift)

    def _typed(self) -> str:
        return str(self._el("entry-text").value).strip()

    def _all_tapped(self) -> bool:
        return len(self.values) == self._waiting()

    def _on_typing(self, _event: Any) -> None:
        """The field changes: its refusal no longer holds (a tester saw "10 entered" stay under
        a throw typed again), the dice shown are the faces typed (each change one that UNDO
        takes back), and the count says how many are typed, past the throw's too."""
        self.error("")
        count = self._waiting()
        if count is not None:
            text = self._typed()
            typed = typed_faces(text)
            if typed[:count] != self.values:
                self._tapped(typed[:count])  # saved and drawn
            self._show_progress(count, len(typed))
            bad = bad_face(text, count)
            if bad is not None:
                self.error(bad.message(self._t()))
        self._update_use()

    def _show_progress(self, count: int, entered: int) -> None:
        """How many dice are entered of the throw's; past it, how many too many (a tester read
        "5 of 4 dice entered")."""
        t = self._t()
        if entered > count:
            said = t.plural("table.entry.too_many", entered - count, entered=t.number(entered))
        else:
            said = t.plural("table.entry.progress", count, entered=t.number(entered))
        self._el("entry-progress").textContent = said

    def _update_use(self, _event: Any = None) -> None:
        """USE THESE DICE takes the dice tapped once they are all there, or what is typed in
        the field (an audit typed a throw and found only Enter took it)."""
        self._el("entry-use").disabled = not (self._all_tapped() or self._typed())

    def error(self, message: str) -> None:
        """Why the field's entry was refused ("" to clear it); the field is marked meanwhile."""
        self._el("entry-error").textContent = message
        field = self._el("entry-text")
        if message:
            field.setAttribute("aria-invalid", "true")
            field.setAttribute("aria-describedby", f"{self.prefix}-entry-error")
            self.in_view()
        else:
            field.removeAttribute("aria-invalid")
            field.removeAttribute("aria-describedby")

    def _on_face(self, event: Any) -> None:
        button = event.target.closest("[data-face]")
        if not absent(button) and not button.disabled:
            self._add(int(button.getAttribute("data-face")))

    def _on_face_key(self, event: Any) -> None:
        """On the faces, a digit key enters that face and Backspace takes the last die off:
        the focus starts on the faces, where helper-18 pressed 3 and nothing came (the field
        "Dice" was six Tabs on). On USE THESE DICE too, where the last die sends the focus:
        Backspace there takes that die off, the likeliest typo (helper-19), and the focus goes
        back to the faces."""
        target = event.target
        on_use = target.id == f"{self.prefix}-entry-use"
        if not (on_use or not absent(target.closest("[data-face]"))):
            return  # the field "Dice" types for itself
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        if len(key) == 1 and typed_faces(key):
            event.preventDefault()
            self._add(int(key))
        elif key == "Backspace" and self.values and self._waiting() is not None:
            event.preventDefault()
            last = self.values[-1]
            self._tapped(self.values[:-1])
            if on_use:
                self._el(f"face-{last}").focus()

    def _add(self, face: int) -> None:
        """A die of `face` entered; with the last one, the faces go off and the focus goes on
        to USE THESE DICE."""
        count = self._waiting()
        if count is None or len(self.values) >= count:
            return
        self._tapped((*self.values, face))
        if len(self.values) >= count:
            self._el("entry-use").focus()

    def _on_entered(self, event: Any) -> None:
        die = event.target.closest("[data-index]")
        if absent(die) or self._waiting() is None:
            return
        index = int(die.getAttribute("data-index"))
        self._tapped(self.values[:index] + self.values[index + 1 :])
        # The focus stays among the dice entered, or goes back to the faces.
        left = self._el("entry-dice").querySelectorAll("button")
        target = left.item(min(index, left.length - 1)) if left.length else self._el("face-1")
        target.focus()

    def _on_submit(self, event: Any) -> None:
        """Enter in the field "Dice": the throw, or why not (and nothing changes). With the
        field empty, the dice tapped (or given back by UNDO) once they are all there, as USE
        THESE DICE takes them (an audit's Enter after UNDO was told "0 entered")."""
        event.preventDefault()
        self._on_use(event)

    def _take_typed(self) -> None:
        count = self._waiting()
        if count is None:
            return
        try:
            values = parse_dice(str(self._el("entry-text").value), count)
        except EntryError as error:
            self.error(error.message(self._t()))
            return
        self._throw(values)

    def _on_use(self, _event: Any) -> None:
        if self._typed():
            self._take_typed()
        elif self._all_tapped():
            self._throw(self.values)
        elif (count := self._waiting()) is not None:  # too few tapped: how many are in
            self.error(EntryError("count", count, str(len(self.values))).message(self._t()))

    def _on_for_me(self, _event: Any) -> None:
        """ROLL FOR ME: this throw with the app's dice, as a computer seat throws."""
        if self._waiting() is not None:
            self._throw(self._apps_dice())

    def _throw(self, values: tuple[int, ...]) -> None:
        """The whole throw played. The field is emptied: the next person's entry can show at
        once (after a bust), and an audit's Enter there replayed the last throw."""
        self.error("")
        self.values = ()
        self._el("entry-text").value = ""
        self._thrown(values)


def _element(tag: str, ident: str, class_name: str) -> Any:
    made = element(tag, "", class_name)
    if ident:
        made.id = ident
    return made
