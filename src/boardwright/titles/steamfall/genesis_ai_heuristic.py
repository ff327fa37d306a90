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
        clues = sum(st.ai["clues"][a] for a in gai.areas(st))
        return w * ((clues == 0) + (at == st.ai["at"]))
    if sheet == "stefan":
        dest = gai.event_area(st, "Destination")
        if dest is None:
            return 0.0
        spots = {dest, *(a for a in gai.adjacent(st, dest) if st.board.is_slot(a))}
        return w * (at in spots)
    return 0.0


def solo_value(st: Any, mine: float) -> float:
    return mine - ai_worth(st) - danger(st)
