"""`encode_state`: Martians' observation read from the state without building the view
(the same vector as `rl.encode_view(state.view(seat))`; tests check both agree along
random games of every mode).

One observation made for no seat in particular is kept between calls (below), so a
change is written once, whichever seats observe.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from .content import RESOURCES
from .observation_layout import (
    _SCALE,
    _SIXTH,
    _SUPPLY,
    _ZEROS,
    DECISION_KINDS,
    MAX_CORPS,
    MAX_FIELDS,
    MODES,
    OBSERVATION_SIZE,
    _Floats,
    _ids,
    _kind,
    _offsets,
    _slots,
    _two_lists,
)
from .setup import uses_commissions, uses_scenario

if TYPE_CHECKING:
    from .state import MartiansState


@cache
def _building_offsets() -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """Per building: its id, its block's offset and each field's offset."""
    o = _offsets()["buildings"]
    size = 1 + MAX_FIELDS * (MAX_CORPS + 2)
    return tuple((bid, o + i * size, tuple(o + i * size + 1 + f * (MAX_CORPS + 2) for f in range(MAX_FIELDS)))
                 for i, bid in enumerate(_ids()["buildings"]))


def _lists(x: list[list[Any]]) -> list[list[Any]]:
    return [v.copy() for v in x]


def _dict_lists(x: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: v.copy() for k, v in x.items()}


def _excavation(
    s: MartiansState, n: dict[str, tuple[str, ...]], ix: dict[str, dict[str, int]]
) -> array[float]:
    """The observation's excavation block (seat-independent)."""
    size = 3 + len(n["tokens"])
    i_hexes, i_tokens = ix["hexes"], ix["tokens"]
    out = array("f", bytes(4 * len(i_hexes) * size))
    for b in range(1, len(i_hexes) * size, size):
        out[b] = 1  # removed, unless a token lies there (below)
    if s.machine in i_hexes:
        out[i_hexes[s.machine] * size] = 1
    for h, t in s.tiles.items():
        at = i_hexes.get(h)
        if t and at is not None:
            b = at * size
            out[b + 1] = 0
            out[b + 3 + i_tokens[_kind(t)] if s.faceup[h] else b + 2] = 1
    return out


# ------------------------------------------------------------------ what is kept between encodings
# `encode_state` keeps one observation made for no seat in particular, the absolute one
# (`_Kept.out`): the corporations in their own order, as corporation 0 sees them, without
# what only a seat knows (which corporations are its own, the top weather card it looked at,
# its decision and hidden goals, its own minerals where each purse is its owner's). What
# each block is made of in the state (its inputs) is compared at every call with a copy
# taken at the last call, and a block whose inputs changed is written again there; so a
# change is written once, whichever seats observe. A seat's observation is the absolute one
# with the relative slots turned to that seat's first corporation (`_order`: one gather)
# and what only that seat knows written in.



_B_HEAD, _B_QUARTERS, _B_BUILDINGS, _B_CENTER, _B_MISC = range(5)
_N_BLOCKS = 5
#: board key (`board_key`) -> the excavation block
_EXCAVATION: dict[tuple[Any, ...], array[float]] = {}


class _Kept:
    """The absolute observation of the state last encoded in a game of this mode and size,
    with a copy of what each block was made of (None: not made yet)."""

    __slots__ = ("board", "building", "cards", "corp_numbers", "corps", "fields", "floats", "inputs",
                 "minerals", "mode", "out", "players", "purses", "seats", "shared", "slot", "supply",
                 "values")

    def __init__(self, s: MartiansState) -> None:
        self.mode, self.corps, self.players = s.mode, s.corps, s.players
        self.shared = s.mode in ("solo", "coop")  # one purse, seen by every seat
        self.out = array("f", _ZEROS)
        self.values = np.frombuffer(self.out, np.float32)
        self.floats = cast(_Floats, memoryview(self.out))  # (an item written here costs about half)
        self.inputs: list[Any] = [None] * _N_BLOCKS
        self.supply: list[Any] | None = None  # the supply's amounts, a copy of the removed markers
        self.board: list[Any] | None = None  # the last board as `board_key` reads it
        self.fields: dict[str, list[int]] | None = None  # a copy of the fields
        self.corp_numbers: list[tuple[Any, ...] | None] = [None] * MAX_CORPS  # each corporation's numbers
        self.cards: tuple[Any, ...] | None = None  # the corporations' experts to installations
        self.building = ""  # the building entered in the turn under way
        self.purses: list[tuple[int, list[int], list[str]] | None] = []  # a copy of each purse
        self.minerals: list[array[float]] = []  # each purse's minerals (where only its owner sees them)
        self.seats: dict[int, tuple[tuple[int, ...], int, np.ndarray | None, tuple[int, ...]]] = {}  # `_seat`
        ncorp = s.corps

        def slot(corp: int | None) -> int:
            return -1 if corp is None or corp < 0 else corp % ncorp

        self.slot = slot


