"""The app shell in the browser: start-up, locale texts, screen switching, the ready signal.

SETTINGS (`settings`), the confirm dialog (`confirm`) and HIGH SCORES (`score_tables`) are
modules of their own; the shell builds the game screens when first needed and routes to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from js import Intl, Object, URLSearchParams, document, window
from pyodide.ffi import create_once_callable, to_js

from app.browser import feel, notice, storage, stores
from app.browser.confirm import Confirm
from app.browser.dom import absent, listen
from app.browser.settings import Settings
from app.browser.your_data import YourData
from app.pure.bounded import excerpt, whole
from app.pure.i18n import (
    DEFAULT_LANGUAGE,
    MINUS,
    Translator,
    available_languages,
    intl_locale,
    load_translator,
    own_names,
    pick_language,
)
from app.pure.navigation import SCREENS, hash_for, screen_from_hash

if TYPE_CHECKING:
    from app.browser.magdagdon_screen import MagdagdonScreen
    from app.browser.mishimash_screen import MishimashScreen
    from app.browser.statistics import StatisticsScreen

LANGUAGE_KEY = "cubiri.language"
MAX_QUERY = 2_000  # the app's own links are a few dozen characters; others' far below this
LINK_PARAMS = ("seed", "daily", "dice", "bench")  # the parameters the app reads from its URL
MAX_DAILY_LINK = 40  # `?daily=` is a date (10 characters) or "today"


class Shell:
    def __init__(self) -> None:
        self.languages = available_languages()
        self.t = self._translator(self._saved_language())
        self._magdagdon: MagdagdonScreen | None = None
        self._mishimash: MishimashScreen | None = None
        self._statistics: StatisticsScreen | None = None
        self.screen = "home"
        self.settings = Settings(self, lambda: self._magdagdon, lambda: self._mishimash)
        self.your_data = YourData(self)
        # A declined difficulty change puts the radios back to the game's.
        self.confirm = Confirm(self.settings.sync_difficulty)
        self.seed = self._take_seed()
        self.daily = self._take_daily()  # `?daily=YYYY-MM-DD`, or "today" from a DAILY button
        self.real_dice = self._take_param("dice") == "real"  # `?dice=real` (issue 24)
        self.depth = 0  # screens opened inside the app since it loaded, for the back button
        self.tour: str | None = None  # the game whose walkthrough RULES asked for (issue 16)
        self._notice: str | None = None  # the key of the notice shown (see notify)
        self._said_now: list[str] = []  # said in this instant (see announce)
        self._said_last: list[str] = []

    def start(self) -> None:
        storage.on_problem(lambda problem: self.notify(f"storage.{problem}"))
        listen(window, "storage", self._on_storage)
        listen(document, "click", self._on_click)
        listen(window, "hashchange", self._on_hash_change)
        listen(document.getElementById("language-select"), "change", self._on_language)
        self.settings.mount()
        self.your_data.mount()
        feel.start()
        self.confirm.mount()
        self.apply_locale()
        screen = screen_from_hash(window.location.hash)
        self.show("magdagdon" if self.daily and screen == "home" else screen, announce=False)
        if URLSearchParams.new(window.location.search).has("bench"):
            from app.browser.bench_hook import install

            install()
        document.documentElement.setAttribute("data-app-ready", "")

    @property
    def magdagdon(self) -> MagdagdonScreen:
        """The MAGDAGDON screen, built the first time it is needed: the home screen is ready
        sooner when the engine is imported only once a player goes for the game."""
        if self._magdagdon is None:
            from app.browser.magdagdon_screen import MagdagdonScreen

            self._magdagdon = MagdagdonScreen(self)
            self._magdagdon.mount()
        return self._magdagdon

    @property
    def mishimash(self) -> MishimashScreen:
        if self._mishimash is None:
            from app.browser.mishimash_screen import MishimashScreen

            self._mishimash = MishimashScreen(self)
            self._mishimash.mount()
        return self._mishimash

    def _take_param(self, name: str) -> str | None:
        """A URL parameter, taken once: it leaves the URL, so that a reload then resumes the
        saved game instead of starting the link's game again."""
        params = URLSearchParams.new(window.location.search)
        raw = params.get(name)
        if absent(raw):
            return None
        params.delete(name)
        query = str(params.toString())
        if len(query) > MAX_QUERY:
            # The rest of a link longer than any of the app's (issue 29: 200,000 characters)
            # goes too: a reload without the service worker would ask the host for all of it,
            # and a host refuses that (414) before the page exists.
            window.console.warn(f"A link of {len(query):,} characters: its other parameters go")
            kept = URLSearchParams.new()
            for other in LINK_PARAMS:  # the app's own, read after this one
                if params.has(other):
                    kept.set(other, params.get(other))
            query = str(kept.toString())
        url = window.location.pathname + (f"?{query}" if query else "") + window.location.hash
        window.history.replaceState(None, "", url)
        return str(raw).strip()

    def _take_seed(self) -> int | None:
        """`?seed=N` starts a reproducible game once."""
        text = self._take_param("seed")
        if text is None:
            return None
        seed = whole(text)  # "²" is a digit to str.isdigit, but no number to int()
        if seed is not None:
            return seed
        window.console.warn(f"?seed={excerpt(text)} is not a whole number: ignored")
        return None

    def take_seed(self) -> int | None:
        seed, self.seed = self.seed, None
        return seed

    def _take_daily(self) -> str | None:
        """`?daily=YYYY-MM-DD` opens that day's MAGDAGDON puzzle once, like `?seed=`; the
        screen checks the date (a past day is practice)."""
        text = self._take_param("daily")
        # Whole, not cut to its first ten characters ("2026-11-201" is no date: issue 29);
        # a longer text than any date is not kept, and still no date.
        return text[:MAX_DAILY_LINK] or None if text is not None else None

    # Locale ---------------------------------------------------------------------------------
    def _saved_language(self) -> str:
        saved = storage.read(LANGUAGE_KEY)
        if saved in self.languages:
            return saved
        # First visit: the browser's own languages decide (issue 7), English otherwise.
        return pick_language(list(window.navigator.languages), self.languages)

    def _translator(self, language: str) -> Translator:
        try:
            t = load_translator(language)
        except (OSError, ValueError) as error:
            window.console.warn(f"Locale {language} unusable ({error}); using English")
            t = load_translator(DEFAULT_LANGUAGE)
        # Plurals, numbers and lists of names the way the browser writes them in this
        # language (pt is European Portuguese: pt-PT). The plural rules see the number with
        # the digits it is shown with, so 1 point, 0.5 points.
        # Each is made the first time it is needed: the home screen shows none of them, and
        # making them costs start-up time (make bench).
        tag = intl_locale(t.language)
        made: dict[str, Any] = {}

        def intl(kind: str, options: dict[str, Any]) -> Any:
            if kind not in made:
                js_options = to_js(options, dict_converter=Object.fromEntries)
                made[kind] = getattr(Intl, kind).new(tag, js_options)
            return made[kind]

        digits = {"maximumFractionDigits": 1}
        conjunction = {"style": "long", "type": "conjunction"}
        t.plural_category = lambda n: str(intl("PluralRules", digits).select(n))
        # Below zero with the minus sign, as the board writes a score (i18n.number_format):
        # Intl writes a hyphen, and the review's turns read "-12" beside the board's "−28".
        t.number = lambda value: str(intl("NumberFormat", digits).format(value)).replace("-", MINUS)
        t.list_names = lambda names: str(
            intl("ListFormat", conjunction).format(to_js([str(name) for name in names]))
        )
        return t

    def apply_locale(self) -> None:
        t = self.t
        document.documentElement.lang = intl_locale(t.language)  # pt is pt-PT (issue 29)
        self._set_title()
        for element in document.querySelectorAll("[data-i18n]"):
            element.textContent = t(element.dataset.i18n)
            if element.hasAttribute("data-wrap-step"):
                _wrap_before_step(element)
        for element in document.querySelectorAll("[data-i18n-aria-label]"):
            element.setAttribute("aria-label", t(element.dataset.i18nAriaLabel))
        # The target pills show their number as the game line does: 1,000 / 1000 / 1.000.
        for radio in document.querySelectorAll("input[name=ms-target]"):
            label = radio.nextElementSibling
            if str(radio.value).isdigit() and not absent(label):
                label.textContent = t.number(int(radio.value))
        if self.screen == "settings":
            self._fill_languages()

    def _fill_languages(self) -> None:
        """The language list, each language named in itself so a reader finds theirs. Built
        when SETTINGS opens: reading every locale file is no work for the first paint."""
        select = document.getElementById("language-select")
        select.replaceChildren()
        for code, name in own_names(self.languages).items():
            option = document.createElement("option")
            option.value = code
            option.textContent = name
            option.lang = intl_locale(code)  # each name is read in its own language (issue 14)
            option.selected = code == self.t.language
            select.appendChild(option)

    # Screens --------------------------------------------------------------------------------
    def show(self, screen: str, announce: bool = True) -> None:
        if screen != self.screen and not self._said_now and not self._said_last:
            # What was said on the screen left is not the new one's (an audit found "Cautious
            # Cleo wins!" in the live region on the MAGDAGDON screen, for a reader to land on).
            document.getElementById("announcer").textContent = ""
        self.screen = screen
        if screen == "magdagdon":
            daily, self.daily = self.daily, None
            real, self.real_dice = self.real_dice, False
            tour = self._take_tour(screen)
            self.magdagdon.open(self.take_seed(), daily, tour=tour, real=real)
        elif screen == "mishimash":
            real, self.real_dice = self.real_dice, False
            self.mishimash.open(self.take_seed(), tour=self._take_tour(screen), real=real)
        elif screen == "scores":
            self._render_scores()
        elif screen == "statistics":
            self._render_statistics()
        elif screen == "settings":
            self.settings.sync()
            self.your_data.sync()
            self._fill_languages()
        elif screen.startswith(("rules-", "about-")):
            from app.browser.docs import render_doc

            article = document.querySelector(f"#screen-{screen} .doc")
            render_doc(article, article.dataset.doc, self.t)
            if screen.startswith("rules-"):
                self._add_tour_button(article, screen.removeprefix("rules-"))
        for name in SCREENS:
            document.getElementById(f"screen-{name}").hidden = name != screen
        self._set_title()
        window.scrollTo(0, 0)
        if announce and not self.confirm.is_open:
            # The focus goes to the new screen's heading (issue 14): a screen reader reads it,
            # and Tab goes on from the top of the screen, never from <body>. A walkthrough
            # waiting for NEXT (issue 16) has it instead: NEXT is read with the step's text.
            tour_next = document.querySelector(
                f"#screen-{screen} .tour:not([hidden]) .tour-buttons:not([hidden]) .tour-next"
            )
            first = (
                document.querySelector(f"#screen-{screen} h1") if absent(tour_next) else tour_next
            )
            first.focus()
        if screen == "mishimash":  # a game in progress opens on its turn, not at the top
            self.mishimash.turn_in_view()

    def _set_title(self) -> None:
        """The tab's title names the screen (issue 14): "MAGDAGDON · Cubiri"."""
        name = self.t("app.name")
        heading = document.querySelector(f"#screen-{self.screen} h1")
        shown = "" if self.screen == "home" or absent(heading) else str(heading.textContent)
        document.title = f"{shown.strip()} · {name}" if shown.strip() else name

    def _take_tour(self, game: str) -> bool:
        asked, self.tour = self.tour == game, None
        return asked

    def _add_tour_button(self, article: Any, game: str) -> None:
        """RULES opens the first-game walkthrough again (issue 16)."""
        button = document.createElement("button")
        button.type = "button"
        button.className = "primary tour-replay"
        button.id = f"tour-replay-{game}"
        button.dataset.open = game
        button.setAttribute("data-tour", "")
        button.textContent = self.t("tour.replay")
        article.prepend(button)

    def announce(self, message: str, last: bool = False) -> None:
        """Say `message` in the live region. What is said in the same instant (one task: a move
        and the walkthrough step it brings) is said together, each once, `last` ones after the
        rest: a second write of the region would replace the first before it is read (issue 29)."""
        if not message:
            return
        if not self._said_now and not self._said_last:
            window.queueMicrotask(create_once_callable(self._next_instant))
        (self._said_last if last else self._said_now).append(message)
        said = list(dict.fromkeys(self._said_now + self._said_last))
        document.getElementById("announcer").textContent = " ".join(said)

    def _next_instant(self) -> None:
        self._said_now, self._said_last = [], []

    def notify(self, key: str) -> None:
        """Something about saving the player should know (the message's key): shown until
        closed, and spoken; a language switch shows it in the new language."""
        self._notice = key
        notice.show(self.t(key), self.t("notice.close"))
        self.announce(self.t(key))

    def data_changed(self, settings: bool) -> None:
        """LOAD DATA wrote (issue 25): what is open reads storage again, as after another tab
        cleared it; `settings`: the file's settings too (the language, the dice)."""
        self._stored_changed(None)
        if settings:
            self.set_language(self._saved_language())
            feel.apply_pips()
            self.settings.sync()

    def choose_difficulty(self, difficulty: str) -> None:
        """The file's MAGDAGDON difficulty, chosen as in SETTINGS (a game in progress asks)."""
        self.settings.choose_difficulty(difficulty)

    def _on_storage(self, event: Any) -> None:
        """Another tab wrote (issue 18). `key` is null when that tab cleared storage."""
        storage.retry()  # that tab may have freed space for what this one could not write
        self._stored_changed(None if absent(event.key) else str(event.key))

    def _stored_changed(self, key: str | None) -> None:
        """An open game takes a game moved on in storage, and the tables shown take rows added
        there (None: any key)."""
        if key in (None, stores.MAGDAGDON_GAME) and self._magdagdon is not None:
            self._magdagdon.overtaken()
        if key in (None, stores.MISHIMASH_GAME) and self._mishimash is not None:
            self._mishimash.overtaken()
        if key in (None, stores.SCORES_KEY) and self._magdagdon is not None:
            self._magdagdon.refresh_tables()
        if key in (None, stores.SOLO_KEY) and self._mishimash is not None:
            self._mishimash.refresh_tables()
        if key in (None, stores.SCORES_KEY, stores.SOLO_KEY) and self.screen == "scores":
            self._render_scores()
        if key in (None, stores.HISTORY_KEY) and self.screen == "statistics":
            self._render_statistics()

    def _render_statistics(self) -> None:
        if self._statistics is None:
            from app.browser.magdagdon_daily import local_today
            from app.browser.statistics import StatisticsScreen

            self._statistics = StatisticsScreen(
                lambda: self.t, local_today, lambda: self.screen == "statistics", self.announce
            )
            self._statistics.mount()
        self._statistics.render()

    def _render_scores(self) -> None:
        from app.browser.score_tables import render_scores

        render_scores(document.getElementById("scores-body"), self.t)

    def ask(
        self,
        text: str,
        on_ok: Callable[[], None],
        return_to: Any = None,
        title: str = "confirm.new_game.title",
        ok: str = "confirm.ok",
        keep_playing_first: bool = False,
    ) -> None:
        """The confirm dialog: its OK (by default NEW GAME) runs `on_ok`, KEEP PLAYING (or
        Escape) changes nothing; the focus then goes back to `return_to` (by default, what had
        it) if it was lost. `title` and `ok` are the keys of its heading and its OK, kept as
        the elements' data-i18n so that a change of language says them anew.
        `keep_playing_first`: KEEP PLAYING is the bright button, the OK plain (a move to think
        twice about, not a wish confirmed)."""
        for element_id, key in (("confirm-title", title), ("confirm-ok", ok)):
            element = document.getElementById(element_id)
            element.dataset.i18n = key
            element.textContent = self.t(key)
        bright, plain = ("confirm-cancel", "confirm-ok")
        if not keep_playing_first:
            bright, plain = plain, bright
        document.getElementById(bright).className = "primary"
        document.getElementById(plain).className = "ghost"
        self.confirm.ask(text, on_ok, return_to)

    # Handlers: translate the event into a navigation, then render ----------------------------
    def _on_click(self, event: Any) -> None:
        if not absent(event.target.closest("[data-back]")):
            self._back()
            return
        target = event.target.closest("[data-open]")
        if absent(target):
            return
        screen = target.dataset.open
        if target.hasAttribute("data-daily"):
            self.daily = "today"  # the home card's DAILY: today's puzzle
        if target.hasAttribute("data-tour"):
            self.tour = screen  # RULES: the walkthrough again
        new_hash = hash_for(screen)
        if window.location.hash != new_hash:
            # Going home drops the hash entirely rather than leaving a bare "#".
            url = window.location.pathname + window.location.search + new_hash
            window.history.pushState(None, "", url)
            self.depth += 1
        self.show(screen)

    def _back(self) -> None:
        """Back to where the player came from inside the app, or home after a deep link."""
        if self.depth > 0:
            self.depth -= 1
            window.history.back()
        else:
            window.history.replaceState(None, "", window.location.pathname)
            self.show("home")

    def _on_hash_change(self, _event: Any) -> None:
        self.show(screen_from_hash(window.location.hash))

    def _on_language(self, event: Any) -> None:
        language = event.target.value
        if language in self.languages:
            storage.write(LANGUAGE_KEY, language)
            self.set_language(language)

    def set_language(self, language: str) -> None:
        if language != self.t.language:
            self.t = self._translator(language)
            self.apply_locale()
            # What was said stays in the region: in the old language it would be read in the
            # new one's voice (an audit found it there after a switch). So would a refusal of
            # an attempt made before: it goes, with the mark on its field (an audit saw "A die
            # shows 1 to 6, not “7”" stay under a Vietnamese entry).
            document.getElementById("announcer").textContent = ""
            for alert in document.querySelectorAll("[role=alert]"):
                alert.textContent = ""
            for field in document.querySelectorAll("[aria-invalid]"):
                field.removeAttribute("aria-invalid")
                field.removeAttribute("aria-describedby")
            self.your_data.retell()
            if self._notice is not None and notice.shown():
                notice.show(self.t(self._notice), self.t("notice.close"))
            # Switching language redraws; it never touches a game's state.
            if self._magdagdon is not None:
                self._magdagdon.last_view = None
                self._magdagdon.render()
            if self._mishimash is not None:
                self._mishimash.render()
            if self.screen == "settings":
                self.your_data.sync()  # its line about keeping the data, in the new language


def _wrap_before_step(button: Any) -> None:
    """A narrow button marked data-wrap-step (the powers) breaks its name before the ±1
    ("INCREASE" over "+1"), never inside it: the locale's no-break space keeps "+1" with its
    word on one line, but a word too long for the button is broken anywhere, and the break fell
    between + and 1."""
    word, space, step = str(button.textContent).rpartition("\u00a0")
    if not space:
        return
    button.textContent = word + " "
    kept = document.createElement("span")
    kept.className = "nowrap"
    kept.textContent = step
    button.appendChild(kept)
