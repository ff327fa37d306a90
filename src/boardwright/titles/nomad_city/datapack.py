"""Nomad City's data pack: six files, each overlaid by record id (the `data_pack` hook)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from boardwright.engine.data import DataError, shipped_text
from boardwright.engine.datapack import DataHook, DataReport, read_pack_file, write_json

PACKAGE = __name__.rpartition(".")[0]

#: each data file, the key of its record list, and the loader (module:function) that checks it
FILES: dict[str, tuple[str, str]] = {
    "board.json": ("boards", "board:load_boards"),
    "characters.json": ("characters", "characters:load_characters"),
    "corporations.json": ("corporations", "corporations:load_corporations"),
    "events.json": ("events", "events:load_events"),
    "facilities.json": ("facilities", "facilities:load_facilities"),
    "styles.json": ("styles", "styles:load_styles"),
}


def export(folder: Path, force: bool) -> list[Path]:
    return [write_json(folder / name, json.loads(shipped_text(PACKAGE, name)), force)
            for name in FILES]


def validate(folder: Path) -> DataReport:
    """Check every file the pack holds, each overlaid by record id on the shipped one;
    problems of all files are reported, not only the first file's."""
    report = DataReport([], [])
    present = [name for name in FILES if (folder / name).is_file()]
    if not present:
        report.problems.append(f"{folder}: holds none of this game's data files ({', '.join(FILES)})")
        return report
    for name in present:
        list_key, loader = FILES[name]
        pack_file = folder / name
        extra = read_pack_file(pack_file, list_key, report)
        if extra is None:
            continue
        records = extra.get(list_key, [])
        module, _, fn = loader.partition(":")
        load = getattr(importlib.import_module(f".{module}", PACKAGE), fn)
        try:
            load(str(folder))
        except DataError as exc:
            report.problems.extend(exc.problems)
            continue
        except ValueError as exc:
            report.problems.append(f"{pack_file}: {exc}")
            continue
        shipped = json.loads(shipped_text(PACKAGE, name))
        shipped_ids = {r.get("id") for r in shipped[list_key]}
        pack_ids = [r.get("id") for r in records if isinstance(r, dict)]
        replaced = sum(1 for i in pack_ids if i in shipped_ids)
        merged = {r.get("id"): r for r in shipped[list_key]}
        merged |= {r.get("id"): r for r in records if isinstance(r, dict)}
        stand_ins = sum(1 for r in merged.values() if r.get("source") == "stand-in")
        report.summary.append(f"{name}: {len(merged)} {list_key} records ({replaced} replaced and "
                              f"{len(pack_ids) - replaced} added by the pack), {stand_ins} of them stand-ins")
    return report


HOOK = DataHook(tuple(FILES), export, validate)
