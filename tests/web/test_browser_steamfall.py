"""Crisis at Steamfall's board in Debian's headless Chromium (Playwright; skipped without it):
the city, the character boards and the invention card or the cipher cards are drawn from the
view and the title's board data; a person plays by clicking districts, secret locations,
columns, items and civilians on the map and boards, against a greedy bot, to the end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from .conftest import Server
from .test_browser import choose_nth, click_first_action, save_shot, wait_my_turn_or_end

MAX_CLICKS = 700
BOARD = "#steamfall-board"

# the focused target offers exactly the actions whose targetOf is that target (as buttons,
# or as the amounts of a grouped chooser such as pick:scrap:1 / pick:scrap:2)
SAME_TARGET = """(t) => {
  const c = boardCtx(G.data);
  const ids = G.offered;  // the panel's actions: its buttons and amounts, or its steps' actions
  const want = G.data.legal_actions.filter(a => G.board.targetOf(a, G.data.view, c) === t).map(a => a.id);
  return ids.length > 0 && ids.length === want.length && ids.every(i => want.includes(i));
}"""

# face-down secret locations this seat has not seen show no location name
HIDDEN_OK = """() => {
  const names = Object.values(G.boardData.locations).map(l => l.name);
  return [...document.querySelectorAll('#steamfall-board [data-location="hidden"]')]
    .every(el => !names.some(n => el.textContent.includes(n)));
}"""


def start(server: Server, browser: Any, options: dict[str, Any], seed: int, players: int = 2,
          bots: dict[str, str] | None = None) -> tuple[Any, list[str]]:
    """Seat 0's page of a new game (by default 2 players, seat 1 a greedy bot)."""
    bots = {"1": "greedy"} if bots is None else bots
    r = httpx.post(server.url + "/api/games", json={"game": "steamfall", "players": players, "seed": seed,
                                                    "options": options, "bots": bots})
    assert r.status_code == 201, r.text
    body = r.json()
    ctx = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/play/{body['id']}?token={body['seats'][0]['token']}")
    page.wait_for_selector(BOARD)
    assert page.locator("#board").get_attribute("data-board") == "steamfall"
    assert page.evaluate("Object.keys(BW.boards)") == ["steamfall"]
    return page, errors


def play(page: Any, tmp: Path, shot: str, prefer: tuple[str, ...],
         until: Callable[[dict[str, int]], bool] | None = None) -> dict[str, int]:
    """Play seat 0 to the end (or until `until(clicked)`): on each decision click a
    highlighted element of the board (map areas and the kinds in `prefer` first), check that
    exactly its actions are offered, and play one; only when nothing is highlighted, click
    the first button. Counts the clicks per kind of target (area, col, player, crisis for
    the Crisis panel's crisis cards, Core Shard and encounter, card for the rest)."""
    clicked: dict[str, int] = {}
    board = page.locator(BOARD)
    for n in range(MAX_CLICKS):
        if not wait_my_turn_or_end(page):
            return clicked
        assert page.evaluate(HIDDEN_OK)
        spots = board.locator(".sf-actionable")
        target = None
        for kind in prefer:
            found = board.locator(f".sf-actionable[data-target^='{kind}']")
            if found.count():
                target = found.nth(n % found.count())
                break
        if target is None and spots.count() and n % 3:
            target = spots.nth(n % spots.count())
        if target is None:
            click_first_action(page)
            continue
        key = target.get_attribute("data-target") or ""
        target.click()
        page.wait_for_selector("#focus b")
        assert page.evaluate(SAME_TARGET, key), key
        kind = key.split("-")[0] if key.split("-")[0] in ("area", "col", "player") else "card"
        kind = "crisis" if key.startswith(("crisis-card-", "shard", "encounter")) else kind
        clicked[kind] = clicked.get(kind, 0) + 1
        if sum(clicked.values()) == 12:
            save_shot(page, tmp, shot)
        # the focused target's actions: the last one mostly moves on (a column's, an area's)
        version = page.evaluate("document.body.dataset.version")
        choose_nth(page, n)
        page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
        if until is not None and until(clicked):
            return clicked
    raise AssertionError(f"the game did not end within {MAX_CLICKS} decisions")


def test_incredible_invention_by_clicking_the_map(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page, errors = start(server, browser, {"scenario": "incredible-invention"}, seed=11)
    board = page.locator(BOARD)
    # the 2-player city: five districts, a secret location on each of the twelve outside borders
    assert board.locator("[data-district]").count() == 5
    assert board.locator("[data-location]").count() == 12
    assert board.locator("[data-location='revealed']").count() == 0
    assert board.locator("[data-standee]").count() == 2
    assert board.locator("polygon").count() > 20  # pathway triangles
    assert board.locator("[data-invention]").count() == 1
    assert board.locator("[data-player]").count() == 2
    assert board.locator("[data-player='0'] [data-column]").count() == 4
    assert board.locator("[data-player='1'] [data-column]").count() == 4
    text = board.text_content() or ""
    assert "Incredible Invention" in text and "marketing VP" in text and "mood" in text
    # names for the focus line come from the board data
    names = page.evaluate("() => { const c = boardCtx(G.data); return ["
                          "G.board.nameOf('col-1', G.data.view, c),"
                          "G.board.nameOf('invention', G.data.view, c),"
                          "G.board.nameOf('iron-hammer', G.data.view, c)]; }")
    assert names == ["column II", "the Incredible Invention", "Iron Hammer"]
    clicked = play(page, tmp_path, "steamfall-ii.png", ("area-", "col-"))
    # how many moves the game lasts depends on the invention card's rows (stand-ins being
    # balanced): what matters is that map areas and columns were played by clicking
    assert clicked.get("area", 0) >= 2 and clicked.get("col", 0) >= 1, clicked
    page.wait_for_selector("#outcome-panel:visible")
    assert page.locator("#outcome-headline").get_attribute("data-kind") == "cooperative"
    save_shot(page, tmp_path, "steamfall-ii-final.png")
    assert errors == []
    page.context.close()


def test_cipher_race_by_clicking_the_map(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    page, errors = start(server, browser, {"scenario": "cipher-race"}, seed=5)
    board = page.locator(BOARD)
    assert board.locator("[data-district]").count() == 5
    assert board.locator("[data-tablet]").count() == 2  # on the two ancient districts
    assert board.locator("[data-cipher]").count() == 3
    assert board.locator("[data-invention]").count() == 0
    assert "VP so far" in (board.text_content() or "")
    clicked = play(page, tmp_path, "steamfall-cipher.png", ("area-", "col-", "card"))
    assert clicked.get("area", 0) >= 3, clicked
    page.wait_for_selector("#outcome-panel:visible")
    assert page.locator("#outcome-headline").get_attribute("data-kind") == "competitive"
    assert page.locator("#outcome table.outcome tr").count() == 3  # header + 2 seats
    save_shot(page, tmp_path, "steamfall-cipher-final.png")
    assert errors == []
    page.context.close()
