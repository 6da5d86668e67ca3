"""Which screen shows: the URL hash names it, so the browser's back button works."""

from __future__ import annotations

SCREENS = (
    "home",
    "magdagdon",
    "mishimash",
    "settings",
    "scores",
    "statistics",
    "rules-magdagdon",
    "rules-mishimash",
    "about-magdagdon",
    "about-mishimash",
)
HOME = "home"


def screen_from_hash(location_hash: str) -> str:
    """`#magdagdon` → `magdagdon`; anything unknown (or empty) is the home screen."""
    name = location_hash.lstrip("#").split("?", 1)[0].strip().lower()
    return name if name in SCREENS else HOME


def hash_for(screen: str) -> str:
    return "" if screen == HOME else f"#{screen}"
