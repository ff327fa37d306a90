"""The difficulty ladder's check: a round robin of the levels, with ratings.

Competitive games: every pair of levels plays `--games` games at `--players` (2 by default)
with the seats rotated (each level in each seat equally often; at 3+ players the pair's
bots alternate round the table), and the table gives each pair's win rate with its 95%
(Wilson) interval, and Elo-style ratings fitted to all the games (Bradley-Terry, `normal`
at 1500). Co-operative and solo games: each level plays as the whole team `--games` times,
and the table gives its success rate with the interval (a step up should win more often).

    python scripts/ladder.py GAME --games 60 --workers 2
    python scripts/ladder.py GAME --players 2 --option mode=coop --games 60
    python scripts/ladder.py GAME --levels easy,normal --games 20
    python scripts/ladder.py GAME --pairs adjacent --games 12   # each step against the one below only

A game counts a shared win as half a win to each. Results depend only on the seeds
(`--seed`), not on the workers, except that time-limited searches (`hard`, `expert`) think
as far as the machine lets them in their budget: say the machine and its load with a figure.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import subprocess
import sys
import time
from typing import Any

import boardwright as bw
from boardwright.bots import LEVELS
from boardwright.simulate import simulate, wilson


def parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        low = value.lower()
        parsed: Any = int(value) if value.isdigit() else value
        out[key] = True if low == "true" else False if low == "false" else parsed
    return out


def bradley_terry(wins: dict[tuple[str, str], float], games: dict[tuple[str, str], int],
                  levels: list[str], anchor: str) -> dict[str, float]:
    """Elo-scaled ratings maximising the likelihood of the pairwise results (MM iterations)."""
    # prior: one virtual drawn game (half a win each) added to every pair that played, which
    # keeps a level that won or lost every game finite; pairs that never met add nothing, so
    # an adjacent-pairs round robin is not pulled together through games nobody played
    met = {a: [b for b in levels if b != a and games.get((a, b), 0) > 0] for a in levels}
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(2000):
        new = {}
        for a in levels:
            won = sum(wins.get((a, b), 0.0) + 0.5 for b in met[a])
            denom = sum((games[a, b] + 1) / (strength[a] + strength[b]) for b in met[a])
            new[a] = won / denom if denom else strength[a]
        strength = new
    base = strength.get(anchor, 1.0)
    return {a: 1500 + 400 * math.log10(strength[a] / base) for a in levels}


def pairs_of(levels: list[str], which: str) -> list[tuple[str, str]]:
    """The pairs a round robin plays: every pair (`all`), or each level against the next (`adjacent`)."""
    if which == "adjacent":
        return list(itertools.pairwise(levels))
    return list(itertools.combinations(levels, 2))


def _commit() -> str:
    """The checkout's commit (with `+` when it has uncommitted changes), for the table's provenance."""
    def git(*cmd: str) -> str:
        return subprocess.run(["git", *cmd], capture_output=True, text=True, check=False,
                              cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+" if git("status", "--porcelain", "--untracked-files=no") else "")


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], help="K=V (repeatable)")
    parser.add_argument("--games", type=int, default=20, help="games per pair (per level when co-operative)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma list, weakest first")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pairs", choices=("all", "adjacent"), default="all",
                        help="every pair of levels, or only each level against the one below "
                             "(the ladder's target, at a fraction of the cost)")
    args = parser.parse_args()
    spec = bw.game(args.game)
    players = args.players or (2 if 2 in spec.player_counts else spec.player_counts[0])
    options = {**spec.default_options(players), **parse_options(args.option)}
    levels = args.levels.split(",")
    kind = spec.kind_of_outcome(players, options)
    print(f"{spec.title}, {players} players, options {options}, outcome {kind}, "
          f"{args.games} games per cell, seeds from {args.seed}")
    print(f"commit {_commit()}, load average {_load()} at the start")
    start = time.perf_counter()
    if kind != "competitive":
        print("\n| level | games | won | rate | 95% interval | s/game |")
        print("| --- | --- | --- | --- | --- | --- |")
        for level in levels:
            results = simulate(args.game, args.games, players, level, args.seed, options, args.workers)
            won = sum(1 for r in results if r.won)
            low, high = wilson(won, len(results))
            secs = sum(r.seconds for r in results) / max(1, len(results))
            print(f"| {level} | {len(results)} | {won} | {won / len(results):.1%} | "
                  f"{low:.1%}-{high:.1%} | {secs:.1f} |", flush=True)
        print(f"\n{time.perf_counter() - start:.0f} s in all, load average {_load()} at the end")
        return 0
    wins: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    print("\n| pair | games | first's wins | rate | 95% interval | s/game |")
    print("| --- | --- | --- | --- | --- | --- |")
    for a, b in pairs_of(levels, args.pairs):
        results = simulate(args.game, args.games, players, f"{a},{b}", args.seed, options, args.workers,
                           rotate=True)
        won_a = won_b = 0.0
        for r in results:
            if not r.winners:
                continue
            share = 1.0 / len(r.winners)
            won_a += share * sum(1 for w in r.winners if r.bots[w] == a)
            won_b += share * sum(1 for w in r.winners if r.bots[w] == b)
        n = len(results)
        wins[a, b], wins[b, a] = won_a, won_b
        played[a, b] = played[b, a] = n
        low, high = wilson(won_a, n)
        secs = sum(r.seconds for r in results) / max(1, n)
        print(f"| {a} vs {b} | {n} | {won_a:g} | {won_a / n:.1%} | {low:.1%}-{high:.1%} | {secs:.1f} |",
              flush=True)
    ratings = bradley_terry(wins, played, levels, "normal" if "normal" in levels else levels[0])
    print("\n| level | rating |\n| --- | --- |")
    for level in levels:
        print(f"| {level} | {ratings[level]:.0f} |")
    print(f"\n{time.perf_counter() - start:.0f} s in all, load average {_load()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
