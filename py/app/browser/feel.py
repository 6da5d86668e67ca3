"""Game feel in the browser: dice faces with pips, short sounds made by the Web Audio API (no
audio files), vibration, and a score counting up. What to play and whether it may play is
decided in `app.pure.feel`; this module only calls the browser's APIs.

Nothing sounds or buzzes before the player's first tap: the AudioContext is created inside that
tap (a browser only lets a page start audio in a user gesture), and until then `play` is silent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import document, window
from pyodide.ffi import create_once_callable, to_js

from app.browser import stores
from app.browser.dom import absent, listen
from app.pure.feel import (
    SOUNDS,
    VIBRATIONS,
    count_up,
    may_sound,
    may_vibrate,
    moment_of,
    pip_cells,
)

COUNT_STEPS = 24  # a score counts up in this many frames …
COUNT_STEP_MS = 40  # … this far apart: about a second

_first_tap = False
_audio: Any = None


def start() -> None:
    """Once, when the app starts: show the dice as the player chose, wait for a first tap."""
    apply_pips()
    for event in ("pointerdown", "keydown", "touchend"):
        listen(document, event, _on_gesture)


def apply_pips() -> None:
    """Pips or digits, for every die on the page at once (a class on <html>, read by app.css)."""
    document.documentElement.dataset.pips = "on" if stores.feel_on("pips") else "off"


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def show_face(element: Any, value: int) -> None:
    """A die's face: its digit (still the text a screen reader and a search find), and its pips
    beside it, drawn as a 3×3 grid of dots; app.css shows one or the other."""
    number = document.createElement("span")
    number.className = "die-num"
    number.textContent = str(value)
    pips = document.createElement("span")
    pips.className = "pips"
    pips.setAttribute("aria-hidden", "true")
    for cell in pip_cells(value):
        pip = document.createElement("i")
        pip.dataset.at = str(cell)
        pips.appendChild(pip)
    element.replaceChildren(number, pips)


def tell(happened: list[str]) -> None:
    """The one sound (and buzz) for everything a tap did: actions' kinds and events' names."""
    moment = moment_of(happened)
    if moment is not None:
        play(moment)


def play(moment: str) -> None:
    """The sound and the buzz of a moment of play ("roll", "place", … see app.pure.feel), each
    if the player has it on; never one that could break the game."""
    try:
        if may_sound(stores.feel_on("sound"), _first_tap):
            _sound(moment)
        if may_vibrate(stores.feel_on("vibration"), _first_tap, reduced_motion()):
            _vibrate(moment)
    except Exception as error:  # a browser without Web Audio, a refused buzz: play on silently
        window.console.warn(f"Cubiri could not play {moment}: {error}")


def _on_gesture(_event: Any) -> None:
    global _first_tap
    _first_tap = True
    if stores.feel_on("sound"):
        _context()  # created (or woken) inside the gesture, so the browser lets it play


def _context() -> Any:
    global _audio
    if _audio is None:
        maker = getattr(window, "AudioContext", None)
        if maker is None or absent(maker):
            return None
        _audio = maker.new()
    if _audio.state == "suspended":
        _audio.resume()
    return _audio


def _sound(moment: str) -> None:
    audio = _context()
    if audio is None:
        return
    now = audio.currentTime
    for note in SOUNDS[moment]:
        oscillator = audio.createOscillator()
        gain = audio.createGain()
        oscillator.type = note.wave
        oscillator.frequency.value = note.pitch
        begin, end = now + note.start, now + note.start + note.length
        # A quick rise and an exponential fall: a click-free blip, not a switched-on tone.
        gain.gain.setValueAtTime(0.0001, begin)
        gain.gain.exponentialRampToValueAtTime(note.gain, begin + 0.012)
        gain.gain.exponentialRampToValueAtTime(0.0001, end)
        oscillator.connect(gain)
        gain.connect(audio.destination)
        oscillator.start(begin)
        oscillator.stop(end + 0.02)


def _vibrate(moment: str) -> None:
    navigator = window.navigator
    if absent(getattr(navigator, "vibrate", None)):
        return
    navigator.vibrate(to_js(list(VIBRATIONS[moment])))


def count_to(element: Any, final: int, text: Callable[[int], str]) -> None:
    """Show `text(n)` for n counting up to `final`, about a second; at once under reduced
    motion. The last text is always `text(final)`. While it counts the element is busy
    (aria-busy), so that a screen reader reads the score once, not every number on the way."""
    if reduced_motion():
        element.textContent = text(final)
        return
    numbers = count_up(final, COUNT_STEPS)
    # The final text may take two lines where "0 pontos" takes one: keep its height from the
    # start, so the lines below do not jump while it counts.
    element.textContent = text(final)
    element.style.minHeight = f"{element.offsetHeight}px"  # not scaled by the pop-in
    element.textContent = text(0)
    element.setAttribute("aria-busy", "true")

    def step(index: int) -> None:
        if not element.isConnected:
            return
        element.textContent = text(numbers[index])
        if index + 1 < len(numbers):
            window.setTimeout(create_once_callable(lambda: step(index + 1)), COUNT_STEP_MS)
        else:
            element.removeAttribute("aria-busy")
            element.style.removeProperty("min-height")

    window.setTimeout(create_once_callable(lambda: step(0)), COUNT_STEP_MS)


def celebration(ident: str, title: str, place: str) -> Any:
    """The banner of a new best: its title, the score (filled by `count_to`) and its place."""
    box = document.createElement("div")
    box.id = ident
    box.className = "celebration"
    for class_name, text in (("celebrate-title", title), ("celebrate-score", ""), ("", place)):
        line = document.createElement("p")
        line.className = class_name or "celebrate-place"
        line.textContent = text
        box.appendChild(line)
    return box
