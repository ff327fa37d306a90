"""Steamfall's board data for the browser board (`web/board.js`): the `board_data` hook.

The map itself is in every view (cells, pathways, secret-location slots), so this is the
public component data the board names and explains things with: districts, characters
(their token gains, column capacities and mood tracks), items, civilians, secret
locations, events, complications, abilities, ruins, ciphers and tablets, each with its
text from the glossary (generated from the effect grammar), and the Incredible Invention
card of this player count and difficulty. Nothing here depends on a game in progress, so
nothing is hidden: a location's name and text are public, where it lies is not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import load
from .glossary import bundle, entries, trigger
from .rounds import BOXES
from .scenarios import DEFAULT, get

SHORT = {
    "movement": "mov",
    "manipulate": "man",
    "engineering": "eng",
    "special": "spc",
    "charm": "chm",
    "violence": "vio",
    "scrap": "scr",
    "steam": "stm",
    "insight": "ins",
    "vp": "VP",
    "stamina": "sta",
}


def _short(terms: Any) -> str:
    return " ".join(f"{t.n}{SHORT.get(t.what, t.what)}" for t in terms)


def board_data(players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    options = dict(options or {})
    c = load()
    text = entries(players, options)

    def named(rows: Any, **extra: Any) -> dict[str, Any]:
        return {r.id: {"name": text[r.id][0], "text": text[r.id][1], **extra} for r in rows}

    out: dict[str, Any] = {
        "boxes": list(BOXES),
        "districts": {
            d.id: {"name": d.name, "type": d.type, "text": text[d.id][1]} for d in c.comp.districts
        },
        "characters": {},
        "items": {},
        "civilians": {},
        "locations": named(c.comp.locations),
        "events": named(c.comp.events),
        "complications": named(c.comp.complications),
        "abilities": named(c.comp.abilities),
        "ruins": named(c.comp.ruins),
        "tablets": {t.id: {"ciphers": list(t.ciphers)} for t in c.comp.tablets},
        "ciphers": {
            ci.color: {"action": ci.action, "actions": ci.actions, "insight": ci.insight}
            for ci in c.comp.ciphers
        },
    }
    for ch in c.comp.characters:
        out["characters"][ch.id] = {
            "name": ch.name,
            "text": text[ch.id][1],
            "tokens": {t.id: {"short": _short(t.gains), "label": bundle(t.gains)} for t in ch.tokens},
            "capacity": [col.capacity for col in ch.columns],
            "mood_min": ch.mood_min,
            "mood_max": ch.mood_max,
            "groups": [
                {"between": list(g.between), "short": _short(g.gains), "label": bundle(g.gains)}
                for g in ch.mood_groups
            ],
        }
    for it in c.comp.items:
        out["items"][it.id] = {
            "name": it.name,
            "kind": it.kind,
            "deck": it.deck,
            "keywords": list(it.keywords),
            "gauge": it.gauge,
            "green": it.green,
            "cost": " or ".join(_short(b) or "free" for b in it.cost) if it.cost else "free",
            "text": text[it.id][1],
        }
    for v in c.comp.civilians:
        out["civilians"][v.id] = {
            "name": v.name,
            "keyword": v.keyword,
            "quest": f"{trigger(v.quest.trigger)} ×{v.quest.n} → {bundle(v.quest.reward)}",
            "steps": v.quest.n,
            "text": text[v.id][1],
        }
    get(options.get("scenario", DEFAULT)).board_data(c, text, players, options, out)
    return out
