"""Journals (§17.1-17.4): each character's ten chapter cards, the Journal phase's secret
chapter choice, objectives checked as data, rewards with the ability on the chapter's
back, failure and Chapter F, special instructions (trapped) and one-shot Destroy abilities.

Per character, `st.gn["j"][p]` holds:
- `deck`: the bookmarks still in the journal deck (printed order), `kept` the chapters
  taken (Chapter 0 first), `out` the ones discarded;
- `ch`: the current chapter's bookmark ("" before the first), `done` whether its objective
  is fulfilled, `count`: game events counted since it was chosen (for `count` goals);
- `offer`: the two chapters drawn this Journal phase, `pick`: the secret choice ("" until
  made); `trap`: the area the character may not leave (-1 when free); `story`: "going",
  "failed" (Chapter F comes next Journal phase) or "over" (Chapter F drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from ...effects import gain, gain_possible, label
from ...rules import ref
from ...schema import MARKS, Chapter, Goal

if TYPE_CHECKING:
    from ...state import SteamfallState, Task

#: the pair drawn at each Journal phase while the story goes on (round -> bookmarks)
PAIRS = {1: ("1A", "1B"), 2: ("2A", "2B"), 3: ("3A", "3B"), 4: ("4A", "4B")}


def new_journal() -> dict[str, Any]:
    return {
        "deck": list(MARKS),
        "kept": [],
        "out": [],
        "ch": "",
        "done": False,
        "count": {},
        "offer": [],
        "pick": "",
        "trap": -1,
        "story": "going",
    }


def copy_journal(j: dict[str, Any]) -> dict[str, Any]:
    out = dict(j)
    for k in ("deck", "kept", "out", "offer"):
        out[k] = list(j[k])
    out["count"] = dict(j["count"])
    return out


def chapter(st: SteamfallState, p: int, mark: str) -> Chapter:
    journal = st.content.journals[st.pl[p]["char"]]
    return next(c for c in journal.chapters if c.mark == mark)


def journal_id(st: SteamfallState, p: int) -> str:
    return st.content.journals[st.pl[p]["char"]].id


def _take(j: dict[str, Any], mark: str) -> None:
    j["deck"].remove(mark)
    j["kept"].append(mark)


# ------------------------------------------------------------------ the Journal phase (§17.2)
def open_phase(st: SteamfallState, rnd: int) -> bool:
    """Draw each character's next pair (1A/1B first; the next pair only after a fulfilled
    objective); a character whose objective failed draws Chapter F instead and discards the
    rest of the journal. True when someone has a choice to make."""
    choosing = False
    for p in st.order:
        j = st.gn["j"][p]
        j["offer"], j["pick"] = [], ""
        if j["story"] == "over":
            continue
        if j["ch"] and not j["done"]:
            j["story"] = "failed"
        if j["story"] == "failed":
            _chapter_f(st, p)
            continue
        pair = PAIRS.get(rnd)
        if pair is None or any(m not in j["deck"] for m in pair):
            continue
        j["offer"] = list(pair)
        choosing = True
        st.say(p, f"draws chapters {pair[0]} and {pair[1]}", ref("17.2"))
    return choosing


def _chapter_f(st: SteamfallState, p: int) -> None:
    j = st.gn["j"][p]
    _take(j, "F")
    j["out"] += j["deck"]
    j["deck"] = []
    j["ch"], j["done"], j["story"], j["trap"], j["count"] = "F", True, "over", -1, {}
    st.say(
        p,
        "failed an objective: the story ends with Chapter F; the rest of the journal is discarded",
        ref("17.3"),
    )
    setup_chapter(st, p, chapter(st, p, "F"))


def choosers(st: SteamfallState) -> tuple[int, ...]:
    """Who still owes a secret chapter choice (everyone chooses at once, §17.2)."""
    return tuple(
        st.seat_of(p) for p, j in enumerate(st.gn["j"]) if j["offer"] and not j["pick"] and p < st.players
    )


def pick_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    waiting = choosers(st)
    p = seat if seat is not None else (waiting[0] if waiting else 0)
    j = st.gn["j"][p]
    acts = tuple(
        Action(f"chapter:{m}", f"{m} {chapter(st, p, m).title}: {objective_text(chapter(st, p, m))}")
        for m in j["offer"]
    )
    return Decision(
        p,
        "chapter",
        "Journal phase: choose your next chapter (secret until everyone has chosen)",
        ref("17.2"),
        acts,
        simultaneous=True,
        secret=True,
    )


def apply_pick(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    mark = aid.split(":", 1)[1]
    j = st.gn["j"][seat]
    j["pick"] = mark
    st.say(seat, f"chooses chapter {mark}", ref("17.2"), visible_to=(seat,))
    if choosers(st):
        return
    st.tasks.pop()
    reveal(st)


def reveal(st: SteamfallState) -> None:
    """Every choice revealed together; the other chapter of each pair discarded; then the
    setups in turn order (their choices before the events are prepared)."""
    chosen = []
    for p in st.order:
        j = st.gn["j"][p]
        if not j["pick"]:
            continue
        mark = j["pick"]
        for m in j["offer"]:
            if m == mark:
                _take(j, m)
            else:
                j["deck"].remove(m)
                j["out"].append(m)
        j["ch"], j["done"], j["count"], j["offer"], j["pick"] = mark, False, {}, [], ""
        chosen.append(p)
        st.say(p, f"reveals chapter {mark}: {chapter(st, p, mark).title}", ref("17.2"))
    for p in reversed(chosen):
        st.tasks.append(["gn_setup_chapter", p, st.gn["j"][p]["ch"]])


def resolve_setup_chapter(st: SteamfallState, task: Task) -> None:
    setup_chapter(st, task[1], chapter(st, task[1], task[2]))


def setup_chapter(st: SteamfallState, p: int, c: Chapter) -> None:
    """A chapter's setup (§17.2): its gains, events set aside or placed here, and its special
    instruction."""
    from .game import place_here, set_aside

    for eid in c.setup.here:
        area = place_here(st, p, eid)
        if c.special == "trapped" and eid == c.setup.here[0] and area >= 0:
            st.gn["j"][p]["trap"] = area
            st.say(p, f"is trapped in this district until the objective of {c.mark} is met", ref("17.4"))
    for eid in c.setup.events:
        set_aside(st, p, eid)
    if c.setup.gains:
        st.say(
            p,
            f"chapter {c.mark} setup: gains {label(c.setup.gains)}",
            ref("17.1" if c.mark == "0" else "17.2"),
        )
        gain(st, p, c.setup.gains)


# ------------------------------------------------------------------ objectives (§17.3)
def goal_met(st: SteamfallState, p: int, g: Goal) -> bool:
    if g.kind == "at_event":
        from .game import events_at

        here = st.pl[p]["at"]
        return bool(0 <= here < st.board.n_districts and g.what in events_at(st, here))
    have, need = goal_progress(st, p, g)
    return have >= need


#: what a goal counts, in a word or two (the journal panels)
GOAL_UNIT = {
    "escort": "civilians escorted",
    "in_play": "items in play",
    "cubes": "cubes on the map",
    "at_event": "at the event",
    "abilities": "journal abilities",
}


def goal_progress(st: SteamfallState, p: int, g: Goal) -> tuple[int, int]:
    """(reached, needed) of one goal; standing at an event is 0 or 1 of 1."""
    pl = st.pl[p]
    k = g.kind
    if k == "at_event":
        return int(goal_met(st, p, g)), 1
    if k == "have":
        return int(pl["res"][g.what]), g.n
    if k == "count":
        return int(st.gn["j"][p]["count"].get(g.what, 0)), g.n
    if k in ("escort", "in_play"):
        return len(pl["civs" if k == "escort" else "play"]), g.n
    if k == "cubes":
        return cubes_placed(st, p), g.n
    if k == "abilities":
        kind = st.content.abilities
        return sum(1 for a in pl["abil"] if a in kind and kind[a].scenario == "genesis-chapter"), g.n
    raise ValueError(f"unknown objective goal kind {k!r} (§17.3)")


def goal_share(st: SteamfallState, p: int, g: Goal) -> float:
    """How much of one goal is reached (0-1): counts against their target; standing at an
    event and the ability count are all or nothing."""
    if g.kind in ("at_event", "abilities"):
        return 1.0 if goal_met(st, p, g) else 0.0
    have, need = goal_progress(st, p, g)
    return float(min(1.0, have / max(1, need)))


def progress(st: SteamfallState, p: int, c: Chapter | None) -> list[dict[str, Any]]:
    """What an open objective still asks, goal by goal: reached and needed counts (the
    game events a chapter does not count are left out); empty once met or over."""
    j = st.gn["j"][p]
    if c is None or j["done"] or j["story"] != "going":
        return []
    out = []
    for g in c.objective:
        have, need = goal_progress(st, p, g)
        unit = g.what.replace("_", " ") if g.kind in ("have", "count") else GOAL_UNIT[g.kind]
        out.append({"what": unit, "have": min(have, need), "need": need})
    return out


def share(st: SteamfallState, p: int, c: Chapter) -> float:
    """The objective's share reached: the mean of its goals' shares."""
    return sum(goal_share(st, p, g) for g in c.objective) / len(c.objective) if c.objective else 0.0


def cubes_placed(st: SteamfallState, p: int) -> int:
    """Influence cubes of p on the map: on areas and on scoring events."""
    on_events = sum(1 for cubes in st.gn["ecubes"].values() if p in cubes)
    return sum(1 for c in st.cubes if p in c) + on_events


GOAL_TEXT = {
    "have": "have {n} {what}",
    "count": "{what} x{n} this chapter",
    "escort": "escort {n} civilians",
    "in_play": "{n} items in play",
    "cubes": "{n} influence cubes on the map",
    "at_event": "stand at {what}",
    "abilities": "{n} journal abilities",
}


def goal_text(g: Goal) -> str:
    return GOAL_TEXT[g.kind].format(n=g.n, what=g.what.replace("_", " "))


def objective_text(c: Chapter) -> str:
    return " and ".join(goal_text(g) for g in c.objective) or "no objective"


def check(st: SteamfallState, p: int, eor: bool = False) -> None:
    """Reward at once when the current chapter's objective holds (checked at the end of each
    of the character's turns and at the end of the round, §17.3): the reward, the ability on
    the chapter's back, and freedom from a trap."""
    if not st.gn or p >= len(st.gn["j"]):
        return
    j = st.gn["j"][p]
    if not j["ch"] or j["done"] or j["story"] != "going":
        return
    c = chapter(st, p, j["ch"])
    if not c.objective or not all(goal_met(st, p, g) for g in c.objective):
        return
    j["done"], j["trap"] = True, -1
    st.say(p, f"fulfils the objective of chapter {c.mark} ({objective_text(c)})", ref("17.3"))
    if c.ability is not None:
        st.pl[p]["abil"].append(f"{journal_id(st, p)}-{c.mark}")
        st.say(p, f"turns the chapter over: ability {c.ability.name}", ref("17.4"))
    if c.reward:
        st.say(p, f"reward: {label(c.reward)}", ref("17.3"))
        gain(st, p, c.reward, eor=eor)


