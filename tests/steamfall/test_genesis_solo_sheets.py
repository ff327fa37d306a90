"""Genesis solo: every line of every AI sheet and every random-development band (rules.md §18).

Each test sets a small position on the 2-player map (areas 0 north city, 1 west ancient,
2 central, 3 east ancient, 4 south city; secret locations 5-16), runs one printed line of
the sheet through the interpreter and checks what the line does.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.titles.steamfall.scenarios.genesis.ai import sheets as gai
from boardwright.titles.steamfall.scenarios.genesis.ai import solo as gs
from boardwright.titles.steamfall.state import SteamfallState

from . import scene

CENTRAL = 2
N, W, E, S = 0, 1, 3, 4
PLAYER_CHAR = {"jb": "luis", "luis": "jb"}


def solo(opp: str, rnd: int = 1, seed: int = 1) -> SteamfallState:
    """A solo game at the player's first turn, then cleared: no tokens, events, ruins,
    cubes; AI and player in the central district with empty pools; round `rnd`."""
    st = scene.game(
        players=1, scenario="genesis", chars=(PLAYER_CHAR.get(opp, "luis"),), seed=seed, opponent=opp
    )
    n = st.board.n_areas
    st.ruins_stack += [r for r in st.ruins if r]
    for t in st.tok:
        for k in t:
            t[k] = 0
    st.event = [""] * n
    st.ruins = [""] * n
    st.rside = [0] * n
    st.cubes = [[] for _ in range(n)]
    st.gn["pile"] = []
    st.gn["box"] = [e.id for e in st.content.comp.genesis_events if not e.peace]
    st.gn["ecubes"] = {}
    st.ai.update(gai.new_ai(opp, CENTRAL, n))
    st.pl[0]["at"] = CENTRAL
    for k in st.pl[0]["res"]:
        st.pl[0]["res"][k] = 0
    st.round = rnd
    st._cache.clear()
    return st


def run(st: SteamfallState, steps: Any) -> None:
    gai.run_line(st, list(steps), "18.5")


def line(st: SteamfallState, part: str, i: int = 0) -> Any:
    return getattr(gai.sheet(st), part)[i].steps


def band(st: SteamfallState, lo: int) -> Any:
    return next(b for b in gai.sheet(st).random if b.lo == lo).steps


def ev(st: SteamfallState, name: str, k: int = 0) -> str:
    return gs.ids_named(st, name)[k]


def put_event(st: SteamfallState, name: str, area: int) -> str:
    eid = ev(st, name)
    st.gn["box"].remove(eid)
    st.event[area] = eid
    return eid


def pool(st: SteamfallState) -> dict[str, int]:
    return dict(st.ai["pool"])


# ------------------------------------------------------------------ the sheets as data
def test_seven_sheets_one_per_character_bands_cover_the_d20() -> None:
    sheets = gai.sheets()
    assert sorted(sheets) == sorted(["jb", "marcus", "possessed", "luis", "alice", "lucius", "stefan"])
    for s in sheets.values():
        assert len(s.journal) == 4
        covered = [n for b in s.random for n in range(b.lo, b.hi + 1)]
        assert covered == list(range(1, 21))


BANDS = [(sid, b.lo, b.hi) for sid, s in gai.sheets().items() for b in s.random]


@pytest.mark.parametrize(("sid", "lo", "hi"), BANDS)
def test_every_band_is_rolled_on_its_numbers(sid: str, lo: int, hi: int, monkeypatch: Any) -> None:
    games = {n: solo(sid) for n in (lo, hi)}
    for n, st in games.items():
        with monkeypatch.context() as m:
            m.setattr(type(st.rng), "below", lambda self, k, n=n: n - 1)
            gai.roll(st, gai.Step(op="roll"), "18.5")
        assert st.ai["rolls"][-1] == [1, n, lo, hi]
        assert any(f"rolls the d20: {n} " in e.text for e in st.log)


def test_roll_uses_the_game_rng_and_is_logged() -> None:
    st = solo("luis")
    a, b = st.clone(), st.clone()
    run(a, [gai.Step(op="roll")])
    run(b, [gai.Step(op="roll")])
    assert a.ai["rolls"] == b.ai["rolls"] and len(a.ai["rolls"]) == 1


# ------------------------------------------------------------------ automatic steps (§18.6)
def test_automatic_steps_after_a_move() -> None:
    st = solo("marcus")
    st.tok[N].update(scrap=2, steam=1, workshop=1, insight=1, civilian=2)
    funnel = put_event(st, "Steam Funnel", W)  # a scoring event next door (W is not next to N)
    ritual = put_event(st, "Ritual Site", CENTRAL)  # next to N
    slots = [a for a in st.board.neighbours(N) if st.board.is_slot(a)]
    st.tok[slots[0]]["insight"] = 2
    st.ruins[N] = st.ruins_stack.pop(0)
    gai.move(st, N)
    p = pool(st)
    assert (p["scrap"], p["steam"], p["workshop"], p["civilian"]) == (2, 1, 1, 2)
    assert p["insight"] == 1 + 2  # the token in the area and the location's insight
    assert ritual in st.ai["ev_cubes"] and funnel not in st.ai["ev_cubes"]
    assert set(slots) <= set(st.ai["loc"]) and not any(st.up[a] for a in slots)
    assert st.rside[N] == 1 and p["stamina"] == 2  # explored once: relic cards become stamina
    assert st.ai["cubes"] == 8 - 1 - len(slots)


def test_no_cube_when_the_ai_has_none_left() -> None:
    st = solo("marcus")
    st.ai["cubes"] = 1
    gai.move(st, N)
    assert len(st.ai["loc"]) == 1 and st.ai["cubes"] == 0


def test_a_move_to_its_own_area_still_picks_up() -> None:
    st = solo("marcus")
    st.tok[CENTRAL]["scrap"] = 2
    gai.move(st, CENTRAL)
    assert st.ai["pool"]["scrap"] == 2


def test_ties_go_to_the_nearest_area_then_the_lowest_number() -> None:
    st = solo("marcus")
    st.ai["at"] = N
    st.tok[S]["civilian"] = 2
    st.tok[W]["civilian"] = 2
    assert gai.target(st, gai.Step(op="move", where="most_civilian")) in (W, S)
    dist = gai.distance(st, N)
    want = min((W, S), key=lambda a: (dist[a], a))
    assert gai.target(st, gai.Step(op="move", where="most_civilian")) == want


# ------------------------------------------------------------------ Jim & Beam
def test_jb_journal_rounds() -> None:
    st = solo("jb")
    run(st, line(st, "journal", 0))
    assert ev(st, "Gorilla Trail") in st.gn["pile"] and st.ai["pool"]["vp"] == 4
    run(st, line(st, "journal", 1))
    assert {ev(st, "Fresh Gorilla Trail", 0), ev(st, "Fresh Gorilla Trail", 1)} <= set(st.gn["pile"])
    before = (pool(st), list(st.gn["pile"]))
    run(st, line(st, "journal", 2))
    assert (pool(st), st.gn["pile"]) == before


@pytest.mark.parametrize(("ai_insight", "event"), [(5, "Ritual Site"), (3, "Banquet")])
def test_jb_round_4_compares_insight(ai_insight: int, event: str) -> None:
    st = solo("jb", 4)
    st.ai["pool"]["insight"] = ai_insight
    st.pl[0]["res"]["insight"] = 3
    run(st, line(st, "journal", 3))
    assert ev(st, event) in st.gn["pile"] and ev(st, event) in st.ai["ev_cubes"]
    assert st.ai["pool"]["steam"] == 1


def test_jb_chase_follows_the_clues_and_repeats_for_steam() -> None:
    st = solo("jb")
    st.ai["clues"][N] = 2
    st.ai["clues"][S] = 1
    st.ai["pool"]["steam"] = 1
    run(st, line(st, "turn"))
    assert st.ai["pool"]["insight"] == 6 and st.ai["pool"]["steam"] == 0
    assert st.ai["at"] == S and not any(st.ai["clues"])


def test_jb_chase_without_steam_takes_one_area() -> None:
    st = solo("jb")
    st.ai["clues"][N] = 2
    st.ai["clues"][S] = 1
    run(st, line(st, "turn"))
    assert st.ai["at"] == N and st.ai["clues"][S] == 1 and st.ai["pool"]["insight"] == 4


def test_jb_tracked_and_feint() -> None:
    st = solo("jb")
    st.pl[0]["pool"]["movement"] = 5
    st.pl[0]["col"] = 0
    st._cache.clear()
    st.apply(0, f"move:{N}")
    assert st.ai["clues"][CENTRAL] == 1
    st.apply(0, f"move:{CENTRAL}")
    assert st.ai["clues"][N] == 0  # only the first move of a turn leaves a clue
    st.pl[0]["res"]["scrap"] = 2
    st._cache.clear()
    st.apply(0, f"feint:scrap:{W}")
    assert st.ai["clues"][W] == 1 and st.pl[0]["res"]["scrap"] == 0


def test_jb_tracked_also_follows_a_teleport() -> None:
    # "after you move for the first time in a turn": travelling by the U-bot is a move too
    st = solo("jb")
    st.tasks.append(["teleport", 0])
    st._cache.clear()
    st.apply(0, f"to:{N}")
    assert st.pl[0]["at"] == N and st.ai["clues"][CENTRAL] == 1


def test_jb_civilian_interrogation() -> None:
    st = solo("jb")
    st.ai["pool"]["civilian"] = 2
    run(st, line(st, "end", 0))
    assert st.ai["pool"]["civilian"] == 1 and st.ai["pool"]["steam"] == 1
    run(st, line(st, "end", 0))
    run(st, line(st, "end", 0))
    assert st.ai["pool"]["steam"] == 2


def test_jb_hunt_captures_without_clues_or_in_the_same_area() -> None:
    st = solo("jb")
    run(st, line(st, "end", 1))
    assert st.over and st.outcome()["won"] is False and "captured" in st.outcome()["reason"]
    st = solo("jb")
    st.ai["clues"][N] = 1
    st.ai["at"] = S
    run(st, line(st, "end", 1))
    assert not st.over
    st.ai["at"] = CENTRAL
    run(st, line(st, "end", 1))
    assert st.over and "J&B's area" in st.outcome()["reason"]


def test_jb_band_1_6_cube_on_the_players_location() -> None:
    st = solo("jb")
    slot = 5
    st.cubes[slot] = [0]
    run(st, band(st, 1))
    assert slot in st.ai["loc"] and st.ai["pool"]["steam"] == 1


def test_jb_band_7_16_civilians() -> None:
    st = solo("jb")
    st.tok[E]["civilian"] = 2
    run(st, band(st, 7))
    assert st.ai["at"] == E and st.ai["pool"]["civilian"] == 2 and st.ai["pool"]["insight"] == 4


def test_jb_band_17_20_scrap_and_clues() -> None:
    st = solo("jb")
    st.tok[W]["scrap"] = 3
    st.ai["clues"][N] = 2
    st.ai["clues"][S] = 2
    st.pl[0]["at"] = E
    run(st, band(st, 17))
    assert st.ai["at"] == W and st.ai["pool"]["insight"] == 3
    assert st.ai["clues"][E] == 3 and st.ai["clues"][N] + st.ai["clues"][S] == 1


def test_jb_end_game_scoring_line_by_line() -> None:
    st = solo("jb")
    st.ai["pool"].update(workshop=5, insight=21, stamina=3, scrap=13, civilian=7)
    st.ai["loc"] = [5]
    gs.end_game(st)
    # 2 pairs of items: 2 VP, 2 stamina; 21 insight: 2; 5 stamina: 2; 13 scrap: 2; 7 civilians: 2
    assert st.ai["pool"]["vp"] == 10
    assert "secret_locations" not in st.ai["final"]  # this sheet scores no secret locations


# ------------------------------------------------------------------ Marcus
def test_marcus_journal_rounds() -> None:
    st = solo("marcus")
    run(st, line(st, "journal", 0))
    assert {ev(st, "Destination"), ev(st, "Manifestation"), ev(st, "Marcus's Lab")} <= set(st.gn["pile"])
    assert st.ai["pool"]["vp"] == 4
    for r in (1, 2, 3):
        st2 = solo("marcus", r + 1)
        run(st2, line(st2, "journal", r))
        assert sorted(st2.gn["pile"]) == sorted([ev(st2, "Destination"), ev(st2, "Manifestation")])


def test_marcus_event_time_places_civilians() -> None:
    st = solo("marcus")
    put_event(st, "Destination", N)
    put_event(st, "Manifestation", S)
    run(st, line(st, "start")[1:])  # after the roll
    assert st.tok[N]["civilian"] == 2 and st.tok[S]["civilian"] == 2


def test_marcus_evil_machinations_and_combine() -> None:
    st = solo("marcus")
    put_event(st, "Destination", N)
    put_event(st, "Manifestation", S)
    st.tok[N]["steam"] = 1
    st.tok[S]["scrap"] = 2
    run(st, line(st, "end", 0))
    assert st.ai["at"] == S and st.ai["pool"]["steam"] == 1 and st.ai["pool"]["scrap"] == 2
    st.ai["pool"]["workshop"] = 5
    run(st, line(st, "end", 1))
    assert st.ai["pool"]["stamina"] == 2 and st.ai["pool"]["workshop"] == 5  # pairs are kept


def test_marcus_band_1_9_turns_clockwise_insight_per_civilian_repeats() -> None:
    st = solo("marcus")
    put_event(st, "Manifestation", E)
    st.ai["pool"].update(civilian=3, steam=1)
    before = st.board.paths[E]
    run(st, band(st, 1))
    assert st.board.paths[E] == (before[2], before[3], before[0], before[1])  # two quarter turns
    assert st.ai["pool"]["insight"] == 6 and st.ai["pool"]["steam"] == 0


def test_marcus_band_10_20_counter_clockwise_to_civilians() -> None:
    st = solo("marcus")
    put_event(st, "Manifestation", E)
    st.tok[W]["civilian"] = 3
    st.tok[S]["civilian"] = 1
    st.ai["pool"]["steam"] = 5
    before = st.board.paths[E]
    run(st, band(st, 10))
    assert st.ai["pool"]["civilian"] == 4 and st.ai["pool"]["steam"] == 4  # stops: no civilians left
    assert st.board.paths[E] == (before[2], before[3], before[0], before[1])


def test_marcus_band_10_20_turns_once_even_with_no_civilian_on_the_map() -> None:
    # "unless there are no civilians" stops the repeats, not the line itself
    st = solo("marcus")
    put_event(st, "Manifestation", E)
    st.ai["pool"]["steam"] = 2
    before = st.board.paths[E]
    run(st, band(st, 10))
    from boardwright.titles.steamfall.board import rotate

    assert tuple(st.board.paths[E]) == tuple(rotate(before, -1))  # one quarter, not repeated
    assert st.ai["pool"]["steam"] == 2


def test_marcus_band_1_9_keeps_its_steam_when_a_pass_can_do_nothing() -> None:
    st = solo("marcus")  # no Manifestation on the map, no civilian in the pool
    st.ai["pool"]["steam"] = 2
    run(st, band(st, 1))
    assert st.ai["pool"]["steam"] == 2


def test_marcus_player_abilities() -> None:
    st = solo("marcus")
    st.tok[CENTRAL]["civilian"] = 1
    st.pl[0]["res"]["insight"] = 3
    st.pl[0]["col"] = 0
    st._cache.clear()
    assert "lost:insight" in scene.ids(st)
    st.apply(0, "lost:insight")
    assert st.pl[0]["res"]["insight"] == 0 and st.tok[CENTRAL]["civilian"] == 0
    from boardwright.titles.steamfall.scenarios.genesis.ai.player import quest_need

    assert (quest_need(st, 4), quest_need(st, 3), quest_need(st, 2)) == (3, 2, 2)


@pytest.mark.parametrize(
    ("event", "action"), [("Manifestation", "charm"), ("Marcus's Lab", "engineering")]
)
def test_a_civilian_let_go_for_2_vp(event: str, action: str) -> None:
    """Stand-in effects (balance.md, Genesis solo): 1 charm at the Manifestation,
    1 engineering at Marcus's Lab (beside its workshop card effect), and a civilian card let
    go for 2 VP, in the event's district; not offered without a civilian."""
    st = solo("marcus")
    put_event(st, event, N)
    pl = st.pl[0]
    pl["at"] = N
    pl["pool"][action] = 1
    pl["col"] = 0
    st._cache.clear()
    assert not any(a.startswith("fx:e:") for a in scene.ids(st))
    civ = next(iter(st.content.civilians))
    pl["civs"] = [civ]
    st._cache.clear()
    aid = next(a for a in scene.ids(st) if a.startswith("fx:e:") and a.endswith(civ))
    vp = pl["res"]["vp"]
    st.apply(0, aid)
    assert pl["res"]["vp"] == vp + 2 and pl["civs"] == [] and pl["pool"][action] == 0


