"""Actions and decisions: small frozen values with stable text ids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One legal choice. `id` is stable and round-trips through records."""

    id: str
    label: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True, slots=True)
class Decision:
    """What one seat is being asked now."""

    seat: int
    kind: str
    prompt: str
    rule: str
    actions: tuple[Action, ...]
    #: several seats may answer now, in any order
    simultaneous: bool = False
    #: choose-then-reveal: the answer stays private until every seat asked has answered
    secret: bool = False

    def to_dict(self) -> dict[str, Any]:
        out = {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "rule": self.rule,
            "simultaneous": self.simultaneous,
            "actions": [a.to_dict() for a in self.actions],
        }
        if self.secret:
            out["secret"] = True
        return out
