"""No response, live event or record shows a seat what it may not know before the end.

Scripted 2-player games of The Flow of History (the Banker variant): what is hidden is
each seat's dealt starting cards and secret pick (until both have chosen; the unchosen
cards forever), the starting cards never dealt, and the order of the deck. Every
response a seat or a spectator receives is scanned for those card ids.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .conftest import bearer
from .test_api import create

GAME = "flow-of-history"


class Scanner:
    def __init__(self, client: Any, gid: str) -> None:
        self.client = client
        self.gid = gid
        self.live = client.app.state.hub.get(gid)
        st = self.live.state
        self.ids = [c.id for c in st.cards.cards]
        self.names = {c.id: c.name for c in st.cards.cards}
        self.dealt = {p: {self.ids[c] for c in st.dealt[p]} for p in range(st.players)}
        self.never_dealt = {self.ids[c] for c in st.box}
        self.scanned = 0

    def hidden_from(self, viewer: int | None) -> set[str]:
        st = self.live.state
        if st.over:
            return set()
        hidden = {self.ids[c] for c in st.deck} | self.never_dealt
        for p, cards in self.dealt.items():
            if p == viewer:
                continue
            revealed = not st.dealt[p] and st.picks[p] != -1
            hidden |= cards - ({self.ids[st.picks[p]]} if revealed else set())
        return hidden

    def check(self, viewer: int | None, text: str) -> None:
        self.scanned += 1
        for card in self.hidden_from(viewer):
            # as a JSON value (not an option's key), inside an action id, or by its name
            pattern = (rf'"{re.escape(card)}"(?!\s*:)|:{re.escape(card)}(?![a-z0-9-])|'
                       rf"\b{re.escape(self.names[card])}\b")
            if re.search(pattern, text):
                raise AssertionError(f"seat {viewer} was shown hidden card {card!r}: ...{text[:300]}")

    def get(self, viewer: int | None, path: str, token: str | None = None) -> dict[str, Any]:
        r = self.client.get(path, headers=bearer(token) if token else {})
        assert r.status_code == 200, r.text
        self.check(viewer, r.text)
        data: dict[str, Any] = r.json()
        return data

    def event(self, viewer: int | None, token: str | None) -> None:
        with self.client.stream("GET", f"/api/games/{self.gid}/events?max_events=1",
                                headers=bearer(token) if token else {}) as r:
            self.check(viewer, "".join(r.iter_text()))


@pytest.mark.parametrize(("seed", "bots"), [(3, {}), (8, {}), (5, {"1": "random"})])
def test_scripted_two_player_games_leak_nothing(client: Any, seed: int, bots: dict[str, str]) -> None:
    gid, tokens = create(client, players=2, seed=seed, bots=bots)
    sc = Scanner(client, gid)
    assert all(len(d) >= 2 for d in sc.dealt.values())
    assert sc.dealt[1] <= sc.hidden_from(0) and sc.dealt[0] <= sc.hidden_from(None)
    with pytest.raises(AssertionError, match="hidden card"):
        sc.check(0, sc.live.state.to_json())  # the scanner does catch a leak
    base = f"/api/games/{gid}"
    for turn in range(600):
        spect = sc.get(None, base)
        if spect["over"]:
            break
        views = {s: sc.get(s, base, t) for s, t in tokens.items()}
        sc.get(None, base + "/record")
        sc.get(None, "/api/games")
        if turn % 15 == 0:
            sc.event(None, None)
            for s, t in tokens.items():
                sc.event(s, t)
        movers = [s for s in spect["to_act"] if s in tokens]
        if not movers:
            continue  # a bot's turn: it moves on its own
        s = movers[-1]  # answer simultaneous choices in reverse seat order too
        action = views[s]["legal_actions"][turn % len(views[s]["legal_actions"])]["id"]
        r = client.post(f"{base}/actions", headers=bearer(tokens[s]), json={"action": action})
        assert r.status_code in (200, 409), r.text
        sc.check(s, r.text)
    else:
        raise AssertionError("the game did not end")
    assert sc.scanned > 100
    final = client.get(f"{base}/record").json()
    assert final["complete"] and final["seed"] == seed


def test_record_before_the_end_has_no_seed_and_no_moves(client: Any) -> None:
    gid, _ = create(client, players=2, seed=4)
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["seed"] is None and rec["actions"] is None
    assert "4" not in json.dumps({k: v for k, v in rec.items() if k not in ("options", "players", "version")})
