"""Undo: only your own last move, only if it revealed nothing, only in games that allow it."""

from __future__ import annotations

from typing import Any

import boardwright as bw
from boardwright.web.undo import undo_refusal

from .conftest import AppFactory, bearer
from .test_api import create, view

GAME = "flow-of-history"


def act(client: Any, gid: str, token: str, action: str) -> Any:
    return client.post(f"/api/games/{gid}/actions", headers=bearer(token), json={"action": action})


def undo(client: Any, gid: str, token: str) -> Any:
    return client.post(f"/api/games/{gid}/undo", headers=bearer(token))


def test_undo_own_harmless_move_restores_the_state(client: Any) -> None:
    gid, tokens = create(client, allow_undo=True)
    a = view(client, gid)["to_act"][0]
    before = {s: view(client, gid, t)["view"] for s, t in tokens.items()}
    assert act(client, gid, tokens[a], "harvest").status_code == 200
    b = view(client, gid)["to_act"][0]
    mine = view(client, gid, tokens[a])
    assert mine["can_undo"] is True and mine["undo_refused"] is None
    theirs = view(client, gid, tokens[b])
    assert theirs["can_undo"] is False and "another player's" in theirs["undo_refused"]
    assert undo(client, gid, tokens[b]).status_code == 409
    r = undo(client, gid, tokens[a])
    assert r.status_code == 200, r.text
    for s, t in tokens.items():
        assert view(client, gid, t)["view"] == before[s]
    assert view(client, gid)["moves"] == 2  # the log is append-only: the act and the undo


def test_no_undo_after_another_player_moved(client: Any) -> None:
    gid, tokens = create(client, allow_undo=True)
    a = view(client, gid)["to_act"][0]
    act(client, gid, tokens[a], "harvest")
    b = view(client, gid)["to_act"][0]
    act(client, gid, tokens[b], "harvest")
    r = undo(client, gid, tokens[a])
    assert r.status_code == 409 and "another player's" in r.json()["reason"]


def test_no_undo_when_the_game_does_not_allow_it(client: Any) -> None:
    gid, tokens = create(client)
    a = view(client, gid)["to_act"][0]
    act(client, gid, tokens[a], "harvest")
    r = undo(client, gid, tokens[a])
    assert r.status_code == 409 and "off" in r.json()["reason"]
    assert client.post(f"/api/games/{gid}/undo").status_code == 401


def test_no_undo_across_a_reveal(client: Any) -> None:
    """Completing a card refills the Market from the hidden deck: that cannot be taken back."""
    gid, tokens = create(client, allow_undo=True)
    a = view(client, gid)["to_act"][0]
    me = view(client, gid, tokens[a])
    invest = next(x["id"] for x in me["legal_actions"]
                  if x["id"].startswith("invest:") and x["id"].endswith(":1"))
    act(client, gid, tokens[a], invest)
    while view(client, gid)["to_act"][0] != a:
        s = view(client, gid)["to_act"][0]
        assert act(client, gid, tokens[s], "harvest").status_code == 200
    market_before = [c["id"] for c in view(client, gid)["view"]["market"]]
    assert act(client, gid, tokens[a], "complete").status_code == 200
    assert [c["id"] for c in view(client, gid)["view"]["market"]] != market_before  # a new card came out
    r = undo(client, gid, tokens[a])
    assert r.status_code == 409 and "revealed" in r.json()["reason"]


def test_undo_survives_a_restart(make_client: AppFactory) -> None:
    first = make_client()
    gid, tokens = create(first, allow_undo=True)
    a = view(first, gid)["to_act"][0]
    act(first, gid, tokens[a], "harvest")
    b = view(first, gid)["to_act"][0]
    act(first, gid, tokens[b], "harvest")
    c = view(first, gid)["to_act"][0]
    act(first, gid, tokens[c], "harvest")
    assert undo(first, gid, tokens[c]).status_code == 200
    seen = view(first, gid, tokens[c])
    second = make_client()
    again = view(second, gid, tokens[c])
    assert again["view"] == seen["view"] and again["moves"] == 4


def test_undo_refusal_detects_chance_and_hidden_draws() -> None:
    spec = bw.game(GAME)
    before = spec.new_game(3, 11)
    seat = before.to_act[0]
    after = before.clone()
    after.apply(seat, "harvest")
    assert undo_refusal(before, after, seat, 8) is None
    moved = after.clone()
    moved.rng.next64()  # as if the move had drawn from the generator
    assert "chance" in str(undo_refusal(before, moved, seat, 8))
    assert undo_refusal(before, after, (seat + 1) % 3, 8) is not None
