"""Live updates as deltas: applied to the stream's last payload they rebuild exactly the full
payload, over random games of every registered game, in Python and in the browser's code."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

from boardwright.engine import game, games
from boardwright.web import Settings, delta

from .conftest import AppFactory, bearer

STATIC = Path(__file__).resolve().parents[2] / "src" / "boardwright" / "web" / "static"


def canon(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def test_diff_keeps_json_types_apart_and_handles_keys_and_lists() -> None:
    cases = [
        ({"a": 1}, {"a": True}), ({"a": 1}, {"a": 1.0}), ({"a": [1, 2]}, {"a": [1, 2, 3]}),
        ({"a": [1, 2]}, {"a": [2]}), ({"a": {"b": 1}, "c": 2}, {"a": {"b": 1}}),
        ({"a": None}, {"a": {"x": [True]}}), ([1], {"x": 1}), ({"log": ["x"] * 100},
                                                              {"log": ["x"] * 99 + ["y"]}),
        ({"log": [0] * 70}, {"log": [False] * 70}), ({"l": [1, 2]}, {"l": [True, 2, 3]}),
    ]
    for old, new in cases:
        ops = delta.diff(old, new)
        assert canon(delta.apply(old, ops)) == canon(new), (old, new, ops)
    assert delta.diff({"a": [1, 2]}, {"a": [1, 2, 3]}) == [[["a"], "append", [3]]]
    assert delta.diff({"a": 1}, {"a": 1}) == []


def _js(value: Any) -> Any:
    """A JSON value as JavaScript holds it: numbers as floats, integer-like keys first, ascending."""
    if isinstance(value, dict):
        ints = sorted((k for k in value if k.isdigit() and str(int(k)) == k), key=int)
        return {k: _js(value[k]) for k in [*ints, *(k for k in value if k not in ints)]}
    if isinstance(value, list):
        return [_js(v) for v in value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


def _where(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"differ at {i}: {a[max(0, i - 80):i + 80]!r} vs {b[max(0, i - 80):i + 80]!r}"


def _node_apply(cases: list[tuple[Any, Any]]) -> list[Any]:
    """`BW.applyDelta` of static/common.js run by Node on each (old, ops)."""
    script = (STATIC / "common.js").read_text() + """
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map(([old, ops]) => BW.applyDelta(old, ops))));
"""
    out = subprocess.run(["node", "-e", script], input=json.dumps(cases), capture_output=True,
                         text=True, timeout=60, check=True)
    result: list[Any] = json.loads(out.stdout)
    return result


@pytest.mark.parametrize("gid", games())
def test_deltas_rebuild_every_payload_along_random_games(make_client: AppFactory, gid: str) -> None:
    spec = game(gid)
    client = make_client(settings=Settings(bot_delay=0))
    checked: list[tuple[Any, Any]] = []
    expected: list[Any] = []
    for seed in (1, 2):
        rnd = random.Random(seed)
        players = rnd.choice([n for n in spec.player_counts if n >= 2] or list(spec.player_counts))
        r = client.post("/api/games", json={"game": gid, "players": players, "seed": seed,
                                            "options": spec.default_options(players)})
        assert r.status_code == 201, r.text
        game_id = r.json()["id"]
        tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
        seats: list[int | None] = [None, *range(players)]

        def payload(seat: int | None, game_id: str = game_id, tokens: dict[int, str] = tokens) -> Any:
            auth = bearer(tokens[seat]) if seat is not None else {}
            got = client.get(f"/api/games/{game_id}", headers=auth)
            assert got.status_code == 200
            return got.json()

        last = {s: payload(s) for s in seats}
        for _ in range(18):
            now = last[None]
            if now["over"] or not now["to_act"]:
                break
            seat = rnd.choice(now["to_act"])
            actions = last[seat]["legal_actions"]
            choice = rnd.choice(actions)["id"]
            r = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                            json={"action": choice, "version": now["version"]})
            assert r.status_code == 200, r.text
            for s in seats:
                new = payload(s)
                ops = delta.diff(last[s], new)
                assert canon(delta.apply(last[s], ops)) == canon(new)
                # a delta is smaller than the payload once the game has a history
                assert len(canon(ops)) <= len(canon(new)) + 64
                checked.append((last[s], ops))
                expected.append(new)
                last[s] = new
    assert checked
    if shutil.which("node"):
        rebuilt = _node_apply(checked)
        for got, want in zip(rebuilt, expected, strict=True):
            # as JSON values (JavaScript has one number type and orders integer-like keys first)
            assert _js(got) == _js(want), _where(canon(_js(got)), canon(_js(want)))


def test_a_stream_sends_a_full_view_then_deltas_that_rebuild_it(make_client: AppFactory) -> None:
    client = make_client(settings=Settings(bot_delay=0))
    r = client.post("/api/games", json={"game": games()[0], "players": 2, "seed": 3})
    assert r.status_code == 201
    game_id = r.json()["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    moves = 4

    def play() -> None:
        for _ in range(moves):
            v = client.get(f"/api/games/{game_id}").json()
            seat = v["to_act"][0]
            mine = client.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).json()
            client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                        json={"action": mine["legal_actions"][0]["id"], "version": v["version"]})

    events: list[tuple[str, Any]] = []
    with client.stream("GET", f"/api/games/{game_id}/events?max_events={moves + 1}",
                       headers=bearer(tokens[0])) as stream:
        player = threading.Thread(target=play)
        player.start()
        buf = ""
        for chunk in stream.iter_text():
            buf += chunk
            while "\n\n" in buf:
                block, buf = buf.split("\n\n", 1)
                lines = block.splitlines()
                kind = next((x[6:].strip() for x in lines if x.startswith("event:")), "")
                data = "".join(x[5:] for x in lines if x.startswith("data:"))
                if data:
                    events.append((kind, json.loads(data)))
        player.join(30)
    assert events[0][0] == "view" and all(k == "delta" for k, _ in events[1:])
    base = events[0][1]
    for _, d in events[1:]:
        assert d["from"] == base["stamp"]
        base = delta.apply(base, d["ops"])
        assert base["stamp"] == d["stamp"] and base["version"] == d["version"]
    final = client.get(f"/api/games/{game_id}", headers=bearer(tokens[0])).json()
    assert base["version"] == moves and canon(base) == canon(final)
