"""Our ISMCTS against OpenSpiel's Python IS-MCTS at equal wall time per move and equal leaf
evaluation, both seat orders.

    .venv/bin/python scripts/openspiel_head_to_head.py GAME [GAME...] --games 10 --seconds 0.2
    .venv/bin/python scripts/openspiel_head_to_head.py GAME --evaluator engine --depth 20
    .venv/bin/python scripts/openspiel_head_to_head.py all --speed          # simulations/s only

Every game is played through the pyspiel game (`boardwright.openspiel`): our `ismcts` bot
(`bots/ismcts.py`) chooses on the engine state behind the pyspiel state; OpenSpiel's
`open_spiel.python.algorithms.ismcts.ISMCTSBot` searches the pyspiel state. Both get:

- **the same wall-clock time per decision** (`--seconds`): ours with `seconds=S`, theirs
  run simulation after simulation until the time is up (and at least until the root has a
  visit);
- **the same leaf evaluation** (`--evaluator`): `random` gives both a uniformly random
  rollout to the end of the game scored by its returns (ours `depth=0`, theirs OpenSpiel's
  `RandomRolloutEvaluator`); `engine` gives both `--depth` random decisions, then the
  game's heuristic squashed by the same logistic (`--scale`) (ours `depth=D`, theirs
  `boardwright.openspiel.EngineRolloutEvaluator(depth=D)`, which is our bot's rollout);
- **the same UCT constant** (`--uct-c`, 0.7) and no root prior, no score margin: every
  parameter of our bot is given, so a game's own `ismcts_defaults` (a shorter depth for
  some games) cannot make the two sides evaluate differently.

Its `allow_inconsistent_action_sets` is off, since an information state's string names its
legal actions; its resampler is the state's `resample_from_infostate` fed by the bot's own
random stream. Half the games give our bot seat 0, half seat 1, on the same seeds. The win
rate is our bot's mean return (a shared win counts 1/k) with its 95% Wilson interval; each
line says the evaluation both sides used.

`--speed` measures instead the simulations per second of OpenSpiel's Python MCTS and IS-MCTS
(20 simulations per search, on positions 20/40/60% into three random games) with each
evaluator; `--adapter FILE` loads another version of the adapter module (e.g. an older
`openspiel/game.py` saved from git) for a before/after comparison under the same load.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import boardwright as bw
from boardwright import openspiel
from boardwright.bots.ismcts import IsmctsBot


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class _OutOfTime(Exception):
    pass


class TimedISMCTS:
    """OpenSpiel's Python IS-MCTS, run for a wall-clock budget instead of a simulation count."""

    def __init__(self, game: Any, evaluator: Any, seconds: float, seed: int, uct_c: float,
                 allow_inconsistent: bool = False) -> None:
        self.seconds = seconds
        self.bot = ismcts.ISMCTSBot(game, evaluator, uct_c, 10**9, random_state=np.random.RandomState(seed),
                                    allow_inconsistent_action_sets=allow_inconsistent)
        self.bot.set_resampler(self._resample)
        self.deadline = 0.0
        self.simulations = 0

    def _resample(self, state: Any, player: int) -> Any:
        # the first simulation only expands the root: stop once the root has been visited
        if self.bot._root_node.total_visits > 0 and time.perf_counter() >= self.deadline:
            raise _OutOfTime
        self.simulations += 1
        return state.resample_from_infostate(player, self.bot.random_number)

    def step(self, state: Any) -> int:
        self.deadline = time.perf_counter() + self.seconds
        self.simulations = 0
        bot = self.bot
        try:
            policy = bot.run_search(state)
        except _OutOfTime:
            node = bot._root_node
            if bot._allow_inconsistent_action_sets:
                node = bot.filter_illegals(node, state.legal_actions())
            policy = bot.get_final_policy(state, node)
        actions, probs = zip(*policy, strict=True)
        return int(bot._random_state.choice(actions, p=probs))


def _evaluator(kind: str, depth: int, scale: float, seed: int) -> Any:
    """OpenSpiel's side of the leaf evaluation (ours: `_our_params`)."""
    if kind == "engine":
        return openspiel.EngineRolloutEvaluator(depth=depth, seed=seed, scale=scale)
    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))


