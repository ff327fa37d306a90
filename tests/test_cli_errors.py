"""Click's own usage errors read like every other bad usage: one `error:` line, exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from boardwright.cli import main; sys.argv = ['boardwright', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("args", "words"), [
    (("frob",), "No such command 'frob'"),
    (("simulate", "beacon", "--games", "x"), "'--games'"),
    (("play", "beacon", "--seed", "1.5"), "'--seed'"),
])
def test_usage_errors_are_one_line(args: tuple[str, ...], words: str) -> None:
    out = _run(*args)
    assert out.returncode == 2
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], out.stderr
    assert "╭" not in out.stderr and "Traceback" not in out.stderr


def test_bare_command_still_shows_help() -> None:
    out = _run()
    assert "Usage: boardwright" in out.stdout and "Traceback" not in out.stderr
