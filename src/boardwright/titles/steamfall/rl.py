"""Steamfall's RL hooks: the fixed action universe (`action_universe`, hook `rl_actions`) and
the observation encoder (this module, hook `rl_observation`: `OBSERVATION_SIZE`, `encode_view`).

The universe is built from the player count and the shipped component data only (never from
a game in progress), in one fixed order, so every process computes the same list. It holds
every id any decision can offer with that player count, whatever the options.

The observation is a float32 vector with a fixed layout; seats are relative to the observer
(slot 0 is the observing seat, slot 1 the next seat in seat order, ...). `FIELDS` lists every
block as (name, size); docs/games/steamfall/rl.md is generated from it.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from functools import cache
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, Any

import numpy as np

from .board import build
from .content import Content, load
from .rounds import requirement
from .scenarios import ObservationBlock, every, of
from .schema import ACTIONS, Effect
from .state import _copy_player
from .trade import TRADABLE

if TYPE_CHECKING:
    from .state import SteamfallState

MAX_SEATS = 4
RES = ("scrap", "steam", "insight", "vp", "stamina")
TOKEN_KINDS = ("scrap", "steam", "workshop", "insight", "civilian")
DECKS = ("base", "addon", "relic", "civ", "loc", "event", "comp")


@cache
def n_areas(players: int) -> tuple[int, int]:
    """(districts, areas) of the map for this player count."""
    cells = load().layout(players)
    b = build([str(i) for i in range(len(cells))], [(r, c) for r, c, _ in cells], [[1, 1, 1, 1]] * len(cells))
    return b.n_districts, b.n_areas


def _dedupe(ids: list[str]) -> list[str]:
    seen: set[str] = set()
    return [a for a in ids if not (a in seen or seen.add(a))]  # type: ignore[func-returns-value]


def _cost_count(eff: Effect) -> int:
    if not eff.costs:
        return 1
    return sum(2 ** sum(1 for t in b if t.what == "cipher") for b in eff.costs)


def _card_ways(c: Content, eff: Effect) -> list[str]:
    """Every card-discard part of an fx id the effect's costs can produce."""
    out: set[str] = set()
    for bundle in eff.costs or [[]]:
        need: dict[str, int] = {}
        for t in bundle:
            if t.what in ("workshop", "relic"):
                need[t.what] = need.get(t.what, 0) + t.n
        ways: list[tuple[str, ...]] = [()]
        for deck in ("workshop", "relic"):
            n = need.get(deck, 0)
            if n:
                ids = sorted(i.id for i in c.comp.items if i.deck == deck)
                ways = [w + s for w in ways for s in combinations_with_replacement(ids, n)]
        out.update("+".join(w) or "-" for w in ways)
    return sorted(out)


def _conditions(c: Content, eff: Effect) -> list[str]:
    cond = eff.condition
    if cond is None:
        return ["-"]
    if cond.kind == "discard_civilian":
        return [v.id for v in c.comp.civilians]
    if cond.kind == "discard_civilian_keyword":
        return [v.id for v in c.comp.civilians if v.keyword == cond.arg]
    return ["ok"]


def _fx(c: Content, src: str, effects: list[Effect]) -> list[str]:
    out = []
    for idx, eff in enumerate(effects):
        for k in range(_cost_count(eff)):
            for g in range(max(1, len(eff.gains))):
                for cards in _card_ways(c, eff):
                    for cond in _conditions(c, eff):
                        out.append(f"fx:{src}:{idx}:{k}:{g}:{cards}:{cond}")
    return out


