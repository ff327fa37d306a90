"""The layout of Martians' observation vector: the ids it is built on, where each field
lies (`layout()`, documented by `field_map()`) and the small helpers both encoders share
(`rl.encode_view` from a seat's view, `observation.encode_state` from the state).

It reads only the shipped data, so every process computes the same layout; lists are built
from sorted ids, never from sets.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Protocol

import numpy as np

from .content import RESOURCES, Content, load
from .excavation import hexes

MAX_CORPS = 4
MAX_FIELDS = 3
DEMAND = ("oxygen", "disease", "hunger", "birth_rate")
MODES = ("solo", "coop", "semi-coop", "competitive")
DECISION_KINDS = ("quarters", "hidden goal", "birth", "penalty", "colonist", "turn", "delivery",
                  "building", "expert", "excavation", "examination", "early end")


def _content() -> Content:
    return load()



# ------------------------------------------------------------------ the observation layout
class _Layout:
    def __init__(self) -> None:
        self.fields: list[tuple[str, int, int, str]] = []  # name, offset, length, meaning
        self.size = 0

    def add(self, name: str, n: int, doc: str) -> None:
        self.fields.append((name, self.size, n, doc))
        self.size += n

    def offsets(self) -> dict[str, int]:
        return {name: off for name, off, _, _ in self.fields}


@cache
def _ids() -> dict[str, tuple[str, ...]]:
    c = _content()
    return {
        "buildings": tuple(b.id for b in c.board.buildings),
        "installations": tuple(i.id for i in c.board.installations),
        "weather": tuple(sorted(c.weather)),
        "events": tuple(sorted(c.events)),
        "experts": tuple(sorted(c.experts)),
        "assistants": tuple(sorted(c.assistants)),
        "corp_tech": tuple(sorted(t.id for t in c.technologies.values() if t.kind == "corporation")),
        "colony_tech": tuple(sorted(t.id for t in c.technologies.values() if t.kind == "colony")),
        "crops": tuple(sorted(c.crops)),
        "research": tuple(sorted(c.research)),
        "commissions": tuple(sorted(c.commissions)),
        "goals": tuple(sorted(c.goals)),
        "hexes": hexes(c.excavation.radius),
        "tokens": tuple(sorted(t.id for t in c.excavation.tokens)),
        "minerals": ("blue", "red", "yellow"),
        "resources": RESOURCES,
    }


@cache
def layout() -> _Layout:
    n = _ids()
    k = MAX_CORPS
    lay = _Layout()
    lay.add("mode", len(MODES), f"one-hot mode: {', '.join(MODES)}")
    lay.add("players", 1, "players / 4")
    lay.add("time", 4, "cycle / 5, cycles / 5, round / 4, rounds / 4")
    lay.add("first", k, "relative slot of the corporation holding the first player marker (one-hot)")
    lay.add("rtg", 1, "energy in the RTG / 6")
    lay.add("supply", len(RESOURCES) - 1 + 4,
            "general supply / 10: " + ", ".join([*RESOURCES[:-1], "oxygen, disease, hunger, birth"]))
    lay.add("removed", len(RESOURCES) - 1, "markers removed from the game by research / 10")
    lay.add("weather", len(n["weather"]), "face-up weather card (one-hot): " + ", ".join(n["weather"]))
    lay.add("weather_top", len(n["weather"]), "top weather card if this seat saw it (Weather report)")
    lay.add("weather_deck", 1, "weather cards left / 9")
    lay.add("event", len(n["events"]), "active event (its token on the board), one-hot by sorted id")
    lay.add("events_played", 1, "events played / 20")
    lay.add("quarters", 4 * (4 + k + 1 + 2 * k),
            "per quarters Q1..Q4: oxygen, disease, hunger, birth-rate tokens / 4; owner's relative "
            "slot one-hot (4) or none (1); infirmary markers per relative slot (4); apartments "
            "markers per relative slot (4)")
    lay.add("birth_quarters", 4, "quarters chosen for the birth-rate tokens (one-hot)")
    lay.add("buildings", len(n["buildings"]) * (1 + MAX_FIELDS * (k + 2)),
            "per building (" + ", ".join(n["buildings"]) + "): built; per field (3): occupant's "
            "relative slot one-hot (4), unavailable, upgrade token")
    lay.add("installations", len(n["installations"]) * (1 + k),
            "per installation (" + ", ".join(n["installations"]) + "): built; markers per relative slot / 2")
    lay.add("excavation", len(n["hexes"]) * (3 + len(n["tokens"])),
            "per hex (top row first): machine here, removed, face down, face-up token kind one-hot ("
            + ", ".join(n["tokens"]) + ")")
    lay.add("center", len(n["experts"]) + len(n["assistants"]) + 2,
            "educational center: experts per kind, assistants per kind (counts / 2), expert and "
            "assistant deck sizes / 12")
    lay.add("research", 2 * len(n["research"]) + 1,
            "research tiles on the board (12), done (12), unused / 12")
    lay.add("regolith_deck", 2, "regolith deck / 18, regolith cards discarded / 18")
    lay.add("crop_supply", len(n["crops"]), "crop tiles in the supply per kind / 4")
    lay.add("colony_tech", len(n["colony_tech"]) * (k + 1),
            "per colony technology (" + ", ".join(n["colony_tech"]) + "): developed by relative slot; "
            "active for me")
    lay.add("commissions", 2 * len(n["commissions"]) + 1,
            "commissions open (24), done (24), deck / 24")
    lay.add("scenario", 4 + 3 * (1 + k),
            "scenario number (one-hot); per requirement (3): done, by relative slot")
    lay.add("conversion", 2, "reputation per food, per medicine delivered / 5")
    per_corp = (3 + 4 + 2 * len(n["experts"]) + len(n["assistants"]) + len(n["corp_tech"])
                + len(n["crops"]) + len(n["installations"]) + 3)
    lay.add("corporations", k * per_corp,
            "per relative slot (me first, then the others in seat order): present, mine, rtg used; "
            "action markers in hand / 3, colonists / 4, dead / 4, colonist tokens placed / 4; "
            "experts per kind (held, face up); assistants per kind; corporation technologies ("
            + ", ".join(n["corp_tech"]) + "); crop tile one-hot; installations per kind / 2; "
            "research done / 6, commissions done / 6, hidden goals held / 2")
    per_purse = 2 + len(RESOURCES) + 1 + 3
    lay.add("purses", k * per_purse,
            "per purse slot (shared modes: slot 0 only; otherwise the owner's relative slot): present, "
            "reputation / 30; resources / 10 (credits / 30); regolith cards / 6; minerals seen per "
            "colour / 6 (blue, red, yellow)")
    lay.add("turn", 3 + len(n["buildings"]),
            "the turn under way: mine, time left / 4, expert used; building entered (one-hot)")
    lay.add("decision", len(DECISION_KINDS), "kind of the decision this seat faces (one-hot): "
            + ", ".join(DECISION_KINDS))
    lay.add("my_goals", 2 * len(n["goals"]), "hidden goals: mine (12), offered to me now (12)")
    lay.add("over", 1, "the game is over")
    return lay


def field_map() -> str:
    """The Markdown table of the layout (docs/games/martians/observation.md)."""
    rows = ["| field | offset | length | meaning |", "| --- | --- | --- | --- |"]
    rows += [f"| {name} | {off} | {n} | {doc} |" for name, off, n, doc in layout().fields]
    return "\n".join(rows)


OBSERVATION_SIZE = layout().size


def _kind(card: str) -> str:
    return card.split("#")[0]


@cache
def _offsets() -> dict[str, int]:
    return layout().offsets()


@cache
def _slots() -> dict[str, dict[str, int]]:
    """Each id's position in its list (`_ids`), for one dict lookup per id."""
    return {k: {x: i for i, x in enumerate(v)} for k, v in _ids().items()}


