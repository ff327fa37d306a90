"""Steamfall's Crisis scenario in Debian's headless Chromium (Playwright; skipped without it):
serenity, the pylons, the crisis cards with their boxes and cubes, Mechanized and civilians on
the map, support tokens and the encounter in progress with its drawn cards are drawn from the
view and the board data; a person plays Crisis moves by clicking the board (the crisis card,
the Core Shard, the encounter, the map) against a greedy bot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import Server
from .test_browser import click_first_action, save_shot, wait_my_turn_or_end
from .test_browser_steamfall import BOARD, play, start


def test_crisis_by_clicking_the_board(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page, errors = start(server, browser, {"scenario": "crisis", "difficulty": "easy"}, seed=3)
    board = page.locator(BOARD)
    for _ in range(60):  # seat 0 through the setup picks to round 1
        if page.evaluate("G.data.view.round") >= 1:
            break
        wait_my_turn_or_end(page)
        click_first_action(page)
    view = page.evaluate("G.data.view")
    cr = view["crisis"]
    assert board.locator("[data-district]").count() == 5
    assert board.locator("[data-pylon]").count() == len(cr["pylons"]) == 2
    assert board.locator("[data-crisis-card]").count() == len(cr["cards"]) == 2
    assert board.locator("[data-crisis-card] [data-box]").count() == 6  # three boxes a card
    text = board.text_content() or ""
    assert f"serenity {cr['serenity']} / 20" in text and "Core Shard" in text
    on_map = sum(
        (a["tokens"].get("civilian", 0) > 0) + (a["tokens"].get("mechanized", 0) > 0) for a in view["areas"]
    )
    assert on_map >= 1 and ("civilian" in text or "Mechanized" in text)  # the token drops
    names = page.evaluate(
        "() => { const c = boardCtx(G.data); const a = G.data.view.crisis.cards[0].area; return ["
        "G.board.nameOf('shard', G.data.view, c), G.board.nameOf('crisis-card-' + a, G.data.view, c),"
        "G.board.nameOf('encounter', G.data.view, c)]; }"
    )
    assert names[0] == "the Core Shard" and names[1] == f"the crisis card {cr['cards'][0]['name']}"
    assert names[2] == "the encounter in progress"
    # the board data's tooltips: every crisis card's text, the terms
    data = page.evaluate("G.boardData.crisis")
    assert set(data) == {"crises", "encounters", "shard", "terms"} and "crisis-pylon" in data["terms"]
    # seat 0 clicks the board, the Crisis panel's targets (crisis card, Core Shard,
    # encounter) first whenever one is highlighted, until it has played four of them
    prefer = ("crisis-card-", "shard", "encounter", "area-", "col-")
    clicked = play(
        page, tmp_path, "steamfall-crisis-play.png", prefer, until=lambda c: c.get("crisis", 0) >= 4
    )
    assert clicked.get("crisis", 0) >= 2 and clicked.get("area", 0) >= 1, clicked
    # cubes: a covered box is drawn in its coverer's colour
    covered = page.evaluate(
        "G.data.view.crisis ? G.data.view.crisis.cards.flatMap(c => c.boxes)"
        ".filter(b => b.done_by >= 0).length : 0"
    )
    assert board.locator("[data-crisis-card] [data-box='1']").count() == covered
    save_shot(page, tmp_path, "steamfall-crisis.png")
    assert errors == []
    page.context.close()
