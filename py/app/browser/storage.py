"""localStorage, guarded: the one place that touches it, and it never raises to a caller.

A browser that blocks site data throws SecurityError on the first touch of `localStorage`
(issue 18: at import, that kept the page on its loading screen), a full quota throws on a
write. Here either only stops the remembering beyond the page: what the page writes is kept
in memory for its life (so a setting changed holds until the page closes, issue 29), reads of
what storage refused give that, writes report False, and the player is told once (`on_problem`).
A refused write is tried again at the next write and when another tab changes storage (space
may have been freed); once all is written again the player is told saving works again.
Keys holding a newer version's data are `protect`ed: never written or removed by this older
app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import console, window

from app.browser.dom import absent

BLOCKED, FAILING, NEWER, CORRUPT = "blocked", "failing", "newer", "corrupt"
UNREADABLE = "unreadable"  # high scores or the history could not be read: set aside
RESUMED = "resumed"  # writes refused before are written now
_store: Any = None
_blocked = False
_protected: set[str] = set()
_told: set[str] = set()  # problems the player has been told about (each once)
_pending: list[str] = []  # problems met before anyone listened
_listener: Callable[[str], None] | None = None
_kept: dict[str, str | None] = {}  # what this page last wrote under each key (None: removed)
_unsaved: set[str] = set()  # keys whose last write storage refused: `_kept` holds the value
_unreadable = False  # a read was refused: what was saved cannot come back
_warned: set[str] = set()  # console warnings given (each once: a refusal repeats at every read)


def _local() -> Any:
    """localStorage, or None when the browser refuses it (touched lazily, once)."""
    global _store, _blocked
    if _store is None and not _blocked:
        try:
            store = window.localStorage
            if absent(store):
                raise RuntimeError("no localStorage")
            _ = store.length  # some browsers refuse only on use
            _store = store
        except Exception as error:
            _blocked = True
            console.warn(f"Cubiri cannot save here: {error}")
            report(BLOCKED)
    return _store


def available() -> bool:
    return _local() is not None


def remembers() -> bool:
    """Whether what was saved on an earlier visit can come back: storage is there and its
    reads have not been refused."""
    return _local() is not None and not _unreadable


def keeping() -> bool:
    """Whether what the page writes now outlives it: storage is there, reads back, and has
    taken every write (HIGH SCORES says so when not)."""
    store = _local()
    if store is None or _unreadable or _unsaved:
        return False
    return _put(store, PROBE, "1") and _put(store, PROBE, None)  # a write refused so far?


PROBE = "cubiri.probe"  # written and removed at once, to learn whether writes pass


def report(problem: str) -> None:
    """Tell the player about `problem` (BLOCKED, FAILING, NEWER, CORRUPT, UNREADABLE), once per
    kind."""
    if problem in _told:
        return
    _told.add(problem)
    if _listener is None:
        _pending.append(problem)
    else:
        _listener(problem)


def on_problem(listener: Callable[[str], None]) -> None:
    """`listener` hears every problem from now on, and those met before it listened."""
    global _listener
    _listener = listener
    while _pending:
        listener(_pending.pop(0))


def protect(key: str) -> None:
    """`key` holds data of a newer version: from now on read-only for this page."""
    _protected.add(key)


def _warn(what: str, error: Any) -> None:
    if what not in _warned:
        _warned.add(what)
        console.warn(f"Cubiri {what}: {error}")


def _get(store: Any, key: str) -> tuple[bool, str | None]:
    """(read, value): (False, None) when storage refused the read."""
    global _unreadable
    try:
        value = store.getItem(key)
    except Exception as error:
        _unreadable = True
        _warn(f"could not read {key}", error)
        report(BLOCKED)  # what was saved cannot come back: nothing is kept, as if blocked
        return False, None
    return True, None if absent(value) else str(value)


_under: dict[str, tuple[bool, str | None]] = {}  # storage's value when a write was refused


def _stands(store: Any, key: str) -> bool:
    """Whether this page's refused value for `key` still stands: no other tab has written the
    key since (then that tab's value is the newer one, issue 18)."""
    if key not in _unsaved:
        return False
    was_read, was = _under[key]
    now_read, now = _get(store, key)
    if was_read and now_read and now != was:
        _unsaved.discard(key)
        return False
    return True


def _refused(store: Any, key: str) -> None:
    if key not in _unsaved:
        _under[key] = _get(store, key) if store is not None else (False, None)
        _unsaved.add(key)


def read(key: str) -> str | None:
    """The value under `key`: storage's, or this page's where storage refused it."""
    store = _local()
    if store is None:
        return _kept.get(key)
    if _stands(store, key):
        return _kept[key]
    done, value = _get(store, key)
    return value if done else _kept.get(key)


def unsaved(key: str) -> bool:
    """Whether this page holds a value for `key` that storage refused (kept for the page's
    life, and written when storage takes it)."""
    return key in _unsaved


def _put(store: Any, key: str, value: str | None) -> bool:
    try:
        if value is None:
            store.removeItem(key)
        else:
            store.setItem(key, value)
    except Exception as error:
        _warn(f"could not save {key}", error)
        return False
    return True


def write(key: str, value: str, *, quiet: bool = False) -> bool:
    """Store `value`; False if it was not stored (blocked, full, or a newer version's key).
    Unless the key is a newer version's, the page keeps `value` all the same (`unsaved`).
    `quiet`: a failure is not told (the caller tries again with less)."""
    return _set(key, value, quiet=quiet)


def remove(key: str) -> None:
    _set(key, None, quiet=True)


def _set(key: str, value: str | None, *, quiet: bool) -> bool:
    if key in _protected:
        return False
    store = _local()
    _kept[key] = value
    if store is None or not _put(store, key, value):
        _refused(store, key)
        if store is not None and not quiet:
            _told.discard(RESUMED)
            report(FAILING)
        return False
    _unsaved.discard(key)
    if _unsaved:
        retry()  # this write passed: the refused ones may pass now too
    return True


def retry() -> None:
    """Write again what storage refused: after a write that passed and when another tab changed
    storage (either may mean space was freed). A key another tab wrote meanwhile is left to
    it. Once nothing is left unwritten after a failure, the player is told."""
    store = _local()
    if store is None:
        return
    for key in sorted(_unsaved):
        if _stands(store, key) and _put(store, key, _kept[key]):
            _unsaved.discard(key)
    if not _unsaved and FAILING in _told:
        _told.discard(FAILING)
        report(RESUMED)


# Persistent storage (issue 25) ------------------------------------------------------------------
_asked_to_keep = False


def _manager() -> Any:
    manager = getattr(getattr(window, "navigator", None), "storage", None)
    return None if absent(manager) or absent(getattr(manager, "persist", None)) else manager


def ask_to_keep() -> Any:
    """Once the player has a history, ask the browser (once a page) to keep this site's storage
    rather than clear it under pressure (a full disk, Safari's removal after days without a
    visit). The promise of its answer, or None when it was asked already or cannot be."""
    global _asked_to_keep
    manager = _manager()
    if _asked_to_keep or manager is None:
        return None
    _asked_to_keep = True
    return manager.persist()


def kept() -> Any:
    """The promise of whether the browser keeps this site's storage, or None where it cannot
    say."""
    manager = _manager()
    return None if manager is None else manager.persisted()


# sessionStorage: what one tab shows, kept across its reloads only (an entry's UNDO steps, a
# HINT shown). Blocked or full, it is simply not kept: nothing is reported, nothing lost but
# that comfort.
def session_read(key: str) -> str | None:
    try:
        value = window.sessionStorage.getItem(key)
    except Exception:  # a SecurityError with site data blocked
        return None
    return None if absent(value) else str(value)


def session_write(key: str, value: str | None) -> None:
    try:
        if value is None:
            window.sessionStorage.removeItem(key)
        else:
            window.sessionStorage.setItem(key, value)
    except Exception:  # refused or full
        return
