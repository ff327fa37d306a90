"""The JSON API through FastAPI's test client: create, view, act, errors, records, restarts, bots."""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardwright as bw

from .conftest import AppFactory, bearer, wait_for

GAME = "flow-of-history"


def create(client: Any, players: int = 3, bots: dict[str, str] | None = None, seed: int = 7,
           **extra: Any) -> tuple[str, dict[int, str]]:
    body = {"game": GAME, "players": players, "seed": seed, "bots": bots or {}, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], {s["seat"]: s["token"] for s in data["seats"]}


def view(client: Any, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def step(client: Any, gid: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The seat to act plays its first legal action (all seats held here)."""
    seat = view(client, gid)["to_act"][0]
    first = view(client, gid, tokens[seat])["legal_actions"][0]["id"]
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[seat]), json={"action": first})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_create_returns_tokens_for_human_seats_only(client: Any) -> None:
    gid, tokens = create(client, bots={"1": "greedy", "2": "random"})
    assert list(tokens) == [0]
    assert len(tokens[0]) >= 30
    assert view(client, gid)["seats"][1] == {"seat": 1, "kind": "bot", "bot": "greedy", "name": None,
                                             "invited": False}


def test_seat_view_and_spectator_view(client: Any) -> None:
    gid, tokens = create(client)
    me = view(client, gid, tokens[0])
    assert me["seat"] == 0 and me["view"]["seat"] == 0
    seat = me["to_act"][0]
    mine = view(client, gid, tokens[seat])
    state = bw.game(GAME).new_game(3, 7)
    assert [a["id"] for a in mine["legal_actions"]] == [a.id for a in state.legal_actions(seat)]
    assert mine["view"]["decision"]["prompt"]
    spect = view(client, gid)
    assert spect["seat"] is None and spect["legal_actions"] == [] and spect["view"]["decision"] is None
    assert spect["over"] is False and spect["outcome"] is None


def test_act_and_the_new_view(client: Any) -> None:
    gid, tokens = create(client)
    before = view(client, gid)
    after = step(client, gid, tokens)
    assert after["moves"] == before["moves"] + 1
    assert len(after["view"]["log"]) > len(before["view"]["log"])


def test_missing_wrong_and_malformed_tokens(client: Any) -> None:
    gid, _ = create(client)
    url = f"/api/games/{gid}/actions"
    assert client.post(url, json={"action": "harvest"}).status_code == 401
    assert client.post(url, headers=bearer("x" * 32), json={"action": "harvest"}).status_code == 403
    basic = {"Authorization": "Basic abc"}
    assert client.post(url, headers=basic, json={"action": "harvest"}).status_code == 401
    _, other_tokens = create(client)
    assert client.post(url, headers=bearer(other_tokens[0]), json={"action": "harvest"}).status_code == 403
    assert client.get(f"/api/games/{gid}", headers=bearer("nope")).status_code == 403


def test_illegal_and_out_of_turn_are_409_with_reason_and_rule(client: Any) -> None:
    gid, tokens = create(client)
    seat = view(client, gid)["to_act"][0]
    other = (seat + 1) % 3
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[other]), json={"action": "harvest"})
    assert r.status_code == 409
    assert "nothing to decide" in r.json()["reason"] and r.json()["rule"].startswith("§5")
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[seat]),
                    json={"action": "snipe:nothing"})
    assert r.status_code == 409 and r.json()["rule"].startswith("§")
    assert view(client, gid)["moves"] == 0  # nothing changed


@pytest.mark.parametrize("body", [
    {}, {"action": ""}, {"action": 3}, {"action": None}, {"action": "x" * 500}, {"act": "harvest"},
    {"action": "harvest", "extra": 1}, [], "harvest",
])
def test_malformed_action_bodies_are_422(client: Any, body: Any) -> None:
    gid, tokens = create(client)
    seat = view(client, gid)["to_act"][0]
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[seat]), json=body)
    assert r.status_code == 422
    assert "malformed" in r.json()["reason"]


def test_non_json_body_is_422(client: Any) -> None:
    gid, tokens = create(client)
    headers = {**bearer(tokens[0]), "Content-Type": "application/json"}
    r = client.post(f"/api/games/{gid}/actions", headers=headers, content=b"{not json")
    assert r.status_code == 422


@pytest.mark.parametrize(("body", "word"), [
    ({"game": "chess", "players": 2}, "no game"),
    ({"game": GAME, "players": 7}, "played by"),
    ({"game": GAME, "players": 3, "options": {"nope": 1}}, "unknown option"),
    ({"game": GAME, "players": 3, "options": {"turn_limit": 5}}, "at least"),
    ({"game": GAME, "players": 3, "bots": {"1": "deep-blue"}}, "unknown bot"),
    ({"game": GAME, "players": 3, "bots": {"5": "random"}}, "not a seat"),
    ({"game": GAME, "players": 3, "bots": {"x": "random"}}, "seat number"),
    ({"game": GAME, "players": 3, "seed": -1}, "malformed"),
    ({"game": GAME, "players": "three"}, "malformed"),
    ({"game": GAME}, "malformed"),
])
def test_bad_creations_are_422_naming_the_problem(client: Any, body: dict[str, Any], word: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    assert word in r.json()["reason"]


def test_unknown_game_is_404(client: Any) -> None:
    assert client.get("/api/games/doesnotexist").status_code == 404
    assert client.post("/api/games/doesnotexist/actions", json={"action": "x"}).status_code == 404
    assert client.get("/api/games/bad%20id!").status_code in (404, 422)


def test_record_hidden_until_over_then_replayable(client: Any) -> None:
    gid, tokens = create(client, players=3, bots={"1": "random", "2": "random"})
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["seed"] is None and rec["actions"] is None and rec["complete"] is False
    for _ in range(400):
        v = view(client, gid, tokens[0])
        if v["over"]:
            break
        if v["legal_actions"]:
            client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[0]),
                        json={"action": v["legal_actions"][0]["id"]})
        else:
            wait_for(lambda: bool(view(client, gid, tokens[0])["legal_actions"]) or view(client, gid)["over"])
    final = view(client, gid, tokens[0])
    assert final["over"] and final["outcome"]["final"] is True
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["complete"] is True and rec["seed"] == 7
    replayed = bw.replay(rec)
    assert replayed.over and replayed.outcome() == final["outcome"]
    assert client.get("/api/games").json()["games"][0]["status"] == "over"


def test_bots_move_on_their_own(client: Any) -> None:
    gid, _ = create(client, players=3, bots={"0": "random", "1": "greedy", "2": "random"})
    wait_for(lambda: view(client, gid)["over"], timeout=60)
    assert view(client, gid)["outcome"]["final"] is True


def test_bots_wait_for_the_person(client: Any) -> None:
    gid, tokens = create(client, players=3, bots={"1": "random", "2": "random"})
    wait_for(lambda: view(client, gid)["to_act"] == [0])
    step(client, gid, tokens)
    wait_for(lambda: view(client, gid)["to_act"] == [0] or view(client, gid)["over"])
    assert view(client, gid)["moves"] >= 3


def test_restart_resumes_with_nothing_lost(make_client: AppFactory, db_url: str) -> None:
    from boardwright.web import Settings

    first = make_client(settings=Settings(bot_delay=0, snapshot_every=4))
    gid, tokens = create(first)
    for _ in range(11):
        step(first, gid, tokens)
    seen = {s: view(first, gid, t) for s, t in tokens.items()}
    first.__exit__(None, None, None)
    second = make_client(settings=Settings(bot_delay=0, snapshot_every=4))
    for s, t in tokens.items():
        again = view(second, gid, t)
        assert again["view"] == seen[s]["view"] and again["moves"] == 11
        assert again["legal_actions"] == seen[s]["legal_actions"]
    step(second, gid, tokens)
    assert view(second, gid)["moves"] == 12


def test_restart_from_a_snapshot_equals_a_replay(make_client: AppFactory) -> None:
    from boardwright.web import Settings

    first = make_client(settings=Settings(bot_delay=0, snapshot_every=3))
    gid, tokens = create(first)
    for _ in range(10):
        step(first, gid, tokens)
    hub = first.app.state.hub
    assert hub.store.snapshot_seqs(gid) == [9, 6, 3]
    fresh = make_client(settings=Settings(bot_delay=0, snapshot_every=3))
    state = fresh.app.state.hub.get(gid).state
    row = hub.store.game(gid)
    assert row is not None
    replayed = bw.game(GAME).new_game(3, row.seed)
    for seat, action in state.history:
        replayed.apply(seat, action)
    assert state.to_json() == replayed.to_json()


def test_two_apps_on_one_database_see_each_others_moves(make_client: AppFactory) -> None:
    a = make_client()
    b = make_client()
    gid, tokens = create(a)
    step(b, gid, tokens)
    # without notifications (SQLite) a process looks for other writers at most every
    # `Settings.recheck` seconds; a write always checks the log's length in its transaction
    wait_for(lambda: view(a, gid)["moves"] == 1, timeout=5)
    step(a, gid, tokens)
    wait_for(lambda: view(b, gid)["moves"] == 2, timeout=5)


def test_live_events_send_the_seats_own_view(client: Any) -> None:
    gid, tokens = create(client)
    with client.stream("GET", f"/api/games/{gid}/events?max_events=1", headers=bearer(tokens[1])) as r:
        assert r.status_code == 200
        text = "".join(r.iter_text())
    data = json.loads(next(line for line in text.splitlines() if line.startswith("data:"))[5:])
    assert data["seat"] == 1 and data["view"]["seat"] == 1
    with client.stream("GET", f"/api/games/{gid}/events?max_events=1") as r:
        text = "".join(r.iter_text())
    assert '"seat":null' in text
    with client.stream("GET", f"/api/games/{gid}/events?max_events=1", headers=bearer("bad")) as r:
        assert r.status_code == 403


def test_meta_lists_every_registered_game_and_the_bots(client: Any) -> None:
    meta = client.get("/api/meta").json()
    assert [g["id"] for g in meta["games"]] == bw.games()
    flow = next(g for g in meta["games"] if g["id"] == GAME)
    assert flow["player_counts"] == [2, 3, 4, 5] and flow["rules"] is True
    assert {o["name"] for o in flow["options"]} >= {"irrigation", "turn_limit"}
    assert {"random", "greedy"} <= {b["name"] for b in meta["bots"]}
    # the difficulty ladder in order, each level with a line on what it does, and a bot too
    assert [lv["name"] for lv in meta["levels"]] == ["easy", "normal", "hard", "expert"]
    assert all(lv["doc"] for lv in meta["levels"])
    assert {"easy", "normal", "hard", "expert"} <= {b["name"] for b in meta["bots"]}


@pytest.mark.parametrize("game_id", bw.games())
def test_every_registered_game_can_be_created_and_viewed(client: Any, game_id: str) -> None:
    spec = bw.game(game_id)
    n = spec.player_counts[0]
    r = client.post("/api/games", json={"game": game_id, "players": n, "seed": 1,
                                        "options": spec.default_options(n),
                                        "bots": {str(s): "random" for s in range(1, n)}})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    v = client.get(f"/api/games/{gid}", headers=bearer(r.json()["seats"][0]["token"])).json()
    assert v["game"] == game_id and v["view"]["game"] == game_id


def test_rule_explanations(client: Any) -> None:
    r = client.get(f"/api/rules/{GAME}/§5.1 Invest")
    assert r.status_code == 200 and r.json()["title"] == "Invest" and "token" in r.json()["text"]
    assert client.get(f"/api/rules/{GAME}/5.3").json()["title"] == "Snipe"
    card = client.get(f"/api/rules/{GAME}/§8 warriors").json()
    assert "Warriors" in card["title"] and "weaker opponent" in card["text"]
    assert client.get(f"/api/rules/{GAME}/§99 Nothing").status_code == 404
    assert client.get(f"/api/rules/{GAME}/garbage").status_code == 404
    assert client.get("/api/rules/chess/§1").status_code == 404
    # every rule reference in a real game's log resolves
    gid, tokens = create(client)
    for _ in range(8):
        step(client, gid, tokens)
    for entry in view(client, gid)["view"]["log"]:
        assert client.get(f"/api/rules/{GAME}/{entry['rule']}").status_code == 200, entry["rule"]


def test_pages_and_openapi(client: Any) -> None:
    assert "New game" in client.get("/").text
    page = client.get("/play/abc")
    assert page.status_code == 200 and "board" in page.text
    assert page.headers["referrer-policy"] == "no-referrer"
    assert client.get("/static/board-generic.js").status_code == 200
    assert client.get("/static/board-flow.js").status_code == 404  # boards live in their titles
    spec = client.get("/openapi.json").json()
    paths = {"/api/games", "/api/games/{gid}", "/api/games/{gid}/actions", "/api/games/{gid}/record"}
    assert paths <= set(spec["paths"])
    assert client.get("/docs").status_code == 200


def test_body_size_limit(make_client: AppFactory) -> None:
    c = make_client(max_body=2000)
    r = c.post("/api/games", json={"game": GAME, "players": 3, "options": {"x" * 60: "y" * 190} | {
        f"k{i}": "v" * 100 for i in range(30)}})
    assert r.status_code == 413
    assert c.post("/api/games", json={"game": GAME, "players": 3}).status_code == 201


def test_rate_limit(make_client: AppFactory) -> None:
    c = make_client(rate=0.5, burst=5)
    codes = [c.get("/api/meta").status_code for _ in range(8)]
    assert codes[:5] == [200] * 5 and 429 in codes[5:]
    assert c.get("/").status_code == 200  # pages are not rate limited


def test_garbage_never_crashes_the_server(client: Any) -> None:
    gid, tokens = create(client)
    junk: list[Any] = [None, 1, "x", [1, 2], {"a": {"b": [None]}}, "\u0000", "é" * 50, 10**30, -1.5]
    for j in junk:
        assert client.post("/api/games", json=j).status_code == 422
        body = {"game": j, "players": j, "options": j, "bots": j}
        assert client.post("/api/games", json=body).status_code == 422
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[0]), json={"action": j})
        assert r.status_code in (409, 422)
    paths = ["/api/games/%00", "/api/games/" + "a" * 500, f"/api/games/{gid}/record/x", "/api/rules/x/%ff"]
    for path in paths:
        assert client.get(path).status_code in (404, 422)
    for header in [b"Bearer", b"Bearer " + b"a" * 1000, b"bearer  ", b"Token abc", "Bearer \u00e9".encode()]:
        r = client.get(f"/api/games/{gid}", headers={"Authorization": header})
        assert r.status_code in (401, 403)
    assert view(client, gid)["moves"] == 0
