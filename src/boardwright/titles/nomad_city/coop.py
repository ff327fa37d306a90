"""The cooperation mechanism (§16): advancing on Corporation boards, unlocking and
triggering corporation effects, and the corporation effects written in code (§18).

Task shapes (kind first):
  advance_pick seat count trigger rule   choose a corporation, advance `count` times
                                         (with `trigger`: then trigger one of its effects)
  advance_all seat rule                  choose a corporation: every player advances
  level_up seat corp rule                one step up; its reward at once or an unlock
  trigger seat corp rule                 choose an unlocked effect (of `corp` if given)
  opponent_loses seat points rule        choose the opponent who loses the points
  place_or_remove seat left rule         Blacksteel Worldwide level 4
  deck_build seat cards rule             Raythean Industries level 5
  dispatch seat drawn rule               Rhodes Island's Operator Dispatch
  box_one seat rule                      return 1 card of hand or discard to the box
  recall seat rule                       Rhodes Island level 4
  dept_pick seat replace rule            choose the active Rhine Lab Department tile
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from .build import refill_market
from .corporations import RHINE_LAB, TOP
from .influence import lose, place_targets, put
from .rules import ref
from .steps import amount

if TYPE_CHECKING:
    from .state import NomadState, Task

DISPATCH = {2: 3, 3: 2, 4: 2}  # operators drawn by an Operator Dispatch (§18.8, §12)


def name(s: NomadState, corp: str) -> str:
    return s.content.corp(corp).name


def level(s: NomadState, seat: int, corp: str) -> int:
    return s.coop[corp][seat]


def unlocked(s: NomadState, seat: int, corp: str = "") -> list[tuple[str, int]]:
    """(corporation, level) of every corporation effect `seat` has unlocked (§16.3)."""
    out = []
    for c in s.corps:
        if corp and c != corp:
            continue
        levels = s.content.corp(c).levels
        out += [(c, n) for n in range(1, s.coop[c][seat] + 1) if levels[n - 1].locked]
    return out


def usable(s: NomadState, seat: int, corp: str, n: int) -> bool:
    """Whether an unlocked effect may be triggered now: Rhodes Island level 4 "cannot be
    used" with an empty character discard pile (§18.8). An effect that cannot be used is
    never offered, so it never serves as a free "trigger nothing"."""
    steps = s.content.corp(corp).levels[n - 1].effect
    return all(st.kind != "recall" or bool(s.discard[seat]) for st in steps)


def triggerable(s: NomadState, seat: int, corp: str = "") -> list[tuple[str, int]]:
    """The unlocked effects `seat` may trigger now (§16.3)."""
    return [(c, n) for c, n in unlocked(s, seat, corp) if usable(s, seat, c, n)]


def effect_steps(s: NomadState, corp: str, n: int) -> list[dict[str, Any]]:
    """The steps of level `n` of `corp`; Rhine Lab's rewards come from the active tile."""
    steps = [st.model_dump() for st in s.content.corp(corp).levels[n - 1].effect]
    if corp == RHINE_LAB and any(st["kind"] == "department_reward" for st in steps):
        tile = s.content.department(s.dept) if s.dept else None
        reward = [st.model_dump() for st in tile.rewards.get(str(n), [])] if tile else []  # type: ignore[call-overload]
        steps = [x for st in steps for x in (reward if st["kind"] == "department_reward" else [st])]
    return steps


# ---------------------------------------------------------------- advancing (§16.2)
def advanceable(s: NomadState, seat: int, trigger: bool) -> list[str]:
    if trigger:
        return [c for c in s.corps if s.coop[c][seat] < TOP or triggerable(s, seat, c)]
    return [c for c in s.corps if s.coop[c][seat] < TOP]


def advance_pick_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, count, trigger, rule = task
    times = f" {count} times" if count > 1 else ""
    then = " and trigger one of its effects" if trigger else ""
    acts = tuple(Action(f"corp:{c}", f"Advance on {name(s, c)}{times}{then} "
                                     f"(now level {level(s, me, c)})")
                 for c in advanceable(s, me, bool(trigger)))
    return Decision(me, "corporation", "Choose a corporation to advance on", rule, acts)


