"""Regenerate the golden seeded playthroughs in tests/golden/records/.

Run after an intended rules change (`make golden`), then review the diff: each record is
a game played by seeded random choices; the test replays it and compares the final
state's digest, scores and winners.

    python scripts/regen_golden.py                      # every game
    python scripts/regen_golden.py --game GAME    # one game (repeatable)
    python scripts/regen_golden.py --variant GAME SUFFIX OPTION=VALUE    # e.g. a module switched on

For every registered game and player count the records are, all taken from the spec:
- the game's default options for that count (`spec.default_options`): GAME-Pp-seedS.json;
- one option set for each further outcome kind the game can end with at that count
  (`spec.option_sets` and `spec.kind_of_outcome`), named by the kind:
  GAME-Pp-KIND-seedS.json (Beacon's cooperative and semi-cooperative games, say);
- every variant already recorded (GAME-Pp-SUFFIX-seedS.json), again with the options its
  record holds, so a variant added once with `--variant GAME SUFFIX K=V ...` stays
  (Nomad City's `corp`, the Corporation Module). A count whose setup check refuses a
  variant's options gets no record of it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import boardwright as bw  # noqa: E402
from conformance.walk import play  # noqa: E402

OUT = ROOT / "tests" / "golden" / "records"
SEEDS = (1, 2)


def golden(game_id: str, players: int, seed: int,
           options: dict[str, Any] | None = None) -> dict[str, object]:
    state = bw.game(game_id).new_game(players, seed=seed, options=options or {})
    play(state, seed=seed * 1000 + players)
    out = state.outcome()
    return {
        "record": state.record(),
        "decisions": len(state.history),
        "final_sha256": hashlib.sha256(state.to_json().encode()).hexdigest(),
        "scores": out.get("scores", []),
        "winners": out["winners"],
    }


def kind_sets(spec: bw.GameSpec, players: int) -> dict[str, dict[str, Any]]:
    """One option set per outcome kind other than the defaults' (the first set of each kind)."""
    default_kind = spec.kind_of_outcome(players, spec.default_options(players))
    out: dict[str, dict[str, Any]] = {}
    for chosen in spec.option_sets(players):
        kind = spec.kind_of_outcome(players, chosen)
        if kind != default_kind and kind not in out:
            out[kind] = dict(chosen)
    return out


def recorded_variants(game_id: str, folder: Path) -> dict[str, dict[str, Any]]:
    """The variants already recorded for the game: suffix -> the options the record holds."""
    pattern = re.compile(rf"^{re.escape(game_id)}-\d+p-(?P<suffix>.+)-seed\d+\.json$")
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob(f"{game_id}-*.json")):
        m = pattern.match(path.name)
        if m and m["suffix"] not in out:
            out[m["suffix"]] = dict(json.loads(path.read_text())["record"]["options"])
    return out


def planned(game_id: str, folder: Path,
            extra: dict[str, dict[str, Any]] | None = None) -> dict[Path, tuple[int, int, dict[str, Any]]]:
    """Every record file of the game: path -> (players, seed, options)."""
    spec = bw.game(game_id)
    variants = recorded_variants(game_id, folder) | dict(extra or {})
    plan: dict[Path, tuple[int, int, dict[str, Any]]] = {}
    for players in spec.player_counts:
        sets: dict[str, dict[str, Any]] = {"": dict(spec.default_options(players))}
        sets |= kind_sets(spec, players)
        for suffix, options in variants.items():
            try:
                chosen = dict(spec.validate(players, options))
            except ValueError:
                continue  # not playable with this many players
            sets.setdefault(suffix, chosen)
        for suffix, options in sets.items():
            for seed in SEEDS:
                name = f"{game_id}-{players}p-{suffix + '-' if suffix else ''}seed{seed}.json"
                plan[folder / name] = (players, seed, options)
    return plan


def _variant(text: Sequence[str]) -> tuple[str, str, dict[str, str]]:
    game_id, suffix, *pairs = text
    options = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise SystemExit(f"--variant: expected KEY=VALUE, got {pair!r}")
        options[key] = value
    return game_id, suffix, options


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", action="append", metavar="GAME", help="only this game (repeatable)")
    parser.add_argument("--variant", nargs="+", action="append", default=[],
                        metavar="GAME SUFFIX K=V", help="add a recorded option set (repeatable)")
    parser.add_argument("--out", type=Path, default=OUT, help="the records folder")
    args = parser.parse_args(argv)
    extra: dict[str, dict[str, dict[str, Any]]] = {}
    for text in args.variant:
        if len(text) < 2:
            parser.error("--variant needs GAME SUFFIX [K=V ...]")
        game_id, suffix, options = _variant(text)
        spec = bw.game(game_id)
        if not any(_fits(spec, p, options) for p in spec.player_counts):
            parser.error(f"--variant {game_id} {suffix}: no player count accepts these options")
        extra.setdefault(game_id, {})[suffix] = options
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in args.game or bw.games():
        for path, (players, seed, options) in planned(game_id, args.out, extra.get(game_id)).items():
            path.write_text(json.dumps(golden(game_id, players, seed, options), indent=1) + "\n")
            print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def _fits(spec: bw.GameSpec, players: int, options: dict[str, str]) -> bool:
    try:
        spec.validate(players, options)
    except ValueError:
        return False
    return True


if __name__ == "__main__":
    main()
