"""Steamfall's hooks: the fixed RL action universe (the same in every process, holding every
id offered), the observation encoder, the data pack export/validate, the generated docs."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
from boardwright.titles.steamfall import datapack, docs, rl

ROOT = Path(__file__).resolve().parents[2]

_CHILD = """
import hashlib, json, sys
import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
players, seed = int(sys.argv[1]), int(sys.argv[2])
# a different play history in each process before the universe is asked for
st = sf.SPEC.new_game(players, seed=seed, options={"item_draft": seed % 2 == 0})
rng = Rng(seed)
for _ in range(seed * 40):
    if st.over:
        break
    s = st.to_act[rng.below(len(st.to_act))]
    acts = st.legal_actions(s)
    st.apply(s, acts[rng.below(len(acts))])
hook = sf.SPEC.hook("rl_actions")
ids = hook(players, {"scenario": "incredible-invention"})
print(hashlib.sha256(json.dumps(ids).encode()).hexdigest(), len(ids))
"""


def _child(players: int, seed: int) -> str:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(players), str(seed)], capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_action_universe_is_identical_across_processes_with_different_histories() -> None:
    here = rl.action_universe(3, {})
    digest = hashlib.sha256(json.dumps(here).encode()).hexdigest()
    a, b = _child(3, 1), _child(3, 4)
    assert a == b == f"{digest} {len(here)}"
    assert len(set(here)) == len(here)
    assert rl.action_universe(3, {"scenario": "cipher-race"}) == here  # options change nothing


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_offered_action_is_in_the_universe(players: int) -> None:
    universe = set(rl.action_universe(players, {}))
    for n, options in enumerate(list(sf.SPEC.option_sets(players))[::5]):
        st = sf.SPEC.new_game(players, seed=n, options=options)
        rng = Rng(n)
        while not st.over:
            s = st.to_act[rng.below(len(st.to_act))]
            acts = st.legal_actions(s)
            missing = [a.id for a in acts if a.id not in universe]
            assert not missing, missing
            st.apply(s, acts[rng.below(len(acts))])


def test_observation_has_a_fixed_size_and_is_relative_to_the_observer() -> None:
    st = sf.SPEC.new_game(3, seed=2, options={})
    views = [rl.encode_view(st.view(s)) for s in range(3)]
    assert all(v.shape == (rl.OBSERVATION_SIZE,) and v.dtype == np.float32 for v in views)
    start = sum(n for _, n in rl.fields()[:11])
    size = rl.fields()[11][1] // rl.MAX_SEATS
    ids = list(st.content.characters)
    for s in range(3):
        # slot 0 of the seat blocks is the observer's own character
        block = views[s][start : start + size]
        assert block[0] == 1.0 and block[1 + ids.index(st.pl[s]["char"])] == 1.0


def test_data_pack_export_and_validate(tmp_path: Path) -> None:
    written = datapack.export(tmp_path, False)
    assert sorted(p.name for p in written) == sorted(datapack.FILES)
    with pytest.raises(FileExistsError):
        datapack.export(tmp_path, False)
    assert not datapack.validate(tmp_path).problems
    items = json.loads((tmp_path / "items.json").read_text())
    items["items"] = [dict(items["items"][0], green=9)]
    (tmp_path / "items.json").write_text(json.dumps(items))
    report = datapack.validate(tmp_path)
    assert any("iron-hammer" in p and "green" in p for p in report.problems)


def test_data_cli_round_trip(tmp_path: Path) -> None:
    bw = [sys.executable, "-m", "boardwright"]
    subprocess.run([*bw, "data", "export", "steamfall", str(tmp_path)], check=True, capture_output=True)
    out = subprocess.run(
        [*bw, "data", "validate", str(tmp_path), "--game", "steamfall"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_generated_docs_are_up_to_date() -> None:
    for path, text in docs.generate(ROOT).items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, f"run scripts/gen_docs.py ({path})"
