"""The OpenSpiel adapter (boardwright.openspiel) for every registered game (Beacon too).

Engine-speed clones (structurally: a pyspiel clone is one engine clone, nothing deep-copied),
log-free information states that depend on the information only, the public action index
and seeded starts, re-sampling that needs a sampler, and pyspiel's own checks with options.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pytest

import boardwright as bw

pyspiel = pytest.importorskip("pyspiel")

from boardwright import openspiel  # noqa: E402
from boardwright.engine import Rng  # noqa: E402
from boardwright.openspiel.game import BoardwrightState, info_text  # noqa: E402

GAMES = bw.games()


def _players(game_id: str) -> int:
    counts = bw.game(game_id).player_counts
    return 2 if 2 in counts else counts[0]


def _load(game_id: str, players: int | None = None, **params: Any) -> Any:
    players = _players(game_id) if players is None else players
    return pyspiel.load_game(openspiel.register(game_id), {"players": players, "seeds": 8, **params})


def _walk(state: Any, steps: int, rng: np.random.Generator) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _option_cover(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """Option sets covering every testable value of every option at least once."""
    spec = bw.game(game_id)
    chosen: dict[tuple[int, str], tuple[int, dict[str, Any]]] = {}
    seen: set[tuple[str, str]] = set()
    for players in spec.player_counts:
        for opts in spec.option_sets(players):
            new = {(k, repr(v)) for k, v in opts.items()} - seen
            if new:
                seen |= new
                chosen[(players, repr(sorted(opts.items())))] = (players, opts)
    return list(chosen.values())


COVER = [(g, p, o) for g in GAMES for p, o in _option_cover(g)]


@pytest.mark.parametrize(("game_id", "players", "opts"), COVER,
                         ids=[f"{g}-{p}p-{i}" for i, (g, p, _) in enumerate(COVER)])
def test_random_sim_test_with_options(game_id: str, players: int, opts: dict[str, Any]) -> None:
    """pyspiel's own checks (legal actions, clone, serialize, returns) for option sets that
    between them use every value of every option."""
    game = _load(game_id, players, **opts)
    assert game.num_players() == players
    played = game.get_parameters()
    assert all(played[k] == v for k, v in bw.game(game_id).validate(players, opts).items())
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# ---------------------------------------------------------------- clone
@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_one_engine_clone_and_deep_copies_nothing(game_id: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    game = _load(game_id)
    state = _walk(openspiel.new_state(game, 3), 3, np.random.default_rng(0))
    assert not state.is_terminal()
    inner = openspiel.engine_state(state)
    cls = type(inner)
    clones: list[Any] = []
    real_clone = cls.clone

    def counting_clone(self: Any) -> Any:
        clones.append(self)
        return real_clone(self)

    deep: list[type] = []
    real_deepcopy = copy.deepcopy

    def spying_deepcopy(x: Any, memo: Any = None, _nil: Any = None) -> Any:
        deep.append(type(x))
        return real_deepcopy(x, memo)

    monkeypatch.setattr(cls, "clone", counting_clone)
    monkeypatch.setattr(copy, "deepcopy", spying_deepcopy)
    other = state.clone()
    monkeypatch.undo()
    # pyspiel deep-copies each attribute: the engine holder (one engine clone; the settings
    # are a class attribute); nothing else, and never the engine state itself
    assert clones == [inner]
    assert sorted(t.__name__ for t in deep) == ["_Engine"]
    assert other.conf is state.conf
    assert other.inner is not inner and other.inner.to_json() == inner.to_json()
    assert other.history() == state.history() and other.legal_actions() == state.legal_actions()
    # independent: moving the clone leaves the original alone
    before = state.information_state_string(0)
    _walk(other, 3, np.random.default_rng(1))
    assert state.information_state_string(0) == before and len(state.history()) < len(other.history())


# ---------------------------------------------------------------- information states
def _fresh_text(state: Any, seat: int) -> str:
    """The string recomputed, not read from the state's cache."""
    return info_text(state.conf, state.inner, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_information_state_strings_are_log_free_and_seat_specific(game_id: str) -> None:
    game = _load(game_id)
    state = _walk(openspiel.new_state(game, 5), 30, np.random.default_rng(2))
    players = game.num_players()
    texts = [state.information_state_string(p) for p in range(players)]
    for p, text in enumerate(texts):
        assert text.startswith(f"seat {p}|") and '"log"' not in text
        assert text == _fresh_text(state, p) == state.observation_string(p)
    assert len(set(texts)) == players
    # the string does not grow with the game's history the way the log does
    late = _walk(state.clone(), 200, np.random.default_rng(3))
    if not late.is_terminal():
        view = openspiel.engine_state(late).view(0)
        assert len(late.information_state_string(0)) < len(json.dumps(view))


def _secret_point(game_id: str) -> tuple[Any, int, int] | None:
    """A state where two seats answer a secret simultaneous decision, with their seats."""
    game = _load(game_id)
    for seed in range(6):
        state = openspiel.new_state(game, seed)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            inner = openspiel.engine_state(state)
            acting = inner.to_act
            if len(acting) >= 2:
                a, b = acting[0], acting[1]
                dec = inner.decision(b)
                if dec is not None and dec.secret and len(dec.actions) >= 2:
                    return state, a, b
            state.apply_action(int(rng.choice(state.legal_actions())))
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_same_information_gives_the_same_string(game_id: str) -> None:
    """Two histories that tell a seat the same thing give it the same string: (1) the other
    seat's secret pick, whichever it is; (2) the same picks made in either order."""
    found = _secret_point(game_id)
    if found is None:
        pytest.skip(f"{game_id}: no secret simultaneous decision met in random play")
    state, a, b = found
    inner = openspiel.engine_state(state)
    index = openspiel.action_index(state)
    pick_a = inner.legal_actions(a)[0].id
    picks_b = [x.id for x in inner.legal_actions(b)][:2]
    # (1) seat `a` cannot tell which of two secret picks seat `b` made
    worlds = []
    for pick in picks_b:
        other = state.clone()
        other.inner.apply(b, pick)  # b answers out of pyspiel's order: the engine allows any order
        other.engine.texts = {}
        worlds.append(other)
    assert worlds[0].history() == worlds[1].history()  # pyspiel's history: same length, engine differs
    assert openspiel.engine_state(worlds[0]).history != openspiel.engine_state(worlds[1]).history
    assert _fresh_text(worlds[0], a) == _fresh_text(worlds[1], a)
    assert _fresh_text(worlds[0], b) != _fresh_text(worlds[1], b)
    # (2) the same two picks in both orders: every seat sees the same thing afterwards
    first, second = state.clone(), state.clone()
    first.apply_action(index.index_of(pick_a))
    first_b = openspiel.engine_state(first)
    if b in first_b.to_act:
        first.inner.apply(b, picks_b[0])
    second.inner.apply(b, picks_b[0])
    if a in openspiel.engine_state(second).to_act:
        second.inner.apply(a, pick_a)
    assert openspiel.engine_state(first).history != openspiel.engine_state(second).history
    for seat in range(state.num_players()):
        assert _fresh_text(first, seat) == _fresh_text(second, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_resampled_states_keep_the_seats_information(game_id: str) -> None:
    game = _load(game_id)
    state = _walk(openspiel.new_state(game, 1), 25, np.random.default_rng(4))
    if state.is_terminal():
        pytest.skip("over too early")
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    expected = _fresh_text(state, seat)
    tensor = state.information_state_tensor(seat)
    for _ in range(3):
        other = state.resample_from_infostate(seat, sampler)
        assert other.history() == state.history()
        assert _fresh_text(other, seat) == expected
        assert other.information_state_tensor(seat) == tensor
        assert other.legal_actions() == state.legal_actions()


# ---------------------------------------------------------------- tensors
@pytest.mark.parametrize("game_id", GAMES)
def test_information_state_tensor(game_id: str) -> None:
    game = _load(game_id)
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    assert size == game.observation_tensor_size() > 0
    state = _walk(openspiel.new_state(game, 2), 20, np.random.default_rng(5))
    for seat in range(game.num_players()):
        values = np.asarray(state.information_state_tensor(seat), dtype=np.float32)
        assert values.shape == (size,) and np.isfinite(values).all()


def test_public_observer_is_the_spectators_view() -> None:
    from open_spiel.python.observation import make_observation

    game = _load(GAMES[0])
    state = _walk(openspiel.new_state(game, 2), 15, np.random.default_rng(6))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    texts = {public.string_from(state, seat) for seat in range(game.num_players())}
    assert len(texts) == 1 and next(iter(texts)).startswith("spectator|")


# ---------------------------------------------------------------- actions and seeds
@pytest.mark.parametrize("game_id", GAMES)
def test_action_index_round_trip(game_id: str) -> None:
    game = _load(game_id)
    index = openspiel.action_index(game)
    assert index.size == game.num_distinct_actions()
    assert openspiel.action_index(game.new_initial_state()) is index
    assert all(index.index_of(a) == i for i, a in enumerate(index.ids))
    state = openspiel.new_state(game, 4)
    rng = np.random.default_rng(7)
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        legal = state.legal_actions()
        engine_ids = sorted(a.id for a in openspiel.engine_state(state).legal_actions(player))
        ids = [index.id_of(a) for a in legal]
        assert sorted(str(i) for i in ids) == engine_ids
        for a, action_id in zip(legal, ids, strict=True):
            assert action_id is not None and index.index_of(action_id) == a
            assert state.action_to_string(player, a) == action_id
        state.apply_action(int(rng.choice(legal)))
    with pytest.raises(TypeError):
        openspiel.action_index(pyspiel.load_game("kuhn_poker"))


@pytest.mark.parametrize("game_id", GAMES)
def test_start_from_an_engine_seed(game_id: str) -> None:
    spec = bw.game(game_id)
    players = _players(game_id)
    game = _load(game_id)
    state = openspiel.new_state(game, 5)
    engine = openspiel.engine_state(state)
    assert engine.seed == 5 and state.history() == [5]
    assert engine.to_json() == spec.new_game(players, 5, game.conf.options).to_json()
    with pytest.raises(ValueError, match="first_seed=123456"):
        openspiel.new_state(game, 123456)
    far = pyspiel.load_game(openspiel.register(game_id),
                            {"players": players, "seeds": 1, "first_seed": 123456})
    start = openspiel.new_state(far, 123456)
    assert openspiel.engine_state(start).seed == 123456 and start.history() == [0]
    assert far.new_initial_state().chance_outcomes() == [(0, 1.0)]
    assert openspiel.new_state(game).is_chance_node()


# ---------------------------------------------------------------- re-sampling
def test_resample_needs_a_sampler_and_uses_it() -> None:
    game = _load(GAMES[0])
    state = _walk(openspiel.new_state(game, 1), 10, np.random.default_rng(8))
    seat = state.current_player()
    with pytest.raises(ValueError, match="sampler"):
        state.resample_from_infostate(seat)
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        state.resample_from_infostate(seat, lambda: 1.5)

    def sampler(values: list[float]) -> Any:
        it = iter(values)
        return lambda: next(it)

    one = state.resample_from_infostate(seat, sampler([0.25, 0.5]))
    same = state.resample_from_infostate(seat, sampler([0.25, 0.5]))
    other = state.resample_from_infostate(seat, sampler([0.75, 0.125]))
    assert one.inner.to_json() == same.inner.to_json()
    assert one.inner.rng.state != other.inner.rng.state


def test_serialized_state_replays_in_place() -> None:
    game = _load(GAMES[0])
    state = _walk(openspiel.new_state(game, 2), 20, np.random.default_rng(9))
    back = game.deserialize_state(state.serialize())
    assert isinstance(back, BoardwrightState)
    assert back.history() == state.history()
    assert openspiel.engine_state(back).to_json() == openspiel.engine_state(state).to_json()


# ---------------------------------------------------------------- OpenSpiel's bots
@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_bots_with_the_engine_evaluator(game_id: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load(game_id)
    evaluator = openspiel.EngineRolloutEvaluator(depth=5, seed=1)
    state = _walk(openspiel.new_state(game, 1), 5, np.random.default_rng(10))
    if state.is_terminal():
        pytest.skip("over too early")
    values = evaluator.evaluate(state)
    assert len(values) == game.num_players() and all(0.0 <= v <= 1.0 for v in values)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 0.7, 20, random_state=np.random.RandomState(1),
                         allow_inconsistent_action_sets=True),
        mcts.MCTSBot(game, 0.7, 20, evaluator, random_state=np.random.RandomState(2)),
    ]
    for bot in bots:
        action = bot.step(state)
        assert action in state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_have_one_action_set(game_id: str) -> None:
    """The acting seat's string names its legal actions, so every state behind one
    information state offers the same ones: OpenSpiel's IS-MCTS runs with
    `allow_inconsistent_action_sets=False` (no per-node filtering)."""
    from open_spiel.python.algorithms import ismcts

    game = _load(game_id)
    bot = ismcts.ISMCTSBot(game, openspiel.EngineRolloutEvaluator(depth=3, seed=2), 0.7, 30,
                           random_state=np.random.RandomState(3), allow_inconsistent_action_sets=False)
    state = openspiel.new_state(game, 2)
    rng = np.random.default_rng(11)
    for step in range(12):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        key = state.information_state_string(seat)
        for _ in range(3):
            other = state.resample_from_infostate(seat, rng.random)
            assert other.information_state_string(seat) == key and other.legal_actions() == legal
        action = bot.step(state) if step % 3 == 0 else int(rng.choice(legal))
        assert action in legal
        state.apply_action(action)


def test_engine_evaluator_to_the_end_gives_the_returns() -> None:
    game = _load(GAMES[0])
    state = _walk(openspiel.new_state(game, 3), 5, np.random.default_rng(12))
    values = openspiel.EngineRolloutEvaluator(depth=None, seed=4).evaluate(state)
    assert len(values) == game.num_players() and all(0.0 <= v <= 1.0 for v in values)
    with pytest.raises(ValueError):
        openspiel.EngineRolloutEvaluator(depth=-1)


def _head_to_head_script() -> Any:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "openspiel_head_to_head.py"
    spec = importlib.util.spec_from_file_location("openspiel_head_to_head", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_head_to_head_script_plays_a_game() -> None:
    """scripts/openspiel_head_to_head.py: one short game each way, and its Wilson interval."""
    script = _head_to_head_script()
    game_id = next(g for g in GAMES if 2 in bw.game(g).player_counts
                   and bw.game(g).kind_of_outcome(2, bw.game(g).default_options(2)) == "competitive")
    for ours in (0, 1):
        res = script.play_one({"game": game_id, "seed": 1, "ours": ours, "seconds": 0.005,
                               "evaluator": "engine", "depth": 5, "scale": 10.0, "uct_c": 0.7, "options": {},
                               "inconsistent": False})
        assert res["ours_return"] + res["theirs_return"] == pytest.approx(1.0)
    lo, hi = script.wilson(8, 10)
    assert 0.49 < lo < 0.8 < hi < 0.98


@pytest.mark.parametrize(("game_id", "explicit"), [(g, False) for g in GAMES] +
                         [(g, True) for g in GAMES if bw.game(g).explicit_chance])
def test_python_answers_match_pyspiels(game_id: str, explicit: bool) -> None:
    """`legal_actions`, `is_chance_node` and `is_player_node` answered in Python (for speed)
    give what pyspiel's C++ versions give, at chance nodes, during play and at the end."""
    params = {"explicit_chance": True} if explicit else {}
    state = _load(game_id, **params).new_initial_state()
    rng = np.random.default_rng(4)
    players = state.num_players()
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(players):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
        if state.is_terminal() or len(state.history()) > 60:
            break
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_lists_and_priors_are_fresh_and_deep_copy_cheaply(game_id: str) -> None:
    """The legal actions come in a fresh list each call whose deep copy (OpenSpiel's IS-MCTS
    makes one per expansion) is an equal plain list; the engine evaluator's prior is uniform
    over them, also a fresh list each call (OpenSpiel's MCTS shuffles it in place)."""
    state = _walk(openspiel.new_state(_load(game_id), 2), 6, np.random.default_rng(5))
    if state.is_terminal() or state.is_chance_node():
        pytest.skip("no seat acts at this position")
    legal = state.legal_actions()
    copied = copy.deepcopy(legal)
    assert copied == legal and copied is not legal and type(copied) is list
    legal.clear()
    assert state.legal_actions() == copied  # the caller's list was its own
    ev = openspiel.EngineRolloutEvaluator(depth=0)
    prior = ev.prior(state)
    assert [a for a, _ in prior] == copied
    assert sum(p for _, p in prior) == pytest.approx(1.0)
    prior.reverse()
    prior.pop()
    assert [a for a, _ in ev.prior(state)] == copied
    with pytest.raises(ValueError, match="no seat is acting"):
        openspiel.new_state(_load(game_id)).uniform_prior()  # the opening chance node


COMPETITIVE = [  # every title's competitive configurations, at their smallest and largest counts
    ("flow-of-history", 2, {}), ("flow-of-history", 5, {}), ("nomad-city", 2, {}), ("nomad-city", 4, {}),
    ("martians", 2, {"mode": "competitive"}), ("martians", 4, {"mode": "competitive"}),
    ("steamfall", 2, {"scenario": "cipher-race"}), ("steamfall", 4, {"scenario": "genesis"}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), COMPETITIVE)
def test_competitive_games_are_constant_sum(game_id: str, players: int, options: dict[str, Any]) -> None:
    """A competitive game is CONSTANT_SUM with utility sum 1: its winners share 1, on every
    random game played here (ties included), which OpenSpiel's algorithms may rely on."""
    from boardwright.rl.settings import seat_rewards

    spec = bw.game(game_id)
    assert spec.kind_of_outcome(players, spec.validate(players, options)) == "competitive"
    game = pyspiel.load_game(openspiel.register(game_id), {"players": players, "seeds": 4, **options})
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    for seed in range(3):
        state = spec.new_game(players, seed, spec.validate(players, options))
        rng = Rng(seed)
        while not state.over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        returns = seat_rewards(state.outcome(), players, bounded=True)
        assert sum(returns) == pytest.approx(1.0), (seed, state.outcome().get("winners"))


def test_other_kinds_are_not_constant_sum() -> None:
    cases = {("martians", 3, "semi-coop"): "GENERAL_SUM", ("martians", 1, "solo"): "GENERAL_SUM",
             ("martians", 2, "coop"): "IDENTICAL"}
    for (game_id, players, mode), utility in cases.items():
        game = pyspiel.load_game(openspiel.register(game_id), {"players": players, "mode": mode})
        assert game.get_type().utility == getattr(pyspiel.GameType.Utility, utility)


def test_head_to_head_gives_both_bots_the_same_leaf_evaluation() -> None:
    """scripts/openspiel_head_to_head.py: our bot's depth, scale and UCT constant are those of
    OpenSpiel's evaluator whatever the game's own ismcts_defaults (The Flow of History's
    depth 5 would otherwise replace 20), and `random` is a rollout to the end on both sides."""
    from open_spiel.python.algorithms import mcts

    from boardwright.bots.ismcts import IsmctsBot

    h2h = _head_to_head_script()

    flow = bw.game("flow-of-history")
    assert flow.hook("ismcts_defaults") == {"depth": 5}  # what the script must override
    for kind, depth in (("engine", 20), ("engine", 7), ("random", 20)):
        ours = IsmctsBot(1, **h2h._our_params(kind, depth, 10.0, 0.7, 0.01)).settings(flow)
        theirs = h2h._evaluator(kind, depth, 10.0, 1)
        if kind == "engine":
            assert isinstance(theirs, openspiel.EngineRolloutEvaluator)
            assert (ours["depth"], ours["scale"]) == (theirs.depth, theirs.scale) == (depth, 10.0)
        else:
            assert isinstance(theirs, mcts.RandomRolloutEvaluator) and ours["depth"] == 0
        assert (ours["c"], ours["prior"], ours["margin"], ours["rollout"]) == (0.7, 0, 0.0, "random")
