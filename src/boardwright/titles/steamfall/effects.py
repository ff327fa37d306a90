"""The one interpreter of the effect grammar: what a cost needs, paying it, and gaining.

Costs are paid at once from the turn's action pool, stamina (in place of the five actions
it stands for, §5.5), resources, an item's power or cards from hand. Gains either change
the state at once or push a small decision task (which item gets the power, which deck to
draw from, which civilian progresses...). Game events (`fire`) advance civilian quests and
complications. Modifiers (passive limitations and bonuses) are summed by `mods`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .rules import ref
from .scenarios import of
from .schema import ACTIONS, STAMINA_FOR, Bundle, Effect, Term

if TYPE_CHECKING:
    from .state import SteamfallState

RES = ("scrap", "steam", "insight", "vp", "stamina")
MAP_GAINS = frozenset({"pick_up", "teleport", "explore_ruins", "move_civilian", "move_mechanized"})
CR_GAINS = frozenset({"success", "serenity", "shard_power", "move_civilian", "move_mechanized"})
SPEND_EVENTS = {
    "scrap": "spend_scrap",
    "steam": "spend_steam",
    "violence": "spend_violence",
    "charm": "spend_charm",
}


# ------------------------------------------------------------------ modifiers
def mods(st: SteamfallState, p: int) -> dict[str, int]:
    """Passive modifiers in effect for player p: complications first (they apply to everyone
    and before everything, §12.3), then p's civilians and items."""
    memo = getattr(st, "mods_memo", None)  # set while a decision is built (turn.turn_decision)
    if memo is not None:
        hit: dict[str, int] | None = memo.get(p)
        if hit is not None:
            return hit
    out: dict[str, int] = {}
    c = st.content

    def add(kind: str, n: int, arg: str) -> None:
        key = f"{kind}:{arg}" if arg else kind
        out[key] = out.get(key, 0) + n

    for cid in st.comps:
        if cid not in st.cover:
            for m in c.complications[cid].limitation:
                add(m.kind, m.n, m.arg)
    pl = st.pl[p]
    for civ in pl["civs"]:
        for m in c.civilians[civ].passive:
            add(m.kind, m.n, m.arg)
    for iid in pl["play"]:
        modded = iid in st.modded_bases(p)
        for e in c.items[iid].effects:
            if e.timing == "passive" or (e.timing == "modded_passive" and modded):
                for m in e.passive:
                    add(m.kind, m.n, m.arg)
    if memo is not None:
        memo[p] = out
    return out


def stamina_usable(st: SteamfallState, p: int) -> bool:
    return mods(st, p).get("no_stamina_use", 0) == 0


# ------------------------------------------------------------------ costs
def expand_costs(st: SteamfallState, p: int, costs: list[Bundle]) -> list[Bundle]:
    """Cost alternatives with every cipher term replaced by its two ways of breaking it
    (the cipher's action or insight, each less p's Combination discount, §13.2). The number
    of alternatives does not depend on the state, so an alternative's index is stable."""
    if not any(t.what == "cipher" for b in costs for t in b):
        return costs
    m = mods(st, p)
    out: list[Bundle] = []
    for bundle in costs:
        ways: list[Bundle] = [[]]
        for t in bundle:
            if t.what != "cipher":
                ways = [[*w, t] for w in ways]
                continue
            ci = st.content.ciphers[t.arg]
            off = m.get(f"cipher_discount:{t.arg}", 0)
            alts = [one(ci.action, max(1, ci.actions - off)), one("insight", max(1, ci.insight - off))]
            ways = [[*w, a] for w in ways for a in alts]
        out += ways
    return out


def needs(bundle: Bundle) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in bundle:
        out[t.what] = out.get(t.what, 0) + t.n
    return out


def can_pay(st: SteamfallState, p: int, bundle: Bundle, item: str = "") -> bool:
    pl = st.pl[p]
    if not bundle:
        return bool(pl["res"]["stamina"] >= 0)
    if len(bundle) == 1:
        t = bundle[0]
        one_what: str = t.what
        if one_what in ACTIONS:  # the common case (one action): the general rule below, inline
            stamina = pl["res"]["stamina"]
            lack = t.n - pl["pool"][one_what]
            if stamina < 0:
                return False
            if lack <= 0:
                return True
            return one_what in STAMINA_FOR and stamina_usable(st, p) and lack <= stamina
        need: dict[str, int] = {one_what: t.n}
    else:
        need = needs(bundle)
    return can_pay_needs(st, p, need, item)


def can_pay_needs(st: SteamfallState, p: int, need: dict[str, int], item: str = "") -> bool:
    """`can_pay` of a bundle given by what it needs (`needs`), for a caller keeping that."""
    pl = st.pl[p]
    stamina = pl["res"]["stamina"] - need.get("stamina", 0)
    if stamina < 0:
        return False
    short = 0
    for what, n in need.items():
        if what in ACTIONS:
            lack = max(0, n - pl["pool"][what])
            # (the modifiers are summed only when stamina has to stand in)
            if lack and (what not in STAMINA_FOR or not stamina_usable(st, p)):
                return False
            short += lack
        elif what in RES:
            if what != "stamina" and pl["res"][what] < n:
                return False
        elif what == "power":
            if not item or st.power_of(p, item) < n:
                return False
        elif what in ("workshop", "relic"):
            held = sum(1 for h in pl["hand"] if st.content.items[h].deck == what)
            if held < n:
                return False
    return bool(short <= stamina)


