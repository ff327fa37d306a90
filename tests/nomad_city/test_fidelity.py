"""Issue 15: the rulebook's choices given back to the player, and legality decided only by
the list of legal actions (never by an effect's resolver)."""

from __future__ import annotations

from boardwright.titles.nomad_city.state import NomadState

from .scene import do, ids, scene
from .test_corporations import at_levels, corp_scene, push
from .test_operators import end_phase, mscene


# ---------------------------------------------------------------- 1. points are not a stock
def test_points_as_a_cost_may_go_below_zero() -> None:
    """Mama John's level 2, "lose 1 point → gain 20 Gold", at 0 points (§18.6)."""
    s = corp_scene(gold=0)
    at_levels(s, 0, mama_johns=2)
    push(s, "trigger", 0, "mama-johns", "r")
    do(s, "effect:mama-johns:2")
    assert ids(s) == ["pay", "decline"]
    do(s, "pay")
    assert s.points[0] == -1 and s.gold[0] == 20


def test_mining_platform_wreckage_lose_a_point_at_zero() -> None:
    s = corp_scene(gold=0)
    event = "mining-platform-wreckage-e"
    option = next(i + 1 for i, opt in enumerate(s.content.events[event].options)
                  if opt[0].kind == "pay_then")
    push(s, "event_option", 0, event, "B-02", "r")
    do(s, f"option:{option}")
    assert ids(s) == ["pay", "decline"]
    do(s, "pay")
    assert s.points[0] == -1 and s.tasks[-1][0] == "advance_pick"


# ---------------------------------------------------------------- 2. Passenger's markers
def passenger(markers: int, **kw: object) -> NomadState:
    s = mscene(**kw)  # type: ignore[arg-type]
    s.persist[0]["passenger"] = {"markers": markers}
    s.supply[0] -= markers
    s._cache.clear()
    return s


def test_passenger_markers_may_pay_even_when_the_resources_are_held() -> None:
    s = passenger(2, res=(0, 3, 0))
    before = s.components()
    do(s, "main:city", "city:B-03")
    assert ids(s) == ["markers:none", "markers:shard", "markers:shard+shard"]
    do(s, "markers:shard+shard")
    assert s.res[0] == [0, 2, 0] and "passenger" not in s.persist[0]
    assert s.discard[0] == ["passenger"] and s.components() == before


def test_passenger_markers_choose_which_resource_they_replace() -> None:
    s = passenger(1, res=(1, 0, 1), gold=0)
    card = "security-outpost#1"  # 1 Orirock, 1 Oriron
    if card not in s.market:
        s.fac_deck[s.fac_deck.index(card)] = s.market[0]
        s.market[0] = card
    do(s, "main:build", f"build:{card}:res")
    assert ids(s) == ["markers:none", "markers:orirock", "markers:oriron"]
    do(s, "markers:oriron")
    assert s.res[0] == [0, 0, 1] and "passenger" not in s.persist[0]


def test_passenger_markers_still_cover_a_shortfall_alone() -> None:
    s = passenger(2, res=(0, 1, 0))
    do(s, "main:city", "city:B-03")  # one way only: paid at once
    assert s.res[0] == [0, 0, 0] and s.discard[0] == ["passenger"]


# ---------------------------------------------------------------- 3. Raythean 5, no free space
def test_raythean_level_5_with_no_free_space_only_shuffles() -> None:
    s = corp_scene(corps=("raythean-industries", "fusen-bank", "mama-johns", "rhodes-island"),
                   gold=90)
    s.grid[0] = ["core-command-tower"] * len(s.grid[0])
    s.towers -= len(s.grid[0]) - 1
    at_levels(s, 0, raythean_industries=5)
    before = s.components()
    n = len(s.fac_deck)
    push(s, "trigger", 0, "raythean-industries", "r")
    do(s, "effect:raythean-industries:5")
    assert s.tasks[-1] == ["turn", 0, 0]  # nothing to choose: the deck is shuffled
    assert len(s.fac_deck) == n and s.gold[0] == 90 and s.components() == before


# ---------------------------------------------------------------- 4. Rhodes Island 4
def test_rhodes_island_level_4_is_not_offered_with_an_empty_discard_pile() -> None:
    s = corp_scene()
    at_levels(s, 0, rhodes_island=4)
    push(s, "trigger", 0, "rhodes-island", "r")
    assert ids(s) == ["effect:rhodes-island:1"]
    s.discard[0] = ["texas"]
    s._cache.clear()
    assert ids(s) == ["effect:rhodes-island:1", "effect:rhodes-island:4"]


