"""Genesis solo for the bots: the solo losses ahead, in VP units, subtracted from the
player's worth (heuristic.py); `ai_worth` estimates the AI's end score (for reports).
Reads only public pieces."""

from __future__ import annotations

from typing import Any

from . import genesis_ai as gai

#: what a loss waiting at the end of the round costs (more on the round's last turn)
W_DANGER, W_DANGER_LAST = 6.0, 40.0
#: J&B: each clue area still missing for a clue to outlast his chase, and each Feint the
#: player can still pay up to those needed (2 scrap or 1 steam)
W_SHORT, W_FUEL = 3.0, 2.5
#: J&B, before the round's last turn: each Feint that turn will need
W_NEED = 3.5


def ai_worth(st: Any) -> float:
    """The AI's VP and what its pool will roughly turn into at the end."""
    pool = st.ai["pool"]
    return float(
        pool["vp"]
        + pool["insight"] / 8
        + pool["scrap"] / 5
        + pool["stamina"] / 2
        + pool["workshop"] / 2
        + pool["civilian"] / 3
        + 0.5 * len(st.ai["loc"])
    )


def danger(st: Any) -> float:
    """A J&B capture or a Stefan explosion that would happen if the round ended now."""
    sheet = st.ai["sheet"]
    at = st.pl[0]["at"]
    last = st.turn_idx >= 3 or any(t[0] in ("end_round", "eor_turn", "ai_end") for t in st.tasks)
    w = W_DANGER_LAST if last else W_DANGER
    if sheet == "jb":
        return jb_danger(st, w, last)
    if sheet == "stefan":
        dest = gai.event_area(st, "Destination")
        if dest is None:
            return 0.0
        spots = {dest, *(a for a in gai.adjacent(st, dest) if st.board.is_slot(a))}
        return w * (at in spots)
    return 0.0


def jb_danger(st: Any, w: float, last: bool) -> float:
    """J&B's hunt. A clue outlasts his chase only when more areas hold clues than he has
    passes (one, and one more per steam he holds). On the round's last turn the areas still
    missing cost the loss only when the player can no longer make them (a Feint each into
    an area next to it, the first move's Tracked clue), and each one a little, so that
    every Feint into a new area is a step forward; standing where he will stop costs the
    loss only when the player can no longer move. Before the last turn: the Feints the
    last turn will need (one and one per steam J&B keeps after his next chase, less the
    clue areas that chase leaves) cost, and the Feints the player can pay (2 scrap or 1
    steam) toward them count; so clues in several areas, which make him spend his steam
    early, are worth leaving, and the scrap and steam for the last turn worth keeping."""
    _left, jb_at, areas_left, steam_left = after_chase(st)
    pl = st.pl[0]
    fuel = pl["res"]["steam"] + pl["res"]["scrap"] // 2
    if not last:
        need = max(0, 1 + steam_left - areas_left)
        return float(W_NEED * need - W_FUEL * min(fuel, need))
    areas = sum(1 for a in gai.areas(st) if st.ai["clues"][a])
    short = max(0, 2 + st.ai["pool"]["steam"] - areas)
    acting = bool(st.tasks) and st.tasks[-1][0] == "turn"
    can_move = (
        acting and not st.ai["moved"] and (pl["col"] < 0 or pl["pool"]["movement"] + pl["res"]["stamina"] > 0)
    )
    # Feints go to areas next to the player (a secret location has one neighbour); a move
    # first can reach a district with more
    near = sum(1 for a in gai.adjacent(st, pl["at"]) if not st.ai["clues"][a])
    fixable = (fuel + 1 if can_move else min(fuel, near)) if acting else 0
    miss = max(0, short - fixable)
    caught = pl["at"] == jb_at and not can_move
    return float(w * ((miss > 0) + caught) + W_SHORT * short - W_FUEL * min(fuel, short))


def after_chase(st: Any) -> tuple[int, int, int, int]:
    """Clue tokens left, J&B's area, the areas still holding clues and the steam he keeps,
    after his next chase (the area with the most clues, again for each steam he holds,
    while clues remain)."""
    counts = sorted(((st.ai["clues"][a], a) for a in gai.areas(st) if st.ai["clues"][a]), reverse=True)
    steam = st.ai["pool"]["steam"]
    if st.tasks and st.tasks[-1][0] != "turn":
        return sum(n for n, _ in counts), st.ai["at"], len(counts), steam
    passes = 1 + steam
    taken = counts[:passes]
    at = taken[-1][1] if taken else st.ai["at"]
    rest = counts[passes:]
    return sum(n for n, _ in rest), at, len(rest), steam - max(0, len(taken) - 1)


def busy(st: Any) -> int:
    """The player's log entries this round: a small cost each, so that a loop of effects
    that changes nothing (pay a charm with stamina to gain a stamina) never beats ending
    the turn (the AI's own entries do not count)."""
    n = 0
    for e in reversed(st.log):
        if e.round != st.round:
            break
        n += e.seat == 0
    return n


def certain_loss(st: Any) -> bool:
    """In the end-of-round window (no more AI turns before its end of round) a waiting
    capture or explosion cannot be escaped: it counts as the loss it is."""
    if not any(t[0] == "ai_end" for t in st.tasks):
        return False
    at = st.pl[0]["at"]
    if st.ai["sheet"] == "jb":
        return at == st.ai["at"] or not any(st.ai["clues"][a] for a in gai.areas(st))
    if st.ai["sheet"] == "stefan":
        dest = gai.event_area(st, "Destination")
        return dest is not None and at in {dest, *(a for a in gai.adjacent(st, dest) if st.board.is_slot(a))}
    return False


def solo_value(st: Any, mine: float) -> float:
    """A win is +1000 and a capture or an explosion -1000; losing on VP at the end is no
    cliff (the player's worth as it stands), so that a bot that cannot catch up still ends
    the game instead of stalling before its last "end"."""
    res = st.result
    if res is not None:
        if res.get("won") is False:  # captured or caught in the explosion
            return -1000.0
        won = st.outcome()["won"]
        return 1000.0 if won else mine - 0.005 * busy(st)
    if certain_loss(st):
        return -1000.0 - 0.005 * busy(st)
    # the AI's own gains are not counted: they come with ending a turn or a round,
    # which the player cannot avoid, and would make a bot stall before them
    return mine - danger(st) - 0.005 * busy(st)
