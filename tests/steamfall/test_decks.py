"""Running out of cards (§15: the rulebook is silent; an empty item deck is refilled from
the trash, the civilian deck from its discards, and a draw with nothing left draws less)."""

from __future__ import annotations

import pytest

import boardwright.titles.steamfall as sf
from boardwright.bots.spec import make_bots
from boardwright.titles.steamfall.state import SteamfallState
from boardwright.titles.steamfall.views import components

from .scene import game, ids, in_play, me, pool


def _box_items(st: SteamfallState, keep: dict[str, int]) -> None:
    """Leave only `keep[deck]` cards in each item deck and none in the trash (the rest go
    to the box, so every card is still accounted for)."""
    st.box += st.trash
    st.trash = []
    for deck in ("base", "addon", "relic"):
        n = keep.get(deck, 0)
        cards = st.decks[deck]
        st.box += cards[: len(cards) - n]
        st.decks[deck] = cards[len(cards) - n :]
    st._cache.clear()


def test_an_empty_deck_is_reshuffled_from_its_own_cards_in_the_trash() -> None:
    st = game()
    p = me(st)
    base, addon = st.decks["base"][:3], st.decks["addon"][:2]
    _box_items(st, {})
    st.box = [c for c in st.box if c not in base + addon]
    st.trash = base + addon
    card = st.draw_item(p, "base", "hand")
    assert card in base and card in st.pl[p]["hand"]
    assert any("base deck is reshuffled from the trash" in e.text for e in st.log)
    assert sorted(st.trash) == sorted(addon)  # the add-ons stay in the trash
    assert sorted(st.decks["base"]) == sorted(c for c in base if c != card)


def test_a_workshop_draw_with_no_card_anywhere_is_skipped_and_the_turn_goes_on() -> None:
    st = game()
    p = me(st)
    before = components(st)
    _box_items(st, {})
    area = st.pl[p]["at"]
    st.tok[area]["workshop"] += 1
    st.supply["workshop"] -= 1
    pool(st, p, manipulate=1)
    st.apply(p, "pick:workshop:1")
    assert st.tasks[-1][0] == "turn" and st.to_act == (p,)
    assert any("has no way to carry out 'pick_deck'" in e.text for e in st.log)
    assert components(st) == before


@pytest.mark.parametrize(("left", "kept"), [(1, 1), (0, 0)])
def test_draw_two_discard_one_with_fewer_cards_left_keeps_what_was_drawn(left: int, kept: int) -> None:
    st = game()
    p = me(st)
    in_play(st, p, "parts-catalogue", power=1)
    before = components(st)
    _box_items(st, {"base": left})
    n_hand, n_trash = len(st.pl[p]["hand"]), len(st.trash)
    st.apply(p, next(a for a in ids(st) if a.startswith("fx:i=parts-catalogue")))
    if left:
        st.apply(p, "deck:base")
    # one card drawn of two: it is the one kept, nothing is discarded, nothing is left pending
    assert st.pl[p]["pending"] == []
    assert len(st.pl[p]["hand"]) == n_hand + kept and len(st.trash) == n_trash
    assert st.tasks[-1][0] == "turn"
    assert components(st) == before


def test_draw_three_keep_one_with_two_cards_left_discards_one() -> None:
    st = game()
    p = me(st)
    _box_items(st, {"base": 2})
    st.tasks.append(["pick_deck", p, 3, "pending", 2])
    st._cache.clear()
    st.apply(p, "deck:base")
    st.apply(p, "deck:base")
    assert st.tasks[-1][0] == "dd" and st.tasks[-1][2] == 1
    st.apply(p, ids(st)[0])
    assert len(st.pl[p]["pending"]) == 0 and len(st.trash) == 1


@pytest.mark.parametrize("scenario", ["incredible-invention", "cipher-race"])
def test_games_with_tiny_item_decks_end_with_every_card_accounted_for(scenario: str) -> None:
    for seed in range(6):
        st = sf.SPEC.new_game(4, seed=seed, options={"scenario": scenario})
        assert isinstance(st, SteamfallState)
        bots = make_bots("random", 4, seed)
        while st.tasks and st.tasks[-1][0] != "turn":
            st.apply(st.to_act[0], bots[st.to_act[0]].choose(st, st.to_act[0]))
        _box_items(st, {"base": 2, "addon": 1, "relic": 1})
        st.decks["civ"] = st.decks["civ"][-1:]
        st._cache.clear()
        before = components(st)
        while not st.over:
            s = st.to_act[0]
            st.apply(s, bots[s].choose(st, s))
            if st.tasks and st.tasks[-1][0] == "turn":
                assert all(not pl["pending"] for pl in st.pl), f"seed {seed}: cards stuck mid-draw"
        assert components(st)["items"] == before["items"]
        assert components(st)["civilians"] == before["civilians"]
