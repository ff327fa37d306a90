"""A stable mapping from a game's action ids to the indices of a Discrete action space.

How the index of a game is found:

1. **The title's `rl_actions` hook** (`spec.hook("rl_actions")`, see engine/hooks.py):
   `universe(players, options) -> list[str]`, every action id the game can ever offer with
   that player count and those options, in a fixed order. Index = position in that list.
2. **The generic fallback**, a `Catalogue`: seeded random playouts (seeds 0..k-1) collect
   every id offered, sorted, and a headroom of free slots is added. An id met later that
   the exploration did not find takes the next free slot (first come, first served), and
   running out of slots raises an error that says so. Indices of explored ids are stable
   for a game version, player count and options; late additions depend on the order they
   were met, so games that use the fallback should declare the hook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardwright.engine import GameSpec, Rng

Universe = Callable[[int, Mapping[str, Any]], list[str]]


def universe_for(spec: GameSpec) -> Universe | None:
    """The title's `rl_actions` hook, or None when it declares none."""
    fn = spec.hook("rl_actions")
    if fn is not None and not callable(fn):
        raise TypeError(f"{spec.id}: the rl_actions hook must be a function (players, options) -> list[str]")
    return fn  # type: ignore[no-any-return]


class ActionIndex:
    """Action id <-> index for one game, player count and options."""

    def __init__(self, ids: list[str], capacity: int | None = None, source: str = "hook") -> None:
        if len(set(ids)) != len(ids):
            raise ValueError("an action universe must not repeat an id")
        self.ids = list(ids)
        self.index = {a: i for i, a in enumerate(self.ids)}
        self.size = max(capacity or len(self.ids), len(self.ids), 1)
        self.source = source  # "hook" (fixed universe) or "catalogue" (may grow)

    @property
    def fixed(self) -> bool:
        return self.source != "catalogue"

    def index_of(self, action_id: str) -> int:
        i = self.index.get(action_id)
        if i is not None:
            return i
        if self.fixed:
            raise KeyError(f"action id {action_id!r} is not in this game's action universe")
        if len(self.ids) >= self.size:
            raise RuntimeError(
                f"the action catalogue is full ({self.size} ids): build the index with more "
                "exploration or capacity, or give the game an action_universe hook")
        self.index[action_id] = len(self.ids)
        self.ids.append(action_id)
        return self.index[action_id]

    def id_of(self, index: int) -> str | None:
        return self.ids[index] if 0 <= index < len(self.ids) else None


def explore_ids(spec: GameSpec, players: int, options: Mapping[str, Any] | None,
                games: int = 20, limit: int = 20_000) -> set[str]:
    """Every action id offered in `games` seeded uniformly random playouts."""
    seen: set[str] = set()
    for seed in range(games):
        state = spec.new_game(players, seed, dict(options or {}))
        rng = Rng(seed ^ 0xA11)
        n = 0
        while not state.over and n < limit:
            for seat in state.to_act:
                if seat not in state.to_act:
                    continue
                dec = state.decision(seat)
                assert dec is not None
                seen.update(a.id for a in dec.actions)
                state.apply(seat, dec.actions[rng.below(len(dec.actions))].id)
                n += 1
    return seen


_CACHE: dict[tuple[str, str, int, str], ActionIndex] = {}


def action_index(spec: GameSpec, players: int, options: Mapping[str, Any] | None = None,
                 explore: int = 20, headroom: int = 256) -> ActionIndex:
    """The action index of a game (see the module docstring); cached per settings."""
    chosen = spec.validate(players, options)
    key = (spec.id, spec.version, players, repr(sorted(chosen.items())))
    hit = _CACHE.get(key)
    if hit is not None and (hit.fixed or len(hit.ids) < hit.size):
        return hit
    fn = universe_for(spec)
    if fn is not None:
        out = ActionIndex(list(fn(players, chosen)), source="hook")
    else:
        ids = sorted(explore_ids(spec, players, chosen, explore))
        out = ActionIndex(ids, capacity=len(ids) * 2 + headroom, source="catalogue")
    _CACHE[key] = out
    return out
