"""Every "may", "up to", "cannot" and ordering rule of the core, Incredible Invention and
Cipher Race sections (docs/games/steamfall/coverage.md lists each with its test)."""

from __future__ import annotations

import boardwright.titles.steamfall as sf
from boardwright.titles.steamfall import rounds
from boardwright.titles.steamfall.rounds import BOXES, resolve_end_finish, resolve_round
from boardwright.titles.steamfall.state import SteamfallState

from .scene import activated, game, hand, ids, in_play, me, pool, put_district


def _civ(st: SteamfallState, p: int, civ: str) -> None:
    st.decks["civ"].remove(civ)
    st.pl[p]["civs"].append(civ)
    st._cache.clear()


# ---------------------------------------------------------------- rounds and turns (§3, §4)
def test_starting_player_passes_left_except_with_two_players() -> None:
    for players, moves in ((3, 1), (2, 0)):
        st = game(players=players, chars=("jb", "marcus", "alice")[:players])
        first = st.first
        st.tasks = []
        resolve_end_finish(st, ["end_finish"])
        assert st.first == (first + moves) % players


def test_three_turns_each_in_order_from_the_first_player() -> None:
    st = sf.SPEC.new_game(3, seed=5, options={})
    assert isinstance(st, SteamfallState)
    order = list(st.order)
    turns: list[int] = []
    while not (st.tasks[-1][0] == "turn" and st.tasks[-1][2]):
        seat = st.to_act[0]
        acts = [a.id for a in st.legal_actions(seat)]
        if st.tasks[-1][0] == "turn" and st.pl[seat]["col"] < 0:
            turns.append(seat)
            st.apply(seat, next(a for a in acts if a.startswith("col:")))
        elif "end" in acts:
            st.apply(seat, "end")
        else:
            st.apply(seat, acts[0])
    assert turns == order * 3


def test_exactly_one_column_a_turn_and_column_iii_once_a_round() -> None:
    st = game()
    p = me(st)
    assert "end" not in ids(st)  # a column must be activated
    st.apply(p, "col:2")
    assert not [a for a in ids(st) if a.startswith("col:")]  # only one per turn
    rounds.begin_turn(st, p)
    st._cache.clear()
    offered = [a for a in ids(st) if a.startswith("col:")]
    assert "col:2" not in offered and {"col:0", "col:1"} <= set(offered)  # III: once per round
    assert BOXES == (2, 2, 1)


def test_tokens_may_be_added_before_the_column_and_any_number_of_times() -> None:
    st = game(chars=("jb", "marcus"))
    p = me(st)
    st.pl[p]["res"]["insight"] = 8
    st._cache.clear()
    first = next(a for a in ids(st) if a.startswith("token:"))
    col = first.rsplit(":", 1)[1]
    st.apply(p, first)
    again = next(a for a in ids(st) if a.startswith("token:"))
    st.apply(p, again)  # a second one in the same turn
    assert st.pl[p]["res"]["insight"] == 4
    before = dict(st.pl[p]["pool"])
    st.apply(p, f"col:{col}")  # the added token acts now
    assert sum(st.pl[p]["pool"].values()) > sum(before.values())


# ---------------------------------------------------------------- actions (§5)
def test_entering_a_secret_location_costs_one_movement() -> None:
    st = game()
    me(st)
    for area in range(st.board.n_districts):
        for dest, cost in st.board.moves[area]:
            if st.board.is_slot(dest):
                assert cost == 1


def test_manipulate_may_pick_up_one_or_two_scrap() -> None:
    st = game()
    p = me(st)
    here = st.pl[p]["at"]
    pool(st, p, manipulate=1)
    st.tok[here]["scrap"] = 1
    st._cache.clear()
    assert "pick:scrap:1" in ids(st) and "pick:scrap:2" not in ids(st)
    st.tok[here]["scrap"] = 2
    st._cache.clear()
    assert {"pick:scrap:1", "pick:scrap:2"} <= set(ids(st))
    st.apply(p, "pick:scrap:2")
    assert st.pl[p]["res"]["scrap"] == 2


