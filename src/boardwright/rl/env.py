"""A PettingZoo AEC environment for any registered game.

- Agents `player_0 .. player_{P-1}` are the seats (one agent in a solo game; a seat that
  controls several factions is still one agent). `players` defaults to the smallest count;
  options not given take `spec.default_options(players)` (`rl.settings.game_options`).
  `agent_selection` is the first seat in
  `state.to_act`; a simultaneous secret choice is asked one seat after another, which
  changes nothing because each pick stays hidden until all are in (the engine's rule).
- Action space: `Discrete(n)` over the game's fixed action index (`rl.actions`); the
  observation's `action_mask` (int8, length n) marks exactly the legal actions now.
- Observation: `{"observation": float32 vector of the acting seat's view, "action_mask": ...}`
  (`rl.observations`: a per-game encoding or the hashed-bag fallback). Seats that are not
  acting get their own view with an all-zero mask.
- `reset(seed=S)` starts the game with seed S (then S+1, ... on later resets without a seed).
- Rewards arrive when the game ends and follow `outcome()["kind"]` (`rl.settings.seat_rewards`):
  competitive and semi-cooperative, 1 for a sole win, 1/k to each of k tied winners, 0
  otherwise (nobody scores when a semi-cooperative goal failed and nobody wins then);
  cooperative, every seat gets the team result (1 won, 0 lost); solo, 1 won or 0 lost, or
  the final score of a score-only solo game. The outcome itself is in each agent's `info`.
  There is no truncation: every game ends by its own rules (the games' turn limits included).
- An illegal or masked action raises `ValueError` (it is a bug in the agent, not a move).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from boardwright.engine import GameState, game

from .actions import ActionIndex, action_index
from .observations import encoder_for
from .settings import game_options, seat_rewards


class BoardwrightEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "name": "boardwright_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False,
    }

    def __init__(self, game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.spec = game(game_id)
        self.players = players if players is not None else self.spec.player_counts[0]
        self.options = game_options(self.spec, self.players, options)
        self.kind = self.spec.kind_of_outcome(self.players, self.options)
        self.index: ActionIndex = action_index(self.spec, self.players, self.options)
        self.encoder = encoder_for(self.spec)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = self.possible_agents[:]
        n = self.index.size
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            })
            for a in self.possible_agents
        }
        self._next_seed = 0 if seed is None else int(seed)
        self.state: GameState | None = None
        self.game_seed: int | None = None

    # -------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @staticmethod
    def seat_of(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    # -------------------------------------------------------------- helpers
    def _game(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def action_mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.index.size, dtype=np.int8)
        for a in self._game().legal_actions(seat):
            mask[self.index.index_of(a.id)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of(agent)
        state = self._game()
        obs = np.asarray(self.encoder.encode(state.view(seat)), dtype=np.float32)
        return {"observation": obs, "action_mask": self.action_mask(seat)}

    def _select(self) -> None:
        state = self._game()
        acting = state.to_act
        if acting:
            self.agent_selection = self.possible_agents[acting[0]]
            return
        # Game over: hand the turn round the seats still to be removed by dead steps.
        live = [a for a in self.agents if a != self.agent_selection] or self.agents
        if live:
            self.agent_selection = live[0]

    # -------------------------------------------------------------- AEC
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = int(seed)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.state = self.spec.new_game(self.players, self.game_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._game()
        seat = self.seat_of(agent)
        if action is None:
            raise ValueError(f"{agent} must choose an action (got None)")
        action_id = self.index.id_of(int(action))
        legal = {a.id for a in state.legal_actions(seat)}
        if action_id is None or action_id not in legal:
            raise ValueError(f"action {action} ({action_id}) is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        state.apply(seat, action_id)
        self.rewards = {a: 0.0 for a in self.agents}
        if state.over:
            outcome = state.outcome()
            values = seat_rewards(outcome, self.players)
            for a in self.agents:
                self.rewards[a] = float(values[self.seat_of(a)])
                self.terminations[a] = True
                self.infos[a] = {"outcome": outcome}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        state = self._game()
        text = f"{self.spec.title}: to act {list(state.to_act)}; history {len(state.history)} steps"
        if state.over:
            out = state.outcome()
            kind = out.get("kind", "competitive")
            text += f"; {kind} outcome: scores {out.get('scores')} winners {out.get('winners')}"
            if "won" in out:
                text += f" won {out['won']}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None,
        seed: int | None = None, render_mode: str | None = None) -> BoardwrightEnv:
    """A PettingZoo AEC environment of `game_id` (see the module docstring)."""
    return BoardwrightEnv(game_id, players=players, options=options, seed=seed, render_mode=render_mode)
