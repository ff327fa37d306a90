"""Nomad City's RL hooks: the fixed action universe (`action_universe`, hook `rl_actions`) and
the observation encoder (this module, hook `rl_observation`: `OBSERVATION_SIZE`,
`encode_view`).

**Actions.** The universe is built from the player count and the shipped component data
only (the board side for that count, the facility deck with the module's cards, the
characters, corporations, City Styles and events), never from a game in progress, in one
fixed order, so every process numbers every action the same way. It holds every id any
decision can offer with that player count, with or without the Corporation Module (the
module's ids are always in it, so an index means the same with either option value). Ids
that carry a number have a bound: `sell:N` for N up to `SELL_MAX` (Cannot's Trade Channel
offers 0..held; nobody holds that many of one resource in practice), `first:I` for I below
`END_EFFECTS_MAX` (End Phase effects waiting at once), `put:N` up to Passenger's and
Dorothy's capacity, `take:N` up to Passenger's grab, `option:N` up to the most options an
event has.

**Observations.** A float32 vector with a fixed layout, the same size for every player
count and option; seats are relative to the observer (seat block 0 is the observing seat,
then the others in turn order: the next seat, and so on), so swapping two seats' holdings
swaps their blocks. Locations and sites are the union of both board sides, in file order
(4-player side first); a location that is not on the side in play stays zero. Every block
is a fixed range (no hashing). `fields()` and `seat_fields()` list every block as (name,
size); `field_map()` prints them as tables (docs/interfaces.md holds a copy).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Mapping
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations
from struct import Struct
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from .content import Content, load
from .corporations import TOP
from .explore import red_zone_open
from .operators import DOROTHY_MAX, GRAB_MAX, PASSENGER_MAX
from .scoring import CITY_WEIGHT
from .steps import RESOURCES
from .styles import placements

if TYPE_CHECKING:
    from .board import Board
    from .state import NomadState

MAX_SEATS = 4
SELL_MAX = 99
END_EFFECTS_MAX = 12
EVENT_COLOURS = ("green", "yellow", "red")
SIMPLE = ("decline", "done", "end", "pay", "stop", "catch", "dorothy", "mudrock", "gold", "move")
KINDS = (
    "amount",
    "build",
    "build_space",
    "character_selection",
    "city_target",
    "collection",
    "conditional",
    "corporation",
    "corporation_effect",
    "department",
    "dispatch",
    "dorothy",
    "end_order",
    "event_option",
    "explore_path",
    "explore_target",
    "facility",
    "facility_removal",
    "foresight",
    "highway",
    "markers",
    "move_influence",
    "opponent",
    "payment",
    "place_influence",
    "place_or_remove",
    "player",
    "recall",
    "remove_influence",
    "replace_influence",
    "resource_type",
    "return_to_box",
    "return_two",
    "sell",
    "starting_corporation",
    "starting_site",
    "toll_payee",
    "turn",
)


# ---------------------------------------------------------------- actions
def _cells(c: Content) -> list[str]:
    g = c.facilities.grid
    return [f"{r}.{col}" for r in range(g.rows) for col in range(g.columns)]


def _declarations(c: Content) -> list[str]:
    """Every `declare:STYLE:CELLS` a City board could ever offer: each style's placements on
    a board where every space holds a facility of every colour ('multi')."""
    g = c.facilities.grid
    anything = {(r, col): "multi" for r in range(g.rows) for col in range(g.columns)}
    out = []
    for sid, style in c.styles.items():
        for cells in placements(style, g.rows, g.columns, anything):
            out.append(f"declare:{sid}:" + "+".join(f"{r}.{col}" for r, col in cells))
    return out


@cache
def _universe(players: int) -> tuple[str, ...]:
    c = load()
    board = c.board(players)
    sites, routes, locs = list(board.sites), list(board.routes), list(board.locations)
    seats = [str(p) for p in range(players)]
    cards = [*c.facilities.deck, *c.facilities.module_deck]
    chars = list(c.characters)
    corps = [x.id for x in c.corporations.corporations]
    ids: list[str] = list(SIMPLE)
    ids += ["reveal:strategy", "reveal:tactic", "reveal:strategy+tactic", "reveal:tactic+strategy"]
    ids += [f"main:{m}" for m in ("deploy", "redeploy", "explore", "city", "build")]
    ids += [f"main:special:{sid}" for sid in c.styles]
    ids += _declarations(c)
    ids += [f"cell:{cell}" for cell in _cells(c)]
    ids += [f"build:{card}:{how}" for card in cards for how in ("res", "gold", "free")]
    ids += [f"{verb}:{card}" for verb in ("bottom", "take", "box", "remove") for card in cards]
    # the map
    ids += [f"site:{s}" for s in sites]
    ids += [f"{verb}:{s}" for verb in ("target", "city", "collect") for s in sites]
    ids += [f"route:{r}" for r in routes]
    ids += [f"toll:{r}:{p}" for r in routes for p in [*seats, "bank"]]
    ids += [f"{verb}:{loc}" for verb in ("place", "to", "from", "remove") for loc in locs]
    ids += ["place:none", "from:stop"]
    ids += [f"{verb}:{loc}:{p}" for verb in ("remove", "replace") for loc in locs for p in seats]
    # seats, numbers, resources
    ids += [f"{verb}:{p}" for verb in ("pay", "seat") for p in seats]
    most_options = max(len(e.options) for e in c.events.values())
    ids += [f"option:{i}" for i in range(1, most_options + 1)]
    ids += [f"type:{r}" for r in RESOURCES]
    ids += [f"sell:{n}" for n in range(SELL_MAX + 1)]
    ids += [f"put:{n}" for n in range(max(DOROTHY_MAX, PASSENGER_MAX) + 1)]
    ids += [f"take:{n}" for n in range(GRAB_MAX + 1)]
    ids += [f"first:{i}" for i in range(END_EFFECTS_MAX)]
    ids += ["markers:none"] + [
        "markers:" + "+".join(way) for m in (1, 2) for way in combinations_with_replacement(RESOURCES, m)
    ]
    # characters
    ids += [f"{verb}:{ch}" for verb in ("pick", "take", "recall") for ch in chars]
    ids += [f"box:{where}:{ch}" for where in ("hand", "discard") for ch in chars]
    ids += [f"box:{a}+{b}" for a, b in combinations(sorted(chars), 2)]
    # the Corporation Module
    ids += [f"keep:{x}" for x in corps] + [f"keep:{a}+{b}" for a, b in permutations(corps, 2)]
    ids += [f"corp:{x}" for x in corps]
    ids += [f"effect:{x}:{n}" for x in corps for n in range(1, TOP + 1)]
    ids += [f"dept:{t.id}" for t in c.corporations.departments]
    seen: set[str] = set()
    out = []
    for a in ids:
        if a not in seen:
            seen.add(a)
            out.append(a)
    return tuple(out)


def action_universe(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every action id a game with this player count can offer, whatever the options."""
    return list(_universe(players))


