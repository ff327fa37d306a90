"""The registered games; importing a game's package registers it.

A game is one folder under `titles/` plus its line in `_PACKAGES`. Titles outside the
package (a test title, a game in development) are added by naming their importable
packages, comma-separated, in the environment variable `BOARDWRIGHT_TITLES`.
"""

from __future__ import annotations

import importlib
import os
import threading

from .errors import UnknownGame
from .spec import GameSpec

_GAMES: dict[str, GameSpec] = {}
_PACKAGES = (
    "boardwright.titles.flow_of_history",
    "boardwright.titles.nomad_city",
    "boardwright.titles.martians",
    "boardwright.titles.steamfall",
)
_loaded = False
_LOCK = threading.RLock()  # re-entrant: a title's import may call games()


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def _load_all() -> None:
    """Import every title once. Other threads wait until registration is complete: the
    flag is set only after the last import (a caller never sees a half-filled registry)."""
    global _loaded
    if _loaded:
        return
    with _LOCK:
        if _loaded:
            return
        extra = [n.strip() for n in os.environ.get("BOARDWRIGHT_TITLES", "").split(",") if n.strip()]
        for name in (*_PACKAGES, *extra):
            importlib.import_module(name)
        _loaded = True


def games() -> list[str]:
    _load_all()
    return list(_GAMES)


def game(game_id: str) -> GameSpec:
    _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(_GAMES)
        raise UnknownGame(f"no game called {game_id!r} (known games: {known})") from None
