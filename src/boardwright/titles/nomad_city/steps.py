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
Losable = Literal["orirock", "shard", "oriron", "gold", "pure", "points"]  # "lose 1 point →"

# What each kind a cost can name is. A "stock" is held in the personal supply and can only
# be paid while held; the "track" is the score track, which runs below zero (−2, −1, 0 …),
# so "lose 1 point →" is always payable, even at 0 points (§9.2, §18.6).
COST_KINDS: dict[str, Literal["stock", "track"]] = {
    "orirock": "stock", "shard": "stock", "oriron": "stock", "gold": "stock", "pure": "stock",
    "points": "track",
}


def must_hold(kind: str) -> bool:
    """Whether paying `kind` needs that much of it in hand (a stock, not the score track)."""
    return COST_KINDS[kind] == "stock"


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
    """Move `count` times; with `up_to` (Redeploy's icons) the player may stop earlier."""

    kind: Literal["move"]
    count: int = Field(ge=1)
    up_to: bool = False


class Replace(_Step):
    kind: Literal["replace"]
    count: int = Field(ge=1)


class BuildHub(_Step):
    kind: Literal["build_hub"]


class PayThen(_Step):
    kind: Literal["pay_then"]
    pay: dict[Losable, Annotated[int, Field(ge=1)]]
    then: list[Step]


# ---- the Corporation Module's icons (§15-§17) ----
class Advance(_Step):
    """Cooperation icon(s): choose 1 corporation and advance on it `count` times; with
    `trigger`, then trigger an unlocked effect of that same corporation (Mountain)."""

    kind: Literal["advance"]
    count: int = Field(default=1, ge=1)
    trigger: bool = False


class Trigger(_Step):
    """Corporation effect icon: trigger one of your unlocked corporation effects."""

    kind: Literal["trigger"]


class OthersGain(_Step):
    """Every other player gains (Fusen Bank level 3)."""

    kind: Literal["others_gain"]
    gold: int = Field(default=0, ge=0)
    points: int = Field(default=0, ge=0)


class OpponentLoses(_Step):
    """Choose 1 opponent: they lose points (Fusen Bank level 4)."""

    kind: Literal["opponent_loses"]
    points: int = Field(ge=1)


class PlaceOrRemove(_Step):
    """`count` times, in the order you like: place 1 influence or remove 1 (Blacksteel 4)."""

    kind: Literal["place_or_remove"]
    count: int = Field(ge=1)


class Corporate(_Step):
    """A corporation effect with its own rule text in code (see corp_effects.py)."""

    kind: Literal["build", "deck_build", "market_refresh", "solo_collect", "dispatch", "recall",
                  "department", "department_reward"]


Step = Annotated[Gain | Place | Move | Replace | BuildHub | PayThen | Advance | Trigger
                 | OthersGain | OpponentLoses | PlaceOrRemove | Corporate,
                 Field(discriminator="kind")]
PayThen.model_rebuild()

CORPORATE_TEXT = {
    "build": "build without using your main action",
    "deck_build": "look at 2 facilities of the deck and build one",
    "market_refresh": "renew the facility market, then build one of it for free",
    "solo_collect": "collect resources now, alone",
    "dispatch": "Operator Dispatch",
    "recall": "take back 1 character from your discard pile, discard your hand",
    "department": "replace Rhine Lab's active Department tile",
    "department_reward": "the active Department tile's reward",
}


def cost_words(cost: dict[str, int]) -> str:
    """'pay 3 Gold', 'lose 1 point', 'pay 1 Oriron, lose 1 point'."""
    paid = ", ".join(amount(n, k) for k, n in cost.items() if must_hold(k))
    lost = ", ".join(amount(n, k) for k, n in cost.items() if not must_hold(k))
    return ", ".join(x for x in (f"pay {paid}" if paid else "", f"lose {lost}" if lost else "")
                     if x) or "nothing"


# id of a record's step list -> (the list, its steps dumped): records are immutable
_DUMPED: dict[int, tuple[object, tuple[dict[str, Any], ...]]] = {}


def dumped(steps: list[Step]) -> list[dict[str, Any]]:
    """`[st.model_dump() for st in steps]` for a component record's steps, dumped once: the
    dicts are shared by every task made from them (a task's steps are read, never changed)."""
    hit = _DUMPED.get(id(steps))
    if hit is None or hit[0] is not steps:
        if len(_DUMPED) >= 4_096:
            _DUMPED.clear()
        hit = _DUMPED[id(steps)] = (steps, tuple(st.model_dump() for st in steps))  # keeps `steps`
    return list(hit[1])


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
            parts.append(f"{cost_words(step['pay'])} → {describe_raw(step['then'])}")
        elif kind == "build_hub":
            parts.append("build an Extension Hub for free")
        elif kind == "advance":
            times = "" if step.get("count", 1) == 1 else f" {step['count']} times"
            then = ", then trigger one of its effects" if step.get("trigger") else ""
            parts.append(f"advance on 1 corporation{times}{then}")
        elif kind == "trigger":
            parts.append("trigger a corporation effect")
        elif kind == "others_gain":
            got = [amount(n, k) for k, n in step.items() if k != "kind" and n]
            parts.append("each other player gains " + ", ".join(got))
        elif kind == "opponent_loses":
            parts.append(f"1 opponent loses {amount(step['points'], 'points')}")
        elif kind == "place_or_remove":
            parts.append(f"{step['count']} times: place or remove 1 influence")
        elif kind in CORPORATE_TEXT:
            parts.append(CORPORATE_TEXT[kind])
        elif kind == "move" and step.get("up_to"):
            parts.append(f"move up to {step['count']} influence")
        else:
            parts.append(f"{kind} {step['count']} influence")
    return "; ".join(parts) or "no effect"
