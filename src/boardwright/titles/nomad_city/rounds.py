"""The round (§4): Character Selection, the two turns of Player Actions, Resource
Collection and the End Phase; plus explanations of refused actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from . import build, explore, heroes, operators
from .board import cheapest_tolls
from .explore import TOLL, payees
from .influence import may_move
from .rules import ref
from .setup import ROUNDS
from .steps import RESOURCE_NAMES

if TYPE_CHECKING:
    from boardwright.engine import Rng

    from .state import NomadState, Task


# ---------------------------------------------------------------- round start (§4)
def resolve_round(s: NomadState, task: Task) -> None:
    s.round = task[1]
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(None, f"round {s.round} begins; seat {s.first} is the first player", ref("4"))
    if s.round == {4: 3, 3: 4, 2: 5}[s.players] + 1:
        s.say(None, "the Originium dust clears: the Red Zone is open", ref("8"))
    for seat in range(s.players):
        if not s.hand[seat] and s.discard[seat]:
            s.hand[seat] = s.discard[seat]
            s.discard[seat] = []
            s.say(seat, "takes its character discard pile back into its hand", ref("4.1"))
    s.push("end_phase")
    s.push("collect_start")
    s.push("turns", 0)
    s.push("select")
    if s.corps and s.round == {4: 3, 3: 4, 2: 5}[s.players] + 1:
        # the extra cooperation level, first player first (§15.3)
        for seat in reversed(s.order()):
            s.push("steps", seat, [{"kind": "advance", "count": 1, "trigger": False}], ref("15.3"))
    if s.players == 2:
        for seat in reversed(s.order()):
            s.push("fac_remove", seat)


# ---------------------------------------------------------------- selection (§4.1)
def select_decision(s: NomadState, task: Task, seat: int) -> Decision:
    chars = s.content.characters
    acts = []
    for c in s.hand[seat]:
        rec = chars[c]
        act = _PICKS.get(id(rec))
        if act is None or act[0] is not rec:
            if len(_PICKS) >= 1_024:
                _PICKS.clear()
            act = _PICKS[id(rec)] = (rec, Action(f"pick:{c}", f"Place {rec.name} face down"))
        acts.append(act[1])
    return Decision(seat, "character_selection", "Choose your character for this round, in secret",
                    ref("4.1"), tuple(acts), simultaneous=True, secret=True)


# character record id -> (the record, its pick action): both immutable, so shared
_PICKS: dict[int, tuple[object, Action]] = {}


def apply_select(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    char = action_id.partition(":")[2]
    s.hand[seat].remove(char)
    s.facedown[seat] = char
    s.revealed[seat] = False
    if not s.quiet:
        s.say(seat, f"places {s.content.characters[char].name} face down", ref("4.1"),
              visible_to=(seat,))
        s.say(seat, "places a character face down", ref("4.1"))
    if not choosers(s):
        s.tasks.pop()


def choosers(s: NomadState) -> tuple[int, ...]:
    """Seats still to place a card face down. With the Corporation Module a seat can be
    left with no card at all (Once cards boxed, Persistent ones in play): it plays the
    round without a character (§17.1, our reading in §13)."""
    facedown, hand = s.facedown, s.hand
    return tuple([p for p in s.order() if not facedown[p] and hand[p]])


# ---------------------------------------------------------------- turns (§4.2)
def resolve_turns(s: NomadState, task: Task) -> None:
    idx = task[1]
    if idx >= 2 * s.players:
        return
    seat = s.order()[idx % s.players]
    s.turn_flags = {"character": 0, "no_character": 0}
    s.push("turns", idx + 1)
    s.push("turn", seat, 0)
    if not s.quiet:  # search copies keep no log (the hottest messages skip their text)
        s.say(seat, f"takes turn {idx // s.players + 1} of round {s.round}", ref("4.2"))


def quick_actions(s: NomadState, seat: int) -> list[Action]:
    if s.facedown[seat] and not s.revealed[seat] and not s.turn_flags["no_character"]:
        rec = s.content.characters[s.facedown[seat]]
        hit = _REVEALS.get(id(rec))
        if hit is None or hit[0] is not rec:
            both = (Action("reveal:strategy", f"Reveal {rec.name}: {rec.strategy.name}"),
                    Action("reveal:tactic", f"Reveal {rec.name}: {rec.tactic.name}"),
                    Action("reveal:strategy+tactic",
                           f"Reveal {rec.name}: {rec.strategy.name} then {rec.tactic.name}"),
                    Action("reveal:tactic+strategy",
                           f"Reveal {rec.name}: {rec.tactic.name} then {rec.strategy.name}"))
            if len(_REVEALS) >= 1_024:
                _REVEALS.clear()
            hit = _REVEALS[id(rec)] = (rec, both)  # the entry keeps the record (and its id)
        # the first player is also offered both halves, in either order
        return [*hit[1][:4 if seat == s.first else 2], *build.declarations(s, seat)]
    return build.declarations(s, seat)


# character record id -> (the record, its reveal actions): both immutable, so shared
_REVEALS: dict[int, tuple[object, tuple[Action, ...]]] = {}


DEPLOY = Action("main:deploy", "Deploy: place 1 influence")
REDEPLOY = Action("main:redeploy", "Redeploy: move 1 influence, twice")
EXPLORE = Action("main:explore", "Explore: pay the toll, resolve an event")
CITY = Action("main:city", "City Movement: pay 3 Originium Shard")
CITY_COST = {"shard": 3}
BUILD = Action("main:build", "Build a facility")
END = Action("end", "End your turn")


def main_actions(s: NomadState, seat: int) -> list[Action]:
    acts = [DEPLOY]
    if may_move(s, seat):
        acts.append(REDEPLOY)
    if explore.explore_targets(s, seat, False):
        acts.append(EXPLORE)
    if s.can_pay(seat, CITY_COST) and explore.city_targets(s, seat):
        acts.append(CITY)
    if build.build_options(s, seat, False):
        acts.append(BUILD)
    return acts + build.specials(s, seat)


def turn_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, stage = task
    acts = quick_actions(s, me)
    if stage == 0:
        acts = main_actions(s, me) + acts
        prompt = "Your turn: take quick actions, then your main action"
    else:
        acts.append(END)
        prompt = "Take more quick actions or end your turn"
    return Decision(me, "turn", prompt, ref("4.2"), tuple(acts))


def apply_turn(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    kind, _, rest = action_id.partition(":")
    if kind == "end":
        s.tasks.pop()
        return
    if kind == "reveal":
        heroes.reveal(s, seat, rest.split("+"))
        return
    if kind == "declare":
        sid, _, where = rest.partition(":")
        build.declare(s, seat, sid, where)
        return
    task[2] = 1  # the main action is taken; quick actions may follow (§4.2)
    if rest == "deploy":
        s.say(seat, "deploys", ref("5.1"))
        s.push("place", seat, 1, True, ref("5.1"))
    elif rest == "redeploy":
        s.say(seat, "redeploys", ref("5.2"))
        s.push("move", seat, 2, True, ref("5.2"), "")
    elif rest == "explore":
        s.push("explore_target", seat, 0)
    elif rest == "city":
        s.push("city_target", seat, "paid")
    elif rest == "build":
        s.push("build_pick", seat, 0)
    else:
        build.use_special(s, seat, rest.partition(":")[2])


# ---------------------------------------------------------------- collection (§4.3)
def owned_sites(s: NomadState, seat: int) -> frozenset[str]:
    """The mining sites holding `seat`'s influence or its city (kept in `s.derived`)."""
    key = ("owned", seat)
    hit: frozenset[str] | None = s.derived.get(key)
    if hit is None:
        sites = s.board.sites
        out = {loc for loc, owners in s.influence.items() if seat in owners and loc in sites}
        out.add(s.city[seat])
        hit = s.derived[key] = frozenset(out)
    return hit


