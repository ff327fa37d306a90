"""GameState: the public surface every game implements (see docs/architecture.md).

A game subclasses GameState and fills in the underscored hooks. The base class owns
what is the same for every game: turn checks, atomic application against the legal
actions (the single source of truth), the log, records, JSON, clones and
determinization.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, MutableSequence, Sequence
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Decision
from .chance import CHANCE_SEAT, ChanceEvent, ChancePending, Feed, Pending
from .errors import IllegalAction
from .log import LogEntry
from .options import OptionValue
from .rng import Rng

if TYPE_CHECKING:
    from .spec import GameSpec

JsonDict = dict[str, Any]


class GameState(ABC):
    __slots__ = (
        "_cache", "_feed", "_log", "_pending", "data_pack", "history", "options", "players", "quiet",
        "rng", "seed", "spec",
    )

    #: rule reference for "not your turn" and "the game is over" errors
    TURN_RULE: ClassVar[str] = "turn order"
    #: True when nothing a search runs on the game's copies (its rules, its heuristic) reads
    #: the log: `determinize(..., quiet=True)` then gives a copy that keeps no log. False
    #: (the default) keeps the log in every copy.
    QUIET_SEARCH: ClassVar[bool] = False

    spec: GameSpec
    players: int
    seed: int
    options: dict[str, OptionValue]
    data_pack: str | None  # a data pack folder overlaying the shipped component data
    rng: Rng
    _log: list[LogEntry]
    history: list[tuple[int, str]]
    _cache: dict[int, tuple[Decision, frozenset[str] | None]]
    _feed: Feed | None  # None: draws use `rng`; a Feed: explicit chance (see engine/chance.py)
    _pending: Pending | None  # the action stopped at a draw, with explicit chance
    #: a search copy (`determinize(..., quiet=True)` of a game with `QUIET_SEARCH`): `say`
    #: writes nothing, so the log stays empty; a title may skip building log text when set.
    quiet: bool

    # ----------------------------------------------------------------- creation
    @classmethod
    def create(
        cls,
        spec: GameSpec,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
        data_pack: str | None = None,
        explicit_chance: bool = False,
    ) -> GameState:
        st = cls._bare(spec, players, seed, options, data_pack)
        if explicit_chance:
            st._feed = Feed()
            st._run_explicit(None, None, ())
        else:
            st._setup()
        return st

    @classmethod
    def _bare(
        cls, spec: GameSpec, players: int, seed: int, options: dict[str, OptionValue],
        data_pack: str | None,
    ) -> GameState:
        """A state with the engine's fields only (the game's own come from `_setup`)."""
        st = cls.__new__(cls)
        st.spec = spec
        st.players = players
        st.seed = seed
        st.options = options
        st.data_pack = data_pack
        st.rng = Rng(seed)
        st._log = []
        st.history = []
        st._cache = {}
        st._feed = None
        st._pending = None
        st.quiet = False
        return st

    @classmethod
    def load(cls, spec: GameSpec, data: JsonDict) -> GameState:
        try:
            st = cls.__new__(cls)
            st.spec = spec
            st.players = int(data["players"])
            st.seed = int(data["seed"])
            st.options = spec.validate(st.players, data["options"])
            st.data_pack = data.get("data")
            st.rng = Rng.from_state(int(data["rng"]))
            st._log = [LogEntry.from_dict(e) for e in data["log"]]
            st.history = [(int(s), str(a)) for s, a in data["history"]]
            st._cache = {}
            st._feed = None
            st._pending = None
            st.quiet = False
            chance = data.get("chance")
            if chance is not None:
                st._feed = Feed()
                pending = chance.get("pending")
                if data["state"] is not None:
                    st._load(data["state"])
                if pending is not None:  # run it again: it stops at the same draw
                    seat = pending["seat"]
                    st._run_explicit(None if seat is None else int(seat), pending["action"],
                                     tuple(int(k) for k in pending["outcomes"]))
            else:
                st._load(data["state"])
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"not a valid saved {spec.title} game: missing or bad {exc}") from None
        return st

    # ---------------------------------------------------------- game's hooks
    @abstractmethod
    def _setup(self) -> None: ...

    @abstractmethod
    def _to_act(self) -> tuple[int, ...]: ...

    @abstractmethod
    def _decision(self, seat: int) -> Decision: ...

    @abstractmethod
    def _apply(self, seat: int, action_id: str) -> None: ...

    @abstractmethod
    def _view(self, seat: int | None) -> JsonDict: ...

    def _info_key(self, seat: int | None) -> str | None:
        """Optional: a compact string holding exactly the information of `_view(seat)` (two
        states give equal keys if and only if their views are equal), for search trees keyed
        by information state (OpenSpiel's IS-MCTS). None (the default): callers key by the
        view itself."""
        return None

    @abstractmethod
    def _outcome(self) -> JsonDict: ...

    def _outcome_for(self, seat: int) -> JsonDict:
        """Optional: the running outcome counting only what `seat` may see (its view), for a
        game whose provisional scores hold something hidden from it (a secret goal already
        met). The default, `_outcome()`, suits a game whose running outcome is public."""
        return self._outcome()

    @abstractmethod
    def _dump(self) -> JsonDict: ...

    @abstractmethod
    def _load(self, data: JsonDict) -> None: ...

    @abstractmethod
    def _clone_into(self, other: Any) -> None: ...

    @abstractmethod
    def _determinize(self, seat: int, rng: Rng) -> None: ...

    @property
    @abstractmethod
    def over(self) -> bool: ...

    def _round(self) -> int:
        return 0

    def components(self) -> dict[str, int]:
        """Totals of finite components (tokens, cards, ...) that must never change.

        The conformance suite checks these stay constant through a game; a game whose
        components all move between places returns a stable fingerprint per kind.
        """
        return {}

    def _why_illegal(self, seat: int, action_id: str) -> tuple[str, str] | None:
        """A specific reason and rule for an action that is not legal, if the game knows one."""
        return None

    # ---------------------------------------------------------- public surface
    @property
    def to_act(self) -> tuple[int, ...]:
        if self._pending is not None:
            return ()
        return () if self.over else self._to_act()

    def _checked_seat(self, seat: int | None, allow_none: bool = False) -> None:
        if seat is None and allow_none:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be a number from 0 to {self.players - 1}, got {seat!r}")

    def _cached(self, seat: int) -> tuple[Decision, frozenset[str] | None]:
        """The seat's decision, with the set of its action ids once someone asked for it
        (None until then: `apply` finds an id by a scan that stops at it, cheaper than the set)."""
        hit = self._cache.get(seat)
        if hit is None:
            hit = self._cache[seat] = (self._decision(seat), None)
        return hit

    def _legal_ids(self, seat: int) -> frozenset[str]:
        """The ids of the seat's legal actions (the seat must be acting), built once per position."""
        dec, ids = self._cached(seat)
        if ids is None:
            ids = frozenset(map(_ACTION_ID, dec.actions))
            self._cache[seat] = (dec, ids)
        return ids

    def decision(self, seat: int) -> Decision | None:
        if type(seat) is not int or not 0 <= seat < self.players:  # the common case checked inline
            self._checked_seat(seat)
        if seat not in self.to_act:
            return None
        hit = self._cache.get(seat)  # `_cached` written out: search loops ask at every step
        return (self._cached(seat) if hit is None else hit)[0]

    def acting_decision(self, seat: int) -> Decision:
        """`decision(seat)` for a caller that has just read `seat` from `to_act` of this very
        position (search loops): the same decision, without finding `to_act` again. Anything
        else must ask `decision`."""
        hit = self._cache.get(seat)
        return (self._cached(seat) if hit is None else hit)[0]

    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is not int or not 0 <= seat < self.players:  # the common case checked inline
            self._checked_seat(seat)
        if seat not in self.to_act:
            return []
        return list(self._cached(seat)[0].actions)

    def apply(self, seat: int, action: Action | str) -> None:
        """Perform a legal action; an illegal one raises IllegalAction and changes nothing."""
        action_id = action.id if isinstance(action, Action) else action
        if not isinstance(action_id, str):
            raise IllegalAction(f"an action is given by its text id, not {action!r}", self.TURN_RULE)
        if type(seat) is not int or not 0 <= seat < self.players:
            self._checked_seat(seat)
        if self._pending is not None:
            raise IllegalAction(
                f"a chance event ({self._pending.event.kind}) must be resolved first: apply_chance",
                self.TURN_RULE,
            )
        if self.over:
            raise IllegalAction("the game is over", self.TURN_RULE)
        acting = self._to_act()
        if seat not in acting:
            who = ", ".join(map(str, acting))
            raise IllegalAction(
                f"seat {seat} has nothing to decide now (waiting for seat {who})", self.TURN_RULE
            )
        decision, ids = self._cached(seat)
        if action_id not in (map(_ACTION_ID, decision.actions) if ids is None else ids):
            why = self._why_illegal(seat, action_id)
            if why is None:
                why = (
                    f"'{action_id}' is not one of the {len(self._legal_ids(seat))} choices for: "
                    f"{decision.prompt}",
                    decision.rule,
                )
            raise IllegalAction(*why)
        if self._feed is not None:
            self.history.append((seat, action_id))
            try:
                self._run_explicit(seat, action_id, ())
            except Exception:
                self.history.pop()  # the position is the one before the action: so is its history
                raise
            return
        self._cache.clear()
        self.history.append((seat, action_id))
        self._apply(seat, action_id)

    def apply_listed(self, seat: int, action: Action) -> None:
        """`apply` for a caller holding `action` from this very position's
        `decision(seat).actions` (search loops): the same play, without checking again what
        the decision already says (the seat is to act, the action is listed). Anything else
        must go through `apply`. With explicit chance it is `apply`."""
        if self._feed is not None:
            self.apply(seat, action)
            return
        self._cache.clear()
        action_id = action.id
        self.history.append((seat, action_id))
        self._apply(seat, action_id)

    # ---------------------------------------------------------- explicit chance
    @property
    def explicit_chance(self) -> bool:
        """Whether the game was created with explicit chance (see engine/chance.py)."""
        return self._feed is not None

    @property
    def setting_up(self) -> bool:
        """Explicit chance: the setup waits for a chance outcome (no position to show yet)."""
        return self._pending is not None and self._pending.seat is None

    def chance(self) -> ChanceEvent | None:
        """The pending random event (explicit chance only), or None when a seat is to act."""
        return None if self._pending is None else self._pending.event

    def apply_chance(self, outcome: int) -> None:
        """Choose outcome `outcome` (0 to `chance().size - 1`) of the pending random event;
        the stopped action runs on to its end or its next draw."""
        pending = self._pending
        if pending is None:
            raise IllegalAction("no chance event is pending", self.TURN_RULE)
        if isinstance(outcome, bool) or not isinstance(outcome, int) or not 0 <= outcome < pending.event.size:
            raise IllegalAction(
                f"chance outcome must be a number from 0 to {pending.event.size - 1}, got {outcome!r}",
                self.TURN_RULE,
            )
        self.history.append((CHANCE_SEAT, pending.event.outcome_id(outcome)))
        try:
            self._run_explicit(pending.seat, pending.action_id, (*pending.known, outcome))
        except Exception:
            self.history.pop()
            raise

    def _run_explicit(self, seat: int | None, action_id: str | None, known: tuple[int, ...]) -> None:
        """Run an action (None: the setup) on a copy of the state from before it, feeding the
        outcomes chosen so far; keep the copy if it completes, else stop at its next draw."""
        if seat is None:
            work = self._bare(self.spec, self.players, self.seed, self.options, self.data_pack)
        else:
            work = self._before()
        work._feed = Feed(known)
        try:
            if seat is None:
                work._setup()
            else:
                work._apply(seat, str(action_id))
        except ChancePending as stop:
            self._pending = Pending(seat, action_id, known, stop.event)
            return
        self._pending = None
        history = self.history
        for name in _slots(type(self)):
            if name not in ("history", "_feed", "_pending") and hasattr(work, name):
                setattr(self, name, getattr(work, name))
        self.history = history
        self._feed = Feed()
        self._cache = {}

    def _before(self) -> GameState:
        """A copy of the game's position from before the pending action (explicit chance)."""
        pending = self._pending
        self._pending = None
        try:
            return self.clone()
        finally:
            self._pending = pending

    def draw(self, kind: str, outcomes: Sequence[Any], label: Callable[[Any], str] = str) -> int:
        """A random choice among `outcomes` (equally likely): the index of the one drawn.
        Without explicit chance it is `rng.below(len(outcomes))`; with it, a chance node
        whose outcomes are named by `label`."""
        feed = self._feed
        if feed is None:
            return self.rng.below(len(outcomes))
        return feed.next(kind, outcomes, label)

    def shuffle(self, kind: str, seq: MutableSequence[Any], label: Callable[[Any], str] = str) -> None:
        """Shuffle `seq` in place: `rng.shuffle`, or with explicit chance one draw per position
        from the last (which of the items left goes there), in the same order."""
        feed = self._feed
        if feed is None:
            self.rng.shuffle(seq)
            return
        for i in range(len(seq) - 1, 0, -1):
            j = feed.next(kind, seq[: i + 1], label)
            seq[i], seq[j] = seq[j], seq[i]

    def view(self, seat: int | None, log: bool = True) -> JsonDict:
        """Everything `seat` may know (None: a spectator), as JSON-ready data. `log=False`
        leaves out the game log (the key `log`), which encoders do not read: it grows with
        the game and is most of the cost of a late view."""
        self._checked_seat(seat, allow_none=True)
        pending = self._pending
        if self.setting_up:
            raise ValueError("the game is not set up yet: its setup waits for chance (apply_chance)")
        out: JsonDict = {"game": self.spec.id, "seat": seat, "players": self.players}
        if pending is not None:
            out["chance"] = pending.event.to_dict()
        out.update(self._view(seat))
        out["to_act"] = list(self.to_act)
        dec = self.decision(seat) if seat is not None else None
        out["decision"] = dec.to_dict() if dec is not None else None
        if log:
            out["log"] = [e.to_dict() for e in self._log if e.visible(seat)]
        out["over"] = self.over
        if self.over:
            out["outcome"] = self.outcome(seat)  # final: the same for every seat
        return out

    def outcome(self, seat: int | None = None) -> JsonDict:
        """Scores with breakdowns, ranking and winners; provisional while the game runs.
        `seat`: the running outcome as that seat may know it, counting only what its view
        shows (what a seat is shown mid-game); the final outcome is the same for every seat.
        Without it: the whole truth, hidden things included (bots on their own copies,
        simulations, the end of the game)."""
        if seat is not None:
            self._checked_seat(seat)
        result = self._outcome() if seat is None or self.over else self._outcome_for(seat)
        result["final"] = self.over
        return result

    @property
    def log(self) -> list[LogEntry]:
        return list(self._log)

    def clone(self) -> GameState:
        return self._copy(self.quiet)

    def _copy(self, quiet: bool) -> GameState:
        """A clone; `quiet`: a search copy with an empty log that stays empty (see `say`)."""
        other = self.__class__.__new__(self.__class__)
        other.spec = self.spec
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.data_pack = self.data_pack
        other.rng = Rng.from_state(self.rng.state)
        other._log = [] if quiet else self._log.copy()
        other.quiet = quiet
        other.history = self.history.copy()
        other._cache = self._cache.copy()  # decisions are immutable: safe to share
        other._feed = None if self._feed is None else Feed()
        pending = other._pending = self._pending  # immutable: safe to share
        if pending is None or pending.seat is not None:  # not before the setup
            self._clone_into(other)
        return other

    def to_dict(self) -> JsonDict:
        pending = self._pending
        before_setup = pending is not None and pending.seat is None
        out: JsonDict = {
            "game": self.spec.id,
            "version": self.spec.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "data": self.data_pack,
            "rng": self.rng.state,
            "history": [[s, a] for s, a in self.history],
            "log": [e.to_dict() for e in self._log],
            "state": None if before_setup else self._dump(),
        }
        if self._feed is not None:
            out["chance"] = {"pending": None if pending is None else pending.to_dict()}
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def record(self) -> JsonDict:
        out: JsonDict = {
            "game": self.spec.id,
            "version": self.spec.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "data": self.data_pack,
            "actions": [[s, a] for s, a in self.history],
        }
        if self._feed is not None:
            out["explicit_chance"] = True
        return out

    def determinize(self, seat: int, rng: Rng | random.Random | int, quiet: bool = False) -> GameState:
        """A copy where everything hidden from `seat` is re-sampled, with a fresh future.
        `quiet=True`: a copy for search only which, if the game allows it (`QUIET_SEARCH`),
        keeps no log (its log is empty, and so is the log in its views); the play is the same."""
        self._checked_seat(seat)
        if self._pending is not None:
            raise ValueError("a chance event is pending: no seat's information to re-sample from")
        if isinstance(rng, Rng):
            stream = Rng.from_state(rng.next64())
        elif isinstance(rng, random.Random):
            stream = Rng(rng.getrandbits(64))
        else:
            stream = Rng(int(rng))
        other = self._copy(quiet and self.QUIET_SEARCH)
        other._cache = {}
        other._determinize(seat, stream)
        # The real generator would tell the future (later shuffles): replace it.
        other.rng = Rng.from_state(stream.next64())
        return other

    # ---------------------------------------------------------- for games
    def say(
        self, seat: int | None, text: str, rule: str, visible_to: tuple[int, ...] | None = None
    ) -> None:
        if self.quiet:  # a search copy: nobody reads its log
            return
        log = self._log
        # tuple.__new__ skips the named tuple's Python-level __new__ (same entry)
        log.append(_new_tuple(LogEntry, (len(log), self._round(), seat, text, rule, visible_to)))


_new_tuple = tuple.__new__
_ACTION_ID = attrgetter("id")


@cache
def _slots(cls: type) -> tuple[str, ...]:
    """Every slot of a state class and its bases."""
    return tuple(name for c in cls.__mro__ for name in getattr(c, "__slots__", ()))
