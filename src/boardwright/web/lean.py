"""The hot route, a person's move (`POST /api/games/{id}/actions`), without FastAPI's routing.

FastAPI's routing, request model and dependency solving cost more processor time than the
move itself. This plain ASGI layer sits inside the limits (`limits.py`: rate, body size) and
handles the common, well-formed request itself: a JSON object with `action` (1-200
characters) and an optional `version` (an integer, 0 or more), nothing else. Anything else
(another content type, a malformed or unusual body, a game id FastAPI would refuse) goes on
to the FastAPI route with the body as it came, so every refusal keeps its documented shape.
The work and the answer are those of the route: the same hub calls, the same payload text.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse

from boardwright.engine import IllegalAction

from . import diag
from .api import _seat, encoded
from .hub import GameError, Hub

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ACTIONS = re.compile(r"/api/games/([A-Za-z0-9_-]{1,40})/actions")
JSON_TYPES = (b"application/json", b"application/json; charset=utf-8")


def _header(scope: Scope, name: bytes) -> bytes | None:
    for k, v in scope.get("headers", ()):
        if k == name:
            return bytes(v)
    return None


def parse_action(body: bytes) -> tuple[str, int | None] | None:
    """(action, version) from a well-formed body, else None (FastAPI then says what is wrong)."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict or "action" not in data or not data.keys() <= {"action", "version"}:
        return None
    action, version = data["action"], data.get("version")
    if type(action) is not str or not 1 <= len(action) <= 200:
        return None
    if version is not None and (type(version) is not int or version < 0):
        return None
    return action, version


class Lean:
    """ASGI middleware: the action POST handled directly (see the module's doc)."""

    def __init__(self, app: ASGIApp, hub: Hub) -> None:
        self.app = app
        self.hub = hub
        self.handled = 0  # requests answered here (for tests)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        found = ACTIONS.fullmatch(str(scope.get("path", "")))
        if found is None or _header(scope, b"content-type") not in JSON_TYPES:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            msg = await receive()
            if msg["type"] != "http.request":  # gone before its body arrived
                return
            chunks.append(msg.get("body", b""))
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        t0 = time.monotonic()
        parsed = parse_action(body)
        if parsed is None:
            await self.app(scope, _replay(body, receive), send)
            return
        self.handled += 1
        auth = _header(scope, b"authorization")
        try:
            text = await run_in_threadpool(self._act, found.group(1), parsed[0], parsed[1],
                                           None if auth is None else auth.decode("latin-1"))
        except GameError as exc:
            await JSONResponse(exc.body(), status_code=exc.status)(scope, receive, send)
            return
        except IllegalAction as exc:
            await JSONResponse({"reason": exc.reason, "rule": exc.rule}, status_code=409)(
                scope, receive, send)
            return
        out = text.encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(out)).encode())]})
        await send({"type": "http.response.body", "body": out})
        if diag.DIAG is not None:
            diag.DIAG.add("action POST", t0, time.monotonic() - t0, keep=0.02)

    def _act(self, gid: str, action: str, version: int | None, authorization: str | None) -> str:
        with diag.timed("action thread"):
            return self._act_timed(gid, action, version, authorization)

    def _act_timed(self, gid: str, action: str, version: int | None, authorization: str | None) -> str:
        hub = self.hub
        live = hub.get(gid)
        seat = _seat(hub, live, authorization, required=True)
        assert seat is not None
        hub.act(live, seat, action, expect_rows=version)
        return encoded(hub, live, seat)[0]


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body read already, then what the client sends next."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
