"""One kernel for both games: actions as registered values, chance as a step, the saved game.

Each game declares its actions (`Action` subclasses with a `kind`), one handler per action, its
legal actions, where its dice are thrown, its outcome and a short description (`GameInfo`);
`Engine` does the rest the same way for both: dispatch and JSON through one registry of kinds
(boardgame.io's name → move map), the log, the chance step (OpenSpiel's chance node) with its
outcomes, where the dice come from (the seed, a person at a table, or a test's script), and
saving and loading with a check of every move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar, dataclass_transform

from cubiri import dice as seeded

SAVE_VERSION = 2  # 1: dice results inside the throwing action, and one dice stream per log entry
FACES = seeded.FACES


class RuleError(ValueError):
    """An action the rules do not allow. `code` is stable: the UI maps it to a locale key."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def is_whole(value: Any) -> bool:
    """An int, and not a bool (which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(value: Any, what: str = "value") -> int:
    """`value` if it is a whole number, else a ValueError naming `what`."""
    if not is_whole(value):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    return int(value)


# Actions ---------------------------------------------------------------------------------------
@dataclass_transform(frozen_default=True)
class Action:
    """An action is a frozen dataclass with a `kind`: its name in the log and in JSON. A game
    declares one as `class Stage(Action, kind="stage"): …fields…`.

    `keeps_events`: whether the events of the moves before it still stand after it (a chance
    step, or a move that finishes what the one before began); otherwise it starts afresh."""

    kind: ClassVar[str]
    keeps_events: ClassVar[bool]

    def __init_subclass__(cls, kind: str, keeps_events: bool = False, **options: Any) -> None:
        super().__init_subclass__(**options)
        cls.kind, cls.keeps_events = kind, keeps_events
        dataclass(frozen=True)(cls)  # in place: the class itself becomes the dataclass

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for item in fields(self):  # type: ignore[arg-type]
            value = getattr(self, item.name)
            data[item.name] = list(value) if isinstance(value, tuple) else value
        return data


class Dice(Action, kind="dice", keeps_events=True):
    """The outcome of a throw: the values, in the order of the dice thrown."""

    values: tuple[int, ...]


def action_from_dict(kinds: dict[str, type[Action]], data: Any) -> Action:
    """The action `data` writes (`{"type": "stage", "die": 0, "cell": 5}`): exactly the fields of
    its kind, each a whole number or a list of them; ValueError otherwise."""
    if not isinstance(data, dict):
        raise ValueError(f"an action is an object, not {data!r}")
    cls = kinds.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown action type {data.get('type')!r}")
    names = [item.name for item in fields(cls)]  # type: ignore[arg-type]
    if set(data) != {"type", *names}:
        raise ValueError(f"malformed {cls.kind} action: {data!r}")
    values: dict[str, int | tuple[int, ...]] = {}
    for item in fields(cls):  # type: ignore[arg-type]
        raw = data[item.name]
        if str(item.type).startswith("tuple"):
            if not isinstance(raw, list):
                raise ValueError(f"{cls.kind}.{item.name} is a list, not {raw!r}")
            values[item.name] = tuple(whole_number(v, item.name) for v in raw)
        else:
            values[item.name] = whole_number(raw, item.name)
    return cls(**values)


# Chance ----------------------------------------------------------------------------------------
class DiceScript:
    """A test's (or a walkthrough's) dice: each throw takes the next values of the script."""

    def __init__(self, throws: Iterable[Iterable[int]]) -> None:
        self._throws = iter(throws)

    def next(self, count: int) -> Dice:
        values = tuple(next(self._throws, ()))
        if len(values) != count:
            raise ValueError(f"the script has no throw of {count} dice here: {values!r}")
        return Dice(values)


@dataclass(frozen=True)
class Throw:
    """A chance node: `count` dice are thrown now; `position` (turn, roll in the turn) keys their
    stream, so the same seed gives the same dice there whatever was chosen before."""

    count: int
    position: tuple[int, int]


def outcomes(count: int) -> Iterator[tuple[Dice, float]]:
    """Every distinct outcome of `count` dice (sorted values) and its probability."""
    total = 6**count
    for values, ways in seeded.distinct_throws(count):
        yield Dice(values), ways / total


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared once for the records, the history and the views to read
    instead of re-deriving it from the rules."""

    name: str
    players: tuple[int, int]  # fewest and most seats
    dice_per_throw: int  # a turn's first throw
    score: tuple[int, int] | None  # the lowest and highest final score a game can make
    turns: tuple[int, int | None]  # the fewest and most turns a finished game takes (None: no cap)


