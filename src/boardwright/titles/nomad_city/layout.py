"""Nomad City's board data for the browser board (`web/board.js`): the `board_data` hook.

The map data has no coordinates, so a readable layout is computed here, once per board
and deterministically: the Red Zone's sites on a ring in the middle, every
other site placed by its hop distance to them, then relaxed by stress majorization
(graph distances become drawing distances) and pushed apart where sites would overlap.
Everything served is public component data (the same for every seat).
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .content import Content

WIDTH = 1180.0
HEIGHT = 700.0
MARGIN = 70.0


def _hops(ids: list[str], edges: list[tuple[str, str]]) -> list[list[float]]:
    index = {s: i for i, s in enumerate(ids)}
    adj: list[list[int]] = [[] for _ in ids]
    for a, b in edges:
        adj[index[a]].append(index[b])
        adj[index[b]].append(index[a])
    n = len(ids)
    out = [[float(n)] * n for _ in range(n)]
    for src in range(n):
        out[src][src] = 0.0
        queue = deque([src])
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                if out[src][v] > out[src][u] + 1:
                    out[src][v] = out[src][u] + 1
                    queue.append(v)
    return out


def _ring_order(core: list[int], d: list[list[float]]) -> list[int]:
    """The centre's sites in the order of a walk along their own routes (so the ring
    starts untwisted), jumping to the nearest unvisited one where the walk ends."""
    order = [core[0]]
    left = core[1:]
    while left:
        last = order[-1]
        nxt = min(left, key=lambda c: (d[last][c], core.index(c)))
        order.append(nxt)
        left.remove(nxt)
    return order


def layout(ids: list[str], edges: list[tuple[str, str]], centre: set[str]) -> dict[str, tuple[float, float]]:
    """Positions in [MARGIN, WIDTH-MARGIN] x [MARGIN, HEIGHT-MARGIN], the same for the same input."""
    n = len(ids)
    if n == 0:
        return {}
    d = _hops(ids, edges)
    core = _ring_order([i for i, s in enumerate(ids) if s in centre] or [0], d)
    # start: the centre sites on a ring, the others at the circular mean of the centre sites
    # nearest to them, further out the more hops away they are
    ring = {c: 2 * math.pi * k / len(core) for k, c in enumerate(core)}
    pos: list[list[float]] = []
    for i in range(n):
        if i in ring:
            r, a = 1.0, ring[i]
        else:
            near = min(d[i][c] for c in core)
            wx = sum(math.cos(ring[c]) * math.exp(-2 * (d[i][c] - near)) for c in core)
            wy = sum(math.sin(ring[c]) * math.exp(-2 * (d[i][c] - near)) for c in core)
            a = math.atan2(wy, wx) + 0.15 * ((i * 7) % 5 - 2)
            r = 1.0 + near
        pos.append([r * math.cos(a), r * math.sin(a)])
    # stress majorization (SMACOF with weights 1/d^2)
    for _ in range(300):
        new = []
        for i in range(n):
            sx = sy = sw = 0.0
            for j in range(n):
                if i == j:
                    continue
                dij = max(d[i][j], 1e-9)
                w = dij ** -2
                dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
                dist = math.hypot(dx, dy) or 1e-9
                sx += w * (pos[j][0] + dij * dx / dist)
                sy += w * (pos[j][1] + dij * dy / dist)
                sw += w
            new.append([sx / sw, sy / sw])
        pos = new
    # keep sites apart (at least 0.8 hops)
    for _ in range(60):
        for i in range(n):
            for j in range(i + 1, n):
                dx, dy = pos[j][0] - pos[i][0], pos[j][1] - pos[i][1]
                dist = math.hypot(dx, dy) or 1e-9
                if dist < 0.8:
                    push = (0.8 - dist) / 2
                    pos[i][0] -= dx / dist * push
                    pos[i][1] -= dy / dist * push
                    pos[j][0] += dx / dist * push
                    pos[j][1] += dy / dist * push
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    spanx, spany = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    # fill the wide drawing area: x may be stretched up to 1.5 times more than y
    scale_y = min((WIDTH - 2 * MARGIN) / spanx, (HEIGHT - 2 * MARGIN) / spany)
    scale_x = min((WIDTH - 2 * MARGIN) / spanx, 1.5 * scale_y)
    offx = (WIDTH - scale_x * spanx) / 2 - scale_x * min(xs)
    offy = (HEIGHT - scale_y * spany) / 2 - scale_y * min(ys)
    return {s: (round(offx + scale_x * pos[i][0], 1), round(offy + scale_y * pos[i][1], 1))
            for i, s in enumerate(ids)}


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _label_spot(cx: float, cy: float, pts: list[tuple[float, float]],
                obstacles: list[tuple[float, float, float]],
                placed: list[tuple[float, float]], inner: bool = False) -> tuple[float, float]:
    """The candidate spot near a region (a 30-point label is ~130 wide, ~36 high, with
    the strength pills) that stays clearest of everything else; ties go outward."""
    best: tuple[float, float, float] | None = None
    reach = max((math.hypot(p[0] - cx, p[1] - cy) for p in pts), default=0.0)
    # a ring (the Red Zone) is labelled inside; other regions around their sites
    radii = (0.0, 35.0, 70.0) if inner else (reach + 45, reach + 65, reach + 90)
    for radius in radii:
        for k in range(24 if radius else 1):
            a = 2 * math.pi * k / 24
            x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
            if not (110 <= x <= WIDTH - 110 and 20 <= y <= HEIGHT - 28):
                continue
            clear = min((max(abs(x - ox) / (65 + r), abs(y - 4 - oy) / (18 + r)) for ox, oy, r in obstacles),
                        default=9.0)
            if placed:
                clear = min(clear, *(max(abs(x - px) / 140, abs(y - py) / 40) for px, py in placed))
            score = min(clear, 1.5) - radius / 2000
            if best is None or score > best[0]:
                best = (score, x, y)
    return (round(best[1], 1), round(best[2], 1)) if best else (round(cx, 1), round(cy, 1))


@lru_cache(maxsize=8)
def _nomad(players: int) -> dict[str, Any]:
    from .content import load

    content = load()
    board = content.board(players)
    rec = board.record
    ids = [s.id for s in rec.sites]
    pos = layout(ids, [(r.a, r.b) for r in rec.routes], {s.id for s in rec.sites if s.red_zone})
    regions = []
    # region labels go where they cover the fewest sites, route spaces and other labels
    obstacles = [(pos[s][0], pos[s][1], 48.0) for s in ids]
    obstacles += [((pos[r.a][0] + pos[r.b][0]) / 2, (pos[r.a][1] + pos[r.b][1]) / 2, 30.0)
                  for r in rec.routes]
    placed: list[tuple[float, float]] = []
    for g in rec.regions:
        pts = [pos[s.id] for s in rec.sites if s.region == g.id]
        cx = sum(p[0] for p in pts) / len(pts) if pts else 0.0
        cy = sum(p[1] for p in pts) / len(pts) if pts else 0.0
        lx, ly = _label_spot(cx, cy, pts, obstacles, placed,
                             inner=any(s.red_zone for s in rec.sites if s.region == g.id))
        placed.append((lx, ly))
        regions.append({"id": g.id, "points": g.points, "hull": [list(p) for p in _hull(pts)],
                        "x": round(cx, 1), "y": round(cy, 1), "label_x": lx, "label_y": ly,
                        "red_zone": any(s.red_zone for s in rec.sites if s.region == g.id)})
    fac = content.facilities
    return {
        "game": "nomad-city",
        "players": players,
        "board": rec.id,
        "width": WIDTH,
        "height": HEIGHT,
        "sites": [s.model_dump() | {"x": pos[s.id][0], "y": pos[s.id][1]} for s in rec.sites],
        "routes": [r.model_dump() for r in rec.routes],
        "regions": regions,
        "city_board": {"rows": fac.grid.rows, "columns": fac.grid.columns, "tower": list(fac.grid.tower)},
        "facilities": {f.id: {"name": f.name, "colour": f.colour, "points": f.points}
                       for f in fac.types.values()},
        # every City Style card of the content: the view's city_styles says which are in play
        "styles": {s.id: {"name": s.name, "level": s.level, "colour": s.colour, "points": s.points,
                          "module": s.module, "pattern": [p.model_dump() for p in s.pattern]}
                   for s in content.styles.values()},
        "characters": {c.id: {"name": c.name, "kind": c.kind, "strategy": c.strategy.name,
                              "tactic": c.tactic.name}
                       for c in content.characters.values()},
        "events": {e.id: e.name for e in content.events.values()},
        **_nomad_module(content),
    }


def _nomad_module(content: Content) -> dict[str, Any]:
    """The Corporation Module's components: each corporation's name and a short text per
    level 1-5 ("effect: ..." where reaching the level unlocks an effect to trigger later),
    and Rhine Lab's Department tiles with their rewards for levels 2-5."""
    from .steps import describe

    corps = content.corporations
    return {
        "corporations": {c.id: {"name": c.name,
                                "levels": [("effect: " if lv.locked else "") + describe(lv.effect)
                                           for lv in c.levels]}
                         for c in corps.corporations},
        "departments": {t.id: {"name": t.name,
                               "rewards": {n: describe(steps) for n, steps in sorted(t.rewards.items())}}
                        for t in corps.departments},
    }


def board_data(players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The `board_data` hook: public board data with a layout (the same for every seat).

    It depends on the player count only; the Corporation Module's components are always
    included (the view's `corporations` says which are in play)."""
    return _nomad(players)
