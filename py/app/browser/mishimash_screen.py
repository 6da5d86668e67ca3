"""The MISHIMASH screen in the browser: setup, turns, scoreboard, the winner.

Tap → the moves the view model says it plays → new state → render. The engine decides what is
legal and what points are worth; `mishimash_view` decides what to show; this module writes the DOM.
"""

from __future__ import annotations

import random
from functools import partial
from math import inf
from typing import Any

from js import document, window
from pyodide.ffi import create_proxy

from app.browser import feel, storage, stores
from app.browser.dom import (
    absent,
    add_dice,
    by_id,
    focus_lost,
    listen,
    restart_animation,
    show_text,
)
from app.browser.feel import show_face
from app.browser.game_session import GameSession, Row
from app.browser.host import Host
from app.browser.mishimash_computer_turns import ComputerTurns
from app.browser.mishimash_end import render_event, render_over
from app.browser.mishimash_review import ReviewPanel
from app.browser.mishimash_setup_form import SetupForm
from app.browser.score_sheet_table import CorrectionForm, ScoreSheet
from app.browser.table_entry import DiceEntry
from app.browser.tap_guard import TapGuard
from app.browser.tour import Tour
from app.pure import mishimash_speech as speech
from app.pure.feel import is_new_best, is_persons_win
from app.pure.mishimash_setup import PERSON, Seat, player_names, seat_levels
from app.pure.mishimash_view import MishimashView, Moves, build_view, preview
from app.pure.saved_game import MISHIMASH, Saved
from app.pure.score_sheet import Correction, Sheet, build_sheet, correction_line
from app.pure.table_dice import (
    Undone,
    app_dice,
    dice_to_enter,
    real_dice,
    throw_state,
    undo,
)
from app.pure.tour import MISHIMASH_TARGET, SEEDS, Facts
from cubiri import dice as seeded
from cubiri.kernel import Dice, RuleError
from cubiri.mishimash import bank_ahead, later_players, odds, own_past, two_left, win_chance
from cubiri.mishimash import game as engine
from cubiri.mishimash.scoring import DICE