# ---------------------------------------------------------------- observations
@cache
def _ids() -> dict[str, tuple[str, ...]]:
    c = load()
    b4, b3 = c.board(4), c.board(3)
    locations = tuple(dict.fromkeys([*b4.locations, *b3.locations]))
    sites = tuple(dict.fromkeys([*b4.sites, *b3.sites]))
    routes = tuple(dict.fromkeys([*b4.routes, *b3.routes]))
    return {
        "locations": locations,
        "sites": sites,
        "routes": routes,
        "regions": tuple(dict.fromkeys([*b4.regions, *b3.regions])),
        "facilities": tuple(c.facilities.types),
        "characters": tuple(c.characters),
        "corporations": tuple(x.id for x in c.corporations.corporations),
        "departments": tuple(t.id for t in c.corporations.departments),
        "styles": tuple(c.styles),
        "events": tuple(c.events),
        "cells": tuple(_cells(c)),
    }


def seat_fields() -> list[tuple[str, int]]:
    """One seat's block: (name, size)."""
    ids = _ids()
    n_ch, n_co, n_cells = len(ids["characters"]), len(ids["corporations"]), len(ids["cells"])
    return [
        ("seat present", 1),
        ("mobile city's site (one-hot over sites)", len(ids["sites"])),
        ("gold / 20, pure originium / 5, points / 50", 3),
        ("resources orirock, shard, oriron / 10", len(RESOURCES)),
        ("markers in supply / 20", 1),
        (
            f"city board: facility type on each of {n_cells} spaces (one-hot per space)",
            n_cells * len(ids["facilities"]),
        ),
        ("city board spaces used for City Styles", n_cells),
        ("hand size / 5", 1),
        ("discard pile (character counts)", n_ch),
        ("has a face-down character, it is revealed", 2),
        ("revealed character (one-hot)", n_ch),
        ("End Phase effects waiting / 4", 1),
        ("starting corporations", n_co),
        ("characters returned to the box face up", n_ch),
        ("characters returned unseen / 2", 1),
        ("characters in play (persistent), their markers / 5", 2 * n_ch),
        ("facilities under Closure / 2", 1),
        ("level on each corporation / 5", n_co),
        (
            "City Styles: declarations / 3, specials left / 2 (unlimited = 1), special used",
            3 * len(ids["styles"]),
        ),
        ("region strength / 10", len(ids["regions"])),
        ("influence on each location / 3", len(ids["locations"])),
    ]


