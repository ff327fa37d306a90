"""GET /api/games/{id}/hint: the token's seat only, its own information only, the game untouched,
refused in a game created without hints."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.web import hint as hints

from .conftest import bearer
from .test_api import create, view


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "SECONDS", 0.2)


def test_hint_for_the_seat_to_act(client: Any) -> None:
    gid, tokens = create(client)
    seat = view(client, gid)["to_act"][0]
    mine = view(client, gid, tokens[seat])
    assert mine["hints"] is True
    record = client.get(f"/api/games/{gid}/record").json()
    r = client.get(f"/api/games/{gid}/hint", headers=bearer(tokens[seat]))
    assert r.status_code == 200, r.text
    data = r.json()
    legal = {a["id"] for a in mine["legal_actions"]}
    assert data["seat"] == seat and len(data["moves"]) == 3
    assert all(m["id"] in legal and 0 <= m["chance"] <= 1 for m in data["moves"])
    assert len(data["lines"]) == 3 and "%" in data["lines"][0]
    assert "estimated chance" in data["heading"]
    assert client.get(f"/api/games/{gid}/record").json() == record
    assert view(client, gid, tokens[seat])["version"] == mine["version"]
    other = next(s for s in tokens if s != seat)
    assert client.get(f"/api/games/{gid}/hint", headers=bearer(tokens[other])).status_code == 409
    assert client.get(f"/api/games/{gid}/hint").status_code == 401


def test_no_hint_in_a_game_created_without(client: Any) -> None:
    gid, tokens = create(client, hints=False)
    seat = view(client, gid)["to_act"][0]
    assert view(client, gid, tokens[seat])["hints"] is False
    r = client.get(f"/api/games/{gid}/hint", headers=bearer(tokens[seat]))
    assert r.status_code == 403 and "without them" in r.json()["reason"]
