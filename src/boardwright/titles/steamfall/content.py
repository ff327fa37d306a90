"""Loading Steamfall's component data (validated; a data pack overlays it by id)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from boardwright.engine.data import DataError, describe_errors, overlay, shipped_text

from .scenarios import every, get
from .schema import (
    Ability,
    Character,
    Cipher,
    Civilian,
    Complication,
    Components,
    CoreShard,
    CrisisCard,
    District,
    Effect,
    EncounterCard,
    Event,
    GenesisEvent,
    InventionCard,
    Item,
    Journal,
    SecretLocation,
    Tablet,
)

PACKAGE = "boardwright.titles.steamfall"
#: data file -> its list of records
FILES = (
    "districts",
    "layouts",
    "characters",
    "abilities",
    "items",
    "civilians",
    "locations",
    "events",
    "ruins",
    "inventions",
    "complications",
    "ciphers",
    "tablets",
    "crises",
    "encounters",
    "crisis_abilities",
    "core_shard",
    "journals",
    "genesis_events",
)


class Content:
    """The validated components, with lookups by id."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.districts: dict[str, District] = {d.id: d for d in comp.districts}
        self.characters: dict[str, Character] = {c.id: c for c in comp.characters}
        self.abilities: dict[str, Ability] = {a.id: a for a in [*comp.abilities, *comp.crisis_abilities]}
        self.items: dict[str, Item] = {i.id: i for i in comp.items}
        self.civilians: dict[str, Civilian] = {c.id: c for c in comp.civilians}
        self.locations: dict[str, SecretLocation] = {s.id: s for s in comp.locations}
        self.events: dict[str, Event] = {e.id: e for e in comp.events}
        self.ruins = {r.id: r for r in comp.ruins}
        self.inventions: dict[int, InventionCard] = {c.players: c for c in comp.inventions}
        self.complications: dict[str, Complication] = {c.id: c for c in comp.complications}
        self.ciphers: dict[str, Cipher] = {c.color: c for c in comp.ciphers}
        self.tablets: dict[str, Tablet] = {t.id: t for t in comp.tablets}
        self.tokens = {t.id: t for c in comp.characters for t in c.tokens}
        self.token_owner = {t.id: c.id for c in comp.characters for t in c.tokens}
        self.crises: dict[str, CrisisCard] = {x.id: x for x in comp.crises}
        self.encounters: dict[str, EncounterCard] = {x.id: x for x in comp.encounters}
        self.shard: CoreShard | None = comp.core_shard[0] if comp.core_shard else None
        # Genesis (§17): journals by character; their abilities and events join the lookups
        self.journals: dict[str, Journal] = {j.character: j for j in comp.journals}
        self.genesis_events: dict[str, GenesisEvent] = {e.id: e for e in comp.genesis_events}
        self.events.update(self.genesis_events)
        for j in comp.journals:
            for aid, scenario, ja in journal_abilities(j):
                self.abilities[aid] = Ability(
                    id=aid,
                    source=j.source,
                    character=j.character,
                    scenario=scenario,
                    name=ja.name,
                    effects=ja.effects,
                )

    def layout(self, players: int) -> list[tuple[int, int, str]]:
        for lay in self.comp.layouts:
            if players in lay.players:
                return [tuple(c) for c in lay.cells]  # type: ignore[misc]
        raise KeyError(players)

    def ability_ids(self, character: str, scenario: str, players: int) -> list[str]:
        """The ability cards the character holds in this scenario (the scenario's choice)."""
        return get(scenario).ability_ids(self, character, players)

    def effects_of(self, kind: str, cid: str) -> list[Effect]:
        """The effects of a component by its kind, for effect references in tasks."""
        if kind == "district":
            return self.districts[cid].effects
        if kind == "location":
            return self.locations[cid].effects
        if kind == "event":
            return self.events[cid].effects
        if kind == "ability":
            return self.abilities[cid].effects
        if kind == "item":
            return self.items[cid].effects
        if kind == "civilian":
            return [self.civilians[cid].action]
        if kind == "ruins-u":
            return [self.ruins[cid].unexplored]
        if kind == "ruins-x":
            return [self.ruins[cid].explored]
        if kind == "complication":
            paid = self.complications[cid].paid
            return [paid] if paid is not None else []
        raise KeyError(kind)


def journal_abilities(j: Journal) -> list[tuple[str, str, Any]]:
    """(ability id, scenario, ability) of a journal: the starting ability card, then the
    ability on the back of each chapter 1A-3B (ids `<journal>-start`, `<journal>-<mark>`)."""
    out: list[tuple[str, str, Any]] = [(f"{j.id}-start", "genesis", j.start_ability)]
    out += [(f"{j.id}-{c.mark}", "genesis-chapter", c.ability) for c in j.chapters if c.ability is not None]
    return out


def _check(comp: Components) -> list[str]:
    problems = []
    chars = {c.id for c in comp.characters}
    for a in comp.abilities:
        if a.character not in chars:
            problems.append(
                f"abilities.json, abilities '{a.id}', field character: unknown character {a.character!r}"
            )
    for lay in comp.layouts:
        for kind in ("central", "city", "ancient"):
            need = sum(1 for cell in lay.cells if cell[2] == kind)
            have = sum(1 for d in comp.districts if d.type == kind)
            if need > have:
                problems.append(
                    f"layouts.json, layouts '{lay.id}': needs {need} {kind} tiles, the data has {have}"
                )
    for sc in every():  # each scenario's own components
        problems += sc.check_content(comp)
    return problems


@lru_cache(maxsize=8)
def load(pack: str | None = None) -> Content:
    raw: dict[str, Any] = {}
    problems: list[str] = []
    for name in FILES:
        filename = f"{name}.json"
        data: dict[str, Any] = json.loads(shipped_text(PACKAGE, filename))
        if pack is not None and (Path(pack) / filename).exists():
            data = overlay(data, Path(pack) / filename, name)
        raw[name] = data[name]
    try:
        comp = Components.model_validate(raw)
    except ValidationError as exc:
        for line in describe_errors("data", exc, raw):
            problems.append(line)
        raise DataError(problems) from None
    problems = _check(comp)
    if problems:
        raise DataError(problems)
    return Content(comp)
