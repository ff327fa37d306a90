"""Regenerate the golden seeded playthroughs in tests/golden/records/.

Run after an intended rules change (`make golden`), then review the diff: each record is
a game played by seeded random choices; the test replays it and compares the final
state's digest, scores and winners.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import boardwright as bw  # noqa: E402
from conformance.walk import play  # noqa: E402

OUT = ROOT / "tests" / "golden" / "records"
SEEDS = (1, 2)


# option sets recorded besides the defaults, by game: a suffix for the file name each
EXTRA = {"nomad-city": {"corp": {"corporations": True}}}


def golden(game_id: str, players: int, seed: int,
           options: dict[str, object] | None = None) -> dict[str, object]:
    state = bw.game(game_id).new_game(players, seed=seed, options=options or {})
    play(state, seed=seed * 1000 + players)
    out = state.outcome()
    return {
        "record": state.record(),
        "decisions": len(state.history),
        "final_sha256": hashlib.sha256(state.to_json().encode()).hexdigest(),
        "scores": out["scores"],
        "winners": out["winners"],
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id in bw.games():
        for players in bw.game(game_id).player_counts:
            for seed in SEEDS:
                path = OUT / f"{game_id}-{players}p-seed{seed}.json"
                path.write_text(json.dumps(golden(game_id, players, seed), indent=1) + "\n")
                print("wrote", path.relative_to(ROOT))
                for suffix, options in EXTRA.get(game_id, {}).items():
                    path = OUT / f"{game_id}-{players}p-{suffix}-seed{seed}.json"
                    data = golden(game_id, players, seed, dict(options))
                    path.write_text(json.dumps(data, indent=1) + "\n")
                    print("wrote", path.relative_to(ROOT))


if __name__ == "__main__":
    main()
