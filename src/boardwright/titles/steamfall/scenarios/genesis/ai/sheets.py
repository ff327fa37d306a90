"""Genesis solo: the AI opponent, run as game rules from its printed sheet (rules.md §18).

The AI is not a bot: every line of its sheet (data/ai_sheets.json) is a list of steps that
`run_steps` carries out inside `apply`, on the game's Rng, each logged with its rule. Its
pieces live in `st.ai` (plain JSON data): the sheet, the standee's area, the pool, cubes,
clue tokens, areas removed from play, and every d20 roll. Choices the sheet leaves open
for the AI follow one fixed reading (§18.3): an area "with the most" is the nearest of the
tied ones (fewest movement points from the AI's area), then the lowest area number.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardwright.engine.data import read_model

from ....board import Board, build, rotate
from ....rules import ref
from .schema import AiSheet, AiSheets, Step

if TYPE_CHECKING:
    from ....state import SteamfallState

POOL = ("vp", "steam", "insight", "scrap", "workshop", "stamina", "civilian")
RESOURCE_TOKENS = ("scrap", "steam", "workshop", "insight")
CUBES = 8
D20 = 20
#: a "repeat for 1 steam" loop never runs more often than this (a bound, not a rule)
MAX_REPEAT = 30


@lru_cache(maxsize=1)
def sheets() -> dict[str, AiSheet]:
    data = read_model("boardwright.titles.steamfall", "ai_sheets.json", AiSheets, "sheets")
    return {s.id: s for s in data.sheets}


def sheet(st: SteamfallState) -> AiSheet:
    return sheets()[st.ai["sheet"]]


def active(st: SteamfallState) -> bool:
    return bool(getattr(st, "ai", None))


def new_ai(cid: str, at: int, n_areas: int) -> dict[str, Any]:
    return {
        "sheet": cid,
        "at": at,
        "pool": dict.fromkeys(POOL, 0),
        "cubes": CUBES,
        "loc": [],  # secret-location areas with the AI's cube
        "dcubes": [],  # district areas with the AI's cube (Alice), one entry per cube
        "ev_cubes": [],  # scoring events (ids) with the AI's cube
        "clues": [0] * n_areas,
        "rolls": [],  # [round, d20, band lo, band hi]
        "gone": [],  # areas removed from play (Stefan)
        "start_at": "",
        "line": {"origin": at, "picked": {}, "explored": 0},
        "moved": False,  # the player has moved this turn (J&B's Tracked)
        "central_events": [],  # events beside the central district's own (§18.9)
        "beside": [],  # [area, event] placed at once on another district holding an event
        "journal_round": 0,  # the round whose Journal-phase line has run (§18.2)
        "final": {},
    }


def copy_ai(ai: dict[str, Any]) -> dict[str, Any]:
    if not ai:
        return ai
    out = {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in ai.items()}
    out["line"] = {k: (v.copy() if isinstance(v, dict) else v) for k, v in ai["line"].items()}
    return out


# ------------------------------------------------------------------ the map as the AI sees it
def name(st: SteamfallState) -> str:
    return st.content.characters[st.ai["sheet"]].name


def areas(st: SteamfallState) -> list[int]:
    gone = set(st.ai["gone"])
    return [a for a in range(st.board.n_areas) if a not in gone]


def districts(st: SteamfallState) -> list[int]:
    gone = set(st.ai["gone"])
    return [a for a in range(st.board.n_districts) if a not in gone]


def central(st: SteamfallState) -> int:
    b = st.board
    return next(i for i in range(b.n_districts) if st.content.districts[b.districts[i]].type == "central")


def adjacent(st: SteamfallState, area: int) -> list[int]:
    gone = set(st.ai["gone"])
    return [a for a in st.board.neighbours(area) if a not in gone]


def district_neighbours(st: SteamfallState, area: int) -> list[int]:
    """Orthogonally adjacent districts (secret locations are not districts)."""
    return [a for a in adjacent(st, area) if not st.board.is_slot(a)]


def distance(st: SteamfallState, start: int) -> dict[int, int]:
    """Fewest movement points from `start` to every reachable area (areas in play only)."""
    gone = set(st.ai["gone"])
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        frontier.sort()
        d, a = frontier.pop(0)
        if d > best.get(a, 1 << 30):
            continue
        for b, cost in st.board.moves[a]:
            if b in gone:
                continue
            if d + cost < best.get(b, 1 << 30):
                best[b] = d + cost
                frontier.append((d + cost, b))
    return best


def most(st: SteamfallState, count: Any, among: list[int] | None = None) -> int | None:
    """The area with the highest positive count; ties: nearest to the AI, then lowest number."""
    pool = areas(st) if among is None else among
    scored = [(count(a), a) for a in pool]
    top = max((n for n, _ in scored), default=0)
    if top <= 0:
        return None
    dist = distance(st, st.ai["at"])
    tied = [a for n, a in scored if n == top]
    return min(tied, key=lambda a: (dist.get(a, 1 << 20), a))


def civilians(st: SteamfallState, a: int) -> int:
    return int(st.tok[a]["civilian"])


def resources(st: SteamfallState, a: int) -> int:
    return sum(int(st.tok[a][k]) for k in RESOURCE_TOKENS)


def event_names(st: SteamfallState, a: int) -> list[str]:
    """Names of the events in an area (the central district may hold several in solo)."""
    return [st.content.events[e].name for e in events_in(st, a)]


def events_in(st: SteamfallState, a: int) -> list[str]:
    out = [st.event[a]] if st.event[a] else []
    if a == central(st):
        out += st.ai["central_events"]
    return out + [e for x, e in st.ai.get("beside", ()) if x == a]


def event_area(st: SteamfallState, ev: str) -> int | None:
    for a in districts(st):
        if ev in event_names(st, a):
            return a
    return None


def target(st: SteamfallState, step: Step) -> int | None:
    w = step.where
    if w == "central":
        return central(st)
    if w == "event":
        return event_area(st, step.event)
    if w == "player":
        return int(st.pl[0]["at"])
    if w == "most_clues":
        return most(st, lambda a: st.ai["clues"][a])
    if w == "most_civilian":
        return most(st, lambda a: civilians(st, a))
    if w == "most_civilian_outside_central":
        c = central(st)
        return most(st, lambda a: civilians(st, a), [a for a in areas(st) if a != c])
    if w in ("most_scrap", "most_steam", "most_workshop"):
        kind = w.split("_", 1)[1]
        return most(st, lambda a: st.tok[a][kind])
    if w == "most_resources":
        return most(st, lambda a: resources(st, a))
    if w == "most_total":
        return most(st, lambda a: resources(st, a) + civilians(st, a) + (1 if st.ruins[a] else 0))
    if w == "ruins":
        return most(st, lambda a: 1 if st.ruins[a] else 0)
    raise ValueError(f"no single area for '{w}'")


def where_many(st: SteamfallState, step: Step) -> list[int]:
    c = st.content
    b = st.board
    if step.where == "each_district":
        return districts(st)
    if step.where == "each_ancient":
        return [a for a in districts(st) if c.districts[b.districts[a]].type == "ancient"]
    a = target(st, step)
    return [] if a is None else [a]


# ------------------------------------------------------------------ moving and the automatic steps
def say(st: SteamfallState, text: str, rule: str = "18.5") -> None:
    st.say(None, f"{name(st)} (AI): {text}", ref(rule))


def area_name(st: SteamfallState, a: int) -> str:
    from ....choices import _area_name

    return _area_name(st, a)


def move(st: SteamfallState, a: int | None) -> None:
    """The standee moves to area `a`; the automatic steps follow (§18.6). A move to the
    area it already stands in still counts: it arrives there again (§18.3)."""
    ai = st.ai
    if a is None:
        say(st, "has nowhere to move (no area qualifies)", "18.6")
        return
    verb = "stays in" if a == ai["at"] else "moves to"
    ai["at"] = a
    say(st, f"{verb} {area_name(st, a)}", "18.6")
    after_move(st)


def after_move(st: SteamfallState) -> None:
    """§18.6 the five automatic steps after every AI move."""
    ai = st.ai
    a = ai["at"]
    picked = ai["line"]["picked"]
    tok = st.tok[a]
    kinds = list(RESOURCE_TOKENS)
    if not has_passive(st, "no_pickup_civilians"):
        kinds.append("civilian")
    got = []
    for k in kinds:  # steps 1 and 2
        n = int(tok[k])
        if n:
            tok[k] = 0
            ai["pool"][k] += n
            picked[k] = picked.get(k, 0) + n
            got.append(f"{n} {k}")
    if got:
        say(st, "picks up " + ", ".join(got), "18.6")
    if not st.board.is_slot(a):  # step 3: scoring events here and next door
        for d in [a, *district_neighbours(st, a)]:
            for eid in scoring_events_in(st, d):
                if eid not in ai["ev_cubes"] and ai["cubes"] > 0:
                    ai["ev_cubes"].append(eid)
                    ai["cubes"] -= 1
                    say(st, f"puts a cube on the scoring event {st.content.events[eid].name}", "18.6")
    for s in [x for x in adjacent(st, a) if st.board.is_slot(x)] + ([a] if st.board.is_slot(a) else []):
        if s not in ai["loc"] and ai["cubes"] > 0:  # step 4: adjacent secret locations, unrevealed
            ai["loc"].append(s)
            ai["cubes"] -= 1
            say(st, f"puts a cube on the secret location at {area_name(st, s)} (unrevealed)", "18.6")
    collect_insight(st)
    if st.ruins[a]:  # step 5: the ruins here explored once
        explore(st, a)


def collect_insight(st: SteamfallState) -> None:
    ai = st.ai
    for s in ai["loc"]:
        n = int(st.tok[s]["insight"])
        if n:
            st.tok[s]["insight"] = 0
            ai["pool"]["insight"] += n
            say(st, f"picks up {n} insight from a secret location under its influence", "18.6")


def explore(st: SteamfallState, a: int) -> None:
    """Ruins explored by the AI: no cost; each relic card it would gain is a stamina; an
    unexplored token flips, an explored one leaves play (§5.6)."""
    rid = st.ruins[a]
    side = st.rside[a]
    eff = st.content.ruins[rid].explored if side else st.content.ruins[rid].unexplored
    relics = sum(t.n for t in (eff.gains[0] if eff.gains else []) if t.what == "relic")
    st.ai["pool"]["stamina"] += relics
    st.ai["line"]["explored"] += 1
    if side:  # fully explored: the token returns to the stack (§5.8)
        st.ruins_stack.append(rid)
        st.shuffle("ruins stack", st.ruins_stack)
        st.ruins[a] = ""
        st.rside[a] = 0
    else:
        st.rside[a] = 1
    say(st, f"explores the ruins: {relics} stamina instead of relic cards", "18.6")


def scoring_events_in(st: SteamfallState, a: int) -> list[str]:
    from . import solo as genesis_ai_solo

    return [e for e in events_in(st, a) if genesis_ai_solo.is_scoring(st, e)]


def has_passive(st: SteamfallState, op: str) -> bool:
    return any(s.op == op for line in sheet(st).passive for s in line.steps)


# ------------------------------------------------------------------ running a line
def run_line(st: SteamfallState, steps: list[Step], rule: str) -> None:
    ai = st.ai
    ai["line"] = {"origin": ai["at"], "picked": {}, "explored": 0}
    run_steps(st, steps, rule)


def run_steps(st: SteamfallState, steps: list[Step], rule: str) -> None:
    for step in steps:
        if st.result is not None:
            return
        STEPS[step.op](st, step, rule)


def roll(st: SteamfallState, step: Step, rule: str) -> None:
    n = st.draw("d20", range(D20)) + 1
    band = next(b for b in sheet(st).random if b.lo <= n <= b.hi)
    st.ai["rolls"].append([st.round, n, band.lo, band.hi])
    say(st, f"rolls the d20: {n} (random development {band.lo}-{band.hi}: {band.text})", "18.5")
    run_steps(st, band.steps, "18.5")


def _gain(st: SteamfallState, step: Step, rule: str) -> None:
    st.ai["pool"][step.what] += step.n
    say(st, f"gains {step.n} {step.what}", rule)


def _player_gain(st: SteamfallState, step: Step, rule: str) -> None:
    st.pl[0]["res"][step.what] += step.n
    st.say(0, f"gains {step.n} {step.what} from the AI sheet", ref(rule))


def _if_more(st: SteamfallState, step: Step, rule: str) -> None:
    mine = st.ai["pool"][step.what]
    theirs = st.pl[0]["res"][step.what]
    say(st, f"has {mine} {step.what} against the player's {theirs}", rule)
    run_steps(st, step.then if mine > theirs else step.otherwise, rule)


def _move(st: SteamfallState, step: Step, rule: str) -> None:
    move(st, target(st, step))


def _move_back(st: SteamfallState, step: Step, rule: str) -> None:
    origin = st.ai["line"]["origin"]
    move(st, origin if origin not in st.ai["gone"] else central(st))


def _repeat(st: SteamfallState, step: Step, rule: str) -> None:
    ai = st.ai
    for k in range(MAX_REPEAT):
        if k:  # the first pass always runs; `until` only stops the paid repeats
            if ai["pool"]["steam"] < 1 or _until(st, step):
                return
            ai["pool"]["steam"] -= 1
            say(st, "spends 1 steam to repeat", rule)
        ai["line"]["picked"] = {}  # "per token picked up" counts this pass only
        ai["line"]["explored"] = 0
        run_steps(st, step.ops, rule)


def _until(st: SteamfallState, step: Step) -> bool:
    """Whether a repeat stops: the sheet's condition, or another pass could do nothing
    (rules.md §18.3: steam is spent only on a pass that can act)."""
    until = step.until
    if until == "no_clues":
        return not any(st.ai["clues"][a] for a in areas(st))
    if until == "no_civilians":
        return not any(civilians(st, a) for a in areas(st))
    if until == "no_workshop":  # Stefan 1-8: nothing to move to or pick up
        return not any(st.tok[a]["workshop"] for a in areas(st))
    if until == "no_civilians_outside_central":  # Luis 1-10: no token to bring in
        c = central(st)
        return not any(civilians(st, a) for a in areas(st) if a != c)
    if until == "no_turn_no_count":  # Marcus 1-9: no district to turn, no civilian to count
        turned = [s.event for s in step.ops if s.op == "rotate"]
        return all(event_area(st, e) is None for e in turned) and not st.ai["pool"]["civilian"]
    return False


def _take_clues(st: SteamfallState, step: Step, rule: str) -> None:
    a = st.ai["at"]
    n = st.ai["clues"][a]
    if n:
        st.ai["clues"][a] = 0
        st.ai["pool"][step.what] += step.n * n
        say(st, f"removes {n} clue token(s) for {step.n * n} {step.what}", rule)


def _per_picked(st: SteamfallState, step: Step, rule: str) -> None:
    picked = st.ai["line"]["picked"]
    n = sum(picked.get(k, 0) for k in step.kinds)
    if n:
        st.ai["pool"][step.what] += step.n * n
        say(st, f"gains {step.n * n} {step.what} for {n} token(s) picked up", rule)


def _per_pool(st: SteamfallState, step: Step, rule: str) -> None:
    n = sum(st.ai["pool"][k] for k in step.kinds)
    if n:
        st.ai["pool"][step.what] += step.n * n
        say(st, f"gains {step.n * n} {step.what} for {n} token(s) in its pool", rule)


def _per_explored(st: SteamfallState, step: Step, rule: str) -> None:
    n = st.ai["line"]["explored"]
    if n:
        st.ai["pool"][step.what] += step.n * n
        say(st, f"gains {step.n * n} {step.what} for {n} ruins explored", rule)


def _discard_civilian(st: SteamfallState, step: Step, rule: str) -> None:
    pool = st.ai["pool"]
    if pool["civilian"]:
        pool["civilian"] -= 1
        st.supply["civilian"] += 1
        pool[step.what] += step.n
        say(st, f"lets a civilian token go for {step.n} {step.what}", rule)


def lose(st: SteamfallState, why: str, rule: str) -> None:
    st.result = {"won": False, "reason": why}
    st.say(None, why, ref(rule))
    st.tasks = []


def _hunt(st: SteamfallState, step: Step, rule: str) -> None:
    no_clue = not any(st.ai["clues"][a] for a in areas(st))
    if no_clue or st.pl[0]["at"] == st.ai["at"]:
        why = "no clue token is left on the map" if no_clue else "the player stands in J&B's area"
        lose(st, f"the player is captured by J&B ({why}): the game is lost", "18.7")


def _cube_player_location(st: SteamfallState, step: Step, rule: str) -> None:
    ai = st.ai
    spots = [a for a in areas(st) if st.board.is_slot(a) and 0 in st.cubes[a] and a not in ai["loc"]]
    if ai["cubes"] <= 0 or not spots:
        say(st, "has no secret location to put a cube on", rule)
        return
    dist = distance(st, ai["at"])
    s = min(spots, key=lambda a: (dist.get(a, 1 << 20), a))
    ai["loc"].append(s)
    ai["cubes"] -= 1
    say(st, f"puts a cube on the secret location at {area_name(st, s)}", rule)
    collect_insight(st)


def _clues_to_player(st: SteamfallState, step: Step, rule: str) -> None:
    """Up to n clues move to the player's area: the farthest from the player first (§18.3)."""
    clues = st.ai["clues"]
    home = int(st.pl[0]["at"])
    dist = distance(st, home)
    left = step.n
    for a in sorted(
        (a for a in areas(st) if clues[a] and a != home), key=lambda a: (-dist.get(a, 1 << 20), a)
    ):
        take = min(left, clues[a])
        clues[a] -= take
        clues[home] += take
        left -= take
        if not left:
            break
    if left < step.n:
        say(st, f"moves {step.n - left} clue token(s) to the player's area", rule)