@cache
def _universe(players: int) -> tuple[str, ...]:
    c = load()
    n_d, n_a = n_areas(players)
    areas = range(n_a)
    slots = range(n_d, n_a)
    items = [i.id for i in c.comp.items]
    bases = [i.id for i in c.comp.items if i.kind == "base"]
    civs = [v.id for v in c.comp.civilians]
    ids: list[str] = ["end", "mood:reset"]
    ids += [f"col:{k}" for k in range(3)]
    ids += [f"move:{a}" for a in areas]
    ids += ["pick:scrap:1", "pick:scrap:2", "pick:steam:1", "pick:workshop:1"]
    ids += ["meet:charm", "meet:violence"]
    ids += [f"reveal:{a}" for a in slots]
    ids += ["tablet:" + "".join(p) for p in product("ai", repeat=3)]
    ids += [f"token:{t}:{k}" for t in c.tokens for k in range(4)]
    # effects of every source kind
    for d in c.comp.districts:
        ids += _fx(c, "d", d.effects)
    for e in c.comp.events:
        ids += _fx(c, "e", e.effects)
    for a in slots:
        for loc in c.comp.locations:
            ids += _fx(c, f"l{a}", loc.effects)
    for r in c.comp.ruins:
        ids += _fx(c, "r", [r.unexplored]) + _fx(c, "r", [r.explored])
    for ab in [*c.comp.abilities, *c.comp.crisis_abilities]:
        ids += _fx(c, f"a={ab.id}", ab.effects)
    for src, effects in _scenario_effects(c):
        ids += _fx(c, src, effects)
    for v in c.comp.civilians:
        ids += _fx(c, f"c={v.id}", [v.action])
    for it in c.comp.items:
        ids += _fx(c, f"i={it.id}", it.effects)
    for cx in c.comp.complications:
        ids += _fx(c, f"k={cx.id}", [cx.paid] if cx.paid is not None else [])
    # items: play, free play, charge, destroy / trash
    for it in c.comp.items:
        targets = ["-", *bases] if it.kind in ("addon", "module") else ["-"]
        for k in range(max(1, len(it.cost))):
            ids += [f"play:{it.id}:{k}:{t}" for t in targets]
        ids += [f"free:{it.id}:f:{t}" for t in targets]
    ids.append("free:none")
    for base in (i for i in c.comp.items if i.gauge > 0):
        for member in [base, *(m for m in c.comp.items if m.kind == "module")]:
            ids += [f"charge:{base.id}:{member.id}:{k}" for k in range(len(member.charge))]
    for it in c.comp.items:
        ids += [f"leave:{e.timing}:{it.id}" for e in it.effects if e.timing in ("destroy", "trash")]
    # Incredible Invention: completion, resolution, complication rewards, trading
    ids += ["complete:insight", "complete:steam"]
    ids += ["give:vp", "give:diamond", "give:diamonds", "give:insight", "give:steam", "done"]
    ids += [f"give:cube:{a}" for a in slots]
    ids += ["reward:completion", "reward:vp"]
    ids += [f"trade:{q}" for q in range(max(players, 2) if players == 1 else players)]
    ids += [f"offer:give:{r}" for r in TRADABLE] + [f"offer:give:{i}" for i in items]
    ids += [f"offer:ask:{r}" for r in TRADABLE] + ["offer:ask:card", "propose", "cancel", "accept", "decline"]
    ids += [f"hand:{i}" for i in items]
    # small decisions
    ids += ["deck:base", "deck:addon"]
    ids += [f"{verb}:{i}" for verb in ("discard", "trash", "keep", "power") for i in items]
    ids += [f"{verb}:{v}" for verb in ("quest", "release") for v in civs]
    ids += [f"to:{a}" for a in range(n_d)]
    ids += ["take:scrap", "take:steam", "take:workshop"]
    most = max(
        [len(e.gains) for e in _all_effects(c)] + [len(r.unexplored.gains) for r in c.comp.ruins] + [1]
    )
    ids += [f"gain:{g}" for g in range(most)]
    ids += [f"trigger:{g}" for g in range(most)] + ["trigger:no"]
    ids += [f"utilize:{g}" for g in range(most)] + ["utilize:no"]
    for rv in (0, 1):
        ids += [f"loc:{rv}:{cw}" for cw in ["-", "supply", *map(str, areas)]]
    ids += [f"char:{ch}" for ch in c.characters]
    ids += [f"tile:{d.id}" for d in c.comp.districts]
    for sc in every():
        ids += sc.rl_action_ids(c, players, areas, n_d)
    return tuple(_dedupe(ids))