_KEPT: list[_Kept | None] = [None]


def forget() -> None:
    """Drop what is kept between encodings (tests)."""
    _KEPT[0] = None


@cache
def _zeros() -> dict[str, array[float]]:
    """Zeros the size of each region written again as a whole."""
    off = _offsets()
    return {
        "first": array("f", bytes(4 * (off["rtg"] - off["mode"]))),
        "weather": array("f", bytes(4 * (off["weather_top"] - off["weather"]))),
        "events": array("f", bytes(4 * (off["quarters"] - off["weather_deck"]))),
        "quarters": array("f", bytes(4 * (off["buildings"] - off["quarters"]))),
        "buildings": array("f", bytes(4 * (off["excavation"] - off["buildings"]))),
        "center": array("f", bytes(4 * (off["corporations"] - off["center"]))),
        "occupants": array("f", bytes(4 * (MAX_CORPS + 1))),
        "minerals": array("f", bytes(4 * 3)),
    }


@cache
def _slot_runs() -> tuple[int, ...]:
    """Where each run of MAX_CORPS values indexed by relative slot starts (outside the
    corporations and purses blocks): the first player, the quarters' owner, infirmary and
    apartments, the fields' occupants, the installations' markers, who developed each colony
    technology, who met each scenario requirement."""
    off, n = _offsets(), _ids()
    runs = [off["first"]]
    for q in range(4):
        b = off["quarters"] + q * (4 + MAX_CORPS + 1 + 2 * MAX_CORPS)
        runs += [b + 4, b + 5 + MAX_CORPS, b + 5 + 2 * MAX_CORPS]
    for _, _, field_at in _building_offsets():
        runs += field_at
    runs += [off["installations"] + i * (1 + MAX_CORPS) + 1 for i in range(len(n["installations"]))]
    runs += [off["colony_tech"] + i * (MAX_CORPS + 1) for i in range(len(n["colony_tech"]))]
    runs += [off["scenario"] + 4 + r * (1 + MAX_CORPS) + 1 for r in range(3)]
    return tuple(runs)


@cache
def _order(me: int, ncorp: int, shared: bool) -> np.ndarray | None:
    """Where each value of the observation of a seat whose first corporation is `me` lies
    in the absolute one (None: in the same place)."""
    if me % ncorp == 0:
        return None
    src = list(range(OBSERVATION_SIZE))
    for run in _slot_runs():
        for r in range(ncorp):
            src[run + r] = run + (r + me) % ncorp
    off = _offsets()
    blocks = [(off["corporations"], _corp_size()[0])]
    if not shared:  # a purse per corporation, in its owner's slot
        blocks.append((off["purses"], _PER_PURSE))
    for o, size in blocks:
        for r in range(ncorp):
            c = (r + me) % ncorp
            src[o + r * size:o + (r + 1) * size] = range(o + c * size, o + (c + 1) * size)
    return np.array(src, dtype=np.intp)


def _seat(seat: int, mode: str, ncorp: int, shared: bool) -> tuple[tuple[int, ...], int, np.ndarray | None,
                                                                 tuple[int, ...]]:
    """The seat's corporations (`seat_of`: solo's seat 0 plays both, otherwise one each), the
    first of them, where its observation's values lie in the absolute one (`_order`) and the
    flags of its corporations in its observation."""
    if mode == "solo":
        mine = tuple(range(ncorp)) if seat == 0 else ()
    else:
        mine = (seat,) if 0 <= seat < ncorp else ()
    me = mine[0] if mine else 0
    o, per_corp = _offsets()["corporations"], _corp_size()[0]
    return mine, me, _order(me, ncorp, shared), tuple(o + (c - me) % ncorp * per_corp + 1 for c in mine)


