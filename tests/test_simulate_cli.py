"""`boardwright simulate`: a bad --out fails first, results are written as they come, a
negative seed is refused, an unreachable Ray cluster fails fast, tables are never cut."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli import app
from boardwright.simulate import GameResult, simulate

GAME = "flow-of-history"
CHEAP = "greedy:explore=1.0,random"
runner = CliRunner()


def test_bad_out_path_fails_before_any_game(tmp_path: Path) -> None:
    bad = tmp_path / "missing" / "x.jsonl"
    start = time.perf_counter()
    res = runner.invoke(app, ["simulate", GAME, "-n", "500", "-p", "2", "--workers", "1",
                              "--out", str(bad)])
    assert res.exit_code != 0 and "could not write" in res.output
    assert time.perf_counter() - start < 5  # 500 games were not played first


def test_out_lines_are_written_as_games_finish(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    seen: list[int] = []

    def on_result(index: int, result: GameResult) -> None:
        seen.append(index)

    results = simulate(GAME, 3, 2, CHEAP, seed=4, workers=1, on_result=on_result)
    assert seen == [0, 1, 2] and [r.seed for r in results] == [4, 5, 6]
    res = runner.invoke(app, ["simulate", GAME, "-n", "3", "-p", "2", "--bots", CHEAP, "--seed", "4",
                              "--workers", "2", "--out", str(out)])
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["seed"] for x in lines] == [4, 5, 6]  # seed order, whatever finished first


def test_out_keeps_the_games_played_before_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import boardwright.simulate as sim

    out = tmp_path / "r.jsonl"
    real = sim.run_job

    def flaky(job: sim.Job) -> tuple[int, GameResult, dict[str, object] | None]:
        if job.index == 2:
            raise RuntimeError("boom")
        return real(job)

    monkeypatch.setattr(sim, "run_job", flaky)
    res = runner.invoke(app, ["simulate", GAME, "-n", "4", "-p", "2", "--bots", CHEAP,
                              "--workers", "1", "--out", str(out)])
    assert res.exit_code != 0
    assert [json.loads(x)["seed"] for x in out.read_text().splitlines()] == [0, 1]


def test_negative_seed_is_refused() -> None:
    res = runner.invoke(app, ["simulate", GAME, "-n", "1", "-p", "2", "--seed", "-1"])
    assert res.exit_code != 0 and "--seed" in res.output
    with pytest.raises(ValueError, match="seed"):
        simulate(GAME, 1, 2, "random", seed=-1)


def test_summary_is_not_cut_when_piped() -> None:
    bots = "greedy:samples=1:explore=0.999,random"
    env = {**os.environ, "COLUMNS": "60", "TERM": "dumb"}
    out = subprocess.run([sys.executable, "-m", "boardwright.cli", "simulate", GAME, "-n", "2", "-p", "2",
                          "--bots", bots, "--workers", "1", "--rotate"],
                         capture_output=True, text=True, env=env, timeout=120, check=True).stdout
    assert "…" not in out
    assert all(b in out for b in bots.split(","))
    assert "%–" in out and "% │" in out  # whole intervals


def test_unreachable_ray_address_fails_within_seconds_and_obeys_sigterm() -> None:
    pytest.importorskip("ray")
    env = {**os.environ, "BOARDWRIGHT_RAY_TIMEOUT": "3"}
    cmd = [sys.executable, "-m", "boardwright.cli", "simulate", GAME, "-n", "2", "-p", "2",
           "--backend", "ray", "--ray-address", "10.255.255.1:6379"]
    start = time.perf_counter()
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    assert res.returncode != 0 and "could not" in res.stdout + res.stderr
    assert time.perf_counter() - start < 30
    # SIGTERM while it is still trying
    env["BOARDWRIGHT_RAY_TIMEOUT"] = "120"
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    time.sleep(4)
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("simulate ignored SIGTERM while connecting to Ray")
