"""Items: playing (cost, starting power, attaching), charging, power effects and timing words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action

from .effects import can_pay, can_pay_needs, fire, gain, gain_possible, mods, needs, one
from .rules import ref
from .schema import Bundle

if TYPE_CHECKING:
    from .state import SteamfallState


def cost_of(st: SteamfallState, p: int, item: str) -> list[Bundle]:
    """The item's cost alternatives with any passive surcharge (complications, §12.3)."""
    extra = mods(st, p).get("item_cost_scrap", 0)
    costs = st.content.items[item].cost or [[]]
    if extra > 0:
        return [[*b, one("scrap", extra)] for b in costs]
    return costs


def attach_targets(st: SteamfallState, p: int, item: str) -> list[str]:
    """Base items in play a power module (left side) or add-on (right side) can join (§7.4)."""
    kind = st.content.items[item].kind
    if kind not in ("addon", "module"):
        return []
    pl = st.pl[p]
    out = []
    for base in pl["play"]:
        if st.content.items[base].kind != "base":
            continue
        taken = [k for k, v in pl["attach"].items() if v == base and st.content.items[k].kind == kind]
        if not taken:
            out.append(base)
    return out


def play_options(st: SteamfallState, p: int, free: bool = False) -> list[tuple[str, str]]:
    """(id tail, label) for every way to play each card of p's hand: item:cost:attach."""
    pl = st.pl[p]
    out = []
    for item in sorted(set(pl["hand"])):
        name = st.content.items[item].name
        ways = ["f"] if free else [str(c) for c, b in enumerate(cost_of(st, p, item)) if can_pay(st, p, b)]
        targets = ["-", *attach_targets(st, p, item)] if ways else []
        for c in ways:
            for target in targets:
                where = "" if target == "-" else f" attached to {st.content.items[target].name}"
                cost = "" if c == "f" else f" (cost {c})"
                out.append((f"{item}:{c}:{target}", f"play {name}{where}{cost}"))
    return out


#: (content id, item) -> (the content, what each of the card's cost alternatives needs)
_COST_NEEDS: dict[tuple[int, str], tuple[Any, list[dict[str, int]]]] = {}
#: (content id, item, cost index, attach target) -> (the content, the turn's action playing it)
_PLAYS: dict[tuple[int, str, int, str], tuple[Any, Action]] = {}


def play_actions(st: SteamfallState, p: int) -> list[Action]:
    """The turn's `play:` actions: `play_options` (not free) as actions, each made once."""
    hand = st.pl[p]["hand"]
    if not hand:
        return []
    content = st.content
    content_id = id(content)
    surcharge = mods(st, p).get("item_cost_scrap", 0) > 0  # `cost_of` adds to the cost
    out = []
    for item in sorted(set(hand)):
        if surcharge:
            ways = [c for c, b in enumerate(cost_of(st, p, item)) if can_pay(st, p, b)]
        else:  # `can_pay` of the card's own costs, as kept by what they need
            known = _COST_NEEDS.get((content_id, item))
            if known is None or known[0] is not content:
                if len(_COST_NEEDS) >= 4096:
                    _COST_NEEDS.clear()
                known = _COST_NEEDS[(content_id, item)] = (
                    content, [needs(b) for b in content.items[item].cost or [[]]]
                )
            ways = [c for c, need in enumerate(known[1]) if can_pay_needs(st, p, need)]
        if not ways:
            continue
        targets = ["-", *attach_targets(st, p, item)]
        for c in ways:
            for target in targets:
                key = (content_id, item, c, target)
                hit = _PLAYS.get(key)
                if hit is None or hit[0] is not content:
                    where = "" if target == "-" else f" attached to {content.items[target].name}"
                    text = f"play {content.items[item].name}{where} (cost {c})"
                    if len(_PLAYS) >= 4096:
                        _PLAYS.clear()
                    hit = _PLAYS[key] = (content, Action(f"play:{item}:{c}:{target}", text))
                out.append(hit[1])
    return out


