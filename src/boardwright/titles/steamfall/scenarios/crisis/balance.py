"""Crisis balance study (§16): `python -m boardwright.titles.steamfall.scenarios.crisis.balance
[--games N] [--bots SPEC] [--players 1 2 3 4] [--difficulty ...]`. Prints, per player count
(1 = solo with two characters) and difficulty, the team's win rate with a 95% Wilson
interval and how the games were lost. Figures go in docs/games/steamfall/balance.md
("Crisis"), never in CI tests (target: easy > crushing, every level winnable, easy 20-90%).
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from typing import Any

from boardwright.bots.spec import make_bots

from ... import SPEC
from .game import DIFFICULTIES


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def play(players: int, seed: int, difficulty: str, bots: str) -> Any:
    st = SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": difficulty})
    seats = make_bots(bots, players, seed)
    while not st.over:
        s = st.to_act[0]
        st.apply(s, seats[s].choose(st, s))
    return st


def why(st: Any) -> str:
    reason = str((st.result or {}).get("reason", ""))
    if st.result and st.result.get("won"):
        return "won"
    if "pylon" in reason:
        return "pylons left"
    return f"serenity 0 in round {st.round}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--difficulty", nargs="*", default=list(DIFFICULTIES))
    args = ap.parse_args(argv)
    start = time.time()
    print(f"| characters | difficulty | games | won | rate | 95% interval | losses |  ({args.bots})")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for players in args.players:
        for d in args.difficulty:
            ends: Counter[str] = Counter()
            for g in range(args.games):
                ends[why(play(players, 5000 + g, d, args.bots))] += 1
            won = ends.pop("won", 0)
            lo, hi = wilson(won, args.games)
            chars = "1 (solo, 2 characters)" if players == 1 else str(players)
            lost = ", ".join(f"{k}: {v}" for k, v in sorted(ends.items()))
            print(
                f"| {chars} | {d} | {args.games} | {won} | {won / args.games:.0%} "
                f"| {lo:.0%}–{hi:.0%} | {lost} |",
                flush=True,
            )
    print(f"({time.time() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
