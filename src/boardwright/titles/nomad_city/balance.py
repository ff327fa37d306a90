"""Balance figures for the stand-in content: win share by turn position.

The first player is drawn at random, so win rates by *seat* are fair by symmetry;
what the stand-ins (and the starting funds) can unbalance is the *turn position*
(first player of round 1, second, ...). Run:

    python -m boardwright.titles.nomad_city.balance --games 1000 --bots greedy --workers 2

With `--corporations` the games use the Corporation Module, and the win share of each
starting corporation is printed too (how often a player who started with it won,
against the fair share 1 / players).
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from boardwright.engine import game, replay
from boardwright.simulate import simulate


def position_shares(players: int, games: int, bots: str, workers: int, seed: int = 0,
                    corporations: bool = False) -> tuple[list[float], float]:
    """Win share per turn position (shared wins count 1/k) and the mean decisions per game."""
    shares, decisions, _ = shares_and_corporations(players, games, bots, workers, seed,
                                                   corporations)
    return shares, decisions


def shares_and_corporations(
    players: int, games: int, bots: str, workers: int, seed: int = 0,
    corporations: bool = False,
) -> tuple[list[float], float, dict[str, tuple[int, float]]]:
    """As position_shares, plus per starting corporation: (players who started with it,
    their win share) when the module is on."""
    spec = game("nomad-city")
    options = {"corporations": corporations}
    starts: dict[int, list[list[str]]] = {}

    def keep(index: int, record: dict[str, Any]) -> None:
        starts[index] = replay(record).starting  # type: ignore[attr-defined]

    results = simulate("nomad-city", games, players, bots, seed=seed, workers=workers,
                       options=options, records=keep if corporations else None)
    wins = [0.0] * players
    seen: Counter[str] = Counter()
    won: dict[str, float] = {}
    for i, r in enumerate(results):
        first = spec.new_game(players, r.seed, options).first  # type: ignore[attr-defined]
        for w in r.winners:
            wins[(w - first) % players] += 1 / len(r.winners)
        for seat, corps in enumerate(starts.get(i, [])):
            for c in corps:
                seen[c] += 1
                if seat in r.winners:
                    won[c] = won.get(c, 0.0) + 1 / len(r.winners)
    decisions = sum(r.decisions for r in results) / max(len(results), 1)
    by_corp = {c: (seen[c], won.get(c, 0.0) / seen[c]) for c in sorted(seen)}
    return [w / max(games, 1) for w in wins], decisions, by_corp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--corporations", action="store_true")
    args = parser.parse_args()
    for players in args.players:
        shares, decisions, by_corp = shares_and_corporations(
            players, args.games, args.bots, args.workers, corporations=args.corporations)
        fair = 1 / players
        worst = max(shares) / fair
        cells = " | ".join(f"{s:.1%}" for s in shares)
        print(f"| {players} | {args.games} | {args.bots} | {cells} | {worst:.2f}x | "
              f"{decisions:.0f} |", flush=True)
        for corp, (n, share) in by_corp.items():
            print(f"|   | {corp} | started {n} times | won {share:.1%} | "
                  f"{share / fair:.2f}x fair |", flush=True)


if __name__ == "__main__":
    main()
