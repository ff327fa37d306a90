"""`boardwright bench`: the environment's speed beside the engine's, and the load it ran under."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from boardwright.bench import bench_game, env_speed
from boardwright.cli import app


def test_bench_reports_the_environment_rate() -> None:
    row = bench_game("flow-of-history", seconds=0.3, players=2)
    assert row["env_steps_per_s"] > 0 and row["decisions_per_s"] > 0
    assert row["env_ratio"] == round(row["env_steps_per_s"] / row["decisions_per_s"], 2)
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
