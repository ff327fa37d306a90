"""The FastAPI application: API, static front end, limits, error bodies."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from boardwright import __version__
from boardwright.engine import IllegalAction

from .api import router
from .db import Store
from .hub import GameError, Hub, Settings
from .limits import Limits, TokenBucket

STATIC = Path(__file__).parent / "static"
DEFAULT_DB = "sqlite:///boardwright.sqlite"
log = logging.getLogger("boardwright.web")


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
    max_streams: int = 200,
) -> FastAPI:
    store = Store(db)
    hub = Hub(store, settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        hub.close()
        store.close()

    app = FastAPI(
        title="boardwright",
        version=__version__,
        description="Play boardwright's games in the browser: seats with secret tokens, bots, "
        "live updates, rule explanations. Send a seat's token as `Authorization: Bearer TOKEN`.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.sse_limit = threading.BoundedSemaphore(max_streams)
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

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"reason": "internal error"}, status_code=500)

    app.include_router(router)
    app.add_middleware(Limits, max_body=max_body, bucket=TokenBucket(rate, burst))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{gid}", include_in_schema=False)
    def play(gid: str) -> FileResponse:
        return FileResponse(STATIC / "game.html", headers={"Referrer-Policy": "no-referrer",
                                                           "Cache-Control": "no-store"})

    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB, **kw: Any) -> None:
    import uvicorn

    uvicorn.run(create_app(db, **kw), host=host, port=port, log_level="info",
                timeout_graceful_shutdown=2)
