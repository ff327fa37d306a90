"""Martians' RL hooks: the fixed action universe (`rl_actions`) and the observation encoder
(`rl_observation`: this module's `OBSERVATION_SIZE`, `encode_view` and `encode_state`).

Both read only the shipped data (never a game in progress), so every process computes the
same universe and the same layout; lists are built from sorted ids, never from sets.
The observation reads only `state.view(seat)` (`encode_view`; `encode_state(state, seat)`,
in `observation.py`, is the same vector read from the state without building the view, for
the environment's speed: tests check both agree), and puts corporations in slots relative to
the observer: its own corporation first (solo: Blue, then Red), then the others in turn
order (seat order, clockwise). The layout is `observation_layout.py`;
docs/games/martians/observation.md is generated from it (`field_map()`) and checked by the
tests.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from .content import RESOURCES
from .excavation import hexes
from .observation import encode_state, forget
from .observation_layout import (
    _SIXTH,
    _ZEROS,
    DECISION_KINDS,
    DEMAND,
    MAX_CORPS,
    MAX_FIELDS,
    MODES,
    OBSERVATION_SIZE,
    _content,
    _ids,
    _kind,
    _slots,
    _turn,
    _two_lists,
    field_map,
    layout,
)
from .setup import copies

__all__ = ["DECISION_KINDS", "DEMAND", "MAX_CORPS", "MAX_FIELDS", "MODES", "OBSERVATION_SIZE",
           "action_universe", "encode_state", "encode_view", "field_map", "forget", "layout"]


# ------------------------------------------------------------------ the action universe
def _corps(players: int, options: Mapping[str, Any]) -> int:
    return 2 if str(options.get("mode", "coop")) == "solo" or players == 1 else players


@cache
def _universe(players: int, mode: str, collectors: bool, solo_goal: str) -> tuple[str, ...]:
    c = _content()
    corps = _corps(players, {"mode": mode})
    quarters = range(1, 5)
    ids: list[str] = []
    if mode == "competitive" and collectors:
        ids += [f"keep:{g}" for g in sorted(c.goals)]
    if mode == "semi-coop":
        ids += [f"quarters:{q}" for q in quarters]
        ids += ["end-game", "play-on"]  # the early end (§11.3)
    ids += [f"q:{q}" for q in quarters]  # birth-rate quarters, an expert's target
    buildings = [b.id for b in c.board.buildings]
    fields = [(b.id, f + 1) for b in c.board.buildings for f in range(len(b.field_opens))]
    ids += [f"field:{b}:{f}" for b, f in fields]  # penalty: the marker taken from the board
    ids += ["work", "rest"]
    ids += [f"place:{b}:{f}" for b, f in fields]
    ids += ["recreation", "rtg", "infirmary", "apartments", "expert:0", "expert:1", "end"]
    ids += [f"{kind}:{q}" for kind in ("food", "medicine") for q in quarters]
    ids += ["done"]
    # building actions (buildings.offers) and the Builder's construction
    ids += [f"oxygen:{q}" for q in quarters]
    ids += ["medicine", "water"]
    unbuilt = sorted([b.id for b in c.board.buildings if b.build_token]
                     + [i.id for i in c.board.installations if i.build_token])
    ids += [f"build:{b}" for b in unbuilt]
    ids += [f"upgrade:{b}" for b in sorted(b.id for b in c.board.buildings if b.upgrade_fields)]
    ids += [f"install:{i}" for i in sorted(c.installations)]
    ids += ["excavate"]
    ids += [f"research:{t}" for t in sorted(c.research)]
    ids += [f"supplies:{n}" for n in (1, 2)]
    if mode == "competitive" or (mode == "solo" and solo_goal == "commissions"):
        ids += [f"commission:{k}" for k in sorted(c.commissions)]
    else:
        reqs = sorted({r.id for sc in c.scenarios.values() for r in sc.requirements})
        ids += [f"mission:{r}" for r in reqs]
    ids += ["harvest"]
    ids += [f"crops:{k}" for k in sorted(c.crops)]
    ids += [f"tech:{t}" for t in sorted(c.technologies)]
    experts = copies(sorted(c.experts.values(), key=lambda r: r.id), collectors)
    assistants = [f"{a}#{k}" for a in sorted(c.assistants) for k in range(1, corps + 1)]
    ids += [f"hire:{card}" for card in sorted(experts + assistants)]
    ids += ["leave"]
    # excavation and examination
    grid = hexes(c.excavation.radius)
    most_r = max(t.contents.get("regolith", 0) for t in c.excavation.tokens)
    most_i = max(t.contents.get("dirty_ice", 0) for t in c.excavation.tokens)
    ids += [f"move:{h}" for h in grid]
    ids += [f"dig:{h}:{r}:{i}" for h in grid for r in range(most_r + 1) for i in range(most_i + 1)
            if r + i]
    ids += ["skip", "examine", "no"]
    assert len(set(ids)) == len(ids), "an action id is listed twice"
    assert buildings
    return tuple(ids)


def action_universe(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every action id a game with these players and options can offer, in a fixed order."""
    mode = str(options.get("mode", "solo" if players == 1 else "coop"))
    return list(_universe(players, mode, bool(options.get("collectors_edition", False)),
                          str(options.get("solo_goal", "scenario"))))


