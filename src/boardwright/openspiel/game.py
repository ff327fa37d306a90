"""Each boardwright game as a pyspiel Python game (sequential, explicit chance, imperfect info).

Mapping:

- **Parameters**: `players` (default: the smallest count; 1 for a solo game), `seeds` and
  `first_seed` (below) and one parameter per game option, typed and defaulted as the title
  declares it. An option left at its declared default counts as not chosen: when the
  declared defaults do not suit the player count (a solo mode for 1 player, say), such
  options take `spec.default_options(players)` (`rl.settings.game_options`); explicit values
  that cannot be played together raise the title's reason.
- **Players**: the seats (one in a solo game).
- **Utility type**: each loaded game's `GameType` follows
  `spec.kind_of_outcome(players, options)` for its own parameters: `IDENTICAL` for a
  cooperative game; `CONSTANT_SUM` (utility sum 1) for a competitive one, whose winners
  share 1 (a competitive outcome always ranks someone first; tested on random games of every
  competitive configuration); `GENERAL_SUM` for semi-cooperative games (nobody scores when
  the shared goal fails) and solo ones (as OpenSpiel's own 1-player games). The type
  registered with pyspiel (what `registered_games()` lists) is that of the default
  parameters; a game loaded with other options carries its own.
- **Actions**: the same fixed action index as the PettingZoo environment (`rl.actions`), so
  `num_distinct_actions` is the size of that index and a legal action is its index.
  `action_index(game)` is that mapping (`ids`, `index_of(id)`, `id_of(index)`).
- **Chance**: by default one explicit chance node opens every game; outcome `k` (of
  `seeds`, default 1024) starts the engine with seed `first_seed + k` (default `first_seed`
  0), so `{"seeds": 1, "first_seed": S}` is the game dealt by engine seed `S` and
  `new_state(game, seed)` applies the chance outcome of a given seed. Every later random
  event then happens inside the engine's `apply`, drawn from the state's seeded generator.
  With `explicit_chance=True` (a parameter of every title whose rules draw through the
  engine's `draw`/`shuffle`: spec `explicit_chance`), every draw is a chance node instead:
  the setup's shuffles (one node per position of each deck, from the last), first-player
  draws, dice and mid-game reshuffles, with their outcomes and (uniform) probabilities from
  the engine's `chance()`; `new_state(game, seed)` then samples the setup's nodes as engine
  seed `seed` deals them. See docs/interfaces.md for what each algorithm family can use.
  Searches that need unknown futures re-sample them: `resample_from_infostate` calls the
  engine's `determinize`, which re-samples hidden information and gives the copy a fresh
  generator, seeded from the probability sampler it is given (it raises without one).
- **Simultaneous secret choices** are asked one seat after another (the engine keeps each
  pick hidden until all are in), so the game is `SEQUENTIAL` with imperfect information.
- **Clone**: pyspiel's clone of a Python state makes a fresh state and deep-copies each
  attribute. The engine state sits in a holder (`_Engine`) whose deep copy is the engine's
  own `clone()`, and the settings are shared, so a pyspiel clone costs an engine clone.
- **Information state / observation**: both strings are the seat's current view without
  the log (the log is history; the view holds what the seat may know), as compact JSON with
  sorted keys behind `seat N|`, the decision replaced by its kind and the legal action
  indices; equal information gives equal strings, whatever the order of the moves that led
  there. Both tensors are the title's RL encoding of that view (`rl.observations`), laid
  out relative to the observing seat when the title's `rl_observation` hook is. An observer
  without private information (`private_info=NONE`) gives the spectator's view.
- **Returns**: at the end, following the outcome kind (`rl.settings.seat_rewards`, bounded):
  1 for a sole win, 1/k to each of k tied winners, 0 otherwise (semi-cooperative: nobody
  when the shared goal failed and the game says nobody wins then); cooperative: the team
  result for every seat; solo: 1 won, 0 lost, or a score-only game's score squashed into
  [0, 1]. Utilities therefore lie in [0, 1].
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import orjson
import pyspiel

from boardwright.engine import GameSpec, GameState, Rng, game, games
from boardwright.engine.options import OptionValue
from boardwright.rl.actions import ActionIndex
from boardwright.rl.actions import action_index as rl_action_index
from boardwright.rl.observations import encoder_for
from boardwright.rl.settings import game_options, seat_rewards

DEFAULT_SEEDS = 1024
MAX_GAME_LENGTH = 20_000
#: the most outcomes one explicit chance node may have (a shuffle step of the largest deck)
MAX_CHANCE_OUTCOMES = 1024
_RESERVED = ("players", "seeds", "first_seed", "explicit_chance")


def game_name(game_id: str) -> str:
    return "python_boardwright_" + game_id.replace("-", "_")


_UTILITY = {
    "cooperative": "IDENTICAL",
    "competitive": "CONSTANT_SUM",
    "semi-cooperative": "GENERAL_SUM",
    "solo": "GENERAL_SUM",
}

# (game id, players, seeds, first seed, options, explicit chance)
Key = tuple[str, int, int, int, tuple[tuple[str, OptionValue], ...], bool]


def parameter_specification(spec: GameSpec) -> dict[str, OptionValue]:
    """The pyspiel parameters of a game: players, seeds, first_seed, explicit_chance (for a
    title that supports it) and every option."""
    params: dict[str, OptionValue] = {
        "players": min(spec.player_counts),
        "seeds": DEFAULT_SEEDS,
        "first_seed": 0,
    }
    if spec.explicit_chance:
        params["explicit_chance"] = False
    for opt in spec.options:
        if opt.name in _RESERVED:
            raise ValueError(f"{spec.id}: the option {opt.name!r} clashes with an OpenSpiel parameter")
        params[opt.name] = opt.default
    return params


def options_from_params(spec: GameSpec, players: int, params: dict[str, Any]) -> dict[str, OptionValue]:
    """The game's options from pyspiel parameters (which always hold every option)."""
    declared = {o.name: o.default for o in spec.options}
    chosen = {name: params[name] for name in declared if name in params and params[name] != declared[name]}
    return game_options(spec, players, chosen)


