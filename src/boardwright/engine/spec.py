"""GameSpec: a game's metadata and its factory for states."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .options import Option, OptionValue, option_sets, validate_options

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    player_counts: tuple[int, ...]
    options: tuple[Option, ...]
    state_cls: type[GameState]
    version: str = "1"
    rules_doc: str = ""
    notes: dict[str, str] = field(default_factory=dict)

    def validate(
        self, players: int, options: Mapping[str, Any] | None
    ) -> dict[str, OptionValue]:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, got {players!r}")
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.title} is played by {counts} players, not {players}")
        return validate_options(self.options, options)

    def new_game(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        data: str | None = None,
    ) -> GameState:
        """A new game; `data` names a data-pack folder overlaying the shipped components."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        chosen = self.validate(players, options)
        return self.state_cls.create(self, players, seed, chosen, data)

    def from_json(self, text: str | Mapping[str, Any]) -> GameState:
        data = json.loads(text) if isinstance(text, str) else dict(text)
        if data.get("game") != self.id:
            raise ValueError(f"this is a saved game of {data.get('game')!r}, not {self.id!r}")
        return self.state_cls.load(self, data)

    def option_sets(self) -> Iterator[dict[str, OptionValue]]:
        return option_sets(self.options)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "player_counts": list(self.player_counts),
            "options": [o.to_dict() for o in self.options],
            "version": self.version,
        }
