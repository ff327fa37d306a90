"""The rulebook's worked examples, reproduced number for number with the shipped cards."""

from __future__ import annotations

from boardwright.titles.flow_of_history import effects
from boardwright.titles.flow_of_history.state import FlowState

from .conftest import (
    blank,
    card,
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
    turn_of,
)

ALEXANDER_ICONS = {"culture": 5, "defense": 6, "industry": 0, "trade": 3, "harvest": 2,
                   "attack": 5, "science": 1}


def alexander(st: FlowState, seat: int, leader: bool = True) -> None:
    """The Nation of the Card Stacking Example II / Full Nation Example."""
    give(st, seat, "aristocracy", "bureaucracy", "astronomy", "warriors", "frigate",
         "barracks", "monastery", "the-great-wall", "the-great-mosque")
    if leader:
        give(st, seat, "napoleon-bonaparte")


def scoring_nation(st: FlowState, seat: int) -> None:
    """The Nation of the End Game Scoring Example."""
    give(st, seat,
         "aristocracy", "republic", "constitutional-monarchy", "democracy",
         "printing-press", "computers",
         "warriors", "military-academy",
         "barracks", "lighthouse", "seaport", "iron-works",
         "albert-einstein",
         "the-great-wall", "the-great-mosque")


# ------------------------------------------------------------------ card stacking
def test_card_stacking_example_i_covering_barracks_keeps_its_stripe_only() -> None:
    st = blank()
    give(st, 0, "aristocracy", "barracks")
    invest(st, 0, "lighthouse", 1)
    assert icons(st, 0)["defense"] == 1  # Barracks' Permanent effect is showing
    assert icons(st, 0)["attack"] == 1  # its stripe

    play(st, 0, "complete")

    assert nation(st, 0)["Construction"] == ["barracks", "lighthouse"]
    after = icons(st, 0)
    assert after["defense"] == 0  # B: the covered effect is gone
    assert after["attack"] == 1  # C: the covered stripe still counts
    assert after["science"] == 2 and after["industry"] == 1  # Lighthouse's own effect now applies


def test_card_stacking_example_ii_alexanders_icon_totals() -> None:
    st = blank()
    alexander(st, 1)
    assert icons(st, 1) == ALEXANDER_ICONS
    stripes = stripe_icons(st, 1)
    assert stripes["culture"] == 4  # plus 1 from Monastery's effect
    assert stripes["defense"] == 3  # plus 3 from Frigate's effect (one per Trade icon)
    # the Wonders' End Game Scoring culture is not in the running totals
    assert nation(st, 1)["Wonder"] == ["the-great-wall", "the-great-mosque"]


def test_attack_effect_example_strengths_of_alexander() -> None:
    st = blank()
    alexander(st, 1)
    assert effects.strength_attack(st, 1) == 5
    assert effects.strength_defend(st, 1) == 5 + 6


def test_attack_effect_example_alexander_attacks_at_five() -> None:
    """Alexander (without his Leader yet) gains Napoleon: his Attack All hits a seat at 4, not one at 5."""
    st = blank()
    alexander(st, 0, leader=False)
    give(st, 1, "religious-tribe", "archers")  # 1 + 1 + 2 = strength 4
    give(st, 2, "military-caste", "crossbowmen")  # 1 + 1 + 1 + 2 = strength 5
    assert effects.strength_defend(st, 1) == 4 and effects.strength_defend(st, 2) == 5
    invest(st, 0, "napoleon-bonaparte", 1)

    play(st, 0, "complete")

    assert icons(st, 0) == ALEXANDER_ICONS
    assert "Government" not in nation(st, 1)  # strictly weaker: top Government card discarded
    assert location(st, "religious-tribe") == ("box", None)
    assert nation(st, 2)["Government"] == ["military-caste"]  # equal strength: untouched


def test_attack_effect_example_alexander_defends_at_eleven() -> None:
    """An attacker at 11 cannot pick Alexander; one at 12 can."""
    for fourth, power in (("military-caste", 11), ("swordsmen", 12)):
        st = blank()
        alexander(st, 1)
        give(st, 0, "factory", "cannon", "warplane", fourth)  # 3 + 2 + 3, then 1 or 2
        give(st, 2, "aristocracy")  # strength 0: always a possible target
        invest(st, 0, "knights", 1)  # +2 Attack once gained

        play(st, 0, "complete")

        assert effects.strength_attack(st, 0) == power
        assert ("target:1" in ids(st, 0)) is (power > 11)
        assert "target:2" in ids(st, 0)


