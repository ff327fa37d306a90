"""Balance figures for the stand-in content: win share by turn position.

The first player is drawn at random, so win rates by *seat* are fair by symmetry;
what the stand-ins (and the starting funds) can unbalance is the *turn position*
(first player of round 1, second, ...). Run:

    python -m boardwright.titles.nomad_city.balance --games 1000 --bots greedy --workers 2
"""

from __future__ import annotations

import argparse

from boardwright.engine import game
from boardwright.simulate import simulate


def position_shares(players: int, games: int, bots: str, workers: int,
                    seed: int = 0) -> tuple[list[float], float]:
    """Win share per turn position (shared wins count 1/k) and the mean decisions per game."""
    spec = game("nomad-city")
    results = simulate("nomad-city", games, players, bots, seed=seed, workers=workers)
    wins = [0.0] * players
    for r in results:
        first = spec.new_game(players, r.seed).first  # type: ignore[attr-defined]
        for w in r.winners:
            wins[(w - first) % players] += 1 / len(r.winners)
    decisions = sum(r.decisions for r in results) / max(len(results), 1)
    return [w / max(games, 1) for w in wins], decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    for players in args.players:
        shares, decisions = position_shares(players, args.games, args.bots, args.workers)
        fair = 1 / players
        worst = max(shares) / fair
        cells = " | ".join(f"{s:.1%}" for s in shares)
        print(f"| {players} | {args.games} | {args.bots} | {cells} | {worst:.2f}x | "
              f"{decisions:.0f} |", flush=True)


if __name__ == "__main__":
    main()
