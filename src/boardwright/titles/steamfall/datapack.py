"""Steamfall's data pack (the `data_pack` hook): thirteen files, each overlaid by record id
on the shipped one and validated together (schema and the cross-file checks of content.py)."""

from __future__ import annotations

import json
from pathlib import Path

from boardwright.engine.data import DataError, shipped_text
from boardwright.engine.datapack import DataHook, DataReport, read_pack_file, write_json

from .content import FILES as NAMES
from .content import PACKAGE, load

FILES = tuple(f"{n}.json" for n in NAMES)


def export(folder: Path, force: bool) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [write_json(folder / name, json.loads(shipped_text(PACKAGE, name)), force) for name in FILES]


def validate(folder: Path) -> DataReport:
    """Every problem of every file the pack holds (file, record and field), then a summary."""
    report = DataReport([], [])
    present = [name for name in FILES if (folder / name).is_file()]
    if not present:
        report.problems.append(f"{folder}: holds none of this game's data files ({', '.join(FILES)})")
        return report
    packs: dict[str, list[object]] = {}
    for name in present:
        key = name.removesuffix(".json")
        data = read_pack_file(folder / name, key, report)
        if data is not None:
            packs[name] = list(data.get(key, []))
    if report.problems:
        return report
    try:
        load.__wrapped__(str(folder))  # uncached: a pack edited between two checks is re-read
    except DataError as exc:
        report.problems.extend(exc.problems)
        return report
    for name, records in packs.items():
        key = name.removesuffix(".json")
        shipped = json.loads(shipped_text(PACKAGE, name))[key]
        shipped_ids = {r.get("id") for r in shipped}
        pack_ids = [r.get("id") for r in records if isinstance(r, dict)]
        replaced = sum(1 for i in pack_ids if i in shipped_ids)
        merged = {r.get("id"): r for r in shipped}
        merged |= {r.get("id"): r for r in records if isinstance(r, dict)}
        stand = sum(1 for r in merged.values() if r.get("source") == "stand-in")
        report.summary.append(
            f"{name}: {len(merged)} {key} records ({replaced} replaced and {len(pack_ids) - replaced} "
            f"added by the pack), {stand} of them stand-ins"
        )
    return report


HOOK = DataHook(FILES, export, validate)
