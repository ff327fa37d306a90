"""Bounds on requests: body size and a rate per client and per seat token (plain ASGI middleware).

The client is the connection's peer address. Forwarded headers (`X-Forwarded-For`) are read
only when the peer is one of the configured trusted proxies (`trusted`; none by default):
then the client is the nearest address in the header that is not itself a trusted proxy.
"""

from __future__ import annotations

import hashlib
import ipaddress
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


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_trusted(text: str | None) -> tuple[Network, ...]:
    """`"127.0.0.1, 10.0.0.0/8"` -> networks; empty or None -> none trusted."""
    out: list[Network] = []
    for part in (text or "").split(","):
        part = part.strip()
        if part:
            out.append(ipaddress.ip_network(part, strict=False))
    return tuple(out)


def _in(addr: str, nets: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(addr.strip())
    except ValueError:
        return False
    return any(ip in n for n in nets)


def client_ip(scope: Scope, trusted: tuple[Network, ...] = ()) -> str:
    """The client's address: the peer, or (behind a trusted proxy) the forwarded address."""
    peer = str((scope.get("client") or ("?", 0))[0])
    if not trusted or not _in(peer, trusted):
        return peer
    forwarded = b",".join(v for k, v in scope.get("headers", []) if k == b"x-forwarded-for")
    hops = [h.strip() for h in forwarded.decode("latin-1").split(",") if h.strip()]
    for hop in reversed(hops):  # the nearest hop a trusted proxy did not add itself
        if not _in(hop, trusted):
            return hop[:64]
    return peer


def bearer_key(scope: Scope) -> str | None:
    """A short digest of the request's seat token (for its own rate limit), or None."""
    for k, v in scope.get("headers", []):
        if k == b"authorization":
            scheme, _, token = v.partition(b" ")
            if scheme.lower() == b"bearer" and token.strip():
                return "token:" + hashlib.sha256(token.strip()).hexdigest()[:32]
    return None


class Limits:
    """Refuse bodies over `max_body` bytes (413) and API clients over their rate (429): the rate
    holds per client address and, separately, per seat token."""

    def __init__(self, app: ASGIApp, max_body: int, bucket: TokenBucket,
                 trusted: tuple[Network, ...] = (), token_bucket: TokenBucket | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.bucket = bucket
        self.trusted = trusted
        self.token_bucket = token_bucket or TokenBucket(bucket.rate, bucket.burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        if path.startswith("/api/"):
            key = bearer_key(scope)
            if not self.bucket.allow(client_ip(scope, self.trusted)) or (
                    key is not None and not self.token_bucket.allow(key)):
                await _reply(send, 429, "too many requests; slow down", [(b"retry-after", b"1")])
                return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 422, "bad Content-Length")
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