def _our_params(kind: str, depth: int, scale: float, uct_c: float, seconds: float,
                prior: int = 0) -> dict[str, Any]:
    """Every parameter of our bot, so that no game default makes it evaluate otherwise:
    `random` is a random rollout to the end (depth 0), `engine` the same cut-off rollout and
    heuristic as EngineRolloutEvaluator. `prior` (0 unless `--prior`) is our tree's root
    prior, a setting of our search, not of the leaf evaluation."""
    return {"seconds": seconds, "c": uct_c, "rollout": "random", "depth": 0 if kind == "random" else depth,
            "scale": scale, "margin": 0.0, "prior": prior}


def leaf_evaluation(kind: str, depth: int) -> str:
    if kind == "random":
        return "both: random rollout to the end"
    return f"both: {depth} random decisions, then the heuristic"


def play_one(job: dict[str, Any]) -> dict[str, Any]:
    """One game: our bot in seat `ours`, OpenSpiel's in the other."""
    game_id, seed, ours, seconds = job["game"], job["seed"], job["ours"], job["seconds"]
    game = pyspiel.load_game(openspiel.register(game_id),
                             {"players": 2, "seeds": 1, "first_seed": seed, **job["options"]})
    index = openspiel.action_index(game)
    kind, depth, scale = job["evaluator"], job["depth"], job["scale"]
    our_bot = IsmctsBot(seed * 2 + 1, **_our_params(kind, depth, scale, job["uct_c"], seconds,
                                                          job.get("prior", 0)))
    their = TimedISMCTS(game, _evaluator(kind, depth, scale, seed), seconds, seed * 2 + 2, job["uct_c"],
                        job["inconsistent"])
    state = openspiel.new_state(game, seed)
    sims = {"sims_ours": 0, "sims_theirs": 0, "searches_ours": 0, "searches_theirs": 0}
    start = time.perf_counter()
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        elif player == ours:
            action = our_bot.choose(openspiel.engine_state(state), player)
            sims["sims_ours"] += our_bot.last_iterations
            sims["searches_ours"] += 1
            state.apply_action(index.index_of(action.id))
        else:
            state.apply_action(their.step(state))
            sims["sims_theirs"] += their.simulations
            sims["searches_theirs"] += 1
    returns = state.returns()
    return {**job, "ours_return": returns[ours], "theirs_return": returns[1 - ours],
            "seconds_played": time.perf_counter() - start, **sims}


def head_to_head(args: argparse.Namespace, game_id: str) -> dict[str, Any]:
    options = dict(json.loads(args.options)) if args.options else {}
    jobs = [{"game": game_id, "seed": args.seed + i, "ours": ours, "seconds": args.seconds,
             "evaluator": args.evaluator, "depth": args.depth, "scale": args.scale,
             "uct_c": args.uct_c, "prior": args.prior, "options": options,
             "inconsistent": args.inconsistent}
            for i in range(args.games) for ours in (0, 1)]
    results = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for res in pool.map(play_one, jobs):
            results.append(res)
            print(json.dumps(res), file=sys.stderr, flush=True)
    n = len(results)
    wins = sum(r["ours_return"] for r in results)
    lo, hi = wilson(wins, n)
    per_seat = {s: [r["ours_return"] for r in results if r["ours"] == s] for s in (0, 1)}
    searches_o = sum(r["searches_ours"] for r in results) or 1
    searches_t = sum(r["searches_theirs"] for r in results) or 1
    return {
        "game": game_id, "games": n, "seconds_per_move": args.seconds, "evaluator": args.evaluator,
        "ours_prior": args.prior,
        "leaf_evaluation": leaf_evaluation(args.evaluator, args.depth),
        "ours_win_rate": wins / n, "wilson95": [lo, hi],
        "ours_win_rate_by_seat": {s: (sum(v) / len(v) if v else None) for s, v in per_seat.items()},
        "theirs_win_rate": sum(r["theirs_return"] for r in results) / n,
        "ours_simulations_per_search": sum(r["sims_ours"] for r in results) / searches_o,
        "theirs_simulations_per_search": sum(r["sims_theirs"] for r in results) / searches_t,
        "seconds_per_game": sum(r["seconds_played"] for r in results) / n,
    }


