"""The Civilization cards: schema, loading, and the compact runtime table.

Rules live in code (effects.py, nation.py); which card does what lives in
data/cards.json. Each effect `kind` below is one rule the code implements.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from boardwright.engine.data import DataError, Record, describe_errors, overlay, shipped_text

ICONS = ("attack", "culture", "defense", "harvest", "industry", "science", "trade")
TYPES = ("Construction", "Government", "Knowledge", "Military", "Leader", "Wonder")
AGES = ("A", "S", "I", "II", "III", "IV", "V")
AGE_NUMBER = {"A": 0, "S": 0, "I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
ATTACK, CULTURE, DEFENSE, HARVEST, INDUSTRY, SCIENCE, TRADE = range(7)
CONSTRUCTION, GOVERNMENT, KNOWLEDGE, MILITARY, LEADER, WONDER = range(6)

Icon = Literal["attack", "culture", "defense", "harvest", "industry", "science", "trade"]
ICON_NAMES: tuple[Icon, ...] = ("attack", "culture", "defense", "harvest", "industry", "science", "trade")
CardType = Literal["Construction", "Government", "Knowledge", "Military", "Leader", "Wonder"]
Timing = Literal["none", "instant", "attack", "attack_all", "permanent", "turn_action", "end_game"]
Age = Literal["A", "S", "I", "II", "III", "IV", "V"]


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NoEffect(_Effect):
    kind: Literal["none"]


class EndsGame(_Effect):
    kind: Literal["ends_game"]


class Provide(_Effect):
    kind: Literal["provide"]
    icons: dict[Icon, int]


class ProvidePerCard(_Effect):
    kind: Literal["provide_per_card"]
    icon: Icon
    amount: int = Field(ge=1)
    per_type: CardType


class ProvidePerIcon(_Effect):
    kind: Literal["provide_per_icon"]
    icon: Icon
    amount: int = Field(ge=1)
    per_icon: Icon


class AttackTokens(_Effect):
    kind: Literal["attack_tokens"]
    amount: int = Field(ge=1)


class Pacifist(_Effect):
    kind: Literal["pacifist"]


class GainTopCard(_Effect):
    kind: Literal["gain_top_card"]
    remove_self: bool = False


class GainFromMarket(_Effect):
    kind: Literal["gain_from_market"]
    types: list[CardType] | None  # None: any type
    cost: int = Field(default=0, ge=0)
    remove_self: bool = False
    discard_top: CardType | None = None


class TokensPerIcon(_Effect):
    kind: Literal["tokens_per_icon"]
    per_icon: Icon
    amount: int = Field(ge=1)
    glossary_amount: int | None = None
    source: Literal["reserve", "supply"]


class TokensPerCard(_Effect):
    kind: Literal["tokens_per_card"]
    per_type: CardType
    amount: int = Field(ge=1)
    source: Literal["reserve", "supply"]


class ShareSupply(_Effect):
    kind: Literal["share_supply"]


class StealTokens(_Effect):
    kind: Literal["steal_tokens"]
    amount: int = Field(ge=1)


class DiscardTop(_Effect):
    kind: Literal["discard_top"]
    types: list[CardType] = Field(min_length=1)
    each: bool  # True: the top card of every listed type; False: the attacker picks one type


class DiscardWonder(_Effect):
    kind: Literal["discard_wonder"]


class CulturePerCard(_Effect):
    kind: Literal["culture_per_card"]
    per_type: CardType
    amount: int = Field(ge=1)


class CulturePerIcon(_Effect):
    kind: Literal["culture_per_icon"]
    per_icon: Icon
    icons_per_culture: int = Field(ge=1)


class CulturePerSet(_Effect):
    kind: Literal["culture_per_set"]
    types: list[CardType] = Field(min_length=1)
    amount: int = Field(ge=1)


class GrantIcons(_Effect):
    kind: Literal["grant_icons"]
    icons: dict[Icon, int]


Effect = Annotated[
    NoEffect | EndsGame | Provide | ProvidePerCard | ProvidePerIcon | AttackTokens | Pacifist
    | GainTopCard | GainFromMarket | TokensPerIcon | TokensPerCard | ShareSupply | StealTokens
    | DiscardTop | DiscardWonder | CulturePerCard | CulturePerIcon | CulturePerSet | GrantIcons,
    Field(discriminator="kind"),
]

# Which effect kinds each timing may carry: a card's data must agree with its timing.
TIMING_KINDS: dict[str, set[str]] = {
    "none": {"none", "ends_game"},
    "permanent": {"provide", "provide_per_card", "provide_per_icon", "attack_tokens", "pacifist"},
    "instant": {"gain_top_card", "gain_from_market", "tokens_per_icon", "tokens_per_card",
                "share_supply"},
    "attack": {"steal_tokens", "discard_top", "discard_wonder"},
    "attack_all": {"steal_tokens", "discard_top", "discard_wonder"},
    "turn_action": {"gain_top_card", "gain_from_market"},
    "end_game": {"culture_per_card", "culture_per_icon", "culture_per_set", "grant_icons"},
}


class CardRecord(Record):
    name: str
    age: Age
    type: CardType
    timing: Timing
    obsolete: bool = False
    effect: Effect
    stripe: dict[Icon, int]

    @model_validator(mode="after")
    def _consistent(self) -> CardRecord:
        if self.effect.kind not in TIMING_KINDS[self.timing]:
            raise ValueError(f"effect kind '{self.effect.kind}' does not go with timing '{self.timing}'")
        if any(n < 0 for n in self.stripe.values()):
            raise ValueError("stripe icon counts cannot be negative")
        if self.source == "stand-in" and not self.stand_in_fields:
            raise ValueError("a stand-in record must list its stand_in_fields")
        return self


class CardTypeRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: CardType
    investor_bonus: Literal["culture", "industry", "science"]
    source: Literal["rulebook", "stand-in"]
    note: str = ""


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_: Literal["flow-of-history/cards@1"] = Field(alias="schema")
    card_types: list[CardTypeRecord]
    cards: list[CardRecord]

    @model_validator(mode="after")
    def _complete(self) -> CardFile:
        ids = [c.id for c in self.cards]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"card ids used twice: {dupes}")
        if sorted(t.name for t in self.card_types) != sorted(TYPES):
            raise ValueError(f"card_types must name each of {list(TYPES)} once")
        for needed in ("the-future", "the-internet"):
            if needed not in ids:
                raise ValueError(f"the deck needs the card '{needed}'")
        return self


class Card(NamedTuple):
    """Runtime view of one card: indices instead of names, for the hot path."""

    num: int
    id: str
    name: str
    age: str
    age_number: int
    type: int
    timing: str
    obsolete: bool
    effect: Any
    stripe: tuple[int, ...]
    record: CardRecord


class CardSet(NamedTuple):
    cards: tuple[Card, ...]
    by_id: dict[str, int]
    investor_bonus: tuple[int, ...]  # icon index per type index
    file: CardFile


def parse_card_file(raw: dict[str, Any], filename: str = "cards.json") -> CardFile:
    try:
        return CardFile.model_validate(raw)
    except ValidationError as exc:
        raise DataError(list(describe_errors(filename, exc, raw))) from None


def _stripe(stripe: dict[Icon, int]) -> tuple[int, ...]:
    return tuple(stripe.get(icon, 0) for icon in ICON_NAMES)


def build(file: CardFile) -> CardSet:
    cards = tuple(
        Card(i, r.id, r.name, r.age, AGE_NUMBER[r.age], TYPES.index(r.type), r.timing, r.obsolete,
             r.effect, _stripe(r.stripe), r)
        for i, r in enumerate(file.cards)
    )
    bonus: dict[str, int] = {t.name: ICONS.index(t.investor_bonus) for t in file.card_types}
    return CardSet(cards, {c.id: c.num for c in cards}, tuple(bonus[t] for t in TYPES), file)


def raw_shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shipped_text(__package__ or __name__, "cards.json"))
    return data


def load(pack: str | None = None) -> CardSet:
    """The shipped cards, overlaid by a data pack folder's cards.json if given."""
    if pack is None:
        return _load(None, 0)
    pack_file = Path(pack) / "cards.json"
    # The file's change time is part of the cache key, so an edited pack is read again.
    return _load(str(pack_file), pack_file.stat().st_mtime_ns if pack_file.exists() else 0)


@lru_cache(maxsize=16)
def _load(pack_file: str | None, stamp: int) -> CardSet:
    raw = raw_shipped()
    filename = "cards.json"
    if pack_file is not None and Path(pack_file).exists():
        raw = overlay(raw, Path(pack_file), "cards")
        filename = pack_file
    return build(parse_card_file(raw, filename))