def _pairs(st: SteamfallState, step: Step, rule: str) -> None:
    n = st.ai["pool"][step.what] // 2
    for k, v in step.gives.items():
        st.ai["pool"][k] += v * n
    if n:
        say(st, f"gains {n} stamina for {n} pair(s) of {step.what} (kept)", rule)


def _rotate(st: SteamfallState, step: Step, rule: str) -> None:
    a = event_area(st, step.event)
    if a is None:
        say(st, f"cannot turn a district: {step.event} is not on the map", rule)
        return
    b = st.board
    paths = [list(p) for p in b.paths]
    paths[a] = list(rotate(paths[a], step.n))
    st.board = _rebuilt(b, paths)
    way = "clockwise" if step.n > 0 else "counter-clockwise"
    say(st, f"turns {area_name(st, a)} a quarter {way}", rule)


def _rebuilt(b: Board, paths: list[list[int]]) -> Board:
    return build(list(b.districts), list(b.cells), paths)


def _gather(st: SteamfallState, step: Step, rule: str) -> None:
    a = target(st, step)
    if a is None:
        return
    moved = 0
    for x in adjacent(st, a):
        for k in (*RESOURCE_TOKENS, "civilian"):
            n = int(st.tok[x][k])
            if n:
                st.tok[x][k] = 0
                st.tok[a][k] += n
                moved += n
    say(st, f"{moved} token(s) gather on {area_name(st, a)}", rule)


