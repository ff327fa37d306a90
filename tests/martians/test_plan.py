"""The co-operative bots' plan (plan.py) and evaluation (heuristic.py): the work left
follows the board's production chains, and the evaluation prefers the step a team needs."""

from __future__ import annotations

from boardwright.titles.martians.heuristic import evaluate
from boardwright.titles.martians.plan import plan

from .scene import do, give_card, ids, new, setres, to_turn


def test_the_plan_counts_moxie_actions_for_every_oxygen_token_to_come() -> None:
    s = new(2, mode="coop", scenario=4)
    before = plan(s)
    s.quarters[3][0] += 1
    after = plan(s)
    assert after.actions == before.actions + 1 and after.energy == before.energy + 1


def test_medicine_in_store_cuts_the_hospital_chain() -> None:
    s = new(2, mode="coop", scenario=4)
    setres(s, 0, medicine=0, drinking_water=0, supplies=0)
    short = plan(s)
    setres(s, 0, medicine=2)
    stocked = plan(s)
    assert stocked.actions < short.actions and stocked.short["medicine"] == short.short["medicine"] - 2


def test_a_medicinal_crop_replaces_the_hospital_in_the_plan() -> None:
    s = new(2, mode="coop", scenario=4)
    setres(s, 0, medicine=0, drinking_water=0, supplies=0)
    hospital = plan(s)
    s.crop[0] = "herbs#1"
    herbs = plan(s)
    assert herbs.actions < hospital.actions
    assert herbs.short["drinking_water"] < hospital.short["drinking_water"]


def test_a_team_short_of_energy_values_an_installation_it_can_pay_for() -> None:
    s = new(2, mode="coop", scenario=1)
    corp = to_turn(s)
    setres(s, 0, energy=1, regolith=1, supplies=1)
    s.rtg = 0
    for q in s.quarters:
        q[0] += 1  # oxygen to remove: energy is short
    assert plan(s).short["energy"] > 0
    ready = evaluate(s, s.seat_of(corp))
    installed = s.clone()
    installed.install["solar"].append(corp)
    setres(installed, 0, energy=0, regolith=0, supplies=0)
    assert plan(installed).income > plan(s).income
    assert evaluate(installed, s.seat_of(corp)) > ready


def test_the_scenario_conditions_made_lighter_for_balance() -> None:
    from boardwright.titles.martians.buildings import condition_met

    s = new(2, mode="coop", scenario=2)
    assert not condition_met(s, "one_colony_technology")
    s.colony_tech.append(["medicine", 0, 1])
    assert condition_met(s, "one_colony_technology") and not condition_met(s, "two_colony_technologies")
    s.quarters[2][3] = 1
    assert not condition_met(s, "two_birth_rate_tokens")
    s.quarters[2][3] = 2
    assert condition_met(s, "two_birth_rate_tokens") and not condition_met(s, "fourth_colonist")
    taken = [b for b, v in s.upgrades.items() if v][:2]
    for b in taken:
        s.upgrades[b].pop(0)
    assert condition_met(s, "two_upgrades") and not condition_met(s, "four_upgrades")


def test_semi_coop_seats_value_the_shared_scenario() -> None:
    s = new(3, mode="semi-coop", scenario=1)
    corp = to_turn(s)
    seat = s.seat_of(corp)
    before = evaluate(s, seat)
    done = s.clone()
    done.requirements_done.append(["stores", (corp + 1) % 3])  # met by a rival: still shared work
    assert evaluate(done, seat) > before


def test_a_mineral_card_in_hand_needs_no_examination_in_the_plan() -> None:
    s = new(2, mode="coop", scenario=2)  # samples: a yellow and a blue mineral card
    before = plan(s)
    give_card(s, 0, "yellow")
    after = plan(s)
    assert after.actions < before.actions and after.energy < before.energy


def test_the_look_ahead_follows_an_excavation_to_its_examination() -> None:
    s = new(2, mode="coop", scenario=2)
    corp = to_turn(s)
    seat = s.seat_of(corp)
    assert "place:excavation:1" in ids(s)
    dig = s.clone()
    do(dig, "place:excavation:1")
    # start, move the machine, dig, examine: four decisions, one action of the building
    assert evaluate(dig, seat) > evaluate(s, seat)
