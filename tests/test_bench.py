"""`boardwright bench`: the environment's speed beside the engine's, and the load it ran under."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from boardwright import bench
from boardwright.bench import bench_game, env_speed
from boardwright.cli import app


def test_bench_reports_the_environment_rate() -> None:
    row = bench_game("flow-of-history", seconds=0.3, players=2)
    assert row["env_steps_per_s"] > 0 and row["decisions_per_s"] > 0
    assert row["env_ratio"] > 0 and row["env_ratio_median"] > 0
    assert row["load_average"] is None or row["load_average"] >= 0


def test_env_speed_plays_at_least_one_step() -> None:
    rate = env_speed("nomad-city", 2, 0.01)
    assert rate is not None and rate > 0


def test_bench_json_carries_env_steps_per_s() -> None:
    res = CliRunner().invoke(app, ["bench", "flow-of-history", "--json", "--seconds", "0.2"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output[res.output.index("[") :])
    assert rows[0]["game"] == "flow-of-history" and "env_steps_per_s" in rows[0]


def test_bench_table_shows_the_issue_measures() -> None:
    """The table names ISMCTS iterations/s, the environment's steps/s and its ratio to the
    random playouts, and the load the figures were taken under."""
    res = CliRunner().invoke(app, ["bench", "nomad-city", "--seconds", "0.2"])
    assert res.exit_code == 0, res.output
    for label in ("ISMCTS iterations/s", "PettingZoo env steps/s", "env ÷ random playouts"):
        assert label in res.output
    assert "load average" in res.output or "Windows" in res.output


def test_bench_json_keys_of_the_paired_measurement() -> None:
    row = bench_game("martians", seconds=0.3, players=2)
    for key in (
        "decisions_per_s",
        "env_steps_per_s",
        "decisions_per_cpu_s",
        "env_steps_per_cpu_s",
        "env_ratio",
        "env_ratio_median",
        "env_pairs",
        "env_steps",
    ):
        assert row[key] is not None and row[key] > 0, key
    assert row["env_pairs"] == row["games"] >= 1
    # the ratio is the processor-time rates' ratio, not the wall-clock rates'
    assert abs(row["env_ratio"] - row["env_steps_per_cpu_s"] / row["decisions_per_cpu_s"]) < 0.002


def test_env_ratio_comes_from_alternating_paired_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Engine game k, then env game k, each timed in processor time; the machine slows down
    3x after the second pair, which a ratio of the two sides measured at different times
    would see and the paired ratio must not."""
    now = [0.0]
    calls: list[tuple[str, int]] = []
    speed = {"slow": 1.0}

    def cpu() -> float:
        return now[0]

    def fake_playout(state: Any, rng: Any, limit: int | None = None) -> int:
        calls.append(("engine", state.seed))
        now[0] += 1.0 * speed["slow"]  # 100 decisions a (slowed) second
        return 100

    def fake_env_game(e: Any, np: Any, seed: int, limit: float | None = None) -> int:
        calls.append(("env", seed))
        now[0] += 4.0 * speed["slow"]  # 200 steps in 4 (slowed) seconds: half the engine's rate
        if seed == 1:
            speed["slow"] = 3.0
        return 200

    monkeypatch.setattr(bench.time, "process_time", cpu)
    monkeypatch.setattr(bench.time, "perf_counter", cpu)
    monkeypatch.setattr(bench, "random_playout", fake_playout)
    monkeypatch.setattr(bench, "_env_game", fake_env_game)
    res = bench.paired_speeds("flow-of-history", 2, budget=25.0)
    w = bench.WARMUP_SEED
    assert calls[:2] == [("engine", w), ("env", w)]  # warm-ups, not counted
    assert calls[2:] == [(side, k) for k in range(res["pairs"]) for side in ("engine", "env")]
    assert res["pairs"] == 3  # 5 + 5 + 15 seconds reach the budget
    assert res["decisions"] == 300 and res["steps"] == 600
    assert res["engine_cpu"] == 1 + 1 + 3 and res["env_cpu"] == 4 + 4 + 12
    assert res["ratios"] == [0.5, 0.5, 0.5]
    assert res["env_ratio"] == 0.5  # (600 / 20) / (300 / 5)
