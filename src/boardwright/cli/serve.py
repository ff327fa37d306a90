"""`boardwright serve`: the web app."""

from __future__ import annotations

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
) -> None:
    """The web app on http://HOST:PORT, storing games in --db (a SQLite file by default)."""
    from ..web import Settings
    from ..web import serve as run

    typer.echo(f"boardwright web app on http://{host}:{port}  (games stored in {_safe(db)})")
    run(host, port, db, access_log=access_log, settings=Settings(bot_delay=bot_delay))


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "the given database"
