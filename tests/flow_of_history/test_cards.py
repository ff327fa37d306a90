"""Every card's effect (card glossary), driven through the public actions."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardwright.titles.flow_of_history.state import FlowState

from .conftest import (
    blank,
    card,
    complete_card,
    deck_top,
    give,
    icons,
    ids,
    invest,
    location,
    market,
    nation,
    play,
    score,
    set_market,
    set_supply,
    set_tokens,
    stripe_icons,
    to_box,
    to_market,
    turn_of,
)


def effect_icons(st_icons: dict[str, int], stripes: dict[str, int]) -> dict[str, int]:
    """What Permanent effects add on top of the stripes (only the non-zero icons)."""
    return {k: st_icons[k] - stripes[k] for k in st_icons if st_icons[k] != stripes[k]}


# ================================================================== Permanent: provide
PROVIDE = [
    ("barracks", {"defense": 1}, "iron-works"),
    ("archers", {"defense": 2}, "warriors"),
    ("lighthouse", {"science": 1, "industry": 1}, "iron-works"),
    ("republic", {"trade": 2}, "aristocracy"),
    ("temple", {"culture": 2}, "iron-works"),
    ("crossbowmen", {"defense": 2}, "warriors"),
    ("monastery", {"culture": 1}, "iron-works"),
    ("constitutional-monarchy", {"industry": 3}, "aristocracy"),
    ("mercantilism", {"trade": 3}, "aristocracy"),
    ("seaport", {"science": 1, "industry": 1, "culture": 1}, "iron-works"),
    ("democracy", {"culture": 3}, "aristocracy"),
    ("factory", {"attack": 3}, "iron-works"),
    ("stock-exchange", {"science": 2, "industry": 2}, "iron-works"),
    ("nuclear-power-plant", {"science": 4}, "iron-works"),
]


@pytest.mark.parametrize(("card_id", "provided", "cover"), PROVIDE, ids=[p[0] for p in PROVIDE])
def test_permanent_provide_applies_until_covered(card_id: str, provided: dict[str, int],
                                                 cover: str) -> None:
    st = blank()
    complete_card(st, 0, card_id)
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == provided
    assert score(st, 0)["icons"] == icons(st, 0)  # not obsolete: still counts when scoring
    # covered by a card without a Permanent effect: only the stripe is left
    give(st, 0, cover)
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {}


# ================================================================== Permanent: per card / per icon
def test_castle_attack_per_military_card_and_obsolete() -> None:
    st = blank()
    give(st, 0, "warriors", "swordsmen")
    complete_card(st, 0, "castle")
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {"attack": 2}
    give(st, 0, "archers")  # a third Military card
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {"attack": 3, "defense": 2}
    assert score(st, 0)["icons"]["attack"] == stripe_icons(st, 0)["attack"]  # off at scoring


def test_feudalism_defense_per_harvest_icon_and_obsolete() -> None:
    st = blank()
    give(st, 0, "working-animal")  # 1 Harvest; Feudalism's own stripe adds 2
    complete_card(st, 0, "feudalism")
    assert icons(st, 0)["harvest"] == 3
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {"defense": 3}
    assert score(st, 0)["icons"]["defense"] == 0


def test_frigate_defense_per_trade_icon_counts_provided_trade_and_is_obsolete() -> None:
    st = blank()
    give(st, 0, "republic")  # 1 Trade on the stripe + 2 from its effect
    complete_card(st, 0, "frigate")  # 2 Trade on Frigate's stripe
    assert icons(st, 0)["trade"] == 5
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {"trade": 2, "defense": 5}
    assert score(st, 0)["icons"]["defense"] == 0
    assert score(st, 0)["icons"]["trade"] == 5  # Republic is not obsolete


def test_military_academy_defense_per_government_card_and_obsolete() -> None:
    st = blank()
    give(st, 0, "aristocracy", "republic", "democracy")
    complete_card(st, 0, "military-academy")
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {"defense": 3, "culture": 3}
    assert score(st, 0)["icons"]["defense"] == 0


def test_theocracy_two_attack_per_wonder_still_counts_at_scoring() -> None:
    st = blank()
    give(st, 0, "the-pyramids", "the-great-wall")
    complete_card(st, 0, "theocracy")
    assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {"attack": 4}
    assert score(st, 0)["icons"]["attack"] == 4  # no obsolete icon on Theocracy
    give(st, 0, "angkor-wat")
    assert icons(st, 0)["attack"] == 6


# ================================================================== Instant: gaining cards
def test_aristotle_gains_a_non_invested_knowledge_card() -> None:
    st = blank()
    give(st, 0, "confucius")
    set_market(st, "philosophy", "temple", "republic", "archers")
    invest(st, 1, "computers", 1)
    complete_card(st, 0, "aristotle")
    assert ids(st, 0) == ["gain:philosophy"]
    assert location(st, "confucius") == ("box", None)  # the previous Leader left
    play(st, 0, "gain:philosophy")
    assert nation(st, 0) == {"Knowledge": ["philosophy"], "Leader": ["aristotle"]}
    assert "computers" in market(st)


@pytest.mark.parametrize("card_id", ["astronomy", "working-animal", "satellites"])
def test_gain_the_top_card_of_the_deck(card_id: str) -> None:
    st = blank()
    deck_top(st, "republic", "temple")
    complete_card(st, 0, card_id)
    assert nation(st, 0) == {"Knowledge": [card_id], "Government": ["republic"]}


def test_iron_works_gains_a_non_invested_military_card() -> None:
    st = blank()
    set_market(st, "archers", "temple", "republic")
    invest(st, 1, "crossbowmen", 1)
    complete_card(st, 0, "iron-works")
    assert ids(st, 0) == ["gain:archers"]
    play(st, 0, "gain:archers")
    assert nation(st, 0) == {"Construction": ["iron-works"], "Military": ["archers"]}


def test_justinian_gains_knowledge_construction_or_government() -> None:
    st = blank()
    set_market(st, "philosophy", "temple", "republic", "archers", "the-pyramids")
    invest(st, 1, "lighthouse", 1)
    complete_card(st, 0, "justinian-i")
    assert sorted(ids(st, 0)) == ["gain:philosophy", "gain:republic", "gain:temple"]
    play(st, 0, "gain:temple")
    assert nation(st, 0) == {"Construction": ["temple"], "Leader": ["justinian-i"]}


def test_instant_gain_with_nothing_to_gain_passes_the_turn() -> None:
    st = blank()
    set_market(st, "temple", "republic")
    complete_card(st, 0, "iron-works")
    assert st.to_act == (1,)
    assert nation(st, 0) == {"Construction": ["iron-works"]}


def test_a_card_gained_by_an_instant_has_its_own_instant_resolved() -> None:
    st = blank()
    deck_top(st, "working-animal", "republic")
    complete_card(st, 0, "astronomy")
    assert nation(st, 0) == {"Knowledge": ["astronomy", "working-animal"], "Government": ["republic"]}


# ================================================================== Instant: tokens
@pytest.mark.parametrize(("option", "per"), [("example", 1), ("glossary", 2)])
def test_irrigation_tokens_from_the_reserve_per_harvest_icon(option: str, per: int) -> None:
    st = blank(irrigation=option)
    give(st, 0, "agrarian-tribe", "temple")  # 2 Harvest; Irrigation adds 1
    reserve = st.reserve
    complete_card(st, 0, "irrigation")
    assert st.tokens[0] == 3 * per
    assert st.reserve == reserve - 3 * per


def test_mechanized_farming_one_token_from_the_reserve_per_harvest_icon() -> None:
    st = blank()
    give(st, 0, "agrarian-tribe")  # 1 Harvest; Mechanized Farming adds 2
    set_supply(st, 4)
    reserve = st.reserve
    complete_card(st, 0, "mechanized-farming")
    assert st.tokens[0] == 3 and st.reserve == reserve - 3 and st.supply == 4


def test_printing_press_one_token_from_the_supply_per_science_icon() -> None:
    st = blank()
    give(st, 0, "lighthouse")  # 2 Science (stripe + effect): also the Knowledge investor bonus
    set_supply(st, 10)
    reserve = st.reserve
    complete_card(st, 0, "printing-press")
    # bonus 2 (Science before the card), then 4 Science with the card's 2
    assert st.tokens[0] == 2 + 4
    assert st.supply == 10 - 6 and st.reserve == reserve


def test_steam_power_one_token_from_the_supply_per_industry_icon() -> None:
    st = blank()
    give(st, 0, "constitutional-monarchy")  # 1 + 3 Industry
    set_supply(st, 10)
    complete_card(st, 0, "steam-power")
    assert icons(st, 0)["industry"] == 6
    assert st.tokens[0] == 6 and st.supply == 4


def test_computers_two_tokens_from_the_supply_per_knowledge_card() -> None:
    st = blank()
    give(st, 0, "working-animal", "irrigation")  # Knowledge cards with no Science
    set_supply(st, 10)
    complete_card(st, 0, "computers")
    assert st.tokens[0] == 2 * 3 and st.supply == 4


def test_supply_instant_takes_only_what_the_supply_holds() -> None:
    """Reading: an Instant paid from the Supply gives at most what the Supply holds."""
    st = blank()
    give(st, 0, "working-animal", "irrigation")
    set_supply(st, 3)
    reserve = st.reserve
    complete_card(st, 0, "computers")
    assert st.tokens[0] == 3 and st.supply == 0 and st.reserve == reserve


def test_communism_pools_and_shares_tokens_leaving_the_remainder_and_investments() -> None:
    st = blank()
    give(st, 0, "craftisan-tribe")  # no Culture: no investor bonus for a Government card
    set_tokens(st, 0, 5)
    set_tokens(st, 1, 3)
    set_tokens(st, 2, 2)
    set_supply(st, 4)
    invest(st, 1, "temple", 2)
    complete_card(st, 0, "communism")
    # 5 + 3 + 2 + 4 = 14 shared by 3: 4 each, 2 stay in the Supply
    assert st.tokens == [4, 4, 4]
    assert st.supply == 2
    assert st.stake[card(st, "temple")] == 2 and st.investor[card(st, "temple")] == 1


# ================================================================== Attacks
def test_warriors_takes_two_tokens_from_a_strictly_weaker_opponent() -> None:
    st = blank()
    set_tokens(st, 1, 3)
    set_tokens(st, 2, 3)
    give(st, 2, "military-caste")  # strength 1: equal to Warriors' 1, so safe
    complete_card(st, 0, "warriors")
    assert ids(st, 0) == ["target:1"]
    play(st, 0, "target:1")
    assert st.tokens == [2, 1, 3]


def test_warriors_takes_what_the_target_has() -> None:
    st = blank()
    set_tokens(st, 1, 1)
    give(st, 2, "military-caste")
    complete_card(st, 0, "warriors")
    play(st, 0, "target:1")
    assert st.tokens == [1, 0, 0]


def test_the_new_cards_attack_icons_count_for_the_attacker() -> None:
    """Swordsmen's own 2 Attack beat a defender at 1 although the attacker had 0 before."""
    st = blank()
    give(st, 1, "military-caste", "republic")  # strength 1; Republic on top
    complete_card(st, 0, "swordsmen")
    assert ids(st, 0) == ["target:1", "target:2"]
    play(st, 0, "target:1")
    assert nation(st, 1) == {"Government": ["military-caste"]}  # top Government card discarded
    assert location(st, "republic") == ("box", None)


