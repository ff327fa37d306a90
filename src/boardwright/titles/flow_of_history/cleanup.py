"""Setup (§4, §7.1), Phase II cleanup (§5.6, §7.4), the end (§6) and scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision
from boardwright.engine.outcome import rank

from . import effects
from .cards import GOVERNMENT
from .constants import (
    BANKER,
    BANKER_START,
    START_TOKENS,
    TOKENS_TOTAL,
    TWO_PLAYER_REMOVED,
    TWO_PLAYER_SUPPLY,
)
from .nation import NationMemo, new_nation, score
from .rules import ref
from .tables import tables

if TYPE_CHECKING:
    from .state import FlowState, Task

DECK_ORDER = ("I", "II", "III", "IV", "V")  # top of the deck first


# ---------------------------------------------------------------- setup
def setup(s: FlowState) -> None:
    cs = s.cards
    by_age: dict[str, list[int]] = {}
    future = cs.by_id["the-future"]
    internet = cs.by_id["the-internet"]
    for card in cs.cards:
        if card.num not in (future, internet):
            by_age.setdefault(card.age, []).append(card.num)
    p = s.players
    s.turn = 0
    s.market = list(by_age.get("A", []))
    s.investor, s.stake = {}, {}
    s.invested = [-1] * p
    s.box = []
    s.nations = [new_nation() for _ in range(p)]
    s.memo = [NationMemo() for _ in range(p)]
    s.top_age = None
    s.tokens = [START_TOKENS] * p
    s.supply = 0
    s.reserve = TOKENS_TOTAL - START_TOKENS * p
    s.tasks = []
    s.end_triggered = False
    s.finished = False
    s.dealt = [[] for _ in range(p)]
    s.picks = [-1] * p
    s.say(None, f"{len(s.market)} age A cards form the Market", ref("4"))

    starting = list(by_age.get("S", []))
    if p == 2:
        for name in TWO_PLAYER_REMOVED:
            starting.remove(cs.by_id[name])
            s.box.append(cs.by_id[name])
    s.shuffle("starting cards", starting, s.name)
    per_seat = 2 if p == 2 else 1
    for seat in range(p):
        dealt = [starting.pop() for _ in range(per_seat)]
        if p == 2:
            s.dealt[seat] = dealt
            names = " and ".join(s.name(c) for c in dealt)
            s.say(seat, f"is dealt {names}", ref("7.1"), visible_to=(seat,))
        else:
            s.nations[seat][GOVERNMENT].append(dealt[0])
            s.nation_changed(seat)
            s.say(seat, f"starts with {s.name(dealt[0])}", ref("4"))
    s.box.extend(starting)

    # The deck, bottom first: The Future, The Internet, then ages V..I shuffled.
    s.deck = [future, internet]
    for age in reversed(DECK_ORDER):
        block = list(by_age.get(age, []))
        s.shuffle(f"age {age} deck", block, s.name)
        s.deck.extend(block)
    if p == 5:
        top = s.deck.pop()
        s.market.append(top)
        s.say(None, f"{s.name(top)} joins the Market for 5 players", ref("4"))

    if p == 2:
        warriors, stake = cs.by_id[BANKER_START[0]], BANKER_START[1]
        s.investor[warriors] = BANKER
        s.stake[warriors] = stake
        s.reserve -= stake + TWO_PLAYER_SUPPLY
        s.supply = TWO_PLAYER_SUPPLY
        s.say(None, f"the Banker invests {stake} in {s.name(warriors)}; the Supply starts "
                    f"with {TWO_PLAYER_SUPPLY}", ref("7.1"))
    s.current = s.draw("first player", range(p))
    s.say(s.current, "takes the first turn", ref("4"))
    s.push("main", s.current)
    if p == 2:
        s.push("start_pick")


def start_pick(s: FlowState, task: Task, seat: int | None) -> Decision:
    me = seat if seat is not None else next(i for i in range(s.players) if s.picks[i] == -1)
    acts = tuple(Action(f"start:{s.cards.cards[c].id}", f"Start with {s.name(c)}")
                 for c in s.dealt[me])
    return Decision(me, "starting_card", "Choose your starting Government card", ref("7.1"),
                    acts, simultaneous=True, secret=True)


def apply_start_pick(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.picks[seat] = s.cards.by_id[action_id.partition(":")[2]]
    s.say(seat, f"chooses {s.name(s.picks[seat])}", ref("7.1"), visible_to=(seat,))
    if any(p == -1 for p in s.picks):
        return
    s.tasks.pop()
    for p in range(s.players):
        chosen = s.picks[p]
        s.nations[p][GOVERNMENT].append(chosen)
        s.nation_changed(p)
        s.box.extend(c for c in s.dealt[p] if c != chosen)
        s.dealt[p] = []
        s.say(p, f"starts with {s.name(chosen)}", ref("7.1"))


# ---------------------------------------------------------------- cleanup (§5.6)
def replenish(s: FlowState) -> None:
    if len(s.market) >= (6 if s.players == 5 else 5) or not s.deck or s.finished:
        return  # the Market is full (the common case): nothing to draw (`market_size`)
    future = s.cards.by_id["the-future"]
    while len(s.market) < s.market_size() and s.deck and not s.finished:
        card = s.deck.pop()
        s.market.append(card)
        if not s.quiet:  # search copies keep no log (the hottest messages skip their text)
            s.say(None, f"{s.name(card)} enters the Market", ref("5.6"))
        if card == future:
            effects.trigger_end(s, None, "The Future entered the Market")


def age_check(s: FlowState) -> None:
    tab = tables(s.cards)
    investor = s.investor
    market = s.market
    age_of = tab.age_number
    # Only an uninvested card two or more ages older than the Current Age (the newest card
    # in the Market or a Nation) can leave: when none is that old, nothing does.
    oldest = 1 << 30
    newest = -1
    for c in market:
        a = age_of[c]
        if a > newest:
            newest = a
        if a < oldest and c not in investor:
            oldest = a
    if oldest == 1 << 30:
        return  # every Market card is invested in
    newest = max(newest, s.nations_age())
    if newest < oldest + 2:
        return
    age = newest  # the Current Age: the highest age in the Market or a Nation (§5.7)
    exact = s.options["age_check"] == "exactly_two"
    cards = s.cards.cards
    for card in list(s.market):
        gap = age - cards[card].age_number
        if card not in s.investor and (gap == 2 if exact else gap >= 2):
            s.market.remove(card)
            s.box.append(card)
            s.say(None, f"{s.name(card)} is too old and leaves the game", ref("5.6"))


def resolve_cleanup(s: FlowState, task: Task) -> None:
    seat = task[1]
    if s.players == 2:
        for card in [c for c, who in s.investor.items() if who == BANKER]:
            s.supply += s.stake.pop(card)
            del s.investor[card]
            s.market.remove(card)
            s.box.append(card)
            s.say(None, f"the Banker's card {s.name(card)} is discarded", ref("7.4"))
    replenish(s)
    if s.finished:  # The Future ended the game on the spot (option future_ends)
        return
    age_check(s)
    replenish(s)
    if s.finished:
        return
    s.tasks.append(("end_check", seat))  # push, without its call: every turn
    if s.players == 2 and not s.finished:
        s.push("banker_pick", seat)


def _banker_choices(s: FlowState) -> list[int]:
    return [c for c in s.market if c not in s.investor]


def banker_pick_decision(s: FlowState, task: Task, seat: int | None) -> Decision:
    me = task[1]
    banker = tables(s.cards).banker
    acts = tuple(banker[c] for c in _banker_choices(s))
    return Decision(me, "banker_card", "Choose the card the Banker invests in", ref("7.4"), acts)


def apply_banker_pick(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    card = s.cards.by_id[action_id.partition(":")[2]]
    amount = s.supply // 2
    s.supply -= amount
    age = s.current_age()
    extra = 0
    if amount < age:
        extra = min(age - amount, s.reserve)
        s.reserve -= extra
    s.investor[card] = BANKER
    s.stake[card] = amount + extra
    s.say(seat, f"the Banker invests {amount} from the Supply and {extra} from the Reserve in "
                f"{s.name(card)}", ref("7.4"))


def resolve_end_check(s: FlowState, task: Task) -> None:
    seat = task[1]
    limit = int(s.options["turn_limit"])
    if s.end_triggered:
        s.finished = True
        s.say(None, "the game is over", ref("6.1"))
        return
    if s.turn + 1 >= limit:
        s.finished = True
        s.say(None, f"the turn limit of {limit} is reached: the game is scored now", ref("6.4"))
        return
    s.turn += 1
    s.current = (seat + 1) % s.players
    s.tasks.append(("main", s.current))  # push, without its call: every turn


# ---------------------------------------------------------------- scoring (§6.2, §6.3)
def outcome(s: FlowState) -> dict[str, Any]:
    visible = s.options["tiebreak_cards"] == "visible"
    seats = [score(s.cards, s.nations[p], s.tokens[p], visible) for p in range(s.players)]
    ranked = rank([(sc["total"], sc["cards"], sc["tokens"]) for sc in seats],
                  ("VP", "cards in the Nation", "resource tokens"))
    return {
        "kind": "competitive",
        "scores": [sc["total"] for sc in seats],
        "breakdown": seats,
        **ranked,
        "rule": ref("6.2"),
    }
