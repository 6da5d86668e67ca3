"""MAGDAGDON's daily puzzle, HINT and the computer on your dice: the pure parts (issue 13)."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from app.pure import daily
from app.pure.daily import DayResult, GameMeta
from app.pure.i18n import load_translator
from app.pure.magdagdon_help import BotGame, can_hint, hint_for, hint_key
from app.pure.records import MAGDAGDON_SCORES, Record
from cubiri.magdagdon import bot
from cubiri.magdagdon import game as engine
from cubiri.magdagdon.board import parse_board
from cubiri.magdagdon.scoring import breakdown

DAY = date(2025, 6, 1)


# The seed of a day ------------------------------------------------------------------------------
def test_the_daily_seed_of_a_date_is_the_same_on_every_run() -> None:
    # Pinned: a change here would give everyone other dice than the day's.
    assert daily.daily_seed(DAY, "peaceful") == 430895189
    assert daily.daily_seed(DAY, "nightmare") == 1182283978
    assert daily.daily_seed(DAY + timedelta(days=1), "peaceful") == 2042300904


def test_the_daily_seed_differs_between_dates_and_difficulties() -> None:
    days = [DAY + timedelta(days=n) for n in range(366)]
    seeds = {daily.daily_seed(day, name) for day in days for name in ("peaceful", "survival")}
    assert len(seeds) == 2 * len(days)
    assert all(0 <= seed < 2**31 for seed in seeds)
    engine.new_game("survival", daily.daily_seed(DAY, "survival"))  # a seed the engine takes


def test_an_unknown_difficulty_has_no_daily() -> None:
    with pytest.raises(ValueError):
        daily.daily_seed(DAY, "easy")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2025-06-01", DAY),
        (" 2025-06-01 ", DAY),
        ("2025-02-30", None),
        ("2025-6-1", None),
        ("today", None),
        ("", None),
        (None, None),
        (20250601, None),
    ],
)
def test_a_daily_link_date_is_read_or_refused(text: object, day: date | None) -> None:
    assert daily.parse_day(text) == day


# What SHARE sends -------------------------------------------------------------------------------
# Row 1 and row 3 are STRAIGHTs, column 3 too; a RUIN at row 2, column 2 (M21–M23).
BOARD = parse_board("1234/2x45/3456/6665")
EMOJI = ["🟩🟩🟩🟩", "⬜🟥🟩⬜", "🟩🟩🟩🟩", "⬜⬜🟩⬜"]


def test_the_emoji_board_shows_ruins_and_bonus_lines_but_no_value() -> None:
    assert daily.emoji_board(BOARD) == EMOJI
    assert daily.emoji_board(parse_board("..../..../..../....")) == ["⬛⬛⬛⬛"] * 4


SHARED = {
    "en": "MAGDAGDON daily 2025-06-01 · PEACEFUL\nScore 289",
    "pt": "MAGDAGDON desafio do dia 2025-06-01 · PEACEFUL\nPontos 289",
    "hu": "MAGDAGDON napi fejtörő 2025-06-01 · PEACEFUL\nPontszám 289",
    "vi": "MAGDAGDON thử thách ngày 2025-06-01 · PEACEFUL\nĐiểm 289",
}
PRACTICE = {
    "en": "Score 289 · practice · hints used",
    "pt": "Pontos 289 · treino · com dicas",
    "hu": "Pontszám 289 · gyakorlás · tippekkel",
    "vi": "Điểm 289 · luyện tập · có gợi ý",
}


@pytest.mark.parametrize("language", sorted(SHARED))
def test_the_share_text_of_a_known_game_in_each_language(language: str) -> None:
    t = load_translator(language)
    score = breakdown(BOARD, "peaceful", 0).final
    assert score == 289  # 2 × 62 + 3 × 60 − 15
    text = daily.share_text(t, DAY, "peaceful", score, BOARD)
    assert text == "\n".join([SHARED[language], *EMOJI])
    practice = daily.share_text(t, DAY, "peaceful", score, BOARD, practice=True, assisted=True)
    assert practice.splitlines()[1] == PRACTICE[language]
    # Whoever receives it can play the same dice (issue 29), and a score below zero has "−".
    link = "https://example.org/cubiri/?daily=2026-05-14#magdagdon"
    linked = daily.share_text(t, DAY, "peaceful", -43, BOARD, link=link)
    assert linked.splitlines()[-1] == link and "−43" in linked and "-43" not in linked


# Results, streak, calendar ----------------------------------------------------------------------
def results_of(days: dict[date, int | None]) -> daily.Results:
    results: daily.Results = {}
    for day, score in days.items():
        results = daily.with_result(results, day, "peaceful", DayResult(score))
    return results


def test_the_streak_counts_consecutive_days_up_to_today() -> None:
    today = date(2025, 6, 10)
    played = {today - timedelta(days=n): 100 for n in (0, 1, 2, 4)}
    assert daily.streak(results_of(played), today) == 3
    # Today not played yet: yesterday's streak still stands.
    assert daily.streak(results_of(played), today + timedelta(days=1)) == 3
    assert daily.streak(results_of(played), today + timedelta(days=2)) == 0
    # A started, unfinished attempt is no day played.
    unfinished = {**played, today - timedelta(days=3): None}
    assert daily.streak(results_of(unfinished), today) == 3
    assert daily.streak({}, today) == 0
    # Another difficulty's daily counts for the day too.
    other = daily.with_result(
        results_of(played), today - timedelta(days=3), "nightmare", DayResult(50)
    )
    assert daily.streak(other, today) == 5


def test_the_calendar_shows_the_last_four_weeks_with_their_scores() -> None:
    today = date(2025, 6, 10)
    results = results_of({today: 250, today - timedelta(days=2): -30})
    days = daily.calendar(results, today, "peaceful")
    assert len(days) == daily.CALENDAR_DAYS
    assert days[0].day == today - timedelta(days=27) and days[-1].day == today
    assert days[-1].today and days[-1].score == 250
    assert days[-3].score == -30 and days[-2].score is None
    assert all(d.score is None for d in daily.calendar(results, today, "nightmare"))


def test_the_calendar_is_whole_weeks_from_a_monday_with_blanks_after_today() -> None:
    # Issue 29: 28 days from mid-week put no day under its weekday.
    today = date(2026, 12, 3)  # a Thursday
    days = daily.calendar_weeks(results_of({today: 10}), today, "peaceful")
    assert len(days) == 4 * 7
    first = days[0]
    assert first is not None and first.day == date(2026, 11, 9) and first.day.weekday() == 0
    assert days[24] is not None and days[24].today and days[24].score == 10
    assert days[25:] == [None, None, None]
    sunday = date(2026, 12, 6)
    assert daily.calendar_weeks({}, sunday, "peaceful")[-1] == daily.CalendarDay(
        sunday, None, False, True
    )


def test_a_past_day_played_as_practice_shows_its_best_practice_score() -> None:
    # Issue 29: a past day played from the calendar stayed "not played".
    from app.pure.history import Entry

    def entry(day: str, score: int, flags: set[str], difficulty: str = "peaceful") -> Entry:
        outcome = {"score": score, "turns": 9, "powers": 0}
        ended = "2026-12-03T10:00:00Z"
        marks = frozenset(flags)
        return Entry("x", "magdagdon", ended, 0, 1, (), 0, outcome, marks, day, difficulty)

    entries = [
        entry("2026-12-01", 80, {"practice"}),
        entry("2026-12-01", 120, {"practice"}),
        entry("2026-12-01", 300, {"practice"}, "nightmare"),
        entry("2026-12-02", 99, {"daily"}),
    ]
    practice = daily.practice_scores(entries, "peaceful")
    assert practice == {"2026-12-01": 120}
    today = date(2026, 12, 3)
    results = results_of({today - timedelta(days=2): 50})  # a counted score wins over practice
    days = {d.day: d for d in daily.calendar_weeks({}, today, "peaceful", practice) if d}
    assert days[date(2026, 12, 1)].practice == 120 and days[date(2026, 12, 1)].score is None
    counted = {d.day: d for d in daily.calendar_weeks(results, today, "peaceful", practice) if d}
    assert counted[date(2026, 12, 1)].score == 50 and counted[date(2026, 12, 1)].practice is None


def test_a_daily_link_date_is_exactly_a_date() -> None:
    # Issue 29: "2026-11-201" opened the 20th (the link was cut to 10 characters).
    assert daily.parse_day("2026-11-20") == date(2026, 11, 20)
    for bad in ("2026-11-201", "2026-02-30", "nonsense", "", "2026-11-20x"):
        assert daily.parse_day(bad) is None


def test_results_round_trip_and_the_first_attempt_is_remembered() -> None:
    results = daily.with_result({}, DAY, "peaceful", DayResult(None))
    assert daily.attempted(results, DAY, "peaceful")
    assert not daily.attempted(results, DAY, "survival")
    results = daily.with_result(results, DAY, "peaceful", DayResult(312, assisted=True))
    parsed, problems = daily.parse_results(daily.dump_results(results))
    assert parsed == results and problems == []


def test_corrupt_daily_results_drop_the_bad_entries_only() -> None:
    raw = json.dumps(
        {
            "version": 1,
            "days": {
                "2025-06-01": {"peaceful": {"score": 300}, "survival": {"score": "lots"}},
                "2025-06-02": {"nightmare": {"score": 90, "assisted": True, "extra": 1}},
                "2025-02-30": {"peaceful": {"score": 10}},
                "2025-06-03": {"peaceful": {"score": None}, "easy": {"score": 5}},
                "2025-06-04": ["not", "a", "day"],
                "2025-06-05": {"peaceful": {"score": 10**9}},
            },
        }
    )
    parsed, problems = daily.parse_results(raw)
    assert parsed == {
        "2025-06-01": {"peaceful": DayResult(300)},
        "2025-06-03": {"peaceful": DayResult(None)},
    }
    assert len(problems) == 6
    for broken in ("{nope", "[]", '{"version": 2, "days": {}}', '{"version": 1}'):
        assert daily.parse_results(broken)[0] == {}
    assert daily.parse_results(None) == ({}, [])


def test_the_game_meta_round_trips_and_a_broken_one_is_ignored() -> None:
    meta = GameMeta(123, "survival", DAY, practice=True, assisted=True)
    assert GameMeta.parse(meta.dump()) == meta
    plain = GameMeta(5, "peaceful")
    assert GameMeta.parse(plain.dump()) == plain
    assert plain.belongs_to(5, "peaceful") and not plain.belongs_to(5, "survival")
    for broken in (
        None,
        "{",
        "[]",
        '{"seed": "5", "difficulty": "peaceful"}',
        '{"seed": 5, "difficulty": "easy"}',
        '{"seed": 5, "difficulty": "peaceful", "daily": "yesterday"}',
        '{"seed": 5, "difficulty": "peaceful", "assisted": "yes"}',
    ):
        assert GameMeta.parse(broken) is None


# HIGH SCORES: the assisted mark -----------------------------------------------------------------
def test_an_old_table_without_marks_still_loads_and_marks_round_trip() -> None:
    old = '{"version": 1, "peaceful": [{"id": "a", "date": "2025-06-01T10:00:00Z", '
    old += '"score": 200, "turns": 12, "powers": 1}]}'
    tables, problems = MAGDAGDON_SCORES.parse(old)
    assert problems == [] and tables["peaceful"][0].flags == frozenset()
    marked = Record("b", "2025-06-02T10:00:00Z", {"score": 250, "turns": 11, "powers": 0})
    marked = Record(marked.id, marked.date, marked.values, frozenset({"assisted", "daily"}))
    tables = MAGDAGDON_SCORES.add(tables, "peaceful", marked)
    again, problems = MAGDAGDON_SCORES.parse(MAGDAGDON_SCORES.dump(tables))
    assert problems == []
    assert [(r.id, r.flags) for r in again["peaceful"]] == [
        ("b", frozenset({"assisted", "daily"})),
        ("a", frozenset()),
    ]
    stored = json.loads(MAGDAGDON_SCORES.dump(tables))["peaceful"]
    assert "assisted" not in stored[1]  # only a set mark is written


def test_a_practice_daily_keeps_its_mark() -> None:
    practice = Record("c", "2025-06-03T10:00:00Z", {"score": 90, "turns": 16, "powers": 0})
    practice = Record(practice.id, practice.date, practice.values, frozenset({"practice"}))
    tables = MAGDAGDON_SCORES.add({}, "nightmare", practice)
    again, problems = MAGDAGDON_SCORES.parse(MAGDAGDON_SCORES.dump(tables))
    assert problems == [] and again["nightmare"][0].flags == frozenset({"practice"})


@pytest.mark.parametrize("mark", ['"assisted": false', '"assisted": 1', '"cheated": true'])
def test_a_bad_mark_drops_its_entry(mark: str) -> None:
    raw = '{"version": 1, "peaceful": [{"id": "a", "date": "2025-06-01T10:00:00Z", '
    raw += f'"score": 200, "turns": 12, "powers": 1, {mark}}}]}}'
    tables, problems = MAGDAGDON_SCORES.parse(raw)
    assert tables == {} and len(problems) == 1


# HINT and the computer on your dice -------------------------------------------------------------
def rolled(seed: int, difficulty: str = "peaceful") -> engine.State:
    return engine.play(engine.new_game(difficulty, seed), engine.Roll())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hint_is_a_legal_staging_of_this_roll_and_plays_nothing(seed: int) -> None:
    state = rolled(seed)
    assert can_hint(state)
    hint = hint_for(state, load_translator("en"))
    assert hint.key == hint_key(state)
    assert sorted(hint.cells.values())[0][0] == 1
    assert len(hint.cells) >= state.minimum and sorted(hint.dice.values()) == sorted(
        order for order, _ in hint.cells.values()
    )
    # Staged in its order, every placement is legal (M8–M12) and CONFIRM is then allowed.
    by_order = {order: cell for cell, (order, _) in hint.cells.items()}
    dice_by_order = {order: die for die, order in hint.dice.items()}
    after = state
    for action in bot.turn_actions(state):
        if isinstance(action, engine.Adjust):  # a power the hint names comes first (M13, M14)
            after = engine.apply(after, action)
    for order in sorted(by_order):
        die, cell = dice_by_order[order], by_order[order]
        assert after.dice[die] == hint.cells[cell][1]
        after = engine.apply(after, engine.Stage(die, cell))
    engine.apply(after, engine.Confirm())
    assert "The computer would place: 1. " in hint.text and hint.text.endswith("then CONFIRM.")


def test_a_hint_ignores_the_players_own_staging_and_a_power_makes_it_stale() -> None:
    state = rolled(4)
    hint = hint_for(state, load_translator("en"))
    die, cell = next((d, c) for d in state.available for c in state.legal_cells(d))
    staged = engine.apply(state, engine.Stage(die, cell))
    assert hint_key(staged) == hint.key
    assert hint_for(staged, load_translator("en")) == hint
    powered = engine.play(state, engine.Reroll((0,)))
    assert hint_key(powered) != hint.key


def test_a_hint_says_powers_rerolls_and_ruins() -> None:
    t = load_translator("en")
    state = rolled(4)
    adjust = next(a for a in engine.legal_actions(state) if isinstance(a, engine.Adjust))
    old = state.dice[adjust.die]
    after = engine.apply(state, adjust)
    stage = next(a for a in engine.legal_actions(after) if isinstance(a, engine.Stage))

    def advise(current: engine.State) -> list[engine.Action]:
        return [adjust, stage, engine.Confirm()]

    hint = hint_for(state, t, advise)
    power = t("magdagdon.increase" if adjust.delta > 0 else "magdagdon.decrease")
    said = f"First {power} on die {adjust.die + 1} ({old} to {old + adjust.delta})."
    assert hint.text.startswith(said)
    assert hint.cells == {stage.cell: (1, after.dice[stage.die])}

    def reroll(current: engine.State) -> list[engine.Action]:
        return [engine.Reroll((0, 2))]

    hint = hint_for(state, t, reroll)
    assert hint.cells == {} and "REROLL on these dice: 1, 3." in hint.text
    assert hint.text.endswith("Then press HINT again for the new dice.")

    def ruin(current: engine.State) -> list[engine.Action]:
        return [engine.AcceptMagdagdon(), engine.PlaceRuin(5)]

    hint = hint_for(state, t, ruin)
    assert hint.ruin == 5 and hint.text.startswith("Row 2, column 2 would become a RUIN")


def test_the_computer_on_your_dice_plays_the_same_game_in_slices() -> None:
    expected = bot.play_game(7, "nightmare")
    game = BotGame(7, "nightmare")
    ticks = iter(range(10**6))
    slices = 1
    while not game.step(0.5, clock=lambda: float(next(ticks))):  # each move is a slice
        slices += 1
    assert slices > 16  # many short slices, never one long freeze
    assert (game.score, game.board) == (expected.score, expected.board)
