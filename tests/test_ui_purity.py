"""The UI split by purity: `app.pure` never reaches the browser, and no import cycle joins the
shell and the screens (the kernel issue)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "py" / "app"
BROWSER_MODULES = {"js", "pyodide", "pyscript"}


def imports(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function or TYPE_CHECKING block."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_pure_part_imports_no_browser_module_and_nothing_of_the_browser_part() -> None:
    files = sorted((APP / "pure").glob("*.py"))
    assert len(files) >= 6
    for path in files:
        for module in imports(path):
            assert module.split(".")[0] not in BROWSER_MODULES, f"{path.name} imports {module}"
            assert not module.startswith("app.browser"), f"{path.name} imports {module}"


def test_the_screens_never_import_the_shell() -> None:
    for name in ("magdagdon_screen.py", "mishimash_screen.py", "stores.py", "host.py"):
        assert "app.browser.shell" not in imports(APP / "browser" / name), name
