"""The FastAPI application: API, static front end, limits, error bodies."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from boardwright import __version__
from boardwright.engine import IllegalAction

from . import diag
from .api import prepare, router
from .db import Store
from .hub import GameError, Hub, Settings
from .lean import Lean
from .limits import Limits, Network, TokenBucket, client_ip, parse_trusted

STATIC = Path(__file__).parent / "static"
DEFAULT_DB = "sqlite:///boardwright.sqlite"
THREADS = 100  # threads for requests and stream work
DEFAULT_STREAMS = 2000  # live streams at once (each is a coroutine waiting for changes: cheap)
log = logging.getLogger("boardwright.web")


class StreamSlots:
    """Live-update streams: at most `total` at once, and at most `per_client` per client."""

    def __init__(self, total: int, per_client: int) -> None:
        self.total = total
        self.per_client = per_client
        self.open: dict[str, int] = {}
        self.count = 0
        self.lock = threading.Lock()

    def acquire(self, client: str) -> str | None:
        """None if a slot was taken, else why not."""
        with self.lock:
            if self.count >= self.total:
                return "too many live connections; try again later"
            if self.open.get(client, 0) >= self.per_client:
                return f"at most {self.per_client} live connections per client; close one first"
            self.open[client] = self.open.get(client, 0) + 1
            self.count += 1
            return None

    def release(self, client: str) -> None:
        with self.lock:
            if client not in self.open:
                return
            self.count -= 1
            n = self.open[client] - 1
            if n > 0:
                self.open[client] = n
            else:
                self.open.pop(client, None)


def docs_assets() -> Path | None:
    """Swagger UI's files from the `swagger-ui-bundle` package, so /docs works offline."""
    try:
        import swagger_ui_bundle  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - a dependency; /docs then says so
        return None
    return Path(swagger_ui_bundle.swagger_ui_path)


class RedactTokens(logging.Filter):
    """Access logs never show a join link's token."""

    _TOKEN = re.compile(r"(token=)[^&\s\"]*")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self._TOKEN.sub(r"\1<redacted>", a) if isinstance(a, str) else a
                                for a in record.args)
        if isinstance(record.msg, str):
            record.msg = self._TOKEN.sub(r"\1<redacted>", record.msg)
        return True


