"""Each boardwright game as a pyspiel Python game (sequential, explicit chance, imperfect info).

Mapping:

- **Parameters**: `players` (default: the smallest count; 1 for a solo game), `seeds` (below)
  and one parameter per game option, typed and defaulted as the title declares it. An
  option left at its declared default counts as not chosen: when the declared defaults do
  not suit the player count (a solo mode for 1 player, say), such options take
  `spec.default_options(players)` (`rl.settings.game_options`); explicit values that cannot
  be played together raise the title's reason.
- **Players**: the seats (one in a solo game).
- **Utility type**: each loaded game's `GameType` follows
  `spec.kind_of_outcome(players, options)` for its own parameters: `IDENTICAL` for a
  cooperative game, `GENERAL_SUM` for competitive, semi-cooperative and solo ones (solo as
  OpenSpiel's own 1-player games). The type registered with pyspiel (what
  `registered_games()` lists) is that of the default parameters; a game loaded with other
  options carries its own.
- **Actions**: the same fixed action index as the PettingZoo environment (`rl.actions`), so
  `num_distinct_actions` is the size of that index and a legal action is its index.
- **Chance**: one explicit chance node opens every game and chooses the game's seed
  uniformly among `seeds` outcomes (parameter, default 1024); the engine then runs with
  that seed. Every later random event (a shuffle, a die) happens inside the engine's
  `apply` and is deterministic given the seed, so it is *not* a separate chance node: the
  engine does not expose its random draws as enumerable outcomes, and turning each draw
  into a chance node would need every game to describe its draws. Searches that need
  unknown futures re-sample them: `resample_from_infostate` calls the engine's
  `determinize`, which re-samples hidden information and gives the copy a fresh generator.
- **Simultaneous secret choices** are asked one seat after another (the engine keeps each
  pick hidden until all are in), so the game is `SEQUENTIAL` with imperfect information.
- **Information state / observation**: strings are the seat's `view` as JSON (the
  information state keeps the log, i.e. everything the seat has seen; the observation
  drops it); the observation tensor is the RL encoding of the view (`rl.observations`).
- **Returns**: at the end, following the outcome kind (`rl.settings.seat_rewards`, bounded):
  1 for a sole win, 1/k to each of k tied winners, 0 otherwise (semi-cooperative: nobody
  when the shared goal failed and the game says nobody wins then); cooperative: the team
  result for every seat; solo: 1 won, 0 lost, or a score-only game's score squashed into
  [0, 1]. Utilities therefore lie in [0, 1].
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from boardwright.engine import GameSpec, GameState, Rng, game, games
from boardwright.engine.options import OptionValue
from boardwright.rl.actions import ActionIndex, action_index
from boardwright.rl.observations import encoder_for
from boardwright.rl.settings import game_options, seat_rewards

DEFAULT_SEEDS = 1024
MAX_GAME_LENGTH = 20_000


def game_name(game_id: str) -> str:
    return "python_boardwright_" + game_id.replace("-", "_")


_UTILITY = {
    "cooperative": "IDENTICAL",
    "competitive": "GENERAL_SUM",
    "semi-cooperative": "GENERAL_SUM",
    "solo": "GENERAL_SUM",
}

Key = tuple[str, int, int, tuple[tuple[str, OptionValue], ...]]


def parameter_specification(spec: GameSpec) -> dict[str, OptionValue]:
    """The pyspiel parameters of a game: players, seeds and every option with its default."""
    params: dict[str, OptionValue] = {"players": min(spec.player_counts), "seeds": DEFAULT_SEEDS}
    for opt in spec.options:
        if opt.name in params:
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
        provides_information_state_tensor=False,
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
    """What a state needs of its game; kept in a module table because pyspiel's clone
    deep-copies the Python state, and with it any reference to the game object."""

    def __init__(self, key: Key) -> None:
        game_id, players, seeds, options = key
        self.spec = game(game_id)
        self.players = players
        self.seeds = seeds
        self.options: dict[str, OptionValue] = dict(options)
        self.kind = self.spec.kind_of_outcome(players, self.options)
        self.index: ActionIndex = action_index(self.spec, players, self.options)
        self.encoder = encoder_for(self.spec)


_SETTINGS: dict[Key, Settings] = {}


def settings(key: Key) -> Settings:
    hit = _SETTINGS.get(key)
    if hit is None:
        hit = _SETTINGS[key] = Settings(key)
    return hit


class BoardwrightGame(pyspiel.Game):  # type: ignore[misc]
    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = game(self.game_id)
        players = int(params.get("players", min(spec.player_counts)))
        seeds = int(params.get("seeds", DEFAULT_SEEDS))
        options = options_from_params(spec, players, params)
        self.key: Key = (self.game_id, players, seeds, tuple(sorted(options.items())))
        conf = settings(self.key)
        info = pyspiel.GameInfo(
            num_distinct_actions=conf.index.size,
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        # the options actually played, so the game string and serialization name them
        super().__init__(_game_type(spec, conf.kind), info, {"players": players, "seeds": seeds, **options})

    def new_initial_state(self) -> BoardwrightState:
        return BoardwrightState(self, self.key)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(settings(self.key), perfect_recall)


class BoardwrightState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game_: Any, key: Key, inner: GameState | None = None) -> None:
        super().__init__(game_)
        self.key = key
        self.inner = inner

    @property
    def bw_game(self) -> Settings:
        return settings(self.key)

    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        acting = self.inner.to_act
        if not acting:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(acting[0])

    def _legal_actions(self, player: int) -> list[int]:
        assert self.inner is not None
        index = self.bw_game.index
        return sorted(index.index_of(a.id) for a in self.inner.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.bw_game.seeds
        return [(s, 1.0 / n) for s in range(n)]

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            g = self.bw_game
            self.inner = g.spec.new_game(g.players, int(action), g.options)
            return
        seat = self.inner.to_act[0]
        action_id = self.bw_game.index.id_of(int(action))
        if action_id is None:
            raise ValueError(f"no action with index {action}")
        self.inner.apply(seat, action_id)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"seed:{action}"
        return self.bw_game.index.id_of(int(action)) or f"?{action}"

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.over

    def returns(self) -> list[float]:
        if self.inner is None or not self.inner.over:
            return [0.0] * self.bw_game.players
        return seat_rewards(self.inner.outcome(), self.bw_game.players, bounded=True)

    def information_state_string(self, player: int | None = None) -> str:
        return self._view_text(self.current_player() if player is None else player, with_log=True)

    def observation_string(self, player: int | None = None) -> str:
        return self._view_text(self.current_player() if player is None else player, with_log=False)

    def _view_text(self, player: int, with_log: bool) -> str:
        if self.inner is None:
            return "chance: the seed is not chosen yet"
        view = self.inner.view(player)
        if not with_log:
            view.pop("log", None)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BoardwrightState:
        """A state consistent with `player_id`'s information (the engine's determinize)."""
        if self.inner is None:
            return self.clone()  # type: ignore[no-any-return]
        if callable(probability_sampler):
            seed = int(float(probability_sampler()) * (1 << 53))
        else:
            seed = len(self.inner.history) * 7919 + player_id
        other = self.clone()
        other.inner = self.inner.determinize(player_id, Rng(seed))
        return other  # type: ignore[no-any-return]

    def __str__(self) -> str:
        if self.inner is None:
            return "(seed not chosen)"
        return f"{self.bw_game.spec.id} seed {self.inner.seed}: {len(self.inner.history)} steps"


class Observer:
    """The PyObserver interface: `tensor` is the RL encoding of the seat's view."""

    def __init__(self, g: Settings, perfect_recall: bool) -> None:
        self.game = g
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(g.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BoardwrightState, player: int) -> None:
        self.tensor.fill(0)
        if state.inner is not None:
            self.tensor[:] = self.game.encoder.encode(state.inner.view(player))

    def string_from(self, state: BoardwrightState, player: int) -> str:
        return state._view_text(player, with_log=self.perfect_recall)


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
