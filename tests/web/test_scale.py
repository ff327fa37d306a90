"""The levers for many games: grouped commits, per-game bot pacing, the live-stream cap."""

from __future__ import annotations

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
