"""The Crisis block of Steamfall's RL observation (§16): one fixed-size block at the end of
the vector, all zeros in the other scenarios. Seats are relative to the observer, as in the
rest of the observation; areas are in the map's area order (districts, then secret-location
slots). Civilians per area are in the area blocks' token counts; Mechanized per area here.

Only what the view shows is encoded: the crisis and encounter decks' orders are hidden, so
only their sizes appear; the cards drawn in an encounter are open to everyone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from ...content import Content, load

MAX_SEATS = 4
MAX_AREAS = 21  # 4 players: 9 districts and 12 secret-location slots
MAX_DISTRICTS = 9
BOXES = 3
DIFFICULTIES = ("easy", "normal", "hard", "crushing")


@cache
def _ids() -> tuple[tuple[str, ...], tuple[str, ...]]:
    c = load()
    return tuple(x.id for x in c.comp.crises), tuple(x.id for x in c.comp.encounters)


def district_fields() -> list[tuple[str, int]]:
    """One block per district: the crisis card on it, if any."""
    crises, _ = _ids()
    return [
        ("crisis card here (one-hot)", len(crises)),
        ("boxes: counting this round (3)", BOXES),
        ("boxes: optional (3)", BOXES),
        ("boxes: covered (3)", BOXES),
        ("boxes: chaos / 3 (3)", BOXES),
        ("boxes: need the Core Shard's holder here (3)", BOXES),
    ]


def fields() -> list[tuple[str, int]]:
    """The Crisis block's parts in order: (name, size)."""
    _, encs = _ids()
    per = sum(n for _, n in district_fields())
    return [
        ("scenario is Crisis", 1),
        ("difficulty (easy, normal, hard, crushing)", len(DIFFICULTIES)),
        ("optional boxes count this round", 1),
        ("serenity / 20", 1),
        ("pylon standing, per district", MAX_DISTRICTS),
        ("Mechanized per area / 5", MAX_AREAS),
        ("support stamina token, per area", MAX_AREAS),
        ("a support token was spent this turn", 1),
        ("Core Shard holder (relative seat)", MAX_SEATS),
        ("Core Shard power / gauge, power needed to destroy / gauge", 2),
        ("crisis deck / 18, crisis cards used / 18", 2),
        (f"crisis cards per district ({MAX_DISTRICTS} x {per})", MAX_DISTRICTS * per),
        ("encounter in progress", 1),
        ("encounter: whose (relative seat)", MAX_SEATS),
        ("encounter: with a civilian, with a Mechanized", 2),
        ("encounter: successes / 4", 1),
        ("encounter: cards drawn (one-hot)", len(encs)),
        ("encounter: cards already used (one-hot)", len(encs)),
        ("encounter: support cards held (one-hot)", len(encs)),
        ("encounter deck / 25, encounter discard pile / 25", 2),
    ]


def size() -> int:
    return sum(n for _, n in fields())


