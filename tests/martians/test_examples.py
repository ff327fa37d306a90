"""Every worked example of the rulebook, with the shipped data."""

from __future__ import annotations

from .scene import do, give_card, ids, new, res, setres, to_turn


def test_two_player_assistant_deck_has_two_of_each_and_four_are_drawn() -> None:
    s = new(2, mode="coop")
    deck = s.assistant_deck + s.board_assistants
    assert len(deck) == 6
    assert sorted(c.split("#")[0] for c in deck) == ["botanist"] * 2 + ["geologist"] * 2 + ["scientist"] * 2
    assert len(s.board_assistants) == 4
    assert len(new(4, mode="coop").board_assistants) == 6
    assert len(new(3, mode="coop").assistant_deck) == 4


def test_delivering_one_medicine_and_one_food_gives_five_reputation() -> None:
    s = new(2, mode="competitive")
    corp = to_turn(s)
    q = s.owner.index(corp)
    s.quarters[q][1] = 1  # a disease token
    s.quarters[q][2] = 2  # two hunger tokens
    s.supply["disease"] -= 1
    s.supply["hunger"] -= 2
    setres(s, corp, medicine=1, food=2)
    before = s.reputation[corp]
    do(s, "end")
    assert f"food:{q + 1}" in ids(s) and f"medicine:{q + 1}" in ids(s)
    do(s, f"medicine:{q + 1}", f"food:{q + 1}")  # at most two products: the delivery ends
    assert s.reputation[corp] == before + 5
    assert res(s, corp, "food") == 1 and res(s, corp, "medicine") == 0
    assert s.quarters[q][1:3] == [0, 1]


def test_multi_action_landing_pod_research_then_supplies() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.research_board = sorted({*s.research_board[:3], "soil_survey"})
    s._cache.clear()
    credits, supplies = res(s, corp, "credits"), res(s, corp, "supplies")
    do(s, "place:landing_pod:1", "research:soil_survey", "supplies:1")
    assert s.turn["time"] == 0
    assert res(s, corp, "credits") == credits + 8
    assert res(s, corp, "supplies") == supplies + 1
    # no time left and research is done with this marker: only leaving (and the RTG, no action)
    assert set(ids(s)) - {"rtg"} == {"leave"}


def test_excavation_with_examination_and_molecular_sensor() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.corp_tech[corp].append("molecular_sensor")
    s.tiles[s.machine] = "regolith-2#1"
    s.faceup[s.machine] = True
    setres(s, corp, energy=3, regolith=0)  # scenario 1 starts every purse with 2 regolith
    deck = len(s.regolith_deck)
    do(s, "place:excavation:1", "excavate")
    here = s.machine
    do(s, f"dig:{here}:2:0")
    assert res(s, corp, "regolith") == 2 and s.tiles[here] == ""
    move = next(a for a in ids(s) if a.startswith("move:"))
    do(s, move)
    do(s, "examine")
    assert len(s.regolith[corp]) == 3  # 2 for the regolith dug, 1 for the Molecular sensor
    assert len(s.regolith_deck) == deck - 3
    assert s.turn["time"] == 1  # 1 for the excavation, 1 for the examination
    other = 1 - corp
    assert "regolith_minerals" not in s.view(s.seat_of(other))["purses"][corp]
    assert "regolith_minerals" in s.view(s.seat_of(corp))["purses"][corp]


def test_research_with_a_yellow_mineral_pays_ten_credits() -> None:
    s = new(2, mode="semi-coop")
    corp = to_turn(s)
    s.research_board = sorted({*s.research_board[:3], "yellow_assay"})
    card = give_card(s, corp, "yellow")
    credits = res(s, corp, "credits")
    do(s, "place:landing_pod:1", "research:yellow_assay")
    assert s.turn["time"] == 1
    assert res(s, corp, "credits") == credits + 10
    assert card in s.regolith_out and card not in s.regolith[corp]
    assert "yellow_assay" in s.research_out and "yellow_assay" not in s.research_board