def apply_advance_pick(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, count, trigger, rule = task
    corp = action_id.partition(":")[2]
    if trigger:
        s.push("trigger", me, corp, rule)
    for _ in range(count):
        s.push("level_up", me, corp, rule)


def advance_all_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    acts = tuple(Action(f"corp:{c}", f"Every player advances on {name(s, c)}") for c in s.corps
                 if any(lv < TOP for lv in s.coop[c]))
    return Decision(me, "corporation", "Choose a corporation: every player advances on it",
                    rule, acts)


def apply_advance_all(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, rule = task
    corp = action_id.partition(":")[2]
    # rewards go to the player of the effect first, then clockwise (§16.2)
    for p in reversed([(me + i) % s.players for i in range(s.players)]):
        s.push("level_up", p, corp, rule)


def resolve_level_up(s: NomadState, task: Task) -> None:
    _, seat, corp, _rule = task
    now = s.coop[corp][seat]
    if now >= TOP:
        s.say(seat, f"is already at the top of {name(s, corp)}", ref("16.2"))
        return
    now += 1
    s.coop[corp][seat] = now
    lv = s.content.corp(corp).levels[now - 1]
    if lv.locked:
        s.say(seat, f"reaches level {now} of {name(s, corp)} and unlocks its corporation effect",
              ref("16.2"))
        return
    steps = effect_steps(s, corp, now)
    s.say(seat, f"reaches level {now} of {name(s, corp)}" + ("" if steps else " (no reward)"),
          ref("16.2"))
    if steps:
        s.push("steps", seat, steps, corp_rule(corp))


CORP_SECTION = {"blacksteel-worldwide": "18.1", "hydebro": "18.2", "raythean-industries": "18.3",
                "rim-billiton": "18.4", "fusen-bank": "18.5", "mama-johns": "18.6",
                "rhine-lab": "18.7", "rhodes-island": "18.8"}


def corp_rule(corp: str) -> str:
    return ref(CORP_SECTION.get(corp, "18"))


# ---------------------------------------------------------------- triggering (§16.3)
def trigger_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, corp, rule = task
    acts = tuple(Action(f"effect:{c}:{n}", f"Trigger {name(s, c)} level {n}: "
                                           f"{_describe(s, c, n)}")
                 for c, n in triggerable(s, me, corp))
    return Decision(me, "corporation_effect", "Choose an unlocked corporation effect to trigger",
                    rule, acts)


def _describe(s: NomadState, corp: str, n: int) -> str:
    from .steps import describe_raw
    return describe_raw(effect_steps(s, corp, n))


def apply_trigger(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, corp, n = action_id.split(":")
    s.say(seat, f"triggers {name(s, corp)} level {n}", ref("16.3"))
    s.push("steps", seat, effect_steps(s, corp, int(n)), corp_rule(corp))


# ---------------------------------------------------------------- plain effects (§18)
def resolve_others_gain(s: NomadState, seat: int, step: dict[str, Any], rule: str) -> None:
    for i in range(1, s.players):
        p = (seat + i) % s.players
        for k in ("gold", "points"):
            if step.get(k):
                s.add(p, k, step[k])
                s.say(p, f"gains {amount(step[k], k)}", rule)


def opponent_loses_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, n, rule = task
    acts = tuple(Action(f"seat:{p}", f"Seat {p} loses {amount(n, 'points')}")
                 for p in range(s.players) if p != me)
    return Decision(me, "opponent", "Choose the opponent who loses points", rule, acts)


def apply_opponent_loses(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, _me, n, rule = task
    p = int(action_id.partition(":")[2])
    s.add(p, "points", -n)
    s.say(p, f"loses {amount(n, 'points')}", rule)


def place_or_remove_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, left, rule = task
    acts = [Action(f"place:{loc}", f"Place an influence on {loc}") for loc in place_targets(s, me)]
    for loc in s.board.locations:
        for owner in sorted(set(s.influence.get(loc, ()))):
            who = "your" if owner == me else f"seat {owner}'s"
            acts.append(Action(f"remove:{loc}:{owner}", f"Remove {who} influence from {loc}"))
    return Decision(me, "place_or_remove", f"Place or remove an influence ({left} left)", rule,
                    tuple(acts))


def apply_place_or_remove(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    verb, _, rest = action_id.partition(":")
    rule = task[3]
    if verb == "place":
        put(s, seat, rest)
        s.say(seat, f"places an influence on {rest}", rule)
    else:
        loc, _, owner = rest.partition(":")
        lose(s, int(owner), loc)
        s.say(seat, f"removes seat {owner}'s influence from {loc}", rule)
    task[2] -= 1
    if task[2] <= 0:
        s.tasks.pop()


def start_deck_build(s: NomadState, seat: int, rule: str) -> None:
    """Raythean Industries level 5: look at the top 2 facilities of the deck (§18.3). With
    no free space on the City board or neither card affordable, the only outcome is
    shuffling the deck, so no build is offered."""
    drawn = [s.fac_deck.pop() for _ in range(min(2, len(s.fac_deck)))]
    s.fac_known = min(s.fac_known, len(s.fac_deck))
    if not drawn:
        s.say(seat, "the facility deck is empty: nothing to look at", rule)
        return
    s.say(seat, f"looks at the top {len(drawn)} facilities of the deck", rule)
    if _deck_builds(s, seat, drawn):
        s.push("deck_build", seat, drawn, rule)
        return
    s.say(seat, "can build neither facility", rule)
    _shuffle_back(s, drawn, rule)


def _deck_builds(s: NomadState, seat: int, drawn: list[str]) -> list[tuple[str, str]]:
    from .build import can_build_card, empty_cells
    if not empty_cells(s, seat):
        return []
    return [(card, how) for card in drawn for how in can_build_card(s, seat, card, False)]


def _shuffle_back(s: NomadState, cards: list[str], rule: str) -> None:
    s.fac_deck.extend(cards)
    s.shuffle("facility deck", s.fac_deck)
    s.fac_known = 0
    s.say(None, "the facility deck is shuffled", rule)


def deck_build_decision(s: NomadState, task: Task, seat: int) -> Decision:
    from .build import price_text
    _, me, drawn, rule = task
    acts = []
    for card, how in _deck_builds(s, me, drawn):
        rec = s.content.facilities.of(card)
        acts.append(Action(f"build:{card}:{how}", f"Build {rec.name} ({rec.colour}, "
                                                   f"{amount(rec.points, 'points')}) paying "
                                                   f"{price_text(s, card, how)}"))
    acts.append(Action("decline", "Build neither: shuffle the deck"))
    return Decision(me, "build", "Build one of the facilities you looked at?", rule, tuple(acts))


def apply_deck_build(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    from .build import pay_for
    s.tasks.pop()
    _, me, drawn, rule = task
    rest = list(drawn)
    if action_id != "decline":
        _, card, how = action_id.split(":")
        rest.remove(card)
        s.say(me, f"builds {s.content.facilities.of(card).name} from the deck", rule)
        s.push("build_place", me, card)
        pay_for(s, me, card, how)
    else:
        s.say(me, "builds neither facility", rule)
    _shuffle_back(s, rest, rule)


def market_refresh(s: NomadState, seat: int, rule: str) -> None:
    """HydeBro level 4: the market goes back into the deck, 6 new cards come (§18.2)."""
    s.fac_deck.extend(s.market)
    s.market = []
    s.shuffle("facility deck", s.fac_deck)
    s.fac_known = 0
    s.say(seat, "shuffles the facility market back into the deck", rule)
    refill_market(s)
    s.push("build_pick", seat, 1, 1)


def solo_collect(s: NomadState, seat: int, rule: str) -> None:
    """Rim Billiton level 4: a Resource Collection of your own, now (§18.4)."""
    from .rounds import collection_entry, reveal_collection
    s.say(seat, "collects resources alone", rule)
    s.collect = [{"done": True} for _ in range(s.players)]
    s.collect[seat] = collection_entry(s, seat)
    if s.collect[seat]["done"]:
        reveal_collection(s)  # nothing to collect
    else:
        s.push("collect", "solo")


# ---------------------------------------------------------------- Rhodes Island (§18.8)
def start_dispatch(s: NomadState, seat: int, rule: str) -> None:
    k = DISPATCH[s.players]
    drawn = [s.ops.pop() for _ in range(min(k, len(s.ops)))]
    if not drawn:
        s.say(seat, "the Operator deck is empty: no dispatch", rule)
        return
    s.say(seat, f"draws {len(drawn)} operator(s) for an Operator Dispatch", rule)
    s.push("dispatch", seat, drawn, rule)


def dispatch_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, drawn, rule = task
    chars = s.content.characters
    acts = [Action(f"take:{c}", f"Take {chars[c].name} into your hand, then return a card to "
                                f"the box") for c in drawn]
    acts.append(Action("decline", "Shuffle them back and score 1 point"))
    return Decision(me, "dispatch", "Operator Dispatch: take an operator or score 1 point", rule,
                    tuple(acts))


def apply_dispatch(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, drawn, rule = task
    rest = list(drawn)
    if action_id == "decline":
        s.add(me, "points", 1)
        s.say(me, "shuffles the operators back and scores 1 point", rule)
    else:
        card = action_id.partition(":")[2]
        rest.remove(card)
        s.hand[me].append(card)
        s.say(me, f"takes {s.content.characters[card].name} into its hand", rule, visible_to=(me,))
        s.say(me, "takes an operator into its hand", rule)
        s.push("box_one", me, rule)
    s.ops.extend(rest)
    s.shuffle("operators", s.ops)


def box_one_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    chars = s.content.characters
    acts = [Action(f"box:hand:{c}", f"Return {chars[c].name} from your hand to the box")
            for c in sorted(set(s.hand[me]))]
    acts += [Action(f"box:discard:{c}", f"Return {chars[c].name} from your discard pile to the box")
             for c in sorted(set(s.discard[me]))]
    return Decision(me, "return_to_box", "Show a character and return it to the box", rule,
                    tuple(acts))


def apply_box_one(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, where, card = action_id.split(":")
    (s.hand if where == "hand" else s.discard)[seat].remove(card)
    s.box[seat].append(card)
    s.say(seat, f"shows {s.content.characters[card].name} and returns it to the box "
                "(its End Phase effects still resolve)", task[2])


def recall_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    acts = tuple(Action(f"recall:{c}", f"Take back {s.content.characters[c].name}; "
                                       "discard the rest of your hand")
                 for c in sorted(set(s.discard[me])))
    return Decision(me, "recall", "Take back a character from your discard pile", rule, acts)


def apply_recall(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    card = action_id.partition(":")[2]
    s.discard[seat].remove(card)
    rest = sorted(s.hand[seat])
    s.discard[seat].extend(rest)
    s.hand[seat] = [card]
    chars = s.content.characters
    s.say(seat, f"takes back {chars[card].name}; discards "
                f"{', '.join(chars[c].name for c in rest) or 'nothing'} face up", task[2])


# ---------------------------------------------------------------- Rhine Lab (§18.7)
def dept_pick_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, replace, rule = task
    acts = tuple(Action(f"dept:{t.id}", f"Activate {t.name}")
                 for t in s.content.corporations.departments if t.id != s.dept)
    prompt = "Replace Rhine Lab's active Department tile" if replace else \
        "Choose Rhine Lab's active Department tile"
    return Decision(me, "department", prompt, rule, acts)


def apply_dept_pick(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    s.dept = action_id.partition(":")[2]
    tile = s.content.department(s.dept)
    s.say(seat, f"activates {tile.name}", task[3])
    if tile.activation:
        s.push("steps", seat, [st.model_dump() for st in tile.activation], task[3])


# ---------------------------------------------------------------- the step runner's hook
def resolve_step(s: NomadState, seat: int, step: dict[str, Any], rule: str) -> None:
    """The module's step kinds, called by influence.resolve_steps."""
    kind = step["kind"]
    if kind == "advance":
        if advanceable(s, seat, bool(step.get("trigger"))):
            s.push("advance_pick", seat, step.get("count", 1), bool(step.get("trigger")), rule)
        else:
            s.say(seat, "cannot advance on any corporation: skipped", ref("9.1"))
    elif kind == "trigger":
        s.push("trigger", seat, "", rule)
    elif kind == "others_gain":
        resolve_others_gain(s, seat, step, rule)
    elif kind == "opponent_loses":
        s.push("opponent_loses", seat, step["points"], rule)
    elif kind == "place_or_remove":
        s.push("place_or_remove", seat, step["count"], rule)
    elif kind == "build":
        s.push("build_pick", seat, 0, 1)
    elif kind == "deck_build":
        start_deck_build(s, seat, rule)
    elif kind == "market_refresh":
        market_refresh(s, seat, rule)
    elif kind == "solo_collect":
        solo_collect(s, seat, rule)
    elif kind == "dispatch":
        start_dispatch(s, seat, rule)
    elif kind == "recall":
        if s.discard[seat]:
            s.push("recall", seat, rule)
        else:  # only reached through Kal'tsit's Tactic, after an earlier effect emptied it
            s.say(seat, "its discard pile is empty: this effect cannot be used", rule)
    elif kind == "department":
        s.push("dept_pick", seat, 1, rule)
    else:
        raise KeyError(kind)

