"""How Chromium is launched: Debian's /usr/bin/chromium where installed, else Playwright's own."""

from __future__ import annotations

import json
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


def block_site_data(user_data_dir: Path) -> None:
    """Make `user_data_dir` a Chromium profile with "Don't allow sites to save data" set (the
    preference of chrome://settings/content/siteData), written before the browser starts:
    localStorage, IndexedDB, Cache Storage and service workers are then all refused."""
    profile = user_data_dir / "Default"
    profile.mkdir(parents=True, exist_ok=True)
    blocked = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (profile / "Preferences").write_text(json.dumps(blocked), encoding="utf-8")
