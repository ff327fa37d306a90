"""Warm bot workers: a worker keeps each game's state and is sent only the moves since; its
choices are exactly those of a cold worker sent the whole state every time."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import boardwright as bw
from boardwright.engine import GameState
from boardwright.web.thinking import Thinkers, choose

from .conftest import wait_for

GAME = "flow-of-history"


def _play(
    thinkers: Thinkers, key: str, state: GameState, bots: dict[int, str], moves: int, rnd: random.Random
) -> GameState:
    """`moves` moves from `state`: bots through `thinkers`, each answer checked against a cold
    choice from the whole state; the other seats at random."""
    rngs = {s: 1000 + s for s in bots}
    for _ in range(moves):
        if state.over:
            break
        seat = state.to_act[0]
        if seat in bots:
            cold = choose(GAME, state.to_json(), bots[seat], rngs[seat], seat)
            warm = thinkers.think(key, GAME, state.clone(), bots[seat], rngs[seat], seat, 10.0)
            assert cold is not None and (warm.action, warm.rng) == cold, (len(state.history), warm, cold)
            action = cold[0]
            rngs[seat] = cold[1]
        else:
            action = rnd.choice(state.legal_actions(seat)).id
        state = state.clone()
        state.apply(seat, action)
    return state


def test_warm_workers_choose_as_cold_ones_and_are_sent_moves_not_states() -> None:
    spec = bw.game(GAME)
    thinkers = Thinkers(2)
    try:
        bots = {1: "greedy", 2: "greedy"}
        start = spec.new_game(3, 5, spec.default_options(3))
        rnd = random.Random(5)
        middle = _play(thinkers, "a", start, bots, 40, rnd)
        assert thinkers.sent_whole == 1 and thinkers.sent_moves > 10  # one whole state, then moves
        # an undo: the game goes back to an earlier state, which is sent whole again
        whole = thinkers.sent_whole
        _play(thinkers, "a", _play(thinkers, "b", start, bots, 10, random.Random(1)), bots, 20, rnd)
        assert thinkers.sent_whole >= whole + 1
        # a replaced worker holds nothing: the state is sent whole and the choices stay the same
        for i, w in enumerate(thinkers._slots):
            if w.pool is not None:
                thinkers._replace(i, w.pool)
        whole = thinkers.sent_whole
        _play(thinkers, "a", middle, bots, 20, rnd)
        assert thinkers.sent_whole == whole + 1
    finally:
        thinkers.close()


def test_a_worker_past_its_memory_cap_is_replaced_and_choices_stay_the_same() -> None:
    """The bound on a worker's memory whatever its titles keep: past `max_mb` (looked at
    every `check_every` answers) its process is replaced once its moves in hand are done."""
    spec = bw.game(GAME)
    thinkers = Thinkers(1)
    thinkers.max_mb, thinkers.check_every = 1.0, 10**9  # every process is past 1 MB
    try:
        bots = {1: "greedy", 2: "greedy"}
        state = _play(thinkers, "m", spec.new_game(3, 4, spec.default_options(3)), bots, 12,
                      random.Random(4))
        first = thinkers._slots[0].pool
        assert first is not None and thinkers.sent_whole == 1 and thinkers.retired == 0
        procs = list(first._processes.values())
        thinkers.check_every = 1  # looked at after every answer from now on
        _play(thinkers, "m", state, bots, 24, random.Random(5))  # checked against cold choices
        assert thinkers.retired >= 1 and thinkers._slots[0].pool is not first
        assert thinkers.sent_whole >= 2  # the new process was sent the state whole
        wait_for(lambda: not any(p.is_alive() for p in procs), 20)  # the old one exited
    finally:
        thinkers.close()


def test_a_worker_under_its_memory_cap_is_kept() -> None:
    spec = bw.game(GAME)
    thinkers = Thinkers(1)
    thinkers.check_every = 2
    try:
        _play(thinkers, "k", spec.new_game(3, 6, spec.default_options(3)), {1: "greedy", 2: "greedy"},
              20, random.Random(6))
        time.sleep(0.5)
        assert thinkers.retired == 0 and not thinkers._slots[0].retire and thinkers.sent_whole == 1
    finally:
        thinkers.close()


def test_a_worker_that_lost_the_state_is_sent_it_whole() -> None:
    from boardwright.web import thinking

    spec = bw.game(GAME)
    state = spec.new_game(3, 2, spec.default_options(3))
    while state.to_act[0] != 1:
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0].id)
    # in this process (as a worker would): the kept state is gone, so the answer is COLD
    assert thinking.choose_warm("gone", GAME, 3, [], None, "greedy", 7, 1) == thinking.COLD
    got = thinking.choose_warm("kept", GAME, 0, [], state.to_json(), "greedy", 7, 1)
    assert got == choose(GAME, state.to_json(), "greedy", 7, 1)
    seat = state.to_act[0]
    after = state.clone()
    after.apply(seat, after.legal_actions(seat)[0].id)
    moves = after.history[len(state.history) :]
    nxt = after.to_act[0]
    assert thinking.choose_warm("kept", GAME, len(state.history), moves, None, "greedy", 7, nxt) == choose(
        GAME, after.to_json(), "greedy", 7, nxt
    )
    thinking.drop("kept")
    assert "kept" not in thinking._WARM
    thinking._WARM.clear()


def test_a_finished_game_is_dropped_by_its_worker() -> None:
    spec = bw.game(GAME)
    thinkers = Thinkers(1)
    try:
        state = spec.new_game(3, 3, spec.default_options(3))
        _play(thinkers, "done", state, {0: "random", 1: "random", 2: "random"}, 3, random.Random(3))
        assert thinkers.sent_whole == 1 and "done" in thinkers._synced
        pool = thinkers._slots[0].pool
        assert pool is not None
        thinkers.forget("done")
        assert "done" not in thinkers._synced and thinkers._slots[0].games == 0
        # the worker no longer holds it: a move sent as moves only would be answered COLD
        from boardwright.web import thinking

        assert (
            pool.submit(thinking.choose_warm, "done", GAME, 3, [], None, "random", 1, 0).result(30)
            == thinking.COLD
        )
    finally:
        thinkers.close()


def test_workers_keep_no_state_of_finished_games(make_client: Any) -> None:
    """However a game ends (here by a person's own last move, or by its creator), its
    worker drops its state and the server its record of what the worker holds: the workers'
    memory follows the games in play (finished games' states were kept, up to 400 a worker)."""
    from boardwright.web import thinking

    client = make_client()
    hub = client.app.state.hub
    thinkers = hub.thinkers
    ended_by_person = None
    for seed in range(1, 40):
        r = client.post("/api/games", json={"game": GAME, "players": 2, "seed": seed,
                                            "bots": {"1": "random"}})
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        last = None
        while True:
            v = client.get(f"/api/games/{gid}", headers=headers).json()
            if v["over"]:
                break
            if v["legal_actions"]:
                moved = client.post(f"/api/games/{gid}/actions", headers=headers, json={
                    "action": v["legal_actions"][0]["id"], "version": v["version"]})
                if moved.status_code == 409:  # the bot moved between the read and this move (both
                    continue  # choose at once at the start): the documented stale answer; read again
                assert moved.status_code == 200, moved.text
                last = v["version"] + 1
            else:
                time.sleep(0.01)
        if last == v["version"]:  # the person's move ended it
            ended_by_person = gid
            break
    assert ended_by_person is not None
    assert ended_by_person not in thinkers._synced and ended_by_person not in thinkers._pinned
    r = client.post("/api/games", json={"game": GAME, "players": 3, "seed": 1,
                                        "bots": {"0": "random", "1": "random"}})
    gid, creator = r.json()["id"], r.json()["creator"]
    wait_for(lambda: gid in thinkers._synced, timeout=30)
    ended = client.post(f"/api/games/{gid}/end", headers={"Authorization": f"Bearer {creator}"})
    assert ended.status_code == 200
    for i, worker in enumerate(thinkers._slots):
        if worker.pool is not None:
            kept = worker.pool.submit(thinking.held).result(30)
            assert ended_by_person not in kept and gid not in kept, (i, kept)


def test_the_gate_serves_runs_in_order_and_keeps_heavy_games_to_one_place() -> None:
    """Light games in the order their bot runs started (not least used first, which put a
    game in the middle of its run behind every game that had thought less), heavy games after
    them, and never more heavy moves at once than leave a place for a light one."""
    from boardwright.web.thinking import FairGate

    gate = FairGate(2, heavy=1.0)
    gate._used["heavy"] = (5.0, time.monotonic())
    gate._used["busy-light"] = (0.5, time.monotonic())  # thought more lately than "new", but light
    order: list[str] = []
    holding = threading.Event()
    release = {"a": threading.Event(), "b": threading.Event()}

    def hold(key: str) -> None:
        with gate.slot(key):
            holding.set()
            release[key].wait(10)

    blockers = [threading.Thread(target=hold, args=(k,)) for k in ("a", "b")]
    for t in blockers:
        t.start()
        holding.wait(10)
        holding.clear()
    assert gate.busy == 2

    def take(key: str, since: float) -> None:
        with gate.slot(key, since):
            order.append(key)

    now = time.monotonic()
    waiters = [threading.Thread(target=take, args=(k, s)) for k, s in
               (("heavy", now - 100), ("new", now), ("busy-light", now - 5))]
    for t in waiters:
        t.start()
    wait_for(lambda: len(gate._waiting) == 3)
    release["a"].set()  # one place frees: the waiters take it one after another
    for t in waiters:
        t.join(10)
    release["b"].set()
    blockers[1].join(10)
    assert order == ["busy-light", "new", "heavy"], order
    # two heavy games and two places: one heavy move at a time, the other place kept free
    gate = FairGate(2, heavy=1.0)
    for k in ("h1", "h2"):
        gate._used[k] = (5.0, time.monotonic())
    inside: list[int] = []
    go = threading.Event()

    def heavy(key: str) -> None:
        with gate.slot(key):
            inside.append(gate.busy_heavy)
            go.wait(10)

    hs = [threading.Thread(target=heavy, args=(k,)) for k in ("h1", "h2")]
    for t in hs:
        t.start()
    wait_for(lambda: len(inside) == 1 and len(gate._waiting) == 1)
    assert gate.busy == 1  # the second heavy move waits although a place is free
    with gate.slot("light"):  # a light one takes it at once
        assert gate.busy == 2
    go.set()
    for t in hs:
        t.join(10)
    assert inside == [1, 1]


def test_a_finished_game_nobody_watches_leaves_memory(make_client: Any) -> None:
    """A game whose bots play it to the end leaves the hub when its driver stops, without a
    stream ending after it (a stream that ended while the driver still ran could not release
    it: the load test kept such games until `max_live`)."""
    client = make_client()
    hub = client.app.state.hub
    r = client.post("/api/games", json={"game": GAME, "players": 2, "seed": 3,
                                        "bots": {"0": "random", "1": "random"}})
    assert r.status_code == 201
    gid = r.json()["id"]
    live = hub.live[gid]
    wait_for(lambda: live.finished and not live.bot_running, timeout=60)
    wait_for(lambda: gid not in hub.live, timeout=5)
    assert client.get(f"/api/games/{gid}").json()["over"]  # asked for again: loaded from the store
