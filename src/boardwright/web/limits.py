"""Bounds on requests: body size and a per-client rate (plain ASGI middleware)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def _reply(
    send: Send, status: int, reason: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = json.dumps({"reason": reason}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class TokenBucket:
    """`rate` requests a second per client, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def allow(self, key: str) -> bool:
        t = time.monotonic()
        with self.lock:
            tokens, last = self.buckets.get(key, (float(self.burst), t))
            tokens = min(float(self.burst), tokens + (t - last) * self.rate)
            if tokens < 1:
                self.buckets[key] = (tokens, t)
                return False
            self.buckets[key] = (tokens - 1, t)
            if len(self.buckets) > 10_000:  # forget idle clients
                stale = [k for k, (_, seen) in self.buckets.items() if t - seen > 60]
                for k in stale:
                    del self.buckets[k]
            return True


class Limits:
    """Refuse bodies over `max_body` bytes (413) and API clients over their rate (429)."""

    def __init__(self, app: ASGIApp, max_body: int, bucket: TokenBucket) -> None:
        self.app = app
        self.max_body = max_body
        self.bucket = bucket

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        if path.startswith("/api/"):
            client = scope.get("client") or ("?", 0)
            if not self.bucket.allow(str(client[0])):
                await _reply(send, 429, "too many requests; slow down", [(b"retry-after", b"1")])
                return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 400, "bad Content-Length")
                    return
                if size > self.max_body:
                    await _reply(send, 413, f"request body over {self.max_body} bytes")
                    return
        seen = 0
        too_big = False

        async def bounded() -> Message:
            nonlocal seen, too_big
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_body:
                    too_big = True
                    return {"type": "http.request", "body": b"", "more_body": False}
            return msg

        started = False

        async def guarded_send(msg: Message) -> None:
            nonlocal started
            if too_big and not started:
                started = True
                await _reply(send, 413, f"request body over {self.max_body} bytes")
                return
            if too_big:
                return
            started = started or msg["type"] == "http.response.start"
            await send(msg)

        await self.app(scope, bounded, guarded_send)
