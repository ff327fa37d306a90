"""Steamfall's balance study: `python -m boardwright.titles.steamfall.balance [--games N]
[--bots SPEC] [--part ii|cr|decks]`. Long runs; their figures go in
docs/games/steamfall/balance.md, never in CI tests.

- ii: Incredible Invention success rate per player count (1-4) and difficulty side, with a
  95% Wilson interval (target: the best bot team wins 30%-80%);
- cr: Cipher Race wins per seat and per character against a fair share (target: within
  1.5x of 1/players);
- decks: in 4-player games of both scenarios, the share of games where some filtered deck
  ran out (an empty deck reshuffled from its discards, or nothing left to draw); target:
  at most 5%.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from typing import Any

from boardwright.bots.spec import make_bots

from . import SPEC

EXHAUSTED = ("is reshuffled from the trash", "cannot draw", "no civilian card is left")


def wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def play(players: int, seed: int, options: dict[str, Any], bots: str) -> Any:
    st = SPEC.new_game(players, seed=seed, options=options)
    seats = make_bots(bots, players, seed)
    while not st.over:
        s = st.to_act[0]
        st.apply(s, seats[s].choose(st, s))
    return st


def exhausted(st: Any) -> bool:
    return any(any(m in e.text for m in EXHAUSTED) for e in st.log)


def part_ii(games: int, bots: str) -> list[str]:
    rows = ["| players | side | games | won | rate | 95% interval |", "| --- | --- | --- | --- | --- | --- |"]
    for players in (1, 2, 3, 4):
        for side in ("normal", "hard"):
            opts = {"scenario": "incredible-invention", "difficulty": side}
            won = sum(1 for g in range(games) if play(players, 1000 + g, opts, bots).result.get("won"))
            lo, hi = wilson(won, games)
            rows.append(f"| {players} | {side} | {games} | {won} | {won / games:.0%} | {lo:.0%}–{hi:.0%} |")
    return rows


def part_cr(games: int, bots: str) -> list[str]:
    rows = []
    for players in (2, 3, 4):
        seats: dict[int, float] = dict.fromkeys(range(players), 0.0)
        chars: dict[str, float] = {}
        played: Counter[str] = Counter()
        for g in range(games):
            st = play(players, 2000 + g, {"scenario": "cipher-race"}, bots)
            win = st.outcome()["winners"]
            for p in range(players):
                played[st.pl[p]["char"]] += 1
            for w in win:
                seats[w] += 1 / len(win)
                chars[st.pl[w]["char"]] = chars.get(st.pl[w]["char"], 0.0) + 1 / len(win)
        fair = 1 / players
        rows.append(f"{players} players, {games} games, fair share {fair:.0%}:")
        rows.append(
            "  seats: "
            + ", ".join(
                f"{p}: {seats[p] / games:.0%} ({seats[p] / games / fair:.2f}x)" for p in range(players)
            )
        )
        rates = {c: chars.get(c, 0.0) / max(1, played[c]) for c in played}
        rows.append(
            "  characters: "
            + ", ".join(
                f"{c}: {rates[c]:.0%} ({rates[c] / fair:.2f}x, {played[c]} games)" for c in sorted(played)
            )
        )
    return rows


def part_decks(games: int, bots: str) -> list[str]:
    rows = []
    for scenario in ("incredible-invention", "cipher-race"):
        hit = sum(1 for g in range(games) if exhausted(play(4, 3000 + g, {"scenario": scenario}, bots)))
        lo, hi = wilson(hit, games)
        rows.append(f"{scenario}, 4 players: a deck ran out in {hit}/{games} games ({lo:.0%}–{hi:.0%})")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--part", choices=("ii", "cr", "decks"), action="append")
    args = ap.parse_args(argv)
    start = time.time()
    for part in args.part or ["ii", "cr", "decks"]:
        fn = {"ii": part_ii, "cr": part_cr, "decks": part_decks}[part]
        print(f"## {part} ({args.bots}, {args.games} games each)")
        for line in fn(args.games, args.bots):
            print(line, flush=True)
    print(f"({time.time() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
