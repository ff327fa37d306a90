"""Actions and decisions: small frozen values with stable text ids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One legal choice. `id` is stable and round-trips through records."""

    id: str
    label: str

    def __init__(self, id: str, label: str) -> None:
        # Frozen: set through the slots' descriptors, about twice as fast as the generated
        # __init__ (one object.__setattr__ call per field); search builds these at every step.
        _SET_ID(self, id)
        _SET_LABEL(self, label)

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

    def __init__(
        self, seat: int, kind: str, prompt: str, rule: str, actions: tuple[Action, ...],
        simultaneous: bool = False, secret: bool = False,
    ) -> None:
        # as Action's: the slots' descriptors instead of object.__setattr__ (same value)
        _SET_SEAT(self, seat)
        _SET_KIND(self, kind)
        _SET_PROMPT(self, prompt)
        _SET_RULE(self, rule)
        _SET_ACTIONS(self, actions)
        _SET_SIMULTANEOUS(self, simultaneous)
        _SET_SECRET(self, secret)

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


# The slots' setters used by the two __init__ above (the classes' final slots exist only
# once @dataclass has built them).
_SET_ID, _SET_LABEL = (getattr(Action, name).__set__ for name in ("id", "label"))
_SET_SEAT, _SET_KIND, _SET_PROMPT, _SET_RULE, _SET_ACTIONS, _SET_SIMULTANEOUS, _SET_SECRET = (
    getattr(Decision, name).__set__
    for name in ("seat", "kind", "prompt", "rule", "actions", "simultaneous", "secret")
)
