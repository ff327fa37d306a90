"""Team search: a co-operative search never reads a partner's hidden cards, never moves the
real game's generator, and the rollout search (`search=rollout`) compares its actions fairly."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import boardwright as bw
from boardwright.bots import IsmctsBot, make_bots
from boardwright.engine import GameState, Rng
from boardwright.simulate import options_for

# In Incredible Invention (co-operative) the partners keep their hands and the items they draw
# to pick from to themselves: the search of one seat must not depend on the other's.
GAME, OPTIONS = "steamfall", {"scenario": "incredible-invention"}
SPECS = (
    {"iters": 12, "rollout": "greedy", "unit": "turn", "depth": 2},
    {"iters": 12, "search": "rollout", "rollout": "greedy", "unit": "turn", "depth": 2},
)


def _start() -> GameState:
    """Seat 0 to act with a choice, while seat 1 holds two cards in hand."""
    state = bw.game(GAME).new_game(2, 3, options_for(GAME, 2, OPTIONS))
    bots = make_bots("greedy", 2, 3)
    for _ in range(10):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.to_act == (0,) and len(state.legal_actions(0)) > 2
    assert state.pl[1]["hand"]  # type: ignore[attr-defined]
    return state


def _swapped(state: GameState) -> GameState:
    """The same position for seat 0 with seat 1's cards in hand traded for cards of the same
    decks that nobody has seen."""
    other = state.clone()
    hand = other.pl[1]["hand"]  # type: ignore[attr-defined]
    for i, card in enumerate(hand):
        deck = other.decks[other._deck_of(card)]  # type: ignore[attr-defined]
        hand[i], deck[-1 - i] = deck[-1 - i], card
    return other


def _canonical(real: Any) -> Any:
    """Wrap the game's re-deal: before it shuffles, the cards `seat` cannot see (the others'
    hands and items to pick, and the decks they come from) are put in one sorted order, so two
    positions that differ only in how those cards are split are re-dealt alike."""

    def wrapped(st: Any, seat: int, rng: Rng) -> None:
        slots: dict[str, list[tuple[list[str], int]]] = {}
        for p, pl in enumerate(st.pl):
            if st.seat_of(p) == seat:
                continue
            for zone in ("hand", "pending"):
                for i, card in enumerate(pl.get(zone, [])):
                    slots.setdefault(st._deck_of(card), []).append((pl[zone], i))
        for deck, where in slots.items():
            cards = sorted([lst[i] for lst, i in where] + st.decks[deck])
            for (lst, i), card in zip(where, cards, strict=False):
                lst[i] = card
            st.decks[deck] = cards[len(where):]
        real(st, seat, rng)

    return wrapped


@pytest.fixture
def canonical_redeal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    cls = type(_start())
    monkeypatch.setattr(cls, "_determinize", _canonical(cls._determinize))
    yield


@pytest.mark.parametrize("params", SPECS, ids=["tree", "rollout"])
def test_a_team_search_never_reads_a_partners_private_cards(
    params: dict[str, Any], canonical_redeal: None
) -> None:
    state = _start()
    other = _swapped(state)
    assert state.to_json() != other.to_json()

    def ranked(st: GameState, seat: int) -> list[tuple[str, int, float]]:
        return [(a.id, n, round(v, 12)) for a, n, v in IsmctsBot(seed=5, **params).rank(st, seat)]

    # seat 0 cannot tell the two positions apart: its search must not either
    assert ranked(state, 0) == ranked(other, 0)


@pytest.mark.parametrize("params", SPECS, ids=["tree", "rollout"])
def test_a_search_that_peeks_is_caught(
    params: dict[str, Any], canonical_redeal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above can fail: a search that keeps the partner's real cards (a copy with
    only a fresh generator) ranks the two positions differently."""
    cls = type(_start())

    def peek(self: GameState, seat: int, rng: Any, quiet: bool = False) -> GameState:
        other = self.clone()
        other.rng = Rng.from_state(rng.next64())
        return other

    monkeypatch.setattr(cls, "determinize", peek)
    state = _start()
    one = [(a.id, n, v) for a, n, v in IsmctsBot(seed=5, **params).rank(state, 0)]
    two = [(a.id, n, v) for a, n, v in IsmctsBot(seed=5, **params).rank(_swapped(state), 0)]
    assert one != two


