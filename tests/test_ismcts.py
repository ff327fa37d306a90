"""The ISMCTS bot: parameters, legality, determinism, no peeking, rewards, strength."""

from __future__ import annotations

import time

import pytest

import boardwright as bw
from boardwright.bots import IsmctsBot, make_bots, outcome_rewards, parse_bots
from boardwright.bots.ismcts import Node, game_defaults
from boardwright.engine.spec import _HOOK_CACHE
from boardwright.simulate import play_game

GAME = "flow-of-history"


def test_spec_strings_and_validation() -> None:
    (spec,) = parse_bots("ismcts:iters=200:c=0.7:rollout=random")
    assert spec.params == {"iters": 200, "c": 0.7, "rollout": "random"}
    bot = spec.build(3)
    assert isinstance(bot, IsmctsBot) and bot.iters == 200 and bot.c == 0.7
    assert bot.describe() == "ismcts:iters=200:c=0.7:rollout=random"  # as given, defaults or not
    assert IsmctsBot(3).describe() == "ismcts"
    assert parse_bots("ismcts:seconds=1")[0].params == {"seconds": 1.0}
    assert IsmctsBot(0, rollout="greedy", depth=8).describe() == "ismcts:rollout=greedy:depth=8"
    for bad, named in [("ismcts:iters=0", "iters"), ("ismcts:rollout=smart", "rollout"),
                       ("ismcts:c=-1", "'c'"), ("ismcts:seconds=x", "seconds"),
                       ("ismcts:samples=2", "no parameter 'samples'")]:
        with pytest.raises(ValueError, match=named):
            parse_bots(bad)


def _mid_game(players: int, seed: int, steps: int) -> bw.GameState:
    state = bw.game(GAME).new_game(players, seed)
    bots = make_bots("random", players, seed)
    for _ in range(steps):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state


def test_legal_and_leaves_the_state_and_its_rng_alone() -> None:
    state = _mid_game(3, 5, 12)
    before = state.to_json()
    seat = state.to_act[0]
    action = IsmctsBot(seed=1, iters=40).choose(state, seat)
    assert action.id in {a.id for a in state.legal_actions(seat)}
    assert state.to_json() == before  # the real game's generator did not move


def test_deterministic_for_a_seed_with_an_iteration_budget() -> None:
    state = _mid_game(2, 7, 8)
    seat = state.to_act[0]
    one, two = IsmctsBot(seed=9, iters=30, depth=10), IsmctsBot(seed=9, iters=30, depth=10)
    assert [one.choose(state, seat).id for _ in range(3)] == [two.choose(state, seat).id for _ in range(3)]
    first = play_game(GAME, 2, 3, "ismcts:iters=10:depth=5,random")
    again = play_game(GAME, 2, 3, "ismcts:iters=10:depth=5,random")
    assert (first.scores, first.winners, first.decisions) == (again.scores, again.winners, again.decisions)


def test_searches_determinizations_from_its_own_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid_game(3, 2, 6)
    calls: list[int] = []
    real = type(state).determinize

    def spy(self: bw.GameState, seat: int, rng: object, quiet: bool = False) -> bw.GameState:
        calls.append(seat)
        return real(self, seat, rng, quiet)  # type: ignore[arg-type]

    monkeypatch.setattr(type(state), "determinize", spy)
    seat = state.to_act[0]
    bot = IsmctsBot(seed=1, iters=15)
    bot.choose(state, seat)
    # one determinization an iteration, and one for the cycle guard's look at the pick
    assert calls == [seat] * (15 + 1) and bot.last_iterations == 15


def test_simultaneous_choice_keeps_other_seats_out_of_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """2 players: both choose a starting card at once; only the searcher's choices are nodes."""
    state = bw.game(GAME).new_game(2, 4)
    assert len(state.to_act) == 2
    roots: list[Node] = []
    real_select = IsmctsBot._select

    def spy(self: IsmctsBot, node: Node, st: bw.GameState, seat: int) -> Node:
        if node.key is None and node not in roots:
            roots.append(node)
        return real_select(self, node, st, seat)

    monkeypatch.setattr(IsmctsBot, "_select", spy)
    action = IsmctsBot(seed=2, iters=40, depth=6).choose(state, 1)
    assert action.id.startswith("start:")
    root = roots[0]
    assert root.children and {seat for seat, _ in root.children} == {1}
    assert sum(c.visits for c in root.children.values()) == 40


def test_seconds_budget() -> None:
    state = _mid_game(2, 1, 4)
    seat = state.to_act[0]
    bot = IsmctsBot(seed=0, seconds=0.05, depth=5)
    start = time.perf_counter()
    bot.choose(state, seat)
    assert time.perf_counter() - start < 2.0
    assert bot.last_iterations >= 1


def test_greedy_rollouts_depth_cutoff_and_root_prior() -> None:
    state = _mid_game(3, 8, 10)
    seat = state.to_act[0]
    legal = {a.id for a in state.legal_actions(seat)}
    action = IsmctsBot(seed=0, iters=6, rollout="greedy", epsilon=0.5, depth=4).choose(state, seat)
    assert action.id in legal
    before = state.to_json()
    assert IsmctsBot(seed=0, iters=5, depth=0, prior=3).choose(state, seat).id in legal
    assert state.to_json() == before


