"""The levers for many games: grouped commits, per-game bot pacing, the live-stream cap."""

from __future__ import annotations

import itertools
import json
import secrets
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from boardwright.web import Settings, create_app
from boardwright.web.db import SeqTaken, Store

from .conftest import AppFactory, wait_for
from .test_api import create, view


def test_grouped_commits_store_every_append_and_refuse_a_taken_row(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'group.sqlite'}")
    assert store.group is not None
    try:
        ids = ["g" + secrets.token_hex(4) for _ in range(8)]
        for gid in ids:
            store.create_game(gid, "flow-of-history", 3, 1, {}, {}, False, {})
        taken: list[str] = []

        def writer(gid: str) -> None:
            for seq in range(1, 21):
                store.append(gid, seq, "act", 0, f"a{seq}", "active")
            try:
                store.append(gid, 5, "act", 0, "again", "active")
            except SeqTaken:
                taken.append(gid)

        threads = [threading.Thread(target=writer, args=(g,)) for g in ids]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(taken) == sorted(ids)
        for gid in ids:
            assert [r.action for r in store.actions(gid)] == [f"a{i}" for i in range(1, 21)]
        assert store.group.writes == 8 + 160  # the games created, then their appends
        assert store.group.commits <= store.group.writes
    finally:
        store.close()
    fresh = Store(f"sqlite:///{tmp_path / 'group.sqlite'}")  # stored, not only acknowledged
    assert all(fresh.moves(g) == 20 for g in ids)
    fresh.close()


def test_bot_pacing_is_a_game_option(make_client: AppFactory) -> None:
    client = make_client(settings=Settings(bot_delay=0.0))
    gid, _ = create(client, bots={"0": "random", "1": "random", "2": "random"}, bot_delay=0.3)
    assert client.app.state.hub.store.pacing(gid) == 0.3
    wait_for(lambda: view(client, gid)["moves"] >= 1, timeout=30)  # the bot workers started
    first = view(client, gid)["moves"]
    time.sleep(1.2)
    assert 1 <= view(client, gid)["moves"] - first <= 5  # about one move per 0.3 s
    fast, _ = create(client, bots={"0": "random", "1": "random", "2": "random"})
    wait_for(lambda: view(client, fast)["moves"] > 10, timeout=20)
    r = client.post("/api/games", json={"game": "flow-of-history", "players": 3, "bot_delay": 11})
    assert r.status_code == 422


def test_the_stream_cap_is_configurable_and_the_per_client_limit_kept(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOARDWRIGHT_MAX_STREAMS", "3")
    app: Any = create_app(f"sqlite:///{tmp_path / 'cap.sqlite'}")
    slots = app.state.sse_limit
    assert slots.total == 3 and slots.per_client == 8
    assert [slots.acquire(c) for c in ("a", "b", "c")] == [None, None, None]
    assert slots.acquire("d") is not None and "too many" in str(slots.acquire("d"))
    slots.release("a")
    assert slots.acquire("d") is None
    monkeypatch.delenv("BOARDWRIGHT_MAX_STREAMS")
    app = create_app(f"sqlite:///{tmp_path / 'cap.sqlite'}")
    slots = app.state.sse_limit
    assert slots.total == 2000
    assert all(slots.acquire("one") is None for _ in range(8))
    assert "per client" in str(slots.acquire("one"))


def test_a_change_prepares_what_each_waiting_stream_will_send(client: Any) -> None:
    """The thread that changes a game builds the payload and the delta each waiting stream
    needs, so the streams (on the event loop) find them ready; they are what a stream would
    build itself."""
    import asyncio

    from boardwright.web import delta
    from boardwright.web.api import Watch, encoded

    gid, tokens = create(client)
    hub = client.app.state.hub
    live = hub.get(gid)
    loop = asyncio.new_event_loop()
    try:
        watches = [Watch(seat, loop, asyncio.Event()) for seat in (0, 1, None)]
        for w in watches:
            w.last = encoded(hub, live, w.seat)[1]
            live.listen(w)
        seat = live.state.to_act[0]
        first = live.state.legal_actions(seat)[0].id
        r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                        json={"action": first})
        assert r.status_code == 200
        version, payloads, deltas = live.cache
        assert version == live.version
        for w in watches:
            text, new = payloads[w.seat]
            event = deltas[(w.seat, w.last["stamp"])]
            ops = json.loads(event.split("data: ", 1)[1])["ops"]
            assert delta.apply(w.last, ops) == new == json.loads(text)
            live.unlisten(w)
    finally:
        loop.close()


def test_a_finished_game_leaves_memory_when_its_last_stream_ends(client: Any) -> None:
    import asyncio

    from boardwright.web.api import Watch

    gid, tokens = create(client, bots={"1": "random", "2": "random"})
    hub = client.app.state.hub
    live = hub.get(gid)
    watch = Watch(0, asyncio.new_event_loop(), asyncio.Event())
    live.listen(watch)
    hub.release(live)
    assert gid in hub.live  # not over: kept
    while not view(client, gid)["over"]:
        v = view(client, gid, tokens[0])
        if v["legal_actions"]:
            client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[0]}"},
                        json={"action": v["legal_actions"][0]["id"], "version": v["version"]})
        else:
            time.sleep(0.02)
    final = view(client, gid, tokens[0])
    wait_for(lambda: not hub.get(gid).bot_running)
    hub.release(live)
    assert gid in hub.live  # still watched
    live.unlisten(watch)
    hub.release(live)
    assert gid not in hub.live
    again = view(client, gid, tokens[0])  # loaded again from storage: the same but its stamp
    assert {**again, "stamp": None} == {**final, "stamp": None}  # (a live-update counter in memory)


