"""`make unit` runs every doctest that can run under CPython (issue 23: those of `py/app/pure`
were never collected). The browser modules import `js`, so only they are left out."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER_ONLY = ROOT / "py" / "app" / "browser"


def unit_paths() -> list[Path]:
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^unit:.*\n\t(.+)$", makefile, re.MULTILINE)
    assert recipe is not None, "the Makefile has no unit target"
    words = recipe.group(1).split()
    assert "--doctest-modules" in words
    return [ROOT / word for word in words if (ROOT / word).is_dir()]


def test_make_unit_collects_every_module_with_a_doctest() -> None:
    collected = unit_paths()
    with_doctests = [
        path
        for path in (ROOT / "py").rglob("*.py")
        if ">>>" in path.read_text(encoding="utf-8") and not path.is_relative_to(BROWSER_ONLY)
    ]
    assert any(path.is_relative_to(ROOT / "py" / "app" / "pure") for path in with_doctests)
    missed = [
        str(path.relative_to(ROOT))
        for path in with_doctests
        if not any(path.is_relative_to(folder) for folder in collected)
    ]
    assert missed == []


def test_make_unit_leaves_the_browser_modules_out() -> None:
    assert not any(BROWSER_ONLY.is_relative_to(folder) for folder in unit_paths())
