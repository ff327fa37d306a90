"""The action POST answered by the lean ASGI layer (`web/lean.py`): the same answers as the
FastAPI route, which still gets every request the layer does not take."""

from __future__ import annotations

import json
from typing import Any

from boardwright.web.lean import Lean, parse_action

from .conftest import bearer
from .test_api import create, view


def _lean(client: Any) -> Lean:
    layer = client.app.middleware_stack
    while not isinstance(layer, Lean):
        layer = layer.app
    return layer


def _post(client: Any, gid: str, token: str | None, body: Any, content_type: str = "application/json") -> Any:
    headers = {"Content-Type": content_type, **(bearer(token) if token else {})}
    return client.post(f"/api/games/{gid}/actions", headers=headers,
                       content=body if isinstance(body, bytes) else json.dumps(body).encode())


def test_parse_action_takes_only_well_formed_bodies() -> None:
    assert parse_action(b'{"action": "a1"}') == ("a1", None)
    assert parse_action(b'{"action": "a1", "version": 0}') == ("a1", 0)
    assert parse_action(b'{"version": 3, "action": "x"}') == ("x", 3)
    for bad in (b"", b"{not json", b"[]", b'"a"', b"{}", b'{"action": ""}', b'{"action": 1}',
                b'{"action": "a", "version": -1}', b'{"action": "a", "version": "3"}',
                b'{"action": "a", "version": true}', b'{"action": "a", "version": 1.0}',
                b'{"action": "a", "other": 1}', b'{"action": "' + b"x" * 201 + b'"}',
                b'{"action": "a", "version": 99999999999999999999999}'):
        assert parse_action(bad) is None, bad


def test_the_lean_layer_answers_as_the_route_does(make_client: Any) -> None:
    """Two games from the same seed, one played through the lean layer and one through the
    FastAPI route (a content type the layer leaves to it): the same answers, move by move."""
    client = make_client()
    lean = _lean(client)
    fast, fast_tokens = create(client, seed=11)
    slow, slow_tokens = create(client, seed=11)
    for _ in range(12):
        seat = view(client, fast)["to_act"][0]
        v = view(client, fast, fast_tokens[seat])
        move = {"action": v["legal_actions"][-1]["id"], "version": v["version"]}
        before = lean.handled
        a = _post(client, fast, fast_tokens[seat], move)
        assert lean.handled == before + 1
        b = _post(client, slow, slow_tokens[seat], move, "application/json; charset=UTF-8")
        assert lean.handled == before + 1  # left to the route
        assert a.status_code == b.status_code == 200
        assert a.headers["content-type"] == b.headers["content-type"] == "application/json"
        left, right = a.json(), b.json()
        assert {**left, "id": None, "board": None} == {**right, "id": None, "board": None}
        assert left == view(client, fast, fast_tokens[seat])  # the payload a GET gives
    # refusals, through the layer and through the route, in the same shapes
    seat = view(client, fast)["to_act"][0]
    other = next(s for s in fast_tokens if s != seat)
    v = view(client, fast, fast_tokens[seat])
    cases: list[tuple[Any, Any, int]] = [
        (fast_tokens[seat], {"action": "no-such-action"}, 409),  # illegal
        (fast_tokens[other], {"action": v["legal_actions"][0]["id"]}, 409),  # not their turn
        (fast_tokens[seat], {"action": v["legal_actions"][0]["id"], "version": 0}, 409),  # stale
        ("wrong-token", {"action": v["legal_actions"][0]["id"]}, 403),
        (None, {"action": v["legal_actions"][0]["id"]}, 401),
    ]
    for token, body, status in cases:
        before = lean.handled
        a = _post(client, fast, token, body)
        b = _post(client, fast, token, body, "application/json; charset=UTF-8")
        assert lean.handled == before + 1
        assert a.status_code == b.status_code == status, (body, a.text, b.text)
        assert a.json() == b.json() and "reason" in a.json()
    assert _post(client, "doesnotexist", None, {"action": "x"}).status_code == 404
    # bodies the layer does not take get the route's documented 422
    for body in ({"action": "a", "extra": 1}, {"action": "a", "version": "3"}, {"action": ""},
                 b"{not json", {"action": "a", "version": -2}):
        before = lean.handled
        r = _post(client, fast, fast_tokens[seat], body)
        assert r.status_code == 422 and r.json()["reason"].startswith("malformed request"), r.text
        assert lean.handled == before
    assert view(client, fast)["version"] == v["version"]  # nothing refused changed the game
