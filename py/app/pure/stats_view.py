"""STATISTICS as the screen shows it (issue 25): per game, its figures, its charts as SVG
geometry in a fixed view box (the page scales it to the screen's width), each chart with a
one-line summary and its numbers as a table, which is what a screen reader reads.

Pure Python over app.pure.game_stats; the browser side (app.browser.statistics) only turns
these into elements. Numbers go through the translator's `number` (Intl in the page).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from app.pure import game_stats
from app.pure.game_stats import MOVING, Bin, DailyStats, MagdagdonStats, MishimashStats
from app.pure.history import Entry
from app.pure.i18n import Translator
from cubiri.magdagdon.difficulty import DIFFICULTIES

WIDTH, HEIGHT = 320.0, 120.0  # the charts' view box
AXIS = 16.0  # room under the bars for their labels
BAR_GAP = 4.0
# A MISHIMASH opponent's locale key (stats.opponent.…): the computer levels and the kinds.
OPPONENT_KEYS = {"best odds": "best_odds"}


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str  # under the bar: its range's start


@dataclass(frozen=True)
class Chart:
    ident: str  # the chart's id in the page
    title: str
    summary: str
    columns: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]
    bars: list[Bar] = field(default_factory=list)
    dots: list[tuple[float, float]] = field(default_factory=list)  # the trend's games
    line: list[tuple[float, float]] = field(default_factory=list)  # its moving mean


@dataclass(frozen=True)
class Figure:
    ident: str
    label: str
    value: str


@dataclass(frozen=True)
class Section:
    ident: str
    heading: str
    figures: list[Figure]
    charts: list[Chart]
    empty: str | None = None  # said instead when no game was played


def _one_decimal(t: Translator, value: float | None) -> str:
    return "–" if value is None else t.number(round(value, 1))


def _percent(t: Translator, share: float | None) -> str:
    return "–" if share is None else t("stats.percent", n=t.number(round(100 * share)))


def histogram_chart(ident: str, title: str, bins: list[Bin], t: Translator) -> Chart:
    """Bars of equal width, their heights in proportion to the tallest."""
    tallest = max((b.count for b in bins), default=0) or 1
    width = WIDTH / max(1, len(bins))
    bars = [
        Bar(
            i * width + BAR_GAP / 2,
            HEIGHT - AXIS - (HEIGHT - AXIS) * b.count / tallest,
            width - BAR_GAP,
            (HEIGHT - AXIS) * b.count / tallest,
            t.number(b.low),
        )
        for i, b in enumerate(bins)
    ]
    rows = [
        (t("stats.range", low=t.number(b.low), high=t.number(b.high - 1)), t.number(b.count))
        for b in bins
    ]
    most = max(bins, key=lambda b: b.count) if bins else None
    if most is not None and bins[0].low == bins[-1].high - 1:  # one score ("from 91 to 91")
        summary = t("stats.histogram.one_score", score=t.number(most.low))
        return Chart(ident, title, summary, (t("stats.scores"), t("stats.games")), rows, bars=bars)
    low, high = t.number(bins[0].low), t.number(bins[-1].high - 1)
    if most is None:
        summary = ""
    elif sum(b.count == most.count for b in bins) > 1:  # no one range has the most
        summary = t("stats.histogram.range", low=low, high=high)  # helper-27: 1, 1 and 1
    else:
        most_low, most_high = t.number(most.low), t.number(most.high - 1)
        summary = t(
            "stats.histogram.summary", low=low, high=high, most_low=most_low, most_high=most_high
        )
    return Chart(ident, title, summary, (t("stats.scores"), t("stats.games")), rows, bars=bars)


def trend_chart(
    ident: str,
    trend: list[tuple[float, float]],
    t: Translator,
    title: str = "stats.trend",
    what: str = "stats.score",
    summary_key: str = "stats.trend.summary",
) -> Chart:
    """The last games left to right, each a dot at its value (`what`: a score by default), the
    moving mean as a line."""
    values = [v for score, mean in trend for v in (score, mean)]
    low, high = (min(values), max(values)) if values else (0, 1)
    span = (high - low) or 1
    inset = 6.0  # a dot at either end is drawn whole
    step = (WIDTH - 2 * inset) / (len(trend) - 1) if len(trend) > 1 else 0.0

    def y(value: float) -> float:
        return round(HEIGHT - AXIS - (HEIGHT - AXIS - 8) * (value - low) / span, 2)

    x0 = WIDTH / 2 if len(trend) == 1 else inset
    dots = [(round(x0 + i * step, 2), y(score)) for i, (score, _) in enumerate(trend)]
    line = [(round(x0 + i * step, 2), y(mean)) for i, (_, mean) in enumerate(trend)]
    rows = [
        (t.number(i + 1), _one_decimal(t, score), _one_decimal(t, mean))
        for i, (score, mean) in enumerate(trend)
    ]
    if len(trend) == 1:  # no mean to follow yet ("91 at the start, 91 now")
        summary = t("stats.trend.one_game", value=_one_decimal(t, trend[0][0]))
        columns = (t("stats.game"), t(what), t("stats.moving_mean"))
        return Chart(ident, t.plural(title, 1), summary, columns, rows, [], dots, line)
    # Fewer games than the moving mean's span: its mean is of the games so far (helper-27 read
    # "the last five games" under three).
    key = summary_key if len(trend) >= MOVING else f"{summary_key}_few"
    summary = (
        t(key, first=_one_decimal(t, trend[0][1]), last=_one_decimal(t, trend[-1][1]))
        if trend
        else ""
    )
    columns = (t("stats.game"), t(what), t("stats.moving_mean"))
    return Chart(ident, t.plural(title, len(trend)), summary, columns, rows, [], dots, line)


def magdagdon_section(stats: MagdagdonStats, t: Translator) -> Section:
    name = stats.difficulty.upper()
    ident = f"stats-magdagdon-{stats.difficulty}"
    heading = f"MAGDAGDON · {name}"
    if not stats.games:
        return Section(ident, heading, [], [], t("stats.none"))
    figures = [
        Figure("games", t("stats.games"), t.number(stats.games)),
        Figure("mean", t("stats.mean"), _one_decimal(t, stats.mean)),
        Figure("median", t("stats.median"), _one_decimal(t, stats.median)),
        Figure("best", t("stats.best"), t.number(stats.best or 0)),
        *(
            Figure(kind, t("stats.per_game", what=t(f"magdagdon.bonus.{kind}")), _one_decimal(t, n))
            for kind, n in stats.bonuses_per_game.items()
        ),
        Figure(
            "ruins",
            t("stats.per_game", what=t("stats.ruins")),
            _one_decimal(t, stats.ruins_per_game),
        ),
        Figure(
            "powers",
            t("stats.per_game", what=t("stats.powers")),
            _one_decimal(t, stats.powers_per_game),
        ),
        *_against(stats.against, t),
    ]
    charts = [
        histogram_chart(f"{ident}-scores", t("stats.histogram"), stats.scores, t),
        trend_chart(f"{ident}-trend", stats.trend, t),
    ]
    return Section(ident, heading, figures, charts)


def _against(against: game_stats.Against, t: Translator) -> list[Figure]:
    """How often you beat the computer on the same dice, and by how much."""
    if not against.games:
        return []
    margin = against.mean_margin or 0.0
    shown = _one_decimal(t, margin)
    return [
        Figure(
            "beat-computer",
            t("stats.beat_computer"),
            t("stats.of", n=t.number(against.beaten), m=t.number(against.games)),
        ),
        Figure("margin", t("stats.margin"), f"+{shown}" if round(margin, 1) > 0 else shown),
    ]


def daily_section(stats: DailyStats, t: Translator) -> Section:
    heading = t("stats.daily")
    if not stats.played:
        return Section("stats-daily", heading, [], [], t("stats.none"))
    figures = [
        Figure("played", t("stats.played"), t.number(stats.played)),
        Figure("streak", t("stats.streak"), t.number(stats.current_streak)),
        Figure("longest", t("stats.longest_streak"), t.number(stats.longest_streak)),
    ]
    chart = histogram_chart("stats-daily-scores", t("stats.histogram"), stats.scores, t)
    return Section("stats-daily", heading, figures, [chart])


def opponent_name(kind: str, t: Translator) -> str:
    return t(f"stats.opponent.{OPPONENT_KEYS.get(kind, kind)}")


def mishimash_section(stats: MishimashStats, t: Translator) -> Section:
    heading = "MISHIMASH"
    if not stats.games:
        return Section("stats-mishimash", heading, [], [], t("stats.none"))
    figures = [
        Figure("games", t("stats.games"), t.number(stats.games)),
        Figure("real", t("stats.real_dice"), t.number(stats.real_dice)),
        Figure("mean-turn", t("stats.mean_turn"), _one_decimal(t, stats.mean_turn)),
        Figure("bust-rate", t("stats.bust_rate"), _percent(t, stats.bust_rate)),
        Figure("biggest", t("stats.biggest_turn"), _one_decimal(t, stats.biggest_turn)),
        Figure(
            "mishimash",
            t("stats.per_game", what="MISHIMASH"),
            _one_decimal(t, stats.mishimash_per_game),
        ),
    ]
    wins = Chart(
        "stats-mishimash-wins",
        t("stats.wins"),
        "",
        (t("stats.opponent"), t("stats.games"), t("stats.won")),
        [
            (opponent_name(kind, t), t.number(tally.games), t.number(tally.wins))
            for kind, tally in stats.by_opponent.items()
        ],
    )
    charts = [wins] if stats.by_opponent else []  # solo games only: no one to win against
    if stats.given_up:
        charts.append(
            trend_chart(
                "stats-mishimash-given-up",
                stats.given_up,
                t,
                title="stats.given_up_trend",
                what="stats.given_up",
                summary_key="stats.given_up.summary",
            )
        )
    if stats.solo_turns:
        solo = [Bin(turns, turns + 1, n) for turns, n in stats.solo_turns.items()]
        chart = histogram_chart("stats-mishimash-solo", t("stats.solo_turns"), solo, t)
        charts.append(
            replace(
                chart,
                summary=t(
                    "stats.solo.summary", low=t.number(solo[0].low), high=t.number(solo[-1].low)
                ),
                columns=(t("stats.turns"), t("stats.games")),
                rows=[(t.number(b.low), t.number(b.count)) for b in solo],
            )
        )
    return Section("stats-mishimash", heading, figures, charts)


def statistics(
    entries: Iterable[Entry], today: date, t: Translator, dice: str = "all"
) -> list[Section]:
    """Every section of the screen, MAGDAGDON's difficulties first; `dice` filters the games
    (game_stats.DICE_FILTERS). No game at all: one line says so."""
    every = list(entries)
    games = game_stats.by_dice(every, dice)
    if not games:
        key = "stats.empty" if not every else "stats.none_with_dice"
        return [Section("stats-empty", "", [], [], t(key))]
    return [
        *(magdagdon_section(game_stats.magdagdon_stats(games, d), t) for d in DIFFICULTIES),
        daily_section(game_stats.daily_stats(games, today), t),
        mishimash_section(game_stats.mishimash_stats(games), t),
    ]
