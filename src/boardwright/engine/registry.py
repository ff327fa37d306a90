"""The registered games; importing a game's package registers it.

A game is one folder under `titles/` plus its line in `_PACKAGES`. Titles outside the
package (a test title, a game in development) are added by naming their importable
packages, comma-separated, in the environment variable `BOARDWRIGHT_TITLES`.
"""

from __future__ import annotations

import importlib
import os

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


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def _load_all() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        extra = [n.strip() for n in os.environ.get("BOARDWRIGHT_TITLES", "").split(",") if n.strip()]
        for name in (*_PACKAGES, *extra):
            importlib.import_module(name)


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
