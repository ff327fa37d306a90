"""Steamfall's Genesis scenario in Debian's headless Chromium (Playwright; skipped without it):
the journals panel (each seat's chapter, objective and progress; a pick stays secret until the
reveal), the events and, in solo, the AI opponent's standee, sheet, pool and d20 rolls are drawn
from the view; a person picks chapters and plays Genesis turns by clicking the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import Server
from .test_browser import click_first_action, save_shot, wait_my_turn_or_end
from .test_browser_steamfall import BOARD, play, start


def _to_round_one(page: Any) -> None:
    for _ in range(80):  # seat 0 through the setup and the first Journal phase
        if page.evaluate("G.data.view.round") >= 1 and page.evaluate(
            "!G.data.view.genesis.journals.some(j => j.offer.length)"
        ):
            return
        if not wait_my_turn_or_end(page):
            return
        click_first_action(page)


def test_genesis_journals_by_clicking_the_board(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page, errors = start(server, browser, {"scenario": "genesis"}, seed=4)
    board = page.locator(BOARD)
    assert board.locator("[data-journals]").count() == 1
    assert board.locator("[data-journal]").count() == 2
    _to_round_one(page)
    view = page.evaluate("G.data.view")
    journals = view["genesis"]["journals"]
    # after the reveal every chapter is public: both rows name chapter 1A or 1B and an objective
    for seat, j in enumerate(journals):
        row = board.locator(f"[data-journal='{seat}']").text_content() or ""
        assert j["chapter"] in ("1A", "1B") and f"chapter {j['chapter']}" in row, row
        assert "objective:" in row
    assert "Genesis · 4 rounds" in (board.text_content() or "")
    clicked = play(page, tmp_path, "steamfall-genesis.png", ("area-", "col-"),
                   until=lambda c: sum(c.values()) >= 14)
    assert clicked.get("area", 0) >= 2, clicked
    save_shot(page, tmp_path, "steamfall-genesis-play.png")
    assert errors == []
    page.context.close()


def test_genesis_solo_shows_the_ai_opponent(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    solo = {"scenario": "genesis", "opponent": "marcus", "characters": "choose"}
    page, errors = start(server, browser, solo, seed=2, players=1, bots={})
    _to_round_one(page)
    board = page.locator(BOARD)
    assert board.locator("[data-ai='marcus']").count() == 1
    assert board.locator("[data-ai-standee]").count() == 1
    assert page.evaluate("G.data.view.players[0].char") != "marcus"  # never your own opponent
    clicked = play(page, tmp_path, "steamfall-genesis-solo.png", ("area-", "col-"),
                   until=lambda c: sum(c.values()) >= 10)
    assert sum(clicked.values()) >= 10, clicked
    # the AI moved after the person's turns: its d20 rolls and moves are shown in its panel
    rolls = page.evaluate("G.data.view.ai.rolls || []")
    assert board.locator("[data-ai-rolls]").count() == (1 if rolls else 0)
    save_shot(page, tmp_path, "steamfall-genesis-solo-play.png")
    assert errors == []
    page.context.close()