def _free_closure(s: NomadState, seat: int, sites: list[str]) -> list[str]:
    """Sites reachable from `sites` along routes that cost this seat nothing (kept in
    `s.derived`: it depends on the board alone)."""
    key = ("closure", seat, tuple(sites))
    hit: tuple[str, ...] | None = s.derived.get(key)
    if hit is None:
        free = explore.free_routes(s, seat)  # the routes whose toll is 0 (`route_toll`)
        links = s.board.links
        seen = set(sites)
        stack = list(sites)
        while stack:
            for route, other in links[stack.pop()]:
                if other not in seen and route in free:
                    seen.add(other)
                    stack.append(other)
        hit = s.derived[key] = tuple(sorted(seen))
    return list(hit)


def collection_entry(s: NomadState, seat: int) -> dict[str, object]:
    """A fresh collection for `seat`: its Gold now is its budget for tolls (§4.3). The
    picks (`collected`, `tolls`) are the seat's secret until the reveal."""
    entry: dict[str, object] = {"done": False, "budget": s.gold[seat], "collected": [],
                                "tolls": [], "reach": _free_closure(s, seat, [s.city[seat]])}
    s.collect[seat] = entry
    _auto_done(s, seat)
    return entry


def resolve_collect_start(s: NomadState, task: Task) -> None:
    s.say(None, "Resource Collection: everyone chooses at once, in secret", ref("4.3"))
    for seat in range(s.players):
        collection_entry(s, seat)
    if all(c["done"] for c in s.collect):
        reveal_collection(s)
        return
    s.push("collect", "round")