def test_no_weaker_opponent_means_no_attack() -> None:
    st = blank()
    give(st, 1, "archers")
    give(st, 2, "crossbowmen")
    complete_card(st, 0, "swordsmen")  # strength 2 against 4 and 4
    assert st.to_act == (1,)


@pytest.mark.parametrize("card_id", ["knights", "cannon"])
def test_knights_and_cannon_discard_a_chosen_top_knowledge_or_construction(card_id: str) -> None:
    st = blank()
    give(st, 1, "astronomy", "barracks", "lighthouse")  # strength 1 (Barracks' stripe)
    give(st, 2, "archers", "temple")  # strength 4
    complete_card(st, 0, card_id)
    assert ids(st, 0) == ["target:1"]
    play(st, 0, "target:1")
    assert sorted(ids(st, 0)) == ["discard:astronomy", "discard:lighthouse"]
    play(st, 0, "discard:lighthouse")
    assert nation(st, 1) == {"Construction": ["barracks"], "Knowledge": ["astronomy"]}
    assert location(st, "lighthouse") == ("box", None)
    assert icons(st, 1)["defense"] == 1  # Barracks' effect is uncovered again


def test_tank_discards_a_chosen_wonder() -> None:
    st = blank()
    give(st, 1, "the-pyramids", "the-hanging-gardens")
    complete_card(st, 0, "tank")
    play(st, 0, "target:1")
    assert sorted(ids(st, 0)) == ["discard:the-hanging-gardens", "discard:the-pyramids"]
    play(st, 0, "discard:the-pyramids")
    assert nation(st, 1) == {"Wonder": ["the-hanging-gardens"]}
    assert location(st, "the-pyramids") == ("box", None)


