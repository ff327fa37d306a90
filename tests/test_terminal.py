"""Terminal play: ids printed as typed, the board at 80×24, resume, replay, Ctrl-C saving."""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app
from boardwright.cli.common import out_console
from boardwright.cli.menu import Node, build
from boardwright.cli.play import Session
from boardwright.cli.views import glossary, render_view
from boardwright.engine import Action

GAMES = ("flow-of-history", "nomad-city")
runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def _every_id(game_id: str) -> set[str]:
    """Action ids of seeded random games, every component id and name, every site id."""
    spec = bw.game(game_id)
    ids: set[str] = set()
    universe = spec.hook("rl_actions")
    for players in spec.player_counts:
        for options in spec.option_sets(players):
            if universe is not None:
                ids.update(universe(players, options))
            state = spec.new_game(players, players, options)
            rng = random.Random(players)
            while not state.over and len(state.history) < 400:
                seat = state.to_act[0]
                acts = state.legal_actions(seat)
                ids.update(a.id for a in acts)
                state.apply(seat, rng.choice(acts).id)
            for key, (name, _) in glossary(game_id, players, options).items():
                ids.update((key, name))
    board = spec.hook("board_data")
    if board is not None:
        for players in spec.player_counts:
            data = board(players, {})
            ids.update(s["id"] for s in data.get("sites", []))
            ids.update(r["id"] for r in data.get("routes", []))
    return ids


@pytest.mark.parametrize("game_id", GAMES)
def test_every_id_prints_as_typed(game_id: str) -> None:
    """No emoji code (`:castle:`, `:factory:`) or markup in an id or name is interpreted."""
    ids = sorted(_every_id(game_id))
    assert len(ids) > 50
    console = out_console()
    buf = io.StringIO()
    console.file = buf
    console.width = 400
    spec = bw.game(game_id)
    session = Session(spec.new_game(spec.player_counts[0], 1), 0, {}, console, None)
    session.show_menu(Node("", children=[Node(i, Action(i, i)) for i in ids]), 0)
    out = buf.getvalue()
    for i in ids:
        assert f"{i} [{i}]" in out, i
    for i in ("invest:castle:2", "factory", ":factory:", "[bold]x[/]"):  # the reported cases
        buf.truncate(0)
        buf.seek(0)
        session.say(i)
        assert buf.getvalue().strip() == i


def _advance(game_id: str, players: int, steps: int, seed: int = 7) -> bw.GameState:
    state = bw.game(game_id).new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    return state


@pytest.mark.parametrize(("game_id", "players", "steps"), [
    ("nomad-city", 3, 0), ("nomad-city", 3, 120), ("nomad-city", 4, 400), ("nomad-city", 2, 10_000),
    ("flow-of-history", 3, 30), ("flow-of-history", 5, 10_000),
])
def test_golden_screen_80x24(game_id: str, players: int, steps: int) -> None:
    """The board at 80×24: no line wider than the terminal, the seat's resources and
    points present, no raw JSON; Nomad City's compact board leaves room for the choices."""
    state = _advance(game_id, players, steps)
    console = Console(width=80, height=24, record=True, file=io.StringIO(), emoji=False,
                      highlight=False)
    view = state.view(0)
    render_view(console, view, 0)
    text = console.export_text()
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "{" not in text and "}" not in text and '"' not in text
    if game_id == "nomad-city":
        me = view["players"][0]
        for word in ("Gold", "Orirock", "Shard", "Oriron", "pts", "Map", "Your hand"):
            assert word in text
        row = next(line for line in lines if line.startswith("0 you"))
        assert str(me["gold"]) in row and str(me["points"]) in row
        assert str(me["resources"]["oriron"]) in row
        if steps == 0:
            assert len(lines) <= 16  # room for the prompt and the choices
        if state.over:
            assert "Game over" in text
    else:
        for word in ("Market", "Nations", "tokens", "Supply", "Reserve"):
            assert word in text
        assert "Current Age 0" not in text
        if state.over:
            assert text.startswith("Game over") and "ends after this turn" not in text
            assert "deck 0 ()" not in text