def play(st: SteamfallState, p: int, spec: str, free: bool = False, eor: bool = False) -> None:
    from .effects import pay

    item, c, target = spec.split(":")
    pl = st.pl[p]
    it = st.content.items[item]
    if c != "f":
        pay(st, p, cost_of(st, p, item)[int(c)])
    pl["hand"].remove(item)
    pl["play"].append(item)
    st.say(p, f"plays {it.name}" + (" for free" if free else ""), ref("7.1"))
    if target != "-":
        pl["attach"][item] = target
        st.say(p, f"attaches {it.name} to {st.content.items[target].name}", ref("7.4"))
        fire(st, p, "attach")
    if it.green:
        st.add_power(p, item, it.green)
    fire(st, p, "play_item")
    for idx, eff in enumerate(it.effects):
        if eff.timing == "impact":
            if any(gain_possible(st, p, b, eor) for b in eff.gains):
                st.tasks.append(["trigger", p, item, idx, 1 if eor else 0])
            else:
                st.say(p, f"{it.name}: its impact cannot act now", ref("7.3"))


def charge_options(st: SteamfallState, p: int) -> list[tuple[str, str]]:
    """Manual charging (§7.5): the base item's grey box or an attached module's."""
    out = []
    for base in st.power_targets(p):
        if st.power_of(p, base) >= st.gauge(p, base):
            continue
        for member in st.group(p, base):
            for c, b in enumerate(st.content.items[member].charge):
                if can_pay(st, p, b):
                    out.append(
                        (
                            f"{base}:{member}:{c}",
                            f"charge {st.content.items[base].name} "
                            f"({st.content.items[member].name}, cost {c})",
                        )
                    )
    return out


def charge(st: SteamfallState, p: int, spec: str) -> None:
    from .effects import pay

    base, member, c = spec.split(":")
    pay(st, p, st.content.items[member].charge[int(c)])
    st.add_power(p, base, 1)
    st.say(p, f"charges {st.content.items[base].name}", ref("7.5"))


def after_power(st: SteamfallState, p: int, base: str, eor: bool) -> None:
    """Once a base item's power effect resolved: its add-ons may trigger (§7.3)."""
    pl = st.pl[p]
    for addon, b in pl["attach"].items():
        if b != base:
            continue
        for idx, eff in enumerate(st.content.items[addon].effects):
            if eff.timing == "trigger":
                st.tasks.append(["trigger", p, addon, idx, 1 if eor else 0])


def modded_gains(st: SteamfallState, p: int, item: str) -> Bundle:
    """Extra gains of the 'Modded' effects while something is attached (§7.3)."""
    if item not in st.modded_bases(p):
        return []
    out: Bundle = []
    for eff in st.content.items[item].effects:
        if eff.timing == "modded" and eff.gains:
            out.extend(eff.gains[0])
    return out


def leave_options(st: SteamfallState, p: int) -> list[tuple[str, str]]:
    """Destroy (to the box) and Trash (to the trash) effects of items in play (§7.3)."""
    out = []
    for item in st.pl[p]["play"]:
        for eff in st.content.items[item].effects:
            if eff.timing in ("destroy", "trash") and eff.gains:
                out.append(
                    (f"{eff.timing}:{item}", f"{eff.timing} {st.content.items[item].name}: {eff.text}")
                )
    return out


def leave(st: SteamfallState, p: int, how: str, item: str, eor: bool) -> None:
    pl = st.pl[p]
    pl["play"].remove(item)
    pl["power"].pop(item, None)
    pl["attach"].pop(item, None)
    for k in [k for k, v in pl["attach"].items() if v == item]:
        pl["attach"].pop(k)
        if pl["power"].get(item):
            pass
    (st.box if how == "destroy" else st.trash).append(item)
    st.say(p, f"{'destroys' if how == 'destroy' else 'trashes'} {st.content.items[item].name}", ref("7.3"))
    for eff in st.content.items[item].effects:
        if eff.timing == how and eff.gains:
            gain(st, p, eff.gains[0], eor=eor)
            break
