"""`boardwright data validate|export`: data packs, through each game's data hook."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from ..engine.data import DataError, overlay
from .common import GameArg, failure, game_spec, out_console, usage


@dataclass
class DataReport:
    problems: list[str]
    summary: list[str]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class DataHook:
    """How one game exports and validates its data files."""

    files: tuple[str, ...]
    export: Callable[[Path, bool], list[Path]]
    validate: Callable[[Path], DataReport]


def _write_json(path: Path, data: Any, force: bool) -> Path:
    if path.exists() and not force:
        failure(f"{path} already exists (use --force to overwrite it)")
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _flow_export(folder: Path, force: bool) -> list[Path]:
    from ..titles.flow_of_history.cards import raw_shipped

    return [_write_json(folder / "cards.json", raw_shipped(), force)]


def _flow_validate(folder: Path) -> DataReport:
    from ..titles.flow_of_history.cards import build, parse_card_file, raw_shipped

    pack_file = folder / "cards.json"
    report = DataReport([], [])
    if not pack_file.is_file():
        report.problems.append(f"{pack_file}: missing (this game's data files: cards.json)")
        return report
    try:
        extra = json.loads(pack_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        report.problems.append(f"{pack_file}: cannot be read: {exc}")
        return report
    except json.JSONDecodeError as exc:
        report.problems.append(f"{pack_file}: not valid JSON: {exc}")
        return report
    if not isinstance(extra, dict):
        report.problems.append(f"{pack_file}: the file must hold a JSON object with a 'cards' list")
        return report
    if not isinstance(extra.get("cards", []), list):
        report.problems.append(f"{pack_file}, field cards: must be a list of card records")
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


# Nomad City: each data file, the key of its record list, and the loader that checks it
_NOMAD_FILES: dict[str, tuple[str, str]] = {
    "board.json": ("boards", "board:load_boards"),
    "characters.json": ("characters", "characters:load_characters"),
    "corporations.json": ("corporations", "corporations:load_corporations"),
    "events.json": ("events", "events:load_events"),
    "facilities.json": ("facilities", "facilities:load_facilities"),
    "styles.json": ("styles", "styles:load_styles"),
}


def _nomad_export(folder: Path, force: bool) -> list[Path]:
    from ..engine.data import shipped_text

    return [_write_json(folder / name, json.loads(shipped_text("boardwright.titles.nomad_city", name)), force)
            for name in _NOMAD_FILES]


def _nomad_validate(folder: Path) -> DataReport:
    """Check every Nomad City file the pack holds, each overlaid by record id on the shipped
    one; problems of all files are reported, not only the first file's."""
    import importlib

    from ..engine.data import shipped_text

    report = DataReport([], [])
    present = [name for name in _NOMAD_FILES if (folder / name).is_file()]
    if not present:
        report.problems.append(f"{folder}: holds none of this game's data files ({', '.join(_NOMAD_FILES)})")
        return report
    for name in present:
        list_key, loader = _NOMAD_FILES[name]
        pack_file = folder / name
        try:
            extra = json.loads(pack_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            report.problems.append(f"{pack_file}: cannot be read: {exc}")
            continue
        except json.JSONDecodeError as exc:
            report.problems.append(f"{pack_file}: not valid JSON: {exc}")
            continue
        if not isinstance(extra, dict):
            report.problems.append(f"{pack_file}: the file must hold a JSON object with a '{list_key}' list")
            continue
        records = extra.get(list_key, [])
        if not isinstance(records, list):
            report.problems.append(f"{pack_file}, field {list_key}: must be a list of records")
            continue
        module, _, fn = loader.partition(":")
        load = getattr(importlib.import_module(f"..titles.nomad_city.{module}", __package__), fn)
        try:
            load(str(folder))
        except DataError as exc:
            report.problems.extend(exc.problems)
            continue
        except ValueError as exc:
            report.problems.append(f"{pack_file}: {exc}")
            continue
        shipped = json.loads(shipped_text("boardwright.titles.nomad_city", name))
        shipped_ids = {r.get("id") for r in shipped[list_key]}
        pack_ids = [r.get("id") for r in records if isinstance(r, dict)]
        replaced = sum(1 for i in pack_ids if i in shipped_ids)
        merged = {r.get("id"): r for r in shipped[list_key]}
        merged |= {r.get("id"): r for r in records if isinstance(r, dict)}
        stand_ins = sum(1 for r in merged.values() if r.get("source") == "stand-in")
        report.summary.append(f"{name}: {len(merged)} {list_key} records ({replaced} replaced and "
                              f"{len(pack_ids) - replaced} added by the pack), {stand_ins} of them stand-ins")
    return report


DATA_HOOKS: dict[str, DataHook] = {
    "flow-of-history": DataHook(("cards.json",), _flow_export, _flow_validate),
    "nomad-city": DataHook(tuple(_NOMAD_FILES), _nomad_export, _nomad_validate),
}


def _hook(game_id: str) -> DataHook:
    game_spec(game_id)
    hook = DATA_HOOKS.get(game_id)
    if hook is None:
        usage(f"{game_id} has no data files to export or validate")
    return hook


def data_validate(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="the data pack folder")],
    game_id: Annotated[str, typer.Option("--game", help="the game the pack is for")] = "flow-of-history",
) -> None:
    """Check a data pack (overlaid on the shipped data); every problem names file, record and field."""
    hook = _hook(game_id)
    if not folder.is_dir():
        usage(f"no such folder: {folder}")
    console = out_console()
    report = hook.validate(folder)
    known = set(hook.files)
    for extra in sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in known):
        console.print(f"[yellow]note:[/] {escape(extra)} is not a data file of {game_id}; ignored")
    if report.problems:
        for problem in report.problems:
            console.print(f"[red]problem:[/] {escape(problem)}", soft_wrap=True)
        console.print(f"{len(report.problems)} problem(s) in {escape(str(folder))}")
        raise typer.Exit(1)
    for line in report.summary:
        console.print(escape(line), soft_wrap=True)
    console.print(f"[green]OK:[/] {escape(str(folder))} is a valid data pack for {game_id}")


def data_export(
    game_id: GameArg,
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="where to write the files")],
    force: Annotated[bool, typer.Option(help="overwrite existing files")] = False,
) -> None:
    """Write the game's shipped data files into DIR, as a pack to edit."""
    hook = _hook(game_id)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = hook.export(folder, force)
    except OSError as exc:
        failure(f"could not write to {folder}: {exc}")
    console = out_console()
    for path in written:
        console.print(f"wrote {escape(str(path))}")

