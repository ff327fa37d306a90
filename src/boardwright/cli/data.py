"""`boardwright data validate|export`: data packs, through each game's `data_pack` hook."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ..engine import GameSpec, game, games
from ..engine.datapack import DataHook, DataReport
from .common import GameArg, failure, game_spec, out_console, usage

__all__ = ["DataHook", "DataReport", "data_export", "data_hook", "data_validate"]


def data_hook(spec: GameSpec) -> DataHook:
    """The game's `data_pack` hook, or bad usage saying it has none."""
    hook = spec.hook("data_pack")
    if hook is None:
        usage(f"{spec.id} ({spec.title}) has no data pack: it declares no 'data_pack' hook, "
              "so it has no data files to export or validate")
    return hook  # type: ignore[no-any-return]


def _infer(folder: Path) -> tuple[GameSpec, DataHook]:
    """The one game whose data files the folder holds, or bad usage asking for --game."""
    names = {p.name for p in folder.iterdir() if p.is_file()}
    known: list[str] = []
    hooks: list[tuple[GameSpec, DataHook]] = []
    for game_id in games():
        spec = game(game_id)
        hook = spec.hook("data_pack")
        if hook is not None:
            known.append(f"{game_id}: {', '.join(hook.files)}")
            hooks.append((spec, hook))
    # the folder's data files (names some game uses) must all be one game's files;
    # games share some names (events.json), so a partial overlap alone says nothing
    data_names = {n for n in names if any(n in h.files for _, h in hooks)}
    owners = [(spec, hook) for spec, hook in hooks if data_names and data_names <= set(hook.files)]
    if len(owners) == 1:
        return owners[0]
    touched = [spec.id for spec, hook in hooks if data_names & set(hook.files)]
    if touched:
        usage(f"{folder} holds data files of several games ({', '.join(touched)}); "
              "name one with --game")
    usage(f"cannot tell which game {folder} is for: it holds no game's data files "
          f"({'; '.join(known) or 'no game has a data pack'}); name it with --game")


def data_validate(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="the data pack folder")],
    game_id: Annotated[str | None, typer.Option(
        "--game", help="the game the pack is for (default: the one whose data files DIR holds)")] = None,
) -> None:
    """Check a data pack (overlaid on the shipped data); every problem names file, record and field."""
    if game_id is not None:
        spec = game_spec(game_id)
        hook = data_hook(spec)
    if not folder.is_dir():
        usage(f"no such folder: {folder}")
    if game_id is None:
        spec, hook = _infer(folder)
    console = out_console()
    report = hook.validate(folder)
    known = set(hook.files)
    for extra in sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in known):
        console.print(f"[yellow]note:[/] {escape(extra)} is not a data file of {spec.id}; ignored")
    for note in report.notes:
        console.print(f"[yellow]note:[/] {escape(note)}", soft_wrap=True)
    if report.problems:
        for problem in report.problems:
            console.print(f"[red]problem:[/] {escape(problem)}", soft_wrap=True)
        console.print(f"{len(report.problems)} problem(s) in {escape(str(folder))}")
        raise typer.Exit(1)
    for line in report.summary:
        console.print(escape(line), soft_wrap=True)
    console.print(f"[green]OK:[/] {escape(str(folder))} is a valid data pack for {spec.id}")


def data_export(
    game_id: GameArg,
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="where to write the files")],
    force: Annotated[bool, typer.Option(help="overwrite existing files")] = False,
) -> None:
    """Write the game's shipped data files into DIR, as a pack to edit."""
    hook = data_hook(game_spec(game_id))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = hook.export(folder, force)
    except FileExistsError as exc:
        failure(str(exc))
    except OSError as exc:
        failure(f"could not write to {folder}: {exc}")
    console = out_console()
    for path in written:
        console.print(f"wrote {escape(str(path))}")
