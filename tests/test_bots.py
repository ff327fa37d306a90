"""Bots: legal choices, determinism, no peeking, strength, and bot spec strings."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.bots import (
    Bot,
    GreedyBot,
    RandomBot,
    bot_seed,
    for_seats,
    heuristic_for,
    known_bots,
    make_bots,
    parse_bots,
    score_difference,
)
from boardwright.bots.heuristics import evaluate
from boardwright.simulate import play_game, simulate, summarize, wilson
from boardwright.titles.flow_of_history import heuristic as flow_heuristic

GAME = "flow-of-history"


def _play(players: int, seed: int, spec: str, check_every: int = 1) -> bw.GameState:
    state = bw.game(GAME).new_game(players, seed)
    bots = make_bots(spec, players, seed)
    n = 0
    while not state.over:
        seat = state.to_act[0]
        before = state.to_json() if n % check_every == 0 else None
        legal = {a.id for a in state.legal_actions(seat)}
        action = bots[seat].choose(state, seat)
        assert action.id in legal
        if before is not None:
            assert state.to_json() == before, "choose() must not change the state"
        state.apply(seat, action)
        n += 1
    return state


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_bot_always_legal(players: int) -> None:
    state = _play(players, seed=players, spec="random")
    assert state.over


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_and_random_always_legal(players: int) -> None:
    state = _play(players, seed=11, spec="greedy,random", check_every=7)
    assert state.over


def test_bots_are_deterministic_for_a_seed() -> None:
    a = play_game(GAME, 2, 5, "greedy,random")
    b = play_game(GAME, 2, 5, "greedy,random")
    assert (a.scores, a.winners, a.decisions) == (b.scores, b.winners, b.decisions)


def test_bot_rng_is_its_own_stream() -> None:
    bot = RandomBot(seed=3)
    state = bw.game(GAME).new_game(3, 1)
    seat = state.to_act[0]
    first = [bot.choose(state, seat).id for _ in range(5)]
    again = RandomBot(seed=3)
    assert [again.choose(state, seat).id for _ in range(5)] == first
    assert bot_seed(7, 0) != bot_seed(7, 1) != bot_seed(8, 1)


def test_greedy_evaluates_determinized_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bw.game(GAME).new_game(3, 2)
    calls: list[int] = []
    real = type(state).determinize

    def spy(self: bw.GameState, seat: int, rng: object) -> bw.GameState:
        calls.append(seat)
        return real(self, seat, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(type(state), "determinize", spy)
    seat = state.to_act[0]
    GreedyBot(seed=1, samples=2).choose(state, seat)
    assert calls == [seat, seat]


def test_greedy_beats_random() -> None:
    """Greedy in one seat (rotating), random in the other two: it wins most games."""
    wins = 0.0
    games = 18
    for g in range(games):
        seat = g % 3
        spec = ",".join("greedy" if s == seat else "random" for s in range(3))
        result = play_game(GAME, 3, 100 + g, spec)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins > games / 2, f"greedy won only {wins} of {games}"


def test_heuristic_registry() -> None:
    assert heuristic_for(GAME) is flow_heuristic.evaluate
    assert heuristic_for("no-such-game") is score_difference
    state = bw.game(GAME).new_game(3, 1)
    assert evaluate(state, 0) == flow_heuristic.evaluate(state, 0)
    assert score_difference(state, 0) == 0.0  # nobody has scored yet


def test_flow_heuristic_prefers_more_points() -> None:
    state = _play(3, seed=4, spec="random")
    scores = state.outcome()["scores"]
    best = max(range(3), key=lambda s: scores[s])
    worst = min(range(3), key=lambda s: scores[s])
    if scores[best] != scores[worst]:
        assert flow_heuristic.evaluate(state, best) > flow_heuristic.evaluate(state, worst)


# ---------------------------------------------------------------- spec strings
def test_parse_and_cycle() -> None:
    specs = parse_bots("random, greedy:samples=3:explore=0.25")
    assert [s.name for s in specs] == ["random", "greedy"]
    assert specs[1].params == {"samples": 3, "explore": 0.25}
    seats = for_seats("random,greedy", 5)
    assert [seats[s].name for s in range(5)] == ["random", "greedy", "random", "greedy", "random"]
    bots = make_bots("greedy:samples=2", [1, 2], game_seed=9)
    assert set(bots) == {1, 2}
    assert all(isinstance(b, GreedyBot) and b.config["samples"] == 2 for b in bots.values())
    assert bots[1].describe() == "greedy:samples=2"
    assert known_bots() == ["easy", "expert", "greedy", "hard", "ismcts", "normal", "random"]


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("rando", ["unknown bot 'rando'", "greedy", "random"]),
        ("random,,greedy", ["empty bot name", "position 2"]),
        ("", ["empty bot spec"]),
        ("greedy:samples", ["bad parameter 'samples'", "name:key=value"]),
        ("greedy:samples=", ["bad parameter 'samples='"]),
        ("greedy:samples=0", ["'greedy'", "'samples'", "from 1 to 1000"]),
        ("greedy:samples=two", ["'samples'", "whole number", "'two'"]),
        ("greedy:explore=1.5", ["'explore'", "from 0 to 1"]),
        ("greedy:depth=2", ["no parameter 'depth'", "samples, explore"]),
        ("random:x=1", ["'random' takes no parameters", "'x'"]),
        ("greedy:samples=1:samples=2", ["given twice"]),
        (":samples=1", ["no bot name"]),
    ],
)
def test_bad_specs_name_the_bad_part(spec: str, named: list[str]) -> None:
    with pytest.raises(ValueError) as err:
        parse_bots(spec)
    for text in named:
        assert text in str(err.value)


def test_bot_constructor_validates_params() -> None:
    with pytest.raises(ValueError, match="samples"):
        GreedyBot(seed=0, samples=-1)
    assert isinstance(RandomBot(1), Bot)


# ---------------------------------------------------------------- simulation helpers
def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert 0.23 < low < 0.24 and 0.76 < high < 0.77
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.16 < high < 0.17


def test_simulate_orders_by_seed_and_summarizes() -> None:
    results = simulate(GAME, 4, 2, "random", seed=10)
    assert [r.seed for r in results] == [10, 11, 12, 13]
    summary = summarize(results)
    assert summary.games == 4
    assert sum(r.wins for r in summary.per_seat) == pytest.approx(4.0)
    assert summary.decisions_mean == sum(r.decisions for r in results) / 4


def test_bots_refuse_a_game_with_explicit_chance() -> None:
    """Bots search by re-dealing hidden information; a pending chance node would stall them."""
    st = bw.game("flow-of-history").new_game(2, 0, explicit_chance=True)
    while st.chance() is not None:
        st.apply_chance(0)
    for name in ("random", "greedy", "ismcts"):
        bot = make_bots(name, seats=2, game_seed=0)[st.to_act[0]]
        with pytest.raises(ValueError, match="explicit_chance"):
            bot.choose(st, st.to_act[0])