def _drain_stamina(st: SteamfallState, step: Step, rule: str) -> None:
    pl = st.pl[0]
    if not st.ruins[pl["at"]] and pl["res"]["stamina"]:
        st.say(0, f"loses {pl['res']['stamina']} stamina (not standing on ruins)", ref(rule))
        pl["res"]["stamina"] = 0


def _show(st: SteamfallState, step: Step, rule: str) -> None:
    c = central(st)
    a = st.ai["at"]
    n = civilians(st, a) if a != c else 0
    st.tok[a]["civilian"] -= n
    st.tok[c]["civilian"] += n
    if a != c:
        st.ai["at"] = c
        say(st, f"brings {n} civilian token(s) to the central district", rule)
        after_move(st)
    st.ai["pool"][step.what] += step.n * n


def _pull_central(st: SteamfallState, step: Step, rule: str) -> None:
    c = central(st)
    n = 0
    for a in district_neighbours(st, c):
        if st.tok[a]["civilian"]:
            st.tok[a]["civilian"] -= 1
            st.tok[c]["civilian"] += 1
            n += 1
    st.ai["pool"][step.what] += step.n * n
    say(st, f"draws {n} civilian token(s) to the central district for {step.n * n} {step.what}", rule)


def _cube_area(st: SteamfallState, step: Step, rule: str) -> None:
    a = target(st, step)
    ai = st.ai
    if a is None or ai["cubes"] <= 0:
        say(st, "places no cube (no area or no cube left)", rule)
        return
    ai["cubes"] -= 1
    if st.board.is_slot(a):
        if a not in ai["loc"]:
            ai["loc"].append(a)
        else:
            ai["cubes"] += 1
            return
    else:
        ai["dcubes"].append(a)
    say(st, f"puts a cube on {area_name(st, a)}", rule)


