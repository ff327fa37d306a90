"""A test per starting character effect (§11) and the life of a Character card (§6.1)."""

from __future__ import annotations

import pytest

from .scene import do, ids, scene

CITIES = {0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"}


def test_liskarm_strategy_places_two_then_removes_one_at_end_phase() -> None:
    s = scene(cities=CITIES, facedown="liskarm")
    do(s, "reveal:strategy", "place:B-01/B-02", "place:B-02/B-03")
    assert s.supply[0] == 27 and s.end_effects[0] == ["liskarm"]
    do(s, "main:deploy", "place:none", "end")
    s.tasks = [["end_finish"], ["end_effects", 0]]
    s.run()
    do(s, "remove:B-02/B-03")
    assert s.supply[0] == 28 and s.end_effects[0] == []


def test_liskarm_tactic_replaces_for_3_gold() -> None:
    s = scene(cities=CITIES, facedown="liskarm", influence={"B-01/B-02": [1]})
    do(s, "reveal:tactic")
    assert ids(s) == ["pay", "decline"]
    do(s, "pay", "replace:B-01/B-02:1")
    assert s.influence["B-01/B-02"] == [0] and s.gold[0] == 17 and s.supply[1] == 29


def test_liskarm_tactic_cannot_place_beside_an_opponent_city() -> None:
    s = scene(cities=CITIES, facedown="liskarm", influence={"A-01": [1]})
    s.influence["A-01"] = [2]  # green's influence where yellow's city docks
    s.supply = [29, 29, 28, 29]
    do(s, "reveal:tactic", "pay", "replace:A-01:2")
    assert "A-01" not in s.influence and s.supply[0] == 29


def test_liskarm_tactic_needs_3_gold() -> None:
    s = scene(cities=CITIES, facedown="liskarm", influence={"B-01/B-02": [1]}, gold=2)
    do(s, "reveal:tactic")
    assert s.tasks[-1] == ["turn", 0, 0]  # the conditional could not be paid: nothing happens
    assert s.discard[0] == ["liskarm"]


def test_elysium_strategy_gains_4_of_the_scarcest() -> None:
    s = scene(cities=CITIES, facedown="elysium", res=(3, 1, 2))
    do(s, "reveal:strategy")
    assert s.res[0] == [3, 5, 2]


def test_elysium_strategy_tie_is_the_players_pick() -> None:
    s = scene(cities=CITIES, facedown="elysium", res=(1, 1, 2))
    do(s, "reveal:strategy")
    assert ids(s) == ["type:orirock", "type:shard"]
    do(s, "type:orirock")
    assert s.res[0] == [5, 1, 2]


def test_elysium_tactic_moves_the_city_to_own_adjacent_site() -> None:
    s = scene(cities=CITIES, facedown="elysium", res=(0, 3, 0), markers={"B-03": "orirock"},
              influence={"B-03": [0], "B-02/B-03": [1]})
    do(s, "reveal:tactic")
    assert ids(s) == ["city:B-03", "decline"]  # only sites holding own influence
    do(s, "city:B-03")
    assert s.city[0] == "B-03" and s.res[0][1] == 0
    assert "B-02/B-03" not in s.influence  # opponents on the route are removed
    assert s.influence["B-02"] == [0]  # influence on the starting point


def test_texas_strategy_gold_and_facility_to_the_bottom() -> None:
    s = scene(cities=CITIES, facedown="texas")
    card = s.market[2]
    do(s, "reveal:strategy")
    assert s.gold[0] == 32
    do(s, f"bottom:{card}")
    assert s.fac_deck[0] == card and card not in s.market and len(s.market) == 6
    assert s.fac_known == 1
    assert s.view(1)["facility_deck_known_bottom"] == [card]


def test_texas_strategy_with_an_empty_deck_returns_the_card() -> None:
    s = scene(cities=CITIES, facedown="texas")
    s.fac_box.extend(s.fac_deck)
    s.fac_deck = []
    card = s.market[0]
    do(s, "reveal:strategy", f"bottom:{card}")
    assert card in s.market and s.fac_deck == []


def test_texas_tactic_replace_then_two_moves() -> None:
    s = scene(cities=CITIES, facedown="texas", influence={"B-01/B-02": [1], "B-02/B-03": [0]})
    do(s, "reveal:tactic", "pay", "replace:B-01/B-02:1")
    do(s, "from:B-02/B-03", "to:A-01/A-02")
    do(s, "from:A-01/A-02", "to:A-02/C-01")
    assert s.influence == {"B-01/B-02": [0], "A-02/C-01": [0]} and s.gold[0] == 17


def test_cannot_strategy_sells_chosen_amounts() -> None:
    s = scene(cities=CITIES, facedown="cannot", res=(2, 1, 3))
    s.pure[0] = 1
    s.bank_pure -= 1
    do(s, "reveal:strategy", "sell:2", "sell:0", "sell:1", "sell:1")
    assert s.res[0] == [0, 1, 2] and s.pure[0] == 0
    assert s.gold[0] == 20 + 6 + 4 + 15


def test_cannot_tactic_everyone_sells_at_2() -> None:
    s = scene(cities=CITIES, facedown="cannot", res=(0, 0, 3))
    do(s, "reveal:tactic", "type:oriron")
    assert [r[2] for r in s.res] == [0, 0, 0, 0]
    assert s.gold == [26, 26, 26, 26] and s.points[0] == 1


def test_tin_man_strategy_point_then_two_purchases() -> None:
    s = scene(cities=CITIES, facedown="tin-man", gold=30)
    do(s, "reveal:strategy")
    assert s.points[0] == 1
    do(s, "pay", "pay")
    assert s.pure[0] == 2 and s.gold[0] == 3


def test_tin_man_strategy_second_purchase_unaffordable() -> None:
    s = scene(cities=CITIES, facedown="tin-man", gold=20)
    do(s, "reveal:strategy", "pay")
    assert s.pure[0] == 1 and s.gold[0] == 5 and s.tasks[-1][0] == "turn"


def test_tin_man_tactic_takes_back_discards_without_itself() -> None:
    s = scene(cities=CITIES, facedown="tin-man", influence={"B-01/B-02": [0]})
    s.hand[0] = ["texas"]
    s.discard[0] = ["liskarm", "cannot", "elysium"]
    do(s, "reveal:tactic")
    assert ids(s) == ["gold", "move"]
    do(s, "gold", "gold", "move", "from:B-01/B-02", "to:A-01/A-02")
    assert s.gold[0] == 30 and s.influence == {"A-01/A-02": [0]}
    assert sorted(s.hand[0]) == ["cannot", "elysium", "liskarm", "texas"]
    assert s.discard[0] == ["tin-man"]


def test_only_the_first_player_uses_both_effects() -> None:
    first = scene(cities=CITIES, facedown="elysium", first=0, res=(0, 0, 0))
    assert "reveal:strategy+tactic" in ids(first) and "reveal:tactic+strategy" in ids(first)
    other = scene(cities=CITIES, facedown="elysium", first=1, res=(0, 0, 0))
    assert not [a for a in ids(other) if "+" in a]
    from boardwright import IllegalAction
    with pytest.raises(IllegalAction, match="first player"):
        other.apply(0, "reveal:strategy+tactic")


def test_first_player_both_effects_in_chosen_order() -> None:
    s = scene(cities=CITIES, facedown="tin-man", first=0, gold=30)
    s.discard[0] = ["liskarm"]
    s.hand[0] = ["texas", "cannot", "elysium"]
    do(s, "reveal:tactic+strategy", "gold")  # Foresight: 1 card back → 5 Gold
    assert s.gold[0] == 35
    do(s, "pay", "pay")  # then Assert Authority
    assert s.pure[0] == 2 and s.points[0] == 1


def test_a_character_is_used_once_per_round() -> None:
    s = scene(cities=CITIES, facedown="elysium", res=(1, 0, 1))
    do(s, "reveal:strategy")
    assert not [a for a in ids(s) if a.startswith("reveal")]
    from boardwright import IllegalAction
    with pytest.raises(IllegalAction, match="already used"):
        s.apply(0, "reveal:tactic")


def test_unused_character_returns_to_hand_with_the_discard_pile() -> None:
    s = scene(cities=CITIES, facedown="texas")
    s.hand[0] = ["cannot"]
    s.discard[0] = ["liskarm", "elysium"]
    s.tasks = [["end_finish"]]
    s.run()
    assert sorted(s.hand[0]) == ["cannot", "elysium", "liskarm", "texas"]
    assert s.discard[0] == [] and s.facedown[0] == ""


def test_empty_hand_takes_the_discard_pile_back_before_selection() -> None:
    s = scene(cities=CITIES)
    s.hand[0] = []
    s.discard[0] = ["liskarm", "elysium", "texas", "cannot", "tin-man"]
    s.tasks = [["round", 5]]
    s.run()
    assert len(s.hand[0]) == 5 and s.tasks[-1][0] == "select"
