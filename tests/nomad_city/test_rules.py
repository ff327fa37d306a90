"""Rules of setup, Initial Entry, the round, influence, Build, Red Zone and scoring."""

from __future__ import annotations

import pytest

import boardwright.titles.nomad_city as nc
from boardwright import IllegalAction
from boardwright.titles.nomad_city.content import load
from boardwright.titles.nomad_city.state import NomadState

from .scene import do, finish_collection, ids, new, scene, through_entry

CITIES = {0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"}


# ---------------------------------------------------------------- data (§1, §14)
def test_component_data_matches_the_rulebook() -> None:
    c = load()
    colours = [e.colour for e in c.events.values() if not e.module]
    assert (colours.count("green"), colours.count("yellow"), colours.count("red")) == (6, 10, 6)
    module = sorted((e.colour, e.replaces) for e in c.events.values() if e.module)
    assert module == [("red", "mining-platform-wreckage"), ("yellow", "caves-and-ruins")]
    assert len(c.facilities.deck) == 41 and len(c.facilities.module_deck) == 3
    office = c.facilities.types["corporation-office"]
    assert dict(office.resource_cost) == {"orirock": 3, "shard": 1, "oriron": 3}
    assert office.gold_cost == 23
    fusen = c.corp("fusen-bank")
    assert [lv.locked for lv in fusen.levels] == [True, False, True, True, False]
    assert [len(lv.effect) for lv in fusen.levels] == [1, 0, 2, 2, 1]
    assert len(c.corporations.corporations) == 8 and len(c.corporations.departments) == 3
    hq = c.facilities.types["mercenary-hq"]
    assert hq.colour == "red" and hq.gold_cost == 18
    assert dict(hq.resource_cost) == {"orirock": 2, "oriron": 2, "gold": 4}
    assert [st.kind for st in hq.entry] == ["replace", "place"]
    levels = sorted(st.level for st in c.styles.values() if not st.module)
    assert levels == [1, 1, 1, 1, 2, 2]
    assert sorted(st.level for st in c.styles.values() if st.module) == [1, 1, 1, 1, 2, 2]
    srs = c.styles["supply-relay-station"]
    assert [sorted(p.colours) for p in srs.pattern] == [["blue", "red"], ["yellow"]]
    assert c.styles["efficient-mobility-management-system"].points == 7
    four, three = c.board(4), c.board(3)
    assert four.regions == {"A": 3, "B": 3, "C": 3, "D": 3, "E": 4, "F": 4, "G": 3, "R": 3}
    assert len(three.regions) == 7
    assert dict(four.sites["B-01"].arrival_bonus) == {"orirock": 2, "shard": 2, "oriron": 2}
    for board, players in ((four, 4), (three, 3)):
        for colour in ("green", "yellow", "red"):
            sites = sum(1 for s in board.sites.values() if s.colour == colour)
            cards = sum(1 for e in c.events.values() if not e.module
                        and e.colour == colour and (players == 4 or not e.four_player))
            assert sites == cards, (players, colour)
        assert all(s.red_zone == (s.colour == "red") for s in board.sites.values())
    assert "B-02/C-02" in four.routes and four.capacity["B-02/C-02"] == 2
    assert "B-03/D-03" in four.routes
    doubles = [e for e in c.events.values() if e.marker.amount == 2]
    assert doubles and all(e.colour == "red" for e in doubles)


def test_corporations_option_turns_the_module_on() -> None:
    assert [o.name for o in nc.SPEC.options] == ["corporations"]
    base = nc.SPEC.new_game(4, options={"corporations": False})
    module = nc.SPEC.new_game(4, options={"corporations": True})
    assert isinstance(base, NomadState) and isinstance(module, NomadState)
    assert not base.corp_stack and module.components()["corporation_boards"] == 8
    with pytest.raises(ValueError, match=r"corporations"):
        nc.SPEC.new_game(4, options={"corporations": "maybe"})


# ---------------------------------------------------------------- setup and entry (§2, §3)
@pytest.mark.parametrize(("players", "funds"), [(4, [10, 12, 14, 18]), (3, [10, 12, 18]),
                                                (2, [10, 18])])
def test_starting_funds_by_turn_order(players: int, funds: list[int]) -> None:
    s = through_entry(new(players, seed=5))
    gold_by_order = [s.gold[p] for p in s.order()]
    # event options may add Gold; starting funds are logged on their own
    texts = [e.text for e in s.log if "starting funds" in e.text]
    assert texts == [f"receives {g} Gold of starting funds" for g in funds]
    assert all(g >= f for g, f in zip(gold_by_order, funds, strict=True))


def test_three_players_remove_the_4_cards() -> None:
    s = new(3)
    c = s.content
    in_decks = [e for d in s.event_decks.values() for e in d]
    assert len(in_decks) == 18
    assert all(not c.events[e].four_player for e in in_decks)
    assert sorted(s.event_box) == sorted(e.id for e in c.events.values() if e.four_player)
    assert len(s.board.regions) == 7


def test_starting_sites_are_green_and_distinct() -> None:
    s = new(4, seed=2)
    first = s.to_act[0]
    offered = ids(s)
    assert all(s.board.sites[a.split(":")[1]].colour == "green" for a in offered)
    do(s, offered[0])
    assert s.tasks[-1][0] == "event_option"
    do(s, "option:1")
    assert s.to_act[0] == (first + 1) % 4
    assert offered[0] not in ids(s)


def test_two_player_variant() -> None:
    s = new(2, seed=4)
    assert "site:B-01" not in ids(s)
    while s.tasks[-1][0] != "place":
        do(s, ids(s)[0])
    second = (s.first + 1) % 2
    assert s.to_act == (second,) and "place:none" in ids(s)
    do(s, "place:none")
    assert s.points[second] == 3
    assert s.tasks[-1][0] == "fac_remove" and s.to_act == (s.first,)
    card = s.market[0]
    do(s, f"remove:{card}")
    assert card in s.fac_box and len(s.market) == 6
    assert s.to_act == (second,)


@pytest.mark.parametrize(("players", "closed"), [(4, 3), (3, 4), (2, 5)])
def test_red_zone_closed_for_the_first_rounds(players: int, closed: int) -> None:
    cities = {0: "B-04", 1: "A-01"} | ({2: "D-01"} if players > 2 else {}) | (
        {3: "E-01"} if players > 3 else {})
    s = scene(players, cities=cities, round=closed, res=(0, 3, 0))
    do(s, "main:explore")
    assert not [a for a in ids(s) if a.startswith("target:R-")]
    s = scene(players, cities=cities, round=closed, res=(0, 3, 0))
    do(s, "main:city")
    assert not [a for a in ids(s) if a.startswith("city:R-")]
    assert "main:deploy" in ids(scene(players, cities=cities, round=closed))
    s = scene(players, cities=cities, round=closed)
    do(s, "main:deploy")
    assert "place:B-04/R-02" in ids(s)  # Red Zone routes are always usable
    s = scene(players, cities=cities, round=closed + 1)
    do(s, "main:explore")
    assert "target:R-02" in ids(s)


# ---------------------------------------------------------------- selection (§4.1)
def test_character_selection_is_simultaneous_and_secret() -> None:
    s = through_entry(new(4, seed=6))
    assert set(s.to_act) == {0, 1, 2, 3}
    d = s.decision(2)
    assert d is not None and d.simultaneous
    do(s, "pick:texas", seat=2)
    assert 2 not in s.to_act
    assert s.view(2)["players"][2]["face_down"] == "texas"
    assert "face_down" not in s.view(1)["players"][2]
    assert "texas" not in str(s.view(None)["players"][2])
    for seat in (0, 1, 3):
        do(s, "pick:liskarm", seat=seat)
    assert s.tasks[-1][0] == "turn" and s.to_act == (s.first,)


# ---------------------------------------------------------------- the turn (§4.2)
def test_one_main_action_then_quick_actions_or_end() -> None:
    s = scene(cities=CITIES, facedown="elysium", res=(1, 0, 1))
    assert "end" not in ids(s)
    with pytest.raises(IllegalAction, match="main action before ending"):
        s.apply(0, "end")
    do(s, "main:deploy", "place:B-01/B-02")
    assert "end" in ids(s) and "reveal:strategy" in ids(s)
    assert not [a for a in ids(s) if a.startswith("main:")]
    with pytest.raises(IllegalAction, match="already taken your main action"):
        s.apply(0, "main:deploy")
    do(s, "reveal:strategy", "end")
    assert s.res[0] == [1, 4, 1] and s.tasks == []


def test_no_quick_action_in_the_middle_of_a_main_action() -> None:
    s = scene(cities=CITIES, facedown="elysium", res=(1, 0, 1), influence={"B-01/B-02": [0]})
    do(s, "main:redeploy")
    assert ids(s)[0].startswith("from:")
    assert not [a for a in ids(s) if a.startswith(("reveal", "declare"))]


def test_a_rejected_action_changes_nothing() -> None:
    s = scene(cities=CITIES)
    before = s.to_json()
    for bogus in ("main:city", "declare:supply-relay-station:0.0+0.1", "reveal:tactic"):
        with pytest.raises(IllegalAction) as err:
            s.apply(0, bogus)
        assert err.value.rule.startswith("§")
    assert s.to_json() == before


# ---------------------------------------------------------------- influence (§7)
def test_deploy_only_on_explored_sites_without_another_city() -> None:
    s = scene(cities=CITIES, markers={"B-03": "orirock"})
    do(s, "main:deploy")
    offered = ids(s)
    assert "place:B-03" in offered and "place:B-02" in offered  # own city is fine
    assert "place:C-02" not in offered  # no resource marker yet
    assert "place:A-01" not in offered  # yellow's city is docked there
    assert "place:B-01/B-02" in offered


def test_full_spaces_take_no_more_influence() -> None:
    s = scene(cities=CITIES, influence={"B-02/C-02": [1, 2]})
    do(s, "main:deploy")
    assert "place:B-02/C-02" not in ids(s)


def test_redeploy_moves_twice_at_most() -> None:
    s = scene(cities=CITIES, influence={"B-01/B-02": [0]})
    do(s, "main:redeploy", "from:B-01/B-02", "to:B-02/B-03", "from:B-02/B-03", "to:B-03/B-04")
    assert s.influence == {"B-03/B-04": [0]} and s.tasks[-1] == ["turn", 0, 1]


def test_no_influence_without_markers() -> None:
    s = scene(cities=CITIES)
    s.supply[0] = 0
    do(s, "main:deploy")
    assert ids(s) == ["place:none"]


# ---------------------------------------------------------------- build (§5.6)
def test_build_pays_either_cost_refills_before_placing_and_scores() -> None:
    s = scene(cities=CITIES, gold=30, res=(5, 5, 5))
    card = s.market[0]
    rec = s.content.facilities.of(card)
    do(s, "main:build")
    assert f"build:{card}:res" in ids(s) and f"build:{card}:gold" in ids(s)
    top = s.fac_deck[-1]
    do(s, f"build:{card}:gold")
    assert top in s.market and len(s.market) == 6  # refilled before the card is placed
    assert s.gold[0] == 30 - rec.gold_cost
    do(s, "cell:0.0")
    assert s.grid[0][0] == card and s.points[0] == rec.points


def test_entry_effect_resolves_under_the_build_rule() -> None:
    """The entry effect is step 3 of Build: its log entries name §5.6, like the rest."""
    s = scene(cities=CITIES, gold=30)
    s.fac_deck = [c for c in s.fac_deck if c != "trading-post#1"] + s.market[:1]
    s.market[0] = "trading-post#1"
    do(s, "main:build", "build:trading-post#1:gold", "cell:0.0")
    gain = next(e for e in reversed(s.log) if e.text == "gains 5 Gold")
    assert gain.rule.startswith("§5.6")
    assert s.gold[0] == 30 - 8 + 5


def test_unique_facility_only_once() -> None:
    s = scene(cities=CITIES, gold=40)
    s.fac_deck = [c for c in s.fac_deck if c != "research-institute#1"] + s.market[:1]
    s.market[0] = "research-institute#1"
    do(s, "main:build")
    assert "build:research-institute#1:gold" in ids(s)
    s = scene(cities=CITIES, gold=40)
    s.fac_deck = [c for c in s.fac_deck if c != "research-institute#1"] + s.market[:1]
    s.market[0] = "research-institute#1"
    s.grid[0][5] = "research-institute#1"  # the same name (the card itself, for the test)
    do(s, "main:build")
    assert "build:research-institute#1:gold" not in ids(s)


def test_build_needs_an_empty_space() -> None:
    s = scene(cities=CITIES, gold=99)
    s.grid[0] = [c or "trading-post#1" for c in s.grid[0]]
    assert "main:build" not in ids(s)


def test_mercenary_hq_replaces_then_places() -> None:
    s = scene(cities=CITIES, res=(2, 0, 2), gold=4, influence={"A-01/A-02": [1]})
    s.market[0] = "mercenary-hq#1"
    s.fac_deck = [c for c in s.fac_deck if c != "mercenary-hq#1"]
    do(s, "main:build", "build:mercenary-hq#1:res", "cell:0.0")
    assert s.res[0] == [0, 0, 0] and s.gold[0] == 0
    do(s, "replace:A-01/A-02:1", "place:B-01/B-02")
    assert s.influence["A-01/A-02"] == [0] and s.influence["B-01/B-02"] == [0]


# ---------------------------------------------------------------- collection and scoring
def test_gold_received_while_collecting_cannot_pay_tolls() -> None:
    s = scene(cities={0: "B-02", 1: "C-01", 2: "D-01", 3: "E-01"}, gold=0,
              markers={"C-02": "shard", "B-03": "orirock"},
              influence={"B-03": [0], "B-02/B-03": [1], "C-02": [1]})
    s.gold[0] = 2
    s.bank_gold -= 2
    s.tasks = [["collect_start"]]
    s.run()
    assert not [a for a in ids(s, 1) if a.startswith("toll")]  # yellow has no Gold
    do(s, "toll:B-02/B-03:1", "collect:B-03", seat=0)  # blue will pay yellow 2 Gold
    assert not [a for a in ids(s, 1) if a.startswith("toll")]  # not spendable in this step
    finish_collection(s)
    assert s.gold[1] == 2 and s.gold[0] == 0


def test_leftover_resources_and_tie_breakers() -> None:
    s = scene(cities=CITIES)
    s.res = [[9, 8, 6], [17, 15, 11], [0, 0, 0], [0, 0, 0]]
    s.pure = [1, 1, 0, 0]
    s.influence = {}
    out = s.outcome()
    assert out["breakdown"][0]["leftover_resources"] == 4
    assert out["breakdown"][1]["leftover_resources"] == 4
    s.gold = [20, 21, 20, 20]
    out = s.outcome()
    assert out["winners"] == [1] and out["tie_breaks"]


def test_region_tie_scores_nothing() -> None:
    s = scene(cities={0: "A-01", 1: "D-01", 2: "E-01", 3: "F-01"},
              influence={"B-01/B-02": [0], "B-02/B-03": [1]})
    assert s.outcome()["region_control"]["B"] is None


def test_shared_victory() -> None:
    s = scene(cities=CITIES)
    s.city = ["", "", "", ""]
    out = s.outcome()
    assert out["winners"] == [0, 1, 2, 3]
    assert "share the victory" in out["tie_breaks"][-1]


def test_end_of_round_effects_in_turn_order_owner_picks_order() -> None:
    s = scene(cities=CITIES, first=2, influence={"B-01/B-02": [0, 0], "A-01/A-02": [3]})
    s.end_effects = [["liskarm", "liskarm"], [], [], ["liskarm"]]
    s.tasks = [["end_phase"]]
    s.run()
    assert s.to_act == (3,)  # seat 3 comes before seat 0 when seat 2 is first
    do(s, "remove:A-01/A-02")
    assert s.to_act == (0,) and ids(s) == ["first:0", "first:1"]
    do(s, "first:1", "remove:B-01/B-02", "remove:B-01/B-02")
    assert s.influence == {} and s.first == 3 and s.round == 5


def test_engine_option_choices_restrict_booleans_too() -> None:
    """The engine change this game needed: `choices` limit any option kind, and only
    allowed values are played by the conformance suite (Option.values)."""
    from boardwright.engine import Option
    opt = Option("flag", False, "doc", choices=(False,), limit_reason="not yet")
    assert opt.values() == (False,)
    assert opt.parse("false") is False
    with pytest.raises(ValueError, match="not yet"):
        opt.parse(True)
    assert Option("free", False, "doc").values() == (False, True)
    assert list(nc.SPEC.option_sets()) == [{"corporations": False}, {"corporations": True}]


# ---------------------------------------------------------------- audit additions
def test_city_movement_clears_opponents_from_an_explored_target_without_event() -> None:
    """Opponents' influence on the target site goes too; own influence stays; an explored
    site reveals no event; the new influence goes on the starting point (§5.5)."""
    s = scene(cities=CITIES, res=(0, 3, 0), markers={"B-03": "orirock"},
              influence={"B-03": [0, 1], "B-02/B-03": [2]})
    do(s, "main:city", "city:B-03")
    assert s.influence["B-03"] == [0] and "B-02/B-03" not in s.influence
    assert s.supply[1] == 29 and s.supply[2] == 29
    assert s.influence["B-02"] == [0] and s.tasks[-1] == ["turn", 0, 1]


def test_red_zone_double_marker_collects_two() -> None:
    s = scene(cities={0: "R-02", 1: "A-01", 2: "D-01", 3: "E-01"}, round=5,
              markers={"R-02": "orirock"})
    assert s.content.events[s.explored["R-02"]].marker.amount == 2
    s.tasks = [["collect_start"]]
    s.run()
    do(s, "collect:R-02", seat=0)
    finish_collection(s)
    assert s.res[0] == [2, 0, 0]


def test_collection_toll_goes_to_the_owner_on_the_route() -> None:
    s = scene(cities=CITIES, markers={"B-03": "orirock"},
              influence={"B-03": [0], "B-02/B-03": [1, 2]})
    s.tasks = [["collect_start"]]
    s.run()
    assert {"toll:B-02/B-03:1", "toll:B-02/B-03:2"} <= set(ids(s, 0))
    assert "toll:B-02/B-03:bank" not in ids(s, 0)
    do(s, "toll:B-02/B-03:2", "collect:B-03", seat=0)
    finish_collection(s)
    assert s.gold[0] == 18 and s.gold[2] == 22 and s.res[0][0] == 1


def test_end_phase_passes_the_first_player_and_returns_an_unused_character() -> None:
    s = scene(cities=CITIES, first=3, round=2, facedown="texas")
    s.discard[0] = ["cannot"]
    s.hand[0] = [c for c in s.hand[0] if c != "cannot"]
    s.tasks = [["end_phase"]]
    s.run()
    assert s.first == 0 and s.round == 3
    assert sorted(s.hand[0]) == ["cannot", "elysium", "liskarm", "texas", "tin-man"]
    assert s.discard[0] == [] and s.facedown[0] == ""
