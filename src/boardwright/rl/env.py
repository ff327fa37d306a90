"""PettingZoo environments for any registered game: AEC (`env`) and parallel (`parallel_env`).

- Agents `player_0 .. player_{P-1}` are the seats (one agent in a solo game; a seat that
  controls several factions is still one agent). `players` defaults to the smallest count;
  options not given take `spec.default_options(players)` (`rl.settings.game_options`).
- Action space: `Discrete(n)` over the game's fixed action index (`rl.actions`: the title's
  `rl_actions` universe, the same numbering in every process); the observation's
  `action_mask` (int8, length n) marks exactly the legal actions now.
- Observation: `{"observation": float32 vector, "action_mask": int8 vector}`. The vector is
  the title's `rl_observation` encoding of the seat's own view (`rl.observations`), laid out
  relative to the observing seat; it is read from the state by the title's `encode_state` or
  from `state.view(seat, log=False)` (the log is never built), as a new array on each
  `observe` (an agent's loop asks once per state). Seats that are not acting get their own
  view with an all-zero mask.
- `state()` / `state_space` (PettingZoo's global state, for centralised training): every
  seat's observation vector, concatenated in seat order (seat 0 first), so it holds what
  each seat knows, private hands included, and nothing hidden from all of them (deck order).
- `reset(seed=S)` starts the game with seed S (then S+1, ... on later resets without a seed).
- Rewards arrive when the game ends and follow `outcome()["kind"]` (`rl.settings.seat_rewards`):
  competitive and semi-cooperative, 1 for a sole win, 1/k to each of k tied winners, 0
  otherwise (nobody scores when a semi-cooperative goal failed and nobody wins then);
  cooperative, every seat gets the team result (1 won, 0 lost); solo, 1 won or 0 lost, or
  the final score of a score-only solo game. The outcome itself is in each agent's `info`.
- `max_cycles` (default None: no limit, every game ends by its own rules): truncation. The
  AEC env truncates every agent once `max_cycles * players` actions have been taken (a
  cycle is a round of the table); the parallel env after `max_cycles` steps. Truncated
  agents get reward 0 and the provisional outcome in `info["outcome"]`.
- `render()`: the board as text, drawn by the title's `terminal_view` hook (the same board
  as `boardwright play`) for a spectator (`render_seat`, default None) into a string:
  `render_mode="ansi"` returns it with ANSI colours, `"human"` prints it. A title without
  the hook shows its spectator view as JSON.
- **An illegal action** (one the mask marks 0) follows `illegal` (a constructor argument):
  `"terminate"` (the default, the convention of PettingZoo's classic games and their
  `TerminateIllegalWrapper`): the game ends there, the mover gets `illegal_reward` (default
  -1), every other agent 0, every agent is terminated and each `info` holds the provisional
  `outcome` and `illegal_action` (`{"agent", "action"}`); `"raise"`: `ValueError` naming the
  action and the rule (to catch a bug in the agent); `"random"`: the mover is charged
  `illegal_reward` and a uniformly random legal action is played instead (drawn from the
  environment's own stream, seeded by the game seed, so a seeded run repeats), and play
  goes on (`info["illegal_action"]` also names the action played). The engine itself never
  changes: it still refuses the action; the environment decides what the refusal means.
  An action outside the action space, or none for an agent that must act, always raises.

**AEC.** `agent_selection` is the first seat in `state.to_act`; a simultaneous secret
choice is asked one seat after another, which changes nothing because each pick stays hidden
until all are in (the engine's rule).

**Parallel.** Each `step(actions)` takes one action from every live agent and applies those
of the seats in `to_act` (in that order); the others' actions are ignored (their masks are
all zero, so a masked sampler gives them any value). A game's simultaneous steps (secret
selections, a collection made in secret) are one parallel step for all their seats; a turn of
one seat is a step in which only that seat's action counts. If one seat's action changes
what another acting seat may do (never for a secret choice), the second is not applied and
that seat is asked again on the next step.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from boardwright.engine import Decision, GameState, IllegalAction, Rng, game

from .actions import ActionIndex, action_index
from .observations import encoder_for
from .settings import game_options, seat_rewards

RENDER_WIDTH = 110
_INT8 = np.dtype(np.int8)
#: what an illegal action does (see the module docstring)
ILLEGAL_MODES = ("terminate", "raise", "random")
_ILLEGAL_SALT = 0x111E6A1


def _refusal(state: GameState, seat: int, action_id: str) -> IllegalAction:
    """The engine's refusal (reason and rule) of an action its decision does not list; the
    refused action changes nothing."""
    try:
        state.apply(seat, action_id)
    except IllegalAction as err:
        return err
    raise RuntimeError(f"the engine accepted {action_id!r}, which its decision did not list")


class _Game:
    """What both environments share: the game's settings, spaces, observations and board."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
    ) -> None:
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}; got {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self._illegal_rng = Rng(_ILLEGAL_SALT)
        self.spec = game(game_id)
        self.players = players if players is not None else self.spec.player_counts[0]
        self.options = game_options(self.spec, self.players, options)
        self.kind = self.spec.kind_of_outcome(self.players, self.options)
        self.index: ActionIndex = action_index(self.spec, self.players, self.options)
        self.encoder = encoder_for(self.spec)
        # what an observation calls: the title's encode_state when it has one (it returns a new
        # float32 vector, tested), else the encoder's view path
        self._encode = self.encoder.encode_state or self.encoder.observe
        self.render_mode = render_mode
        self.render_seat: int | None = None
        self.max_cycles = max_cycles
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.index.size
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state_space = spaces.Box(-np.inf, np.inf, (self.players * self.encoder.size,), np.float32)
        self._next_seed = 0 if seed is None else int(seed)
        self.game_state: GameState | None = None
        self.game_seed: int | None = None
        self.steps = 0
        self.cycles = 0
        self._no_mask = np.zeros(n, dtype=np.int8)
        self._start()

    def _start(self) -> None:
        """The agents before the first reset (each environment's own)."""

    # -------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def seat_of(self, agent: str) -> int:
        seat = self._seats.get(agent)
        return int(agent.rsplit("_", 1)[1]) if seat is None else seat

    # -------------------------------------------------------------- helpers
    def _game(self) -> GameState:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _new_game(self, seed: int | None) -> GameState:
        if seed is not None:
            self._next_seed = int(seed)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.game_state = self.spec.new_game(self.players, self.game_seed, self.options)
        self._illegal_rng = Rng(self.game_seed ^ _ILLEGAL_SALT)
        self.steps = 0  # actions applied
        self.cycles = 0  # parallel steps
        return self.game_state

    def action_mask(self, seat: int) -> np.ndarray:
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        dec = state.decision(seat)  # None when the seat is not acting
        if dec is None:
            return self._no_mask.copy()
        return self._mask_of(dec)

    def _mask_of(self, dec: Decision) -> np.ndarray:
        """The mask of a decision's actions (a new array)."""
        # a bytearray's item writes are a few times cheaper than numpy's fancy indexing for
        # the dozen or so legal actions of a decision; numpy then wraps it without a copy
        mask = bytearray(self.index.size)
        index = self.index.index
        try:
            for a in dec.actions:
                mask[index[a.id]] = 1
        except KeyError:  # an id outside the universe: index_of says which, or grows a catalogue
            for a in dec.actions:
                mask[self.index.index_of(a.id)] = 1
        return np.frombuffer(mask, _INT8)  # a dtype object by position: numpy parses it fastest

    def observation_vector(self, seat: int) -> np.ndarray:
        """The seat's encoded view: a new array on every call (encoders build a fresh vector,
        so the caller owns it and nothing is copied; an agent's loop asks once per state)."""
        return self._encode(self._game(), seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observation(self.seat_of(agent))

    def _observation(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self._encode(self._game(), seat), "action_mask": self.action_mask(seat)}

    def state(self) -> np.ndarray:
        """PettingZoo's global state: every seat's observation vector, in seat order."""
        return np.concatenate([self.observation_vector(s) for s in range(self.players)])

    def _action_id(self, action: Any, agent: str) -> str:
        """The action id of an index of the action space (an action outside it raises)."""
        if action is None:
            raise ValueError(f"{agent} must choose an action (got None)")
        index = int(action)
        ids = self.index.ids  # index.id_of, inline
        if not 0 <= index < len(ids):
            raise ValueError(f"action {action} is not in the action space of {agent}")
        return ids[index]

    def _apply(self, state: GameState, seat: int, action: Any, agent: str) -> dict[str, Any] | None:
        """Apply `agent`'s action. An illegal one follows `self.illegal`: raise, or (returned,
        for the caller's rewards and infos) nothing applied (`terminate`) or a random legal
        action applied in its place (`random`). None when the action was legal."""
        action_id = self._action_id(action, agent)
        try:
            state.apply(seat, action_id)
        except IllegalAction as err:
            return self._illegal(state, seat, action, action_id, agent, err)
        self.steps += 1
        return None

    def _illegal(self, state: GameState, seat: int, action: Any, action_id: str, agent: str,
                 err: IllegalAction) -> dict[str, Any]:
        if self.illegal == "raise":
            raise ValueError(
                f"action {action} ({action_id}) is not legal for {agent} now: {err.reason} ({err.rule})"
            ) from None
        note: dict[str, Any] = {"agent": agent, "action": int(action), "id": action_id, "reason": err.reason}
        if self.illegal == "random":
            played = self._illegal_rng.choice(state.legal_actions(seat)).id
            state.apply(seat, played)
            self.steps += 1
            note["played"] = self.index.index_of(played)
        return note

    def _final_rewards(self) -> tuple[list[float], dict[str, Any]]:
        outcome = self._game().outcome()
        return [float(r) for r in seat_rewards(outcome, self.players)], outcome

    # -------------------------------------------------------------- render
    def render_text(self, seat: int | None = None, color: bool = True, width: int = RENDER_WIDTH) -> str:
        """The board as the title's `terminal_view` hook draws it, as a string."""
        from rich.console import Console

        state = self._game()
        buf = io.StringIO()
        console = Console(
            file=buf,
            width=width,
            height=200,
            force_terminal=color,
            color_system="standard" if color else None,
            highlight=False,
            emoji=False,
        )
        view = state.view(seat)
        hook = self.spec.hook("terminal_view")
        if hook is not None:
            hook(console, view, seat)
        else:
            shown = {k: v for k, v in view.items() if k not in ("log", "decision", "outcome")}
            console.print_json(json.dumps(shown, default=str))
        to_act = ", ".join(self.possible_agents[s] for s in state.to_act) or "nobody"
        status = f"{self.spec.title} · step {self.steps} · to act: {to_act}"
        if state.over:
            out = state.outcome()
            status += f" · game over ({out.get('kind', 'competitive')}): winners {out.get('winners')}"
            if out.get("scores") is not None:
                status += f", scores {out.get('scores')}"
        console.print(status)
        return buf.getvalue()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.render_text(self.render_seat, color=True)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass


class BoardwrightEnv(_Game, AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "boardwright_v1",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self._stopped = False  # max_cycles reached, or an illegal action ended the game
        self._penalised = False

    def _select(self) -> None:
        state = self._game()
        acting = state.to_act
        if acting and not self._stopped:
            self.agent_selection = self.possible_agents[acting[0]]
            return
        # Game over: hand the turn round the seats still to be removed by dead steps.
        live = [a for a in self.agents if a != self.agent_selection] or self.agents
        if live:
            self.agent_selection = live[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._stopped = False
        self._penalised = False  # a `random` illegal action put a penalty in self.rewards
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last()`, the same tuple with fewer calls on the way (an agent's loop
        calls it every step); the observation is None when `observe` is false."""
        agent = self.agent_selection
        if observe:  # _observation, inline
            seat = self._seats[agent]
            state = self.game_state
            if state is None:
                raise RuntimeError("call reset() before using the environment")
            if self.terminations[agent] or self.truncations[agent]:
                mask = self.action_mask(seat)
            else:  # a live selected agent is the first seat to act (reset and step choose it so)
                mask = self._mask_of(state.acting_decision(seat))
            obs = {"observation": self._encode(state, seat), "action_mask": mask}
        else:
            obs = None
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _charge(self, state: GameState, agent: str, illegal: dict[str, Any]) -> None:
        """An illegal action's reward: the mover gets `illegal_reward`; under `terminate` the
        game ends there for every agent."""
        self.rewards = {a: 0.0 for a in self.agents}
        self.rewards[agent] = self.illegal_reward
        if self.illegal == "random":
            self.infos[agent] = {**self.infos[agent], "illegal_action": illegal}
            self._accumulate_rewards()
            self._penalised = True
            return
        outcome = state.outcome()
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a] = {"outcome": outcome, "illegal_action": illegal}
        self._accumulate_rewards()
        self._stopped = True
        self._select()
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        self._cumulative_rewards[agent] = 0.0
        if self._penalised:
            self.rewards = {a: 0.0 for a in self.agents}
            self._penalised = False
        illegal = self._apply(state, self._seats[agent], action, agent)
        if illegal is not None:
            self._charge(state, agent, illegal)
            if self._stopped:
                return
        # While the game runs every reward is 0 (self.rewards, set all-zero by reset(), stays
        # so, but for a `random` illegal action's penalty), and adding zeros to the cumulative
        # rewards changes nothing: only the last step writes and accumulates rewards.
        if state.over:
            penalty = self.rewards.get(agent, 0.0) if illegal is not None else 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            values, outcome = self._final_rewards()
            for a in self.agents:
                self.rewards[a] = values[self.seat_of(a)]
                self.terminations[a] = True
                self.infos[a] = {"outcome": outcome}
            self.rewards[agent] += penalty
            if illegal is not None:
                self.infos[agent]["illegal_action"] = illegal
            self._penalised = False
            self._accumulate_rewards()
        elif self.max_cycles is not None and self.steps >= self.max_cycles * self.players:
            outcome = state.outcome()
            self._stopped = True
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"outcome": outcome}
        acting = state.to_act
        if acting and not self._stopped:  # _select's common case, inline
            self.agent_selection = self.possible_agents[acting[0]]
        else:
            self._select()
        if self.render_mode == "human":
            self.render()


class BoardwrightParallelEnv(_Game, ParallelEnv):  # type: ignore[misc]
    """The parallel environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "boardwright_parallel_v1",
        "render_modes": ["ansi", "human"],
    }

    def _start(self) -> None:
        self.agents: list[str] = []

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.observe(a) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        state = self._game()
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        acting = list(state.to_act)
        chosen: list[tuple[int, str, str]] = []
        illegal: dict[str, dict[str, Any]] = {}
        for seat in acting:  # every acting seat's action is checked before any is applied
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} is to act and has no action")
            action_id = self._action_id(actions[agent], agent)
            if action_id not in {a.id for a in state.legal_actions(seat)}:
                err = _refusal(state, seat, action_id)
                if self.illegal == "raise":
                    raise ValueError(f"action {actions[agent]} ({action_id}) is not legal for "
                                     f"{agent} now: {err.reason} ({err.rule})")
                illegal[agent] = {"agent": agent, "action": int(actions[agent]), "id": action_id,
                                  "reason": err.reason}
                if self.illegal == "random":
                    action_id = self._illegal_rng.choice(state.legal_actions(seat)).id
                    illegal[agent]["played"] = self.index.index_of(action_id)
            chosen.append((seat, agent, action_id))
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, False)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        for agent in illegal:
            rewards[agent] = self.illegal_reward
        if illegal and self.illegal == "terminate":  # nothing applied: the game ends here
            outcome = state.outcome()
            for a in agents:
                terminations[a] = True
                infos[a] = {"outcome": outcome, "illegal_action": list(illegal.values())}
            observations = self._observations()
            self.cycles += 1
            self.agents = []
            if self.render_mode == "human":
                self.render()
            return observations, rewards, terminations, truncations, infos
        for k, (seat, _agent, action_id) in enumerate(chosen):
            # an earlier action of this step may have changed what this seat may do: then it
            # is asked again on the next step
            if k and (seat not in state.to_act or action_id not in {a.id for a in state.legal_actions(seat)}):
                continue
            state.apply(seat, action_id)
            self.steps += 1
        self.cycles += 1
        if state.over:
            values, outcome = self._final_rewards()
            for a in agents:
                rewards[a] += values[self.seat_of(a)]
                terminations[a] = True
                infos[a] = {"outcome": outcome}
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            outcome = state.outcome()
            for a in agents:
                truncations[a] = True
                infos[a] = {"outcome": outcome}
        for agent, note in illegal.items():
            infos[agent]["illegal_action"] = note
        observations = self._observations()
        if state.over or any(truncations.values()):
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


#: A PettingZoo AEC environment of a game: `env(game_id, players, options, seed, render_mode,
#: max_cycles)` (see the module docstring).
env = BoardwrightEnv
#: A PettingZoo parallel environment of a game, with the same arguments as `env`.
parallel_env = BoardwrightParallelEnv
