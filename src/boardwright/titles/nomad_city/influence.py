"""Influence on the board (§7): place, move, replace and remove; the conditional-effect
decision (§9.2) and the step runner for data-driven effects (§9.1)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import islice
from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from .rules import ref
from .steps import RESOURCE_NAMES, amount, cost_words, describe_raw

if TYPE_CHECKING:
    from .board import Board
    from .state import NomadState, Task


def cost_text(cost: Mapping[Any, int]) -> str:
    return ", ".join(amount(n, k) for k, n in cost.items()) or "nothing"


# ---------------------------------------------------------------- legality (§7.1)
def can_hold(s: NomadState, seat: int, loc: str) -> bool:
    """May `seat` put an influence on `loc`: a free space, and on a mining site a resource
    marker already there and no other player's mobile city docked (§7.1)."""
    if len(s.influence.get(loc, ())) >= s.board.capacity[loc] or loc in s.highways:
        return False
    if loc in s.board.sites:
        if loc not in s.explored:
            return False
        if any(c == loc for o, c in enumerate(s.city) if o != seat):
            return False
    return True


_SLOTS: dict[int, tuple[Board, tuple[tuple[str, int, bool], ...]]] = {}


def _slots(board: Board) -> tuple[tuple[str, int, bool], ...]:
    """(location, spaces, is a mining site) in board order, built once per board (the
    entry keeps the board alive, so its id cannot be reused)."""
    hit = _SLOTS.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_SLOTS) >= 16:
            _SLOTS.clear()
        hit = _SLOTS[id(board)] = (board, tuple((loc, board.capacity[loc], loc in board.sites)
                                                for loc in board.locations))
    return hit[1]


def _holdable(s: NomadState, seat: int, reverse: bool = False) -> Iterator[str]:
    """The locations `seat` may put an influence on, in board order (`reverse`: backwards)."""
    others = {c for o, c in enumerate(s.city) if o != seat}
    covered = s.highways  # a Highway token covers every space of its route (§16.5)
    influence = s.influence
    explored = s.explored
    slots = _slots(s.board)
    for loc, spaces, site in reversed(slots) if reverse else slots:
        owners = influence.get(loc)
        if owners is not None and len(owners) >= spaces:
            continue
        if covered and loc in covered:
            continue
        if site and (loc not in explored or loc in others):
            continue
        yield loc


def holdable_spots(s: NomadState, seat: int) -> tuple[str, ...]:
    """Every location `seat` may put an influence on (§7.1), in board order: derived from
    the board alone, so kept in `s.derived` until the board changes."""
    key = ("holdable", seat)
    hit: tuple[str, ...] | None = s.derived.get(key)
    if hit is None:
        hit = s.derived[key] = tuple(_holdable(s, seat))
    return hit


def holdable(s: NomadState, seat: int) -> list[str]:
    """Every location `seat` may put an influence on (§7.1), in board order."""
    return list(holdable_spots(s, seat))


def place_targets(s: NomadState, seat: int) -> list[str]:
    if s.supply[seat] < 1:
        return []
    return holdable(s, seat)


def own_locations(s: NomadState, seat: int) -> list[str]:
    return [loc for loc in s.board.locations if seat in s.influence.get(loc, ())]


def put(s: NomadState, seat: int, loc: str) -> None:
    s.supply[seat] -= 1
    s.influence.setdefault(loc, []).append(seat)
    s.derived = {}  # s.board_changed(), inline: a hot path


def take(s: NomadState, owner: int, loc: str) -> None:
    """Remove one of `owner`'s influence from `loc`; it returns to its owner's supply."""
    s.influence[loc].remove(owner)
    if not s.influence[loc]:
        del s.influence[loc]
    s.supply[owner] += 1
    s.derived = {}  # s.board_changed(), inline: a hot path


def lose(s: NomadState, owner: int, loc: str) -> None:
    """An influence of `owner` is removed or replaced: back to the supply, or onto
    Dorothy's card if its owner keeps her Tactic in play and so chooses (§17.7)."""
    take(s, owner, loc)
    if "dorothy" in s.persist[owner]:
        s.push("dorothy_catch", owner)


def move_targets(s: NomadState, seat: int, origin: str) -> list[str]:
    return [loc for loc in holdable_spots(s, seat) if loc != origin]


def can_move(s: NomadState, seat: int) -> list[str]:
    """The locations holding an influence of `seat` that could move somewhere (§7.2)."""
    spots = holdable_spots(s, seat)
    if len(spots) > 1:  # two spots: every influence has one to move to
        return own_locations(s, seat)
    return [loc for loc in own_locations(s, seat) if spots and spots[0] != loc]


