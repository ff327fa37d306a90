"""Genesis solo for the bots: the solo losses ahead, in VP units, subtracted from the
player's worth (heuristic.py); `ai_worth` estimates the AI's end score (for reports).
Reads only public pieces."""

from __future__ import annotations

from typing import Any

from . import genesis_ai as gai

#: what a loss waiting at the end of the round costs (more on the round's last turn)
W_DANGER, W_DANGER_LAST = 6.0, 40.0


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
        left, jb_at = after_chase(st)
        fuel = min(2.0, st.pl[0]["res"]["steam"] + st.pl[0]["res"]["scrap"] / 2)  # for Feint
        return float(w * ((left == 0) + (at == jb_at)) - 0.8 * fuel)
    if sheet == "stefan":
        dest = gai.event_area(st, "Destination")
        if dest is None:
            return 0.0
        spots = {dest, *(a for a in gai.adjacent(st, dest) if st.board.is_slot(a))}
        return w * (at in spots)
    return 0.0


def after_chase(st: Any) -> tuple[int, int]:
    """Clue tokens left, and J&B's area, after his next chase (the area with the most clues,
    again for each steam he holds)."""
    counts = sorted(((st.ai["clues"][a], a) for a in gai.areas(st) if st.ai["clues"][a]), reverse=True)
    if st.tasks and st.tasks[-1][0] != "turn":
        return sum(n for n, _ in counts), st.ai["at"]
    passes = 1 + st.ai["pool"]["steam"]
    taken = counts[:passes]
    at = taken[-1][1] if taken else st.ai["at"]
    return sum(n for n, _ in counts[passes:]), at


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
