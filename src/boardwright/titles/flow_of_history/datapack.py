"""The Flow of History's data pack: one file, cards.json (the `data_pack` hook)."""

from __future__ import annotations

from pathlib import Path

from boardwright.engine.data import DataError, overlay
from boardwright.engine.datapack import DataHook, DataReport, read_pack_file, write_json

from .cards import build, parse_card_file, raw_shipped

FILES = ("cards.json",)


def export(folder: Path, force: bool) -> list[Path]:
    return [write_json(folder / "cards.json", raw_shipped(), force)]


def validate(folder: Path) -> DataReport:
    pack_file = folder / "cards.json"
    report = DataReport([], [])
    if not pack_file.is_file():
        report.problems.append(f"{pack_file}: missing (this game's data files: cards.json)")
        return report
    extra = read_pack_file(pack_file, "cards", report)
    if extra is None:
        return report
    base = raw_shipped()
    shipped_ids = {c["id"] for c in base["cards"]}
    try:
        merged = overlay(base, pack_file, "cards")
        cards = build(parse_card_file(merged, str(pack_file)))
    except DataError as exc:
        report.problems.extend(exc.problems)
        return report
    pack_ids = [r["id"] for r in extra.get("cards", [])]
    replaced = sum(1 for i in pack_ids if i in shipped_ids)
    stand_ins = [c for c in cards.cards if c.record.source == "stand-in"]
    report.summary.append(
        f"{len(cards.cards)} card records ({replaced} replaced and {len(pack_ids) - replaced} added "
        f"by the pack), {len(stand_ins)} of them stand-ins; {len(cards.file.card_types)} card types "
        f"({sum(1 for t in cards.file.card_types if t.source == 'stand-in')} stand-ins)")
    return report


HOOK = DataHook(FILES, export, validate)