def _load_adapter(path: str | None) -> Any:
    if path is None:
        return openspiel
    spec = importlib.util.spec_from_file_location("adapter_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def speed(args: argparse.Namespace, game_id: str) -> list[dict[str, Any]]:
    adapter = _load_adapter(args.adapter)
    game = pyspiel.load_game(adapter.register(game_id), {"players": args.players, "seeds": 64})
    rng = np.random.RandomState(5)
    positions = []
    for g in range(3):
        st = game.new_initial_state()
        st.apply_action(g)
        trail = []
        while not st.is_terminal():
            trail.append(st.clone())
            st.apply_action(int(rng.choice(st.legal_actions())))
        positions += [trail[int(len(trail) * f)] for f in (0.2, 0.4, 0.6)]
    positions = [p for p in positions if len(p.legal_actions()) > 1]
    rows = []
    for ev_kind in args.speed_evaluators.split(","):
        for name in args.speed_bots.split(","):
            sims, i, t0, c0 = 0, 0, time.perf_counter(), time.process_time()
            while time.perf_counter() - t0 < args.speed_seconds:
                pos = positions[i % len(positions)]
                i += 1
                if ev_kind.startswith("engine"):
                    ev: Any = openspiel.EngineRolloutEvaluator(int(ev_kind[6:] or 20), seed=i)
                else:
                    cut = None if ev_kind == "random" else int(ev_kind[6:])
                    ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(i), max_length=cut)
                if name == "mcts":
                    bot: Any = mcts.MCTSBot(game, 1.4, 20, ev, random_state=np.random.RandomState(i))
                else:  # "ismcts": with allow_inconsistent_action_sets; "ismcts-consistent": without
                    bot = ismcts.ISMCTSBot(game, ev, 1.4, 20, random_state=np.random.RandomState(i),
                                           allow_inconsistent_action_sets=name == "ismcts")
                bot.step(pos)
                sims += 20
            elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
            # CPU time: on a shared machine the wall-clock rate follows the load, this one much less
            row = {"game": game_id, "players": args.players, "bot": name, "evaluator": ev_kind,
                   "adapter": args.adapter or "current", "simulations_per_s": round(sims / elapsed, 1),
                   "simulations_per_cpu_s": round(sims / cpu, 1)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_", nargs="+", metavar="GAME", help="game ids, or 'all' for every registered game")
    ap.add_argument("--games", type=int, default=5, help="games per seat order (default 5)")
    ap.add_argument("--seconds", type=float, default=0.2, help="thinking time per decision for each bot")
    ap.add_argument("--seed", type=int, default=100_000, help="engine seed of the first game")
    ap.add_argument("--evaluator", choices=("random", "engine"), default="random",
                    help="the leaf evaluation of both bots: random rollouts to the end (default), or "
                         "the engine's cut-off rollout and heuristic")
    ap.add_argument("--depth", type=int, default=20, help="--evaluator engine: rollout decisions before "
                    "the heuristic, for both bots (default 20)")
    ap.add_argument("--scale", type=float, default=10.0, help="--evaluator engine: the heuristic's squash "
                    "scale, for both bots (default 10)")
    ap.add_argument("--uct-c", type=float, default=0.7, help="OpenSpiel's UCT constant (ours: 0.7)")
    ap.add_argument("--prior", type=int, default=0,
                    help="our bot's root prior (virtual visits seeding each root action with its "
                         "one-step heuristic value; OpenSpiel's bot has none); default 0")
    ap.add_argument("--inconsistent", action="store_true",
                    help="OpenSpiel's allow_inconsistent_action_sets=True (not needed: an information "
                         "state's string names its legal actions, so its action set is one)")
    ap.add_argument("--options", default="", help="game options as JSON, e.g. '{\"x\": true}'")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--speed", action="store_true", help="measure simulations/s instead of playing")
    ap.add_argument("--players", type=int, default=2, help="players for --speed (head-to-head: 2)")
    ap.add_argument("--speed-seconds", type=float, default=8.0)
    ap.add_argument("--speed-evaluators", default="random,random20,engine20,engine0",
                    help="random (to the end), randomN (cut after N: timing only, returns are 0), "
                         "engineN (EngineRolloutEvaluator depth N)")
    ap.add_argument("--speed-bots", default="mcts,ismcts",
                    help="mcts, ismcts (allow_inconsistent_action_sets=True), ismcts-consistent (False)")
    ap.add_argument("--adapter", help="--speed with another adapter module file (before/after)")
    args = ap.parse_args(argv)
    game_ids = bw.games() if args.games_ == ["all"] else args.games_
    for game_id in game_ids:
        if args.speed:
            speed(args, game_id)
            continue
        if 2 not in bw.game(game_id).player_counts:
            print(f"{game_id}: no 2-player game, skipped", file=sys.stderr)
            continue
        print(json.dumps(head_to_head(args, game_id)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
