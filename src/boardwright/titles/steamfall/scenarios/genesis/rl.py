"""Genesis's part of the RL hooks (§17): its action ids and its observation block.

Kept apart from rl.py so the scenario's ids and fields are in one place; rl.py appends them
after every other block, so the layout of the other scenarios is unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...content import Content, journal_abilities
from ...schema import MARKS, Effect

MAX_SEATS = 4


def genesis_effects(c: Content) -> list[tuple[str, list[Effect]]]:
    """(fx source code, effects) of Genesis events (`e=ID` when one of the central district's
    extra events in solo, §18.9) and journal abilities."""
    out: list[tuple[str, list[Effect]]] = [("e", e.effects) for e in c.comp.genesis_events]
    out += [(f"e={e.id}", e.effects) for e in c.comp.genesis_events]
    for j in c.comp.journals:
        out += [(f"a={aid}", ab.effects) for aid, _scenario, ab in journal_abilities(j)]
    return out


def action_ids(c: Content, areas: range, n_districts: int) -> list[str]:
    """Chapter choices, start districts, joining a scoring event, destroying an ability; in
    solo, the abilities the AI sheets give the player (§18.4)."""
    from .ai.player import EXECUTE_COSTS

    ids = [f"chapter:{m}" for m in MARKS if m[0] in "1234"]
    ids += [f"start:{a}" for a in range(n_districts)]
    ids += [f"gnjoin:{a}" for a in range(n_districts)]
    ids += [f"gnjoin:{a}:{eid}" for a in range(n_districts) for eid in SCORING]
    for j in c.comp.journals:
        for aid, _scenario, ab in journal_abilities(j):
            for i, eff in enumerate(ab.effects):
                if eff.timing == "destroy":
                    ids += [f"gndestroy:{aid}:{i}:{g}" for g in range(len(eff.gains))]
    ids += [f"feint:{how}:{a}" for how in ("scrap", "steam") for a in areas]
    ids += ["lost:insight"] + [f"execute:{how}" for how, _n in EXECUTE_COSTS]
    ids += [f"dest:{a}" for a in range(-1, n_districts)]
    # a cube moved when the supply is empty (§5.2): to a secret location or a scoring event
    ids += [f"loc:{rv}:e={eid}" for rv in (0, 1) for eid in SCORING]
    ids += [f"cubefrom:{a}" for a in areas] + [f"cubefrom:e={eid}" for eid in SCORING]
    return ids


# ---------------------------------------------------------------- observation block
SCORING = ("steam-funnel", "ritual-site", "banquet", "incident-site")


def seat_fields() -> list[tuple[str, int]]:
    return [
        ("current chapter (one-hot over 0, 1A ... 4B, F)", len(MARKS)),
        ("objective met, story over, trapped, secret choice made", 4),
        ("progress toward the objective (0-1)", 1),
        ("chapters left in the journal / 10", 1),
        ("VP from scoring events / 6", 1),
    ]


def fields() -> list[tuple[str, int]]:
    seat = sum(n for _, n in seat_fields())
    return [
        ("Genesis scenario", 1),
        ("events set aside / 8, Peace and Quiet left / 8, permanent events on the map / 8", 3),
        ("scoring events: on the map, cubes by relative seat (4 events x 5)", len(SCORING) * (1 + MAX_SEATS)),
        ("the observer's secret chapter choice: A, B", 2),
        (f"journals ({MAX_SEATS} x {seat}), relative to the observer", MAX_SEATS * seat),
    ]


def size() -> int:
    return sum(n for _, n in fields())


def encode(view: dict[str, Any], me: int, players: int) -> np.ndarray:
    """The Genesis block of one seat's view (zeros in the other scenarios)."""
    out = np.zeros(size(), dtype=np.float32)
    gn = view.get("genesis")
    if not gn:
        return out
    out[0] = 1.0
    out[1] = len(gn["pile"]) / 8
    out[2] = gn["peace_left"] / 8
    out[3] = len(gn["permanent"]) / 8
    pos = 4
    on_map = {sc["event"]: sc for sc in gn["scoring"]}
    for k, eid in enumerate(SCORING):
        sc = on_map.get(eid)
        base = pos + k * (1 + MAX_SEATS)
        if sc is not None:
            out[base] = 1.0
            for s in sc["cubes"]:
                out[base + 1 + (s - me) % max(1, players)] = 1.0
    pos += len(SCORING) * (1 + MAX_SEATS)
    mine = gn["journals"][me] if me < len(gn["journals"]) else {}
    pick = mine.get("pick", "")
    if pick:
        out[pos + (0 if pick.endswith("A") else 1)] = 1.0
    pos += 2
    seat_size = sum(n for _, n in seat_fields())
    for p, j in enumerate(gn["journals"][:MAX_SEATS]):
        base = pos + ((p - me) % max(1, players)) * seat_size
        if j["chapter"]:
            out[base + MARKS.index(j["chapter"])] = 1.0
        o = base + len(MARKS)
        out[o : o + 4] = (j["done"], j["story"] == "over", j["trapped"] >= 0, j["chosen"])
        out[o + 4] = j["share"]
        out[o + 5] = j["deck_size"] / 10
        out[o + 6] = (gn["event_vp"][p] if p < len(gn["event_vp"]) else 0) / 6
    return out
