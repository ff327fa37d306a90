"""The test title Beacon in the browser: its own board (loaded from its folder), solo without
seat links, the form's setup check, every outcome kind, and the generic board for a title
without a board asset. Debian's headless Chromium under Playwright (skipped without it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import boardwright as bw
from boardwright.engine import registry

from .conftest import Server, ThreadServer
from .test_browser import click_first_action, save_shot, wait_my_turn_or_end

MAX_CLICKS = 200


def play_to_end(page: Any, tmp: Path, shot: str | None = None) -> int:
    """Play this tab's seat to the end: a storm tie by clicking the tower, else the first
    action. Returns the number of ties broken on the board."""
    ties = 0
    for _ in range(MAX_CLICKS):
        if not wait_my_turn_or_end(page):
            return ties
        towers = page.locator("#beacon-board [data-keeper].target")
        if towers.count():
            assert page.locator("#actions button.act").count() == towers.count()
            assert all((page.locator("#actions button.act").nth(i).get_attribute("data-action") or "")
                       .startswith("strike:") for i in range(towers.count()))
            if shot and not ties:
                save_shot(page, tmp, shot)
            version = page.evaluate("document.body.dataset.version")
            towers.last.click()
            page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
            ties += 1
        else:
            click_first_action(page)
    raise AssertionError(f"the game did not end within {MAX_CLICKS} clicks")


def outcome_of(server: Server | ThreadServer, page: Any) -> dict[str, Any]:
    gid = page.url.split("?")[0].rstrip("/").split("/")[-1]
    out: dict[str, Any] = httpx.get(f"{server.url}/api/games/{gid}").json()["outcome"]
    return out


def headline(page: Any) -> tuple[str, str]:
    page.wait_for_selector("#outcome-panel:visible")
    h = page.locator("#outcome-headline")
    return h.get_attribute("data-kind") or "", h.inner_text()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    pages: list[Any] = []

    def make() -> Any:
        ctx = browser.new_context(viewport={"width": 1300, "height": 950})
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        pages.append(page)
        return page

    yield make
    for p in pages:
        assert p.errors == []
        p.context.close()


def test_solo_from_the_home_page_needs_no_links(new_page: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-0")
    page.select_option("#game", "beacon")
    page.select_option("#players", "1")
    # the default mode (competitive) is not for 1 player: the form switches to the solo mode
    page.wait_for_function("document.getElementById('opt-mode').value === '\"solo\"'")
    page.wait_for_selector("#setup-kind:has-text('solo')")
    assert page.locator("#setup-problem").inner_text() == ""
    assert "solo game" in page.locator("#seats-note").inner_text()
    assert page.locator("#seats #kind-0").input_value() == "me"
    page.fill("#seed", "4")
    page.click("#create-btn")
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#beacon-board")
    assert "token" not in page.url and page.locator("#created").count() == 0
    assert page.evaluate("document.body.dataset.seat") == "0"
    assert "solo" in page.locator("#title").inner_text()
    assert page.locator("#hotseat-label").is_hidden()
    assert page.locator("#board").get_attribute("data-board") == "beacon"
    assert page.locator("#beacon-board [data-keeper]").count() == 2  # one seat, two keepers
    assert "tower" in page.locator("#focus").inner_text()  # the board's own hint
    ties = play_to_end(page, tmp_path, "beacon-solo-tie.png")
    assert ties >= 1  # first actions (signal 0, gather) leave the keepers tied
    kind, text = headline(page)
    o = outcome_of(server, page)
    assert kind == "solo" and o["kind"] == "solo"
    assert text.startswith("Won" if o["won"] else "Lost")
    assert o["reason"] in text and f"score {o['score']}" in text
    assert page.locator("#outcome-headline").get_attribute("data-result") == ("won" if o["won"] else "lost")
    save_shot(page, tmp_path, "beacon-solo-final.png")


def test_solo_won_by_lighting_every_lamp(new_page: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    r = httpx.post(server.url + "/api/games", json={"game": "beacon", "players": 1, "seed": 2,
                                                    "options": {"mode": "solo"}})
    d = r.json()
    page = new_page()
    page.goto(f"{server.url}/play/{d['id']}?token={d['seats'][0]['token']}")
    page.wait_for_selector("#beacon-board")
    for _ in range(MAX_CLICKS):  # the highest signal, then light every lamp the oil allows
        if not wait_my_turn_or_end(page):
            break
        version = page.evaluate("document.body.dataset.version")
        page.locator("#actions button.act").last.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    kind, text = headline(page)
    o = outcome_of(server, page)
    assert kind == "solo" and o["won"] is True and text.startswith("Won")
    assert page.locator("#outcome-headline").get_attribute("data-result") == "won"
    assert page.locator("#beacon-board [data-lamp='lit']").count() == o["score"]
    save_shot(page, tmp_path, "beacon-solo-won.png")


def test_form_shows_the_setup_check(new_page: Any, server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-0")
    page.select_option("#game", "beacon")
    page.select_option("#players", "2")
    page.wait_for_selector("#setup-kind:has-text('competitive')")
    page.select_option("#opt-mode", '"solo"')
    page.wait_for_selector("#setup-problem:has-text('mode=solo is for 1 player')")
    assert page.locator("#setup-kind").inner_text() == ""
    page.click("#create-btn")
    page.wait_for_selector("#create-err:has-text('mode=solo is for 1 player')")
    assert page.locator("#created").is_hidden()
    page.select_option("#opt-mode", '"cooperative"')
    page.wait_for_selector("#setup-kind:has-text('cooperative')")
    assert page.locator("#setup-problem").inner_text() == ""
    # back to 1 player: the mode follows
    page.select_option("#players", "1")
    page.wait_for_function("document.getElementById('opt-mode').value === '\"solo\"'")
    page.wait_for_selector("#setup-kind:has-text('changed to suit 1 player')")


def test_a_bot_only_solo_game_is_watched(new_page: Any, server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-0")
    page.select_option("#game", "beacon")
    page.select_option("#players", "1")
    page.wait_for_function("document.getElementById('opt-mode').value === '\"solo\"'")
    page.select_option("#kind-0", "bot")
    page.fill("#bot-0", "greedy")
    page.click("#create-btn")
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#beacon-board")
    assert page.evaluate("document.body.dataset.seat") == ""  # a spectator
    kind, text = headline(page)
    o = outcome_of(server, page)
    assert kind == "solo" and text.startswith("Won" if o["won"] else "Lost")
    assert page.locator("#actions button.act").count() == 0


def test_cooperative_game_with_a_bot(new_page: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    r = httpx.post(server.url + "/api/games", json={
        "game": "beacon", "players": 2, "seed": 2, "options": {"mode": "cooperative"},
        "bots": {"1": "greedy"}})
    assert r.status_code == 201, r.text
    d = r.json()
    page = new_page()
    page.goto(f"{server.url}/play/{d['id']}?token={d['seats'][0]['token']}")
    page.wait_for_selector("#beacon-board")
    assert page.evaluate("document.body.dataset.seat") == "0"
    assert "2 players" in page.locator("#title").inner_text()
    assert wait_my_turn_or_end(page)
    click_first_action(page)
    save_shot(page, tmp_path, "beacon-coop.png")
    play_to_end(page, tmp_path, "beacon-coop-tie.png")
    kind, text = headline(page)
    o = outcome_of(server, page)
    assert kind == "cooperative" and o["kind"] == "cooperative"
    assert text.startswith("The team won" if o["won"] else "The team lost")
    assert o["reason"] in text and f"team score {o['team_score']}" in text
    team = page.locator("#outcome").inner_text()
    assert "Seat 0" in team and "Seat 1" in team
    save_shot(page, tmp_path, "beacon-coop-final.png")


@pytest.mark.parametrize("nobody", [True, False])
def test_semi_cooperative_watched(new_page: Any, server_factory: Any, nobody: bool) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    r = httpx.post(server.url + "/api/games", json={
        "game": "beacon", "players": 3, "seed": 1,
        "options": {"mode": "semi-cooperative", "nobody_wins_on_failure": nobody},
        "bots": {"0": "random", "1": "random", "2": "greedy"}})
    assert r.status_code == 201 and r.json()["seats"] == []
    page = new_page()
    page.goto(f"{server.url}/play/{r.json()['id']}")
    page.wait_for_selector("#beacon-board")
    kind, text = headline(page)
    o = outcome_of(server, page)
    assert kind == "semi-cooperative"
    assert text.startswith("The shared goal was met" if o["goal_met"] else "The shared goal failed")
    result = page.locator("#outcome-headline").get_attribute("data-result")
    if o["winners"]:
        assert "winner" in text and result == "ranked"
        assert page.locator("#outcome table.outcome tr.winner").count() == len(o["winners"])
    else:
        assert "nobody wins" in text and result == "nobody"
    assert page.locator("#outcome table.outcome tr").count() == 4  # header + 3 seats, ranked
    if o["goal_met"] is False:
        assert bool(o["winners"]) is not nobody
    # every headline the page can show, from outcomes shaped as engine/outcome.py builds them
    cases = [
        ({"kind": "semi-cooperative", "goal_met": True, "reason": "9 light", "winners": [2],
          "ranking": [2, 0, 1], "ranks": {"2": 1, "0": 2, "1": 3}, "scores": [3, 2, 4]},
         "The shared goal was met (9 light) · winner: Seat 2 · bot greedy", "ranked"),
        ({"kind": "semi-cooperative", "goal_met": False, "reason": "2 light", "winners": [],
          "ranking": [0, 1, 2], "ranks": {"0": 1, "1": 2, "2": 3}, "scores": [1, 1, 0]},
         "The shared goal failed (2 light) · nobody wins", "nobody"),
        ({"kind": "cooperative", "won": True, "reason": "the city stands", "team_score": 12.5,
          "winners": [0, 1, 2]}, "The team won (the city stands) · team score 12.5", "won"),
        ({"kind": "cooperative", "won": False, "reason": "serenity ran out", "team_score": None,
          "winners": []}, "The team lost (serenity ran out)", "lost"),
        ({"kind": "solo", "won": None, "reason": "", "score": 41, "winners": []},
         "Finished · score 41", "open"),
        ({"kind": "competitive", "winners": [0, 2], "ranking": [0, 2, 1], "ranks": {"0": 1, "2": 1, "1": 3},
          "scores": [5, 1, 5]}, "Shared victory: Seat 0 · bot random, Seat 2 · bot greedy", "ranked"),
    ]
    for outcome, text, result in cases:
        page.evaluate("o => { G.data.outcome = Object.assign({final: true}, o); render(G.data); }", outcome)
        assert page.locator("#outcome-headline").inner_text() == text
        assert page.locator("#outcome-headline").get_attribute("data-result") == result
        assert page.locator("#outcome-headline").get_attribute("data-kind") == outcome["kind"]
        assert page.locator("#prompt").inner_text() == f"The game is over: {text}"


def test_a_title_without_a_board_plays_on_the_generic_board(new_page: Any, tmp_path: Path) -> None:
    """A second spec from Beacon's state class with no assets, registered in this process
    (so the server runs in a thread of it): the page draws the generic board."""
    plain = dataclasses.replace(bw.game("beacon"), id="beacon-plain", title="Beacon without a board",
                                assets={})
    bw.engine.register(plain)
    server = ThreadServer(f"sqlite:///{tmp_path / 'plain.sqlite'}")
    try:
        server.start()
        assert httpx.get(f"{server.url}/api/boards/beacon-plain/board.js").status_code == 404
        r = httpx.post(server.url + "/api/games", json={
            "game": "beacon-plain", "players": 1, "seed": 3, "options": {"mode": "solo"}})
        assert r.status_code == 201, r.text
        d = r.json()
        page = new_page()
        requests: list[str] = []
        page.on("request", lambda req: requests.append(req.url))
        page.goto(f"{server.url}/play/{d['id']}?token={d['seats'][0]['token']}")
        page.wait_for_selector("#board .generic")
        assert page.locator("#board").get_attribute("data-board") == "generic"
        assert page.locator("#beacon-board").count() == 0
        assert "keepers" in page.locator("#board").inner_text().lower()
        assert wait_my_turn_or_end(page)
        assert page.locator("#board mark").count() >= 1  # values named by legal actions
        save_shot(page, tmp_path, "beacon-plain.png")
        play_to_end(page, tmp_path)
        kind, text = headline(page)
        assert kind == "solo"
        o = outcome_of(server, page)
        assert text.startswith("Won" if o["won"] else "Lost")
        assert not any("board.js" in u for u in requests)
        page.goto("about:blank")  # end its live stream before the server stops
    finally:
        server.stop()
        registry._GAMES.pop("beacon-plain", None)
