"""Action legality, the rule named by each refusal, cleanup, the end, setup and ties."""

from __future__ import annotations

import pytest

from boardwright.engine import Rng
from boardwright.titles.flow_of_history.cards import AGE_NUMBER

from .conftest import (
    CARD_COUNT,
    SPEC,
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
    score,
    set_market,
    set_supply,
    set_tokens,
    turn_of,
)


# ================================================================== Invest (§5.1)
def test_invest_offers_every_amount_from_one_to_all_tokens_on_free_cards() -> None:
    st = blank()
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic")
    invest(st, 1, "republic", 1)
    invest_ids = [a for a in ids(st, 0) if a.startswith("invest:")]
    assert invest_ids == ["invest:temple:1", "invest:temple:2", "invest:temple:3"]


def test_invest_refused_when_already_invested() -> None:
    st = blank()
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic")
    invest(st, 0, "republic", 1)
    assert not any(a.startswith("invest:") for a in ids(st, 0))
    err = rejected(st, 0, "invest:temple:1")
    assert err.rule.startswith("§5.1")
    assert "Republic" in err.reason


def test_invest_refused_without_tokens() -> None:
    st = blank()
    set_market(st, "temple")
    assert not any(a.startswith("invest:") for a in ids(st, 0))
    assert rejected(st, 0, "invest:temple:1").rule.startswith("§5.1")


def test_invest_refused_on_a_card_someone_invested_in() -> None:
    st = blank()
    set_tokens(st, 0, 3)
    set_market(st, "temple")
    invest(st, 1, "republic", 2)
    err = rejected(st, 0, "invest:republic:1")
    assert err.rule.startswith("§5.1") and "seat 1" in err.reason


def test_invest_refused_beyond_own_tokens_or_outside_the_market() -> None:
    st = blank()
    set_tokens(st, 0, 2)
    set_market(st, "temple")
    assert rejected(st, 0, "invest:temple:3").rule.startswith("§5.1")
    assert rejected(st, 0, "invest:monastery:1").rule.startswith("§5.1")


def test_investing_zero_is_refused_by_default() -> None:
    st = blank()
    set_tokens(st, 0, 2)
    set_market(st, "temple")
    assert "invest:temple:0" not in ids(st, 0)
    err = rejected(st, 0, "invest:temple:0")
    assert err.rule.startswith("§9")  # a reading of the rulebook, switchable by option


def test_investing_zero_allowed_with_the_option() -> None:
    st = blank(zero_investment=True)
    set_tokens(st, 0, 2)
    set_market(st, "temple")
    play(st, 0, "invest:temple:0")
    t = card(st, "temple")
    assert st.investor[t] == 0 and st.stake[t] == 0 and st.tokens[0] == 2
    # but still not with no tokens at all
    st2 = blank(zero_investment=True)
    set_market(st2, "temple")
    assert not any(a.startswith("invest:") for a in ids(st2, 0))


# ================================================================== Complete (§5.2)
def test_complete_only_when_invested() -> None:
    st = blank()
    set_market(st, "temple")
    assert "complete" not in ids(st, 0)
    assert rejected(st, 0, "complete").rule.startswith("§5.2")
    invest(st, 0, "temple", 1)
    assert "complete" in ids(st, 0)


def test_completion_need_not_follow_the_investing_turn() -> None:
    st = blank()
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic", "archers", "lighthouse", "philosophy")
    play(st, 0, "invest:temple:2")
    play(st, 1, "harvest")
    play(st, 2, "harvest")
    play(st, 0, "harvest")  # waiting a round is fine
    play(st, 1, "harvest")
    play(st, 2, "harvest")
    assert "complete" in ids(st, 0)
    play(st, 0, "complete")
    assert nation(st, 0)["Construction"] == ["temple"]


# ================================================================== Snipe (§5.3)
def test_snipe_needs_enough_tokens() -> None:
    st = blank()
    set_tokens(st, 0, 3)
    invest(st, 1, "temple", 4)
    assert "snipe:temple" not in ids(st, 0)
    err = rejected(st, 0, "snipe:temple")
    assert err.rule.startswith("§5.3") and "4" in err.reason
    set_tokens(st, 0, 4)
    assert "snipe:temple" in ids(st, 0)