def test_napoleon_attacks_all_weaker_opponents_top_government() -> None:
    st = blank()
    give(st, 1, "aristocracy", "republic")
    give(st, 2, "religious-tribe", "democracy")
    complete_card(st, 0, "napoleon-bonaparte")  # strength 2
    assert nation(st, 1) == {"Government": ["aristocracy"]}
    assert nation(st, 2) == {"Government": ["religious-tribe"]}
    assert st.to_act == (1,)


def test_warplane_choice_is_made_separately_for_each_opponent() -> None:
    st = blank()
    give(st, 1, "astronomy", "temple")
    give(st, 2, "philosophy", "lighthouse")
    complete_card(st, 0, "warplane")
    assert sorted(ids(st, 0)) == ["discard:astronomy", "discard:temple"]
    play(st, 0, "discard:astronomy")
    assert sorted(ids(st, 0)) == ["discard:lighthouse", "discard:philosophy"]
    play(st, 0, "discard:lighthouse")
    assert nation(st, 1) == {"Construction": ["temple"]}
    assert nation(st, 2) == {"Knowledge": ["philosophy"]}


def test_fighter_jet_discards_both_tops_from_every_weaker_opponent() -> None:
    st = blank()
    give(st, 1, "astronomy", "temple", "republic")
    give(st, 2, "philosophy", "barracks", "lighthouse")  # strength 1
    complete_card(st, 0, "fighter-jet")
    assert nation(st, 1) == {"Government": ["republic"]}
    assert nation(st, 2) == {"Construction": ["barracks"]}


