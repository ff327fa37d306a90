"""Reading a `simulate --out` file, line by line, refusing a bad or mixed one clearly.

Version 2 lines (this boardwright) carry `version`, `first_seat` and `balance`. Version 1
lines (no `version` field) are read too: they lack the first player and the game's balance
fields, so the report leaves those parts out; a version 1 line without `kind` (written before
outcome kinds) takes the kind the game declares for its settings when the game is
registered here. Any other version, a line that is not a JSON object, a missing or
mistyped field, or a second game in the same file is a `ResultsError` naming the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..engine import UnknownGame, game
from ..simulate import JSONL_VERSION

KINDS = ("competitive", "cooperative", "semi-cooperative", "solo")
#: the versions this boardwright reads (1: no version field)
VERSIONS = (1, JSONL_VERSION)


class ResultsError(ValueError):
    """A results file this report cannot read; `line` is the 1-based line number (0: the file)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_row(row: Any, line: int) -> dict[str, Any]:
    """One parsed line, checked and completed to version 2 (first_seat and balance None when
    absent); raises ResultsError naming the line and the field."""
    if not isinstance(row, dict):
        raise ResultsError(line, f"expected a JSON object (one game), got {type(row).__name__}")
    version = row.get("version", 1)
    if not _int(version) or version not in VERSIONS:
        raise ResultsError(line, f"unknown version {version!r}: this boardwright reads versions "
                                 f"{', '.join(map(str, VERSIONS))} (a newer boardwright wrote this file?)")

    def need(name: str, ok: bool, what: str) -> None:
        if not ok:
            shown = repr(row[name])[:40] if name in row else "missing"
            raise ResultsError(line, f"field {name!r} must be {what} ({shown})")

    need("game", isinstance(row.get("game"), str) and bool(row.get("game")), "a game id")
    need("players", _int(row.get("players")) and row["players"] >= 1, "a player count")
    players = int(row["players"])
    need("seed", _int(row.get("seed")), "an integer")
    need("options", isinstance(row.get("options", {}), dict), "an object")
    bots = row.get("bots")
    need("bots", isinstance(bots, list) and len(bots) == players and all(isinstance(b, str) for b in bots),
         f"a list of {players} bot specs")
    scores = row.get("scores")
    need("scores", isinstance(scores, list) and all(_number(s) or s is None for s in scores),
         "a list of numbers")
    winners = row.get("winners")
    need("winners", isinstance(winners, list) and all(_int(w) and 0 <= w < players for w in winners),
         f"a list of seats 0..{players - 1}")
    need("decisions", _int(row.get("decisions")) and row["decisions"] >= 0, "a count")
    need("seconds", _number(row.get("seconds")) and row["seconds"] >= 0, "a duration in seconds")
    out = dict(row)
    out["version"] = version
    out.setdefault("options", {})
    if "kind" not in row and version == 1:
        try:
            out["kind"] = game(row["game"]).kind_of_outcome(players, row.get("options") or {})
        except (UnknownGame, ValueError):
            raise ResultsError(line, "no 'kind' field (a file from before outcome kinds) and the game "
                                     f"{row['game']!r} is not registered here to say it") from None
    need_kind = out.get("kind") in KINDS
    if not need_kind:
        raise ResultsError(line, f"field 'kind' must be one of {', '.join(KINDS)} ({out.get('kind')!r})")
    for name in ("won", "goal_met"):
        need(name, row.get(name) is None or isinstance(row.get(name), bool), "true, false or null")
    need("team_score", row.get("team_score") is None or _number(row.get("team_score")), "a number or null")
    first = row.get("first_seat")
    need("first_seat", first is None or (_int(first) and 0 <= first < players), f"a seat 0..{players - 1}")
    need("balance", row.get("balance") is None or isinstance(row.get("balance"), dict), "an object or null")
    out.setdefault("first_seat", None)
    out.setdefault("balance", None)
    out.setdefault("won", None)
    out.setdefault("goal_met", None)
    out.setdefault("team_score", None)
    return out


def read_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Every game of a results file (blank lines skipped); all must be of one game."""
    rows: list[dict[str, Any]] = []
    first_game: tuple[int, str] | None = None
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ResultsError(number, f"not valid JSON ({exc.msg} at column {exc.colno}): "
                                       "a truncated or damaged line?") from None
        row = check_row(parsed, number)
        if first_game is None:
            first_game = (number, row["game"])
        elif row["game"] != first_game[1]:
            raise ResultsError(number, f"game {row['game']!r}, but line {first_game[0]} is "
                                       f"{first_game[1]!r}: one report is about one game "
                                       "(write each game's results to its own file)")
        rows.append(row)
    if not rows:
        raise ResultsError(0, "no games in the file")
    return rows


def read_results(path: Path) -> list[dict[str, Any]]:
    """The games of a results file; OSError when it cannot be read, ResultsError when bad."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ResultsError(line, f"not UTF-8 text ({exc.reason}): a damaged file?") from None
    return read_lines(text.split("\n"))