def test_snipe_not_own_card_and_not_an_uninvested_card() -> None:
    st = blank()
    set_tokens(st, 0, 5)
    set_market(st, "republic")
    invest(st, 0, "temple", 1)
    assert not any(a.startswith("snipe:") for a in ids(st, 0))
    assert rejected(st, 0, "snipe:temple").rule.startswith("§5.3")
    assert rejected(st, 0, "snipe:republic").rule.startswith("§5.3")


def test_sniper_gets_no_investor_bonus_and_investor_keeps_nothing_else() -> None:
    st = blank()
    give(st, 0, "iron-works")  # 2 Industry: a Construction bonus of 2 if it were a Complete
    set_tokens(st, 0, 3)
    invest(st, 1, "temple", 2)
    play(st, 0, "snipe:temple")
    assert st.tokens[0] == 1
    # Supply: 0 + 2 = 2; the investor has no Trade, takes half: 1
    assert st.tokens[1] == 2 + 1 and st.supply == 1


def test_snipe_allowed_while_holding_an_investment() -> None:
    st = blank()
    set_tokens(st, 0, 4)
    invest(st, 0, "republic", 1)
    invest(st, 1, "temple", 2)
    play(st, 0, "snipe:temple")
    assert nation(st, 0)["Construction"] == ["temple"]
    assert st.investor[card(st, "republic")] == 0 and st.invested[0] == card(st, "republic")


def test_investor_bonus_stops_at_what_the_supply_holds() -> None:
    st = blank()
    give(st, 0, "constitutional-monarchy")  # 4 Industry
    invest(st, 0, "temple", 1)
    set_supply(st, 2)
    play(st, 0, "complete")
    assert st.tokens[0] == 3 and st.supply == 0


# ================================================================== Activate (§5.4)
def test_activate_refusals_name_their_rule() -> None:
    st = blank()
    give(st, 0, "philosophy", "astronomy", "temple", "ramesses-ii")
    set_market(st, "republic")
    assert rejected(st, 0, "activate:philosophy").rule.startswith("§5.4")  # covered
    assert rejected(st, 0, "activate:temple").rule.startswith("§3.5")  # no Turn Action
    assert rejected(st, 0, "activate:ramesses-ii").rule == "§8 ramesses-ii"  # no Wonder to take
    assert rejected(st, 0, "activate:napoleon-bonaparte").rule.startswith("§5.4")


def test_acting_out_of_turn_is_refused() -> None:
    st = blank()
    err = rejected(st, 1, "harvest")
    assert err.rule.startswith("§5")


def test_turn_passes_clockwise() -> None:
    st = blank(players=4)
    turn_of(st, 2)
    play(st, 2, "harvest")
    assert st.to_act == (3,)
    play(st, 3, "harvest")
    assert st.to_act == (0,)


# ================================================================== Harvest and the Current Age (§5.5, §5.7)
def test_current_age_counts_cards_in_nations() -> None:
    st = blank()
    set_market(st, "temple", "republic")
    give(st, 2, "democracy")  # age IV in a Nation
    assert st.view(0)["current_age"] == 4
    reserve = st.reserve
    play(st, 0, "harvest")
    assert st.tokens[0] == 4 and st.reserve == reserve - 4


def test_harvest_does_not_top_up_when_holding_enough() -> None:
    st = blank()
    set_market(st, "temple", "republic")
    set_tokens(st, 0, 1)
    set_supply(st, 3)
    play(st, 0, "harvest")
    assert st.tokens[0] == 2 and st.supply == 2


# ================================================================== Cleanup: age check (§5.6)
@pytest.mark.parametrize(("option", "kept"), [
    ("two_or_more", {"monastery"}),
    ("exactly_two", {"monastery", "warriors"}),
])
def test_age_check_readings(option: str, kept: set[str]) -> None:
    st = blank(age_check=option)
    give(st, 1, "seaport")  # current age III
    set_market(st, "warriors", "temple", "monastery", "archers", "republic")
    deck_top(st, "castle", "crossbowmen", "knights", "feudalism")
    play(st, 0, "harvest")
    old = {"warriors", "temple", "archers", "republic"}
    assert {c for c in old | {"monastery"} if c in market(st)} == kept
    for c in old - kept:
        assert location(st, c) == ("box", None)
    assert len(st.market) == 5  # replenished again after the discards


def test_age_check_keeps_invested_cards_and_spares_nations() -> None:
    st = blank()
    give(st, 0, "warriors", "napoleon-bonaparte")  # an age A card in a Nation stays
    set_market(st, "temple", "republic", "archers", "lighthouse")
    invest(st, 1, "the-pyramids", 1)
    play(st, 0, "harvest")
    assert "the-pyramids" in market(st)
    assert nation(st, 0)["Military"] == ["warriors"]
    assert location(st, "temple") == ("box", None)


