"""The 2-player variant: secret starting picks, the Banker, the completion bonus."""

from __future__ import annotations

import json

import pytest

from boardwright.titles.flow_of_history.state import FlowState

from .conftest import (
    BANKER,
    blank,
    card,
    complete_card,
    conserved,
    deck_top,
    give,
    ids,
    invest,
    location,
    market,
    nation,
    new,
    play,
    rejected,
    set_market,
    set_supply,
    set_tokens,
)


def _dealt(st: FlowState, seat: int) -> list[str]:
    return [st.cards.cards[c].id for c in st.dealt[seat]]


def _mentions(st: FlowState, seat: int, card_id: str) -> bool:
    """Whether seat's view names the card anywhere (by id or by name)."""
    text = json.dumps(st.view(seat))
    return card_id in text or st.cards.cards[card(st, card_id)].name in text


# ================================================================== setup (§7.1)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_player_setup(seed: int) -> None:
    st = new(2, seed)
    conserved(st)
    assert location(st, "agrarian-tribe") == ("box", None)
    assert location(st, "military-caste") == ("box", None)
    assert [len(d) for d in st.dealt] == [2, 2]
    ages = {st.cards.cards[c].age for d in st.dealt for c in d}
    assert ages == {"S"}
    assert st.to_act == (0, 1)
    dec = st.decision(0)
    assert dec is not None and dec.simultaneous
    assert sorted(ids(st, 0)) == sorted(f"start:{c}" for c in _dealt(st, 0))
    assert len(st.market) == 5 and {st.cards.cards[c].age for c in st.market} == {"A"}
    w = card(st, "warriors")
    assert st.investor == {w: BANKER} and st.stake == {w: 2}
    assert st.supply == 2
    assert st.tokens == [4, 4]
    assert st.reserve == 72 - 8 - 2 - 2
    assert all(not any(n) for n in st.nations)


def test_each_seat_sees_only_its_own_dealt_cards() -> None:
    st = new(2, 4)
    mine, theirs = _dealt(st, 0), _dealt(st, 1)
    assert [c["id"] for c in st.view(0)["dealt"]] == mine
    assert [c["id"] for c in st.view(1)["dealt"]] == theirs
    for c in theirs:
        assert not _mentions(st, 0, c)
    for c in mine:
        assert not _mentions(st, 1, c)
    spectator = json.dumps(st.view(None))
    assert all(c not in spectator for c in mine + theirs)


def test_starting_picks_stay_secret_until_both_chose() -> None:
    st = new(2, 4)
    mine, theirs = _dealt(st, 0), _dealt(st, 1)
    play(st, 0, f"start:{mine[1]}")
    assert st.to_act == (1,)
    assert st.view(0)["my_pick"] == mine[1]
    assert all(not _mentions(st, 1, c) for c in mine)  # neither the pick nor the dealt cards
    assert rejected(st, 0, f"start:{mine[0]}").rule.startswith("§5")  # already chosen
    play(st, 1, f"start:{theirs[0]}")
    # both chose: the picks are laid out, the rest go to the box
    assert nation(st, 0) == {"Government": [mine[1]]}
    assert nation(st, 1) == {"Government": [theirs[0]]}
    assert location(st, mine[0]) == ("box", None) and location(st, theirs[1]) == ("box", None)
    assert _mentions(st, 1, mine[1]) and not _mentions(st, 1, mine[0])
    assert st.dealt == [[], []]
    assert len(st.to_act) == 1


# ================================================================== completion bonus (§7.2)
def test_completion_bonus_after_the_cards_effect_then_invest() -> None:
    st = blank(2)
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic", "archers")
    deck_top(st, "lighthouse")
    complete_card(st, 0, "astronomy")
    # Astronomy's Instant already resolved when the bonus is offered
    assert nation(st, 0)["Construction"] == ["lighthouse"]
    assert st.to_act == (0,)
    acts = ids(st, 0)
    assert "pass" in acts and "invest:temple:3" in acts
    assert "complete" not in acts and "harvest" not in acts
    assert rejected(st, 0, "harvest").rule.startswith("§7.2")
    play(st, 0, "invest:temple:2")
    assert st.stake[card(st, "temple")] == 2 and st.tokens[0] == 1
    # then the cleanup: the current player places the Banker
    dec = st.decision(0)
    assert dec is not None and dec.kind == "banker_card"


def test_completion_bonus_snipe() -> None:
    st = blank(2)
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic")
    invest(st, 1, "archers", 2)
    complete_card(st, 0, "monastery")
    play(st, 0, "snipe:archers")
    assert nation(st, 0)["Military"] == ["archers"]
    assert st.tokens[0] == 1
    assert st.tokens[1] == 2 + 1  # paid 2, then half of the 2 in the Supply


def test_completion_bonus_comes_after_an_attack_is_resolved() -> None:
    st = blank(2)
    set_tokens(st, 1, 3)
    set_market(st, "temple")
    complete_card(st, 0, "warriors")
    assert ids(st, 0) == ["target:1"]
    play(st, 0, "target:1")
    assert st.tokens == [2, 1]
    assert "pass" in ids(st, 0)
    play(st, 0, "pass")
    assert ids(st, 0)[0].startswith("banker:")


def test_no_completion_bonus_after_other_actions() -> None:
    st = blank(2)
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic")
    play(st, 0, "invest:temple:1")
    assert all(a.startswith("banker:") for a in ids(st, 0))


