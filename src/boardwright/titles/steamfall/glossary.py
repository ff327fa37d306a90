"""Steamfall's `glossary` hook: what each named component does, in the project's words.

Every text is generated from the effect grammar (costs, gains, causes, timing words,
conditions, passive modifiers, quest and solution triggers), never copied from a card's
own `text`. Keys are component ids; values are `(name, text)`. Secret locations are listed
as components only: the hook is not a view and says nothing about where any of them lies.
The browser board (`layout.py`) shows the same texts as tooltips.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .content import Content, load
from .scenarios import every
from .schema import Bundle, Condition, Effect, Modifier, Term, Trigger

_WORD = {
    "vp": "VP",
    "workshop": "workshop card",
    "relic": "relic card",
    "diamond": "VP diamond",
    "completion": "completion",
    "stamina": "stamina",
}
_GAIN_PHRASE = {
    "mood_up": "mood {n} up",
    "mood_down": "mood {n} down",
    "play_item": "play an item from your hand for free",
    "quest_progress": "{n} step(s) on a civilian's quest",
    "progress": "{n} step(s) on this complication",
    "teleport": "travel to any district",
    "explore_ruins": "explore the ruins where you stand for free",
    "civilian": "escort {n} civilian(s) from the deck",
    "power_any": "{n} power onto one of your items",
    "pick_up": "pick up a token where you stand",
    "shard_power": "{n} power onto the Core Shard",
    "move_civilian": "move a civilian token from your area to an adjacent one",
    "move_mechanized": "move a Mechanized token from your area to an adjacent one",
}
_CAUSE = {
    "start_of_round": "At the start of every round",
    "end_of_round": "At the end of every round",
    "on_enter": "Whenever you enter",
}
_TIMING = {
    "power": "Power",
    "impact": "Impact (once, as it is played)",
    "trigger": "Trigger (after the base item's power effect)",
    "modded": "Modded (added while something is attached)",
    "passive": "Passive",
    "modded_passive": "Passive while modded",
    "destroy": "Destroy (to the box)",
    "trash": "Trash (to the trash)",
    "action": "Action",
}
_CONDITION = {
    "discard_civilian": "let one of your civilians go",
    "escort_keyword": "escort a {arg} civilian",
    "item_keyword": "have a {arg} item in play",
    "in_area_ruins": "stand where ruins lie",
    "discard_civilian_keyword": "let a {arg} civilian go",
}
_MODIFIER = {
    "escort_limit": "escort limit {sn}",
    "token_cost": "adding an action token costs {sn} insight",
    "max_scrap_per_manipulate": "{sn} scrap per manipulate action",
    "secret_enter_cost": "entering a secret location costs {sn} movement",
    "district_enter_cost": "entering a district costs {sn} movement",
    "encounter_cost": "a civilian encounter costs {sn}",
    "item_cost_scrap": "every item costs {sn} scrap",
    "cipher_discount": "breaking a {arg} cipher costs {n} less",
    "no_mood_reset": "no mood reset",
    "reset_bonus": "a mood reset gives {sn} more",
    "end_vp_influence": "{n} VP at the end of the game while under your influence",
    "market_keep": "keep {sn} more at the market",
    "no_stamina_use": "stamina cannot stand in for actions",
}
_EVENT = {
    "explore_ruins": "explore ruins",
    "escort": "escort a civilian",
    "play_item": "play an item",
    "reveal_location": "reveal a secret location",
    "place_cube": "place an influence cube",
    "enter_district": "enter a district",
    "reset_mood": "reset your mood",
    "add_token": "add an action token",
    "complete_quest": "complete a quest",
    "spend_scrap": "spend scrap",
    "spend_steam": "spend steam",
    "spend_violence": "spend violence",
    "spend_charm": "spend charm",
    "pick_up": "pick up a token",
    "attach": "attach an add-on or power module",
    "break_cipher": "break a cipher",
}
_DROP = {
    "ruins": "a ruins token (never a second one)",
    "civilian": "a civilian",
    "mechanized": "a Mechanized token",
    "scrap2": "2 scrap",
    "steam": "a steam",
    "workshop": "a workshop item token",
    "event": "an event",
    "crisis": "a crisis",
    "insight": "an insight",
}


def term(t: Term) -> str:
    """One symbol with its count, as words: `2 violence`, `draw 3, discard 2`."""
    if t.what == "cipher":
        return f"the {t.arg} cipher (its actions or insight)"
    if t.what == "draw_discard":
        return f"draw {t.n} workshop cards and discard {t.discard}"
    if t.what in _GAIN_PHRASE:
        return _GAIN_PHRASE[t.what].format(n=t.n)
    word = _WORD.get(t.what, t.what)
    if t.n > 1 and word.endswith("card"):
        word += "s"
    return f"{t.n} {word}"


def bundle(b: Bundle) -> str:
    return " + ".join(term(t) for t in b) or "nothing"


def alternatives(bundles: list[Bundle]) -> str:
    return " or ".join(bundle(b) for b in bundles) or "nothing"


def modifier(m: Modifier) -> str:
    sn = f"{m.n:+d}" if m.n else "0"
    return _MODIFIER[m.kind].format(n=m.n, sn=sn, arg=m.arg)


def trigger(t: Trigger) -> str:
    what = _EVENT[t.event]
    return f"{what} ({t.arg})" if t.arg else what


def condition(c: Condition) -> str:
    return _CONDITION[c.kind].format(arg=c.arg or "matching")


def effect(e: Effect, where: str = "") -> str:
    """An effect of the grammar as one sentence in our words."""
    parts: list[str] = []
    lead = ""
    if e.cause:
        lead = _CAUSE[e.cause] + (f" {where}" if e.cause == "on_enter" and where else "")
        lead += ": "
    elif e.timing:
        lead = _TIMING[e.timing] + ": "
    if e.passive:
        return lead + "; ".join(modifier(m) for m in e.passive)
    if e.utilize:
        parts.append(f"Utilize: pay {alternatives(e.costs)}, or spend it on another effect, and also gain")
    elif e.costs:
        parts.append(f"pay {alternatives(e.costs)}")
    if e.condition is not None:
        parts.append(f"and {condition(e.condition)}")
    gains = alternatives(e.gains) if e.gains else "nothing"
    if e.utilize:
        parts[-1] += f" {gains}"
    elif parts:
        parts.append(f"-> {gains}")
    else:
        parts.append(gains)
    text = lead + " ".join(parts)
    extras = []
    if e.influence:
        extras.append("usable from anywhere while its revealed location is under your influence")
    if e.limit == "once_per_turn":
        extras.append("once a turn")
    elif e.limit == "once_per_game":
        extras.append("once a game")
    return text + (f" ({'; '.join(extras)})" if extras else "")


def effects(es: list[Effect], where: str = "") -> str:
    return ". ".join(effect(e, where) for e in es) if es else "no effect of its own"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@lru_cache(maxsize=4)
def _entries(pack: str | None = None) -> dict[str, tuple[str, str]]:
    c: Content = load(pack)
    out: dict[str, tuple[str, str]] = {}
    sides = ("north", "east", "south", "west")
    for d in c.comp.districts:
        paths = ", ".join(f"{s} {n}" for s, n in zip(sides, d.pathways, strict=True))
        drops = ", ".join(_DROP[x] for x in d.drops) or "nothing"
        out[d.id] = (
            d.name,
            f"{d.type} district; entering costs (before turning) {paths} movement; each round it "
            f"receives {drops}. {effects(d.effects, 'this district')}.",
        )
    for ch in c.comp.characters:
        cols = []
        for k, col in enumerate(ch.columns):
            toks = ", ".join(bundle(c.tokens[t].gains) for t in col.start) or "empty"
            cols.append(f"{'I' * (k + 1) if k < 3 else 'IV'} [{toks}] room for {col.capacity}")
        moods = "; ".join(f"{g.between[0]}..{g.between[1]}: {bundle(g.gains)}" for g in ch.mood_groups)
        abil = ", ".join(a.name for a in c.comp.abilities if a.character == ch.id)
        out[ch.id] = (
            ch.name,
            f"character; columns {' '.join(cols)}; {len(ch.tokens)} action tokens in all; mood "
            f"{ch.mood_min} to {ch.mood_max}, a reset gains the groups passed ({moods}); "
            f"ability cards: {abil}.",
        )
    for a in c.comp.abilities:
        out[a.id] = (a.name, f"ability card ({a.scenario}). {effects(a.effects)}.")
    for it in c.comp.items:
        kind = {"base": "base item", "addon": "add-on", "module": "power module", "plain": "item"}[it.kind]
        bits = [f"{'relic' if it.deck == 'relic' else 'workshop'} {kind}"]
        if it.keywords:
            bits[0] += f" ({', '.join(it.keywords)})"
        if it.cost:
            bits.append(f"costs {alternatives(it.cost)}")
        if it.gauge:
            bits.append(f"power gauge of {it.gauge}, {it.green} green (starting power and recharge)")
        if it.charge:
            bits.append(f"charge 1 power for {alternatives(it.charge)}")
        out[it.id] = (it.name, "; ".join(bits) + f". {effects(it.effects)}.")
    for v in c.comp.civilians:
        q = v.quest
        text = f"civilian{f' ({v.keyword})' if v.keyword else ''}. "
        if v.passive:
            text += "Passive: " + "; ".join(modifier(m) for m in v.passive) + ". "
        text += (
            f"{effect(v.action)}. Quest: {trigger(q.trigger)} {_plural(q.n, 'time')} for {bundle(q.reward)}."
        )
        out[v.id] = (v.name, text)
    for loc in c.comp.locations:
        drop = f"; revealed, it receives {_DROP[loc.drop]}" if loc.drop else ""
        out[loc.id] = (loc.name, f"secret location{drop}. {effects(loc.effects, 'this location')}.")
    for ev in c.comp.events:
        drops = ", ".join(_DROP[x] for x in ev.drops)
        removal = {
            "immediate": "removed at once",
            "end_of_round": "stays until the end of the round",
            "after_use": "removed once used",
        }[ev.removal]
        text = f"event; {removal}" + (f"; brings {drops}" if drops else "")
        out[ev.id] = (ev.name, text + (f". {effects(ev.effects, 'its district')}." if ev.effects else "."))
    for comp in c.comp.complications:
        lim = "; ".join(modifier(m) for m in comp.limitation) or "none"
        if comp.solution is not None:
            sol = f"overcome by the team: {trigger(comp.solution)}"
        elif comp.paid is not None:
            sol = f"overcome by paying: {effect(comp.paid)}"
        else:
            sol = "no way to overcome it"
        need = "players + 1" if comp.plus_one else "one per player"
        out[comp.id] = (comp.name, f"complication; limitation: {lim}; {sol} ({need}).")
    for r in c.comp.ruins:
        out[r.id] = (
            "Ruins token",
            f"ruins; unexplored side: {effect(r.unexplored)}; explored side: {effect(r.explored)}.",
        )
    for ci in c.comp.ciphers:
        out[f"cipher-{ci.color}"] = (
            f"{ci.color.capitalize()} cipher",
            f"broken with {ci.actions} {ci.action} or {ci.insight} insight.",
        )
    for sc in every():
        out.update(sc.glossary(c))
    for t in c.comp.tablets:
        out[t.id] = ("Cipher tablet", f"cipher tablet showing {', '.join(t.ciphers)}; worth 3 VP.")
    return out


def entries(players: int, options: Mapping[str, Any] | None = None) -> dict[str, tuple[str, str]]:
    """The `glossary` hook: every named component by id -> (name, what it does)."""
    return dict(_entries())
