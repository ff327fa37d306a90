"""End to end in Debian's headless Chromium (Playwright with executable_path; no downloads)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx

from .conftest import Server

MAX_CLICKS = 400


OFFERED = "#actions button.act, #actions button.step"


def click_first_action(page: Any) -> None:
    """Click the first offered action (opening the first step of a long choice until an
    action shows) and wait until the page shows a newer state."""
    version = page.evaluate("document.body.dataset.version")
    for _ in range(6):
        first = page.locator(OFFERED).first
        if "step" not in (first.get_attribute("class") or "").split():
            break
        first.click()
    page.locator(OFFERED).first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)


def choose_nth(page: Any, n: int) -> str:
    """Click the n-th (modulo) offered entry, opening steps until an action is clicked;
    returns the action's id (the version is not waited for)."""
    for _ in range(6):
        offered = page.locator(OFFERED)
        entry = offered.nth(n % offered.count())
        if "step" not in (entry.get_attribute("class") or "").split():
            action = entry.get_attribute("data-action") or ""
            entry.click()
            return action
        entry.click()
    raise AssertionError("a choice deeper than six steps")


def wait_my_turn_or_end(page: Any) -> bool:
    """True when it is this seat's turn, False when the game is over."""
    page.wait_for_function(
        "document.body.dataset.over === 'true' || "
        "document.querySelectorAll('#actions button.act, #actions button.step').length > 0",
        timeout=30_000)
    return bool(page.evaluate("document.body.dataset.over !== 'true'"))


