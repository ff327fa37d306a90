"""Martians' data pack (the `data_pack` hook): its fourteen files, each overlaid on the
shipped one by record id, exported as shipped and validated file by file so that every
file's problems are reported, not only the first file's."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from boardwright.engine.data import DataError, shipped_text
from boardwright.engine.datapack import DataHook, DataReport, read_pack_file, write_json

from . import content as ct

PACKAGE = ct.PACKAGE

#: each data file, the key of the record list a pack overlays by id, and its schema
FILES: dict[str, tuple[str, type[BaseModel]]] = {
    "board.json": ("buildings", ct.BoardFile),
    "excavation.json": ("tokens", ct.ExcavationFile),
    "experts.json": ("experts", ct.ExpertFile),
    "assistants.json": ("assistants", ct.AssistantFile),
    "regolith.json": ("cards", ct.RegolithFile),
    "weather.json": ("cards", ct.WeatherFile),
    "events.json": ("events", ct.EventFile),
    "research.json": ("tiles", ct.ResearchFile),
    "crops.json": ("crops", ct.CropFile),
    "technologies.json": ("technologies", ct.TechnologyFile),
    "commissions.json": ("commissions", ct.CommissionFile),
    "scenarios.json": ("scenarios", ct.ScenarioFile),
    "goals.json": ("goals", ct.GoalFile),
    "setup.json": ("tables", ct.SetupFile),
}


def export(folder: Path, force: bool) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [write_json(folder / name, json.loads(shipped_text(PACKAGE, name)), force) for name in FILES]


def validate(folder: Path) -> DataReport:
    report = DataReport([], [])
    present = [name for name in FILES if (folder / name).is_file()]
    if not present:
        report.problems.append(f"{folder}: holds none of this game's data files ({', '.join(FILES)})")
        return report
    unknown = sorted(p.name for p in folder.glob("*.json") if p.name not in FILES)
    if unknown:
        report.notes.append(f"ignored (not a Martians data file): {', '.join(unknown)}")
    for name in present:
        list_key, model = FILES[name]
        pack_file = folder / name
        extra = read_pack_file(pack_file, list_key, report)
        if extra is None:
            continue
        try:
            ct.read(name, model, list_key, str(folder))
        except DataError as exc:
            report.problems.extend(exc.problems)
            continue
        except ValueError as exc:
            report.problems.append(f"{pack_file}: {exc}")
            continue
        shipped = json.loads(shipped_text(PACKAGE, name))
        shipped_ids = {r.get("id") for r in shipped[list_key]}
        records = [r for r in extra.get(list_key, []) if isinstance(r, dict)]
        replaced = sum(1 for r in records if r.get("id") in shipped_ids)
        merged = {r.get("id"): r for r in shipped[list_key]} | {r.get("id"): r for r in records}
        stand_ins = sum(1 for r in merged.values() if r.get("source") == "stand-in")
        report.summary.append(f"{name}: {len(merged)} {list_key} records ({replaced} replaced and "
                              f"{len(records) - replaced} added by the pack), {stand_ins} of them stand-ins")
    if not report.problems:
        try:  # the files together: what a game with this pack would load
            ct.load.__wrapped__(str(folder))
        except DataError as exc:
            report.problems.extend(exc.problems)
    return report


HOOK = DataHook(tuple(FILES), export, validate)