def on_event(st: SteamfallState, p: int, event: str, n: int) -> None:
    """Count a game event toward the current chapter's `count` goals."""
    if p >= len(st.gn["j"]):
        return
    j = st.gn["j"][p]
    if j["ch"] and not j["done"] and j["story"] == "going":
        j["count"][event] = j["count"].get(event, 0) + n


def trapped_in(st: SteamfallState, p: int) -> int:
    j = st.gn["j"][p] if p < len(st.gn["j"]) else None
    return -1 if j is None or j["done"] else int(j["trap"])


# ------------------------------------------------------------------ Destroy abilities (§17.4)
def destroy_options(st: SteamfallState, p: int, eor: bool) -> list[Action]:
    out = []
    for aid in st.pl[p]["abil"]:
        ab = st.content.abilities[aid]
        for i, eff in enumerate(ab.effects):
            if eff.timing != "destroy":
                continue
            for g, bundle in enumerate(eff.gains):
                if gain_possible(st, p, bundle, eor):
                    out.append(
                        Action(f"gndestroy:{aid}:{i}:{g}", f"destroy {ab.name}: {label(bundle)} (once)")
                    )
    return out


def destroy(st: SteamfallState, p: int, aid: str, idx: int, g: int, eor: bool) -> None:
    ab = st.content.abilities[aid]
    st.pl[p]["abil"].remove(aid)
    st.gn["destroyed"].append(aid)
    st.say(p, f"destroys the ability {ab.name} (back to the box)", ref("17.4"))
    gain(st, p, ab.effects[idx].gains[g], eor=eor)


def view(st: SteamfallState, p: int, seat: int | None) -> dict[str, Any]:
    j = st.gn["j"][p]
    cur = chapter(st, p, j["ch"]) if j["ch"] else None
    out: dict[str, Any] = {
        "kept": list(j["kept"]),
        "deck_size": len(j["deck"]),
        "discarded": list(j["out"]),
        "chapter": j["ch"],
        "title": cur.title if cur else "",
        "objective": objective_text(cur) if cur else "",
        "done": j["done"],
        "story": j["story"],
        "trapped": j["trap"] if not j["done"] else -1,
        "progress": progress(st, p, cur),
        "share": 1.0 if j["done"] else (round(share(st, p, cur), 3) if cur else 0.0),
        "offer": list(j["offer"]),
        "chosen": bool(j["pick"]),
    }
    if seat is not None and st.seat_of(p) == seat:
        out["pick"] = j["pick"]
    return out
