"""Train a masked PPO agent on The Flow of History (2 players) against a random opponent, on CPU.

    pip install -e '.[train]'          # torch (CPU wheel), stable-baselines3, sb3-contrib
    python examples/train_flow_ppo.py --steps 60000 --eval-every 6000 --eval-games 60 \
        --png docs/img/flow-ppo-learning-curve.png

What it shows: the PettingZoo environment (`boardwright.rl.env`) with its fixed action
index and action mask, driven by a well-kept RL library (sb3-contrib's `MaskablePPO`, which
samples only legal actions), learning to beat a uniformly random player. Nothing here is
hand-written RL: the script only turns the 2-seat AEC game into a one-agent gymnasium
environment (the opponent's moves happen inside `step`), then trains and measures.

- The learner's seat is drawn at random each game (the observation is relative to the
  observer, so one policy plays either seat); the reward is 1 for a win, 0.5 for a shared
  win, 0 for a loss, at the end of the game.
- Every `--eval-every` steps the deterministic policy plays `--eval-games` games against
  random with fixed seeds (half in each seat): the win rate and its 95% Wilson interval go
  into the learning curve (PNG) and a JSON file beside it.
- Reference lines: a random player wins about half of its games against random, the
  one-step `greedy` bot about 97% (docs/bots.md).

The figure in docs/bots.md came from the command above on the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np

from boardwright import rl

GAME = "flow-of-history"


class VersusRandom(gym.Env):  # type: ignore[misc]
    """One seat of a 2-player game as a gymnasium environment; the other seat plays at random."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": []}

    def __init__(self, seed: int = 0) -> None:
        self.aec = rl.env(GAME, players=2, seed=seed)
        self.action_space = gym.spaces.Discrete(self.aec.index.size)
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, (self.aec.encoder.size,), np.float32)
        self.rng = np.random.default_rng(seed)
        self.me = "player_0"
        self._mask = np.zeros(self.aec.index.size, dtype=bool)

    def _opponents(self) -> tuple[float, bool]:
        """Play the random seat until the learner is to act or the game ends."""
        env = self.aec
        while env.agents:
            agent = env.agent_selection
            obs, reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                if agent == self.me:
                    return float(reward), True
                env.step(None)
                continue
            if agent == self.me:
                self._obs = obs["observation"]
                self._mask = obs["action_mask"].astype(bool)
                return 0.0, False
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[self.rng.integers(len(legal))]))
        return 0.0, True

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        game_seed = int(self.rng.integers(1 << 30)) if seed is None else seed
        self.aec.reset(seed=game_seed)
        self.me = f"player_{int(self.rng.integers(2))}" if options is None or "seat" not in options \
            else f"player_{options['seat']}"
        self._obs = np.zeros(self.aec.encoder.size, np.float32)
        self._opponents()
        return self._obs, {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        reward, done = self._opponents()
        return self._obs, reward, done, False, {}

    def action_masks(self) -> np.ndarray:
        return self._mask


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def evaluate(model: Any, games: int, first_seed: int = 1_000_000) -> float:
    """The deterministic policy's win rate against random, with fixed seeds, half in each seat."""
    env = VersusRandom(seed=7)
    total = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=first_seed + g, options={"seat": g % 2})
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _trunc, _info = env.step(int(action))
        total += reward
    return total / games


def main() -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--steps", type=int, default=60_000, help="learner decisions to train on")
    parser.add_argument("--eval-every", type=int, default=6_000)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--png", type=Path, default=Path("flow-ppo-learning-curve.png"))
    parser.add_argument("--plot-only", action="store_true",
                        help="redraw the PNG from the JSON beside it, without training")
    args = parser.parse_args()
    if args.plot_only:
        saved = json.loads(args.png.with_suffix(".json").read_text(encoding="utf-8"))
        plot(saved["points"], args.png, saved)
        return

    import torch

    torch.set_num_threads(1)
    points: list[dict[str, float]] = []
    start = time.perf_counter()

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % args.eval_every == 0:
                record(self.model, self.num_timesteps)
            return True

    def record(model: Any, steps: int) -> None:
        rate = evaluate(model, args.eval_games)
        low, high = wilson(rate * args.eval_games, args.eval_games)
        points.append({"steps": steps, "win_rate": rate, "low": low, "high": high,
                       "seconds": round(time.perf_counter() - start, 1)})
        print(f"{steps:>7} steps  win rate vs random {rate:.1%} ({low:.1%}-{high:.1%})  "
              f"{time.perf_counter() - start:.0f} s", flush=True)

    env = VersusRandom(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        gamma=1.0, ent_coef=0.01, seed=args.seed, verbose=0,
                        policy_kwargs={"net_arch": [128, 128]}, device="cpu")
    record(model, 0)
    model.learn(total_timesteps=args.steps, callback=Curve())
    train_s = time.perf_counter() - start
    summary = {"game": GAME, "players": 2, "opponent": "random", "algorithm": "sb3-contrib MaskablePPO",
               "steps": args.steps, "eval_games": args.eval_games, "seconds": round(train_s, 1),
               "torch_threads": 1, "points": points}
    args.png.parent.mkdir(parents=True, exist_ok=True)
    args.png.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    plot(points, args.png, summary)
    print(f"done in {train_s:.0f} s: {args.png} and {args.png.with_suffix('.json')}")


def plot(points: list[dict[str, float]], path: Path, summary: dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [p["steps"] for p in points]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    ax.plot(steps, [p["win_rate"] for p in points], marker="o", label="MaskablePPO (deterministic)")
    ax.fill_between(steps, [p["low"] for p in points], [p["high"] for p in points], alpha=0.2,
                    label="95% Wilson interval")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="random vs random (~50%)")
    ax.axhline(0.975, color="green", linestyle=":", linewidth=1, label="greedy bot vs random (97.5%)")
    ax.set_ylim(0, 1)
    ax.set_xlabel("learner decisions trained on")
    ax.set_ylabel(f"win rate vs random ({summary['eval_games']} games)")
    ax.set_title(f"The Flow of History, 2 players: MaskablePPO (sb3-contrib) vs random\n"
                 f"{summary['steps']:,} learner decisions, {summary['seconds'] / 60:.0f} min on one "
                 f"CPU thread of a shared 2-core machine", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    main()