def test_a_workshop_token_may_be_drawn_from_either_workshop_deck() -> None:
    st = game()
    p = me(st)
    rounds.put_token(st, st.pl[p]["at"], "workshop")
    pool(st, p, manipulate=1)
    st.apply(p, "pick:workshop:1")
    assert set(ids(st)) == {"deck:base", "deck:addon"}


def test_secret_location_may_stay_face_down_and_a_cube_may_be_moved_when_none_is_left() -> None:
    st = game()
    p = me(st)
    slot, other = st.board.n_districts, st.board.n_districts + 1
    st.pl[p]["cubes"] = 0
    st.cubes[other] = [p]
    st.tasks.append(["location", p, slot])
    st._cache.clear()
    offered = set(ids(st))
    assert {"loc:0:-", "loc:1:-", f"loc:0:{other}", f"loc:1:{other}"} == offered  # no cube from supply
    st.apply(p, f"loc:0:{other}")
    assert not st.up[slot] and st.cubes[slot] == [p] and st.cubes[other] == []


def test_a_face_down_location_under_your_influence_may_be_revealed_from_anywhere() -> None:
    st = game()
    p = me(st)
    slot = st.board.n_areas - 1
    st.cubes[slot] = [p]
    st._cache.clear()
    assert f"reveal:{slot}" in ids(st)
    st.cubes[slot] = []
    st._cache.clear()
    assert f"reveal:{slot}" not in ids(st)


def test_effects_other_than_items_any_number_of_times_a_turn() -> None:
    st = game()
    p = me(st)
    _civ(st, p, "rook")
    pool(st, p, violence=6)
    st.apply(p, "fx:c=rook:0:0:0:-:-")
    st.apply(p, "fx:c=rook:0:0:0:-:-")  # a civilian's ACTION twice (apply refuses an illegal id)
    assert st.pl[p]["res"]["vp"] >= 2


def test_an_effect_resolves_fully_before_another() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "parts-catalogue", power=1)
    st.apply(p, next(a for a in ids(st) if a.startswith("fx:i=parts-catalogue")))
    assert st.tasks[-1][0] == "pick_deck"
    assert not [a for a in ids(st) if a.startswith(("fx:", "move:", "col:"))]


# ---------------------------------------------------------------- items (§7)
def test_an_item_never_holds_more_power_than_its_gauge() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "iron-hammer")
    st.add_power(p, "iron-hammer", 9)
    assert st.power_of(p, "iron-hammer") == st.gauge(p, "iron-hammer")


def test_power_gained_from_an_item_goes_on_that_item() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "iron-hammer")
    in_play(st, p, "steam-lantern")
    from boardwright.titles.steamfall.effects import gain, one

    gain(st, p, [one("power")], item="iron-hammer")
    assert st.pl[p]["power"].get("iron-hammer") == 1 and not st.pl[p]["power"].get("steam-lantern")


def test_modules_may_be_played_unattached_and_plain_items_never_attach() -> None:
    st = game()
    p = me(st)
    module = next(i.id for i in st.content.comp.items if i.kind == "module" and i.deck == "workshop")
    plain = next(i.id for i in st.content.comp.items if i.kind == "plain" and i.deck == "workshop")
    in_play(st, p, plain)
    hand(st, p, module)
    st.pl[p]["res"].update(scrap=9, steam=9, insight=9)
    pool(st, p, engineering=5, manipulate=5)
    plays = [a for a in ids(st) if a.startswith(f"play:{module}:")]
    assert plays and all(a.endswith(":-") for a in plays)  # no base item: unattached only
    in_play(st, p, "iron-hammer")
    assert any(a.endswith(":iron-hammer") for a in ids(st) if a.startswith(f"play:{module}:"))
    assert not any(a.endswith(f":{plain}") for a in ids(st) if a.startswith("play:"))


