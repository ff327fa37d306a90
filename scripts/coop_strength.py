"""Co-operative and solo strength: the greedy team against the strongest bot team, cell by cell.

Every cell is one game, mode and player count (Martians co-op and semi-co-op at 2-4 players
and solo, for each mission scenario and the solo commissions; Crisis at Steamfall's
Incredible Invention and Crisis at each difficulty and 1-4 players; Genesis solo against
each of the 7 AI sheets). In each cell the greedy team (every seat `greedy`) and the strong
team (every seat the strong bot) play the same `--games` seeds; the table gives each team's
success rate (co-op and solo: the team won; semi-co-op: the shared goal was met) with its 95%
Wilson interval, the difference with its 95% interval (Newcombe's hybrid score method) and
whether the strong team wins at least 15 points more often.

    python scripts/coop_strength.py --games 60 --seconds 1 --workers 2          # the whole grid
    python scripts/coop_strength.py --only GAME/coop/2p/s1 --games 20 --seconds 0.3
    python scripts/coop_strength.py --list

The strong bot of a group of cells is `STRONG` below (`{budget}` is `seconds=S` for
`--seconds S`, or a fixed, reproducible budget for `--seconds 0`: `iters=1` in a spec given
with `--strong PREFIX=SPEC`). Time-limited bots think as far as the machine lets them: say the
machine and its load with a figure. The whole grid at 60 games a cell is hours of
play on two cores.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardwright.simulate import GameResult, simulate, wilson

#: the grid's cells and each group's strong bot team, kept as data beside this script (the
#: script itself names no game): see its "note"
GRID = json.loads((Path(__file__).with_name("coop_cells.json")).read_text(encoding="utf-8"))
STRONG: dict[str, tuple[str, str]] = {k: (v[0], v[1]) for k, v in GRID["strong"].items()}


@dataclass(frozen=True)
class Cell:
    name: str
    game: str
    players: int
    options: dict[str, Any]


def grid() -> list[Cell]:
    return [Cell(c["name"], c["game"], c["players"], dict(c["options"])) for c in GRID["cells"]]


def success(r: GameResult) -> bool:
    """The team's success: won (co-op, solo), or the shared goal met (semi-co-op)."""
    if r.kind == "semi-cooperative":
        return bool(r.goal_met)
    return bool(r.won)


def newcombe(a: int, b: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of the difference a/n - b/n of two independent rates (Newcombe 1998, method 10)."""
    la, ua = wilson(a, n, z)
    lb, ub = wilson(b, n, z)
    pa, pb = a / n, b / n
    low = pa - pb - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2)
    high = pa - pb + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2)
    return low, high


def run(cell: Cell, spec: str, games: int, seed: int, workers: int) -> tuple[int, float, float]:
    """(successes, mean team score or nan, seconds a decision) of `games` games by a team of `spec`."""
    results = simulate(cell.game, games, cell.players, spec, seed, cell.options, workers)
    won = sum(1 for r in results if success(r))
    scores = [r.team_score for r in results if r.team_score is not None]
    decisions = sum(r.decisions for r in results)
    per = sum(r.seconds for r in results) / max(1, decisions)
    return won, (sum(scores) / len(scores) if scores else math.nan), per


def _score(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20, help="games a team plays in each cell")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="the strong bot's budget a decision (0: one round of rollouts)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="game i of a cell uses seed S+i")
    parser.add_argument("--only", action="append", default=[],
                        help="cells whose name contains this (repeatable)")
    parser.add_argument("--strong", action="append", default=[],
                        help="PREFIX=SPEC: another strong bot for the cells whose name starts so")
    parser.add_argument("--list", action="store_true", help="list the cells and stop")
    args = parser.parse_args()
    strong = dict(STRONG)
    for pair in args.strong:
        prefix, _, spec = pair.partition("=")
        if not prefix or not spec:
            parser.error(f"--strong takes PREFIX=SPEC (a cell name's start, see --list), got {pair!r}")
        others = {k: v for k, v in strong.items() if k != prefix}
        strong = {prefix: (spec, "iters=1"), **others}  # the new one is tried first
    cells = [c for c in grid() if not args.only or any(o in c.name for o in args.only)]
    if args.list:
        for c in cells:
            print(c.name, c.options)
        return 0
    if not cells:
        parser.error("--only matches no cell (see --list)")
    print(f"{args.games} games a team a cell, seeds from {args.seed}, "
          f"strong bot at {args.seconds:g} s a decision")
    print("\n| cell | greedy | 95% | strong | 95% | difference (95%) | +15 points "
          "| team score greedy / strong | s a decision (strong) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    start = time.perf_counter()
    met = 0
    for cell in cells:
        spec, fixed = next(v for k, v in strong.items() if cell.name.startswith(k))
        spec = spec.format(budget=f"seconds={args.seconds:g}" if args.seconds > 0 else fixed)
        g_won, g_score, _ = run(cell, "greedy", args.games, args.seed, args.workers)
        s_won, s_score, per = run(cell, spec, args.games, args.seed, args.workers)
        n = args.games
        gl, gh = wilson(g_won, n)
        sl, sh = wilson(s_won, n)
        dl, dh = newcombe(s_won, g_won, n)
        diff = (s_won - g_won) / n
        ok = "yes" if diff >= 0.15 else "no"
        met += diff >= 0.15
        print(f"| {cell.name} | {g_won}/{n} | {gl:.0%}-{gh:.0%} | {s_won}/{n} | {sl:.0%}-{sh:.0%} | "
              f"{diff:+.0%} ({dl:+.0%} to {dh:+.0%}) | {ok} | "
              f"{_score(g_score)} / {_score(s_score)} | {per:.2f} |",
              flush=True)
    print(f"\n{met} of {len(cells)} cells at +15 points or more; {time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