def test_marcus_end_game_scoring() -> None:
    st = solo("marcus")
    st.ai["pool"].update(workshop=4, insight=13, stamina=1, scrap=9, civilian=2)
    gs.end_game(st)
    # pairs: 2 stamina (items kept); 4 items: 2; 13 insight: 2; 3 stamina: 1; 9 scrap: 2; 2 civilians: 2
    assert st.ai["pool"]["vp"] == 9
    assert "secret_locations" in st.ai["final"]


# ------------------------------------------------------------------ The Possessed
def test_possessed_journal_rounds(monkeypatch: Any) -> None:
    st = solo("possessed")
    run(st, line(st, "journal", 0))
    assert {ev(st, "Destination"), ev(st, "Meditation Chamber")} <= set(st.gn["pile"])
    placed = sum(1 for r in st.ruins if r)
    assert placed == min(st.board.n_areas, 9) and st.ai["pool"]["vp"] == 4
    st = solo("possessed", 2)
    run(st, line(st, "journal", 1))
    assert ev(st, "Destination") in st.gn["pile"]
    assert {ev(st, "Lucius's Clinic"), ev(st, "Alice's Greenhouse")} & set(st.gn["pile"])
    st = solo("possessed", 3)
    run(st, line(st, "journal", 2))
    assert st.gn["pile"] == [ev(st, "Destination")]
    st = solo("possessed", 4)
    st.pl[0]["res"]["insight"] = 1
    run(st, line(st, "journal", 3))
    assert {ev(st, "Destination"), ev(st, "Manifestation"), ev(st, "Steam Funnel")} <= set(st.gn["pile"])
    assert ev(st, "Steam Funnel") in st.ai["ev_cubes"]
    st = solo("possessed", 4)
    st.ai["pool"]["insight"] = 2
    st.pl[0]["res"]["insight"] = 1
    run(st, line(st, "journal", 3))
    assert ev(st, "Ritual Site") in st.ai["ev_cubes"]


