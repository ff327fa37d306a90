"""Trading with consent, the VP diamonds and the competitive end, finite token supplies, the
draft variants, the solo and events variants, the Relic Key with a Combination."""

from __future__ import annotations

import pytest

import boardwright.titles.steamfall as sf
from boardwright.titles.steamfall import rounds
from boardwright.titles.steamfall.rounds import SUPPLY, diamond_vp, resolve_game_end
from boardwright.titles.steamfall.state import SteamfallState

from .scene import game, hand, ids, in_play, me, pool


def _together(st: SteamfallState) -> tuple[int, int]:
    p = me(st)
    q = 1 - p
    st.pl[q]["at"] = st.pl[p]["at"]
    st._cache.clear()
    return p, q


# ---------------------------------------------------------------- trading (§12.5)
def test_trade_is_a_proposal_the_other_seat_accepts_and_costs_no_action() -> None:
    st = game(players=2)
    p, q = _together(st)
    pool(st, p, scrap=3, movement=1)
    pool(st, q, steam=2)
    hand(st, p, "steam-lantern")
    assert f"trade:{q}" in ids(st)
    st.apply(p, f"trade:{q}")
    st.apply(p, "offer:give:scrap")
    st.apply(p, "offer:give:steam-lantern")
    st.apply(p, "offer:ask:steam")
    st.apply(p, "propose")
    assert st.to_act == (q,)  # the consent is the other seat's decision
    dec = st.decision(q)
    assert dec is not None and dec.kind == "trade_consent"
    st.apply(q, "accept")
    assert st.pl[p]["res"]["scrap"] == 2 and st.pl[q]["res"]["scrap"] == 1
    assert st.pl[p]["res"]["steam"] == 1 and st.pl[q]["res"]["steam"] == 1
    assert "steam-lantern" in st.pl[q]["hand"] and "steam-lantern" not in st.pl[p]["hand"]
    assert st.pl[p]["pool"]["movement"] == 1  # free: no action spent
    assert st.to_act == (p,)


def test_a_declined_trade_moves_nothing_and_that_partner_is_not_asked_again_this_turn() -> None:
    st = game(players=2)
    p, q = _together(st)
    pool(st, p, scrap=3)
    st.apply(p, f"trade:{q}")
    st.apply(p, "offer:give:scrap")
    st.apply(p, "propose")
    st.apply(q, "decline")
    assert st.pl[p]["res"]["scrap"] == 3 and st.pl[q]["res"]["scrap"] == 0
    assert f"trade:{q}" not in ids(st)


def test_an_asked_card_is_chosen_by_the_partner() -> None:
    st = game(players=2)
    p, q = _together(st)
    given = sorted(st.pl[q]["hand"])[0]
    st.apply(p, f"trade:{q}")
    st.apply(p, "offer:ask:card")
    st.apply(p, "propose")
    st.apply(q, "accept")
    assert st.to_act == (q,) and st.decision(q).kind == "trade_card"  # type: ignore[union-attr]
    st.apply(q, f"hand:{given}")
    assert given in st.pl[p]["hand"]


def test_trade_never_offers_stamina_civilians_or_items_in_play() -> None:
    st = game(players=2)
    p, q = _together(st)
    pool(st, p, stamina=2)
    in_play(st, p, "steam-lantern")
    st.pl[p]["civs"].append(st.decks["civ"].pop())
    st.apply(p, f"trade:{q}")
    offers = [a for a in ids(st) if a.startswith("offer:")]
    assert "offer:give:stamina" not in offers and "offer:ask:stamina" not in offers
    assert "offer:give:steam-lantern" not in offers
    assert not [a for a in offers if st.pl[p]["civs"][0] in a]


def test_trade_needs_the_same_area_and_is_not_in_cipher_race() -> None:
    st = game(players=2)
    p = me(st)
    q = 1 - p
    st.pl[q]["at"] = st.board.neighbours(st.pl[p]["at"])[0]
    st._cache.clear()
    assert f"trade:{q}" not in ids(st)
    cr = game(players=2, scenario="cipher-race")
    p2, _ = _together(cr)
    pool(cr, p2, scrap=3)
    assert not [a for a in ids(cr) if a.startswith("trade:")]