def test_manhattan_project_removes_a_chosen_wonder_from_each_weaker_opponent() -> None:
    st = blank()
    give(st, 1, "the-pyramids", "the-great-wall")  # strength 2
    give(st, 2, "the-hanging-gardens")
    give(st, 0, "factory")  # 3 + Manhattan's 2 = 5
    complete_card(st, 0, "manhattan-project")
    assert sorted(ids(st, 0)) == ["discard:the-great-wall", "discard:the-pyramids"]
    play(st, 0, "discard:the-great-wall")
    assert ids(st, 0) == ["discard:the-hanging-gardens"]
    play(st, 0, "discard:the-hanging-gardens")
    assert nation(st, 1) == {"Wonder": ["the-pyramids"]}
    assert "Wonder" not in nation(st, 2)
    assert location(st, "the-great-wall") == ("box", None)


@pytest.mark.parametrize(("supply", "gained"), [(5, 2), (1, 1)])
def test_genghis_khan_takes_two_from_the_supply_even_when_nobody_is_hit(supply: int,
                                                                         gained: int) -> None:
    st = blank()
    give(st, 0, "genghis-khan")
    give(st, 1, "archers")  # strength 4
    give(st, 2, "crossbowmen")  # strength 4
    set_supply(st, supply)
    complete_card(st, 0, "warriors")  # strength 2 + 1 = 3: nobody is weaker
    assert st.tokens[0] == gained and st.supply == supply - gained
    assert st.to_act == (1,)


def test_mahatma_gandhi_does_not_activate_own_attacks() -> None:
    st = blank()
    give(st, 0, "mahatma-gandhi")
    set_tokens(st, 1, 3)
    complete_card(st, 0, "warriors")
    assert st.tokens[1] == 3
    assert st.to_act == (1,)
    assert nation(st, 0)["Military"] == ["warriors"]


def test_mahatma_gandhi_makes_its_owner_immune() -> None:
    st = blank()
    give(st, 1, "mahatma-gandhi")
    set_tokens(st, 1, 3)
    set_tokens(st, 2, 3)
    complete_card(st, 0, "warriors")
    assert ids(st, 0) == ["target:2"]
    st2 = blank()
    give(st2, 1, "mahatma-gandhi", "aristocracy")
    complete_card(st2, 0, "napoleon-bonaparte")
    assert nation(st2, 1)["Government"] == ["aristocracy"]


