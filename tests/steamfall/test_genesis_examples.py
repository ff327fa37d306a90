"""Genesis (§17): the rulebook's worked examples and the chapter rules in play.

- preparing events: three players, Steam Funnel added twice, Ritual Site once, two
  permanent events on the map: three Peace and Quiet, a pile of five;
- the Steam Funnel scoring: Alice and Marcus tie on steam, Alice has more influence;
  Stefan has most steam but never joined;
- two players score 3 and 1;
- a Destroy ability works once, Utilize pays on its own and with another effect's spend,
  a trapped character cannot leave until the objective is met.
"""

from __future__ import annotations

from boardwright.titles.steamfall import rounds
from boardwright.titles.steamfall.board import build
from boardwright.titles.steamfall.scenarios.genesis import game as genesis
from boardwright.titles.steamfall.state import SteamfallState

from .scene import game, ids, me, pool, put_district

#: the rulebook's 3-player map: a 3x3 square without one corner (seven districts with the
#: event symbol around the Central District)
EXAMPLE_MAP = (
    ((0, 0), "excavation-site"),
    ((0, 1), "alleys"),
    ((0, 2), "relaxation-zone"),
    ((1, 0), "gardens"),
    ((1, 1), "central-market"),
    ((1, 2), "power-plant"),
    ((2, 0), "workshop"),
    ((2, 1), "sunken-pyramid"),
)


def _example_board(st: SteamfallState) -> None:
    names = [d for _, d in EXAMPLE_MAP]
    st.board = build(
        names, [c for c, _ in EXAMPLE_MAP], [list(st.content.districts[d].pathways) for d in names]
    )
    rounds._area_arrays(st, st.board.n_areas)
    for pl in st.pl:
        pl["at"] = 4  # the Central District
    st._cache.clear()


def _from_box(st: SteamfallState, eid: str) -> str:
    st.gn["box"].remove(eid)
    return eid


def test_preparing_events_example() -> None:
    st = game(3, scenario="genesis", chars=("alice", "marcus", "lucius"))
    _example_board(st)
    assert len(genesis.event_districts(st)) == 7
    # two permanent events remain from the last round
    st.event[0] = _from_box(st, "excavation-site-event")
    st.event[7] = _from_box(st, "marcus-lab")
    assert all(genesis.is_permanent(st, st.event[a]) for a in (0, 7))
    st.gn["pile"] = []
    peace_before = len(st.gn["peace"])
    genesis.set_aside(st, 0, "steam-funnel")
    genesis.set_aside(st, 1, "ritual-site")
    assert st.gn["pile"] == ["steam-funnel", "ritual-site"]  # Ritual Site on top
    genesis.set_aside(st, 2, "steam-funnel")  # already added: ignored
    assert st.gn["pile"] == ["steam-funnel", "ritual-site"]
    assert "already added" in st.log[-1].text
    genesis.resolve_prepare(st, ["gn_prepare"])
    assert st.tasks.pop() == ["round"]  # then the round starts
    pile = st.gn["pile"]
    assert len(pile) == 5
    assert sorted(pile)[-2:] == ["ritual-site", "steam-funnel"]
    assert sum(1 for e in pile if st.content.genesis_events[e].peace) == 3
    assert len(st.gn["peace"]) == peace_before - 3
    # the start of round: one event on each district with the symbol and no event
    genesis.place_events(st)
    assert st.gn["pile"] == []
    assert all(st.event[a] for a in genesis.event_districts(st))
    assert st.event[4] == ""  # never the Central District
    assert st.event[0] == "excavation-site-event" and st.event[7] == "marcus-lab"


def test_permanent_events_stay_and_others_return() -> None:
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    st.event[1] = "marcus-lab"
    st.event[2] = "destination"
    st.gn["box"] = [e for e in st.gn["box"] if e not in ("marcus-lab", "destination")]
    genesis.discard_events(st)
    assert st.event[1] == "marcus-lab" and st.event[2] == ""
    assert "destination" in st.gn["box"]


def _scoring_game() -> tuple[SteamfallState, int, dict[str, int]]:
    st = game(4, scenario="genesis", chars=("alice", "marcus", "lucius", "stefan"))
    who = {st.pl[p]["char"]: p for p in range(4)}
    area = genesis.event_districts(st)[0]
    st.event[area] = "steam-funnel"
    st.gn["box"].remove("steam-funnel") if "steam-funnel" in st.gn["box"] else None
    for p in range(4):
        st.pl[p]["at"] = next(a for a in range(st.board.n_districts) if a != area)
        st.cubes = [[q for q in c if q != p] for c in st.cubes]
    st.gn["ecubes"] = {"steam-funnel": [who["alice"], who["marcus"], who["lucius"]]}
    return st, area, who