def fields() -> list[tuple[str, int]]:
    """The observation's blocks in order: (name, size)."""
    ids = _ids()
    n_sites, n_fac, n_ch = len(ids["sites"]), len(ids["facilities"]), len(ids["characters"])
    seat = sum(n for _, n in seat_fields())
    return [
        ("player count (2, 3, 4: one-hot)", 3),
        ("round / 8", 1),
        ("first player (relative seat, one-hot)", MAX_SEATS),
        ("Red Zone open, Corporation Module in play", 2),
        ("the observer is to act", 1),
        ("the observer's decision kind (one-hot)", len(KINDS)),
        ("highways (one per route)", len(ids["routes"])),
        ("explored sites: explored, marker orirock/shard/oriron, amount / 3", 5 * n_sites),
        ("event decks green, yellow, red / 10", len(EVENT_COLOURS)),
        ("events in the box", len(ids["events"])),
        ("facility market (type counts / 2)", n_fac),
        ("facility deck / 44, known bottom (type counts / 2)", 1 + n_fac),
        ("facilities in the box (type counts / 2)", n_fac),
        ("Extension Hubs left / 3", 1),
        ("City Styles in play", len(ids["styles"])),
        ("bank: gold / 100, gold substitutes / 10, pure / 30, pure substitutes / 10", 4),
        (
            "corporations in play, Rhine Lab department (one-hot), operator deck / 8",
            len(ids["corporations"]) + len(ids["departments"]) + 1,
        ),
        ("the observer's collection: done, budget / 20, tolls paid / 4", 3),
        ("the observer's collection: collected sites, sites in free reach", 2 * n_sites),
        ("the observer's hand (characters), face-down character (one-hot)", 2 * n_ch),
        ("the observer's characters returned unseen, corporations put back", n_ch + len(ids["corporations"])),
        (f"seats ({MAX_SEATS} x {seat}), the observer first then turn order", MAX_SEATS * seat),
    ]


def observation_size() -> int:
    return sum(n for _, n in fields())


OBSERVATION_SIZE = observation_size()


def _offsets(rows: list[tuple[str, int]]) -> list[int]:
    out, pos = [], 0
    for _, n in rows:
        out.append(pos)
        pos += n
    return out


@cache
def _layout() -> tuple[list[int], list[int], int, dict[str, dict[str, int]]]:
    ids = _ids()
    ix = {k: {x: i for i, x in enumerate(v)} for k, v in ids.items()}
    return _offsets(fields()), _offsets(seat_fields()), sum(n for _, n in seat_fields()), ix


def _type(card: str) -> str:
    return card.partition("#")[0]


