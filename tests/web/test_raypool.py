"""The shared Ray bot pool (`serve --bot-pool ray[:ADDRESS]`): its actors keep games warm as
local workers do, every process sends a game to the same actor, and the choices are exactly
those of a cold worker sent the whole state."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app
from boardwright.engine import GameState
from boardwright.web import Settings
from boardwright.web.hub import Hub
from boardwright.web.raypool import RayThinkers, parse_pool
from boardwright.web.thinking import Thinkers, choose

from .test_warm import _play

GAME = "flow-of-history"


def test_parse_pool() -> None:
    assert parse_pool("local") == ("local", None)
    assert parse_pool("ray") == ("ray", None)
    assert parse_pool("Ray:auto") == ("ray", "auto")
    assert parse_pool("ray:10.0.0.5:6379") == ("ray", "10.0.0.5:6379")
    for bad in ("", "lokal", "local:x", "dask:host"):
        with pytest.raises(ValueError, match="bot pool"):
            parse_pool(bad)


def test_serve_refuses_an_unknown_pool() -> None:
    result = CliRunner().invoke(app, ["serve", "--bot-pool", "dask:somewhere"])
    assert result.exit_code == 2 and "unknown bot pool" in result.output


def test_serve_says_when_the_cluster_cannot_be_reached(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    pytest.importorskip("ray")
    from boardwright.web import raypool

    monkeypatch.setattr(raypool, "CONNECT_SECONDS", 3.0)
    result = CliRunner().invoke(app, ["serve", "--bot-pool", "ray:127.0.0.1:1", "--db",
                                          f"sqlite:///{tmp_path / 'x.sqlite'}"])
    assert result.exit_code == 2 and "could not" in result.output and "Traceback" not in result.output


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")  # in the test extra, so present in CI
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             namespace="boardwright")
    try:
        yield
    finally:
        ray.shutdown()


def test_actors_choose_as_cold_workers_and_are_sent_moves(local_ray: None) -> None:
    spec = bw.game(GAME)
    thinkers = RayThinkers(2)
    bots = {1: "greedy", 2: "greedy"}
    start = spec.new_game(3, 5, spec.default_options(3))
    middle = _play(thinkers, "r-a", start, bots, 40, random.Random(5))  # each answer checked cold
    assert thinkers.sent_whole == 1 and thinkers.sent_moves > 10
    i = thinkers._pin("r-a")
    assert "r-a" in thinkers.actors_holding()[i]
    # a restarted actor holds nothing: it answers cold, is sent the state whole, chooses the same
    thinkers._restart(i)
    whole = thinkers.sent_whole
    _play(thinkers, "r-a", middle, bots, 10, random.Random(6))
    assert thinkers.sent_whole >= whole + 1
    thinkers.forget("r-a")
    assert "r-a" not in thinkers.actors_holding()[i]


def test_two_processes_share_the_actors(local_ray: None) -> None:
    """Two pools standing for two server processes on one cluster: a game goes to the same
    actor from both, and when the game moves on through the other process, the first one's
    moves are answered cold and sent whole: never a choice from a wrong state."""
    spec = bw.game(GAME)
    a, b = RayThinkers(2), RayThinkers(2)
    assert a._pin("shared") == b._pin("shared")
    bots = {1: "greedy", 2: "greedy"}
    rnd = random.Random(8)
    state: GameState = spec.new_game(3, 8, spec.default_options(3))
    state = _play(a, "shared", state, bots, 12, rnd)
    state = _play(b, "shared", state, bots, 12, rnd)  # b was not the one that sent it
    assert b.sent_whole == 1
    whole = a.sent_whole
    state = _play(a, "shared", state, bots, 12, rnd)  # the actor's state is b's: a is told cold
    assert a.sent_whole == whole + 1
    i = a._pin("shared")
    assert a.actors_holding()[i].count("shared") == 1  # one state, kept by both processes' moves


def test_a_bot_past_its_budget_is_stopped_in_the_actor(local_ray: None) -> None:
    spec = bw.game(GAME)
    thinkers = RayThinkers(2)
    state = spec.new_game(3, 3, spec.default_options(3))
    seat = state.to_act[0]
    answer = thinkers.think("slow", GAME, state, "ismcts:iters=10000000", 7, seat, 0.5)
    assert answer.why == "over" and answer.action is None
    # the actor is still usable after it
    assert thinkers.think("slow", GAME, state, "random", 7, seat, 5.0).action is not None


def test_a_hub_on_the_ray_pool_plays_a_bots_game_to_the_end(local_ray: None, tmp_path: Path) -> None:
    from boardwright.web.db import Store

    settings = Settings(bot_delay=0, bot_pool="ray", bot_workers=2)
    hub = Hub(Store(f"sqlite:///{tmp_path / 'hub.sqlite'}"), settings)
    try:
        assert isinstance(hub.thinkers, RayThinkers)
        spec = bw.game(GAME)
        state = spec.new_game(2, 11, spec.default_options(2))
        bots = {0: "greedy", 1: "greedy"}
        moves = 0
        while not state.over and moves < 400:
            seat = state.to_act[0]
            cold = choose(GAME, state.to_json(), bots[seat], 40 + seat, seat)
            got = hub.thinkers.think("hub-game", GAME, state.clone(), bots[seat], 40 + seat, seat, 10.0)
            assert cold is not None and got.action == cold[0]
            state.apply(seat, cold[0])
            moves += 1
        assert state.over
    finally:
        hub.close()


def test_the_default_pool_is_local_and_its_workers_niced() -> None:
    hub_settings = Settings()
    assert hub_settings.bot_pool == "local" and hub_settings.bot_nice > 0
    thinkers = Thinkers(1, nice=7)
    try:
        spec = bw.game(GAME)
        state = spec.new_game(2, 1, spec.default_options(2))
        assert thinkers.think("n", GAME, state, "random", 1, state.to_act[0], 5.0).action is not None
        pool = thinkers._slots[0].pool
        assert pool is not None
        import os

        (proc,) = pool._processes.values()
        assert os.getpriority(os.PRIO_PROCESS, proc.pid) - os.getpriority(os.PRIO_PROCESS, 0) == 7
    finally:
        thinkers.close()
