"""Genesis solo against Jim & Beam, for the bots: can the player still leave a clue that
outlasts J&B's chase on the round's last turn (rules.md §18.4, §18.7)?

A small exact search over the moves and Feints left in the turn (the first move leaves
the Tracked clue; a Feint, 2 scrap or 1 steam, puts a clue next to the player), each line
ended by J&B's chase as his sheet runs it: to the area with the most clues (ties: nearest
to him, then the lowest number), the clues removed, again for 1 steam while clues remain,
picking up the steam tokens where he stops. The player escapes when a clue is left and
J&B does not end where the player stands. Reads only public pieces.
"""

from __future__ import annotations

from typing import Any

from ....rounds import BOXES
from . import sheets as gai

#: a search never looks at more positions than this (a bound, not a rule)
MAX_NODES = 4000


def fuel(st: Any) -> int:
    """Feints the player can pay: 1 steam or 2 scrap each."""
    res = st.pl[0]["res"]
    return int(res["steam"] + res["scrap"] // 2)


def column_gains(st: Any, k: int) -> tuple[int, int]:
    """(movement, Feints) that activating column k would add."""
    pl = st.pl[0]
    move = scrap = steam = 0
    for tid in pl["cols"][k]:
        for t in st.content.tokens[tid].gains:
            if t.what == "movement":
                move += t.n
            elif t.what == "scrap":
                scrap += t.n
            elif t.what == "steam":
                steam += t.n
    return move, steam + scrap // 2


def chase(
    st: Any, clues: list[int], jb_at: int, steam: int, dists: dict[int, dict[int, int]] | None = None
) -> tuple[list[int], int, int]:
    """J&B's chase on a copy of the clue counts: the clues left, where he ends and the steam
    he keeps (`dists` caches his distances by area)."""
    dists = {} if dists is None else dists
    clues = clues.copy()
    picked: set[int] = set()
    first = True
    while any(clues):
        if not first:
            if steam < 1:
                break
            steam -= 1
        first = False
        if jb_at not in dists:
            dists[jb_at] = gai.distance(st, jb_at)
        dist = dists[jb_at]
        top = max(clues)
        jb_at = min((a for a, n in enumerate(clues) if n == top), key=lambda a: (dist.get(a, 1 << 20), a))
        if jb_at not in picked:
            picked.add(jb_at)
            steam += int(st.tok[jb_at]["steam"])
        clues[jb_at] = 0
    return clues, jb_at, steam


def escapes(
    st: Any, at: int, moved: bool, move: int, feints: int, clues: list[int], jb: tuple[int, int]
) -> bool:
    """Whether some line of moves (within `move` movement) and Feints (up to `feints`) from
    `at` leaves a clue and the player out of J&B's last area after his chase (J&B's area
    and steam in `jb`)."""
    from ....turn import move_cost

    jb_at, jb_steam = jb
    dists: dict[int, dict[int, int]] = {}
    gone = set(st.ai["gone"])
    seen: set[tuple[Any, ...]] = set()
    costs: dict[tuple[int, int], int] = {}  # the player's movement cost by pathway
    nodes = 0

    def go(at: int, moved: bool, move: int, feints: int, clues: list[int]) -> bool:
        nonlocal nodes
        key = (at, moved, move, feints, tuple(clues))
        if key in seen or nodes > MAX_NODES:
            return False
        seen.add(key)
        nodes += 1
        left, end, _ = chase(st, clues, jb_at, jb_steam, dists)
        if any(left) and end != at:
            return True
        if feints:
            for a in gai.adjacent(st, at):
                clues[a] += 1
                ok = go(at, moved, move, feints - 1, clues)
                clues[a] -= 1
                if ok:
                    return True
        for dest, base in st.board.moves[at]:
            if dest in gone:
                continue
            cost = costs.get((at, dest), -1)
            if cost < 0:
                cost = costs[(at, dest)] = move_cost(st, 0, dest, base)
            if cost > move:
                continue
            if not moved:
                clues[at] += 1
            ok = go(dest, True, move - cost, feints, clues)
            if not moved:
                clues[at] -= 1
            if ok:
                return True
        return False

    # a clue outlasts the chase only in more areas than his passes (one, and one more per
    # steam he holds, at least): when the areas holding clues, the Tracked clue and every
    # Feint together cannot outnumber them, no line escapes (the search would prove it the
    # long way, through every line)
    if sum(1 for n in clues if n) + (not moved) + feints <= 1 + jb_steam:
        return False
    return go(at, moved, move, feints, list(clues))


def clue_counts(st: Any) -> list[int]:
    """The clue tokens in each area (0 for an area out of play)."""
    gone = set(st.ai["gone"])
    return [0 if a in gone else int(n) for a, n in enumerate(st.ai["clues"])]


def last_turn_escape(st: Any) -> bool:
    """On the round's last turn, before its chase: whether the player can still escape
    (before a column is chosen: with the best column left)."""
    pl = st.pl[0]
    jb = (st.ai["at"], st.ai["pool"]["steam"])
    stamina = int(pl["res"]["stamina"])
    if pl["col"] >= 0:
        move = pl["pool"]["movement"] + stamina
        return escapes(st, pl["at"], st.ai["moved"], move, fuel(st), clue_counts(st), jb)
    return any(
        escapes(st, pl["at"], st.ai["moved"], move + stamina, fuel(st) + more, clue_counts(st), jb)
        for move, more in _columns_left(st)
    )


def next_turn_escape(st: Any) -> bool:
    """Before the round's last turn: after the coming chase, could the last turn escape
    from where the player stands, with its fuel and a column still free for that turn?"""
    pl = st.pl[0]
    left, jb_at, steam = chase(st, clue_counts(st), st.ai["at"], st.ai["pool"]["steam"])
    stamina = int(pl["res"]["stamina"])
    return any(
        escapes(st, pl["at"], False, move + stamina, fuel(st) + more, left, (jb_at, steam))
        for move, more in _columns_left(st)
    )


def _columns_left(st: Any) -> list[tuple[int, int]]:
    pl = st.pl[0]
    return [column_gains(st, k) for k in range(3) if pl["boxes"][k] < BOXES[k]]
