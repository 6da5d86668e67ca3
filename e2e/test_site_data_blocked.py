"""Issue 29, the blocker: with site data blocked the page must still start and play.

Chromium's "Don't allow sites to save data" (a persistent profile whose preferences say so,
written before the browser starts) refuses localStorage, IndexedDB, Cache Storage and service
workers at once. Before the fix the page stayed on "Warming up the dice…" for good, with the
page errors "Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being
dispatched." and "Event", twice each: PyScript's IndexedDB map (`IDBMap`, bundled into
`core-*.js`) re-dispatched the open request's own error event from its `onerror`, and the
Pyodide engine awaited that map's failed open (`await storage.sync()`, "Loading Storage")
before loading Python. `tools/patch_runtime.py` (a step of `make vendor`) mends the copy.

The same again for each store failing alone in an ordinary profile: IndexedDB (its `open`
throwing, its request erroring, or no `indexedDB` at all) and Cache Storage (in the page and
in the service worker; and the worker's lookups failing once it controls the page)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from app.pure import data_file
from e2e.browser import block_site_data, launch_args
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS
from e2e.magdagdon_driver import MagdagdonDriver
from e2e.mishimash_driver import MishimashDriver
from e2e.server import serve
from e2e.taps import tap
from tests.test_data_file import LATER, a_phone
from tools.site import copy_site

# Every text the notice shows, in order, each time it is shown (a MutationObserver, so a notice
# shown and replaced between two looks of the test is still counted).
COUNT_NOTICES = """
window.cubiriNotices = [];
let shownText = null;
new MutationObserver(() => {
  const box = document.getElementById("notice");
  const text = box && !box.hidden ? box.querySelector("#notice-text")?.textContent || null : null;
  if (text && text !== shownText) window.cubiriNotices.push(text);
  shownText = text;
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""

REFUSED = 'new DOMException("refused by the test", "UnknownError")'
# IndexedDB failing alone, three ways a browser does it.
IDB_FAILS = {
    # Safari's and Firefox's old private modes, sandboxed frames: open throws.
    "open-throws": """
IDBFactory.prototype.open = function () {
  throw new DOMException("The operation is insecure.", "SecurityError");
};
""",
    # Chromium with site data blocked: a request whose error event comes later.
    "open-errors": f"""
IDBFactory.prototype.open = function () {{
  const request = new EventTarget();
  request.addEventListener("error", (event) => request.onerror && request.onerror(event));
  setTimeout(() => {{
    request.error = {REFUSED};
    request.dispatchEvent(new Event("error", {{ cancelable: true }}));
  }}, 10);
  return request;
}};
""",
    "missing": 'Object.defineProperty(window, "indexedDB", { get: () => undefined });',
}
# Cache Storage failing alone: every call refused (in the page, and in the service worker).
CACHES_FAIL = f"""
for (const name of ["open", "match", "has", "keys", "delete"]) {{
  CacheStorage.prototype[name] = function () {{ return Promise.reject({REFUSED}); }};
}}
"""
# The worker's precache works, but every lookup in it fails afterwards.
CACHE_LOOKUPS_FAIL = f"""
Cache.prototype.match = function () {{ return Promise.reject({REFUSED}); }};
CacheStorage.prototype.match = function () {{ return Promise.reject({REFUSED}); }};
"""


def errors_of(page: Page) -> list[str]:
    """The page's uncaught errors (thrown, or promises rejected with no handler), as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error) or repr(error)))
    return errors


def wait_ready(page: Page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def notices(page: Page) -> list[str]:
    return list(page.evaluate("window.cubiriNotices"))


def play_both_games(page: Page, base: str, magdagdon_seed: int = 12) -> None:
    """A MAGDAGDON turn (ROLL, every die placed, CONFIRM), then a MISHIMASH ROLL."""
    page.goto(base + f"?seed={magdagdon_seed}#magdagdon")
    wait_ready(page)
    magdagdon = MagdagdonDriver(page, "peaceful", magdagdon_seed)
    magdagdon.play_turn()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    page.locator("#screen-magdagdon .back").click()
    page.locator(".game-card.card-mishimash").click()
    MishimashDriver(page, ["Ana"], 250, 0).start()  # a new game: its dice are its own
    tap(page.locator("#ms-roll"))
    # The roll's dice, or (a bust) the strip of the roll that ended the turn.
    expect(page.locator("#ms-dice .die:not([hidden]), #ms-last .die").first).to_be_visible()


@pytest.fixture
def blocked_browser(browser_type: BrowserType, tmp_path: Path) -> Iterator[Callable[[], Page]]:
    """A page of a Chromium whose profile blocks site data (the real setting, not a stub)."""
    contexts: list[Any] = []

    def open_page() -> Page:
        profile = tmp_path / f"profile-{len(contexts)}"
        block_site_data(profile)
        context = browser_type.launch_persistent_context(
            str(profile), viewport=PHONE, **launch_args()
        )
        contexts.append(context)
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(COUNT_NOTICES)
        return page

    yield open_page
    for context in contexts:
        context.close()


def test_issue29_with_site_data_blocked_the_browser_refuses_every_store(
    blocked_browser: Callable[[], Page], base_url: str
) -> None:
    """The profile does what the issue says: the test is of the real setting."""
    page = blocked_browser()
    page.goto(base_url + "static/icon.svg")
    refused = page.evaluate(
        """async () => {
          const refused = [];
          try { localStorage.length; } catch { refused.push("localStorage"); }
          try { await caches.open("x"); } catch { refused.push("caches"); }
          refused.push(await new Promise((resolve) => {
            const request = indexedDB.open("x");
            request.onsuccess = () => resolve("indexedDB works");
            request.onerror = (event) => { event.preventDefault(); resolve("indexedDB"); };
          }));
          return refused;
        }"""
    )
    assert refused == ["localStorage", "caches", "indexedDB"]


def test_issue29_with_site_data_blocked_the_app_starts_both_games_play_and_the_player_is_told_once(
    blocked_browser: Callable[[], Page], base_url: str
) -> None:
    page = blocked_browser()
    errors = errors_of(page)
    page.goto(base_url + "?seed=12#magdagdon")
    wait_ready(page)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("games and high scores are not kept")
    page.locator("#notice-close").click()
    expect(notice).to_be_hidden()

    magdagdon = MagdagdonDriver(page, "peaceful", 12)
    magdagdon.play_turn()
    expect(page.locator("#md-turn")).to_have_text("Turn 2")
    page.locator("#screen-magdagdon .back").click()
    page.locator(".game-card.card-mishimash").click()
    MishimashDriver(page, ["Ana"], 250, 0).start()  # a new game: its dice are its own
    tap(page.locator("#ms-roll"))
    # The roll's dice, or (a bust) the strip of the roll that ended the turn.
    expect(page.locator("#ms-dice .die:not([hidden]), #ms-last .die").first).to_be_visible()
    expect(notice).to_be_hidden()  # told once, not again at a save or another game
    assert len(notices(page)) == 1, notices(page)
    assert errors == []


def test_with_site_data_blocked_your_data_and_a_load_say_nothing_is_kept(
    blocked_browser: Callable[[], Page], base_url: str, tmp_path: Path
) -> None:
    """helper-22: once the notice was closed, SETTINGS' Your data said the data "are kept in
    this browser", and LOAD DATA "Loaded: …" with "SAVE MY DATA keeps a copy" under it; all of
    it went with the tab. Both now say that nothing outlives the page."""
    page = blocked_browser()
    page.goto(base_url + "#settings")
    wait_ready(page)
    page.locator("#notice-close").click()
    kept = page.locator("#data-kept")
    expect(kept).to_contain_text("nothing is kept once this page closes")
    # Not above it "kept in this browser only" (helper-29 read the two together).
    expect(page.locator(".data-explain")).to_be_hidden()
    file = tmp_path / "cubiri-data.json"
    file.write_text(data_file.export(a_phone(), LATER), encoding="utf-8")
    page.locator("#data-file").set_input_files(str(file))
    status = page.locator("#data-status")
    expect(status).to_contain_text("Loaded: 2 games added")
    expect(status).to_contain_text("so it is kept only until this page closes.")
    expect(kept).to_contain_text("nothing is kept once this page closes")


def test_issue29_with_site_data_blocked_the_bare_pyscript_page_starts(
    blocked_browser: Callable[[], Page], base_url: str
) -> None:
    """The runtime alone (bench/bare.html): the hang was PyScript's, not the app's."""
    page = blocked_browser()
    errors = errors_of(page)
    page.goto(base_url + "bench/bare.html")
    wait_ready(page)
    assert errors == []


@pytest.mark.parametrize("how", sorted(IDB_FAILS))
def test_issue29_with_indexeddb_failing_alone_the_app_starts_and_plays(
    page: Page, base_url: str, how: str
) -> None:
    page.add_init_script(IDB_FAILS[how])
    page.add_init_script(COUNT_NOTICES)
    errors = errors_of(page)
    play_both_games(page, base_url)
    assert notices(page) == []  # localStorage works: the games are kept, nothing to tell
    assert errors == []


@pytest.fixture
def site_with_worker(tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """A copy of the deployable site whose service worker starts with `prelude` (init scripts
    never reach a worker), served on a free port: the URL of the copy."""
    with ExitStack() as servers:

        def make(prelude: str) -> str:
            root = tmp_path / "cubiri"
            copy_site(root)
            worker = root / "sw.js"
            worker.write_text(prelude + worker.read_text(encoding="utf-8"), encoding="utf-8")
            return servers.enter_context(serve(tmp_path)) + "cubiri/"

        yield make


def test_issue29_with_cache_storage_failing_alone_the_app_starts_and_plays(
    browser: Browser, site_with_worker: Callable[[str], str]
) -> None:
    base = site_with_worker(CACHES_FAIL)
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(CACHES_FAIL)
    context.add_init_script(COUNT_NOTICES)
    page = context.new_page()
    errors = errors_of(page)
    play_both_games(page, base)
    page.reload()  # and again, the worker (if any) in the way
    wait_ready(page)
    assert notices(page) == []
    assert errors == []
    context.close()


def test_issue29_with_the_workers_cache_lookups_failing_the_page_still_loads(
    browser: Browser, site_with_worker: Callable[[str], str]
) -> None:
    """The worker precached the site and controls the page, then its cache stops answering:
    every request must still reach the network instead of failing."""
    base = site_with_worker(CACHE_LOOKUPS_FAIL)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = errors_of(page)
    page.goto(base)
    wait_ready(page)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS
    )
    play_both_games(page, base, magdagdon_seed=41)
    assert errors == []
    context.close()
