"""STATISTICS' view model (issue 25): the figures and charts equal an independent count of the
games played, and every language renders every text."""

from __future__ import annotations

import statistics as stats
from datetime import date

import pytest

from app.pure import history, stats_view
from app.pure.i18n import available_languages, load_translator
from tests.playouts import magdagdon_playout, mishimash_playout

EN = load_translator("en")
TODAY = date(2026, 4, 30)


def played() -> tuple[list[history.Entry], list[int]]:
    entries, peaceful = [], []
    for n in range(7):
        final = list(magdagdon_playout("peaceful", n))[-1]
        peaceful.append(final.score().final)
        entries.append(
            history.entry_for("magdagdon", f"m-{n}", f"2026-03-{n + 1:02d}T09:00:00Z", final)
        )
    for n in range(3):
        final = list(mishimash_playout(2, 40, n))[-1]
        entries.append(
            history.entry_for(
                "mishimash", f"x-{n}", f"2026-04-{n + 1:02d}T09:00:00Z", final, levels=("", "bold")
            )
        )
    return entries, peaceful


def figures(section: stats_view.Section) -> dict[str, str]:
    return {figure.ident: figure.value for figure in section.figures}


def test_the_magdagdon_figures_and_charts_count_the_games_played() -> None:
    entries, scores = played()
    peaceful, survival, nightmare, daily, mishimash = stats_view.statistics(entries, TODAY, EN)
    shown = figures(peaceful)
    assert shown["games"] == "7"
    assert shown["mean"] == EN.number(round(stats.fmean(scores), 1))
    assert shown["median"] == EN.number(round(stats.median(scores), 1))
    assert shown["best"] == EN.number(max(scores))
    histogram, trend = peaceful.charts
    assert sum(int(count) for _, count in histogram.rows) == 7
    assert len(histogram.bars) == len(histogram.rows)
    tallest = max(histogram.bars, key=lambda bar: bar.height)
    assert tallest.y == 0 and tallest.height == stats_view.HEIGHT - stats_view.AXIS
    assert [row[1] for row in trend.rows] == [EN.number(s) for s in scores]
    assert len(trend.dots) == len(trend.line) == 7
    assert all(0 <= x <= stats_view.WIDTH for x, _ in trend.dots)
    assert trend.title == "The last 7 games"
    for empty in (survival, nightmare, daily):
        assert empty.empty == "No games yet." and not empty.charts
    assert figures(mishimash)["games"] == "3"
    (wins,) = mishimash.charts
    assert wins.rows == [("Bold computer", "3", str(sum(e.winner == 0 for e in entries[7:])))]


@pytest.mark.parametrize("language", available_languages())
def test_every_language_renders_every_text(language: str) -> None:
    t = load_translator(language)
    entries, _ = played()
    for section in stats_view.statistics(entries, TODAY, t):
        texts = [section.heading, section.empty or ""]
        texts += [f"{f.label} {f.value}" for f in section.figures]
        for chart in section.charts:
            texts += [
                chart.title,
                chart.summary,
                *chart.columns,
                *(c for r in chart.rows for c in r),
            ]
        assert not [text for text in texts if "stats." in text or "{" in text], section.ident
