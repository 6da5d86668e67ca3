"""Start-up (issue 26): a return visit restores a memory snapshot of the booted interpreter, a
first visit boots fresh with the trimmed standard library and makes the snapshot afterwards.

The interpreter module (tools/boot/cubiri-pyodide.mjs) marks <html data-boot="snapshot" |
"fresh">, and after a fresh boot data-snapshot="made" | "failed" | "unavailable" | "skipped"."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from e2e.browser import block_site_data, launch_args
from e2e.conftest import PHONE, READY, READY_TIMEOUT_MS
from e2e.server import serve
from e2e.test_offline import play_both_games, wait_offline_ready
from tools.site import copy_site, write_build_js

SNAPSHOTS = "cubiri.snapshot"
pytestmark = pytest.mark.snapshot  # the snapshot worker is the real one (e2e/conftest.py)


def errors_of(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def boot(page: Page) -> str:
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    how: str = page.evaluate("document.documentElement.dataset.boot")
    return how


def snapshot_outcome(page: Page) -> str:
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_MS)
    outcome: str = page.evaluate("document.documentElement.dataset.snapshot")
    return outcome


def stored(page: Page) -> list[str]:
    """The URLs of the snapshots kept (one a build)."""
    urls: list[str] = page.evaluate(
        f"caches.open('{SNAPSHOTS}').then(c => c.keys()).then(k => k.map(r => r.url))"
    )
    return urls


def first_visit(page: Page, url: str) -> None:
    """A first visit: a fresh boot, then the snapshot is made in the background."""
    page.goto(url)
    assert boot(page) == "fresh"
    wait_offline_ready(page)
    assert snapshot_outcome(page) == "made"
    assert len(stored(page)) == 1


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    yield context.new_page()
    context.close()


def test_a_return_visit_restores_the_snapshot_and_plays_both_games(
    phone: Page, base_url: str
) -> None:
    errors = errors_of(phone)
    first_visit(phone, base_url)
    phone.reload()
    assert boot(phone) == "snapshot"
    expect(phone.get_by_role("heading", name="Cubiri")).to_be_visible()
    # Each game's whole turn, each page of it restored from the snapshot.
    play_both_games(phone, base_url)
    assert phone.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert errors == []


def new_game_seed(page: Page) -> int:
    """Open MAGDAGDON without ?seed= and ROLL: the seed the app drew, from its saved game."""
    page.locator(".game-card.card-magdagdon").click()
    page.locator("#md-primary").click()
    page.wait_for_function("() => localStorage.getItem('cubiri.magdagdon.game') !== null")
    record = page.evaluate("localStorage.getItem('cubiri.magdagdon.game')")
    found = re.search(r'"seed":\s*(\d+)', record)
    assert found, record
    return int(found.group(1))


def test_two_restored_visits_draw_different_seeds(phone: Page, base_url: str) -> None:
    first_visit(phone, base_url)
    seeds = []
    for _ in range(2):
        phone.evaluate("localStorage.removeItem('cubiri.magdagdon.game')")
        phone.goto(base_url)
        assert boot(phone) == "snapshot"
        seeds.append(new_game_seed(phone))
    assert seeds[0] != seeds[1], seeds


# The stored snapshot's bytes altered, its digest kept: the damage is caught before restoring.
DAMAGE = """async () => {
  const cache = await caches.open("cubiri.snapshot");
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  for (let i = 1000; i < bytes.length; i += 4096) bytes[i] ^= 0xff;
  await cache.put(request, new Response(bytes, { headers: response.headers }));
}"""
# Bytes that are no snapshot at all, with their own right digest: the restore itself throws.
NOT_A_SNAPSHOT = """async () => {
  const cache = await caches.open("cubiri.snapshot");
  const [request] = await cache.keys();
  const bytes = new Uint8Array(4096).fill(7);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  await cache.put(request, new Response(bytes, { headers: { "x-sha256": hex } }));
}"""


@pytest.mark.parametrize("damage", [DAMAGE, NOT_A_SNAPSHOT], ids=["damaged", "not-a-snapshot"])
def test_a_bad_snapshot_falls_back_to_a_fresh_boot_and_is_made_again(
    phone: Page, base_url: str, damage: str
) -> None:
    first_visit(phone, base_url)
    phone.evaluate(damage)
    errors = errors_of(phone)
    phone.reload()
    assert boot(phone) == "fresh"
    assert snapshot_outcome(phone) == "made"
    phone.reload()
    assert boot(phone) == "snapshot"
    play_both_games(phone, base_url)
    assert errors == []


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    root = tmp_path / "cubiri"
    copy_site(root)
    with serve(tmp_path) as url:
        yield root, url + "cubiri/"


def test_a_new_version_never_restores_the_old_snapshot(phone: Page, site: tuple[Path, str]) -> None:
    root, url = site
    first_visit(phone, url)
    (old,) = stored(phone)
    css = root / "static" / "app.css"
    css.write_text(css.read_text() + "\n/* next release */\n")
    write_build_js(root)
    phone.evaluate("window.cubiriServiceWorker.update()")
    expect(phone.locator("#update-banner")).to_be_visible(timeout=READY_TIMEOUT_MS)
    with phone.expect_navigation(timeout=READY_TIMEOUT_MS):
        phone.get_by_role("button", name="RELOAD").click()
    assert boot(phone) == "fresh"
    assert snapshot_outcome(phone) == "made"
    (new,) = stored(phone)  # the old build's is deleted
    assert new != old
    phone.reload()
    assert boot(phone) == "snapshot"


def test_offline_a_return_visit_restores(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    first_visit(page, base_url)
    context.set_offline(True)
    page.reload()
    assert boot(page) == "snapshot"
    play_both_games(page, base_url)
    context.close()


@pytest.fixture
def blocked_page(browser_type: BrowserType, tmp_path: Path) -> Iterator[Page]:
    block_site_data(tmp_path / "profile")
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), viewport=PHONE, **launch_args()
    )
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_with_site_data_blocked_every_visit_boots_fresh(blocked_page: Page, base_url: str) -> None:
    errors = errors_of(blocked_page)
    blocked_page.goto(base_url)
    for _ in range(2):
        assert boot(blocked_page) == "fresh"
        assert snapshot_outcome(blocked_page) == "unavailable"
        blocked_page.reload()
    assert boot(blocked_page) == "fresh"
    assert errors == []


# Every module of the app (py/, lazily imported ones included) and of PyScript's package,
# imported in the page, whose standard library is the trimmed one.
IMPORT_EVERYTHING = """
import importlib, json, pathlib, sys
from js import document
failed = {}
names = []
for root in ("cubiri", "app", "pyscript"):
    for path in sorted(pathlib.Path(root).rglob("*.py")):
        parts = path.with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