# The engine ------------------------------------------------------------------------------------
class GameState(Protocol):
    @property
    def seed(self) -> int: ...
    @property
    def dice_scheme(self) -> int: ...
    @property
    def log(self) -> tuple[Action, ...]: ...
    @property
    def events(self) -> tuple[Any, ...]: ...

    @property
    def over(self) -> bool: ...


S = TypeVar("S", bound=GameState)
Handler = Callable[[S, Any], S]


class Engine(Generic[S]):
    """The parts both games share. A game registers one handler per action kind with `rule`."""

    def __init__(
        self,
        game: str,
        legal: Callable[[S], list[Action]],
        throw: Callable[[S], Throw | None],
        setup: Callable[[S], dict[str, Any]],
        start: Callable[[dict[str, Any], int, int], S],
        snapshot: Callable[[S], dict[str, Any]],
        outcome: Callable[[S], dict[str, Any]],
        info: GameInfo,
    ) -> None:
        self.game, self.info = game, info
        self._legal, self._throw, self._outcome = legal, throw, outcome
        self._setup, self._start, self._snapshot = setup, start, snapshot
        self.kinds: dict[str, type[Action]] = {}
        self._handlers: dict[type[Action], Handler[S]] = {}

    def rule(self, action: type[Action]) -> Callable[[Handler[S]], Handler[S]]:
        """Register the handler of `action`: its kind becomes a name the log and JSON know."""

        def register(handler: Handler[S]) -> Handler[S]:
            self.kinds[action.kind] = action
            self._handlers[action] = handler
            return handler

        return register

    def error(self, code: str, message: str) -> RuleError:
        return RuleError(message, f"{self.game}.{code}")

    # Playing -------------------------------------------------------------------------------
    def throw(self, state: S) -> Throw | None:
        """The throw waiting for its dice, or None when a player is to act."""
        return None if state.over else self._throw(state)

    def legal_actions(self, state: S) -> list[Action]:
        """What may be played now; at a chance node, every distinct outcome of the throw
        (sorted values): those of `chance_outcomes`. `apply` takes each of them in any order
        too, since the order of the values is only which die shows which."""
        return [dice for dice, _ in self.chance_outcomes(state)] or (
            [] if state.over else self._legal(state)
        )

    def chance_outcomes(self, state: S) -> list[tuple[Dice, float]]:
        """At a pending throw, each distinct outcome (sorted values) once with its probability
        (they sum to 1); [] when no throw is pending."""
        throw = self.throw(state)
        return [] if throw is None else list(outcomes(throw.count))

    def outcome(self, state: S) -> dict[str, Any] | None:
        """None while the game goes on; for a finished game a plain JSON summary (the score
        and its parts, or each seat's total and the winner): what records and the history read
        instead of the log."""
        return self._outcome(state) if state.over else None

    def apply(self, state: S, action: Action) -> S:
        """The state after `action`, or a RuleError (with a stable code) saying why not."""
        if state.over:
            raise self.error("game_over", "the game is over")
        handler = self._handlers.get(type(action))
        if handler is None:
            raise self.error("unknown_action", f"not a {self.game} action: {action!r}")
        throw = self._throw(state)
        if throw is not None and not isinstance(action, Dice):
            raise self.error("dice_expected", f"the dice are being thrown: {throw.count} values")
        if isinstance(action, Dice):
            if throw is None:
                raise self.error("no_throw", "no dice are being thrown now")
            _check_dice(self, action.values, throw.count)
            action = Dice(tuple(action.values))  # typed as a list, kept as the log's tuple
        events = state.events if action.keeps_events else ()
        before = replace(state, log=(*state.log, action), events=events)  # type: ignore[type-var]
        return handler(before, action)

    def seeded_dice(self, state: S) -> Dice:
        """The dice the seed gives at the pending throw (ValueError when there is none, or
        when the game is played with real dice)."""
        throw = self.throw(state)
        if throw is None:
            raise ValueError("no dice are being thrown now")
        if state.dice_scheme == seeded.TYPED:
            raise ValueError("a game with real dice waits for the dice its players throw")
        if state.dice_scheme == 1:
            # Scheme 1 keyed a throw on its place among the player's moves in the log.
            place = sum(1 for action in state.log if not isinstance(action, Dice)) - 1
            return Dice(seeded.legacy_throw(state.seed, place, throw.count))
        return Dice(seeded.throw(state.seed, self.game, throw.position, throw.count))

    def play(self, state: S, action: Action, dice: DiceScript | None = None) -> S:
        """What the app does with a player's move: `apply`, then the dice of any throw it
        starts, from `dice` (a script) if given, else from the game's own source: the seed's
        dice, or, with real dice (TYPED), none: the state waits at its throw for
        `apply(state, Dice(values))` with what the person typed."""
        return self.settle(self.apply(state, action), dice)

    def settle(self, state: S, dice: DiceScript | None = None) -> S:
        """Throw every pending throw that the source can throw (see `play`)."""
        while (throw := self.throw(state)) is not None:
            if dice is not None:
                state = self.apply(state, dice.next(throw.count))
            elif state.dice_scheme == seeded.TYPED:
                break
            else:
                state = self.apply(state, self.seeded_dice(state))
        return state

    # Saving --------------------------------------------------------------------------------
    def to_dict(self, state: S) -> dict[str, Any]:
        """Plain JSON: the setup, the log (the truth) and a snapshot of what it leads to."""
        return {
            "game": self.game,
            "version": SAVE_VERSION,
            "dice_scheme": state.dice_scheme,
            **self._setup(state),
            "seed": state.seed,
            "log": [action.to_dict() for action in state.log],
            **self._snapshot(state),
        }

    def from_dict(self, data: Any) -> S:
        """The state saved by `to_dict` (or by save version 1), rebuilt by replaying its log;
        ValueError if anything is missing, malformed, illegal, thrown with other dice than the
        seed gives (a seeded game), or disagrees with the snapshot: a corrupt or edited save.
        A game with real dice (TYPED) replays the dice its players typed."""
        if not isinstance(data, dict) or data.get("game") != self.game:
            raise ValueError(f"not a saved {self.game} game")
        version = data.get("version")
        if version == 1:
            scheme, log = 1, _legacy_log(self.kinds, data.get("log"))
        elif version == SAVE_VERSION:
            scheme = check_scheme(data.get("dice_scheme"))
            log = self._log(data.get("log"))
        else:
            raise ValueError(f"unsupported save version {version!r}")
        state = self._start(data, whole_number(data.get("seed"), "seed"), scheme)
        for action in log:
            at_throw = isinstance(action, Dice) and self.throw(state) is not None
            if at_throw and scheme in seeded.SEEDED and action != self.seeded_dice(state):
                raise ValueError(f"logged dice {action.to_dict()['values']} are not the seed's")
            state = self.apply(state, action)
        snapshot = self._snapshot(state)
        for key, value in snapshot.items():
            if data.get(key) != value:
                raise ValueError(f"saved {key} {data.get(key)!r} disagrees with its log")
        return state

    def _log(self, entries: Any) -> list[Action]:
        if not isinstance(entries, list):
            raise ValueError("a saved game needs its log")
        return [action_from_dict(self.kinds, entry) for entry in entries]


