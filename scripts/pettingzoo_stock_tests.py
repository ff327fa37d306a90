"""PettingZoo's six stock tests on every game configuration of the grid (docs/bots.md).

    .venv/bin/python scripts/pettingzoo_stock_tests.py                 # the whole grid
    .venv/bin/python scripts/pettingzoo_stock_tests.py --only steamfall --cycles 200

For each configuration (a game, a player count and the options of one mode) it runs
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

from boardwright import rl

#: (game, players, options): every game at every player count it has, each mode once
GRID: list[tuple[str, int, dict[str, Any]]] = [
    ("flow-of-history", 2, {}),
    ("flow-of-history", 3, {}),
    ("flow-of-history", 4, {}),
    ("flow-of-history", 5, {}),
    ("nomad-city", 2, {}),
    ("nomad-city", 3, {}),
    ("nomad-city", 4, {}),
    ("nomad-city", 3, {"corporations": True}),
    ("martians", 1, {"mode": "solo"}),
    ("martians", 2, {"mode": "coop"}),
    ("martians", 4, {"mode": "coop"}),
    ("martians", 3, {"mode": "semi-coop"}),
    ("martians", 2, {"mode": "competitive"}),
    ("steamfall", 1, {"scenario": "incredible-invention"}),
    ("steamfall", 3, {"scenario": "incredible-invention"}),
    ("steamfall", 2, {"scenario": "cipher-race"}),
    ("steamfall", 4, {"scenario": "cipher-race"}),
    ("steamfall", 1, {"scenario": "crisis"}),
    ("steamfall", 2, {"scenario": "crisis"}),
    ("steamfall", 2, {"scenario": "genesis"}),
    ("steamfall", 1, {"scenario": "genesis", "opponent": "jb"}),
]


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
    grid = [c for c in GRID if args.only is None or args.only in c[0]]
    header = None
    failures = 0
    for game, players, options in grid:
        tests = stock_tests(game, players, options, args.cycles, args.native_aec)
        if header is None:
            header = list(tests)
            print("| game | players | options | " + " | ".join(header) + " | seconds |")
            print("| --- " * (len(header) + 4) + "|")
        results = [run(t) for t in tests.values()]
        stock = [r for name, (r, _) in zip(tests, results, strict=True) if "native" not in name]
        failures += sum(r != "ok" for r in stock)
        seconds = sum(s for _, s in results)
        cells = " | ".join(r for r, _ in results)
        print(f"| {game} | {players} | {json.dumps(options)} | {cells} | {seconds:.1f} |", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
