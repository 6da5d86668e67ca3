"""The first game that teaches (issue 16), on screen: a panel inside the game screen that says
what to do next, points at it, and moves on when the player has done it (`app.pure.tour`).

The game screen owns the tour's game (fixed dice, never saved) and calls `update` after each
render; SKIP (any step) and the last step's button end the tour through `on_end`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document

from app.browser import stores
from app.browser.dom import absent, by_id, into_view, listen
from app.browser.host import Host
from app.pure.tour import TOURS, Facts, advance, text_key


class Tour:
    def __init__(self, game: str, host: Host, on_end: Callable[[], None]) -> None:
        self.game = game
        self.host = host
        self.on_end = on_end
        self.active = False
        self.index = 0
        self.facts = Facts()
        self.panel: Any = None
        self.next_due = False  # a move brought a step that waits for NEXT: see take_focus

    def start(self, before: Any) -> None:
        """Show the first step just before the element `before`; the tour counts as seen from
        now on (a reload in the middle does not bring it back)."""
        stores.set_tour_seen(self.game)
        if self.panel is None:
            self._build()
        before.before(self.panel)
        self.active, self.index, self.facts = True, 0, Facts()
        self.panel.hidden = False
        by_id(f"screen-{self.game}").classList.add("touring")
        self._render()
        by_id(f"tour-{self.game}-next").focus()

    def update(self, facts: Facts) -> None:
        if not self.active:
            return
        self.facts = facts
        index = advance(self.game, self.index, facts)
        if index != self.index:
            self.index = index
            self.host.announce(self._text(), last=True)
            self.next_due = TOURS[self.game][index].until == "next"
        self._render()

    def take_focus(self) -> None:
        """Called once the screen has placed the focus after a move: a step that came with the
        move and waits for NEXT (the last one) takes it, so NEXT is read with the step's text
        and a key press goes on, instead of the game's ROLL (issue 14)."""
        if self.active and self.next_due:
            by_id(f"tour-{self.game}-next").focus()
        self.next_due = False

    def end(self) -> None:
        if not self.active:
            return
        self.active = False
        self.panel.hidden = True
        self._point_at(None)
        by_id(f"screen-{self.game}").classList.remove("touring", "tour-last")
        self.on_end()

    # ---------------------------------------------------------------------------------------
    def _build(self) -> None:
        panel = document.createElement("section")
        panel.id = f"tour-{self.game}"
        panel.className = "tour"
        panel.setAttribute("aria-labelledby", f"tour-{self.game}-count")
        count = document.createElement("p")
        count.className = "tour-count"
        count.id = f"tour-{self.game}-count"
        text = document.createElement("p")
        text.className = "tour-text"
        text.id = f"tour-{self.game}-text"
        # SKIP beside the step count, NEXT under the text: the panel stays short, so the dice
        # it talks about stay on a phone's screen.
        head = document.createElement("div")
        head.className = "tour-head"
        buttons = document.createElement("div")
        buttons.className = "tour-buttons"
        for name, class_name, parent in (("skip", "chip", head), ("next", "primary", buttons)):
            button = document.createElement("button")
            button.type = "button"
            button.id = f"tour-{self.game}-{name}"
            button.className = f"{class_name} tour-{name}"
            parent.appendChild(button)
        # NEXT is read with the step's text: the focus is on it while a step waits for it.
        buttons.firstElementChild.setAttribute("aria-describedby", text.id)
        head.prepend(count)
        panel.append(head, text, buttons)
        self.panel = panel
        listen(by_id_in(panel, "skip", self.game), "click", lambda event: self.end())
        listen(by_id_in(panel, "next", self.game), "click", self._on_next)

    def _on_next(self, _event: Any) -> None:
        steps = TOURS[self.game]
        if self.index >= len(steps) - 1:
            self.end()
            return
        self.index += 1
        self.index = advance(self.game, self.index, self.facts)
        self._render()
        self.host.announce(self._text(), last=True)
        if by_id(f"tour-{self.game}-next").parentElement.hidden:
            self._focus_target()

    def _focus_target(self) -> None:
        """NEXT, under the focus, hid itself (the step waits for the player): the focus goes to
        what the step points at (ROLL), never to <body> (issue 14)."""
        target = TOURS[self.game][self.index].target
        element = None if target is None else by_id(target)
        if element is not None and not absent(element) and element.tagName != "BUTTON":
            element = element.querySelector("button:not([hidden])")
        if element is not None and not absent(element):
            element.focus()

    def _text(self) -> str:
        step = TOURS[self.game][self.index]
        return self.host.t(text_key(self.game, step, self.facts))

    def _render(self) -> None:
        t, steps = self.host.t, TOURS[self.game]
        step = steps[self.index]
        by_id(f"tour-{self.game}-count").textContent = t(
            "tour.count", step=self.index + 1, steps=len(steps)
        )
        by_id(f"tour-{self.game}-text").textContent = self._text()
        last = self.index == len(steps) - 1
        next_button = by_id(f"tour-{self.game}-next")
        next_button.parentElement.hidden = step.until != "next"
        next_button.textContent = t("tour.play" if last else "tour.next")
        skip = by_id(f"tour-{self.game}-skip")
        skip.hidden = last
        # The last step's PLAY is the one main button: the game's own ROLL is drawn plain
        # (helper-30 saw two gold buttons and could not tell which one to press).
        by_id(f"screen-{self.game}").classList.toggle("tour-last", last)
        skip.textContent = t("tour.skip")
        self._point_at(step.target)

    def _point_at(self, target: str | None) -> None:
        for element in document.querySelectorAll(".tour-target"):
            if element.id != target:
                element.classList.remove("tour-target")
        if target is None:
            return
        element = by_id(target)
        if not element.classList.contains("tour-target"):
            element.classList.add("tour-target")
            # A new step: what it points at comes into view (the dice can be below a phone's fold).
            into_view(element)


def by_id_in(panel: Any, name: str, game: str) -> Any:
    """A button of a panel not yet in the document (by_id would not find it)."""
    return panel.querySelector(f"#tour-{game}-{name}")
