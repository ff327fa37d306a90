"""Excavation and regolith examination (§6.5, §6.6) on a hexagon of 37 fields.

Fields are axial coordinates "q,r". The machine must move every time; before or after
the move the player may dig the token under it (with the Long Arm Crane, a face-up
token next to it), then may examine the regolith just dug.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardwright.engine.actions import Action, Decision

from .rules import ref

if TYPE_CHECKING:
    from .state import MartiansState

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@lru_cache(maxsize=4)
def hexes(radius: int) -> tuple[str, ...]:
    """Every field, top row first, left to right."""
    out = []
    for r in range(-radius, radius + 1):
        for q in range(-radius, radius + 1):
            if max(abs(q), abs(r), abs(q + r)) <= radius:
                out.append(f"{q},{r}")
    return tuple(out)


#: the directions as the board draws them (rows top to bottom, every other row shifted)
DIRECTION_WORDS = {(1, 0): "east", (1, -1): "north-east", (0, -1): "north-west", (-1, 0): "west",
                   (-1, 1): "south-west", (0, 1): "south-east"}


def toward(frm: str, to: str) -> str:
    """Where `to` lies seen from `frm`, in words: '1 field north-east', '2 fields east and 1
    south-east' (players read directions, the ids keep the coordinates)."""
    (q1, r1), (q2, r2) = _qr(frm), _qr(to)
    dq, dr = q2 - q1, r2 - r1
    if not dq and not dr:
        return "here"
    for i, (aq, ar) in enumerate(DIRECTIONS):  # two neighbouring directions span every field
        bq, br = DIRECTIONS[(i + 1) % 6]
        det = aq * br - ar * bq
        a, b = (dq * br - dr * bq) // det, (aq * dr - ar * dq) // det
        if a >= 0 and b >= 0 and a * aq + b * bq == dq and a * ar + b * br == dr:
            parts = [(n, DIRECTION_WORDS[d]) for n, d in ((a, (aq, ar)), (b, (bq, br))) if n]
            first = f"{parts[0][0]} field{'s' if parts[0][0] > 1 else ''} {parts[0][1]}"
            return first + (f" and {parts[1][0]} {parts[1][1]}" if len(parts) > 1 else "")
    return to  # pragma: no cover - every field is reached above


def _qr(h: str) -> tuple[int, int]:
    q, r = h.split(",")
    return int(q), int(r)


class _Row(dict[str, int]):
    """Distances from one field, filled on first use: the search asks for the same few
    hundred pairs at every step, and parsing "q,r" each time cost most of it."""

    def __init__(self, h: str) -> None:
        super().__init__()
        self.q, self.r = _qr(h)

    def __missing__(self, b: str) -> int:
        q, r = _qr(b)
        dq, dr = self.q - q, self.r - r
        d = self[b] = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        return d


_ROWS: dict[str, _Row] = {}


def _row(h: str) -> _Row:
    row = _ROWS.get(h)
    if row is None:
        row = _ROWS[h] = _Row(h)
    return row


def distance(a: str, b: str) -> int:
    return _row(a)[b]


@lru_cache(maxsize=64)
def neighbours(h: str) -> tuple[str, ...]:
    q, r = _qr(h)
    return tuple(f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS
                 if max(abs(q + dq), abs(r + dr), abs(q + dq + r + dr)) <= 3)


def _to_face_down(s: MartiansState, h: str, down: list[str] | None = None) -> int:
    if down is None:
        down = [x for x, t in s.tiles.items() if t and not s.faceup[x]]
    row = _row(h)
    return min((row[x] for x in down), default=0)


def board_key(s: MartiansState) -> tuple[Any, ...]:
    """Everything the excavation board is: the machine, the tokens and which lie face up
    (the fields in their fixed order). What is derived from the board alone is kept by this
    key, so a board edited by hand is never read from a stale entry."""
    return (s.machine, *s.tiles.values(), *s.faceup.values())


def _shape_key(s: MartiansState) -> tuple[Any, ...]:
    """What the machine's moves depend on: the machine, which fields hold a token and which
    lie face up. Not which token lies where: a search's deals shuffle the face-down tokens,
    and every deal of a board shares one entry."""
    return (s.machine, *map(bool, s.tiles.values()), *s.faceup.values())


#: `_shape_key` -> the machine's moves
_MOVES: dict[tuple[Any, ...], list[str]] = {}


def moves(s: MartiansState) -> list[str]:
    """Where the machine may go: the nearest other tokens, never farther from the face-down
    tokens than it is now (any direction once all are uncovered) (§6.5)."""
    return _shared_moves(s).copy()


def _shared_moves(s: MartiansState) -> list[str]:
    """`moves` as kept in the table, for a caller that only reads it."""
    key = _shape_key(s)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) >= 4096:
            _MOVES.clear()
        found = _MOVES[key] = _moves(s)
    return found


def _moves(s: MartiansState) -> list[str]:
    here = s.machine
    others = [h for h, t in s.tiles.items() if t and h != here]
    if not others:
        return []
    row = _row(here)
    near = min(row[h] for h in others)
    cands = [h for h in others if row[h] == near]
    faceup = s.faceup
    down = [x for x, t in s.tiles.items() if t and not faceup[x]]
    if down:
        limit = _to_face_down(s, here, down)
        cands = [h for h in cands if _to_face_down(s, h, down) <= limit]
    return sorted(cands)