def test_possessed_event_time_ruins_on_destination() -> None:
    st = solo("possessed")
    put_event(st, "Destination", N)
    run(st, line(st, "start")[1:])
    assert st.ruins[N]


def test_possessed_explore_there_and_back() -> None:
    st = solo("possessed")
    put_event(st, "Destination", N)
    st.ai["at"] = S
    st.ruins[N] = st.ruins_stack.pop(0)
    st.ruins[S] = st.ruins_stack.pop(0)
    run(st, line(st, "end"))
    assert st.ai["at"] == S and st.ai["pool"]["insight"] == 8
    assert st.rside[N] == 1 and st.rside[S] == 1


def test_possessed_band_1_9_gathers_next_to_destination() -> None:
    st = solo("possessed")
    put_event(st, "Destination", N)
    st.tok[CENTRAL].update(scrap=2, civilian=1)
    slot = next(a for a in st.board.neighbours(N) if st.board.is_slot(a))
    st.tok[slot]["insight"] = 2
    st.tok[S]["steam"] = 1  # not next to N
    run(st, band(st, 1))
    assert (st.tok[N]["scrap"], st.tok[N]["civilian"], st.tok[N]["insight"]) == (2, 1, 2)
    assert st.tok[S]["steam"] == 1


def test_possessed_band_10_20_drains_stamina_off_ruins() -> None:
    st = solo("possessed")
    st.pl[0]["at"] = W
    st.pl[0]["res"]["stamina"] = 3
    run(st, band(st, 10))
    assert st.pl[0]["res"]["stamina"] == 0 and st.ai["at"] == W
    st = solo("possessed")
    st.pl[0]["at"] = W
    st.ruins[W] = st.ruins_stack.pop(0)
    st.pl[0]["res"]["stamina"] = 3
    run(st, band(st, 10))
    assert st.pl[0]["res"]["stamina"] == 3


