"""Digests of what a speed change must leave unchanged: play, search and observations.

For each game (every mode its options name, at each player count), a few seeded random
games are played; at every ninth decision the script records, for the seat to act:

- the legal action ids and every seat's `view` (JSON, log included);
- the greedy bot's choice;
- an ISMCTS search at the game's defaults (random rollouts) and one with greedy
  rollouts: the chosen action and the search's random stream after it (every draw of
  the search, so every branch it took, feeds that number);
- the seat's RL observation vector, from `encode_state` and from the view.

Each configuration's records are folded into one SHA-256. Run it before and after a
change that must not change behaviour and compare:

    python scripts/behaviour_digest.py --out before.json [GAME ...]
    python scripts/behaviour_digest.py --compare before.json [GAME ...]

`--compare` prints the configurations whose digest differs and exits 1 when any does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

import boardwright as bw
from boardwright.bots import GreedyBot, IsmctsBot
from boardwright.engine import Rng

EVERY = 9
SEEDS = (1, 2)
STEP_LIMIT = 3000


def configurations(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """Each player count with its default options, plus one set per value of a `mode` or
    `scenario` option (the default options otherwise)."""
    spec = bw.game(game_id)
    out: list[tuple[int, dict[str, Any]]] = []
    for players in spec.player_counts:
        seen: set[str] = set()
        base = spec.default_options(players)
        candidates = [base]
        for options in spec.option_sets(players):
            for key in ("mode", "scenario", "opponent", "difficulty", "collectors_edition", "corporations"):
                if key in options and options[key] != base.get(key):
                    candidates.append({**base, key: options[key]})
        for options in candidates:
            if spec.hook("setup_check") and spec.hook("setup_check")(players, options):
                continue
            try:
                spec.validate(players, options)
            except ValueError:
                continue
            key = json.dumps(options, sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append((players, options))
    return out


def digest_game(game_id: str, players: int, options: dict[str, Any], seed: int, searches: bool) -> str:
    spec = bw.game(game_id)
    encoder = None
    try:
        from boardwright.rl.observations import encoder_for

        encoder = encoder_for(spec)
    except ImportError:
        pass
    h = hashlib.sha256()
    state = spec.new_game(players, seed, options)
    rng = Rng(seed)
    step = 0
    while not state.over and step < STEP_LIMIT:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        if step % EVERY == 0:
            h.update(json.dumps([a.id for a in actions]).encode())
            for p in [None, *range(players)]:
                h.update(json.dumps(state.view(p), sort_keys=True, default=str).encode())
            if encoder is not None:
                for p in range(players):
                    h.update(encoder.observe(state, p).tobytes())
                    h.update(encoder.encode(state.view(p, log=False)).tobytes())
            h.update(GreedyBot(seed=step).choose(state, seat).id.encode())
            if searches and len(actions) > 1:
                for rollout in ("random", "greedy"):
                    bot = IsmctsBot(seed=step, iters=12, rollout=rollout)
                    h.update(bot.choose(state, seat).id.encode())
                    h.update(str(bot.rng.state).encode())
        state.apply(seat, actions[rng.below(len(actions))].id)
        step += 1
    h.update(state.to_json().encode())
    return h.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--out", help="write the digests to this JSON file")
    parser.add_argument("--compare", help="compare with the digests in this JSON file")
    parser.add_argument("--no-search", action="store_true", help="skip the ISMCTS searches (faster)")
    args = parser.parse_args()
    games = args.games or bw.games()
    digests: dict[str, str] = {}
    for game_id in games:
        for players, options in configurations(game_id):
            for seed in SEEDS:
                key = f"{game_id} {players}p {json.dumps(options, sort_keys=True)} seed {seed}"
                digests[key] = digest_game(game_id, players, options, seed, not args.no_search)
                print(f"{digests[key][:16]}  {key}", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(digests, f, indent=1, sort_keys=True)
    if args.compare:
        with open(args.compare) as f:
            before = json.load(f)
        differ = [k for k in digests if k in before and before[k] != digests[k]]
        missing = [k for k in digests if k not in before]
        for k in differ:
            print(f"DIFFERS: {k}")
        for k in missing:
            print(f"not in {args.compare}: {k}")
        print(f"{len(digests) - len(differ) - len(missing)} same, {len(differ)} differ, {len(missing)} new")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