def collect_options(s: NomadState, seat: int) -> list[Action]:
    """The next pick of `seat`'s collection plan. Nothing is applied before the reveal, so
    the board and every seat's Gold are those of the start of the step."""
    c = s.collect[seat]
    reach, budget = c["reach"], c["budget"]
    wanted = sorted(owned_sites(s, seat).difference(c["collected"]))
    in_reach = frozenset(reach)
    acts = []
    for site in wanted:
        if site in in_reach:
            marker = s.content.events[s.explored[site]].marker
            key = (site, marker.amount, marker.resource)
            act = _COLLECT_ACTIONS.get(key)
            if act is None:
                act = _COLLECT_ACTIONS[key] = Action(
                    f"collect:{site}",
                    f"Collect {marker.amount} {RESOURCE_NAMES[marker.resource]} from {site}")
            acts.append(act)
    far = tuple([w for w in wanted if w not in in_reach])
    if far and budget >= TOLL:
        spend = budget - TOLL
        for near, tolls in _toll_steps(s, seat, reach, in_reach, far):
            if near <= spend:
                acts.extend(tolls)
    return acts


def _toll_steps(s: NomadState, seat: int, reach: list[str], in_reach: frozenset[str],
                far: tuple[str, ...]) -> tuple[tuple[int, tuple[Action, ...]], ...]:
    """Each paying route out of the seat's network, in order, as (toll from its far end to
    the nearest site still wanted, its toll actions): the board alone decides them, so
    they are kept in `s.derived`; the seat's budget picks the ones it can afford."""
    key = ("tolls", seat, tuple(reach), far)
    hit: tuple[tuple[int, tuple[Action, ...]], ...] | None = s.derived.get(key)
    if hit is not None:
        return hit
    # toll from each site outside the network to the nearest site still wanted
    free = explore.free_routes(s, seat)  # the routes whose toll is 0 (`route_toll`)
    near = cheapest_tolls(s.board, far, TOLL, free, in_reach)
    links = s.board.links
    out = []
    for route, other in [(route, other) for here in reach for route, other in links[here]
                         if other not in in_reach and route not in free]:
        to: list[int | None] = list(payees(s, seat, route)) or [None]
        tolls = []
        for p in to:
            act = _TOLL_ACTIONS.get((route, p))
            if act is None:
                who = "the bank" if p is None else f"seat {p}"
                act = _TOLL_ACTIONS[(route, p)] = Action(
                    f"toll:{route}:{'bank' if p is None else p}",
                    f"Pay {TOLL} Gold to {who} for route {route}")
            tolls.append(act)
        out.append((near.get(other, 1 << 30), tuple(tolls)))
    hit = s.derived[key] = tuple(out)
    return hit


# actions are immutable: shared, keyed by everything their id and label show
_COLLECT_ACTIONS: dict[tuple[str, int, str], Action] = {}
_TOLL_ACTIONS: dict[tuple[str, int | None], Action] = {}


def _auto_done(s: NomadState, seat: int) -> list[Action]:
    """The seat's collection options; none left: its collection is done."""
    options = collect_options(s, seat)
    if not options:
        s.collect[seat]["done"] = True
    return options


DONE_COLLECTING = Action("done", "Finish collecting")