def test_possessed_strange_vibrations() -> None:
    st = solo("possessed")
    relic = next(i.id for i in st.content.comp.items if i.deck == "relic")
    st.pl[0]["hand"].append(relic)
    from boardwright.titles.steamfall.scenarios.genesis.ai.player import on_fire

    on_fire(st, 0, "explore_ruins")
    st._cache.clear()
    assert st.decision(0).kind == "ai_vibrations"
    st.apply(0, f"discard:{relic}")
    assert (
        relic not in st.pl[0]["hand"] and st.pl[0]["res"]["stamina"] == 1 and st.pl[0]["res"]["insight"] == 2
    )


def test_possessed_end_game_scoring() -> None:
    st = solo("possessed")
    st.ai["pool"].update(workshop=3, insight=6, stamina=2, scrap=4, civilian=6)
    gs.end_game(st)
    # pairs: 1 stamina; 2 of 3 items: 1; 6 insight: 1; 3 stamina: 3; 4 scrap: 1; 6 civilians: 2
    assert st.ai["pool"]["vp"] == 8


# ------------------------------------------------------------------ Luis
def test_luis_journal_rounds(monkeypatch: Any) -> None:
    st = solo("luis")
    run(st, line(st, "journal", 0))
    assert st.gn["pile"] == [ev(st, "Destination")] and st.event[CENTRAL] == ev(st, "Luis's Show")
    assert st.ai["pool"]["vp"] == 4
    for r in (1, 2):
        st = solo("luis", r + 1)
        run(st, line(st, "journal", r))
        assert st.gn["pile"] == [ev(st, "Destination")]
    st = solo("luis", 4)
    run(st, line(st, "journal", 3))
    assert st.event[CENTRAL] in (ev(st, "Romantic Atmosphere"), ev(st, "Unrest"))
    assert st.ai["pool"]["steam"] == 1


def test_luis_crowd_costs_one_more_to_enter_the_centre() -> None:
    st = solo("luis")
    from boardwright.titles.steamfall.turn import move_cost

    assert move_cost(st, 0, CENTRAL, 1) == 2 and move_cost(st, 0, N, 1) == 1


def test_luis_end_of_round() -> None:
    st = solo("luis")
    put_event(st, "Destination", N)
    st.tok[N]["civilian"] = 2
    run(st, line(st, "end", 0))
    assert st.ai["at"] == N and st.tok[N]["civilian"] == 2  # he never picks up civilians
    run(st, line(st, "end", 1))
    assert st.tok[W]["civilian"] == 1 and st.tok[E]["civilian"] == 1 and st.tok[N]["civilian"] == 2


def test_luis_band_1_10_the_show() -> None:
    st = solo("luis")
    st.tok[N]["civilian"] = 3
    st.tok[S]["civilian"] = 1
    st.tok[CENTRAL]["civilian"] = 5
    st.ai["pool"]["steam"] = 1
    run(st, band(st, 1))
    assert st.tok[CENTRAL]["civilian"] == 9 and st.ai["pool"]["insight"] == 8 and st.ai["at"] == CENTRAL


def test_luis_band_1_10_keeps_its_steam_when_no_civilian_is_outside_the_centre() -> None:
    st = solo("luis")
    st.tok[N]["civilian"] = 2
    st.tok[CENTRAL]["civilian"] = 5
    st.ai["pool"]["steam"] = 3
    run(st, band(st, 1))
    assert st.tok[CENTRAL]["civilian"] == 7 and st.ai["pool"]["insight"] == 4
    assert st.ai["pool"]["steam"] == 3


def test_luis_band_11_20_pulls_one_from_each_neighbour() -> None:
    st = solo("luis")
    for a in (N, W, E, S):
        st.tok[a]["civilian"] = 2
    run(st, band(st, 11))
    assert st.tok[CENTRAL]["civilian"] == 4 and st.ai["pool"]["insight"] == 8


def test_luis_end_game_scoring() -> None:
    st = solo("luis")
    st.tok[CENTRAL]["civilian"] = 5
    st.ai["pool"].update(workshop=2, insight=10, stamina=0, scrap=6)
    gs.end_game(st)
    # 2 pairs in the centre: 2; pair of items: 1 stamina; 2 items: 1; 10 insight: 1; 1 stamina: 0; 6 scrap: 1
    assert st.ai["pool"]["vp"] == 5


