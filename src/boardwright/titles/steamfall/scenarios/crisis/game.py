"""The Crisis scenario (§16): serenity, pylons and the Core Shard, crisis cards, the
resolution phase with its Mechanized, encounters with the encounter deck, and support.

Everything the scenario adds to the state lives in one JSON-ready dict, `st.cr` (empty in
the other scenarios):

- `serenity` (the d20 in the central district), `pylons` (areas still holding one);
- `shard`: the Core Shard's `holder` (a character index) and `power`;
- `deck` / `out`: the crisis deck (hidden order) and the crisis cards already used;
- `cards`: the crisis cards on the map, each `{"area", "id", "done", "cube"}` where
  `done[b]` is the character who covered box b (-1 while open) and `cube[b]` whether an
  influence cube of theirs marks it;
- `enc` / `enc_discard`: the encounter deck (hidden order) and its discard pile;
- `support`: areas holding a support stamina token; `spent`: a support token was spent
  this turn (no new one may be placed, §16.9);
- `now`: the encounter in progress (`p`, `kind`, drawn `cards`, `used` cards, `sup` support
  cards, `succ` successes) or None;
- `pending`: in the resolution phase, the areas of the Mechanized still to activate.

Scripted parts (crisis draws, penalties, Mechanized attacks and moves) are automatic steps
on the game's rng, each logged with its rule; the orders and ties the rules leave to the
players are decisions of the first player (`cr_order`, `cr_tie`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from ...effects import can_pay, card_choices, gain, gain_possible, label, mods, one, pay
from ...rules import ref
from ...schema import Challenge, CrisisCard

if TYPE_CHECKING:
    from ...state import SteamfallState, Task

CR_GAINS = frozenset({"success", "serenity", "shard_power", "move_civilian", "move_mechanized"})
MAX_SERENITY = 20
#: starting serenity by number of characters (solo plays two, §16.2)
START_SERENITY = {2: 10, 3: 14, 4: 18}
#: rounds in which each difficulty makes the optional box count (§16.12)
OPTIONAL_ROUNDS = {"easy": (), "normal": (3,), "hard": (2, 3), "crushing": (1, 2, 3)}
DIFFICULTIES = tuple(OPTIONAL_ROUNDS)
HEADS = frozenset({"shard", "crisis", "enc", "support"})
ESCORT_SUCCESSES = 2


def on(st: SteamfallState) -> bool:
    return st.scenario == "crisis"


def n_characters(scenario: str, players: int) -> int:
    """Solo Crisis: one seat controls two characters with the 2-player setup (§16.2)."""
    return 2 if scenario == "crisis" and players == 1 else players


def difficulty(st: SteamfallState) -> str:
    d = str(st.options.get("difficulty", "normal"))
    return d if d in OPTIONAL_ROUNDS else "normal"


def optional_active(st: SteamfallState, rnd: int | None = None) -> bool:
    return (st.round if rnd is None else rnd) in OPTIONAL_ROUNDS[difficulty(st)]


def char_name(st: SteamfallState, p: int) -> str:
    cid = st.pl[p].get("char", "")
    return st.content.characters[cid].name if cid else f"character {p}"


# ------------------------------------------------------------------ setup
def setup(st: SteamfallState) -> None:
    """§16.1 the Core Shard to the first player; the crisis and encounter decks; serenity."""
    c = st.content
    promos = bool(st.options.get("crisis_promos"))
    deck = [x.id for x in c.comp.crises if promos or not x.promo]
    enc = [x.id for x in c.comp.encounters]
    st.shuffle("crisis deck", deck)
    st.shuffle("encounter deck", enc)
    shard = c.shard
    st.cr = {
        "serenity": START_SERENITY[len(st.pl)],
        "pylons": [],
        "shard": {"holder": st.first, "power": shard.start if shard else 0},
        "deck": deck,
        "out": [],
        "cards": [],
        "enc": enc,
        "enc_discard": [],
        "support": [],
        "spent": False,
        "now": None,
        "pending": [],
    }
    st.say(
        None, f"serenity starts at {st.cr['serenity']}; the first player holds the Core Shard", ref("16.1")
    )


def place_pylons(st: SteamfallState) -> None:
    b = st.board
    st.cr["pylons"] = [
        a for a in range(b.n_districts) if st.content.districts[b.districts[a]].type == "ancient"
    ]


def copy_cr(cr: dict[str, Any]) -> dict[str, Any]:
    if not cr:
        return {}
    out = dict(cr)
    for k in ("pylons", "deck", "out", "enc", "enc_discard", "support", "pending"):
        out[k] = list(cr[k])
    out["shard"] = dict(cr["shard"])
    out["cards"] = [{**x, "done": list(x["done"]), "cube": list(x["cube"])} for x in cr["cards"]]
    now = cr["now"]
    if now is not None:
        out["now"] = {**now, "cards": list(now["cards"]), "used": list(now["used"]), "sup": list(now["sup"])}
    return out


# ------------------------------------------------------------------ serenity
def lose(st: SteamfallState, n: int, why: str, rule: str = "16.3") -> None:
    """Serenity lost; at zero the players lose at once (§16.3)."""
    if n <= 0 or st.result is not None:
        return
    cr = st.cr
    cr["serenity"] = max(0, cr["serenity"] - n)
    st.say(None, f"{why}: serenity -{n} (now {cr['serenity']})", ref(rule))
    if cr["serenity"] <= 0:
        st.result = {"won": False, "reason": f"serenity fell to zero ({why})"}
        st.say(None, "the city's serenity is gone: Steamfall submits, everyone loses", ref("16.3"))
        st.tasks = []


def add_serenity(st: SteamfallState, n: int, why: str) -> None:
    cr = st.cr
    before = cr["serenity"]
    cr["serenity"] = min(MAX_SERENITY, before + n)
    st.say(
        None,
        f"{why}: serenity +{cr['serenity'] - before} (now {cr['serenity']}, never above 20)",
        ref("16.3"),
    )


def _from_supply(st: SteamfallState, area: int, kind: str, n: int = 1) -> int:
    """Civilian and Mechanized tokens are the two sides of the 25 civilian tokens."""
    got = min(n, st.supply["civilian"])
    if got < n:
        st.say(None, "no civilian token is left in the supply", ref("15"))
    st.supply["civilian"] -= got
    st.tok[area][kind] += got
    return got


def _to_supply(st: SteamfallState, area: int, kind: str) -> None:
    st.tok[area][kind] -= 1
    st.supply["civilian"] += 1


# ------------------------------------------------------------------ gains named by the grammar
def gain_ok(st: SteamfallState, p: int, what: str) -> bool:
    if not on(st):
        return False
    now = st.cr["now"]
    here = st.pl[p]["at"]
    if what == "success":
        return bool(now is not None and now["p"] == p)
    if what == "move_civilian":
        return bool(st.tok[here]["civilian"] > 0)
    if what == "move_mechanized":
        return bool(st.tok[here]["mechanized"] > 0)
    return True


def gain_term(st: SteamfallState, p: int, what: str, n: int, later: list[list[Any]]) -> None:
    if not on(st):
        return
    cr = st.cr
    if what == "success":
        if cr["now"] is not None and cr["now"]["p"] == p:
            cr["now"]["succ"] += n
    elif what == "serenity":
        add_serenity(st, n, f"{char_name(st, p)} calms the city")
    elif what == "shard_power":
        add_shard_power(st, n)
    else:
        kind = "civilian" if what == "move_civilian" else "mechanized"
        for _ in range(n):
            later.append(["cr_shift", p, kind])


def add_shard_power(st: SteamfallState, n: int) -> None:
    sh = st.content.shard
    if sh is None:
        return
    s = st.cr["shard"]
    add = min(n, sh.gauge - s["power"])
    s["power"] += add
    st.say(None, f"the Core Shard gains {add} power (now {s['power']}/{sh.gauge})", ref("16.4"))


def on_event(st: SteamfallState, p: int, event: str) -> None:
    """Game events the scenario listens to: exploring ruins covers an 'explore' box of the
    crisis card in that district; a completed civilian quest gives its serenity reward."""
    if not on(st) or st.result is not None:
        return
    if event == "explore_ruins":
        here = st.pl[p]["at"]
        for card in list(st.cr["cards"]):
            if card["area"] != here:
                continue
            for b, ch in enumerate(crisis_of(st, card).boxes):
                if ch.kind == "explore" and counts(st, ch) and card["done"][b] < 0:
                    mark(st, p, card, b)
                    break
    elif event == "complete_quest":
        add_serenity(st, 1, "a civilian's quest is completed (its serenity reward, §15)")


# ------------------------------------------------------------------ crisis cards
def crisis_of(st: SteamfallState, card: dict[str, Any]) -> CrisisCard:
    return st.content.crises[card["id"]]


def counts(st: SteamfallState, ch: Challenge) -> bool:
    """A box counts when mandatory, or optional in a round the difficulty activates."""
    return not ch.optional or optional_active(st)


def start_round(st: SteamfallState) -> None:
    """§16.5 a crisis card on each ancient district, then its token drop."""
    b = st.board
    cr = st.cr
    for area in range(b.n_districts):
        if st.content.districts[b.districts[area]].type != "ancient":
            continue
        if not cr["deck"]:
            cr["deck"] = cr["out"]
            cr["out"] = []
            st.shuffle("crisis deck", cr["deck"])
            st.say(None, "the crisis deck is reshuffled from the used crisis cards", ref("15"))
        if not cr["deck"]:
            continue
        cid = cr["deck"].pop()
        card = st.content.crises[cid]
        cr["cards"].append({"area": area, "id": cid, "done": [-1, -1, -1], "cube": [False, False, False]})
        dname = st.content.districts[b.districts[area]].name
        st.say(None, f"crisis {card.name} strikes {dname}", ref("16.5"))
        for d in card.drops:
            _from_supply(st, area, d)
        if card.drops:
            st.say(None, f"{card.name} drops {', '.join(card.drops)} in {dname}", ref("16.5"))


def mark(st: SteamfallState, p: int, card: dict[str, Any], b: int) -> None:
    """Cover a box with one of p's influence cubes (a bare mark when p has none left)."""
    pl = st.pl[p]
    card["done"][b] = p
    if pl["cubes"] > 0:
        pl["cubes"] -= 1
        card["cube"][b] = True
    cc = crisis_of(st, card)
    st.say(p, f"completes '{cc.boxes[b].text}' on {cc.name}", ref("16.5"))
    if all(card["done"][k] >= 0 for k, ch in enumerate(cc.boxes) if counts(st, ch)):
        _resolve_card(st, p, card)


