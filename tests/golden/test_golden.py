"""Golden playthroughs: stored records must replay to the same final state.

A failure means the rules changed behaviour; if that was intended, run
`make golden` and review the diff of tests/golden/records/.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import boardwright as bw

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_every_game_has_golden_playthroughs() -> None:
    names = {p.name for p in RECORDS}
    for game_id in bw.games():
        for players in bw.game(game_id).player_counts:
            assert any(n.startswith(f"{game_id}-{players}p-") for n in names), (game_id, players)


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_replays(path: Path) -> None:
    data = json.loads(path.read_text())
    state = bw.replay(data["record"])
    assert state.over
    assert len(state.history) == data["decisions"]
    out = state.outcome()
    assert out.get("scores", []) == data["scores"]
    assert out["winners"] == data["winners"]
    assert hashlib.sha256(state.to_json().encode()).hexdigest() == data["final_sha256"]
