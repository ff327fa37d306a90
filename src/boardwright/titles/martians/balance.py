"""Martians' balance study: the figures in docs/games/martians/balance.md.

    python -m boardwright.titles.martians.balance coop --bots ismcts:iters=200 --games 100
    python -m boardwright.titles.martians.balance competitive --bots greedy --games 1000
    python -m boardwright.titles.martians.balance solo --bots greedy --games 200
    python -m boardwright.titles.martians.balance semi-coop --bots greedy --games 200

Co-op prints the team's success rate per scenario and player count (target: 30-80 % for
ISMCTS teams) with its 95 % Wilson interval, and why the lost games were lost (a
requirement not met, demand tokens left, colonists dead). Competitive prints each seat's
and each turn position's win share against the fair share 1/players (target: within a
factor 1.5 of it). Long runs belong here, never in the tests.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import Counter
from typing import Any

from boardwright.engine import replay
from boardwright.simulate import simulate, wilson
from boardwright.titles.martians.setup import scenario_requirements

SCENARIOS = (1, 2, 3, 4)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def mission_cell(players: int, mode: str, options: dict[str, Any], games: int, bots: str,
                 workers: int, seed: int = 0) -> dict[str, Any]:
    """One cell of the co-op / solo / semi-co-op table."""
    finals: dict[int, Any] = {}
    t0 = time.time()
    results = simulate("martians", games, players, bots, seed=seed, options={"mode": mode, **options},
                       workers=workers, records=lambda i, r: finals.__setitem__(i, replay(r)))
    why: Counter[str] = Counter()
    missed: Counter[str] = Counter()  # lost games by requirement not realised
    won = 0
    scores = []
    for i, r in enumerate(results):
        s = finals[i]
        ok = bool(r.won) if r.kind in ("cooperative", "solo") and r.won is not None else bool(r.goal_met)
        won += ok
        if r.team_score is not None:
            scores.append(r.team_score)
        if not ok:
            if s.content.scenarios and s.options.get("solo_goal", "scenario") == "scenario":
                reqs = scenario_requirements(s)
                if len(s.requirements_done) < len(reqs):
                    why["requirements"] += 1
                done = {str(x[0]) for x in s.requirements_done}
                for req in reqs:
                    if req.id not in done:
                        missed[req.id] += 1
            if any(sum(q[:3]) for q in s.quarters):
                why["tokens left"] += 1
        if sum(s.dead):
            why["colonists died"] += 1
    lo, hi = wilson(won, games)
    return {"players": players, "mode": mode, "options": options, "games": games, "won": won,
            "rate": won / max(games, 1), "lo": lo, "hi": hi, "why": dict(why), "missed": dict(missed),
            "mean_score": sum(scores) / len(scores) if scores else None,
            "seconds": time.time() - t0}


def competitive_cell(players: int, games: int, bots: str, workers: int, seed: int = 0,
                     collectors: bool = False) -> dict[str, Any]:
    results = simulate("martians", games, players, bots, seed=seed, workers=workers,
                       options={"mode": "competitive", "collectors_edition": collectors})
    seats = [0.0] * players
    positions = [0.0] * players
    from boardwright.engine import game

    spec = game("martians")
    for r in results:
        first = spec.new_game(players, r.seed, {"mode": "competitive",  # type: ignore[attr-defined]
                                                "collectors_edition": collectors}).first
        for w in r.winners:
            seats[w] += 1 / len(r.winners)
            positions[(w - first) % players] += 1 / len(r.winners)
    fair = games / players
    return {"players": players, "games": games,
            "seats": [x / games for x in seats], "positions": [x / games for x in positions],
            "worst_ratio": max(max(fair / max(x, 1e-9), x / fair) for x in seats + positions)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("study", choices=("coop", "solo", "semi-coop", "competitive"))
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--scenarios", type=int, nargs="*", default=list(SCENARIOS))
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    print(f"# {a.study}, bots {a.bots}, {a.games} games per cell, seed {a.seed}, "
          f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    if a.study == "competitive":
        print("| players | games | win share per seat | per turn position | worst ratio to fair |")
        print("| --- | --- | --- | --- | --- |")
        for p in a.players:
            c = competitive_cell(p, a.games, a.bots, a.workers, a.seed)
            print(f"| {p} | {c['games']} | {' / '.join(map(_pct, c['seats']))} | "
                  f"{' / '.join(map(_pct, c['positions']))} | {c['worst_ratio']:.2f} |", flush=True)
        return
    cells: list[tuple[int, str, dict[str, Any]]] = []
    if a.study == "solo":
        cells = [(1, "solo", {"scenario": sc}) for sc in a.scenarios]
        cells.append((1, "solo", {"solo_goal": "commissions"}))
    else:
        cells = [(p, a.study, {"scenario": sc}) for sc in a.scenarios for p in a.players]
    print("| players | options | games | success | 95% interval | lost because | mean score | s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for p, mode, opts in cells:
        c = mission_cell(p, mode, opts, a.games, a.bots, a.workers, a.seed)
        why = ", ".join(f"{k} {v}" for k, v in sorted(c["why"].items())) or "-"
        if c["missed"]:
            why += " (" + ", ".join(f"{k} {v}" for k, v in sorted(c["missed"].items())) + ")"
        ms = f"{c['mean_score']:.1f}" if c["mean_score"] is not None else "-"
        opt = " ".join(f"{k}={v}" for k, v in opts.items())
        print(f"| {p} | {opt} | {c['games']} | {c['won']} ({_pct(c['rate'])}) | "
              f"{_pct(c['lo'])}-{_pct(c['hi'])} | {why} | {ms} | {c['seconds']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
