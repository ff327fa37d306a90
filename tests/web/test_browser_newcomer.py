"""A first game a newcomer can follow, in Debian's headless Chromium (skipped without it):
the largest decision of each game never shows more than about a dozen buttons at once (long
lists come in steps, every legal action still reachable), a map choice is made by clicking
the map, and on a 390 px phone the board fills the width at a readable scale with the
choices on the same screen."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from .conftest import Server

MAX_SHOWN = 12  # game.js MAX_BUTTONS
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# (game, players, options, decision kind, at least this many legal actions, board id)
LARGEST = [
    ("nomad-city", 2, {}, "place_influence", 25, "#nomad-board"),
    ("steamfall", 2, {"scenario": "crisis"}, "turn", 30, "#steamfall-board"),
    ("flow-of-history", 3, {}, "action", 40, "#flow-board"),
    ("martians", 2, {}, "building", 13, "#martians-board"),
]

# every entry of the panel, and the actions reachable from each: the steps' groups are
# walked without clicking (stepGroups is what the buttons are made from)
REACHABLE = """() => {
  const ctx = boardCtx(G.data);
  const walk = acts => {
    if (entryCount(acts) <= MAX_BUTTONS) return acts.map(a => a.id);
    const groups = stepGroups(acts, ctx);
    if (!groups) return acts.map(a => a.id);  // the one drop-down list holds them all
    if (groups.some(g => entryCount(g.actions) > 1 && g.actions.length === acts.length))
      return ["no progress"];
    return groups.flatMap(g => walk(g.actions));
  };
  return walk(G.data.legal_actions);
}"""

SHOWN = "document.querySelectorAll('#actions button').length"


def polite(send: Any, *args: Any, **kw: Any) -> httpx.Response:
    """An API call that waits as the server asks when it answers 429 (the served app keeps its
    default rate limit, which a random walk of hundreds of moves can reach)."""
    for _ in range(50):
        r: httpx.Response = send(*args, **kw)
        if r.status_code != 429:
            return r
        time.sleep(float(r.headers.get("retry-after", "1")))
    raise AssertionError("the server kept answering 429")


def reach(server: Server, game: str, players: int, options: dict[str, Any], kind: str,
          least: int) -> tuple[str, str]:
    """A game whose seat 0 faces a decision of `kind` with at least `least` legal actions,
    got to by random moves through the API (the other seats random bots)."""
    bots = {str(s): "random" for s in range(1, players)}
    for seed in range(12):
        r = httpx.post(server.url + "/api/games", json={"game": game, "players": players, "seed": seed,
                                                        "options": options, "bots": bots})
        assert r.status_code == 201, r.text
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        rnd = random.Random(seed)
        for _ in range(600):
            d = polite(httpx.get, f"{server.url}/api/games/{gid}", headers=auth).json()
            if d["over"]:
                break
            if 0 not in d["to_act"]:
                time.sleep(0.02)
                continue
            dec = d["view"].get("decision") or {}
            if dec.get("kind") == kind and len(d["legal_actions"]) >= least:
                return gid, token
            polite(httpx.post, f"{server.url}/api/games/{gid}/actions", headers=auth,
                   json={"action": rnd.choice(d["legal_actions"])["id"], "version": d["version"]})
    raise AssertionError(f"no {kind} decision with {least} actions in {game}")


def open_page(browser: Any, server: Server, gid: str, token: str, size: dict[str, int], board: str) -> Any:
    page = browser.new_context(viewport=size).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.url}/play/{gid}?token={token}")
    page.wait_for_selector(board)
    page.wait_for_selector("#actions button")
    return page


@pytest.mark.parametrize(("game", "players", "options", "kind", "least", "board"), LARGEST,
                         ids=[x[0] for x in LARGEST])
def test_the_largest_decision_in_short_steps(browser: Any, server_factory: Any, game: str, players: int,
                                             options: dict[str, Any], kind: str, least: int,
                                             board: str) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    gid, token = reach(server, game, players, options, kind, least)
    page = open_page(browser, server, gid, token, DESKTOP, board)
    legal = page.evaluate("G.data.legal_actions.map(a => a.id)")
    assert len(legal) >= least
    assert page.evaluate(SHOWN) <= MAX_SHOWN
    # grouped, never filtered or invented: every legal action once
    assert sorted(page.evaluate(REACHABLE)) == sorted(legal)
    # down the steps: each shows at most a dozen buttons, and ends in a legal action
    for _ in range(6):
        step = page.locator("#actions button.step")
        if not step.count():
            break
        step.last.click()
        page.wait_for_selector("#step-back")
        assert page.evaluate(SHOWN) <= MAX_SHOWN + 1  # and the way back
    acts = page.locator("#actions button.act")
    assert acts.count() >= 1
    action = acts.first.get_attribute("data-action")
    assert action in legal
    version = page.evaluate("document.body.dataset.version")
    acts.first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    assert page.errors == []
    page.context.close()


def test_a_map_choice_is_a_click_on_the_map(browser: Any, server_factory: Any) -> None:
    """Nomad City's 30 places for an influence: clicking a site on the map offers its one
    action, which places the influence there."""
    server: Server = server_factory(bot_delay=0.0).start()
    gid, token = reach(server, "nomad-city", 2, {}, "place_influence", 25)
    page = open_page(browser, server, gid, token, DESKTOP, "#nomad-board")
    site = page.locator("#nomad-board [data-site].nc-actionable").first
    key = site.get_attribute("data-target")
    site.click()
    page.wait_for_selector("#focus b")
    offered = page.locator("#actions button.act")
    assert [offered.nth(i).get_attribute("data-action") for i in range(offered.count())] == [f"place:{key}"]
    version = page.evaluate("document.body.dataset.version")
    offered.first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    auth = {"Authorization": f"Bearer {token}"}
    view = httpx.get(f"{server.url}/api/games/{gid}", headers=auth).json()["view"]
    assert 0 in view["influence"][key]
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("game", "players", "options", "kind", "least", "board"), LARGEST,
                         ids=[x[0] for x in LARGEST])
def test_a_phone_sees_the_board_and_the_choices(browser: Any, server_factory: Any, game: str, players: int,
                                                options: dict[str, Any], kind: str, least: int,
                                                board: str) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    gid, token = reach(server, game, players, options, kind, least)
    page = open_page(browser, server, gid, token, PHONE, board)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    svg = page.locator(board).bounding_box()
    assert svg["width"] >= 0.9 * PHONE["width"]
    # drawn for the phone: at least 0.44 screen pixels a board unit (the 1200-unit desktop
    # board would get 0.3: text a third of its size)
    scale = page.evaluate(f"(() => {{ const s = document.querySelector('{board}'); "
                          "return s.getBoundingClientRect().width / s.viewBox.baseVal.width; })()")
    assert scale >= 0.44, scale
    # with the board's top at the top of the screen, the choices are on the same screen
    page.evaluate("document.querySelector('#board').scrollIntoView()")
    page.wait_for_timeout(100)
    panel = page.locator("#decision-panel").bounding_box()
    first = page.locator("#actions button").first.bounding_box()
    assert panel["y"] < PHONE["height"] and first["y"] + first["height"] <= PHONE["height"], (panel, first)
    assert panel["y"] >= 0.4 * PHONE["height"]  # and the board keeps most of the screen
    assert page.errors == []
    page.context.close()


def test_a_phone_folds_the_choices_away_and_a_board_click_opens_them(browser: Any,
                                                                      server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    gid, token = reach(server, "nomad-city", 2, {}, "place_influence", 25)
    page = open_page(browser, server, gid, token, PHONE, "#nomad-board")
    page.evaluate("document.querySelector('#board').scrollIntoView()")
    opened = page.locator("#decision-panel").bounding_box()
    page.click("#fold-btn")
    folded = page.locator("#decision-panel").bounding_box()
    assert folded["height"] < opened["height"] / 2 and not page.locator("#actions").is_visible()
    site = page.locator("#nomad-board [data-site].nc-actionable").first
    key = site.get_attribute("data-target")
    site.click()
    page.wait_for_selector("#actions button.act:visible")
    assert page.locator("#actions button.act").get_attribute("data-action") == f"place:{key}"
    assert page.errors == []
    page.context.close()