def encode(view: dict[str, Any], me: int, players: int) -> np.ndarray:
    """The Crisis block of one seat's view (zeros outside the Crisis scenario)."""
    out = np.zeros(size(), dtype=np.float32)
    cr = view.get("crisis")
    if not cr:
        return out
    crises, encs = _ids()
    cix = {x: i for i, x in enumerate(crises)}
    eix = {x: i for i, x in enumerate(encs)}

    def rel(seat: int) -> int:
        return (seat - me) % max(1, players)

    parts = iter(fields())
    pos = 0

    def step() -> int:
        nonlocal pos
        start = pos
        pos += next(parts)[1]
        return start

    out[step()] = 1.0
    o = step()
    if cr["difficulty"] in DIFFICULTIES:
        out[o + DIFFICULTIES.index(cr["difficulty"])] = 1.0
    out[step()] = 1.0 if cr["optional_active"] else 0.0
    out[step()] = cr["serenity"] / 20
    o = step()
    for a in cr["pylons"]:
        if a < MAX_DISTRICTS:
            out[o + a] = 1.0
    o = step()
    for a in view.get("areas", [])[:MAX_AREAS]:
        out[o + a["id"]] = a.get("tokens", {}).get("mechanized", 0) / 5
    o = step()
    for a in cr["support"]:
        if a < MAX_AREAS:
            out[o + a] = 1.0
    out[step()] = 1.0 if cr["support_spent"] else 0.0
    shard = cr["shard"]
    out[step() + rel(int(shard["holder"]))] = 1.0
    o = step()
    gauge = max(1, int(shard["gauge"]))
    out[o], out[o + 1] = shard["power"] / gauge, shard["destroy"] / gauge
    o = step()
    out[o], out[o + 1] = cr["crisis_deck"] / 18, len(cr["crisis_out"]) / 18
    o = step()
    per = sum(n for _, n in district_fields())
    for card in cr["cards"]:
        if card["area"] >= MAX_DISTRICTS:
            continue
        base = o + card["area"] * per
        out[base + cix[card["id"]]] = 1.0
        base += len(crises)
        for b, box in enumerate(card["boxes"][:BOXES]):
            out[base + b] = 1.0 if box["counts"] else 0.0
            out[base + BOXES + b] = 1.0 if box["optional"] else 0.0
            out[base + 2 * BOXES + b] = 1.0 if box["done_by"] >= 0 else 0.0
            out[base + 3 * BOXES + b] = box["chaos"] / 3
            out[base + 4 * BOXES + b] = 1.0 if box["shard"] else 0.0
    now = cr.get("encounter")
    o = step()
    if now is not None:
        out[o] = 1.0
    o = step()
    if now is not None:
        out[o + rel(int(now["p"]))] = 1.0
    o = step()
    if now is not None:
        out[o + (0 if now["kind"] == "civilian" else 1)] = 1.0
    o = step()
    if now is not None:
        out[o] = now["succ"] / 4
    for key in ("cards", "used", "sup"):
        o = step()
        if now is None:
            continue
        ids = [now["cards"][i] for i in now["used"]] if key == "used" else now[key]
        for cid in ids:
            out[o + eix[cid]] = 1.0
    o = step()
    out[o], out[o + 1] = cr["encounter_deck"] / 25, len(cr["encounter_discard"]) / 25
    return out


def action_ids(c: Content, players: int, areas: range) -> list[str]:
    """The Crisis scenario's ids (§16): the Core Shard, challenges, support, encounters, the
    reward split, moving tokens and the resolution phase's choices."""
    from ...rl import _card_ways
    from ...schema import Effect

    ids: list[str] = []
    if c.shard is not None:
        ids += [f"shard:charge:{k}" for k in range(len(c.shard.charge))] + ["shard:destroy"]
    for cc in c.comp.crises:
        for b, ch in enumerate(cc.boxes):
            for alt, bundle in enumerate(ch.costs):
                eff = Effect(text="", costs=[bundle])
                ids += [f"crisis:{b}:{alt}:{cards}" for cards in _card_ways(c, eff)]
    ids += ["support:charm", "support:violence", "enc:civilian", "enc:mechanized", "enc:more"]
    most = 1 + max(1, *(len(h.options) for e in c.comp.encounters for h in (e.civilian, e.mechanized)))
    sup = max([len(e.support) for e in c.comp.encounters] + [1])
    held = len(c.comp.encounters)  # at most the whole encounter deck in one encounter
    ids += [f"enc:opt:{i}:{k}" for i in range(held) for k in range(most)]
    ids += ["enc:support"] + [f"enc:sup:{i}:{k}" for i in range(held) for k in range(sup)]
    ids += ["enc:win", "enc:end"]
    ids += [f"split:{k}" for k in range(max(players, 2))]
    ids += [f"shift:{a}" for a in areas] + ["shift:none"]
    ids += [f"mech:{a}" for a in areas] + [f"mechto:{a}" for a in areas]
    return ids