def test_full_nation_example_what_alexander_can_still_use() -> None:
    st = blank()
    alexander(st, 0)
    set_market(st, "republic", "temple", "philosophy")
    # A: Astronomy and Napoleon fired when gained and do not fire again; B: Bureaucracy is
    # his only Turn Action
    assert [a for a in ids(st, 0) if a.startswith("activate:")] == ["activate:bureaucracy"]
    # C: Frigate's Defense counts now but not at scoring; D: the Wonders score at the end
    sc = score(st, 0)
    assert icons(st, 0)["defense"] == 6 and sc["icons"]["defense"] == 3
    assert sc["end_game_vp"] == {"the-great-wall": 1, "the-great-mosque": 2}


# ------------------------------------------------------------------ invest / complete
def test_invest_example_four_tokens_under_monastery() -> None:
    st = blank()
    give(st, 0, "aristocracy")
    set_tokens(st, 0, 5)
    set_market(st, "monastery", "temple", "republic", "archers", "lighthouse")

    play(st, 0, "invest:monastery:4")

    m = card(st, "monastery")
    assert st.tokens[0] == 1
    assert st.investor[m] == 0 and st.stake[m] == 4 and st.invested[0] == m
    entry = next(e for e in st.view(1)["market"] if e["id"] == "monastery")
    assert entry["investor"] == 0 and entry["stake"] == 4
    assert st.current == 1  # one action, then the next player


def test_complete_example_monastery_with_two_industry() -> None:
    st = blank()
    give(st, 0, "aristocracy", "barracks", "iron-works")  # Iron Works' stripe: 2 Industry
    assert icons(st, 0)["industry"] == 2
    invest(st, 0, "monastery", 4)
    culture_before = icons(st, 0)["culture"]
    tokens_before = st.tokens[0]

    play(st, 0, "complete")

    assert st.supply == 4 - 2  # the 4 invested tokens went in, the bonus of 2 came out
    assert st.tokens[0] == tokens_before + 2
    assert st.invested[0] == -1 and card(st, "monastery") not in st.investor
    assert nation(st, 0)["Construction"] == ["barracks", "iron-works", "monastery"]
    after = icons(st, 0)
    assert after["culture"] - stripe_icons(st, 0)["culture"] == 1  # Monastery's effect applies now
    assert after["culture"] == culture_before + 2  # its stripe and its effect


def test_investor_bonus_ignores_the_completed_cards_own_icons() -> None:
    for own_industry, bonus in ((False, 0), (True, 1)):
        st = blank()
        give(st, 0, "craftisan-tribe" if own_industry else "aristocracy")
        invest(st, 0, "iron-works", 3)  # Construction checks Industry; its own stripe has 2
        play(st, 0, "complete")
        assert st.tokens[0] == bonus
        assert st.supply == 3 - bonus
        assert icons(st, 0)["industry"] == 2 + bonus


# ------------------------------------------------------------------ snipe
def _snipe_example(irrigation: str) -> FlowState:
    st = blank(irrigation=irrigation)
    give(st, 0, "agrarian-tribe")  # the sniper's 1 Harvest icon before Irrigation
    give(st, 1, "seafaring-traders")  # Alexander's 1 Trade icon
    set_tokens(st, 0, 5)
    set_supply(st, 2)
    set_market(st, "temple", "republic", "archers", "lighthouse")
    invest(st, 1, "irrigation", 4)
    play(st, 0, "snipe:irrigation")
    return st


def test_snipe_example_supply_and_payments() -> None:
    st = _snipe_example("example")
    # Supply: 2 + 4 = 6, Alexander takes 1 (Trade) then 2 (half of 5)
    assert st.supply == 3
    assert st.tokens[1] == 4 + 1 + 2
    assert st.invested[1] == -1 and card(st, "irrigation") not in st.investor
    assert nation(st, 0)["Knowledge"] == ["irrigation"]
    assert icons(st, 0)["harvest"] == 2
    # the sniper paid 4 of 5 and Irrigation gave 1 per Harvest icon: 2
    assert st.tokens[0] == 5 - 4 + 2


def test_snipe_example_irrigation_glossary_reading() -> None:
    st = _snipe_example("glossary")
    assert st.supply == 3 and st.tokens[1] == 7
    assert st.tokens[0] == 5 - 4 + 4


def test_snipe_example_irrigation_comes_from_the_reserve() -> None:
    st = blank()
    give(st, 0, "agrarian-tribe")
    give(st, 1, "seafaring-traders")
    set_tokens(st, 0, 5)
    set_supply(st, 2)
    invest(st, 1, "irrigation", 4)
    reserve = st.reserve
    play(st, 0, "snipe:irrigation")
    assert st.reserve == reserve - 2


