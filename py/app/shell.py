"""The app shell in the browser: locale texts, screen switching, settings, the ready signal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from js import document, window
from pyodide.ffi import create_proxy

from app import storage
from app.dom import absent
from app.i18n import DEFAULT_LANGUAGE, Translator, available_languages, load_translator
from app.navigation import SCREENS, hash_for, screen_from_hash

if TYPE_CHECKING:
    from app.magdagdon_ui import MagdagdonScreen

LANGUAGE_KEY = "cubiri.language"


class Shell:
    def __init__(self) -> None:
        self.languages = available_languages()
        self.t = self._translator(self._saved_language())
        self._magdagdon: MagdagdonScreen | None = None
        self.screen = "home"
        self._proxies: list[Any] = []
        self._pending_difficulty: str | None = None

    def start(self) -> None:
        self._listen(document, "click", self._on_click)
        self._listen(window, "hashchange", self._on_hash_change)
        self._listen(document.getElementById("language-select"), "change", self._on_language)
        self._listen(document.getElementById("difficulty-field"), "change", self._on_difficulty)
        self._listen(document.getElementById("confirm-ok"), "click", self._on_confirm_ok)
        self._listen(document.getElementById("confirm-cancel"), "click", self._on_confirm_cancel)
        self._listen(document.getElementById("confirm-dialog"), "close", self._on_dialog_closed)
        self.apply_locale()
        self.show(screen_from_hash(window.location.hash), announce=False)
        document.documentElement.setAttribute("data-app-ready", "")

    def _listen(self, target: Any, event: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # the browser calls these for the page's lifetime
        target.addEventListener(event, proxy)

    @property
    def magdagdon(self) -> MagdagdonScreen:
        """The MAGDAGDON screen, built the first time it is needed: the home screen is ready
        sooner when the engine is imported only once a player goes for the game."""
        if self._magdagdon is None:
            from app.magdagdon_ui import MagdagdonScreen

            self._magdagdon = MagdagdonScreen(self)
            self._magdagdon.mount()
        return self._magdagdon

    # Locale ---------------------------------------------------------------------------------
    def _saved_language(self) -> str:
        saved = storage.read(LANGUAGE_KEY)
        return saved if saved in self.languages else DEFAULT_LANGUAGE

    def _translator(self, language: str) -> Translator:
        try:
            return load_translator(language)
        except (OSError, ValueError) as error:
            window.console.warn(f"Locale {language} unusable ({error}); using English")
            return load_translator(DEFAULT_LANGUAGE)

    def apply_locale(self) -> None:
        t = self.t
        document.documentElement.lang = t.language
        document.title = t("app.name")
        for element in document.querySelectorAll("[data-i18n]"):
            element.textContent = t(element.dataset.i18n)
        for element in document.querySelectorAll("[data-i18n-aria-label]"):
            element.setAttribute("aria-label", t(element.dataset.i18nAriaLabel))
        select = document.getElementById("language-select")
        select.replaceChildren()
        for code in self.languages:
            option = document.createElement("option")
            option.value = code
            # Each language is named in itself, so a reader finds theirs in any locale.
            option.textContent = load_translator(code)("language.self")
            option.selected = code == t.language
            select.appendChild(option)

    # Screens --------------------------------------------------------------------------------
    def show(self, screen: str, announce: bool = True) -> None:
        self.screen = screen
        if screen == "magdagdon":
            self.magdagdon.open()
        elif screen == "scores":
            self._render_scores()
        elif screen == "settings":
            self._sync_difficulty()
        for name in SCREENS:
            document.getElementById(f"screen-{name}").hidden = name != screen
        if announce:
            heading = document.querySelector(f"#screen-{screen} h1, #screen-{screen} h2")
            self.announce(self.t("announce.screen", screen=heading.textContent))
        window.scrollTo(0, 0)

    def announce(self, message: str) -> None:
        document.getElementById("announcer").textContent = message

    def _render_scores(self) -> None:
        from app.score_tables import render_table

        body = document.getElementById("scores-body")
        body.replaceChildren()
        tables = self.magdagdon.scores()
        for difficulty in tables:
            section = document.createElement("section")
            section.className = "scores-section"
            render_table(section, difficulty, tables[difficulty], None, self.t)
            body.appendChild(section)

    # Settings: MAGDAGDON difficulty (M7) -------------------------------------------------------
    def _sync_difficulty(self) -> None:
        current = self.magdagdon.difficulty()
        for radio in document.querySelectorAll("input[name=difficulty]"):
            radio.checked = radio.value == current

    def _on_difficulty(self, event: Any) -> None:
        choice = event.target.value
        if choice not in self.magdagdon.scores() or choice == self.magdagdon.difficulty():
            return
        if self.magdagdon.in_progress():
            self._pending_difficulty = choice
            text = self.t("confirm.new_game.text", difficulty=choice.upper())
            document.getElementById("confirm-text").textContent = text
            document.getElementById("confirm-dialog").showModal()
        else:
            self._change_difficulty(choice)

    def _change_difficulty(self, choice: str) -> None:
        self.magdagdon.new_game(choice)
        self._sync_difficulty()
        self.magdagdon.render()

    def _on_confirm_ok(self, _event: Any) -> None:
        choice, self._pending_difficulty = self._pending_difficulty, None
        document.getElementById("confirm-dialog").close()
        if choice is not None:
            self._change_difficulty(choice)

    def _on_confirm_cancel(self, _event: Any) -> None:
        document.getElementById("confirm-dialog").close()

    def _on_dialog_closed(self, _event: Any) -> None:
        # Closed without NEW GAME (KEEP PLAYING or Escape): the radio goes back to the game's.
        self._pending_difficulty = None
        self._sync_difficulty()

    # Handlers: translate the event into a navigation, then render ----------------------------
    def _on_click(self, event: Any) -> None:
        target = event.target.closest("[data-open]")
        if absent(target):
            return
        screen = target.dataset.open
        new_hash = hash_for(screen)
        if window.location.hash != new_hash:
            # Going home drops the hash entirely rather than leaving a bare "#".
            url = window.location.pathname + window.location.search + new_hash
            window.history.pushState(None, "", url)
        self.show(screen)

    def _on_hash_change(self, _event: Any) -> None:
        self.show(screen_from_hash(window.location.hash))

    def _on_language(self, event: Any) -> None:
        language = event.target.value
        if language in self.languages:
            storage.write(LANGUAGE_KEY, language)
            self.t = self._translator(language)
            self.apply_locale()
            if self._magdagdon is not None:
                self._magdagdon.last_view = None
                self._magdagdon.render()