def test_full_board_on_a_large_screen() -> None:
    state = _advance("nomad-city", 3, 150)
    console = Console(width=160, height=50, record=True, file=io.StringIO(), emoji=False)
    render_view(console, state.view(0), 0)
    text = console.export_text()
    assert "City Styles" in text and "Seat 1's City board" in text
    assert "tolls go to its owner" in text
    assert all(len(line) <= 160 for line in text.splitlines())


def test_grouped_menus() -> None:
    flow = bw.game("flow-of-history").new_game(3, 4)
    names = {k: n for k, (n, _) in glossary("flow-of-history", 3, {}).items()}
    root = build(flow.legal_actions(0), names.get)
    invest = next(c for c in root.children if c.label == "Invest")
    assert [c.label for c in invest.children][:2] == ["Barracks", "The Pyramids"]
    assert [a.id for a in invest.children[0].actions()] == [f"invest:barracks:{n}" for n in (1, 2, 3, 4)]
    pairs = [Action(f"box:{a}+{b}", f"Return {a} and {b}") for i, a in enumerate("abcdefg")
             for b in "abcdefg"[i + 1:]]
    menu = build(pairs)
    assert len(menu.children) == 7 and all(c.size == 6 for c in menu.children)  # 2 of 7: two picks


def test_play_commands_lookup_rule_undo_case(tmp_path: Path) -> None:
    code, out = run("play", "nomad-city", "--players", "3", "--seed", "5", "--bots", "random",
                    input="? liskarm\nshow mercenary hq\nrule 5.3\nrule §4.2\nSITE:b-02\n"
                          "undo\nnonsense\nq\n\n")
    assert code == 0, out
    flat = " ".join(out.split())
    assert "Liskarm [liskarm]: starting character" in flat
    assert "Mercenary HQ [mercenary-hq]: red facility" in flat
    assert "§5.3 Explore" in flat and "§4.2 Player Actions" in flat
    assert "You: Start on B-02" in flat  # ids in any case
    assert "Taken back" in flat or "Cannot undo" in flat
    assert "Not allowed: 'nonsense'" in flat and "(§3.2" in flat
    assert "Score: you" in flat
    assert "Save the game record?" in flat


def test_bad_save_path_is_refused_at_start(tmp_path: Path) -> None:
    code, out = run("play", "flow-of-history", "--save", str(tmp_path / "no" / "such" / "x.json"),
                    input="")
    assert code == 2 and "bad --save" in out and "does not exist" in out
    code, out = run("play", "flow-of-history", "--save", str(tmp_path), input="")
    assert code == 2 and "folder" in out


def test_quit_asks_again_for_a_bad_name(tmp_path: Path) -> None:
    good = tmp_path / "kept.json"
    code, out = run("play", "flow-of-history", "--seed", "2", "--bots", "random",
                    input=f"harvest\nq\n{tmp_path / 'missing' / 'x.json'}\n{good}\n")
    assert code == 0, out
    assert "Try another name" in out and good.is_file()


def test_resume_round_trip_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", "flow-of-history", "--players", "3", "--seed", "8", "--bots", "random",
                    "--save", str(record), input="harvest\nharvest\nq\n")
    assert code == 0, out
    first = json.loads(record.read_text())
    assert first["seats"] == {"0": "human", "1": "random", "2": "random"}
    moves = len(first["actions"])
    assert moves >= 2
    code, out = run("play", "--resume", str(record), input="harvest\nq\n")
    assert code == 0, out
    assert f"Resumed {record} after {moves} moves" in " ".join(out.split())
    second = json.loads(record.read_text())
    assert second["actions"][:moves] == first["actions"] and len(second["actions"]) > moves
    assert bw.replay(second).history == [tuple(a) for a in second["actions"]]

    code, out = run("replay", str(record))
    assert code == 0, out
    assert "seat 1: random" in out and "seat 0 (person)" in out
    assert "Not finished after" in out and "Nobody has won yet" in out
    assert "Winner" not in out


