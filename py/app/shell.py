"""The app shell in the browser: locale texts, screen switching, and the ready signal."""

from __future__ import annotations

from typing import Any

from js import document, localStorage, window
from pyodide.ffi import create_proxy

from app.i18n import DEFAULT_LANGUAGE, Translator, available_languages, load_translator
from app.navigation import SCREENS, hash_for, screen_from_hash

LANGUAGE_KEY = "cubiri.language"


class Shell:
    def __init__(self) -> None:
        self.languages = available_languages()
        self.t = self._translator(self._saved_language())
        # Proxies must outlive this call: the browser calls them for the page's lifetime.
        self._handlers = [
            create_proxy(self._on_click),
            create_proxy(self._on_hash_change),
            create_proxy(self._on_language_change),
        ]

    def start(self) -> None:
        on_click, on_hash_change, on_language_change = self._handlers
        document.addEventListener("click", on_click)
        window.addEventListener("hashchange", on_hash_change)
        select = document.getElementById("language-select")
        select.addEventListener("change", on_language_change)
        self.apply_locale()
        self.show(screen_from_hash(window.location.hash), announce=False)
        document.documentElement.setAttribute("data-app-ready", "")

    # Locale ---------------------------------------------------------------------------------
    def _saved_language(self) -> str:
        saved = localStorage.getItem(LANGUAGE_KEY)
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
        for name in SCREENS:
            document.getElementById(f"screen-{name}").hidden = name != screen
        if announce:
            heading = document.querySelector(f"#screen-{screen} h1, #screen-{screen} h2")
            self.announce(self.t("announce.screen", screen=heading.textContent))

    def announce(self, message: str) -> None:
        document.getElementById("announcer").textContent = message

    # Handlers: translate the event into a navigation, then render ----------------------------
    def _on_click(self, event: Any) -> None:
        target = event.target.closest("[data-open]")
        if target is None:
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

    def _on_language_change(self, event: Any) -> None:
        language = event.target.value
        if language in self.languages:
            localStorage.setItem(LANGUAGE_KEY, language)
            self.t = self._translator(language)
            self.apply_locale()
