"""SETTINGS' "Your data" (issue 25): SAVE MY DATA downloads one JSON file of everything the app
keeps, LOAD DATA merges such a file back (app.pure.data_file checks and merges it; nothing is
written unless all of it checks), and the line saying whether the browser keeps the data, which
the app asks for once the player has a history (`navigator.storage.persist()`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from js import URL, Blob, Object, document, window
from pyodide.ffi import create_once_callable, to_js

from app.browser import storage, stores
from app.browser.dom import absent, by_id, listen
from app.browser.score_tables import format_date
from app.pure import data_file, data_view
from app.pure.i18n import Translator, own_names

REVOKE_AFTER_MS = 60_000  # the download's object URL, once the browser has surely taken it


class DataHost(Protocol):
    @property
    def t(self) -> Translator: ...

    @property
    def languages(self) -> list[str]: ...

    def announce(self, message: str, last: bool = False) -> None: ...

    def data_changed(self, settings: bool) -> None: ...

    def choose_difficulty(self, difficulty: str) -> None: ...


class YourData:
    def __init__(self, host: DataHost) -> None:
        self.host = host
        self._settings_offered: dict[str, str] = {}
        self._said: tuple[Callable[[Translator], str], bool] | None = None

    def mount(self) -> None:
        listen(by_id("data-save"), "click", self._on_save)
        listen(by_id("data-load"), "click", self._on_load)
        listen(by_id("data-file"), "change", self._on_file)
        listen(by_id("data-use-settings"), "click", self._on_use_settings)

    def sync(self) -> None:
        """SETTINGS opens: ask the browser to keep the data if there is a history, then say
        whether it does."""
        has_history = bool(stores.history())
        line = by_id("data-kept")
        # "Kept in this browser only" is not so with site data blocked: the line under it says
        # what is (helper-29 read the two one above the other).
        document.querySelector(".data-explain").hidden = not storage.keeping()
        if not storage.keeping():  # site data blocked: nothing outlives the page
            line.textContent = data_view.kept_line(None, has_history, self.host.t, False)
            return

        def show(persisted: bool | None) -> None:
            line.textContent = data_view.kept_line(persisted, has_history, self.host.t)

        answer = (storage.ask_to_keep() if has_history else None) or storage.kept()
        if answer is None:
            show(None)
            return
        answer.then(
            create_once_callable(lambda kept: show(bool(kept))),
            create_once_callable(lambda _error: show(None)),
        )

    def _say(self, said: Callable[[Translator], str], refused: bool = False) -> None:
        """The line under the buttons (a status region: a screen reader says it, once), kept
        as made so that a language switch says it again in the new language; a refusal is
        drawn as an error. An audit heard each message twice when it was also announced."""
        self._said = (said, refused)
        status = by_id("data-status")
        status.textContent = said(self.host.t)
        status.setAttribute("data-kind", "refused" if refused else "done")

    def retell(self) -> None:
        """The language changed: the line and the file's settings question in the new one (an
        audit saw an English refusal stay under a Portuguese SETTINGS)."""
        if self._said is not None:
            self._say(*self._said)
        self._offer_settings(self._settings_offered)

    # SAVE MY DATA ----------------------------------------------------------------------------
    def _on_save(self, _event: Any) -> None:
        saved_at = stores.now()
        text = data_file.export(stored(), saved_at)
        name = data_file.file_name(saved_at)
        options = to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
        url = URL.createObjectURL(Blob.new(to_js([text]), options))
        link = document.createElement("a")
        link.href, link.download, link.hidden = url, name, True
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), REVOKE_AFTER_MS)
        self._say(lambda t: t("data.saved", file=name))

    # LOAD DATA -------------------------------------------------------------------------------
    def _on_load(self, _event: Any) -> None:
        chooser = by_id("data-file")
        chooser.value = ""  # the same file chosen again is a change too
        chooser.click()

    def _on_file(self, _event: Any) -> None:
        files = by_id("data-file").files
        if absent(files) or files.length == 0:
            return
        chosen = files.item(0)
        # Refused before it is read: a file that large is not one of ours (UTF-8: at most 4
        # bytes a character).
        if chosen.size > data_file.MAX_FILE_CHARS * 4:
            self._refuse(data_file.Refused("too_large"))
            return
        self._say(lambda t: t("data.reading"))
        chosen.text().then(
            create_once_callable(lambda text: self._merge(str(text))),
            create_once_callable(lambda _error: self._refuse(data_file.Refused("not_json"))),
        )

    def _refuse(self, error: data_file.Refused) -> None:
        self._offer_settings({})
        self._say(
            lambda t: data_view.refusal(error, t, lambda iso: format_date(iso, t.language)),
            refused=True,
        )

    def _merge(self, text: str) -> None:
        try:
            contents = data_file.read(text)
        except data_file.Refused as error:
            self._refuse(error)
            return
        merged = data_file.merge(stored(), contents)
        for key, value in merged.writes.items():
            storage.write(key, value)  # a refused write is reported by storage itself
        if merged.writes:
            self.host.data_changed(settings=False)
            self.sync()  # a history now, maybe: the browser is asked to keep it
        keeping = storage.keeping()
        self._say(lambda t: data_view.loaded(merged, t, keeping))
        # Asked only where the file would change what the player has now (a setting never set
        # here has its default: the browser's language, sound on).
        current = self._current_settings()
        self._offer_settings(
            {k: v for k, v in merged.settings_to_ask.items() if current.get(k) != v}
        )

    def _current_settings(self) -> dict[str, str]:
        on_off = {True: "on", False: "off"}
        return {
            "cubiri.language": self.host.t.language,
            "cubiri.magdagdon.difficulty": stores.difficulty(),
            "cubiri.mishimash.speed": stores.computer_speed(),
            "cubiri.mishimash.coach": on_off[stores.coach_on()],
            **{key: on_off[stores.feel_on(name)] for name, key in stores.FEEL_KEYS.items()},
        }

    # The file's settings: asked about, never applied by themselves -------------------------
    def _offer_settings(self, to_ask: dict[str, str]) -> None:
        self._settings_offered = to_ask
        question, use = by_id("data-settings-question"), by_id("data-use-settings")
        question.textContent = (
            data_view.settings_question(to_ask, self.host.t, own_names(self.host.languages))
            if to_ask
            else ""
        )
        question.hidden = use.hidden = not to_ask

    def _on_use_settings(self, _event: Any) -> None:
        to_apply, self._settings_offered = self._settings_offered, {}
        difficulty = to_apply.pop(stores.DIFFICULTY_KEY, None)
        for key, value in to_apply.items():
            storage.write(key, value)
        self._offer_settings({})
        self.host.data_changed(settings=True)
        self._say(lambda t: t("data.settings.used"))
        by_id("data-load").focus()  # the button that had it is gone
        if difficulty is not None:
            # As SETTINGS' own choice: a MAGDAGDON game in progress asks before a new one (a
            # tester's game said PEACEFUL while SETTINGS said NIGHTMARE, and nothing asked).
            self.host.choose_difficulty(difficulty)


def stored() -> dict[str, str | None]:
    """The stored texts a data file is made from."""
    return {key: storage.read(key) for key in data_file.STORED_KEYS}
