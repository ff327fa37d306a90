"""PettingZoo's six stock tests on every game configuration of the grid (docs/interfaces.md).

    .venv/bin/python scripts/pettingzoo_stock_tests.py                 # the whole grid
    .venv/bin/python scripts/pettingzoo_stock_tests.py --only GAME --cycles 200

The configurations (`grid()`): every registered game at every player count with its
default options and each other outcome kind it has there (a mode), then every value of
every option with choices (and both values of a boolean one), each in the option set
nearest the defaults that has it, at the smallest player count that plays it. For each
configuration it runs
`api_test`, `parallel_api_test`, `seed_test`, `parallel_seed_test`, `max_cycles_test` and
`render_test` on `boardwright.rl` and prints one markdown row: `ok` or the failure, and the
seconds taken. The environments are built as a user builds them, with the default
`illegal="terminate"`, except `max_cycles_test`: it samples actions without the mask and
needs the game to go on for 4 cycles, so it runs with `illegal="random"` (an illegal action
is charged and a random legal one played); its AEC half expects every agent to act once a
cycle, so, as in PettingZoo's parallel-native environments, its `env()` is
`parallel_to_aec` of the parallel environment. `--native-aec` adds a column with our own
AEC environment there instead, whose agents act as often in a row as their turn has
decisions (it fails wherever a turn has several). The exit status is 1 when one of the six
stock tests fails (the extra column does not count).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import time
import types
import warnings
from collections.abc import Callable
from typing import Any

from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import parallel_to_aec

import boardwright as bw
from boardwright import rl

Config = tuple[str, int, dict[str, Any]]


def _nearest(spec: Any, players: int, sets: list[dict[str, Any]], kinds: list[str],
             fits: list[bool]) -> dict[str, Any]:
    """Of the option sets that fit, the one with fewest options changed from the defaults;
    between equals, the first whose outcome kind is not the defaults'."""
    default = spec.default_options(players)
    base = spec.kind_of_outcome(players, default)
    ranked = [(sum(o[k] != v for k, v in default.items()), kinds[i] == base, i)
              for i, o in enumerate(sets) if fits[i]]
    return sets[min(ranked)[2]]


def grid(games: list[str] | None = None) -> list[Config]:
    """Every game at every player count with its default options and, at that count, the
    option set nearest the defaults (fewest options changed) of each other outcome kind it
    has; then every value of every option (a scenario, a variant, an opponent): the nearest
    option set that has it, at the smallest player count that plays it (between equally
    near ones, the first whose outcome kind differs from the defaults', so a value that opens
    another mode is played in it). No configuration twice."""
    out: list[Config] = []
    seen: set[str] = set()

    def add(game_id: str, players: int, options: dict[str, Any]) -> None:
        key = json.dumps([game_id, players, options], sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append((game_id, players, options))

    for game_id in games or bw.games():
        spec = bw.game(game_id)
        sets = {p: list(spec.option_sets(p)) for p in spec.player_counts}
        kinds = {p: [spec.kind_of_outcome(p, o) for o in sets[p]] for p in spec.player_counts}

        for players in spec.player_counts:
            add(game_id, players, spec.default_options(players))
            for kind in sorted(set(kinds[players])):
                fits = [k == kind for k in kinds[players]]
                add(game_id, players, _nearest(spec, players, sets[players], kinds[players], fits))
        for opt in spec.options:
            for value in opt.choices or ((False, True) if isinstance(opt.default, bool) else ()):
                for players in spec.player_counts:
                    fits = [o.get(opt.name) == value for o in sets[players]]
                    if any(fits):
                        add(game_id, players, _nearest(spec, players, sets[players], kinds[players], fits))
                        break
    return out


def stock_tests(game: str, players: int, options: dict[str, Any], cycles: int = 100,
                native_aec: bool = False) -> dict[str, Callable[[], None]]:
    """The six stock tests of one configuration, as callables (the CI test uses them too)."""

    def make(fn: Any, **fixed: Any) -> Callable[..., Any]:
        return functools.partial(fn, game, players=players, options=options, **fixed)

    env, par = make(rl.env), make(rl.parallel_env)
    par_random = make(rl.parallel_env, illegal="random")
    mod = types.SimpleNamespace(env=lambda **kw: parallel_to_aec(par_random(**kw)), parallel_env=par_random)
    tests: dict[str, Callable[[], None]] = {
        "api_test": lambda: api_test(env(seed=5), num_cycles=cycles),
        "parallel_api_test": lambda: parallel_api_test(par(seed=5), num_cycles=cycles),
        "seed_test": lambda: seed_test(env, num_cycles=cycles),
        "parallel_seed_test": lambda: parallel_seed_test(par, num_cycles=cycles),
        "max_cycles_test": lambda: max_cycles_test(mod),
        "render_test": lambda: render_test(lambda render_mode=None: env(render_mode=render_mode)),
    }
    if native_aec:
        native = types.SimpleNamespace(env=make(rl.env, illegal="random"), parallel_env=par_random)
        tests["max_cycles_test (native AEC)"] = lambda: max_cycles_test(native)
    return tests


def run(test: Callable[[], None]) -> tuple[str, float]:
    start = time.perf_counter()
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")  # Dict observation spaces, as PettingZoo's classic games
            test()
    except Exception as err:  # a failure is a result to report, not a crash
        return f"FAIL {type(err).__name__}: {str(err)[:80]}", time.perf_counter() - start
    return "ok", time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="games whose id contains this text")
    ap.add_argument("--cycles", type=int, default=100, help="num_cycles of the api, parallel and seed tests")
    ap.add_argument("--native-aec", action="store_true", help="also max_cycles_test on our own AEC env")
    args = ap.parse_args(argv)
    configs = grid([g for g in bw.games() if args.only is None or args.only in g])
    header = None
    failures = 0
    for game, players, options in configs:
        tests = stock_tests(game, players, options, args.cycles, args.native_aec)
        if header is None:
            header = list(tests)
            head = " | ".join(["game", "players", "options (changed from the defaults)", *header, "seconds"])
            print(f"| {head} |")
            print("| --- " * (len(header) + 4) + "|")
        results = [run(t) for t in tests.values()]
        stock = [r for name, (r, _) in zip(tests, results, strict=True) if "native" not in name]
        failures += sum(r != "ok" for r in stock)
        seconds = sum(s for _, s in results)
        cells = " | ".join(r for r, _ in results)
        default = bw.game(game).default_options(players)
        changed = {k: v for k, v in options.items() if default.get(k) != v}
        shown = f"`{json.dumps(changed)}`" if changed else "defaults"
        print(f"| {game} | {players} | {shown} | {cells} | {seconds:.1f} |", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