def _scenario_effects(c: Content) -> list[tuple[str, list[Effect]]]:
    """The scenarios' own effects by source (`Scenario.rl_effects`), in the scenarios' order."""
    return [x for sc in every() for x in sc.rl_effects(c)]


def _all_effects(c: Content) -> list[Effect]:
    out: list[Effect] = []
    for d in c.comp.districts:
        out += d.effects
    for e in c.comp.events:
        out += e.effects
    for loc in c.comp.locations:
        out += loc.effects
    for ab in c.comp.abilities:
        out += ab.effects
    for it in c.comp.items:
        out += it.effects
    out += [v.action for v in c.comp.civilians]
    out += [r.explored for r in c.comp.ruins]
    for _src, effects in _scenario_effects(c):
        out += effects
    return out


def action_universe(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every action id a game with this player count can offer, in a fixed order."""
    return list(_universe(players))


# ---------------------------------------------------------------- observations
@cache
def _ids() -> dict[str, tuple[str, ...]]:
    c = load()
    return {
        "districts": tuple(d.id for d in c.comp.districts),
        "locations": tuple(s.id for s in c.comp.locations),
        "characters": tuple(c.characters),
        "items": tuple(i.id for i in c.comp.items),
        "civilians": tuple(v.id for v in c.comp.civilians),
        "complications": tuple(k.id for k in c.comp.complications),
    }


MAX_AREAS = 21  # 4 players: 9 districts and 12 secret-location slots


def area_fields() -> list[tuple[str, int]]:
    ids = _ids()
    return [
        ("kind: district, secret location", 2),
        ("district tile (one-hot)", len(ids["districts"])),
        ("tokens: scrap, steam, workshop, insight, civilian (count / 5)", len(TOKEN_KINDS)),
        ("influence cubes by relative seat", MAX_SEATS),
        ("standees by relative seat", MAX_SEATS),
        ("ruins, explored side, event, cipher tablet", 4),
        ("secret location: revealed, known to the observer, looked at by the observer", 3),
        ("secret location card when known (one-hot)", len(ids["locations"])),
    ]


def seat_fields() -> list[tuple[str, int]]:
    ids = _ids()
    return [
        ("seat present", 1),
        ("character (one-hot)", len(ids["characters"])),
        ("standee's area (one-hot)", MAX_AREAS),
        ("resources scrap, steam, insight, VP, stamina (/ 10)", len(RES)),
        ("VP diamonds / 4, cubes in supply / 8", 2),
        ("mood / 5", 1),
        ("tokens per column / 5", 4),
        ("selection boxes used per column / 2", 4),
        ("spare action tokens / 5", 1),
        ("action pool (movement, manipulate, engineering, special, charm, violence) / 5", len(ACTIONS)),
        ("column activated this turn, mood reset used", 2),
        ("hand size / 10", 1),
        ("cipher tablets", 1),
        ("items in play (counts)", len(ids["items"])),
        ("power on items / 10", 1),
        ("escorted civilians", len(ids["civilians"])),
        ("completed quests / 3", 1),
    ]


#: the scenario's one-hot slots (Crisis and Genesis were read as Cipher Race before)
SCENARIOS = ("incredible-invention", "cipher-race", "crisis", "genesis")


def fields() -> list[tuple[str, int]]:
    """The observation's blocks in order: (name, size)."""
    ids = _ids()
    n_it = len(ids["items"])
    area = sum(n for _, n in area_fields())
    seat = sum(n for _, n in seat_fields())
    return [
        ("scenario (incredible-invention, cipher-race, crisis, genesis)", len(SCENARIOS)),
        ("round / 3", 1),
        ("first player (relative seat)", MAX_SEATS),
        ("to act: the observer", 1),
        ("invention: requirement row (VP, cubes, completion) / 10", 3),
        ("invention: completion, quarters / 4, paid VP, paid cubes", 4),
        ("complications in play, overcome", 2 * len(ids["complications"])),
        ("supplies: civilian / 25, workshop / 10, diamond / 4, ruins / 9", 4),
        ("deck sizes / 50 (base, addon, relic, civ, loc, event, comp)", len(DECKS)),
        ("trash size / 50", 1),
        (f"areas ({MAX_AREAS} x {area})", MAX_AREAS * area),
        (f"seats ({MAX_SEATS} x {seat}), relative to the observer", MAX_SEATS * seat),
        ("the observer's hand (item counts)", n_it),
        *((block.name, block.size) for block in _blocks()),
    ]


@cache
def _blocks() -> tuple[ObservationBlock, ...]:
    """The scenarios' blocks at the end of the observation (`Scenario.rl_blocks`), in the
    scenarios' order; each is all zeros in the other scenarios."""
    return tuple(block for sc in every() for block in sc.rl_blocks(MAX_AREAS))


def observation_size() -> int:
    return sum(n for _, n in fields())


OBSERVATION_SIZE = observation_size()


@cache
def _layout() -> tuple[dict[str, dict[str, int]], list[int], int, int]:
    """The id slots, each block's offset, an area block's size and a seat block's size."""
    ix = {k: {x: i for i, x in enumerate(v)} for k, v in _ids().items()}
    offsets, pos = [], 0
    for _, n in fields():
        offsets.append(pos)
        pos += n
    return ix, offsets, sum(n for _, n in area_fields()), sum(n for _, n in seat_fields())


_ZEROS = bytes(4 * OBSERVATION_SIZE)
_TOKEN_SLOT = {kind: i for i, kind in enumerate(TOKEN_KINDS)}


def _block(out: array[float], pos: int, part: np.ndarray) -> None:
    """Copy a sub-encoder's float32 block into `out` at `pos` (nothing to do when it is all zero)."""
    if part.any():
        out[pos : pos + len(part)] = array("f", part.astype(np.float32, copy=False).tobytes())


def encode_view(view: dict[str, Any]) -> np.ndarray:
    """A fixed-size float32 vector of one seat's view (see `fields`). Written into a float32
    `array.array` (item writes at Python speed, about ten times cheaper than numpy's) and
    handed to numpy at the end: each write rounds to float32 exactly as numpy's would."""
    out = array("f", _ZEROS)
    me = int(view.get("seat") or 0)
    pls = view["players"]
    players = max(1, len(pls))
    mine = pls[me] if me < len(pls) else {}
    hand_sizes = [pl.get("hand_size", 0) for pl in pls]
    _common(out, view, me, pls, hand_sizes, mine.get("hand", []))
    _areas(out, view, me, players)
    offsets = _layout()[1]
    for k, block in enumerate(_blocks(), 13):
        _block(out, offsets[k], block.encode(view, me, players))
    return np.frombuffer(out, np.float32)  # dtype passed by position: numpy parses it faster


def encode_state(st: SteamfallState, seat: int) -> np.ndarray:
    """`encode_view(st.view(seat))`, read from the state without building the view, in
    Incredible Invention and Cipher Race (a test checks both agree along random games). The
    scenarios whose blocks are encoded from their views (`Scenario.rl_from_view`: Crisis,
    Genesis and its AI opponent) take the view."""
    if st.data_pack is not None or st.ai or of(st).rl_from_view:
        return encode_view(st.view(seat, log=False))
    pls = st.pl
    hand = pls[seat].get("hand", []) if seat < len(pls) and st.seat_of(seat) == seat else []
    players = max(1, len(pls))
    out = array("f", _board_template(st.board))
    _state_head(out, st, seat, players)
    _seats_and_hand(out, seat, pls, [], hand, _seat_blocks(pls))
    _state_areas(out, st, seat, players)
    return np.frombuffer(out, np.float32)  # dtype passed by position: numpy parses it faster


def _common(
    out: array[float],
    view: dict[str, Any],
    me: int,
    pls: list[dict[str, Any]],
    hand_sizes: list[int],
    hand: list[str],
) -> None:
    """Every block but the areas and the scenario blocks: the head of the view (`_head`), each
    player's public entries and the observer's hand (`_seats_and_hand`)."""
    _head(out, view, me, max(1, len(pls)))
    _seats_and_hand(out, me, pls, hand_sizes, hand, None)


def _head(out: array[float], view: dict[str, Any], me: int, players: int) -> None:
    """The head of the view: scenario, round, first player, invention, supplies, decks."""
    ix, offsets, _, _ = _layout()
    ids = _ids()
    out = memoryview(out)  # type: ignore[assignment]  # item writes: about half the array's cost
    out[SCENARIOS.index(view["scenario"])] = 1.0
    out[offsets[1]] = view["round"] / 3
    out[offsets[2] + (int(view["first"]) - me) % players] = 1.0
    out[offsets[3]] = 1.0 if me in view.get("to_act", []) else 0.0
    inv = view.get("invention") or {}
    pos = offsets[4]
    for i, v in enumerate(inv.get("requirement") or []):
        out[pos + i] = v / 10
    pos = offsets[5]
    paid = inv.get("paid", {})
    for i, v in enumerate(
        (inv.get("completion", 0), inv.get("quarters", 0) / 4, paid.get("vp", 0), paid.get("cubes", 0))
    ):
        out[pos + i] = float(v)
    pos = offsets[6]
    n_k = len(ids["complications"])
    i_comp = ix["complications"]
    for comp in inv.get("complications", []):
        k = i_comp[comp["id"]]
        out[pos + k] = 1.0
        if comp["overcome"]:
            out[pos + n_k + k] = 1.0
    pos = offsets[7]
    sup = view.get("supply", {})
    for i, (kind, n) in enumerate((("civilian", 25), ("workshop", 10), ("diamond", 4))):
        out[pos + i] = sup.get(kind, 0) / n
    out[pos + 3] = view.get("ruins_supply", 0) / 9
    pos = offsets[8]
    decks = view["decks"]
    for i, d in enumerate(DECKS):
        out[pos + i] = decks.get(d, 0) / 50
    out[offsets[9]] = len(view.get("trash", [])) / 50


def _seats_and_hand(
    out: array[float],
    me: int,
    pls: list[dict[str, Any]],
    hand_sizes: list[int],
    hand: list[str],
    seat_blocks: list[array[float]] | None,
) -> None:
    """Each player's seat block (the view's player dicts or the state's, which hold the same
    keys; `seat_blocks`: the blocks made already, see `_seat_blocks`) and the observer's hand."""
    ix, offsets, _, seat_size = _layout()
    players = max(1, len(pls))
    pos = offsets[11]
    for p, pl in enumerate(pls):
        base = pos + (p - me) % players * seat_size
        if seat_blocks is None:
            _seat(out, base, pl, hand_sizes[p])
        else:
            out[base : base + seat_size] = seat_blocks[p]
    pos = offsets[12]
    i_items = ix["items"]
    for it in hand:
        out[pos + i_items[it]] += 1.0


def _seat(out: array[float], base: int, pl: dict[str, Any], hand_size: int) -> None:
    """One player's seat block at `base` (the view's player dict or the state's: the same keys)."""
    ix = _layout()[0]
    i_chars, i_items, i_civs = ix["characters"], ix["items"], ix["civilians"]
    n_items = len(i_items)
    out = memoryview(out)  # type: ignore[assignment]  # item writes: about half the array's cost
    out[base] = 1.0
    o = base + 1
    if pl.get("char"):
        out[o + i_chars[pl["char"]]] = 1.0
    o += len(i_chars)
    if 0 <= pl.get("at", -1) < MAX_AREAS:
        out[o + pl["at"]] = 1.0
    o += MAX_AREAS
    res = pl.get("res", {})
    for i, r in enumerate(RES):
        out[o + i] = res.get(r, 0) / 10
    o += len(RES)
    out[o] = pl.get("diamonds", 0) / 4
    out[o + 1] = pl.get("cubes", 0) / 8
    out[o + 2] = pl.get("mood", 0) / 5
    o += 3
    for i, col in enumerate(pl.get("cols", [])[:4]):
        out[o + i] = len(col) / 5
    o += 4
    for i, used in enumerate(pl.get("boxes", [])[:4]):
        out[o + i] = used / 2
    o += 4
    out[o] = len(pl.get("spare", [])) / 5
    o += 1
    pool = pl.get("pool", {})
    if any(pool.values()):  # (an empty pool between turns: its slots stay zero)
        for i, a in enumerate(ACTIONS):
            out[o + i] = pool.get(a, 0) / 5
    o += len(ACTIONS)
    out[o] = 1.0 if pl.get("col", -1) >= 0 else 0.0
    out[o + 1] = 1.0 if pl.get("reset") else 0.0
    out[o + 2] = hand_size / 10
    out[o + 3] = len(pl.get("tablets", []))
    o += 4
    for it in pl.get("play", []):
        out[o + i_items[it]] += 1.0
    o += n_items
    out[o] = sum(pl.get("power", {}).values()) / 10
    o += 1
    for v in pl.get("civs", []):
        out[o + i_civs[v]] = 1.0
    o += len(i_civs)
    out[o] = len(pl.get("done", [])) / 3


#: observing seat -> (a copy of what the head was made of, the head's values) from the last
#: encoding for that seat
_LAST_HEAD: dict[int, tuple[tuple[Any, ...], array[float]]] = {}


def _state_head(out: array[float], st: SteamfallState, me: int, players: int) -> None:
    """`_head` read from the state: copied from the last encoding for the same seat while
    what it is made of compares equal to a copy of it taken then."""
    ii = of(st).completion_track  # the invention card's fields (Incredible Invention)
    decks = st.decks
    inputs = (me, players, st.scenario, st.round, st.first, me in st.to_act, st.supply, len(st.ruins_stack),
              tuple(decks), tuple(map(len, decks.values())), len(st.trash),
              (requirement(st) if st.round else None, st.completion, st.quarters, st.paid, st.comps, st.cover)
              if ii else None)
    hi = _layout()[1][10]
    last = _LAST_HEAD.get(me)
    if last is not None and last[0] == inputs:
        out[:hi] = last[1]
        return
    head: dict[str, Any] = {
        "scenario": st.scenario,
        "round": st.round,
        "first": st.first,
        "to_act": st.to_act,
        "supply": st.supply,
        "ruins_supply": len(st.ruins_stack),
        "decks": {k: len(v) for k, v in decks.items()},
        "trash": st.trash,
    }
    if ii:
        cover = st.cover
        head["invention"] = {
            "requirement": requirement(st) if st.round else None,
            "completion": st.completion,
            "quarters": st.quarters,
            "paid": st.paid,
            "complications": [{"id": c, "overcome": c in cover} for c in st.comps],
        }
    _head(out, head, me, players)
    inv = inputs[-1]
    snapshot = (*inputs[:6], st.supply.copy(), *inputs[7:11],
                (*inv[:3], st.paid.copy(), st.comps.copy(), st.cover.copy()) if inv is not None else None)
    _LAST_HEAD[me] = (snapshot, out[:hi])


#: player index -> (a copy of the state's player dict, its seat block) from the last encoding
_LAST_SEAT: dict[int, tuple[dict[str, Any], array[float]]] = {}


def _seat_blocks(pls: list[dict[str, Any]]) -> list[array[float]]:
    """Each player's seat block (it does not depend on the observer, only where it goes),
    copied from the last encoding while the player's dict compares equal to a copy of it
    taken then (two levels deep, as the state's clone copies it: never a stale block)."""
    blocks = []
    seat_size = _layout()[3]
    for p, pl in enumerate(pls):
        last = _LAST_SEAT.get(p)
        if last is not None and last[0] == pl:
            blocks.append(last[1])
            continue
        block = array("f", bytes(4 * seat_size))
        _seat(block, 0, pl, len(pl.get("hand", [])))
        _LAST_SEAT[p] = (_copy_player(pl), block)
        blocks.append(block)
    return blocks


def _area_offsets() -> tuple[int, int, int, int, int]:
    """Within an area block: where the tokens, cubes, standees, flags and secret-location
    fields start."""
    tokens = 2 + len(_ids()["districts"])
    cubes = tokens + len(TOKEN_KINDS)
    standees = cubes + MAX_SEATS
    flags = standees + MAX_SEATS
    return tokens, cubes, standees, flags, flags + 4


def _areas(out: array[float], view: dict[str, Any], me: int, players: int) -> None:
    """The area blocks from the view's areas."""
    ix, offsets, area_size, _ = _layout()
    pos = offsets[10]
    at = {(p - me) % players: pl.get("at", -1) for p, pl in enumerate(view["players"])}
    i_districts, i_locations = ix["districts"], ix["locations"]
    o_tokens, o_cubes, o_standees, o_flags, o_secret = _area_offsets()
    for a in view["areas"][:MAX_AREAS]:
        base = pos + a["id"] * area_size
        district = a["kind"] == "district"
        out[base + (0 if district else 1)] = 1.0
        if district:
            out[base + 2 + i_districts[a["district_id"]]] = 1.0
        tokens = a["tokens"]
        for i, tk in enumerate(TOKEN_KINDS):
            out[base + o_tokens + i] = tokens.get(tk, 0) / 5
        for s in a["cubes"]:
            out[base + o_cubes + (s - me) % players] += 1.0
        for s, where in at.items():
            if where == a["id"]:
                out[base + o_standees + s] = 1.0
        o = base + o_flags
        out[o] = 1.0 if a.get("ruins") else 0.0
        out[o + 1] = 1.0 if a.get("explored") else 0.0
        out[o + 2] = 1.0 if a.get("event") else 0.0
        out[o + 3] = 1.0 if a.get("tablet") else 0.0
        if not district:
            o = base + o_secret
            out[o] = 1.0 if a.get("revealed") else 0.0
            out[o + 1] = 1.0 if a.get("location") else 0.0
            out[o + 2] = 1.0 if me in a.get("looked", []) else 0.0
            if a.get("location"):
                out[o + 3 + i_locations[a["location"]]] = 1.0


#: per board (by identity, kept alive alongside): the zero vector with what the map alone
#: sets in the area blocks (each area's kind and district), written by `_board_template`
_TEMPLATES: dict[int, tuple[Any, bytes]] = {}


def _board_template(b: Any) -> bytes:
    """The observation's bytes before anything else is written: zeros, but for each area's
    kind flag and district slot (the map never changes, board.py)."""
    hit = _TEMPLATES.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    if len(_TEMPLATES) > 64:  # a long run plays many boards: keep only recent ones
        _TEMPLATES.clear()
    ix, offsets, area_size, _ = _layout()
    out = array("f", _ZEROS)
    for a in range(min(b.n_areas, MAX_AREAS)):
        base = offsets[10] + a * area_size
        if a < b.n_districts:
            out[base] = 1.0
            out[base + 2 + ix["districts"][b.districts[a]]] = 1.0
        else:
            out[base + 1] = 1.0
    _TEMPLATES[id(b)] = (b, out.tobytes())
    return _TEMPLATES[id(b)][1]


#: observing seat -> (a copy of what its area blocks were made of, the blocks) from the
#: last encoding for that seat
_LAST_AREAS: dict[int, tuple[tuple[Any, ...], array[float]]] = {}


def _state_areas(out: array[float], st: SteamfallState, me: int, players: int) -> None:
    """The area blocks read from the state (what `views.view` shows of each area); each
    area's kind and district are already set (`_board_template`). Copied from the last
    encoding for the same seat while what they are made of compares equal to a copy of it
    taken then (most steps change no area)."""
    offsets = _layout()[1]
    lo, hi = offsets[10], offsets[11]
    inputs = (me, players, st.board, st.tok, st.cubes, st.ruins, st.rside, st.event, st.tablet, st.up,
              st.looked, st.loc, [pl.get("at", -1) for pl in st.pl])
    last = _LAST_AREAS.get(me)
    if last is not None and last[0] == inputs:
        out[lo:hi] = last[1]
        return
    _areas_from_state(out, st, me, players)
    # lists of lists and of dicts copied a level deeper: never a stale block
    snapshot = (me, players, st.board, [t.copy() for t in st.tok], [c.copy() for c in st.cubes],
                st.ruins.copy(), st.rside.copy(), st.event.copy(), st.tablet.copy(), st.up.copy(),
                [x.copy() for x in st.looked], st.loc.copy(), inputs[-1])
    _LAST_AREAS[me] = (snapshot, out[lo:hi])


def _areas_from_state(out: array[float], st: SteamfallState, me: int, players: int) -> None:
    ix, offsets, area_size, _ = _layout()
    b = st.board
    i_locations = ix["locations"]
    o_tokens, o_cubes, o_standees, o_flags, o_secret = _area_offsets()
    standing: dict[int, list[int]] = {}
    for p, pl in enumerate(st.pl):
        standing.setdefault(pl.get("at", -1), []).append((p - me) % players)
    n_districts = b.n_districts
    out = memoryview(out)  # type: ignore[assignment]  # item writes: about half the array's cost
    # the state's lists read once (an attribute lookup per area and field costs more)
    tokens, cubes, ruins, rside = st.tok, st.cubes, st.ruins, st.rside
    event, tablet, up, looked_at, loc = st.event, st.tablet, st.up, st.looked, st.loc
    for a in range(min(b.n_areas, MAX_AREAS)):
        base = offsets[10] + a * area_size
        tok = tokens[a]
        if any(tok.values()):  # (most areas hold no tokens)
            for k, n in tok.items():
                slot = _TOKEN_SLOT.get(k)
                if n and slot is not None:
                    out[base + o_tokens + slot] = n / 5
        if cubes[a]:
            for s in cubes[a]:
                out[base + o_cubes + (s - me) % players] += 1.0
        if a in standing:
            for rel in standing[a]:
                out[base + o_standees + rel] = 1.0
        flags = base + o_flags
        if ruins[a]:
            out[flags] = 1.0
        if rside[a]:
            out[flags + 1] = 1.0
        if a < n_districts:
            if event[a]:
                out[flags + 2] = 1.0
            if tablet[a]:
                out[flags + 3] = 1.0
        else:
            secret = base + o_secret
            looked = me in looked_at[a]
            if up[a]:
                out[secret] = 1.0
            if looked:
                out[secret + 2] = 1.0
            location = loc[a] if up[a] or looked else None
            if location:
                out[secret + 1] = 1.0
                out[secret + 3 + i_locations[location]] = 1.0


def field_map() -> str:
    """The observation layout as markdown tables (docs/games/steamfall/rl.md)."""
    out = []
    for title, rows in (
        ("Blocks", fields()),
        ("Each area block", area_fields()),
        ("Each seat block", seat_fields()),
        *(table for block in _blocks() for table in block.tables),
    ):
        out += [f"### {title}", "", "| offset | size | field |", "| --- | --- | --- |"]
        pos = 0
        for name, n in rows:
            out.append(f"| {pos} | {n} | {name} |")
            pos += n
        out += [f"| {pos} | — | end |", ""]
    return "\n".join(out)
