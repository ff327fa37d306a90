"""The performance benchmark: random playouts, clone() against copy.deepcopy, ISMCTS speed,
and the PettingZoo environment's random-play speed (`env_steps_per_s`) with its ratio to the
playouts (`env_ratio`: measured in alternating slices of the two, in processor time).

`boardwright bench` prints these figures; tests and scripts can call `bench_game`.
Everything is measured in the calling process, with fixed seeds, on each game's default
options for the player count (`spec.default_options`).
"""

from __future__ import annotations

import copy
import os
import platform
import random
import statistics
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
    """ISMCTS iterations per second with the game's default settings (random rollouts cut at the
    game's declared depth, `ismcts_defaults`, else the bot's 20) on positions from a random game,
    searched for the seat to act; at least one search, then as many as fit."""
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


def parallel_speed(game_id: str, players: int, budget: float, workers: int,
                   seconds: float = 0.25) -> dict[str, float]:
    """Root-parallel ISMCTS (`workers` trees, bots/parallel.py) with a `seconds` budget per
    decision on positions of a random game: iterations per second in total and per process
    (the helpers' start is not counted)."""
    from .bots import IsmctsBot

    spec = game(game_id)
    bot = IsmctsBot(seed=1, seconds=seconds, workers=workers)
    options = spec.default_options(players)
    state = spec.new_game(players, 0, options)
    rng = Rng(0)
    done = 0
    elapsed = 0.0
    warm = workers > 1
    while not done or elapsed < budget:
        if state.over:
            state = spec.new_game(players, done + 1, options)
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) > 1:
            start = time.perf_counter()
            bot.choose(state, seat)
            if warm:
                warm = False  # the first search starts the helper processes
            else:
                elapsed += time.perf_counter() - start
                done += bot.last_iterations
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return {"ismcts_workers": workers, "ismcts_parallel_iters_per_s": round(done / elapsed, 1),
            "ismcts_parallel_per_process": round(done / elapsed / workers, 1)}


def _env_setup(game_id: str, players: int) -> tuple[Any, Any] | None:
    """The AEC environment and numpy, or None when the `sim` extra is not installed."""
    try:
        import numpy as np

        from .rl import env as make_env
    except ImportError:
        return None
    return make_env(game_id, players=players, seed=0), np


def _env_game(e: Any, np: Any, seed: int, limit: float | None = None) -> int:
    """One whole random game of the environment `e` (seed `seed`), as an agent's loop plays
    it (`last()` with the observation and mask, then `step`), sampling uniformly among the
    mask's legal actions with `random.Random(seed)`; returns the steps taken (dead steps
    excluded). `limit`: stop at the first 64th step past this `perf_counter` time."""
    rng = random.Random(seed)  # the sampler's draws (numpy's Generator costs ~5x more per scalar)
    steps = 0
    e.reset(seed=seed)
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
        if limit is not None and steps % 64 == 0 and time.perf_counter() >= limit:
            break  # a long game does not overrun the budget by much
    return steps


def env_speed(game_id: str, players: int, budget: float) -> float | None:
    """Steps per (wall-clock) second of the PettingZoo AEC environment (`boardwright.rl`)
    playing uniformly random legal actions from the observation's mask, whole games with
    seeds 0, 1, ... for about `budget` seconds. None when the `sim` extra (pettingzoo,
    numpy) is not installed. `bench_game` measures the environment with `paired_speeds`."""
    setup = _env_setup(game_id, players)
    if setup is None:
        return None
    e, np = setup
    steps = seed = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < budget or not steps:
        steps += _env_game(e, np, seed, start + budget * 1.5)
        seed += 1
        elapsed = time.perf_counter() - start
    return steps / elapsed


#: a seed no measured game uses: the unmeasured warm-up game of each side
WARMUP_SEED = 1_000_003


