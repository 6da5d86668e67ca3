"""How Chromium is launched: Debian's /usr/bin/chromium where installed, else Playwright's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")

# Without these, Chromium on a machine with no internet keeps trying to reach Google's services.
QUIET_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch_args() -> dict[str, Any]:
    args: dict[str, Any] = {"args": QUIET_FLAGS}
    if DEBIAN_CHROMIUM.exists():
        args["executable_path"] = str(DEBIAN_CHROMIUM)
    return args