def collect_decision(s: NomadState, task: Task, seat: int) -> Decision:
    c = s.collect[seat]
    key = ("collect", seat)
    hit = s.derived.get(key)
    # another seat's pick changes nothing of this seat's options (nothing is applied
    # before the reveal): its decision is kept for as long as its own plan stands still
    if (hit is not None and hit[0] is c and hit[1] == len(c["collected"])
            and hit[2] == len(c["tolls"]) and hit[3] is task):
        dec: Decision = hit[4]
        return dec
    dec = _collect_decision(task, seat, collect_options(s, seat))
    _keep_collect_decision(s, task, seat, dec)
    return dec


def _keep_collect_decision(s: NomadState, task: Task, seat: int, dec: Decision) -> None:
    c = s.collect[seat]
    s.derived[("collect", seat)] = (c, len(c["collected"]), len(c["tolls"]), task, dec)


def _collect_decision(task: Task, seat: int, options: list[Action]) -> Decision:
    together = len(task) < 2 or task[1] != "solo"  # Rim Billiton's collection is alone
    return Decision(seat, "collection", "Choose mining sites to collect from and pay their "
                    "tolls (in secret until everyone is done)" if together else
                    "Choose mining sites to collect from and pay their tolls",
                    ref("4.3"), (*options, DONE_COLLECTING), simultaneous=together, secret=together)


def pick_collection(s: NomadState, seat: int, action_id: str, log: bool = True) -> list[Action]:
    """Add one pick to `seat`'s plan, kept aside until the reveal (§4.3); returns the seat's
    options for its next pick (none once it is done)."""
    c = s.collect[seat]
    kind, _, rest = action_id.partition(":")
    if kind == "done":
        c["done"] = True
    elif kind == "collect":
        c["collected"].append(rest)
        if log and not s.quiet:
            s.say(seat, f"chooses to collect from {rest}", ref("4.3"), visible_to=(seat,))
    else:
        route, _, who = rest.partition(":")
        c["tolls"].append([route, None if who == "bank" else int(who)])
        c["budget"] -= TOLL  # Gold gained in this step cannot pay its tolls
        rt = s.board.routes[route]
        c["reach"] = _free_closure(s, seat, sorted({*c["reach"], rt.a, rt.b}))
        if log and not s.quiet:
            who_text = "the bank" if who == "bank" else f"seat {who}"
            s.say(seat, f"chooses to pay {TOLL} Gold to {who_text} for route {route}",
                  ref("4.3"), visible_to=(seat,))
    return [] if c["done"] else _auto_done(s, seat)


