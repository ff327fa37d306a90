"""The small effect language of events, facility entry effects and City Style cards.

An effect is a list of steps resolved in order (§9.1); `pay_then` is a conditional
effect (§9.2): the player may decline the payment, and only a full payment unlocks
the steps after the arrow.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

RESOURCES = ("orirock", "shard", "oriron")
RESOURCE_NAMES = {"orirock": "Orirock", "shard": "Originium Shard", "oriron": "Oriron",
                  "gold": "Gold", "pure": "Pure Originium", "points": "points"}


def amount(n: int, kind: str) -> str:
    """'3 Oriron', '1 point', '2 points'."""
    return f"{n} {'point' if kind == 'points' and n == 1 else RESOURCE_NAMES[kind]}"


Resource = Literal["orirock", "shard", "oriron"]
Payable = Literal["orirock", "shard", "oriron", "gold", "pure"]


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Gain(_Step):
    kind: Literal["gain"]
    orirock: int = Field(default=0, ge=0)
    shard: int = Field(default=0, ge=0)
    oriron: int = Field(default=0, ge=0)
    gold: int = Field(default=0, ge=0)
    pure: int = Field(default=0, ge=0)
    points: int = Field(default=0, ge=0)


class Place(_Step):
    kind: Literal["place"]
    count: int = Field(ge=1)


class Move(_Step):
    kind: Literal["move"]
    count: int = Field(ge=1)


class Replace(_Step):
    kind: Literal["replace"]
    count: int = Field(ge=1)


class BuildHub(_Step):
    kind: Literal["build_hub"]


class PayThen(_Step):
    kind: Literal["pay_then"]
    pay: dict[Payable, Annotated[int, Field(ge=1)]]
    then: list[Step]


Step = Annotated[Gain | Place | Move | Replace | BuildHub | PayThen, Field(discriminator="kind")]
PayThen.model_rebuild()


def describe(steps: list[Step]) -> str:
    """A short text for logs and labels, e.g. 'gain 7 Gold' or 'pay 1 Oriron → gain 9 Gold'."""
    return describe_raw([s.model_dump() for s in steps])


def describe_raw(steps: list[dict[str, Any]]) -> str:
    """`describe` for steps kept as plain data in the task stack."""
    parts: list[str] = []
    for step in steps:
        kind = step["kind"]
        if kind == "gain":
            got = [amount(n, k) for k, n in step.items() if k != "kind" and n]
            parts.append("gain " + ", ".join(got))
        elif kind == "pay_then":
            cost = ", ".join(amount(n, k) for k, n in step["pay"].items())
            parts.append(f"pay {cost} → {describe_raw(step['then'])}")
        elif kind == "build_hub":
            parts.append("build an Extension Hub for free")
        else:
            parts.append(f"{kind} {step['count']} influence")
    return "; ".join(parts) or "no effect"