def paired_speeds(game_id: str, players: int, budget: float, with_env: bool = True) -> dict[str, Any]:
    """The engine's random playouts and the environment's random play measured in alternating
    slices, so that the machine's drift (25-40% within an hour on a shared VM) cancels in
    their ratio: for k = 0, 1, ... the engine plays game seed k (`random_playout`), then the
    environment plays game seed k (`_env_game`: same player count and options, whole game),
    each slice timed in processor time and wall-clock time, until `budget` wall seconds have
    passed (at least one pair). One unmeasured game of each side first warms the caches.

    Returns the sums (decisions, steps, seconds of each kind), `ratios` (each pair's env
    steps per processor second over its engine decisions per processor second) and the
    ratio of the sums, `env_ratio` (None without the `sim` extra or `with_env` false)."""
    spec = game(game_id)
    options = spec.default_options(players)
    setup = _env_setup(game_id, players) if with_env else None
    random_playout(spec.new_game(players, WARMUP_SEED, options), Rng(WARMUP_SEED))
    if setup is not None:
        _env_game(*setup, WARMUP_SEED)
    clock, cpu = time.perf_counter, time.process_time
    decisions = steps = pairs = 0
    engine_wall = engine_cpu = env_wall = env_cpu = 0.0
    ratios: list[float] = []
    start = clock()
    while True:
        seed = pairs
        w0, c0 = clock(), cpu()
        d = random_playout(spec.new_game(players, seed, options), Rng(seed))
        w1, c1 = clock(), cpu()
        decisions += d
        engine_wall += w1 - w0
        engine_cpu += c1 - c0
        if setup is not None:
            n = _env_game(*setup, seed)
            w2, c2 = clock(), cpu()
            steps += n
            env_wall += w2 - w1
            env_cpu += c2 - c1
            if c2 > c1 and c1 > c0 and d:
                ratios.append((n / (c2 - c1)) / (d / (c1 - c0)))
        pairs += 1
        if clock() - start >= budget:
            break
    env_ratio = None
    if setup is not None and env_cpu > 0 and engine_cpu > 0 and decisions:
        env_ratio = (steps / env_cpu) / (decisions / engine_cpu)
    return {
        "pairs": pairs,
        "decisions": decisions,
        "engine_wall": engine_wall,
        "engine_cpu": engine_cpu,
        "steps": steps,
        "env_wall": env_wall,
        "env_cpu": env_cpu,
        "ratios": ratios,
        "env_ratio": env_ratio,
    }


def bench_game(game_id: str, seconds: float = 3.0, players: int | None = None,
               search_workers: int = 0) -> dict[str, Any]:
    """Random-playout speed and the environment's speed (paired slices, `paired_speeds`, in
    about 0.7 x `seconds`), clone cost and ISMCTS speed for one game.

    `decisions_per_s` and `env_steps_per_s` are wall-clock rates over the slices of each side
    (which count time spent waiting for a core); `env_ratio` is the ratio of the two sides' rates in processor
    time over all the pairs, `env_ratio_median` the median of the pairs' own ratios."""
    players = players or default_players(game_id)
    paired = paired_speeds(game_id, players, seconds * 0.7)
    elapsed = paired["engine_wall"]
    decisions = paired["decisions"]
    games_done = paired["pairs"]
    state = mid_game_state(game_id, players)
    clone_s = time_call(state.clone, seconds * 0.1)
    deepcopy_s = time_call(lambda: copy.deepcopy(state), seconds * 0.2)
    ismcts = ismcts_speed(game_id, players, seconds * 0.2)
    rate = decisions / elapsed
    ratio = paired["env_ratio"]
    has_env = ratio is not None
    env_rate = paired["steps"] / paired["env_wall"] if has_env and paired["env_wall"] > 0 else None
    engine_cpu, env_cpu = paired["engine_cpu"], paired["env_cpu"]
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
        "env_steps_per_s": round(env_rate, 1) if env_rate is not None else None,
        "decisions_per_cpu_s": round(decisions / engine_cpu, 1) if engine_cpu > 0 else None,
        "env_steps_per_cpu_s": round(paired["steps"] / env_cpu, 1) if has_env and env_cpu > 0 else None,
        "env_ratio": round(ratio, 3) if ratio is not None else None,
        "env_ratio_median": round(statistics.median(paired["ratios"]), 3) if paired["ratios"] else None,
        "env_pairs": games_done if has_env else 0,
        "env_steps": paired["steps"] if has_env else 0,
        **(parallel_speed(game_id, players, seconds, search_workers) if search_workers else {}),
        "load_average": load_average(),
        **machine(),
    }


def bench(game_ids: list[str] | None = None, seconds: float = 3.0,
          search_workers: int = 0) -> list[dict[str, Any]]:
    return [bench_game(g, seconds, search_workers=search_workers) for g in (game_ids or games())]


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(bench(sys.argv[1:] or None), indent=2))