def _game_type(spec: GameSpec, kind: str) -> Any:
    return pyspiel.GameType(
        short_name=game_name(spec.id),
        long_name=f"boardwright {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=getattr(pyspiel.GameType.Utility, _UTILITY[kind]),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.player_counts),
        min_num_players=min(spec.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(spec),
    )


def registered_type(spec: GameSpec) -> Any:
    """The type registered with pyspiel: the utility of the default parameters."""
    players = min(spec.player_counts)
    options = options_from_params(spec, players, parameter_specification(spec))
    return _game_type(spec, spec.kind_of_outcome(players, options))


class Settings:
    """What a state needs of its game, shared by every state of it (a deep copy is itself)."""

    def __init__(self, key: Key) -> None:
        game_id, players, seeds, first_seed, options, explicit = key
        self.key = key
        self.explicit_chance = explicit
        self.spec = game(game_id)
        self.players = players
        self.seeds = seeds
        self.first_seed = first_seed
        self.options: dict[str, OptionValue] = dict(options)
        self.kind = self.spec.kind_of_outcome(players, self.options)
        self.index: ActionIndex = rl_action_index(self.spec, players, self.options)
        self.encoder = encoder_for(self.spec)
        self.initial: GameState | None = None  # explicit chance: the state before the setup's draws
        self.legal_memo: dict[frozenset[str], list[int]] = {}  # legal ids -> sorted indices
        # id of a memoized index list -> what is derived from it (string tail, uniform prior)
        self.legal_derived: dict[int, _Derived] = {}
        self._state_cls: type[BoardwrightState] | None = None

    def state_class(self) -> type[BoardwrightState]:
        """The state class of these settings (they are its class attribute `conf`)."""
        if self._state_cls is None:
            name = f"State_{self.spec.id.replace('-', '_')}"
            self._state_cls = type(name, (BoardwrightState,), {"conf": self})
        return self._state_cls

    def __deepcopy__(self, memo: dict[int, Any]) -> Settings:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Key]]:
        return (settings, (self.key,))


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SETTINGS: dict[Key, Settings] = {}
_LEGAL_MEMO = 20_000  # action sets remembered per game settings


def settings(key: Key) -> Settings:
    hit = _SETTINGS.get(key)
    if hit is None:
        hit = _SETTINGS[key] = Settings(key)
    return hit


_VIEW_TAKES_LOG = "log" in inspect.signature(GameState.view).parameters


