"""Genesis solo for the bots: the AI opponent's standing and the solo losses ahead, in VP
units, subtracted from the player's worth (heuristic.py). Reads only public pieces."""

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


def solo_value(st: Any, mine: float) -> float:
    return mine - ai_worth(st) - danger(st)