def _return_cubes(st: SteamfallState, card: dict[str, Any]) -> None:
    for b, who in enumerate(card["done"]):
        if who >= 0 and card["cube"][b]:
            st.pl[who]["cubes"] += 1
            card["cube"][b] = False


def _resolve_card(st: SteamfallState, p: int, card: dict[str, Any]) -> None:
    """Every counting box covered: the reward, split freely among all players; the card goes."""
    cc = crisis_of(st, card)
    st.say(p, f"the crisis {cc.name} is resolved", ref("16.5"))
    _return_cubes(st, card)
    st.cr["cards"] = [x for x in st.cr["cards"] if x is not card]
    st.cr["out"].append(card["id"])
    units: list[str] = []
    for t in cc.reward:
        if t.what in ("serenity", "shard_power"):
            gain_term(st, p, t.what, t.n, [])
        else:
            units += [t.what] * t.n
    if units:
        st.tasks.append(["cr_reward", p, ",".join(units)])


def check_clear(st: SteamfallState, p: int) -> None:
    """'Clear all' boxes (§16.5): covered, from anywhere, by whoever's turn it is when the
    last token of their kind has left the card's district."""
    for card in list(st.cr["cards"]):
        for b, ch in enumerate(crisis_of(st, card).boxes):
            if (
                ch.kind == "clear"
                and counts(st, ch)
                and card["done"][b] < 0
                and st.tok[card["area"]][ch.arg] == 0
                and card in st.cr["cards"]
            ):
                mark(st, p, card, b)