_ZEROS = bytes(4 * OBSERVATION_SIZE)
#: 1/6 rounded to float32, as numpy adds it to a float32 slot (the sum of two float32
#: values is exact in a double, so rounding it once gives numpy's float32 sum)
_SIXTH = float(np.float32(1 / 6))
_SUPPLY = (*RESOURCES[:-1], "oxygen", "disease", "hunger", "birth")
_SCALE = tuple(30 if k == "credits" else 10 for k in RESOURCES)  # a purse's resources


class _Floats(Protocol):
    """Where the encoder writes single values: an array("f"), or a memoryview of one (an
    item written for about half the cost; both round to float32 alike)."""

    def __getitem__(self, i: int, /) -> float: ...

    def __setitem__(self, i: int, v: float, /) -> None: ...


def _turn(out: _Floats, turn: dict[str, Any], mine_corps: list[int]) -> None:
    """The turn under way (the state's `turn`, which the view shows as it is)."""
    o = _offsets()["turn"]
    if turn["corp"] in mine_corps:
        out[o] = 1
    out[o + 1] = turn["time"] / 4
    if turn["expert"]:
        out[o + 2] = 1
    if turn["building"]:
        out[o + 3 + _slots()["buildings"][turn["building"]]] = 1


def _two_lists(
    out: _Floats, o: int, slots: dict[str, int], first: Any, second: Any, left: float
) -> None:
    """A block of two one-hot lists over the same ids (on the board, done) and a count left."""
    for k in first:
        out[o + slots[k]] = 1
    for k in second:
        out[o + len(slots) + slots[k]] = 1
    out[o + 2 * len(slots)] = left
