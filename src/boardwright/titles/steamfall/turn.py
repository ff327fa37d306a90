"""A player's turn: one column, then the pooled actions and every free choice, in any order.

The turn is one decision task (`["turn", seat, eor]`) whose options are every action the
player can carry out now; each applies and leaves the task, until `end`. With `eor` set it
is the end-of-round window: column IV's actions, nothing that touches the map (§3.3).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from . import items as itm
from . import trade
from .choices import _area_name, explore
from .effects import (
    buys_back_stamina,
    can_pay,
    card_choices,
    condition_choices,
    expand_costs,
    fire,
    gain,
    gain_possible,
    label,
    meet_condition,
    mods,
    needs,
    one,
    pay,
    stamina_usable,
)
from .rounds import BOXES, compulsory, contribute, put_token
from .rules import ref
from .scenarios import Scenario, of
from .schema import ACTIONS, STAMINA_FOR, Effect

if TYPE_CHECKING:
    from .state import SteamfallState, Task

NO_COST: list[Any] = [[]]
ROMAN = ("I", "II", "III", "IV")
SKIP_TIMING = frozenset({"passive", "modded_passive", "impact", "trigger", "modded", "destroy", "trash"})


# ------------------------------------------------------------------ sources of effects
def sources(st: SteamfallState, p: int) -> list[tuple[str, str, str, bool]]:
    """(action src code, kind, component id, remote-only) for every effect p may use now."""
    pl = st.pl[p]
    b = st.board
    here = pl["at"]
    districts = b.districts
    n_districts = len(districts)
    out: list[tuple[str, str, str, bool]] = []
    if here < n_districts:  # not `b.is_slot(here)`
        out.append(("d", "district", districts[here], False))
        sc = of(st)
        if type(sc).events_at is Scenario.events_at:  # the district's one event, if any
            if st.event[here]:
                out.append(("e", "event", st.event[here], False))
        else:
            for eid in sc.events_at(st, here):  # §18.9 the central district's extras by id
                out.append(("e" if eid == st.event[here] else f"e={eid}", "event", eid, False))
    up, cubes = st.up, st.cubes
    for area in range(n_districts, n_districts + len(b.slots)):  # the secret locations
        if up[area] and (area == here or p in cubes[area]):
            code = _LOCATION_SRC[area] if area < len(_LOCATION_SRC) else f"l{area}"
            out.append((code, "location", st.loc[area], area != here))
    if st.ruins[here]:
        out.append(("r", "ruins-x" if st.rside[here] else "ruins-u", st.ruins[here], False))
    for letter, cards in (("a", pl["abil"]), ("c", pl["civs"]), ("i", pl["play"])):
        if cards:
            known = _CARD_SOURCES[letter]
            out += [known.get(cid) or _card_source(letter, cid) for cid in cards]
    if st.comps:
        known, cover = _CARD_SOURCES["k"], st.cover
        out += [known.get(k) or _card_source("k", k) for k in st.comps if k not in cover]
    return out


_LOCATION_SRC = tuple(f"l{area}" for area in range(64))
_CARD_KINDS = {"a": "ability", "c": "civilian", "i": "item", "k": "complication"}
#: a card's source entry by code letter and card id, made once (a tuple: shared safely)
_CARD_SOURCES: dict[str, dict[str, tuple[str, str, str, bool]]] = {k: {} for k in _CARD_KINDS}


def _card_source(letter: str, cid: str) -> tuple[str, str, str, bool]:
    known = _CARD_SOURCES[letter]
    if len(known) >= 4096:
        known.clear()
    hit = known[cid] = (f"{letter}={cid}", _CARD_KINDS[letter], cid, False)
    return hit


def resolve_src(st: SteamfallState, p: int, src: str) -> tuple[str, str]:
    here = st.pl[p]["at"]
    if src == "d":
        return "district", st.board.districts[here]
    if src == "e":
        return "event", st.event[here]
    if src == "r":
        return ("ruins-x" if st.rside[here] else "ruins-u"), st.ruins[here]
    if src[0] == "l":
        return "location", st.loc[int(src[1:])]
    kind = {"a": "ability", "c": "civilian", "e": "event", "i": "item", "k": "complication"}[src[0]]
    return kind, src[2:]


def cost_bundles(st: SteamfallState, p: int, eff: Effect) -> list[Any]:
    return expand_costs(st, p, eff.costs) if eff.costs else NO_COST


#: per content and component: the effects a turn may offer by themselves (not caused, no
#: passive or item timing word), with their gains' labels and their cost alternatives (with
#: their labels and whether they discard cards) when no cipher term makes those depend on the
#: player; content never changes once loaded
_OFFERED: dict[tuple[int, str, str], tuple[Any, list[Offered]]] = {}

#: (effect index, effect, gain labels, each gain only stamina, fixed costs or None, their labels,
#: whether each discards item cards, each one's (action, count) when it is one action alone)
Offered = tuple[int, Effect, list[str], list[bool], Any, list[str], list[bool], list[Any]]


def _one_action(bundle: Any) -> tuple[str, int] | None:
    """A cost of one action term alone, as (action, count): `can_pay`'s common case, which
    `effect_actions` writes out; None for any other cost."""
    if len(bundle) == 1 and bundle[0].what in ACTIONS:
        return bundle[0].what, bundle[0].n
    return None


def _discards(bundle: Any) -> bool:
    return any(t.what in ("workshop", "relic") for t in bundle)


def _offered(st: SteamfallState, kind: str, cid: str) -> list[Offered]:
    content = st.content
    key = (id(content), kind, cid)
    hit = _OFFERED.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    effs: list[Offered] = []
    for idx, eff in enumerate(content.effects_of(kind, cid)):
        # a Utilize effect is also paid on its own, in every scenario (§6.7)
        if eff.cause or eff.timing in SKIP_TIMING:
            continue
        gains = eff.gains or NO_COST
        costs = None if any(t.what == "cipher" for b in eff.costs for t in b) else eff.costs or NO_COST
        effs.append((
            idx,
            eff,
            [label(gb) for gb in gains],
            [bool(gb) and all(t.what == "stamina" for t in gb) for gb in gains],
            costs,
            [label(b) for b in costs] if costs is not None else [],
            [_discards(b) for b in costs] if costs is not None else [],
            [_one_action(b) for b in costs] if costs is not None else [],
        ))
    _OFFERED[key] = (content, effs)
    return effs


def effect_actions(st: SteamfallState, p: int, eor: bool) -> list[Action]:
    pl = st.pl[p]
    out = []
    used = pl["used"]
    fx_used = pl["fx_used"]
    pool = pl["pool"]
    stamina = pl["res"]["stamina"]
    usable = None  # `stamina_usable`, asked once and only when stamina would stand in
    content = st.content
    content_id = id(content)
    for src, kind, cid, remote in sources(st, p):
        if eor and kind.startswith("ruins"):
            continue
        item = cid if kind == "item" else ""
        if item and item in used:
            continue  # items: once per turn (§6.6)
        hit = _OFFERED.get((content_id, kind, cid))  # `_offered`'s kept answer, read here
        offered = hit[1] if hit is not None and hit[0] is content else _offered(st, kind, cid)
        for idx, eff, gain_labels, stamina_only, costs, cost_labels, discards, simple in offered:
            if remote and not eff.influence:
                continue
            if eff.limit != "any" and used_key(src, kind, cid, idx, eff.limit) in fx_used:
                continue
            if item and st.group(p, cid)[0] != cid:
                continue
            fixed = costs is not None
            gains = eff.gains or NO_COST
            for c, bundle in enumerate(costs if fixed else cost_bundles(st, p, eff)):
                one_action = simple[c] if fixed else None
                if one_action is not None:  # `can_pay` of one action, written out
                    if stamina < 0:
                        continue
                    what, n = one_action
                    lack = n - pool[what]
                    if lack > 0:
                        if what not in STAMINA_FOR or lack > stamina:
                            continue
                        if usable is None:
                            usable = stamina_usable(st, p)
                        if not usable:
                            continue
                elif not can_pay(st, p, bundle, item):
                    continue
                pays = cost_labels[c] if fixed else label(bundle)
                for g, gb in enumerate(gains):
                    # `buys_back_stamina` asked only where it can say yes: a gain of stamina alone
                    if not gain_possible(st, p, gb, eor):
                        continue
                    if stamina_only[g] and buys_back_stamina(st, p, bundle, gb):
                        continue
                    what = f"{eff.text} [pay {pays}; gain {gain_labels[g]}]"
                    ways = card_choices(st, p, bundle) if not fixed or discards[c] else NO_CARDS
                    for cards in ways:
                        for cond in condition_choices(st, p, eff):
                            aid = f"fx:{src}:{idx}:{c}:{g}:{'+'.join(cards) or '-'}:{cond or '-'}"
                            out.append(Action(aid, what))
    return out


NO_CARDS: list[tuple[str, ...]] = [()]  # `card_choices` of a cost that discards no card


def used_key(src: str, kind: str, cid: str, idx: int, limit: str) -> str:
    """The mark of a limited effect used: a turn's by its source, a game's by its component
    (kept when turns begin, and when a card comes back from a reshuffle)."""
    return f"game:{kind}:{cid}:{idx}" if limit == "once_per_game" else f"{src}:{idx}"


def activate(st: SteamfallState, p: int, aid: str, eor: bool) -> None:
    _, src, idx_s, c_s, g_s, cards_s, cond = aid.split(":")
    kind, cid = resolve_src(st, p, src)
    idx, c, g = int(idx_s), int(c_s), int(g_s)
    eff = st.content.effects_of(kind, cid)[idx]
    item = cid if kind == "item" else ""
    bundle = cost_bundles(st, p, eff)[c]
    cards = tuple(cards_s.split("+")) if cards_s != "-" else ()
    pay(st, p, bundle, item, cards)
    if cond != "-":
        meet_condition(st, p, eff, cond)
    pl = st.pl[p]
    if item:
        pl["used"].append(item)
    if eff.limit != "any":
        pl["fx_used"].append(used_key(src, kind, cid, idx, eff.limit))
    st.say(p, f"uses {eff.text}", ref("6.4" if src[0] == "l" and src != f"l{pl['at']}" else "6.1"))
    gains = list((eff.gains or NO_COST)[g])
    if item:
        gains += itm.modded_gains(st, p, item)
        itm.after_power(st, p, item, eor)
    _utilize(st, p, bundle, (kind, cid, idx))
    if kind.startswith("ruins"):
        explore(st, p, g)
    else:
        gain(st, p, gains, item=item, comp=cid if kind == "complication" else "", eor=eor)
    if kind == "event" and st.content.events[cid].removal == "after_use":
        if not of(st).event_used(st, pl["at"], cid):
            st.event[pl["at"]] = ""
            st.ev_discard.append(cid)
        st.say(p, f"the event {st.content.events[cid].name} is removed", ref("9"))


def _utilize(st: SteamfallState, p: int, bundle: Any, used: tuple[str, str, int]) -> None:
    """§6.7 a Utilize effect may fire when what it costs was just spent on another effect."""
    paid = needs(bundle)
    if not paid:
        return
    for _src, kind, cid, remote in sources(st, p):
        if kind not in ("ability", "location"):
            continue
        for idx, eff in enumerate(st.content.effects_of(kind, cid)):
            if not eff.utilize or (kind, cid, idx) == used or (remote and not eff.influence):
                continue
            if all(paid.get(w, 0) >= n for w, n in needs(eff.costs[0]).items()):
                st.tasks.append(["utilize", p, kind, cid, idx])


# ------------------------------------------------------------------ movement and the map
def move_cost(st: SteamfallState, p: int, dest: int, base: int) -> int:
    m = mods(st, p)
    extra = m.get("secret_enter_cost", 0) if st.board.is_slot(dest) else m.get("district_enter_cost", 0)
    extra += of(st).extra_move(st, p, dest)
    return max(0, base + extra)


def enter(st: SteamfallState, p: int, area: int) -> None:
    """Arrive in an area: on-enter effects (§6.3), looking at a secret location (§5.2)."""
    pl = st.pl[p]
    pl["at"] = area
    st.say(p, f"moves to {_area_name(st, area)}", ref("5.1"))
    b = st.board
    if b.is_slot(area):
        if p not in st.looked[area]:
            st.looked[area] = [*st.looked[area], p]
        from .rounds import collect_insight

        collect_insight(st, p)
        if st.up[area]:
            _on_enter(st, p, "location", st.loc[area])
        st.tasks.append(["location", p, area])
        return
    fire(st, p, "enter_district", b.districts[area])
    _on_enter(st, p, "district", b.districts[area])
    for eid in of(st).events_at(st, area):
        _on_enter(st, p, "event", eid)


def _on_enter(st: SteamfallState, p: int, kind: str, cid: str) -> None:
    for i, eff in enumerate(st.content.effects_of(kind, cid)):
        if eff.cause == "on_enter":
            compulsory(st, p, kind, cid, i)


def reveal(st: SteamfallState, p: int, area: int, entering: bool = False) -> None:
    loc = st.content.locations[st.loc[area]]
    st.up[area] = True
    st.say(p, f"reveals {loc.name}", ref("5.2"))
    if loc.drop == "scrap2":
        st.tok[area]["scrap"] += 2
    elif loc.drop == "ruins":
        if not st.ruins[area] and st.ruins_stack:
            st.ruins[area] = st.ruins_stack.pop(0)
            st.rside[area] = 0
    elif loc.drop in ("workshop", "civilian"):
        put_token(st, area, loc.drop)
    elif loc.drop:
        st.tok[area][loc.drop] += 1
    fire(st, p, "reveal_location")
    if entering:
        _on_enter(st, p, "location", st.loc[area])


def take_token(st: SteamfallState, p: int, what: str, n: int) -> None:
    st.tok[st.pl[p]["at"]][what] -= n
    if what in st.supply:
        st.supply[what] += n  # the token returns to its supply
    st.say(p, f"picks up {n} {what}", ref("5.4"))
    fire(st, p, "pick_up")
    if what == "workshop":
        st.tasks.append(["pick_deck", p, 1, "hand", 0])
    else:
        st.pl[p]["res"][what] += n


def max_scrap(st: SteamfallState, p: int) -> int:
    return max(1, 2 + mods(st, p).get("max_scrap_per_manipulate", 0))


def encounter_cost(st: SteamfallState, p: int) -> int:
    return max(1, 2 + mods(st, p).get("encounter_cost", 0))


def token_cost(st: SteamfallState, p: int) -> int:
    return max(0, 2 + mods(st, p).get("token_cost", 0))


def reset_gains(st: SteamfallState, p: int) -> list[Any]:
    """§5.7 the groups passed on the way from the current mood back to zero."""
    m = st.pl[p]["mood"]
    ch = st.content.characters[st.pl[p]["char"]]
    out: list[Any] = []
    for g in ch.mood_groups:
        a, b = g.between
        if (m < 0 and m <= min(a, b)) or (m > 0 and m >= max(a, b)):
            out.extend(g.gains)
    return out


def cipher_ways(st: SteamfallState, p: int, area: int) -> list[tuple[str, list[Any]]]:
    """§13.2 each pictured cipher paid by its action or by insight, all in one turn."""
    tab = st.content.tablets[st.tablet[area]]
    m = mods(st, p)
    out = []
    for pattern in product("ai", repeat=len(tab.ciphers)):
        bundle = []
        for color, how in zip(tab.ciphers, pattern, strict=True):
            ci = st.content.ciphers[color]
            off = m.get(f"cipher_discount:{color}", 0)
            bundle.append(
                one(ci.action, ci.actions - off) if how == "a" else one("insight", ci.insight - off)
            )
        if can_pay(st, p, bundle):
            out.append(("".join(pattern), bundle))
    return out


# ------------------------------------------------------------------ the decision
def turn_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p, eor = task[1], bool(task[2])
    st.mods_memo = {}  # building the options changes nothing: each seat's modifiers summed once
    try:
        return Decision(
            p, "turn", _prompt(st, p, eor), ref("3.3" if eor else "3.2"), tuple(turn_actions(st, p, eor))
        )
    finally:
        st.mods_memo = None


#: (content id, character, eor, round, the action pool's items) -> (the content, the prompt)
_PROMPTS: dict[tuple[Any, ...], tuple[Any, str]] = {}


def _prompt(st: SteamfallState, p: int, eor: bool) -> str:
    pl = st.pl[p]
    content = st.content
    key = (id(content), pl["char"], eor, st.round, *pl["pool"].items())
    hit = _PROMPTS.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    pool = {k: v for k, v in pl["pool"].items() if v}
    when = "end of round" if eor else f"round {st.round}"
    left = ", ".join(f"{n} {k}" for k, n in pool.items()) or "none"
    text = f"{content.characters[pl['char']].name}, {when}: actions left: {left}"
    if len(_PROMPTS) >= 4096:
        _PROMPTS.clear()
    _PROMPTS[key] = (content, text)
    return text


PICK_SCRAP = Action("pick:scrap:1", "manipulate: pick up 1 scrap")
PICK_TWO_SCRAP = Action("pick:scrap:2", "manipulate: pick up 2 scrap")
PICK_STEAM = Action("pick:steam:1", "manipulate: pick up steam")
PICK_WORKSHOP = Action("pick:workshop:1", "manipulate: pick up workshop")
COLUMN_ACTIONS = tuple(Action(f"col:{k}", f"activate column {ROMAN[k]}") for k in range(3))

#: the actions that depend on content and a few numbers only, made once (an Action is
#: frozen, so one object serves every decision): (content or board id, ...) -> (the content
#: or board, kept so that its id is not reused while the entry stands, the action(s))
_MOVES: dict[tuple[int, int, int, int], tuple[Any, Any, Action]] = {}
_TOKENS: dict[tuple[Any, ...], tuple[Any, list[Action]]] = {}


def _move_action(st: SteamfallState, dest: int, n: int) -> Action:
    content, board = st.content, st.board
    key = (id(content), id(board), dest, n)
    hit = _MOVES.get(key)
    if hit is None or hit[0] is not content or hit[1] is not board:
        if len(_MOVES) >= 4096:
            _MOVES.clear()
        hit = _MOVES[key] = (
            content, board, Action(f"move:{dest}", f"move to {_area_name(st, dest)} ({n} movement)")
        )
    return hit[2]


def _token_actions(
    st: SteamfallState, spare: tuple[str, ...], room: tuple[int, ...], cost: int
) -> list[Action]:
    """§4.3 each spare token into each column with room, for `cost` insight."""
    content = st.content
    key = (id(content), spare, room, cost)
    hit = _TOKENS.get(key)
    if hit is None or hit[0] is not content:
        if len(_TOKENS) >= 4096:
            _TOKENS.clear()
        gains = [(tid, label(content.tokens[tid].gains)) for tid in spare]
        hit = _TOKENS[key] = (
            content,
            [
                Action(f"token:{tid}:{k}", f"add {text} to column {ROMAN[k]} for {cost} insight")
                for k in room
                for tid, text in gains
            ],
        )
    return hit[1]


def turn_actions(st: SteamfallState, p: int, eor: bool) -> list[Action]:
    pl = st.pl[p]
    b = st.board
    here = pl["at"]
    sc = of(st)
    m = mods(st, p)  # every modifier read below, summed once (`turn_decision` keeps them)
    pool, res = pl["pool"], pl["res"]
    stamina = res["stamina"]
    acts: list[Action] = []
    if pl["col"] < 0 and not eor:
        for k in range(3):
            if pl["boxes"][k] < BOXES[k]:
                acts.append(COLUMN_ACTIONS[k])
    if not eor:
        affordable: dict[int, bool] = {}  # by movement cost: most pathways cost the same
        # `move_cost` written out: its modifiers and scenario asked once
        secret, district = m.get("secret_enter_cost", 0), m.get("district_enter_cost", 0)
        extra_move = None if type(sc).extra_move is Scenario.extra_move else sc.extra_move  # else 0
        slots_from = len(b.districts)  # `b.n_districts`
        usable = m.get("no_stamina_use", 0) == 0  # `stamina_usable`
        moving = pool["movement"]
        for dest, cost in b.moves[here]:
            n = cost + (secret if dest >= slots_from else district)
            if extra_move is not None:
                n += extra_move(st, p, dest)
            if n < 0:
                n = 0
            ok = affordable.get(n)
            if ok is None:  # `can_pay` of n movement (nothing when n is 0), written out
                lack = n - moving
                ok = affordable[n] = stamina >= 0 and (
                    lack <= 0 or (lack <= stamina and usable)
                )
            if ok:
                acts.append(_move_action(st, dest, n))
        t = st.tok[here]
        # `can_pay` of one manipulate, written out
        if stamina >= 0 and (pool["manipulate"] >= 1 or (usable and 1 - pool["manipulate"] <= stamina)):
            if t["scrap"]:
                acts.append(PICK_SCRAP)
                if t["scrap"] >= 2 and max(1, 2 + m.get("max_scrap_per_manipulate", 0)) >= 2:  # `max_scrap`
                    acts.append(PICK_TWO_SCRAP)
            if t["steam"]:
                acts.append(PICK_STEAM)
            if t["workshop"]:
                acts.append(PICK_WORKSHOP)
        if t["civilian"] and sc.civilian_encounters:
            n = max(1, 2 + m.get("encounter_cost", 0))  # `encounter_cost`
            for how in ("charm", "violence"):
                lack = n - pool[how]  # `can_pay` of n of it, written out
                if stamina >= 0 and (lack <= 0 or (usable and lack <= stamina)):
                    acts.append(Action(f"meet:{how}", f"encounter a civilian for {n} {how}"))
        up, cubes = st.up, st.cubes
        if here >= slots_from and not up[here]:  # `b.is_slot(here)`
            acts.append(Action(f"reveal:{here}", "reveal this secret location"))
        for area in range(slots_from, slots_from + len(b.slots)):
            if not up[area] and p in cubes[area] and area != here:
                acts.append(
                    Action(f"reveal:{area}", f"reveal the secret location {area} under your influence")
                )
        if st.tablet[here]:
            for pattern, bundle in cipher_ways(st, p, here):
                acts.append(Action(f"tablet:{pattern}", f"break the tablet's ciphers ({label(bundle)})"))
    acts += effect_actions(st, p, eor)
    if pl["mood"] != 0 and not pl["reset"] and not m.get("no_mood_reset"):
        acts.append(Action("mood:reset", f"reset your mood ({label(reset_gains(st, p))})"))
    cost = max(0, 2 + m.get("token_cost", 0))  # `token_cost`
    if res["insight"] >= cost and pl["spare"]:
        columns = st.content.characters[pl["char"]].columns
        cols = pl["cols"]
        room = tuple(k for k in range(4) if len(cols[k]) < columns[k].capacity)
        if room:
            acts += _token_actions(st, tuple(sorted(pl["spare"])), room, cost)
    acts += itm.play_actions(st, p)
    acts += [Action(f"charge:{tail}", lab) for tail, lab in itm.charge_options(st, p)]
    acts += [Action(f"leave:{tail}", lab) for tail, lab in itm.leave_options(st, p)]
    acts += sc.resource_actions(st, p)
    for q in trade.partners(st, p):
        acts.append(Action(f"trade:{q}", f"propose a trade to seat {q} (free)"))
    acts = sc.turn_actions(st, p, acts, eor)
    if pl["col"] >= 0 or eor:
        acts.append(_end_action(eor, pool))
    return acts


#: (eor, the action pool's items) -> the action ending the turn
_ENDS: dict[tuple[Any, ...], Action] = {}


def _end_action(eor: bool, pool: dict[str, int]) -> Action:
    key = (eor, *pool.items())
    hit = _ENDS.get(key)
    if hit is None:
        unspent = ", ".join(f"{n} {k}" for k, n in pool.items() if n)
        warn = f" (losing your unspent {unspent})" if unspent else ""  # a warning, not a question
        if len(_ENDS) >= 4096:
            _ENDS.clear()
        text = ("end your turn" if not eor else "done with the end of round") + warn
        hit = _ENDS[key] = Action("end", text)
    return hit


def apply_turn(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    p, eor = seat, bool(task[2])
    pl = st.pl[p]
    head, _, rest = aid.partition(":")
    sc = of(st)
    if head in sc.heads:
        sc.apply_action(st, p, aid, eor)
        return
    if head == "end":
        sc.end_turn(st, p)
        st.tasks.pop()
        pl["pool"] = dict.fromkeys(pl["pool"], 0)  # §4.2 unused actions are lost
        return
    if head == "col":
        k = int(rest)
        pl["col"] = k
        pl["boxes"][k] += 1
        st.say(p, f"activates column {ROMAN[k]}", ref("4.1"))
        bundle = [t for tid in pl["cols"][k] for t in st.content.tokens[tid].gains]
        gain(st, p, bundle)
    elif head == "move":
        dest = int(rest)
        cost = next(c for a, c in st.board.moves[pl["at"]] if a == dest)
        n = move_cost(st, p, dest, cost)
        if n:
            pay(st, p, [one("movement", n)])
        of(st).on_move(st, p, pl["at"])
        enter(st, p, dest)
    elif head == "pick":
        what, count = rest.split(":")
        pay(st, p, [one("manipulate")])
        take_token(st, p, what, int(count))
    elif head == "meet":
        pay(st, p, [one(rest, encounter_cost(st, p))])
        st.tok[pl["at"]]["civilian"] -= 1
        st.supply["civilian"] += 1
        st.say(p, f"encounters a civilian with {rest}", ref("5.6"))
        st.tasks.append(["escort_draw", p])
    elif head == "reveal":
        reveal(st, p, int(rest), entering=False)
    elif head == "tablet":
        bundle = dict(cipher_ways(st, p, pl["at"]))[rest]
        pay(st, p, bundle)
        tid = st.tablet[pl["at"]]
        st.tablet[pl["at"]] = ""
        pl["tablets"].append(tid)
        st.say(p, "breaks all three ciphers and takes the cipher tablet", ref("13.1"))
        fire(st, p, "break_cipher", "", 3)
    elif head == "fx":
        activate(st, p, aid, eor)
    elif head == "mood":
        bundle = reset_gains(st, p)
        st.say(p, f"resets mood from {pl['mood']} to 0, gaining {label(bundle)}", ref("5.7"))
        pl["mood"] = 0
        pl["reset"] = True
        fire(st, p, "reset_mood")
        gain(st, p, bundle, eor=eor)
    elif head == "token":
        tid, col = rest.split(":")
        pl["res"]["insight"] -= token_cost(st, p)
        pl["spare"].remove(tid)
        pl["cols"][int(col)].append(tid)
        st.say(p, f"adds an action token to column {ROMAN[int(col)]}", ref("4.3"))
        fire(st, p, "add_token")
    elif head == "play":
        itm.play(st, p, rest, eor=eor)
    elif head == "charge":
        itm.charge(st, p, rest)
    elif head == "leave":
        how, item = rest.split(":")
        itm.leave(st, p, how, item, eor)
    elif head == "complete":
        contribute(st, p, rest)
    elif head == "trade":
        st.tasks.append(["trade", p, int(rest), "", ""])


def why_illegal(st: SteamfallState, seat: int, aid: str) -> tuple[str, str] | None:
    if not st.tasks or st.tasks[-1][0] != "turn":
        return None
    pl = st.pl[seat]
    head = aid.partition(":")[0]
    if head == "end" and pl["col"] < 0:
        return "activate one column before ending your turn", ref("4.1")
    if head == "col":
        if pl["col"] >= 0:
            return "only one column may be activated each turn", ref("4.1")
        return "that column has no free selection box this round", ref("4.1")
    if head == "move":
        return "not an adjacent area, or not enough movement for its pathway", ref("5.1")
    if head == "token":
        return f"adding a token costs {token_cost(st, seat)} insight and needs room in the column", ref("4.3")
    if head == "mood":
        return "the mood reset is once per turn and needs a mood away from zero", ref("5.7")
    if head == "fx":
        return "that effect cannot be paid or carried out now", ref("6.2")
    if head == "trade":
        return (
            "trading needs a co-operative scenario, another player in your area, something to trade "
            "and no earlier proposal to that player this turn",
            ref("12.5"),
        )
    return None
