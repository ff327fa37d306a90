"""Glossary entries of the Crisis scenario (§16), in the project's words: the crisis cards,
the encounter cards, the Crisis ability cards, the Core Shard, and the scenario's terms
(serenity, pylons, Mechanized, support tokens, ...). Generated from the data like the rest
of the glossary; `glossary._entries` adds them."""

from __future__ import annotations

from ...content import Content

_PENALTY = {
    "kill": "{n} civilian(s) in its district killed (1 serenity each)",
    "turn": "{n} civilian(s) in its district turned into Mechanized (1 serenity each)",
    "mechanized": "{n} Mechanized arrive in its district",
    "serenity": "{n} serenity lost",
}

#: the scenario's terms: key -> (name, text)
TERMS = {
    "crisis-serenity": (
        "Serenity",
        "how calm the city still is, shown on a d20 in the central district: 10, 14 or 18 for 2, 3 "
        "or 4 characters (solo plays two); never above 20; at 0 every player loses at once.",
    ),
    "crisis-pylon": (
        "Pylon",
        "one on each ancient district; destroyed with the Core Shard by its holder standing "
        "there. Every pylon must be gone after the third resolution phase to win.",
    ),
    "crisis-mechanized": (
        "Mechanized",
        "the flipped side of a civilian token. In each resolution phase every Mechanized, in an "
        "order the players choose, removes a civilian where it stands (1 serenity), steps one "
        "area nearer the centre (more civilians first, then fewer white triangles; a remaining "
        "tie is the players' choice) and removes a civilian there. One that starts in the "
        "central district leaves the map for 1 serenity instead.",
    ),
    "crisis-encounter": (
        "Encounter",
        "2 charm against a civilian (its bottom half) or 2 violence against a Mechanized (the "
        "top half) in your area draws an encounter card; 2 more draw another. Use one dotted "
        "option of each card drawn, plus its gear bonus with a matching item keyword in play. "
        "2 successes escort a civilian (a civilian card) or remove a Mechanized, as often as "
        "you can pay. No moving and no second encounter until it is finished.",
    ),
    "crisis-support": (
        "Support token",
        "on your turn, 1 charm or 1 violence puts a stamina token in your area (at most one "
        "per area). Anyone encountering there may spend it to draw a card whose middle section "
        "helps; after one is spent no new one may be placed that turn.",
    ),
    "crisis-box": (
        "Challenge box",
        "each crisis card has three; covering one puts an influence cube on it. Two are "
        "mandatory; the faded one counts by difficulty: easy never, normal in round 3, hard in "
        "rounds 2-3, crushing always. Each uncovered box that counts costs its chaos in "
        "serenity at the resolution; a card with every counting box covered pays its reward "
        "(shared freely among all players) and leaves.",
    ),
    "crisis-clear-all": (
        "Clear all",
        "a box covered, from anywhere, by whoever's turn it is, once no token of its kind is "
        "left in the card's district.",
    ),
    "crisis-resolution": (
        "Resolution phase",
        "after each round's end: serenity lost for uncovered boxes, then every remaining "
        "card's penalty, then the Mechanized act; after the third, 1 serenity more per "
        "Mechanized in the central district.",
    ),
}


def entries(c: Content) -> dict[str, tuple[str, str]]:
    from ...glossary import alternatives, bundle, effects

    out: dict[str, tuple[str, str]] = dict(TERMS)
    for cc in c.comp.crises:
        boxes = []
        for ch in cc.boxes:
            if ch.kind == "pay":
                what = f"pay {alternatives(ch.costs)} in its district"
                if ch.shard:
                    what += " with the Core Shard's holder there"
            elif ch.kind == "explore":
                what = "explore the ruins in its district"
            else:
                what = f"no {'Mechanized' if ch.arg == 'mechanized' else 'civilian'} left in its district"
            boxes.append(f"{'optional: ' if ch.optional else ''}{what} ({ch.chaos} chaos)")
        drops = ", ".join(cc.drops) or "nothing"
        pen = _PENALTY[cc.penalty.kind].format(n=cc.penalty.n)
        out[cc.id] = (
            cc.name,
            f"crisis card{' (promo)' if cc.promo else ''}; arrives with {drops}; boxes: "
            f"{'; '.join(boxes)}; reward: {bundle(cc.reward)}; penalty: {pen}.",
        )
    for e in c.comp.encounters:
        halves = []
        for label_, half in (("against a Mechanized", e.mechanized), ("against a civilian", e.civilian)):
            text = f"{label_}: one of {alternatives(half.options)}"
            if half.gear:
                text += f" (with {half.gear} gear in play, also {bundle(half.bonus)})"
            halves.append(text)
        sup = []
        for opt in e.support:
            cost = "discard the card" if opt.discard else f"pay {bundle(opt.costs)} (repeatable)"
            sup.append(f"{cost} -> {bundle(opt.gains)}")
        out[e.id] = (e.name, f"encounter card; {halves[0]}; support: {'; '.join(sup)}; {halves[1]}.")
    for a in c.comp.crisis_abilities:
        out[a.id] = (a.name, f"Crisis ability card. {effects(a.effects)}.")
    for sh in c.comp.core_shard:
        out[sh.id] = (
            sh.name,
            f"the Core Shard, held by the first player at the start and tradeable; 1 power for "
            f"{alternatives(sh.charge)} (only its own charging or an effect naming it), up to "
            f"{sh.gauge}; {sh.destroy} power destroy the pylon in its holder's district.",
        )
    return out


def board_data(c: Content, text: dict[str, tuple[str, str]]) -> dict[str, object]:
    """The Crisis part of the web board's data: names and texts of the crisis and encounter
    cards, the Core Shard and the scenario's terms (tooltips on the board)."""

    def named(ids: list[str]) -> dict[str, dict[str, str]]:
        return {i: {"name": text[i][0], "text": text[i][1]} for i in ids}

    return {
        "crises": named([x.id for x in c.comp.crises]),
        "encounters": named([x.id for x in c.comp.encounters]),
        "shard": named([x.id for x in c.comp.core_shard]),
        "terms": named(list(TERMS)),
    }