def encode_state(s: MartiansState, seat: int) -> np.ndarray:
    """`encode_view(s.view(seat))`, read from the state without building the view (the same
    fields `views.view` shows; a test checks both agree along random games of every mode)."""
    if s.data_pack is not None:  # a data pack's ids may differ: take the view path
        from .rl import encode_view

        return encode_view(s.view(seat, log=False))
    kept = _KEPT[0]
    ncorp = s.corps
    mode = s.mode
    if kept is None or kept.mode != mode or kept.corps != ncorp or kept.players != s.players:
        kept = _KEPT[0] = _Kept(s)
    _absolute(s, kept)
    seen = kept.seats.get(seat)
    if seen is None:
        seen = kept.seats[seat] = _seat(seat, mode, ncorp, kept.shared)
    mine_corps, me, order, flags = seen
    out = kept.values.copy() if order is None else kept.values.take(order)
    # what only this seat knows
    for f in flags:  # its corporations'
        out[f] = 1
    off, ix = _OFF, _IX
    if seat in s.seen_top and s.weather_deck:
        out[off["weather_top"] + ix["weather"][_kind(s.weather_deck[-1])]] = 1
    if mode == "competitive":  # a colony technology counts for its developer only
        cycle = s.cycle
        for tech, who, when in s.colony_tech:
            if when < cycle and who in mine_corps:
                out[off["colony_tech"] + ix["colony_tech"][tech] * (MAX_CORPS + 1) + MAX_CORPS] = 1
    if kept.shared:
        if not 0 <= seat < s.players:  # (a seat outside the game sees no purse's cards)
            o = off["purses"] + _PER_PURSE - 3
            out[o:o + 3] = 0
    elif 0 <= seat < len(kept.minerals):
        o = off["purses"] + (seat - me) % ncorp * _PER_PURSE + _PER_PURSE - 3
        out[o:o + 3] = kept.minerals[seat]
    turn = s.turn
    if turn and turn["corp"] in mine_corps:
        out[off["turn"]] = 1
    dec = s.decision(seat)
    if dec is not None and dec.kind in DECISION_KINDS:
        out[off["decision"] + DECISION_KINDS.index(dec.kind)] = 1
    if s.goal_hand:
        o = off["my_goals"]
        for g in s.goals[seat]:
            out[o + ix["goals"][g]] = 1
        o += len(_IDS["goals"])
        for g in s.goal_hand[seat]:
            out[o + ix["goals"][g]] = 1
    return out


