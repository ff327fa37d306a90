"""The performance benchmark: random playouts, clone() against copy.deepcopy, ISMCTS speed,
and the PettingZoo environment's random-play speed (`env_steps_per_s`).

`boardwright bench` prints these figures; tests and scripts can call `bench_game`.
Everything is measured in the calling process, with fixed seeds, on each game's default
options for the player count (`spec.default_options`).
"""

from __future__ import annotations

import copy
import os
import platform
import random
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

from .engine import GameState, Rng, game, games


def machine() -> dict[str, str]:
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": f"{platform.system()} {platform.release()} {platform.machine()}"
        + (f" ({platform.processor()})" if platform.processor() else ""),
    }


def load_average() -> float | None:
    """The 1-minute load average when the bench ran (None where the OS has none): figures
    taken on a shared machine are only comparable at a similar load."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def default_players(game_id: str) -> int:
    """The middle of the game's player counts (4 for 2–5 players)."""
    counts = game(game_id).player_counts
    return counts[len(counts) // 2]


def random_playout(state: GameState, rng: Rng, limit: int | None = None) -> int:
    """Play uniformly random legal actions until the end (or `limit` decisions); returns the count."""
    n = 0
    while not state.over and (limit is None or n < limit):
        for seat in state.to_act:
            if limit is not None and n >= limit:
                break
            if seat in state.to_act:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                n += 1
    return n


def mid_game_state(game_id: str, players: int, seed: int = 0, fraction: float = 0.4) -> GameState:
    """A state `fraction` of the way (in decisions) through a random game."""
    spec = game(game_id)
    options = spec.default_options(players)
    total = random_playout(spec.new_game(players, seed, options), Rng(seed))
    state = spec.new_game(players, seed, options)
    random_playout(state, Rng(seed), int(total * fraction))
    return state


def time_call(fn: Callable[[], object], budget: float) -> float:
    """Seconds per call: the best of a few timed batches that together take about `budget`."""
    single = timeit.timeit(fn, number=1)
    number = max(1, int(budget / 5 / max(single, 1e-7)))
    runs = timeit.repeat(fn, number=number, repeat=5)
    return min(runs) / number


def ismcts_speed(game_id: str, players: int, budget: float, iters: int = 25) -> float:
    """ISMCTS iterations per second (default settings: random rollouts cut at depth 20) on positions from
    a random game, searched for the seat to act; at least one search, then as many as fit."""
    from .bots import IsmctsBot

    spec = game(game_id)
    bot = IsmctsBot(seed=1, iters=iters)
    options = spec.default_options(players)
    state = spec.new_game(players, 0, options)
    rng = Rng(0)
    done = 0
    start = time.perf_counter()
    elapsed = 0.0
    while True:
        if state.over:
            state = spec.new_game(players, done + 1, options)
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) > 1:
            bot.choose(state, seat)
            done += bot.last_iterations
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        elapsed = time.perf_counter() - start
        if done and elapsed >= budget:
            break
    return done / elapsed


def env_speed(game_id: str, players: int, budget: float) -> float | None:
    """Steps per second of the PettingZoo AEC environment (`boardwright.rl`) playing uniformly
    random legal actions from the observation's mask, whole games with seeds 0, 1, ...: what
    an agent's loop pays (`last()` with the observation and mask, then `step`). None when
    the `sim` extra (pettingzoo, numpy) is not installed."""
    try:
        import numpy as np

        from .rl import env as make_env
    except ImportError:
        return None
    e = make_env(game_id, players=players, seed=0)
    rng = random.Random(0)  # the sampler's draws (numpy's Generator costs ~5x more per scalar)
    steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < budget or not steps:
        e.reset()
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            # The agent's side costs ~2 us a step: the mask is int8 (PettingZoo's convention) and
            # numpy finds the nonzero slots of its bool view ~15x faster than of the int8 array
            # (~1.5 us instead of ~25 us for The Flow of History's 5,301 slots).
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            if steps % 64 == 0 and time.perf_counter() - start >= budget * 1.5:
                break  # a long game does not overrun the budget by much
        elapsed = time.perf_counter() - start
    return steps / elapsed


def bench_game(game_id: str, seconds: float = 3.0, players: int | None = None) -> dict[str, Any]:
    """Random-playout speed, clone cost, ISMCTS speed and the environment's speed for one
    game, in about `seconds` (plus a fifth for the environment)."""
    spec = game(game_id)
    players = players or default_players(game_id)
    options = spec.default_options(players)
    playout_budget = seconds * 0.5
    decisions = games_done = 0
    start = time.perf_counter()
    while True:
        seed = games_done
        state = spec.new_game(players, seed, options)
        decisions += random_playout(state, Rng(seed))
        games_done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= playout_budget:
            break
    state = mid_game_state(game_id, players)
    clone_s = time_call(state.clone, seconds * 0.1)
    deepcopy_s = time_call(lambda: copy.deepcopy(state), seconds * 0.2)
    ismcts = ismcts_speed(game_id, players, seconds * 0.2)
    env = env_speed(game_id, players, seconds * 0.2)
    rate = decisions / elapsed
    return {
        "game": game_id,
        "players": players,
        "games": games_done,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "decisions_per_s": round(rate, 1),
        "games_per_s": round(games_done / elapsed, 2),
        "clone_us": round(clone_s * 1e6, 2),
        "deepcopy_us": round(deepcopy_s * 1e6, 2),
        "clone_ratio": round(deepcopy_s / clone_s, 1) if clone_s > 0 else None,
        "ismcts_iters_per_s": round(ismcts, 1),
        "env_steps_per_s": round(env, 1) if env is not None else None,
        "env_ratio": round(env / rate, 2) if env is not None and rate > 0 else None,
        "load_average": load_average(),
        **machine(),
    }


def bench(game_ids: list[str] | None = None, seconds: float = 3.0) -> list[dict[str, Any]]:
    return [bench_game(g, seconds) for g in (game_ids or games())]


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(bench(sys.argv[1:] or None), indent=2))
