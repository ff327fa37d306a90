"""The command line, driven through typer's CliRunner with scripted stdin."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli import app

GAME = "flow-of-history"
runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_list() -> None:
    code, out = run("list")
    assert code == 0
    assert GAME in out and "The Flow of History" in out
    assert "2, 3, 4, 5" in out
    for option in ("irrigation", "future_ends", "turn_limit"):
        assert option in out
    assert "greedy" in out and "random" in out


def test_help_and_module_entry_point() -> None:
    code, out = run("--help")
    assert code == 0 and "simulate" in out
    proc = subprocess.run([sys.executable, "-m", "boardwright", "--version"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0 and "boardwright" in proc.stdout


def test_play_a_few_actions_then_quit() -> None:
    code, out = run("play", GAME, "--players", "3", "--seed", "4", "--bots", "random",
                    input="1\n1\n1\nHARVEST\nharvest\nq\n\n")
    assert code == 0
    assert "choose your action" in out
    assert "Market" in out and "Nations" in out and "Supply" in out
    assert "(§5.1 Invest)" in out  # log lines carry their rule references
    assert out.count("You: ") == 3
    assert "You leave the game." in out
    assert "Save the game record?" in out


def test_play_bad_input_is_explained_and_asked_again() -> None:
    code, out = run("play", GAME, "--players", "3", "--seed", "4", "--bots", "random",
                    input="999\nxyz\nsnipe:nothing\n?\nlog\n2\nq\n")
    assert code == 0
    assert "There is no choice 999" in out
    assert "Not allowed: 'xyz' is not one of the" in out  # the game's reason, with its rule
    assert "Not allowed: 'nothing' is not a card in the Market (§5.3 Snipe)" in out
    assert "Other commands" in out  # help
    assert "You: " in out
    assert "Traceback" not in out


def test_play_eof_exits_cleanly(tmp_path: Path) -> None:
    record = tmp_path / "left.json"
    code, out = run("play", GAME, "--players", "2", "--seed", "1", "--bots", "random",
                    "--save", str(record), input="")
    assert code == 0
    assert "End of input" in out
    assert json.loads(record.read_text())["game"] == GAME


def test_play_to_the_end_then_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", GAME, "--players", "3", "--seed", "8", "--bots", "random",
                    "--seat", "1", "--option", "turn_limit=60", "--save", str(record),
                    input="1\n" * 2000)
    assert code == 0, out
    assert "Final result" in out
    assert "Winner" in out or "Shared victory" in out
    assert "Game record saved" in out
    saved = json.loads(record.read_text())
    assert saved["options"]["turn_limit"] == 60
    assert saved["actions"]

    code, out = run("replay", str(record))
    assert code == 0, out
    assert f"{len(saved['actions'])}. seat" in out
    assert "Final result" in out

    code, stepped = run("replay", str(record), "--step", input="\n\nq\n")
    assert code == 0
    assert stepped.count("Enter: next") == 3


def test_replay_bad_files(tmp_path: Path) -> None:
    code, out = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in out
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "chess", "players": 2, "seed": 0, "actions": []}')
    code, out = run("replay", str(bad))
    assert code == 2 and "chess" in out  # as play --resume: the file given is bad usage
    bad.write_text(json.dumps({"game": GAME, "players": 3, "seed": 0, "actions": [[0, "fly"]]}))
    code, out = run("replay", str(bad))
    assert code == 2 and "action 1" in out and "fly" in out
    for text, named in (("xx", "not JSON (line 1, column 1"), ("[1]", "a JSON object"),
                        ('{"game": "' + GAME + '", "actions": []}', ": missing 'players'"),
                        ('{"game": "' + GAME + '", "players": 3, "seed": 0, "actions": [[0]]}',
                         "action 1 should be [seat number, action id]"),
                        (json.dumps({"game": GAME, "players": "two", "seed": 0, "actions": []}),
                         "'players' should be a whole number, not \"two\"")):
        bad.write_text(text)
        code, out = run("replay", str(bad))
        assert code == 2 and named in " ".join(out.split()), out
        assert "Traceback" not in out and "invalid literal" not in out


def test_replay_steps_back_and_names_the_setting(tmp_path: Path) -> None:
    record = tmp_path / "solo.json"
    code, out = run("play", "martians", "--players", "1", "--seed", "3", "--save", str(record),
                    input="1\n" * 10 + "q\n")
    assert code == 0, out
    code, out = run("replay", str(record), "--step", input="\n\nb\nb\nb\nb\nq\n")
    flat = " ".join(out.split())
    assert code == 0, out
    assert "1 player, solo (mode=solo)" in flat and "1 players" not in flat
    assert "Back to after action 1" in flat and "Back to the start" in flat
    assert "nothing to step back to" in flat
    assert flat.count("2. seat 0") == 2  # the second action shown again after stepping back


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["play", "chess"], "chess"),
        (["play", GAME, "--option", "irrigation=lots"], "irrigation"),
        (["play", GAME, "--option", "colour=red"], "colour"),
        (["play", GAME, "--option", "irrigation"], "irrigation"),
        (["play", GAME, "--players", "9"], "9"),
        (["play", GAME, "--seat", "3"], "--seat"),
        (["play", GAME, "--bots", "grumpy"], "grumpy"),
        (["simulate", GAME, "--games", "2", "--players", "1"], "1"),
        (["simulate", GAME, "--games", "2", "--bots", "greedy:samples=x"], "samples"),
        (["simulate", GAME, "--games", "2", "--option", "turn_limit=5"], "turn_limit"),
        (["bench", "chess", "--json"], "chess"),
        (["data", "export", "chess", "somewhere"], "chess"),
    ],
)
def test_bad_usage_exits_2_naming_the_argument(args: list[str], named: str) -> None:
    code, out = run(*args, input="")
    assert code == 2, out
    assert named in out
    assert "Traceback" not in out


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_simulate_writes_one_line_per_game(tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    code, out = run("simulate", GAME, "--games", "3", "--players", "3", "--seed", "40",
                    "--bots", "random,greedy", "--out", str(out_file))
    assert code == 0, out
    assert "win rate" in out and "95% CI" in out and "decisions/s" in out
    lines = _lines(out_file)
    assert len(lines) == 3
    for i, line in enumerate(lines):
        assert set(line) >= {"game", "kind", "seed", "players", "options", "bots", "scores", "winners",
                             "decisions", "seconds"}
        assert line["game"] == GAME and line["seed"] == 40 + i and line["players"] == 3
        assert line["kind"] == "competitive"
        assert line["bots"] == ["random", "greedy", "random"]
        assert isinstance(line["scores"], list) and len(line["scores"]) == 3
        assert isinstance(line["winners"], list) and line["winners"]
        assert isinstance(line["decisions"], int) and line["decisions"] > 0
        assert isinstance(line["options"], dict) and line["options"]["turn_limit"] == 400


def test_simulate_same_results_for_any_worker_count(tmp_path: Path) -> None:
    files = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.jsonl"
        code, out = run("simulate", GAME, "--games", "6", "--players", "4", "--seed", "3",
                        "--workers", workers, "--out", str(path))
        assert code == 0, out
        files.append(path)
    one, two = (_lines(p) for p in files)
    for line in one + two:
        line.pop("seconds")
    assert one == two


def test_data_export_validate_and_corrupt(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    code, out = run("data", "export", GAME, str(pack))
    assert code == 0 and (pack / "cards.json").is_file()
    code, out = run("data", "validate", str(pack))
    assert code == 0, out
    assert "67 card records" in out and "stand-ins" in out

    code, out = run("data", "export", GAME, str(pack))
    assert code == 1 and "--force" in out

    data = json.loads((pack / "cards.json").read_text())
    data["cards"][0]["effect"]["kind"] = "teleport"
    bad_kind = data["cards"][0]["id"]
    data["cards"][1]["stripe"]["trade"] = -1
    bad_stripe = data["cards"][1]["id"]
    (pack / "cards.json").write_text(json.dumps(data))
    code, out = run("data", "validate", str(pack), "--game", GAME)
    assert code == 1
    assert f"'{bad_kind}'" in out and "field effect" in out and "teleport" in out
    assert f"'{bad_stripe}'" in out and "stripe" in out

    (pack / "cards.json").write_text("{not json")
    code, out = run("data", "validate", str(pack))
    assert code == 1 and "not valid JSON" in out


def test_data_validate_small_pack(tmp_path: Path) -> None:
    """A pack may hold only the records it changes; the rest come from the shipped data."""
    pack = tmp_path / "p"
    run("data", "export", GAME, str(pack))
    data = json.loads((pack / "cards.json").read_text())
    card = dict(data["cards"][0], note="checked against my printed copy")
    (pack / "cards.json").write_text(json.dumps({"cards": [card]}))
    code, out = run("data", "validate", str(pack))
    assert code == 0, out
    assert "1 replaced" in out


def test_bench_json(tmp_path: Path) -> None:
    code, out = run("bench", GAME, "--json", "--seconds", "0.5")
    assert code == 0, out
    rows = json.loads(out)
    assert isinstance(rows, list) and len(rows) == 1
    row = rows[0]
    for key in ("game", "decisions_per_s", "games_per_s", "clone_us", "deepcopy_us", "clone_ratio",
                "ismcts_iters_per_s", "python", "machine"):
        assert key in row
    assert row["game"] == GAME
    assert row["decisions_per_s"] > 0 and row["games_per_s"] > 0 and row["ismcts_iters_per_s"] > 0
    assert 0 < row["clone_us"] < row["deepcopy_us"]
