"""A test per Operator Character effect (§17.4-§17.11) and the life of Persistent and
Once cards (§17.1), in games with the Corporation Module."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.titles.nomad_city.characters import OPERATORS
from boardwright.titles.nomad_city.state import NomadState

from .scene import do, ids, scene

CITIES = {0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"}
CORPS = ["mama-johns", "fusen-bank", "hydebro", "rim-billiton"]


def mscene(players: int = 4, *, levels: dict[str, int] | None = None, **kw: Any) -> NomadState:
    """scene() with the module on 4 known corporations, seat 0 at the given levels and
    the operator of `facedown` taken out of the Operator deck."""
    kw.setdefault("cities", {p: c for p, c in CITIES.items() if p < players})
    s = scene(players, module=True, corps=tuple(CORPS), **kw)
    for corp, lv in (levels or {}).items():
        s.coop[corp][0] = lv
    held = {c for h in s.hand for c in h} | set(s.facedown)
    s.ops = [c for c in OPERATORS if c not in held]
    s._cache.clear()
    return s


def end_phase(s: NomadState) -> None:
    s.tasks = [["end_phase"]]
    s._cache.clear()
    s.run()


def cards_of(s: NomadState, seat: int) -> dict[str, list[str]]:
    return {"hand": s.hand[seat], "discard": s.discard[seat], "box": s.box[seat],
            "persist": sorted(s.persist[seat])}


# ---------------------------------------------------------------- W (§17.4)
def test_w_strategy_places_three_then_removes_two_in_the_end_phase() -> None:
    s = mscene(facedown="w")
    do(s, "reveal:strategy", "place:B-02", "place:B-01/B-02", "place:B-02/B-03")
    assert s.supply[0] == 22 and s.end_effects[0] == ["w"]
    assert s.discard[0] == ["w"]  # neither Once nor Persistent: discarded as usual
    s.tasks = [["end_finish"], ["end_effects", 0]]
    s._cache.clear()
    s.run()
    do(s, "remove:B-02", "remove:B-01/B-02")
    assert s.supply[0] == 24 and s.end_effects[0] == []
    assert s.influence["B-02/B-03"] == [0]


def test_w_tactic_replaces_one_influence_of_two_different_opponents() -> None:
    s = mscene(facedown="w", influence={"B-01/B-02": [1], "B-02/C-02": [1, 2]})
    do(s, "reveal:tactic")
    assert ids(s) == ["pay", "decline"]
    do(s, "pay")
    assert ids(s) == ["replace:B-01/B-02:1", "replace:B-02/C-02:1", "replace:B-02/C-02:2"]
    do(s, "replace:B-02/C-02:1")
    assert ids(s) == ["replace:B-02/C-02:2"]  # seat 1 is done: only the other opponent
    do(s, "replace:B-02/C-02:2")
    assert s.influence["B-02/C-02"] == [0, 0] and s.influence["B-01/B-02"] == [1]
    assert s.gold[0] == 16 and s.supply[1] == 24 and s.supply[2] == 25
    assert s.tasks[-1][0] == "turn"


def test_w_tactic_with_two_players_replaces_one_and_goes_to_the_box() -> None:
    s = mscene(2, facedown="w", influence={"B-01/B-02": [1], "B-02/C-02": [1]})
    do(s, "reveal:tactic", "pay", "replace:B-01/B-02:1")
    assert s.tasks[-1][0] == "turn"
    assert s.influence["B-02/C-02"] == [1] and s.influence["B-01/B-02"] == [0]
    assert s.box[0] == ["w"] and "w" not in s.discard[0] and "w" not in s.hand[0]


# ---------------------------------------------------------------- Kal'tsit (§17.5)
def test_kaltsit_strategy_advances_twice_then_scores_a_point() -> None:
    s = mscene(facedown="kaltsit", levels={"hydebro": 1})
    do(s, "reveal:strategy")
    assert s.tasks[-1][0] == "advance_pick"
    do(s, "corp:hydebro")
    # level 2 rewards 2 Orirock at once; level 3 is only unlocked
    assert s.coop["hydebro"][0] == 3 and s.res[0] == [2, 0, 0] and s.points[0] == 1
    assert s.discard[0] == ["kaltsit"]


def test_kaltsit_tactic_triggers_every_unlocked_effect_in_chosen_order() -> None:
    s = mscene(facedown="kaltsit", levels={"mama-johns": 3}, gold=10)
    s.points[0] = 2
    do(s, "reveal:tactic")
    assert ids(s) == ["corp:mama-johns"]  # only where something is unlocked
    do(s, "corp:mama-johns")
    assert ids(s) == ["effect:mama-johns:1", "effect:mama-johns:2", "effect:mama-johns:3"]
    do(s, "effect:mama-johns:3")
    assert s.points[0] == 3
    assert ids(s) == ["effect:mama-johns:1", "effect:mama-johns:2"]
    do(s, "effect:mama-johns:2", "pay")  # pay 1 point → 20 Gold; level 1 then goes alone
    assert s.points[0] == 2 and s.gold[0] == 35 and s.res[0] == [1, 0, 0]
    assert s.tasks[-1][0] == "turn"
    assert s.box[0] == ["kaltsit"] and "kaltsit" not in s.discard[0]


def test_kaltsit_tactic_with_nothing_unlocked_is_skipped() -> None:
    s = mscene(facedown="kaltsit")
    do(s, "reveal:tactic")
    assert s.tasks[-1][0] == "turn" and s.box[0] == ["kaltsit"]


# ---------------------------------------------------------------- Closure (§17.6)
def test_closure_strategy_gains_resources_then_triggers_an_effect() -> None:
    s = mscene(facedown="closure", levels={"fusen-bank": 1})
    do(s, "reveal:strategy")
    assert s.res[0] == [1, 1, 1]
    assert ids(s) == ["effect:fusen-bank:1"]
    do(s, "effect:fusen-bank:1")
    assert s.gold[0] == 28 and s.discard[0] == ["closure"]


def _market(s: NomadState, cards: list[str]) -> None:
    for c in cards:
        (s.market if c in s.market else s.fac_deck).remove(c)
    s.fac_deck.extend(s.market)
    s.market = list(cards)


def test_closure_tactic_takes_two_differently_named_facilities_and_stays() -> None:
    s = mscene(facedown="closure", gold=80)
    _market(s, ["refinery#1", "refinery#2", "trading-post#1", "mercenary-hq#1",
                "gold-exchange#1", "freight-depot#1"])
    top = s.fac_deck[-1]
    do(s, "reveal:tactic")
    assert ids(s)[:2] == ["take:refinery#1", "take:refinery#2"] and ids(s)[-1] == "stop"
    do(s, "take:refinery#1")
    assert len(s.market) == 6 and top in s.market  # refilled before the second pick
    assert "take:refinery#2" not in ids(s)  # names must differ
    if s.content.facilities.of(top).name != "Refinery":
        assert f"take:{top}" in ids(s)  # the new card may be the second
    do(s, "take:trading-post#1")
    assert s.persist[0]["closure"] == {"under": ["refinery#1", "trading-post#1"]}
    assert s.tasks[-1][0] == "turn"
    assert "closure" not in s.discard[0] and "closure" not in s.hand[0]
    assert s.facedown[0] == ""
    # both are built from under the card: then it is discarded
    do(s, "main:build")
    assert "build:refinery#1:gold" in ids(s)
    do(s, "build:refinery#1:gold")
    do(s, ids(s)[0])
    assert s.persist[0]["closure"] == {"under": ["trading-post#1"]}
    assert "closure" not in s.discard[0]
    s.tasks.append(["build_pick", 0, 0])
    s._cache.clear()
    do(s, "build:trading-post#1:gold")
    do(s, ids(s)[0])
    assert "closure" not in s.persist[0] and s.discard[0] == ["closure"]


def test_closure_tactic_taking_nothing_discards_the_card() -> None:
    s = mscene(facedown="closure")
    market = list(s.market)
    do(s, "reveal:tactic", "stop")
    assert s.market == market and s.persist[0] == {} and s.discard[0] == ["closure"]


# ---------------------------------------------------------------- Dorothy (§17.7)
def test_dorothy_strategy_removes_two_to_place_three() -> None:
    s = mscene(facedown="dorothy", influence={"B-02": [0], "B-01/B-02": [0]})
    do(s, "reveal:strategy")
    assert ids(s) == ["pay", "decline"]
    do(s, "pay", "remove:B-02", "remove:B-01/B-02")
    do(s, "place:B-02/B-03", "place:B-02/B-03", "place:A-02/B-02")
    assert s.supply[0] == 22 and s.discard[0] == ["dorothy"]
    assert "B-02" not in s.influence and s.influence["B-02/B-03"] == [0, 0]


def test_dorothy_strategy_needs_two_influence_on_the_board() -> None:
    s = mscene(facedown="dorothy", influence={"B-02": [0]})
    do(s, "reveal:strategy")
    assert s.tasks[-1][0] == "turn" and s.influence["B-02"] == [0] and s.supply[0] == 24


def test_dorothy_tactic_keeps_markers_and_catches_removed_influence() -> None:
    s = mscene(facedown="dorothy", influence={"B-01/B-02": [0], "A-01/A-02": [0]})
    do(s, "reveal:tactic")
    assert ids(s) == [f"put:{n}" for n in range(5)]
    do(s, "put:3")
    assert s.persist[0]["dorothy"] == {"markers": 3} and s.supply[0] == 20
    assert cards_of(s, 0) == {"hand": s.hand[0], "discard": [], "box": [], "persist": ["dorothy"]}
    assert "dorothy" not in s.hand[0]
    # an opponent replaces one of hers: she may put it on the card
    s.tasks.append(["replace", 1, "test"])
    s._cache.clear()
    do(s, "replace:B-01/B-02:0", seat=1)
    assert s.to_act == (0,) and ids(s) == ["catch", "decline"]
    do(s, "catch")
    assert s.persist[0]["dorothy"] == {"markers": 4} and s.supply[0] == 20
    s.tasks.append(["replace", 1, "test"])
    s._cache.clear()
    do(s, "replace:A-01/A-02:0", seat=1)
    assert s.tasks[-1][0] == "turn"  # the card is full: no question
    assert s.persist[0]["dorothy"] == {"markers": 4} and s.supply[0] == 21


def test_dorothy_catch_can_be_declined() -> None:
    s = mscene(facedown="dorothy", influence={"B-01/B-02": [0]})
    do(s, "reveal:tactic", "put:0")
    assert s.persist[0]["dorothy"] == {"markers": 0}  # still in play: she can catch
    s.tasks.append(["replace", 1, "test"])
    s._cache.clear()
    do(s, "replace:B-01/B-02:0", seat=1)
    do(s, "decline", seat=0)
    assert s.persist[0]["dorothy"] == {"markers": 0} and s.supply[0] == 25


def test_dorothy_end_phase_placement_once_per_end_phase() -> None:
    s = mscene()
    s.persist[0]["dorothy"] = {"markers": 4}
    s.supply[0] -= 4
    end_phase(s)
    assert s.to_act == (0,) and ids(s) == ["dorothy", "done"]
    do(s, "dorothy", "place:B-02")
    assert s.persist[0]["dorothy"] == {"markers": 2} and s.supply[0] == 22
    assert s.tasks[-1][0] != "persist_end"  # 2 markers are left but not this End Phase
    assert s.round == 5
    end_phase(s)
    assert ids(s) == ["dorothy", "done"]
    do(s, "done")
    assert s.persist[0]["dorothy"] == {"markers": 2}


# ---------------------------------------------------------------- SilverAsh (§17.8)
def test_silverash_strategy_makes_any_player_sell_at_four() -> None:
    s = mscene(facedown="silverash", res=(0, 0, 3))
    do(s, "reveal:strategy")
    assert ids(s) == ["type:orirock", "type:shard", "type:oriron"]
    do(s, "type:oriron")
    assert ids(s) == ["seat:0", "seat:1", "seat:2", "seat:3"]  # yourself too
    do(s, "seat:2")
    assert s.res[2] == [0, 0, 0] and s.gold[2] == 32 and s.res[0] == [0, 0, 3]
    assert s.points[0] == 1 and s.points[2] == 0 and s.discard[0] == ["silverash"]


def test_silverash_tactic_removes_one_of_each_then_places_two() -> None:
    s = mscene(facedown="silverash", influence={"B-02": [0], "B-01/B-02": [1, 1],
                                                "B-02/C-02": [2]})
    do(s, "reveal:tactic")
    assert ids(s) == ["remove:B-02:0", "remove:B-01/B-02:1", "remove:B-02/C-02:2"]
    do(s, "remove:B-01/B-02:1")
    assert ids(s) == ["remove:B-02:0", "remove:B-02/C-02:2"]
    do(s, "remove:B-02:0", "remove:B-02/C-02:2")
    assert s.influence == {"B-01/B-02": [1]}
    do(s, "place:B-02", "place:B-02/B-03")
    assert s.supply[0] == 23 and s.supply[1] == 24 and s.supply[2] == 25
    assert s.box[0] == ["silverash"] and "silverash" not in s.discard[0]


# ---------------------------------------------------------------- Mudrock (§17.9)
def test_mudrock_strategy_pays_one_orirock_to_build() -> None:
    s = mscene(facedown="mudrock", res=(1, 0, 0), gold=80)
    do(s, "reveal:strategy")
    assert ids(s) == ["pay", "decline"]
    do(s, "pay")
    assert s.res[0] == [0, 0, 0] and s.tasks[-1][0] == "build_pick"
    assert "decline" not in ids(s)  # once paid, the build happens
    card = s.market[0]
    do(s, f"build:{card}:gold")
    do(s, ids(s)[0])
    assert card in s.grid[0] and s.discard[0] == ["mudrock"]


def test_mudrock_strategy_without_orirock_does_nothing() -> None:
    s = mscene(facedown="mudrock")
    do(s, "reveal:strategy")
    assert s.tasks[-1][0] == "turn" and s.discard[0] == ["mudrock"]


def test_mudrock_tactic_stays_and_places_once_per_end_phase() -> None:
    s = mscene(facedown="mudrock", res=(5, 0, 0))
    do(s, "reveal:tactic")
    assert s.persist[0] == {"mudrock": {}} and s.discard[0] == [] and s.box[0] == []
    assert s.facedown[0] == "" and "mudrock" not in s.hand[0]
    end_phase(s)
    assert ids(s) == ["mudrock", "done"]
    do(s, "mudrock", "place:B-02")
    assert s.res[0][0] == 3 and s.influence["B-02"] == [0]
    assert s.round == 5  # no second placement although 3 Orirock are left
    end_phase(s)
    do(s, "mudrock", "place:B-01/B-02")
    assert s.res[0][0] == 1
    end_phase(s)  # 1 Orirock: nothing to offer, no question
    assert s.round == 7 and s.res[0][0] == 1


def test_dorothy_and_mudrock_each_once_in_the_same_end_phase() -> None:
    s = mscene(res=(2, 0, 0))
    s.persist[0] = {"dorothy": {"markers": 2}, "mudrock": {}}
    s.supply[0] -= 2
    end_phase(s)
    assert ids(s) == ["dorothy", "mudrock", "done"]
    do(s, "mudrock", "place:B-02")
    assert ids(s) == ["dorothy", "done"]
    do(s, "dorothy", "place:B-02")
    assert s.influence["B-02"] == [0, 0] and s.res[0][0] == 0 and s.round == 5


# ---------------------------------------------------------------- Passenger (§17.10)
def test_passenger_strategy_takes_up_to_four_from_an_opponent() -> None:
    s = mscene(facedown="passenger")
    s.res[1] = [0, 6, 0]
    s.res[2] = [0, 2, 0]
    do(s, "reveal:strategy", "type:shard")
    assert ids(s) == ["seat:1", "seat:2", "seat:3"]  # an opponent only
    do(s, "seat:1", "take:4")
    assert s.res[1] == [0, 2, 0] and s.res[0] == [0, 4, 0]
    assert s.points[1] == 1 and s.points[0] == 1 and s.points[2] == 0


def test_passenger_strategy_takes_only_what_the_opponent_has() -> None:
    s = mscene(facedown="passenger")
    s.res[2] = [0, 2, 0]
    do(s, "reveal:strategy", "type:shard", "seat:2")
    assert ids(s) == ["take:0", "take:1", "take:2"]
    do(s, "take:2")
    assert s.res[2] == [0, 0, 0] and s.res[0] == [0, 2, 0] and s.points[2] == 1


def test_passenger_tactic_markers_pay_then_the_card_is_discarded() -> None:
    s = mscene(facedown="passenger", res=(0, 1, 0))
    do(s, "reveal:tactic")
    assert ids(s) == [f"put:{n}" for n in range(6)]
    do(s, "put:2")
    assert s.persist[0]["passenger"] == {"markers": 2} and s.supply[0] == 23
    assert "passenger" not in s.discard[0] and s.facedown[0] == ""
    # a City Movement for 3 Shard with 1 Shard: the 2 markers stand in
    assert "main:city" in ids(s)
    do(s, "main:city", "city:B-03")
    assert s.res[0] == [0, 0, 0] and "passenger" not in s.persist[0]
    assert s.discard[0] == ["passenger"]


def test_passenger_tactic_with_no_marker_put_is_discarded() -> None:
    s = mscene(facedown="passenger")
    do(s, "reveal:tactic", "put:0")
    assert s.persist[0] == {} and s.discard[0] == ["passenger"] and s.supply[0] == 25


# ---------------------------------------------------------------- Eunectes (§17.11)
def test_eunectes_strategy_moves_opposing_influence_instead() -> None:
    s = mscene(facedown="eunectes", markers={"B-03": "orirock"},
               influence={"B-02/B-03": [1], "B-03": [2]})
    do(s, "reveal:strategy")
    assert ids(s) == ["city:A-02", "city:B-01", "city:C-02", "city:B-03"]
    do(s, "city:B-03")
    assert s.city[0] == "B-03" and s.gold[0] == 20 and s.res[0] == [0, 0, 0]
    assert s.to_act == (0,)  # the mover decides where they go
    first = ids(s)
    assert all(a.startswith("to:") for a in first)
    assert "to:B-03" not in first  # the owner may not hold a site with the city docked
    lifted = s.tasks[-1][3]
    assert f"to:{lifted}" not in first
    do(s, "to:B-01/B-02")
    do(s, "to:A-02/B-02")
    assert s.supply[1] == 24 and s.supply[2] == 24
    assert s.influence["B-01/B-02"] + s.influence["A-02/B-02"] in ([1, 2], [2, 1])
    assert "B-03" not in s.influence and s.influence["B-02"] == [0]
    assert s.discard[0] == ["eunectes"]


def test_eunectes_tactic_boxes_two_differently_named_facilities_and_gains_oriron() -> None:
    s = mscene(facedown="eunectes")
    _market(s, ["refinery#1", "refinery#2", "trading-post#1", "mercenary-hq#1",
                "gold-exchange#1", "freight-depot#1"])
    do(s, "reveal:tactic", "box:refinery#1")
    assert "box:refinery#2" not in ids(s) and len(s.market) == 6
    do(s, "box:gold-exchange#1")
    assert s.fac_box == ["refinery#1", "gold-exchange#1"] and len(s.market) == 6
    assert s.res[0] == [0, 0, 3] and s.discard[0] == ["eunectes"]


def test_eunectes_tactic_may_stop_and_still_gains_oriron() -> None:
    s = mscene(facedown="eunectes")
    market = list(s.market)
    do(s, "reveal:tactic", "stop")
    assert s.market == market and s.fac_box == [] and s.res[0] == [0, 0, 3]


# ---------------------------------------------------------------- conservation (§1)
SCRIPTS: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "w": ("tactic", {"influence": {"B-01/B-02": [1], "B-02/C-02": [2]}},
          ["pay", "replace:B-01/B-02:1", "replace:B-02/C-02:2"]),
    "closure": ("tactic", {}, ["take:{0}", "take:{3}"]),
    "dorothy": ("tactic", {}, ["put:4"]),
    "passenger": ("tactic", {}, ["put:5"]),
    "silverash": ("tactic", {"influence": {"B-02": [0], "B-02/C-02": [2]}},
                  ["remove:B-02:0", "remove:B-02/C-02:2", "place:B-02", "place:B-02"]),
    "eunectes": ("strategy", {"markers": {"B-03": "orirock"}, "influence": {"B-02/B-03": [1]}},
                 ["city:B-03", "to:A-02/B-02"]),
}


@pytest.mark.parametrize("card", sorted(SCRIPTS))
def test_operator_effects_conserve_components(card: str) -> None:
    part, extra, script = SCRIPTS[card]
    s = mscene(facedown=card, **extra)
    before = s.components()
    market = list(s.market)
    do(s, f"reveal:{part}", *[a.format(*market) for a in script])
    assert s.tasks[-1][0] == "turn"
    assert s.components() == before


def test_components_mid_effect_of_a_persistent_card() -> None:
    # Closure is in play and still face down until its effect is over
    s = mscene(facedown="closure")
    before = s.components()
    do(s, "reveal:tactic", f"take:{s.market[0]}")
    assert s.components() == before