# ------------------------------------------------------------------ Alice
def test_alice_journal_rounds_and_start() -> None:
    st = solo("alice")
    run(st, line(st, "journal", 0))
    assert st.pl[0]["res"]["stamina"] == 2 and st.ai["pool"]["vp"] == 4
    assert {ev(st, "Destination"), ev(st, "Alice's Greenhouse")} <= set(st.gn["pile"])
    st.gn["pile"] = [e for e in st.gn["pile"] if e != ev(st, "Alice's Greenhouse")]
    st.event[E] = ev(st, "Alice's Greenhouse")
    gs.start_of_round(st)
    assert st.ai["at"] in (E, *range(17))
    assert st.ai["start_at"] == ""
    for r, (mine, theirs, event) in enumerate([(2, 1, "Steam Funnel"), (1, 1, "Banquet")]):
        st = solo("alice", 4)
        st.ai["pool"]["steam"] = mine
        st.pl[0]["res"]["steam"] = theirs
        run(st, line(st, "journal", 3))
        assert ev(st, event) in st.ai["ev_cubes"], r
    st = solo("alice", 2)
    run(st, line(st, "journal", 1))
    assert st.gn["pile"] == [ev(st, "Destination")]


def test_alice_starts_on_her_greenhouse_before_acting() -> None:
    st = solo("alice")
    st.ai["start_at"] = "Alice's Greenhouse"
    st.event[E] = ev(st, "Alice's Greenhouse")
    gs.start_of_round(st)  # nothing on the map to draw her elsewhere
    assert st.ai["at"] == E and st.ai["start_at"] == ""


def test_alice_player_abilities() -> None:
    st = solo("alice")
    st.pl[0]["res"]["insight"] = 5
    st.pl[0]["col"] = 0
    st._cache.clear()
    assert not any(a.startswith("token:") for a in scene.ids(st))
    st.ai["dcubes"] = [CENTRAL, CENTRAL]
    st.ai["cubes"] = 6
    from boardwright.titles.steamfall.scenarios.genesis.ai.player import end_turn

    end_turn(st, 0)
    assert st.ai["dcubes"] == [] and st.ai["cubes"] == 8
    st._cache.clear()
    assert st.decision(0).kind == "ai_token"
    spare = len(st.pl[0]["spare"])
    st.apply(0, st.legal_actions(0)[0].id)
    assert len(st.pl[0]["spare"]) == spare - 1


def test_alice_event_time_cube_on_destination() -> None:
    st = solo("alice")
    put_event(st, "Destination", N)
    run(st, line(st, "start")[1:])
    assert st.ai["dcubes"] == [N]


def test_alice_quick_shopping_and_hijack() -> None:
    st = solo("alice")
    put_event(st, "Destination", N)
    st.event[E] = ev(st, "Alice's Greenhouse")
    run(st, line(st, "end", 0))
    assert st.ai["at"] == E
    st.ai["dcubes"] = [S]
    st.tok[S]["scrap"] = 2
    st.tok[CENTRAL]["civilian"] = 1  # next to S
    st.tok[W]["steam"] = 1  # not next to S
    run(st, line(st, "end", 1))
    assert st.ai["pool"]["scrap"] == 2 and st.ai["pool"]["civilian"] == 1
    assert st.tok[W]["steam"] == 1 and st.ai["pool"]["steam"] == 1  # one cube on a district


def test_alice_greenhouse_drops_and_her_first_quick_shopping_takes_them() -> None:
    """Stand-in drops (balance.md, Genesis solo): a civilian, a workshop item,
    2 scrap and a ruins token when the Greenhouse is laid; she starts there and picks them
    up when her Quick shopping brings her back (a move, §18.6)."""
    from boardwright.titles.steamfall.rounds import lay_event

    st = solo("alice")
    put_event(st, "Destination", N)
    eid = ev(st, "Alice's Greenhouse")
    st.gn["box"].remove(eid)
    lay_event(st, E, eid, "18.9")
    t = st.tok[E]
    assert (t["civilian"], t["workshop"], t["scrap"], t["steam"]) == (1, 1, 2, 0)
    assert st.ruins[E]
    st.ai["at"] = E
    run(st, line(st, "end", 0))
    assert st.ai["at"] == E
    got = pool(st)
    assert (got["civilian"], got["workshop"], got["scrap"]) == (1, 1, 2)
    assert got["stamina"] == 2  # the ruins explored once: its relic cards as stamina
    assert not any(st.tok[E][k] for k in ("civilian", "workshop", "scrap"))


def test_alice_greenhouse_adds_tokens_at_every_round_start_while_it_stands() -> None:
    """Stand-in start-of-round tokens (balance.md, Genesis solo): a workshop item and 2 scrap in its
    district at each round's start, with the districts' own drops; none once it is gone.
    A workshop item token comes from the finite supply."""
    from boardwright.titles.steamfall.scenarios.genesis import game as genesis

    st = solo("alice", 2)
    st.event[E] = ev(st, "Alice's Greenhouse")
    supply = st.supply["workshop"]
    genesis.round_drops(st)
    assert (st.tok[E]["workshop"], st.tok[E]["scrap"]) == (1, 2)
    assert st.supply["workshop"] == supply - 1
    assert not any(st.tok[a]["workshop"] or st.tok[a]["scrap"] for a in range(len(st.tok)) if a != E)
    st.supply["workshop"] = 0
    genesis.round_drops(st)
    assert (st.tok[E]["workshop"], st.tok[E]["scrap"]) == (1, 4)  # none left to place
    st.event[E] = ""
    genesis.round_drops(st)
    assert st.tok[E]["scrap"] == 4


def test_only_a_permanent_event_has_start_of_round_tokens() -> None:
    from pydantic import ValidationError

    from boardwright.titles.steamfall.schema import GenesisEvent

    with pytest.raises(ValidationError, match="round_drops"):
        GenesisEvent(id="x", source="stand-in", name="X", round_drops=["steam"])
    ok = GenesisEvent(id="y", source="stand-in", name="Y", permanent=True, round_drops=["steam"])
    assert ok.round_drops == ["steam"]


LUIS_COLS = [["luis-m2", "luis-ma"], ["lu-ch", "lu-sp"], ["lu-c2", "lu-sc"], ["lu-st"]]  # capacity 3, 4, 3, 3


