"""Explore with its toll (§5.3, §5.4), events, and City Movement (§5.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .board import cheapest_tolls
from .influence import lose, take
from .rules import ref
from .steps import RESOURCE_NAMES, describe, dumped

if TYPE_CHECKING:
    from .state import NomadState, Task

TOLL = 2  # Gold per route without your own influence (§5.4)


# ---------------------------------------------------------------- tolls (§5.4)
def route_toll(s: NomadState, seat: int, route: str) -> int:
    """2 Gold, unless the route holds your influence or is a highway (§5.4, §16.5)."""
    return 0 if seat in s.influence.get(route, ()) or route in s.highways else TOLL


def free_routes(s: NomadState, seat: int) -> frozenset[str]:
    """The routes `seat` travels without a toll (its influence, or a highway): with TOLL on
    every other route, they decide every toll distance (`route_toll`). From the board
    alone: kept in `s.derived` (the same set object, so toll memos find it at once)."""
    key = ("free", seat)
    hit: frozenset[str] | None = s.derived.get(key)
    if hit is None:
        hit = s.derived[key] = frozenset(
            [loc for loc, owners in s.influence.items() if seat in owners and "/" in loc]
            + s.highways)
    return hit


def payees(s: NomadState, seat: int, route: str) -> list[int]:
    """The opponents whose influence on `route` may receive its toll."""
    owners = s.influence.get(route)
    if not owners:
        return []
    return sorted({o for o in owners if o != seat})


def red_zone_open(s: NomadState) -> bool:
    """Red Zone sites open after round 3 (4 players), 4 (3 players), 5 (2 players) (§8)."""
    return s.round > _CLOSED_UNTIL[s.players]


_CLOSED_UNTIL = {4: 3, 3: 4, 2: 5}  # players -> the last round the Red Zone is closed


def open_site(s: NomadState, site: str) -> bool:
    return not s.board.sites[site].red_zone or red_zone_open(s)


def pay_toll(s: NomadState, seat: int, route: str, payee: int | None, rule: str) -> None:
    s.transfer_gold(seat, payee, TOLL)
    if not s.quiet:  # a search copy keeps no log: its text is not even built (hot path)
        to = "the bank" if payee is None else f"seat {payee}"
        s.say(seat, f"pays {TOLL} Gold to {to} for route {route}", rule)


# ---------------------------------------------------------------- explore (§5.3)
def explore_targets(s: NomadState, seat: int, free: bool) -> list[str]:
    gold = s.gold[seat]
    red = red_zone_open(s)
    return [site for site, cost, in_red in _unexplored(s, seat, free)
            if cost <= gold and (red or not in_red)]


def _unexplored(s: NomadState, seat: int, free: bool) -> tuple[tuple[str, int, bool], ...]:
    """(site, toll to reach it, in the Red Zone) for every unexplored site the seat's city
    can reach, in board order: the board alone decides them (kept in `s.derived`)."""
    key = ("unexplored", seat, free)
    hit: tuple[tuple[str, int, bool], ...] | None = s.derived.get(key)
    if hit is None:
        board = s.board
        costs = cheapest_tolls(board, s.city[seat], TOLL, None if free else free_routes(s, seat))
        explored = s.explored
        hit = s.derived[key] = tuple([(site, costs[site], rec.red_zone)
                                      for site, rec in board.sites.items()
                                      if site not in explored and site in costs])
    return hit


_TARGET_ACTIONS: dict[tuple[str, int, bool], Action] = {}


def _target_action(site: str, toll: int, red: bool) -> Action:
    act = _TARGET_ACTIONS.get((site, toll, red))
    if act is None:  # the toll told before the path is chosen
        cost = f"toll from {toll} Gold" if toll else "no toll"
        act = _TARGET_ACTIONS[(site, toll, red)] = Action(
            f"target:{site}", f"Explore {site} ({cost}{', Red Zone' if red else ''})")
    return act


def target_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, free = task
    tolls = {site: (0 if free else toll, red) for site, toll, red in _unexplored(s, me, bool(free))}
    acts = tuple(_target_action(site, *tolls[site]) for site in explore_targets(s, me, bool(free)))
    return Decision(me, "explore_target", "Choose the mining site to explore", ref("5.3"), acts)


def apply_target(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    site = action_id.partition(":")[2]
    free = task[2]
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(seat, f"explores {site}" + (" without paying the toll" if free else ""), ref("5.3"))
    s.push("explore_finish", seat, site)
    start = s.city[seat]
    if start != site and not free:  # for free: no toll, so the path does not matter
        s.push("explore_route", seat, site, start, [start], free)


def route_choices(s: NomadState, seat: int, target: str, here: str, visited: list[str],
                  free: bool) -> list[tuple[str, str]]:
    """Next routes of a path that can still reach `target` without revisiting a site and
    with Gold enough for the toll (§5.4)."""
    gold = s.gold[seat]
    free_set = None if free else free_routes(s, seat)
    # distances from the target equal distances to it: one search serves every next route
    back = cheapest_tolls(s.board, target, TOLL, free_set, frozenset(visited))
    out = []
    for route, other in s.board.links[here]:
        rest = back.get(other)
        if (other not in visited and rest is not None
                and (0 if free_set is None or route in free_set else TOLL) + rest <= gold):
            out.append((route, other))
    return out


_ROUTE_ACTIONS: dict[tuple[str, str, str, int], Action] = {}  # actions are immutable: shared


def route_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, target, here, visited, free = task
    acts = []
    for route, other in route_choices(s, me, target, here, visited, bool(free)):
        toll = 0 if free else route_toll(s, me, route)
        key = (route, here, other, toll)
        act = _ROUTE_ACTIONS.get(key)
        if act is None:
            act = _ROUTE_ACTIONS[key] = Action(f"route:{route}", f"Travel {here} → {other} (toll {toll})")
        acts.append(act)
    return Decision(me, "explore_path", f"Choose the next route towards {target}", ref("5.4"),
                    tuple(acts))


def apply_route(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    route = action_id.partition(":")[2]
    _, me, target, here, visited, free = task
    rt = s.board.routes[route]
    other = rt.b if rt.a == here else rt.a
    task[3] = other
    task[4] = [*visited, other]
    if other == target:
        s.tasks.pop()
    if not free and route_toll(s, me, route):
        owners = payees(s, me, route)
        if len(owners) > 1:
            s.push("pay_whom", me, route)
        else:
            pay_toll(s, me, route, owners[0] if owners else None, ref("5.4"))


def pay_whom_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, route = task
    acts = tuple(Action(f"pay:{o}", f"Pay {TOLL} Gold to seat {o}") for o in payees(s, me, route))
    return Decision(me, "toll_payee", f"Whose influence on {route} do you pay?", ref("5.4"), acts)


def apply_pay_whom(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    pay_toll(s, seat, task[2], int(action_id.partition(":")[2]), ref("5.4"))


def resolve_explore_finish(s: NomadState, task: Task) -> None:
    _, seat, site = task
    s.push("place_at", seat, site, ref("5.3"))
    reveal_event(s, seat, site, ref("5.3"))


# ---------------------------------------------------------------- events
def reveal_event(s: NomadState, seat: int, site: str, rule: str) -> None:
    """Reveal an Event card of the site's colour, lay its resource marker, offer its options."""
    colour = s.board.sites[site].colour
    deck = s.event_decks[colour]
    if not deck:
        s.say(seat, f"no {colour} Event card is left for {site}", ref("9.1"))
        return
    event = deck.pop()
    s.explored[site] = event
    s.board_changed()
    if not s.quiet:  # search copies keep no log: the text is not built
        rec = s.content.events[event]
        kind = RESOURCE_NAMES[rec.marker.resource]
        marker = f"a x2 {kind}" if rec.marker.amount == 2 else f"an {kind}" if kind[0] in "AEIOU" \
            else f"a {kind}"
        s.say(seat, f"reveals {rec.name} on {site}: {marker} marker", rule)
    s.push("event_option", seat, event, site, rule)


