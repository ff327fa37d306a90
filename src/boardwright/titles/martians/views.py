"""What each seat may see (§1), the re-sampling of what it may not (for ISMCTS), and the
finite components for the conservation check.

Private: regolith cards (shared by all in co-op, as the pool is), hidden goals, the top
weather card seen with Weather report. Nobody's: the order of every deck, the face-down
excavation tokens, the cards never drawn. Everything else is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Rng

from . import goals
from .content import RESOURCES
from .modes import shared_purse
from .setup import scenario_requirements, uses_commissions, uses_scenario

if TYPE_CHECKING:
    from .state import MartiansState

COLOURS = ("blue", "red", "yellow", "green")


def _kind(card: str) -> str:
    return card.split("#")[0]


def sees_purse(s: MartiansState, seat: int | None, purse: int) -> bool:
    return seat is not None and seat in s.purse_seats(purse)


def round_names(cycles: int) -> dict[str, str]:
    """What the log's round numbers mean: a log entry's round is the cycle times 10 plus the
    round within it (0 for the cycle's opening phases), so "21" reads "cycle 2, round 1"."""
    names = {}
    for cycle in range(1, cycles + 1):
        names[str(cycle * 10)] = f"cycle {cycle}, start"
        for rnd in range(1, 5):
            names[str(cycle * 10 + rnd)] = f"cycle {cycle}, round {rnd}"
    return names


def view(s: MartiansState, seat: int | None) -> dict[str, Any]:
    c = s.content
    out: dict[str, Any] = {
        "mode": s.mode, "cycle": s.cycle, "cycles": s.cycles, "round": s.round, "rounds": s.rounds,
        "first": s.first, "rtg_energy": s.rtg, "bank": s.bank,
        "supply": dict(s.supply), "removed_from_game": dict(s.gone),
    }
    out["corporations"] = [{
        "corp": corp, "seat": s.seat_of(corp), "name": s.name(corp), "colour": COLOURS[corp],
        "purse": s.purse(corp), "action_markers_in_hand": s.hand[corp], "colonists": s.colonists[corp],
        "dead_colonists": s.dead[corp], "colonists_placed": s.placed[corp],
        "experts": [{"card": card, "expert": _kind(card), "face_up": bool(up)}
                    for card, up in s.experts[corp]],
        "assistants": [_kind(a) for a in s.assistants[corp]],
        "technologies": list(s.corp_tech[corp]), "crop": _kind(s.crop[corp]),
        "installations": {i: st.count(corp) for i, st in s.install.items()},
        "rtg_used": s.rtg_used[corp],
        "research_done": s.stats[corp]["research"], "commissions_done": s.stats[corp]["commissions"],
    } for corp in range(s.corps)]
    purses = []
    for p in range(len(s.res)):
        entry: dict[str, Any] = {"reputation": s.reputation[p],
                                 "resources": dict(zip(RESOURCES, s.res[p], strict=True)),
                                 "regolith_cards": len(s.regolith[p])}
        if sees_purse(s, seat, p):
            entry["regolith_minerals"] = sorted(c.regolith[_kind(x)].mineral for x in s.regolith[p])
        purses.append(entry)
    out["purses"] = purses
    out["reputation_track"] = "satisfaction" if shared_purse(s.mode) else "reputation"
    out["buildings"] = {b: {
        "name": c.buildings[b].name, "built": b not in s.unbuilt, "actions": list(c.buildings[b].actions),
        "fields": [{"occupant": o if o >= 0 else None, "unavailable": o == -2,
                    "upgrade_token": f in s.upgrades[b]} for f, o in enumerate(occ)],
    } for b, occ in s.fields.items()}
    out["installations"] = {i: {"name": c.installations[i].name, "built": i not in s.unbuilt,
                                "markers": list(st)} for i, st in s.install.items()}
    out["quarters"] = [{"quarters": f"Q{q + 1}", "oxygen": s.quarters[q][0], "disease": s.quarters[q][1],
                        "hunger": s.quarters[q][2], "birth_rate": s.quarters[q][3],
                        "infirmary": list(s.infirmary[q]), "apartments": list(s.apartments[q]),
                        "owner": s.owner[q] if s.owner[q] >= 0 else None} for q in range(4)]
    out["birth_quarters"] = s.birth_q + 1 if s.birth_q >= 0 else None
    out["cycle_track"] = [{"round": r, "corp": corp, "dead": bool(d)} for r, corp, d in s.track]
    row = c.board.conversion[max(1, min(s.round, len(c.board.conversion))) - 1]
    out["conversion"] = {"food": row.food, "medicine": row.medicine}
    out["excavation"] = {"machine": s.machine, "fields": {
        h: (_kind(t) if s.faceup[h] else "face-down") if t else None for h, t in s.tiles.items()}}
    wtop = None
    if seat is not None and seat in s.seen_top and s.weather_deck:
        wtop = _kind(s.weather_deck[-1])
    out["weather"] = {"card": _kind(s.weather), "name": c.weather[_kind(s.weather)].name,
                      "deck": len(s.weather_deck), "past": [_kind(w) for w in s.weather_out],
                      "top_seen": wtop}
    out["events"] = {"stacks": [len(st) for st in s.event_stacks], "played": list(s.events_out),
                     "active": s.event_active or None}
    out["educational_center"] = {"experts": sorted(s.board_experts), "assistants": sorted(s.board_assistants),
                                 "expert_deck": len(s.expert_deck), "assistant_deck": len(s.assistant_deck)}
    out["research"] = {"tiles": sorted(s.research_board), "unused": len(s.research_reserve),
                       "done": list(s.research_out)}
    out["regolith_deck"] = len(s.regolith_deck)
    out["regolith_removed"] = len(s.regolith_out)
    out["crop_supply"] = [_kind(t) for t in s.crop_supply]
    out["colony_technologies"] = [{"technology": t, "corp": who, "cycle": when}
                                  for t, who, when in s.colony_tech]
    if uses_commissions(s):
        out["commissions"] = {"open": sorted(s.commissions_open), "deck": len(s.commission_deck),
                              "done": list(s.commissions_out)}
    if uses_scenario(s):
        sc = c.scenarios[int(s.options["scenario"])]
        done = dict((r, who) for r, who in s.requirements_done)
        out["scenario"] = {"number": sc.number, "name": sc.name, "requirements": [
            {"id": r.id, "cost": dict(r.cost), "minerals": list(r.minerals), "condition": r.condition,
             "reputation": r.reputation, "done_by": done.get(r.id)} for r in scenario_requirements(s)]}
    out["turn"] = dict(s.turn, done=list(s.turn["done"])) if s.turn else None
    out["round_names"] = round_names(s.cycles)
    if s.goal_hand:
        drafting = bool(s.tasks) and s.tasks[-1][0] == "goal_keep"
        out["hidden_goals"] = {"held": [len(g) for g in s.goals], "deck": len(s.goal_deck),
                               "choosing": list(goals.choosers(s)) if drafting else []}
        if seat is not None:
            out["hidden_goals"]["mine"] = list(s.goals[seat])
            out["hidden_goals"]["offered"] = list(s.goal_hand[seat])
            out["hidden_goals"]["discarded"] = list(s.goal_discard[seat])
            out["hidden_goals"]["passed"] = list(s.goal_passed[seat])
            out["hidden_goals"]["picked"] = s.goal_pick[seat] if s.goal_pick[seat] != "-" else ""
        if s.over:
            out["hidden_goals"]["revealed"] = [list(g) for g in s.goals]
    return out


def determinize(s: MartiansState, seat: int, rng: Rng) -> None:
    if seat in s.seen_top and s.weather_deck:
        top = s.weather_deck[-1]
        rest = s.weather_deck[:-1]
        rng.shuffle(rest)
        s.weather_deck = [*rest, top]
    else:
        rng.shuffle(s.weather_deck)
    for stack in s.event_stacks:
        rng.shuffle(stack)
    for deck in (s.expert_deck, s.assistant_deck, s.research_reserve, s.commission_deck):
        rng.shuffle(deck)
    hidden = [p for p in range(len(s.regolith)) if not sees_purse(s, seat, p)]
    pool = list(s.regolith_deck) + [x for p in hidden for x in s.regolith[p]]
    rng.shuffle(pool)
    s.regolith_deck = pool[:len(s.regolith_deck)]
    pool = pool[len(s.regolith_deck):]
    for p in hidden:
        n = len(s.regolith[p])
        s.regolith[p], pool = sorted(pool[:n]), pool[n:]
    down = [h for h, t in s.tiles.items() if t and not s.faceup[h]]
    tokens = [s.tiles[h] for h in down]
    rng.shuffle(tokens)
    for h, t in zip(down, tokens, strict=True):
        s.tiles[h] = t
    goals.determinize(s, seat, rng)


def components(s: MartiansState) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, k in enumerate(RESOURCES):
        held = sum(r[i] for r in s.res)
        if k == "credits":
            out[k] = held + s.bank
        else:
            out[k] = held + s.supply[k] + s.gone.get(k, 0) + (s.rtg if k == "energy" else 0)
    for i, k in enumerate(("oxygen", "disease", "hunger", "birth")):
        out[k] = s.supply[k] + sum(q[i] for q in s.quarters)
    for corp in range(s.corps):
        out[f"action_markers_{corp}"] = (s.hand[corp] + sum(o.count(corp) for o in s.fields.values())
                                         + sum(b.count(corp) for b in s.infirmary)
                                         + sum(b.count(corp) for b in s.apartments))
    out["experts"] = len(s.expert_deck) + len(s.board_experts) + sum(len(e) for e in s.experts)
    out["assistants"] = len(s.assistant_deck) + len(s.board_assistants) + sum(len(a) for a in s.assistants)
    out["regolith_cards"] = len(s.regolith_deck) + len(s.regolith_out) + sum(len(r) for r in s.regolith)
    out["weather_cards"] = len(s.weather_deck) + len(s.weather_out) + 1
    out["event_cards"] = sum(len(st) for st in s.event_stacks) + len(s.events_out)
    out["research_tiles"] = len(s.research_board) + len(s.research_reserve) + len(s.research_out)
    out["commission_cards"] = len(s.commissions_open) + len(s.commission_deck) + len(s.commissions_out)
    out["crop_tiles"] = len(s.crop_supply) + len(s.crop)
    out["excavation_fields"] = len(s.tiles)
    out["build_and_upgrade_tokens_placed_or_removed"] = len(s.fields)
    if s.goal_hand:
        out["hidden_goals"] = (len(s.goal_deck) + sum(len(h) for h in s.goal_hand)
                               + sum(len(g) for g in s.goals) + sum(len(d) for d in s.goal_discard))
    return out
