"""The guided first game in the browser: "Learn to play" on the home page creates the
title's tutorial table (fixed seed, easy bots, partners in a co-operative game) and the game
page shows the explanation of each new kind of decision beside the choices, dismissable and
readable on a 390 px phone. The browser tests need Debian's Chromium (skipped without it)."""

from __future__ import annotations

from typing import Any

import pytest

import boardwright as bw
from boardwright import tutorial

from .conftest import Server

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHIPPED = sorted(g for g in bw.games() if bw.game(g).package.startswith("boardwright.titles."))


def test_the_api_serves_each_guided_game(client: Any) -> None:
    meta = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    for game_id in SHIPPED:
        assert meta[game_id]["tutorial"] is True
        body = client.get(f"/api/tutorial/{game_id}").json()
        found = tutorial.content(bw.game(game_id))
        assert found is not None
        assert body["setup"] == found.setup.model_dump() and body["intro"] == found.intro
        assert set(body["kinds"]) == set(found.kinds)
    assert meta["beacon"]["tutorial"] is False
    r = client.get("/api/tutorial/beacon")
    assert r.status_code == 404 and "has no guided first game" in r.json()["reason"]
    assert client.get("/api/tutorial/no-such-game").status_code == 404


def learn(browser: Any, server: Server, game_id: str, size: dict[str, int]) -> Any:
    page = browser.new_context(viewport=size).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url + "/")
    page.click(f"button.learn[data-game='{game_id}']")
    page.wait_for_selector("#tutor:not([hidden])", timeout=60_000)
    return page


@pytest.mark.parametrize("game_id", SHIPPED)
def test_learn_to_play_opens_the_guided_game_with_its_first_note(browser: Any, server_factory: Any,
                                                                 game_id: str) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    found = tutorial.content(bw.game(game_id))
    assert found is not None
    page = learn(browser, server, game_id, DESKTOP)
    # the table of the tutorial: its seed, the player at its seat, easy bots elsewhere
    d = page.evaluate("G.data")
    assert d["seat"] == found.setup.seat and d["players"] == found.setup.players
    assert all(s["kind"] == "bot" for s in d["seats"] if s["seat"] != found.setup.seat)
    kind = page.evaluate("document.querySelector('#tutor').dataset.kind")
    assert kind == d["view"]["decision"]["kind"]
    note = page.inner_text("#tutor")
    assert f"New: {found.kinds[kind].title}" in note and found.kinds[kind].text in note
    assert page.inner_text("#tutor a.rule") == d["view"]["decision"]["rule"]
    assert found.intro in page.inner_text("#tutor-intro")
    # beside the choices: in the decision panel, above the first choice
    note_box = page.locator("#tutor").bounding_box()
    first = page.locator("#actions button").first.bounding_box()
    assert note_box["y"] < first["y"]
    # dismissed, it stays dismissed after a reload (the same decision is not new any more)
    page.click("#tutor .tutor-close")
    assert page.locator("#tutor").is_hidden()
    page.click("#tutor-intro .tutor-close")
    page.reload()
    page.wait_for_selector("#actions button")
    assert page.locator("#tutor").is_hidden() and page.locator("#tutor-intro").is_hidden()
    assert page.errors == []
    page.context.close()


def test_the_note_is_readable_on_a_phone(browser: Any, server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.0).start()
    for game_id in SHIPPED:
        page = learn(browser, server, game_id, PHONE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = page.locator("#tutor").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["y"] + 40 < PHONE["height"]  # its start is on the first screen
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#tutor p')).fontSize)")
        assert size >= 13, size
        assert page.errors == []
        page.context.close()


def test_the_next_new_kind_brings_its_own_note(browser: Any, server_factory: Any) -> None:
    """Acting on the first decision moves on to a new kind: its note replaces the first."""
    server: Server = server_factory(bot_delay=0.0).start()
    found = tutorial.content(bw.game("nomad-city"))
    assert found is not None
    page = learn(browser, server, "nomad-city", DESKTOP)
    first = page.evaluate("document.querySelector('#tutor').dataset.kind")
    page.locator("#actions button.act").first.click()
    page.wait_for_function(f"G.data.view.decision && G.data.view.decision.kind !== '{first}'", timeout=30_000)
    kind = page.evaluate("G.data.view.decision.kind")
    page.wait_for_function(f"document.querySelector('#tutor').dataset.kind === '{kind}'", timeout=10_000)
    assert f"New: {found.kinds[kind].title}" in page.inner_text("#tutor")
    assert page.evaluate("BW.tutorialSeen(GID)")[:2] == [first, kind]
    assert page.errors == []
    page.context.close()
