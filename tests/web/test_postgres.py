"""Storage on a real PostgreSQL server: several app instances (as several processes would) share it.

Skipped when no server is reachable on a developer machine; in CI (CI=true) `.ci/run`
starts one and exports BOARDWRIGHT_TEST_PG_URL, and a missing server fails the test.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from boardwright.web import Settings
from boardwright.web.db import SeqTaken, Store

from .conftest import AppFactory, Server, bearer, first_move, stop_ray_head, wait_for
from .test_api import create, step, view


def test_games_survive_a_new_app_and_are_shared(make_client: AppFactory, pg_url: str) -> None:
    a = make_client(pg_url, settings=Settings(bot_delay=0, snapshot_every=5))
    b = make_client(pg_url, settings=Settings(bot_delay=0, snapshot_every=5))
    gid, tokens = create(a)
    for i in range(12):
        # the other app learns of the move by a notification (LISTEN/NOTIFY), milliseconds later
        mover = a if i % 2 else b
        wait_for(lambda mover=mover, i=i: bool(view(mover, gid)["moves"] == i), timeout=5)
        step(mover, gid, tokens)
    wait_for(lambda: view(a, gid)["moves"] == view(b, gid)["moves"] == 12, timeout=5)
    assert view(a, gid)["moves"] == view(b, gid)["moves"] == 12
    assert view(a, gid, tokens[0])["view"] == view(b, gid, tokens[0])["view"]
    fresh = make_client(pg_url)
    assert view(fresh, gid, tokens[1])["view"] == view(a, gid, tokens[1])["view"]
    assert a.app.state.hub.store.snapshot_seqs(gid) == [10, 5]


def test_two_writers_cannot_both_append_the_same_row(pg_url: str) -> None:
    store = Store(pg_url)
    other = Store(pg_url)
    try:
        import secrets

        gid = "pg" + secrets.token_hex(6)
        store.create_game(gid, "flow-of-history", 3, 1, {}, {}, False, {})
        store.append(gid, 1, "act", 0, "harvest", "active")
        results: list[str] = []

        def write(s: Store, action: str) -> None:
            try:
                s.append(gid, 2, "act", 1, action, "active")
                results.append("ok")
            except SeqTaken:
                results.append("taken")

        threads = [threading.Thread(target=write, args=(s, a)) for s, a in ((store, "x"), (other, "y"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(results) == ["ok", "taken"]
        assert [r.seq for r in store.actions(gid)] == [1, 2]
        with pytest.raises(SeqTaken):
            other.append(gid, 2, "act", 1, "z", "active")
    finally:
        store.close()
        other.close()


def test_concurrent_moves_from_two_apps_never_fork_the_game(make_client: AppFactory, pg_url: str) -> None:
    a = make_client(pg_url)
    b = make_client(pg_url)
    gid, tokens = create(a)
    seat = view(a, gid)["to_act"][0]
    codes: list[int] = []

    def post(c: Any) -> None:
        r = c.post(f"/api/games/{gid}/actions", headers=bearer(tokens[seat]), json={"action": "harvest"})
        codes.append(r.status_code)

    threads = [threading.Thread(target=post, args=(c,)) for c in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(codes) == [200, 409]  # the second is out of turn once the first is stored
    assert view(a, gid)["moves"] == view(b, gid)["moves"] == 1


def test_two_server_processes_share_one_database(server_factory: Any, pg_url: str) -> None:
    import httpx

    one: Server = server_factory(pg_url).start()
    two: Server = server_factory(pg_url).start()
    r = httpx.post(one.url + "/api/games", json={"game": "flow-of-history", "players": 3, "seed": 2,
                                                 "bots": {"1": "random", "2": "random"}})
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    for _ in range(3):
        wait_for(lambda: httpx.get(f"{two.url}/api/games/{gid}",
                                   headers=bearer(token)).json()["to_act"] == [0])
        v = httpx.get(f"{two.url}/api/games/{gid}", headers=bearer(token)).json()
        r = httpx.post(f"{two.url}/api/games/{gid}/actions", headers=bearer(token),
                       json={"action": v["legal_actions"][0]["id"]})
        assert r.status_code == 200

    def same() -> bool:
        a = httpx.get(f"{one.url}/api/games/{gid}", headers=bearer(token)).json()
        b = httpx.get(f"{two.url}/api/games/{gid}", headers=bearer(token)).json()
        return bool(a["to_act"] == [0] and a["view"]["log"] == b["view"]["log"] and a["moves"] == b["moves"])

    wait_for(same)


class Watcher:
    """A live stream read in a thread: the payload rebuilt from its view and delta events, and
    when each version arrived."""

    def __init__(self, url: str, token: str) -> None:
        self.base: dict[str, Any] | None = None
        self.arrived: dict[int, float] = {}
        self.error: BaseException | None = None
        threading.Thread(target=self._run, args=(url, token), daemon=True).start()

    def _run(self, url: str, token: str) -> None:
        import json
        import time

        import httpx

        from boardwright.web import delta

        try:
            with httpx.stream("GET", url, headers=bearer(token), timeout=None) as r:
                buf = ""
                for chunk in r.iter_text():
                    buf += chunk
                    while "\n\n" in buf:
                        block, buf = buf.split("\n\n", 1)
                        lines = block.splitlines()
                        kind = next((x[6:].strip() for x in lines if x.startswith("event:")), "")
                        data = "".join(x[5:] for x in lines if x.startswith("data:"))
                        if not data:
                            continue
                        msg = json.loads(data)
                        if kind == "delta":
                            assert self.base is not None and self.base["stamp"] == msg["from"]
                            self.base = delta.apply(self.base, msg["ops"])
                        else:
                            self.base = msg
                        assert self.base is not None
                        self.arrived.setdefault(int(self.base["version"]), time.monotonic())
        except BaseException as exc:  # the server was killed: the stream ends
            self.error = exc


def test_a_move_through_one_process_reaches_a_stream_on_the_other_within_a_second(
        server_factory: Any, pg_url: str) -> None:
    import time

    import httpx

    one: Server = server_factory(pg_url).start()
    two: Server = server_factory(pg_url).start()
    r = httpx.post(one.url + "/api/games", json={"game": "flow-of-history", "players": 2, "seed": 5})
    gid = r.json()["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    on_two = Watcher(f"{two.url}/api/games/{gid}/events", tokens[0])
    on_one = Watcher(f"{one.url}/api/games/{gid}/events", tokens[1])
    wait_for(lambda: on_two.base is not None and on_one.base is not None)

    def move(server: Server) -> int:
        return first_move(server.url, gid, tokens)

    for i in range(6):
        server, watcher = (one, on_two) if i % 2 == 0 else (two, on_one)
        sent = time.monotonic()
        version = move(server)
        wait_for(lambda w=watcher, v=version: v in w.arrived, timeout=5)
        assert watcher.arrived[version] - sent < 1.0, "the move took over a second to cross processes"
        # the other process serves it too, at once
        wait_for(lambda s=server, v=version: httpx.get(
            f"{(two if s is one else one).url}/api/games/{gid}").json()["version"] == v, timeout=2)
    final = httpx.get(f"{two.url}/api/games/{gid}", headers=bearer(tokens[0])).json()
    wait_for(lambda: on_two.base is not None and on_two.base["version"] == final["version"])
    assert on_two.base is not None and on_two.base["view"] == final["view"]

    # kill -9 of either process loses no acknowledged move: the other and a restarted one have it
    for victim, other in ((one, two), (two, one)):
        acked = move(victim)
        victim.kill()
        wait_for(lambda o=other, a=acked: httpx.get(f"{o.url}/api/games/{gid}").json()["version"] == a,
                 timeout=2)
        victim.start()
        assert httpx.get(f"{victim.url}/api/games/{gid}").json()["version"] == acked
        assert httpx.get(f"{victim.url}/api/games/{gid}", headers=bearer(tokens[0])).json()["view"] == \
            httpx.get(f"{other.url}/api/games/{gid}", headers=bearer(tokens[0])).json()["view"]


def test_two_server_processes_share_one_ray_bot_pool(server_factory: Any, pg_url: str,
                                                     tmp_path: Any) -> None:
    """`serve --bot-pool ray:ADDRESS`: two processes on one database and one Ray cluster use the
    same bot actors (two named actors for two processes of two workers each, not four), and a
    game's bots reply whichever process a person's move went through."""
    pytest.importorskip("ray")
    import os
    import shutil
    import subprocess
    import sys

    import httpx

    from .conftest import free_port

    ray_cli = shutil.which("ray") or os.path.join(os.path.dirname(sys.executable), "ray")
    port = free_port()
    head = subprocess.Popen(
        [ray_cli, "start", "--head", "--block", "--port", str(port), "--num-cpus", "2",
         "--include-dashboard", "false", "--disable-usage-stats"],
        stdout=(tmp_path / "ray.log").open("wb"), stderr=subprocess.STDOUT)
    address = f"127.0.0.1:{port}"
    try:
        pool = ("--bot-pool", f"ray:{address}")
        one = server_factory(pg_url, extra=pool).start()
        two = server_factory(pg_url, extra=pool).start()
        r = httpx.post(one.url + "/api/games", json={"game": "flow-of-history", "players": 3, "seed": 4,
                                                     "bots": {"1": "greedy", "2": "greedy"}})
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        for i in range(6):
            server = (one, two)[i % 2]
            wait_for(lambda s=server: httpx.get(f"{s.url}/api/games/{gid}",
                                                headers=bearer(token)).json()["to_act"] == [0], 60)
            v = httpx.get(f"{server.url}/api/games/{gid}", headers=bearer(token)).json()
            r = httpx.post(f"{server.url}/api/games/{gid}/actions", headers=bearer(token),
                           json={"action": v["legal_actions"][0]["id"]})
            assert r.status_code == 200
        moves = httpx.get(f"{one.url}/api/games/{gid}").json()["moves"]
        assert moves > 6  # the bots replied between the person's moves
        script = (f"import ray; ray.init(address={address!r}, log_to_driver=False); "
                  "print(sorted(a['name'] for a in ray.util.list_named_actors(all_namespaces=True) "
                  "if a['namespace'] == 'boardwright'))")
        listed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                                env={**os.environ, "RAY_AUTH_MODE": "token"})
        assert listed.stdout.strip().splitlines()[-1] == "['boardwright-bots-0', 'boardwright-bots-1']", (
            listed.stdout, listed.stderr[-2000:])
    finally:
        stop_ray_head(head, port)