def _shift_tokens(st: SteamfallState, step: Step, rule: str) -> None:
    """One action token of each column moves one column over where it fits; never special.
    Columns are taken from the side it moves away from, so a token moves once (§18.3)."""
    pl = st.pl[0]
    ch = st.content.characters[pl["char"]]
    cols = [list(c) for c in pl["cols"]]
    order = range(1, 4) if step.n < 0 else range(2, -1, -1)
    moved = 0
    for k in order:
        to = k + step.n
        movable = [t for t in cols[k] if all(g.what != "special" for g in st.content.tokens[t].gains)]
        if movable and len(cols[to]) < ch.columns[to].capacity:
            t = movable[0]
            cols[k].remove(t)
            cols[to].append(t)
            moved += 1
    pl["cols"] = cols
    say(
        st,
        f"moves {moved} of the player's action tokens one column {'left' if step.n < 0 else 'right'}",
        rule,
    )


def _hijack(st: SteamfallState, step: Step, rule: str) -> None:
    ai = st.ai
    held = set(ai["dcubes"]) | set(ai["loc"])
    reach = set(held)
    for a in held:
        reach.update(adjacent(st, a))
    got = 0
    for a in sorted(reach):
        for k in (*RESOURCE_TOKENS, "civilian"):
            n = int(st.tok[a][k])
            if n:
                st.tok[a][k] = 0
                ai["pool"][k] += n
                got += n
    steam = len(ai["dcubes"])
    ai["pool"]["steam"] += steam
    say(st, f"takes {got} token(s) from areas with her cubes and next to them; {steam} steam", rule)