def _absolute(s: MartiansState, kept: _Kept) -> None:
    """Bring the absolute observation up to the state: every block whose inputs changed.
    Single values are written through `kept.floats`, runs of them into `kept.out`."""
    n, ix, off, z = _IDS, _IX, _OFF, _ZERO_RUNS
    out, w, inputs, slot = kept.out, kept.floats, kept.inputs, kept.slot
    ncorp = s.corps
    # the head (mode, time, first player, weather, events)
    head = (s.cycle, s.cycles, s.round, s.rounds, s.first, s.weather, len(s.weather_deck), s.event_active,
            len(s.events_out))
    if head != inputs[_B_HEAD]:
        inputs[_B_HEAD] = head
        out[off["mode"]:off["rtg"]] = z["first"]
        out[off["weather"]:off["weather_top"]] = z["weather"]
        out[off["weather_deck"]:off["quarters"]] = z["events"]
        _head(s, w, off, ix, slot)
    w[off["rtg"]] = s.rtg / 6  # (changes more often than the rest: written every time)
    # the general supply and the markers removed, compared as a list of the supply's amounts
    # (its markers are fixed at the setup, in a fixed order) and the removed markers
    supply, gone = s.supply, s.gone
    amounts = [*supply.values(), gone]
    if amounts != kept.supply:
        kept.supply = [*supply.values(), gone.copy()]
        o = off["supply"]
        for i, k in enumerate(_SUPPLY):
            w[o + i] = supply.get(k, 0) / 10
        o = off["removed"]
        for i, k in enumerate(RESOURCES[:-1]):
            w[o + i] = gone.get(k, 0) / 10
    # the quarters
    quarters = (s.quarters, s.owner, s.infirmary, s.apartments, s.birth_q)
    if quarters != inputs[_B_QUARTERS]:
        inputs[_B_QUARTERS] = (_lists(s.quarters), s.owner.copy(), _lists(s.infirmary), _lists(s.apartments),
                               s.birth_q)
        o = off["quarters"]
        out[o:off["buildings"]] = z["quarters"]
        _quarters(s, w, o, 0, ncorp, slot)
    _board(s, kept, n, ix, off, z)
    # the educational center, research, crop supply, colony technologies, commissions, scenario
    options = s.options
    center = (s.cycle, options.get("scenario"), options.get("solo_goal"), s.board_experts, s.board_assistants,
              len(s.expert_deck), len(s.assistant_deck), s.research_board, s.research_out,
              len(s.research_reserve), s.crop_supply, s.colony_tech, s.commissions_open, s.commissions_out,
              len(s.commission_deck), s.requirements_done)
    if center != inputs[_B_CENTER]:
        # the lists of lists here (colony technologies, requirements done) get new items
        # but never change one: a copy one level deep is enough
        inputs[_B_CENTER] = tuple(x.copy() if isinstance(x, list) else x for x in center)
        o = off["center"]
        out[o:off["corporations"]] = z["center"]
        _center(s, w, n, ix, off, [], slot)
        inputs[_B_MISC] = None  # (the regolith deck and the conversion were zeroed: written below)
    # the regolith deck and the conversion row: their own check, they change more often
    misc = (len(s.regolith_deck), len(s.regolith_out), s.round)
    if misc != inputs[_B_MISC]:
        inputs[_B_MISC] = misc
        o = off["regolith_deck"]
        w[o] = misc[0] / 18
        w[o + 1] = misc[1] / 18
        conversion = s.content.board.conversion
        row = conversion[max(1, min(s.round, len(conversion))) - 1]
        o = off["conversion"]
        w[o] = row.food / 5
        w[o + 1] = row.medicine / 5
    _corporations(s, kept, n, ix, off)
    _purses(s, kept, off)
    # the turn under way (but whether it is the seat's) and the end
    turn = s.turn
    o = off["turn"]
    if turn:
        w[o + 1] = turn["time"] / 4
        w[o + 2] = 1 if turn["expert"] else 0
        building = turn["building"]
    else:
        w[o + 1] = w[o + 2] = 0
        building = ""
    if building != kept.building:
        if kept.building:
            w[o + 3 + ix["buildings"][kept.building]] = 0
        if building:
            w[o + 3 + ix["buildings"][building]] = 1
        kept.building = building
    w[off["over"]] = 1 if s.finished else 0


