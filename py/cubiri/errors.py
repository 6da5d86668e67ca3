"""Errors shared by both engines."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules do not allow. `code` is stable: the UI maps it to a locale key."""

    code = "rule"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