# ---------------------------------------------------------------- 5. secret collection
def collecting() -> NomadState:
    s = scene(cities={0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"},
              markers={"B-03": "orirock"}, influence={"B-03": [0], "B-02/B-03": [1]})
    s.tasks = [["collect_start"]]
    s._cache.clear()
    s.run()
    return s


def test_collection_picks_stay_secret_until_all_are_in() -> None:
    s = collecting()
    assert set(s.to_act) == {0, 1, 2, 3}
    decisions = [s.decision(p) for p in s.to_act]
    assert all(d is not None and d.secret and d.simultaneous for d in decisions)
    seen = {p: {k: v for k, v in s.view(p).items() if k not in ("to_act", "log", "decision")}
            for p in (1, 2, None)}
    do(s, "collect:B-02", "toll:B-02/B-03:1", seat=0)
    for p, before in seen.items():
        after = {k: v for k, v in s.view(p).items() if k not in ("to_act", "log", "decision")}
        assert after == before, f"seat {p} sees seat 0's collection"
    assert s.res[0] == [0, 0, 0] and s.gold[1] == 20  # nothing happens before the reveal
    do(s, "collect:B-03", seat=0)
    for p in (1, 2, 3):
        while p in s.to_act:
            do(s, "done", seat=p)
    assert s.gold[0] == 18 and s.gold[1] == 22 and s.res[0][0] >= 1


# ---------------------------------------------------------------- the simplifications
def test_liskarm_removal_and_mudrock_placement_in_the_order_the_player_chooses() -> None:
    s = mscene(res=(2, 0, 0), influence={"B-01/B-02": [0]})
    s.persist[0] = {"mudrock": {}}
    s.end_effects[0] = ["liskarm"]
    end_phase(s)
    assert s.to_act == (0,) and set(ids(s)) == {"first:0", "mudrock"}
    do(s, "mudrock", "place:B-02")
    assert ids(s) == ["first:0"] or ids(s)[0].startswith("remove:")
    if ids(s) == ["first:0"]:
        do(s, "first:0")
    do(s, "remove:B-02")
    assert s.influence == {"B-01/B-02": [0]} and s.res[0][0] == 0


def test_eunectes_moves_influence_before_the_event_then_places_on_the_start() -> None:
    s = mscene(facedown="eunectes", influence={"B-02/B-03": [1]})
    do(s, "reveal:strategy", "city:B-03")
    assert s.tasks[-1][0] == "shove" and "B-03" not in s.explored
    do(s, "to:A-02/B-02")
    assert s.tasks[-1][0] == "event_option" and "B-03" in s.explored
    assert "B-02" not in s.influence  # the starting point comes last
    do(s, "option:1")
    while s.tasks[-1][0] != "turn":
        do(s, ids(s)[0])
    assert s.influence["B-02"] == [0]


def test_blacksteel_level_2_redeploy_may_stop_after_one_move() -> None:
    s = corp_scene(influence={"B-01/B-02": [0]})
    at_levels(s, 0, blacksteel_worldwide=2)
    push(s, "trigger", 0, "blacksteel-worldwide", "r")
    do(s, "effect:blacksteel-worldwide:2")
    assert "from:stop" in ids(s)
    do(s, "from:B-01/B-02", "to:B-02/B-03")
    assert "from:stop" in ids(s)
    do(s, "from:stop")
    assert s.tasks[-1] == ["turn", 0, 0]


def test_passenger_strategy_takes_up_to_four_as_the_player_chooses() -> None:
    s = mscene(facedown="passenger")
    s.res[1] = [0, 6, 0]
    do(s, "reveal:strategy", "type:shard", "seat:1")
    assert ids(s) == [f"take:{n}" for n in range(5)]
    do(s, "take:2")
    assert s.res[1] == [0, 4, 0] and s.res[0] == [0, 2, 0] and s.points[:2] == [1, 1]


def test_liskarm_tactic_may_replace_any_influence() -> None:
    s = scene(cities={0: "B-02", 1: "A-01"}, facedown="liskarm",
              influence={"B-01/B-02": [0], "A-02/B-02": [1]})
    do(s, "reveal:tactic", "pay")
    assert set(ids(s)) == {"replace:B-01/B-02:0", "replace:A-02/B-02:1"}


# ---------------------------------------------------------------- the sweep
def test_a_special_action_that_can_do_nothing_is_not_offered() -> None:
    from .test_styles import declared
    s = scene(cities={0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"})
    declared(s, 0, "mobilization-support-system", -1)
    declared(s, 0, "frontier-survey-office", -1)
    assert "main:special:mobilization-support-system" in ids(s)
    s.supply[0] = 0  # no marker: "place 2 influence" would resolve to nothing
    s._cache.clear()
    assert "main:special:mobilization-support-system" not in ids(s)
    assert "main:special:frontier-survey-office" in ids(s)
    for site in s.board.sites:
        if site not in s.explored:
            s.explored[site] = "x"  # nothing left to explore
    s._cache.clear()
    s.board_changed()  # the board was changed by hand
    assert "main:special:frontier-survey-office" not in ids(s)
