"""Bot spec strings: `random,greedy:samples=4` — one bot per seat, cycled if fewer than seats.

Grammar: a comma list of bots; each bot is `name` or `name:key=value[:key=value...]`.
Parameters are validated against the bot's declared `params`; every error is a
ValueError naming the part of the spec that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardwright.engine import Rng

from .base import Bot, ParamValue
from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .ladder import level_bots
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    if not cls.name:
        raise ValueError(f"{cls.__name__} needs a name")
    BOTS[cls.name] = cls
    return cls


register_bot(RandomBot)
register_bot(GreedyBot)
register_bot(IsmctsBot)
for _level in level_bots():  # easy, normal, hard, expert (bots/ladder.py)
    register_bot(_level)


def known_bots() -> list[str]:
    return sorted(BOTS)


@dataclass(frozen=True)
class BotSpec:
    """One parsed, validated entry of a spec string."""

    name: str
    params: dict[str, ParamValue] = field(default_factory=dict)  # as given, validated

    @property
    def cls(self) -> type[Bot]:
        return BOTS[self.name]

    def build(self, seed: int) -> Bot:
        return self.cls(seed, **self.params)

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.params.items())])


def _unknown(name: str) -> ValueError:
    return ValueError(f"unknown bot '{name}' (known bots: {', '.join(known_bots())})")


def parse_one(text: str) -> BotSpec:
    """Parse `name` or `name:key=value:...`."""
    part = text.strip()
    if not part:
        raise ValueError("empty bot name in bot spec")
    name, *pairs = part.split(":")
    name = name.strip()
    if not name:
        raise ValueError(f"bot spec '{part}' has no bot name before ':'")
    if name not in BOTS:
        raise _unknown(name)
    raw: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise ValueError(f"bad parameter '{pair}' in bot spec '{part}' (expected name:key=value)")
        if key in raw:
            raise ValueError(f"parameter '{key}' given twice in bot spec '{part}'")
        raw[key] = value
    cls = BOTS[name]
    cls.validate_params(raw)  # raises ValueError naming the bot and parameter
    declared = {p.name: p for p in cls.params}
    return BotSpec(name, {k: declared[k].parse(v, name) for k, v in raw.items()})


def parse_bots(spec: str) -> list[BotSpec]:
    """Parse a whole comma list; at least one bot."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"empty bot spec (known bots: {', '.join(known_bots())})")
    out = []
    for i, part in enumerate(spec.split(",")):
        if not part.strip():
            raise ValueError(f"empty bot name at position {i + 1} of bot spec '{spec}'")
        out.append(parse_one(part))
    return out


def for_seats(spec: str | list[BotSpec], seats: list[int] | int) -> dict[int, BotSpec]:
    """Assign the spec's bots to the given seats in order, cycling if there are fewer bots."""
    specs = parse_bots(spec) if isinstance(spec, str) else spec
    if not specs:
        raise ValueError("empty bot spec")
    seat_list = list(range(seats)) if isinstance(seats, int) else list(seats)
    return {seat: specs[i % len(specs)] for i, seat in enumerate(seat_list)}


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` for a game started with `game_seed` (independent streams)."""
    return Rng(game_seed).fork(0xB07 + seat).next64()


def make_bots(
    spec: str | list[BotSpec], seats: list[int] | int, game_seed: int
) -> dict[int, Bot]:
    """Built, seeded bots for the given seats (a seat count means seats 0..n-1)."""
    return {seat: bs.build(bot_seed(game_seed, seat)) for seat, bs in for_seats(spec, seats).items()}