def reward_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, p, units_s = task
    units = units_s.split(",")
    acts = tuple(Action(f"split:{k}", f"give 1 {units[0]} to {char_name(st, k)}") for k in range(len(st.pl)))
    return Decision(
        p,
        "crisis_reward",
        f"Crisis reward to share: {', '.join(units)}; who gets 1 {units[0]}?",
        ref("16.5"),
        acts,
    )


def apply_reward(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, units_s = task
    units = units_s.split(",")
    k = int(aid.split(":")[1])
    st.tasks.pop()
    if units[1:]:
        st.tasks.append(["cr_reward", p, ",".join(units[1:])])
    st.say(k, f"takes 1 {units[0]} of the crisis reward", ref("16.5"))
    gain(st, k, [one(units[0])])


# ------------------------------------------------------------------ the turn: actions
def busy(st: SteamfallState) -> bool:
    return bool(st.cr) and st.cr["now"] is not None


def begin_turn(st: SteamfallState, p: int) -> None:
    if on(st):
        st.cr["spent"] = False


def filter_actions(st: SteamfallState, p: int, acts: list[Action]) -> list[Action]:
    """No moving and no second encounter before the current one is finished (§16.8)."""
    if not busy(st):
        return acts
    return [a for a in acts if not a.id.startswith("move:")]


def turn_actions(st: SteamfallState, p: int, eor: bool) -> list[Action]:
    cr = st.cr
    pl = st.pl[p]
    here = pl["at"]
    acts: list[Action] = []
    sh = st.content.shard
    shard = cr["shard"]
    if sh is not None and shard["holder"] == p:
        if shard["power"] < sh.gauge:
            for k, bundle in enumerate(sh.charge):
                if can_pay(st, p, bundle):
                    acts.append(
                        Action(f"shard:charge:{k}", f"charge the Core Shard: {label(bundle)} for 1 power")
                    )
        if not eor and here in cr["pylons"] and shard["power"] >= sh.destroy:
            acts.append(
                Action("shard:destroy", f"destroy the pylon here with the Core Shard ({sh.destroy} power)")
            )
    if eor:
        return acts
    now = cr["now"]
    for card in cr["cards"]:
        if card["area"] != here:
            continue
        for b, ch in enumerate(crisis_of(st, card).boxes):
            if ch.kind != "pay" or card["done"][b] >= 0 or not counts(st, ch):
                continue
            if ch.shard and st.pl[shard["holder"]]["at"] != here:
                continue
            for alt, bundle in enumerate(ch.costs):
                if not can_pay(st, p, bundle):
                    continue
                for cards in card_choices(st, p, bundle):
                    acts.append(
                        Action(
                            f"crisis:{b}:{alt}:{'+'.join(cards) or '-'}",
                            f"crisis challenge '{ch.text}' [pay {label(bundle)}]",
                        )
                    )
    if here not in cr["support"] and not cr["spent"]:
        for how in ("charm", "violence"):
            if can_pay(st, p, [one(how)]):
                acts.append(Action(f"support:{how}", f"place a support stamina token here (1 {how})"))
    if now is None:
        n = encounter_cost(st, p)
        if st.tok[here]["civilian"] and can_pay(st, p, [one("charm", n)]):
            acts.append(
                Action("enc:civilian", f"encounter a civilian here ({n} charm): draw an encounter card")
            )
        if st.tok[here]["mechanized"] and can_pay(st, p, [one("violence", n)]):
            acts.append(
                Action(
                    "enc:mechanized", f"encounter a Mechanized here ({n} violence): draw an encounter card"
                )
            )
    elif now["p"] == p:
        acts += _encounter_actions(st, p, now)
    return acts


def encounter_cost(st: SteamfallState, p: int) -> int:
    return max(1, 2 + mods(st, p).get("encounter_cost", 0))


def _how(kind: str) -> str:
    return "charm" if kind == "civilian" else "violence"


def _half(st: SteamfallState, cid: str, kind: str) -> Any:
    e = st.content.encounters[cid]
    return e.civilian if kind == "civilian" else e.mechanized


def gear(st: SteamfallState, p: int, keyword: str) -> bool:
    return bool(keyword) and any(keyword in st.content.items[i].keywords for i in st.pl[p]["play"])


def _encounter_actions(st: SteamfallState, p: int, now: dict[str, Any]) -> list[Action]:
    here = st.pl[p]["at"]
    kind = now["kind"]
    acts = []
    n = encounter_cost(st, p)
    if not now["used"] and can_pay(st, p, [one(_how(kind), n)]) and (st.cr["enc"] or st.cr["enc_discard"]):
        acts.append(Action("enc:more", f"draw another encounter card ({n} {_how(kind)})"))
    for i, cid in enumerate(now["cards"]):
        if i in now["used"]:
            continue
        half = _half(st, cid, kind)
        bonus = f" + gear bonus {label(half.bonus)}" if gear(st, p, half.gear) else ""
        for k, bundle in enumerate(half.options):
            if gain_possible(st, p, bundle):
                name = st.content.encounters[cid].name
                acts.append(Action(f"enc:opt:{i}:{k}", f"{name}: {label(bundle)}{bonus}"))
    if here in st.cr["support"] and (st.cr["enc"] or st.cr["enc_discard"]):
        acts.append(Action("enc:support", "spend the support stamina token here: draw a support card"))
    for i, cid in enumerate(now["sup"]):
        for k, opt in enumerate(st.content.encounters[cid].support):
            if not gain_possible(st, p, opt.gains):
                continue
            if opt.discard or can_pay(st, p, opt.costs):
                acts.append(Action(f"enc:sup:{i}:{k}", f"support: {opt.text}"))
    if now["succ"] >= ESCORT_SUCCESSES and st.tok[here][kind]:
        what = "escort the civilian (draw a civilian card)" if kind == "civilian" else "remove a Mechanized"
        acts.append(Action("enc:win", f"spend {ESCORT_SUCCESSES} successes: {what}"))
    acts.append(Action("enc:end", "finish the encounter"))
    return acts


def _draw(st: SteamfallState) -> str | None:
    cr = st.cr
    if not cr["enc"]:
        if not cr["enc_discard"]:
            return None
        cr["enc"] = cr["enc_discard"]
        cr["enc_discard"] = []
        st.shuffle("encounter deck", cr["enc"])
        st.say(None, "the encounter deck is reshuffled from its discards", ref("15"))
    return str(cr["enc"].pop())


def apply(st: SteamfallState, p: int, aid: str) -> None:
    cr = st.cr
    parts = aid.split(":")
    head = parts[0]
    here = st.pl[p]["at"]
    sh = st.content.shard
    if head == "shard" and sh is not None:
        if parts[1] == "charge":
            pay(st, p, sh.charge[int(parts[2])])
            cr["shard"]["power"] += 1
            st.say(p, f"charges the Core Shard (now {cr['shard']['power']}/{sh.gauge})", ref("16.4"))
        else:
            cr["shard"]["power"] -= sh.destroy
            cr["pylons"] = [a for a in cr["pylons"] if a != here]
            st.say(p, f"destroys the pylon here with the Core Shard ({len(cr['pylons'])} left)", ref("16.4"))
    elif head == "crisis":
        b, alt = int(parts[1]), int(parts[2])
        card = next(x for x in cr["cards"] if x["area"] == here)
        bundle = crisis_of(st, card).boxes[b].costs[alt]
        cards = tuple(parts[3].split("+")) if parts[3] != "-" else ()
        pay(st, p, bundle, "", cards)
        mark(st, p, card, b)
    elif head == "support":
        pay(st, p, [one(parts[1])])
        cr["support"] = [*cr["support"], here]
        st.say(p, "places a support stamina token here", ref("16.9"))
    elif head == "enc":
        _apply_encounter(st, p, parts)
    check_clear(st, p)


def _apply_encounter(st: SteamfallState, p: int, parts: list[str]) -> None:
    cr = st.cr
    what = parts[1]
    here = st.pl[p]["at"]
    if what in ("civilian", "mechanized"):
        pay(st, p, [one(_how(what), encounter_cost(st, p))])
        cr["now"] = {"p": p, "kind": what, "cards": [], "used": [], "sup": [], "succ": 0}
        st.say(p, f"encounters a {what} token", ref("16.8"))
        _draw_encounter(st, p)
        return
    now = cr["now"]
    kind = now["kind"]
    if what == "more":
        pay(st, p, [one(_how(kind), encounter_cost(st, p))])
        _draw_encounter(st, p)
    elif what == "opt":
        i, k = int(parts[2]), int(parts[3])
        cid = now["cards"][i]
        half = _half(st, cid, kind)
        now["used"] = [*now["used"], i]
        bundle = list(half.options[k])
        st.say(p, f"uses {st.content.encounters[cid].name}: {label(bundle)}", ref("16.8"))
        if gear(st, p, half.gear):
            st.say(p, f"gear bonus ({half.gear}): {label(half.bonus)}", ref("16.8"))
            bundle += list(half.bonus)
        gain(st, p, bundle)
    elif what == "support":
        cr["support"] = [a for a in cr["support"] if a != here]
        cr["spent"] = True
        cid = _draw(st)
        if cid is not None:
            now["sup"] = [*now["sup"], cid]
            st.say(
                p, f"spends the support token: support card {st.content.encounters[cid].name}", ref("16.9")
            )
    elif what == "sup":
        i, k = int(parts[2]), int(parts[3])
        cid = now["sup"][i]
        opt = st.content.encounters[cid].support[k]
        if opt.discard:
            now["sup"] = [c for j, c in enumerate(now["sup"]) if j != i]
            cr["enc_discard"].append(cid)
        else:
            pay(st, p, opt.costs)
        st.say(p, f"support: {opt.text}", ref("16.9"))
        gain(st, p, list(opt.gains))
    elif what == "win":
        now["succ"] -= ESCORT_SUCCESSES
        _to_supply(st, here, kind)
        if kind == "civilian":
            st.say(p, "spends 2 successes: the civilian joins the escort", ref("16.8"))
            st.tasks.append(["escort_draw", p])
        else:
            st.say(p, "spends 2 successes: a Mechanized is removed", ref("16.8"))
    elif what == "end":
        finish_encounter(st, p)


def _draw_encounter(st: SteamfallState, p: int) -> None:
    cid = _draw(st)
    if cid is None:
        st.say(p, "no encounter card is left to draw", ref("15"))
        return
    now = st.cr["now"]
    now["cards"] = [*now["cards"], cid]
    st.say(p, f"draws the encounter card {st.content.encounters[cid].name}", ref("16.8"))


def finish_encounter(st: SteamfallState, p: int) -> None:
    """The encounter ends: its cards are discarded and unspent successes are lost (§15)."""
    cr = st.cr
    now = cr["now"]
    if now is None or now["p"] != p:
        return
    cr["enc_discard"] += now["cards"] + now["sup"]
    cr["now"] = None
    st.say(p, "finishes the encounter", ref("16.8"))


def end_turn(st: SteamfallState, p: int) -> None:
    if on(st):
        finish_encounter(st, p)


# ------------------------------------------------------------------ moving a token (encounter option)
def shift_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, p, kind = task
    here = st.pl[p]["at"]
    acts: list[Action] = []
    if st.tok[here][kind]:
        acts = [
            Action(f"shift:{a}", f"move a {kind} token to {_area(st, a)}") for a in st.board.neighbours(here)
        ]
    acts.append(Action("shift:none", "move nothing"))
    return Decision(p, "move_token", f"Move a {kind} token to an adjacent area?", ref("16.8"), tuple(acts))


def apply_shift(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, kind = task
    st.tasks.pop()
    dest = aid.split(":")[1]
    if dest == "none":
        return
    here = st.pl[p]["at"]
    st.tok[here][kind] -= 1
    st.tok[int(dest)][kind] += 1
    st.say(p, f"moves a {kind} token to {_area(st, int(dest))}", ref("16.8"))
    check_clear(st, p)


def _area(st: SteamfallState, a: int) -> str:
    b = st.board
    return f"secret location {a}" if b.is_slot(a) else st.content.districts[b.districts[a]].name


# ------------------------------------------------------------------ the resolution phase
def central(st: SteamfallState) -> int:
    b = st.board
    return next(i for i in range(b.n_districts) if st.content.districts[b.districts[i]].type == "central")


def distance(st: SteamfallState, a: int) -> int:
    """Orthogonal steps from the central district (a secret location is one beyond its district)."""
    b = st.board
    if b.is_slot(a):
        return distance(st, b.slot_district(a)) + 1
    r, c = b.cells[a]
    r0, c0 = b.cells[central(st)]
    return abs(r - r0) + abs(c - c0)


def triangles(st: SteamfallState, a: int, d: int) -> int:
    """White triangles on both red pathway fields between two adjacent areas."""
    b = st.board
    there = next(cost for x, cost in b.moves[a] if x == d)
    back = next(cost for x, cost in b.moves[d] if x == a)
    return int(there + back)


def move_choices(st: SteamfallState, a: int) -> list[int]:
    """§16.7 one area closer to the centre; then more civilians; then fewer triangles. What
    is still tied is for the players to choose."""
    here = distance(st, a)
    closer = [d for d in st.board.neighbours(a) if distance(st, d) < here]
    if not closer:
        return []
    most = max(st.tok[d]["civilian"] for d in closer)
    closer = [d for d in closer if st.tok[d]["civilian"] == most]
    least = min(triangles(st, a, d) for d in closer)
    return sorted(d for d in closer if triangles(st, a, d) == least)


def resolve_resolution(st: SteamfallState, task: Task) -> None:
    """§16.6 serenity lost per uncovered counting box, then penalties, then the Mechanized."""
    cr = st.cr
    st.say(None, f"resolution phase of round {st.round}", ref("16.6"))
    for card in list(cr["cards"]):
        cc = crisis_of(st, card)
        lost = sum(ch.chaos for b, ch in enumerate(cc.boxes) if counts(st, ch) and card["done"][b] < 0)
        lose(st, lost, f"{cc.name}: uncompleted challenges", "16.6")
        if st.result is not None:
            return
    for card in list(cr["cards"]):
        _penalty(st, card)
        if st.result is not None:
            return
    for card in cr["cards"]:
        _return_cubes(st, card)
        cr["out"].append(card["id"])
    cr["cards"] = []
    cr["pending"] = [a for a in range(st.board.n_areas) for _ in range(st.tok[a]["mechanized"])]
    st.tasks.append(["cr_after"])
    st.tasks.append(["cr_mech"])


def _penalty(st: SteamfallState, card: dict[str, Any]) -> None:
    cc = crisis_of(st, card)
    pen = cc.penalty
    area = card["area"]
    name = cc.name
    if pen.kind == "serenity":
        lose(st, pen.n, f"{name}: penalty", "16.6")
    elif pen.kind == "mechanized":
        got = _from_supply(st, area, "mechanized", pen.n)
        st.say(None, f"{name}: penalty, {got} Mechanized arrive", ref("16.6"))
    else:
        for _ in range(pen.n):
            if not st.tok[area]["civilian"]:
                st.say(None, f"{name}: no civilian left to {pen.kind}", ref("16.6"))
                break
            if pen.kind == "kill":
                _to_supply(st, area, "civilian")
                lose(st, 1, f"{name}: a civilian is killed", "16.6")
            else:
                st.tok[area]["civilian"] -= 1
                st.tok[area]["mechanized"] += 1
                lose(st, 1, f"{name}: a civilian is turned into a Mechanized", "16.6")
            if st.result is not None:
                return


def resolve_mech(st: SteamfallState, task: Task) -> None:
    pend = st.cr["pending"]
    if not pend or st.result is not None:
        return
    st.tasks.append(["cr_mech"])
    areas = sorted(set(pend))
    if len(areas) == 1:
        activate(st, areas[0])
    else:
        st.tasks.append(["cr_order", st.order[0]])


def order_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    acts = tuple(
        Action(f"mech:{a}", f"activate a Mechanized in {_area(st, a)}") for a in sorted(set(st.cr["pending"]))
    )
    return Decision(
        task[1],
        "mechanized_order",
        "Which Mechanized activates next? (the players choose)",
        ref("16.7"),
        acts,
    )


def apply_order(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    activate(st, int(aid.split(":")[1]))


def _attack(st: SteamfallState, a: int) -> None:
    if st.tok[a]["civilian"] and st.result is None:
        _to_supply(st, a, "civilian")
        lose(st, 1, f"a Mechanized attacks a civilian in {_area(st, a)}", "16.7")


def activate(st: SteamfallState, a: int) -> None:
    """§16.7 attack, move, attack; in the central district: removed for 1 serenity instead."""
    cr = st.cr
    cr["pending"].remove(a)
    if a == central(st):
        _to_supply(st, a, "mechanized")
        lose(st, 1, "a Mechanized starts its activation in the central district and is removed", "16.7")
        return
    _attack(st, a)
    if st.result is not None:
        return
    dests = move_choices(st, a)
    if len(dests) > 1:
        st.tasks.append(["cr_tie", st.order[0], a, ",".join(map(str, dests))])
        return
    if dests:
        _move(st, a, dests[0])
    _attack(st, dests[0] if dests else a)


def _move(st: SteamfallState, a: int, d: int) -> None:
    st.tok[a]["mechanized"] -= 1
    st.tok[d]["mechanized"] += 1
    st.say(None, f"a Mechanized moves from {_area(st, a)} to {_area(st, d)}", ref("16.7"))


def tie_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, p, a, dests = task
    acts = tuple(Action(f"mechto:{d}", f"it moves to {_area(st, int(d))}") for d in dests.split(","))
    return Decision(
        p,
        "mechanized_move",
        f"A Mechanized in {_area(st, a)}: tied destinations, the players choose",
        ref("16.7"),
        acts,
    )


def apply_tie(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    a = task[2]
    st.tasks.pop()
    d = int(aid.split(":")[1])
    _move(st, a, d)
    _attack(st, d)


def resolve_after(st: SteamfallState, task: Task) -> None:
    """§16.11 after the third resolution: -1 per Mechanized in the central district, then
    victory only with every pylon destroyed and serenity at least 1."""
    if st.result is not None:
        return
    from ...rounds import ROUNDS

    if st.round < ROUNDS:
        st.tasks.append(["round"])
        return
    n = st.tok[central(st)]["mechanized"]
    lose(st, n, f"{n} Mechanized remain in the central district at the end", "16.11")
    if st.result is not None:
        return
    pylons = len(st.cr["pylons"])
    if pylons:
        st.result = {"won": False, "reason": f"{pylons} pylon(s) still stand after three rounds"}
    else:
        st.result = {"won": True, "reason": f"every pylon destroyed; serenity {st.cr['serenity']}"}
    st.say(None, st.result["reason"], ref("16.11"))
    st.tasks = []


# ------------------------------------------------------------------ views and components
def view(st: SteamfallState) -> dict[str, Any]:
    cr = st.cr
    sh = st.content.shard
    cards = []
    for card in cr["cards"]:
        cc = crisis_of(st, card)
        cards.append(
            {
                "area": card["area"],
                "id": card["id"],
                "name": cc.name,
                "boxes": [
                    {
                        "text": ch.text,
                        "optional": ch.optional,
                        "counts": counts(st, ch),
                        "chaos": ch.chaos,
                        "shard": ch.shard,
                        "done_by": card["done"][b],
                    }
                    for b, ch in enumerate(cc.boxes)
                ],
                "reward": label(cc.reward),
                "penalty": f"{cc.penalty.kind} {cc.penalty.n}",
            }
        )
    now = cr["now"]
    return {
        "difficulty": difficulty(st),
        "optional_active": optional_active(st),
        "serenity": cr["serenity"],
        "pylons": list(cr["pylons"]),
        "shard": {
            "holder": cr["shard"]["holder"],
            "power": cr["shard"]["power"],
            "gauge": sh.gauge if sh else 0,
            "destroy": sh.destroy if sh else 0,
        },
        "cards": cards,
        "support": list(cr["support"]),
        "support_spent": cr["spent"],
        "encounter": None
        if now is None
        else {
            **now,
            "cards": list(now["cards"]),
            "sup": list(now["sup"]),
            "used": list(now["used"]),
            "names": [st.content.encounters[x].name for x in now["cards"]],
            "sup_names": [st.content.encounters[x].name for x in now["sup"]],
        },
        "encounter_deck": len(cr["enc"]),
        "encounter_discard": list(cr["enc_discard"]),
        "crisis_deck": len(cr["deck"]),
        "crisis_out": list(cr["out"]),
    }


def components(st: SteamfallState) -> dict[str, int]:
    cr = st.cr
    now = cr["now"]
    held = len(now["cards"]) + len(now["sup"]) if now else 0
    return {
        "crisis_cards": len(cr["deck"]) + len(cr["out"]) + len(cr["cards"]),
        "encounter_cards": len(cr["enc"]) + len(cr["enc_discard"]) + held,
    }


def box_cubes(st: SteamfallState) -> int:
    return sum(sum(1 for x in card["cube"] if x) for card in st.cr.get("cards", []))


def determinize(st: SteamfallState, rng: Any) -> None:
    """The crisis and encounter decks' orders are hidden from everyone."""
    if st.cr:
        rng.shuffle(st.cr["deck"])
        rng.shuffle(st.cr["enc"])


DECISIONS = {
    "cr_reward": reward_decision,
    "cr_shift": shift_decision,
    "cr_order": order_decision,
    "cr_tie": tie_decision,
}
APPLY = {
    "cr_reward": apply_reward,
    "cr_shift": apply_shift,
    "cr_order": apply_order,
    "cr_tie": apply_tie,
}
AUTOMATIC = {
    "cr_resolution": resolve_resolution,
    "cr_mech": resolve_mech,
    "cr_after": resolve_after,
}
