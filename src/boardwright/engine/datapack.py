"""The `data_pack` hook's shape: how a title exports and validates its data files.

A title that ships component data declares `"data_pack": ".datapack:HOOK"`, a `DataHook`.
`boardwright data export|validate` and anything else outside the title use only this.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class DataReport:
    """What `validate` found: `problems` (each naming file, record and field), a `summary`
    (one line per file checked) and free `notes`."""

    problems: list[str]
    summary: list[str]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class DataHook:
    """How one game exports and validates its data files.

    `files` are the file names a pack may hold; `export(folder, force)` writes the shipped
    files there and returns their paths (raising `FileExistsError` for an existing file
    unless `force`); `validate(folder)` overlays the pack on the shipped data and reports.
    """

    files: tuple[str, ...]
    export: Callable[[Path, bool], list[Path]]
    validate: Callable[[Path], DataReport]


def write_json(path: Path, data: Any, force: bool) -> Path:
    """Write `data` as JSON; an existing file is an error unless `force`."""
    if path.exists() and not force:
        raise FileExistsError(f"{path} already exists (use --force to overwrite it)")
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def read_pack_file(path: Path, list_key: str, report: DataReport) -> dict[str, Any] | None:
    """A pack file's JSON object, or None with the problem added to `report` (unreadable,
    not JSON, not an object, or its `list_key` not a list)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        report.problems.append(f"{path}: cannot be read: {exc}")
        return None
    except json.JSONDecodeError as exc:
        report.problems.append(f"{path}: not valid JSON: {exc}")
        return None
    if not isinstance(data, dict):
        report.problems.append(f"{path}: the file must hold a JSON object with a '{list_key}' list")
        return None
    if not isinstance(data.get(list_key, []), list):
        report.problems.append(f"{path}, field {list_key}: must be a list of records")
        return None
    return data
