"""Research-grade interfaces: stable action numbering across processes, seat-relative
observations, PettingZoo's parallel API, seeding, rendering, `state()` and truncation."""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright import rl
from boardwright.engine import Rng
from boardwright.rl.actions import _CACHE, action_index, explore_ids

GAMES = bw.games()


def _settings(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    spec = bw.game(game_id)
    return [(p, o) for p in spec.player_counts for o in spec.option_sets(p)]


def _digests(games: list[str]) -> dict[str, str]:
    _CACHE.clear()
    out = {}
    for g in games:
        spec = bw.game(g)
        for players, options in _settings(g):
            ids = action_index(spec, players, options).ids
            key = f"{g}/{players}/{json.dumps(options, sort_keys=True)}"
            out[key] = hashlib.sha256("\n".join(ids).encode()).hexdigest()
    return out


_CHILD = """
import json, sys
import boardwright as bw
from boardwright.engine import Rng
sys.path.insert(0, {tests!r})
from test_rl_interfaces import _digests, _settings
games = {games!r}
# a different history first: random games of every game, in reverse order
for g in reversed(games):
    spec = bw.game(g)
    players, options = _settings(g)[-1]
    state = spec.new_game(players, 99, options)
    rng = Rng(5)
    for _ in range(300):
        if state.over:
            break
        seat = state.to_act[-1]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
print(json.dumps(_digests(games)))
"""


def test_action_indices_are_identical_across_processes() -> None:
    """Every game, player count and option set numbers its actions the same way in a fresh
    process that played other games first (the universe never depends on play)."""
    from pathlib import Path

    tests = str(Path(__file__).parent)
    here = _digests(GAMES)
    code = _CHILD.format(tests=tests, games=GAMES)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         cwd=tests, check=True)
    there = json.loads(out.stdout.strip().splitlines()[-1])
    assert there == here
    for g in GAMES:  # no game falls back to the growing catalogue
        players, options = _settings(g)[0]
        assert action_index(bw.game(g), players, options).fixed, g


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_stays_inside_the_universe(game_id: str) -> None:
    spec = bw.game(game_id)
    for players, options in _settings(game_id)[:: max(1, len(_settings(game_id)) // 4)]:
        index = action_index(spec, players, options)
        assert explore_ids(spec, players, options, games=2) <= set(index.index), (players, options)


def test_nomad_city_universe_covers_both_option_values_and_is_fixed() -> None:
    spec = bw.game("nomad-city")
    for players in (2, 3, 4):
        plain = action_index(spec, players, {"corporations": False})
        module = action_index(spec, players, {"corporations": True})
        assert plain.ids == module.ids and plain.fixed
        seen = explore_ids(spec, players, {"corporations": True}, games=3)
        assert seen <= set(module.index)
    with pytest.raises(KeyError):
        action_index(spec, 3).index_of("sell:1000")


# ---------------------------------------------------------------- observations
def _state_after(game_id: str, players: int, steps: int, seed: int = 3) -> Any:
    spec = bw.game(game_id)
    state = spec.new_game(players, seed, spec.default_options(players))
    rng = Rng(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _seats_of(game_id: str, view: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's public entry in a view, in seat order, and the numeric fields to swap."""
    key = {"flow-of-history": "nations", "martians": "corporations"}.get(game_id, "players")
    return list(view[key])


SWAP_FIELDS = {
    "flow-of-history": ("tokens",),
    "nomad-city": ("gold", "points", ("resources", "oriron")),
    "martians": ("colonists",),
    "steamfall": (("res", "scrap"), ("res", "vp")),
}


def _set(entry: dict[str, Any], field: Any, value: int) -> None:
    if isinstance(field, tuple):
        entry[field[0]][field[1]] = value
    else:
        entry[field] = value


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in SWAP_FIELDS])
def test_swapping_two_seats_holdings_changes_the_observation(game_id: str) -> None:
    """Seat-aware observations: two other seats' holdings live in different blocks, so
    swapping them (different values) changes the observer's vector, and the observer's own
    holdings move with the observer (its block is first)."""
    spec = bw.game(game_id)
    players = max(3, spec.player_counts[0])
    enc = rl.encoder_for(spec)
    state = _state_after(game_id, players, 40)
    view = state.view(0, log=False)
    for field in SWAP_FIELDS[game_id]:
        a, b = copy.deepcopy(view), copy.deepcopy(view)
        seats_a, seats_b = _seats_of(game_id, a), _seats_of(game_id, b)
        _set(seats_a[1], field, 3)
        _set(seats_a[2], field, 7)
        _set(seats_b[1], field, 7)
        _set(seats_b[2], field, 3)
        assert not np.array_equal(enc.encode(a), enc.encode(b)), field
    # the observer comes first: seat 1 seeing the same holdings as seat 0 saw its own
    field = SWAP_FIELDS[game_id][0]
    v0, v1 = copy.deepcopy(view), state.view(1, log=False)
    for v in (v0, v1):
        for k, entry in enumerate(_seats_of(game_id, v)):
            _set(entry, field, 9 if k == v["seat"] else 1)
    base0, base1 = copy.deepcopy(v0), copy.deepcopy(v1)
    for v in (base0, base1):
        for entry in _seats_of(game_id, v):
            _set(entry, field, 1)
    d0 = enc.encode(v0) - enc.encode(base0)
    d1 = enc.encode(v1) - enc.encode(base1)
    assert np.flatnonzero(d0).tolist() == np.flatnonzero(d1).tolist() and d0.any()


def test_nomad_city_observation_layout_is_documented_and_collision_free() -> None:
    from pathlib import Path

    from boardwright.titles.nomad_city import rl as nomad

    assert sum(n for _, n in nomad.fields()) == nomad.OBSERVATION_SIZE
    doc = (Path(__file__).parent.parent / "docs" / "interfaces.md").read_text(encoding="utf-8")
    assert nomad.field_map() in doc, "docs/interfaces.md: paste nomad.field_map() again"
    # every one-hot slot of a seat's gold, points and resources is its own
    spec = bw.game("nomad-city")
    view = _state_after("nomad-city", 4, 60).view(0, log=False)
    enc = rl.encoder_for(spec)
    base = enc.encode(view)
    touched: set[int] = set()
    for p in range(4):
        for field in ("gold", "points", ("resources", "orirock"), ("resources", "shard"),
                      "markers_in_supply"):
            v = copy.deepcopy(view)
            _set(v["players"][p], field, 17)
            changed = set(np.flatnonzero(enc.encode(v) != base).tolist())
            assert len(changed) == 1 and not changed & touched, (p, field)
            touched |= changed


@pytest.mark.parametrize("game_id", GAMES)
def test_log_free_view_is_the_view_without_its_log(game_id: str) -> None:
    state = _state_after(game_id, bw.game(game_id).player_counts[0], 30)
    for seat in range(state.players):
        full = state.view(seat)
        assert "log" in full
        full.pop("log")
        assert state.view(seat, log=False) == full


# ---------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("game_id", GAMES)
def test_parallel_api_test(game_id: str) -> None:
    from pettingzoo.test import parallel_api_test

    spec = bw.game(game_id)
    for players in sorted({spec.player_counts[0], spec.player_counts[-1]}):
        env = rl.parallel_env(game_id, players=players, seed=4)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parallel_api_test(env, num_cycles=100_000)  # whole games


def test_parallel_env_plays_simultaneous_steps_at_once() -> None:
    env = rl.parallel_env("nomad-city", players=3, seed=2)
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    together = 0
    while env.agents:
        assert env.game_state is not None
        acting = list(env.game_state.to_act)
        together = max(together, len(acting))
        for a in env.agents:
            assert obs[a]["action_mask"].any() == (env.seat_of(a) in acting)
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if obs[a]["action_mask"].any()
                   else 0 for a in env.agents}
        obs, _rewards, term, _trunc, infos = env.step(actions)
    assert together == 3  # the secret character selection: every seat in one step
    assert all(term.values()) and "outcome" in next(iter(infos.values()))


@pytest.mark.parametrize("game_id", GAMES)
def test_seed_test(game_id: str) -> None:
    from pettingzoo.test import seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(functools.partial(rl.env, game_id), num_cycles=50)


@pytest.mark.parametrize("game_id", GAMES)
def test_render_test_draws_the_board(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    render_test(functools.partial(rl.env, game_id))
    env = rl.env(game_id, seed=1, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str) and text.count("\n") >= 3  # a board, not one status line
    assert bw.game(game_id).title in text
    plain = env.render_text(color=False)
    assert "\x1b[" not in plain and "step 0" in plain


@pytest.mark.parametrize("game_id", GAMES)
def test_state_is_every_seats_observation(game_id: str) -> None:
    env = rl.env(game_id, seed=2)
    env.reset()
    state = env.state()
    assert env.state_space.contains(state)
    parts = np.split(state, env.players)
    for agent in env.possible_agents:
        assert np.array_equal(parts[env.seat_of(agent)], env.observe(agent)["observation"])


def test_max_cycles_truncates_every_agent() -> None:
    env = rl.env("flow-of-history", players=2, seed=1, max_cycles=5)
    env.reset()
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0 and "outcome" in info
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 10 and not env.agents
    par = rl.parallel_env("flow-of-history", players=2, seed=1, max_cycles=3)
    obs, _ = par.reset()
    for _ in range(3):
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0
                   for a, o in obs.items()}
        obs, _r, _t, trunc, _i = par.step(actions)
    assert all(trunc.values()) and not par.agents


def test_illegal_actions_are_refused_when_asked() -> None:
    env = rl.env("flow-of-history", players=2, seed=1, illegal="raise")
    env.reset()
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)