class MishimashScreen:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.state: engine.State | None = None
        self.record_id: str | None = None
        self.celebrate = False  # this game, ended here and now, is a win or a record (issue 16)
        self.picked: frozenset[int] = frozenset()
        self.entry = DiceEntry(  # real dice: the throw entered at the table (issue 24)
            "ms",
            self._entering,
            lambda: app_dice(engine.ENGINE, self._throw_state()).values,
            self._entry_kept,
            lambda values: self.play(self._throw_moves(values)),
            lambda: self.host.t,
        )
        self.sheet = ScoreSheet(self._sheet, self.render)
        # The sheet of the game shown, made once a state and language (it replays the log).
        self._sheet_made: tuple[engine.State | None, str, Sheet | None] = (None, "", None)
        self._undo_made: tuple[engine.State | None, Undone | None] = (None, None)
        self.correction = CorrectionForm(self._on_correct, lambda: self.host.t)
        # The setup: who plays, to what target (with rivals, the tables are read meanwhile).
        self.form = SetupForm(host, self._start_game, self._read_tables_ahead)
        self.levels: tuple[str, ...] = ()  # the game's seats: PERSON or a computer's level
        self.seed: int | None = None  # from ?seed=N, for the next START
        self.records = stores.tables(stores.SOLO_KEY)
        self.last_view: MishimashView | None = None
        self._loaded = False
        self.computers = ComputerTurns(self)  # the computer seats' moves, at their pace
        # The next slice of a build runs as the next task: a message, which the browser does
        # not hold back as it does a chain of zero-delay timeouts (4 ms each from the fifth);
        # frames and taps still come between slices.
        self._slices = window.MessageChannel.new()
        self._slices.port1.onmessage = create_proxy(lambda _message: self._build_tables())
        self._building = False
        self._reading_ahead = False  # the setup's slices reading the shipped tables
        self._picked_made: tuple[engine.State, frozenset[int], engine.State] | None = None
        self.guard = TapGuard()
        # The first game that teaches (issue 16): its game is never saved; what it interrupted
        # (the setup, or a game in progress) comes back when it ends.
        self.tour = Tour("mishimash", host, self._end_tour)
        self.session = GameSession(
            MISHIMASH, stores.MISHIMASH_GAME, host, self.tour, self._adopt, lambda: self.state
        )
        self.review = ReviewPanel(lambda: self.host.t, self._finished, lambda: self.session.game_id)

    def mount(self) -> None:
        dice = by_id("ms-dice")
        add_dice(dice, DICE, "ms-die", "die ms-die")
        listen(dice, "click", self._on_die)
        for name, button in (("ms-roll", "roll"), ("ms-bank", "bank"), ("ms-again", "roll_again")):
            listen(by_id(name), "click", self._button(name, button))
        listen(by_id("ms-new"), "click", self._guarded("ms-new", self._on_new_game))
        listen(by_id("ms-restart"), "click", self._guarded("ms-restart", self._on_restart))
        listen(by_id("ms-undo"), "click", self._guarded("ms-undo", self._on_undo))
        listen(by_id("ms-over-undo"), "click", self._guarded("ms-over-undo", self._on_undo))
        self.entry.mount()
        self.sheet.mount()
        self.correction.mount()
        self.guard.watch(by_id("screen-mishimash"))
        self.form.mount()
        self.review.mount()

    def _finished(self) -> tuple[engine.State, tuple[str, ...]] | None:
        """The game on the screen, once it is over, and its seats' levels (issue 25)."""
        if self.state is None or not self.state.over or self.tour.active:
            return None
        return self.state, self.levels or (PERSON,) * len(self.state.players)

    @property
    def seats(self) -> list[Seat]:
        """The setup's seats, as the form holds them."""
        return self.form.seats

    def _button(self, name: str, button: str) -> Any:
        """A click on ROLL / BANK / ROLL AGAIN plays what the shown view says it plays, unless
        it is the second click of a double click or the button has just changed under the
        finger (issue 15: a double tap on BANK must not ROLL for the next player)."""
        return self._guarded(name, lambda _event: self._press(button))

    def _press(self, button: str) -> None:
        """BANK where it is a certain loss asks first (`MishimashView.bank_confirm`)."""
        moves, view = self._shown(button), self.last_view
        if button == "bank" and moves and view is not None and view.bank_confirm:
            ask = "confirm.mishimash.bank_loses"
            play = partial(self.play, moves)
            self.host.ask(view.bank_confirm, play, None, f"{ask}.title", f"{ask}.ok", True)
            return
        self.play(moves)

    def _guarded(self, name: str, handler: Any) -> Any:
        def guarded(event: Any) -> None:
            if self.guard.accepts(event, by_id(name)):
                handler(event)

        return guarded

    # Opening, saving, records ------------------------------------------------------------------
    def open(self, seed: int | None, tour: bool = False, real: bool = False) -> None:
        """The game in progress, or the setup; `tour` (from RULES) shows the first-game
        walkthrough again, and a first visit (nothing saved, no link) shows it; `real`
        (`?dice=real`) sets the setup for real dice, asking first if a game is in progress."""
        if self.tour.active and not tour and seed is None:
            self.render()  # back from RULES or SETTINGS in the middle of the walkthrough
            return
        if not self._loaded:
            self._loaded = True
            saved = self.session.load()
            if saved is not None and len(saved.state.players) == 4 and not saved.state.over:
                own_past.load(storage.session_read(OWN_PAST))  # four seats: what it kept
            if saved is not None and not saved.state.solo and not saved.state.over:
                # What this tab built for the position before the reload, before the first
                # paint: its chance to win as the turn begins shows at once, and the rest is
                # rebuilt from it.
                later_players.load_built(saved.state, storage.session_read(LATER_BUILT))
            if saved is not None:
                self._resume(saved)
                self.picked = frozenset(saved.selected)
                if saved.state.over:  # its record and history entry, if a reload came between
                    self._finish(saved.state)
                    self.session.remember(self._saved())
            elif seed is None and stores.tour_due("mishimash"):
                tour = True
        if tour:
            self.start_tour()
            return
        if self.tour.active:
            self.tour.end()  # a link's game replaces the walkthrough
        if seed is not None:
            if self.state is not None and self.state.seed == seed:
                pass  # the game this seed started: a reload resumes it
            elif self._in_progress():
                # A link never silently throws away the game in progress (issue 15): ask, and
                # on KEEP PLAYING the game stays as it was.
                text = self.host.t("confirm.mishimash.seed", seed=seed)
                self.host.ask(text, partial(self._setup_for, seed, real))
                real = False  # asked once, for both
            else:
                self.state, self.seed = None, seed  # a reproducible game from START
        if real:
            self._open_real_dice()
        self.render()
        self._start_table_builds()
        self.computers.schedule()  # a computer's turn goes on where it was

    # The first game that teaches (issue 16) ---------------------------------------------------
    def start_tour(self) -> None:
        """One turn on fixed dice, step by step: select, the multiplier, ROLL AGAIN, a BUST."""
        self.computers.stop()
        if not self.tour.active:
            self.session.stash(self._saved())
        name = player_names(self.seats, self.host.t)[0]
        self.state = engine.new_game([name], MISHIMASH_TARGET, SEEDS["mishimash"])
        self.levels, self.record_id, self.celebrate = (PERSON,), None, False
        self.picked = frozenset()
        self.guard.forget()
        self.tour.start(by_id("ms-banner"))
        self.render()

    def _end_tour(self) -> None:
        self._resume(self.session.unstash())
        self.picked = frozenset()
        self.guard.forget()
        self.render()
        self.computers.schedule()
        if self.state is None:
            # The setup from its top: who plays, then START (helper-30 at 320×568 landed on
            # START with the players above the screen, a computer seat nowhere in sight).
            window.scrollTo(0, 0)
            by_id("mishimash-title").focus()
        else:
            by_id(self._turn_start()).focus()

    def _tour_facts(self, state: engine.State) -> Facts:
        turn_over = state.turns[0] >= 1
        rolled_again = state.roll_number >= 2 or turn_over
        return Facts(
            rolled=bool(state.log),
            picked=bool(self.picked) or rolled_again,
            rolled_again=rolled_again,
            turn_over=turn_over,
            busted=any(isinstance(event, engine.Bust) for event in state.events),
        )

    def _in_progress(self) -> bool:
        return self.session.in_progress(self.state)

    def _open_real_dice(self) -> None:
        """`?dice=real`: a game with real dice goes on; another in progress is given up only
        when the player says so; then the setup, "Real dice" chosen."""
        state = self.state
        if state is not None and real_dice(state) and not state.over:
            return
        if self._in_progress():
            text = self.host.t("confirm.mishimash.real_dice")
            self.host.ask(text, lambda: self._setup_for(self.seed, real=True))
            return
        self._setup_for(self.seed, real=True)

    def _setup_for(self, seed: int | None, real: bool = False) -> None:
        """The setup for a link's seed, the game in progress given up."""
        self.computers.stop()
        self.state, self.seed, self.record_id, self.picked = None, seed, None, frozenset()
        if real:
            self.form.ask_real_dice()
        self._save()
        self.render()

    def _saved(self) -> Saved[engine.State] | None:
        """This screen's game as its record keeps it (None: the setup, no game)."""
        state = self.state
        if state is None:
            return None
        # A person's dice picked but not taken yet (issue 29: a reload lost them); a computer
        # picks its own again, the same, when its turn goes on.
        picked = () if self.computers.to_move() else tuple(sorted(self.picked))
        entered = self.entry.values if self._entering() is not None else ()
        return Saved(state, self.record_id, self.levels, selected=picked, entered=entered)

    def _resume(self, saved: Saved[engine.State] | None) -> None:
        """Make `saved` this screen's game (None: the setup)."""
        self.state = None if saved is None else saved.state
        self.record_id = None if saved is None else saved.record_id
        self.levels = () if saved is None else seat_levels(saved.seats, len(saved.state.players))
        self.entry.restore(() if saved is None else saved.entered)

    def _save(self) -> bool:
        """Save the game; False when another tab had moved it on: its game is shown instead."""
        return self.session.save(self._saved())

    def overtaken(self) -> bool:
        """Whether another tab moved this game on (issue 18: a bust in one tab cannot be undone
        by a BANK from the same roll in another); then its game is shown here instead."""
        return self.session.overtaken()

    def _finish(self, state: engine.State) -> None:
        """The finished game's solo record (a solo game), then its history entry (every game):
        each once, however many tabs and reloads (the session knows the game's id)."""
        from app.pure.history import outcome_of

        row = None
        if state.solo:
            turns = (outcome_of("mishimash", state) or {})["turns"][0]
            row = Row(stores.SOLO_KEY, str(state.target), {"turns": turns})
        saved, tables = self.session.finish(self._saved() or Saved(state), row)
        if tables is not None:
            self.records = tables
        self.record_id = saved.record_id

    def _adopt(self, saved: Saved[engine.State] | None) -> None:
        """Another tab's newer game replaces this tab's old one (a computer's turn goes on);
        None: that tab pressed NEW GAME, and this one shows the setup too."""
        self.computers.stop()
        self._resume(saved)
        if saved is None:
            self.celebrate = False
        self.picked = frozenset(saved.selected) if saved is not None else frozenset()
        self.guard.forget()
        self.records = stores.tables(stores.SOLO_KEY)
        self.render()
        self._start_table_builds()
        self.computers.schedule()

    def refresh_tables(self) -> None:
        """Another tab changed the solo records: the end of a game shows them as they are now."""
        self.records = stores.tables(stores.SOLO_KEY)
        if self.state is not None and self.state.over:
            self.render()

    # Setup -------------------------------------------------------------------------------------
    def _start_game(
        self, names: list[str], levels: tuple[str, ...], target: int, real: bool
    ) -> None:
        """The setup's START: a game of these players (a link's seed, else a new one), with
        the app's dice or, `real`, the dice thrown at the table (issue 24)."""
        seed = self.seed if self.seed is not None else random.getrandbits(31)
        self.seed = None
        scheme = seeded.TYPED if real else seeded.SCHEME
        self.state = engine.new_game(names, target, seed, dice_scheme=scheme)
        self.entry.values = ()
        self.levels = levels
        self.record_id, self.picked, self.celebrate = None, frozenset(), False
        self.guard.forget()
        if not self._save():
            return
        self.render()
        self._start_table_builds()
        if not self.computers.to_move():
            start = by_id(self._turn_start())
            start.focus()
            _turn_in_view(start)
        else:
            self.computers.schedule()

    def _on_new_game(self, _event: Any) -> None:
        if self.overtaken():
            return
        self.computers.stop()
        self.state, self.record_id, self.picked = None, None, frozenset()
        self.celebrate = False
        self._save()
        self.render()
        by_id("ms-start").focus()  # the setup shows again: START is what comes next

    def _on_restart(self, _event: Any) -> None:
        if self.state is None or self.state.phase is engine.Phase.OVER:
            self._on_new_game(None)
        else:
            self.host.ask(self.host.t("confirm.restart.text"), lambda: self._on_new_game(None))

    # Play --------------------------------------------------------------------------------------
    def _on_die(self, event: Any) -> None:
        button = event.target.closest("[data-die]")
        view = self.last_view
        if absent(button) or view is None or not self.guard.accepts(event, button):
            return
        die = int(button.dataset.die)
        tap = view.dice[die].tap if die < len(view.dice) else None
        if tap is not None:
            self.picked = tap  # the die, with the dice it only scores with (issue 15)
            self.session.remember(self._saved())  # kept across a reload, as MAGDAGDON's die
            view = self.render()
            self._start_table_builds()  # for a BANK of these dice (`_as_picked`)
            if view is not None and view.selection:
                # What the selection is worth, or why it cannot be taken: said as shown.
                faces = [die.value for die in view.dice if die.picked]
                self.host.announce(speech.selection(view, faces, self.host.t))

    def _shown(self, button: str) -> Moves | None:
        """What the button shows it plays, on the view the player sees."""
        view = self.last_view
        return None if view is None else getattr(view, button)

    def play(self, moves: Moves | None, by_computer: bool = False) -> None:
        """ROLL, or this roll's selection then BANK / ROLL AGAIN (X8, X10), with the seed's dice."""
        state = self.state
        if state is None or not moves or (self.computers.to_move() and not by_computer):
            return  # during a computer's turn the person's controls do nothing
        if self.overtaken():
            return
        before = state
        try:
            for move in moves:
                state = engine.play(state, move)
            if self._apps_throw(state):  # a computer's throw in a game with real dice
                state = engine.apply(state, app_dice(engine.ENGINE, state))
        except RuleError as error:
            # The buttons only offer legal moves; should one slip through, say why in words.
            self.host.announce(speech.refused(error.code, self.host.t))
            return
        self.state, self.picked, self.entry.values = state, frozenset(), ()
        if state.over:
            self._finish(state)
        if not self._save():
            return
        if state.over and not before.over:
            self.celebrate = self._is_celebrated(state)
        happened = [move.kind for move in moves]
        # The events this tap brought (BANK and ROLL AGAIN keep the turn's earlier ones).
        kept = len(before.events) if state.events[: len(before.events)] == before.events else 0
        happened += [type(event).__name__.lower() for event in state.events[kept:]]
        if self.celebrate and state.over:
            happened.append("record")
        feel.tell(happened)
        if isinstance(moves[-1], engine.Roll | engine.RollAgain | Dice):
            for index in range(len(state.dice)):
                restart_animation(by_id(f"ms-die-{index}"), "tumble")
        view = self.render()
        assert view is not None
        said = speech.after_move(state, moves[-1], view, self.host.t)
        if by_computer:
            said = self.computers.with_takes(said)
        self.host.announce(said)
        self.computers.speaking_ms = speech.speaking_ms(said)
        if view.event_kind == "mishimash":
            restart_animation(by_id("ms-event"), "celebrate")
        self._focus_next(by_computer)
        self.tour.take_focus()
        self._start_table_builds()  # a turn that chases the leader builds its table now
        self.computers.schedule()

    def _is_celebrated(self, state: engine.State) -> bool:
        """Issue 16: a solo game that heads its target's table, or a game a person wins
        (never a computer's win, never a solo game that is not the best)."""
        if state.solo:
            ids = [record.id for record in self.records.get(str(state.target), [])]
            return is_new_best(ids, self.record_id)
        # A game saved before seats had levels was played by people only.
        levels = self.levels if self.levels else (PERSON,) * len(state.players)
        return is_persons_win(levels, state.winner)

    def _focus_next(self, by_computer: bool) -> None:
        """After ROLL, BANK or ROLL AGAIN the focus goes where the player goes next (issue 14):
        the first die, ROLL for the next turn, or the result. During a computer's turn it moves
        only if it was lost, and comes back to ROLL when a person is to roll."""
        state = self.state
        if state is None:
            return
        active = document.activeElement
        heading = by_id("mishimash-title")
        if by_computer and not (focus_lost(by_id("screen-mishimash")) or active == heading):
            return
        if state.phase is engine.Phase.OVER:
            self.guard.focus(by_id("ms-result"))
        elif self.computers.to_move():
            self.guard.focus(heading)  # watch its turn; nothing of the person's is live meanwhile
        else:
            target = by_id(self._turn_target())
            self.guard.focus(target)
            _turn_in_view(target)

    def turn_in_view(self) -> None:
        """A person's turn scrolled into view as its start or its throw is (`_turn_in_view`),
        the focus left where it is: a game opened again, a reload included (helper-15 found the
        page at its top after a reload, the turn below the bottom of a 320×568 phone)."""
        state = self.state
        if state is None or state.over or self.tour.active or self.computers.to_move():
            return
        _turn_in_view(by_id(self._turn_target()))

    # Real dice at the table (issue 24) -----------------------------------------------------------
    def _is_person(self, seat: int) -> bool:
        return not self.levels or not self.levels[seat]

    def _apps_throw(self, state: engine.State) -> bool:
        """Whether the app throws now in a game with real dice: a computer seat's throw."""
        waits = dice_to_enter(engine.ENGINE, state) is not None
        return waits and not self._is_person(state.current)

    def _throw_state(self) -> engine.State | None:
        """The game at the throw a person enters now: the one waiting, or at the start of a
        person's turn the first throw (ROLL is then implied: a tester at the table had to tap
        ROLL before every turn's entry); None when no person's throw is to be entered."""
        state = self.state
        if state is None or self.tour.active or not self._is_person(state.current):
            return None
        opened: engine.State | None = throw_state(engine.ENGINE, state, engine.Roll())
        return opened

    def _turn_start(self) -> str:
        """What a person's turn begins with: ROLL, or with real dice the entry of the throw."""
        return "ms-face-1" if self._entering() is not None else "ms-roll"

    def _turn_target(self) -> str:
        """Where a person's turn stands: the entry of the table's throw (enter its dice), the
        first die of a throw to choose from, or ROLL."""
        state = self.state
        thrown = state is not None and state.phase is engine.Phase.SELECT
        return "ms-die-0" if thrown and self._entering() is None else self._turn_start()

    def _throw_moves(self, values: tuple[int, ...]) -> Moves:
        """The moves of a throw entered: those that opened it (the implied ROLL), then it."""
        state, opened = self.state, self._throw_state()
        opening = opened.log[len(state.log) :] if state and opened else ()
        return (*opening, Dice(values))

    def _entering(self) -> int | None:
        """The dice a person is to enter for the throw waiting (None: no such throw)."""
        thrown = self._throw_state()
        return None if thrown is None else dice_to_enter(engine.ENGINE, thrown)

    def _undone(self, state: engine.State) -> Undone | None:
        """The game one person's entry back (None: nothing to take back), once a state: UNDO
        shows only where it does something (an audit pressed it at the game's start and was
        told "Undone" of nothing)."""
        if self._undo_made[0] is not state:
            undone = undo(engine.ENGINE, state, _started(state), self._undoable_entry)
            self._undo_made = (state, undone)
        return self._undo_made[1]

    def _undoable_entry(self, at: engine.State) -> bool:
        """Whether the move played at `at` is a person's entry for UNDO: a ROLL before typed
        dice is not one (the throw entered implies it), so UNDO gives the throw back to mend
        and, tapped again, goes to the entry before it."""
        implied = real_dice(at) and at.phase is engine.Phase.ROLL
        return self._is_person(at.current) and not implied

    def _entry_kept(self) -> None:
        """A face tapped, or an entered die removed: kept across a reload at once."""
        if self.overtaken():
            return
        self.session.remember(self._saved())
        self.render()

    def _on_undo(self, _event: Any) -> None:
        """UNDO: one person's entry back (a typed throw, a selection, BANK, ROLL AGAIN, ROLL),
        into earlier turns as often as wanted; a throw taken back is given back to mend."""
        state = self.state
        if state is None or self.overtaken() or (state.over and not real_dice(state)):
            return
        said = self.entry.take_back()  # a face tapped (or a die removed) in the throw entered
        if said is not None:
            self.host.announce(said)
            if by_id("ms-undo").hidden:  # nothing more to take back: back into the throw
                self.entry.focus()
            return
        undone = self._undone(state)
        if undone is None:
            return
        if state.over:  # the game goes on again: its end is entered again when it comes
            row = self.record_id
            solo = None if row is None else (stores.SOLO_KEY, str(state.target), row)
            self.session.unfinish(solo)
            self.record_id, self.celebrate = None, False
            self.records = stores.tables(stores.SOLO_KEY)
        picked: frozenset[int] = frozenset()
        chosen = undone.state.log[-1] if undone.state.log else None
        if undone.state.phase is engine.Phase.DECIDE and isinstance(chosen, engine.Select):
            # BANK or ROLL AGAIN taken back: a person's selection and decision are one tap, so
            # the screen before it comes back, its dice picked (a tester saw the next roll's
            # multiplier, no die kept and no coach).
            before = undo(engine.ENGINE, undone.state, _started(state), lambda at: True)
            if before is not None:
                undone, picked = before, frozenset(chosen.dice)
        self.computers.stop()
        self.state, self.picked, self.entry.values = undone.state, picked, undone.dice
        self.guard.forget()
        saved = self._saved()
        if saved is None or not self.session.rewind(saved):
            return
        self.render()
        if state.over:
            by_id("ms-undo").focus()  # the end screen's UNDO is gone with it
        if by_id("ms-undo").hidden and focus_lost(by_id("screen-mishimash")):
            # Nothing more to take back, the button gone: on into the turn, as MAGDAGDON
            # goes (helper-19's next Enter fell on the page's body).
            if self._entering() is not None:
                self.entry.focus()
            else:
                self._focus_next(by_computer=False)
        now, t = undone.state, self.host.t
        name = now.players[now.current]
        if undone.dice:  # said as MAGDAGDON says it (helper-18 heard only whose turn it was)
            self.host.announce(t("table.undo.throw_back", dice=t.faces(undone.dice), name=name))
        else:
            self.host.announce(t("table.undo.done", name=name))
        self._start_table_builds()
        self.computers.schedule()

    def _on_correct(self, seat: int, round_: int, halves: int) -> str | None:
        """Correct a turn: the game with the correction logged, or why not (nothing changes)."""
        state = self.state
        if state is None or self.overtaken():
            return None
        try:
            corrected = engine.apply(state, engine.Correct(seat, round_, halves))
        except RuleError as error:
            reason = error.code.removeprefix("mishimash.").removeprefix("correct_")
            known = reason in ("below_zero", "reaches_target")
            return self.host.t(f"table.correct.{reason}") if known else str(error)
        self.state, self.picked = corrected, frozenset()
        if not self._save():
            return None
        self.render()
        fix = Correction(seat, round_, halves)
        self.host.announce(correction_line(corrected, fix, self.host.t))
        return None

    def _correctable(self) -> tuple[str, ...] | None:
        """The seats a correction may mend now: real dice, the race, between turns."""
        state = self.state
        if state is None or not real_dice(state) or self.computers.to_move():
            return None
        between = state.phase is engine.Phase.ROLL and state.round is engine.Round.RACE
        shown = self.sheet.open and not self.tour.active
        return state.players if between and any(state.turns) and shown else None

    def _sheet(self) -> Sheet | None:
        state, t = self.state, self.host.t
        if state is None:
            return None
        if self._sheet_made[:2] != (state, t.language):
            self._sheet_made = (state, t.language, build_sheet(state, t))
        return self._sheet_made[2]

    # The final round's odds, built between frames ------------------------------------------------
    def _start_table_builds(self) -> None:
        """With rivals at the table, the final round needs its tables (the coach and the
        strongest computer use them): the chance to win where two contenders count, then the
        chance to reach. Both ship as data; a table for one turn alone (a chase), or a shipped
        one whose file could not be read, takes seconds to build, so it is built now, in slices
        of a few milliseconds between frames."""
        if self.state is None or self.state.solo or self._building:
            return
        built = odds.reach_ready() and win_chance.tables_ready()
        chase = win_chance.chase_pending(self.state)
        # A small chase (a few dozen milliseconds) is built whole before the page paints, a
        # larger one for BEFORE_PAINT_MS, then between frames: the coach does not show
        # "working out" for a frame or two at each turn (helper-33), on a slow device too.
        # One that takes far longer is left to the frames: the tap paints at once (helper-36
        # saw BANK paint 96-136 ms after the tap for nothing).
        small = win_chance.chase_is_small(self.state)
        near = chase and not win_chance.chase_is_large(self.state)
        if built and near and win_chance.step_chase(self.state, inf if small else BEFORE_PAINT_MS):
            self.render()
            chase = False
        # Four seats: the next player's costly table was built while the final round could
        # begin (own_past.py); what is left takes tens of milliseconds, built before the paint.
        if (
            built
            and not later_players.page_ready(self.state)
            and later_players.page_needs(self.state)
            and not later_players.left_is_large(self.state)
        ):
            if later_players.page_step(self.state, BEFORE_PAINT_MS):
                self._keep_built(self.state)
            if later_players.page_ready(self.state):
                self.render()
        own = chase or self._race_bank_pending() or self._chase_ahead() is not None
        own = own or win_chance.last_ahead(self.state) is not None
        if built and not own and not later_players.page_pending(self._as_picked(self.state)):
            self._building_now(False)  # nothing to build
            return
        self._building_now(True)
        self._build_soon()

    def _build_soon(self) -> None:
        self._slices.port2.postMessage(None)

    def _read_tables_ahead(self) -> None:
        """The setup, once opened, shows rivals: the shipped tables a game with rivals reads
        (megabytes of chances) are read now, between frames. Read when START asked for them,
        they took one task of 0.6-1.5 s in Pyodide (the game showed 0.8-2.1 s after the tap)."""
        if self._setup_with_rivals() and not self._building and not self._reading_ahead:
            self._reading_ahead = True
            self._build_soon()

    def _setup_with_rivals(self) -> bool:
        return self._loaded and self.state is None and len(self.seats) > 1

    def _read_ahead_step(self) -> None:
        """A slice of the setup's reading; its chain ends once read, or once a game began (its
        own build reads what is left at once, and goes on in slices of its own)."""
        read = not self._setup_with_rivals() or (
            win_chance.tables_builder().load_step(20) and odds.reach_load_step(20)
        )
        self._reading_ahead = not read
        if self._reading_ahead:
            self._build_soon()

    def _keep_built(self, planned: engine.State) -> None:
        """What was built for the position `planned` reads, and its player's chance as its
        turn begins, kept for a reload (later_players.dump_built)."""
        storage.session_write(LATER_BUILT, later_players.dump_built(planned))

    def _keep_own_past(self) -> None:
        """The next player's table past the leader, once built, kept for a reload (own_past)."""
        for want in later_players.own_pasts(self.state) if self.state is not None else []:
            text = own_past.dump(want)
            if text is not None:
                storage.session_write(OWN_PAST, text)
                return

    def _building_now(self, building: bool) -> None:
        """Whether tables are being built between frames; `data-building` on the game says it
        (the e2e tests wait for it where a player would take a few seconds)."""
        self._building = building
        by_id("ms-game").dataset.building = "true" if building else "false"

    def _race_bank_pending(self) -> bool:
        """A lone leader's chance with two to play that BANK would leave: in the race at a
        table of three, and in a final round the page does not build the turn's chances for
        (they hold BANK's too)."""
        state = self.state
        if state is None or later_players.page_needs(state):
            return False
        return bool(two_left.pending(two_left.wanted(state)))

    def _as_picked(self, state: engine.State) -> engine.State:
        """The game the page builds ahead for: in the race, with the dice picked taken where
        they are a selection. bank_ahead guesses the BANK of every die that scores from the
        roll alone; a player who picks fewer would begin the final round lower (helper-36's
        four seats: 1.3 s of "working out" after such a BANK, the guess's table built instead)."""
        if state.round is not engine.Round.RACE or not self.picked:
            return state
        # The same game object while the pick stands: what to build is remembered for the
        # last game asked about, by identity (last_state.py), and asked at every slice.
        made = self._picked_made
        if made is None or made[0] is not state or made[1] != self.picked:
            made = self._picked_made = (state, self.picked, preview(state, self.picked) or state)
        return made[2]

    def _chase_ahead(self) -> engine.State | None:
        """Three seats: the final round a BANK now would begin (bank_ahead), where its first
        turn chases the leader with a table of its own not built yet (win_chance.Chase: the
        further behind, the longer), built while the decision is made."""
        state = self.state
        banked = bank_ahead.banked(self._as_picked(state)) if state is not None else None
        return banked if banked is not None and win_chance.chase_pending(banked) else None

    def _build_tables(self) -> None:
        if self._reading_ahead:
            self._read_ahead_step()
            return
        if not win_chance.tables_ready():
            if win_chance.tables_builder().step(20) and self.state is not None:
                self.render()  # the chance to win can show now
            self._build_soon()
        elif self.state is not None and win_chance.chase_pending(self.state):
            # A table for this turn alone (a chase, a last turn against level leaders): first.
            if win_chance.step_chase(self.state, 20):
                self.render()
            self._build_soon()
        elif self.state is not None and self._race_bank_pending():
            # A race's BANK that reaches the target at a table of three: its chance to win.
            if two_left.step(two_left.wanted(self.state), 20):
                self.render()
            self._build_soon()
        elif self.state is not None and later_players.page_pending(
            planned := self._as_picked(self.state)
        ):
            # Two still to play after this player: its chance to win, seconds of building
            # (the coach says it is working out the odds meanwhile; no computer waits). It
            # shows once this point's are built, before what is built ahead for later turns.
            was_ready = later_players.page_ready(self.state)
            done = later_players.page_step(planned, 20)
            if done or later_players.page_ready(self.state) != was_ready:
                self._keep_built(planned)
                self.render()
            self._keep_own_past()
            self._build_soon()
        elif (ahead := self._chase_ahead()) is not None:
            # Three seats: the next player's chase, should this BANK begin the final round.
            win_chance.step_chase(ahead, 20)
            self._build_soon()
        elif self.state is not None and win_chance.last_ahead(self.state) is not None:
            # The last player's table against level leaders, should this turn end below or level.
            win_chance.step_last_ahead(self.state, 20)
            self._build_soon()
        elif odds.reach_ready() or odds.reach_builder().step(20):  # shipped: nothing to build
            self._building_now(False)
            if self.state is not None:
                self.render()  # the coach's final-round lines can show now
        else:
            self._build_soon()

    # Render ------------------------------------------------------------------------------------
    def render(self) -> MishimashView | None:
        state, t = self.state, self.host.t
        by_id("ms-setup").hidden = state is not None
        by_id("ms-restart").hidden = state is None
        if state is None:
            self.last_view = None
            by_id("ms-game").hidden = True
            by_id("ms-over").hidden = True
            self.form.render()
            return None
        people = frozenset(p for p, level in enumerate(self.levels) if not level)
        if not self.levels:
            people = frozenset(range(len(state.players)))
        coach_for = people if stores.coach_on() else None
        view = build_view(state, self.picked, t, self.computers.to_move(), coach_for)
        self.last_view = view
        game_shown = not by_id("ms-game").hidden
        roll_shown = game_shown and not by_id("ms-roll").hidden
        actions_shown = game_shown and not by_id("ms-actions").hidden
        over_shown = not by_id("ms-over").hidden
        over = view.phase == "over"
        by_id("ms-restart").hidden = over  # the end has its own NEW GAME
        by_id("ms-game").hidden = over
        by_id("ms-over").hidden = not over
        by_id("screen-mishimash").dataset.phase = view.phase

        players = by_id("ms-players")
        players.replaceChildren()
        for player in view.players:
            item = document.createElement("li")
            item.className = "current" if player.current else ""
            if player.current:
                item.setAttribute("aria-current", "true")
            name = document.createElement("span")
            name.className = "name"
            name.textContent = player.name  # text only: a name is never HTML
            total = document.createElement("strong")
            total.textContent = player.total
            item.append(name, total)
            if player.note:
                note = document.createElement("small")
                note.textContent = player.note
                item.appendChild(note)
            players.appendChild(item)
        by_id("ms-target").textContent = view.target
        show_text(by_id("ms-banner"), view.banner)
        render_event(by_id("ms-event"), by_id("ms-last"), view)
        by_id("ms-turn-of").textContent = view.turn
        by_id("ms-roll-info").textContent = view.roll_info
        by_id("ms-turn-points").textContent = view.turn_points
        by_id("ms-to-beat").textContent = view.to_beat
        by_id("ms-to-beat").hidden = not view.to_beat
        for index in range(DICE):
            die_el = by_id(f"ms-die-{index}")
            if index < len(view.dice):
                die = view.dice[index]
                die_el.hidden = False
                show_face(die_el, die.value)
                die_el.dataset.value = str(die.value)
                die_el.dataset.status = "picked" if die.picked else "available"
                die_el.disabled = not view.dice_open
                die_el.setAttribute("aria-pressed", "true" if die.picked else "false")
                die_el.setAttribute("aria-label", die.label)
                self.guard.show(die_el, "die" if die.tap is not None else None)
            else:
                die_el.hidden = True
                self.guard.show(die_el, None)
        selection = by_id("ms-selection")
        selection.textContent = view.selection or t("mishimash.hint.roll")
        selection.dataset.ok = "true" if view.selection_ok else "false"
        # A refusal looks like one, not like the hint (issue 15).
        selection.dataset.kind = "error" if view.selection_error else ""
        rolling = view.phase == "roll"
        roll, bank, again = by_id("ms-roll"), by_id("ms-bank"), by_id("ms-again")
        roll.hidden = not rolling
        roll.disabled = view.roll is None  # a computer's turn: watch it
        by_id("ms-actions").hidden = rolling
        bank.textContent, bank.disabled = view.bank_label, view.bank is None
        bank.dataset.loses = "true" if view.bank_loses else "false"
        _second_line(bank, view.bank_total)
        again.textContent, again.disabled = view.roll_again_label, view.roll_again is None
        _second_line(again, view.roll_again_dice, view.coach.roll_again)
        guard = self.guard
        guard.show(roll, "roll" if view.roll is not None else None)
        guard.show(bank, "bank" if view.bank is not None else None)
        guard.show(again, "again" if view.roll_again is not None else None)
        # ROLL stands where BANK was (and BANK where ROLL was): a tap meant for the one that
        # left must not land on the one that came.
        if not over and rolling and actions_shown:
            guard.hold(roll)
        if not over and not rolling and roll_shown:
            guard.hold(bank)
            guard.hold(again)
        if over and game_shown and not over_shown:
            guard.hold(by_id("ms-new"))
        coach = by_id("ms-coach")
        coach.replaceChildren()
        for line in view.coach.lines:
            item = document.createElement("li")
            item.textContent = line
            coach.appendChild(item)
        coach.hidden = not view.coach.lines
        by_id("ms-roll").textContent = t("mishimash.roll")
        entering = self._entering()
        self.entry.show(entering, t)
        # The table throws: its dice are entered, not shown or tapped.
        by_id("ms-dice").hidden = by_id("ms-selection").hidden = entering is not None
        if entering is not None:
            by_id("ms-actions").hidden = by_id("ms-roll").hidden = True
        # The table's own tools, for a game of real dice: the sheet that replaces the paper,
        # UNDO for a tap or a throw typed wrong.
        at_table = real_dice(state) and not self.tour.active
        by_id("ms-table-row").hidden = not at_table or over
        undoable = at_table and (self.entry.can_take_back or self._undone(state) is not None)
        by_id("ms-undo").hidden = not undoable or over
        by_id("ms-over-undo").hidden = not undoable or not over  # a last throw typed wrong
        self.sheet.render(over, at_table)
        self.correction.show(self._correctable(), state.turns)
        if over:
            render_over(state, view, t, self.records, self.record_id, self.celebrate)
        self.review.reset()
        if self.tour.active:
            self.tour.update(self._tour_facts(state))
        return view