def test_alice_band_1_9_steam_and_tokens_left() -> None:
    st = solo("alice")
    st.pl[0]["cols"] = [list(c) for c in LUIS_COLS]
    st.tok[S]["steam"] = 2
    run(st, band(st, 1))
    assert st.ai["at"] == S and st.ai["pool"]["steam"] == 2
    # each column's first non-special token moves once, special stays
    assert st.pl[0]["cols"] == [["luis-m2", "luis-ma", "lu-ch"], ["lu-sp", "lu-c2"], ["lu-sc", "lu-st"], []]


def test_alice_band_10_20_cube_and_tokens_right() -> None:
    st = solo("alice")
    st.pl[0]["cols"] = [list(c) for c in LUIS_COLS]
    st.tok[W].update(scrap=2, civilian=1)
    st.tok[S].update(scrap=2)
    st.ruins[E] = st.ruins_stack.pop(0)
    run(st, band(st, 10))
    assert st.ai["dcubes"] == [W]  # 3 tokens beat 2 tokens and 1 ruins
    assert st.pl[0]["cols"] == [["luis-ma"], ["lu-sp", "luis-m2"], ["lu-sc", "lu-ch"], ["lu-st", "lu-c2"]]


def test_alice_district_cubes_count_as_influence() -> None:
    st = solo("alice")
    st.ai["dcubes"] = [N, S]
    st.ai["loc"] = [5]
    assert gs.ai_influence(st) == 3
    st2 = solo("luis")
    st2.ai["dcubes"] = [N]
    assert gs.ai_influence(st2) == 0


def test_alice_end_game_scoring() -> None:
    st = solo("alice")
    st.ai["dcubes"] = [N, S]
    st.ai["pool"].update(workshop=2, insight=6, stamina=2, scrap=4, civilian=3)
    gs.end_game(st)
    # 2 cubes: 2; pair: 1 stamina; 2 items: 1; 6 insight: 1; 3 stamina: 1; 4 scrap: 1; 3 civilians: 1
    assert st.ai["pool"]["vp"] == 7


# ------------------------------------------------------------------ Lucius
def test_lucius_tainted_outbreak_goes_to_the_area_named_even_beside_an_event() -> None:
    # the sheet names the area (the most civilians); an event already there does not send
    # the outbreak to the central district
    st = solo("lucius", 2)
    funnel = put_event(st, "Steam Funnel", W)
    st.tok[W]["civilian"] = 3
    run(st, line(st, "journal", 1))
    assert gai.event_area(st, "Tainted Outbreak") == W and st.event[W] == funnel
    assert ev(st, "Tainted Outbreak") not in gai.events_in(st, CENTRAL)


def test_lucius_journal_rounds() -> None:
    for r in range(4):
        st = solo("lucius", r + 1)
        st.tok[W]["civilian"] = 3
        st.pl[0]["res"]["steam"] = 1
        run(st, line(st, "journal", r))
        assert st.event[W] == ev(st, "Tainted Outbreak")
        assert ev(st, "Destination") in st.gn["pile"]
        assert st.ai["pool"]["vp"] == (4 if r == 0 else 0)
        if r < 3:
            assert st.tok[CENTRAL]["civilian"] == 1
        else:
            assert ev(st, "Incident Site") in st.ai["ev_cubes"]
    st = solo("lucius", 4)
    st.ai["pool"]["steam"] = 2
    run(st, line(st, "journal", 3))
    assert ev(st, "Steam Funnel") in st.ai["ev_cubes"]


def test_lucius_player_abilities() -> None:
    st = solo("lucius")
    st.tok[CENTRAL].update(mechanized=1, civilian=1)
    st.pl[0]["res"]["insight"] = 6
    st.pl[0]["col"] = 0
    st.pl[0]["pool"]["violence"] = 2
    st._cache.clear()
    acts = scene.ids(st)
    assert "execute:insight" in acts and "execute:violence" in acts and "meet:violence" not in acts
    st.apply(0, "execute:insight")
    assert st.tok[CENTRAL]["mechanized"] == 0 and st.pl[0]["res"]["scrap"] == 2


def test_lucius_event_time_stalk_contamination() -> None:
    st = solo("lucius")
    put_event(st, "Destination", N)
    run(st, line(st, "start")[1:])
    assert st.tok[N]["civilian"] == 1
    run(st, line(st, "end", 0))
    assert st.ai["at"] == N and st.ai["pool"]["civilian"] == 1
    run(st, line(st, "end", 1))
    assert st.ai["pool"]["civilian"] == 0 and st.tok[N]["mechanized"] == 1


def test_lucius_band_1_9_resources_and_mechanize() -> None:
    st = solo("lucius")
    st.tok[S]["scrap"] = 4
    st.tok[W].update(mechanized=1, civilian=2)
    st.tok[E].update(civilian=2)
    run(st, band(st, 1))
    assert st.ai["at"] == S and st.tok[W]["mechanized"] == 2 and st.tok[E]["mechanized"] == 0
    assert st.ai["pool"]["steam"] == 1


def test_lucius_band_10_20_ruins_civilians_insight() -> None:
    st = solo("lucius")
    put_event(st, "Destination", N)
    st.ruins[E] = st.ruins_stack.pop(0)
    run(st, band(st, 10))
    assert st.ai["at"] == E and st.tok[N]["civilian"] == 2 and st.ai["pool"]["insight"] == 4


def test_lucius_end_game_scoring() -> None:
    st = solo("lucius")
    st.tok[W]["mechanized"] = 3
    st.ai["pool"].update(workshop=2, insight=6, stamina=1, scrap=4)
    gs.end_game(st)
    # 3 Mechanized: 3; pair: 1 stamina; 2 items: 1; 6 insight: 1; 2 stamina: 1; 4 scrap: 1
    assert st.ai["pool"]["vp"] == 7


