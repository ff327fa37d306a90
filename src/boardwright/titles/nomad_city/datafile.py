"""Reading one of Nomad City's data files, with an optional data pack overlaid by id."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from boardwright.engine.data import DataError, describe_errors, overlay, shipped_text

M = TypeVar("M", bound=BaseModel)
PACKAGE = "boardwright.titles.nomad_city"


def read(filename: str, model: type[M], list_key: str, pack: str | None = None) -> M:
    """Validate the shipped file (overlaid by `pack/filename` if present) against `model`."""
    raw: dict[str, Any] = json.loads(shipped_text(PACKAGE, filename))
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