def _started(state: engine.State) -> engine.State:
    """The game as it started (UNDO replays its log from there)."""
    return engine.new_game(state.players, state.target, state.seed, state.dice_scheme)


# Room kept under the coach's first line for the lines a pick adds (bank now · roll on, ends
# level, who still plays): about four lines of a 320 px phone.
COACH_ROOM = 200
# sessionStorage: the chances built for a player with two still to play after it, and its
# chance as its turn begins (a reload starts from them: later_players.dump_built)
LATER_BUILT = "cubiri.ms.later"
# The next player's table past the leader (own_past.dump): about 0.9 MB of text, for a reload.
OWN_PAST = "cubiri.ms.own_past"
# A chase's table is built this long when a turn begins, before the page paints, then between
# frames (a small one, win_chance.chase_is_small, is built whole).
BEFORE_PAINT_MS = 60


def _second_line(button: Any, *texts: str) -> None:
    """A button's small lines under its label (BANK's total; ROLL AGAIN's dice, then its bust
    chance: on one line they broke inside words at 320 px, helper-17), each read after a
    pause, "BANK 3, total 3" (an audit heard "BANK 3 total 3"): a hidden comma, as an
    aria-label would not hold the visible text whole."""
    for text in texts:
        if not text:
            continue
        pause = document.createElement("span")
        pause.className = "visually-hidden"
        pause.textContent = ","
        line = document.createElement("small")
        line.className = "ms-odds"
        line.textContent = text
        button.append(pause, line)


