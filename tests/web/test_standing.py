"""The running scores the web app shows a seat count only what that seat may know
(`outcome(seat)`): a Martians Collector's Edition game where the other player's hidden goal
is already met."""

from __future__ import annotations

from typing import Any

from .conftest import bearer


def test_standing_leaves_out_the_others_hidden_goals(client: Any) -> None:
    body = {"game": "martians", "players": 2, "seed": 1, "bots": {},
            "options": {"mode": "competitive", "collectors_edition": True}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    gid, tokens = data["id"], {s["seat"]: s["token"] for s in data["seats"]}
    hub = client.app.state.hub
    while hub.get(gid).state.tasks[-1][0] == "goal_keep":  # seat 1 keeps No losses (met from the start)
        state = hub.get(gid).state
        for seat in state.to_act:
            ids = [a.id for a in state.legal_actions(seat)]
            pick = "keep:no_losses" if seat == 1 and "keep:no_losses" in ids else ids[0]
            r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[seat]), json={"action": pick})
            assert r.status_code == 200, r.text
    state = hub.get(gid).state
    assert "no_losses" in state.goals[1]
    truth = state.outcome()["scores"]
    shown = client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).json()["standing"]
    assert shown == {"scores": [truth[0], truth[1] - 3]}  # seat 0 is not told of seat 1's goal
    theirs = client.get(f"/api/games/{gid}", headers=bearer(tokens[1])).json()["standing"]
    assert theirs["scores"][1] == truth[1]  # seat 1 knows its own goals
