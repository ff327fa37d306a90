"""The rulebook's worked examples, reproduced with the shipped data."""

from __future__ import annotations

from boardwright.titles.steamfall import rounds
from boardwright.titles.steamfall.rounds import resolve_end_finish

from .scene import activated, game, hand, ids, in_play, me, pool


def test_jim_and_beam_mood_reset_passes_two_groups() -> None:
    st = game(chars=("jb", "marcus"))
    p = me(st)
    if st.pl[p]["char"] != "jb":
        p = 1 - p
    st.pl[p]["mood"] = -3
    st.tasks[-1] = ["turn", p, 0]
    st._cache.clear()
    before = st.pl[p]["res"]["scrap"]
    st.apply(p, "mood:reset")
    assert st.pl[p]["pool"]["violence"] == 4
    assert st.pl[p]["res"]["scrap"] == before + 1
    assert st.pl[p]["mood"] == 0
    assert "mood:reset" not in ids(st)  # once per turn


def test_jim_and_beam_column_example() -> None:
    st = game(chars=("jb", "marcus"))
    p = me(st)
    assert st.pl[p]["char"] == "jb"
    st.apply(p, "col:0")
    assert st.pl[p]["pool"]["movement"] == 2 and st.pl[p]["pool"]["manipulate"] == 1
    st.apply(p, "token:jb-x1:0")  # a movement token for 2 insight: column I reaches the bottom
    assert st.pl[p]["res"]["insight"] == 2
    assert st.pl[p]["pool"]["movement"] == 2  # no retroactive gain
    assert not [a for a in ids(st) if a.startswith("token:") and a.endswith(":0")]


def _ruins_here(st, p, rid: str = "ruins-1") -> None:  # type: ignore[no-untyped-def]
    area = st.pl[p]["at"]
    for a in range(st.board.n_areas):
        if st.ruins[a] == rid:
            st.ruins[a] = ""
            st.ruins_stack.append(rid)
    if st.ruins[area]:
        st.ruins_stack.append(st.ruins[area])
    st.ruins_stack.remove(rid)
    st.ruins[area] = rid
    st.rside[area] = 0
    st._cache.clear()


def test_ruins_both_sides() -> None:
    st = game()
    p = me(st)
    _ruins_here(st, p)
    pool(st, p, violence=2)
    assert not [a for a in ids(st) if a.startswith("fx:r:")]
    pool(st, p, violence=3)
    relics = len(st.decks["relic"])
    st.apply(p, "fx:r:0:0:0:-:-")
    assert len(st.decks["relic"]) == relics - 2 and st.rside[st.pl[p]["at"]] == 1
    pool(st, p, violence=3)
    assert not [a for a in ids(st) if a.startswith("fx:r:")]  # the explored side costs 4
    pool(st, p, violence=4)
    supply = len(st.ruins_stack)
    st.apply(p, "fx:r:0:0:0:-:-")
    assert st.ruins[st.pl[p]["at"]] == "" and len(st.ruins_stack) == supply + 1
    assert len(st.decks["relic"]) == relics - 4


def test_iron_hammer_charge_recharge_and_no_map_impact_at_end_of_round() -> None:
    st = game()
    p = me(st)
    hand(st, p, "iron-hammer")
    pool(st, p, scrap=2)
    st.tasks[-1] = ["turn", p, 1]  # the end-of-round window
    st._cache.clear()
    st.tok[st.pl[p]["at"]]["scrap"] = 2
    st.apply(p, "play:iron-hammer:0:-")
    assert st.tasks[-1][0] == "turn"  # its impact (a pick-up on the map) is not offered
    assert st.pl[p]["power"]["iron-hammer"] == 1  # one green segment
    pool(st, p, engineering=1)
    st.apply(p, "charge:iron-hammer:iron-hammer:0")
    assert st.pl[p]["power"]["iron-hammer"] == 2 and st.pl[p]["pool"]["engineering"] == 0
    st.pl[p]["power"]["iron-hammer"] = 0
    resolve_end_finish(st, ["end_finish"])
    assert st.pl[p]["power"]["iron-hammer"] == 1


def test_iron_hammer_impact_picks_up_during_a_turn() -> None:
    st = game()
    p = me(st)
    hand(st, p, "iron-hammer")
    pool(st, p, scrap=2)
    st.tok[st.pl[p]["at"]]["steam"] = 1
    st.apply(p, "play:iron-hammer:0:-")
    assert st.tasks[-1][0] == "trigger"
    st.apply(p, "trigger:0")
    st.apply(p, "take:steam")
    assert st.pl[p]["res"]["steam"] == 1


