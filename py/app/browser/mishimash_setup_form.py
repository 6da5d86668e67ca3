"""The MISHIMASH setup form in the browser: the seats (a name, a person or a computer level),
the target, and START, which hands the players and the target to the screen. What the player
has typed or chosen is kept as a draft at every change (issue 29: a reload lost it), until START.

What a name or a target means (numbered defaults, a cut name, a refused target) is decided in
`app.pure.mishimash_setup`; this module writes the form and reads it back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document

from app.browser import storage
from app.browser.dom import absent, by_id, into_view, listen, show_text
from app.browser.host import Host
from app.pure.mishimash_setup import (
    MAX_TARGET,
    PERSON,
    TYPED_NAME,
    TYPED_TARGET,
    Draft,
    Seat,
    dump_draft,
    dump_seats,
    duplicate_name,
    expected_turns,
    level_key,
    long_names,
    parse_draft,
    parse_seats,
    parse_target,
    player_names,
    raw_names,
)
from cubiri.mishimash import computer
from cubiri.mishimash import game as engine

SETUP_KEY = "cubiri.mishimash.players"
TARGET_KEY = "cubiri.mishimash.target"  # the target chosen last time, as typed or picked
DRAFT_KEY = "cubiri.mishimash.setup.draft"  # the form as the player left it, before START
REAL_KEY = "cubiri.mishimash.real_dice"  # "1": the last game was played with real dice

# START: the players' names, each seat's level (PERSON or a computer's), the target, and
# whether the table throws real dice (issue 24).
Start = Callable[[list[str], tuple[str, ...], int, bool], None]


class SetupForm:
    def __init__(self, host: Host, start: Start, seated: Callable[[], None]) -> None:
        self.host = host
        self.start = start
        self.seated = seated  # told each time the form shows its seats
        self._draft = parse_draft(storage.read(DRAFT_KEY))
        kept = self._draft.seats if self._draft is not None else None
        self.seats: list[Seat] = list(kept) if kept else parse_seats(storage.read(SETUP_KEY))

    def mount(self) -> None:
        listen(by_id("ms-setup"), "submit", self._on_start)
        listen(by_id("ms-add"), "click", self._on_add_player)
        listen(by_id("ms-names"), "click", self._on_remove_player)
        listen(by_id("ms-names"), "input", self._on_name_input)
        listen(by_id("ms-names"), "change", self._on_seat_choice)
        listen(by_id("ms-targets"), "change", self._on_target_choice)
        listen(by_id("ms-custom"), "input", self._on_custom_input)
        self._restore_target()
        self._restore_draft_target()
        by_id("ms-real-dice").checked = storage.read(REAL_KEY) == "1"
        self.render()

    def ask_real_dice(self) -> None:
        """`?dice=real`: the next game is played with real dice."""
        by_id("ms-real-dice").checked = True

    def names(self) -> list[str]:
        """The players' names as a game would take them (a seat left empty numbered)."""
        return player_names(self.seats, self.host.t)

    # Render ------------------------------------------------------------------------------------
    def render(self) -> None:
        t = self.host.t
        names = by_id("ms-names")
        names.replaceChildren()
        # An empty seat's placeholder is the name the game will give it: two unnamed computers
        # of one level read "Cautious Cleo" and "Cautious Cleo 2", as the standings will.
        shown = player_names(self.seats, t)
        for index, seat in enumerate(self.seats):
            item = document.createElement("li")
            field = document.createElement("input")
            field.type = "text"
            field.maxLength = TYPED_NAME  # longer than a name keeps: the setup says it is cut
            field.value = seat.name
            field.placeholder = shown[index]
            field.dataset.player = str(index)
            field.setAttribute("aria-label", t("mishimash.setup.name", n=index + 1))
            field.autocomplete = "off"
            item.appendChild(field)
            item.append(*self._seat_select(index, seat))
            if len(self.seats) > 1:
                remove = document.createElement("button")
                remove.type = "button"
                remove.className = "ghost remove"
                remove.dataset.remove = str(index)
                remove.textContent = "−"
                remove.setAttribute("aria-label", t("mishimash.setup.remove", n=index + 1))
                item.appendChild(remove)
            names.appendChild(item)
        by_id("ms-add").disabled = len(self.seats) >= engine.MAX_PLAYERS
        self._show_names_note()
        self._show_expected_turns()
        self.seated()

    def _show_names_note(self) -> None:
        """What the setup does with the names: a long one is cut; the table is full."""
        t, notes = self.host.t, []
        if long_names(self.seats):
            notes.append(t.plural("mishimash.setup.name_cut", engine.MAX_NAME))
        if len(self.seats) >= engine.MAX_PLAYERS:
            notes.append(t.plural("mishimash.setup.full", engine.MAX_PLAYERS))
        show_text(by_id("ms-names-note"), " ".join(notes))

    def _seat_select(self, index: int, seat: Seat) -> list[Any]:
        """Who plays this seat: a person, or a computer at one of its levels (grouped), and what
        the chosen computer does on a line of its own. The select shows a short name: a long
        one ("Computer: best odds (most points on average)") was cut inside it at 320-390 px."""
        t = self.host.t
        select = document.createElement("select")
        select.className = "ms-seat"
        select.dataset.seat = str(index)
        select.setAttribute("aria-label", t("mishimash.setup.seat", n=index + 1))
        person = document.createElement("option")
        person.value = PERSON
        person.textContent = t("mishimash.setup.person")
        person.selected = seat.level == PERSON
        computers = document.createElement("optgroup")
        computers.label = t("mishimash.setup.computer")
        for level in computer.LEVEL_NAMES:
            option = document.createElement("option")
            option.value = level
            option.textContent = t(f"mishimash.computer.level.{level_key(level)}")
            option.selected = level == seat.level
            computers.appendChild(option)
        select.append(person, computers)
        if seat.level == PERSON:
            return [select]
        about = document.createElement("p")
        about.className = "ms-seat-about"
        about.id = f"ms-seat-about-{index}"
        about.textContent = t(f"mishimash.computer.about.{level_key(seat.level)}")
        select.setAttribute("aria-describedby", about.id)
        return [select, about]

    def _show_expected_turns(self) -> None:
        """Beside the target, how long the game is: turns at best play (for each player)."""
        target = self._target()
        text = ""
        if target is not None:
            text = self.host.t.plural("mishimash.setup.turns", expected_turns(target))
        by_id("ms-target-turns").textContent = text

    # Handlers ----------------------------------------------------------------------------------
    def _on_name_input(self, event: Any) -> None:
        index = event.target.getAttribute("data-player")  # a seat's select sends input too
        if not absent(index):
            seat = self.seats[int(index)]
            self.seats[int(index)] = Seat(str(event.target.value)[:TYPED_NAME], seat.level)
            self._show_names_note()
            self._keep_draft()

    def _on_seat_choice(self, event: Any) -> None:
        index = event.target.getAttribute("data-seat")
        if not absent(index):
            seat = self.seats[int(index)]
            self.seats[int(index)] = Seat(seat.name, str(event.target.value))
            self._keep_draft()
            self.render()
            by_id("ms-names").querySelector(f"[data-seat='{index}']").focus()

    def _on_add_player(self, _event: Any) -> None:
        if len(self.seats) < engine.MAX_PLAYERS:
            self.seats.append(Seat())
            self._keep_draft()
            self.render()
            by_id("ms-names").lastElementChild.querySelector("input").focus()

    def _on_remove_player(self, event: Any) -> None:
        button = event.target.closest("[data-remove]")
        if absent(button) or len(self.seats) <= 1:
            return
        index = int(button.dataset.remove)
        del self.seats[index]
        self._keep_draft()
        self.render()
        # The button is gone with its row: the focus goes to the name now in its place.
        names = by_id("ms-names").querySelectorAll("input[data-player]")
        names[min(index, names.length - 1)].focus()

    def _on_target_choice(self, _event: Any) -> None:
        choice = document.querySelector("input[name=ms-target]:checked").value
        custom = by_id("ms-custom-label")
        custom.hidden = choice != "custom"
        if choice == "custom":  # it opens below the pills, under a phone's fold (helper-21);
            into_view(custom)  # the focus stays on the pills, where arrow keys go on choosing
        self._show_expected_turns()
        self._keep_draft()

    def _on_custom_input(self, _event: Any) -> None:
        self._show_expected_turns()
        self._keep_draft()

    # The draft ---------------------------------------------------------------------------------
    def _keep_draft(self) -> None:
        choice = str(document.querySelector("input[name=ms-target]:checked").value)
        custom = str(by_id("ms-custom").value)[:TYPED_TARGET]
        storage.write(DRAFT_KEY, dump_draft(Draft(tuple(self.seats), choice, custom)))

    def _restore_draft_target(self) -> None:
        """The target pill and the text under "Other" as the draft left them (its values are
        checked: one of the pills' values, a bounded text)."""
        draft = self._draft
        if draft is None:
            return
        pill = document.querySelector(f"input[name=ms-target][value='{draft.target}']")
        if absent(pill):
            return
        pill.checked = True
        by_id("ms-custom").value = draft.custom
        by_id("ms-custom-label").hidden = draft.target != "custom"

    # The target --------------------------------------------------------------------------------
    def _target_text(self) -> str:
        choice = str(document.querySelector("input[name=ms-target]:checked").value)
        return str(by_id("ms-custom").value).strip() if choice == "custom" else choice

    def _target(self) -> int | None:
        return parse_target(self._target_text())[0]

    def _restore_target(self) -> None:
        """The target chosen last time: one of the choices, or typed under "Other"."""
        text = storage.read(TARGET_KEY)
        if not text or parse_target(text)[0] is None:
            return
        preset = document.querySelector(f"input[name=ms-target][value='{int(text)}']")
        if absent(preset):
            document.querySelector("input[name=ms-target][value=custom]").checked = True
            by_id("ms-custom").value = str(int(text))
            by_id("ms-custom-label").hidden = False
        else:
            preset.checked = True

    # START -------------------------------------------------------------------------------------
    def _refuse(self, message: str, field: Any) -> None:
        """START refused: the error says why, and the focus goes to the field to mend, marked
        and described by the error (issue 14), so the player fixes it where they are."""
        by_id("ms-setup-error").textContent = message
        if absent(field):
            return
        field.setAttribute("aria-invalid", "true")
        field.setAttribute("aria-describedby", "ms-setup-error")
        field.focus()

    def _on_start(self, event: Any) -> None:
        event.preventDefault()
        t = self.host.t
        target, problem = parse_target(self._target_text())
        twin = duplicate_name(self.seats, t)
        for field in by_id("ms-setup").querySelectorAll("[aria-invalid]"):
            field.removeAttribute("aria-invalid")
            field.removeAttribute("aria-describedby")
        if target is None:
            # Only a typed target can be wrong.
            self._refuse(t(problem, max=t.number(MAX_TARGET)), by_id("ms-custom"))
            return
        if twin is not None:
            # The second seat of that name: the one to rename.
            names = [name.casefold() for name in raw_names(self.seats, t)]
            index = len(names) - 1 - names[::-1].index(twin.casefold())
            field = by_id("ms-names").querySelector(f"input[data-player='{index}']")
            self._refuse(t("mishimash.setup.duplicate", name=twin), field)
            return
        by_id("ms-setup-error").textContent = ""
        storage.write(SETUP_KEY, dump_seats(self.seats))
        storage.write(TARGET_KEY, str(target))
        storage.remove(DRAFT_KEY)  # started: the next setup begins from these players
        self._draft = None
        real = bool(by_id("ms-real-dice").checked)
        if real:
            storage.write(REAL_KEY, "1")
        else:
            storage.remove(REAL_KEY)
        self.start(self.names(), tuple(seat.level for seat in self.seats), target, real)
