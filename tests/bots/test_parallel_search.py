"""Root-parallel ISMCTS (`ismcts:workers=N`): the trees of the helper processes are added up
exactly, the search stays reproducible with an iteration budget and leaves the game as it
was, and the web server refuses bots that would take more processes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardwright as bw
from boardwright.bots import IsmctsBot, make_bots, parallel
from boardwright.bots.ismcts import Node
from boardwright.engine import GameState, Rng

GAME = "martians"


@pytest.fixture(scope="module", autouse=True)
def _pools() -> Iterator[None]:
    yield
    parallel.shutdown()


def _position() -> GameState:
    spec = bw.game(GAME)
    state = spec.new_game(3, 4, spec.default_options(3))
    bots = make_bots("greedy", 3, 4)
    while True:
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) > 3:
            return state
        state.apply(seat, bots[seat].choose(state, seat))


def _stats(root: Node) -> dict[tuple[int, str], tuple[int, float, int]]:
    return {k: (c.visits, round(c.reward, 9), c.avail) for k, c in root.children.items()}


def test_the_root_is_the_sum_of_the_trees() -> None:
    state = _position()
    seat = state.to_act[0]
    together = IsmctsBot(seed=7, iters=40, workers=3)
    root = together._search(state, seat, together.legal_for(state, seat))
    assert together.last_iterations == 120

    # the same three trees one after another: two from the helper seeds, one from what is left
    alone = IsmctsBot(seed=7, iters=40)
    seeds = [alone.rng.next64() for _ in range(2)]
    mine = alone.search_tree(state, seat, alone.legal_for(state, seat))
    expected: dict[tuple[int, str], list[float]] = {}
    trees = [mine]
    for s in seeds:
        helper = IsmctsBot(seed=0, iters=40)
        helper.rng = Rng(s)
        trees.append(helper.search_tree(state, seat, helper.legal_for(state, seat)))
    for tree in trees:
        for k, c in tree.children.items():
            e = expected.setdefault(k, [0, 0.0, 0])
            e[0] += c.visits
            e[1] += c.reward
            e[2] += c.avail
    assert _stats(root) == {k: (int(v[0]), round(v[1], 9), int(v[2])) for k, v in expected.items()}
    assert root.visits == 120


def test_an_iteration_budget_gives_the_same_choice_every_time() -> None:
    state = _position()
    seat = state.to_act[0]
    picks = [IsmctsBot(seed=11, iters=30, workers=2).rank(state, seat) for _ in range(2)]
    assert [(a.id, v) for a, v, _ in picks[0]] == [(a.id, v) for a, v, _ in picks[1]]
    before = state.to_json()
    IsmctsBot(seed=11, iters=30, workers=2).choose(state, seat)
    assert state.to_json() == before  # the real game is untouched


def test_a_time_budget_searches_in_every_process() -> None:
    state = _position()
    seat = state.to_act[0]
    bot = IsmctsBot(seed=5, seconds=0.2, workers=2)
    for _ in range(2):  # the first search starts the helper
        bot.choose(state, seat)
        assert len(bot.last_shares) == 2 and all(n > 0 for n in bot.last_shares)
        assert bot.last_iterations == sum(bot.last_shares)


def test_the_web_server_refuses_a_bot_with_helper_processes(tmp_path: Path) -> None:
    from boardwright.web.db import Store
    from boardwright.web.hub import GameError, Hub, Settings

    hub = Hub(Store(f"sqlite:///{tmp_path / 'refuse.sqlite'}"), Settings(bot_workers=0))
    try:
        with pytest.raises(GameError, match="workers"):
            hub.create(GAME, 2, 1, {}, {1: "ismcts:workers=2"}, False)
    finally:
        hub.close()


def test_a_timed_search_takes_the_cores_the_program_allows() -> None:
    assert parallel.machine_workers == 1
    with parallel.use_cores(3):
        assert IsmctsBot(seconds=0.1).processes() == 3  # a timed search uses them
        assert IsmctsBot(iters=10).processes() == 1  # an iteration budget is never widened
        assert IsmctsBot(seconds=0.1, workers=1).processes() == 1  # the spec's word stands
        assert IsmctsBot(seconds=0.1, workers=4).processes() == 4
    assert parallel.machine_workers == 1 and IsmctsBot(seconds=0.1).processes() == 1


def test_the_terminal_lets_its_bots_use_every_core(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from typer.testing import CliRunner

    from boardwright.cli import app

    play_module = importlib.import_module("boardwright.cli.play")

    seen: list[int] = []

    def record(*_args: object) -> None:
        seen.append(parallel.machine_workers)
        raise SystemExit(0)

    monkeypatch.setattr(play_module, "_play", record)
    runner = CliRunner()
    assert runner.invoke(app, ["play", "flow-of-history"]).exit_code == 0
    assert runner.invoke(app, ["play", "flow-of-history", "--search-cores", "1"]).exit_code == 0
    assert seen == [os.cpu_count() or 1, 1]
    assert parallel.machine_workers == 1  # only while the game lasts
