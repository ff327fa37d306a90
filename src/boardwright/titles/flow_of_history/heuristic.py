"""The greedy bot's evaluation of a Flow of History position, for one seat.

It reads only public information: the provisional score of every Nation
(`state.outcome()`), resource tokens, the investments in the Market and the size of
the deck. Values are in victory points; a token is worth a fraction of one.

Own value minus the best opponent's value, where a value is the unrounded score plus
tokens in hand and under cards; the seat's own investment also counts part of what
completing the card would add to its Nation. A small bonus per card drawn from the
deck (every completion, snipe and gain draws one) keeps one-step greedy play from
stalling when no Market card is worth buying; without it, greedy-only 3- and 4-player
games often ran into the turn limit.
"""

from __future__ import annotations

import math
from typing import Any

from boardwright.bots.heuristics import score_difference
from boardwright.engine import GameState

from .cards import CULTURE, CardSet
from .constants import BANKER
from .nation import Nation, memo_key, place, score_parts
from .state import FlowState
from .tables import MEMO_LIMIT, NationKey, memoized, nation_key, tables

#: the `ismcts` bot's defaults for this game (hook `ismcts_defaults`): rollouts cut after 5
#: decisions instead of 20 cost a third of the time, so at equal time per decision the search
#: runs about 2x the iterations, and it won more: 4 players, depth 5/8/12/20 rotated at
#: 0.05 processor-s a decision, 60 games: 5 -> 37%, 20 -> 25% (docs/benchmarks.md, ISMCTS defaults)
ISMCTS_DEFAULTS = {"depth": 5}

#: the difficulty ladder (hook `bot_levels`, bots/ladder.py): `hard` and `expert` seed each
#: root action with its one-step value (`prior=10`), so that at 3-5 players, where a turn
#: offers 50-100 investments, a short search does not spread its few iterations evenly;
#: `expert` also rolls out with the greedy policy. 4 players, one `hard` against three greedy,
#: 24 games: 14 with the prior, 10 without; `expert` beat `hard` 9 of 12 (docs/bots.md)
BOT_LEVELS = {
    "hard": "ismcts:seconds=0.5:prior=10",
    "expert": "ismcts:seconds=1.5:prior=10:rollout=greedy",
}

TOKEN = 0.3  # a resource token in hand
STAKE = 0.25  # a token under a card: it comes back only if the card is sniped
PROSPECT = 0.5  # share of the invested card's value counted before completing it
INVESTED = 0.1  # having a marker out at all (so that even a worthless card gets bought)
TEMPO = 0.4  # each card drawn from the deck: pushes the game on, so greedy play cannot stall


def points(b: dict[str, Any]) -> float:
    """The provisional score without rounding the other icons down (smoother to compare)."""
    return float(b["culture_vp"]) + float(b["other_icons"]) / 2 + float(sum(b["end_game_vp"].values()))


def nation_points(cs: CardSet, nation: Nation, visible: bool, key: NationKey | None = None) -> float:
    """`points(score(cs, nation, tokens, visible))` (tokens play no part), memoized.
    `key`: `nation_key(nation)`, when the caller has it."""
    if key is None:
        key = nation_key(nation)
    return memoized(tables(cs).points_memo, (visible, key), lambda: _points(cs, nation))


def _points(cs: CardSet, nation: Nation) -> float:
    """`points(shared_score(cs, nation, ...))` from the score's parts, without building the
    breakdown (a rollout's Nations are new, so this runs at most evaluations)."""
    counts, _, end_game = score_parts(cs, nation)
    culture = counts[CULTURE]
    return float(culture) + float(sum(counts) - culture) / 2 + float(sum(end_game.values()))


#: a card's value to a Nation, by (card set, tiebreak, card, Nation): emptied when it holds
#: MEMO_LIMIT entries (it was 50,000: a bot worker's memory grew with it for 20,000 moves)
_VALUES: dict[tuple[Any, ...], float] = {}


