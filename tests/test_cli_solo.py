"""The test title Beacon through the command line: list, play (solo and every outcome kind),
simulate in each mode, and its own terminal view. Beacon is registered for the whole suite
(tests/conftest.py), so nothing here names it anywhere outside tests/titles/beacon."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app, render_outcome
from boardwright.engine import outcome as kinds
from boardwright.simulate import simulate, summarize

GAME = "beacon"
runner = CliRunner()
MODES = {"solo": 1, "cooperative": 2, "semi-cooperative": 3, "competitive": 2}


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def flat(text: str) -> str:
    return " ".join(text.split())


def test_list_shows_beacon_with_its_modes_and_restrictions() -> None:
    code, out = run("list")
    assert code == 0, out
    assert GAME in out and "Beacon (test title)" in out
    assert "1, 2, 3 *" in out
    for kind in ("solo", "cooperative", "semi-cooperative", "competitive"):
        assert kind in out
    text = flat(out)
    assert "some combinations of player count and options are restricted" in text
    assert "1 player: only mode=solo" in text
    assert "2 players: only mode=cooperative | semi-cooperative | competitive" in text
    assert "nobody_wins" in out


def test_play_solo_to_the_end_with_its_terminal_view(tmp_path: Path) -> None:
    record = tmp_path / "solo.json"
    code, out = run("play", GAME, "--players", "1", "--option", "mode=solo", "--seed", "3",
                    "--save", str(record), input="1\n" * 100)
    assert code == 0, out
    assert "You are seat 0 (no other seats)" in flat(out)
    assert "Beacon · round 1" in out and "storm deck" in out  # the title's terminal_view hook
    assert "Pick your signal in secret" in out
    assert "Game over" in out
    assert "Final result (solo): The solo player" in flat(out)
    assert "light against a goal of 6" in out and "Score:" in out
    saved = json.loads(record.read_text())
    assert saved["players"] == 1 and saved["options"]["mode"] == "solo"
    state = bw.replay(saved)
    assert state.over and state.outcome()["kind"] == "solo"


def test_play_one_player_without_options_plays_solo() -> None:
    code, out = run("play", GAME, "--players", "1", "--seed", "1", input="q\n\n")
    assert code == 0, out
    assert "1 player, solo (mode=solo)" in flat(out)
    assert "You leave the game." in out


@pytest.mark.parametrize(("players", "options", "reason"), [
    ("2", ["--option", "mode=solo"], "mode=solo is for 1 player"),
    ("1", ["--option", "mode=cooperative"], "1 player plays mode=solo"),
    ("3", ["--option", "mode=solo", "--option", "nobody_wins_on_failure=true"], "mode=solo is for 1 player"),
])
def test_play_invalid_combination_is_bad_usage_with_the_reason(players: str, options: list[str],
                                                               reason: str) -> None:
    for command in (["play", GAME], ["simulate", GAME, "--games", "2"]):
        code, out = run(*command, "--players", players, *options, input="")
        assert code == 2, out
        assert reason in flat(out)
        assert "Traceback" not in out


@pytest.mark.parametrize("mode", ["cooperative", "semi-cooperative", "competitive"])
def test_play_each_mode_against_bots(mode: str) -> None:
    code, out = run("play", GAME, "--players", "2", "--option", f"mode={mode}",
                    "--option", "nobody_wins_on_failure=true", "--bots", "greedy", "--seed", "5",
                    input="1\n" * 100)
    assert code == 0, out
    text = flat(out)
    assert f"2 players, {mode}" in text and "seat 1: greedy" in text
    assert "Beacon · round" in out and "Game over" in out
    if mode == "cooperative":
        assert "Final result (cooperative): The team" in text and "Team score:" in text
    elif mode == "semi-cooperative":
        assert "Final result (semi-cooperative)" in text
        assert "The shared goal was met" in text or "The shared goal failed" in text
        assert "Winner: seat" in text or "Nobody wins." in text
    else:
        assert "Final result" in text and ("Winner: seat" in text or "Shared victory" in text)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


@pytest.mark.parametrize("mode", list(MODES))
def test_simulate_each_mode(mode: str, tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    players = str(MODES[mode])
    code, out = run("simulate", GAME, "--games", "12", "--players", players, "--option", f"mode={mode}",
                    "--bots", "greedy,random", "--workers", "1", "--seed", "4", "--out", str(out_file))
    assert code == 0, out
    text = flat(out)
    assert f"{mode}" in text and "95% CI" in text
    lines = _lines(out_file)
    assert len(lines) == 12 and {line["kind"] for line in lines} == {mode}
    if mode in ("solo", "cooperative"):
        assert "success rate" in text and "win rate" not in text
        assert ("mean team score" if mode == "cooperative" else "mean score") in text
        assert all(isinstance(line["won"], bool) for line in lines)
        assert all(isinstance(line["team_score"], float) for line in lines)
    elif mode == "semi-cooperative":
        assert text.index("Shared goal") < text.index("Win rates per seat") < text.index("Nobody won")
        assert "goal met" in text and "win rate" in text
        assert all(isinstance(line["goal_met"], bool) for line in lines)
    else:
        assert "win rate" in text and "success rate" not in text and "Shared goal" not in text
        assert all(line["won"] is None and line["goal_met"] is None for line in lines)


def test_simulate_one_player_defaults_to_solo() -> None:
    code, out = run("simulate", GAME, "--games", "3", "--players", "1", "--workers", "1")
    assert code == 0, out
    assert "1 player, solo" in flat(out) and "success rate" in out


def test_summary_follows_the_kind() -> None:
    solo = summarize(simulate(GAME, 20, 1, "greedy", options={"mode": "solo"}))
    assert solo.kind == "solo" and solo.success is not None and solo.team_score is not None
    assert solo.success.games == 20
    assert solo.team_score.low <= solo.team_score.mean <= solo.team_score.high
    semi = summarize(simulate(GAME, 20, 2, "random", options={"mode": "semi-cooperative",
                                                              "nobody_wins_on_failure": True}))
    assert semi.kind == "semi-cooperative" and semi.success is not None and semi.nobody is not None
    # with nobody_wins_on_failure, the games nobody won are exactly those whose goal failed
    assert semi.nobody.wins == semi.games - semi.success.wins
    assert sum(r.wins for r in semi.per_seat) == pytest.approx(semi.games - semi.nobody.wins)
    comp = summarize(simulate(GAME, 6, 2, "random"))
    assert comp.kind == "competitive" and comp.success is None and comp.team_score is None


def _rendered(outcome: dict[str, Any], labels: dict[int, str] | None = None) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    render_outcome(console, outcome, labels or {})
    return flat(console.export_text())


def test_render_outcome_of_every_kind() -> None:
    won = _rendered(kinds.cooperative(3, won=True, reason="the lighthouse shines", team_score=12,
                                      final=True))
    assert "The team won: the lighthouse shines" in won and "Team score: 12" in won
    lost = _rendered(kinds.cooperative(2, won=False, reason="the storm won", final=True))
    assert "The team lost: the storm won" in lost and "Team score" not in lost
    undecided = _rendered(kinds.cooperative(2, won=None, reason="", final=False))
    assert "Standing so far (cooperative): The team has not won or lost yet." in undecided
    keys = [(5, 1), (7, 0), (7, 2)]
    met = _rendered(kinds.semi_cooperative(keys, ("light", "oil"), goal_met=True, reason="19 light",
                                           nobody_wins_on_failure=True, final=True), {2: "you"})
    assert "The shared goal was met: 19 light" in met and "Winner: seat 2 (you)" in met
    failed = _rendered(kinds.semi_cooperative(keys, ("light", "oil"), goal_met=False, reason="too dark",
                                              nobody_wins_on_failure=True, final=True))
    assert "The shared goal failed: too dark" in failed and "Nobody wins." in failed
    assert "Winner" not in failed
    kept = _rendered(kinds.semi_cooperative(keys, ("light", "oil"), goal_met=False, reason="too dark",
                                            nobody_wins_on_failure=False, final=True))
    assert "The shared goal failed" in kept and "Winner: seat 2" in kept
    solo_won = _rendered(kinds.solo(won=True, reason="6 light", score=9, final=True,
                                    breakdown={"lamps": 6, "oil_left": 3}))
    assert "The solo player won: 6 light" in solo_won and "Score: 9" in solo_won
    assert "oil left 3" in solo_won
    assert "The solo player lost" in _rendered(kinds.solo(won=False, reason="dark", final=True))
    score_only = _rendered(kinds.solo(won=None, reason="", score=41, final=True))
    assert "the score is the result" in score_only and "Score: 41" in score_only
    comp = _rendered(kinds.competitive(keys, ("light", "oil"), final=False))
    assert "Standing so far" in comp and "Nobody has won yet: the game is not over." in comp
    assert "Winner" not in comp and "Leading" not in comp
