"""The game page's hint button, and the create form's hints checkbox (headless Chromium)."""

from __future__ import annotations

from typing import Any

from .conftest import Server


def _create(page: Any, server: Server, hints: bool) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seats #kind-2")
    page.select_option("#players", "3")
    page.fill("#seed", "12")
    if not hints:
        page.uncheck("#hints")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#play-here")
    page.wait_for_selector("#flow-board")


def test_hint_button_shows_three_moves(browser: Any, server_factory: Any) -> None:
    server: Server = server_factory(bot_delay=0.02).start()
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _create(page, server, hints=True)
    page.wait_for_selector("#hint-btn:not([hidden])")
    page.click("#hint-btn")
    page.wait_for_function("document.querySelectorAll('#hint-box div').length === 3", timeout=20_000)
    text = page.inner_text("#hint-box")
    assert "estimated chance of winning" in text and "% (tried" in text
    assert not errors
    _create(page, server, hints=False)
    assert page.locator("#hint-btn").is_hidden()
    assert not errors
