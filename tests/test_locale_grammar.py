"""Every message grammatical in every count and every language (issue 17).

A message that shows a count, or a list of names, is a plural message (`key.one`, `key.other`
… chosen by CLDR rules, `Translator.plural`); a list of names is written by the language's list
format (`Translator.list_names`, Intl.ListFormat in the browser) and the message agrees with how
many names there are (`Translator.plural_names`). These tests fail when a new message shows a
number without going through the plural rules, render every plural message in every language
with 0, 1, 2, 5 (and halves where points are counted), and pin known-good sentences.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from app.pure.i18n import (
    MINUS,
    PLURAL_RULES,
    Translator,
    intl_locale,
    list_format,
    load_translator,
    number_format,
    placeholders,
)

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
LANGUAGES = ("en", "pt", "hu", "vi")
MESSAGES = {lang: json.loads((LOCALES / f"{lang}.json").read_text()) for lang in LANGUAGES}
ENGLISH = MESSAGES["en"]
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

# Placeholders that hold words, never a number.
# file: a file's name; game: MAGDAGDON or MISHIMASH; parts: counted phrases, each a plural
# message already; settings: settings and their values (issue 25).
TEXT_PLACEHOLDERS = {
    "name",
    "screen",
    "difficulty",
    "what",
    "cell",
    "file",
    "game",
    "parts",
    "settings",
    "power",  # a Majda Power button's name: INCREASE +1
}
# Placeholders that hold a list of names: only in plural messages, through plural_names.
LIST_PLACEHOLDERS = {"names"}

# Messages that show a number which counts nothing (an index, a die's face, a label's value,
# a formula): no noun or verb agrees with it. A new message with a number must be a plural
# message or be listed here with its reason.
NOT_COUNTED = {
    "table.entry.add": "a die's face: Add a 4",
    "mishimash.say.picked": "dice faces listed: Picked 1, 1 and 5",
    "table.entry.undone_tap": "a die's face: the 4 entered is taken back",
    "table.entry.undone_removed": "a die's face: the 4 is back",
    "table.undo.throw_back": "dice faces listed: the throw 2, 3 and 6 is back",
    "table.entry.remove": "a place and a die's face: Remove die no. 2, showing 4",
    "table.sheet.round": "ordinal label: Round 3",
    "table.sheet.sudden": "ordinal label: SUDDEN DEATH 2",
    "table.sheet.cell.bust": "a label's value: bust, total 31.5",
    "mishimash.bank_total": "a label's value: total 27.5",
    "mishimash.bank_short": "labelled values: total 1, short of 10.5",
    "mishimash.bank_level": "a label's value: total 2, level",
    "confirm.mishimash.bank_loses.text": "totals: BANK now leaves you on 3, short of 4",
    "table.sheet.corrected": "a signed amount as a label: corrected +5",
    "table.correct.bad_points": "the text typed, quoted: not “5x”",
    "magdagdon.turn": "ordinal label: Turn 3",
    "stats.histogram.summary": "a range of scores: Scores from 40 to 180",
    "stats.histogram.range": "a range of scores: Scores from 40 to 180",
    "stats.trend.summary_few": "means, labelled: 112.4 at the start",
    "stats.given_up.summary_few": "means, labelled: 3.1 at the start",
    "stats.range": "a range of scores: 40–59",
    "stats.trend.summary": "means, labelled: 112.4 at the start",
    "stats.percent": "a share: 12%",
    "review.took": "indices and dice faces: Turn 5, roll 3 (3 5 3 3); the count is given_up's",
    "review.banked": "indices and dice faces; the count is given_up's",
    "review.rolled": "indices and dice faces; the count is given_up's",
    "review.magdagdon.board_after": "index: the board after turn 5",
    "review.magdagdon.gain": "index, dice faces and signed scores: computer +26, you +8",
    "review.magdagdon.ahead": "scores, labelled: you 212, the computer 190, by 22",
    "review.magdagdon.behind": "scores, labelled: you 190, the computer 212, by 22",
    "review.magdagdon.level": "a score, labelled",
    "stats.of": "a share as two numbers: 3 of 5",
    "data.what.game": "a place as two numbers: game 3 of 12",
    "data.what.game_unread": "a place as two numbers: game 3 of 12",
    "data.what.mishimash_seat": "a place as two numbers: player 2 of 4",
    "stats.given_up.summary": "means, labelled: 12.4 at the start",
    "stats.solo.summary": "label and value: Fewest turns: 5",
    "magdagdon.score": "label and value: Score 120",
    "magdagdon.cell": "position: Row 1, column 2",
    "magdagdon.content.number": "a die's face",
    "magdagdon.content.staged": "a die's face",
    "magdagdon.die.available": "die index and face",
    "magdagdon.die.staged": "die index and face",
    "magdagdon.hint.no_cell": "a die's face",
    "magdagdon.hint.fits": "the die faces the board can take: 3, 4, 5",
    "confirm.magdagdon.seed": "an identifier: seed 4",
    "magdagdon.seed": "an identifier: seed 4",
    "confirm.magdagdon.leave_daily": "a date",
    "confirm.magdagdon.leave_daily_past": "a date",
    "magdagdon.daily.day_practice": "a date, label and value: practice 120",
    "magdagdon.end.row": "index: Row 2",
    "magdagdon.end.col": "index: Column 2",
    "announce.rolled": "the faces of MAGDAGDON's four dice (always four)",
    "announce.power": "the faces of MAGDAGDON's four dice (always four)",
    "announce.staged": "a die's face",
    "announce.unstaged": "a die's face",
    "announce.over": "label and value: final score",
    "announce.score": "label and value: Score: 120",
    "magdagdon.row_sum": "index: Sum of row 2",
    "magdagdon.col_sum": "index: Sum of column 2",
    "announce.unstaged_too": "a die's face",
    "announce.next_die": "die index and face",
    "announce.mishimash.rolled": "the faces of the dice rolled",
    "announce.mishimash.bust_roll": "the faces of the dice rolled",
    "mishimash.setup.player": "index: Player 2",
    "mishimash.setup.name": "index: player 2",
    "mishimash.setup.remove": "index: player 2",
    "mishimash.setup.seat": "index: player 2",
    "mishimash.computer.takes": "the faces of the dice a computer takes",
    "mishimash.last_roll.label": "the faces of the dice that ended a turn",
    "mishimash.setup.target_too_big": "a limit on a value: at most 999,999,999",
    "confirm.mishimash.seed": "an identifier: seed 4",
    "coach.percent": "a chance: 27.8%",
    "coach.percent_over": "a chance short of certain: over 99.9%",
    "coach.percent_under": "a chance short of none: under 0.1%",
    "coach.bust": "a chance: 27.8% bust",
    "coach.best": "faces, and an average of points: worth 14.6 on average",
    "coach.gives_up": "averages of points: worth 12.9, 1.7 less",
    "coach.bank_better": "label and value, and an average: BANK 12 · rolling on is worth 14.6",
    "coach.roll_better": "label and value, and an average: BANK 12 · rolling on is worth 14.6",
    "coach.race_decision": "chances: 31%",
    "coach.race": "a leader's total and a chance: to pass 412: 31%",
    "coach.best_chance": "faces and a chance: a 36.6% chance to win",
    "coach.win_chance": "a chance: 36.6%",
    "coach.bank_reaches": "a chance: 97.3%",
    "coach.bank_reaches_then": "a chance: 71.4%",
    "stats.histogram.one_score": "a score: every score so far: 91",
    "stats.trend.one_game": "a score: one game so far: 91",
    "coach.solo_best": "faces: takes 4 4 5 5 6 6 and BANKS",
    "coach.solo_bank": "label and value: BANK 20 reaches the target",
    "coach.best_pass": "faces, a chance and a total: a 97.7% chance to pass 112.5",
    "coach.pass_decision": "a total and chances: to pass 112.5, 100%",
    "coach.bank_level": "a leader's total: level with 112.5",
    "coach.bank_level_again": "a leader's total: level with 112.5",
    "coach.bank_level_last": "a leader's total: level with 112.5",
    "coach.bank_level_last_again": "a leader's total: level with 112.5",
    "mishimash.to_beat_passed": "a total of points: to beat 112.5 (passed)",
    "magdagdon.undone_throw": "the faces of the dice given back: the throw 3, 4, 4 and 5",
    "mishimash.to_beat": "totals of points: to beat 112.5 (12.5 more needed)",
    "coach.last_turn": "an average of points: averaged 18.3",
    "mishimash.target": "label and value: Target 1,000",
    "mishimash.roll_info": "ordinal and multiplier: Roll 2 · ×2",
    "mishimash.turn_points": "label and value: This turn: 12",
    "mishimash.die": "die index and face",
    "mishimash.bank_points": "button: BANK 12",
    "mishimash.selection": "formula: 10 × 2 = 20",
    "mishimash.selection_mishimash": "a signed bonus: +10",
    "mishimash.mishimash": "a signed bonus: +10",
    "mishimash.records.title": "label and value: TARGET 1,000",
    "magdagdon.suggest.step": "order and a die's face: 1. 4 on Row 1, column 2",
    "magdagdon.suggest.place": "a list of HINT steps, each numbered by its order",
    "magdagdon.suggest.adjust": "die index and faces: die 2 (5 to 4)",
    "magdagdon.suggest.adjust_then": "die index and faces: die 4 (6 to 5)",
    "magdagdon.suggest.reroll": "die indices: 1, 3",
    "magdagdon.bot.score": "a score: The computer scored 312",
    "magdagdon.daily.counts": "a date: DAILY 2025-06-01",
    "magdagdon.daily.practice": "a date: DAILY 2025-06-01",
    "daily.share.title": "a date: MAGDAGDON daily 2025-06-01",
    "magdagdon.daily.day": "a date and a score: 2025-06-01: 312",
    "magdagdon.daily.day_none": "a date: 2025-06-01: not played",
    "celebrate.place": "a place in a table and its name: No. 1 in the PEACEFUL table",
    "celebrate.place.target": "a place in a table and a label's value: No. 1 … target 1,000",
    "tour.count": "ordinal: step 2 of 8",
    "celebrate.best.announce": "label and value: New best score: 312",
}

# Messages that count points, which can have a half: rendered with 0.5 and 1.5 too.
POINT_MESSAGES = {"mishimash.bust", "mishimash.banked", "celebrate.points"}
POINT_MESSAGES |= {"table.sheet.cell.banked", "table.sheet.cell.playing"}
POINT_MESSAGES |= {"table.sheet.correction"}
POINT_MESSAGES |= {"coach.gives_up_chance"}  # percentage points, to a tenth
COUNTS: tuple[float, ...] = (0, 1, 2, 5)
HALVES: tuple[float, ...] = (0.5, 1.5, 10.5)
NAMES = {
    "en": ["Ana", "Bruno", "Cy"],
    "pt": ["Ana", "Bruno", "Cy"],
    "hu": ["Ana", "Bruno", "Cy"],
    "vi": ["Ana", "Bruno", "Cy"],
}


def plural_base(key: str) -> str | None:
    base, _, category = key.rpartition(".")
    return base if category in CATEGORIES else None


PLURALS = sorted({base for key in ENGLISH if (base := plural_base(key))})
NAME_PLURALS = sorted(b for b in PLURALS if "names" in placeholders(ENGLISH[f"{b}.other"]))
COUNT_PLURALS = sorted(set(PLURALS) - set(NAME_PLURALS))


def visible(text: str) -> str:
    return text.replace("\u00a0", " ")


# The class of bug: a count that is not a plural message ----------------------------------------
def test_a_message_that_shows_a_number_is_a_plural_message() -> None:
    offenders = [
        key
        for key, text in ENGLISH.items()
        if plural_base(key) is None
        and placeholders(text) - TEXT_PLACEHOLDERS
        and key not in NOT_COUNTED
    ]
    assert offenders == [], "make these plural messages (key.one / key.other) or list them"


def test_a_list_of_names_is_a_plural_message() -> None:
    offenders = [
        key
        for key, text in ENGLISH.items()
        if placeholders(text) & LIST_PLACEHOLDERS and plural_base(key) is None
    ]
    assert offenders == []


def test_the_exemptions_are_real_messages_that_are_not_plural() -> None:
    assert sorted(set(NOT_COUNTED) - set(ENGLISH)) == []
    assert [key for key in NOT_COUNTED if plural_base(key)] == []
    assert [key for key in NOT_COUNTED if placeholders(ENGLISH[key]) & LIST_PLACEHOLDERS] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_has_its_other_form(language: str) -> None:
    assert [b for b in PLURALS if f"{b}.other" not in MESSAGES[language]] == []


def test_the_code_asks_for_plural_messages_through_the_plural_rules() -> None:
    """A literal key in the UI code: t("key") is a plain message, t.plural("key", …) and
    t.plural_names("key", …) a plural one. Calling t() on a plural message (or the other way
    round) would show the key itself."""
    plain, plural = set(), set()
    for path in (ROOT / "py" / "app").rglob("*.py"):
        source = path.read_text()
        plain |= set(re.findall(r"\bt\(\s*\"([a-z_.]+)\"", source))
        plural |= set(re.findall(r"\.plural(?:_names)?\(\s*\"([a-z_.]+)\"", source))
    assert plural, "the UI code uses plural messages"
    assert sorted(key for key in plain if key not in ENGLISH) == []
    assert sorted(key for key in plural if f"{key}.other" not in ENGLISH) == []


# Rendering every plural message in every language ---------------------------------------------
# Forms that must never appear: a noun or a verb that disagrees with its number or its names.
# Checked on the text as read (a no-break space reads as a space).
BAD_FORMS = {
    "en": [
        r"(?<![\d.,])1 (points|dice|DICE|turns|RUINS|Majda Powers)\b",
        r"(?<![\d.,])(0|2|5|0\.5|1\.5|10\.5) (point|die|DIE|turn|RUIN|Majda Power)\b",
        r"\bAna play\b",
        r"\b(Bruno|Cy) plays\b",
        r"\bAna plays until one\b",
    ],
    "pt": [
        r"(?<![\d,])1 (pontos|dados|DADOS|jogadas|turnos|RUÍNAS|Majda Powers|preparados)\b",
        r"(?<![\d,])(0|2|5|0,5|1,5|10,5) (ponto|dado|DADO|jogada|turno|RUÍNA|Majda Power)\b",
        r"\brestam 1\b",
        r"\bresta (0|2|5)\b",
        r"\bFaltam colocar\b",
        r"\bAna jogam\b",
        r"\b(Bruno|Cy) joga\b",
    ],
    "hu": [
        # After a number the Hungarian noun stays singular.
        r"\d (pontok|kockák|körök|ROMOK|KOCKÁK)\b",
        r"\bAna (még egy kört|addig) játszanak\b",
        r"\b(Bruno|Cy) (még egy kört|addig) játszik\b",
    ],
    "vi": [
        # Vietnamese nouns and verbs do not inflect; a list has no comma before "và".
        r",\s*và\b",
        r"\bvà\s*[.!]",
    ],
}


def renders(t: Translator, base: str) -> list[str]:
    params = {"name": NAMES[t.language][0], "target": t.number(1000), "cost": t.number(20)}
    # Issue 24: what was typed, how many dice are in, a seat's running total.
    params |= {"found": t.number(3), "entered": t.number(2), "total": t.number(31.5)}
    params |= {"round": t("table.sheet.round", n=2), "number": 2}  # ordinal labels
    params |= {"value": t("coach.percent", percent=t.number(42.5))}  # a chance
    params |= {"percent": t("coach.percent", percent=t.number(27.8))}  # a chance BANK leaves
    params |= {"dice": "1 6"}  # the faces of dice to throw again, or kept
    if base in NAME_PLURALS:
        names = NAMES[t.language]
        return [t.plural_names(base, names[:count], **params) for count in (1, 2, 3)]
    counts = COUNTS + (HALVES if base in POINT_MESSAGES else ())
    return [t.plural(base, n, **{**params, "points": t.number(n)}) for n in counts]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("base", PLURALS)
def test_every_plural_message_renders_well_in_every_count(language: str, base: str) -> None:
    t = load_translator(language, LOCALES)
    for text in map(visible, renders(t, base)):
        assert "{" not in text and "}" not in text and base not in text, text
        for pattern in BAD_FORMS[language]:
            assert not re.search(pattern, text), f"{text!r} matches {pattern!r}"


def test_the_bad_forms_are_caught() -> None:
    """The checks above would have caught the forms the issue found."""
    found = {
        "en": ["FINAL ROUND: Ana play once more.", "Player 1 banks 1 points.", "loses 0 point."],
        "pt": ["RONDA FINAL: Ana jogam mais uma vez.", "Bruno guarda 1 pontos.", "LANÇAR 0 DADO"],
        "hu": ["UTOLSÓ KÖR: Ana még egy kört játszanak.", "Még 2 kockák"],
        "vi": ["VÒNG CUỐI: Ana, và Bruno chơi thêm một lượt."],
    }
    for language, texts in found.items():
        for text in texts:
            assert any(re.search(p, text) for p in BAD_FORMS[language]), text


# Known-good sentences, exactly -----------------------------------------------------------------
def sentences(language: str) -> dict[str, str]:
    t = load_translator(language, LOCALES)

    def banked(name: str, n: float) -> str:
        return t.plural("mishimash.banked", n, name=name, points=t.number(n))

    def bust(name: str, n: float) -> str:
        return t.plural("mishimash.bust", n, name=name, points=t.number(n))

    final = [t.plural_names("mishimash.final_round", NAMES_OF[language][:k]) for k in (1, 2, 3)]
    rendered = {
        "final 1": final[0],
        "final 2": final[1],
        "final 3": final[2],
        "sudden 2": t.plural_names(
            "mishimash.sudden_death", NAMES_OF[language][:2], total=t.number(40.5)
        ),
        "banked 1": banked(NAMES_OF[language][0], 1),
        "banked 0.5": banked(NAMES_OF[language][1], 0.5),
        "banked 10.5": banked(NAMES_OF[language][1], 10.5),
        "bust 0": bust(NAMES_OF[language][0], 0),
        "bust 1.5": bust(NAMES_OF[language][0], 1.5),
        "reroll 0": t.plural("magdagdon.reroll_count", 0),
        "reroll 1": t.plural("magdagdon.reroll_count", 1),
        "again 1": t.plural("mishimash.again_dice", 1),
        "staged": t("announce.staged", value=6, cell=t("magdagdon.cell", row=1, col=1)),
        "solo": t.plural("mishimash.solo_result", 12, target=t.number(1000)),
    }
    return {key: visible(text) for key, text in rendered.items()}


NAMES_OF = {
    "en": ["Ana", "Bruno", "Cy"],
    "pt": ["Ana", "Bruno", "Carla"],
    "hu": ["Anna", "Erzsébet", "Béla"],
    "vi": ["An", "Bình", "Chi"],
}

KNOWN_GOOD = {
    "en": {
        "final 1": "FINAL ROUND: Ana plays once more.",
        "final 2": "FINAL ROUND: Ana and Bruno play once more.",
        "final 3": "FINAL ROUND: Ana, Bruno and Cy play once more.",
        "sudden 2": (
            "SUDDEN DEATH: Ana and Bruno are level at 40.5 and play a turn each, in this order,"
            " until one is ahead."
        ),
        "banked 1": "Ana banks 1 point.",
        "banked 0.5": "Bruno banks 0.5 points.",
        "banked 10.5": "Bruno banks 10.5 points.",
        "bust 0": "BUST! Ana loses 0 points.",
        "bust 1.5": "BUST! Ana loses 1.5 points.",
        "reroll 0": "REROLL 0 DICE",
        "reroll 1": "REROLL 1 DIE",
        "again 1": "1 die",
        "staged": "Row 1, column 1: 6 placed.",
        "solo": "Target 1,000 reached in 12 turns!",
    },
    "pt": {
        "final 1": "RONDA FINAL: Ana joga mais uma vez.",
        "final 2": "RONDA FINAL: Ana e Bruno jogam mais uma vez.",
        "final 3": "RONDA FINAL: Ana, Bruno e Carla jogam mais uma vez.",
        "sudden 2": (
            "MORTE SÚBITA: empate a 40,5 entre Ana e Bruno, que jogam um turno cada,"
            " por esta ordem, até alguém ficar à frente."
        ),
        "banked 1": "Ana guardou 1 ponto.",
        "banked 0.5": "Bruno guardou 0,5 pontos.",
        "banked 10.5": "Bruno guardou 10,5 pontos.",
        "bust 0": "PERDEU! Ana fica sem 0 pontos.",
        "bust 1.5": "PERDEU! Ana fica sem 1,5 pontos.",
        "reroll 0": "VOLTAR A LANÇAR 0 DADOS",
        "reroll 1": "VOLTAR A LANÇAR 1 DADO",
        "again 1": "1 dado",
        "staged": "Linha 1, coluna 1: colocaste um 6.",
        "solo": "Objetivo 1000 atingido em 12 turnos!",
    },
    "hu": {
        "final 1": "UTOLSÓ KÖR: Anna még egy kört játszik.",
        "final 2": "UTOLSÓ KÖR: Anna és Erzsébet még egy kört játszanak.",
        "final 3": "UTOLSÓ KÖR: Anna, Erzsébet és Béla még egy kört játszanak.",
        "sudden 2": (
            "HIRTELEN HALÁL: Anna és Erzsébet 40,5 ponttal holtversenyben állnak, és ebben a"
            " sorrendben egy-egy kört játszanak, amíg egyikük előre nem kerül."
        ),
        "banked 1": "Anna 1 pontot mentett.",
        "banked 0.5": "Erzsébet 0,5 pontot mentett.",
        "banked 10.5": "Erzsébet 10,5 pontot mentett.",
        "bust 0": "BUKÁS! Anna 0 pontot vesztett.",
        "bust 1.5": "BUKÁS! Anna 1,5 pontot vesztett.",
        "reroll 0": "ÚJRADOBÁS: 0 KOCKA",
        "reroll 1": "ÚJRADOBÁS: 1 KOCKA",
        "again 1": "1 kocka",
        "staged": "6 elhelyezve: 1. sor, 1. oszlop.",
        "solo": "Elérted a célt (1000 pont) 12 kör alatt!",
    },
    "vi": {
        "final 1": "VÒNG CUỐI: An chơi thêm một lượt.",
        "final 2": "VÒNG CUỐI: An và Bình mỗi người chơi thêm một lượt.",
        "final 3": "VÒNG CUỐI: An, Bình và Chi mỗi người chơi thêm một lượt.",
        "sudden 2": (
            "VÒNG PHÂN ĐỊNH: An và Bình đang hòa với 40,5 điểm và lần lượt mỗi người chơi một"
            " lượt theo thứ tự này cho đến khi có một người dẫn trước."
        ),
        "banked 1": "An chốt 1 điểm.",
        "banked 0.5": "Bình chốt 0,5 điểm.",
        "banked 10.5": "Bình chốt 10,5 điểm.",
        "bust 0": "MẤT TRẮNG! An mất 0 điểm.",
        "bust 1.5": "MẤT TRẮNG! An mất 1,5 điểm.",
        "reroll 0": "ĐỔ LẠI 0 XÚC XẮC",
        "reroll 1": "ĐỔ LẠI 1 XÚC XẮC",
        "again 1": "1 xúc xắc",
        "staged": "Hàng 1, cột 1: đã đặt 6.",
        "solo": "Đạt mục tiêu 1.000 sau 12 lượt!",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_known_good_sentences(language: str) -> None:
    assert sentences(language) == KNOWN_GOOD[language]


def test_the_wordings_the_native_read_fixed() -> None:
    pt, hu, vi = (load_translator(lang, LOCALES) for lang in ("pt", "hu", "vi"))
    assert pt("announce.rolled", dice="6, 4, 5, 5") == "Saíram 6, 4, 5, 5."
    assert pt("announce.screen", screen="DEFINIÇÕES") == "Ecrã aberto: DEFINIÇÕES"
    assert pt.plural("magdagdon.hint.pick", 2).endswith(" Falta colocar 2 dados para CONFIRMAR.")
    assert pt("mishimash.hint.decide") == "Prime GUARDAR ou LANÇA DE NOVO."
    assert "ou prime ACEITAR MAGDAGDON: uma casa vazia torna-se RUÍNA." in pt.plural(
        "magdagdon.hint.magdagdon_powers", 2
    )
    assert hu("magdagdon.hint.no_cell", value=5).startswith("Ez a kocka (5) most sehová sem fér.")
    assert hu("mishimash.setup.name", n=1) == "1. játékos neve"
    assert hu("settings.difficulty") == "A MAGDAGDON nehézsége"
    assert hu("mishimash.hint.decide") == "Nyomd meg a MENTÉS vagy a TOVÁBBDOBÁS gombot."
    assert "Nyomd meg a MEGERŐSÍTÉS gombot" in hu.plural("magdagdon.hint.confirm", 2)
    assert "próbáld meg a szerencsédet" in hu("mishimash.pitch")
    assert "érnek pontot" in hu("mishimash.problem.not_scoring")
    assert "hirtelenhalál-köröket" in hu("rules.mishimash.end.text")
    assert "további MISHIMASH-ok" in hu("rules.mishimash.mishimash.text")
    assert vi("mishimash.bank") == "CHỐT ĐIỂM"
    assert vi("mishimash.hint.decide") == "Nhấn CHỐT ĐIỂM hoặc ĐỔ TIẾP."
    assert "Nhấn XÁC NHẬN" in vi.plural("magdagdon.hint.confirm", 2)
    assert "Các lần MISHIMASH tiếp theo" in vi("rules.mishimash.mishimash.text")
    assert "vòng phân định" in vi("rules.mishimash.end.text")


FACES = {"en": "1, 5 and 5", "pt": "1, 5 e 5", "hu": "1, 5 és 5", "vi": "1, 5 và 5"}
# The coach's best play, one die taken (helper-16 read "Best play takes 1" as one die taken).
BEST_OF_ONE = {
    "en": "Best play takes the 1: a 72.2% chance to win.",
    "pt": "Melhor jogada: escolher os dados 1 — 72,2% de hipóteses de ganhar.",
    "hu": "A legjobb választás: 1; 72,2% esély a győzelemre.",
    "vi": "Cách chơi tốt nhất: chọn xúc xắc mặt 1, cơ hội thắng 72,2%.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_dice_in_a_sentence_are_named_as_faces(language: str) -> None:
    """ "1 5 5" read as 155 and "takes 1" as one die (audits): dice a sentence names are a
    list of faces, and the coach says they are faces."""
    t = load_translator(language, LOCALES)
    assert t.faces([1, 5, 5]) == FACES[language]
    percent = t.number(72.2) + "%"
    assert t("coach.best_chance", dice=t.faces([1]), value=percent) == BEST_OF_ONE[language]


def test_the_rules_page_says_who_plays_the_final_round() -> None:
    """X16: a play-tester could not tell from the rules page that every other player plays
    exactly one more turn and the one who reached the target none."""
    said = {lang: load_translator(lang, LOCALES)("rules.mishimash.end.text") for lang in LANGUAGES}
    assert (
        "every other player, in order from the next one, plays exactly one more turn"
        in (said["en"])
    )
    assert "the player who reached the target does not play again" in said["en"]
    assert "joga exatamente mais um turno" in said["pt"]
    assert "pontosan még egy kört játszik" in said["hu"]
    assert "chơi đúng một lượt nữa" in said["vi"]


# Whole-locale checks --------------------------------------------------------------------------
# Words that must not come back: each misleads a native reader (issue 17).
BANNED = {
    # "(mais 207,5)" reads as "plus 207.5" (helper-16, as English's "more to pass" did).
    "pt": [
        r"Faltam colocar",
        r"\bSaiu \{dice\}",
        r"\{screen\} aberto",
        r"\bou ACEITAR",
        r"\(mais \{need\}\)",
    ],
    "en": [r"a level at the end"],  # "level" is no noun (helper-16)
    "hu": [
        r"\belment\b",  # "went away", not "banked"
        r"kísértsd",
        r"hirtelen halál kör",
        r"tisztítás",
        r"^MEGERŐSÍTÉS, vagy|\. MEGERŐSÍTÉS, vagy|^MENTÉS, vagy",
        r"\{seed\}\.\s*mag\b",  # "the 1,234,567th seed" (issue 29): a seed is a játékkód
        r"\bazig\b",  # no word: "addig" (helper-16)
        r"korán ment\b",  # "went early"; a computer "menti a pontjait"
        r"[”\"]-[a-záéíóöőúüű]",  # a case ending on a typed value: "„7”-t" is "7-et"
        # A number's case ending is held to it by a non-breaking hyphen (U+2011): helper-17 saw
        # "5- / ös" broken over two lines at 390 px.
        r"\d-[a-záéíóöőúüű]",
    ],
    # "giữ" is keeping dice AND banking; "loại trực tiếp" is a knockout, not sudden death;
    # "tiếp xúc" is contact: "chọn tiếp xúc xắc" (pick the next die) is heard first as "pick
    # contact" (issue 29); "tiếp xúc chéo" (diagonal contact) in the rules means it.
    "vi": [
        r"(?i)giữ",
        r"(?i)loại trực tiếp",
        r"dọn sạch",
        r"\. XÁC NHẬN, hoặc",
        r"(?i)tiếp xúc xắc",
    ],
}


@pytest.mark.parametrize("language", sorted(BANNED))
def test_misleading_words_do_not_come_back(language: str) -> None:
    hits = [
        (key, pattern)
        for key, text in MESSAGES[language].items()
        for pattern in BANNED[language]
        if re.search(pattern, text)
    ]
    assert hits == []


def test_a_link_names_its_seed_as_a_game_code_in_hungarian() -> None:
    """ "(1234567. mag)" read as "the 1,234,567th seed" (issue 29)."""
    hu = load_translator("hu", LOCALES)
    for game in ("magdagdon", "mishimash"):
        text = visible(hu(f"confirm.{game}.seed", seed=1234567))
        assert "(játékkód: 1234567)" in text, text


def test_vietnamese_says_which_die_is_picked_next_without_tiep_xuc() -> None:
    vi = load_translator("vi", LOCALES)
    assert vi("announce.next_die", n=2, value=5) == "Xúc xắc 2 (5) được chọn tiếp theo."


# A default name in Hungarian is a noun ("1. játékos", player 1), and a sentence puts its
# article before it: "Most az 1. játékos következik." (issue 29: "Most 1. játékos
# következik."). A person's name takes none. a/az goes by the number as it is read: az első
# (1.), a második (2.), az ötödik (5.).
HU_DEFAULT_NAMES = {
    "turn": "Most az 1. játékos következik.",
    "turn_of": "A 2. játékos következik",
    "banked": "Az 5. játékos 1 pontot mentett.",
    "bust": "BUKÁS! A 3. játékos 0,5 pontot vesztett.",
    "winner": "Az 1. játékos nyert!",
    "final": "UTOLSÓ KÖR: az 1. játékos és a 2. játékos még egy kört játszanak.",
    "final one": "UTOLSÓ KÖR: az 5. játékos még egy kört játszik.",
    "sudden": (
        "HIRTELEN HALÁL: a 4. játékos és Anna 12 ponttal holtversenyben állnak, és ebben a"
        " sorrendben egy-egy kört játszanak, amíg egyikük előre nem kerül."
    ),
    "person": "Most Anna következik.",
    "typed twice": "Több játékos neve is ez: 1. játékos. Adj minden játékosnak más nevet.",
}


def test_hungarian_default_names_keep_their_article_in_a_sentence() -> None:
    hu = load_translator("hu", LOCALES)

    def default(n: int) -> str:
        return hu("mishimash.setup.player", n=n)

    rendered = {
        "turn": hu("announce.mishimash.turn", name=default(1)),
        "turn_of": hu("mishimash.turn_of", name=default(2)),
        "banked": hu.plural("mishimash.banked", 1, name=default(5), points=hu.number(1)),
        "bust": hu.plural("mishimash.bust", 0.5, name=default(3), points=hu.number(0.5)),
        "winner": hu("mishimash.winner", name=default(1)),
        "final": hu.plural_names("mishimash.final_round", [default(1), default(2)]),
        "final one": hu.plural_names("mishimash.final_round", [default(5)]),
        "sudden": hu.plural_names(
            "mishimash.sudden_death", [default(4), "Anna"], total=hu.number(12)
        ),
        "person": hu("announce.mishimash.turn", name="Anna"),
        "typed twice": hu("mishimash.setup.duplicate", name=default(1)),
    }
    assert {key: visible(text) for key, text in rendered.items()} == HU_DEFAULT_NAMES


def test_the_hungarian_article_goes_by_the_number_as_it_is_read() -> None:
    hu = load_translator("hu", LOCALES)
    said = {n: hu("announce.mishimash.turn", name=f"{n}. játékos") for n in (1, 2, 5, 8, 10, 50)}
    assert said == {
        1: "Most az 1. játékos következik.",  # első
        2: "Most a 2. játékos következik.",  # második
        5: "Most az 5. játékos következik.",  # ötödik
        8: "Most a 8. játékos következik.",  # nyolcadik
        10: "Most a 10. játékos következik.",  # tizedik
        50: "Most az 50. játékos következik.",  # ötvenedik
    }


def test_the_mishimash_view_says_hungarian_default_names_with_their_article() -> None:
    from app.pure.mishimash_view import build_view
    from cubiri.mishimash import game as engine

    hu = load_translator("hu", LOCALES)
    names = [hu("mishimash.setup.player", n=n) for n in (1, 2)]
    start = engine.new_game(names, 1000, 1)
    assert build_view(start, frozenset(), hu).turn == "Az 1. játékos következik"
    final = dataclasses.replace(
        start, round=engine.Round.FINAL_ROUND, still_to_play=(0, 1), events=()
    )
    assert visible(build_view(final, frozenset(), hu).banner) == (
        "UTOLSÓ KÖR: az 1. játékos és a 2. játékos még egy kört játszanak."
    )


def test_hungarian_has_no_article_whose_form_depends_on_a_number() -> None:
    """a/az depends on the sound of the next word: never put one before a placeholder."""
    hits = [
        key
        for key, text in MESSAGES["hu"].items()
        if re.search(r"(?i)(^|[\s(])(a|az|a\(z\))\s+\{", text) or "A(z)" in text
    ]
    assert hits == []


@pytest.mark.parametrize("language", ["en", "pt", "vi"])
def test_a_cell_name_starts_its_sentence(language: str) -> None:
    """Cell names are capitalised ("Row 1, column 1"), so a message opens with them."""
    hits = [
        key
        for key, text in MESSAGES[language].items()
        if "{cell}" in text and not text.startswith("{cell}")
    ]
    assert hits == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_count_on_a_button_stays_with_its_noun(language: str) -> None:
    """A line break never separates a number from its noun (or −1 from its button)."""
    for key in ("magdagdon.reroll_count", "mishimash.again_dice"):
        for category in ("one", "other"):
            text = MESSAGES[language][f"{key}.{category}"]
            assert re.search(r"\{n\}\u00a0\S", text), (key, text)
    for key in ("magdagdon.decrease", "magdagdon.increase"):
        assert re.search(r"\u00a0[−+]1$", MESSAGES[language][key]), key


# The view: names and points go through the rules ---------------------------------------------
def test_the_mishimash_view_writes_names_and_points_through_the_rules() -> None:
    from app.pure.mishimash_view import build_view
    from cubiri.dice import TYPED
    from cubiri.mishimash import game as engine
    from tests.typed_games import play

    t = load_translator("en", LOCALES)
    start = engine.new_game(["Ana", "Bo", "Cy"], 20, 1)
    final = dataclasses.replace(
        start,
        round=engine.Round.FINAL_ROUND,
        still_to_play=(0, 1),
        events=(engine.Banked(2, 2),),
    )
    view = build_view(final, frozenset(), t)
    assert view.banner == "FINAL ROUND: Ana and Bo play once more."
    assert view.event == "Cy banks 1 point."
    one = dataclasses.replace(final, still_to_play=(1,), events=(engine.Bust(0, 1, (2, 3)),))
    view = build_view(one, frozenset(), t)
    assert view.banner == "FINAL ROUND: Bo plays once more."
    assert view.event == "BUST! Ana loses 0.5 points."
    tie = dataclasses.replace(
        start, round=engine.Round.SUDDEN_DEATH, contenders=(0, 2), still_to_play=(0, 2)
    )
    assert build_view(tie, frozenset(), t).banner == (
        "SUDDEN DEATH: Ana and Cy are level at 0 and play a turn each, in this order,"
        " until one is ahead."
    )
    # Once Ana has played and busted, still level: who is left to play, not "a turn each".
    again = dataclasses.replace(tie, totals=(81, 60, 81), still_to_play=(2,), current=2)
    assert build_view(again, frozenset(), t).banner == (
        "SUDDEN DEATH: still level at 40.5; Cy plays once more."
    )
    # A second sudden death says so, and that they are still level (a play-tester's looked
    # like the first one again, as if the game looped).
    one, bust = [1, 2, 3, 4, 6, 6], [2, 2, 3, 4, 6, 6]
    moves = [one, (0,), "bank", one, (0,), "bank", bust, bust]  # level at 1, then both bust
    second = play(engine.new_game(["Ana", "Cy"], 1, 0, TYPED), *moves)
    assert build_view(second, frozenset(), t).banner == (
        "SUDDEN DEATH 2: Ana and Cy are still level, at 1, and play a turn each again, in this"
        " order."
    )
    # Its first mover busts: an audit read "play a turn each again" with Cy alone left.
    after_bust = play(second, bust)
    assert build_view(after_bust, frozenset(), t).banner == (
        "SUDDEN DEATH 2: still level at 1; Cy plays once more."
    )
    assert load_translator("pt", LOCALES).plural_names(
        "mishimash.sudden_death_level_again", ["Cy"], total="1", number=2
    ) == ("MORTE SÚBITA 2: o empate a 1 continua; Cy joga mais uma vez.")
    # Once Ana has banked past the level, no longer "level at 40.5" (a tester read it under
    # "To beat: 43"): who still plays.
    past = dataclasses.replace(again, totals=(86, 60, 81))
    assert build_view(past, frozenset(), t).banner == "SUDDEN DEATH: Cy plays once more."
    # The same in a second sudden death keeps its number (helper-39 read "SUDDEN DEATH: Bea
    # plays once more." once Champion Cubi had banked in the second).
    ana_past = play(second, [1, 1, 2, 3, 4, 6], (0, 1), "bank")
    assert build_view(ana_past, frozenset(), t).banner == "SUDDEN DEATH 2: Cy plays once more."


# CPython's rules are the browser's ---------------------------------------------------------
def test_portuguese_is_formatted_as_european_portuguese() -> None:
    assert intl_locale("pt") == "pt-PT"
    assert [intl_locale(lang) for lang in ("en", "hu", "vi")] == ["en", "hu", "vi"]


SAMPLES = [0, 1, 2, 5, 0.5, 1.5, 10.5, 21, 101, 1000]


@pytest.mark.skipif(shutil.which("node") is None, reason="node gives Intl to compare with")
def test_the_cpython_rules_agree_with_intl() -> None:
    script = """
    const [languages, samples, names] = JSON.parse(process.argv[1]);
    const out = {};
    for (const [lang, tag] of languages) {
      const options = {maximumFractionDigits: 1};
      const plural = new Intl.PluralRules(tag, options);
      const number = new Intl.NumberFormat(tag, options);
      const list = new Intl.ListFormat(tag, {style: "long", type: "conjunction"});
      out[lang] = {
        plural: samples.map((n) => plural.select(n)),
        number: samples.concat([10000, 12345.5, -2.5]).map((n) => number.format(n)),
        list: [1, 2, 3].map((k) => list.format(names.slice(0, k))),
      };
    }
    console.log(JSON.stringify(out));
    """
    languages = [(lang, intl_locale(lang)) for lang in LANGUAGES]
    argument = json.dumps([languages, SAMPLES, ["A", "B", "C"]])
    result = subprocess.run(
        ["node", "-e", script, argument], capture_output=True, text=True, check=True, timeout=30
    )
    intl = json.loads(result.stdout)
    for lang in LANGUAGES:
        assert [PLURAL_RULES[lang](n) for n in SAMPLES] == intl[lang]["plural"], lang
        number = number_format(lang)
        # Intl writes "-2.5" with a hyphen; the app, as its board, the minus sign "−2.5"
        written = [text.replace("-", MINUS) for text in intl[lang]["number"]]
        assert [number(n) for n in [*SAMPLES, 10000, 12345.5, -2.5]] == written
        lists = list_format(lang)
        expected = intl[lang]["list"]
        if lang == "en":  # Intl writes the serial comma; CPython's English does not
            expected[2] = expected[2].replace(", and", " and")
        assert [lists(["A", "B", "C"][:k]) for k in (1, 2, 3)] == expected, lang


def test_english_says_an_before_a_number_said_with_a_vowel_first() -> None:
    """helper-39 read "Best play takes the 1: a 80% chance to win.", "a 11.4%", "a 18.1%"."""
    from app.pure.coach import percent

    t = load_translator("en", LOCALES)

    def best(chance: float) -> str:
        return t("coach.best_chance", dice="1", value=percent(t, chance))

    assert best(0.8) == "Best play takes the 1: an 80% chance to win."
    assert best(0.114) == "Best play takes the 1: an 11.4% chance to win."
    assert best(0.181) == "Best play takes the 1: an 18.1% chance to win."
    assert best(0.08) == "Best play takes the 1: an 8% chance to win."
    assert best(0.9996) == "Best play takes the 1: an over 99.9% chance to win."
    assert best(0.0001) == "Best play takes the 1: an under 0.1% chance to win."
    for chance, said in ((0.018, "1.8"), (0.111, "11.1"), (0.18, "18"), (0.7, "70")):
        article = "an" if said.startswith(("11", "18")) else "a"
        assert best(chance) == f"Best play takes the 1: {article} {said}% chance to win."
    gives = t.plural("coach.gives_up_chance", 1, value="84.3%")
    assert gives.startswith("Yours gives an 84.3% chance"), gives
    assert t("table.entry.add", face="8") == "Add an 8"
    assert t("table.entry.add", face="1") == "Add a 1"
