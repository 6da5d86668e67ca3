"""The two other engines, behind one small page interface: WebKit and Firefox.

- WebKit: WebKitGTK's MiniBrowser through Debian's `WebKitWebDriver`, driven by Selenium (the
  WebDriver protocol of HTTP), on a virtual screen (Xvfb). The same engine as Safari.
- Firefox: Debian's `firefox-esr`, headless, driven over WebDriver BiDi, which Firefox speaks
  itself on `--remote-debugging-port` (`ws://127.0.0.1:PORT/session`): no geckodriver, which
  Debian does not package. The client below uses only the commands the smoke set needs, over
  `websocket-client` (pinned in requirements-dev.txt, as Selenium needs it too).

Each engine gets a fresh profile per test. A page's JavaScript is called as a function
declaration with JSON arguments; its JSON result (awaited, if it is a promise) comes back.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
FIREFOX = Path("/usr/bin/firefox-esr")
XVFB_RUN = Path("/usr/bin/xvfb-run")
SESSION_START_S = 90.0  # a WebKit session starts in a few seconds, even on a loaded machine
READY_TIMEOUT_S = 180.0  # WebKit boots Pyodide in about 15 s here, 90 s when loaded


def missing(engine: str) -> list[str]:
    """What this machine lacks to run `engine` (empty: it can run)."""
    needs = {"webkit": [MINIBROWSER, WEBKIT_DRIVER, Path("/usr/bin/Xvfb")], "firefox": [FIREFOX]}
    return [str(path) for path in needs[engine] if not path.exists()]


# WebDriver's key codes (the same in classic WebDriver and in BiDi).
KEYS = {
    "Enter": "\ue007",
    "Tab": "\ue004",
    "Shift": "\ue008",
    "Escape": "\ue00c",
    "Space": " ",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
}

# Wait until a control takes taps (e2e/taps.py: its animations and its tap guard), then give
# back its centre in the viewport, after scrolling it there.
UNTIL_IT_TAKES_TAPS = """async (selector) => {
    const el = document.querySelector(selector);
    if (!el) return null;
    const moving = () => {
        const found = [];
        for (let node = el; node; node = node.parentElement)
            for (const animation of node.getAnimations())
                if (animation.playState === 'running' && animation.effect
                        && animation.effect.getComputedTiming().endTime !== Infinity)
                    found.push(animation);
        return found;
    };
    const pause = ms => new Promise(resolve => setTimeout(resolve, ms));
    const until = performance.now() + 5000;
    while (performance.now() < until) {
        const animations = moving();
        if (animations.length) {
            const ended = Promise.all(animations.map(a => a.finished.catch(() => null)));
            await Promise.race([ended, pause(until - performance.now())]);
        } else if (el.closest('[aria-disabled=true]') || el.disabled) {
            await pause(10);
        } else break;
    }
    el.scrollIntoView({block: 'center', inline: 'center'});
    const box = el.getBoundingClientRect();
    return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}"""


class EnginePage:
    """One browser with one tab. Subclasses give the primitives; the helpers are shared."""

    engine = ""

    # Primitives --------------------------------------------------------------------------------
    def call(self, function: str, *args: Any) -> Any:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def click_at(self, x: int, y: int) -> None:
        raise NotImplementedError

    def press(self, *keys: str) -> None:
        """Press each key in turn; "Shift+Tab" holds Shift for the Tab."""
        raise NotImplementedError

    def activate(self) -> None:
        """Enter on the focused control, as a keyboard player presses it."""
        self.press("Enter")

    def viewport(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # Helpers -----------------------------------------------------------------------------------
    def js(self, expression: str) -> Any:
        return self.call(f"() => ({expression})")

    def wait_for(self, function: str, what: str, *args: Any, timeout: float = 30.0) -> Any:
        """Poll `function(*args)` in the page until it gives something truthy; return it."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.call(function, *args)
            except PageGone:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: expected {what} within {timeout:g} s")
            time.sleep(0.05)

    def wait_ready(self, timeout: float = READY_TIMEOUT_S) -> None:
        """Until `<html data-app-ready>`; at once, with what it logged, if the page reports an
        error first (a start-up that failed never gets ready: no need to wait it out)."""
        state = self.wait_for(
            """() => document.documentElement.hasAttribute('data-app-ready') ? 'ready'
                : (window.cubiriProbe && window.cubiriProbe.errors.length ? 'error' : null)""",
            "the app to be ready (data-app-ready)",
            timeout=timeout,
        )
        if state == "error":
            logged = self.js("window.cubiriProbe.errors")
            raise AssertionError(f"{self.engine}: the page failed before it was ready: {logged}")

    def open(self, url: str) -> None:
        self.goto(url)
        self.wait_ready()

    def tap(self, selector: str) -> None:
        at = self.call(UNTIL_IT_TAKES_TAPS, selector)
        assert at is not None, f"{self.engine}: no {selector} to tap"
        self.click_at(int(at[0]), int(at[1]))

    def text(self, selector: str) -> str:
        value = self.call(
            "(s) => { const el = document.querySelector(s); return el ? el.textContent : null; }",
            selector,
        )
        assert value is not None, f"{self.engine}: no {selector}"
        return str(value).strip()

    def texts(self, selector: str) -> list[str]:
        found = self.call(
            "(s) => [...document.querySelectorAll(s)].map(el => el.textContent.trim())", selector
        )
        return [str(text) for text in found]

    def attr(self, selector: str, name: str) -> str | None:
        value = self.call(
            "(s, n) => { const el = document.querySelector(s); return el && el.getAttribute(n); }",
            selector,
            name,
        )
        return None if value is None else str(value)

    def visible(self, selector: str) -> bool:
        return bool(
            self.call(
                """(s) => { const el = document.querySelector(s);
                    return !!el && el.getClientRects().length > 0
                        && getComputedStyle(el).visibility !== 'hidden'; }""",
                selector,
            )
        )

    def wait_text(self, selector: str, expected: str, timeout: float = 30.0) -> None:
        self.wait_for(
            "(s, t) => { const el = document.querySelector(s); "
            "return !!el && el.textContent.trim() === t; }",
            f"{selector} to read {expected!r} (it reads {self._maybe_text(selector)!r})",
            selector,
            expected,
            timeout=timeout,
        )

    def wait_contains(self, selector: str, expected: str, timeout: float = 30.0) -> None:
        self.wait_for(
            "(s, t) => { const el = document.querySelector(s); "
            "return !!el && el.textContent.includes(t); }",
            f"{selector} to contain {expected!r}",
            selector,
            expected,
            timeout=timeout,
        )

    def wait_attr(self, selector: str, name: str, expected: str, timeout: float = 30.0) -> None:
        self.wait_for(
            "(s, n, v) => { const el = document.querySelector(s); "
            "return !!el && el.getAttribute(n) === v; }",
            f"{selector}[{name}={expected!r}]",
            selector,
            name,
            expected,
            timeout=timeout,
        )

    def wait_visible(self, selector: str, timeout: float = 30.0) -> None:
        self.wait_for(
            """(s) => { const el = document.querySelector(s);
                return !!el && el.getClientRects().length > 0; }""",
            f"{selector} to be visible",
            selector,
            timeout=timeout,
        )

    def focused(self) -> str:
        return str(self.js("document.activeElement ? document.activeElement.id : ''"))

    def _maybe_text(self, selector: str) -> str | None:
        try:
            return self.text(selector)
        except AssertionError:
            return None


