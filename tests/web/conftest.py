"""Fixtures for the web app: apps on temporary SQLite files, live servers, PostgreSQL, Chromium."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "install httpx2"
    from fastapi.testclient import TestClient

from boardwright.web import Settings, create_app

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PG_DEFAULT = "postgresql+psycopg://boardwright:boardwright@127.0.0.1:5432/boardwright_test"


def run_async(main: Callable[[], Coroutine[Any, Any, Any]], timeout: float = 60.0) -> Any:
    """`asyncio.run(main())` in a thread of its own: an earlier test (Playwright's sync API) may
    leave an event loop running in the main thread, where asyncio.run refuses to start."""
    result: list[Any] = []
    failure: list[BaseException] = []

    def in_thread() -> None:
        try:
            result.append(asyncio.run(main()))
        except BaseException as exc:  # handed to the test's thread below
            failure.append(exc)

    worker = threading.Thread(target=in_thread)
    worker.start()
    worker.join(timeout)
    assert not worker.is_alive(), f"the coroutine did not finish within {timeout:g} s"
    if failure:
        raise failure[0]
    return result[0]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def first_move(url: str, gid: str, tokens: dict[int, str]) -> int:
    """The seat to act plays its first legal action through the server at `url`; the new version."""
    v = httpx.get(f"{url}/api/games/{gid}").json()
    seat = v["to_act"][0]
    mine = httpx.get(f"{url}/api/games/{gid}", headers=bearer(tokens[seat])).json()
    r = httpx.post(f"{url}/api/games/{gid}/actions", headers=bearer(tokens[seat]),
                   json={"action": mine["legal_actions"][0]["id"], "version": v["version"]})
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


def stop_ray_head(head: subprocess.Popen[bytes], port: int) -> None:
    """Stop a `ray start --head --block` process and forget its address."""
    head.send_signal(signal.SIGINT)  # stops its processes at once (SIGTERM drains for 30 s)
    try:
        head.wait(30)
    except subprocess.TimeoutExpired:
        head.kill()
    # the head leaves its address as this machine's default cluster: a later ray.init()
    # without an address would try to join it
    current = Path(tempfile.gettempdir()) / "ray" / "ray_current_cluster"
    with contextlib.suppress(OSError):
        if current.read_text().strip().endswith(f":{port}"):
            current.unlink()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


AppFactory = Callable[..., TestClient]


@pytest.fixture
def make_client(db_url: str) -> Iterator[AppFactory]:
    """Build a TestClient (bots without delay by default); all are closed at the end."""
    clients: list[TestClient] = []

    def make(url: str | None = None, **kw: Any) -> TestClient:
        settings = kw.pop("settings", None) or Settings(bot_delay=0.0, bot_budget=5.0)
        kw.setdefault("rate", 10_000.0)  # scripted tests are fast clients; test_rate_limit sets its own
        kw.setdefault("burst", 10_000)
        client = TestClient(create_app(url or db_url, settings=settings, **kw))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in clients:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client: AppFactory) -> TestClient:
    return make_client()


def wait_for(predicate: Callable[[], bool], timeout: float = 20.0, step: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(step)
    raise AssertionError("condition not reached in time")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`boardwright serve` in a child process on a free loopback port."""

    def __init__(self, db: str, tmp: Path, bot_delay: float = 0.05, extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.extra = extra  # more `serve` options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"server-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.bot_delay = bot_delay

    def start(self) -> Server:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "boardwright", "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--db", self.db, "--bot-delay", str(self.bot_delay), *self.extra],
            stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/meta", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def make(db: str | None = None, bot_delay: float = 0.05, extra: tuple[str, ...] = ()) -> Server:
        s = Server(db or f"sqlite:///{tmp_path / 'served.sqlite'}", tmp_path, bot_delay, extra)
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.stop()


class ThreadServer:
    """The web app under Uvicorn in a thread of the test process, so it sees games the test
    registers itself (bots think in threads too: worker processes would not know them)."""

    def __init__(self, db: str) -> None:
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(db, settings=Settings(bot_delay=0.0, bot_budget=5.0, bot_workers=0),
                         rate=10_000.0, burst=10_000)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", timeout_graceful_shutdown=2))
        self.thread = threading.Thread(target=self.server.run, daemon=True, name="web-test-server")

    def start(self) -> ThreadServer:
        self.thread.start()
        wait_for(lambda: self.server.started, timeout=30)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture
def thread_server(tmp_path: Path) -> Iterator[ThreadServer]:
    server = ThreadServer(f"sqlite:///{tmp_path / 'threaded.sqlite'}").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_url() -> str:
    """A reachable PostgreSQL URL; skipped if none (on a developer machine), failing in CI."""
    url = os.environ.get("BOARDWRIGHT_TEST_PG_URL") or PG_DEFAULT
    from sqlalchemy import create_engine, text

    try:
        engine = create_engine(url, connect_args={"connect_timeout": 3})
        with engine.connect() as c:
            c.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as exc:
        if IN_CI:
            pytest.fail(f"CI needs PostgreSQL for the storage tests ({exc.__class__.__name__}: {exc})")
        pytest.skip(f"no PostgreSQL server reachable ({exc.__class__.__name__}); set BOARDWRIGHT_TEST_PG_URL")
    return url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium under Playwright; skipped without it unless in CI."""
    if not Path(CHROMIUM).exists():
        if IN_CI:
            pytest.fail(f"CI needs Chromium at {CHROMIUM} for the browser tests")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if IN_CI:
            raise
        pytest.skip("playwright is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