# ---------------------------------------------------------------- VP diamonds and the end (§11)
def test_four_vp_diamonds_together_count_six() -> None:
    assert [diamond_vp(n) for n in range(5)] == [0, 1, 2, 3, 6]


def test_only_four_diamonds_exist() -> None:
    st = game(players=2, scenario="cipher-race")
    p = me(st)
    from boardwright.titles.steamfall.effects import gain, one

    gain(st, p, [one("diamond", 3)])
    gain(st, 1 - p, [one("diamond", 2)])
    assert st.pl[p]["diamonds"] == 3 and st.pl[1 - p]["diamonds"] == 1 and st.supply["diamond"] == 0
    assert rounds.score(st, p)["vp_diamonds"] == 3
    st.pl[p]["diamonds"], st.pl[1 - p]["diamonds"] = 4, 0
    assert rounds.score(st, p)["vp_diamonds"] == 6


def test_diamonds_pay_marketing_in_incredible_invention() -> None:
    st = game(players=2)
    p = me(st)
    st.pl[p]["diamonds"] = 4
    st.supply["diamond"] = 0
    st.tasks.append(["ii_pay", p])
    st.round = 3
    st._cache.clear()
    assert {"give:diamond", "give:diamonds"} <= set(ids(st))
    st.apply(p, "give:diamonds")
    assert st.paid["vp"] == 6 and st.pl[p]["diamonds"] == 0 and st.supply["diamond"] == 4


def test_competitive_end_reveals_every_location_and_counts_those_under_influence() -> None:
    st = game(players=2, scenario="cipher-race")
    p = me(st)
    b = st.board
    slot = b.n_districts
    # a face-down location scoring influence, with p's cube on it: it counts after the reveal
    scoring = next(
        loc.id
        for loc in st.content.comp.locations
        if any(m.kind == "end_vp_influence" for e in loc.effects for m in e.passive)
    )
    st.loc[slot] = scoring
    st.up[slot] = False
    st.cubes[slot] = [p]
    assert rounds.score(st, p)["secret_locations"] == 0
    resolve_game_end(st, ["game_end"])
    assert all(st.up[a] for a in range(b.n_districts, b.n_areas))
    assert rounds.score(st, p)["secret_locations"] > 0


def test_ties_are_broken_by_insight() -> None:
    st = game(players=2, scenario="cipher-race")
    for seat in range(2):
        st.pl[seat]["res"]["vp"] = 5
        st.pl[seat]["res"]["insight"] = 3 + seat
    resolve_game_end(st, ["game_end"])
    out = st.outcome()
    assert out["final"] and out["winners"] == [1]


# ---------------------------------------------------------------- finite token supplies
def test_civilian_and_workshop_tokens_come_from_finite_supplies() -> None:
    st = game(players=2)
    area = 0
    st.supply["civilian"] = 0
    before = st.tok[area]["civilian"]
    rounds._drop(st, area, "civilian")
    assert st.tok[area]["civilian"] == before  # nothing left to place
    st.supply["workshop"] = 1
    w = st.tok[area]["workshop"]
    rounds._drop(st, area, "workshop")
    rounds._drop(st, area, "workshop")
    assert st.tok[area]["workshop"] == w + 1 and st.supply["workshop"] == 0


def test_supplies_are_conserved_by_picking_up_and_encounters() -> None:
    st = game(players=2)
    p = me(st)
    total = st.components()
    assert total["civilian_tokens"] == SUPPLY["civilian"]
    assert total["workshop_item_tokens"] == SUPPLY["workshop"]
    here = st.pl[p]["at"]
    rounds.put_token(st, here, "civilian")
    rounds.put_token(st, here, "workshop")
    pool(st, p, charm=2, manipulate=1)
    st.apply(p, "meet:charm")
    while st.tasks[-1][0] != "turn":
        st.apply(p, st.legal_actions(p)[0].id)
    st.apply(p, "pick:workshop:1")
    st.apply(p, "deck:base")
    assert st.components() == total


