"""Issue 16's bugs, each as an API test that failed before the fix: undo after the end, seat
keys and unparsable bodies, resent actions, bot budgets and fairness, the creator ending a
game, live streams per client, forwarded headers and the rate limit per seat token."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from boardwright.web import Settings
from boardwright.web.thinking import Thinkers

from .conftest import AppFactory, Server, bearer, wait_for
from .test_api import GAME, create, view


def act(client: Any, gid: str, token: str, action: str, version: int | None = None) -> Any:
    body: dict[str, Any] = {"action": action}
    if version is not None:
        body["version"] = version
    return client.post(f"/api/games/{gid}/actions", headers=bearer(token), json=body)


def play_to_the_end(client: Any, gid: str, tokens: dict[int, str]) -> dict[str, Any]:
    for _ in range(2000):
        seat = view(client, gid)["to_act"]
        if not seat:
            break
        v = view(client, gid, tokens[seat[0]])
        assert act(client, gid, tokens[seat[0]], v["legal_actions"][-1]["id"]).status_code == 200
    return view(client, gid)


# ------------------------------------------------------------------ undo after the end
def test_no_undo_once_the_game_is_over(client: Any) -> None:
    gid, tokens = create(client, players=2, allow_undo=True, seed=3)
    final = play_to_the_end(client, gid, tokens)
    assert final["over"]
    last = final["moves"]
    for seat, token in tokens.items():
        mine = view(client, gid, token)
        assert mine["can_undo"] is False and "over" in mine["undo_refused"]
        r = client.post(f"/api/games/{gid}/undo", headers=bearer(token))
        assert r.status_code == 409 and "over" in r.json()["reason"], (seat, r.text)
    assert view(client, gid)["moves"] == last and view(client, gid)["over"]


# ------------------------------------------------------------------ seat keys, bodies
@pytest.mark.parametrize("keys", [{"²": "greedy"}, {"١": "greedy"}, {"１": "greedy"},
                                  {"01": "greedy", "1": "greedy"}, {" 1": "greedy"}, {"+1": "greedy"}])
def test_seat_keys_are_ascii_decimal_and_a_422_names_the_key(client: Any, keys: dict[str, str]) -> None:
    r = client.post("/api/games", json={"game": GAME, "players": 3, "bots": keys})
    assert r.status_code == 422, r.text
    bad = next(k for k in keys if k != "1")
    assert repr(bad) in r.json()["reason"]
    r = client.post("/api/games", json={"game": GAME, "players": 3, "names": {bad: "Ana"}})
    assert r.status_code == 422 and repr(bad) in r.json()["reason"]


@pytest.mark.parametrize("body", [
    b"[" * 100_00 + b"]" * 100_00,  # nested past any parser's depth (but under the size limit)
    b'{"game": "x", "players": 3, "seed": ' + b"9" * 5000 + b"}",  # a number too long to read
    b'{"game": "\xff\xfe", "players": 3}',  # not UTF-8
    b'{"game": "x", "players": 3, "bots": {"1": "\xc3"}}',
])
def test_unparsable_bodies_are_422_with_a_reason(make_client: AppFactory, body: bytes) -> None:
    c = make_client(max_body=50_000)
    gid, tokens = create(c)
    for path, headers in [("/api/games", {}), (f"/api/games/{gid}/actions", bearer(tokens[0]))]:
        r = c.post(path, content=body, headers={"Content-Type": "application/json", **headers})
        assert r.status_code == 422, (path, r.status_code, r.text[:200])
        assert isinstance(r.json()["reason"], str) and "malformed" in r.json()["reason"]
    assert view(c, gid)["moves"] == 0


# ------------------------------------------------------------------ resent actions
def test_a_resent_action_is_applied_once(client: Any) -> None:
    gid, tokens = create(client)
    seat = view(client, gid)["to_act"][0]
    v = view(client, gid, tokens[seat])
    assert v["version"] == 0
    first = act(client, gid, tokens[seat], "harvest", version=v["version"])
    assert first.status_code == 200 and first.json()["version"] == 1
    # the same request again (a network retry), while "harvest" would still be legal for someone
    again = act(client, gid, tokens[seat], "harvest", version=v["version"])
    assert again.status_code == 409 and "version" in again.json()["reason"]
    assert view(client, gid)["moves"] == 1
    nxt = view(client, gid)["to_act"][0]
    stale = act(client, gid, tokens[nxt], "harvest", version=0)
    assert stale.status_code == 409 and view(client, gid)["moves"] == 1
    ok = act(client, gid, tokens[nxt], "harvest", version=1)
    assert ok.status_code == 200 and view(client, gid)["moves"] == 2
    # without a version, scripts keep today's behaviour
    assert act(client, gid, tokens[view(client, gid)["to_act"][0]], "harvest").status_code == 200
    bad = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[0]),
                      json={"action": "harvest", "version": "3"})
    assert bad.status_code == 422


def test_a_resent_undo_is_applied_once(client: Any) -> None:
    gid, tokens = create(client, allow_undo=True)
    a = view(client, gid)["to_act"][0]
    act(client, gid, tokens[a], "harvest")
    b = view(client, gid)["to_act"][0]
    act(client, gid, tokens[b], "harvest")
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[b]), json={"version": 2})
    assert r.status_code == 200, r.text
    again = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[b]), json={"version": 2})
    assert again.status_code == 409 and view(client, gid)["moves"] == 3


# ------------------------------------------------------------------ bots
def test_bot_time_over_the_servers_budget_is_refused_naming_it(make_client: AppFactory) -> None:
    c = make_client(settings=Settings(bot_delay=0, bot_budget=2.0))
    r = c.post("/api/games", json={"game": GAME, "players": 3, "bots": {"1": "ismcts:seconds=3600"}})
    assert r.status_code == 422 and "2 s" in r.json()["reason"] and "seat 1" in r.json()["reason"]
    assert c.post("/api/games", json={"game": GAME, "players": 3,
                                      "bots": {"1": "ismcts:seconds=1.5"}}).status_code == 201


def test_a_bot_past_its_budget_is_stopped_and_everyone_is_told(make_client: AppFactory) -> None:
    c = make_client(settings=Settings(bot_delay=0, bot_budget=0.5))
    gid, _ = create(c, players=3, bots={"0": "ismcts:iters=10000000", "1": "random", "2": "random"})
    wait_for(lambda: bool(view(c, gid)["notes"]), timeout=60)
    notes = view(c, gid)["notes"]
    assert view(c, gid)["moves"] >= 1
    assert notes and "seat 0" in notes[0] and "budget" in notes[0] and "random legal move" in notes[0]


def test_bots_share_thinking_time_fairly(make_client: AppFactory) -> None:
    """Games of bots with a huge budget (each move stopped by the server's cap) do not slow
    another game's greedy bots beyond that cap per move."""
    cap = 1.0
    c = make_client(settings=Settings(bot_delay=0, bot_budget=cap))
    heavy = "ismcts:iters=10000000"
    for _ in range(4):
        create(c, players=3, bots={"0": heavy, "1": heavy, "2": heavy})
    time.sleep(2 * cap)  # the heavy games hold both workers now
    fast, tokens = create(c, players=3, bots={"1": "greedy", "2": "greedy"})
    wait_for(lambda: view(c, fast)["to_act"] == [0], timeout=60)
    slowest = 0.0
    for _ in range(3):
        v = view(c, fast, tokens[0])
        start = time.monotonic()
        assert act(c, fast, tokens[0], v["legal_actions"][0]["id"]).status_code == 200
        wait_for(lambda: view(c, fast)["to_act"] == [0] or view(c, fast)["over"], timeout=60)
        slowest = max(slowest, time.monotonic() - start)
    # two greedy replies, each waiting at most for one heavy move to be stopped (the cap)
    assert slowest < 2 * (cap + 1.5), slowest
    assert view(c, fast)["notes"] == []  # never an arbitrary move in the fast game


def test_moves_cut_off_by_a_replaced_pool_are_sent_again() -> None:
    thinkers = Thinkers(1)
    try:
        import boardwright as bw

        state = bw.game(GAME).new_game(3, 1, bw.game(GAME).default_options(3))
        got: list[Any] = []
        job = threading.Thread(target=lambda: got.append(thinkers.think(
            "g", GAME, state, "ismcts:seconds=1.5", 1, state.to_act[0], 5.0)))
        job.start()
        worker = thinkers._slots[0]
        wait_for(lambda: worker.pool is not None and bool(getattr(worker.pool, "_processes", {})),
                 timeout=30)
        time.sleep(1.0)
        pool = worker.pool
        assert pool is not None
        thinkers._replace(0, pool)  # as when another game's stuck worker is terminated
        job.join(60)
        assert got and got[0].action is not None, got
    finally:
        thinkers.close()


def test_the_creator_can_end_a_game(client: Any) -> None:
    r = client.post("/api/games", json={"game": GAME, "players": 3, "seed": 1,
                                        "bots": {"1": "random", "2": "random"}})
    data = r.json()
    gid, token, creator = data["id"], data["seats"][0]["token"], data["creator"]
    assert client.post(f"/api/games/{gid}/end").status_code == 401
    assert client.post(f"/api/games/{gid}/end", headers=bearer(token)).status_code == 403
    ended = client.post(f"/api/games/{gid}/end", headers=bearer(creator))
    assert ended.status_code == 200 and ended.json()["ended"] is True
    moves = view(client, gid)["moves"]
    v = view(client, gid, token)
    if v["legal_actions"]:
        assert act(client, gid, token, v["legal_actions"][0]["id"]).status_code == 409
    time.sleep(0.5)
    assert view(client, gid)["moves"] == moves and view(client, gid)["ended"] is True
    assert client.get("/api/games").json()["games"][0]["status"] == "ended"


# ------------------------------------------------------------------ names and invitations
def test_names_and_invitations(client: Any) -> None:
    r = client.post("/api/games", json={"game": GAME, "players": 3, "seed": 1, "names": {"0": "Ana"},
                                        "invite": [1], "bots": {"2": "random"}})
    assert r.status_code == 201, r.text
    data = r.json()
    gid = data["id"]
    assert [s["seat"] for s in data["seats"]] == [0] and [i["seat"] for i in data["invites"]] == [1]
    invite = data["invites"][0]["invite"]
    assert client.get(f"/api/games/{gid}", headers=bearer(invite)).status_code == 403  # no seat yet
    seats = view(client, gid)["seats"]
    assert seats[0]["name"] == "Ana" and seats[1]["invited"] is True
    joined = client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": "  Bo  "})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1 and view(client, gid)["seats"][1]["name"] == "Bo"
    token = joined.json()["token"]
    assert view(client, gid, token)["seat"] == 1
    assert client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": "Eve"}).status_code == 403
    r = client.post(f"/api/games/{gid}/name", headers=bearer(token), json={"name": "Bob"})
    assert r.status_code == 200 and r.json()["seats"][1]["name"] == "Bob"
    assert client.post(f"/api/games/{gid}/name", headers=bearer(token),
                       json={"name": "x" * 41}).status_code == 422
    assert client.post(f"/api/games/{gid}/name", json={"name": "Eve"}).status_code == 401


# ------------------------------------------------------------------ a real server
@pytest.fixture
def proxied(server_factory: Callable[..., Server], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Server]:
    def make(trusted: str | None = None) -> Server:
        if trusted is None:
            monkeypatch.delenv("BOARDWRIGHT_TRUSTED_PROXIES", raising=False)
        else:
            monkeypatch.setenv("BOARDWRIGHT_TRUSTED_PROXIES", trusted)
        # one process: the stream and rate limits hold per server process
        return server_factory(extra=("--workers", "1")).start()
    return make


def test_forwarded_headers_are_not_trusted_unless_configured(proxied: Callable[..., Server]) -> None:
    server = proxied()
    with httpx.Client(base_url=server.url, timeout=10) as h:
        codes = [h.get("/api/meta", headers={"X-Forwarded-For": f"10.1.{i // 250}.{i % 250}"}).status_code
                 for i in range(200)]
    assert 429 in codes  # 200 "different clients" that are one peer: limited as one


def test_rate_limit_per_seat_token_behind_a_trusted_proxy(proxied: Callable[..., Server]) -> None:
    server = proxied("127.0.0.1")
    with httpx.Client(base_url=server.url, timeout=10) as h:
        r = h.post("/api/games", json={"game": GAME, "players": 3, "bots": {"1": "random", "2": "random"}})
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        spread = [h.get("/api/meta", headers={"X-Forwarded-For": f"10.2.{i // 250}.{i % 250}"}).status_code
                  for i in range(200)]
        assert 429 not in spread  # really different clients behind the proxy
        assert h.get(f"/api/games/{gid}", headers=bearer(token)).status_code == 200
        one_token = [h.get("/api/meta", headers={  # every API request counts for its token
            "X-Forwarded-For": f"10.3.{i // 250}.{i % 250}", **bearer(token)}).status_code
            for i in range(300)]
    assert 429 in one_token  # one seat's token from many addresses is still one client


def test_live_streams_are_capped_per_client(proxied: Callable[..., Server]) -> None:
    server = proxied()
    with httpx.Client(base_url=server.url, timeout=10) as h:
        gid = h.post("/api/games", json={"game": GAME, "players": 3}).json()["id"]
        streams = []
        codes = []
        try:
            for _ in range(10):
                cm = h.stream("GET", f"/api/games/{gid}/events")
                r = cm.__enter__()
                streams.append(cm)
                codes.append(r.status_code)
        finally:
            for cm in streams:
                cm.__exit__(None, None, None)
    assert codes[:8] == [200] * 8 and codes[8:] == [429, 429], codes


def test_api_docs_load_their_assets_locally(client: Any) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and "/docs-assets/swagger-ui-bundle.js" in page.text
    assert "cdn." not in page.text and "https://" not in page.text.split("<body>")[0].replace(
        "https://fastapi", "")
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200
    assert client.get("/docs-assets/swagger-ui.css").status_code == 200


def test_undo_against_bots_takes_back_their_replies_too(make_client: AppFactory) -> None:
    c = make_client(settings=Settings(bot_delay=0, bot_budget=5.0))
    gid, tokens = create(c, players=3, seed=9, allow_undo=True, bots={"1": "greedy", "2": "greedy"})
    for _ in range(12):
        wait_for(lambda: view(c, gid)["to_act"] == [0] or view(c, gid)["over"], timeout=60)
        before = view(c, gid, tokens[0])
        assert act(c, gid, tokens[0], "harvest", version=before["version"]).status_code == 200
        wait_for(lambda: view(c, gid)["to_act"] == [0] or view(c, gid)["over"], timeout=60)
        after = view(c, gid, tokens[0])
        assert after["moves"] > before["moves"] + 1  # the bots replied
        if after["can_undo"]:
            r = c.post(f"/api/games/{gid}/undo", headers=bearer(tokens[0]),
                       json={"version": after["version"]})
            assert r.status_code == 200, r.text
            assert r.json()["view"] == before["view"] and r.json()["to_act"] == [0]
            return
        assert after["undo_refused"]
    raise AssertionError("no move of mine with silent bot replies in 12 tries")