def test_bot_runs_reuse_driver_threads(client: Any) -> None:
    """A bot run is handed to a kept thread (one was started for every run before)."""
    gid, tokens = create(client, bots={"1": "random", "2": "random"})
    hub = client.app.state.hub
    drivers = hub._drivers
    runs, started = drivers.runs, drivers.started
    for _ in range(15):
        wait_for(lambda: view(client, gid)["to_act"] == [0] or view(client, gid)["over"], timeout=30)
        v = view(client, gid, tokens[0])
        if v["over"]:
            break
        r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[0]}"},
                        json={"action": v["legal_actions"][0]["id"], "version": v["version"]})
        assert r.status_code == 200
    assert drivers.runs - runs >= 10
    assert drivers.started - started <= 3, (drivers.runs - runs, drivers.started - started)


def _watched(client: Any, bot_delay: float) -> tuple[Any, Any, list[int], dict[str, str], str]:
    """A game of a person (seat 0) and two fast bots, with a stream-like watcher of seat 0
    counting the versions it was woken for."""
    import asyncio

    from boardwright.web.api import Watch

    gid, tokens = create(client, bots={"1": "random", "2": "random"}, bot_delay=bot_delay)
    hub = client.app.state.hub
    live = hub.get(gid)
    woken: list[int] = []

    class Counting(Watch):
        def __call__(self) -> None:
            woken.append(live.version)

    watch = Counting(0, asyncio.new_event_loop(), asyncio.Event())
    live.listen(watch)
    return hub, live, woken, {"token": tokens[0]}, gid


def _play_person(client: Any, gid: str, token: str, moves: int) -> None:
    for _ in range(moves):
        wait_for(lambda: view(client, gid)["to_act"] == [0] or view(client, gid)["over"], timeout=30)
        v = view(client, gid, token)
        if v["over"]:
            return
        r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                        json={"action": v["legal_actions"][0]["id"], "version": v["version"]})
        assert r.status_code == 200


def test_fast_bot_moves_without_pacing_are_shown_together(client: Any) -> None:
    """Without pacing, a fast bot's move followed by another bot's is shown with the next
    one: fewer wake-ups than versions, and every version a person must act at is shown."""
    from boardwright.web import delta
    from boardwright.web.api import encoded

    hub, live, woken, who, gid = _watched(client, 0.0)
    shown: list[Any] = []
    real = live.prepare

    def keep(lv: Any) -> None:
        if real is not None:
            real(lv)
        shown.append(encoded(hub, lv, 0)[1])

    live.prepare = keep
    _play_person(client, gid, who["token"], 12)
    wait_for(lambda: not live.bot_running and not live.held)
    assert woken and woken[-1] == live.version  # the newest version is always shown
    assert len(set(woken)) < live.version - 1, (woken, live.version)  # bot moves were held
    for a, b in itertools.pairwise(shown):  # each delta still rebuilds the next payload
        assert delta.apply(a, delta.diff(a, b)) == b
    # every version the person was asked to act at was shown to the stream
    to_act_versions = {p["version"] for p in shown if p["to_act"] == [0]}
    assert to_act_versions and all(p["stamp"] in woken for p in shown)


def test_paced_bot_moves_are_each_shown(make_client: Any) -> None:
    client = make_client()
    _, live, woken, who, gid = _watched(client, 0.05)
    _play_person(client, gid, who["token"], 4)
    wait_for(lambda: not live.bot_running)
    assert sorted(set(woken)) == list(range(min(woken), live.version + 1))  # no version skipped


def test_a_held_move_is_shown_when_the_bot_run_stops(client: Any) -> None:
    gid, _ = create(client)  # people only: no bot run follows
    hub = client.app.state.hub
    live = hub.get(gid)
    woken: list[int] = []
    live.listen(lambda: woken.append(live.version))
    with live.lock:
        live.bump(hold=True)
    assert live.held and woken == []
    hub._drive(live)  # finds no bot to move, and shows what was held
    assert not live.held and woken == [live.version]


def test_a_game_ended_by_its_creator_is_dropped_by_its_worker(client: Any) -> None:
    r = client.post("/api/games", json={"game": "flow-of-history", "players": 3, "seed": 5,
                                        "bots": {"0": "random", "1": "random"}})
    data = r.json()
    gid, creator = data["id"], data["creator"]
    hub = client.app.state.hub
    token = data["seats"][0]["token"]
    v = view(client, gid, token)
    if v["legal_actions"]:  # the person (seat 2) starts: one move, then the bots think
        client.post(f"/api/games/{gid}/actions", json={"action": v["legal_actions"][0]["id"]},
                    headers={"Authorization": f"Bearer {token}"})
    wait_for(lambda: gid in hub.thinkers._synced, timeout=30)  # a bot thought in a worker
    wait_for(lambda: not hub.get(gid).bot_running)
    ended = client.post(f"/api/games/{gid}/end", headers={"Authorization": f"Bearer {creator}"})
    assert ended.status_code == 200
    assert gid not in hub.thinkers._synced and gid not in hub.thinkers._pinned


def test_the_server_asks_malloc_for_few_arenas() -> None:
    import sys

    from boardwright.web.app import limit_malloc_arenas

    if sys.platform.startswith("linux"):
        assert limit_malloc_arenas() is True
