"""GameSpec: a game's metadata and its factory for states."""

from __future__ import annotations

import importlib
import importlib.resources
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .hooks import ASSETS, HOOKS
from .options import Option, OptionValue, option_sets, validate_options

if TYPE_CHECKING:
    from .state import GameState

OUTCOME_KINDS = ("competitive", "cooperative", "semi-cooperative", "solo")
_HOOK_CACHE: dict[str, dict[str, Any]] = {}


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
    #: hook name -> "module:attr" (module relative to `package` when it starts with ".")
    hooks: Mapping[str, str] = field(default_factory=dict)
    #: asset name -> file path inside `package`
    assets: Mapping[str, str] = field(default_factory=dict)
    #: the title's package (for relative hooks and assets); defaults to the state class's
    package: str = ""
    #: the outcome kind when no `outcome_kind` hook says otherwise
    outcome_kind: str = "competitive"
    #: every random draw of the rules goes through `GameState.draw`/`shuffle`, so the game
    #: can be created with explicit chance nodes (engine/chance.py)
    explicit_chance: bool = False

    def __post_init__(self) -> None:
        for name in self.hooks:
            if name not in HOOKS:
                raise ValueError(f"{self.id}: unknown hook {name!r} (known: {', '.join(HOOKS)})")
        for name in self.assets:
            if name not in ASSETS:
                raise ValueError(f"{self.id}: unknown asset {name!r} (known: {', '.join(ASSETS)})")
        if self.outcome_kind not in OUTCOME_KINDS:
            raise ValueError(f"{self.id}: outcome_kind must be one of {OUTCOME_KINDS}")
        if not self.package:
            module = self.state_cls.__module__
            object.__setattr__(self, "package", module.rpartition(".")[0] or module)

    # ------------------------------------------------------------------ hooks
    def hook(self, name: str) -> Any:
        """The object a declared hook names, imported on first use; None when not declared."""
        if name not in HOOKS:
            raise KeyError(f"unknown hook {name!r}")
        cache = _HOOK_CACHE.setdefault(self.id, {})
        if name in cache:
            return cache[name]
        path = self.hooks.get(name)
        value: Any = None
        if path is not None:
            module, _, attr = path.partition(":")
            mod = importlib.import_module(module, self.package if module.startswith(".") else None)
            value = getattr(mod, attr) if attr else mod
        cache[name] = value
        return value

    def asset(self, name: str) -> str | None:
        """The text of a declared asset file of the title; None when not declared."""
        if name not in ASSETS:
            raise KeyError(f"unknown asset {name!r}")
        rel = self.assets.get(name)
        if rel is None:
            return None
        return importlib.resources.files(self.package).joinpath(rel).read_text(encoding="utf-8")

    def kind_of_outcome(self, players: int, options: Mapping[str, Any] | None = None) -> str:
        """The outcome kind of a game with these settings (see engine/outcome.py)."""
        fn = self.hook("outcome_kind")
        if fn is None:
            return self.outcome_kind
        kind = str(fn(players, self.validate(players, options)))
        if kind not in OUTCOME_KINDS:
            raise ValueError(f"{self.id}: outcome_kind hook returned {kind!r}")
        return kind

    def validate(
        self, players: int, options: Mapping[str, Any] | None
    ) -> dict[str, OptionValue]:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, got {players!r}")
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.title} is played by {counts} players, not {players}")
        check = self.hook("setup_check")
        given = dict(options or {})
        if check is not None:
            # options not given take the defaults that suit this player count (a solo mode at 1)
            base = self._suited_defaults(players, check)
            given = {**{k: v for k, v in base.items() if k not in given}, **given}
        chosen = validate_options(self.options, given)
        problem = check(players, chosen) if check is not None else None
        if problem:
            raise ValueError(f"{self.title} with {players} player(s): {problem}")
        return chosen

    def new_game(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        data: str | None = None,
        explicit_chance: bool = False,
    ) -> GameState:
        """A new game; `data` names a data-pack folder overlaying the shipped components.
        `explicit_chance`: each random draw is a chance node (engine/chance.py); a title
        whose rules draw through `draw`/`shuffle` only says so with `explicit_chance=True`
        on its spec, the others refuse it."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        chosen = self.validate(players, options)
        if explicit_chance and not self.explicit_chance:
            raise ValueError(f"{self.title} does not support explicit chance yet (its rules draw "
                             "from the generator directly)")
        return self.state_cls.create(self, players, seed, chosen, data, explicit_chance)

    def from_json(self, text: str | Mapping[str, Any]) -> GameState:
        data = json.loads(text) if isinstance(text, str) else dict(text)
        if data.get("game") != self.id:
            raise ValueError(f"this is a saved game of {data.get('game')!r}, not {self.id!r}")
        return self.state_cls.load(self, data)

    def option_sets(self, players: int | None = None) -> Iterator[dict[str, OptionValue]]:
        """Every combination of the options' testable values (playable with `players`, if given)."""
        check = self.hook("setup_check")
        for chosen in option_sets(self.options):
            if players is None or check is None or not check(players, chosen):
                yield chosen

    def default_options(self, players: int) -> dict[str, OptionValue]:
        """The declared defaults when they suit `players`, else the first option set that does."""
        check = self.hook("setup_check")
        if check is None:
            return {o.name: o.default for o in self.options}
        return self._suited_defaults(players, check)

    def _suited_defaults(self, players: int, check: Any) -> dict[str, OptionValue]:
        defaults = {o.name: o.default for o in self.options}
        if not check(players, defaults):
            return defaults
        # change as few options as possible: the first option set closest to the defaults
        best: dict[str, OptionValue] | None = None
        best_changes = len(defaults) + 1
        for chosen in option_sets(self.options):
            if not check(players, chosen):
                changes = sum(chosen[k] != v for k, v in defaults.items())
                if changes < best_changes:
                    best, best_changes = chosen, changes
        if best is None:
            return defaults  # validate() then names the problem
        return best

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "player_counts": list(self.player_counts),
            "options": [o.to_dict() for o in self.options],
            "version": self.version,
            "outcome_kind": self.outcome_kind,
        }
