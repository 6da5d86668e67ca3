"""Issue 29: "→" in the HINT's lines was read aloud ("right arrow"); what the app says or shows
as text writes a word instead, in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

LOCALES = Path(__file__).resolve().parent.parent / "locales"


@pytest.mark.parametrize("language", ["en", "pt", "hu", "vi"])
def test_no_sentence_of_the_app_holds_a_mark_that_is_read_aloud(language: str) -> None:
    texts = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
    marked = {key: text for key, text in texts.items() if any(m in text for m in "→◆★")}
    assert marked == {}