def test_draw_two_discard_one() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "parts-catalogue", power=1)
    n_hand = len(st.pl[p]["hand"])
    trash = len(st.trash)
    st.apply(p, next(a for a in ids(st) if a.startswith("fx:i=parts-catalogue")))
    st.apply(p, "deck:base")
    st.apply(p, "deck:addon")
    assert st.tasks[-1][0] == "dd" and len(st.pl[p]["pending"]) == 2
    drawn = set(st.pl[p]["pending"])
    choice = ids(st)
    assert {c.split(":")[1] for c in choice} == drawn  # only the drawn cards may go
    st.apply(p, choice[0])
    assert len(st.pl[p]["hand"]) == n_hand + 1 and len(st.trash) == trash + 1
    assert "fx:i=parts-catalogue" not in " ".join(ids(st))  # items: once per turn


def test_scrap_or_steam_choice() -> None:
    st = game()
    p = me(st)
    area = st.board.n_districts
    st.loc[area] = "smugglers-den"
    st.up[area] = True
    st.pl[p]["at"] = area
    pool(st, p, scrap=4, steam=2)
    offered = {a.rsplit(":", 4)[0].split(":", 1)[1] for a in ids(st) if a.startswith(f"fx:l{area}:")}
    fx = sorted(a for a in ids(st) if a.startswith(f"fx:l{area}:0:"))
    assert len(fx) == 4, offered  # 4 scrap or 2 steam, times a workshop card or a movement
    st.apply(p, f"fx:l{area}:0:1:1:-:-")
    assert st.pl[p]["res"]["steam"] == 0 and st.pl[p]["res"]["scrap"] == 4
    assert st.pl[p]["pool"]["movement"] == 1


def test_secret_location_vp_examples_remote_by_influence() -> None:
    st = game()
    p = me(st)
    a1, a2 = st.board.n_districts, st.board.n_districts + 1
    st.loc[a1], st.loc[a2] = "pawn-vault", "sage-attic"
    st.up[a1] = st.up[a2] = True
    st.tok[a1]["insight"] = st.tok[a2]["insight"] = 0
    st.cubes[a1].append(p)
    pool(st, p, scrap=4, insight=7)
    here = ids(st)
    assert f"fx:l{a1}:0:0:0:-:-" in here  # from anywhere: the cube is there
    assert not [a for a in here if a.startswith(f"fx:l{a2}:")]  # no cube, not there
    st.apply(p, f"fx:l{a1}:0:0:0:-:-")
    assert st.pl[p]["res"]["vp"] == 1 and p in st.cubes[a1]  # the cube stays
    st.pl[p]["at"] = a2
    st._cache.clear()
    st.apply(p, f"fx:l{a2}:0:0:0:-:-")
    assert st.pl[p]["res"]["vp"] == 2 and st.pl[p]["res"]["insight"] == 0


def test_complication_progress_counts_players_or_one_more() -> None:
    for players in (1, 2, 3):
        st = game(players=players, chars=("jb", "marcus", "alice")[:players])
        st.comps = ["rusty-columns", "roadworks"]
        st.cprog, st.cover = {}, []
        assert st.comp_need("rusty-columns") == players
        assert st.comp_need("roadworks") == players + 1
        for _ in range(players - 1):
            st.comp_progress("rusty-columns", 1)
        assert "rusty-columns" not in st.cover
        st.comp_progress("rusty-columns", 1)
        assert "rusty-columns" in st.cover


def test_complication_limitation_applies_to_everyone_until_overcome() -> None:
    st = game()
    p = me(st)
    st.comps, st.cover = ["rusty-columns"], []
    st._cache.clear()
    pool(st, p, insight=2)
    assert not [a for a in ids(st) if a.startswith("token:")]  # adding now costs 3
    st.cover = ["rusty-columns"]
    st._cache.clear()
    assert [a for a in ids(st) if a.startswith("token:")]


def test_cipher_tablet_broken_in_one_turn_with_combination() -> None:
    st = game(scenario="cipher-race")
    p = me(st)
    area = st.pl[p]["at"]
    st.tablet[area] = "tablet-1"  # red, green, blue
    st.tablets_left.remove("tablet-1") if "tablet-1" in st.tablets_left else None
    for a in range(st.board.n_areas):
        if a != area and st.tablet[a] == "tablet-1":
            st.tablet[a] = ""
            st.tablets_left.append("tablet-1")
    pool(st, p, violence=5, charm=5, movement=4, insight=0)
    assert not [a for a in ids(st) if a.startswith("tablet:")]
    in_play(st, p, "blue-combination")
    assert "tablet:aaa" in ids(st)
    st.apply(p, "tablet:aaa")
    assert st.pl[p]["tablets"] == ["tablet-1"] and rounds.score(st, p)["cipher_tablets"] == 3


def test_turn_needs_a_column_and_unused_actions_are_lost() -> None:
    st = game()
    p = me(st)
    assert "end" not in ids(st)
    st.apply(p, "col:0")
    st.apply(p, "end")
    assert all(v == 0 for v in st.pl[p]["pool"].values())
    activated(st, 1 - p)