def create_app(
    db: str = DEFAULT_DB,
    settings: Settings | None = None,
    max_body: int = 16_384,
    rate: float = 30.0,
    burst: int = 120,
    max_streams: int | None = None,
    max_streams_per_client: int = 8,
    trusted_proxies: str | tuple[Network, ...] | None = None,
) -> FastAPI:
    """`trusted_proxies`: addresses or networks (`"127.0.0.1,10.0.0.0/8"`) whose
    `X-Forwarded-For` names the client; default: none (the `BOARDWRIGHT_TRUSTED_PROXIES`
    environment variable when not given). `max_streams`: live streams open at once (default:
    the `BOARDWRIGHT_MAX_STREAMS` environment variable, else 2000); each client may still open
    only `max_streams_per_client`."""
    if max_streams is None:
        max_streams = int(os.environ.get("BOARDWRIGHT_MAX_STREAMS", "") or DEFAULT_STREAMS)
    if trusted_proxies is None:
        trusted_proxies = os.environ.get("BOARDWRIGHT_TRUSTED_PROXIES", "")
    trusted = parse_trusted(trusted_proxies) if isinstance(trusted_proxies, str) else trusted_proxies
    store = Store(db)
    hub = Hub(store, settings)
    hub.prepare = lambda live: prepare(hub, live)
    if diag.DIAG is not None:
        diag.DIAG.probes["hub"] = hub.held

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        import anyio.to_thread

        # requests wait in threads for commits (not for the interpreter): more than anyio's 40
        limiter = anyio.to_thread.current_default_thread_limiter()
        limiter.total_tokens = max(limiter.total_tokens, THREADS)
        watch = None if diag.DIAG is None else asyncio.get_running_loop().create_task(diag.DIAG.watch_loop())
        yield
        if watch is not None and diag.DIAG is not None:
            watch.cancel()
            diag.DIAG.write(final=True)
        hub.close()
        store.close()

    app = FastAPI(
        title="boardwright",
        version=__version__,
        description="Play boardwright's games in the browser: seats with secret tokens, bots, "
        "live updates, rule explanations. Send a seat's token as `Authorization: Bearer TOKEN`.",
        lifespan=lifespan,
        docs_url=None,  # served below from the package's files, never from the internet
        redoc_url=None,
    )
    app.state.hub = hub
    app.state.sse_limit = StreamSlots(max_streams, max_streams_per_client)
    app.state.client_of = lambda scope: client_ip(scope, trusted)
    logging.getLogger("uvicorn.access").addFilter(RedactTokens())

    @app.exception_handler(GameError)
    async def _game_error(_request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(IllegalAction)
    async def _illegal(_request: Request, exc: IllegalAction) -> JSONResponse:
        return JSONResponse({"reason": exc.reason, "rule": exc.rule}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()]
        what = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors)
        return JSONResponse({"reason": f"malformed request: {what}", "detail": errors}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # the body could not be parsed (invalid UTF-8, nesting too deep, a number too long...):
        # a malformed request like any other, in the documented shape
        if exc.status_code == 400:
            return JSONResponse({"reason": f"malformed request: {exc.detail} (the body must be "
                                 "UTF-8 JSON, not too deeply nested, with numbers of sane size)"},
                                status_code=422)
        return JSONResponse({"reason": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"reason": "internal error"}, status_code=500)

    app.include_router(router)
    app.add_middleware(Lean, hub=hub)  # inside the limits (added next): the hot route, lean
    app.add_middleware(Limits, max_body=max_body, bucket=TokenBucket(rate, burst), trusted=trusted,
                       token_bucket=TokenBucket(rate, burst))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    assets = docs_assets()
    if assets is not None:
        app.mount("/docs-assets", StaticFiles(directory=assets), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        if assets is None:  # pragma: no cover
            return HTMLResponse("<p>API docs need the swagger-ui-bundle package; the schema is at "
                                "<a href='/openapi.json'>/openapi.json</a>.</p>")
        return get_swagger_ui_html(openapi_url="/openapi.json", title="boardwright API",
                                   swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-assets/swagger-ui.css",
                                   swagger_favicon_url="/static/favicon.svg")

    @app.get("/", include_in_schema=False)
    def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{gid}", include_in_schema=False)
    def play(gid: str) -> FileResponse:
        return FileResponse(STATIC / "game.html", headers={"Referrer-Policy": "no-referrer",
                                                           "Cache-Control": "no-store"})

    return app


def limit_malloc_arenas(arenas: int = 2) -> bool:
    """Ask glibc's malloc for at most `arenas` arenas (call before threads start; True if it
    took). By default it keeps up to 8 per core, one bound to each busy thread; the server's
    many request and bot-driver threads each left freed memory behind in their own arena:
    server memory grew 79 -> 135 MB in 144 s of `loadtest --scale 0.3`, 79 -> 122 MB with
    two arenas, at the same processor time per move. Nothing changes where it is not glibc."""
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(-8, arenas))  # -8: M_ARENA_MAX
    except (OSError, AttributeError):
        return False


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB, access_log: bool = True,
          workers: int = 1, routing: str = "game", **kw: Any) -> None:
    """The web app on HOST:PORT until interrupted, in one process or in `workers` (workers.py;
    `routing`: how connections reach them, "game" or "kernel")."""
    import uvicorn

    if workers > 1:
        from . import workers as several

        several.run(host, port, db, workers, access_log=access_log, routing=routing, **kw)
        return

    from boardwright.engine import games

    from .collector import tune

    limit_malloc_arenas()  # before create_app starts the hub's threads
    app = create_app(db, **kw)
    games()  # every title imported before start-up's objects are frozen
    tune()
    # Forwarded headers are read by the app, and only from trusted proxies (limits.py): never
    # let Uvicorn take them from any local peer.
    uvicorn.run(app, host=host, port=port, log_level="info",
                timeout_graceful_shutdown=2, proxy_headers=False, access_log=access_log)
