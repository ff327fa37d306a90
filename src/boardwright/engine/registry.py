"""The registered games; importing a game's package registers it."""

from __future__ import annotations

import importlib

from .errors import UnknownGame
from .spec import GameSpec

_GAMES: dict[str, GameSpec] = {}
_PACKAGES = ("boardwright.titles.flow_of_history", "boardwright.titles.nomad_city")
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def _load_all() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in _PACKAGES:
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