def card_value(s: FlowState, seat: int, card: int, key_of_nation: NationKey | None = None) -> float:
    """How many points `seat` would gain by adding `card` to its Nation now (memoized: in the
    Nation's memo, then by the Nation's contents). `key_of_nation`: `nation_key` of the
    seat's Nation, when the caller has it."""
    memo = s.memo[seat]
    values = memo.values
    if values is None:
        values = memo.values = {}
    else:
        hit = values.get(card)
        if hit is not None:
            return hit
    nation = s.nations[seat]
    visible = s.options["tiebreak_cards"] == "visible"
    if key_of_nation is None:
        key_of_nation = memo_key(memo, nation)
    key = (id(s.cards), visible, card, *key_of_nation)
    value = _VALUES.get(key)
    if value is None:
        before = nation_points(s.cards, nation, visible, key_of_nation)
        trial = [stack.copy() for stack in nation]
        place(s.cards, trial, card)
        value = nation_points(s.cards, trial, visible) - before
        if len(_VALUES) >= MEMO_LIMIT:
            _VALUES.clear()
        _VALUES[key] = value
    values[card] = value
    return value


def investment(s: FlowState, seat: int, key_of_nation: NationKey | None = None) -> float:
    """The stake under the seat's card plus part of what completing it would bring."""
    card = s.invested[seat]
    if card == -1 or s.investor.get(card) != seat:
        return 0.0
    stake = s.stake[card]
    # A bigger stake is safer: count the rivals who could not afford to snipe it now.
    tokens = s.tokens
    poor = 0
    for p in range(s.players):
        if p != seat and tokens[p] < stake:
            poor += 1
    safe = poor / max(1, s.players - 1)
    prospect = PROSPECT * (0.5 + 0.5 * safe) * max(0.0, card_value(s, seat, card, key_of_nation))
    return STAKE * stake + INVESTED + prospect


def _base_values(state: FlowState) -> list[float]:
    """Every seat's points plus its tokens in hand (before the per-seat terms): what
    `state.outcome()` gives, without building it: the same numbers, memoized (in each
    Nation's memo, then by its contents)."""
    visible = state.options["tiebreak_cards"] == "visible"
    cs = state.cards
    nations = state.nations
    tokens = state.tokens
    out = []
    for p, memo in enumerate(state.memo):
        pts = memo.points
        if pts is None:
            pts = memo.points = nation_points(cs, nations[p], visible, memo_key(memo, nations[p]))
        out.append(pts + TOKEN * float(tokens[p]))
    return out


def _relative(state: FlowState, seat: int, base: list[float]) -> float:
    values = base.copy()
    for p in range(state.players):
        c = state.invested[p]
        if p != seat and c != -1 and state.investor.get(c) not in (None, BANKER):
            values[p] += STAKE * state.stake[c]
    values[seat] += investment(state, seat) + TEMPO * (len(state.cards.cards) - len(state.deck))
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)


def evaluate(state: GameState, seat: int) -> float:
    """Own value minus the best opponent's; at the end, the score margin plus a win bonus."""
    if state.over:
        return score_difference(state, seat)  # the margin plus a win bonus of 100
    if isinstance(state, FlowState):
        return _relative(state, seat, _base_values(state))
    out = state.outcome()
    values = [points(b) + TOKEN * float(b["tokens"]) for b in out["breakdown"]]
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)


def evaluate_every_seat(state: GameState) -> list[float]:
    """`[evaluate(state, p) for p in range(state.players)]`, the shared part computed once
    (a search scores every seat of the position where a rollout stops): the same numbers."""
    if state.over or not isinstance(state, FlowState) or state.players < 2:
        return [evaluate(state, p) for p in range(state.players)]
    base = _base_values(state)
    # each seat's value as its rivals' `_relative` counts it: with the stake under its card
    seen = base.copy()
    invested = state.invested
    investor = state.investor
    stake = state.stake
    players = state.players
    for p in range(players):
        c = invested[p]
        if c != -1 and investor.get(c) not in (None, BANKER):
            seen[p] += STAKE * stake[c]
    # the best and second best of them: each seat's best rival is one of the two
    first = second = -math.inf
    leader = -1
    for p, v in enumerate(seen):
        if v > first:
            first, second, leader = v, first, p
        elif v > second:
            second = v
    tempo = TEMPO * (len(state.cards.cards) - len(state.deck))
    return [base[seat] + (investment(state, seat) + tempo) - (second if seat == leader else first)
            for seat in range(players)]


evaluate.every_seat = evaluate_every_seat  # type: ignore[attr-defined]
