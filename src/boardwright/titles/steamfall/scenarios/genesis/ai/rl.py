"""Genesis solo's part of the RL observation (§18): the AI opponent's public state.

The AI is part of the rules, not a seat (§18.1), so the seat blocks do not hold it: this
block carries its sheet, standee, pool, cubes, clue tokens, removed areas, the central
district's extra events, its Journal-phase line and its d20 rolls. Everything here is public
(the view shows it to the player); zeros outside solo Genesis.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rl import SCORING
from .sheets import CUBES, POOL

#: the sheets' one-hot order (the data's order, checked by a test)
SHEETS = ("jb", "marcus", "possessed", "luis", "alice", "lucius", "stefan")
#: the pool's scale, in POOL order (vp, steam, insight, scrap, workshop, stamina, civilian)
POOL_SCALE = (20, 10, 20, 10, 10, 10, 10)
ROUNDS = 4


def fields(max_areas: int) -> list[tuple[str, int]]:
    pool = ", ".join(f"{k} / {n}" for k, n in zip(POOL, POOL_SCALE, strict=True))
    return [
        ("solo Genesis against an AI opponent", 1),
        (f"AI sheet (one-hot: {', '.join(SHEETS)})", len(SHEETS)),
        ("AI standee's area (one-hot)", max_areas),
        (f"AI pool: {pool}", len(POOL)),
        (f"AI cubes left / {CUBES}", 1),
        ("AI cubes per area (secret locations; districts on Alice's sheet) / 2", max_areas),
        ("AI cube on each scoring event (steam-funnel, ritual-site, banquet, incident-site)", len(SCORING)),
        ("clue tokens per area / 5", max_areas),
        ("areas removed from play", max_areas),
        ("extra events in the central district / 8", 1),
        ("AI Journal-phase line run (round 1-4, one-hot)", ROUNDS),
        ("d20: last roll / 20, rolls so far / 8", 2),
    ]


def size(max_areas: int) -> int:
    return sum(n for _, n in fields(max_areas))


def encode(view: dict[str, Any], max_areas: int) -> np.ndarray:
    """The AI block of a view (zeros without an AI opponent)."""
    out = np.zeros(size(max_areas), dtype=np.float32)
    ai = view.get("ai")
    if not ai:
        return out
    out[0] = 1.0
    pos = 1
    out[pos + SHEETS.index(ai["character"])] = 1.0
    pos += len(SHEETS)
    if 0 <= ai["at"] < max_areas:
        out[pos + ai["at"]] = 1.0
    pos += max_areas
    for i, (k, n) in enumerate(zip(POOL, POOL_SCALE, strict=True)):
        out[pos + i] = ai["pool"].get(k, 0) / n
    pos += len(POOL)
    out[pos] = ai["cubes_left"] / CUBES
    pos += 1
    for a in [*ai["locations"], *ai["districts"]]:
        if 0 <= a < max_areas:
            out[pos + a] += 0.5
    pos += max_areas
    for e, eid in enumerate(SCORING):
        out[pos + e] = 1.0 if eid in ai["events"] else 0.0
    pos += len(SCORING)
    for a, n in ai["clues"].items():
        if 0 <= int(a) < max_areas:
            out[pos + int(a)] = n / 5
    pos += max_areas
    for a in ai["gone"]:
        if 0 <= a < max_areas:
            out[pos + a] = 1.0
    pos += max_areas
    out[pos] = (len(ai["central_events"]) + len(ai.get("beside_events", []))) / 8
    pos += 1
    line = int(ai.get("journal_round", 0))
    if 1 <= line <= ROUNDS:
        out[pos + line - 1] = 1.0
    pos += ROUNDS
    rolls = ai["rolls"]
    out[pos] = rolls[-1]["d20"] / 20 if rolls else 0.0
    out[pos + 1] = len(rolls) / 8
    return out
