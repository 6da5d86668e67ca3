"""SETTINGS in the browser: MAGDAGDON's difficulty (M7), the MISHIMASH coach and computer pace,
and the feel of the game (pips, sound, vibration). The language is the shell's (its locale).

Each choice is stored at once (`stores`); a difficulty change while a MAGDAGDON game is in
progress asks first, and a declined one puts the radios back to the game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from js import document

from app.browser import feel, stores
from app.browser.dom import absent, by_id, listen
from app.browser.host import Host
from cubiri.magdagdon.difficulty import DIFFICULTIES

if TYPE_CHECKING:
    from app.browser.magdagdon_screen import MagdagdonScreen
    from app.browser.mishimash_screen import MishimashScreen

ARROW_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


class Settings:
    """`magdagdon` / `mishimash`: the game screens if they were built yet (else None)."""

    def __init__(
        self,
        host: Host,
        magdagdon: Callable[[], MagdagdonScreen | None],
        mishimash: Callable[[], MishimashScreen | None],
    ) -> None:
        self.host = host
        self._magdagdon, self._mishimash = magdagdon, mishimash
        self._arrowing = False  # the difficulty radios are being walked with the arrow keys
        self._pending_difficulty: str | None = None

    def mount(self) -> None:
        difficulty_field = by_id("difficulty-field")
        listen(difficulty_field, "change", self._on_difficulty)
        listen(difficulty_field, "keydown", self._on_difficulty_key)
        listen(difficulty_field, "focusout", self._on_difficulty_left)
        listen(by_id("mishimash-field"), "change", self._on_mishimash_setting)
        listen(by_id("feel-field"), "change", self._on_feel_setting)

    def sync(self) -> None:
        """SETTINGS opens: every control shows what is stored (or the game's difficulty)."""
        self.sync_difficulty()
        self._sync_mishimash_settings()
        self._sync_feel_settings()

    # MAGDAGDON difficulty (M7) -------------------------------------------------------------------
    def sync_difficulty(self) -> None:
        screen = self._magdagdon()
        current = screen.state.difficulty if screen and screen.state else stores.difficulty()
        for radio in document.querySelectorAll("input[name=difficulty]"):
            radio.checked = radio.value == current

    def _game_in_progress(self) -> bool:
        screen = self._magdagdon()
        if screen is not None:
            return screen.in_progress()
        from app.pure.saved_game import MAGDAGDON, in_progress

        saved = stores.load_game(MAGDAGDON, stores.MAGDAGDON_GAME)
        return saved is not None and in_progress(saved.state)

    def _on_difficulty_key(self, event: Any) -> None:
        if event.key in ARROW_KEYS:
            self._arrowing = True  # the change that follows is a step through the choices
        elif (
            event.key in ("Enter", " ")
            and event.target.name == "difficulty"
            and event.target.checked
        ):
            # Space on an unchecked radio checks it: its change event chooses instead. The key
            # must not go on to press the dialog's first button once the dialog opens.
            event.preventDefault()
            self._pending_difficulty = None
            self.choose_difficulty(str(event.target.value))

    def _on_difficulty_left(self, event: Any) -> None:
        """Arrowing stopped on a choice and the focus left the choices: that is the choice."""
        field = by_id("difficulty-field")
        going_to = event.relatedTarget
        if self._pending_difficulty is None or (not absent(going_to) and field.contains(going_to)):
            return
        pending, self._pending_difficulty = self._pending_difficulty, None
        # The focus is between the two as the dialog opens: it goes on to where Tab took it.
        back = going_to if not absent(going_to) else event.target
        self.choose_difficulty(pending, back)

    def _on_difficulty(self, event: Any) -> None:
        choice = str(event.target.value)
        arrowing, self._arrowing = self._arrowing, False
        if arrowing and self._game_in_progress():
            # Arrow keys move through the radios and check each one on the way (issue 14):
            # ask once the player settles (Enter or Space, or leaving the choices).
            self._pending_difficulty = choice
            return
        self.choose_difficulty(choice)

    def choose_difficulty(self, choice: str, return_to: Any = None) -> None:
        if choice not in DIFFICULTIES or choice == stores.difficulty():
            return
        if self._game_in_progress():
            text = self.host.t("confirm.new_game.text", difficulty=choice.upper())
            screen = self._magdagdon()
            if screen is not None:
                text = screen.dailies.leave_text(text)  # a counted daily's stake (issue 29)
            self.host.ask(text, lambda: self._change_difficulty(choice), return_to)
        else:
            self._change_difficulty(choice)

    def _change_difficulty(self, choice: str) -> None:
        """A new game at `choice`: now if the screen is open, else when MAGDAGDON opens next."""
        screen = self._magdagdon()
        if screen is not None:
            screen.new_game(choice)
            screen.render()
        else:
            from app.pure.saved_game import MAGDAGDON

            stores.set_difficulty(choice)
            stores.save_game(MAGDAGDON, stores.MAGDAGDON_GAME, None)
        self.sync_difficulty()

    # The MISHIMASH coach and the computer players' pace ------------------------------------------
    def _sync_mishimash_settings(self) -> None:
        by_id("coach-toggle").checked = stores.coach_on()
        speed = stores.computer_speed()
        for radio in document.querySelectorAll("input[name=speed]"):
            radio.checked = radio.value == speed

    def _on_mishimash_setting(self, event: Any) -> None:
        target = event.target
        if target.id == "coach-toggle":
            stores.set_coach(bool(target.checked))
        elif target.name == "speed":
            stores.set_computer_speed(str(target.value))
        screen = self._mishimash()
        if screen is not None:
            screen.render()

    # Pips, sound, vibration (issue 16) ----------------------------------------------------------
    def _sync_feel_settings(self) -> None:
        for toggle in document.querySelectorAll("#feel-field input[data-feel]"):
            toggle.checked = stores.feel_on(toggle.dataset.feel)

    def _on_feel_setting(self, event: Any) -> None:
        name = event.target.dataset.feel
        if name in stores.FEEL_KEYS:
            stores.set_feel(str(name), bool(event.target.checked))
            feel.apply_pips()


__all__ = ["Settings"]
