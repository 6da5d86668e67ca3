"""bank_ahead: the final round a BANK now would begin (X16), which the page builds the next
player's tables for while the decision is made (issue 28: ready at once, far behind too)."""

from __future__ import annotations

from cubiri.mishimash import bank_ahead, game, later_players, own_past, win_chance
from tests.test_win_chance import typed

FOUR = ["Ann", "Otto", "Bea", "Cubi"]
SIX_ONES = [1, 1, 1, 1, 1, 1]


def test_choosing_dice_that_reach_the_target_the_bank_of_every_scoring_die_is_built_for() -> None:
    """Ann has thrown 1 1 1 5 2 3 at target 10 (X16): a BANK of 1 1 1 5 (10.5, the most she
    can take) would begin the final round; while she chooses, the page builds for it what it
    builds at that BANK's decision, and nothing is read at hers."""
    later_players.forget()
    choosing = typed(FOUR, 10, [[1, 1, 1, 5, 2, 3]])
    assert choosing.phase is game.Phase.SELECT
    deciding = game.apply(choosing, game.Select((0, 1, 2, 3)))
    otto = game.apply(deciding, game.Bank())
    assert bank_ahead.banked(choosing) == otto == bank_ahead.banked(deciding)
    assert otto.round is game.Round.FINAL_ROUND and otto.totals[0] == 21
    past_the_leader = own_past.Wanted((0, 0), 20)
    built = [*later_players.page_needs(otto), past_the_leader]
    assert later_players.page_needs(choosing) == []
    assert later_players.build_needs(choosing) == built == later_players.build_needs(deciding)


def test_a_mishimash_is_taken_and_banked_too() -> None:
    """Six 1s take every die (X12: a MISHIMASH, six dice back): BANK may follow it."""
    choosing = typed(FOUR, 10, [SIX_ONES])
    banked = bank_ahead.banked(choosing)
    assert banked is not None and banked.totals[0] == 80 + 20  # 40 points and the bonus


def test_nothing_is_built_ahead_where_no_bank_begins_the_final_round() -> None:
    """Before the throw, after a bust, short of the target, solo, and in the final round."""
    assert bank_ahead.banked(typed(FOUR, 10, [])) is None  # ROLL: nothing to bank
    assert bank_ahead.banked(typed(FOUR, 10, [[2, 3, 4, 6, 2, 3]])) is None  # a bust
    assert bank_ahead.banked(typed(FOUR, 100, [[1, 1, 1, 5, 2, 3]])) is None  # 10.5 of 100
    assert bank_ahead.banked(typed(["Ann"], 10, [[1, 1, 1, 5, 2, 3]])) is None
    final = typed(FOUR, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank", [1, 1, 1, 5, 2, 3]])
    assert final.round is game.Round.FINAL_ROUND and bank_ahead.banked(final) is None


def test_three_seats_the_next_players_chase_is_what_a_bank_would_leave_to_build() -> None:
    """At a table of three the next player's own table is a chase of the leader (one still to
    play after it): after Ann's 300-point turn, Otto's, 600 halves behind, not built yet."""
    choosing = typed(
        ["Ann", "Otto", "Bea"], 10, [SIX_ONES, (0, 1, 2, 3, 4, 5), "again"] * 2 + [SIX_ONES]
    )
    banked = bank_ahead.banked(choosing)
    assert banked is not None and banked.totals == (600, 0, 0) and banked.current == 1
    assert win_chance._own_key(banked) == ("chase", 600, 600, False)
    assert win_chance.chase_pending(banked)


def test_what_takes_far_longer_than_a_frame_is_left_to_the_frames() -> None:
    """After a BANK the page builds what is left before it paints only where that is short (a
    chase near the leader; four seats, the table past the leader built and P near): a player
    300 points behind gets the tap painted at once and the odds a few seconds on."""
    later_players.forget()
    win_chance._chases.clear()  # as in a fresh page: no chase built yet
    near = typed(["Ann", "Otto", "Bea"], 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    far = bank_ahead.banked(
        typed(["Ann", "Otto", "Bea"], 10, [SIX_ONES, (0, 1, 2, 3, 4, 5), "again"] * 2 + [SIX_ONES])
    )
    assert far is not None
    assert win_chance.chase_pending(near) and not win_chance.chase_is_large(near)
    assert win_chance.chase_is_large(far)
    otto = typed(FOUR, 10, [[1, 1, 1, 5, 2, 3], (0, 1, 2, 3), "bank"])
    assert later_players.left_is_large(otto)  # his table past Ann: about a second
    while not later_players.page_step(typed(FOUR, 10, []), 50):
        pass  # built while Ann may reach the target (own_past)
    assert not later_players.left_is_large(otto)
    far_four = bank_ahead.banked(
        typed(FOUR, 10, [SIX_ONES, (0, 1, 2, 3, 4, 5), "again"] * 2 + [SIX_ONES])
    )
    assert far_four is not None and later_players.left_is_large(far_four)
    later_players.forget()
