"""Declared game options: modes, variants, rule readings, each with a default."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: why only `choices` are allowed (e.g. a module not implemented yet); shown in errors
    limit_reason: str = ""

    @property
    def kind(self) -> str:
        return type(self.default).__name__

    def parse(self, value: Any) -> OptionValue:
        """Validate a value (or its text form from a command line); ValueError names the option.

        `choices` restrict every kind of option, booleans and numbers included.
        """
        parsed = self._parse(value)
        if self.choices and parsed not in self.choices:
            why = f": {self.limit_reason}" if self.limit_reason else ""
            raise ValueError(f"option '{self.name}' takes one of {list(self.choices)}, "
                             f"got {value!r}{why}")
        return parsed

    def _parse(self, value: Any) -> OptionValue:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            # the words `list` and the web form show, nothing else (no yes/on/1)
            if isinstance(value, str) and value.lower() == "true":
                return True
            if isinstance(value, str) and value.lower() == "false":
                return False
            raise ValueError(f"option '{self.name}' takes true or false, got {value!r}")
        if isinstance(self.default, int):
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise ValueError(f"option '{self.name}' takes a whole number, got {value!r}") from None
            if isinstance(value, bool) or (isinstance(value, float) and value != number):
                raise ValueError(f"option '{self.name}' takes a whole number, got {value!r}")
            if self.minimum is not None and number < self.minimum:
                raise ValueError(f"option '{self.name}' must be at least {self.minimum}, got {number}")
            if self.maximum is not None and number > self.maximum:
                raise ValueError(f"option '{self.name}' must be at most {self.maximum}, got {number}")
            return number
        if not isinstance(value, str):
            raise ValueError(f"option '{self.name}' takes one of {list(self.choices)}, got {value!r}")
        if self.choices and value not in self.choices:
            raise ValueError(f"option '{self.name}' takes one of {list(self.choices)}, got {value!r}")
        return value

    def values(self) -> tuple[OptionValue, ...]:
        """Every value worth testing: all choices, both booleans, or the default."""
        if self.choices:
            return self.choices
        if isinstance(self.default, bool):
            return (False, True)
        return (self.default,)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "default": self.default, "doc": self.doc}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        if self.limit_reason:
            d["limit_reason"] = self.limit_reason
        return d


def validate_options(
    declared: tuple[Option, ...], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    by_name = {o.name: o for o in declared}
    out: dict[str, OptionValue] = {o.name: o.default for o in declared}
    for name, value in (given or {}).items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"unknown option '{name}' (this game's options: {known})")
        out[name] = by_name[name].parse(value)
    return out


def option_sets(declared: tuple[Option, ...]) -> Iterator[dict[str, OptionValue]]:
    """Every combination of every option's testable values."""
    names = [o.name for o in declared]
    for combo in itertools.product(*(o.values() for o in declared)):
        yield dict(zip(names, combo, strict=True))