def may_move(s: NomadState, seat: int) -> bool:
    """`bool(can_move(s, seat))`, stopping as soon as the answer is known (from the
    board alone: kept in `s.derived`)."""
    key = ("may_move", seat)
    hit: bool | None = s.derived.get(key)
    if hit is not None:
        return hit
    spots = s.derived.get(("holdable", seat))
    if spots is None:  # two spots are enough: routes first (most of them have room)
        spots = tuple(islice(_holdable(s, seat, reverse=True), 2))
    influence = s.influence
    if len(spots) > 1:  # two spots: every influence has one to move to
        hit = any(seat in owners for owners in influence.values())
    else:
        hit = bool(spots) and any(seat in owners and loc != spots[0]
                                  for loc, owners in influence.items())
    s.derived[key] = hit
    return hit


# ---------------------------------------------------------------- place (§7.1)
_LABELS = {"place": "Place an influence on {}", "to": "Move it to {}",
           "from": "Move an influence from {}"}
_ACTIONS: dict[tuple[str, str], Action] = {}  # actions are immutable: shared


def _action(kind: str, loc: str) -> Action:
    act = _ACTIONS.get((kind, loc))
    if act is None:
        act = _ACTIONS[(kind, loc)] = Action(f"{kind}:{loc}", _LABELS[kind].format(loc))
    return act


def place_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, left, optional, rule = task
    acts = list(_place_actions(s, me)) if s.supply[me] >= 1 else []  # `place_targets`
    if optional:
        acts.append(Action("place:none", "Place nothing"))
    return Decision(me, "place_influence", f"Place an influence ({left} to place)", rule, tuple(acts))


def _place_actions(s: NomadState, seat: int) -> tuple[Action, ...]:
    """An action for each of `holdable_spots` (kept in `s.derived` with them)."""
    key = ("place", seat)
    hit: tuple[Action, ...] | None = s.derived.get(key)
    if hit is None:
        hit = s.derived[key] = tuple([_action("place", loc) for loc in holdable_spots(s, seat)])
    return hit


