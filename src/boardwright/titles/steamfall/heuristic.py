"""Steamfall's evaluation for greedy (one step ahead) and ISMCTS (at its depth cutoff).

A decided game is worth +-1000. Incredible Invention is a team game: the value is the
team's progress toward the invention card's row for the current round (marketing VP,
permission cubes on secret locations, completion), then toward the rows still to come,
then the resources that buy them. Because a VP or a permission takes several moves, the
acting character's reachable options count too (an effect that pays a VP which it can
afford where it stands or one step away; a secret location without its cube within its
movement), so one-step look-ahead is drawn along those routes. Cipher Race is the seat's
worth against the best opponent's.

It reads only what every seat may know: resources, positions, cubes and revealed secret
locations, plus the face-down locations this seat has looked at.
"""

from __future__ import annotations

import heapq
from typing import Any

from boardwright.engine import GameState

from .effects import can_pay, expand_costs
from .rounds import ROUNDS, diamond_vp, requirement
from .scenarios import of

#: the `ismcts` bot's defaults for this game (hook `ismcts_defaults`): rollouts cut after 5
#: decisions instead of 20 make an iteration about 2.2x cheaper; at equal processor time
#: (0.1 s a decision, 2 players, Cipher Race, seats rotated, seeds 700-723) depth 5 won 13.5
#: of 24 games against depth 20 (56%, 37-74%): no weaker on a small sample
#: (docs/benchmarks.md, ISMCTS defaults)
ISMCTS_DEFAULTS = {"depth": 5}

#: value of one unit of each row for the current round (what a failed resolution costs)
W_VP, W_CUBE, W_QUARTER = 8.0, 6.0, 2.0


def evaluate(state: GameState, seat: int, depth: int = 2) -> float:
    """The scenario's evaluation (Incredible Invention, Crisis, Genesis) or, by default, the
    seat's worth against the best opponent's."""
    st: Any = state
    own = of(st).evaluate(st, seat, depth)
    if own is not None:
        return own
    if st.result is not None:
        out = state.outcome()
        return 1000.0 if seat in out.get("winners", []) else -1000.0
    mine = _worth(st, seat)
    others = [_worth(st, p) for p in range(st.players) if p != seat]
    return float(mine - max(others, default=0.0))


def evaluate_every_seat(state: GameState) -> list[float]:
    """`evaluate` for every seat: where the value is the team's (the co-operative scenarios),
    the same for every seat, it is computed once."""
    if of(state).team_value:
        return [evaluate(state, 0)] * state.players
    return [evaluate(state, p) for p in range(state.players)]


def turn_of(state: GameState) -> tuple[int, int]:
    """The turn under way, (round, turns begun in it): in solo one seat plays every character
    (and an AI sheet plays between them), so a search that counts rollouts in turns ends one
    where this changes (bots/heuristics.py)."""
    st: Any = state
    return (int(st.round), int(st.turn_idx))


evaluate.every_seat = evaluate_every_seat  # type: ignore[attr-defined]
evaluate.turn_of = turn_of  # type: ignore[attr-defined]


def _rows(st: Any) -> list[tuple[int, int, int]]:
    card = st.content.inventions[st.players]
    side = card.hard if st.options.get("difficulty") == "hard" else card.normal
    return [tuple(r) for r in side.rows[min(st.round, ROUNDS) - 1 :]]


