"""Phase I: the five actions (§5.1–§5.5) and their legality."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from . import effects
from .cards import HARVEST, ICONS, TRADE, WONDER
from .constants import BANKER
from .nation import active_cards
from .rules import card_ref, ref
from .tables import Tables, tables

if TYPE_CHECKING:
    from .state import FlowState, Task


# ---------------------------------------------------------------- options
# Actions are frozen values: the ones that depend only on card data (and a few numbers)
# come from per-CardSet tables instead of being rebuilt for every decision.
HARVEST_ACTION = Action("harvest", "Harvest")
PASS_ACTION = Action("pass", "No bonus action")
MAIN_RULE = ref("5")
BONUS_RULE = ref("7.2")


def _invest_actions(s: FlowState, seat: int, tab: Tables) -> list[Action]:
    tok = s.tokens[seat]
    if s.invested[seat] != -1 or tok < 1:
        return []
    low = 0 if s.options["zero_investment"] else 1
    out: list[Action] = []
    investor = s.investor
    invest_actions = tab.invest_actions
    for c in s.market:
        if c not in investor:
            out += invest_actions(c, low, tok)
    return out


def _snipe_actions(s: FlowState, seat: int, tab: Tables) -> list[Action]:
    out: list[Action] = []
    investor = s.investor
    if not investor:
        return out
    mine = s.tokens[seat]
    snipes = tab.snipe
    for c in s.market:
        owner = investor.get(c)
        if owner is None or owner == seat:
            continue
        stake = s.stake[c]
        if mine < stake:
            continue
        key = (c << 16) | ((owner + 1) << 8) | stake  # an int key: hashed at C speed
        act = snipes.get(key)
        if act is None:
            card = s.cards.cards[c]
            act = snipes[key] = Action(
                f"snipe:{card.id}", f"Snipe {card.name} from {s.seat_name(owner)} for {stake}"
            )
        out.append(act)
    return out


def _activate_actions(s: FlowState, seat: int, tab: Tables) -> list[Action]:
    # The active cards (stack tops, every Wonder) in type order, as `active_cards` gives
    # them, but only in the types that hold a card with a Turn Action at all.
    turn_action = tab.turn_action
    nation = s.nations[seat]
    out: list[Action] = []
    for t in tab.turn_action_types:
        stack = nation[t]
        if not stack:
            continue
        for c in (stack if t == WONDER else (stack[-1],)):
            if turn_action[c] and effects.can_activate(s, seat, c):
                out.append(tab.activate[c])
    return out


def _complete_action(s: FlowState, c: int, tab: Tables) -> Action:
    stake = s.stake[c]
    key = (c << 8) | stake  # an int key: hashed at C speed
    act = tab.complete.get(key)
    if act is None:
        act = tab.complete[key] = Action("complete", f"Complete {s.name(c)} ({stake} invested)")
    return act


_PROMPTS: dict[int, str] = {}


def main_decision(s: FlowState, task: Task, seat: int | None) -> Decision:
    me = task[1]
    tab = tables(s.cards)
    acts = _invest_actions(s, me, tab)
    if s.invested[me] != -1:
        acts.append(_complete_action(s, s.invested[me], tab))
    acts += _snipe_actions(s, me, tab)
    acts += _activate_actions(s, me, tab)
    acts.append(HARVEST_ACTION)
    prompt = _PROMPTS.get(me)
    if prompt is None:
        prompt = _PROMPTS[me] = f"Seat {me}: choose your action for the turn"
    return Decision(me, "action", prompt, MAIN_RULE, tuple(acts))


def bonus_decision(s: FlowState, task: Task, seat: int | None) -> Decision:
    me = task[1]
    tab = tables(s.cards)
    acts = _invest_actions(s, me, tab) + _snipe_actions(s, me, tab)
    acts.append(PASS_ACTION)
    return Decision(me, "completion_bonus", "Completion bonus: Invest, Snipe, or pass",
                    BONUS_RULE, tuple(acts))


# ---------------------------------------------------------------- apply
def apply_main(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    s.tasks.append(("cleanup", seat))  # push, without its call: every turn
    _do(s, seat, action_id)


def apply_bonus(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    if action_id == "pass":
        s.say(seat, "takes no completion bonus", ref("7.2"))
    else:
        _do(s, seat, action_id)


def _do(s: FlowState, seat: int, action_id: str) -> None:
    kind, _, rest = action_id.partition(":")
    by_id = s.cards.by_id
    if kind == "invest":
        card_id, _, n = rest.rpartition(":")
        invest(s, seat, by_id[card_id], int(n))
    elif kind == "complete":
        complete(s, seat)
    elif kind == "snipe":
        snipe(s, seat, by_id[rest])
    elif kind == "activate":
        effects.activate(s, seat, by_id[rest])
    elif kind == "harvest":
        harvest(s, seat)


def invest(s: FlowState, seat: int, card: int, n: int) -> None:
    s.tokens[seat] -= n
    s.investor[card] = seat
    s.stake[card] = n
    s.invested[seat] = card
    if not s.quiet:  # search copies keep no log (the hottest messages skip their text)
        s.say(seat, f"invests {n} in {s.name(card)}", ref("5.1"))


def complete(s: FlowState, seat: int) -> None:
    card = s.invested[seat]
    n = s.stake.pop(card)
    del s.investor[card]
    s.invested[seat] = -1
    s.supply += n
    c = s.cards.cards[card]
    icon = s.cards.investor_bonus[c.type]
    bonus = min(s.icon_count(seat, icon), s.supply)  # counted before the card joins (§5.2)
    s.supply -= bonus
    s.tokens[seat] += bonus
    if not s.quiet:
        s.say(seat, f"completes {c.name}: {n} to the Supply, investor bonus {bonus} "
                    f"({ICONS[icon]})", ref("5.2"))
    s.market.remove(card)
    if s.players == 2:
        s.push("bonus", seat)  # resolved after the card's own effect (§7.2)
    effects.gain(s, seat, card)


def snipe(s: FlowState, seat: int, card: int) -> None:
    prev = s.investor.pop(card)
    n = s.stake.pop(card)
    s.tokens[seat] -= n
    if prev == BANKER:
        s.supply += n  # paying the Banker feeds the Supply (§7.3)
    else:
        s.tokens[prev] += n
        s.invested[prev] = -1
    s.supply += n
    if not s.quiet:
        s.say(seat, f"snipes {s.name(card)} from {s.seat_name(prev)}, paying {n}",
              ref("7.3") if prev == BANKER else ref("5.3"))
    if prev != BANKER:
        trade = min(s.icon_count(prev, TRADE), s.supply)
        s.supply -= trade
        half = s.supply // 2
        s.supply -= half
        s.tokens[prev] += trade + half
        if not s.quiet:
            s.say(prev, f"takes {trade} for Trade icons and {half} (half the Supply)", ref("5.3"))
    s.market.remove(card)
    effects.gain(s, seat, card)


def harvest(s: FlowState, seat: int) -> None:
    h = min(s.icon_count(seat, HARVEST), s.reserve)
    s.reserve -= h
    s.supply += h
    half = s.supply // 2
    s.supply -= half
    s.tokens[seat] += half
    # The Current Age is never above the deck's last age: with that many tokens there is
    # nothing to top up, whatever the Current Age is.
    age = s.current_age() if s.tokens[seat] < tables(s.cards).max_age else 0
    short = max(0, age - s.tokens[seat])
    from_supply = min(short, s.supply)
    from_reserve = min(short - from_supply, s.reserve)
    s.supply -= from_supply
    s.reserve -= from_reserve
    s.tokens[seat] += from_supply + from_reserve
    if not s.quiet:
        s.say(seat, f"harvests: {h} from the Reserve to the Supply, takes {half}, then tops up "
                    f"{from_supply} from the Supply and {from_reserve} from the Reserve", ref("5.5"))


# ---------------------------------------------------------------- explanations
def why_illegal(s: FlowState, seat: int, action_id: str) -> tuple[str, str] | None:
    """Name the rule an attempted main action breaks (for 'why can't I?')."""
    if not s.tasks or s.tasks[-1][0] not in ("main", "bonus"):
        return None
    bonus = s.tasks[-1][0] == "bonus"
    kind, _, rest = action_id.partition(":")
    by_id = s.cards.by_id
    if bonus and kind in ("complete", "activate", "harvest"):
        return "the completion bonus allows only Invest or Snipe", ref("7.2")
    if kind == "invest":
        card_id, _, amount = rest.rpartition(":")
        if s.invested[seat] != -1:
            return f"you already have your marker on {s.name(s.invested[seat])}", ref("5.1")
        if s.tokens[seat] == 0:
            return "you have no resource tokens to invest", ref("5.1")
        if card_id not in by_id or by_id[card_id] not in s.market:
            return f"'{card_id}' is not a card in the Market", ref("5.1")
        if by_id[card_id] in s.investor:
            owner = s.seat_name(s.investor[by_id[card_id]])
            return f"{s.name(by_id[card_id])} already carries an investment by {owner}", ref("5.1")
        if not amount.isdigit():
            return f"'{amount}' is not a number of tokens", ref("5.1")
        if int(amount) > s.tokens[seat]:
            return f"you have only {s.tokens[seat]} tokens", ref("5.1")
        if int(amount) == 0:
            return "an investment needs at least 1 token (option zero_investment)", ref("9")
    if kind == "complete" and s.invested[seat] == -1:
        return "you have not invested in a card", ref("5.2")
    if kind == "snipe":
        c = by_id.get(rest)
        if c is None or c not in s.market:
            return f"'{rest}' is not a card in the Market", ref("5.3")
        if c not in s.investor:
            return f"nobody has invested in {s.name(c)}", ref("5.3")
        if s.investor[c] == seat:
            return "you cannot snipe your own investment", ref("5.3")
        if s.tokens[seat] < s.stake[c]:
            return (f"sniping {s.name(c)} costs {s.stake[c]} tokens and you have "
                    f"{s.tokens[seat]}", ref("5.3"))
    if kind == "activate":
        c = by_id.get(rest)
        if c is None or all(a.num != c for a in active_cards(s.cards, s.nations[seat])):
            return f"'{rest}' is not an uncovered card in your Nation", ref("5.4")
        if s.cards.cards[c].timing != "turn_action":
            return f"{s.name(c)} has no Turn Action effect", ref("3.5")
        return f"{s.name(c)}'s effect cannot be carried out now", card_ref(rest)
    return None
