"""Plays MAGDAGDON through the page the way a player taps, mirroring every move in the engine.

The page's dice come from the seed (`?seed=N`), so the same engine run here under CPython
knows them: after each tap the test can compare what the page shows with what the rules say.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from cubiri.magdagdon import game as engine
from e2e.taps import tap


def placement_plan(state: engine.State) -> list[tuple[int, int]]:
    """An order of (die, cell) that stages the minimum (exists whenever the phase is PLACE)."""

    def search(current: engine.State, needed: int) -> list[tuple[int, int]] | None:
        if needed == 0:
            return []
        for die in current.available:
            for cell in current.legal_cells(die):
                rest = search(engine.play(current, engine.Stage(die, cell)), needed - 1)
                if rest is not None:
                    return [(die, cell), *rest]
        return None

    plan = search(state, state.minimum - len(state.staged))
    assert plan is not None, "M16: a roll in PLACE can always be placed"
    return plan


class MagdagdonDriver:
    def __init__(self, page: Page, difficulty: str, seed: int) -> None:
        self.page = page
        self.state = engine.new_game(difficulty, seed)

    # What the page shows -----------------------------------------------------------------------
    def shown_dice(self) -> list[int]:
        dice = self.page.locator("#md-dice .die:not([hidden]):not([data-status=discarded])")
        return [int(text) for text in dice.all_text_contents()]

    def expect_in_step(self) -> None:
        assert self.shown_dice() == list(self.state.dice)
        board = self.state.staged_board
        for index, value in enumerate(board):
            cell = self.page.locator(f"#md-cell-{index}")
            expect(cell).to_have_text(str(value) if value > 0 else "")

    # Taps --------------------------------------------------------------------------------------
    def roll(self) -> None:
        primary = self.page.locator("#md-primary")
        expect(primary).to_have_attribute("data-phase", "roll")
        tap(primary)  # ROLL, in any language
        self.state = engine.play(self.state, engine.Roll())
        expect(self.page.locator("#md-die-0")).to_have_text(str(self.state.dice[0]))

    def pick(self, die: int) -> None:
        button = self.page.locator(f"#md-die-{die}")
        if button.get_attribute("aria-pressed") != "true":
            tap(button)
        expect(button).to_have_attribute("aria-pressed", "true")

    def stage(self, die: int, cell: int) -> None:
        self.pick(die)
        tap(self.page.locator(f"#md-cell-{cell}"))
        self.state = engine.play(self.state, engine.Stage(die, cell))
        expect(self.page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "staged")

    def unstage(self, cell: int) -> None:
        tap(self.page.locator(f"#md-cell-{cell}"))
        self.state = engine.play(self.state, engine.Unstage(cell))

    def confirm(self) -> None:
        tap(self.page.locator("#md-primary"))
        self.state = engine.play(self.state, engine.Confirm())

    def accept_and_ruin(self) -> int:
        expect(self.page.locator("#md-primary")).to_have_attribute("data-phase", "magdagdon")
        tap(self.page.locator("#md-primary"))  # ACCEPT MAGDAGDON
        return self.place_ruin()

    def place_ruin(self) -> int:
        """ACCEPT MAGDAGDON was pressed: the first empty cell becomes the RUIN."""
        self.state = engine.play(self.state, engine.AcceptMagdagdon())
        cell = next(i for i, v in enumerate(self.state.board) if v == 0)
        tap(self.page.locator(f"#md-cell-{cell}"))
        self.state = engine.play(self.state, engine.PlaceRuin(cell))
        expect(self.page.locator(f"#md-cell-{cell}")).to_have_attribute("data-kind", "ruin")
        return cell

    def adjust(self, die: int, delta: int) -> None:
        self.pick(die)
        name = "DECREASE −1" if delta < 0 else "INCREASE +1"
        tap(self.page.get_by_role("button", name=name))
        self.state = engine.play(self.state, engine.Adjust(die, delta))
        expect(self.page.locator(f"#md-die-{die}")).to_have_text(str(self.state.dice[die]))

    def roll_on_turn(self, turn: int) -> None:
        """Play the turns before `turn` (found by `first_game_with`), then ROLL on it."""
        for _ in range(turn - 1):
            self.play_turn()
        self.roll()

    def play_turn(self) -> None:
        """ROLL, then place the minimum (or accept MAGDAGDON and make a RUIN), CONFIRM."""
        self.roll()
        if self.state.phase is engine.Phase.MAGDAGDON:
            self.accept_and_ruin()
            return
        for die, cell in placement_plan(self.state):
            self.stage(die, cell)
        self.confirm()

    def play_to_end(self) -> None:
        while self.state.phase is not engine.Phase.OVER:
            if self.state.phase is engine.Phase.ROLL:
                self.play_turn()
            elif self.state.phase is engine.Phase.MAGDAGDON:
                self.accept_and_ruin()
            else:
                for die, cell in placement_plan(self.state):
                    self.stage(die, cell)
                self.confirm()


def first_game_with(difficulty: str, wanted: str, seeds: range = range(1, 400)) -> tuple[int, int]:
    """A seed whose game (played by `MagdagdonDriver`'s plan) meets `wanted` early, and the
    turn it happens in: "magdagdon" = a roll in MAGDAGDON; "saved" = one a single power saves."""
    best: tuple[int, int] | None = None
    for seed in seeds:
        state = engine.new_game(difficulty, seed)
        for turn in range(1, 17):
            state = engine.play(state, engine.Roll())
            if state.phase is engine.Phase.MAGDAGDON:
                hit = wanted == "magdagdon" or (wanted == "saved" and _one_power_saves(state))
                if hit and (best is None or turn < best[1]):
                    best = (seed, turn)
                state = engine.play(engine.play(state, engine.AcceptMagdagdon()), _ruin(state))
            else:
                for die, cell in placement_plan(state):
                    state = engine.play(state, engine.Stage(die, cell))
                state = engine.play(state, engine.Confirm())
            if state.phase is engine.Phase.OVER or (best and best[1] <= 2):
                break
        if best and best[1] <= 2:
            break
    assert best is not None, f"no seed with {wanted} found"
    return best


def saving_adjustment(state: engine.State) -> engine.Adjust:
    for action in engine.legal_actions(state):
        if (
            isinstance(action, engine.Adjust)
            and engine.play(state, action).phase is engine.Phase.PLACE
        ):
            return action
    raise AssertionError("no single DECREASE/INCREASE saves this roll")


def _one_power_saves(state: engine.State) -> bool:
    try:
        saving_adjustment(state)
    except AssertionError:
        return False
    return True


def _ruin(state: engine.State) -> engine.PlaceRuin:
    return engine.PlaceRuin(next(i for i, v in enumerate(state.board) if v == 0))


def magdagdon_before_last_confirm(seed: int) -> engine.State:
    """The game just before its final CONFIRM (the seed's game played as the e2e driver does)."""
    state = engine.new_game("peaceful", seed)
    while True:
        state = engine.play(state, engine.Roll())
        if state.phase is engine.Phase.MAGDAGDON:
            state = engine.play(state, engine.AcceptMagdagdon())
            ruin = next(i for i, v in enumerate(state.board) if v == 0)
            state = engine.play(state, engine.PlaceRuin(ruin))
            if state.over:
                raise ValueError("this seed ends on a RUIN")
            continue
        for die, cell in placement_plan(state):
            state = engine.play(state, engine.Stage(die, cell))
        if engine.play(state, engine.Confirm()).over:
            return state
        state = engine.play(state, engine.Confirm())