def _team(st: Any, seat: int) -> float:
    if not st.round:
        return 0.0
    vp_need, cube_need, comp_need = requirement(st)
    later = _rows(st)[1:]
    vp_later = sum(r[0] for r in later)
    cube_later = max((r[1] for r in later), default=0)
    comp_later = sum(r[2] for r in later)
    b = st.board
    slots = range(b.n_districts, b.n_areas)
    if any(t[0] == "ii_check" for t in st.tasks):
        # the resolution: what is paid and what a character who still has to pay holds
        # count; paying earns a little more (so that it is always better than not)
        due = {t[1] for t in st.tasks if t[0] == "ii_pay"}
        held_vp = sum(st.pl[p]["res"]["vp"] + st.pl[p].get("diamonds", 0) for p in due)
        held_cubes = sum(1 for a in slots for p in st.cubes[a] if p in due)
        vp = 1.01 * st.paid["vp"] + min(held_vp, max(0, vp_need - st.paid["vp"]))
        cubes = 1.01 * st.paid["cubes"] + min(held_cubes, max(0, cube_need - st.paid["cubes"]))
        spare = sum(st.pl[p]["res"]["insight"] + 2 * st.pl[p]["res"]["steam"] for p in due)
    else:
        # (st.paid keeps the last round's figures until the next resolution starts)
        vp = sum(pl["res"]["vp"] + pl.get("diamonds", 0) for pl in st.pl)
        cubes = sum(len(st.cubes[a]) for a in slots)
        spare = sum(pl["res"]["insight"] + 2 * pl["res"]["steam"] for pl in st.pl)
    quarters = 4 * st.completion + st.quarters
    vp_soon, cube_soon, near = _reach(st)
    # this round's row first, each part capped at what it needs
    vp_now = min(vp, vp_need)
    cube_now = min(cubes, cube_need)
    value = W_VP * vp_now + W_CUBE * cube_now
    value += W_QUARTER * min(quarters, 4 * comp_need) + 1.0 * min(quarters + spare, 4 * comp_need)
    # what the acting character can still turn into this round's row
    value += 0.7 * W_VP * min(vp_soon, max(0, vp_need - vp_now))
    value += 0.7 * W_CUBE * min(cube_soon, max(0, cube_need - cube_now))
    value -= 1.0 * near * (cube_now < cube_need)
    # then the rows still to come, and the resources that buy them
    value += 3.0 * min(max(0, vp - vp_need), vp_later) + 2.0 * min(max(0, cubes - cube_need), cube_later)
    extra_q = max(0, quarters - 4 * comp_need)
    extra_s = max(0, quarters + spare - 4 * comp_need)
    value += 1.0 * min(extra_q, 4 * comp_later) + 0.4 * min(extra_s, 4 * comp_later)
    value += 2.0 * min(2, _engines(st))
    rest = sum(_worth(st, p, ii=True) for p in range(st.players))
    # a tiny cost per logged event, so that a loop of effects that changes nothing (pay a
    # charm with stamina to gain a stamina) never looks as good as ending the turn
    return float(value + 0.3 * rest + 2.0 * len(st.cover) - 0.002 * st.log_count())


def _acting(st: Any) -> tuple[int, str] | None:
    if not st.tasks:
        return None
    t = st.tasks[-1]
    if t[0] == "turn" and not t[2]:
        return t[1], "turn"
    if t[0] == "location":
        return t[1], "location"
    return None


def _reach(st: Any) -> tuple[float, float, float]:
    """(a VP the acting character can still buy this turn, a cube it can still place this
    turn, the team's summed movement distance to the nearest secret location without the
    character's cube)."""
    near = sum(_distances(st, p)[1] for p in range(st.players) if st.pl[p].get("char"))
    act = _acting(st)
    if act is None:
        return 0.0, 0.0, near
    p, what = act
    pl = st.pl[p]
    if what == "location":
        area = st.tasks[-1][2]
        placeable = p not in st.cubes[area] and (pl["cubes"] > 0 or any(p in c for c in st.cubes))
        return 0.0, 1.0 if placeable else 0.0, near
    if pl["col"] < 0:
        return 0.0, 0.0, near
    dist, nearest = _distances(st, p)
    move = pl["pool"]["movement"] + pl["res"]["stamina"]
    cube_soon = 1.0 if pl["cubes"] > 0 and nearest <= move else 0.0
    vp_soon = 0.0
    if _vp_payable(st, p, pl["at"], at_only=False):
        vp_soon = 1.0
    elif move:
        for dest, d in dist.items():
            if 0 < d <= move and _vp_payable(st, p, dest, at_only=True):
                vp_soon = 0.9 - 0.1 * d
                break
    return vp_soon, cube_soon, near


def _engines(st: Any) -> int:
    """Revealed secret locations whose influence effect buys a VP from anywhere, under the
    influence of some character (pawn vault, sage's attic)."""
    n = 0
    for a in range(st.board.n_districts, st.board.n_areas):
        if st.up[a] and st.cubes[a] and st.loc[a]:
            for eff in st.content.effects_of("location", st.loc[a]):
                if eff.influence and any(t.what == "vp" for g in eff.gains for t in g):
                    n += 1
                    break
    return n