# ------------------------------------------------------------------ Stefan
def test_stefan_journal_rounds() -> None:
    st = solo("stefan")
    run(st, line(st, "journal", 0))
    names = {ev(st, n) for n in ("Stefan's Workshop", "Excavation Site", "Destination")}
    assert names <= set(st.gn["pile"]) and st.ai["pool"]["vp"] == 4
    st = solo("stefan", 2)
    put_event(st, "Excavation Site", W)
    run(st, line(st, "journal", 1))
    assert st.event[W] == ev(st, "Dangerous Excavation") and ev(st, "Destination") in st.gn["pile"]
    assert (st.tok[CENTRAL]["workshop"], st.tok[CENTRAL]["steam"], st.tok[CENTRAL]["scrap"]) == (1, 1, 2)
    st = solo("stefan", 3)
    run(st, line(st, "journal", 2))
    assert {ev(st, "Marcus's Lab"), ev(st, "Alice's Greenhouse")} & set(st.gn["pile"])
    st = solo("stefan", 4)
    st.ai["pool"]["insight"] = 1
    run(st, line(st, "journal", 3))
    assert gai.event_area(st, "Ritual Site") == CENTRAL and ev(st, "Ritual Site") in st.ai["ev_cubes"]
    st = solo("stefan", 4)
    run(st, line(st, "journal", 3))
    assert gai.event_area(st, "Incident Site") == CENTRAL


def test_stefan_show_invention_moves_destination() -> None:
    st = solo("stefan")
    put_event(st, "Destination", N)
    st.ai["pool"]["workshop"] = 2
    from boardwright.titles.steamfall.scenarios.genesis.ai.player import on_fire

    on_fire(st, 0, "attach")
    st._cache.clear()
    d = st.decision(0)
    assert d.kind == "ai_show" and f"dest:{CENTRAL}" not in scene.ids(st)
    st.apply(0, f"dest:{S}")
    assert st.event[S] == ev(st, "Destination") and not st.event[N] and st.ai["pool"]["workshop"] == 1


def test_stefan_show_invention_moves_destination_beside_another_event(monkeypatch: Any) -> None:
    # the player's district of choice, even one that holds an event; never the central one,
    # nor one whose explosion would cut an ancient district off
    from boardwright.titles.steamfall.scenarios.genesis import game as genesis
    from boardwright.titles.steamfall.scenarios.genesis.ai.player import on_fire

    st = solo("stefan")
    dest = put_event(st, "Destination", N)
    other = put_event(st, "Steam Funnel", S)
    monkeypatch.setattr(gs, "would_isolate", lambda st, a: a in (CENTRAL, E))
    on_fire(st, 0, "attach")
    st._cache.clear()
    assert set(scene.ids(st)) == {f"dest:{W}", f"dest:{S}"}
    st.apply(0, f"dest:{S}")
    assert gai.event_area(st, "Destination") == S and st.event[S] == other and not st.event[N]
    assert dest in genesis.events_at(st, S) and dest not in gai.events_in(st, CENTRAL)
    assert st.tok[S]["scrap"] == 2  # its drop, as when it is placed on a free district
    st.pl[0]["at"] = S
    st.pl[0]["res"]["scrap"] = 2
    st._cache.clear()
    assert any(a.startswith(f"fx:e={dest}:") for a in scene.ids(st))  # its effects are there
    run(st, line(st, "end", 0))  # A maintenance assignment: Stefan goes to it
    assert st.ai["at"] == S
    st.pl[0]["at"] = N
    run(st, line(st, "end", 1))  # the explosion takes both events off the map
    assert S in st.ai["gone"] and not st.ai["beside"] and {dest, other} <= set(st.gn["box"])


def test_no_teleport_into_a_district_stefan_removed() -> None:
    st = solo("stefan")
    st.ai["gone"] = [N]
    st.tasks.append(["teleport", 0])
    st._cache.clear()
    assert f"to:{N}" not in scene.ids(st) and f"to:{S}" in scene.ids(st)


def test_stefan_explosion_removes_the_district_and_its_locations() -> None:
    st = solo("stefan")
    put_event(st, "Destination", N)
    st.pl[0]["at"] = S
    run(st, line(st, "end", 0))
    assert st.ai["at"] == N
    run(st, line(st, "end", 1))
    slots = [a for a in st.board.neighbours(N) if st.board.is_slot(a)]
    assert set(st.ai["gone"]) == {N, *slots} and st.ai["at"] == CENTRAL and not st.over
    st.pl[0]["at"] = CENTRAL
    st.pl[0]["pool"]["movement"] = 5
    st.pl[0]["col"] = 0
    st._cache.clear()
    assert f"move:{N}" not in scene.ids(st)


def test_stefan_explosion_with_the_player_there_loses() -> None:
    st = solo("stefan")
    st.ai["at"] = W
    st.pl[0]["at"] = W
    run(st, line(st, "end", 1))
    assert st.over and st.outcome()["won"] is False and "explosion" in st.outcome()["reason"]


def test_stefan_destination_never_isolates_an_ancient_district() -> None:
    st = solo("stefan")
    assert gs.would_isolate(st, CENTRAL) and not gs.would_isolate(st, N)
    for a in (N, W, E, S):
        st.event[a] = ev(st, "Peace and Quiet", 0) if False else st.event[a]
    st.gn["pile"] = [ev(st, "Destination")]
    st.event[N], st.event[W], st.event[E], st.event[S] = (
        put_event(st, "Marcus's Lab", N),
        put_event(st, "Lucius's Clinic", W),
        put_event(st, "Alice's Greenhouse", E),
        put_event(st, "Luis's Show", S),
    )
    gs.place_events(st)
    assert gai.event_area(st, "Destination") == CENTRAL  # the second set-up stands
    assert any("shuffled again" in e.text for e in st.log)


def test_stefan_band_1_8_workshop_items() -> None:
    st = solo("stefan")
    st.tok[E].update(workshop=2, steam=1)
    st.tok[W].update(workshop=1)
    st.ai["pool"]["steam"] = 1
    run(st, band(st, 1))
    # E: 2 items + 1 steam = 6 insight; 1 steam spent, W: 1 item = 2 insight
    assert st.ai["pool"]["insight"] == 8 and st.ai["pool"]["workshop"] == 3


def test_stefan_band_1_8_keeps_its_steam_when_no_workshop_token_is_left() -> None:
    # a repeat is paid only when it can do something: with no workshop item token on the
    # map another pass moves nowhere and picks up nothing
    st = solo("stefan")
    st.tok[E].update(workshop=1)
    st.ai["pool"]["steam"] = 3
    run(st, band(st, 1))
    assert st.ai["pool"]["steam"] == 3 and st.ai["pool"]["insight"] == 2
    st.tok[E].update(steam=0)
    run(st, band(st, 1))  # nothing anywhere: the pass does nothing and no steam goes
    assert st.ai["pool"]["steam"] == 3