def _board(s: MartiansState, kept: _Kept, n: dict[str, tuple[str, ...]], ix: dict[str, dict[str, int]],
           off: dict[str, int], z: dict[str, array[float]]) -> None:
    """The buildings, installations and excavation blocks."""
    out, w, inputs = kept.out, kept.floats, kept.inputs
    # the buildings and installations: written again when a building is built, an upgrade
    # token or an installation marker moves; otherwise only the fields of each building whose
    # fields changed (a colonist placed or taken back)
    fields = s.fields
    kept_fields = kept.fields
    structure = (s.unbuilt, s.upgrades, s.install)
    if structure != inputs[_B_BUILDINGS] or kept_fields is None \
            or (kept_fields != fields and kept_fields.keys() != fields.keys()):
        inputs[_B_BUILDINGS] = (s.unbuilt.copy(), _dict_lists(s.upgrades), _dict_lists(s.install))
        kept.fields = _dict_lists(fields)
        o = off["buildings"]
        out[o:off["excavation"]] = z["buildings"]
        _buildings(s, w, n, off, 0, s.corps, kept.slot)
    elif kept_fields != fields:
        ncorp = s.corps
        occupants = MAX_CORPS + 1  # occupant's slot one-hot, unavailable (the upgrade token stays)
        zeros = z["occupants"]
        for bid, _, field_at in _building_offsets():
            who_now = fields[bid]
            if kept_fields[bid] == who_now:
                continue
            kept_fields[bid] = who_now.copy()
            for fb in field_at:
                out[fb:fb + occupants] = zeros
            for fb, who in zip(field_at, who_now, strict=False):  # the first MAX_FIELDS fields
                if who >= 0:
                    w[fb + who % ncorp] = 1
                elif who == -2:
                    w[fb + MAX_CORPS] = 1
        if kept_fields != fields:  # a building outside the board's list (set by hand): kept as it is
            kept.fields = _dict_lists(fields)
    # the excavation board changes at a dig or a move only: its block is made once per board.
    # The board is compared as `board_key` reads it (the machine, then the fields' tokens and
    # face-up flags in their fixed order), a list of the values being cheaper to compare
    # than the dicts (whose comparison compares every value afresh, the same object too)
    board = [s.machine, *s.tiles.values(), *s.faceup.values()]
    if board != kept.board:
        bkey = tuple(board)
        made = _EXCAVATION.get(bkey)
        if made is None:
            if len(_EXCAVATION) >= 4096:
                _EXCAVATION.clear()
            made = _EXCAVATION[bkey] = _excavation(s, n, ix)
        kept.board = board
        o = off["excavation"]
        out[o:o + len(made)] = made


def _head(s: MartiansState, out: _Floats, off: dict[str, int], ix: dict[str, dict[str, int]],
          slot: Callable[[int | None], int]) -> None:
    """The mode, time, first player, weather and event blocks (the top weather card and the
    RTG are written on their own)."""
    mode = s.mode
    out[off["mode"] + MODES.index(mode)] = 1
    out[off["players"]] = s.players / 4
    o = off["time"]
    out[o] = s.cycle / 5
    out[o + 1] = s.cycles / 5
    out[o + 2] = s.round / 4
    out[o + 3] = s.rounds / 4
    out[off["first"] + slot(s.first)] = 1
    out[off["weather"] + ix["weather"][_kind(s.weather)]] = 1
    out[off["weather_deck"]] = len(s.weather_deck) / 9
    if s.event_active:
        out[off["event"] + ix["events"][s.event_active]] = 1
    out[off["events_played"]] = len(s.events_out) / 20


def _quarters(s: MartiansState, out: _Floats, o: int, me: int, ncorp: int,
              slot: Callable[[int | None], int]) -> None:
    for q in range(4):
        b = o + q * (4 + MAX_CORPS + 1 + 2 * MAX_CORPS)
        tokens = s.quarters[q]
        for i in range(4):
            out[b + i] = tokens[i] / 4
        owner = s.owner[q]
        out[b + 4 + ((owner - me) % ncorp if owner >= 0 else MAX_CORPS)] = 1
        for corp in s.infirmary[q]:
            out[b + 5 + MAX_CORPS + slot(corp)] += 1
        for corp in s.apartments[q]:
            out[b + 5 + 2 * MAX_CORPS + slot(corp)] += 1
    if s.birth_q >= 0:
        out[_offsets()["birth_quarters"] + s.birth_q] = 1


def _buildings(s: MartiansState, out: _Floats, n: dict[str, tuple[str, ...]], off: dict[str, int],
               me: int, ncorp: int, slot: Callable[[int | None], int]) -> None:
    unbuilt = s.unbuilt
    fields, all_upgrades = s.fields, s.upgrades
    for bid, b, field_at in _building_offsets():
        if bid not in unbuilt:
            out[b] = 1
        for fb, who in zip(field_at, fields[bid], strict=False):  # the first MAX_FIELDS fields
            if who >= 0:
                out[fb + (who - me) % ncorp] = 1
            elif who == -2:
                out[fb + MAX_CORPS] = 1
        for f in all_upgrades[bid]:
            if f < MAX_FIELDS:
                out[field_at[f] + MAX_CORPS + 1] = 1
    o = off["installations"]
    for i, iid in enumerate(n["installations"]):
        b = o + i * (1 + MAX_CORPS)
        if iid not in unbuilt:
            out[b] = 1
        for corp in s.install[iid]:
            out[b + 1 + slot(corp)] += 0.5


