"""The difficulty ladder: `easy`, `normal`, `hard` and `expert`, bots named for players.

Each level is a bot of its own in every bot spec (`play --bots hard`, `simulate --bots
expert,normal`, the web app's seat picker). A level stands for a configured bot, the same
for every game unless the game declares its own through the `bot_levels` hook (a dict of
level -> bot spec, e.g. {"hard": "ismcts:seconds=0.5:rollout=greedy"}, or a function of the
game's options giving such a dict), since what plays well differs between games and between
the modes of one game (a co-operative team plans differently from a rival). The level's
bot is built the first time it meets a game and mode, with the level's seed, so a level
plays exactly as its spec would with that seed.

Why these defaults: `normal` is the one-step `greedy` bot (sound moves, no look-ahead);
`easy` is greedy that picks a random legal move a quarter of the time (a newcomer sees a
sensible opponent that slips); `hard` and `expert` search (ISMCTS) with half a second and
a second and a half a decision, under the 2-second limit a player waits. Where greedy is
itself a weak player (Martians, Crisis at Steamfall), the game moves it down to `easy` and
makes `normal` a small search. docs/bots.md has the round-robin figures that check each
step beats the one below; the level descriptions stay true for every game's ladder.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from boardwright.engine import Action, GameSpec, GameState

from .base import Bot

#: the rollout search a co-operative team plans whole turns with (docs/bots.md, co-operative
#: strength): every action played out to the end of its turn by the greedy policy on shared
#: deals; a game's team ladder adds a budget (`:seconds=0.5`)
TEAM_SEARCH = "ismcts:search=rollout:rollout=greedy:epsilon=0:unit=turn:depth=1"

LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("gentle: sensible moves that often miss the best, for a first game", "greedy:explore=0.25"),
    "normal": ("steady: sound moves with little look-ahead", "greedy"),
    "hard": ("thinks ahead: searches about half a second a move", "ismcts:seconds=0.5"),
    "expert": ("strongest: searches about one and a half seconds a move", "ismcts:seconds=1.5"),
}


def level_spec(level: str, spec: GameSpec, options: Mapping[str, Any] | None = None) -> str:
    """The bot spec `level` plays as in `spec`'s game with `options` (the game's settings;
    none: its defaults): the game's `bot_levels` hook, else the ladder's default. ValueError
    names a game whose hook is not a dict of known levels to a spec of one ordinary bot (or a
    function of the options giving one)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    declared: Any = spec.hook("bot_levels")
    if callable(declared):
        declared = declared(dict(options or {}))
    if declared is None:
        return LEVELS[level][1]
    if not isinstance(declared, Mapping):
        raise ValueError(f"{spec.id}: the bot_levels hook must name a dict, got {declared!r}")
    unknown = sorted(set(declared) - set(LEVELS))
    if unknown:
        known = ", ".join(LEVELS)
        raise ValueError(f"{spec.id}: bot_levels names unknown levels {unknown} (levels: {known})")
    text = declared.get(level, LEVELS[level][1])
    if not isinstance(text, str):
        raise ValueError(f"{spec.id}: bot_levels[{level!r}] must be a bot spec string, got {text!r}")
    return text


class LevelBot(Bot):
    """A ladder level: the bot its game's spec for the level builds, made on first use."""

    level: ClassVar[str] = ""

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self._inner: dict[tuple[str, str], Bot] = {}

    def inner(self, spec: GameSpec, options: Mapping[str, Any] | None = None) -> Bot:
        """The configured bot this level plays `spec`'s game with, in the mode `options` set."""
        text = level_spec(self.level, spec, options)
        bot = self._inner.get((spec.id, text))
        if bot is None:
            from .spec import parse_one

            parsed = parse_one(text)
            if issubclass(parsed.cls, LevelBot):
                raise ValueError(f"{spec.id}: bot_levels[{self.level!r}] names another level ({text!r})")
            bot = self._inner[spec.id, text] = parsed.build(self.seed)
        return bot

    def choose(self, state: GameState, seat: int) -> Action:
        return self.inner(state.spec, state.options).choose(state, seat)

    @property
    def last_iterations(self) -> int:
        """The last search's iterations, where the level searches (0 otherwise)."""
        return max((int(getattr(b, "last_iterations", 0)) for b in self._inner.values()), default=0)


def level_bots() -> list[type[LevelBot]]:
    """One bot class per level, in ladder order."""
    return [
        type(f"{level.capitalize()}Bot", (LevelBot,), {"name": level, "level": level, "doc": doc})
        for level, (doc, _spec) in LEVELS.items()
    ]
