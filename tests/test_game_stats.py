"""STATISTICS' numbers (issue 25), each against a count made another way: the engine's outcome
for the turn-by-turn figures, and plain counting over the entries for the others."""

from __future__ import annotations

import statistics
from dataclasses import replace
from datetime import date

import pytest

from app.pure import game_stats, history
from app.pure.history import Entry
from cubiri.dice import TYPED
from cubiri.kernel import action_from_dict
from cubiri.mishimash import game as mishimash
from tests.playouts import magdagdon_playout, mishimash_playout

WHEN = "2026-03-14T09:30:12Z"


def magdagdon_games(count: int, difficulty: str = "peaceful") -> list[Entry]:
    return [
        history.entry_for(
            "magdagdon", f"m-{difficulty}-{n}", WHEN, list(magdagdon_playout(difficulty, n))[-1]
        )
        for n in range(count)
    ]


def mishimash_game(n: int, levels: tuple[str, ...], target: int = 40) -> Entry:
    state = list(mishimash_playout(len(levels), target, n))[-1]
    return history.entry_for("mishimash", f"x-{n}-{len(levels)}", WHEN, state, levels=levels)


def typed_copy(entry: Entry) -> Entry:
    """The same game played with real dice typed in: the same log, scheme TYPED."""
    assert entry.log is not None
    players = entry.log["players"]
    state = mishimash.new_game(players, entry.log["target"], entry.seed, TYPED)
    for raw in entry.log["log"]:
        state = mishimash.ENGINE.apply(state, action_from_dict(mishimash.ENGINE.kinds, raw))
    return history.entry_for("mishimash", entry.id + "-typed", WHEN, state)


def test_magdagdon_per_difficulty_figures_are_the_outcomes() -> None:
    peaceful, survival = magdagdon_games(7), magdagdon_games(3, "survival")
    found = game_stats.magdagdon_stats([*peaceful, *survival], "peaceful")
    scores = [e.outcome["score"] for e in peaceful]
    assert found.games == 7 and found.best == max(scores)
    assert found.mean == pytest.approx(statistics.fmean(scores))
    assert found.median == statistics.median(scores)
    assert sum(b.count for b in found.scores) == 7
    assert all(b.low <= s < b.high for s in scores for b in found.scores if b.low <= s < b.high)
    assert [s for s, _ in found.trend] == scores
    assert found.trend[-1][1] == pytest.approx(statistics.fmean(scores[-5:]))
    ruins = sum(e.outcome["ruins"] for e in peaceful) / 7
    assert found.ruins_per_game == pytest.approx(ruins)
    straights = sum(e.outcome["bonuses"]["straight"] for e in peaceful) / 7
    assert found.bonuses_per_game["straight"] == pytest.approx(straights)
    empty = game_stats.magdagdon_stats([], "nightmare")
    assert (empty.games, empty.mean, empty.scores, empty.trend) == (0, None, [], [])


def test_every_score_falls_in_exactly_one_bin_of_a_round_width() -> None:
    for values in ([5], [-40, 3, 90], list(range(-10, 300, 7)), [100, 100, 100]):
        bins = game_stats.histogram(values)
        assert len(bins) <= game_stats.MAX_BINS
        assert sum(b.count for b in bins) == len(values)
        for value in values:
            assert sum(b.low <= value < b.high for b in bins) == 1
        assert len({b.high - b.low for b in bins}) == 1


def test_daily_streaks_count_days_with_a_counted_daily() -> None:
    games = magdagdon_games(6)
    days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-07", "2026-03-08", "2026-03-08"]
    dailies = []
    for entry, day in zip(games, days, strict=True):
        flags = set(entry.flags) | {"daily"}
        dailies.append(replace(entry, day=day, flags=frozenset(flags)))
    dailies[-1] = replace(dailies[-1], flags=dailies[-1].flags | {"practice"})
    found = game_stats.daily_stats(dailies, date(2026, 3, 9))
    assert (found.played, found.longest_streak, found.current_streak) == (5, 3, 2)
    assert game_stats.daily_stats(dailies, date(2026, 3, 10)).current_streak == 0
    assert sum(b.count for b in found.scores) == 5


def test_mishimash_wins_by_opponent_and_turns_agree_with_the_outcomes() -> None:
    solo = [mishimash_game(n, ("",)) for n in range(3)]
    people = [mishimash_game(n, ("", "")) for n in range(3, 7)]
    computers = [mishimash_game(n, ("", "cautious")) for n in range(7, 11)]
    games = [*solo, *people, *computers]
    found = game_stats.mishimash_stats(games)
    assert found.games == 11 and found.real_dice == 0
    # A solo game has no opponent to win against (a tester saw "Solo: 3 games, 3 won").
    assert "solo" not in found.by_opponent
    assert found.by_opponent["people"].games == 4
    cautious_wins = sum(e.winner == 0 for e in computers)
    assert found.by_opponent["cautious"] == game_stats.Tally(4, cautious_wins)
    assert sum(found.wins_by_name.values()) == 4
    assert found.solo_turns == dict(
        sorted(
            {
                t: sum(e.outcome["turns"][0] == t for e in solo)
                for t in {e.outcome["turns"][0] for e in solo}
            }.items()
        )
    )
    # Turn by turn, replayed from the log: every seat's banked points add up to its total and
    # its turns to its count (an independent check against the engine's outcome).
    for entry in games:
        turns = game_stats.turns_of(entry)
        assert turns is not None
        for seat in range(len(entry.seats)):
            mine = [points for who, points, _ in turns if who == seat]
            assert sum(p or 0 for p in mine) == entry.outcome["totals"][seat]
            assert len(mine) == entry.outcome["turns"][seat]
    person_turns = sum(
        entry.outcome["turns"][seat] for entry in games for seat in game_stats.you(entry)
    )
    assert found.turns == person_turns
    assert found.bust_rate is not None and 0 <= found.bust_rate <= 1


def test_real_dice_games_are_counted_and_filtered() -> None:
    seeded = [mishimash_game(n, ("", "")) for n in range(2)]
    typed = [typed_copy(seeded[0])]
    assert typed[0].dice == TYPED
    everything = game_stats.mishimash_stats([*seeded, *typed])
    assert (everything.games, everything.real_dice) == (3, 1)
    assert game_stats.mishimash_stats([*seeded, *typed], "real").games == 1
    assert game_stats.mishimash_stats([*seeded, *typed], "app").games == 2
    with pytest.raises(ValueError):
        game_stats.mishimash_stats(seeded, "some")


def test_a_game_kept_without_its_log_still_counts_in_its_figures() -> None:
    entry = mishimash_game(1, ("",))
    found = game_stats.mishimash_stats([entry.figures_only()])
    assert found.games == 1 and found.solo_turns and found.turns == 0 and found.mean_turn is None