# ================================================================== sniping the Banker (§7.3)
def test_sniping_the_banker_feeds_the_supply() -> None:
    st = blank(2)
    give(st, 1, "seafaring-traders")  # a Trade icon that must not earn anything here
    set_tokens(st, 0, 3)
    set_supply(st, 2)
    set_market(st, "temple", "republic")
    invest(st, BANKER, "warriors", 2)
    assert "snipe:warriors" in ids(st, 0)

    play(st, 0, "snipe:warriors")

    # the 2 paid and the 2 under Warriors both go to the Supply: 2 + 2 + 2
    assert st.supply == 6
    assert st.tokens == [1, 0]
    assert nation(st, 0)["Military"] == ["warriors"]
    assert card(st, "warriors") not in st.investor
    assert ids(st, 0) == ["target:1"]  # Warriors' own attack follows as usual


def test_sniping_the_banker_needs_enough_tokens() -> None:
    st = blank(2)
    set_tokens(st, 0, 1)
    invest(st, BANKER, "warriors", 2)
    assert "snipe:warriors" not in ids(st, 0)
    assert rejected(st, 0, "snipe:warriors").rule.startswith("§5.3")


# ================================================================== cleanup and the Banker (§7.4)
def test_banker_card_discarded_first_then_the_current_player_places_the_banker() -> None:
    st = blank(2)
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic", "archers", "lighthouse")
    invest(st, BANKER, "philosophy", 3)
    set_supply(st, 4)
    deck_top(st, "working-animal", "the-pyramids")
    play(st, 0, "invest:temple:1")
    # Philosophy went to the box with its 3 tokens moved to the Supply: 4 + 3
    assert location(st, "philosophy") == ("box", None)
    assert st.supply == 7
    assert market(st) == ["temple", "republic", "archers", "lighthouse", "working-animal"]
    assert st.to_act == (0,)
    assert sorted(ids(st, 0)) == ["banker:archers", "banker:lighthouse", "banker:republic",
                                  "banker:working-animal"]  # not the invested Temple
    play(st, 0, "banker:archers")
    a = card(st, "archers")
    assert st.investor[a] == BANKER and st.stake[a] == 3  # half of 7
    assert st.supply == 4
    assert st.to_act == (1,)


def test_banker_choice_comes_after_the_age_check() -> None:
    st = blank(2)
    set_tokens(st, 0, 3)
    give(st, 1, "monastery")  # current age II
    set_market(st, "warriors", "temple", "republic", "archers")
    invest(st, BANKER, "working-animal", 1)
    deck_top(st, "knights", "castle")
    play(st, 0, "harvest")
    assert "warriors" not in market(st) and "working-animal" not in market(st)
    assert "banker:warriors" not in ids(st, 0)
    assert {"banker:knights", "banker:castle"} <= set(ids(st, 0))


@pytest.mark.parametrize(("supply", "age_card", "stake", "from_reserve"), [
    (7, "temple", 3, 0),  # half of 7 rounded down; not below the Current Age III
    (2, "seaport", 3, 2),  # half of 2 is 1, raised to age III from the Reserve
    (0, "democracy", 4, 4),  # nothing in the Supply: all 4 of age IV from the Reserve
])
def test_banker_investment_half_the_supply_topped_up_to_the_age(
        supply: int, age_card: str, stake: int, from_reserve: int) -> None:
    st = blank(2)
    give(st, 1, age_card)
    set_market(st, "mercantilism", "cannon", "frigate", "printing-press", "steam-power")  # age III
    set_supply(st, supply)
    set_tokens(st, 0, 3)
    play(st, 0, "invest:mercantilism:1")
    reserve = st.reserve
    play(st, 0, "banker:cannon")
    a = card(st, "cannon")
    assert st.stake[a] == stake
    assert st.reserve == reserve - from_reserve
    assert st.supply == supply - (stake - from_reserve)


def test_banker_card_is_not_for_players_to_invest_or_complete() -> None:
    st = new(2, 0)
    for seat in (0, 1):
        play(st, seat, st.legal_actions(seat)[0].id)
    seat = st.to_act[0]
    assert not any(a.startswith("invest:warriors:") for a in ids(st, seat))
    assert "complete" not in ids(st, seat)
    assert rejected(st, seat, "invest:warriors:1").rule.startswith("§5.1")


def test_two_player_game_with_the_future_after_turn_still_places_the_banker() -> None:
    st = blank(2)
    set_market(st, "stock-exchange", "apollo-program", "tank", "satellites")
    invest(st, BANKER, "factory", 2)
    deck_top(st, "the-future", "nuclear-power-plant")
    set_tokens(st, 0, 2)
    play(st, 0, "invest:tank:1")
    assert not st.over and st.end_triggered
    assert all(a.startswith("banker:") for a in ids(st, 0))
    play(st, 0, "banker:apollo-program")
    assert st.over


def test_two_player_game_with_the_future_immediately_skips_the_rest() -> None:
    st = blank(2, future_ends="immediately")
    set_market(st, "stock-exchange", "apollo-program", "tank", "satellites")
    invest(st, BANKER, "factory", 2)
    deck_top(st, "the-future", "nuclear-power-plant")
    set_tokens(st, 0, 2)
    play(st, 0, "invest:tank:1")
    assert st.over and st.to_act == ()


def test_completing_in_a_two_player_game_then_passing_ends_the_turn() -> None:
    st = blank(2)
    set_market(st, "temple", "republic")
    complete_card(st, 0, "archers")
    play(st, 0, "pass")
    play(st, 0, "banker:temple")
    assert st.to_act == (1,) and nation(st, 0)["Military"] == ["archers"]