def apply_place(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    loc = action_id.partition(":")[2]
    rule = task[4]
    if loc == "none":
        s.tasks.pop()
        s.say(seat, "places no influence", rule)
        return
    put(s, seat, loc)
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(seat, f"places an influence on {loc}", rule)
    task[2] -= 1
    if task[2] <= 0:
        s.tasks.pop()


def resolve_place_at(s: NomadState, task: Task) -> None:
    """Place 1 influence on a given mining site, if a marker and a space allow (§9.1)."""
    _, seat, site, rule = task
    if s.supply[seat] < 1 or not can_hold(s, seat, site):
        s.say(seat, f"cannot place an influence on {site}: skipped", rule)
        return
    put(s, seat, site)
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(seat, f"places an influence on {site}", rule)


# ---------------------------------------------------------------- move (§7.2)
def move_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, left, optional, rule, origin = task
    if origin:
        acts = [_action("to", loc) for loc in move_targets(s, me, origin)]
        prompt = f"Move your influence from {origin} to where?"
    else:
        acts = [_action("from", loc) for loc in can_move(s, me)]
        if optional and acts:
            acts.append(Action("from:stop", "Stop moving"))
        prompt = f"Move one of your influence ({left} moves left)"
    return Decision(me, "move_influence", prompt, rule, tuple(acts))


def apply_move(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    kind, _, loc = action_id.partition(":")
    rule = task[4]
    if kind == "from":
        if loc == "stop":
            s.tasks.pop()
            s.say(seat, "stops moving influence", rule)
            return
        task[5] = loc
        return
    origin = task[5]
    take(s, seat, origin)
    put(s, seat, loc)
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(seat, f"moves an influence from {origin} to {loc}", rule)
    task[5] = ""
    task[2] -= 1
    if task[2] <= 0:
        s.tasks.pop()


# ---------------------------------------------------------------- replace / remove (§7.3)
def replace_decision(s: NomadState, task: Task, seat: int) -> Decision:
    """"Replace 1 influence" names no owner: an opponent's or one's own (§7.3, §11.1)."""
    _, me, rule = task
    acts = []
    for loc in s.board.locations:
        for owner in sorted(set(s.influence.get(loc, ()))):
            who = "your own" if owner == me else f"seat {owner}'s"
            acts.append(Action(f"replace:{loc}:{owner}", f"Replace {who} influence on {loc}"))
    return Decision(me, "replace_influence", "Replace an influence", rule, tuple(acts))


def apply_replace(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, loc, owner = action_id.split(":")
    replace_with_own(s, seat, int(owner), loc, task[2])


def replace_with_own(s: NomadState, seat: int, owner: int, loc: str, rule: str) -> None:
    """Remove `owner`'s influence on `loc`, then put one's own there if allowed (§7.3)."""
    lose(s, owner, loc)
    whose = "its own" if owner == seat else f"seat {owner}'s"
    if s.supply[seat] >= 1 and can_hold(s, seat, loc):
        put(s, seat, loc)
        s.say(seat, f"replaces {whose} influence on {loc} with its own", rule)
    else:
        s.say(seat, f"removes {whose} influence on {loc} but cannot place its own there",
              rule)


def remove_own_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    acts = tuple(Action(f"remove:{loc}", f"Remove your influence from {loc}")
                 for loc in own_locations(s, me))
    return Decision(me, "remove_influence", "Remove 1 of your influence", rule, acts)


def apply_remove_own(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    loc = action_id.partition(":")[2]
    lose(s, seat, loc)
    s.say(seat, f"removes its influence from {loc}", task[2])


# ---------------------------------------------------------------- conditional (§9.2)
def cond_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, cost, _then, rule, label = task
    if not s.can_pay(me, cost):
        return Decision(me, "conditional", label, rule, ())
    words = cost_words(cost)
    acts = (Action("pay", f"{words[0].upper()}{words[1:]} → {label}"), Action("decline", "Decline"))
    return Decision(me, "conditional", f"{words[0].upper()}{words[1:]} → {label}?", rule, acts)


def apply_cond(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, cost, then, rule, label = task
    if action_id == "decline":
        s.say(seat, f"declines to {cost_words(cost)} for {label}", ref("9.2"))
        return
    s.say(seat, f"{cost_words(cost).replace('pay', 'pays', 1).replace('lose', 'loses', 1)} "
                f"for {label}", rule)
    for t in reversed(then):
        s.tasks.append(list(t))
    s.pay(me, cost, rule)  # on top: paid before what follows the arrow


# ---------------------------------------------------------------- paying with Passenger (§17.10)
def payment_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, cost, rule = task
    acts = []
    for way in s.payment_ways(me, cost):
        if not way:
            acts.append(Action("markers:none", f"Pay {cost_text(cost)}"))
            continue
        rest = {k: n - way.count(k) for k, n in cost.items() if n - way.count(k)}
        stand = ", ".join(f"{way.count(k)} {RESOURCE_NAMES[k]}" for k in dict.fromkeys(way))
        acts.append(Action("markers:" + "+".join(way),
                           f"Pay {cost_text(rest)} and {len(way)} Passenger marker(s) "
                           f"in place of {stand}"))
    return Decision(me, "payment", f"How do you pay {cost_text(cost)}?", rule, tuple(acts))


def apply_payment(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, cost, _rule = task
    arg = action_id.partition(":")[2]
    s.pay_with(me, cost, () if arg == "none" else tuple(arg.split("+")))


# ---------------------------------------------------------------- data-driven steps (§9.1)
def resolve_steps(s: NomadState, task: Task) -> None:
    _, seat, steps, rule = task
    if not steps:
        return
    step: dict[str, Any] = steps[0]
    if len(steps) > 1:
        s.push("steps", seat, steps[1:], rule)
    kind = step["kind"]
    if kind == "gain":
        got = {k: n for k, n in step.items() if k != "kind" and n}
        for k, n in got.items():
            s.add(seat, k, n)
        if not s.quiet:  # search copies keep no log (the hottest messages skip their text)
            s.say(seat, f"gains {cost_text(got)}", rule)
    elif kind == "place":
        s.push("place", seat, step["count"], False, rule)
    elif kind == "move":
        s.push("move", seat, step["count"], bool(step.get("up_to")), rule, "")
    elif kind == "replace":
        for _ in range(step["count"]):
            s.push("replace", seat, rule)
    elif kind == "build_hub":
        s.push("hub", seat, rule)
    elif kind == "pay_then":
        label = describe_raw(step["then"])
        s.push("cond", seat, dict(step["pay"]), [["steps", seat, step["then"], rule]], rule, label)
    else:
        from .coop import resolve_step  # the Corporation Module's icons (§16, §18)
        resolve_step(s, seat, step, rule)
