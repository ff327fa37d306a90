"""The hooks with the Crisis scenario in them: the setup check (which option sets make
sense), the outcome kind, and the bots' evaluation (Crisis here; the other scenarios in the
title's heuristic module)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from boardwright.engine import GameState

from . import hooks

CRISIS_ONLY = ("easy", "crushing")


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    scenario = options["scenario"]
    difficulty = options.get("difficulty", "normal")
    if scenario == "crisis":
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Crisis uses no events)"
        if options.get("solo_items"):
            return "solo_items is a variant of Incredible Invention and Genesis solo, not of Crisis"
        if options.get("item_draft") and players == 1:
            return "solo Crisis plays both characters from one seat: the secret item draft needs two seats"
        return None
    if difficulty in CRISIS_ONLY:
        return f"difficulty {difficulty} is a Crisis level (Incredible Invention has normal and hard)"
    if options.get("crisis_promos"):
        return "crisis_promos adds the promo crisis cards: Crisis only"
    result: str | None = hooks.setup_check(players, options)
    return result


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    if options["scenario"] == "crisis":
        return "cooperative"
    return str(hooks.outcome_kind(players, options))


def _other_evaluate() -> Any:
    for name in ("heuristic", "hooks"):
        try:
            mod = importlib.import_module(f"{__package__}.{name}")
        except ImportError:
            continue
        fn = getattr(mod, "evaluate", None)
        if fn is not None:
            return fn
    raise RuntimeError("no Steamfall evaluation found")


def evaluate(state: GameState, seat: int) -> float:
    st: Any = state
    if st.scenario != "crisis":
        return float(_other_evaluate()(state, seat))
    return float(crisis_value(st))


def crisis_value(st: Any) -> float:
    """The team's standing: a decided game is +-1000 (a later loss a little better); then
    destroyed pylons, the Core Shard's power toward the next one and its holder's way to a
    pylon, serenity, covered crisis boxes, Mechanized (worse nearer the centre), encounter
    successes, and the resources that charge the shard or pay for challenges."""
    from .crisis import distance

    res = st.result
    if res is not None:
        if res.get("won"):
            return float(1000.0 + st.cr["serenity"])
        return float(-1000.0 + 30.0 * st.round + 10.0 * (len(st.cr["pylons"]) == 0))
    cr = st.cr
    if not cr or not st.round:
        return 0.0
    sh = st.content.shard
    pylons = len(cr["pylons"])
    total = len(st.board.districts) and sum(
        1 for d in st.board.districts if st.content.districts[d].type == "ancient"
    )
    value = 60.0 * (total - pylons)
    holder = st.pl[cr["shard"]["holder"]]
    if pylons and sh is not None:
        value += 6.0 * min(cr["shard"]["power"], sh.destroy * pylons)
        here = holder["at"]
        if here in cr["pylons"]:
            value += 4.0
        else:
            near = min(_steps(st, here, a) for a in cr["pylons"])
            value -= 1.5 * near
    value += 5.0 * cr["serenity"]
    for card in cr["cards"]:
        value += 4.0 * sum(1 for b in card["done"] if b >= 0)
    # each character drawn toward the nearest crisis card still open (challenges are paid there)
    if cr["cards"]:
        for pl in st.pl:
            if pl.get("char") and pl["at"] >= 0:
                value -= 1.0 * min(_steps(st, pl["at"], card["area"]) for card in cr["cards"])
    for a in range(st.board.n_areas):
        m = st.tok[a]["mechanized"]
        if m:
            value -= m * (3.0 + 1.0 * max(0, 3 - distance(st, a)))
        value += 0.3 * st.tok[a]["civilian"]
    now = cr["now"]
    if now is not None:
        value += 2.0 * now["succ"]
    value += 1.0 * len(cr["support"])
    for pl in st.pl:
        if not pl.get("char"):
            continue
        r = pl["res"]
        value += 1.2 * r["insight"] + 3.0 * r["vp"] + 0.3 * r["scrap"] + 0.8 * r["steam"] + 0.5 * r["stamina"]
        value += 0.6 * len(pl["play"]) + 0.4 * len(pl["civs"]) + 0.3 * sum(len(c) for c in pl["cols"])
        value += 0.1 * len(pl["hand"])
    return float(value)


def _steps(st: Any, a: int, b: int) -> int:
    """Grid steps between two areas (a secret location one beyond its district)."""
    board = st.board
    extra = 0
    if board.is_slot(a):
        a, extra = board.slot_district(a), 1
    (r1, c1), (r2, c2) = board.cells[a], board.cells[b]
    return int(abs(r1 - r2) + abs(c1 - c2) + extra)