def _contaminate(st: SteamfallState, step: Step, rule: str) -> None:
    pool = st.ai["pool"]
    n = pool["civilian"]
    if n:
        pool["civilian"] = 0  # the same tokens, turned to their Mechanized side
        st.tok[st.ai["at"]]["mechanized"] += n
        say(st, f"leaves {n} Mechanized where the civilians were", rule)


def _mechanize(st: SteamfallState, step: Step, rule: str) -> None:
    n = 0
    for a in areas(st):
        t = st.tok[a]
        if t["mechanized"] and t["civilian"]:
            t["civilian"] -= 1  # turned over: the same token
            t["mechanized"] += 1
            n += 1
    st.ai["pool"][step.what] += step.n * n
    say(st, f"turns {n} civilian(s) into Mechanized for {step.n * n} {step.what}", rule)


def _explode(st: SteamfallState, step: Step, rule: str) -> None:
    ai = st.ai
    a = ai["at"]
    c = central(st)
    if st.board.is_slot(a):
        a = st.board.slot_district(a)
    gone = [a] + [s for s in adjacent(st, a) if st.board.is_slot(s)]
    if a == c:
        say(st, "stands in the central district: nothing explodes", "18.7")
        gone = []
    for x in gone:
        for k in list(st.tok[x]):
            n = st.tok[x][k]
            back = "civilian" if k == "mechanized" else k
            if n and back in st.supply:
                st.supply[back] += n
            st.tok[x][k] = 0
        if st.ruins[x]:
            st.ruins_stack.append(st.ruins[x])
            st.ruins[x] = ""
            st.rside[x] = 0
        if st.event[x]:
            from ..game import back_to_box

            back_to_box(st, st.event[x])
            st.event[x] = ""
        for eid in [e for y, e in ai.get("beside", []) if y == x]:
            from ..game import back_to_box, remove_event

            remove_event(st, x, eid)
            back_to_box(st, eid)
        ai["clues"][x] = 0
    ai["gone"] = sorted(set(ai["gone"]) | set(gone))
    if gone:
        say(st, f"{area_name(st, a)} and {len(gone) - 1} secret location(s) leave play", "18.7")
    if st.pl[0]["at"] in gone:
        lose(st, "the player was caught in Stefan's explosion: the game is lost", "18.7")
        return
    ai["at"] = c
    say(st, "is placed in the central district", "18.7")


