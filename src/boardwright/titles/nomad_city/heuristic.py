"""The greedy bot's evaluation of a Nomad City position, for one seat.

Public information only: points scored so far, resources, Gold and Pure Originium,
influence on the map and mobile cities (region strength, §10.1). Values are in victory
points. A resource is worth what it helps build early on and drifts to its leftover rate
(§10.2: 9 Orirock, 8 Shard or 6 Oriron per point) as the eight rounds run out; a region
counts part of its value by the margin its leader holds, more so the nearer the end.
The result is the seat's value minus the best opponent's; once the game is over, the
score margin plus a bonus for winning.
"""

from __future__ import annotations

from typing import Any

from boardwright.bots.heuristics import score_difference
from boardwright.engine import GameState

from .scoring import LEFTOVER, region_strength
from .state import NomadState

#: the `ismcts` bot's defaults for this game (hook `ismcts_defaults`): rollouts cut after 5
#: decisions instead of 20, about 2x the iterations at equal time per decision, and it won
#: more: 3 players, depth 5/8/20 rotated at 0.05 processor-s a decision, 30 games:
#: 5 -> 37%, 8 -> 40%, 20 -> 23% (docs/benchmarks.md, ISMCTS defaults); 5 is the cheaper of the two
ISMCTS_DEFAULTS = {"depth": 5}

#: the difficulty ladder (hook `bot_levels`, bots/ladder.py): greedy with a random move a
#: quarter of the time (the ladder's default `easy`) plays as well as greedy here (14 of 24
#: and 3.5 of 8 2-player games against it), so `easy` slips half the time: greedy beat that
#: in 18 of 24 and still beats random in 84% (docs/bots.md)
BOT_LEVELS = {"easy": "greedy:explore=0.5"}

ROUNDS = 8
USE = {"orirock": 0.3, "shard": 0.35, "oriron": 0.4}  # a resource's worth while it can still build
GOLD = 0.1  # a Gold while it can still pay for facilities and tolls
GOLD_LATE = 0.01  # the tie-break worth of Gold at the end (§10.3)
PURE = 1.2  # one point at the end (§10.2) and useful before
INFLUENCE = 0.15  # an influence on the map: Resource Collection reach (§4.3)
REGION_EARLY = 0.75  # share of region values counted in round 1, rising to 1 by the end
COOP_LEVEL = 0.6  # a cooperation level: the rewards on the way to level 5 (§16)
UNLOCKED = 0.5  # an unlocked corporation effect, while there are rounds left to trigger it


def _control(mine: int, best_other: int) -> float:
    """The share of a region's value counted for a strength against the strongest rival."""
    if mine <= 0:
        return 0.0
    margin = mine - best_other
    if margin >= 3:
        return 1.0
    if margin > 0:
        return 0.55 + 0.15 * margin
    if margin == 0:
        return 0.3
    return 0.1 if margin == -1 else 0.0


_MEMO: dict[tuple[Any, ...], tuple[object, list[float]]] = {}
MEMO_LIMIT = 5_000


def values(s: NomadState) -> list[float]:
    """Every seat's value in points (public information only), memoized by everything it
    reads (a search scores each seat of one position in turn)."""
    key = (
        id(s.content),
        s.players,
        s.round,
        tuple(s.points),
        tuple(map(tuple, s.res)),
        tuple(s.gold),
        tuple(s.pure),
        tuple(s.city),
        tuple([(loc, tuple(owners)) for loc, owners in s.influence.items()]),
        tuple(s.corps),
        tuple([(c, tuple(lv)) for c, lv in s.coop.items()]),
    )
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is s.content:
        return list(hit[1])
    if len(_MEMO) >= MEMO_LIMIT:
        _MEMO.clear()
    out = _values(s)
    _MEMO[key] = (s.content, out)  # the entry keeps the content alive: its id stays its own
    return list(out)


def _values(s: NomadState) -> list[float]:
    progress = min(max((s.round - 1) / ROUNDS, 0.0), 1.0)
    rate = {k: (1 - progress) * USE[k] + progress / n for k, n in LEFTOVER.items()}
    gold = (1 - progress) * GOLD + progress * GOLD_LATE
    out = []
    for p in range(s.players):
        v = float(s.points[p])
        v += sum(rate[k] * s.res[p][i] for i, k in enumerate(LEFTOVER))
        v += gold * s.gold[p] + PURE * s.pure[p]
        out.append(v)
    on_map = [0] * s.players
    for owners in s.influence.values():
        for o in owners:
            on_map[o] += 1
    weight = REGION_EARLY + (1 - REGION_EARLY) * progress
    regions = s.board.regions
    for region, strength in region_strength(s).items():
        worth = weight * regions[region]
        # each seat's strongest rival: the strongest seat's is the second strongest, every
        # other seat's the strongest (the same as a max over the others, without a loop each)
        top = max(strength)
        leader = strength.index(top)
        second = max(strength[:leader] + strength[leader + 1:], default=0)
        for p in range(s.players):
            out[p] += worth * _control(strength[p], second if p == leader else top)
    for p in range(s.players):
        out[p] += INFLUENCE * on_map[p]
    for corp in s.corps:  # the Corporation Module (§16)
        levels = s.content.corp(corp).levels
        for p, lv in enumerate(s.coop.get(corp, ())):
            locked = sum(1 for x in levels[:lv] if x.locked)
            out[p] += COOP_LEVEL * lv + (1 - progress) * UNLOCKED * locked
    return out


def evaluate(state: GameState, seat: int) -> float:
    """Own value minus the best opponent's; at the end, the score margin plus a win bonus."""
    if state.over:
        return score_difference(state, seat)  # the margin plus a win bonus of 100
    if not isinstance(state, NomadState):
        return 0.0
    return _relative(values(state), seat)


def _relative(vals: list[float], seat: int) -> float:
    others = [v for p, v in enumerate(vals) if p != seat]
    return vals[seat] - (max(others) if others else 0.0)


def evaluate_every_seat(state: GameState) -> list[float]:
    """`[evaluate(state, p) for p in range(state.players)]` with the seats' values computed
    once (a search scores every seat of the position where a rollout stops)."""
    if state.over or not isinstance(state, NomadState):
        return [evaluate(state, p) for p in range(state.players)]
    # every seat at once: nothing to share with a later call, so no memo key is built (a
    # search's cut-off positions are all different); `values` would give the same numbers
    vals = _values(state)
    return [_relative(vals, p) for p in range(state.players)]


evaluate.every_seat = evaluate_every_seat  # type: ignore[attr-defined]