def event_option_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, event, _site, rule = task
    rec = s.content.events[event]
    hit = _OPTION_ACTIONS.get(id(rec))
    if hit is None or hit[0] is not rec:
        acts = tuple(Action(f"option:{i + 1}", f"{rec.name}: {describe(opt)}")
                     for i, opt in enumerate(rec.options))
        if len(_OPTION_ACTIONS) >= 4_096:
            _OPTION_ACTIONS.clear()
        hit = _OPTION_ACTIONS[id(rec)] = (rec, acts)  # the entry keeps the record (and its id)
    return Decision(me, "event_option", f"{rec.name}: choose an option", rule, hit[1])


# event record id -> (the record, its option actions): records are immutable, actions too
_OPTION_ACTIONS: dict[int, tuple[object, tuple[Action, ...]]] = {}


def apply_event_option(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, event, _site, rule = task
    rec = s.content.events[event]
    option = rec.options[int(action_id.partition(":")[2]) - 1]
    s.event_box.append(event)  # resolved Event cards go back to the box (§5.3, FAQ)
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(me, f"chooses {describe(option)}", rule)
    s.push("steps", me, dumped(option), rule)


# ---------------------------------------------------------------- City Movement (§5.5)
def city_targets(s: NomadState, seat: int, need_own: bool = False) -> list[tuple[str, str]]:
    out = []
    for route, site in s.board.links[s.city[seat]]:
        if any(c == site for o, c in enumerate(s.city) if o != seat) or not open_site(s, site):
            continue
        if need_own and seat not in s.influence.get(site, ()):
            continue
        out.append((route, site))
    return out


def city_target_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, mode = task
    need_own = mode == "elysium"
    acts = tuple(Action(f"city:{site}", f"Move your city along {route} to {site}")
                 for route, site in city_targets(s, me, need_own))
    rule = ref("11.2") if need_own else ref("5.5")
    return Decision(me, "city_target", "Choose where your mobile city goes", rule, acts)


def apply_city_target(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    site = action_id.partition(":")[2]
    route = next(r for r, o in s.board.links[s.city[seat]] if o == site)
    if task[2] == "eunectes":  # opposing influence is moved, not removed (§17.11)
        s.push("city_move", seat, route, site, "shove")
        return
    s.push("city_move", seat, route, site)
    if task[2] == "paid":
        s.say(seat, "pays 3 Originium Shard for City Movement", ref("5.5"))
        s.pay(seat, {"shard": 3}, ref("5.5"))


def resolve_city_move(s: NomadState, task: Task) -> None:
    """In the rulebook's order (§5.5): move the city; remove the opposing influence on the
    route and the site (Eunectes: move it, §17.11); then the event if the site has no
    marker; then 1 influence on the starting point (errata)."""
    seat, route, site = task[1], task[2], task[3]
    start = s.city[seat]
    s.city[seat] = site
    s.board_changed()
    s.say(seat, f"moves its mobile city from {start} to {site}", ref("5.5"))
    s.push("place_at", seat, start, ref("5.5"))  # last
    if site not in s.explored:
        s.push("event_reveal", seat, site, ref("5.5"))  # after the removals
    shoves = []
    for loc in (route, site):
        for owner in [o for o in s.influence.get(loc, ()) if o != seat]:
            if len(task) > 4 and task[4] == "shove":  # Eunectes moves them instead (§17.11)
                take(s, owner, loc)  # lifted now, put back where the mover chooses
                shoves.append(("shove", seat, owner, loc))
                continue
            lose(s, owner, loc)  # Dorothy's catch, if any, comes before the event
            s.say(seat, f"removes seat {owner}'s influence on {loc}", ref("5.5"))
    for shove in reversed(shoves):
        s.push(*shove)


def resolve_event_reveal(s: NomadState, task: Task) -> None:
    _, seat, site, rule = task
    if site not in s.explored:
        reveal_event(s, seat, site, rule)

