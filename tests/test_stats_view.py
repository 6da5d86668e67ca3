"""STATISTICS' view model (issue 25): the figures and charts equal an independent count of the
games played, and every language renders every text."""

from __future__ import annotations

import dataclasses
import statistics as stats
from datetime import date

import pytest

from app.pure import game_stats, history, history_view, stats_view
from app.pure.i18n import available_languages, load_translator
from cubiri.dice import TYPED
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
    magdagdon = next(section for section in stats_view.statistics(entries, TODAY, t))
    ruins = next(figure for figure in magdagdon.figures if figure.ident == "ruins")
    assert ruins.label == RUINS_A_GAME[language]  # each language's own term (RULES.md)


# A tester saw "RUINS por jogo" in Portuguese: the term was English in every language.
RUINS_A_GAME = {
    "en": "RUINS a game",
    "pt": "RUÍNAS por jogo",
    "hu": "ROMOK játszmánként",
    "vi": "TÀN TÍCH mỗi ván",
}


def noted() -> list[history.Entry]:
    """The games of `played`, the reviews' notes on some: the computer's scores on the first
    four MAGDAGDON games, the points given up on two MISHIMASH games."""
    entries, _ = played()
    for n, computer in enumerate((500, 10, 300, 20)):
        found = history.annotated(entries, f"m-{n}", computer=computer)
        assert found is not None
        entries = found
    for n, cost in ((0, 12.5), (2, 4.5)):
        found = history.annotated(entries, f"x-{n}", given_up=(cost, None))
        assert found is not None
        entries = found
    return entries


def test_against_the_computer_and_the_points_given_up_come_from_the_reviews_notes() -> None:
    entries = noted()
    peaceful = stats_view.statistics(entries, TODAY, EN)[0]
    margins = [e.outcome["score"] - e.computer for e in entries[:4] if e.computer is not None]
    shown = figures(peaceful)
    beaten = sum(m > 0 for m in margins)
    assert shown["beat-computer"] == f"{beaten} of 4"
    mean = round(stats.fmean(margins), 1)
    assert shown["margin"] == (f"+{EN.number(mean)}" if mean > 0 else EN.number(mean))
    mishimash = stats_view.statistics(entries, TODAY, EN)[-1]
    trend = next(c for c in mishimash.charts if c.ident == "stats-mishimash-given-up")
    assert trend.title == "Points given up: the last 2 games"
    assert [row[1] for row in trend.rows] == ["12.5", "4.5"]
    assert [row[2] for row in trend.rows] == ["12.5", "8.5"]  # the moving mean
    assert len(trend.dots) == 2
    # No notes: neither figure nor chart.
    plain, _ = played()
    assert "beat-computer" not in figures(stats_view.statistics(plain, TODAY, EN)[0])
    last = stats_view.statistics(plain, TODAY, EN)[-1]
    assert all(c.ident != "stats-mishimash-given-up" for c in last.charts)


def test_no_game_at_all_is_one_line_and_the_dice_filter_keeps_its_games() -> None:
    (empty,) = stats_view.statistics([], TODAY, EN)
    assert empty.empty == "No games yet: finish a game and its numbers appear here."
    assert empty.heading == ""
    entries, _ = played()
    typed = dataclasses.replace(entries[-1], id="typed", dice=TYPED)
    entries.append(typed)
    real = stats_view.statistics(entries, TODAY, EN, dice="real")
    assert figures(real[-1])["games"] == "1" and figures(real[-1])["real"] == "1"
    assert real[0].empty == "No games yet."  # no MAGDAGDON with real dice
    app = stats_view.statistics(entries, TODAY, EN, dice="app")
    assert figures(app[-1])["games"] == "3" and figures(app[0])["games"] == "7"
    everything = stats_view.statistics(entries, TODAY, EN)
    assert figures(everything[-1])["games"] == "4"
    (none,) = stats_view.statistics(entries[:7], TODAY, EN, dice="real")
    assert none.empty == "No games with these dice yet."
    with pytest.raises(ValueError):
        stats_view.statistics(entries, TODAY, EN, dice="loaded")


def test_your_games_lists_the_newest_first_each_with_what_it_was() -> None:
    entries, scores = played()
    rows = history_view.rows(entries, EN)
    assert [r.ident for r in rows] == [e.id for e in reversed(entries)]
    first_magdagdon = rows[-1]
    assert first_magdagdon.title == f"MAGDAGDON · PEACEFUL · {scores[0]} points"
    newest = entries[-1]
    winner = newest.seats[newest.winner or 0].name
    # The winner's total first, highest to lowest (an audit read "Bot won · 18 : 58" as Bot's
    # 18: the totals were in seat order).
    totals = " : ".join(EN.number(t) for t in sorted(newest.outcome["totals"], reverse=True))
    assert rows[0].title == f"MISHIMASH · {winner} won · {totals}"
    lost = dataclasses.replace(newest, winner=1, outcome={**newest.outcome, "totals": [18, 58]})
    assert history_view.title(lost, EN) == f"MISHIMASH · {newest.seats[1].name} won · 58 : 18"
    many = [dataclasses.replace(entries[0], id=f"g-{n}") for n in range(40)]
    assert len(history_view.rows(many, EN)) == history_view.MAX_ROWS


def test_one_game_is_said_as_one_game() -> None:
    """A tester's first game read "Scores from 91 to 91; most between 91 and 91." and "Mean of
    the last five games: 91 at the start, 91 now." beside a single dot."""
    entries, (score, *_) = played()
    first = stats_view.statistics(entries[:1], TODAY, EN)[0]
    histogram, trend = first.charts[:2]
    assert histogram.summary == f"Every score so far: {score}."
    assert trend.summary == f"One game so far: {score}."
    two = stats_view.statistics(entries[:2], TODAY, EN)[0]
    assert two.charts[1].summary.startswith("Mean of the games so far:")  # not yet five
    five = stats_view.statistics(entries[:5], TODAY, EN)[0]
    assert five.charts[1].summary.startswith("Mean of the last five games:")


def test_a_histogram_with_no_one_tallest_range_names_none() -> None:
    """helper-27: scores 28, 83 and 352, one in each range, read "most between 0 and 49"."""
    bins = [game_stats.Bin(0, 50, 1), game_stats.Bin(50, 100, 1), game_stats.Bin(350, 400, 1)]
    chart = stats_view.histogram_chart("h", "Scores", bins, EN)
    assert chart.summary == "Scores from 0 to 399."
    bins[1] = game_stats.Bin(50, 100, 2)
    chart = stats_view.histogram_chart("h", "Scores", bins, EN)
    assert chart.summary == "Scores from 0 to 399; most between 50 and 99."


def test_solo_games_are_turns_to_the_target_never_wins_against_an_opponent() -> None:
    """A tester with solo MISHIMASH games only saw "Wins by opponent: Solo, 3 games, 3 won": a
    solo game has no one to beat (X15: its record is the turns), so there is no such table."""
    solo = [
        history.entry_for(
            "mishimash", f"s-{n}", f"2026-04-{n + 1:02d}T09:00:00Z", final, levels=("",)
        )
        for n in range(3)
        for final in [list(mishimash_playout(1, 40, n))[-1]]
    ]
    section = stats_view.statistics(solo, TODAY, EN)[-1]
    idents = [chart.ident for chart in section.charts]
    assert "stats-mishimash-wins" not in idents and "stats-mishimash-solo" in idents
    mixed = stats_view.statistics(solo + played()[0], TODAY, EN)[-1]
    wins = next(c for c in mixed.charts if c.ident == "stats-mishimash-wins")
    assert [row[0] for row in wins.rows] == ["Bold computer"]
