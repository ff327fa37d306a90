"""Balance figures for The Flow of History's stand-in data, measured by bot play.

    python -m boardwright.titles.flow_of_history.balance --games 200 --players 4 --bots greedy

Reports win rate by turn position (first player, second, ...), how games end, where
points come from, and the win rate of players by the card types they hold at the end:
the evidence behind the stand-in investor bonuses, card types and stripes.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from typing import Any

from boardwright.bots import make_bots
from boardwright.engine import game
from boardwright.simulate import wilson

GAME = "flow-of-history"

TYPES = ("Construction", "Government", "Knowledge", "Military", "Leader", "Wonder")


def play(players: int, seed: int, bots_spec: str) -> dict[str, Any]:
    state = game(GAME).new_game(players, seed=seed)
    bots = make_bots(bots_spec, seats=players, game_seed=seed)
    first = state.view(None)["current_player"]
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    out = state.outcome()
    view = state.view(None)
    ended = "turn limit" if any("turn limit" in e.text for e in state.log) else "The Future"
    return {
        "first": first,
        "winners": out["winners"],
        "scores": out["scores"],
        "breakdown": out["breakdown"],
        "ended": ended,
        "turns": view["turn"] + 1,
        "types": [
            {t: len(n["stacks"].get(t, [])) for t in TYPES} for n in view["nations"]
        ],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    games = [play(args.players, args.seed + i, args.bots) for i in range(args.games)]
    p = args.players
    by_position: list[float] = [0.0] * p
    ends: Counter[str] = Counter()
    sources: dict[str, list[float]] = defaultdict(list)
    type_wins: dict[str, list[float]] = defaultdict(list)
    for g in games:
        ends[g["ended"]] += 1
        share = 1 / len(g["winners"])
        for seat in g["winners"]:
            by_position[(seat - g["first"]) % p] += share
        for seat, b in enumerate(g["breakdown"]):
            sources["culture"].append(b["culture_vp"])
            sources["other icons"].append(b["other_vp"])
            sources["end-game cards"].append(sum(b["end_game_vp"].values()))
            won = share if seat in g["winners"] else 0.0
            for t in TYPES:
                type_wins[f"{t} cards held"].append(g["types"][seat][t])
                type_wins[f"{t}|won"].append(won)
    n = len(games)
    result = {
        "games": n,
        "players": p,
        "bots": args.bots,
        "win_rate_by_turn_position": [
            {"position": i + 1, "rate": round(w / n, 3),
             "ci95": [round(x, 3) for x in wilson(w, n)]}
            for i, w in enumerate(by_position)
        ],
        "ended_by": dict(ends),
        "mean_turns": round(sum(g["turns"] for g in games) / n, 1),
        "mean_vp_by_source": {k: round(sum(v) / len(v), 2) for k, v in sources.items()},
        "mean_cards_held_by_type": {
            t: round(sum(type_wins[f"{t} cards held"]) / (n * p), 2) for t in TYPES
        },
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
