"""Arbitrary JSON at the API: always a clean 4xx (or a created game), never a 500."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import bearer
from .test_api import create

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
create_bodies = st.fixed_dictionaries(
    {},
    optional={"game": st.sampled_from(["flow-of-history", "nomad-city", "x"]) | json_values,
              "players": st.integers(-2, 9) | json_values, "seed": st.integers(-5, 2**64) | json_values,
              "options": st.dictionaries(
                  st.sampled_from(["irrigation", "turn_limit", "zero_investment", "z"]), json_values,
                  max_size=3)
              | json_values,
              "bots": st.dictionaries(st.sampled_from(["0", "1", "2", "9", "a"]),
                                      st.sampled_from(["random", "greedy:samples=2", "greedy:x=1", ""])
                                      | json_values, max_size=3) | json_values,
              "allow_undo": json_values},
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=create_bodies | json_values)
def test_create_never_fails_badly(client: Any, body: Any) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code in (201, 422), (body, r.text)
    assert "reason" in r.json() or "id" in r.json()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.text(max_size=60) | st.sampled_from(["harvest", "invest:barracks:1", "complete", "snipe:"]),
       auth=st.sampled_from([None, "good", "bad"]))
def test_actions_never_fail_badly(client: Any, action: str, auth: str | None) -> None:
    gid, tokens = create(client)
    seat = client.get(f"/api/games/{gid}").json()["to_act"][0]
    headers = {} if auth is None else bearer(tokens[seat] if auth == "good" else "x" * 32)
    r = client.post(f"/api/games/{gid}/actions", headers=headers, json={"action": action})
    assert r.status_code in (200, 401, 403, 409, 422), r.text
