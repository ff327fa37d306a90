"""`boardwright serve`: the web app."""

from __future__ import annotations

import os
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on", min=1, max=65535)] = 8000,
    db: Annotated[str, typer.Option(help="SQLAlchemy URL, e.g. postgresql+psycopg://u:p@h/db")]
    = "sqlite:///boardwright.sqlite",
    bot_delay: Annotated[float, typer.Option(help="seconds between bot moves", min=0)] = 0.4,
    access_log: Annotated[bool, typer.Option(help="log every request (off for load tests: it costs "
                                             "processor time per request)")] = True,
    bot_workers: Annotated[int, typer.Option(help="processes the bots think in (0: threads of this "
                                             "process)", min=0)] = 2,
    bot_pool: Annotated[str, typer.Option(help="where those processes run: 'local' (started by this "
                                          "server), 'ray' (a Ray instance of this server) or "
                                          "'ray:ADDRESS' (actors of a running Ray cluster, shared by "
                                          "every server process using it)")] = "local",
    workers: Annotated[int, typer.Option(help="server processes sharing the address and the database "
                                         "(0: one per processor core; 1: a single process)",
                                         min=0)] = 0,
    bot_nice: Annotated[int, typer.Option(help="the local bot processes' niceness (0-19): a person's "
                                          "request goes before a bot's thinking", min=0, max=19)] = 10,
    routing: Annotated[str, typer.Option(help="with several processes, how a connection finds one: "
                                         "'game' (this process passes it to the one that holds the game "
                                         "its first request names) or 'kernel' (any, as the kernel "
                                         "spreads them)")] = "game",
) -> None:
    """The web app on http://HOST:PORT, storing games in --db (a SQLite file by default), in
    one server process per core unless --workers says otherwise."""
    from ..web import Settings
    from ..web import serve as run
    from ..web.raypool import PoolError, parse_pool

    try:
        parse_pool(bot_pool)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--bot-pool") from None
    if routing not in ("game", "kernel"):
        raise typer.BadParameter("'game' or 'kernel'", param_hint="--routing")
    workers = processes(workers, bot_pool)
    many = f", {workers} processes, routing by {routing}" if workers > 1 else ""
    typer.echo(f"boardwright web app on http://{host}:{port}  (games stored in {_safe(db)}{many})")
    settings = Settings(bot_delay=bot_delay, bot_workers=bot_workers, bot_pool=bot_pool,
                        bot_nice=bot_nice)
    try:
        run(host, port, db, access_log=access_log, workers=workers, routing=routing, settings=settings)
    except PoolError as exc:  # the Ray cluster cannot be reached or used
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


def processes(workers: int, bot_pool: str) -> int:
    """How many server processes `--workers` asks for (0: one per core; a Ray instance of the
    server's own is started by its one process)."""
    if workers > 0:
        return workers
    return 1 if bot_pool == "ray" else max(1, os.cpu_count() or 1)


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "the given database"