def test_stefan_band_9_14_to_the_player() -> None:
    st = solo("stefan")
    st.pl[0]["at"] = W
    st.tok[W].update(civilian=1, steam=2)
    run(st, band(st, 9))
    assert st.ai["at"] == W and st.ai["pool"]["insight"] == 6


def test_stefan_band_15_20_steam_and_items_everywhere() -> None:
    st = solo("stefan")
    put_event(st, "Destination", N)
    st.tok[S]["steam"] = 1
    run(st, band(st, 15))
    assert st.ai["at"] == S
    assert [st.tok[a]["workshop"] for a in (N, W, CENTRAL, E, S)] == [2, 1, 1, 1, 0 + 1]


def test_stefan_end_game_scoring() -> None:
    st = solo("stefan")
    st.ai["pool"].update(workshop=3, insight=8, stamina=1, scrap=6, civilian=3)
    gs.end_game(st)
    # pair: 1 stamina; 3 items: 3; 8 insight: 1; 2 stamina: 1; 6 scrap: 1; 3 civilians: 1
    assert st.ai["pool"]["vp"] == 7


# ------------------------------------------------------------------ scoring events in solo
def test_solo_scoring_event_three_and_one() -> None:
    st = solo("marcus")
    eid = put_event(st, "Steam Funnel", N)
    st.ai["ev_cubes"] = [eid]
    st.gn["ecubes"] = {eid: [0]}
    st.ai["pool"]["steam"] = 2
    st.pl[0]["res"]["steam"] = 3
    gs.score_events(st)
    assert st.gn["event_vp"][0] == 3 and st.ai["final"]["event_vp"] == 1


def test_solo_scoring_event_tie_goes_to_influence_then_the_ai() -> None:
    st = solo("marcus")
    eid = put_event(st, "Steam Funnel", N)
    st.ai["ev_cubes"] = [eid]
    st.pl[0]["at"] = N
    st.ai["pool"]["steam"] = 2
    st.pl[0]["res"]["steam"] = 2
    gs.score_events(st)
    assert st.ai["final"]["event_vp"] == 3 and st.gn["event_vp"][0] == 1


# ------------------------------------------------------------------ events when districts run out
def test_events_left_over_go_to_the_central_district() -> None:
    st = solo("marcus")
    put_event(st, "Marcus's Lab", N)
    put_event(st, "Lucius's Clinic", W)
    put_event(st, "Alice's Greenhouse", E)
    put_event(st, "Luis's Show", CENTRAL)
    st.gn["pile"] = [ev(st, "Destination"), ev(st, "Manifestation")]
    st.gn["box"] = [e for e in st.gn["box"] if e not in st.gn["pile"]]
    gs.place_events(st)
    assert st.event[S] in st.gn["pile"] or st.event[S] in (ev(st, "Destination"), ev(st, "Manifestation"))
    assert len(gai.events_in(st, CENTRAL)) == 2 and not st.gn["pile"]
    gs.discard_central(st)  # the extra one leaves at the end of the round; the permanent show stays
    assert gai.events_in(st, CENTRAL) == [ev(st, "Luis's Show")]


def test_a_district_removed_by_stefan_neither_counts_nor_receives_an_event() -> None:
    from boardwright.titles.steamfall.scenarios.genesis import game as genesis

    st = solo("stefan")
    st.ai["at"] = N
    run(st, line(st, "end", 1))  # the explosion removes N and its secret locations
    assert N in st.ai["gone"]
    st.tasks = []
    genesis.resolve_prepare(st, ["gn_prepare"])
    assert len(st.gn["pile"]) == 3  # W, E, S: the removed N does not count (§17.5, §18.7)
    gs.place_events(st)
    assert not st.event[N] and all(st.event[a] for a in (W, E, S))
    assert gai.events_in(st, CENTRAL) == [] and not st.gn["pile"]


def extras(st: SteamfallState, *names: str) -> list[str]:
    """Luis's Show is the central district's own event; `names` join it there (§18.9)."""
    put_event(st, "Luis's Show", CENTRAL)
    out = []
    for name in names:
        eid = ev(st, name)
        st.gn["box"].remove(eid)
        gs.put_central(st, eid)
        out.append(eid)
    return out


def test_every_event_in_the_central_district_works_as_an_event_there() -> None:
    from boardwright.titles.steamfall.scenarios.genesis import journal
    from boardwright.titles.steamfall.schema import Goal
    from boardwright.titles.steamfall.turn import enter

    st = solo("marcus")
    prophet, romance, ritual = extras(st, "Street Prophet", "Romantic Atmosphere", "Ritual Site")
    assert gai.events_in(st, CENTRAL) == [ev(st, "Luis's Show"), prophet, romance, ritual]
    st.pl[0]["at"], st.pl[0]["mood"] = N, 0
    enter(st, 0, CENTRAL)
    assert st.pl[0]["mood"] == 1  # Romantic Atmosphere's on-enter effect
    st.pl[0]["pool"]["charm"] = 3
    st.pl[0]["res"]["insight"] = 4
    st.pl[0]["col"] = 0
    st._cache.clear()
    legal = scene.ids(st)
    assert any(a.startswith(f"fx:e={prophet}:") for a in legal)  # its effect, beside the Show's
    assert any(a.startswith("fx:e:") for a in legal)  # the Show's: 3 charm
    assert f"gnjoin:{CENTRAL}:{ritual}" in legal  # the scoring event can be joined
    st.apply(0, next(a for a in legal if a.startswith(f"fx:e={prophet}:")))
    assert st.pl[0]["res"]["insight"] == 6  # 2 charm: 2 insight, then it is removed
    assert prophet not in gai.events_in(st, CENTRAL) and prophet in st.gn["box"]
    st.apply(0, f"gnjoin:{CENTRAL}:{ritual}")
    assert st.gn["ecubes"][ritual] == [0] and st.pl[0]["res"]["insight"] == 2
    assert journal.goal_met(st, 0, Goal(kind="at_event", what=romance))  # standing at it


def test_an_immediate_event_in_the_central_district_leaves_after_its_tokens() -> None:
    st = solo("marcus")
    (storm,) = extras(st, "Scrap Storm")
    assert storm not in gai.events_in(st, CENTRAL) and storm in st.gn["box"]
    assert st.tok[CENTRAL]["scrap"] == 4
