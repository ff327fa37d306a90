"""The Corporation Module (§15-§18): setup, the cooperation mechanism, a test per
corporation effect, highways, Mountain and Młynar, and the rulebook's examples."""

from __future__ import annotations

import boardwright.titles.nomad_city as nc
from boardwright.titles.nomad_city.state import NomadState

from .scene import do, ids, new, scene

CITIES = {0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"}


def corp_scene(**kw: object) -> NomadState:
    kw.setdefault("cities", CITIES)
    return scene(module=True, **kw)  # type: ignore[arg-type]


def at_levels(s: NomadState, seat: int, **levels: int) -> None:
    for corp, n in levels.items():
        s.coop[corp.replace("_", "-")][seat] = n


def push(s: NomadState, *task: object) -> None:
    s.push(*task)
    s._cache.clear()
    s.run()


def log_texts(s: NomadState, n: int = 20) -> list[str]:
    return [e.text for e in s.log[-n:]]


# ---------------------------------------------------------------- setup (§15)
def _entry(players: int, seed: int = 3) -> NomadState:
    s = new(players, seed, module=True)
    while s.tasks and s.tasks[-1][0] != "select":
        seat = s.to_act[0]
        s.apply(seat, s.legal_actions(seat)[0].id)
    return s


def test_module_hands_hold_seven_then_two_go_to_the_box() -> None:
    s = new(4, 1, module=True)
    assert all(len(h) == 7 and {"mountain", "mlynar"} <= set(h) for h in s.hand)
    s = _entry(4)
    assert all(len(h) == 5 and len(b) == 2 for h, b in zip(s.hand, s.boxed, strict=True))


def test_each_player_draws_two_boards_and_keeps_one() -> None:
    s = new(4, 2, module=True)
    seat = s.to_act[0]
    acts = ids(s, seat)
    assert len(acts) == 2 and all(a.startswith("keep:") for a in acts)
    s = _entry(4, 2)
    assert len(s.corps) == 4 and len(set(s.corps)) == 4
    assert all(len(st) == 1 for st in s.starting)
    for seat in range(4):
        corp = s.starting[seat][0]
        assert s.coop[corp][seat] == 1
        assert sum(s.coop[c][seat] for c in s.corps) == 1
    assert all(x == 29 - 4 for x in s.supply[:0])  # markers are checked by conservation
    assert s.components()["corporation_boards"] == 8


def test_three_players_add_a_random_fourth_board() -> None:
    s = _entry(3, 5)
    assert len(s.corps) == 4
    kept = [c for st in s.starting for c in st]
    assert len(kept) == 3 and set(kept) < set(s.corps)


def test_two_players_draw_four_and_keep_two() -> None:
    s = new(2, 4, module=True)
    seat = s.to_act[0]
    assert len(ids(s, seat)) == 6  # 2 of 4
    s = _entry(2, 4)
    assert len(s.corps) == 4 and all(len(st) == 2 for st in s.starting)
    for seat in range(2):
        assert all(s.coop[c][seat] == 1 for c in s.starting[seat])


def test_module_swaps_events_styles_and_adds_corporation_offices() -> None:
    s = new(4, 1, module=True)
    events = {e for d in s.event_decks.values() for e in d}
    assert {"caves-and-ruins-e", "mining-platform-wreckage-e"} <= events
    assert not {"caves-and-ruins", "mining-platform-wreckage"} & events
    levels = [s.content.styles[x].level for x in s.styles]
    assert sorted(levels) == [1, 1, 1, 1, 2, 2]
    cards = s.fac_deck + s.market
    assert sum(c.startswith("corporation-office#") for c in cards) == 3 and len(cards) == 44
    base = new(4, 1)
    assert len(base.fac_deck + base.market) == 41 and len(base.styles) == 6
    assert not any(s_.module for s_ in (base.content.styles[x] for x in base.styles))


def test_rhine_lab_starter_picks_the_active_department() -> None:
    for seed in range(40):
        s = new(4, seed, module=True)
        while s.tasks and s.tasks[-1][0] in ("corp_pick",):
            seat = s.to_act[0]
            rhine = [a for a in ids(s, seat) if "rhine-lab" in a]
            s.apply(seat, rhine[0] if rhine else ids(s, seat)[0])
        if "rhine-lab" in s.corps:
            assert s.tasks[-1][0] == "dept_pick"
            do(s, "dept:new-materials")
            assert s.dept == "new-materials"
            return
    raise AssertionError("no seed drew Rhine Lab")


def test_rhodes_island_brings_the_operator_deck() -> None:
    s = corp_scene()
    assert len(s.ops) == 8
    for seed in range(30):
        s = _entry(4, seed)
        assert (len(s.ops) == 8) == ("rhodes-island" in s.corps)


# ---------------------------------------------------------------- examples (§16)
def test_example_fusen_bank_start_unlocks_without_gold() -> None:
    s = corp_scene()
    gold = s.gold[0]
    push(s, "level_up", 0, "fusen-bank", "r")
    assert s.coop["fusen-bank"][0] == 1 and s.gold[0] == gold
    push(s, "trigger", 0, "", "r")
    assert ids(s) == ["effect:fusen-bank:1"]
    do(s, "effect:fusen-bank:1")
    assert s.gold[0] == gold + 8


def test_example_mama_johns_level_3_unlocks_no_point() -> None:
    s = corp_scene()
    at_levels(s, 0, mama_johns=2)
    push(s, "level_up", 0, "mama-johns", "r")
    assert s.points[0] == 0 and s.coop["mama-johns"][0] == 3
    push(s, "trigger", 0, "mama-johns", "r")
    do(s, "effect:mama-johns:3")
    assert s.points[0] == 1


def test_example_blacksteel_level_3_scores_at_once() -> None:
    s = corp_scene()
    at_levels(s, 0, blacksteel_worldwide=2)
    push(s, "level_up", 0, "blacksteel-worldwide", "r")
    assert s.points[0] == 1


def test_example_liskarm_in_the_box_still_removes_at_end_phase() -> None:
    s = corp_scene(facedown="liskarm")
    do(s, "reveal:strategy", "place:B-01/B-02", "place:B-02/B-03")
    assert s.discard[0] == ["liskarm"] and s.end_effects[0] == ["liskarm"]
    at_levels(s, 0, rhodes_island=2)
    push(s, "level_up", 0, "rhodes-island", "r")
    assert s.tasks[-1][0] == "dispatch"
    op = next(a for a in ids(s) if a.startswith("take:"))
    do(s, op, "box:discard:liskarm")
    assert s.box[0] == ["liskarm"] and op.partition(":")[2] in s.hand[0]
    s.tasks = [["end_finish"], ["end_effects", 0]]
    s._cache.clear()
    s.run()
    assert ids(s) == ["remove:B-01/B-02", "remove:B-02/B-03"]


# ---------------------------------------------------------------- the mechanism (§16)
def test_no_advance_past_level_5() -> None:
    s = corp_scene()
    at_levels(s, 0, fusen_bank=5)
    push(s, "level_up", 0, "fusen-bank", "r")
    assert s.coop["fusen-bank"][0] == 5 and s.points[0] == 0


def test_advance_choice_excludes_boards_at_the_top() -> None:
    s = corp_scene()
    at_levels(s, 0, fusen_bank=5)
    push(s, "steps", 0, [{"kind": "advance", "count": 1, "trigger": False}], "r")
    assert "corp:fusen-bank" not in ids(s) and len(ids(s)) == 3


def test_trigger_offers_only_unlocked_effects() -> None:
    s = corp_scene()
    at_levels(s, 0, fusen_bank=4, mama_johns=1, blacksteel_worldwide=3)
    push(s, "trigger", 0, "", "r")
    assert ids(s) == ["effect:fusen-bank:1", "effect:fusen-bank:3", "effect:fusen-bank:4",
                      "effect:mama-johns:1", "effect:blacksteel-worldwide:1",
                      "effect:blacksteel-worldwide:2"]


def test_trigger_with_nothing_unlocked_is_skipped() -> None:
    s = corp_scene()
    push(s, "trigger", 0, "", "r")
    assert s.tasks[-1] == ["turn", 0, 0]


def test_rewards_go_to_the_trigger_player_first_then_clockwise() -> None:
    s = corp_scene(seat=2, facedown="mlynar", first=0)
    for p in range(4):
        at_levels(s, p, blacksteel_worldwide=2)
    do(s, "reveal:strategy", "corp:blacksteel-worldwide")
    scored = [e.seat for e in s.log if "reaches level 3 of Blacksteel" in e.text]
    assert scored == [2, 3, 0, 1] and s.points == [1, 1, 1, 1]


# ---------------------------------------------------------------- Mountain, Młynar (§17)
def test_mountain_strategy_lays_a_highway() -> None:
    s = corp_scene(facedown="mountain", influence={"B-01/B-02": [1, 2]})
    do(s, "reveal:strategy", "route:B-01/B-02")
    assert s.highways == ["B-01/B-02"] and "B-01/B-02" not in s.influence
    assert s.points == [1, 1, 1, 0] and s.supply[1] == 25
    push(s, "place", 0, 1, False, "r")
    assert "place:B-01/B-02" not in ids(s)


def test_highways_are_toll_free_for_explore_and_collection() -> None:
    from boardwright.titles.nomad_city.explore import route_toll
    s = corp_scene(influence={"B-01/B-02": [1]})
    assert route_toll(s, 0, "B-01/B-02") == 2
    s.highways = ["B-01/B-02"]
    s.influence = {}
    assert route_toll(s, 0, "B-01/B-02") == 0


def test_highways_go_on_past_the_8_tokens() -> None:
    s = corp_scene(facedown="mountain")
    s.highways = list(s.board.routes)[:8]
    do(s, "reveal:strategy")
    assert s.to_act == (0,) and len(ids(s)) == len(s.board.routes) - 8
    do(s, ids(s)[0])
    assert len(s.highways) == 9


def test_hydebro_free_build_ignores_facilities_under_closure() -> None:
    s = corp_scene(corps=("hydebro", "fusen-bank", "mama-johns", "rhodes-island"))
    s.persist[0]["closure"] = {"under": ["trading-post#1"]}
    for pile in (s.fac_deck, s.market):
        if "trading-post#1" in pile:
            pile.remove("trading-post#1")
    at_levels(s, 0, hydebro=4)
    push(s, "trigger", 0, "hydebro", "r")
    do(s, "effect:hydebro:4")
    assert not any("trading-post#1" in a for a in ids(s))


def test_mountain_tactic_advances_and_triggers_the_same_corporation() -> None:
    s = corp_scene(facedown="mountain")
    do(s, "reveal:tactic", "pay", "corp:fusen-bank")
    assert s.coop["fusen-bank"][0] == 1
    assert ids(s) == ["effect:fusen-bank:1"]
    do(s, "effect:fusen-bank:1")
    assert s.gold[0] == 20 - 2 + 8


def test_mlynar_strategy_lets_the_trigger_differ() -> None:
    s = corp_scene(facedown="mlynar")
    at_levels(s, 0, fusen_bank=1)
    do(s, "reveal:strategy", "corp:mama-johns")
    assert [s.coop["mama-johns"][p] for p in range(4)] == [1, 1, 1, 1]
    assert ids(s) == ["effect:fusen-bank:1", "effect:mama-johns:1"]


def test_mlynar_tactic_advances_and_gains_resources() -> None:
    s = corp_scene(facedown="mlynar")
    do(s, "reveal:tactic", "corp:blacksteel-worldwide")
    assert s.coop["blacksteel-worldwide"][0] == 1 and s.res[0] == [1, 1, 1]


# ---------------------------------------------------------------- corporations (§18)
def test_blacksteel_level_2_redeploys() -> None:
    s = corp_scene(influence={"B-01/B-02": [0]})
    at_levels(s, 0, blacksteel_worldwide=2)
    push(s, "trigger", 0, "blacksteel-worldwide", "r")
    do(s, "effect:blacksteel-worldwide:2")
    assert s.tasks[-1][0] == "move" and s.tasks[-1][2] == 2


def test_blacksteel_level_4_places_or_removes_twice() -> None:
    s = corp_scene(influence={"B-01/B-02": [1]})
    at_levels(s, 0, blacksteel_worldwide=4)
    push(s, "trigger", 0, "blacksteel-worldwide", "r")
    do(s, "effect:blacksteel-worldwide:4", "remove:B-01/B-02:1", "place:B-02/B-03")
    assert s.influence == {"B-02/B-03": [0]} and s.supply[1] == 25


def test_hydebro_level_4_renews_the_market_and_builds_free() -> None:
    s = corp_scene(corps=("hydebro", "fusen-bank", "mama-johns", "rhodes-island"))
    old = list(s.market)
    at_levels(s, 0, hydebro=4)
    push(s, "trigger", 0, "hydebro", "r")
    do(s, "effect:hydebro:4")
    assert len(s.market) == 6 and s.market != old
    acts = ids(s)
    assert acts[-1] == "decline" and all(a.endswith(":free") for a in acts[:-1])
    gold = s.gold[0]
    do(s, acts[0])
    assert s.gold[0] == gold and s.tasks[-1][0] == "build_place"


def test_raythean_level_3_builds_without_the_main_action() -> None:
    s = corp_scene(corps=("raythean-industries", "fusen-bank", "mama-johns", "rhodes-island"),
                   gold=60)
    at_levels(s, 0, raythean_industries=3)
    push(s, "trigger", 0, "raythean-industries", "r")
    do(s, "effect:raythean-industries:3")
    acts = ids(s)
    assert "decline" in acts and any(a.endswith(":gold") for a in acts)
    do(s, next(a for a in acts if a.endswith(":gold")))
    do(s, ids(s)[0])
    assert s.tasks[-1] == ["turn", 0, 0]  # the main action is still to take


def test_raythean_level_5_builds_from_the_deck_or_shuffles() -> None:
    s = corp_scene(corps=("raythean-industries", "fusen-bank", "mama-johns", "rhodes-island"),
                   gold=60)
    at_levels(s, 0, raythean_industries=5)
    top = s.fac_deck[-2:]
    push(s, "trigger", 0, "raythean-industries", "r")
    do(s, "effect:raythean-industries:5")
    acts = ids(s)
    assert {a.split(":")[1] for a in acts if a != "decline"} == set(top)
    n = len(s.fac_deck)
    do(s, "decline")
    assert len(s.fac_deck) == n + 2 and s.fac_known == 0


def test_rim_billiton_level_4_collects_alone() -> None:
    s = corp_scene(corps=("rim-billiton", "fusen-bank", "mama-johns", "rhodes-island"),
                   markers={"B-02": "orirock"})
    at_levels(s, 0, rim_billiton=4)
    push(s, "trigger", 0, "rim-billiton", "r")
    do(s, "effect:rim-billiton:4")
    assert s.to_act == (0,)
    do(s, "collect:B-02")
    assert s.res[0][0] >= 1


def test_fusen_bank_level_3_and_4() -> None:
    s = corp_scene()
    at_levels(s, 0, fusen_bank=4)
    push(s, "trigger", 0, "fusen-bank", "r")
    do(s, "effect:fusen-bank:3")
    assert s.gold == [40, 24, 24, 24]
    push(s, "trigger", 0, "fusen-bank", "r")
    do(s, "effect:fusen-bank:4", "seat:2")
    assert s.points == [1, 0, -1, 0]


def test_fusen_bank_level_5_scores_3_and_level_2_gives_nothing() -> None:
    s = corp_scene()
    at_levels(s, 0, fusen_bank=1)
    push(s, "level_up", 0, "fusen-bank", "r")
    assert s.points[0] == 0 and s.gold[0] == 20
    at_levels(s, 0, fusen_bank=4)
    push(s, "level_up", 0, "fusen-bank", "r")
    assert s.points[0] == 3


def test_mama_johns_level_2_and_4_are_paid_effects() -> None:
    s = corp_scene(gold=30)
    s.points[0] = 2
    at_levels(s, 0, mama_johns=4)
    push(s, "trigger", 0, "mama-johns", "r")
    do(s, "effect:mama-johns:2", "pay")
    assert s.points[0] == 1 and s.gold[0] == 50
    push(s, "trigger", 0, "mama-johns", "r")
    do(s, "effect:mama-johns:4", "pay")
    assert s.points[0] == 4 and s.gold[0] == 25


def test_rhine_lab_rewards_follow_the_active_tile() -> None:
    s = corp_scene(corps=("rhine-lab", "fusen-bank", "mama-johns", "rhodes-island"))
    at_levels(s, 0, rhine_lab=1)
    push(s, "level_up", 0, "rhine-lab", "r")
    assert s.res[0][1] == 2  # originium-arts level 2: 2 Originium Shard
    push(s, "trigger", 0, "rhine-lab", "r")
    do(s, "effect:rhine-lab:1")
    assert ids(s) == ["dept:new-materials", "dept:experimental-weaponry"]
    do(s, "dept:new-materials")
    assert s.res[0] == [2, 2, 1]  # the tile's activation reward: 2 Orirock, 1 Oriron
    push(s, "level_up", 0, "rhine-lab", "r")
    assert s.res[0] == [3, 2, 3]  # new-materials level 3: 1 Orirock, 2 Oriron


def test_rhodes_island_dispatch_decline_scores_a_point() -> None:
    s = corp_scene()
    at_levels(s, 0, rhodes_island=2)
    push(s, "level_up", 0, "rhodes-island", "r")
    assert len([a for a in ids(s) if a.startswith("take:")]) == 2
    do(s, "decline")
    assert s.points[0] == 1 and len(s.ops) == 8


def test_rhodes_island_dispatch_draws_3_with_2_players() -> None:
    s = scene(2, module=True, cities={0: "B-02", 1: "A-01"})
    at_levels(s, 0, rhodes_island=4)
    push(s, "level_up", 0, "rhodes-island", "r")
    assert len([a for a in ids(s) if a.startswith("take:")]) == 3


def test_rhodes_island_dispatch_is_private_but_the_boxed_card_is_shown() -> None:
    s = corp_scene()
    at_levels(s, 0, rhodes_island=2)
    push(s, "level_up", 0, "rhodes-island", "r")
    op = next(a for a in ids(s) if a.startswith("take:")).partition(":")[2]
    do(s, f"take:{op}", "box:hand:texas")
    other = s.view(1)
    name = s.content.characters[op].name
    assert name not in str(other["log"])
    assert other["players"][0]["returned_to_box"] == ["texas"]
    assert op in s.view(0)["players"][0]["hand"]


def test_rhodes_island_level_4_recalls_one_card() -> None:
    s = corp_scene()
    s.discard[0] = ["texas", "cannot"]
    s.hand[0] = ["liskarm", "elysium"]
    at_levels(s, 0, rhodes_island=4)
    push(s, "trigger", 0, "rhodes-island", "r")
    do(s, "effect:rhodes-island:4", "recall:cannot")
    assert s.hand[0] == ["cannot"] and sorted(s.discard[0]) == ["elysium", "liskarm", "texas"]


# ---------------------------------------------------------------- module cards (§15.1)
def test_corporation_office_chains_raythean_builds() -> None:
    s = corp_scene(corps=("raythean-industries", "fusen-bank", "mama-johns", "rhodes-island"),
                   gold=100)
    at_levels(s, 0, raythean_industries=2)
    s.market[0] = "corporation-office#1"
    push(s, "build_pick", 0, 0, 1)
    do(s, "build:corporation-office#1:gold")
    do(s, ids(s)[0])
    assert ids(s)[0].startswith("corp:")
    do(s, "corp:raythean-industries")
    assert s.coop["raythean-industries"][0] == 3
    do(s, "effect:raythean-industries:3")
    assert s.tasks[-1][0] == "build_pick"


def test_module_events_offer_the_new_options() -> None:
    c = nc.SPEC.new_game(4, seed=1, options={"corporations": True})
    assert isinstance(c, NomadState)
    caves = c.content.events["caves-and-ruins-e"]
    wreck = c.content.events["mining-platform-wreckage-e"]
    assert caves.options[-1][0].model_dump()["pay"] == {"oriron": 1}
    assert wreck.options[-1][0].model_dump()["then"][0] == {"kind": "advance", "count": 1,
                                                             "trigger": True}


def test_extra_cooperation_level_in_the_red_zone_round() -> None:
    s = corp_scene(first=1)
    s.tasks = [["round", 4]]
    s._cache.clear()
    s.run()
    assert s.tasks[-1][0] == "advance_pick" and s.to_act == (1,)
    for seat in (1, 2, 3, 0):
        assert s.to_act == (seat,)
        do(s, "corp:fusen-bank")
    assert s.coop["fusen-bank"] == [1, 1, 1, 1] and s.tasks[-1][0] == "select"
    s2 = corp_scene(first=1)
    s2.tasks = [["round", 3]]
    s2._cache.clear()
    s2.run()
    assert s2.tasks[-1][0] == "select"


def test_boxed_cards_stay_secret() -> None:
    s = _entry(3, 7)
    v = s.view(1)
    assert "returned_unseen_cards" not in v["players"][0]
    assert v["players"][0]["returned_unseen"] == 2
    assert sorted(s.view(0)["players"][0]["returned_unseen_cards"]) == sorted(s.boxed[0])


def test_a_seat_left_without_cards_plays_the_round_without_one() -> None:
    s = corp_scene(first=0)
    s.hand[1], s.discard[1] = [], []
    s.tasks = [["round", 2]]
    s._cache.clear()
    s.run()
    assert s.to_act == (0, 2, 3)
    for seat in (0, 2, 3):
        s.apply(seat, ids(s, seat)[0])
    assert s.tasks[-1][0] == "turn" and s.facedown[1] == ""


def test_every_corporation_can_come_into_play() -> None:
    seen: set[str] = set()
    for seed in range(12):
        s = new(4, seed, module=True)
        while s.tasks and s.tasks[-1][0] == "corp_pick":
            seat = s.to_act[0]
            s.apply(seat, ids(s, seat)[seed % 2 if len(ids(s, seat)) > 1 else 0])
        seen |= set(s.corps)
    assert seen == {c.id for c in s.content.corporations.corporations}


def test_every_operator_can_be_dispatched_and_played() -> None:
    from boardwright.titles.nomad_city.characters import OPERATORS
    for op in OPERATORS:
        s = corp_scene()
        s.ops.remove(op)
        s.ops.append(op)  # on top of the Operator deck
        at_levels(s, 0, rhodes_island=2)
        push(s, "level_up", 0, "rhodes-island", "r")
        do(s, f"take:{op}", "box:hand:texas")
        assert op in s.hand[0]
        s.tasks = [["select"]]
        s.facedown = ["", "liskarm", "liskarm", "liskarm"]
        s._cache.clear()
        s.apply(0, f"pick:{op}")
        assert s.facedown[0] == op