def log_free_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """`state.view(seat)` without the log (the engine leaves it out when it can)."""
    if _VIEW_TAKES_LOG:
        view_of: Any = state.view  # `log=` is newer than some engines this may run beside
        return view_of(seat, log=False)  # type: ignore[no-any-return]
    view = state.view(seat)
    view.pop("log", None)
    return view


def _restore(game_id: str, text: str | None) -> _Engine:
    return _Engine(None if text is None else game(game_id).from_json(text))


class _Derived:
    """What is derived from one memoized list of legal indices, built on first use: its text
    (the information-state string's tail) and the uniform prior over it. The list is kept
    so that its id, the memo's key, cannot be reused while the entry lives."""

    __slots__ = ("legal", "prior", "text")

    def __init__(self, legal: list[int]) -> None:
        self.legal = legal
        self.text: str | None = None
        self.prior: list[tuple[int, float]] | None = None


def _derived(conf: Settings, legal: list[int]) -> _Derived:
    memo = conf.legal_derived
    hit = memo.get(id(legal))
    if hit is None or hit.legal is not legal:
        if len(memo) >= _LEGAL_MEMO:
            memo.clear()
        hit = memo[id(legal)] = _Derived(legal)
    return hit


class ActionList(list[int]):
    """A list of action indices (a fresh one per call) whose deep copy is a plain shallow
    copy: its items are ints. OpenSpiel's IS-MCTS deep-copies the legal actions at every
    expansion, and `copy.deepcopy` of a plain list visits each item."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> list[int]:
        return list(self)


class _Engine:
    """The engine state behind one pyspiel state, with per-state caches.

    pyspiel's `Clone` (python_games.cc) builds a new state and sets each attribute to
    `copy.deepcopy` of the old one; this holder's deep copy is the engine's own clone, with
    empty caches. Pickling (pyspiel's serialization) goes through the engine's JSON.
    """

    __slots__ = ("legal", "player", "state", "texts")

    def __init__(self, state: GameState | None) -> None:
        self.state = state
        self.player: int | None = None  # pyspiel's current player, once asked
        self.legal: list[int] | None = None
        self.texts: dict[int | None, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str | None]]:
        st = self.state
        return (_restore, ("" if st is None else st.spec.id, None if st is None else st.to_json()))


class BoardwrightGame(pyspiel.Game):  # type: ignore[misc]
    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = game(self.game_id)
        players = int(params.get("players", min(spec.player_counts)))
        seeds = int(params.get("seeds", DEFAULT_SEEDS))
        first_seed = int(params.get("first_seed", 0))
        explicit = bool(params.get("explicit_chance", False))
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, got {seeds}")
        if explicit and not spec.explicit_chance:
            raise ValueError(f"{spec.title} does not support explicit chance yet")
        options = options_from_params(spec, players, params)
        self.key: Key = (self.game_id, players, seeds, first_seed, tuple(sorted(options.items())), explicit)
        self.conf = conf = settings(self.key)
        info = pyspiel.GameInfo(
            num_distinct_actions=conf.index.size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES if explicit else seeds,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if _UTILITY[conf.kind] == "CONSTANT_SUM" else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        # the options actually played, so the game string and serialization name them
        played: dict[str, Any] = {"players": players, "seeds": seeds, "first_seed": first_seed, **options}
        if spec.explicit_chance:
            played["explicit_chance"] = explicit
        super().__init__(_game_type(spec, conf.kind), info, played)

    def new_initial_state(self) -> BoardwrightState:
        c = self.conf
        cls = c.state_class()
        if not c.explicit_chance:
            return cls(self)
        # the setup's own draws are the first chance nodes (engine seed `first_seed`); pyspiel's
        # Clone starts from a new initial state, so this is a clone of one made once
        if c.initial is None:
            c.initial = c.spec.new_game(c.players, c.first_seed, c.options, explicit_chance=True)
        return cls(self, inner=c.initial.clone())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        public = bool(iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        return Observer(self.conf, public)


class BoardwrightState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state. A game's states are of a subclass made for its settings, which holds
    them as the class attribute `conf`: pyspiel's Clone deep-copies each instance attribute
    through `copy.deepcopy`, so the one left is the engine holder."""

    conf: Settings

    def __init__(self, game_: Any, conf: Settings | None = None, inner: GameState | None = None) -> None:
        super().__init__(game_)
        if conf is not None and conf is not getattr(type(self), "conf", None):
            self.conf = conf
        self.engine = _Engine(inner)

    @property
    def inner(self) -> GameState | None:
        """The engine state (None before the opening chance node). Read it; do not change it."""
        return self.engine.state

    @property
    def bw_game(self) -> Settings:
        return self.conf

    def current_player(self) -> int:
        eng = self.engine
        if eng.player is not None:
            return eng.player
        inner = eng.state
        if inner is None or inner.chance() is not None:
            eng.player = int(pyspiel.PlayerId.CHANCE)
            return eng.player
        acting = inner.to_act
        eng.player = int(acting[0]) if acting else int(pyspiel.PlayerId.TERMINAL)
        return eng.player

    def _legal_actions(self, player: int) -> list[int]:
        eng = self.engine
        assert eng.state is not None
        if eng.legal is None:
            eng.legal = legal_indices(self.conf, eng.state, player)
        return ActionList(eng.legal)

    # The next three answer Python callers (OpenSpiel's Python searches ask them several times
    # per tree level) without the round trip through C++ and back into `current_player` and
    # `_legal_actions`; C++ callers keep pyspiel's own, which give the same answers.
    def is_chance_node(self) -> bool:
        return self.current_player() == _CHANCE

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        # as pyspiel's PyState::LegalActions: at a chance node its outcomes, whoever asks
        current = self.current_player()
        if current == _CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if current < 0 or (player is not None and player != current):  # terminal / not acting
            return []
        return self._legal_actions(current)

    def uniform_prior(self) -> list[tuple[int, float]]:
        """(action, 1/n) for each of the acting seat's n legal actions: a fresh list (OpenSpiel's
        MCTS shuffles it), copied from one built once per memoized action set."""
        player = self.current_player()
        if player < 0:
            raise ValueError("no seat is acting here (a chance node or the end of the game)")
        eng = self.engine
        assert eng.state is not None
        legal = eng.legal
        if legal is None:
            legal = eng.legal = legal_indices(self.conf, eng.state, player)
        derived = _derived(self.conf, legal)
        if derived.prior is None:
            p = 1.0 / len(legal)
            derived.prior = [(a, p) for a in legal]
        return list(derived.prior)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        inner = self.engine.state
        if inner is None:
            n = self.conf.seeds
            return [(s, 1.0 / n) for s in range(n)]
        event = inner.chance()
        if event is None:
            raise ValueError("not a chance node")
        if event.size > MAX_CHANCE_OUTCOMES:
            raise ValueError(
                f"the chance event {event.kind!r} has {event.size} outcomes, more than "
                f"max_chance_outcomes ({MAX_CHANCE_OUTCOMES})"
            )
        return event.outcomes()

    def _apply_action(self, action: int) -> None:
        eng = self.engine
        inner = eng.state
        if inner is None:
            c = self.conf
            eng.state = c.spec.new_game(c.players, c.first_seed + int(action), c.options)
            eng.player = None
            return
        seat = eng.player  # the acting seat, when already asked
        eng.player = None
        eng.legal = None
        eng.texts = {}
        if inner._pending is not None:  # `chance()`, inline
            inner.apply_chance(int(action))
            return
        if seat is None or seat < 0:
            seat = inner.to_act[0]
        index, ids = int(action), self.conf.index.ids
        if not 0 <= index < len(ids):
            raise ValueError(f"no action with index {action}")
        inner.apply(seat, ids[index])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            inner = self.engine.state
            event = None if inner is None else inner.chance()
            if event is not None and 0 <= int(action) < event.size:
                return f"{event.kind} #{int(action)}: {event.labels[int(action)]}"  # labels may repeat
            return f"seed:{self.conf.first_seed + int(action)}"
        return self.conf.index.id_of(int(action)) or f"?{action}"

    def is_terminal(self) -> bool:
        inner = self.engine.state
        return inner is not None and inner._pending is None and inner.over  # `chance()`, inline

    def returns(self) -> list[float]:
        inner = self.engine.state
        if inner is None or inner.chance() is not None or not inner.over:
            return [0.0] * self.conf.players
        return seat_rewards(inner.outcome(), self.conf.players, bounded=True)

    def information_state_string(self, player: int | None = None) -> str:
        return self.text(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self.text(self.current_player() if player is None else player)

    def text(self, player: int | None) -> str:
        """The compact, log-free string of what `player` may know (None: the spectator)."""
        eng = self.engine
        hit = eng.texts.get(player)
        if hit is None:
            legal = eng.legal if player is not None and player == eng.player else None
            hit = eng.texts[player] = info_text(self.conf, eng.state, player, legal)
        return hit

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BoardwrightState:
        """A state consistent with `player_id`'s information (the engine's `determinize`).

        The re-sampled world and its future come from two draws of `probability_sampler` (a
        callable returning floats in [0, 1), such as `pyspiel.UniformProbabilitySampler` or
        a bot's `random_number`); without one this raises instead of picking a fixed seed.
        """
        if not callable(probability_sampler):
            raise ValueError(
                "resample_from_infostate needs a probability sampler (a callable returning "
                "a float in [0, 1)); it does not fall back to a fixed seed"
            )
        u, v = float(probability_sampler()), float(probability_sampler())
        if not (0.0 <= u < 1.0 and 0.0 <= v < 1.0):
            raise ValueError(f"the probability sampler must return floats in [0, 1), got {(u, v)}")
        eng = self.engine
        # clone the pyspiel side (history, move number) and nothing else: with no instance
        # attribute left, pyspiel's Clone deep-copies nothing (its new state's own __init__
        # gives it an empty holder)
        del self.engine
        try:
            other: BoardwrightState = self.clone()
        finally:
            self.engine = eng
        if eng.state is None:
            return other
        seed = (int(u * 4294967296.0) << 32) | int(v * 4294967296.0)  # 2**32
        other.engine = _Engine(eng.state.determinize(player_id, Rng(seed)))
        known = eng.texts.get(player_id)
        if known is not None:  # the seat's information is unchanged by construction
            other.engine.texts[player_id] = known
        return other

    def __str__(self) -> str:
        inner = self.engine.state
        if inner is None:
            return "(seed not chosen)"
        return f"{self.conf.spec.id} seed {inner.seed}: {len(inner.history)} steps"


_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys (orjson: about 7x faster than the standard library's
    encoder on a view, which made half the cost of an information-state string)."""
    return orjson.dumps(value, option=_SORTED).decode()


def legal_indices(conf: Settings, inner: GameState, player: int) -> list[int]:
    """The pyspiel actions of `player`'s legal actions, ascending (none when not acting)."""
    if player not in inner.to_act:
        return []
    ids = inner._legal_ids(player)
    memo = conf.legal_memo
    hit = memo.get(ids)  # the same action sets recur: a frozenset hashes and compares in C
    if hit is None:
        if len(memo) >= _LEGAL_MEMO:
            memo.clear()
        index_of = conf.index.index_of
        hit = memo[ids] = sorted(index_of(a) for a in ids)
    return hit


def info_text(
    conf: Settings, inner: GameState | None, player: int | None, legal: list[int] | None = None
) -> str:
    """`seat N|` and the seat's log-free view as sorted compact JSON (or the game's compact
    `_info_key` of it, when it has one); the decision as its
    kind and legal action indices (its prompt and labels are words for people; `legal`
    passes them when already known).

    Built from the game's own view hook (`_view`) and the turn's cached decision, without
    the engine's `view()` wrapper: that one also renders the decision's actions as dicts,
    which the string replaces by their indices (an IS-MCTS search builds one string per
    tree level it walks, so this is its hot path)."""
    if inner is None:
        return "chance: the seed is not chosen yet"
    pending = inner._pending  # `chance()`, `setting_up` and `to_act` read from here, inline
    event = None if pending is None else pending.event
    if pending is not None and pending.seat is None:
        return f"chance: the setup draws ({pending.event.kind}, {pending.event.size} outcomes)"
    acting = () if pending is not None or inner.over else inner._to_act()
    key = inner._info_key(player)
    if key is None:
        view = inner._view(player)
        view.setdefault("players", inner.players)  # a game's own "players" entry wins, as in view()
        view["to_act"] = list(acting)
        over = view["over"] = inner.over
        if over:
            view["outcome"] = inner.outcome()
        body = canonical_json(view)
    else:  # the game's compact key holds the view's information; the rest as the view adds it
        body = f"{key}|to_act:{','.join(map(str, acting))}"
        if inner.over:
            body += "|outcome:" + canonical_json(inner.outcome())
    head = "spectator|" if player is None else f"seat {player}|"
    if event is not None:  # the position before the action that draws, and what it draws
        return f"{head}{body}|chance:{event.kind}"
    if player is None or player not in acting:
        return head + body
    if legal is None:
        legal = legal_indices(conf, inner, player)
    return f"{head}{body}|{inner._cached(player)[0].kind}:{_legal_text(conf, legal)}"


def _legal_text(conf: Settings, legal: list[int]) -> str:
    """`legal` written out, once per memoized list (the lists of `legal_indices` are shared
    and never changed)."""
    derived = _derived(conf, legal)
    if derived.text is None:
        derived.text = ",".join(map(str, legal))
    return derived.text


class Observer:
    """The PyObserver interface: the tensor is the RL encoding of the seat's log-free view;
    a public observer (no private information) reads the spectator's view and has no tensor."""

    def __init__(self, g: Settings, public: bool = False) -> None:
        self.game = g
        self.public = public
        self.tensor: np.ndarray | None = None if public else np.zeros(g.encoder.size, np.float32)
        self.dict: dict[str, np.ndarray] = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: BoardwrightState, player: int) -> None:
        if self.tensor is None:
            return
        self.tensor.fill(0)
        inner = state.engine.state
        if inner is not None and not inner.setting_up:
            self.tensor[:] = self.game.encoder.encode(log_free_view(inner, player))

    def string_from(self, state: BoardwrightState, player: int) -> str:
        return state.text(None if self.public else player)


def action_index(game_or_state: Any) -> ActionIndex:
    """Action id <-> pyspiel action of a loaded boardwright game (or one of its states):
    `.ids[i]` / `.id_of(i)` is the id of pyspiel action `i`, `.index_of(id)` the reverse,
    `.size` is `num_distinct_actions()`. The same index as the PettingZoo environment."""
    conf = getattr(game_or_state, "conf", None)
    if not isinstance(conf, Settings):
        raise TypeError(f"not a boardwright OpenSpiel game or state: {game_or_state!r}")
    return conf.index


def new_state(game_: Any, seed: int | None = None) -> BoardwrightState:
    """A new state of a loaded game; with `seed`, past the opening chance node with the engine
    game dealt by that seed (it must be one of the game's chance outcomes, `first_seed` to
    `first_seed + seeds - 1`; load with `{"seeds": 1, "first_seed": seed}` for any other).
    With `explicit_chance`, past the setup's chance nodes, their outcomes sampled from
    `Rng(seed)` as the engine draws them, so the deal is that of engine seed `seed`."""
    state: BoardwrightState = game_.new_initial_state()
    if seed is None:
        return state
    conf = state.conf
    if conf.explicit_chance:  # the setup's chance nodes, sampled as the engine's seed deals them
        rng = Rng(int(seed))
        while state.is_chance_node() and engine_state(state).setting_up:
            event = engine_state(state).chance()
            assert event is not None
            state.apply_action(event.sample(rng))
        return state
    k = int(seed) - conf.first_seed
    if not 0 <= k < conf.seeds:
        raise ValueError(
            f"seed {seed} is not a chance outcome of this game (seeds {conf.first_seed} to "
            f"{conf.first_seed + conf.seeds - 1}); load it with first_seed={seed}"
        )
    state.apply_action(k)
    return state


def engine_state(state: Any) -> GameState:
    """The engine state behind a pyspiel state (after the opening chance node). It is the
    live state: clone it before changing it."""
    eng = getattr(state, "engine", None)  # this adapter's states (checked without the ABC's isinstance)
    if type(eng) is _Engine and eng.state is not None:
        return eng.state
    inner = getattr(state, "inner", None)
    if not isinstance(inner, GameState):
        raise ValueError("no engine state yet: the opening chance node has not been applied")
    return inner


_REGISTERED: dict[str, type[BoardwrightGame]] = {}


def register(game_id: str) -> str:
    """Register one game with pyspiel (idempotent); returns its pyspiel short name."""
    if game_id in _REGISTERED:
        return game_name(game_id)
    cls = type(f"Game_{game_id.replace('-', '_')}", (BoardwrightGame,), {"game_id": game_id})
    pyspiel.register_game(registered_type(game(game_id)), cls)
    _REGISTERED[game_id] = cls
    return game_name(game_id)


def register_all() -> list[str]:
    return [register(g) for g in games()]
