"""Martians' `glossary` hook and `board_data` hook: every named component in the project's
own words, built from the data files.

`entries(players, options)` maps ids (buildings, installations, experts, assistants,
technologies, weather cards, event cards, research tiles, crop tiles, hidden goals,
scenario requirements, commission cards) to `(name, text)`; the terminal shows them for
`? NAME` and beside a choice. `board_data(players, options)` hands the browser board the
same catalogue with the numbers it draws (costs, times, rewards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .content import load

RES_NAME = {"regolith": "regolith", "dirty_ice": "dirty ice", "energy": "energy", "supplies": "supplies",
            "food": "food", "medicine": "medicine", "drinking_water": "drinking water", "credits": "credits"}

ACTION_TEXT = {
    "oxygen": "pay 1 energy to take an oxygen token off a quarters (+2 reputation)",
    "medicine": "turn 1 energy, 1 supplies and 1 drinking water into 1 medicine",
    "water": "turn 1 energy and 1 dirty ice into 2 drinking water",
    "build": "for 1 energy, 1 regolith and 1 supplies, lift a build token off an unfinished "
             "building (+3 reputation)",
    "upgrade": "for the same price, lift an upgrade token off a building's field (+3 reputation)",
    "install": "for the same price, put a marker on an energy installation (two per corporation at most)",
    "excavate": "pay 1 energy, move the excavation machine and dig raw materials next to it",
    "research": "complete a research tile for the Space Agency and be paid its credits",
    "supplies": "take supplies from the supply, one per time unit (two at most)",
    "mission": "pay for a scenario requirement or a commission card and gain its reputation",
    "harvest": "pay your crop tile's cost and gain what it grows",
    "crops": "pay 1 energy to swap your crop tile for another kind from the supply",
    "corp_tech": "pay 1 energy and the technology's time to put it on your corporation card",
    "colony_tech": "pay 1 energy and 3 time to give the colony a technology (+3 reputation)",
    "hire": "pay 2 credits to employ an expert or an assistant (two of each at most)",
}

EXPERT_TEXT = {
    "disease": "take {amount} disease {tokens} off the quarters",
    "hunger": "take {amount} hunger {tokens} off the quarters",
    "oxygen": "take {amount} oxygen {tokens} off the quarters",
    "reputation": "nothing else",
    "examine": "draw {amount} regolith examination {cards}",
    "water": "gain {amount} drinking water",
    "medicine": "gain {amount} medicine",
    "construction": "do a construction action at once (its own markers paid too)",
}

TECH_TEXT = {
    "long_arm_crane": "the excavation machine may dig one field further away",
    "weather_report": "at the start of each turn you see the next weather card",
    "dna_alteration": "your colonists have 4 time units a turn instead of 3",
    "solar_cells": "your solar panel markers give 1 more energy",
    "kinetic_power": "your wind farm markers give 1 more energy",
    "molecular_sensor": "an examination of regolith draws 1 more card",
    "medicine": "from the next cycle, 1 disease token fewer comes to the quarters each round",
    "co2_converter": "from the next cycle, 1 oxygen token fewer comes to the quarters each round",
    "birth_control": "from the next cycle, a birth-rate token is added at the start of each cycle",
}

EVENT_TEXT = {
    "none": "nothing happens this cycle",
    "gain": "each corporation gains {amount} {resource} (into its purse)",
    "demand": "{amount} more {token} {tokens} {come} to the quarters",
    "rtg": "the RTG is refilled with {amount} energy",
    "closed": "{building} is shut until the cycle ends",
    "production": "{building} gives {amount:+d} energy per marker this cycle",
    "harvest": "every harvest gives {amount:+d} food this cycle",
}


def cost_text(cost: Mapping[str, int], minerals: Sequence[str] = ()) -> str:
    parts = [f"{n} {'credit' if k == 'credits' and n == 1 else RES_NAME.get(k, k)}"
             for k, n in cost.items() if n]
    for m in dict.fromkeys(minerals):
        n = list(minerals).count(m)
        parts.append(f"{n} {m} mineral cards" if n > 1 else f"a {m} mineral card")
    return ", ".join(parts) or "nothing"


def _s(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def _signed(n: int, what: str) -> str:
    return f"{n:+d} {what}"


def _weather_text(w: Any) -> str:
    parts = []
    if w.harvest_food:
        parts.append(_signed(w.harvest_food, "food per harvest"))
    if w.harvest_energy:
        parts.append(_signed(w.harvest_energy, "energy to pay per harvest"))
    if w.solar:
        parts.append(_signed(w.solar, "energy per solar panel marker"))
    if w.wind:
        parts.append(_signed(w.wind, "energy per wind farm marker"))
    if w.excavation:
        parts.append(_signed(w.excavation, "raw material per excavation"))
    return "weather card: " + ("; ".join(parts) if parts else "no effect") + "."


@lru_cache(maxsize=8)
def _entries(players: int = 2) -> dict[str, tuple[str, str]]:
    c = load()
    out: dict[str, tuple[str, str]] = {}
    for b in c.buildings.values():
        acts = "; or ".join(ACTION_TEXT[a] for a in b.actions)
        extra = " It starts unfinished (a build token lies on it)." if b.build_token else ""
        up = " A field with an upgrade token costs 1 more time." if b.upgrade_fields else ""
        acts = acts[0].upper() + acts[1:]
        out[b.id] = (b.name, f"{acts}. A building with {len(b.field_opens)} action fields.{up}{extra}")
    for i in c.installations.values():
        extra = " It starts unfinished." if i.build_token else ""
        out[i.id] = (i.name, f"energy installation: each marker on it gives {i.output} energy to its "
                             f"owner at the start of a round, changed by the weather.{extra}")
    for e in c.experts.values():
        what = EXPERT_TEXT[e.effect].format(amount=e.amount, tokens=_s(e.amount, "token"),
                                             cards=_s(e.amount, "card"))
        rep = f", +{e.reputation} reputation" if e.reputation else ""
        box = " (Collector's Edition)" if e.collectors else ""
        out[e.id] = (e.name, f"expert{box}: once a turn, face up, pay {cost_text(e.cost)}: {what}{rep}; "
                             "then it lies face down until your next turn.")
    for a in c.assistants.values():
        out[a.id] = (a.name, f"assistant, always at work: {a.bonus}.")
    for t in c.technologies.values():
        kind = "corporation technology" if t.kind == "corporation" else "colony technology"
        out[t.id] = (t.name, f"{kind}, {t.time} time to develop: {TECH_TEXT.get(t.id, '')}.")
    for w in c.weather.values():  # "wind" is also the wind farm: the card gets its own key
        out[w.id if w.id not in out else f"{w.id}-weather"] = (w.name, _weather_text(w))
    for ev in c.events.values():
        params = dict(ev.params)
        if "building" in params:
            where = str(params["building"])
            params["building"] = (c.buildings[where].name if where in c.buildings
                                  else c.installations[where].name if where in c.installations else where)
        if "resource" in params:
            res = str(params["resource"])
            one = res == "credits" and params.get("amount") == 1
            params["resource"] = "credit" if one else RES_NAME.get(res, res)
        n = int(params.get("amount", 1))
        params.update(tokens=_s(n, "token"), come="comes" if n == 1 else "come")
        out[ev.id] = (ev.name, f"event card of cycle {ev.cycle}: {EVENT_TEXT[ev.effect].format(**params)}.")
    for r in c.research.values():
        flask = " (a flask: a scientist saves 1 time)" if r.flask else ""
        out[r.id] = (r.name, f"research tile: {r.time} time, pay {cost_text(r.cost, r.minerals)}; "
                             f"the Space Agency pays {r.credits} credits{flask}.")
    for cr in c.crops.values():
        out[cr.id] = (cr.name, f"crop tile: a harvest costs {cost_text(cr.cost)} "
                               f"and gives {cost_text(cr.gain)}.")
    for g in c.goals.values():
        out[g.id] = (g.id.replace("_", " ").capitalize(),
                     f"hidden goal: {g.text} at the end: +{g.reputation} reputation.")
    for sc in c.scenarios.values():
        for req in sc.at(players):
            cond = f" once {req.condition.replace('_', ' ')}" if req.condition else ""
            scaled = any(r.id == req.id and r.by_players for r in sc.requirements)
            count = f" (at {max(2, players)} players; it depends on the player count)" if scaled else ""
            out.setdefault(req.id, (req.id.replace("_", " ").capitalize(),
                                    f"requirement of scenario {sc.number} ({sc.name}){cond}: pay "
                                    f"{cost_text(req.cost, req.minerals)}{count}, "
                                    f"+{req.reputation} reputation."))
    for cm in c.commissions.values():
        out[cm.id] = (cm.id.replace("-", " ").capitalize(),
                      f"commission card: pay {cost_text(cm.cost, cm.minerals)}, +{cm.reputation} reputation.")
    return out


#: the short names of the terminal board, explained by `? sat` and on the full board
SHORT_NAMES = {
    "O": "oxygen", "D": "disease", "H": "hunger", "B": "birth rate", "+": "in the infirmary",
    "^": "in the apartments", "sat": "satisfaction", "rep": "reputation", "Reg": "regolith",
    "Ice": "dirty ice", "En": "energy", "Sup": "supplies", "Med": "medicine", "Wat": "drinking water",
    "Cr": "credits", "min": "regolith cards", "col": "colonists", "mk": "action markers in hand",
    "exp": "experts", "asst": "assistants", "tech": "technologies", "inst": "installations",
    "Q1": "quarters 1 (of Q1 to Q4)", "M": "the excavation machine",
    "RR": "a token of 2 regolith", "II": "a token of 2 dirty ice", "RI": "a token of regolith and dirty ice",
    "RRI": "a rich token",
}


def short_entries() -> dict[str, tuple[str, str]]:
    """The board's short names as glossary entries (`? sat`, `? mk`)."""
    return {f"short-{k.lower()}": (k, f"short name on the terminal board: {v}.")
            for k, v in SHORT_NAMES.items()}