class PageGone(Exception):
    """The page navigated away while a script ran (a reload): look again."""


# WebKit ----------------------------------------------------------------------------------------


class WebKitPage(EnginePage):
    """WebKitGTK's MiniBrowser, through WebKitWebDriver and Selenium."""

    engine = "webkit"

    def __init__(self, display: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        options = webdriver.WebKitGTKOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": display}
        # A hung start (once in a fresh-clone run, WebKitWebDriver took the new session and never
        # answered) is stopped after SESSION_START_S; `launcher` then tries a new browser.
        service = Service(executable_path=str(WEBKIT_DRIVER), env=env)
        stop = threading.Timer(SESSION_START_S, service.stop)
        stop.start()
        try:
            with warnings.catch_warnings():  # Selenium's WebKitGTK class uses its old API
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            service.stop()
            raise
        finally:
            stop.cancel()
        self.driver.set_script_timeout(60)
        self.driver.set_page_load_timeout(60)

    def call(self, function: str, *args: Any) -> Any:
        from selenium.common.exceptions import JavascriptException, WebDriverException

        script = (
            "return Promise.resolve((" + function + ")(...JSON.parse(arguments[0])))"
            ".then(v => JSON.stringify(v === undefined ? null : v));"
        )
        try:
            result = self.driver.execute_script(script, json.dumps(args))
        except JavascriptException:
            raise
        except WebDriverException as error:
            if "navigat" in str(error).lower() or "unload" in str(error).lower():
                raise PageGone(str(error)) from error
            raise
        return None if result is None else json.loads(result)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def click_at(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(x, y)
        actions.pointer_action.click()
        actions.perform()

    def press(self, *keys: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(self.driver)
        for key in keys:
            if key.startswith("Shift+"):
                chain.key_down(KEYS["Shift"]).send_keys(KEYS[key[6:]]).key_up(KEYS["Shift"])
            else:
                chain.send_keys(KEYS.get(key, key))
        chain.perform()

    def viewport(self, width: int, height: int) -> None:
        """The window size that gives this viewport (the window's frame is measured once)."""
        self.driver.set_window_size(width, height)
        inner = self.call("() => [innerWidth, innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        self.driver.quit()


class Xvfb:
    """A virtual screen for the MiniBrowser, for the whole run."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", "1", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.process.stdout is not None
        number = self.process.stdout.readline().decode().strip()
        assert number.isdigit(), "Xvfb did not start"
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


# Firefox ---------------------------------------------------------------------------------------

# Quiet on a machine with no internet, and no first-run pages. The remote agent sets its own
# recommended preferences for automation on top of these.
FIREFOX_PREFS = {
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "remote.prefs.recommended": True,
}


class FirefoxPage(EnginePage):
    """firefox-esr, headless, over WebDriver BiDi."""

    engine = "firefox"

    def __init__(self) -> None:
        import websocket

        self.profile = Path(tempfile.mkdtemp(prefix="cubiri-firefox-"))
        user_js = "".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()
        )
        (self.profile / "user.js").write_text(user_js, encoding="utf-8")
        self.process = subprocess.Popen(
            [
                str(FIREFOX),
                "--headless",
                "--no-remote",
                "--profile",
                str(self.profile),
                "--remote-debugging-port",
                "0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
        )
        try:
            url = self._listening_url()
            self.ws = websocket.create_connection(
                url + "/session", timeout=120, suppress_origin=True
            )
            self._next_id = 0
            self._events: list[dict[str, Any]] = []
            self.send("session.new", {"capabilities": {}})
            tree = self.send("browsingContext.getTree", {})
            self.context = tree["contexts"][0]["context"]
        except Exception:
            self._stop_process()
            raise

    def _listening_url(self) -> str:
        assert self.process.stderr is not None
        found: list[str] = []
        seen: list[str] = []

        def read() -> None:
            assert self.process.stderr is not None
            for raw in self.process.stderr:
                line = raw.decode(errors="replace")
                seen.append(line)
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and not found:
                    found.append(match.group(1))

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + 60
        while not found:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("firefox-esr did not open WebDriver BiDi:\n" + "".join(seen))
            time.sleep(0.05)
        return found[0]

    def send(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        mine = self._next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") != mine:
                if message.get("type") == "event":
                    self._events.append(message)
                continue
            if message.get("type") == "error":
                text = f"{method}: {message.get('error')}: {message.get('message')}"
                if "navigat" in text.lower() or "no such frame" in text.lower():
                    raise PageGone(text)
                raise RuntimeError(text)
            result: dict[str, Any] = message["result"]
            return result

    def call(self, function: str, *args: Any) -> Any:
        wrapped = (
            "async (json) => { const v = await (" + function + ")(...JSON.parse(json));"
            " return JSON.stringify(v === undefined ? null : v); }"
        )
        result = self.send(
            "script.callFunction",
            {
                "functionDeclaration": wrapped,
                "arguments": [{"type": "string", "value": json.dumps(args)}],
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise RuntimeError(f"firefox: script threw: {details.get('text')}")
        value = result["result"]
        return None if value.get("type") != "string" else json.loads(value["value"])

    def goto(self, url: str) -> None:
        self.send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def click_at(self, x: int, y: int) -> None:
        self.send(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "mouse",
                        "parameters": {"pointerType": "mouse"},
                        "actions": [
                            {"type": "pointerMove", "x": x, "y": y},
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0},
                        ],
                    }
                ],
            },
        )

    def press(self, *keys: str) -> None:
        steps: list[dict[str, str]] = []
        for key in keys:
            if key.startswith("Shift+"):
                code = KEYS[key[6:]]
                steps += [
                    {"type": "keyDown", "value": KEYS["Shift"]},
                    {"type": "keyDown", "value": code},
                    {"type": "keyUp", "value": code},
                    {"type": "keyUp", "value": KEYS["Shift"]},
                ]
            else:
                code = KEYS.get(key, key)
                steps += [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        self.send(
            "input.performActions",
            {"context": self.context, "actions": [{"type": "key", "id": "kbd", "actions": steps}]},
        )

    def activate(self) -> None:
        """Enter on the focused control. Firefox's BiDi key input reaches the page (keydown,
        keypress, keyup: the app's arrow keys and Tab's focus moves work) but never fires a
        focused button's activation, not even on a bare page with one button (checked with
        firefox-esr 140, headless or on Xvfb): a real Enter does. So the click that a real
        Enter makes on a button follows the keys here."""
        self.press("Enter")
        self.call(
            """() => { const el = document.activeElement;
                if (el && el.matches('button, [role=button], summary')) el.click(); }"""
        )

    def viewport(self, width: int, height: int) -> None:
        self.send(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def screenshot(self, path: Path) -> None:
        data = self.send(
            "browsingContext.captureScreenshot", {"context": self.context, "origin": "document"}
        )["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the browser may be gone already
            self.send("session.end", {})
        try:
            self.ws.close()
        finally:
            self._stop_process()

    def _stop_process(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


LAUNCH_TRIES = 3


def launcher(engine: str, display: Callable[[], str], size: tuple[int, int]) -> EnginePage:
    """A fresh browser showing a `size` viewport. A start that fails is tried again with a new
    browser: CI once saw WebKitWebDriver close the connection on a new session
    (RemoteDisconnected) on a loaded machine, before any page was opened."""
    for attempt in range(1, LAUNCH_TRIES + 1):
        browser: EnginePage | None = None
        try:
            browser = WebKitPage(display()) if engine == "webkit" else FirefoxPage()
            browser.viewport(*size)
            return browser
        except Exception:
            if browser is not None:
                with contextlib.suppress(Exception):
                    browser.close()
            if attempt == LAUNCH_TRIES:
                raise
            time.sleep(2.0 * attempt)
    raise AssertionError("unreachable")
