"""The web app: `boardwright serve` (FastAPI, SQLAlchemy storage, a static front end)."""

from .app import DEFAULT_DB, create_app, serve
from .hub import Settings

__all__ = ["DEFAULT_DB", "Settings", "create_app", "serve"]