for name in names:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = repr(error)
# Where the library's modules came from (frozen ones, built into the interpreter, aside).
stdlib = [
    getattr(m, "__file__", None) or ""
    for m in list(sys.modules.values())
    if getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"
]
stdlib = [f for f in stdlib if f.startswith("/lib/python314.zip/")]
document.documentElement.dataset.imported = json.dumps(
    {"names": names, "failed": failed, "stdlib": stdlib}
)
"""


def test_every_module_the_app_may_import_loads_from_the_trimmed_standard_library(
    phone: Page, base_url: str
) -> None:
    phone.goto(base_url)
    assert boot(phone) == "fresh"
    requests: list[str] = []
    phone.on("request", lambda request: requests.append(request.url))
    phone.evaluate(
        """code => {
          const script = document.createElement("script");
          script.type = "py";
          script.textContent = code;
          document.body.append(script);
        }""",
        IMPORT_EVERYTHING,
    )
    phone.wait_for_selector("html[data-imported]", state="attached", timeout=READY_TIMEOUT_MS)
    result: dict[str, Any] = json.loads(phone.evaluate("document.documentElement.dataset.imported"))
    assert result["failed"] == {}
    assert {"app.browser.shell", "cubiri.magdagdon.bot.player", "pyscript.web"} <= set(
        result["names"]
    )
    assert "cubiri.magdagdon.bot.cli" not in result["names"]  # a command line: not in the page
    loaded = phone.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert any(url.endswith("/python_stdlib_cubiri.zip") for url in loaded)
    assert not any(url.endswith(("/python_stdlib.zip", "/pyodide-lock.json")) for url in loaded)
    # The standard library arrives compiled: every module of it the page holds is bytecode.
    assert len(result["stdlib"]) > 100
    assert [path for path in result["stdlib"] if not path.endswith(".pyc")] == []
    # The runtime's module arrives as gzip and is unpacked in the page; never the plain one.
    assert any(url.endswith("/pyodide.asm.wasm.gz") for url in loaded)
    assert not any(url.endswith("/pyodide.asm.wasm") for url in loaded)