def _put(st: SteamfallState, step: Step, rule: str) -> None:
    from ....rounds import put_token

    for a in where_many(st, step):
        if step.what == "ruins":
            if not st.ruins[a] and st.ruins_stack:
                st.ruins[a] = st.ruins_stack.pop(0)
                st.rside[a] = 0
                say(st, f"a ruins token appears on {area_name(st, a)}", rule)
            continue
        before = st.tok[a][step.what]
        put_token(st, a, step.what, step.n)
        if st.tok[a][step.what] > before:
            say(st, f"{st.tok[a][step.what] - before} {step.what} token(s) on {area_name(st, a)}", rule)


def _ruins_everywhere(st: SteamfallState, step: Step, rule: str) -> None:
    n = 0
    for a in areas(st):
        if not st.ruins[a] and st.ruins_stack:
            st.ruins[a] = st.ruins_stack.pop(0)
            st.rside[a] = 0
            n += 1
    say(st, f"{n} ruins token(s) placed", rule)


def _start_at(st: SteamfallState, step: Step, rule: str) -> None:
    st.ai["start_at"] = step.event


def _vp_per(st: SteamfallState, step: Step, rule: str) -> None:
    what = step.what
    if what == "civilian_pairs_central":
        n = civilians(st, central(st)) // 2
    elif what == "mechanized":
        n = sum(int(st.tok[a]["mechanized"]) for a in areas(st))
    else:  # ai_cubes: every cube of the AI on the map
        n = len(st.ai["dcubes"]) + len(st.ai["loc"])
    st.ai["pool"]["vp"] += n * step.n
    st.ai["final"][what] = n * step.n
    say(st, f"scores {n * step.n} VP ({what})", rule)


