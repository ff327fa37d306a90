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


def test_progress_rate_is_games_over_elapsed_time() -> None:
    """Two games ending together over 0.2 s are 10 games/s, not Rich's momentary thousands."""
    import time

    from rich.progress import Progress

    from boardwright.cli.simulate import RateColumn

    progress = Progress(RateColumn())
    task = progress.add_task("games", total=2)
    time.sleep(0.2)
    progress.update(task, advance=2)
    rate = float(str(RateColumn().render(progress.tasks[0])).split()[0])
    assert 5.0 <= rate <= 10.5