def encode_view(view: dict[str, Any]) -> np.ndarray:
    """A fixed-size float32 vector of one seat's view (see `fields` and `seat_fields`)."""
    at, st, seat_size, ix = _layout()
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    seats = view["players"]
    players = len(seats)
    me = int(view.get("seat") or 0)

    def rel(seat: int) -> int:
        return (int(seat) - me) % players

    n_ch = len(ix["characters"])
    n_co = len(ix["corporations"])
    n_fac = len(ix["facilities"])
    out[at[0] + min(max(players - 2, 0), 2)] = 1.0
    out[at[1]] = view["round"] / 8
    out[at[2] + rel(view["first_player"])] = 1.0
    out[at[3]] = 1.0 if view.get("red_zone_open") else 0.0
    module = "corporations" in view
    out[at[3] + 1] = 1.0 if module else 0.0
    out[at[4]] = 1.0 if me in view.get("to_act", ()) else 0.0
    decision = view.get("decision")
    if decision and decision.get("kind") in KINDS:
        out[at[5] + KINDS.index(decision["kind"])] = 1.0
    for route in view.get("highways", ()):
        out[at[6] + ix["routes"][route]] = 1.0
    for site, marker in view["resource_markers"].items():
        base = at[7] + 5 * ix["sites"][site]
        out[base] = 1.0
        kind = marker.get("resource")
        if kind in RESOURCES:
            out[base + 1 + RESOURCES.index(kind)] = 1.0
        out[base + 4] = float(marker.get("amount", 0)) / 3
    for i, colour in enumerate(EVENT_COLOURS):
        out[at[8] + i] = view["event_decks"].get(colour, 0) / 10
    for event in view["event_box"]:
        out[at[9] + ix["events"][event]] = 1.0
    for fac in view["facility_market"]:
        out[at[10] + ix["facilities"][_type(fac["card"])]] += 0.5
    out[at[11]] = view["facility_deck"] / 44
    for card in view["facility_deck_known_bottom"]:
        out[at[11] + 1 + ix["facilities"][_type(card)]] += 0.5
    for card in view["facilities_in_box"]:
        out[at[12] + ix["facilities"][_type(card)]] += 0.5
    out[at[13]] = view["extension_hubs_left"] / 3
    styles = view["city_styles"]
    for sid in styles:
        out[at[14] + ix["styles"][sid]] = 1.0
    bank = view["bank"]
    out[at[15] : at[15] + 4] = (
        bank["gold"] / 100,
        bank["gold_substitutes"] / 10,
        bank["pure_originium"] / 30,
        bank["pure_substitutes"] / 10,
    )
    corps = view.get("corporations") or {}
    for cid in corps:
        out[at[16] + ix["corporations"][cid]] = 1.0
    dept = view.get("rhine_lab_department")
    if dept:
        out[at[16] + n_co + ix["departments"][dept]] = 1.0
    out[at[16] + n_co + len(ix["departments"])] = view.get("operator_deck", 0) / 8
    collection = view["collection"][me] if me < len(view["collection"]) else {}
    if collection:
        out[at[17]] = 1.0 if collection.get("done") else 0.0
        out[at[17] + 1] = collection.get("budget", 0) / 20
        out[at[17] + 2] = len(collection.get("tolls", ())) / 4
        n_sites = len(ix["sites"])
        for site in collection.get("collected", ()):
            out[at[18] + ix["sites"][site]] = 1.0
        for site in collection.get("reach", ()):
            out[at[18] + n_sites + ix["sites"][site]] = 1.0
    mine = seats[me] if me < players else {}
    for ch in mine.get("hand", ()):
        out[at[19] + ix["characters"][ch]] += 1.0
    if mine.get("face_down"):
        out[at[19] + n_ch + ix["characters"][mine["face_down"]]] = 1.0
    for ch in mine.get("returned_unseen_cards", ()):
        out[at[20] + ix["characters"][ch]] += 1.0
    for cid in mine.get("corporations_put_back", ()):
        out[at[20] + n_ch + ix["corporations"][cid]] = 1.0
    # per-seat blocks
    cells = ix["cells"]
    strength = view["region_strength"]
    influence = view["influence"]
    for p, entry in enumerate(seats):
        k = rel(p)
        base = at[21] + k * seat_size
        b = [base + x for x in st]
        out[b[0]] = 1.0
        if entry.get("city"):
            out[b[1] + ix["sites"][entry["city"]]] = 1.0
        out[b[2]] = entry["gold"] / 20
        out[b[2] + 1] = entry["pure_originium"] / 5
        out[b[2] + 2] = entry["points"] / 50
        for i, r in enumerate(RESOURCES):
            out[b[3] + i] = entry["resources"].get(r, 0) / 10
        out[b[4]] = entry["markers_in_supply"] / 20
        for cell, card in entry["city_board"].items():
            out[b[5] + cells[cell] * n_fac + ix["facilities"][_type(card)]] = 1.0
        for cell in entry["used_for_styles"]:
            out[b[6] + cells[cell]] = 1.0
        out[b[7]] = entry["hand_size"] / 5
        for ch in entry["discard"]:
            out[b[8] + ix["characters"][ch]] += 1.0
        out[b[9]] = 1.0 if entry.get("has_face_down") else 0.0
        revealed = entry.get("character_revealed")
        out[b[9] + 1] = 1.0 if revealed is not None else 0.0
        if revealed:
            out[b[10] + ix["characters"][revealed]] = 1.0
        out[b[11]] = len(entry.get("end_of_round_effects", ())) / 4
        for cid in entry.get("starting_corporations", ()):
            out[b[12] + ix["corporations"][cid]] = 1.0
        for ch in entry.get("returned_to_box", ()):
            out[b[13] + ix["characters"][ch]] += 1.0
        out[b[14]] = entry.get("returned_unseen", 0) / 2
        for ch, held in (entry.get("in_play") or {}).items():
            slot = ix["characters"].get(ch)
            if slot is None:
                continue
            out[b[15] + slot] = 1.0
            out[b[15] + n_ch + slot] = float(held.get("markers", 0) or 0) / 5
            if held.get("under"):
                out[b[16]] = len(held["under"]) / 2
        for cid, corp in corps.items():
            levels = corp["levels"]
            if p < len(levels):
                out[b[17] + ix["corporations"][cid]] = levels[p] / TOP
        for sid, by_seat in styles.items():
            got = by_seat.get(str(p))
            if got:
                j = b[18] + 3 * ix["styles"][sid]
                out[j] = got[0] / 3
                out[j + 1] = 1.0 if got[1] < 0 else got[1] / 2
                out[j + 2] = 1.0 if got[2] else 0.0
        for region, counts in strength.items():
            if p < len(counts):
                out[b[19] + ix["regions"][region]] = counts[p] / 10
    for loc, owners in influence.items():
        i = ix["locations"][loc]
        for owner in set(owners):
            out[at[21] + rel(owner) * seat_size + st[20] + i] = owners.count(owner) / 3
    return out


