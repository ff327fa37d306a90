"""Nomad City's Corporation Module in the web app: the board data names its corporations,
Department tiles and characters, and a game with `corporations=true` starts through the API."""

from __future__ import annotations

import time
from typing import Any

import httpx
from fastapi.testclient import TestClient

from boardwright.titles.nomad_city.content import load
from boardwright.titles.nomad_city.steps import describe

from .conftest import bearer


def test_board_data_has_the_module_components(client: TestClient) -> None:
    content = load()
    for players in (2, 3, 4):
        r = client.get(f"/api/boards/nomad-city/data?players={players}")
        assert r.status_code == 200, r.text
        b = r.json()
        corps = b["corporations"]
        assert set(corps) == {c.id for c in content.corporations.corporations}
        assert len(corps) == 8
        for c in content.corporations.corporations:
            assert corps[c.id]["name"] == c.name
            levels = corps[c.id]["levels"]
            assert len(levels) == 5
            for text, level in zip(levels, c.levels, strict=True):
                assert text == ("effect: " if level.locked else "") + describe(level.effect)
        assert corps["rhine-lab"]["name"] == "Rhine Lab"
        assert set(b["departments"]) == {t.id for t in content.corporations.departments}
        assert all(set(t["rewards"]) == {"2", "3", "4", "5"} for t in b["departments"].values())
        # every character, the module's and the Operators included, by name
        chars = b["characters"]
        assert {k: v["name"] for k, v in chars.items()} == {
            c.id: c.name for c in content.characters.values()}
        assert {"mountain", "mlynar", "w", "kaltsit", "closure"} <= set(chars)
        assert chars["mlynar"]["kind"] == "module" and chars["w"]["kind"] == "operator"
        # all City Style cards: the view says which are in play
        assert set(b["styles"]) == set(content.styles) and len(b["styles"]) == 12
        assert sum(st["module"] for st in b["styles"].values()) == 6


def _create(client: TestClient, options: dict[str, Any]) -> tuple[str, str]:
    r = client.post("/api/games", json={"game": "nomad-city", "players": 4, "seed": 11,
                                        "options": options,
                                        "bots": {"1": "random", "2": "random", "3": "random"}})
    assert r.status_code == 201, r.text
    data = r.json()
    token = next(s["token"] for s in data["seats"] if s["seat"] == 0)
    return data["id"], token


def test_meta_offers_the_module_option(client: TestClient) -> None:
    games = client.get("/api/meta").json()["games"]
    nomad = next(g for g in games if g["id"] == "nomad-city")
    option = next(o for o in nomad["options"] if o["name"] == "corporations")
    assert option["default"] is False  # the home page draws it as a checkbox


def test_four_player_game_with_corporations(client: TestClient) -> None:
    gid, token = _create(client, {"corporations": True})
    r = client.get(f"/api/games/{gid}", headers=bearer(token))
    assert r.status_code == 200, r.text
    d = r.json()
    view = d["view"]
    assert "corporations" in view and isinstance(view["corporations"], dict)
    assert {"rhine_lab_department", "operator_deck", "highways"} <= set(view)
    assert view["highways"] == []
    assert len(view["city_styles"]) == 6
    board = client.get("/api/boards/nomad-city/data?players=4").json()
    assert set(view["city_styles"]) <= set(board["styles"])
    assert {"mountain", "mlynar"} <= set(view["players"][0]["hand"])  # the module's 2 more cards
    # seat 0 takes its first offered action until every corporation has its markers on level 0+
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not d["over"]:
        corps = view["corporations"]
        if len(corps) == 4 and all(c["levels"] for c in corps.values()):
            break
        if 0 in d["to_act"] and d["legal_actions"]:
            act = d["legal_actions"][0]["id"]
            r = client.post(f"/api/games/{gid}/actions", json={"action": act}, headers=bearer(token))
            assert r.status_code == 200, r.text
        else:
            time.sleep(0.05)  # the bots' turn
            r = client.get(f"/api/games/{gid}", headers=bearer(token))
        d = r.json()
        view = d["view"]
    assert len(view["corporations"]) == 4
    for cid, corp in view["corporations"].items():
        assert corp["name"] == board["corporations"][cid]["name"]
        assert len(corp["levels"]) == 4 and all(0 <= lv <= 5 for lv in corp["levels"])
    me, other = view["players"][0], view["players"][1]
    assert {"starting_corporations", "returned_to_box", "returned_unseen", "in_play",
            "returned_unseen_cards", "corporations_put_back"} <= set(me)
    assert len(me["starting_corporations"]) == 1 and len(me["corporations_put_back"]) == 1
    assert "in_play" in other and "returned_unseen_cards" not in other
    assert "corporations_put_back" not in other


def test_base_game_view_has_no_module_keys(client: TestClient) -> None:
    gid, token = _create(client, {})
    view = client.get(f"/api/games/{gid}", headers=bearer(token)).json()["view"]
    assert "corporations" not in view and "highways" not in view
    assert "in_play" not in view["players"][0]
    assert len(view["city_styles"]) == 6


def test_module_panel_in_the_browser(browser: Any, server_factory: Any) -> None:
    """The board draws the Corporations panel and each player's module cards for a module
    game, highways as "H" routes, and nothing of it for a base game (skips without Chromium)."""
    server = server_factory(bot_delay=0.0).start()
    page = browser.new_page(viewport={"width": 1500, "height": 1300})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    urls = {}
    for name, options in (("module", {"corporations": True}), ("base", {})):
        r = httpx.post(server.url + "/api/games", json={
            "game": "nomad-city", "players": 4, "seed": 5, "options": options,
            "bots": {"1": "random", "2": "random", "3": "random"}})
        assert r.status_code == 201, r.text
        d = r.json()
        urls[name] = f"{server.url}/play/{d['id']}?token={d['seats'][0]['token']}"
    page.goto(urls["module"])
    page.wait_for_selector("#nomad-board #nc-corporations")
    # seat 0 plays its first offered action until all 4 corporations are on the table
    for _ in range(30):
        if page.locator("[data-corporation]").count() == 4 and page.locator("[data-marker]").count() == 16:
            break
        page.wait_for_function("document.querySelectorAll('#actions button.act').length > 0",
                               timeout=30_000)
        version = page.evaluate("document.body.dataset.version")
        page.locator("#actions button.act").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    assert page.locator("[data-corporation]").count() == 4
    assert page.locator("[data-corporation] [data-marker]").count() == 16  # 4 seats x 4 boards
    assert page.locator("[data-module]").count() == 4
    assert "starting corporation" in (page.locator("[data-player='0']").text_content() or "")
    # a highway (the view as the engine would send it) replaces the route's spaces by an "H"
    page.evaluate("() => { G.data.view.highways = ['A-01/A-02']; render(G.data); }")
    assert page.locator("[data-highway='A-01/A-02']").count() == 1
    assert (page.locator("[data-route='A-01/A-02']").text_content() or "").startswith("H")
    page.goto(urls["base"])
    page.wait_for_selector("#nomad-board [data-player]")
    assert page.locator("#nc-corporations").count() == 0
    assert page.locator("[data-module]").count() == 0 and page.locator("[data-highway]").count() == 0
    assert errors == []
    page.close()