def test_a_games_ismcts_defaults_fill_only_the_parameters_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = bw.game(GAME)
    monkeypatch.setitem(_HOOK_CACHE.setdefault(spec.id, {}), "ismcts_defaults", {"depth": 7, "prior": 2})
    state = _mid_game(2, 7, 8)
    seat = state.to_act[0]
    bot = IsmctsBot(seed=1, iters=5, prior=0)
    assert bot.depth == 20  # the bot's own default until it meets a game
    bot.choose(state, seat)
    assert (bot.depth, bot.prior) == (7, 0)  # the game's depth; the prior given explicitly
    assert IsmctsBot(seed=1, depth=20).settings(spec)["depth"] == 20  # explicit always wins
    assert IsmctsBot(seed=1, depth=20).describe() == "ismcts:depth=20"
    # the game's defaults search exactly as the same parameters given explicitly
    implicit, explicit = IsmctsBot(seed=3, iters=20), IsmctsBot(seed=3, iters=20, depth=7, prior=2)
    chosen = [(implicit.choose(state, seat).id, explicit.choose(state, seat).id) for _ in range(3)]
    assert all(a == b for a, b in chosen)
    for bad, named in [({"depth": -1}, "depth"), ({"samples": 2}, "samples"), ([("depth", 5)], "dict")]:
        monkeypatch.setitem(_HOOK_CACHE[spec.id], "ismcts_defaults", bad)
        with pytest.raises(ValueError, match=f"flow-of-history: .*{named}"):
            IsmctsBot(seed=0).settings(spec)


@pytest.mark.parametrize("game_id", bw.games())
def test_every_games_ismcts_defaults_are_valid(game_id: str) -> None:
    declared = game_defaults(bw.game(game_id))
    settings = IsmctsBot(seed=0, depth=3).settings(bw.game(game_id))
    assert settings["depth"] == 3 and all(settings[k] == v for k, v in declared.items() if k != "depth")


def test_outcome_rewards() -> None:
    assert outcome_rewards({"winners": [2], "scores": [1, 2, 9]}, 3) == [0.0, 0.0, 1.0]
    assert outcome_rewards({"winners": [0, 1], "scores": [5, 5, 1]}, 3) == [0.5, 0.5, 0.0]
    assert outcome_rewards({"kind": "cooperative", "won": True}, 2) == [1.0, 1.0]
    assert outcome_rewards({"kind": "cooperative", "won": False, "winners": []}, 3) == [0.0] * 3
    assert outcome_rewards({"kind": "cooperative", "team": {"won": True}}, 2) == [1.0, 1.0]
    assert outcome_rewards({"kind": "cooperative", "result": "lost"}, 2) == [0.0, 0.0]
    blended = outcome_rewards({"winners": [0], "scores": [30, 10]}, 2, margin=0.5, scale=10.0)
    assert blended[0] > 0.9 and 0.0 < blended[1] < 0.1


@pytest.mark.parametrize("game_id", bw.games())
def test_plays_every_registered_game_legally(game_id: str) -> None:
    spec = bw.game(game_id)
    players = spec.player_counts[0]
    state = spec.new_game(players, 11)
    bot = IsmctsBot(seed=4, iters=4, depth=4)
    for _ in range(25):
        if state.over:
            break
        seat = state.to_act[0]
        action = bot.choose(state, seat)
        assert action.id in {a.id for a in state.legal_actions(seat)}
        state.apply(seat, action)


def test_beats_random() -> None:
    """A small search already wins every one of a few 2-player games against random (seats alternate)."""
    wins = 0.0
    games = 4
    for g in range(games):
        spec = "ismcts:iters=30:depth=10,random" if g % 2 == 0 else "random,ismcts:iters=30:depth=10"
        result = play_game(GAME, 2, 500 + g, spec)
        seat = g % 2
        wins += 1 / len(result.winners) if seat in result.winners else 0.0
    assert wins == games


@pytest.mark.parametrize("game_id", ["flow-of-history", "steamfall"])
def test_turn_unit_rollouts_stop_between_turns(game_id: str) -> None:
    """With unit=turn a rollout is scored only once a seat's run of decisions has ended (the
    seat to act is not the one that made the last decision), after `depth` such turns."""
    spec = bw.game(game_id)
    state = spec.new_game(2, 4, spec.default_options(2))
    rng = bw.engine.Rng(4)
    for _ in range(12):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    cutoffs: list[tuple[tuple[int, ...], int, int]] = []
    bot = IsmctsBot(seed=1, iters=25, unit="turn", depth=2)
    bot._follow(spec)
    real_rollout = bot._rollout

    def watched(st: bw.GameState, r: bw.engine.Rng) -> list[float]:
        start = len(st.history)
        out = real_rollout(st, r)
        if st.to_act and len(st.history) > start:
            cutoffs.append((st.to_act, st.history[-1][0], len(st.history) - start))
        return out

    bot._rollout = watched  # type: ignore[method-assign]
    bot.choose(state, seat)
    assert cutoffs
    assert all(acting != (last,) for acting, last, _n in cutoffs)
    # decision-counted rollouts of the same depth stop after exactly 2 decisions
    plain = IsmctsBot(seed=1, iters=25, depth=2)
    plain._follow(spec)
    counted: list[int] = []
    real_plain = plain._rollout

    def counting(st: bw.GameState, r: bw.engine.Rng) -> list[float]:
        start = len(st.history)
        out = real_plain(st, r)
        if st.to_act:
            counted.append(len(st.history) - start)
        return out

    plain._rollout = counting  # type: ignore[method-assign]
    plain.choose(state, seat)
    assert counted and all(n == 2 for n in counted)
