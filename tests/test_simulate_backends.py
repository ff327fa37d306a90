"""Simulation backends (local process pool and Ray), seat rotation and saved records."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app
from boardwright.simulate import GameResult, seat_specs, simulate

GAME = "flow-of-history"
#: two distinct bots that both play uniformly at random: cheap, and told apart in results
CHEAP = "greedy:explore=1.0,random"
runner = CliRunner()


def _plain(results: list[GameResult]) -> list[dict[str, Any]]:
    out = []
    for r in results:
        d = r.to_dict()
        d.pop("seconds")
        out.append(d)
    return out


def test_rotation_puts_every_bot_in_every_seat() -> None:
    assert seat_specs("greedy,random", 3) == ["greedy", "random", "greedy"]
    rows = [seat_specs("ismcts:iters=5,random,random", 3, i, rotate=True) for i in range(3)]
    assert rows == [["ismcts:iters=5", "random", "random"],
                    ["random", "ismcts:iters=5", "random"],
                    ["random", "random", "ismcts:iters=5"]]
    assert seat_specs("greedy,random", 2, 7, rotate=False) == ["greedy", "random"]


def test_rotated_results_name_each_seat_bot() -> None:
    results = simulate(GAME, 4, 2, CHEAP, seed=20, rotate=True)
    g = "greedy:explore=1.0"
    assert [r.bots for r in results] == [[g, "random"], ["random", g]] * 2
    plain = simulate(GAME, 4, 2, CHEAP, seed=20)
    assert [r.bots for r in plain] == [[g, "random"]] * 4
    # game 0 is the same game either way; game 1 swaps the seats
    assert _plain(results)[0] == _plain(plain)[0]


def test_local_results_do_not_depend_on_workers() -> None:
    one = simulate(GAME, 4, 3, CHEAP, seed=3, workers=1, rotate=True)
    two = simulate(GAME, 4, 3, CHEAP, seed=3, workers=2, rotate=True)
    assert _plain(one) == _plain(two)


def test_records_replay_to_the_same_outcome(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    folder = tmp_path / "records"
    result = runner.invoke(app, ["simulate", GAME, "--games", "3", "--players", "2", "--seed", "7",
                                 "--bots", "greedy,random", "--rotate", "--workers", "1",
                                 "--records", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "records saved" in result.output and "bots rotated" in result.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == [f"{GAME}-{s}.json" for s in (7, 8, 9)]
    for line, path in zip(lines, files, strict=True):
        record = json.loads(path.read_text())
        assert record["seed"] == line["seed"]
        state = bw.replay(record)
        assert state.over
        assert state.outcome()["scores"] == line["scores"]
        assert state.outcome()["winners"] == line["winners"]
    assert [line["bots"] for line in lines] == [["greedy", "random"], ["random", "greedy"],
                                                ["greedy", "random"]]


def test_bad_backend_is_bad_usage() -> None:
    result = runner.invoke(app, ["simulate", GAME, "--games", "1", "--backend", "spark"])
    assert result.exit_code == 2 and "--backend" in result.output
    result = runner.invoke(app, ["simulate", GAME, "--games", "1", "--ray-address", "auto"])
    assert result.exit_code == 2 and "--ray-address" in result.output


# ---------------------------------------------------------------- Ray
@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")  # in the test extra, so present in CI
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_backend_gives_the_local_results(local_ray: None) -> None:
    settings: dict[str, Any] = {"seed": 11, "rotate": True}
    bots = "random,ismcts:iters=2:depth=2"
    local = simulate(GAME, 4, 2, bots, workers=1, **settings)
    seen: list[int] = []
    records: dict[int, dict[str, Any]] = {}
    remote = simulate(GAME, 4, 2, bots, workers=2, backend="ray",
                      progress=lambda r: seen.append(r.seed), records=records.__setitem__, **settings)
    assert _plain(local) == _plain(remote)
    assert sorted(seen) == list(range(11, 15)) and sorted(records) == list(range(4))


def test_cli_ray_backend(local_ray: None, tmp_path: Path) -> None:
    out = {}
    for backend in ("local", "ray"):
        path = tmp_path / f"{backend}.jsonl"
        result = runner.invoke(app, ["simulate", GAME, "--games", "4", "--players", "3", "--seed", "2",
                                     "--bots", CHEAP, "--rotate", "--workers", "2",
                                     "--backend", backend, "--out", str(path)])
        assert result.exit_code == 0, result.output
        assert f"{backend} backend" in result.output and "Per bot" in result.output
        out[backend] = [json.loads(x) for x in path.read_text().splitlines()]
        for line in out[backend]:
            line.pop("seconds")
    assert out["local"] == out["ray"]


# ---------------------------------------------------------------- outcome kinds (Beacon)
BEACON_MODES = (("solo", 1), ("cooperative", 2), ("semi-cooperative", 3), ("competitive", 2))


def test_results_carry_the_outcome_kind() -> None:
    for mode, players in BEACON_MODES:
        results = simulate("beacon", 3, players, "greedy,random", seed=5, options={"mode": mode})
        assert {r.kind for r in results} == {mode}
        for r in results:
            d = r.to_dict()
            assert d["kind"] == mode and set(d) >= {"won", "goal_met", "team_score"}
            if mode in ("solo", "cooperative"):
                assert isinstance(r.won, bool) and r.team_score is not None
                assert r.winners == (list(range(players)) if r.won else [])


def test_ray_backend_every_outcome_kind(local_ray: None, tmp_path: Path) -> None:
    for mode, players in BEACON_MODES:
        local = simulate("beacon", 4, players, "greedy,random", seed=9, options={"mode": mode})
        remote = simulate("beacon", 4, players, "greedy,random", seed=9, options={"mode": mode},
                          workers=2, backend="ray")
        assert _plain(local) == _plain(remote)
    path = tmp_path / "solo.jsonl"
    result = runner.invoke(app, ["simulate", "beacon", "--games", "4", "--players", "1", "--option",
                                 "mode=solo", "--backend", "ray", "--workers", "2", "--out", str(path)])
    assert result.exit_code == 0, result.output
    assert "ray backend" in result.output and "success rate" in result.output
    assert {json.loads(x)["kind"] for x in path.read_text().splitlines()} == {"solo"}
