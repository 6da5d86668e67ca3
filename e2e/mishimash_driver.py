"""Plays MISHIMASH through the page, mirroring every move in the engine (dice come from ?seed=N).

Policies are small functions from a state in SELECT to (selection, "bank" | "again"); the same
policy run here finds seeds where something worth testing happens (a tie, a bust, a MISHIMASH).
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from cubiri.mishimash import game as engine
from cubiri.mishimash.scoring import selection_halves
from e2e.taps import tap

Policy = Callable[[engine.State], tuple[tuple[int, ...], str]]
PRESETS = {250, 500, 1000, 2000}


def press_bank(page: Page, decided: engine.State) -> None:
    """BANK as a person presses it at `decided` (the selection taken): where that is a certain
    loss (X16, X17) the page asks first, and the answer here is its OK, BANK ANYWAY."""
    tap(page.locator("#ms-bank"))
    if engine.bank_falls_short(engine.points_to_pass(decided), decided.turn_halves / 2):
        tap(page.locator("#confirm-ok"))


def best_selection(state: engine.State) -> tuple[int, ...]:
    options = engine.legal_selections(state.dice)
    return max(options, key=lambda s: selection_halves(state.dice, [state.dice[i] for i in s]) or 0)


def smallest_selection(state: engine.State) -> tuple[int, ...]:
    options = engine.legal_selections(state.dice)
    return min(options, key=lambda s: (selection_halves(state.dice, [state.dice[i] for i in s]), s))


def bank_at_once(state: engine.State) -> tuple[tuple[int, ...], str]:
    return best_selection(state), "bank"


def bank_a_little(state: engine.State) -> tuple[tuple[int, ...], str]:
    return smallest_selection(state), "bank"


def push_luck(state: engine.State) -> tuple[tuple[int, ...], str]:
    return best_selection(state), "again"


def mishimash_hunter(state: engine.State) -> tuple[tuple[int, ...], str]:
    everything = tuple(range(len(state.dice)))
    if everything in engine.legal_selections(state.dice):
        return everything, "again"
    return best_selection(state), "bank"


def simulate(
    players: list[str],
    target: int,
    seed: int,
    policy: Policy,
    until: Callable[[engine.State], bool],
) -> int | None:
    """How many actions into the game `until` first holds, playing `policy` (None: never)."""
    state = engine.new_game(players, target, seed)
    for step in range(400):
        if until(state):
            return step
        if state.phase is engine.Phase.OVER:
            return None
        state = play_step(state, policy)
    return None


def find_seed(
    players: list[str], target: int, policy: Policy, until: Callable[[engine.State], bool]
) -> int:
    for seed in range(1, 500):
        if simulate(players, target, seed, policy, until) is not None:
            return seed
    raise AssertionError("no seed found")


def play_step(state: engine.State, policy: Policy) -> engine.State:
    if state.phase is engine.Phase.ROLL:
        return engine.play(state, engine.Roll())
    selection, choice = policy(state)
    state = engine.play(state, engine.Select(selection))
    return engine.play(state, engine.Bank() if choice == "bank" else engine.RollAgain())


def pick(page: Page, selection: tuple[int, ...]) -> None:
    """Selects the dice at `selection` (a die of a triple may already be held by its tap)."""
    for index in selection:
        die = page.locator(f"#ms-die-{index}")
        if die.get_attribute("aria-pressed") != "true":
            tap(die)
        expect(die).to_have_attribute("aria-pressed", "true")


class MishimashDriver:
    def __init__(self, page: Page, players: list[str], target: int, seed: int) -> None:
        self.page = page
        self.state = engine.new_game(players, target, seed)

    def start(self) -> None:
        page = self.page
        for index, name in enumerate(self.state.players):
            if index > 0:
                tap(page.locator("#ms-add"))
            page.locator(f"#ms-names input[data-player='{index}']").fill(name)
        if self.state.target in PRESETS:
            page.locator(f"input[name=ms-target][value='{self.state.target}']").check(force=True)
        else:
            page.locator("input[name=ms-target][value=custom]").check(force=True)
            page.locator("#ms-custom").fill(str(self.state.target))
        tap(page.locator("#ms-start"))
        expect(page.locator("#ms-roll")).to_be_visible()

    def shown_dice(self) -> list[int]:
        return [
            int(d) for d in self.page.locator("#ms-dice .die:not([hidden])").all_text_contents()
        ]

    def last_roll(self) -> list[int]:
        """The dice of the strip that shows how the last turn ended (a bust's roll)."""
        strip = "#ms-over-last" if self.state.phase is engine.Phase.OVER else "#ms-last"
        return [int(d) for d in self.page.locator(f"{strip} .die").all_text_contents()]

    def roll(self) -> None:
        tap(self.page.locator("#ms-roll"))
        self.state = engine.play(self.state, engine.Roll())
        self.expect_shown()

    def expect_shown(self) -> None:
        """The page shows this roll: its dice to choose from, or (a bust) none, and the bust's
        roll under the name of whose it was (issue 15)."""
        if self.state.phase is engine.Phase.SELECT:
            dice = self.page.locator("#ms-dice .die:not([hidden])")
            expect(dice).to_have_count(len(self.state.dice))
            assert self.shown_dice() == list(self.state.dice)
        else:
            bust = self.state.events[-1]
            assert isinstance(bust, engine.Bust)
            expect(self.page.locator("#ms-dice .die:not([hidden])")).to_have_count(0)
            strip = "#ms-over-last" if self.state.phase is engine.Phase.OVER else "#ms-last"
            expect(self.page.locator(f"{strip} .die")).to_have_count(len(bust.dice))
            assert self.last_roll() == list(bust.dice)

    def pick(self, selection: tuple[int, ...]) -> None:
        pick(self.page, selection)

    def commit(self, selection: tuple[int, ...], choice: str) -> None:
        self.pick(selection)
        self.state = engine.play(self.state, engine.Select(selection))
        if choice == "bank":
            press_bank(self.page, self.state)
        else:
            tap(self.page.locator("#ms-again"))
        action = engine.Bank() if choice == "bank" else engine.RollAgain()
        self.state = engine.play(self.state, action)
        if self.state.phase is engine.Phase.SELECT:
            expect(self.page.locator("#ms-dice .die:not([hidden])")).to_have_count(
                len(self.state.dice)
            )
            assert self.shown_dice() == list(self.state.dice)

    def step(self, policy: Policy) -> None:
        if self.state.phase is engine.Phase.ROLL:
            self.roll()
        else:
            self.commit(*policy(self.state))

    def play_until(self, policy: Policy, until: Callable[[engine.State], bool]) -> None:
        for _ in range(400):
            if until(self.state):
                return
            self.step(policy)
        raise AssertionError("the condition never came")


def played_to(
    page: Page,
    open_app: Callable[[str], Page],
    players: list[str],
    target: int,
    until: Callable[[engine.State], bool],
    viewport: dict[str, int],
    policy: Policy = bank_at_once,
) -> MishimashDriver:
    """A game on the first seed where `policy` reaches `until`, opened at `viewport` and
    played there in the page."""
    seed = find_seed(players, target, policy, until)
    page.set_viewport_size(viewport)
    open_app(f"?seed={seed}#mishimash")
    driver = MishimashDriver(page, players, target, seed)
    driver.start()
    driver.play_until(policy, until)
    return driver