def _turn_in_view(target: Any) -> None:
    """A person's turn, its focus on `target` (its entry's first face, ROLL, or the first die
    of a throw), scrolled so that what decides it is in view, as far as each allows in this
    order of need: `target`; the turn's line with the total to beat; before the throw, the bust
    that ended the turn before and, at a table, UNDO; BANK and ROLL AGAIN; the
    FINAL ROUND or SUDDEN DEATH banner (before the throw); the rest of the entry; the coach's
    first line and room for the lines a pick adds; the banner (once thrown); the whole coach.
    Of the scrolls that allow them, the smallest. Audits: at 320×640 the focus alone scrolled
    a Vietnamese sudden-death banner off the top and left an English entry's USE THESE DICE
    below the bottom; at 320×568 with three seats the chance to win sat under ROLL, below the
    bottom, and a pick's verdict was cut off (helper-15); at 320×568 a bust typed wrong left
    its line and UNDO above the top (helper-18)."""
    margin, height = 8, window.innerHeight

    def box(element_id: str) -> Any:
        element = by_id(element_id)
        return None if element.closest("[hidden]") else element.getBoundingClientRect()

    aim = target.getBoundingClientRect()
    low, high = aim.bottom - (height - margin), aim.top - margin  # the scroll's bounds
    low = min(low, high)  # taller than the screen: its top

    def keep(top: float | None = None, bottom: float | None = None) -> None:
        """Narrows the bounds to keep a top (or a bottom) edge in view, where they allow it."""
        nonlocal low, high
        new_low = low if bottom is None else max(low, bottom - (height - margin))
        new_high = high if top is None else min(high, top - margin)
        if new_low <= new_high:
            low, high = new_low, new_high

    thrown = target.id == "ms-die-0"
    turn, actions, banner = box("ms-turn-line"), box("ms-actions"), box("ms-banner")
    entry, coach = box("ms-entry"), box("ms-coach")
    first = by_id("ms-coach").firstElementChild
    keep(top=turn.top if turn else None)
    event, undo = box("ms-event"), box("ms-undo")
    if event and by_id("ms-event").dataset.kind == "bust" and not thrown:
        keep(top=event.top)  # the bust that ended the turn before
        if undo:  # at a table, UNDO mends a throw typed wrong
            keep(top=undo.top)
    if thrown and actions:
        keep(bottom=actions.bottom)
    if banner and not thrown:
        keep(top=banner.top)
    if entry and by_id("ms-entry").contains(target):
        keep(bottom=entry.bottom)
    if coach and first is not None:
        keep(bottom=first.getBoundingClientRect().bottom)
        if thrown:
            keep(bottom=coach.top + COACH_ROOM)
    if banner and thrown:
        keep(top=banner.top)
    if coach:
        keep(bottom=coach.bottom)
    shift = min(max(0.0, low), high)  # the smallest scroll within the bounds
    if abs(shift) >= 1:
        window.scrollBy(0, shift)