def _spend(st: SteamfallState, step: Step, rule: str) -> None:
    pool = st.ai["pool"]
    times = min(pool[k] // v for k, v in step.cost.items())
    for k, v in step.cost.items():
        pool[k] -= v * times
    for k, v in step.gives.items():
        pool[k] += v * times
    if "civilian" in step.cost:
        st.supply["civilian"] += step.cost["civilian"] * times
    if "workshop" in step.cost:
        st.supply["workshop"] += step.cost["workshop"] * times
    key = "spend " + "+".join(f"{v} {k}" for k, v in step.cost.items())
    st.ai["final"][key] = times
    if times:
        say(st, f"{key}, {times} time(s)", rule)


def _score_events(st: SteamfallState, step: Step, rule: str) -> None:
    from . import solo as genesis_ai_solo

    genesis_ai_solo.score_events(st)


def _score_locations(st: SteamfallState, step: Step, rule: str) -> None:
    n = location_vp(st)
    st.ai["pool"]["vp"] += n
    st.ai["final"]["secret_locations"] = n
    say(st, f"scores {n} VP from secret locations under its influence", rule)


def location_vp(st: SteamfallState) -> int:
    n = 0
    for a in st.ai["loc"]:
        if a in st.ai["gone"]:
            continue
        for e in st.content.locations[st.loc[a]].effects:
            for m in e.passive:
                if m.kind == "end_vp_influence":
                    n += m.n
    return n


def _events_step(st: SteamfallState, step: Step, rule: str) -> None:
    from . import solo as genesis_ai_solo

    genesis_ai_solo.EVENT_STEPS[step.op](st, step, rule)


def _passive(st: SteamfallState, step: Step, rule: str) -> None:
    return None


STEPS = {
    "gain": _gain,
    "player_gain": _player_gain,
    "add_event": _events_step,
    "add_random_event": _events_step,
    "replace_event": _events_step,
    "place_event": _events_step,
    "if_more": _if_more,
    "ruins_everywhere": _ruins_everywhere,
    "start_at": _start_at,
    "put": _put,
    "roll": roll,
    "move": _move,
    "move_back": _move_back,
    "repeat": _repeat,
    "take_clues": _take_clues,
    "per_picked": _per_picked,
    "discard_civilian": _discard_civilian,
    "hunt": _hunt,
    "cube_player_location": _cube_player_location,
    "clues_to_player": _clues_to_player,
    "pairs": _pairs,
    "rotate": _rotate,
    "per_pool": _per_pool,
    "gather": _gather,
    "drain_stamina": _drain_stamina,
    "per_explored": _per_explored,
    "show": _show,
    "pull_central": _pull_central,
    "cube_area": _cube_area,
    "shift_tokens": _shift_tokens,
    "hijack": _hijack,
    "contaminate": _contaminate,
    "mechanize": _mechanize,
    "explode": _explode,
    "spend": _spend,
    "vp_per": _vp_per,
    "score_events": _score_events,
    "score_locations": _score_locations,
    "no_pickup_civilians": _passive,
    "district_cubes_count": _passive,
}