def field_map() -> str:
    """The observation layout as markdown tables."""
    out = []
    for title, rows in (("Blocks", fields()), ("Each seat block", seat_fields())):
        out += [f"### {title}", "", "| offset | size | field |", "| --- | --- | --- |"]
        pos = 0
        for name, n in rows:
            out.append(f"| {pos} | {n} | {name} |")
            pos += n
        out += [f"| {pos} | — | end |", ""]
    return "\n".join(out)


# ---------------------------------------------------------------- the same vector, fast
_ZEROS = bytes(4 * OBSERVATION_SIZE)


class _FacilitySlots(dict[str, int]):
    """Facility card id (`type#n`) -> its type's slot, filled on first sight."""

    def __missing__(self, card: str) -> int:
        slot = self[card] = _layout()[3]["facilities"][_type(card)]
        return slot


_FAC_SLOT = _FacilitySlots()


@cache
def _seat_slots() -> tuple[tuple[int, ...], ...]:
    """Per relative seat position k: where each field of its seat block starts."""
    at, st, seat_size, ix = _layout()
    # `_PACK_MONEY` writes gold/pure/points, resources and markers at once, and one slice the
    # region strengths and influence
    if st[3] != st[2] + 3 or st[4] != st[3] + len(RESOURCES) or st[20] != st[19] + len(ix["regions"]):
        raise AssertionError("seat_fields: the fields written together must be adjacent")
    return tuple(tuple(at[21] + k * seat_size + x for x in st) for k in range(MAX_SEATS))


_KIND_SLOT = {kind: i for i, kind in enumerate(KINDS)}
# gold, pure, points, resources, markers: seat_fields' blocks 2-4, adjacent (`_seat_slots`)
_PACK_MONEY = Struct(f"{3 + len(RESOURCES) + 1}f").pack_into
_PACK_3 = Struct("3f").pack_into  # the event decks' sizes
_PACK_4 = Struct("4f").pack_into  # the bank


@cache
def _template(players: int) -> bytes:
    """The vector's bytes before `encode_state` writes a state: zeros but what depends on the
    player count alone (its one-hot, each seat block's "present")."""
    at = _layout()[0]
    out = array("f", _ZEROS)
    out[at[0] + min(max(players - 2, 0), 2)] = 1.0
    for b in _seat_slots()[:players]:
        out[b[0]] = 1.0
    return out.tobytes()


_TEMPLATES: dict[int, array[float]] = {}  # players -> `_template` as an array, to copy
_F32 = np.dtype(np.float32)

_MEMO_LIMIT = 4096
_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


def _memoized(table: dict[_K, _V], key: _K, build: Callable[[_K], _V]) -> _V:
    """`table[key]`, built on a miss (the table is emptied when it holds `_MEMO_LIMIT`)."""
    hit = table.get(key)
    if hit is None:
        if len(table) >= _MEMO_LIMIT:
            table.clear()
        hit = table[key] = build(key)
    return hit


_EXPLORED: dict[tuple[tuple[str, str], ...], array[float]] = {}
_EVENT_BOX: dict[tuple[str, ...], array[float]] = {}
_GRIDS: dict[tuple[str, ...], array[float]] = {}
_FACILITIES: dict[tuple[tuple[str, ...], int, tuple[str, ...], tuple[str, ...]], array[float]] = {}
_SEAT_OF = {str(p): p for p in range(MAX_SEATS)}  # the City Style declarations' seat keys


class _Last:
    """The memoized blocks `encode_state` used last, each as (a copy of the state's parts it was
    built from, the block): equal parts, the same block (a data pack never comes here). Each
    pair is replaced whole, so a reader never sees one pair's parts with another's block."""

    def __init__(self) -> None:
        nothing = array("f")
        # The board's blocks also keep the state's `derived` dict they were last read with: the
        # rules replace it whenever the board changes, so while a state (or a clone) still holds
        # that very dict its board is the same, and the block is reused without a comparison.
        self.explored: tuple[object, dict[str, str] | None, array[float]] = (None, None, nothing)
        self.event_box: tuple[list[str] | None, array[float]] = (None, nothing)
        self.facilities: tuple[tuple[list[str], int, list[str], list[str]] | None, array[float]] = (
            None, nothing)
        # (derived, per seat: region strengths + influence): built again whenever the board
        # changes (a game seldom comes back to an earlier influence map)
        self.influence: tuple[object, list[array[float]]] = (None, [])
        # per seat (absolute): (its key in `encode_state`, lists copied; `_seat_block` of it)
        self.seats: list[tuple[tuple[Any, ...] | None, array[float]]] = [(None, nothing)] * MAX_SEATS


_LAST = _Last()