def encode_view(view: dict[str, Any]) -> np.ndarray:
    """A fixed-size float32 vector of one seat's view (see `field_map()`). Written into a
    float32 `array.array` (item writes at Python speed, about ten times cheaper than numpy's)
    and handed to numpy at the end; every write rounds to float32 as numpy's would."""
    n = _ids()
    ix = _slots()
    off = layout().offsets()
    out = array("f", _ZEROS)
    seat = int(view["seat"] or 0)
    corps = view["corporations"]
    ncorp = len(corps)
    mine_corps = [c["corp"] for c in corps if c["seat"] == seat]
    me = mine_corps[0] if mine_corps else 0

    def slot(corp: int | None) -> int:
        return -1 if corp is None or corp < 0 else (int(corp) - me) % ncorp

    shared = view["mode"] in ("solo", "coop")
    out[off["mode"] + MODES.index(view["mode"])] = 1
    out[off["players"]] = view["players"] / 4
    o = off["time"]
    out[o] = view["cycle"] / 5
    out[o + 1] = view["cycles"] / 5
    out[o + 2] = view["round"] / 4
    out[o + 3] = view["rounds"] / 4
    out[off["first"] + slot(view["first"])] = 1
    out[off["rtg"]] = view["rtg_energy"] / 6
    o = off["supply"]
    supply = view["supply"]
    for i, k in enumerate([*RESOURCES[:-1], "oxygen", "disease", "hunger", "birth"]):
        out[o + i] = supply.get(k, 0) / 10
    o = off["removed"]
    gone = view["removed_from_game"]
    for i, k in enumerate(RESOURCES[:-1]):
        out[o + i] = gone.get(k, 0) / 10
    w = view["weather"]
    out[off["weather"] + ix["weather"][w["card"]]] = 1
    if w["top_seen"]:
        out[off["weather_top"] + ix["weather"][w["top_seen"]]] = 1
    out[off["weather_deck"]] = w["deck"] / 9
    ev = view["events"]
    if ev["active"]:
        out[off["event"] + ix["events"][ev["active"]]] = 1
    out[off["events_played"]] = len(ev["played"]) / 20
    o = off["quarters"]
    for q, qv in enumerate(view["quarters"]):
        b = o + q * (4 + MAX_CORPS + 1 + 2 * MAX_CORPS)
        for i, k in enumerate(DEMAND):
            out[b + i] = qv[k] / 4
        owner = slot(qv["owner"])
        out[b + 4 + (owner if owner >= 0 else MAX_CORPS)] = 1
        for corp in qv["infirmary"]:
            out[b + 5 + MAX_CORPS + slot(corp)] += 1
        for corp in qv["apartments"]:
            out[b + 5 + 2 * MAX_CORPS + slot(corp)] += 1
    if view["birth_quarters"]:
        out[off["birth_quarters"] + view["birth_quarters"] - 1] = 1
    o = off["buildings"]
    size = 1 + MAX_FIELDS * (MAX_CORPS + 2)
    buildings = view["buildings"]
    for i, bid in enumerate(n["buildings"]):
        bv = buildings[bid]
        b = o + i * size
        if bv["built"]:
            out[b] = 1
        for f, fv in enumerate(bv["fields"][:MAX_FIELDS]):
            fb = b + 1 + f * (MAX_CORPS + 2)
            if fv["occupant"] is not None:
                out[fb + slot(fv["occupant"])] = 1
            if fv["unavailable"]:
                out[fb + MAX_CORPS] = 1
            if fv["upgrade_token"]:
                out[fb + MAX_CORPS + 1] = 1
    o = off["installations"]
    installations = view["installations"]
    for i, iid in enumerate(n["installations"]):
        iv = installations[iid]
        b = o + i * (1 + MAX_CORPS)
        if iv["built"]:
            out[b] = 1
        for corp in iv["markers"]:
            out[b + 1 + slot(corp)] += 0.5
    o = off["excavation"]
    ex = view["excavation"]
    size = 3 + len(n["tokens"])
    machine = ex["machine"]
    fields = ex["fields"]
    i_tokens = ix["tokens"]
    for i, h in enumerate(n["hexes"]):
        b = o + i * size
        if machine == h:
            out[b] = 1
        t = fields.get(h)
        if t is None:
            out[b + 1] = 1
        elif t == "face-down":
            out[b + 2] = 1
        else:
            out[b + 3 + i_tokens[t]] = 1
    o = off["center"]
    ec = view["educational_center"]
    for card in ec["experts"]:
        out[o + ix["experts"][_kind(card)]] += 0.5
    for card in ec["assistants"]:
        out[o + len(n["experts"]) + ix["assistants"][_kind(card)]] += 0.5
    b = o + len(n["experts"]) + len(n["assistants"])
    out[b] = ec["expert_deck"] / 12
    out[b + 1] = ec["assistant_deck"] / 12
    research = view["research"]
    unused = research["unused"] / 12
    _two_lists(out, off["research"], ix["research"], research["tiles"], research["done"], unused)
    out[off["regolith_deck"]] = view["regolith_deck"] / 18
    out[off["regolith_deck"] + 1] = view["regolith_removed"] / 18
    for kind in view["crop_supply"]:
        out[off["crop_supply"] + ix["crops"][kind]] += 0.25
    o = off["colony_tech"]
    for ct in view["colony_technologies"]:
        b = o + ix["colony_tech"][ct["technology"]] * (MAX_CORPS + 1)
        out[b + slot(ct["corp"])] = 1
        if ct["cycle"] < view["cycle"] and (view["mode"] != "competitive" or ct["corp"] in mine_corps):
            out[b + MAX_CORPS] = 1
    com = view.get("commissions")
    if com:
        _two_lists(out, off["commissions"], ix["commissions"], com["open"], com["done"], com["deck"] / 24)
    sc = view.get("scenario")
    if sc:
        o = off["scenario"]
        out[o + sc["number"] - 1] = 1
        for r, req in enumerate(sc["requirements"][:3]):
            b = o + 4 + r * (1 + MAX_CORPS)
            if req["done_by"] is not None:
                out[b] = 1
                out[b + 1 + slot(req["done_by"])] = 1
    conv = view["conversion"]
    out[off["conversion"]] = conv["food"] / 5
    out[off["conversion"] + 1] = conv["medicine"] / 5
    n_experts, n_assistants = len(n["experts"]), len(n["assistants"])
    per_corp = (
        3
        + 4
        + 2 * n_experts
        + n_assistants
        + len(n["corp_tech"])
        + len(n["crops"])
        + len(n["installations"])
        + 3
    )
    goals = view.get("hidden_goals") or {}
    held = goals.get("held") or []
    for cv in corps:
        b = off["corporations"] + slot(cv["corp"]) * per_corp
        out[b] = 1
        if cv["seat"] == seat:
            out[b + 1] = 1
        if cv["rtg_used"]:
            out[b + 2] = 1
        out[b + 3] = cv["action_markers_in_hand"] / 3
        out[b + 4] = cv["colonists"] / 4
        out[b + 5] = cv["dead_colonists"] / 4
        out[b + 6] = cv["colonists_placed"] / 4
        e = b + 7
        for x in cv["experts"]:
            i = ix["experts"][x["expert"]]
            out[e + 2 * i] += 1
            if x["face_up"]:
                out[e + 2 * i + 1] += 1
        e += 2 * n_experts
        for a in cv["assistants"]:
            out[e + ix["assistants"][a]] += 1
        e += n_assistants
        for t in cv["technologies"]:
            out[e + ix["corp_tech"][t]] = 1
        e += len(n["corp_tech"])
        out[e + ix["crops"][cv["crop"]]] = 1
        e += len(n["crops"])
        installed = cv["installations"]
        for i, iid in enumerate(n["installations"]):
            out[e + i] = installed.get(iid, 0) / 2
        e += len(n["installations"])
        out[e] = cv["research_done"] / 6
        out[e + 1] = cv["commissions_done"] / 6
        if cv["corp"] < len(held):
            out[e + 2] = held[cv["corp"]] / 2
    per_purse = 2 + len(RESOURCES) + 1 + 3
    i_minerals = ix["minerals"]
    for p, pv in enumerate(view["purses"]):
        sl = 0 if shared else slot(p)
        b = off["purses"] + sl * per_purse
        out[b] = 1
        out[b + 1] = pv["reputation"] / 30
        resources = pv["resources"]
        for i, k in enumerate(RESOURCES):
            out[b + 2 + i] = resources[k] / (30 if k == "credits" else 10)
        out[b + 2 + len(RESOURCES)] = pv["regolith_cards"] / 6
        for m in pv.get("regolith_minerals", []):
            out[b + 3 + len(RESOURCES) + i_minerals[m]] += _SIXTH
    if view["turn"]:
        _turn(out, view["turn"], mine_corps)
    dec = view.get("decision")
    if dec and dec["kind"] in DECISION_KINDS:
        out[off["decision"] + DECISION_KINDS.index(dec["kind"])] = 1
    ng = len(n["goals"])
    for g in goals.get("mine", []):
        out[off["my_goals"] + ix["goals"][g]] = 1
    for g in goals.get("offered", []):
        out[off["my_goals"] + ng + ix["goals"][g]] = 1
    if view["over"]:
        out[off["over"]] = 1
    return np.frombuffer(out, np.float32)  # dtype passed by position: numpy parses it faster