def test_steam_funnel_example_ties_broken_by_influence() -> None:
    st, area, who = _scoring_game()
    for name, steam in (("alice", 3), ("marcus", 3), ("lucius", 1), ("stefan", 4)):
        st.pl[who[name]]["res"]["steam"] = steam
    slot = st.board.n_districts
    st.cubes[slot] = [who["alice"]]  # Alice owns more influence
    ranked = genesis.rank_event(st, area, "steam-funnel")
    assert ranked == [(who["alice"], 3), (who["marcus"], 2), (who["lucius"], 1)]
    genesis.end_game(st)
    vp = st.gn["event_vp"]
    assert (vp[who["alice"]], vp[who["marcus"]], vp[who["lucius"]], vp[who["stefan"]]) == (3, 2, 1, 0)
    # without Alice's extra influence, steam decides nothing and neither does influence:
    # the one who took their first turn later wins the tie
    st.cubes[slot] = []
    first = st.gn["first_order"]
    later = max((who["alice"], who["marcus"]), key=first.index)
    assert genesis.rank_event(st, area, "steam-funnel")[0] == (later, 3)


def test_standing_in_the_area_at_the_end_takes_part() -> None:
    st, area, who = _scoring_game()
    st.pl[who["stefan"]]["at"] = area
    st.pl[who["stefan"]]["res"]["steam"] = 4
    assert genesis.rank_event(st, area, "steam-funnel")[0] == (who["stefan"], 3)


def test_two_players_score_three_and_one() -> None:
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    area = genesis.event_districts(st)[0]
    st.event[area] = "ritual-site"
    st.gn["ecubes"] = {"ritual-site": [0, 1]}
    st.pl[0]["res"]["insight"], st.pl[1]["res"]["insight"] = 2, 9
    assert genesis.rank_event(st, area, "ritual-site") == [(1, 3), (0, 1)]


def test_joining_a_scoring_event_costs_four_insight_and_a_cube() -> None:
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    p = me(st)
    area = st.pl[p]["at"]
    st.event[area] = "banquet"
    pool(st, p, insight=3)
    assert f"gnjoin:{area}" not in ids(st)
    pool(st, p, insight=5)
    cubes = st.pl[p]["cubes"]
    st.apply(p, f"gnjoin:{area}")
    assert st.pl[p]["res"]["insight"] == 1 and st.pl[p]["cubes"] == cubes - 1
    assert st.gn["ecubes"]["banquet"] == [p]
    assert f"gnjoin:{area}" not in ids(st)
    assert st.components()["influence_cubes"] == 16


def test_with_no_cube_left_joining_moves_one_from_the_map() -> None:
    # the FAQ: with the supply empty, a cube on the map may be moved where one is needed
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    p = me(st)
    area = st.pl[p]["at"]
    st.event[area] = "banquet"
    slot = st.board.n_districts
    st.cubes[slot] = [p]
    st.pl[p]["cubes"] = 0
    pool(st, p, insight=4)
    st.apply(p, f"gnjoin:{area}")
    assert st.decision(p).kind == "gn_cube" and ids(st) == [f"cubefrom:{slot}"]
    st.apply(p, f"cubefrom:{slot}")
    assert st.cubes[slot] == [] and st.gn["ecubes"]["banquet"] == [p] and st.pl[p]["cubes"] == 0
    assert st.pl[p]["res"]["insight"] == 0


def test_with_no_cube_left_a_secret_location_may_take_one_from_an_event() -> None:
    # "from any other location or event" (§5.2): a scoring event's cube may be moved too
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    p = me(st)
    st.gn["ecubes"]["banquet"] = [p]
    st.pl[p]["cubes"] = 0
    slot = st.board.n_districts
    st.tasks.append(["location", p, slot])
    st._cache.clear()
    assert "loc:0:e=banquet" in ids(st)
    st.apply(p, "loc:0:e=banquet")
    assert st.cubes[slot] == [p] and st.gn["ecubes"]["banquet"] == []


