"""The Corporation Module's two starting characters, Mountain and Młynar (§17.2, §17.3),
and the Highway tokens Mountain lays (§16.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .influence import lose
from .rules import ref

if TYPE_CHECKING:
    from .state import NomadState, Task

HIGHWAYS = 8  # tokens in the box; missing ones may be replaced by any token (§15.1)


def highway_routes(s: NomadState) -> list[str]:
    return [r for r in s.board.routes if r not in s.highways]


def mountain_strategy(s: NomadState, seat: int, rule: str) -> None:
    if highway_routes(s):
        s.push("highway", seat, rule)
    else:
        s.say(seat, "every route is already a highway: skipped", ref("9.1"))


def mountain_tactic(s: NomadState, seat: int, rule: str) -> None:
    # the corporation advanced and the one triggered are the same (§17.2)
    then = [["steps", seat, [{"kind": "advance", "count": 1, "trigger": True}], rule]]
    s.push("cond", seat, {"gold": 2}, then, rule, "advance on 1 corporation and trigger its effect")


def mlynar_strategy(s: NomadState, seat: int, rule: str) -> None:
    # every player advances on one corporation, then any corporation's effect (§17.3)
    s.push("trigger", seat, "", rule)
    s.push("advance_all", seat, rule)


def mlynar_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("steps", seat, [{"kind": "advance", "count": 1, "trigger": False},
                           {"kind": "gain", "orirock": 1, "shard": 1, "oriron": 1}], rule)


def highway_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    acts = []
    for r in highway_routes(s):
        owners = s.influence.get(r, [])
        what = f" (removes {len(owners)} influence)" if owners else ""
        acts.append(Action(f"route:{r}", f"Turn route {r} into a highway{what}"))
    return Decision(me, "highway", "Choose the route for a Highway token", rule, tuple(acts))


def apply_highway(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    rule = task[2]
    route = action_id.partition(":")[2]
    owners = list(s.influence.get(route, []))
    s.highways.append(route)
    s.board_changed()
    s.say(seat, f"turns route {route} into a highway", rule)
    for o in owners:
        lose(s, o, route)
    for o in sorted(set(owners)):
        s.add(o, "points", 1)
        s.say(o, "lost influence to the highway and scores 1 point", rule)
    s.add(seat, "points", 1)
    s.say(seat, "scores 1 point", rule)