def buys_back_stamina(st: SteamfallState, p: int, bundle: Bundle, gains: Bundle) -> bool:
    """Whether stamina would pay for an effect whose only gain is stamina (decided reading,
    rules.md §15): stamina stands in for a missing action, so the trade would hand back what
    it took and change nothing (and could be repeated for ever)."""
    if not gains or any(t.what != "stamina" for t in gains):
        return False
    need, pool = needs(bundle), st.pl[p]["pool"]
    return need.get("stamina", 0) > 0 or any(
        what in ACTIONS and pool[what] < n for what, n in need.items()
    )


def pay(st: SteamfallState, p: int, bundle: Bundle, item: str = "", cards: tuple[str, ...] = ()) -> None:
    """Spend a bundle (already known to be affordable); `cards` names the item cards discarded."""
    pl = st.pl[p]
    for what, n in needs(bundle).items():
        if what in ACTIONS:
            use = min(n, pl["pool"][what])
            pl["pool"][what] -= use
            pl["res"]["stamina"] -= n - use
        elif what in RES:
            pl["res"][what] -= n
        elif what == "power":
            st.spend_power(p, item, n)
        if what in SPEND_EVENTS:
            fire(st, p, SPEND_EVENTS[what], "", n)
    for card in cards:
        pl["hand"].remove(card)
        st.trash.append(card)


def card_choices(st: SteamfallState, p: int, bundle: Bundle) -> list[tuple[str, ...]]:
    """Which hand cards an item-card cost may discard (one list per way); [()] if none needed."""
    need = needs(bundle)
    ways: list[tuple[str, ...]] = [()]
    for deck in ("workshop", "relic"):
        n = need.get(deck, 0)
        if not n:
            continue
        cands = sorted({h for h in st.pl[p]["hand"] if st.content.items[h].deck == deck})
        if n == 1:
            ways = [(*w, c) for w in ways for c in cands]
        else:  # several cards of one deck: every set of n of them (sorted, so ids are canonical)
            hand = sorted(h for h in st.pl[p]["hand"] if st.content.items[h].deck == deck)
            sets = sorted(set(combinations(hand, n)))
            ways = [w + s for w in ways for s in sets]
    return ways


# ------------------------------------------------------------------ conditions
def condition_choices(st: SteamfallState, p: int, eff: Effect) -> list[str]:
    """Ways to meet an effect's compulsory condition ('' when it has none), §6.5."""
    cond = eff.condition
    if cond is None:
        return [""]
    pl = st.pl[p]
    c = st.content
    if cond.kind == "discard_civilian":
        return list(pl["civs"])
    if cond.kind == "discard_civilian_keyword":
        return [v for v in pl["civs"] if c.civilians[v].keyword == cond.arg]
    if cond.kind == "escort_keyword":
        return ["ok"] if any(c.civilians[v].keyword == cond.arg for v in pl["civs"]) else []
    if cond.kind == "item_keyword":
        return ["ok"] if any(cond.arg in c.items[i].keywords for i in pl["play"]) else []
    if cond.kind == "in_area_ruins":
        return ["ok"] if st.ruins[pl["at"]] else []
    return []


def meet_condition(st: SteamfallState, p: int, eff: Effect, choice: str) -> None:
    cond = eff.condition
    if cond is not None and cond.kind.startswith("discard_civilian"):
        st.discard_civilian(p, choice)


# ------------------------------------------------------------------ gains
def gain_possible(st: SteamfallState, p: int, bundle: Bundle, eor: bool = False) -> bool:
    """Whether every part of a gain can be carried out now (choices are offered only then)."""
    pl = st.pl[p]
    for t in bundle:
        w = t.what
        if eor and w in MAP_GAINS:
            return False
        if w == "quest_progress" and not st.quest_targets(p):
            return False
        if w == "explore_ruins" and not st.ruins[pl["at"]]:
            return False
        if w == "pick_up" and not st.pickable(pl["at"]):
            return False
        if w == "completion" and not of(st).completion_track:
            return False
        if w == "power_any" and not st.power_targets(p):
            return False
        if w == "play_item" and not pl["hand"]:
            return False
        if w in CR_GAINS and not of(st).gain_ok(st, p, w):
            return False
        if w == "teleport" and of(st).blocks_moving(st):
            return False  # no moving before the encounter is finished (§16.8)
    return True