def save_shot(page: Any, tmp: Path, name: str) -> None:
    path = tmp / name
    page.screenshot(path=str(path), full_page=True)
    keep = os.environ.get("BOARDWRIGHT_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / name)


def test_play_against_two_bots_reload_and_finish(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.02).start()
    ctx = browser.new_context(viewport={"width": 1500, "height": 1100})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-2")
    page.select_option("#players", "3")
    page.fill("#bot-2", "random")
    page.fill("#seed", "12")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    assert page.locator(".joinlink").count() == 0  # seat 0 is mine, the others bots: no one to invite
    assert "seat 0" in page.inner_text("#play-here")
    page.click("#play-here")
    page.wait_for_selector("#flow-board")
    assert "token" not in page.url
    # the board came from the title's folder; the page names no game
    assert page.locator("#board").get_attribute("data-board") == "flow-of-history"
    assert page.evaluate("Object.keys(BW.boards)") == ["flow-of-history"]
    # a few turns by clicking the board: a highlighted card, then one of its actions
    assert wait_my_turn_or_end(page)
    page.locator("#flow-board .card-actionable").first.click()
    page.wait_for_selector("#focus b")
    click_first_action(page)
    for _ in range(4):
        if not wait_my_turn_or_end(page):
            break
        click_first_action(page)
    save_shot(page, tmp_path, "flow-board.png")
    # the log's rule references explain themselves
    page.locator("#log a.rule").first.click()
    page.wait_for_selector("#rulebox:visible")
    assert page.locator("#rule-text").inner_text().strip()
    page.click("#rule-close")
    # reload: the tab keeps its seat (sessionStorage), the game goes on
    moves = httpx.get(server.url + "/api/games").json()["games"][0]["moves"]
    page.reload()
    page.wait_for_selector("#flow-board")
    assert page.evaluate("document.body.dataset.seat") == "0"
    for _ in range(MAX_CLICKS):
        if not wait_my_turn_or_end(page):
            break
        click_first_action(page)
    else:
        raise AssertionError(f"the game did not end within {MAX_CLICKS} clicks")
    page.wait_for_selector("#outcome-panel:visible")
    assert page.locator("#outcome table.outcome tr").count() == 4  # header + 3 seats
    assert httpx.get(server.url + "/api/games").json()["games"][0]["moves"] > moves
    save_shot(page, tmp_path, "flow-final.png")
    assert errors == []
    ctx.close()


def test_friends_join_by_link_and_spectators_only_watch(browser: Any, server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.02).start()
    r = httpx.post(server.url + "/api/games", json={"game": "flow-of-history", "players": 3, "seed": 3,
                                                    "bots": {"2": "random"}})
    gid = r.json()["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    pages = {}
    for seat, token in tokens.items():
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(f"{server.url}/play/{gid}?token={token}")
        page.wait_for_selector("#flow-board")
        assert "token" not in page.url
        assert page.evaluate("document.body.dataset.seat") == str(seat)
        assert page.evaluate(f"localStorage.getItem('bw-tokens-{gid}')").count(token) == 1
        pages[seat] = page
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.url}/play/{gid}")
    watcher.wait_for_selector("#flow-board")
    assert watcher.locator("#actions button.act").count() == 0
    # whoever is to act plays; the others see it live, without reloading
    played = 0
    for _ in range(200):
        if played == 4:
            break
        to_act = httpx.get(f"{server.url}/api/games/{gid}").json()["to_act"]
        if to_act[0] not in pages:
            time.sleep(0.05)  # the bot's turn
            continue
        page = pages[to_act[0]]
        wait_my_turn_or_end(page)
        click_first_action(page)
        played += 1
    assert played == 4
    moves = httpx.get(f"{server.url}/api/games/{gid}").json()["moves"]
    assert moves > 0
    # the spectator's page, opened before these moves, got them live without reloading
    watcher.wait_for_function(f"Number(document.body.dataset.version) >= {moves}", timeout=10_000)
    assert watcher.locator("#actions button.act").count() == 0
    # a refused move shows its reason and rule
    other = pages[1]
    # the move is refused for its rule only once the page has the game's current version
    other.wait_for_function(f"Number(document.body.dataset.version) >= {moves}", timeout=30_000)
    other.evaluate("act('snipe:nothing')")
    other.wait_for_selector(".refusal")
    assert "§" in other.locator(".refusal").inner_text()
    # a wrong link says so
    bad = browser.new_context().new_page()
    bad.goto(f"{server.url}/play/{gid}?token=wrong")
    bad.wait_for_selector("#fatal:has-text('not valid')")
    for p in [*pages.values(), watcher, bad]:
        p.context.close()
    logged = server.log.read_text()
    assert all(t not in logged for t in tokens.values()) and "token=<redacted>" in logged


def test_hot_seat_one_tab_plays_two_seats(browser: Any, server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.02).start()
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-2")
    page.select_option("#kind-1", "me")
    page.check("#undo")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    assert "seats 0, 1" in page.inner_text("#play-here")  # both mine: hot-seat in this tab
    page.click("#play-here")
    page.wait_for_selector("#flow-board")
    seats_seen: set[str] = set()
    for _ in range(8):
        if not wait_my_turn_or_end(page):
            break
        seats_seen.add(page.evaluate("document.body.dataset.seat"))
        click_first_action(page)
    assert seats_seen == {"0", "1"}  # the tab switched to whichever held seat had to act
    gid = page.url.rstrip("/").split("/")[-1]
    log = httpx.get(f"{server.url}/api/games/{gid}").json()["view"]["log"]
    assert {0, 1} <= {e["seat"] for e in log}
    assert page.locator("#undo-btn").is_visible()
    ctx.close()


NOMAD_MAX_CLICKS = 900


def test_nomad_city_board_four_players_against_three_bots(browser: Any, server_factory: Any,
                                                          tmp_path: Path) -> None:
    """Nomad City's SVG board: map, market, styles and City boards; highlighted sites,
    routes and facilities offer their actions; reload; play to the end."""
    server: Server = server_factory(bot_delay=0.0).start()
    ctx = browser.new_context(viewport={"width": 1500, "height": 1300})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-2")
    page.select_option("#game", "nomad-city")
    page.select_option("#players", "4")
    page.wait_for_selector("#seats #bot-3")
    page.fill("#bot-1", "greedy")
    page.fill("#bot-2", "random")
    page.fill("#bot-3", "random")
    page.fill("#seed", "21")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    assert "seat 0" in page.inner_text("#play-here")  # one person, three bots
    page.click("#play-here")
    page.wait_for_selector("#nomad-board")
    board = page.locator("#nomad-board")
    # the whole board is there, laid out from the board data
    assert board.locator("[data-site]").count() == 22
    assert board.locator("[data-route]").count() == 32
    assert board.locator("[data-region-label]").count() == 8
    assert board.locator("[data-facility]").count() >= 1
    assert board.locator("[data-style]").count() == 6
    assert board.locator("[data-player]").count() == 4
    assert board.locator("[data-player='0'] [data-cell]").count() == 12
    assert "RED ZONE" in (board.text_content() or "")
    # clicking highlighted board elements offers their actions
    clicked_board = 0
    for _ in range(60):
        if not wait_my_turn_or_end(page):
            break
        spots = board.locator(".nc-actionable")
        if spots.count() and clicked_board < 6:
            spots.first.click()
            page.wait_for_selector("#focus b")
            offered = page.locator("#actions button.act")
            target = spots.first.get_attribute("data-target") or ""
            assert offered.count() >= 1
            assert all(target in (offered.nth(i).get_attribute("data-action") or "")
                       for i in range(offered.count()))
            clicked_board += 1
        click_first_action(page)
        if clicked_board >= 6:
            break
    assert clicked_board >= 3
    # names for the focus line come from the board data (the title's board_data hook)
    names = page.evaluate("() => { const c = boardCtx(G.data); return ["
                          "G.board.nameOf('core-command-tower#1', G.data.view, c), "
                          "G.board.nameOf('1.2', G.data.view, c)]; }")
    assert names == ["Core Command Tower (core-command-tower#1)", "City board space 1.2"]
    assert page.evaluate("Object.keys(BW.boards)") == ["nomad-city"]
    save_shot(page, tmp_path, "nomad-board.png")
    # the own hand is shown by name; other seats only by count
    other = board.locator("[data-player='1']").text_content() or ""
    assert "hand: " in other and "card" in other  # a count, not names
    assert board.locator("[data-player='0'] [data-hand]").count() >= 1 or "hand:" in (
        board.locator("[data-player='0']").text_content() or "")
    # reload: same seat, same board
    page.reload()
    page.wait_for_selector("#nomad-board")
    assert page.evaluate("document.body.dataset.seat") == "0"
    for _ in range(NOMAD_MAX_CLICKS):
        if not wait_my_turn_or_end(page):
            break
        click_first_action(page)
    else:
        raise AssertionError(f"the game did not end within {NOMAD_MAX_CLICKS} clicks")
    page.wait_for_selector("#outcome-panel:visible")
    assert page.locator("#outcome table.outcome tr").count() == 5  # header + 4 seats
    save_shot(page, tmp_path, "nomad-final.png")
    assert errors == []
    ctx.close()
