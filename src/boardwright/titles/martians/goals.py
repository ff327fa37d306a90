"""Collector's Edition hidden goals (§2.5): deal 3, keep 1 and pass 2 to the left, keep
1 of the 2 received; both choices are simultaneous and secret."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Rng
from boardwright.engine.actions import Action, Decision

from .buildings import installations_of
from .rules import ref

if TYPE_CHECKING:
    from .state import MartiansState


def deal(s: MartiansState) -> None:
    s.goal_deck = sorted(s.content.goals)
    s.shuffle("goal deck", s.goal_deck)
    n = s.players
    s.goal_hand = [sorted(s.goal_deck.pop() for _ in range(3)) for _ in range(n)]
    s.goals = [[] for _ in range(n)]
    s.goal_discard = [[] for _ in range(n)]
    s.goal_passed = [[] for _ in range(n)]
    s.goal_pick = [""] * n
    for p in range(n):
        s.say(p, f"is dealt hidden goals {', '.join(s.goal_hand[p])}", ref("2.5"), visible_to=(p,))
    s.push("goal_keep", 1)


def choosers(s: MartiansState) -> tuple[int, ...]:
    return tuple(p for p in range(s.players) if not s.goal_pick[p])


def keep_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    p = 0 if seat is None else seat
    stage = int(task[1])
    what = "keep one, pass two to the left" if stage == 1 else "keep one, discard the other"
    acts = tuple(Action(f"keep:{g}", f"keep {g}: {s.content.goals[g].text}") for g in s.goal_hand[p])
    return Decision(p, "hidden goal", f"{s.name(p)}: hidden goals, {what}", ref("2.5"), acts,
                    simultaneous=True, secret=True)


def apply_keep(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    s.goal_pick[seat] = action_id.split(":", 1)[1]
    s.say(seat, f"keeps {s.goal_pick[seat]}", ref("2.5"), visible_to=(seat,))
    if choosers(s):
        return
    n = s.players
    if int(task[1]) == 1:
        rest = [[g for g in s.goal_hand[p] if g != s.goal_pick[p]] for p in range(n)]
        for p in range(n):
            s.goals[p].append(s.goal_pick[p])
            s.goal_passed[p] = rest[p]
            s.goal_hand[(p + 1) % n] = sorted(rest[p])
        for p in range(n):
            s.say(p, f"receives {', '.join(s.goal_hand[p])}", ref("2.5"), visible_to=(p,))
        s.goal_pick = [""] * n
        task[1] = 2
        s.say(None, "every player keeps a hidden goal and passes two to the left", ref("2.5"))
        return
    for p in range(n):
        s.goals[p].append(s.goal_pick[p])
        s.goal_discard[p] = [g for g in s.goal_hand[p] if g != s.goal_pick[p]]
        s.goal_hand[p] = []
    s.goal_pick = ["-"] * n
    s.tasks.pop()
    s.say(None, "every player holds two hidden goals", ref("2.5"))


def met(s: MartiansState, corp: int, goal: str) -> bool:
    rec = s.content.goals[goal]
    t = rec.target
    value: int = {
        "corp_techs": lambda: len(s.corp_tech[corp]),
        "experts": lambda: len(s.experts[corp]),
        "assistants": lambda: len(s.assistants[corp]),
        "installations": lambda: installations_of(s, corp),
        "birth": lambda: s.quarters[s.owner.index(corp)][3] if corp in s.owner else 0,
        "credits": lambda: s.have(s.purse(corp), "credits"),
        "no_dead": lambda: 1 if s.dead[corp] == 0 else -1,
        "regolith_cards": lambda: len(s.regolith[s.purse(corp)]),
        "fourth_colonist": lambda: 1 if s.colonists[corp] >= 4 else 0,
        "colony_techs": lambda: sum(1 for _, who, _ in s.colony_tech if who == corp),
        "research_done": lambda: s.stats[corp]["research"],
        "commissions_done": lambda: s.stats[corp]["commissions"],
    }[rec.check]()  # type: ignore[no-untyped-call]
    return value >= t


def determinize(s: MartiansState, seat: int, rng: Rng) -> None:
    """Re-deal what `seat` cannot know: the deck and the others' goals, except the two
    cards it passed left (their split between kept and discarded is re-guessed)."""
    if not s.goal_hand or s.finished:
        return  # at the end every goal is revealed
    n = s.players
    left = (seat + 1) % n
    passed = set(s.goal_passed[seat])
    pool = list(s.goal_deck)
    slots: list[tuple[list[str], int]] = []
    for p in range(n):
        if p == seat:
            continue
        for lst in (s.goal_hand[p], s.goals[p], s.goal_discard[p]):
            for i, g in enumerate(lst):
                if g not in passed:
                    slots.append((lst, i))
                    pool.append(g)
    rng.shuffle(pool)
    s.goal_deck = pool[:len(s.goal_deck)]
    for (lst, i), g in zip(slots, pool[len(s.goal_deck):], strict=True):
        lst[i] = g
    if len(s.goals[left]) == 2 and s.goal_discard[left] and rng.below(2):
        s.goals[left][1], s.goal_discard[left][0] = s.goal_discard[left][0], s.goals[left][1]
    for p in range(n):
        if p == seat:
            continue
        s.goal_hand[p].sort()
        if s.goal_pick[p] not in ("", "-"):
            s.goal_pick[p] = rng.choice(s.goal_hand[p])
