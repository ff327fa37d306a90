"""Steamfall's balance study: `python -m boardwright.titles.steamfall.balance [--games N]
[--bots SPEC] [--part ii|cr|decks]` or `--shares FILE`. Long runs; their figures go in
docs/games/steamfall/balance.md, never in CI tests.

- ii: Incredible Invention success rate per player count (1-4) and difficulty side, with a
  95% Wilson interval (target: the best bot team wins 30%-80%);
- cr: Cipher Race wins per seat and per character against a fair share (target: within
  1.5x of 1/players);
- decks: in 4-player games of each scenario marked `deck_study` (Incredible Invention and
  Cipher Race), the share of games where some filtered deck ran out (an empty deck
  reshuffled from its discards, or nothing left to draw); target: at most 5%.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from typing import Any

from boardwright.bots.spec import make_bots

from . import SPEC
from .content import load
from .scenarios import every

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


def try_rows(spec: str) -> None:
    """Replace one invention card side's rows in this process only (an experiment, never
    shipped): `P:SIDE:VCK/VCK/VCK`, e.g. `3:normal:111/123/144` (VP, cubes, completion)."""
    players, side, text = spec.split(":")
    content = load(None)  # the cache entry the game states use
    card = content.inventions[int(players)]
    rows = [tuple(int(ch) for ch in part) for part in text.split("/")]
    new_side = getattr(card, side).model_copy(update={"rows": rows})
    content.inventions[int(players)] = card.model_copy(update={side: new_side})


def part_ii(
    games: int,
    bots: str,
    counts: tuple[int, ...] = (1, 2, 3, 4),
    sides: tuple[str, ...] = ("normal", "hard"),
    first: int = 1000,
) -> list[str]:
    rows = ["| players | side | games | won | rate | 95% interval |", "| --- | --- | --- | --- | --- | --- |"]
    for players in counts:
        for side in sides:
            opts = {"scenario": "incredible-invention", "difficulty": side}
            won = sum(1 for g in range(games) if play(players, first + g, opts, bots).result.get("won"))
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


def shares(lines: list[dict[str, Any]]) -> list[str]:
    """Seat, turn-position and character win shares of competitive games written by
    `boardwright simulate --out` (a shared win counts 1/k), each with a 95% Wilson interval
    and its ratio to the fair share 1/players (target: within 1.5x either way)."""
    rows = []
    for players in sorted({int(d["players"]) for d in lines}):
        games = [d for d in lines if int(d["players"]) == players]
        fair = 1 / players
        groups: dict[str, dict[str, list[float]]] = {"seat": {}, "turn position": {}, "character": {}}
        for d in games:
            chars = d["balance"]["characters"]
            for p in range(players):
                won = 1 / len(d["winners"]) if p in d["winners"] else 0.0
                keys = (
                    ("seat", str(p)),
                    ("turn position", str((p - d["first_seat"]) % players)),
                    ("character", chars[p]),
                )
                for group, key in keys:
                    groups[group].setdefault(key, []).append(won)
        rows.append(f"{players} players, {len(games)} games, fair share {fair:.1%}:")
        for group, by in groups.items():
            cells = []
            for key, wins in sorted(by.items()):
                rate = sum(wins) / len(wins)
                lo, hi = wilson(sum(wins), len(wins))
                cells.append(f"{key}: {rate:.1%} ({lo:.0%}–{hi:.0%}, {rate / fair:.2f}x, {len(wins)} games)")
            rows.append(f"  {group}: " + "; ".join(cells))
    return rows


def part_decks(games: int, bots: str) -> list[str]:
    rows = []
    for sc in (sc for sc in every() if sc.deck_study):
        hit = sum(1 for g in range(games) if exhausted(play(4, 3000 + g, {"scenario": sc.id}, bots)))
        lo, hi = wilson(hit, games)
        rows.append(f"{sc.id}, 4 players: a deck ran out in {hit}/{games} games ({lo:.0%}–{hi:.0%})")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--part", choices=("ii", "cr", "decks"), action="append")
    ap.add_argument("--shares", metavar="JSONL", help="Cipher Race shares from a `simulate --out` file")
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4], help="ii: player counts")
    ap.add_argument("--side", nargs="+", default=["normal", "hard"], help="ii: difficulty sides")
    ap.add_argument("--first-seed", type=int, default=1000, help="ii: game g uses this seed + g")
    ap.add_argument("--rows", action="append", default=[], help="ii: try rows P:SIDE:VCK/VCK/VCK")
    args = ap.parse_args(argv)
    start = time.time()
    for spec in args.rows:
        try_rows(spec)
    if args.shares:
        with open(args.shares, encoding="utf-8") as f:
            print("\n".join(shares([json.loads(line) for line in f if line.strip()])))
        return 0
    for part in args.part or ["ii", "cr", "decks"]:
        print(f"## {part} ({args.bots}, {args.games} games each)")
        if part == "ii":
            lines = part_ii(args.games, args.bots, tuple(args.players), tuple(args.side), args.first_seed)
        else:
            lines = {"cr": part_cr, "decks": part_decks}[part](args.games, args.bots)
        for line in lines:
            print(line, flush=True)
    print(f"({time.time() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