def test_attack_leader_replacing_gandhi_fires() -> None:
    """Napoleon pushes Mahatma Gandhi out of the Leader slot before his own attack resolves."""
    st = blank()
    give(st, 0, "mahatma-gandhi")
    give(st, 1, "aristocracy", "republic")
    complete_card(st, 0, "napoleon-bonaparte")
    assert location(st, "mahatma-gandhi") == ("box", None)
    assert nation(st, 1) == {"Government": ["aristocracy"]}


def test_attack_all_resolves_clockwise_from_the_attacker() -> None:
    st = blank(players=4)
    for seat, k, c in ((0, "astronomy", "temple"), (1, "philosophy", "lighthouse"),
                       (3, "working-animal", "barracks")):
        give(st, seat, k, c)
    complete_card(st, 2, "warplane")
    order = []
    while st.to_act == (2,):
        choice = sorted(ids(st, 2))[0]
        order.append(location(st, choice.partition(":")[2])[1])
        play(st, 2, choice)
    assert order == [3, 0, 1]


def test_an_instant_with_nothing_to_take_is_logged_under_its_card() -> None:
    st = blank()
    set_market(st, "temple")
    complete_card(st, 0, "iron-works")
    assert any(e.rule == "§8 iron-works" and "nothing" in e.text for e in st.log)


def test_an_uncovered_instant_or_attack_is_not_activated_again() -> None:
    st = blank()
    give(st, 1, "astronomy", "printing-press", "warriors", "archers")  # strength 5
    give(st, 0, "factory", "warplane")  # 3 + 3, then Knights' 2
    set_tokens(st, 0, 5)
    set_market(st, "temple", "republic")
    # seat 0 discards seat 1's Printing Press with Knights: Astronomy shows again
    complete_card(st, 0, "knights")
    play(st, 0, "target:1")
    play(st, 0, "discard:printing-press")
    assert nation(st, 1) == {"Knowledge": ["astronomy"], "Military": ["warriors", "archers"]}
    assert st.to_act == (1,)
    # seat 1 drops its Archers for John Lennon, uncovering Warriors: no attack follows
    give(st, 1, "john-lennon")
    set_market(st, "mercantilism")
    turn_of(st, 1)
    play(st, 1, "activate:john-lennon")
    play(st, 1, "gain:mercantilism")
    assert nation(st, 1)["Military"] == ["warriors"]
    assert st.tokens[0] == 5 and st.tokens[2] == 0
    assert st.to_act == (2,)


# ================================================================== Turn Actions
def test_bureaucracy_gains_a_non_invested_government_card() -> None:
    st = blank()
    give(st, 0, "aristocracy", "bureaucracy")
    set_market(st, "republic", "temple")
    invest(st, 1, "mercantilism", 1)
    play(st, 0, "activate:bureaucracy")
    assert ids(st, 0) == ["gain:republic"]
    play(st, 0, "gain:republic")
    assert nation(st, 0)["Government"] == ["aristocracy", "bureaucracy", "republic"]
    turn_of(st, 0)
    assert not any(a.startswith("activate:") for a in ids(st, 0))  # now covered


def test_confucius_gains_a_leader_and_goes_to_the_box() -> None:
    st = blank()
    give(st, 0, "confucius")
    set_market(st, "genghis-khan", "temple")
    play(st, 0, "activate:confucius")
    assert ids(st, 0) == ["gain:genghis-khan"]
    play(st, 0, "gain:genghis-khan")
    assert nation(st, 0) == {"Leader": ["genghis-khan"]}
    assert location(st, "confucius") == ("box", None)


def test_philosophy_pays_three_to_the_supply_for_a_knowledge_card() -> None:
    """Reading: the 3 tokens Philosophy costs are paid into the Supply."""
    st = blank()
    give(st, 0, "philosophy")
    set_tokens(st, 0, 4)
    set_supply(st, 1)
    set_market(st, "working-animal", "temple")
    deck_top(st, "republic")
    play(st, 0, "activate:philosophy")
    assert st.tokens[0] == 1 and st.supply == 4
    play(st, 0, "gain:working-animal")
    assert nation(st, 0) == {"Knowledge": ["philosophy", "working-animal"], "Government": ["republic"]}