def test_one_age_check_per_cleanup() -> None:
    """A card revealed by the second refill is not checked again in the same cleanup."""
    st = blank()
    give(st, 1, "monastery")  # current age II
    set_market(st, "warriors", "temple", "republic", "archers", "lighthouse")
    deck_top(st, "the-pyramids", "castle")  # age A comes right after the discard of Warriors
    play(st, 0, "harvest")
    assert location(st, "warriors") == ("box", None)
    assert "the-pyramids" in market(st) and "castle" not in market(st)
    play(st, 1, "harvest")  # the next cleanup catches it
    assert location(st, "the-pyramids") == ("box", None)


def test_cleanup_refills_the_market_to_five_or_six() -> None:
    for players, size in ((3, 5), (4, 5), (5, 6)):
        st = blank(players=players)
        set_market(st, "temple")
        play(st, 0, "harvest")
        assert len(st.market) == size


# ================================================================== The end (§6.1)
@pytest.mark.parametrize("option", ["after_turn", "immediately"])
def test_the_future_entering_the_market_ends_the_game(option: str) -> None:
    st = blank(future_ends=option)
    set_market(st, "stock-exchange", "apollo-program", "tank")
    deck_top(st, "the-future", "nuclear-power-plant")
    turn_of(st, 1)
    play(st, 1, "harvest")
    assert st.over and st.to_act == ()
    assert st.outcome()["final"] is True
    assert "the-future" in market(st)
    # the rest of the turn's cleanup happens only when the game ends after the turn
    assert ("nuclear-power-plant" in market(st)) is (option == "after_turn")
    assert rejected(st, 2, "harvest").rule.startswith("§5")


@pytest.mark.parametrize("option", ["after_turn", "immediately"])
@pytest.mark.parametrize("source", ["astronomy", "satellites", "working-animal", "christopher-columbus"])
def test_gaining_the_future_ends_the_game(source: str, option: str) -> None:
    st = blank(future_ends=option)
    set_market(st, "stock-exchange", "apollo-program", "tank")
    deck_top(st, "the-future", "nuclear-power-plant")
    if source == "christopher-columbus":
        give(st, 0, source)
        play(st, 0, "activate:christopher-columbus")
    else:
        complete_card(st, 0, source)
    assert st.over
    assert location(st, "the-future") == ("nation", 0)
    assert ("nuclear-power-plant" in market(st)) is (option == "after_turn")


def test_the_game_goes_on_without_the_future() -> None:
    st = blank()
    set_market(st, "temple", "republic", "archers")
    deck_top(st, "lighthouse", "philosophy")
    play(st, 0, "harvest")
    assert not st.over and st.to_act == (1,)
    assert st.outcome()["final"] is False


def test_turn_limit_stand_in_scores_the_game() -> None:
    st = new(3, 5, turn_limit=20)
    for _ in range(20):
        seat = st.to_act[0]
        play(st, seat, "harvest")
    assert st.over and st.outcome()["final"] is True


# ================================================================== Scoring ties (§6.3)
def test_tie_on_points_broken_by_cards_in_the_nation() -> None:
    st = blank()
    give(st, 0, "religious-tribe", "aristocracy")  # 2 Culture, 2 cards
    give(st, 1, "temple")  # 1 + 2 Culture, 1 Harvest: 3 VP
    give(st, 2, "monastery", "military-caste")  # 1 + 1 Culture, 1 Harvest + 1 Attack: 3 VP
    out = st.outcome()
    assert out["scores"] == [2, 3, 3]
    assert out["winners"] == [2] and out["ranking"] == [2, 1, 0]
    assert any("more cards" in r for r in out["tie_breaks"])


def test_tie_on_points_and_cards_broken_by_tokens() -> None:
    st = blank()
    give(st, 1, "aristocracy", "craftisan-tribe")  # 1 Culture + 1 other icon, 2 cards
    give(st, 2, "religious-tribe", "military-caste")  # the same
    set_tokens(st, 1, 2)
    set_tokens(st, 2, 5)
    out = st.outcome()
    assert out["scores"] == [0, 1, 1]
    assert out["winners"] == [2]
    assert any("resource tokens" in r for r in out["tie_breaks"])