def dig_sources(s: MartiansState, corp: int) -> list[str]:
    """Face-up tokens the corporation may dig: under the machine, or next to it with the
    Long Arm Crane (§8)."""
    out = []
    if s.tiles.get(s.machine) and s.faceup[s.machine]:
        out.append(s.machine)
    if s.has_tech(corp, "long_arm_crane"):
        out += [h for h in neighbours(s.machine) if s.tiles.get(h) and s.faceup[h]]
    return out


def dig_options(s: MartiansState, corp: int, h: str) -> list[tuple[int, int]]:
    """(regolith, dirty ice) splits: two markers the token shows (one fewer in an
    earthquake), or one more per geologist (§6.5, §7.1, §9)."""
    rec = s.content.excavation.tokens
    token = next(t for t in rec if t.id == s.tiles[h].split("#")[0])
    shows_r = min(token.contents.get("regolith", 0), s.supply["regolith"])
    shows_i = min(token.contents.get("dirty_ice", 0), s.supply["dirty_ice"])
    base = 2 + s.content.weather[s.weather.split("#")[0]].excavation
    extra = sum(1 for a in s.assistants[corp] if a.startswith("geologist"))
    most = shows_r + shows_i
    low, high = min(max(base, 0), most), min(max(base, 0) + extra, most)
    return [(r, i) for r in range(shows_r + 1) for i in range(shows_i + 1) if low <= r + i <= high]


def can_excavate(s: MartiansState, corp: int) -> bool:
    return bool(_shared_moves(s))


def start(s: MartiansState, corp: int) -> None:
    s.push("dig", corp, 0, 0, 0)


def dig_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp, moved, dug = int(task[1]), int(task[2]), int(task[3])
    acts: list[Action] = []
    machine = s.machine
    if not moved:
        acts += [_move_action(machine, h) for h in _shared_moves(s)]
    if not dug:
        for h in dig_sources(s, corp):
            for r, i in dig_options(s, corp, h):
                acts.append(_dig_action(machine, h, r, i))
        if moved:
            acts.append(_SKIP)
    return Decision(s.seat_of(corp), "excavation", f"{s.name(corp)}: excavation (M on the board is the "
                    "machine)", _RULE, tuple(acts))


def _move_action(machine: str, h: str) -> Action:
    """Moving the machine from `machine` to `h` (the same few are asked at every step)."""
    hit = _MOVE_ACTIONS.get((machine, h))
    if hit is None:
        if len(_MOVE_ACTIONS) >= 4096:
            _MOVE_ACTIONS.clear()
        hit = _MOVE_ACTIONS[(machine, h)] = Action(f"move:{h}", f"move the machine {toward(machine, h)}")
    return hit


def _dig_action(machine: str, h: str, r: int, i: int) -> Action:
    """Digging r regolith and i dirty ice at `h`, the machine at `machine`."""
    key = (machine, h, r, i)
    hit = _DIG_ACTIONS.get(key)
    if hit is None:
        if len(_DIG_ACTIONS) >= 4096:
            _DIG_ACTIONS.clear()
        hit = _DIG_ACTIONS[key] = Action(f"dig:{h}:{r}:{i}",
                                         f"dig {r} regolith and {i} dirty ice {_at(machine, h)}")
    return hit


#: (machine, field) -> the action of moving there; (machine, field, regolith, ice) -> of digging
_MOVE_ACTIONS: dict[tuple[str, str], Action] = {}
_DIG_ACTIONS: dict[tuple[str, str, int, int], Action] = {}
_SKIP = Action("skip", "do not dig")
_RULE = ref("6.5")


def _at(machine: str, h: str) -> str:
    return "under the machine" if h == machine else toward(machine, h) + " of the machine"


def apply_dig(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    parts = action_id.split(":")
    if parts[0] == "move":
        _move(s, corp, parts[1])
        task[2] = 1
    elif parts[0] == "dig":
        h, r, i = parts[1], int(parts[2]), int(parts[3])
        p = s.purse(corp)
        s.gain(p, "regolith", r)
        s.gain(p, "dirty_ice", i)
        s.tiles[h] = ""
        s.say(corp, f"digs {r} regolith and {i} dirty ice {_at(s.machine, h)}; the token leaves the board",
              ref("6.5"))
        task[3] = 1
        task[4] = r
    else:
        task[3] = 1
    if task[2] and task[3]:
        s.tasks.pop()
        if task[4] and s.turn["time"] >= 1:
            s.push("examine", corp, task[4])


def _move(s: MartiansState, corp: int, h: str) -> None:
    way = toward(s.machine, h)
    s.machine = h
    s.faceup[h] = True
    for n in neighbours(h):
        if s.tiles.get(n):
            s.faceup[n] = True
    s.say(corp, f"moves the excavation machine {way}; the tokens around it are uncovered", ref("6.5"))


def examine_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp, n = int(task[1]), int(task[2])
    bonus = 1 if s.has_tech(corp, "molecular_sensor") else 0
    acts = (Action("examine", f"examine the regolith: 1 time unit, {n + bonus} card(s)"),
            Action("no", "do not examine"))
    return Decision(s.seat_of(corp), "examination", f"{s.name(corp)}: examine the regolith just dug?",
                    ref("6.6"), acts)


def apply_examine(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    s.tasks.pop()
    corp, n = int(task[1]), int(task[2])
    if action_id == "examine":
        s.turn["time"] -= 1
        bonus = 1 if s.has_tech(corp, "molecular_sensor") else 0
        s.draw_regolith(corp, n + bonus, ref("6.6"))