def apply_collect(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    options = pick_collection(s, seat, action_id)
    if all(x["done"] for x in s.collect):
        s.tasks.pop()
        reveal_collection(s)
    elif options:
        # The seat's next decision is built from the options just computed (nothing changes
        # before it is asked: `run` stops at this simultaneous task), as `run` keeps the
        # decisions it builds; the engine's cache is cleared at the next apply.
        dec = _collect_decision(task, seat, options)
        s._cache[seat] = (dec, None)
        _keep_collect_decision(s, task, seat, dec)


def reveal_collection(s: NomadState) -> None:
    """Every plan is in: tolls and resources, in turn order (the order changes nothing:
    each seat's tolls were bounded by its Gold at the start of the step)."""
    for seat in s.order():
        c = s.collect[seat]
        for route, payee in c.get("tolls", ()):
            explore.pay_toll(s, seat, route, payee, ref("4.3"))
        for site in c.get("collected", ()):
            ev = s.content.events[s.explored[site]]
            s.add(seat, ev.marker.resource, ev.marker.amount)
            if not s.quiet:  # search copies keep no log: the text is not built
                s.say(seat, f"collects {ev.marker.amount} {RESOURCE_NAMES[ev.marker.resource]} "
                            f"from {site}", ref("4.3"))
        c["tolls"], c["collected"] = [], []
    s.collect = [{"done": True} for _ in range(s.players)]


def resample_collection(s: NomadState, seat: int, rng: Rng) -> None:
    """Determinize: the plans other seats are making are hidden from `seat`. One still
    choosing starts over; one done is replaced by a random complete plan."""
    if not s.tasks or s.tasks[-1][0] != "collect":
        return
    for other in range(s.players):
        c = s.collect[other]
        if other == seat or "reach" not in c or (not c["collected"] and not c["tolls"]
                                                 and not c["done"]):
            continue
        done = c["done"]
        collection_entry(s, other)  # nothing is paid before the reveal: same budget
        while done and not s.collect[other]["done"]:
            acts = [*collect_options(s, other), Action("done", "")]
            pick_collection(s, other, acts[rng.below(len(acts))].id, log=False)


# ---------------------------------------------------------------- End Phase (§4.4)
def resolve_end_phase(s: NomadState, task: Task) -> None:
    s.push("end_finish")
    for seat in reversed(s.order()):
        s.push("end_effects", seat, [])


def _end_task(s: NomadState, seat: int, effect: str) -> None:
    if effect == "liskarm":
        s.push("remove_own", seat, ref("11.1"))
    elif effect == "w":
        s.push("remove_own", seat, ref("17.4"))
        s.push("remove_own", seat, ref("17.4"))


def resolve_end_effects(s: NomadState, task: Task) -> None:
    """A seat's end-of-round effects, in the order that player chooses (§4.4): the removals
    of Liskarm and W, and the once-per-End-Phase placements of Dorothy and Mudrock, which
    the player may also decline (§17.7, §17.9)."""
    seat = task[1]
    used = list(task[2]) if len(task) > 2 else []
    pending = s.end_effects[seat]
    optional = operators.end_options(s, seat, used)
    if not pending and not optional:
        return
    if len(pending) == 1 and not optional:
        s.push("end_effects", seat, used)
        _end_task(s, seat, pending.pop())
        return
    s.push("end_order", seat, used)


def end_order_decision(s: NomadState, task: Task, seat: int) -> Decision:
    me = task[1]
    used = list(task[2]) if len(task) > 2 else []
    acts = [Action(f"first:{i}", f"Resolve {e} now") for i, e in enumerate(s.end_effects[me])]
    acts += operators.end_options(s, me, used)
    if not s.end_effects[me]:
        acts.append(Action("done", "Done"))
    return Decision(me, "end_order", "End Phase: choose which of your effects resolves next",
                    ref("4.4"), tuple(acts))


def apply_end_order(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    used = list(task[2]) if len(task) > 2 else []
    if action_id == "done":
        return
    if action_id.startswith("first:"):
        effect = s.end_effects[seat].pop(int(action_id.partition(":")[2]))
        s.push("end_effects", seat, used)
        _end_task(s, seat, effect)
        return
    s.push("end_effects", seat, [*used, action_id])
    operators.use_end_option(s, seat, action_id)


def resolve_end_finish(s: NomadState, task: Task) -> None:
    build.reset_styles(s)
    for seat in range(s.players):
        if s.facedown[seat] and not s.revealed[seat]:
            s.hand[seat] += [s.facedown[seat], *s.discard[seat]]
            s.discard[seat] = []
            s.facedown[seat] = ""
            s.say(seat, "did not use its character: it and the discard pile return to hand",
                  ref("4.4"))
        s.revealed[seat] = False
    s.first = (s.first + 1) % s.players
    if s.round >= ROUNDS:
        s.round = ROUNDS + 1
        s.finished = True
        s.say(None, "the eighth round is over: Final Scoring", ref("10.1"))
        return
    s.push("round", s.round + 1)


# ---------------------------------------------------------------- explanations
def why_illegal(s: NomadState, seat: int, action_id: str) -> tuple[str, str] | None:
    if not s.tasks or s.tasks[-1][0] != "turn":
        return None
    stage = s.tasks[-1][2]
    kind, _, rest = action_id.partition(":")
    if kind == "main" and stage == 1:
        return "you have already taken your main action this turn", ref("4.2")
    if kind == "end" and stage == 0:
        return "you must take a main action before ending your turn", ref("4.2")
    if kind == "reveal":
        if s.turn_flags["no_character"]:
            return "no Character card may be used in this turn", ref("5.7")
        if not s.facedown[seat] or s.revealed[seat]:
            return "your character of this round is already used", ref("6.1")
        if "+" in rest and seat != s.first:
            return "only the round's first player may use both effects", ref("6.1")
    if kind == "declare" and s.supply[seat] < 1:
        return "you have no player marker left to declare a City Style", ref("9.3")
    if kind == "main" and rest == "city" and not s.can_pay(seat, {"shard": 3}):
        return "City Movement costs 3 Originium Shard", ref("5.5")
    return None