def name_of(key: str) -> str:
    """A component's name for the texts players read (a building, a requirement, a weather
    card...); an id the glossary does not know is spelled out in words."""
    found = _entries(2).get(key)
    return found[0] if found is not None else key.replace("_", " ").replace("-", " ")


def entries(players: int, options: Mapping[str, Any] | None = None) -> dict[str, tuple[str, str]]:
    """The `glossary` hook: every named component by id -> (name, what it does), and the
    terminal board's short names."""
    return {**_entries(players), **short_entries()}


@lru_cache(maxsize=8)
def _board_data(players: int = 2) -> dict[str, Any]:
    c = load()
    names = {k: {"name": n, "text": t} for k, (n, t) in _entries(players).items()}
    return {
        "glossary": names,
        "actions": ACTION_TEXT,
        "experts": {e.id: {"name": e.name, "cost": dict(e.cost), "effect": e.effect, "amount": e.amount,
                           "reputation": e.reputation} for e in c.experts.values()},
        "assistants": {a.id: {"name": a.name, "bonus": a.bonus} for a in c.assistants.values()},
        "technologies": {t.id: {"name": t.name, "kind": t.kind, "time": t.time}
                         for t in c.technologies.values()},
        "research": {r.id: {"name": r.name, "time": r.time, "cost": dict(r.cost),
                            "minerals": list(r.minerals), "credits": r.credits, "flask": r.flask}
                     for r in c.research.values()},
        "crops": {r.id: {"name": r.name, "cost": dict(r.cost), "gain": dict(r.gain)}
                  for r in c.crops.values()},
        "commissions": {r.id: {"cost": dict(r.cost), "minerals": list(r.minerals), "reputation": r.reputation}
                        for r in c.commissions.values()},
        "goals": {g.id: {"text": g.text, "reputation": g.reputation} for g in c.goals.values()},
        "weather": {w.id: {"name": w.name} for w in c.weather.values()},
        "events": {e.id: {"name": e.name, "cycle": e.cycle} for e in c.events.values()},
        "excavation": {"radius": c.excavation.radius, "start_fields": list(c.excavation.start_fields),
                       "tokens": {t.id: dict(t.contents) for t in c.excavation.tokens}},
        "installations": {i.id: {"name": i.name, "output": i.output} for i in c.installations.values()},
    }


def board_data(players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The `board_data` hook: the catalogue the browser board names and prices things from."""
    return _board_data(players)
