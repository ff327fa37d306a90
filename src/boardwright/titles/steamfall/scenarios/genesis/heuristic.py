"""Genesis's part of the bots' evaluation (§17): a character's journal and scoring events.

Added to a character's worth (heuristic.py): progress toward the current chapter's
objective (each goal's share, capped at its target), a fulfilled chapter (its reward is
already in the resources; the story going on is worth more chapters), a failed story (no
more chapters), and the VP the scoring events would give if the game ended now, for the
events the character takes part in (a cube, or standing there in the last round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import game as genesis
from . import journal

#: the value of one logged event (see `evaluate`)
LOG_COST = 0.02
REPEAT_COST = 0.02
#: a pending choice of the acting character with at most this many options is looked into
FOLLOW_MAX = 4

#: worth of the current objective when fulfilled (reward, ability, the next pair of chapters)
W_OBJECTIVE = 4.0
#: a step of a count goal within reach (see `within_reach`) against a step taken
W_REACH = 0.8
#: a story still going (chapters left to draw) against a failed one
W_STORY = 1.5
#: solo: the journal pick is judged by playing the round ahead (`pick_outlook`) in these rounds
PICK_ROUNDS = (1,)


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
    outlook = pick_outlook(st, p)
    if outlook is not None:
        return value + W_OBJECTIVE * outlook
    soon = 0.0
    if not j["pick"]:
        for g in c.objective:
            have, need = journal.goal_progress(st, p, g) if g.kind != "at_event" else (0, 0)
            if have < need:
                soon += min(need - have, within_reach(st, p, g.kind, g.what)) / need
    return value + W_OBJECTIVE * (journal.share(st, p, c) + W_REACH * soon / len(c.objective))


_IN_OUTLOOK = [False]
#: look-aheads made, by game (seed, options) and history: a search that passes the same pick
#: again (ISMCTS with greedy playouts) plays the round ahead once, on its first determinization
_OUTLOOKS: dict[tuple[Any, ...], float] = {}


def pick_outlook(st: Any, p: int) -> float | None:
    """Solo, right after the journal pick (the chapter revealed, nothing done since):
    how the chosen objective fares when the round is played ahead by greedy on this copy
    (a determinized one when the bot asks, so the AI's d20 and the decks are re-sampled,
    never read). 1 when the objective is met within the round, else half its share at the
    round's end (0 when the story failed). Without it greedy valued 1A and 1B the same at
    the pick (no progress on either yet) and took a chapter that fails here (a "spend 2
    charm" with no civilian left near it) about as often as one it nearly always meets.
    None elsewhere (and inside a look-ahead). Made once per position of the real game."""
    if _IN_OUTLOOK[0] or not getattr(st, "ai", None) or st.round not in PICK_ROUNDS:
        return None
    if not _just_picked(st, p):
        return None
    key = (st.seed, tuple(sorted(st.options.items())), tuple(st.history))
    if key not in _OUTLOOKS:
        if len(_OUTLOOKS) >= 4096:
            _OUTLOOKS.clear()
        _OUTLOOKS[key] = _look_ahead(st, p)
    return _OUTLOOKS[key]


def _look_ahead(st: Any, p: int) -> float:
    from boardwright.bots.greedy import GreedyBot

    sim = st.clone()
    j0 = sim.gn["j"][p]
    mark, rnd = j0["ch"], sim.round
    bot = GreedyBot(seed=sim.seed * 31 + rnd)
    _IN_OUTLOOK[0] = True
    try:
        while not sim.over and sim.round == rnd:
            j = sim.gn["j"][p]
            if j["done"] or j["story"] != "going" or j["ch"] != mark:
                break
            s = sim.to_act[0]
            sim.apply(s, bot.choose(sim, s).id)
    finally:
        _IN_OUTLOOK[0] = False
    j = sim.gn["j"][p]
    if j["ch"] == mark and j["done"]:
        return 1.0
    if j["story"] != "going" or j["ch"] != mark:
        return 0.0
    return 0.5 * journal.share(sim, p, journal.chapter(sim, p, mark))


def _just_picked(st: Any, p: int) -> bool:
    """The last action of the game is this character's chapter choice: the position right
    after the pick (the reveal and the start of the round run on by themselves)."""
    h = st.history
    return bool(h) and h[-1][0] == st.seat_of(p) and h[-1][1].startswith("chapter:")


def within_reach(st: Any, p: int, kind: str, what: str) -> float:
    """How many steps of a count goal the character could take with what it holds now (its
    action pool, stamina, what lies in its area): a one-step bot does not see that a column
    of movement brings three districts nearer, or that charm in the pool is a step toward
    "spend charm", until it is spent. Steps only, never the goal itself."""
    pl = st.pl[p]
    pool, res = pl["pool"], pl["res"]
    spare = res["stamina"]
    at = pl["at"]
    if kind == "cubes" or what == "place_cube":
        return float(pl["cubes"] > 0 and pool["movement"] + spare > 0)
    if kind != "count":
        return 0.0
    if what == "enter_district":
        return float(pool["movement"] + spare)
    if what == "pick_up":
        tokens = sum(st.tok[at][k] for k in ("scrap", "steam", "workshop"))
        return float(min(pool["manipulate"] + spare, tokens + (pool["movement"] > 0)))
    if what in ("spend_charm", "spend_violence"):
        return float(pool[what.split("_")[1]])
    if what == "spend_scrap":
        return float(res["scrap"]) / 2
    if what == "explore_ruins":
        return float(bool(st.ruins[at]))
    if what == "play_item":
        return float(bool(pl["hand"]))
    return 0.0


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


def follow_through(st: Any, p: int, value: Callable[[Any], float]) -> float | None:
    """The best value among the options of a small choice that an effect left pending for
    character p (which deck to draw from, the gain of a ruins token just explored, where a
    clue goes), or None when the position is no such choice. Without it a one-step bot
    judges an effect by its half-done state: a free exploration (Stefan's Excavation Site,
    his chapter 1A objective) looked worth nothing and was never taken. A turn's own
    decisions (a column to activate, ending the turn) are not looked into."""
    if st.to_act != (p,):
        return None
    acts = st.legal_actions(p)
    if not 1 <= len(acts) <= FOLLOW_MAX or any(a.id == "end" or a.id.startswith("col:") for a in acts):
        return None
    best = None
    outer = _IN_OUTLOOK[0]
    _IN_OUTLOOK[0] = True  # a journal pick seen from the decision before it: no look-ahead
    try:
        for a in acts:
            child = st.clone()
            child.apply(p, a.id)
            v = value(child)
            best = v if best is None else max(best, v)
    finally:
        _IN_OUTLOOK[0] = outer
    return best


def _repeats(st: Any) -> int:
    """How often the last log entry occurs among the last 60 (loops of one or two effects:
    the count, and so the cost, keeps growing while the loop goes on)."""
    tail = [(e.seat, e.text) for e in st.log[-60:]]
    return tail.count(tail[-1]) if tail else 0


def evaluate(st: Any, seat: int, depth: int) -> float:
    """Genesis's evaluation: a pending choice followed through, then the seat's worth against
    the best opponent's (solo: against the AI opponent, rules.md §18)."""
    from ...heuristic import _worth
    from ...heuristic import evaluate as core_evaluate

    if st.result is None and depth > 0:
        ahead = follow_through(st, seat, lambda c: core_evaluate(c, seat, depth - 1))
        if ahead is not None:
            return ahead
    if st.ai:
        from .ai.heuristic import solo_value

        return float(solo_value(st, _worth(st, seat)))
    mine = _worth(st, seat)
    others = [_worth(st, p) for p in range(st.players) if p != seat]
    # the same event logged again and again at the end of the log costs more each time:
    # a loop of effects that changes nothing (a location's "1 charm: 1 stamina" paid
    # with stamina) soon loses to ending the turn (a flat cost per event would not: it is
    # the same for every child of a position); a finished game is valued by the same VP
    # margin, not +-1000, so a trailing player does not stall the last end of round
    return float(
        mine - max(others, default=0.0) - LOG_COST * st.log_count() - REPEAT_COST * _repeats(st) ** 2
    )