@pytest.mark.parametrize("game_id", GAMES)
def test_fast_state_encoders_agree_with_the_view_encoders(game_id: str) -> None:
    """A title's optional `encode_state(state, seat)` is exactly `encode_view(view(seat))`."""
    spec = bw.game(game_id)
    enc = rl.encoder_for(spec)
    if enc.encode_state is None:
        pytest.skip("no encode_state: the env encodes the log-free view")
    for players in sorted({spec.player_counts[0], spec.player_counts[-1]}):
        for options in list(spec.option_sets(players))[:2]:
            state = spec.new_game(players, 11, options)
            rng = Rng(4)
            step = 0
            while not state.over and step < 2000:
                if step % 7 == 0:
                    for seat in range(players):
                        fast = enc.encode_state(state, seat)
                        slow = enc.encode(state.view(seat))
                        assert fast.dtype == np.float32 and np.array_equal(fast, slow), (players, step, seat)
                seat = state.to_act[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                step += 1


@pytest.mark.parametrize("game_id", [g for g in GAMES if bw.game(g).options])
def test_openspiel_random_sim_test_with_options(game_id: str) -> None:
    """Every option is a pyspiel parameter: a non-default option set loads and passes
    OpenSpiel's own random simulation test (clone, serialize, returns)."""
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright import openspiel

    spec = bw.game(game_id)
    players = spec.player_counts[len(spec.player_counts) // 2]
    default = spec.default_options(players)
    chosen = next((o for o in spec.option_sets(players) if o != default), default)
    params: dict[str, Any] = {"players": players, "seeds": 4, **chosen}
    game = pyspiel.load_game(openspiel.register(game_id), params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parallel_env_refuses_an_illegal_action_when_asked() -> None:
    env = rl.parallel_env("flow-of-history", players=2, seed=1, illegal="raise")
    obs, _ = env.reset()
    acting = [a for a in env.agents if obs[a]["action_mask"].any()]
    actions = {a: 0 for a in env.agents}
    actions[acting[0]] = int(np.flatnonzero(obs[acting[0]]["action_mask"] == 0)[0])
    before = env.game_state.to_json() if env.game_state is not None else None
    with pytest.raises(ValueError, match="not legal"):
        env.step(actions)
    assert env.game_state is not None and env.game_state.to_json() == before


_OPENSPIEL_CHILD = """
import json, numpy as np, pyspiel
from boardwright import openspiel
game = pyspiel.load_game(openspiel.register("nomad-city"), {{"players": 3, "corporations": True, "seeds": 4}})
state = game.new_initial_state()
rng = np.random.default_rng(1)
for _ in range({steps}):
    if state.is_terminal():
        break
    if state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))
print(json.dumps({{"history": state.history(), "string": str(state)}}))
"""


def test_an_openspiel_game_played_in_one_process_replays_in_another() -> None:
    """The issue's failure ('no action with index 682'): Nomad City's indices now agree, so
    a history recorded in one process replays action by action in another."""
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright import openspiel

    out = subprocess.run([sys.executable, "-c", _OPENSPIEL_CHILD.format(steps=400)], capture_output=True,
                         text=True, timeout=300, check=True)
    played = json.loads(out.stdout.strip().splitlines()[-1])
    params = {"players": 3, "corporations": True, "seeds": 4}
    game = pyspiel.load_game(openspiel.register("nomad-city"), params)
    state = game.new_initial_state()
    for action in played["history"]:
        assert action in (state.legal_actions() if not state.is_chance_node()
                          else [a for a, _ in state.chance_outcomes()])
        state.apply_action(action)
    assert str(state) == played["string"]