def _explored(explored: tuple[tuple[str, str], ...]) -> array[float]:
    """The explored sites' block (explored, marker kind, amount / 3) from (site, event) pairs."""
    at, _, _, ix = _layout()
    out = array("f", bytes(4 * (at[8] - at[7])))
    events = load().events
    for site, event in explored:
        base = 5 * ix["sites"][site]
        out[base] = 1.0
        marker = events[event].marker
        if marker.resource in RESOURCES:
            out[base + 1 + RESOURCES.index(marker.resource)] = 1.0
        out[base + 4] = float(marker.amount) / 3
    return out


def _event_box(box: tuple[str, ...]) -> array[float]:
    """The events in the box (one-hot)."""
    slots = _layout()[3]["events"]
    out = array("f", bytes(4 * len(slots)))
    for event in box:
        out[slots[event]] = 1.0
    return out


def _facilities(key: tuple[tuple[str, ...], int, tuple[str, ...], tuple[str, ...]]) -> array[float]:
    """The facility market, the deck's size and known bottom, the box (type counts / 2)."""
    at = _layout()[0]
    market, deck, bottom, box = key
    out = array("f", bytes(4 * (at[13] - at[10])))
    for card in market:
        out[_FAC_SLOT[card]] += 0.5
    base = at[11] - at[10]
    out[base] = deck / 44
    for card in bottom:
        out[base + 1 + _FAC_SLOT[card]] += 0.5
    for card in box:
        out[at[12] - at[10] + _FAC_SLOT[card]] += 0.5
    return out


def _grid(grid: tuple[str, ...]) -> array[float]:
    """A city board's facility type on each space (one-hot per space)."""
    ix = _layout()[3]
    n_fac = len(ix["facilities"])
    out = array("f", bytes(4 * len(ix["cells"]) * n_fac))
    for cell, card in enumerate(grid):
        if card:
            out[cell * n_fac + _FAC_SLOT[card]] = 1.0
    return out


_SEAT_ZEROS: array[float] = array("f")  # `_seat_block`'s zeros, to copy (filled on first use)


def _seat_block(key: tuple[Any, ...]) -> array[float]:
    """A seat block's base fields (mobile city's site through End Phase effects: `seat_fields`
    1-11, from `_seat_slots()[k][1]` to `[k][12]`) from `encode_state`'s per-seat key: site,
    gold, pure, points, markers in supply, hand size, face-down character, revealed, End
    Phase effects waiting, resources, city board, spaces used, discard. They depend on that
    seat alone, not on the observer; the Corporation Module's fields are written after."""
    _, st, _, ix = _layout()
    city, gold, pure, points, supply, hand_size, facedown, revealed, n_end, res, grid, used, discard = key
    first = st[1]
    zeros = _SEAT_ZEROS
    if not zeros:
        zeros.frombytes(bytes(4 * (st[12] - first)))
    out = zeros[:]
    i_chars = ix["characters"]
    if city:
        out[ix["sites"][city]] = 1.0
    orirock, shard, oriron = res
    _PACK_MONEY(out, (st[2] - first) * 4, gold / 20, pure / 5, points / 50,
                orirock / 10, shard / 10, oriron / 10, supply / 20)
    o = st[5] - first
    block = _memoized(_GRIDS, tuple(grid), _grid)
    out[o : o + len(block)] = block
    o = st[6] - first
    for cell in used:
        out[o + cell] = 1.0
    out[st[7] - first] = hand_size / 5
    o = st[8] - first
    for ch in discard:
        out[o + i_chars[ch]] += 1.0
    if facedown:
        out[st[9] - first] = 1.0
    if revealed:
        out[st[9] - first + 1] = 1.0
        if facedown:
            out[st[10] - first + i_chars[facedown]] = 1.0
    if n_end:
        out[st[11] - first] = n_end / 4
    return out