def test_recharge_comes_after_the_end_of_round_effects() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "iron-hammer")
    st.tasks = [["end_round"]]
    st.run()
    assert st.tasks[-1][0] == "turn" and st.tasks[-1][2] == 1  # end-of-round window first
    assert not st.pl[p]["power"].get("iron-hammer")  # not yet recharged
    assert not [a for a in ids(st) if a.startswith("move:")]  # no movement at end of round


# ---------------------------------------------------------------- civilians (§8)
def test_a_quest_completes_once_and_its_reward_stays_after_the_civilian_leaves() -> None:
    st = game()
    p = me(st)
    _civ(st, p, "otto")
    st.quest_step(p, "otto", 5)
    vp = st.pl[p]["res"]["vp"]
    assert "otto" in st.pl[p]["done"] and vp >= 1
    st.quest_step(p, "otto", 1)
    assert st.pl[p]["res"]["vp"] == vp  # once
    st.discard_civilian(p, "otto")
    assert st.pl[p]["res"]["vp"] == vp


def test_a_quest_completed_stays_completed_when_its_card_comes_back() -> None:
    # once per game: letting the civilian go and escorting the reshuffled card again (by the
    # same character or another) neither reopens its quest nor pays its reward twice
    st = game()
    p = me(st)
    q = 1 - p
    _civ(st, p, "otto")
    st.quest_step(p, "otto", 5)
    vp = st.pl[p]["res"]["vp"]
    st.discard_civilian(p, "otto")
    for who in (p, q):
        st.civ_discard.remove("otto")
        st.pl[who]["civs"].append("otto")
        assert "otto" not in st.quest_targets(who)
        before = st.pl[who]["res"]["vp"]
        st.quest_step(who, "otto", 5)
        assert st.pl[who]["res"]["vp"] == before
        st.discard_civilian(who, "otto")
    assert st.pl[p]["res"]["vp"] == vp


# ---------------------------------------------------------------- Incredible Invention (§12)
def test_completion_may_be_bought_during_the_round_not_beyond_the_row() -> None:
    st = game(players=2)
    p = me(st)
    pool(st, p, insight=4)
    assert "complete:insight" in ids(st)
    st.completion = rounds.requirement(st)[2]
    st._cache.clear()
    assert "complete:insight" not in ids(st)


def test_complications_first_round_draws_two_later_rounds_discard_the_old_ones() -> None:
    st = game(players=2, complications=True)
    assert len(st.comps) == 2 and not st.comp_out
    old = list(st.comps)
    st.cover = [old[0]]  # overcome ones are not replaced by extra cards either
    st.tasks = []
    resolve_round(st, ["round"])
    assert len(st.comps) == 2 and set(old) <= set(st.comp_out) and not set(old) & set(st.comps)


def test_overcome_complication_rewards_completion_or_vp_at_resolution() -> None:
    st = game(players=2, complications=True)
    cid = st.comps[0]
    st.cover = [cid]
    st.tasks = [["resolution"]]
    st.run()
    assert st.tasks[-1][0] == "comp_reward"
    seat = st.to_act[0]
    assert set(ids(st)) == {"reward:completion", "reward:vp"}
    st.apply(seat, "reward:vp")
    assert st.pl[seat]["res"]["vp"] == 1


def test_permissions_cubes_return_to_their_owner_and_vp_to_the_supply() -> None:
    st = game(players=2)
    p = me(st)
    slot = st.board.n_districts
    st.cubes[slot] = [p]
    st.pl[p]["cubes"] -= 1
    st.pl[p]["res"]["vp"] = 1
    st.tasks.append(["ii_pay", p])
    st.round = 1
    st._cache.clear()
    cubes = st.pl[p]["cubes"]
    st.apply(p, f"give:cube:{slot}")
    st.apply(p, "give:vp")
    assert st.pl[p]["cubes"] == cubes + 1 and st.cubes[slot] == [] and st.pl[p]["res"]["vp"] == 0
    assert st.paid == {"vp": 1, "cubes": 1}


def _resolution(st: SteamfallState) -> None:
    st.round = 1
    st.completion = st.quarters = 0
    for pl in st.pl:
        pl["res"].update(vp=0, insight=0, steam=0)
        pl["diamonds"] = 0
    st.tasks = [["resolution"]]


