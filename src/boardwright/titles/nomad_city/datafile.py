"""Reading one of Nomad City's data files, with an optional data pack overlaid by id."""

from __future__ import annotations

from boardwright.engine.data import M, read_model

PACKAGE = "boardwright.titles.nomad_city"


def read(filename: str, model: type[M], list_key: str, pack: str | None = None) -> M:
    """Validate the shipped file (overlaid by `pack/filename` if present) against `model`."""
    return read_model(PACKAGE, filename, model, list_key, pack)

