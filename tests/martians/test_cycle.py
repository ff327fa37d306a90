"""Supplementation and the Quarters summary, set up by hand."""

from __future__ import annotations

from typing import Any

from boardwright.titles.martians import cycle
from boardwright.titles.martians.state import MartiansState

from .scene import new


def _run(s: MartiansState, task: list[Any]) -> None:
    """Resolve one automatic task and everything it pushes (stopping at a decision)."""
    depth = len(s.tasks)
    s.tasks.append(task)
    while len(s.tasks) > depth:
        top = s.tasks[-1]
        auto = {"summary": cycle.resolve_summary, "pay_penalty": cycle.resolve_pay_penalty,
                "growth": cycle.resolve_growth, "add_birth": cycle.resolve_add_birth}.get(top[0])
        if auto is None:
            break
        s.tasks.pop()
        auto(s, top)
    s._cache.clear()


def test_oxygen_left_kills_a_colonist_of_every_corporation_and_skips_the_rest() -> None:
    s = new(2, mode="coop")
    for q in s.quarters:
        q[:3] = [0, 0, 0]
    s.quarters[1][:3] = [1, 1, 1]
    _run(s, ["summary", 0])
    assert s.dead == [1, 1]
    assert s.infirmary[1] == [] and s.apartments[1] == []


def test_disease_and_hunger_cost_every_corporation_a_marker() -> None:
    s = new(3, mode="coop")
    for q in s.quarters:
        q[:3] = [0, 0, 0]
    s.quarters[2][:3] = [0, 2, 1]
    _run(s, ["summary", 0])
    assert sorted(s.infirmary[2]) == [0, 1, 2] and sorted(s.apartments[2]) == [0, 1, 2]
    assert s.hand == [1, 1, 1] and s.dead == [0, 0, 0]


def test_a_marker_without_one_in_hand_is_taken_from_the_board_by_choice() -> None:
    s = new(2, mode="competitive")
    s.quarters[0][:3] = [0, 1, 0]
    s.hand[0] = 0
    s.fields["water"][0] = 0
    s.fields["moxie"][0] = 0
    s.fields["greenhouses"][0] = 0
    _run(s, ["summary", 0])
    assert s.tasks[-1][0] == "penalty"
    assert sorted(a.id for a in s.legal_actions(0)) == [
        "field:greenhouses:1", "field:moxie:1", "field:water:1"]
    s.apply(0, "field:moxie:1")
    assert s.infirmary[0] == [0] and s.fields["moxie"][0] == -1


def test_competitive_penalties_only_hit_the_owner() -> None:
    s = new(3, mode="competitive")
    for q in s.quarters:
        q[:3] = [0, 0, 0]
    s.quarters[1][:3] = [1, 0, 0]
    _run(s, ["summary", 0])
    assert s.dead == [0, 1, 0]


def test_growth_and_the_fourth_colonist() -> None:
    s = new(2, mode="coop")
    for q in s.quarters:
        q[:3] = [0, 0, 0]
    s.birth_q = 3
    s.quarters[3][3] = 2
    _run(s, ["growth"])
    assert s.quarters[3][3] == 3
    cycle._check_population(s)
    assert s.colonists == [4, 4]
    assert cycle.demand_for(s, None) == {"oxygen": 2, "disease": 2, "hunger": 5}


def test_demand_modifiers_from_colony_technologies_and_deaths() -> None:
    s = new(4, mode="coop")
    s.cycle = 2
    s.colony_tech = [["medicine", 0, 1], ["co2_converter", 1, 1]]
    s.dead = [1, 1, 1, 1]  # one oxygen failure: every corporation lost a colonist
    assert cycle.demand_for(s, None) == {"oxygen": 3, "disease": 3, "hunger": 7}
    comp = new(2, mode="competitive")
    comp.cycle = 2
    comp.colony_tech = [["medicine", 0, 1]]
    assert cycle.demand_for(comp, 0)["disease"] == 0 and cycle.demand_for(comp, 1)["disease"] == 1


def test_demand_tokens_are_placed_from_q1_to_q4() -> None:
    s = new(3, mode="coop")
    for q in s.quarters:
        q[:3] = [0, 0, 0]
    s.supply.update(oxygen=8, disease=8, hunger=12)
    cycle._place_demand(s)
    assert [q[:3] for q in s.quarters] == [[1, 1, 2], [1, 1, 2], [1, 1, 1], [0, 0, 1]]


def test_population_decrease_places_one_hunger_fewer_for_the_whole_colony() -> None:
    """Growth adds one hunger token for the colony, not per corporation; a decrease (one
    oxygen failure kills a colonist of each corporation) takes one away the same way (§4.1)."""
    s = new(4, mode="coop")
    s.cycle = 2
    assert cycle.demand_for(s, None)["hunger"] == 8
    s.dead = [1, 1, 1, 1]
    assert cycle.demand_for(s, None)["hunger"] == 7  # was 8 - 4
    s.dead = [2, 2, 2, 2]  # a second failure: the colony shrinks a second step
    assert cycle.demand_for(s, None)["hunger"] == 6
    s.dead = [1, 1, 1, 1]
    s.colonists = [4, 4, 4, 4]  # grown one step, shrunk one step: the table again
    assert cycle.demand_for(s, None)["hunger"] == 8
    solo = new(1, mode="solo")
    solo.dead = [1, 1]
    assert cycle.demand_for(solo, None)["hunger"] == 3  # one step down from 4, not two
    comp = new(2, mode="competitive")
    comp.dead = [1, 0]
    assert cycle.demand_for(comp, 0)["hunger"] == 1 and cycle.demand_for(comp, 1)["hunger"] == 2