def test_full_tie_shares_the_victory() -> None:
    st = blank()
    give(st, 1, "aristocracy", "craftisan-tribe")
    give(st, 2, "religious-tribe", "military-caste")
    set_tokens(st, 1, 3)
    set_tokens(st, 2, 3)
    out = st.outcome()
    assert out["winners"] == [1, 2]
    assert out["ranks"] == {"1": 1, "2": 1, "0": 3}
    assert any("share" in r for r in out["tie_breaks"])


@pytest.mark.parametrize(("option", "winner"), [("all", 0), ("visible", 1)])
def test_tiebreak_counting_covered_cards_or_not(option: str, winner: int) -> None:
    st = blank(tiebreak_cards=option)
    # seat 0: three stacked Government cards (1 visible): 1 Culture + 2 others = 2 VP
    give(st, 0, "aristocracy", "seafaring-traders", "craftisan-tribe")
    # seat 1: two cards, both visible: 2 Culture = 2 VP
    give(st, 1, "religious-tribe", "ramesses-ii")
    out = st.outcome()
    assert out["scores"][:2] == [2, 2]
    assert [score(st, 0)["cards"], score(st, 1)["cards"]] == ([3, 2] if option == "all" else [1, 2])
    assert out["winners"] == [winner]


# ================================================================== Setup (§4)
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [0, 7])
def test_setup(players: int, seed: int) -> None:
    st = new(players, seed)
    conserved(st)
    cards = st.cards.cards
    ages = [cards[c].age for c in st.market]
    if players == 5:
        assert len(st.market) == 6 and ages.count("A") == 5 and ages.count("I") == 1
    else:
        assert len(st.market) == 5 and ages == ["A"] * 5
    assert st.tokens == [4] * players
    assert st.reserve == 72 - 4 * players and st.supply == 0 and st.stake == {}
    # one starting (age S) card each, as the only card, in the Government stack
    for seat in range(players):
        assert [len(stack) for stack in st.nations[seat]] == [0, 1, 0, 0, 0, 0]
        assert cards[st.nations[seat][1][0]].age == "S"
    assert sum(1 for c in st.box if cards[c].age == "S") == 6 - players
    assert len(st.box) == 6 - players
    # the deck: The Future at the bottom, The Internet on it, then V, IV, III, II, I on top
    assert cards[st.deck[0]].id == "the-future" and cards[st.deck[1]].id == "the-internet"
    from_top = [AGE_NUMBER[cards[c].age] for c in reversed(st.deck[2:])]
    assert from_top == sorted(from_top) and from_top[0] == 1 and from_top[-1] == 5
    assert len(st.deck) + len(st.market) == CARD_COUNT - 6
    assert len(st.to_act) == 1 and st.current == st.to_act[0]


def test_setup_shuffles_each_age_with_the_seed() -> None:
    a, b = new(3, 1), new(3, 2)
    assert a.deck != b.deck
    assert new(3, 1).deck == a.deck


# ================================================================== conservation in play
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (4, 2), (5, 4)])
def test_random_play_conserves_cards_and_tokens(players: int, seed: int) -> None:
    st = new(players, seed)
    rng = Rng(seed)
    steps = 0
    while not st.over and steps < 3000:
        seat = st.to_act[rng.below(len(st.to_act))]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.below(len(acts))].id)
        if steps % 10 == 0:
            conserved(st)
        steps += 1
    assert st.over
    conserved(st)


# ================================================================== saves and copies
def test_saved_mid_decision_resumes_identically() -> None:
    st = blank()
    give(st, 1, "astronomy", "temple")
    give(st, 2, "philosophy", "lighthouse")
    complete_card(st, 0, "warplane")
    saved = st.to_json()
    copy = SPEC.from_json(saved)
    twin = st.clone()
    for game in (st, copy, twin):
        assert ids(game, 0) == ["discard:astronomy", "discard:temple"]  # type: ignore[arg-type]
        game.apply(0, "discard:temple")
        game.apply(0, "discard:lighthouse")
    assert st.to_json() == copy.to_json() == twin.to_json()
    assert SPEC.from_json(saved).to_json() == saved  # the save itself was not touched


def test_clone_is_independent() -> None:
    st = blank()
    set_tokens(st, 0, 3)
    set_market(st, "temple", "republic")
    twin = st.clone()
    twin.apply(0, "invest:temple:2")
    assert st.tokens[0] == 3 and card(st, "temple") not in st.investor
    assert st.to_act == (0,)
