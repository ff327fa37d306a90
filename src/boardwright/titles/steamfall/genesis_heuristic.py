"""Genesis's part of the bots' evaluation (§17): a character's journal and scoring events.

Added to a character's worth (heuristic.py): progress toward the current chapter's
objective (each goal's share, capped at its target), a fulfilled chapter (its reward is
already in the resources; the story going on is worth more chapters), a failed story (no
more chapters), and the VP the scoring events would give if the game ended now, for the
events the character takes part in (a cube, or standing there in the last round).
"""

from __future__ import annotations

from typing import Any

from . import genesis, journal

#: worth of the current objective when fulfilled (reward, ability, the next pair of chapters)
W_OBJECTIVE = 4.0
#: a story still going (chapters left to draw) against a failed one
W_STORY = 1.5


def journal_value(st: Any, p: int) -> float:
    if not st.gn or p >= len(st.gn["j"]):
        return 0.0
    j = st.gn["j"][p]
    if j["story"] != "going":
        return 0.0
    value = W_STORY
    mark = j["pick"] or j["ch"]  # a secret choice not yet revealed: judge the chapter chosen
    if not mark or mark == "0":
        return value
    if j["done"] and not j["pick"]:
        return value + W_OBJECTIVE
    c = journal.chapter(st, p, mark)
    if not c.objective:
        return value
    return value + W_OBJECTIVE * journal.share(st, p, c)


def scoring_value(st: Any, p: int) -> float:
    if not st.gn:
        return 0.0
    value = 0.0
    last = st.round >= genesis.ROUNDS
    for area, eid in genesis.scoring_areas(st):
        cubed = p in st.gn["ecubes"].get(eid, [])
        here = st.pl[p]["at"] == area
        if not cubed and not (here and last):
            continue
        for q, vp in genesis.rank_event(st, area, eid):
            if q == p:
                value += vp * (1.0 if cubed else 0.8)
    return value


def genesis_worth(st: Any, p: int) -> float:
    return journal_value(st, p) + scoring_value(st, p) + float(genesis.score_extra(st, p))
