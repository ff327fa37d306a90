"""Every expert, weather card and technology, regaining penalty markers, and each "may",
"up to", "cannot" and ordering rule of the rulebook, with the shipped data."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.titles.martians import cycle, excavation
from boardwright.titles.martians.buildings import crop_terms, offers
from boardwright.titles.martians.state import MartiansState

from .scene import clear_quarters, do, ids, new, passive, res, setres, to_turn


def _expert(s: MartiansState, corp: int, card: str) -> None:
    s.experts[corp] = [[card, 1]]
    s._cache.clear()


def _tokens(s: MartiansState, q: int, kind: str, n: int) -> None:
    i = ("oxygen", "disease", "hunger").index(kind)
    s.quarters[q][i] += n
    s.supply[kind] -= n
    s._cache.clear()


# ------------------------------------------------------------------ experts (§7.2)
def test_engineer_removes_one_oxygen_token_for_one_reputation() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    clear_quarters(s)
    _expert(s, corp, "engineer#1")
    assert not any(a.startswith("expert:") for a in ids(s))  # no oxygen token: nothing to do
    _tokens(s, 2, "oxygen", 1)
    setres(s, 0, credits=2, energy=1)
    rep = s.reputation[0]
    do(s, "expert:0", "q:3")
    assert s.quarters[2][0] == 0 and s.reputation[0] == rep + 1
    assert res(s, 0, "credits") == 0 and res(s, 0, "energy") == 0 and s.turn["time"] == 3


def test_engineer_cannot_be_paid_without_the_energy() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    _expert(s, corp, "engineer#1")
    setres(s, 0, credits=5, energy=0)
    assert not any(a.startswith("expert:") for a in ids(s))


def test_nutritionist_removes_two_hunger_tokens_from_any_quarters() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    clear_quarters(s)
    _tokens(s, 0, "hunger", 1)
    _tokens(s, 3, "hunger", 1)
    _expert(s, corp, "nutritionist#1")
    setres(s, 0, credits=2, food=1, energy=1)
    rep = s.reputation[0]
    do(s, "expert:0")
    assert sorted(ids(s)) == ["q:1", "q:4"]
    do(s, "q:4", "q:1")
    assert [q[2] for q in s.quarters] == [0, 0, 0, 0] and s.reputation[0] == rep + 2
    assert (res(s, 0, "credits"), res(s, 0, "food"), res(s, 0, "energy")) == (0, 0, 0)


def test_competitive_experts_cannot_touch_other_players_quarters() -> None:
    s = new(2, mode="competitive")
    corp = to_turn(s)
    clear_quarters(s)
    other = s.owner.index(1 - corp)
    _tokens(s, other, "hunger", 2)
    _expert(s, corp, "nutritionist#1")
    setres(s, corp, credits=5, food=2, energy=2)
    assert not any(a.startswith("expert:") for a in ids(s))
    own = s.owner.index(corp)
    _tokens(s, own, "hunger", 1)
    do(s, "expert:0")
    assert ids(s) == [f"q:{own + 1}"]
    do(s, f"q:{own + 1}")  # only one token of its own: the second removal lapses
    assert s.tasks[-1][0] == "turn" and s.quarters[other][2] == 2


def test_power_plant_manager_turns_energy_into_reputation() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    _expert(s, corp, "power_plant_manager#1")
    setres(s, corp, credits=1, energy=2)
    rep = s.reputation[corp]
    do(s, "expert:0")
    assert s.reputation[corp] == rep + 2 and res(s, corp, "energy") == 0 and res(s, corp, "credits") == 0


def test_soil_analyst_draws_two_regolith_cards() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    _expert(s, corp, "soil_analyst#1")
    setres(s, corp, credits=2, energy=1, regolith=1)
    do(s, "expert:0")
    assert len(s.regolith[corp]) == 2 and res(s, corp, "regolith") == 0
    assert len(s.regolith_deck) == 16


def test_chemist_makes_one_drinking_water() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    _expert(s, corp, "chemist#1")
    setres(s, corp, credits=2, energy=1, dirty_ice=1, drinking_water=0)
    do(s, "expert:0")
    assert res(s, corp, "drinking_water") == 1 and res(s, corp, "dirty_ice") == 0


def test_pharmacist_makes_one_medicine() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    _expert(s, corp, "pharmacist#1")
    setres(s, corp, credits=4, supplies=1, drinking_water=1, medicine=0)
    do(s, "expert:0")
    assert res(s, corp, "medicine") == 1 and res(s, corp, "credits") == 0
    assert res(s, corp, "supplies") == 0 and res(s, corp, "drinking_water") == 0


def test_builder_constructs_paying_the_action_costs_but_no_time_or_marker() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    _expert(s, corp, "builder#1")
    setres(s, corp, credits=4, energy=0, regolith=1, supplies=1)
    assert not any(a.startswith("expert:") for a in ids(s))  # the action's energy is missing
    setres(s, corp, energy=1)
    rep = s.reputation[corp]
    do(s, "expert:0")
    assert "build:hospital" in ids(s)
    do(s, "build:hospital")
    assert "hospital" not in s.unbuilt and s.reputation[corp] == rep + 3
    assert (res(s, corp, "credits"), res(s, corp, "energy"), res(s, corp, "regolith"),
            res(s, corp, "supplies")) == (0, 0, 0, 0)
    assert s.turn["time"] == 3 and s.hand[corp] == 3


def test_expert_turns_face_up_at_the_owners_next_turn() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    _expert(s, corp, "power_plant_manager#1")
    setres(s, 0, credits=10, energy=10)
    do(s, "expert:0")
    assert s.experts[corp][0][1] == 0
    do(s, "end")
    while not (s.tasks[-1][0] == "turn" and int(s.tasks[-1][1]) == corp):
        assert s.experts[corp][0][1] == 0
        passive(s)
    assert s.experts[corp][0][1] == 1 and "expert:0" in ids(s)


# ------------------------------------------------------------------ regaining penalty markers (§5.7)
def test_infirmary_gives_a_marker_back_for_one_time_unit() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    s.hand[corp] = 2
    s.infirmary[3].append(corp)
    s._cache.clear()
    do(s, "infirmary")
    assert s.hand[corp] == 3 and s.infirmary[3] == [] and s.turn["time"] == 2
    assert "infirmary" not in ids(s)


def test_infirmary_needs_a_time_unit() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    s.infirmary[0] += [corp, corp]
    s.hand[corp] = 1
    s.turn["time"] = 0
    s._cache.clear()
    assert "infirmary" not in ids(s)


def test_apartments_give_a_marker_back_for_two_credits_and_no_time() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.hand[corp] = 2
    s.apartments[1].append(corp)
    setres(s, corp, credits=1)
    assert "apartments" not in ids(s)
    setres(s, corp, credits=3)
    do(s, "apartments")
    assert s.hand[corp] == 3 and s.apartments[1] == [] and res(s, corp, "credits") == 1
    assert s.turn["time"] == 3


def test_regaining_is_not_an_action_and_may_follow_one() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    s.hand[corp] = 1
    s.infirmary[0].append(corp)
    setres(s, 0, dirty_ice=1, energy=2)
    do(s, "place:water:1", "water", "leave")
    assert s.hand[corp] == 0
    do(s, "infirmary")
    assert s.hand[corp] == 1


# ------------------------------------------------------------------ weather (§9)
WEATHER = {  # card: (harvest food, harvest energy cost, solar, wind, excavation markers)
    "stable": (2, 1, 3, 4, 2),
    "solar_activity": (3, 1, 4, 4, 2),
    "solar_activity_alt": (2, 0, 4, 4, 2),
    "sandstorm": (1, 1, 2, 3, 2),
    "sandstorm_alt": (2, 2, 2, 3, 2),
    "wind": (2, 1, 3, 5, 2),
    "earthquake": (2, 1, 3, 4, 1),
}


@pytest.mark.parametrize("card", sorted(WEATHER))
def test_every_weather_card(card: str) -> None:
    s = new(2, mode="coop")
    s.weather = f"{card}#1"
    food, energy, solar, wind, dig = WEATHER[card]
    cost, gain = crop_terms(s, 0)  # lettuce: 1 energy -> 2 food (stand-in)
    assert gain["food"] == food and cost["energy"] == energy
    assert cycle.output(s, 0, "solar") == solar and cycle.output(s, 0, "wind") == wind
    s.tiles[s.machine] = "regolith-2#1"
    assert max(r + i for r, i in excavation.dig_options(s, 0, s.machine)) == dig


def test_weather_deck_holds_ten_cards_with_stable_weather_face_up() -> None:
    s = new(2, mode="coop")
    cards = [s.weather, *s.weather_deck]
    assert len(cards) == 10 and s.weather == "stable#1"
    assert {c.split("#")[0] for c in cards} == set(WEATHER)


def test_weather_changes_once_per_cycle_after_round_two() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    while s.round <= 2 and s.cycle == 1:
        assert s.weather == "stable#1"
        passive(s)
    assert s.weather != "stable#1" or s.weather_out == ["stable#1"]
    assert len(s.weather_out) == 1
    w = s.weather
    while s.cycle == 1:
        passive(s)
    assert s.weather == w


# ------------------------------------------------------------------ corporation technologies (§8)
def test_weather_report_shows_the_top_card_to_its_owner_only() -> None:
    s = new(2, mode="competitive")
    corp = to_turn(s)
    assert s.view(s.seat_of(corp))["weather"]["top_seen"] is None
    s.corp_tech[corp].append("weather_report")
    s.tasks.pop()
    from boardwright.titles.martians.turn import begin

    begin(s, corp)
    s._cache.clear()
    top = s.weather_deck[-1].split("#")[0]
    assert s.view(s.seat_of(corp))["weather"]["top_seen"] == top
    assert s.view(s.seat_of(1 - corp))["weather"]["top_seen"] is None
    assert s.view(None)["weather"]["top_seen"] is None
    cycle._weather(s)
    new_top = s.weather_deck[-1].split("#")[0]  # a new top: its owner may look at once (§8)
    assert s.view(s.seat_of(corp))["weather"]["top_seen"] == new_top
    assert s.view(s.seat_of(1 - corp))["weather"]["top_seen"] is None


def test_weather_report_keeps_the_seen_card_on_top_when_determinized() -> None:
    s = new(2, mode="competitive")
    corp = to_turn(s)
    s.corp_tech[corp].append("weather_report")
    s.tasks.pop()
    from boardwright.titles.martians.turn import begin

    begin(s, corp)
    s._cache.clear()
    top = s.weather_deck[-1]
    seat = s.seat_of(corp)
    for k in range(5):
        d = s.determinize(seat, k)
        assert d.weather_deck[-1] == top  # type: ignore[attr-defined]


def test_dna_alteration_gives_a_fourth_time_unit() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    assert s.turn["time"] == 3
    s.corp_tech[1 - corp].append("dna_alteration")
    do(s, "end", *(["done"] if "done" in ids(s) else []))
    while s.tasks[-1][0] != "turn":
        passive(s)
    assert int(s.tasks[-1][1]) == 1 - corp and s.turn["time"] == 4


def test_solar_cells_and_kinetic_power_add_one_energy_per_marker() -> None:
    s = new(2, mode="coop")
    s.corp_tech[0] += ["solar_cells", "kinetic_power"]
    assert cycle.output(s, 0, "solar") == 4 and cycle.output(s, 0, "wind") == 5
    assert cycle.output(s, 1, "solar") == 3 and cycle.output(s, 1, "wind") == 4


def test_installations_produce_for_their_owner_only_and_skip_unbuilt_ones() -> None:
    s = new(2, mode="semi-coop")
    s.install["solar"] = [0, 1, 0]
    s.install["wind"] = [1]  # still carrying its build token
    e0, e1 = res(s, 0, "energy"), res(s, 1, "energy")
    cycle._energy(s)
    assert res(s, 0, "energy") == e0 + 6 and res(s, 1, "energy") == e1 + 3
    s.install["solar"] = [1]  # the box's 30 energy markers: keep enough in the supply
    s.unbuilt.remove("wind")
    cycle._energy(s)
    assert res(s, 1, "energy") == e1 + 3 + 3 + 4


def test_at_most_two_installations_per_corporation() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.install["solar"] = [corp, corp]
    setres(s, corp, energy=3, regolith=3, supplies=3)
    assert not any(o.id.startswith("install:") for o in offers(s, corp, "construction", 3))
    s.install["solar"] = [corp]
    assert any(o.id == "install:solar" for o in offers(s, corp, "construction", 3))


def test_long_arm_crane_digs_a_face_up_token_next_to_the_machine() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    nb = excavation.neighbours(s.machine)
    s.faceup[nb[0]] = True
    s.tiles[nb[0]] = "ice-2#1"
    assert nb[0] not in excavation.dig_sources(s, corp)
    s.corp_tech[corp].append("long_arm_crane")
    assert nb[0] in excavation.dig_sources(s, corp)


# ------------------------------------------------------------------ colony technologies (§6.9)
def test_medicine_and_co2_converter_place_one_token_fewer_from_the_next_cycle() -> None:
    s = new(2, mode="coop")
    s.colony_tech = [["medicine", 0, 2], ["co2_converter", 1, 2]]
    s.cycle = 2
    assert cycle.demand_for(s, None) == {"oxygen": 2, "disease": 2, "hunger": 4}
    s.cycle = 3
    assert cycle.demand_for(s, None) == {"oxygen": 1, "disease": 1, "hunger": 4}


def test_birth_control_adds_a_token_before_the_population_check() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    s.colony_tech = [["birth_control", 0, 1]]
    s.birth_q = 2
    s.quarters[2][3] = 2
    s.supply["birth"] -= 2
    s.cycle = 2
    s.tasks = [["cycle_start", 0]]
    s.run()
    assert s.quarters[2][3] == 3 and s.colonists == [4, 4] and s.rounds == 4


def test_birth_control_in_competitive_only_for_its_developer() -> None:
    s = new(2, mode="competitive")
    clear_quarters(s)
    s.colony_tech = [["birth_control", 1, 1]]
    s.cycle = 2
    s.tasks = [["cycle_start", 0]]
    s.run()
    assert s.quarters[s.owner.index(1)][3] == 1 and s.quarters[s.owner.index(0)][3] == 0


def test_colony_technology_once_per_game_except_in_competitive() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    s.unbuilt.remove("laboratory")
    s.colony_tech = [["medicine", 1 - corp, 1]]
    setres(s, 0, energy=3)
    labs = [o.id for o in offers(s, corp, "laboratory", 3)]
    assert "tech:medicine" not in labs and "tech:co2_converter" in labs
    c = new(2, mode="competitive")
    corp = to_turn(c)
    c.unbuilt.remove("laboratory")
    c.colony_tech = [["medicine", 1 - corp, 1]]
    setres(c, corp, energy=3)
    assert "tech:medicine" in [o.id for o in offers(c, corp, "laboratory", 3)]
    c.colony_tech.append(["medicine", corp, 1])
    assert "tech:medicine" not in [o.id for o in offers(c, corp, "laboratory", 3)]


def test_corporation_technology_costs_its_x_time_and_one_energy() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.unbuilt.remove("laboratory")
    setres(s, corp, energy=1)
    labs = {o.id: o.time for o in offers(s, corp, "laboratory", 3)}
    assert labs["tech:dna_alteration"] == 3 and labs["tech:weather_report"] == 1
    assert labs["tech:long_arm_crane"] == 2
    assert "tech:dna_alteration" not in {o.id for o in offers(s, corp, "laboratory", 2)}
    do(s, "place:laboratory:1", "tech:weather_report")
    assert s.corp_tech[corp] == ["weather_report"] and res(s, corp, "energy") == 0


# ------------------------------------------------------------------ "may", "up to", "cannot"
def test_products_delivery_up_to_two_and_only_food_and_medicine() -> None:
    s = new(2, mode="coop")
    to_turn(s)
    clear_quarters(s)
    _tokens(s, 0, "hunger", 3)
    setres(s, 0, food=3)
    do(s, "end", "food:1", "food:1")
    assert s.quarters[0][2] == 1 and res(s, 0, "food") == 1
    assert s.tasks[-1][0] != "deliver"


def test_delivery_is_optional() -> None:
    s = new(2, mode="coop")
    to_turn(s)
    clear_quarters(s)
    _tokens(s, 1, "disease", 1)
    setres(s, 0, medicine=1)
    do(s, "end")
    assert "done" in ids(s)
    do(s, "done")
    assert s.quarters[1][1] == 1 and res(s, 0, "medicine") == 1


def test_competitive_delivery_only_to_own_quarters() -> None:
    s = new(2, mode="competitive")
    corp = to_turn(s)
    clear_quarters(s)
    _tokens(s, s.owner.index(1 - corp), "hunger", 1)
    setres(s, corp, food=1)
    do(s, "end")
    assert s.tasks[-1][0] != "deliver"  # nothing it may deliver: no decision


def test_supplies_up_to_two_for_their_time() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    sup = res(s, corp, "supplies")
    do(s, "place:landing_pod:1", "supplies:2")
    assert res(s, corp, "supplies") == sup + 2 and s.turn["time"] == 1
    assert "supplies:1" not in ids(s)  # the same action twice with one marker is forbidden


def test_rtg_cannot_be_drawn_when_empty() -> None:
    s = new(2, mode="coop")
    to_turn(s)
    s.rtg = 0
    s._cache.clear()
    assert "rtg" not in ids(s)


def test_no_building_action_without_placing_a_marker() -> None:
    s = new(2, mode="coop")
    to_turn(s)
    with pytest.raises(bw.IllegalAction):
        do(s, "water")
    with pytest.raises(bw.IllegalAction):
        do(s, "harvest")


def test_no_marker_placement_without_the_means_for_an_action() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    setres(s, corp, energy=0)
    acts = ids(s)
    for b in ("moxie", "water", "excavation", "construction"):
        assert not any(a.startswith(f"place:{b}:") for a in acts), b


def test_no_marker_placement_with_empty_hand() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.hand[corp] = 0
    s._cache.clear()
    assert not any(a.startswith("place:") for a in ids(s))


def test_excavation_must_move_the_machine_and_may_dig_before_or_after() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    do(s, "place:excavation:1", "excavate")
    acts = ids(s)
    assert any(a.startswith("move:") for a in acts) and any(a.startswith("dig:") for a in acts)
    assert "skip" not in acts  # the move is compulsory
    start = s.machine
    do(s, next(a for a in acts if a.startswith("dig:")))
    assert s.tiles[start] == "" and ids(s) and all(a.startswith("move:") for a in ids(s))
    do(s, ids(s)[0])
    assert s.machine != start and corp >= 0


def test_excavation_move_never_away_from_the_face_down_tokens() -> None:
    s = new(2, mode="semi-coop")
    for h in excavation.moves(s):
        assert excavation._to_face_down(s, h) <= excavation._to_face_down(s, s.machine)


def test_examination_draws_one_card_per_regolith_marker_dug() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.tiles[s.machine] = "mixed#1"
    do(s, "place:excavation:1", "excavate", f"dig:{s.machine}:1:1")
    do(s, ids(s)[0])
    assert s.tasks[-1][0] == "examine"
    do(s, "examine")
    assert len(s.regolith[corp]) == 1 and s.turn["time"] == 1


def test_regolith_cards_are_secret_except_in_coop() -> None:
    s = new(2, mode="semi-coop")
    s.regolith[0].append(s.regolith_deck.pop())
    assert "regolith_minerals" in s.view(0)["purses"][0]
    assert "regolith_minerals" not in s.view(1)["purses"][0]
    c = new(2, mode="coop")
    c.regolith[0].append(c.regolith_deck.pop())
    assert "regolith_minerals" in c.view(1)["purses"][0]


def test_research_removes_its_tile_and_markers_from_the_game() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.research_board = ["ice_core"]
    setres(s, corp, dirty_ice=2)
    credits = res(s, corp, "credits")
    do(s, "place:landing_pod:1", "research:ice_core")
    assert s.research_out == ["ice_core"] and s.gone == {"dirty_ice": 2}
    assert res(s, corp, "credits") == credits + 6


def test_one_mission_requirement_per_action() -> None:
    s = new(2, mode="coop", scenario=2)
    to_turn(s)
    setres(s, 0, energy=10)
    do(s, "place:landing_pod:1", "mission:power_reserve")
    assert not any(a.startswith("mission:") for a in ids(s))


def test_completed_commission_is_replaced() -> None:
    s = new(2, mode="competitive")
    corp = to_turn(s)
    card = s.commissions_open[0]
    rec = s.content.commissions[card]
    setres(s, corp, **{k: v + 2 for k, v in rec.cost.items()})
    for m in rec.minerals:
        from .scene import give_card

        give_card(s, corp, m)
    top = s.commission_deck[-1]
    do(s, "place:landing_pod:1", f"commission:{card}")
    assert card not in s.commissions_open and top in s.commissions_open
    assert len(s.commissions_open) == 4


def test_educational_center_costs_no_time() -> None:
    s = new(2, mode="coop")
    to_turn(s)
    s.unbuilt.remove("education")
    setres(s, 0, credits=2)
    do(s, "place:education:1")
    do(s, next(a for a in ids(s) if a.startswith("hire:")))
    assert s.turn["time"] == 3 and res(s, 0, "credits") == 0


# ------------------------------------------------------------------ ordering (§4.3)
def test_quarters_are_settled_from_q1_and_death_skips_that_quarters_penalties() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    s.quarters[0][:3] = [0, 1, 0]
    s.quarters[1][:3] = [1, 1, 1]
    s.quarters[3][:3] = [0, 0, 1]
    s.tasks.append(["summary", 0])
    s.run()
    texts = [e.text for e in s.log][-8:]
    q1 = next(i for i, t in enumerate(texts) if "infirmary of Q1" in t)
    q2 = next(i for i, t in enumerate(texts) if "Q2" in t)
    q4 = next(i for i, t in enumerate(texts) if "apartments of Q4" in t)
    assert q1 < q2 < q4
    assert s.infirmary[1] == [] and s.apartments[1] == [] and s.dead == [1, 1]


def test_demand_tokens_stay_after_the_last_cycle_only() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    _tokens(s, 0, "hunger", 1)
    cycle.resolve_cycle_end(s, ["cycle_end"])
    assert s.quarters[0][2] == 0
    s.tasks.clear()
    s.cycle = s.cycles
    _tokens(s, 0, "hunger", 1)
    cycle.resolve_cycle_end(s, ["cycle_end"])
    assert s.quarters[0][2] == 1 and s.finished


def test_growth_only_when_every_quarters_is_clear() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    s.birth_q = 1
    _tokens(s, 3, "disease", 1)
    cycle.resolve_growth(s, ["growth"])
    assert not any(t[0] == "add_birth" for t in s.tasks)
    clear_quarters(s)
    cycle.resolve_growth(s, ["growth"])
    assert s.tasks[-1] == ["add_birth", -1]


def test_birth_rate_quarters_are_chosen_once_and_kept() -> None:
    s = new(2, mode="coop")
    s.tasks = [["add_birth", -1]]
    s.run()
    assert s.tasks[-1][0] == "birth_q"
    do(s, "q:3")
    assert s.quarters[2][3] == 1 and s.birth_q == 2
    s.tasks = [["add_birth", -1]]
    s.run()
    assert s.quarters[2][3] == 2