# ---------------------------------------------------------------- variants (§14)
def _setup_until(st: SteamfallState, kind: str) -> None:
    while st.tasks[-1][0] != kind:
        seat = st.to_act[0]
        st.apply(seat, st.legal_actions(seat)[0].id)


def test_item_draft_is_secret_and_simultaneous_keep_one_pass_three_left_keep_one_trash_two() -> None:
    st = sf.SPEC.new_game(3, seed=4, options={"item_draft": True})
    assert isinstance(st, SteamfallState)
    _setup_until(st, "item_draft")
    assert set(st.to_act) == {0, 1, 2}
    dec = st.decision(0)
    assert dec is not None and dec.simultaneous and dec.secret
    first = [list(st.pl[p]["pending"]) for p in range(3)]
    picks = [sorted(first[p])[0] for p in range(3)]
    for p in (2, 0, 1):
        st.apply(p, f"keep:{picks[p]}")
    for p in range(3):
        assert st.pl[p]["hand"] == [picks[p]]
        left = (p + 1) % 3
        assert sorted(st.pl[left]["pending"]) == sorted(c for c in first[p] if c != picks[p])
    trash = len(st.trash)
    for p in range(3):
        st.apply(p, f"keep:{sorted(st.pl[p]['pending'])[0]}")
    assert all(len(st.pl[p]["hand"]) == 2 for p in range(3)) and len(st.trash) == trash + 6


def test_item_draft_pick_is_hidden_from_the_others_until_all_chose() -> None:
    st = sf.SPEC.new_game(2, seed=2, options={"item_draft": True})
    assert isinstance(st, SteamfallState)
    _setup_until(st, "item_draft")
    before = st.view(1)["players"]
    st.apply(0, st.legal_actions(0)[0].id)
    assert st.view(1)["players"] == before and st.to_act == (1,)


def test_district_draft_picks_in_turn_order_and_the_tiles_are_on_the_map() -> None:
    st = sf.SPEC.new_game(2, seed=3, options={"district_draft": True})
    assert isinstance(st, SteamfallState)
    _setup_until(st, "district_pick")
    order = list(st.order)
    dec = st.decision(order[0])
    assert dec is not None and not dec.secret
    st.apply(order[0], "tile:red-light-district")
    assert st.to_act == (order[1],)
    offered = ids(st)
    assert "tile:central-market" not in offered  # the only central cell is taken
    st.apply(order[1], "tile:power-plant")
    assert {"red-light-district", "power-plant"} <= set(st.board.districts)
    assert all(pl["at"] == st.board.districts.index("red-light-district") for pl in st.pl)


def test_solo_items_draw_six_keep_three() -> None:
    st = sf.SPEC.new_game(1, seed=1, options={"solo_items": True})
    assert isinstance(st, SteamfallState)
    assert len(st.pl[0]["pending"]) == 6
    _setup_until(st, "turn")
    assert len(st.pl[0]["hand"]) == 3
    with pytest.raises(ValueError, match="solo"):
        sf.SPEC.new_game(2, options={"solo_items": True})


def test_events_in_incredible_invention_only_with_the_variant() -> None:
    plain = game(players=2)
    assert not plain.decks["event"] and not any(plain.event)
    with_events = game(players=2, ii_events=True)
    assert any(with_events.event) or with_events.ev_discard


# ---------------------------------------------------------------- the Relic Key (§13.2)
def test_relic_key_costs_a_red_cipher_and_the_red_combination_lowers_it() -> None:
    st = game(players=2, scenario="cipher-race")
    p = me(st)
    here = st.pl[p]["at"]
    st.ruins[here] = st.ruins_stack.pop()
    in_play(st, p, "relic-key")
    pool(st, p, violence=4, insight=5)
    assert not [a for a in ids(st) if a.startswith("fx:i=relic-key")]
    in_play(st, p, "red-combination")
    keys = [a for a in ids(st) if a.startswith("fx:i=relic-key")]
    assert len(keys) == 2  # 4 violence or 5 insight
    st.apply(p, keys[0])
    assert st.pl[p]["pool"]["violence"] == 0
    assert st.tasks[-1][0] == "ruins_free"
