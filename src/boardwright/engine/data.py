"""Component data: JSON files inside a game's package, validated by pydantic models.

A data pack (a folder holding files of the same names) overlays the shipped
records by id, so owners of the printed game can replace stand-ins.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

Source = Literal["rulebook", "stand-in"]


class Record(BaseModel):
    """Fields every component record carries: identity and provenance."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    source: Source
    stand_in_fields: list[str] = []
    note: str = ""


class DataError(ValueError):
    """A data file or pack that does not match its schema; lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


M = TypeVar("M", bound=BaseModel)


def shipped_text(package: str, filename: str) -> str:
    return resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")


def overlay(base: dict[str, Any], pack_file: Path, list_key: str) -> dict[str, Any]:
    """Replace or add records of `base[list_key]` by id from a pack file."""
    try:
        extra = json.loads(pack_file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataError([f"{pack_file}: not valid JSON: {exc}"]) from None
    if not isinstance(extra, dict):
        raise DataError([f"{pack_file}: a data file holds one JSON object, not {type(extra).__name__}"])
    merged = dict(base)
    records = {r["id"]: r for r in base.get(list_key, [])}
    for rec in extra.get(list_key, []):
        if not isinstance(rec, dict) or "id" not in rec:
            raise DataError([f"{pack_file}: every record in '{list_key}' needs an 'id'"])
        records[rec["id"]] = rec
    merged[list_key] = list(records.values())
    for key, value in extra.items():
        if key != list_key:
            merged[key] = value
    return merged


def describe_errors(filename: str, exc: ValidationError, raw: dict[str, Any]) -> Iterator[str]:
    """One line per error, naming the file, the record (by id) and the field."""
    for err in exc.errors():
        loc = list(err["loc"])
        where = filename
        if len(loc) >= 2 and isinstance(loc[1], int):
            try:
                rec_id = raw[str(loc[0])][loc[1]].get("id", f"#{loc[1]}")
            except (KeyError, IndexError, AttributeError, TypeError):
                rec_id = f"#{loc[1]}"
            where += f", {loc[0]} '{rec_id}'"
            loc = loc[2:]
        field = ".".join(str(p) for p in loc) or "(record)"
        yield f"{where}, field {field}: {err['msg']}"


def read_model(package: str, filename: str, model: type[M], list_key: str, pack: str | None = None) -> M:
    """A title's shipped data file (overlaid by `pack/filename` if present), validated by `model`."""
    raw: dict[str, Any] = json.loads(shipped_text(package, filename))
    where = filename
    if pack is not None:
        pack_file = Path(pack) / filename
        if pack_file.exists():
            raw = overlay(raw, pack_file, list_key)
            where = str(pack_file)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(list(describe_errors(where, exc, raw))) from None
