"""The static shell's wiring: pyscript.toml, locale keys used by index.html, navigation."""

from __future__ import annotations

import json
import re
import tomllib
import zipfile
from pathlib import Path

from app.pure.navigation import hash_for, screen_from_hash
from tools.site import COMMAND_LINES, write_app_zip

ROOT = Path(__file__).resolve().parent.parent


def test_pyscript_config_points_at_the_local_pinned_runtime() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # The interpreter module beside the pinned pyodide.mjs (tools/boot.py, issue 26).
    assert config["interpreter"] == "./static/vendor/pyodide/cubiri-pyodide.mjs"
    package = json.loads((ROOT / "package.json").read_text())
    assert package["dependencies"] == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.7"
    assert lock["packages"]["node_modules/@pyscript/core"]["version"] == "0.7.31"


def test_every_browser_module_and_locale_reaches_the_browser(tmp_path: Path) -> None:
    """One archive (one request at start-up) unpacked where Python imports from: py/app/
    browser/shell.py lands at ./app/browser/shell.py, importable as app.browser.shell."""
    files = tomllib.loads((ROOT / "pyscript.toml").read_text())["files"]
    assert files == {"./static/vendor/app.zip": "./*"}
    wanted = {
        path.relative_to(ROOT).as_posix().removeprefix("py/")
        for pattern in (
            "py/cubiri/**/*.py",
            "py/cubiri/**/*.json",
            "py/cubiri/**/*.bin",  # the final round's chance tables (win_chance)
            "py/app/**/*.py",
            "locales/*.json",
        )
        for path in ROOT.glob(pattern)
        if "__pycache__" not in path.parts
        and path.relative_to(ROOT).as_posix() not in COMMAND_LINES
    }
    # The computer player's command line is the one module the page never runs.
    assert {"cubiri/magdagdon/bot/cli.py", "cubiri/magdagdon/bot/player.py"} & wanted == {
        "cubiri/magdagdon/bot/player.py"
    }
    archive = write_app_zip(ROOT, tmp_path / "app.zip")
    with zipfile.ZipFile(archive) as bundle:
        assert set(bundle.namelist()) == wanted
        assert (
            bundle.read("app/browser/shell.py") == (ROOT / "py/app/browser/shell.py").read_bytes()
        )
    # The same sources make the same bytes: the build version changes only with a file.
    assert write_app_zip(ROOT, tmp_path / "again.zip").read_bytes() == archive.read_bytes()


def test_every_text_key_of_the_shell_exists_in_english() -> None:
    html = (ROOT / "index.html").read_text()
    english = json.loads((ROOT / "locales" / "en.json").read_text())
    used = set(re.findall(r'data-i18n(?:-aria-label)?="([^"]+)"', html))
    assert used, "index.html should mark its texts with data-i18n"
    assert used - english.keys() == set()


def test_the_hash_names_the_screen() -> None:
    assert screen_from_hash("") == "home"
    assert screen_from_hash("#magdagdon") == "magdagdon"
    assert screen_from_hash("#MISHIMASH") == "mishimash"
    assert screen_from_hash("#nowhere") == "home"
    assert hash_for("home") == ""
    assert hash_for("settings") == "#settings"


def test_the_shell_knows_every_language_before_python_does() -> None:
    html = (ROOT / "index.html").read_text()
    declared = re.search(r'data-languages="([^"]+)"', html)
    assert declared is not None
    assert sorted(declared.group(1).split()) == sorted(
        p.stem for p in (ROOT / "locales").glob("*.json")
    )