def test_philosophy_is_not_offered_with_fewer_than_three_tokens() -> None:
    st = blank()
    give(st, 0, "philosophy")
    set_market(st, "working-animal")
    set_tokens(st, 0, 2)
    assert "activate:philosophy" not in ids(st, 0)
    set_tokens(st, 0, 3)
    assert "activate:philosophy" in ids(st, 0)


def test_john_lennon_discards_the_top_military_card_for_any_card() -> None:
    st = blank()
    give(st, 0, "warriors", "archers", "john-lennon")
    set_market(st, "the-pyramids", "temple", "republic")
    invest(st, 1, "lighthouse", 1)
    play(st, 0, "activate:john-lennon")
    assert nation(st, 0)["Military"] == ["warriors"]
    assert location(st, "archers") == ("box", None)
    assert sorted(ids(st, 0)) == ["gain:republic", "gain:temple", "gain:the-pyramids"]
    play(st, 0, "gain:the-pyramids")
    assert nation(st, 0)["Wonder"] == ["the-pyramids"]


def _empty_deck(st: FlowState) -> None:
    to_box(st, *list(st.deck))


CANNOT: dict[str, tuple[Callable[[FlowState], None], Callable[[FlowState], None]]] = {
    # card: (make it impossible, then make it possible)
    "bureaucracy": (lambda st: None, lambda st: to_market(st, "republic")),
    "confucius": (lambda st: None, lambda st: to_market(st, "genghis-khan")),
    "philosophy": (lambda st: set_tokens(st, 0, 2), lambda st: set_tokens(st, 0, 3)),
    "ramesses-ii": (lambda st: invest(st, 1, "the-pyramids", 1),
                    lambda st: to_market(st, "the-great-wall")),
    "christopher-columbus": (_empty_deck, lambda st: deck_top(st, "republic")),
    "john-lennon": (lambda st: None, lambda st: give(st, 0, "warriors")),
}


@pytest.mark.parametrize("card_id", list(CANNOT))
def test_turn_actions_offered_only_when_they_can_be_carried_out(card_id: str) -> None:
    st = blank()
    give(st, 0, card_id)
    set_market(st, "temple", "archers", "working-animal" if card_id == "philosophy" else "lighthouse")
    impossible, possible = CANNOT[card_id]
    impossible(st)
    assert f"activate:{card_id}" not in ids(st, 0)
    possible(st)
    assert f"activate:{card_id}" in ids(st, 0)


def test_a_gained_turn_action_waits_for_a_later_turn() -> None:
    st = blank()
    set_market(st, "republic", "temple")
    complete_card(st, 0, "bureaucracy")
    assert st.to_act == (1,)
    turn_of(st, 0)
    assert "activate:bureaucracy" in ids(st, 0)


# ================================================================== End Game Scoring
def end_vp(cards: list[str], card_id: str) -> int:
    st = blank()
    give(st, 0, *cards)
    sc = score(st, 0)
    assert sc["total"] == sc["culture_vp"] + sc["other_icons"] // 2 + sum(sc["end_game_vp"].values())
    return int(sc["end_game_vp"].get(card_id, 0))


@pytest.mark.parametrize(("cards", "card_id", "vp"), [
    (["the-pyramids", "the-great-wall", "the-hanging-gardens"], "the-pyramids", 3),
    (["the-great-wall", "archers"], "the-great-wall", 2),  # 2 + 1 + 2 = 5 Defense
    (["the-hanging-gardens", "barracks", "lighthouse", "temple"], "the-hanging-gardens", 3),
    (["angkor-wat", "agrarian-tribe"], "angkor-wat", 3),  # 2 + 1 Harvest
    (["the-great-mosque", "aristocracy", "republic"], "the-great-mosque", 2),
    (["himeji-castle", "warriors", "archers", "swordsmen"], "himeji-castle", 3),
    (["the-taj-mahal", "astronomy", "philosophy", "temple", "warriors", "archers", "aristocracy",
      "republic"], "the-taj-mahal", 2),  # one full set
    (["the-taj-mahal", "astronomy", "philosophy", "temple", "barracks", "warriors", "archers",
      "aristocracy", "republic"], "the-taj-mahal", 4),  # two full sets
    (["the-taj-mahal", "astronomy", "temple", "warriors"], "the-taj-mahal", 0),  # no Government
    (["albert-einstein", "astronomy", "philosophy", "working-animal"], "albert-einstein", 3),
    (["eiffel-tower", "constitutional-monarchy"], "eiffel-tower", 3),  # 2 + 1 + 3 = 6 Industry
    (["eiffel-tower", "craftisan-tribe"], "eiffel-tower", 1),  # 3 Industry
    (["apollo-program", "lighthouse"], "apollo-program", 5),  # 3 + 1 + 1 Science
    (["capitalism"], "capitalism", 2),
    (["seafaring-traders", "republic", "capitalism"], "capitalism", 1 + 1 + 2),  # Republic covered
])
def test_end_game_scoring_cards(cards: list[str], card_id: str, vp: int) -> None:
    assert end_vp(cards, card_id) == vp