def _influence(s: NomadState) -> list[array[float]]:
    """Per seat (in seat order): its region strengths / 10, then its influence on each location
    / 3 (the seat block's last two fields, adjacent: `_seat_slots`). Zeros are left unwritten."""
    slots, n_regions, zeros = _board_slots(s.board)
    players = s.players
    out = [zeros[:] for _ in range(players)]  # copies of the zeros
    # `region_strength` counted into one flat list (seat-major: seat * n_regions + region slot)
    counts = [0] * (players * n_regions)
    for loc, owners in s.influence.items():
        if not owners:
            continue
        region, slot = slots[loc]
        if len(owners) == 1:
            owner = owners[0]
            counts[owner * n_regions + region] += 1
            out[owner][slot] = 1 / 3
            continue
        for owner in owners:
            counts[owner * n_regions + region] += 1
        for owner in set(owners):
            out[owner][slot] = owners.count(owner) / 3
    for seat, site in enumerate(s.city):
        if site:
            counts[seat * n_regions + slots[site][0]] += CITY_WEIGHT
    for i, count in enumerate(counts):  # seat-major: seat i // n_regions, region i % n_regions
        if count:
            out[i // n_regions][i % n_regions] = count / 10
    return out


_BOARD_SLOTS: dict[int, tuple[object, dict[str, tuple[int, int]], int, array[float]]] = {}


def _board_slots(board: Board) -> tuple[dict[str, tuple[int, int]], int, array[float]]:
    """Per board side: location -> (its region's slot, its influence slot) in a seat's last two
    fields (regions, then locations), the number of regions, and zeros for both fields."""
    hit = _BOARD_SLOTS.get(id(board))
    if hit is None or hit[0] is not board:
        ix = _layout()[3]
        i_regions, i_locs = ix["regions"], ix["locations"]
        n_regions = len(i_regions)
        slots = {loc: (i_regions[board.region_of[loc]], n_regions + i_locs[loc])
                 for loc in board.locations}
        if len(_BOARD_SLOTS) >= 16:
            _BOARD_SLOTS.clear()
        zeros = array("f", bytes(4 * (n_regions + len(i_locs))))
        hit = _BOARD_SLOTS[id(board)] = (board, slots, n_regions, zeros)  # keeps the board (its id)
    return hit[1], hit[2], hit[3]


def encode_state(state: NomadState, seat: int) -> np.ndarray:
    """`encode_view(state.view(seat))`, read from the state without building the view (a
    test checks both agree along random games of every setting)."""
    s = state
    if s.data_pack is not None:  # a data pack's ids may differ: take the view path
        return encode_view(s.view(seat, log=False))
    at, _, _, ix = _layout()
    players = s.players
    tpl = _TEMPLATES.get(players)
    if tpl is None:
        tpl = _TEMPLATES[players] = array("f", _template(players))
    out = tpl[:]  # a copy (a slice copies faster than an array made from the bytes)
    # single items are written through a memoryview of it (about half the cost of the
    # array's own item writes, which parse each float's format), slices by the array
    w: Any = memoryview(out)  # typed Any: typeshed knows only int items
    me = seat
    n_ch = len(ix["characters"])
    n_co = len(ix["corporations"])
    i_sites, i_chars, i_corps = ix["sites"], ix["characters"], ix["corporations"]
    w[at[1]] = s.round / 8
    w[at[2] + (s.first - me) % players] = 1.0
    w[at[3]] = 1.0 if red_zone_open(s) else 0.0
    module = bool(s.corps or s.corp_stack)
    w[at[3] + 1] = 1.0 if module else 0.0
    # None when the observer is not acting. The engine keeps the decisions of acting seats
    # only, and the observer's is usually kept (the rules keep the one they built): read it
    # without finding `to_act` again (with a chance event pending, ask as everyone does)
    kept = s._cache.get(me) if s._pending is None else None
    decision = kept[0] if kept is not None else s.decision(me)
    if decision is not None:
        w[at[4]] = 1.0
        kind = _KIND_SLOT.get(decision.kind)
        if kind is not None:
            w[at[5] + kind] = 1.0
    if module:
        for route in s.highways:
            w[at[6] + ix["routes"][route]] = 1.0
    # blocks that change only now and then, memoized by what they show (data pack: the view, above)
    # each block is first compared with the inputs it was last built from (a comparison in C,
    # no key built or hashed: most steps change none of them), then looked up in its memo
    last = _LAST
    board = s.derived
    seen = last.explored
    if board is not seen[0]:
        explored = s.explored
        if explored != seen[1]:
            seen = (board, explored.copy(), _memoized(_EXPLORED, tuple(explored.items()), _explored))
        else:
            seen = (board, seen[1], seen[2])
        last.explored = seen
    out[at[7] : at[8]] = seen[2]
    event_decks = s.event_decks
    deck_of = event_decks.get  # EVENT_COLOURS, written out (a generator costs more here)
    green, yellow, red = deck_of("green"), deck_of("yellow"), deck_of("red")
    _PACK_3(out, at[8] * 4, len(green) / 10 if green is not None else 0.0,
            len(yellow) / 10 if yellow is not None else 0.0, len(red) / 10 if red is not None else 0.0)
    box = s.event_box
    seen_box = last.event_box
    if box != seen_box[0]:
        seen_box = last.event_box = (box.copy(), _memoized(_EVENT_BOX, tuple(box), _event_box))
    out[at[9] : at[10]] = seen_box[1]
    deck = s.fac_deck
    facilities = (s.market, len(deck), deck[: min(s.fac_known, len(deck))], s.fac_box)
    seen_facilities = last.facilities
    if facilities != seen_facilities[0]:
        facilities_key = (tuple(s.market), facilities[1], tuple(facilities[2]), tuple(s.fac_box))
        seen_facilities = last.facilities = (
            (s.market.copy(), facilities[1], facilities[2], s.fac_box.copy()),
            _memoized(_FACILITIES, facilities_key, _facilities),
        )
    out[at[10] : at[13]] = seen_facilities[1]
    w[at[13]] = s.hubs / 3
    i_styles = ix["styles"]
    for sid in s.styles:
        w[at[14] + i_styles[sid]] = 1.0
    bank_gold, bank_pure = s.bank_gold, s.bank_pure
    # max(x, 0) / n and max(-x, 0) / n, without the calls (0 / n is 0.0 as well)
    if bank_gold > 0:
        gold_over, gold_under = bank_gold / 100, 0.0
    else:
        gold_over, gold_under = 0.0, -bank_gold / 10
    if bank_pure > 0:
        pure_over, pure_under = bank_pure / 30, 0.0
    else:
        pure_over, pure_under = 0.0, -bank_pure / 10
    _PACK_4(out, at[15] * 4, gold_over, gold_under, pure_over, pure_under)
    if module:
        for cid in s.corps:
            w[at[16] + i_corps[cid]] = 1.0
        if s.dept:
            w[at[16] + n_co + ix["departments"][s.dept]] = 1.0
        w[at[16] + n_co + len(ix["departments"])] = len(s.ops) / 8
    collection = s.collect[me] if me < len(s.collect) else {}
    if collection:
        w[at[17]] = 1.0 if collection.get("done") else 0.0
        w[at[17] + 1] = collection.get("budget", 0) / 20
        w[at[17] + 2] = len(collection.get("tolls", ())) / 4
        n_sites = len(i_sites)
        for site in collection.get("collected", ()):
            w[at[18] + i_sites[site]] = 1.0
        for site in collection.get("reach", ()):
            w[at[18] + n_sites + i_sites[site]] = 1.0
    for ch in s.hand[me]:
        w[at[19] + i_chars[ch]] += 1.0
    if s.facedown[me]:
        out[at[19] + n_ch + i_chars[s.facedown[me]]] = 1.0
    if module:
        for ch in s.boxed[me]:
            w[at[20] + i_chars[ch]] += 1.0
        for cid in s.corp_seen[me]:
            w[at[20] + n_ch + i_corps[cid]] = 1.0
    # region strengths and influence depend on the influence on the map and the cities' sites
    city = s.city
    seen_map = last.influence
    if board is not seen_map[0]:
        seen_map = last.influence = (board, _influence(s))
    influence_blocks = seen_map[1]
    last_seats = last.seats
    facedown, revealed = s.facedown, s.revealed
    gold, pure, points, res, supply = s.gold, s.pure, s.points, s.res, s.supply
    grids, used, hand, discard, end_effects = s.grid, s.used, s.hand, s.discard, s.end_effects
    styles = s.styles
    slots = _seat_slots()
    for p in range(players):
        b = slots[(p - me) % players]
        # the seat's base fields, reused while everything they show is equal: the key holds the
        # live lists, the kept key copies of them (so a list changed in place compares unequal)
        seat_key = (city[p], gold[p], pure[p], points[p], supply[p], len(hand[p]), facedown[p],
                    revealed[p], len(end_effects[p]), res[p], grids[p], used[p], discard[p])
        seen_seat = last_seats[p]
        if seat_key != seen_seat[0]:
            kept_key = (*seat_key[:9], res[p].copy(), grids[p].copy(), used[p].copy(), discard[p].copy())
            seen_seat = last_seats[p] = (kept_key, _seat_block(seat_key))
        out[b[1] : b[12]] = seen_seat[1]
        if module:
            for cid in s.starting[p]:
                w[b[12] + i_corps[cid]] = 1.0
            for ch in s.box[p]:
                w[b[13] + i_chars[ch]] += 1.0
            w[b[14]] = len(s.boxed[p]) / 2
            for ch, held in s.persist[p].items():
                slot = i_chars.get(ch)
                if slot is None:
                    continue
                w[b[15] + slot] = 1.0
                w[b[15] + n_ch + slot] = float(held.get("markers", 0) or 0) / 5
                if held.get("under"):
                    w[b[16]] = len(held["under"]) / 2
            for cid in s.corps:
                levels = s.coop.get(cid, [])
                if p < len(levels):
                    w[b[17] + i_corps[cid]] = levels[p] / TOP
        regions_and_influence = influence_blocks[p]
        out[b[19] : b[19] + len(regions_and_influence)] = regions_and_influence
    for sid, by_seat in styles.items():  # the City Styles' entries: only seats that declared
        if by_seat:
            first = 3 * i_styles[sid]
            for key, got in by_seat.items():
                if got:
                    j = slots[(_SEAT_OF[key] - me) % players][18] + first
                    w[j] = got[0] / 3
                    w[j + 1] = 1.0 if got[1] < 0 else got[1] / 2
                    if got[2]:
                        w[j + 2] = 1.0
    return np.frombuffer(out, _F32)  # a dtype object by position: numpy parses it fastest
