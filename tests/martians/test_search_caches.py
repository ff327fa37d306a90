"""What the search's rules and evaluation keep between calls (the scenario requirements'
reading, the crop chain, the decisions and actions asked again and again, the kind and
time of a building action read from its id) agrees with a fresh computation at every step
of random games in every mode, and the look-ahead inside a building gives what it gave
on fresh copies."""

from __future__ import annotations

import pytest

from boardwright.engine import Rng
from boardwright.titles.martians import asked, buildings, excavation, experts, heuristic, plan
from boardwright.titles.martians.cycle import demand_for
from boardwright.titles.martians.state import MartiansState

from .scene import new

MODES = (
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "solo_goal": "commissions"}),
    (2, {"mode": "coop", "scenario": 2}),
    (3, {"mode": "coop"}),
    (4, {"mode": "coop", "scenario": 4}),
    (3, {"mode": "semi-coop", "scenario": 3}),
    (2, {"mode": "competitive"}),
)


def _fresh_decision(s: MartiansState) -> dict[str, object]:
    """The decision of the acting seat made with every kept decision and action dropped
    (and kept again afterwards, so that what the game keeps lasts from step to step)."""
    tables = (asked.KEPT, buildings._ACTIONS, experts._OFFERS, excavation._MOVE_ACTIONS,
              excavation._DIG_ACTIONS)
    saved = [dict(table) for table in tables]
    for table in tables:
        table.clear()
    fresh = s._decision_for(s.tasks[-1], None).to_dict()
    for table, entries in zip(tables, saved, strict=True):
        table.clear()
        table.update(entries)  # type: ignore[attr-defined]
    return fresh


def _check(s: MartiansState) -> None:
    quarters = [sum(q[i] for q in s.quarters) for i in range(4)]
    assert plan.quarters_tokens(s) == tuple(quarters)
    want = demand_for(s, None)
    assert plan.colony_demand(s) == (want["oxygen"], want["disease"], want["hunger"])
    if s.content.scenarios and s.options.get("solo_goal", "scenario") == "scenario":
        for purse in range(len(s.res)):
            assert plan.scenario_work(s, purse, quarters[3]) == plan.read_scenario_work(s, purse, quarters[3])
    assert plan.crop_chain(s) == plan.read_crop_chain(s)
    for corp in range(s.corps):
        assert buildings.other_crops(s, corp) == buildings.read_other_crops(s, corp)
    seat = s.to_act[0]
    kept = s.acting_decision(seat)  # made when the position was reached, or now (kept or not)
    assert kept.to_dict() == _fresh_decision(s)
    top = s.tasks[-1]
    for b in s.fields:  # what `building_actions` assumes of every building's offers
        for corp in range(s.corps):
            for o in buildings.iter_offers(s, corp, b, False):
                assert o.kind in buildings.KINDS[b] and o.time >= buildings.LEAST_TIME.get(b, 1), o
    if top[0] == "building":
        corp = int(top[1])
        turn = s.turn
        wanted = [o.id for o in buildings.iter_offers(s, corp, turn["building"], False)
                  if o.time <= turn["time"] and o.kind not in turn["done"]]
        assert [a.id for a in buildings.building_actions(s, corp)] == wanted
        offers = {o.id: (o.kind, o.time) for o in buildings.iter_offers(s, corp, s.turn["building"], False)}
        for a in kept.actions:
            if a.id in offers:
                assert buildings.offer_terms(s, corp, a.id) == offers[a.id], a.id


@pytest.mark.parametrize(("players", "options"), MODES)
def test_kept_readings_match_fresh_ones_at_every_step(players: int, options: dict[str, object]) -> None:
    for seed in (1, 2):
        s = new(players, seed=seed, **options)
        rng = Rng(seed)
        steps = 0
        while not s.over and steps < 400:
            _check(s)
            # a search copy of the position reads the same
            copy = s.determinize(s.to_act[0], Rng(steps), quiet=True)
            assert isinstance(copy, MartiansState)
            _check(copy)
            seat = s.to_act[0]
            acts = s.legal_actions(seat)
            s.apply(seat, acts[rng.below(len(acts))].id)
            steps += 1


def _inside_on_copies(s: MartiansState, depth: int = 2, base: float | None = None) -> float:
    """`heuristic._inside` (co-op) as it was written first: every step on a fresh copy."""
    if depth <= 0 or not s.tasks or s.tasks[-1][0] not in heuristic.INSIDE or s.over:
        return 0.0
    seat = s.seat_of(int(s.tasks[-1][1]))
    if base is None:
        base = heuristic._team(s)
    best = 0.0
    for a in s.legal_actions(seat):
        if a.id in ("leave", "skip"):
            continue
        child = s.clone()
        assert isinstance(child, MartiansState)
        child.apply(seat, a.id)
        if child.over:
            continue
        step = 0 if child.tasks and child.tasks[-1][0] in ("dig", "examine") else 1
        worth = heuristic._team(child)
        best = max(best, worth + _inside_on_copies(child, depth - step, worth) - base)
    return 0.9 * best


def test_the_look_ahead_inside_a_building_is_what_fresh_copies_give() -> None:
    for seed in (1, 2, 3):
        s = new(3, seed=seed, mode="coop")
        rng = Rng(seed)
        while not s.over:
            if s.tasks[-1][0] in heuristic.INSIDE:
                before = s.to_json()
                assert heuristic._inside(s) == _inside_on_copies(s)
                assert s.to_json() == before  # the position looked from is left as it was
            seat = s.to_act[0]
            acts = s.legal_actions(seat)
            s.apply(seat, acts[rng.below(len(acts))].id)