@pytest.mark.parametrize("game_id,players,options", [
    ("martians", 2, {"mode": "coop"}),
    ("steamfall", 2, {"scenario": "crisis"}),
    ("steamfall", 1, {"scenario": "genesis", "opponent": "jb"}),
])
def test_the_rollout_search_leaves_the_game_and_its_generator_alone(
    game_id: str, players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = bw.game(game_id).new_game(players, 11, options_for(game_id, players, options))
    seat = state.to_act[0]
    while len(state.legal_actions(seat)) < 2:
        state.apply(seat, state.legal_actions(seat)[0].id)
        seat = state.to_act[0]
    before = state.to_json()
    calls: list[int] = []
    real = type(state).determinize

    def spy(self: GameState, who: int, rng: Any, quiet: bool = False) -> GameState:
        calls.append(who)
        return real(self, who, rng, quiet)

    monkeypatch.setattr(type(state), "determinize", spy)
    spec = {"search": "rollout", "rollout": "greedy", "epsilon": 0.0, "unit": "turn", "depth": 1, "iters": 6}
    one = IsmctsBot(seed=2, **spec).choose(state, seat)
    assert state.to_json() == before  # neither the position nor its generator moved
    assert set(calls) == {seat}  # every re-deal from the searching seat's own view
    assert one.id in {a.id for a in state.legal_actions(seat)}
    assert IsmctsBot(seed=2, **spec).choose(state, seat).id == one.id  # the same for a seed


def test_the_rollout_search_drops_the_weaker_half_each_round() -> None:
    state = bw.game("martians").new_game(2, 4, options_for("martians", 2, {"mode": "coop"}))
    seat = state.to_act[0]
    while len(state.legal_actions(seat)) < 5:
        state.apply(seat, state.legal_actions(seat)[0].id)
        seat = state.to_act[0]
    n = len(state.legal_actions(seat))
    bot = IsmctsBot(seed=1, search="rollout", rollout="greedy", epsilon=0.0, unit="turn", depth=1,
                    iters=3 * n)
    ranked = bot.rank(state, seat)
    visits = [v for _, v, _ in ranked]
    assert visits == sorted(visits, reverse=True) and visits[-1] == 1  # every action played once
    assert visits[0] == visits[1] > visits[2]  # two survivors, played most
    assert bot.last_iterations >= 3 * n


def test_solo_rollouts_counted_in_turns_end_where_the_corporation_changes() -> None:
    """One seat plays both corporations in solo Martians: a rollout of one turn stops where the
    game's turn marker changes, not 100 decisions later."""
    from boardwright.titles.martians.heuristic import turn_of

    state = bw.game("martians").new_game(1, 6, options_for("martians", 1, {"mode": "solo"}))
    while len(state.legal_actions(0)) < 2 or turn_of(state) < 0:
        state.apply(0, state.legal_actions(0)[0].id)
    bot = IsmctsBot(seed=1, iters=8, rollout="greedy", epsilon=0.0, unit="turn", depth=1)
    bot._follow(state.spec)
    real_rollout = bot._rollout
    ends: list[tuple[int, int, int]] = []

    def watched(st: GameState, r: Rng) -> list[float]:
        start, corp = len(st.history), turn_of(st)
        out = real_rollout(st, r)
        ends.append((corp, turn_of(st), len(st.history) - start))
        return out

    bot._rollout = watched  # type: ignore[method-assign,assignment]
    bot.choose(state, 0)
    assert ends and all(before != after and n < 40 for before, after, n in ends)
