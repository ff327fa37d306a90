"""The bots' evaluation of a Crisis position (greedy one step ahead, ISMCTS at its cutoff).

Crisis is a team game, so every seat scores the same thing: the serenity the city will
still have after the next resolution (its `projected` serenity), the pylons destroyed and
the Core Shard's way round the ones left, the crisis boxes the acting character can still
cover this turn, and how near the team stands to every open crisis card. Projected
serenity is today's serenity less what the cards on the map will take (uncovered counting
boxes, then each card's penalty) and what the Mechanized will take (their attacks on
civilians, the centre), so covering a box, resolving a card, escorting a civilian out of a
Mechanized's reach or removing a Mechanized all show at once.

It reads only what every seat may know (positions, tokens, resources, the cards on the map).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from ...effects import can_pay
from .game import central, counts, crisis_of, distance

#: a point of serenity; a destroyed pylon; a point of Core Shard power toward the pylons left
W_SER, W_PYLON, W_POWER = 10.0, 70.0, 9.0
#: a point of movement between the Core Shard's holder and the end of its round of the pylons
#: left (times 1 + round); a point of movement between an open crisis card and the nearest
#: character (per chaos still open on it). Balance by simulation (balance.md, Crisis): with
#: only a pull toward the nearest pylon the holder stayed put with power for the rest (3
#: characters, seed 5008: 21 insight and 2 pylons left), and most boxes of round 1 went
#: uncovered (each character pulled to its own nearest card, all to the same one)
W_TOUR, W_COVER = 3.0, 2.0


def crisis_value(st: Any) -> float:
    res = st.result
    cr = st.cr
    if res is not None:
        if res.get("won"):
            return float(1000.0 + cr["serenity"])
        return float(-1000.0 + 30.0 * st.round - 20.0 * len(cr["pylons"]))
    if not cr or not st.round:
        return 0.0
    proj = projected(st)
    if proj <= 0 and st.tasks and st.tasks[-1][0] == "turn" and st.tasks[-1][2]:
        # at the end of the round with the city's fall foreseen: as good as lost, so that
        # stalling with a loop of effects (1 charm: 1 stamina paid with stamina) never
        # looks better than going on to the resolution (1 player crushing, seed 5013)
        return float(-1000.0 + 30.0 * st.round - 20.0 * len(cr["pylons"]) - 0.02 * st.log_count())
    value = W_SER * proj + _pylons(st) + _reach(st)
    now = cr["now"]
    if now is not None:
        value += 0.35 * W_SER * min(_successes(st, now), 2 * st.tok[st.pl[now["p"]]["at"]][now["kind"]])
    value += 0.5 * len(cr["support"])
    for pl in st.pl:
        if not pl.get("char"):
            continue
        r = pl["res"]
        value += 1.5 * r["insight"] + 3.0 * r["vp"] + 0.3 * r["scrap"] + 0.8 * r["steam"] + 0.6 * r["stamina"]
        value += 0.6 * len(pl["play"]) + 0.4 * len(pl["civs"]) + 0.3 * sum(len(c) for c in pl["cols"])
        value += 0.1 * len(pl["hand"])
    # a small cost per logged event: a loop of effects that changes nothing is never chosen
    return float(value - 0.02 * st.log_count())


def projected(st: Any) -> float:
    """Serenity after the next resolution if nobody did anything more (below 0 when the city
    would fall: the difference still tells a worse position from a better one)."""
    cr = st.cr
    loss = 0.0
    civ = [t["civilian"] for t in st.tok]
    mech = [t["mechanized"] for t in st.tok]
    for card in cr["cards"]:
        cc = crisis_of(st, card)
        loss += sum(ch.chaos for b, ch in enumerate(cc.boxes) if counts(st, ch) and card["done"][b] < 0)
        pen, area = cc.penalty, card["area"]
        if pen.kind == "serenity":
            loss += pen.n
        elif pen.kind == "mechanized":
            mech[area] += pen.n
            loss += 0.5 * pen.n  # they will strike in later rounds too
        else:
            hit = min(pen.n, civ[area])
            loss += hit
            civ[area] -= hit
            if pen.kind == "turn":
                mech[area] += hit
    centre = central(st)
    for a, m in enumerate(mech):
        if not m:
            continue
        if a == centre:
            loss += m  # removed for 1 each at the resolution (or 1 each at the end)
            continue
        # each attacks here, moves one step in, attacks there: at most two civilians each
        hit_here = min(m, civ[a])
        near = [d for d in st.board.neighbours(a) if distance(st, d) < distance(st, a)]
        hit_next = min(m, max((civ[d] for d in near), default=0))
        loss += hit_here + hit_next + 0.4 * m * max(0, 4 - distance(st, a))
    return float(cr["serenity"] - loss)


def _successes(st: Any, now: dict[str, Any]) -> float:
    """The encounter's successes, counting those its drawn, unused cards can still give (the
    best option of each, with its gear bonus): drawing a card shows its worth at once."""
    from .game import gear

    total = float(now["succ"])
    for i, cid in enumerate(now["cards"]):
        if i in now["used"]:
            continue
        e = st.content.encounters[cid]
        half = e.civilian if now["kind"] == "civilian" else e.mechanized
        best = max((sum(t.n for t in b if t.what == "success") for b in half.options), default=0)
        if gear(st, now["p"], half.gear):
            best += sum(t.n for t in half.bonus if t.what == "success")
        total += 0.9 * best
    return total


def _pylons(st: Any) -> float:
    """Destroyed pylons, power toward those left (and the holder's insight and VP that can
    charge it), and the holder's way round every pylon left, shorter by the movement in its
    pool when it is the one acting (more urgent each round: every pylon must go by round 3)."""
    cr = st.cr
    sh = st.content.shard
    total = sum(1 for d in st.board.districts if st.content.districts[d].type == "ancient")
    left = len(cr["pylons"])
    value = W_PYLON * (total - left)
    if not left or sh is None:
        return value
    power = cr["shard"]["power"]
    need = sh.destroy * left
    # every pylon must be gone by the end of round 3: power weighs more each round
    value += W_POWER * (1.0 + 0.5 * (st.round - 1)) * min(power, need)
    holder = cr["shard"]["holder"]
    pl = st.pl[holder]
    can = sum(pl["res"].get(b[0].what, 0) // b[0].n for b in sh.charge if len(b) == 1 and b[0].n > 0)
    value += 2.0 * min(power + can, need)
    way = _tour(st.board.moves, pl["at"], tuple(cr["pylons"]))
    if _acting(st) == holder:
        way = max(0, way - pl["pool"]["movement"])
    return float(value - W_TOUR * (1.0 + st.round) * way)


@lru_cache(maxsize=64)
def _paths(moves: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Least movement between every two areas of a map (its board's `moves`; a map never
    changes, so one table per map)."""
    n = len(moves)
    far = 99
    d = [[0 if a == b else far for b in range(n)] for a in range(n)]
    for a, row in enumerate(moves):
        for b, cost in row:
            d[a][b] = min(d[a][b], cost)
    for k in range(n):
        dk = d[k]
        for a in range(n):
            dak = d[a][k]
            if dak < far:
                da = d[a]
                for b in range(n):
                    if dak + dk[b] < da[b]:
                        da[b] = dak + dk[b]
    return tuple(tuple(row) for row in d)