def test_destroy_ability_works_once() -> None:
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    p = me(st)
    jid = st.content.journals[st.pl[p]["char"]].id
    aid = f"{jid}-2A"  # Second Wind (Destroy: 2 stamina and 2 insight)
    st.pl[p]["abil"].append(aid)
    st._cache.clear()
    act = f"gndestroy:{aid}:0:0"
    assert act in ids(st)
    before = dict(st.pl[p]["res"])
    st.apply(p, act)
    res = st.pl[p]["res"]
    assert res["stamina"] == before["stamina"] + 2 and res["insight"] == before["insight"] + 2
    assert aid not in st.pl[p]["abil"] and aid in st.gn["destroyed"]
    assert act not in ids(st)


def test_utilize_pays_on_its_own_or_with_another_spend() -> None:
    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    p = me(st)
    jid = st.content.journals[st.pl[p]["char"]].id
    aid = f"{jid}-1B"  # Savings: Utilize 4 scrap: 1 VP
    st.pl[p]["abil"].append(aid)
    pool(st, p, scrap=4, vp=0)
    st.apply(p, f"fx:a={aid}:0:0:0:-:-")  # on its own
    assert st.pl[p]["res"]["scrap"] == 0 and st.pl[p]["res"]["vp"] == 1
    assert st.tasks[-1][0] == "turn"
    # the same 4 scrap spent on the Central Market's effect fires it too, free
    market = next(
        a
        for a in range(st.board.n_districts)
        if st.content.districts[st.board.districts[a]].type == "central"
    )
    put_district(st, market, "central-market")
    st.pl[p]["at"] = market
    pool(st, p, scrap=4)
    fx = next(a for a in ids(st) if a.startswith("fx:d:0:"))
    st.apply(p, fx)
    assert st.pl[p]["res"]["scrap"] == 0
    assert any(t[0] == "utilize" for t in st.tasks)
    while st.tasks[-1][0] != "utilize":
        st.apply(p, ids(st)[0])
    st.apply(p, "utilize:0")
    assert st.pl[p]["res"]["vp"] == 2


def test_trapped_until_the_objective_is_met() -> None:
    st = game(2, scenario="genesis", chars=("stefan", "alice"))
    p = next(q for q in range(2) if st.pl[q]["char"] == "stefan")
    j = st.gn["j"][p]
    assert j["ch"] == "1A"  # the helper takes 1A: Stefan's Excavation Site traps him
    trap = j["trap"]
    assert trap >= 0 and st.event[trap] == "excavation-site-event" and st.pl[p]["at"] == trap
    while me(st) != p:
        st.apply(me(st), "col:0")
        st.apply(me(st), "end")
    pool(st, p, movement=5)
    st.pl[p]["col"] = 0
    st._cache.clear()
    assert not any(a.startswith("move:") for a in ids(st))
    j["count"]["explore_ruins"] = 1
    st.apply(p, "end")  # the objective is checked at the end of the turn
    assert j["done"] and j["trap"] == -1
    assert genesis.journal.trapped_in(st, p) == -1


def test_permanent_events_survive_the_end_of_round_clean_up() -> None:
    """The whole end-of-round step, not only genesis.discard_events: a permanent event stays
    on the map, the others go back to the Genesis supply (never to the core event discard)."""
    from boardwright.titles.steamfall.rounds import resolve_end_finish

    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    st.event[1] = "marcus-lab"
    st.event[2] = "destination"
    st.gn["box"] = [e for e in st.gn["box"] if e not in ("marcus-lab", "destination")]
    resolve_end_finish(st, ["end_finish"])
    assert st.event[1] == "marcus-lab" and st.event[2] == ""
    assert "destination" in st.gn["box"] and not st.ev_discard


def test_scoring_events_are_still_on_the_map_when_the_game_is_scored() -> None:
    """Round 4's end-of-round clean-up keeps the (permanent) scoring events, so the final
    scoring finds them (§17.7-17.8)."""
    from boardwright.titles.steamfall.rounds import resolve_end_finish, resolve_game_end

    st = game(2, scenario="genesis", chars=("alice", "marcus"))
    p = st.order[0]
    st.round = 4
    st.event[1] = "steam-funnel"
    st.gn["box"] = [e for e in st.gn["box"] if e != "steam-funnel"]
    st.gn["ecubes"] = {"steam-funnel": [p]}
    st.tasks = []
    resolve_end_finish(st, ["end_finish"])
    assert st.tasks[-1] == ["game_end"] and st.event[1] == "steam-funnel"
    resolve_game_end(st, ["game_end"])
    assert st.gn["event_vp"][p] == 3
