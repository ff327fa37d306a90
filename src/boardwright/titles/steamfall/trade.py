"""Trading in Incredible Invention (§12.5) and Crisis (§16.10): the active player proposes,
the other consents.

A proposal is free. The active player picks a partner in the same area, then puts together
what it gives (resources other than stamina, VP diamonds, cards from its hand) and what it
asks for (the partner's resources, and cards of the partner's choosing from its hand);
the partner accepts or declines. Civilians, stamina and items in play are never traded.
One proposal per partner per turn (§15). Offers are kept in the task as comma-joined
strings, so a clone never shares a list with its original.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .rules import ref
from .scenarios import of

if TYPE_CHECKING:
    from .state import SteamfallState, Task

TRADABLE = ("scrap", "steam", "insight", "vp", "diamond", "shard")  # the Core Shard: Crisis (§16.10)
CARD = "card"  # an asked card: the partner chooses which
#: the actions that name a resource only, made once (an Action is frozen)
GIVE = {r: Action(f"offer:give:{r}", f"offer 1 {r}") for r in TRADABLE}
ASK = {r: Action(f"offer:ask:{r}", f"ask for 1 {r}") for r in TRADABLE}
ASK_CARD = Action(f"offer:ask:{CARD}", "ask for a card of their choice from their hand")
CANCEL = Action("cancel", "propose nothing")


def _rule(st: SteamfallState) -> str:
    """The scenario's trading rule (§12.5 in Incredible Invention, §16.10 in Crisis)."""
    return ref(of(st).trade_rule)


def split(s: str) -> list[str]:
    return s.split(",") if s else []


def has(st: SteamfallState, p: int, what: str) -> int:
    pl = st.pl[p]
    if what == "shard":
        return int(bool(st.cr) and st.cr["shard"]["holder"] == p)
    return int(pl["diamonds"]) if what == "diamond" else int(pl["res"][what])


def partners(st: SteamfallState, p: int) -> list[int]:
    """Players in p's area not yet asked this turn, when either side has something to trade."""
    if not of(st).trade_rule:  # only the co-operative scenarios trade
        return []
    out = []
    here = st.pl[p]["at"]
    for q in range(len(st.pl)):
        if q == p or st.pl[q]["at"] != here or q in st.pl[p]["asked"]:
            continue
        if st.pl[p]["hand"] or st.pl[q]["hand"] or any(has(st, s, r) for s in (p, q) for r in TRADABLE):
            out.append(q)
    return out


def trade_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, p, q, give_s, ask_s = task
    give, ask = split(give_s), split(ask_s)
    acts = []
    for r in TRADABLE:
        if has(st, p, r) > give.count(r):
            acts.append(GIVE[r])
    hand = st.pl[p]["hand"]
    for card in sorted(set(hand)):
        if hand.count(card) > give.count(card):
            acts.append(Action(f"offer:give:{card}", f"offer {st.content.items[card].name}"))
    for r in TRADABLE:
        if has(st, q, r) > ask.count(r):
            acts.append(ASK[r])
    if len(st.pl[q]["hand"]) > ask.count(CARD):
        acts.append(ASK_CARD)
    gives, asks = _say(st, give), _say(st, ask)
    if give or ask:
        acts.append(Action("propose", f"propose: give {gives}, ask {asks}"))
    acts.append(CANCEL)
    prompt = f"Trade with seat {q}: give {gives}; ask {asks}"
    return Decision(p, "trade", prompt, _rule(st), tuple(acts))


def _say(st: SteamfallState, things: list[str]) -> str:
    if not things:
        return "nothing"
    return ", ".join(
        t if t in TRADABLE else ("a card" if t == CARD else st.content.items[t].name) for t in things
    )


def apply_trade(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, q, give_s, ask_s = task
    if aid == "cancel":
        st.tasks.pop()
        st.pl[p]["asked"].append(q)
        return
    if aid == "propose":
        st.tasks.pop()
        st.pl[p]["asked"].append(q)
        st.say(p, f"proposes a trade to seat {q}", _rule(st))
        st.tasks.append(["consent", q, p, give_s, ask_s])
        return
    _, side, what = aid.split(":", 2)
    if side == "give":
        give_s = ",".join([*split(give_s), what])
    else:
        ask_s = ",".join([*split(ask_s), what])
    st.tasks[-1] = ["trade", p, q, give_s, ask_s]


def consent_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, q, p, give_s, ask_s = task
    give, ask = split(give_s), split(ask_s)
    acts = (
        Action("accept", f"accept: receive {_say(st, give)}, give {_say(st, ask)}"),
        Action("decline", "decline the trade"),
    )
    return Decision(
        q,
        "trade_consent",
        f"Seat {p} proposes a trade: you receive {_say(st, give)} and give {_say(st, ask)}",
        _rule(st),
        acts,
    )


def _move(st: SteamfallState, a: int, b: int, what: str) -> None:
    if what == "diamond":
        st.pl[a]["diamonds"] -= 1
        st.pl[b]["diamonds"] += 1
    elif what == "shard":
        st.cr["shard"]["holder"] = b
    elif what in TRADABLE:
        st.pl[a]["res"][what] -= 1
        st.pl[b]["res"][what] += 1
    else:
        st.pl[a]["hand"].remove(what)
        st.pl[b]["hand"].append(what)


def apply_consent(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, q, p, give_s, ask_s = task
    st.tasks.pop()
    if aid == "decline":
        st.say(q, f"declines seat {p}'s trade", _rule(st))
        return
    give, ask = split(give_s), split(ask_s)
    for what in give:
        _move(st, p, q, what)
    for what in ask:
        if what != CARD:
            _move(st, q, p, what)
    st.say(q, f"accepts seat {p}'s trade", _rule(st))
    if ask.count(CARD):
        st.tasks.append(["trade_card", q, p, ask.count(CARD)])


def trade_card_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, q, p, n = task
    acts = tuple(
        Action(f"hand:{c}", f"give {st.content.items[c].name}") for c in sorted(set(st.pl[q]["hand"]))
    )
    return Decision(q, "trade_card", f"Give seat {p} a card from your hand ({n} to give)", _rule(st), acts)


def apply_trade_card(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, q, p, n = task
    card = aid.split(":", 1)[1]
    _move(st, q, p, card)
    st.say(q, f"gives {st.content.items[card].name} to seat {p}", _rule(st), visible_to=(p, q))
    others = tuple(s for s in range(st.players) if s not in (p, q))
    st.say(q, f"gives a card to seat {p}", _rule(st), visible_to=others)
    if n > 1 and st.pl[q]["hand"]:
        st.tasks[-1] = ["trade_card", q, p, n - 1]
    else:
        st.tasks.pop()


DECISIONS = {
    "trade": trade_decision,
    "consent": consent_decision,
    "trade_card": trade_card_decision,
}
APPLY = {
    "trade": apply_trade,
    "consent": apply_consent,
    "trade_card": apply_trade_card,
}