def test_resume_refuses_a_finished_or_broken_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    code, out = run("play", "--resume", str(bad))
    assert code == 2 and "bad --resume" in out
    code, out = run("play", input="")
    assert code == 2 and "missing GAME" in out


# ---------------------------------------------------------------- Ctrl-C through a real terminal
pty = pytest.importorskip("pty")


def _spawn(args: list[str], cwd: Path) -> tuple[int, int]:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the CLI in a terminal of 80×24
        os.environ.update({"COLUMNS": "80", "LINES": "24", "TERM": "xterm"})
        os.chdir(cwd)
        # an ignored SIGINT is inherited through exec (an earlier test in this process, Ray's
        # workers say, may have set it): a person's terminal delivers Ctrl-C, so restore it
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execv(sys.executable, [sys.executable, "-m", "boardwright", *args])
    return pid, fd


def _read_until(fd: int, pattern: str, timeout: float = 60.0) -> str:
    out = b""
    end = time.monotonic() + timeout
    import select

    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.decode("utf-8", "replace"))
            if re.search(pattern, text):
                return text
    raise AssertionError(f"did not see {pattern!r} in:\n{out.decode('utf-8', 'replace')[-2000:]}")


def _interrupt_at_prompt(fd: int, pattern: str) -> str:
    """Ctrl-C at the input prompt, then read until `pattern`. A Ctrl-C that lands after the
    prompt is printed but before readline waits for a key is held by CPython until the next
    signal or key (its readline looks at signals only when that wait is interrupted): a person
    never types that fast, a test does (1 run in 3 hung here). So when nothing has come after
    a while, press it again, as a person would."""
    os.write(fd, b"\x03")
    try:
        return _read_until(fd, pattern, timeout=10.0)
    except AssertionError:
        os.write(fd, b"\x03")
        return _read_until(fd, pattern)


def _finish(pid: int, fd: int) -> int:
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status)


def test_ctrl_c_at_the_prompt_saves_with_save(tmp_path: Path) -> None:
    record = tmp_path / "ctrl-c.json"
    pid, fd = _spawn(["play", "flow-of-history", "--seed", "4", "--bots", "random",
                      "--save", str(record)], tmp_path)
    _read_until(fd, r"seat 0> ")
    os.write(fd, b"harvest\r")
    _read_until(fd, r"You: Harvest[\s\S]*seat 0> ")
    _interrupt_at_prompt(fd, r"Game record saved")
    assert _finish(pid, fd) == 0
    assert json.loads(record.read_text())["actions"][0] == [0, "harvest"]


def test_ctrl_c_at_the_prompt_asks_to_save(tmp_path: Path) -> None:
    pid, fd = _spawn(["play", "flow-of-history", "--seed", "4", "--bots", "random"], tmp_path)
    _read_until(fd, r"seat 0> ")
    _interrupt_at_prompt(fd, r"Save the game record\?")
    os.write(fd, b"asked.json\r")
    _read_until(fd, r"Game record saved")
    assert _finish(pid, fd) == 0
    assert json.loads((tmp_path / "asked.json").read_text())["game"] == "flow-of-history"


def test_ctrl_c_while_bots_think_keeps_the_record(tmp_path: Path) -> None:
    record = tmp_path / "thinking.json"
    pid, fd = _spawn(["play", "flow-of-history", "--seed", "4", "--bots", "ismcts:iters=10000000",
                      "--save", str(record)], tmp_path)
    _read_until(fd, r"seat 0> ")
    os.write(fd, b"harvest\r")
    _read_until(fd, r"is thinking")
    os.write(fd, b"\x03")
    _read_until(fd, r"Game record saved")
    assert _finish(pid, fd) == 0
    assert json.loads(record.read_text())["actions"] == [[0, "harvest"]]
