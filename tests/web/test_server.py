"""`boardwright serve` as a real process: killed mid-game, restarted, nothing lost."""

from __future__ import annotations

from typing import Any

import httpx

from .conftest import Server, bearer, wait_for


def test_kill_mid_game_and_restart_loses_nothing(server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    r = httpx.post(server.url + "/api/games", json={"game": "flow-of-history", "players": 3, "seed": 9,
                                                    "bots": {"1": "greedy", "2": "random"}})
    assert r.status_code == 201
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    url = f"{server.url}/api/games/{gid}"

    def mine() -> dict[str, Any]:
        data: dict[str, Any] = httpx.get(url, headers=bearer(token)).json()
        return data

    for _ in range(5):
        wait_for(lambda: mine()["to_act"] == [0])
        v = mine()
        assert httpx.post(url + "/actions", headers=bearer(token),
                          json={"action": v["legal_actions"][-1]["id"]}).status_code == 200
    wait_for(lambda: mine()["to_act"] == [0])
    before = mine()
    server.kill()  # SIGKILL: no shutdown handlers run
    server.start()
    after = mine()
    assert after["view"] == before["view"] and after["moves"] == before["moves"] >= 15
    assert httpx.post(url + "/actions", headers=bearer(token),
                      json={"action": after["legal_actions"][0]["id"]}).status_code == 200
    # killed while the bots are moving: every acknowledged move is still there, and they go on
    acked = httpx.post(url + "/actions", headers=bearer(token),
                       json={"action": mine()["legal_actions"][0]["id"]}) if mine()["to_act"] == [0] else None
    seen = mine()
    server.kill()
    server.start()
    again = mine()
    assert again["moves"] >= seen["moves"]
    assert again["view"]["log"][: len(seen["view"]["log"])] == seen["view"]["log"]
    if acked is not None:
        assert acked.status_code == 200 and again["moves"] >= acked.json()["moves"]
    wait_for(lambda: mine()["to_act"] == [0] or mine()["over"])
    assert "token=" not in server.log.read_text() and token not in server.log.read_text()