# ------------------------------------------------------------------ activate
def test_activate_example_i_ramesses_ii() -> None:
    st = blank()
    give(st, 0, "aristocracy", "ramesses-ii")
    set_market(st, "the-pyramids", "the-great-wall", "temple", "archers", "republic")
    invest(st, 1, "the-pyramids", 2)

    play(st, 0, "activate:ramesses-ii")

    assert ids(st, 0) == ["gain:the-great-wall"]  # The Pyramids carry Alexander's investment
    play(st, 0, "gain:the-great-wall")
    assert location(st, "ramesses-ii") == ("box", None)
    assert "Leader" not in nation(st, 0)
    assert nation(st, 0)["Wonder"] == ["the-great-wall"]
    assert "the-pyramids" in market(st)


def test_activate_example_ii_columbus_reveals_fighter_jet() -> None:
    st = blank()
    give(st, 0, "aristocracy", "christopher-columbus")
    give(st, 1, "religious-tribe", "astronomy", "lighthouse")  # strength 0: hit
    give(st, 2, "craftisan-tribe", "philosophy", "iron-works", "crossbowmen")  # strength 1 + 1 + 2 = 4
    deck_top(st, "fighter-jet")

    play(st, 0, "activate:christopher-columbus")

    assert location(st, "christopher-columbus") == ("box", None)
    assert nation(st, 0)["Military"] == ["fighter-jet"]
    assert nation(st, 1) == {"Government": ["religious-tribe"]}  # Knowledge and Construction tops gone
    assert location(st, "astronomy") == ("box", None)
    assert location(st, "lighthouse") == ("box", None)
    assert nation(st, 2)["Knowledge"] == ["philosophy"]  # strength 4 is not below 3: untouched
    assert nation(st, 2)["Construction"] == ["iron-works"]
    assert st.current == 1


# ------------------------------------------------------------------ harvest
def test_harvest_example_i() -> None:
    st = blank()
    give(st, 0, "agrarian-tribe", "working-animal")  # 2 Harvest icons
    set_tokens(st, 0, 4)
    set_supply(st, 5)
    set_market(st, "temple", "republic", "archers", "lighthouse", "philosophy")  # current age I
    reserve = st.reserve

    play(st, 0, "harvest")

    assert st.reserve == reserve - 2
    assert st.tokens[0] == 4 + 3  # half of 7, rounded down
    assert st.supply == 4


def test_harvest_example_ii() -> None:
    """Harvest Example II with 0 Harvest icons, 1 token, Supply 3 in age V.

    Reading: half of 3 is 1, leaving 2 tokens in hand and 2 in the Supply; the top-up
    to the Current Age (5) takes the Supply's 2 and the last one from the Reserve.
    """
    st = blank()
    give(st, 0, "aristocracy")
    set_tokens(st, 0, 1)
    set_supply(st, 3)
    set_market(st, "temple", "republic", "archers", "lighthouse", "satellites")
    assert st.view(0)["current_age"] == 5
    reserve = st.reserve

    play(st, 0, "harvest")

    assert st.tokens[0] == 5
    assert st.supply == 0
    assert st.reserve == reserve - 1


# ------------------------------------------------------------------ cleanup
def test_cleanup_example_age_ii_card_pushes_out_age_a() -> None:
    st = blank()
    give(st, 0, "aristocracy")
    give(st, 1, "seafaring-traders")
    set_market(st, "ramesses-ii", "warriors", "temple", "republic", "archers")
    invest(st, 1, "ramesses-ii", 2)
    invest(st, 0, "temple", 1)
    deck_top(st, "monastery", "crossbowmen")  # an age II card, then the replacement

    play(st, 0, "complete")

    assert market(st) == ["ramesses-ii", "republic", "archers", "monastery", "crossbowmen"]
    assert location(st, "warriors") == ("box", None)
    assert st.investor[card(st, "ramesses-ii")] == 1


# ------------------------------------------------------------------ end of game
def test_end_game_scoring_example_25_vp() -> None:
    st = blank()
    scoring_nation(st, 0)
    give(st, 1, "religious-tribe")
    give(st, 2, "craftisan-tribe")
    # during play Military Academy adds a Defense icon per Government card
    assert icons(st, 0)["defense"] == 3 + 4
    set_market(st, "temple", "swordsmen", "archers", "philosophy")
    deck_top(st, "the-future")
    turn_of(st, 1)

    play(st, 1, "harvest")  # The Future enters the Market during cleanup

    assert st.over
    sc = score(st, 0)
    assert sc["culture_vp"] == 7
    assert sc["other_icons"] == 23 and sc["other_vp"] == 11
    assert sc["icons"]["defense"] == 3  # Military Academy is obsolete at scoring
    assert sc["end_game_vp"] == {"albert-einstein": 2, "the-great-mosque": 4, "the-great-wall": 1}
    assert sc["total"] == 7 + 11 + 2 + 4 + 1 == 25
    assert st.outcome()["final"] is True and st.outcome()["winners"] == [0]