@lru_cache(maxsize=4096)
def _tour(moves: tuple[tuple[tuple[int, int], ...], ...], start: int, stops: tuple[int, ...]) -> int:
    """Least movement from `start` through every one of `stops` (at most four pylons)."""
    d = _paths(moves)
    best = 99 * (len(stops) + 1)
    for order in permutations(stops):
        way, at = 0, start
        for a in order:
            way += d[at][a]
            at = a
        best = min(best, way)
    return best


def _acting(st: Any) -> int | None:
    if st.tasks and st.tasks[-1][0] == "turn" and not st.tasks[-1][2]:
        return int(st.tasks[-1][1])
    return None


def _reach(st: Any) -> float:
    """Crisis boxes the acting character can still pay this turn where it stands or within
    its movement; every character's pull toward the nearest open crisis card; and, per open
    card, the movement between it and the nearest character (the acting one nearer by the
    movement in its pool), so the team spreads over the cards."""
    cr = st.cr
    if not cr["cards"]:
        return 0.0
    d = _paths(st.board.moves)
    p = _acting(st)
    value = 0.0
    near: list[tuple[int, int]] = []  # (area, movement in hand) of every character on the map
    for k, who in enumerate(st.pl):
        if who.get("char") and who["at"] >= 0:
            value -= 0.6 * min(d[who["at"]][card["area"]] for card in cr["cards"])
            near.append((who["at"], who["pool"]["movement"] if k == p else 0))
    for card in cr["cards"]:
        boxes = crisis_of(st, card).boxes
        chaos = sum(ch.chaos for b, ch in enumerate(boxes) if counts(st, ch) and card["done"][b] < 0)
        if chaos and near:
            gap = min(max(0, d[at][card["area"]] - move) for at, move in near)
            value -= W_COVER * chaos * min(gap, 6)
    if p is None or st.pl[p]["col"] < 0:
        return value
    pl = st.pl[p]
    # only the movement in the pool: stamina spent on the way might be what pays the box, and
    # a bonus the character cannot cash keeps greedy in its turn forever (2p easy, seed 5010)
    move = pl["pool"]["movement"]
    holder = cr["shard"]["holder"]
    best = 0.0
    for card in cr["cards"]:
        gap = d[pl["at"]][card["area"]]
        if gap > move:
            continue
        for b, ch in enumerate(crisis_of(st, card).boxes):
            if ch.kind != "pay" or card["done"][b] >= 0 or not counts(st, ch):
                continue
            if ch.shard and holder != p and st.pl[holder]["at"] != card["area"]:
                continue  # the Core Shard's holder must be there (the box is not offered)
            if any(can_pay(st, p, bundle) for bundle in ch.costs):
                best = max(best, (0.7 - 0.05 * gap) * W_SER * ch.chaos)
    return value + best