def _center(s: MartiansState, out: _Floats, n: dict[str, tuple[str, ...]], ix: dict[str, dict[str, int]],
            off: dict[str, int], mine_corps: list[int], slot: Callable[[int | None], int]) -> None:
    """The educational center, research, regolith deck, crop supply, colony technologies,
    commissions and scenario blocks."""
    c = s.content
    mode = s.mode
    o = off["center"]
    for card in s.board_experts:
        out[o + ix["experts"][_kind(card)]] += 0.5
    for card in s.board_assistants:
        out[o + len(n["experts"]) + ix["assistants"][_kind(card)]] += 0.5
    b = o + len(n["experts"]) + len(n["assistants"])
    out[b] = len(s.expert_deck) / 12
    out[b + 1] = len(s.assistant_deck) / 12
    reserve = len(s.research_reserve) / 12
    _two_lists(out, off["research"], ix["research"], s.research_board, s.research_out, reserve)
    out[off["regolith_deck"]] = len(s.regolith_deck) / 18
    out[off["regolith_deck"] + 1] = len(s.regolith_out) / 18
    for tile in s.crop_supply:
        out[off["crop_supply"] + ix["crops"][_kind(tile)]] += 0.25
    o = off["colony_tech"]
    for tech, who, when in s.colony_tech:
        b = o + ix["colony_tech"][tech] * (MAX_CORPS + 1)
        out[b + slot(who)] = 1
        if when < s.cycle and (mode != "competitive" or who in mine_corps):
            out[b + MAX_CORPS] = 1
    if uses_commissions(s):
        deck = len(s.commission_deck) / 24
        _two_lists(out, off["commissions"], ix["commissions"], s.commissions_open, s.commissions_out, deck)
    if uses_scenario(s):
        sc = c.scenarios[int(s.options["scenario"])]
        o = off["scenario"]
        out[o + sc.number - 1] = 1
        done = dict(s.requirements_done)
        for r, req in enumerate(sc.requirements[:3]):
            done_by = done.get(req.id)
            if done_by is not None:
                b = o + 4 + r * (1 + MAX_CORPS)
                out[b] = 1
                out[b + 1 + slot(done_by)] = 1




@cache
def _corp_size() -> tuple[int, int]:
    """A corporation block's size and the size of its part that changes seldom (experts,
    assistants, technologies, crop and installations)."""
    n = _ids()
    slow = (2 * len(n["experts"]) + len(n["assistants"]) + len(n["corp_tech"]) + len(n["crops"])
            + len(n["installations"]))
    return 3 + 4 + slow + 3, slow


# what the hot path reads, made once
_IDS, _IX, _OFF = _ids(), _slots(), _offsets()
_ZERO_RUNS = _zeros()
_CORP_SIZE = _corp_size()




def _corporations(s: MartiansState, kept: _Kept, n: dict[str, tuple[str, ...]], ix: dict[str, dict[str, int]],
                  off: dict[str, int]) -> None:
    """The corporations block, each corporation in its own slot, without the flag of the
    observer's own: a corporation's numbers written again when they changed, its experts,
    assistants, technologies, crop and installations (which change seldom) when those did."""
    ncorp = s.corps
    per_corp, slow = _CORP_SIZE
    held = [len(g) for g in s.goals] if s.goal_hand else []
    hand, colonists, dead, placed = s.hand, s.colonists, s.dead, s.placed
    rtg_used, stats = s.rtg_used, s.stats
    corp_numbers, out, w = kept.corp_numbers, kept.out, kept.floats
    o = off["corporations"]
    for corp in range(ncorp):
        corp_stats = stats[corp]
        numbers = (rtg_used[corp], hand[corp], colonists[corp], dead[corp], placed[corp],
                   corp_stats["research"], corp_stats["commissions"], held[corp] if corp < len(held) else -1)
        if numbers == corp_numbers[corp]:
            continue
        corp_numbers[corp] = numbers
        b = o + corp * per_corp
        w[b] = 1
        w[b + 2] = 1 if numbers[0] else 0
        w[b + 3] = numbers[1] / 3
        w[b + 4] = numbers[2] / 4
        w[b + 5] = numbers[3] / 4
        w[b + 6] = numbers[4] / 4
        e = b + 7 + slow
        w[e] = numbers[5] / 6
        w[e + 1] = numbers[6] / 6
        w[e + 2] = numbers[7] / 2 if corp < len(held) else 0
    experts, assistants, corp_tech, crop, install = s.experts, s.assistants, s.corp_tech, s.crop, s.install
    cards = (experts, assistants, corp_tech, crop, install)
    if cards == kept.cards:
        return
    kept.cards = ([_lists(x) for x in experts], _lists(assistants), _lists(corp_tech), crop.copy(),
                  _dict_lists(install))
    zeros = array("f", bytes(4 * slow))
    for corp in range(ncorp):
        e = o + corp * per_corp + 7
        out[e:e + slow] = zeros
        _corporation(s, corp, w, e, n, ix)


