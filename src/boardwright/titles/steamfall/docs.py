"""Steamfall's generated docs (the `docs` hook): docs/games/steamfall/stand-ins.md, every
record of the shipped data with its source, the fields the project designed and the note,
plus a count per file. `scripts/gen_docs.py` writes it (or checks it with --check);
tests/test_docs.py fails when it drifts from the data.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .content import FILES, load

STAND_INS = "docs/games/steamfall/stand-ins.md"
RL = "docs/games/steamfall/rl.md"

HEAD = """# Crisis at Steamfall — component provenance

Generated from `src/boardwright/titles/steamfall/data/` by `scripts/gen_docs.py` (the
title's `docs` hook): do not edit by hand. Every record with its source. Stand-ins are
designed by the project where the rulebook prints nothing (../../../../shared/design/data-packs.md
policy); a data pack may replace them by id (`boardwright data export steamfall DIR`,
`boardwright data validate DIR`). Balance adjustments are recorded in each record's note.
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def stand_ins() -> str:
    comp = load().comp
    lines = [HEAD, "| file | records | rulebook | stand-in |", "| --- | --- | --- | --- |"]
    rows = ["", "| file | record | source | designed fields | note |", "| --- | --- | --- | --- | --- |"]
    for name in FILES:
        records = getattr(comp, name)
        by = Counter(str(r.source) for r in records)
        lines.append(f"| {name} | {len(records)} | {by.get('rulebook', 0)} | {by.get('stand-in', 0)} |")
        for r in records:
            fields = ", ".join(r.stand_in_fields)
            rows.append(f"| {name} | {r.id} | {r.source} | {fields} | {_cell(r.note)} |")
    return "\n".join(lines + rows) + "\n"


def rl_page() -> str:
    from . import rl

    return (
        "# Crisis at Steamfall — RL interface\n\n"
        "Generated from `src/boardwright/titles/steamfall/rl.py` by `scripts/gen_docs.py`: do not edit.\n\n"
        "Actions (hook `rl_actions`): a fixed universe per player count, built from the shipped\n"
        "data alone (every id any decision can offer, whatever the options): "
        + ", ".join(f"{p} players {len(rl.action_universe(p, {}))} ids" for p in (1, 2, 3, 4))
        + ".\n\n"
        "Observations (hook `rl_observation`): `encode_view(view)` is a float32 vector of\n"
        f"`OBSERVATION_SIZE` = {rl.OBSERVATION_SIZE}. Seats are relative to the observer (slot 0\n"
        "is the observing seat, then the following seats in seat order); areas are in the\n"
        "map's area order (districts, then secret-location slots). Counts are scaled as named.\n\n"
        + rl.field_map()
    )


def generate(root: Path) -> dict[str, str]:
    """The generated pages by repository-relative path."""
    return {STAND_INS: stand_ins(), RL: rl_page()}
