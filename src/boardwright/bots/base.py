"""The bot interface and its declared, validated parameters.

A bot chooses one legal action for one seat. It may use only the public surface of a
state (view, legal_actions, clone, apply, determinize, outcome), and its randomness
comes from its own seeded `Rng` stream, never from Python's global `random`.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from boardwright.engine import Action, GameState, Rng

ParamValue = bool | int | float | str

_TRUE = ("true", "1", "yes", "on")
_FALSE = ("false", "0", "no", "off")


@dataclass(frozen=True)
class Param:
    """One parameter a bot accepts in a spec string such as `greedy:samples=4`."""

    name: str
    default: ParamValue
    doc: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return type(self.default).__name__

    def _range(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f" from {self.minimum:g} to {self.maximum:g}"
        if self.minimum is not None:
            return f" of at least {self.minimum:g}"
        if self.maximum is not None:
            return f" of at most {self.maximum:g}"
        return ""

    def parse(self, value: Any, bot: str) -> ParamValue:
        """Validate a value (or its text form); ValueError names the bot and the parameter."""
        where = f"bot '{bot}' parameter '{self.name}'"
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _TRUE:
                return True
            if isinstance(value, str) and value.lower() in _FALSE:
                return False
            raise ValueError(f"{where} takes true or false, got {value!r}")
        number: int | float
        if isinstance(self.default, int):
            try:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError
                number = int(value)
            except (TypeError, ValueError):
                raise ValueError(f"{where} takes a whole number{self._range()}, got {value!r}") from None
        elif isinstance(self.default, float):
            try:
                if isinstance(value, bool):
                    raise ValueError
                number = float(value)
            except (TypeError, ValueError):
                raise ValueError(f"{where} takes a number{self._range()}, got {value!r}") from None
            if not math.isfinite(number):
                raise ValueError(f"{where} takes a finite number, got {value!r}")
        else:
            if not isinstance(value, str) or (self.choices and value not in self.choices):
                raise ValueError(f"{where} takes one of {list(self.choices)}, got {value!r}")
            return value
        if (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        ):
            what = "a whole number" if isinstance(number, int) else "a number"
            raise ValueError(f"{where} takes {what}{self._range()}, got {value!r}")
        return number


class Bot(ABC):
    """A seeded player. Subclasses set `name`, `params` and implement `choose`."""

    name: ClassVar[str] = ""
    doc: ClassVar[str] = ""
    params: ClassVar[tuple[Param, ...]] = ()

    def __init__(self, seed: int = 0, **params: Any) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.config: dict[str, ParamValue] = self.validate_params(params)
        self.given = frozenset(params)  # the parameters set explicitly (the rest are defaults)

    @classmethod
    def validate_params(cls, given: Mapping[str, Any]) -> dict[str, ParamValue]:
        declared = {p.name: p for p in cls.params}
        out: dict[str, ParamValue] = {p.name: p.default for p in cls.params}
        for key, value in given.items():
            if key not in declared:
                if declared:
                    known = ", ".join(declared)
                    raise ValueError(f"bot '{cls.name}' has no parameter '{key}' (its parameters: {known})")
                raise ValueError(f"bot '{cls.name}' takes no parameters, got '{key}'")
            out[key] = declared[key].parse(value, cls.name)
        return out

    @abstractmethod
    def choose(self, state: GameState, seat: int) -> Action:
        """One of `state.legal_actions(seat)`; the state itself is left unchanged."""

    def describe(self) -> str:
        """The spec string that builds this bot again: the parameters given explicitly or not
        at their default (a game may declare its own defaults for a bot, see `ismcts`)."""
        extra = [f"{p.name}={self.config[p.name]}" for p in self.params
                 if p.name in self.given or self.config[p.name] != p.default]
        return ":".join([self.name, *extra])

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()} seed={self.seed}>"

    @staticmethod
    def _legal(state: GameState, seat: int) -> list[Action]:
        if state.explicit_chance:
            # bots search by re-dealing hidden information (determinize), not through chance
            # nodes: a pending draw would leave them with no seat to act in their tree
            raise ValueError(
                "the bots play games created without explicit_chance (explicit chance is for "
                "OpenSpiel's algorithms); create the game with explicit_chance=False"
            )
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to decide now")
        return actions
