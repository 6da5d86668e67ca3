"""Issue 29: localStorage refusing, under CPython with the browser faked (`tests.browser_fakes`).
What the page writes holds for its life when storage refuses it; a refusal is told once; a
write refused for a full quota is tried again when a write passes (and the player told)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from app.pure.saved_game import MAGDAGDON, Saved
from cubiri.magdagdon import game as magdagdon
from tests.browser_fakes import LocalStorage, web_fixture  # noqa: F401 (the fixture `web`)

storage: Any = None  # app.browser.storage and stores: imported once the fake `js` is there
stores: Any = None


@pytest.fixture(autouse=True)
def browser(web: types.SimpleNamespace) -> None:
    global storage, stores
    from app.browser import storage as storage_module
    from app.browser import stores as stores_module

    storage, stores = storage_module, stores_module


def heard() -> list[str]:
    told: list[str] = []
    storage.on_problem(told.append)
    return told


class Refusing(LocalStorage):
    """localStorage whose reads (or writes) throw, as a browser's SecurityError."""

    def __init__(self, reads: bool = False, writes: bool = False) -> None:
        super().__init__()
        self.reads, self.writes = reads, writes

    def getItem(self, key: str) -> str | None:
        if self.reads:
            raise RuntimeError("SecurityError")
        return super().getItem(key)

    def setItem(self, key: str, value: str) -> None:
        if self.writes:
            raise RuntimeError("SecurityError")
        super().setItem(key, value)


def use(monkeypatch: pytest.MonkeyPatch, local: Any) -> None:
    monkeypatch.setattr(storage, "window", types.SimpleNamespace(localStorage=local))


@pytest.mark.parametrize(
    "local", [None, Refusing(reads=True), Refusing(writes=True)], ids=["absent", "reads", "writes"]
)
def test_settings_hold_for_the_page_when_storage_refuses(
    web: types.SimpleNamespace, monkeypatch: pytest.MonkeyPatch, local: Any
) -> None:
    use(monkeypatch, local)
    told = heard()
    stores.set_difficulty("nightmare")
    stores.set_coach(False)
    stores.set_feel("pips", False)
    for _ in range(3):
        assert stores.difficulty() == "nightmare"
        assert not stores.coach_on() and not stores.feel_on("pips")
    assert len(told) == 1  # told once, whatever the reads and writes after


def test_a_game_saved_while_storage_refuses_is_this_tabs_not_another_tabs(
    web: types.SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    use(monkeypatch, Refusing(writes=True))
    slot = stores.slot(MAGDAGDON, stores.MAGDAGDON_GAME)
    assert slot.load() is None
    state = magdagdon.play(magdagdon.new_game("peaceful", 4), magdagdon.Roll())
    assert slot.save(Saved(state))
    assert not slot.moved_on()  # its own refused write, not a game moved on elsewhere
    loaded = slot.load()
    assert loaded is not None and loaded.state == state


def test_a_full_quota_freed_later_is_written_at_the_next_write_and_told(
    web: types.SimpleNamespace,
) -> None:
    told = heard()
    web.storage.items["filler"] = "x" * 1000
    web.storage.quota = 1000
    assert not storage.write(stores.COACH_KEY, "off")
    assert not storage.write(stores.DIFFICULTY_KEY, "survival")
    assert told == [storage.FAILING]
    assert stores.difficulty() == "survival"
    del web.storage.items["filler"]  # space freed (the player, or another tab)
    assert storage.write(stores.SPEED_KEY, "fast")
    assert web.storage.items[stores.COACH_KEY] == "off"  # the refused ones, written too
    assert web.storage.items[stores.DIFFICULTY_KEY] == "survival"
    assert told == [storage.FAILING, storage.RESUMED]
    web.storage.items["filler"] = "x" * 1000
    assert not storage.write(stores.COACH_KEY, "on")
    assert told == [storage.FAILING, storage.RESUMED, storage.FAILING]  # failing again: told


def test_a_refused_write_never_goes_over_what_another_tab_wrote_since(
    web: types.SimpleNamespace,
) -> None:
    web.storage.items["filler"] = "x" * 995
    web.storage.quota = 1000
    assert not storage.write(stores.DIFFICULTY_KEY, "nightmare")
    del web.storage.items["filler"]
    web.storage.items[stores.DIFFICULTY_KEY] = "survival"  # the other tab, after the space
    assert stores.difficulty() == "survival"  # the newer value stands
    storage.retry()  # its `storage` event
    assert web.storage.items[stores.DIFFICULTY_KEY] == "survival"
