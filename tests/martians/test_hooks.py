"""The RL hooks (fixed action universe, observation encoder) and the data pack hook."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright.engine import Rng
from boardwright.titles.martians import rl

from .scene import new

ROOT = Path(__file__).resolve().parents[2]
CASES: list[tuple[int, dict[str, Any]]] = [
    (1, {"mode": "solo"}), (1, {"mode": "solo", "solo_goal": "commissions", "collectors_edition": True}),
    (2, {"mode": "coop", "scenario": 2}), (3, {"mode": "semi-coop", "scenario": 4}),
    (4, {"mode": "competitive", "collectors_edition": True}), (2, {"mode": "competitive"}),
]


def _random_game(players: int, options: dict[str, Any], seed: int) -> Any:
    s = bw.game("martians").new_game(players, seed=seed, options=options)
    rng = Rng(seed)
    yield s
    while not s.over:
        seat = s.to_act[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)).id)
        yield s


@pytest.mark.parametrize(("players", "options"), CASES)
def test_every_offered_action_is_in_the_universe(players: int, options: dict[str, Any]) -> None:
    spec = bw.game("martians")
    universe = spec.hook("rl_actions")(players, options)
    assert len(set(universe)) == len(universe)
    known = set(universe)
    for seed in range(3):
        for s in _random_game(players, options, seed):
            for seat in s.to_act:
                missing = {a.id for a in s.legal_actions(seat)} - known
                assert not missing, missing


_PRINT_UNIVERSE = """
import hashlib, json, sys
import boardwright as bw
from boardwright.engine import Rng
spec = bw.game("martians")
seed = int(sys.argv[1])
s = spec.new_game(3, seed=seed, options={"mode": "competitive"})
rng = Rng(seed)
for _ in range(seed * 50):
    if s.over:
        break
    seat = s.to_act[0]
    s.apply(seat, rng.choice(s.legal_actions(seat)).id)
out = {}
for players, options in [(1, {"mode": "solo"}), (2, {"mode": "coop"}), (3, {"mode": "semi-coop"}),
                         (4, {"mode": "competitive", "collectors_edition": True})]:
    u = spec.hook("rl_actions")(players, options)
    out[f"{players}-{options['mode']}"] = hashlib.sha256("\\n".join(u).encode()).hexdigest()
enc = spec.hook("rl_observation")
out["size"] = enc.OBSERVATION_SIZE
print(json.dumps(out, sort_keys=True))
"""


def test_universe_is_identical_in_every_process() -> None:
    outs = []
    for seed, hashseed in ((1, "1"), (7, "12345")):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        done = subprocess.run([sys.executable, "-c", _PRINT_UNIVERSE, str(seed)], capture_output=True,
                              text=True, env=env, cwd=ROOT, check=True, timeout=300)
        outs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert outs[0] == outs[1]
    spec = bw.game("martians")
    here = spec.hook("rl_actions")(2, {"mode": "coop"})
    import hashlib

    assert hashlib.sha256("\n".join(here).encode()).hexdigest() == outs[0]["2-coop"]


def test_universe_depends_on_players_and_options_only() -> None:
    a = rl.action_universe(3, {"mode": "competitive"})
    s = new(3, mode="competitive")
    for _ in range(100):
        if s.over:
            break
        seat = s.to_act[0]
        s.apply(seat, s.legal_actions(seat)[-1].id)
    assert rl.action_universe(3, {"mode": "competitive"}) == a
    assert "keep:banker" not in a and "keep:banker" in rl.action_universe(
        3, {"mode": "competitive", "collectors_edition": True})
    assert not any(x.startswith("mission:") for x in a)


@pytest.mark.parametrize(("players", "options"), CASES)
def test_observation_has_a_fixed_size_and_bounded_values(players: int, options: dict[str, Any]) -> None:
    for k, s in enumerate(_random_game(players, options, 11)):
        if k % 7:
            continue
        for seat in range(players):
            v = rl.encode_view(s.view(seat))
            assert v.shape == (rl.OBSERVATION_SIZE,) and v.dtype == np.float32
            assert np.isfinite(v).all() and v.min() >= -0.01 and v.max() <= 10


def _corp_slice(k: int) -> slice:
    off = rl.layout().offsets()["corporations"]
    per = next(n for name, _, n, _ in rl.layout().fields if name == "corporations") // rl.MAX_CORPS
    return slice(off + k * per, off + (k + 1) * per)


def test_observation_puts_me_first_then_the_others_in_seat_order() -> None:
    s = new(3, mode="competitive")
    s.hand = [3, 2, 1]
    s._cache.clear()
    for seat in range(3):
        v = rl.encode_view(s.view(seat))
        hands = [round(float(v[_corp_slice(k)][3]) * 3) for k in range(3)]
        assert hands == [s.hand[(seat + k) % 3] for k in range(3)]
        assert v[_corp_slice(0)][1] == 1 and v[_corp_slice(1)][1] == 0  # the "mine" flag


def test_observation_never_shows_what_the_seat_cannot_see() -> None:
    s = new(2, mode="semi-coop")
    s.regolith[1].append(s.regolith_deck.pop())
    v0 = rl.encode_view(s.view(0))
    for k in range(4):
        d = s.determinize(0, k)
        assert np.array_equal(rl.encode_view(d.view(0)), v0)


def test_field_map_in_the_docs_is_up_to_date() -> None:
    text = (ROOT / "docs" / "games" / "martians" / "observation.md").read_text(encoding="utf-8")
    assert rl.field_map() in text
    assert f"OBSERVATION_SIZE = {rl.OBSERVATION_SIZE}" in text


# ------------------------------------------------------------------ data pack
def test_data_pack_exports_and_validates(tmp_path: Path) -> None:
    hook = bw.game("martians").hook("data_pack")
    paths = hook.export(tmp_path, False)
    assert sorted(p.name for p in paths) == sorted(hook.files)
    with pytest.raises(FileExistsError):
        hook.export(tmp_path, False)
    report = hook.validate(tmp_path)
    assert report.problems == [] and len(report.summary) == len(hook.files)
    s = bw.game("martians").new_game(2, seed=1, options={"mode": "coop"}, data=str(tmp_path))
    assert s.to_act


def test_data_pack_reports_every_broken_file(tmp_path: Path) -> None:
    hook = bw.game("martians").hook("data_pack")
    hook.export(tmp_path, False)
    r = json.loads((tmp_path / "research.json").read_text())
    r["tiles"][0]["time"] = 0
    (tmp_path / "research.json").write_text(json.dumps(r))
    w = json.loads((tmp_path / "weather.json").read_text())
    w["cards"][0]["copies"] = 9
    (tmp_path / "weather.json").write_text(json.dumps(w))
    (tmp_path / "events.json").write_text("{not json")
    problems = "\n".join(hook.validate(tmp_path).problems)
    assert "research.json" in problems and "time" in problems
    assert "weather.json" in problems and "10" in problems
    assert "events.json" in problems and "JSON" in problems


def test_data_pack_overrides_a_record(tmp_path: Path) -> None:
    (tmp_path / "research.json").write_text(json.dumps({"schema": "martians/research@1", "tiles": [
        {"id": "ice_core", "source": "rulebook", "name": "Ice core", "time": 1,
         "cost": {"dirty_ice": 2}, "minerals": [], "credits": 9, "flask": False}]}))
    hook = bw.game("martians").hook("data_pack")
    assert hook.validate(tmp_path).problems == []
    s = bw.game("martians").new_game(2, seed=1, options={"mode": "coop"}, data=str(tmp_path))
    assert s.content.research["ice_core"].credits == 9  # type: ignore[attr-defined]