def test_resolution_done_only_when_the_rest_is_met_or_cannot_be() -> None:
    # the players must pay the row together: no one stops while the team could still pay it
    st = game(players=2)
    _resolution(st)
    vp, cubes, comp = rounds.requirement(st)
    first, second = st.order
    slots = list(range(st.board.n_districts, st.board.n_areas))
    st.cubes[slots[0]] = [first] * cubes
    st.pl[first]["res"].update(vp=vp, insight=4 * comp)
    st.run()
    assert st.tasks[-1] == ["ii_pay", first] and "done" not in ids(st)
    st.pl[second]["res"].update(vp=vp, insight=4 * comp)  # the second could pay it all
    st.cubes[slots[1]] = [second] * cubes
    st._cache.clear()
    assert "done" in ids(st)
    st.apply(first, "done")
    assert st.tasks[-1] == ["ii_pay", second] and "done" not in ids(st)  # the last must pay
    while "done" not in ids(st):
        st.apply(second, next(a for a in ids(st) if a.startswith("give:")))
    st.apply(second, "done")
    assert st.result is None and st.round == 2  # the row was met


def test_resolution_done_when_the_row_cannot_be_met() -> None:
    st = game(players=2)
    _resolution(st)
    st.pl[st.order[0]]["res"]["insight"] = 3  # nothing can meet the row: stopping changes nothing
    st.run()
    assert "done" in ids(st)


def test_resolution_comes_after_the_end_of_round() -> None:
    st = game(players=1, chars=("jb",))
    st.tasks = [["end_finish"]]
    st.run()
    assert st.tasks[-1][0] in ("ii_pay", "comp_reward")


# ---------------------------------------------------------------- Cipher Race (§13)
def test_a_tablet_can_only_be_broken_in_its_own_area() -> None:
    st = game(players=2, scenario="cipher-race")
    p = me(st)
    pool(st, p, insight=18)
    here = st.pl[p]["at"]
    assert not st.tablet[here] and not [a for a in ids(st) if a.startswith("tablet:")]
    area = next(a for a in range(st.board.n_districts) if st.tablet[a])
    st.pl[p]["at"] = area
    st._cache.clear()
    assert "tablet:iii" in ids(st)


def test_cipher_race_ends_after_round_three() -> None:
    st = game(players=2, scenario="cipher-race")
    st.round = 3
    st.tasks = []
    resolve_end_finish(st, ["end_finish"])
    assert st.tasks[-1] == ["game_end"]
    st.round = 2
    st.tasks = []
    resolve_end_finish(st, ["end_finish"])
    assert st.tasks[-1] == ["round"]


def test_put_district_helper_keeps_the_map_consistent() -> None:
    st = game()
    put_district(st, 0, "power-plant")
    activated(st, me(st))
    assert "end" in ids(st)


def test_a_once_per_game_effect_stays_used_in_later_turns() -> None:
    # the schema's once_per_game limit (a data pack may use it) is not reset when a turn begins
    import copy

    from boardwright.titles.steamfall.rounds import begin_turn

    st = game()
    p = me(st)
    kinds = [st.content.districts[d].type for d in st.board.districts]
    area = next(a for a, t in enumerate(kinds) if t != "central")
    put_district(st, area, "gardens")
    st.content = copy.deepcopy(st.content)
    effs = st.content.districts["gardens"].effects
    k = next(i for i, e in enumerate(effs) if e.costs)
    effs[k] = effs[k].model_copy(update={"limit": "once_per_game"})
    st.pl[p]["at"] = area
    pool(st, p, movement=3)
    first = [a for a in ids(st) if a.startswith(f"fx:d:{k}:")]
    assert first
    st.apply(p, first[0])
    assert not [a for a in ids(st) if a.startswith(f"fx:d:{k}:")]
    begin_turn(st, p)
    pool(st, p, movement=3)
    assert not [a for a in ids(st) if a.startswith(f"fx:d:{k}:")]