def _known(st: Any, p: int, area: int) -> bool:
    return bool(st.up[area]) or p in st.looked[area]


def _vp_payable(st: Any, p: int, area: int, at_only: bool = False) -> bool:
    """An effect that gains a VP, affordable now, usable in `area` (or, unless `at_only`,
    from the character's abilities, items, civilians and influenced locations)."""
    b = st.board
    comps: list[tuple[str, str]] = []
    if b.is_slot(area):
        if _known(st, p, area) and st.loc[area]:
            comps.append(("location", st.loc[area]))
    else:
        comps.append(("district", b.districts[area]))
    if not at_only:
        pl = st.pl[p]
        comps += [("ability", a) for a in pl["abil"]]
        comps += [("item", i) for i in pl["play"] if i not in pl["used"]]
        for a in range(b.n_districts, b.n_areas):
            if st.up[a] and p in st.cubes[a] and a != area:
                comps.append(("remote", st.loc[a]))
    for kind, cid in comps:
        remote_only = kind == "remote"
        effs = st.content.effects_of("location" if remote_only else kind, cid)
        for eff in effs:
            if eff.cause or eff.timing or (remote_only and not eff.influence):
                continue
            if not any(t.what == "vp" for g in eff.gains for t in g):
                continue
            if eff.condition is not None:
                continue
            for bundle in expand_costs(st, p, eff.costs) if eff.costs else [[]]:
                if can_pay(st, p, bundle):
                    return True
    return False


def _distances(st: Any, p: int) -> tuple[dict[int, int], float]:
    """Movement from the character to every area, and to the nearest secret location
    without its cube (0 when there is none)."""
    b = st.board
    start = st.pl[p]["at"]
    best = _movement(b.moves, start)
    # the nearest such location: the least distance among them (Dijkstra meets them in order)
    n_districts = b.n_districts
    cubes = st.cubes
    nearest = min(
        (d for a, d in best.items() if a != start and a >= n_districts and p not in cubes[a]), default=-1
    )
    if b.is_slot(start) and p not in st.cubes[start]:  # a cube goes in on entering: out and back
        back = min(cost for _, cost in b.moves[start]) + 1
        nearest = back if nearest < 0 else min(nearest, back)
    return best, float(max(0, nearest))


#: per board's pathways (by identity, the board kept alive alongside): area -> distances
_MOVEMENT: dict[int, tuple[Any, dict[int, dict[int, int]]]] = {}


def _movement(moves: Any, start: int) -> dict[int, int]:
    """Movement from `start` to every area, in the order Dijkstra finds them. The map never
    changes (board.py), so each board's answers are kept; callers must not change them."""
    entry = _MOVEMENT.get(id(moves))
    if entry is None or entry[0] is not moves:
        if len(_MOVEMENT) > 64:  # a long run plays many boards: keep only recent ones
            _MOVEMENT.clear()
        entry = _MOVEMENT[id(moves)] = (moves, {})
    known = entry[1]
    best = known.get(start)
    if best is not None:
        return best
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, a = heapq.heappop(heap)
        if d > best.get(a, 99):
            continue
        for nxt, cost in moves[a]:
            nd = d + cost
            if nd < best.get(nxt, 99):
                best[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    known[start] = best
    return best


def _worth(st: Any, p: int, ii: bool = False) -> float:
    pl = st.pl[p]
    if not pl.get("char"):
        return 0.0
    res = pl["res"]
    value = (
        0.15 * res["scrap"]
        + 0.1 * res["stamina"]
        + 0.4 * len(pl["play"])
        + 0.3 * len(pl["civs"])
        + 0.2 * sum(len(c) for c in pl["cols"])
        + 0.1 * len(pl["hand"])
    )
    if ii:
        return float(value + 0.3 * res["insight"] + 0.5 * res["steam"])
    return float(
        value
        + res["vp"]
        + diamond_vp(pl.get("diamonds", 0))
        + 3.0 * len(pl["tablets"])
        + 0.3 * res["steam"]
        + 0.2 * res["insight"]
        + 0.6 * len(pl["done"])
        + of(st).worth(st, p)
    )
