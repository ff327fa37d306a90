"""Saved terminal games: a game record (`state.record()`, replayable with `bw.replay`) plus
who played each seat, so that `play --resume FILE` continues it and `replay` names them."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..engine import GameState

HUMAN = "human"


def problem_with(path: Path) -> str | None:
    """Why a record could not be written to `path` (checked before the game starts)."""
    if path.is_dir():
        return "it is a folder"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"the folder {parent} does not exist"
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is not writable"
    if not path.exists() and not os.access(parent, os.W_OK):
        return f"the folder {parent} is not writable"
    return None


def record_of(state: GameState, seats: dict[int, str],
              table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record with `seats` (seat -> "human" or the bot's spec string) and the `table`
    settings that are no game option (`{"hints": false}` for a game without hints)."""
    out = {**state.record(), "seats": {str(s): who for s, who in sorted(seats.items())}}
    if table:
        out["table"] = dict(table)
    return out


def hints_allowed(record: dict[str, Any]) -> bool:
    """Whether the recorded game lets its players ask for hints (the default)."""
    table = record.get("table")
    return not (isinstance(table, dict) and table.get("hints") is False)


def write(path: Path, state: GameState, seats: dict[int, str],
          table: dict[str, Any] | None = None) -> None:
    """Write the record (OSError when it cannot be written)."""
    text = json.dumps(record_of(state, seats, table), indent=1) + "\n"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def seats_of(record: dict[str, Any]) -> dict[int, str]:
    """Who played each seat, from a record's `seats` (empty for an older record)."""
    raw = record.get("seats")
    if not isinstance(raw, dict):
        return {}
    out: dict[int, str] = {}
    for key, who in raw.items():
        try:
            out[int(key)] = str(who)
        except (TypeError, ValueError):
            continue
    return out


def describe(seats: dict[int, str]) -> str:
    """'seat 0: human, seat 1: greedy'."""
    return ", ".join(f"seat {s}: {who}" for s, who in sorted(seats.items()))
