"""Genesis solo for the bots: the solo losses ahead, in VP units, subtracted from the
player's worth (heuristic.py); `ai_worth` estimates the AI's end score (for reports).
Reads only public pieces."""

from __future__ import annotations

from typing import Any

from ..game import ROUNDS
from . import hunt
from . import sheets as gai

#: what a loss waiting at the end of the round costs (more on the round's last turn)
W_DANGER, W_DANGER_LAST = 6.0, 40.0
#: J&B: each clue area still missing for a clue to outlast his chase, and each Feint the
#: player can still pay up to those needed (2 scrap or 1 steam)
W_SHORT, W_FUEL = 3.0, 3.5
#: J&B, before the round's last turn: each Feint that turn will need
W_NEED = 3.5
#: J&B, on every turn before the round's last: the last turn could not escape from here
W_PREP = 15.0
#: Marcus and Lucius: each token the player takes from the AI's score, before the last
#: round and in it (a civilian token taken earlier may be dropped again)
W_DENY, W_DENY_LAST = 0.6, 1.1
#: tokens within reach this turn that the player can pay to take (see `deny_reach`)
W_DENY_REACH = 0.6
#: the player's log entries that take something from the AI's score (see `denial`)
DENY_MARK = {"marcus": ("encounters a civilian",), "lucius": ("Execute: removes",)}
#: the last round, the story's objective met or over: insight left over buys no VP
W_LEFTOVER = 0.15
#: the last round: a scoring event the player does not take part in yet, within the
#: movement it holds, per VP it would score there (see `event_reach`)
W_EVENT_REACH = 0.6


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
    passes (one, and one more per steam he holds). On the round's last turn, before his
    chase, the loss counts when no line of moves and Feints left in the turn escapes it
    (genesis_ai_hunt: an exact search, his chase as the sheet runs it), and each clue area
    still missing a little, so that every Feint into a new area is a step forward. On the
    turn before it, the loss ahead costs `W_PREP` when, after the coming chase, no column
    left for the last turn would escape from where the player stands (a secret location
    has one neighbour for Feints; a pathway may cost more than a column's movement). That
    cost is counted on every turn before the last, not on the one before it only: else every
    child of an earlier turn but "end your turn" went without it, and greedy, to put off that
    cliff, spent on anything (charging an item with the scrap of its Feints) before ending the
    turn. Before the last turn: the Feints the last turn will need (one and one per steam J&B keeps
    after his next chase, less the clue areas that chase leaves) cost, and the Feints the
    player can pay (2 scrap or 1 steam) toward them count; so clues in several areas, which
    make him spend his steam early, are worth leaving, and the scrap and steam for the last
    turn worth keeping."""
    if last and not any(t[0] == "ai_turn" for t in st.tasks):
        # the end-of-round window: his last chase is over; a capture waiting now is certain
        # (`certain_loss`) and nothing else is at stake
        return 0.0
    _left, _at, areas_left, steam_left = after_chase(st)
    pl = st.pl[0]
    fuel = pl["res"]["steam"] + pl["res"]["scrap"] // 2
    acting = any(t[0] == "turn" for t in st.tasks)
    if not last:
        need = max(0, 1 + steam_left - areas_left)
        cost = W_NEED * need - W_FUEL * min(fuel, need)
        if acting and not hunt.next_turn_escape(st):
            cost += W_PREP  # the last turn would start with no way out
        return float(cost)
    areas = sum(1 for a in gai.areas(st) if st.ai["clues"][a])
    short = max(0, 2 + st.ai["pool"]["steam"] - areas)
    lost = not (acting and hunt.last_turn_escape(st))
    return float(w * lost + W_SHORT * short - W_FUEL * min(fuel, short))


def after_chase(st: Any) -> tuple[int, int, int, int]:
    """Clue tokens left, J&B's area, the areas still holding clues and the steam he keeps,
    after his next chase as his sheet runs it (`genesis_ai_hunt.chase`: the area with the
    most clues, again for each steam he holds while clues remain, and the steam tokens he
    picks up where he stops, each one more pass)."""
    clues = hunt.clue_counts(st)
    steam = int(st.ai["pool"]["steam"])
    if st.tasks and st.tasks[-1][0] != "turn":
        return sum(clues), st.ai["at"], sum(1 for n in clues if n), steam
    left, at, steam = hunt.chase(st, clues, st.ai["at"], steam)
    return sum(left), at, sum(1 for n in left if n), steam


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
    return mine - danger(st) - denial(st) + leftover(st) + event_reach(st) - 0.005 * busy(st)


def denial(st: Any) -> float:
    """What the player has taken from the AI's score this game, in VP units (a gain, so
    subtracted as a negative cost): Marcus's civilian tokens taken by Lost and found or an
    encounter (a VP each in his pool at the end, and insight on his d20 1-9; a token taken
    before the last round goes back to the supply, from which his sheet may drop it again),
    Lucius's Mechanized removed by Execute (a VP each on the map at the end). Counted from
    the player's own log entries, so that what the AI does never changes it: a count of the
    tokens where they lie changed with the AI's own pick-ups and drops at the end and start
    of a round, and greedy then shied from ending its last turn (it spent its insight on
    action tokens rather than end it, and failed its next chapter)."""
    sheet = st.ai["sheet"]
    if sheet not in DENY_MARK:
        return 0.0
    mark = DENY_MARK[sheet]
    taken = 0.0
    for e in st.log:
        if e.seat == 0 and any(m in e.text for m in mark):
            taken += W_DENY_LAST if sheet == "lucius" or e.round >= ROUNDS else W_DENY
    return -taken - W_DENY_REACH * deny_reach(st)


def deny_reach(st: Any) -> float:
    """Tokens the player could still take from the AI's score this turn, in VP units: the
    most of them in one area within the movement left (or here), up to the removals it can
    pay (Lucius: Execute for 6 insight, 2 violence or 1 special; Marcus: Lost and found for 3
    insight, an encounter for 2 charm or 2 violence, weighed as `denial` weighs a token taken
    in that round). A one-step bot does not see that a move brings it to them."""
    from ....heuristic import _distances

    sheet = st.ai["sheet"]
    pl = st.pl[0]
    pool, res = pl["pool"], pl["res"]
    if sheet == "lucius":
        kind = "mechanized"
        pays = res["insight"] // 6 + pool["violence"] // 2 + pool["special"]
        w = W_DENY_LAST
    elif sheet == "marcus":
        kind = "civilian"
        pays = res["insight"] // 3 + pool["charm"] // 2 + pool["violence"] // 2
        w = W_DENY_LAST if st.round >= ROUNDS else W_DENY
    else:
        return 0.0
    if not pays:
        return 0.0
    move = pool["movement"] + res["stamina"]
    dist = _distances(st, 0)[0] if move else {pl["at"]: 0}
    live = set(gai.areas(st))
    most = max((int(st.tok[a][kind]) for a, d in dist.items() if d <= move and a in live), default=0)
    return float(w * min(pays, most))


def leftover(st: Any) -> float:
    """In the last round, once the chapter's objective is met or the story over, insight
    buys no VP for the player at the end (the heuristic's 0.2 each would keep it): so it is
    spent where it takes VP from the AI (Lost and found, Execute)."""
    if st.round < ROUNDS or not st.gn:
        return 0.0
    j = st.gn["j"][0]
    if j["story"] == "going" and not j["done"]:
        return 0.0
    return float(-W_LEFTOVER * st.pl[0]["res"]["insight"])


def event_reach(st: Any) -> float:
    """In the last round, the scoring event the player could still join by standing there
    at the end (or with a cube for 4 insight once there), within the movement (and stamina)
    it holds: 3 VP when its count beats the AI's pool now, else 1 VP, weighed by
    W_EVENT_REACH. The scoring term (genesis_heuristic) counts an event only once the
    player stands there or has its cube, and a one-step bot does not see that a column of
    movement brings it there: it ended games with 13 steam and 31 insight beside a Steam
    Funnel and a Ritual Site it never joined."""
    from ....heuristic import _distances
    from .. import game as genesis
    from .solo import ai_counts

    if st.round < ROUNDS or not st.gn:
        return 0.0
    pl = st.pl[0]
    move = pl["pool"]["movement"] + pl["res"]["stamina"]
    areas = [
        (a, eid)
        for a, eid in genesis.scoring_areas(st)
        if pl["at"] != a and 0 not in st.gn["ecubes"].get(eid, [])
    ]
    if not move or not areas:
        return 0.0
    dist = _distances(st, 0)[0]
    counts = ai_counts(st)
    best = 0
    for a, eid in areas:
        if dist.get(a, 99) <= move:
            kind = str(st.content.genesis_events[eid].scoring)
            best = max(best, 3 if genesis.measure(st, 0, kind) > counts[kind] else 1)
    return W_EVENT_REACH * best