def check_scheme(scheme: Any) -> int:
    """A game's source of dice (`cubiri.dice`): the seed's (a scheme of SEEDED) or TYPED."""
    if not is_whole(scheme) or scheme not in seeded.SCHEMES:
        raise ValueError(f"unknown dice scheme {scheme!r}: use one of {seeded.SCHEMES}")
    return int(scheme)


def _check_dice(engine: Engine[Any], values: Iterable[int], count: int) -> None:
    values = tuple(values)
    if len(values) != count or not all(is_whole(v) and v in FACES for v in values):
        raise engine.error("bad_dice", f"a throw of {count} dice needs {count} values 1–6")


def _legacy_log(kinds: dict[str, type[Action]], entries: Any) -> list[Action]:
    """Save version 1 wrote a throw's dice as its action's "result", and some actions carried
    what the screen showed (who banked, what was lost): keep the moves, make the dice a step."""
    if not isinstance(entries, list):
        raise ValueError("a saved game needs its log")
    log: list[Action] = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise ValueError(f"an action is an object, not {entry!r}")
        cls = kinds.get(entry.get("type"))  # type: ignore[arg-type]
        if cls is None:
            raise ValueError(f"unknown action type {entry.get('type')!r}")
        names = {"type", *(item.name for item in fields(cls))}  # type: ignore[arg-type]
        log.append(action_from_dict(kinds, {k: v for k, v in entry.items() if k in names}))
        if "result" in entry:
            log.append(action_from_dict(kinds, {"type": "dice", "values": entry["result"]}))
    return log