def _corporation(s: MartiansState, corp: int, out: _Floats, e: int, n: dict[str, tuple[str, ...]],
                 ix: dict[str, dict[str, int]]) -> None:
    """A corporation's experts, assistants, technologies, crop and installations from `e`."""
    n_experts, n_assistants = len(n["experts"]), len(n["assistants"])
    n_tech, n_crops = len(n["corp_tech"]), len(n["crops"])
    for card, up in s.experts[corp]:
        i = ix["experts"][_kind(card)]
        out[e + 2 * i] += 1
        if up:
            out[e + 2 * i + 1] += 1
    e += 2 * n_experts
    for a in s.assistants[corp]:
        out[e + ix["assistants"][_kind(a)]] += 1
    e += n_assistants
    for t in s.corp_tech[corp]:
        out[e + ix["corp_tech"][t]] = 1
    e += n_tech
    out[e + ix["crops"][_kind(s.crop[corp])]] = 1
    e += n_crops
    install = s.install
    for i, iid in enumerate(n["installations"]):
        markers = install.get(iid)
        if markers is not None:
            out[e + i] = markers.count(corp) / 2


_PER_PURSE = 2 + len(RESOURCES) + 1 + 3


def _minerals(s: MartiansState, cards: list[str]) -> array[float]:
    """A purse's regolith cards' minerals per colour / 6 (blue, red, yellow)."""
    c, i_minerals = s.content, _IX["minerals"]
    out = array("f", bytes(4 * 3))
    for x in cards:
        out[i_minerals[c.regolith[_kind(x)].mineral]] += _SIXTH
    return out


def _purses(s: MartiansState, kept: _Kept, off: dict[str, int]) -> None:
    """The purses block: one purse seen by every seat in the shared modes, else a purse per
    corporation in its slot with its minerals left out (`kept.minerals`: only its owner sees
    them). A purse is written again when its reputation, resources or cards changed."""
    reputation, res, regolith = s.reputation, s.res, s.regolith
    last = kept.purses
    if len(last) != len(res):
        last = kept.purses = [None] * len(res)
        kept.minerals = [_ZERO_RUNS["minerals"]] * len(res)
    shared = kept.shared
    out, w = kept.out, kept.floats
    o = off["purses"]
    changed = False
    for p, amounts in enumerate(res):
        cards = regolith[p]
        if not changed and last[p] == (reputation[p], amounts, cards):
            continue
        changed = shared  # (one slot for every purse: the later ones written again after it)
        last[p] = (reputation[p], amounts.copy(), cards.copy())
        b = o + (0 if shared else p * _PER_PURSE)
        w[b] = 1
        w[b + 1] = reputation[p] / 30
        for i, a in enumerate(amounts):
            w[b + 2 + i] = a / _SCALE[i]
        w[b + 2 + len(RESOURCES)] = len(cards) / 6
        minerals = _minerals(s, cards)
        if shared:
            out[b + _PER_PURSE - 3:b + _PER_PURSE] = minerals
        else:  # (written for the owner's seat only)
            kept.minerals[p] = minerals
