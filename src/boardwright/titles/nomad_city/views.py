"""What each seat may see (§1): hands and face-down characters are private, deck orders
are nobody's; everything else is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .build import cell_id
from .explore import red_zone_open
from .scoring import region_strength

if TYPE_CHECKING:
    from .state import NomadState


def _facility(s: NomadState, card: str) -> dict[str, Any]:
    rec = s.content.facilities.of(card)
    return {"card": card, "name": rec.name, "colour": rec.colour, "points": rec.points,
            "resource_cost": dict(rec.resource_cost), "gold_cost": rec.gold_cost,
            "unique": rec.unique}


def view(s: NomadState, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(s.players):
        entry: dict[str, Any] = {
            "seat": p,
            "city": s.city[p],
            "gold": s.gold[p],
            "pure_originium": s.pure[p],
            "points": s.points[p],
            "resources": dict(zip(("orirock", "shard", "oriron"), s.res[p], strict=True)),
            "markers_in_supply": s.supply[p],
            "city_board": {cell_id(s, i): c for i, c in enumerate(s.grid[p]) if c},
            "used_for_styles": sorted(cell_id(s, i) for i in s.used[p]),
            "hand_size": len(s.hand[p]),
            "discard": list(s.discard[p]),
            "has_face_down": bool(s.facedown[p]),
            "character_revealed": s.facedown[p] if s.revealed[p] else None,
            "end_of_round_effects": list(s.end_effects[p]),
        }
        if s.corps or s.corp_stack:
            entry["starting_corporations"] = list(s.starting[p])
            entry["returned_to_box"] = list(s.box[p])
            entry["returned_unseen"] = len(s.boxed[p])
            entry["in_play"] = {c: _copy(e) for c, e in sorted(s.persist[p].items())}
        if p == seat:
            entry["hand"] = sorted(s.hand[p])
            entry["face_down"] = s.facedown[p] or None
            if s.corps or s.corp_stack:
                entry["returned_unseen_cards"] = sorted(s.boxed[p])
                entry["corporations_put_back"] = sorted(s.corp_seen[p])
        players.append(entry)
    return {
        "round": s.round,
        "first_player": s.first,
        "red_zone_open": red_zone_open(s),
        "influence": {loc: list(o) for loc, o in sorted(s.influence.items())},
        "resource_markers": {site: {"event": e, **s.content.events[e].marker.model_dump()}
                             for site, e in sorted(s.explored.items())},
        "event_decks": {colour: len(deck) for colour, deck in s.event_decks.items()},
        "event_box": sorted(s.event_box),
        "facility_market": [_facility(s, c) for c in s.market],
        "facility_deck": len(s.fac_deck),
        "facility_deck_known_bottom": sorted(s.fac_deck[:min(s.fac_known, len(s.fac_deck))]),
        "facilities_in_box": sorted(s.fac_box),
        "extension_hubs_left": s.hubs,
        "city_styles": {sid: {k: list(v) for k, v in by.items()} for sid, by in s.styles.items()},
        "bank": {"gold": max(s.bank_gold, 0), "gold_substitutes": max(-s.bank_gold, 0),
                 "pure_originium": max(s.bank_pure, 0),
                 "pure_substitutes": max(-s.bank_pure, 0)},
        "region_strength": region_strength(s),
        # a seat sees only its own collection plan: the picks are secret until the reveal
        "collection": [_copy(c) if p == seat else {} for p, c in enumerate(s.collect)],
        "players": players,
        **_module(s),
    }


def _module(s: NomadState) -> dict[str, Any]:
    """The Corporation Module's public state (§15-§18); nothing in the base game."""
    if not s.corps and not s.corp_stack:
        return {}
    return {
        "corporations": {c: {"name": s.content.corp(c).name, "levels": list(s.coop.get(c, []))}
                         for c in s.corps},
        "rhine_lab_department": s.dept or None,
        "operator_deck": len(s.ops),
        "highways": sorted(s.highways),
    }


def _copy(e: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in e.items()}