def gain(
    st: SteamfallState, p: int, bundle: Bundle, item: str = "", comp: str = "", eor: bool = False
) -> None:
    """Carry out a gain bundle for player p; choices become tasks (resolved in order)."""
    pl = st.pl[p]
    later: list[list[Any]] = []
    for t in bundle:
        w, n = t.what, t.n
        if eor and w in MAP_GAINS:
            st.say(p, f"ignores '{w}': no effect may touch the map during end of round", ref("3.3"))
            continue
        if w in ACTIONS:
            pl["pool"][w] += n
        elif w in RES:
            pl["res"][w] += n
        elif w == "mood_up" or w == "mood_down":
            st.change_mood(p, n if w == "mood_up" else -n)
        elif w == "power":
            if item:
                st.add_power(p, item, n)
            else:
                later.append(["power_target", p, n])
        elif w == "power_any":
            if st.power_targets(p):
                later.append(["power_target", p, n])
        elif w == "workshop":
            later.append(["pick_deck", p, n, "hand", 0])
        elif w == "draw_discard":
            later.append(["pick_deck", p, n, "pending", t.discard])
        elif w == "relic":
            for _ in range(n):
                st.draw_item(p, "relic", "hand")
        elif w == "civilian":
            for _ in range(n):
                later.append(["escort_draw", p])
        elif w == "quest_progress":
            for _ in range(n):
                later.append(["quest_target", p])
        elif w == "progress":
            st.comp_progress(comp, n)
        elif w == "completion":
            if of(st).completion_track:
                st.completion += n
        elif w == "teleport":
            later.append(["teleport", p])
        elif w == "explore_ruins":
            later.append(["ruins_free", p])
        elif w == "pick_up":
            later.append(["pick_up", p])
        elif w == "play_item":
            later.append(["play_free", p, 1 if eor else 0])
        elif w == "diamond":
            got = min(n, st.supply["diamond"])
            st.supply["diamond"] -= got
            pl["diamonds"] += got
            if got < n:
                st.say(p, "no VP diamond is left in the supply", ref("15"))
        elif w in CR_GAINS:
            of(st).gain_term(st, p, w, n, later)
    for task in reversed(later):
        st.tasks.append(task)


#: the symbols players read as words (one, and several where the plural differs)
TERM_WORDS: dict[str, tuple[str, str]] = {
    "vp": ("VP", "VP"),
    "power": ("power", "power"),
    "workshop": ("workshop card", "workshop cards"),
    "relic": ("relic card", "relic cards"),
    "mood_up": ("mood up one step", "mood up {n} steps"),
    "mood_down": ("mood down one step", "mood down {n} steps"),
    "play_item": ("play an item", "play {n} items"),
    "quest_progress": ("quest progress", "quest progress {n}"),
    "progress": ("progress", "progress {n}"),
    "teleport": ("teleport", "teleport {n} times"),
    "explore_ruins": ("explore the ruins", "explore the ruins {n} times"),
    "civilian": ("a civilian", "{n} civilians"),
    "completion": ("a completion", "{n} completions"),
    "power_any": ("power onto an item", "{n} power onto your items"),
    "pick_up": ("pick up", "pick up {n}"),
    "diamond": ("a diamond", "{n} diamonds"),
    "success": ("a success", "{n} successes"),
    "serenity": ("serenity", "{n} serenity"),
    "shard_power": ("power onto the Core Shard", "{n} power onto the Core Shard"),
    "move_civilian": ("move a civilian to a neighbouring area", "move {n} civilians to a neighbouring area"),
    "move_mechanized": ("move a Mechanized token to a neighbouring area",
                        "move {n} Mechanized tokens to a neighbouring area"),
}


def term_text(t: Term) -> str:
    """One symbol with its count in words: `4 scrap`, `draw 3 keep 1`, `a red cipher`."""
    if t.what == "draw_discard":
        return f"draw {t.n} workshop cards, keep {t.n - t.discard}"
    if t.what == "cipher":
        return f"{t.n} {t.arg} ciphers" if t.n > 1 else f"a {t.arg} cipher"
    one, many = TERM_WORDS.get(t.what, (t.what, t.what))
    if t.n == 1:
        return one
    return many.format(n=t.n) if "{n}" in many else f"{t.n} {many}"


def label(bundle: Bundle) -> str:
    return ", ".join(term_text(t) for t in bundle) or "nothing"


def fire(st: SteamfallState, p: int, event: str, arg: str = "", n: int = 1) -> None:
    """A game event: progress on p's civilian quests (§8) and on complications (§12.3)."""
    c = st.content
    pl = st.pl[p]
    for civ in list(pl["civs"]):
        if civ in pl["done"]:
            continue
        q = c.civilians[civ].quest
        if q.trigger.event == event and (not q.trigger.arg or q.trigger.arg == arg):
            st.quest_step(p, civ, n)
    of(st).on_event(st, p, event, n)
    for cid in list(st.comps):
        sol = c.complications[cid].solution
        if cid not in st.cover and sol is not None and sol.event == event and (not sol.arg or sol.arg == arg):
            st.comp_progress(cid, n)


#: the terms `one` has built (a Term is frozen: one object serves every caller)
_ONE: dict[tuple[str, int], Term] = {}


def one(what: str, n: int = 1) -> Term:
    term = _ONE.get((what, n))
    if term is None:
        term = _ONE[(what, n)] = Term.model_validate({"what": what, "n": n})
    return term