def test_culture_from_end_game_effects_is_not_in_running_totals() -> None:
    st = blank()
    give(st, 0, "the-pyramids", "the-great-wall")
    assert icons(st, 0)["culture"] == 1  # only The Pyramids' stripe
    assert score(st, 0)["total"] == 1 + 2 // 2 + 2 + 1


def test_covered_end_game_card_does_not_score() -> None:
    st = blank()
    give(st, 0, "capitalism", "republic")
    assert "capitalism" not in score(st, 0)["end_game_vp"]
    st2 = blank()
    give(st2, 0, "apollo-program", "astronomy")
    assert "apollo-program" not in score(st2, 0)["end_game_vp"]


def test_the_internet_four_science_count_in_the_other_half_and_for_apollo() -> None:
    st = blank()
    give(st, 0, "apollo-program", "the-internet")  # stripes: Science 3 and 2
    sc = score(st, 0)
    assert icons(st, 0)["science"] == 5
    assert sc["icons"]["science"] == 5 + 4
    assert sc["granted_icons"] == {"science": 4}
    assert sc["other_icons"] == 9 and sc["other_vp"] == 4
    assert sc["end_game_vp"] == {"apollo-program": 9}
    assert sc["total"] == 4 + 9


# ================================================================== Stacking rules on cards
def test_new_leader_replaces_the_old_one_which_goes_to_the_box() -> None:
    st = blank()
    give(st, 0, "confucius")
    complete_card(st, 0, "albert-einstein")
    assert nation(st, 0) == {"Leader": ["albert-einstein"]}
    assert location(st, "confucius") == ("box", None)


def test_wonders_lie_side_by_side_and_all_keep_their_effects() -> None:
    st = blank()
    give(st, 0, "the-great-wall", "the-pyramids")
    complete_card(st, 0, "the-great-mosque")
    assert nation(st, 0)["Wonder"] == ["the-great-wall", "the-pyramids", "the-great-mosque"]
    sc = score(st, 0)
    assert set(sc["end_game_vp"]) == {"the-great-wall", "the-pyramids", "the-great-mosque"}
    assert sc["end_game_vp"]["the-pyramids"] == 3


def test_uncovering_a_card_restores_its_permanent_effect() -> None:
    st = blank()
    give(st, 1, "aristocracy", "republic", "religious-tribe")
    assert icons(st, 1)["trade"] == 1
    complete_card(st, 0, "swordsmen")
    play(st, 0, "target:1")
    assert nation(st, 1)["Government"] == ["aristocracy", "republic"]
    assert icons(st, 1)["trade"] == 3


def test_uncovering_a_card_restores_its_turn_action() -> None:
    st = blank()
    give(st, 1, "bureaucracy", "republic")
    set_market(st, "mercantilism")
    turn_of(st, 1)
    assert "activate:bureaucracy" not in ids(st, 1)
    complete_card(st, 0, "swordsmen")
    play(st, 0, "target:1")
    set_market(st, "mercantilism")
    turn_of(st, 1)
    assert "activate:bureaucracy" in ids(st, 1)


def test_starting_cards_and_the_future_have_no_effect_while_playing() -> None:
    st = blank()
    for c in ("agrarian-tribe", "aristocracy", "craftisan-tribe", "military-caste",
              "religious-tribe", "seafaring-traders"):
        give(st, 0, c)
        assert effect_icons(icons(st, 0), stripe_icons(st, 0)) == {}
    assert card(st, "the-future") in st.deck
