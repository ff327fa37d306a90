"""Martians in the browser: its own board (from the title's folder), a co-operative 2-player
game against a bot played by clicking the board's highlighted action fields, quarters,
excavation fields and cards, and a solo game (two corporations on one seat) played to the
end. Debian's headless Chromium under Playwright (skipped without it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import Server
from .test_browser import click_first_action, save_shot, wait_my_turn_or_end

MAX_CLICKS = 600
TARGETS = "#martians-board .mt-actionable[data-target]"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1500, "height": 1000})
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    assert pg.errors == []
    ctx.close()


def click_board(page: Any) -> str:
    """Click the first highlighted thing on the board; when it holds several actions (the
    actions panel then lists only those), click the first of them. Returns its target."""
    target = page.locator(TARGETS).first
    key = target.get_attribute("data-target") or ""
    offered = page.evaluate("key => G.data.legal_actions"
                            ".filter(a => G.board.targetOf(a, G.data.view) === key).length", key)
    assert offered >= 1, key
    version = page.evaluate("document.body.dataset.version")
    target.click()
    if offered > 1:
        page.wait_for_selector("#focus b")
        assert page.locator("#actions button.act").count() <= offered
        click_first_action(page)
    else:
        page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    return key


def play_to_end(page: Any, tmp: Path, shot: str) -> dict[str, int]:
    """Play this tab's seat to the end, on the board when something there is highlighted,
    else with the first button. Counts the board clicks by kind of target."""
    kinds: dict[str, int] = {}
    for n in range(MAX_CLICKS):
        if not wait_my_turn_or_end(page):
            return kinds
        if n == 30:
            save_shot(page, tmp, shot)
        if page.locator(TARGETS).count():
            key = click_board(page)
            kind = "quarters" if key.startswith("Q") else key.split(":")[0]
            kinds[kind] = kinds.get(kind, 0) + 1
        else:
            click_first_action(page)
    raise AssertionError(f"the game did not end within {MAX_CLICKS} clicks")


def open_game(server: Server, page: Any, players: int, options: dict[str, Any],
              bots: dict[str, str]) -> str:
    r = httpx.post(server.url + "/api/games", json={"game": "martians", "players": players, "seed": 5,
                                                    "options": options, "bots": bots})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    page.goto(f"{server.url}/play/{gid}?token={r.json()['seats'][0]['token']}")
    page.wait_for_selector("#martians-board")
    return str(gid)


def check_board(page: Any, corporations: int) -> None:
    board = page.locator("#martians-board")
    assert page.locator("#board").get_attribute("data-board") == "martians"
    assert page.evaluate("Object.keys(BW.boards)") == ["martians"]
    assert board.locator("[data-building]").count() == 9
    assert board.locator("[data-installation]").count() == 2
    assert board.locator("[data-field]").count() >= 20
    assert board.locator("[data-quarters]").count() == 4
    assert board.locator("[data-hex]").count() == 37
    assert board.locator("[data-corp]").count() == corporations
    assert board.locator("[data-weather]").count() == 1
    assert board.locator("[data-research]").count() >= 1
    assert board.locator("[data-tech]").count() == 9
    text = board.text_content() or ""
    for word in ("BUILDINGS", "QUARTERS", "CYCLE TRACK", "COLONY SATISFACTION", "EXCAVATION", "SHARED PURSE",
                 "Credits", "Energy", "Moxie v.3 Generator", "EDUCATIONAL CENTER", "MISSION"):
        assert word in text, word


def test_coop_two_players_by_clicking_the_board(page: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    gid = open_game(server, page, 2, {"mode": "coop"}, {"1": "random"})
    check_board(page, 2)
    assert wait_my_turn_or_end(page)
    assert "Orange outlines" in page.locator("#focus").inner_text()
    kinds = play_to_end(page, tmp_path, "martians-coop.png")
    print("board clicks (co-op):", kinds)
    assert sum(kinds.values()) >= 10, kinds
    assert {"field"} <= set(kinds), kinds  # action markers were put on fields by clicking them
    page.wait_for_selector("#outcome-panel:visible")
    assert page.locator("#outcome-headline").get_attribute("data-kind") == "cooperative"
    save_shot(page, tmp_path, "martians-coop-final.png")
    out = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert out["over"] and out["outcome"]["kind"] == "cooperative"


def test_solo_two_corporations_on_one_seat(page: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    open_game(server, page, 1, {"mode": "solo"}, {})
    check_board(page, 2)
    assert all("(you)" in c for c in page.locator("#martians-board [data-corp]").all_text_contents())
    kinds = play_to_end(page, tmp_path, "martians-solo.png")
    assert sum(kinds.values()) >= 10, kinds
    page.wait_for_selector("#outcome-panel:visible")
    assert page.locator("#outcome-headline").get_attribute("data-kind") == "solo"
    assert "Game over" in (page.locator("#martians-board").text_content() or "")
