"""The City board: Build (§5.6), declaring City Styles (§6.2, §6.3) and special actions (§5.7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from .facilities import HUB, Facilities
from .influence import cost_text
from .rules import ref
from .steps import RESOURCES, amount, dumped, must_hold
from .styles import placements

if TYPE_CHECKING:
    from .state import NomadState, Task

MARKET_SIZE = 6


def cell_id(s: NomadState, index: int) -> str:
    cols = s.content.facilities.grid.columns
    return f"{index // cols}.{index % cols}"


def cell_index(s: NomadState, text: str) -> int:
    r, _, c = text.partition(".")
    return int(r) * s.content.facilities.grid.columns + int(c)


def empty_cells(s: NomadState, seat: int) -> list[int]:
    return [i for i, c in enumerate(s.grid[seat]) if c == ""]


def refill_market(s: NomadState) -> None:
    """Reveal facilities until the market holds 6 again, while the deck lasts (§5.6)."""
    while len(s.market) < MARKET_SIZE and s.fac_deck:
        card = s.fac_deck.pop()
        s.fac_known = min(s.fac_known, len(s.fac_deck))
        s.market.append(card)
        if not s.quiet:  # search copies keep no log: the text is not built
            s.say(None, f"{s.content.facilities.of(card).name} enters the facility market",
                  ref("5.6"))


# ---------------------------------------------------------------- build (§5.6)
def can_build_card(s: NomadState, seat: int, card: str, free: bool) -> list[str]:
    """How `seat` may pay for `card`: 'res', 'gold', 'free' (none: it cannot build it)."""
    rec = s.content.facilities.of(card)
    if rec.unique and any(c and s.content.facilities.of(c).name == rec.name for c in s.grid[seat]):
        return []
    if free:
        return ["free"]
    out = []
    if s.can_pay(seat, rec.resource_cost):
        out.append("res")
    if s.gold[seat] >= rec.gold_cost:
        out.append("gold")
    return out


def price_text(s: NomadState, card: str, how: str) -> str:
    rec = s.content.facilities.of(card)
    return {"res": cost_text(rec.resource_cost), "gold": f"{rec.gold_cost} Gold",
            "free": "nothing"}[how]


def pay_for(s: NomadState, seat: int, card: str, how: str) -> None:
    """Pay for `card`; call it after pushing what follows (a payment may be a decision)."""
    rec = s.content.facilities.of(card)
    if how == "res":
        s.pay(seat, rec.resource_cost, ref("5.6"))
    elif how == "gold":
        s.pay(seat, {"gold": rec.gold_cost}, ref("5.6"))


def closure_cards(s: NomadState, seat: int) -> list[str]:
    """Facilities under Closure's card, which its owner may build too (§17.6)."""
    entry = s.persist[seat].get("closure")
    return list(entry["under"]) if entry else []


def build_options(s: NomadState, seat: int, free: bool) -> list[tuple[str, str]]:
    """(card, payment) pairs: payment 'res', 'gold' or 'free'."""
    grid = s.grid[seat]
    if "" not in grid:  # no empty space
        return []
    # a free build (HydeBro level 4) picks from the market only (§18.2)
    cards = s.market if free else [*s.market, *closure_cards(s, seat)]
    of = s.content.facilities.of
    built: set[str] | None = None  # the names of the seat's unique facilities, when asked
    gold = s.gold[seat]
    res = s.res[seat]
    plain = "passenger" not in s.persist[seat]  # no marker to stand in for a resource
    out = []
    for card in cards:  # `can_build_card` for each card, the grid read once
        rec = of(card)
        if rec.unique:
            if built is None:
                built = {of(c).name for c in grid if c}
            if rec.name in built:
                continue
        if free:
            out.append((card, "free"))
            continue
        needs = _stock_needs(rec.resource_cost) if plain else None
        if needs is None:
            payable = s.can_pay(seat, rec.resource_cost)
        else:  # `can_pay` without Passenger, written out
            payable = True
            for i, n in needs:
                if res[i] < n:
                    payable = False
                    break
        if payable:
            out.append((card, "res"))
        if gold >= rec.gold_cost:
            out.append((card, "gold"))
    return out


# cost dict id -> (the dict, its (resource index, amount) pairs): for `can_pay` without
# Passenger when the cost asks for resources only (None: something else, ask `can_pay`)
_NEEDS: dict[int, tuple[object, tuple[tuple[int, int], ...] | None]] = {}


def _stock_needs(cost: Mapping[Any, int]) -> tuple[tuple[int, int], ...] | None:
    hit = _NEEDS.get(id(cost))
    if hit is None or hit[0] is not cost:
        needs: tuple[tuple[int, int], ...] | None = tuple(
            (RESOURCES.index(k), n) for k, n in cost.items() if k in RESOURCES)
        if any(must_hold(k) and k not in RESOURCES for k in cost):
            needs = None
        if len(_NEEDS) >= 4_096:
            _NEEDS.clear()
        hit = _NEEDS[id(cost)] = (cost, needs)  # the entry keeps the dict (and its id)
    return hit[1]


def pick_decision(s: NomadState, task: Task, seat: int) -> Decision:
    me, free = task[1], task[2]
    optional = len(task) > 3 and task[3]
    acts = []
    for card, how in build_options(s, me, bool(free)):
        rec = s.content.facilities.of(card)
        price = "for free" if how == "free" else f"paying {price_text(s, card, how)}"
        under = " from under Closure" if card not in s.market else ""
        acts.append(Action(f"build:{card}:{how}", f"Build {rec.name}{under} ({rec.colour}, "
                                                   f"{amount(rec.points, 'points')}) {price}"))
    if optional and acts:
        acts.append(Action("decline", "Build nothing"))
    return Decision(me, "build", "Choose a facility to build and how to pay", ref("5.6"),
                    tuple(acts))


def apply_pick(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    if action_id == "decline":
        s.say(seat, "builds nothing", ref("9.2"))
        return
    _, card, how = action_id.split(":")
    if not s.quiet:  # search copies keep no log: the text is not built
        rec = s.content.facilities.of(card)
        s.say(seat, f"builds {rec.name}, paying {price_text(s, card, how)}", ref("5.6"))
    if card in s.market:
        s.market.remove(card)
        refill_market(s)  # before the card is placed (FAQ)
    else:
        entry = s.persist[seat]["closure"]
        entry["under"].remove(card)
        if not entry["under"]:
            del s.persist[seat]["closure"]
            s.discard[seat].append("closure")
            s.say(seat, "has built every facility under Closure: the card is discarded",
                  ref("17.6"))
    s.push("build_place", seat, card)
    pay_for(s, seat, card, how)


def place_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, card = task
    rec = s.content.facilities.of(card)
    cols = s.content.facilities.grid.columns
    acts = []
    for i in empty_cells(s, me):
        key = (rec.name, i, cols)
        act = _CELL_ACTIONS.get(key)
        if act is None:
            cell = f"{i // cols}.{i % cols}"  # cell_id
            act = _CELL_ACTIONS[key] = Action(f"cell:{cell}", f"Put {rec.name} on space {cell}")
        acts.append(act)
    return Decision(me, "build_space", f"Choose an empty space for {rec.name}", ref("5.6"),
                    tuple(acts))


# (facility name, cell index, grid columns) -> its action: actions are immutable, shared
_CELL_ACTIONS: dict[tuple[str, int, int], Action] = {}


def apply_place(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    card = task[2]
    index = cell_index(s, action_id.partition(":")[2])
    s.grid[seat][index] = card
    rec = s.content.facilities.of(card)
    s.add(seat, "points", rec.points)
    if not s.quiet:  # search copies keep no log: the text is not built
        s.say(seat, f"places {rec.name} on space {cell_id(s, index)} and scores {rec.points}",
              ref("5.6"))
    if rec.entry:
        s.push("steps", seat, dumped(rec.entry), ref("5.6"))  # step 3


def resolve_hub(s: NomadState, task: Task) -> None:
    _, seat, rule = task
    cells = empty_cells(s, seat)
    if s.hubs < 1 or not cells:
        s.say(seat, "cannot build an Extension Hub: skipped", rule)
        return
    s.hubs -= 1
    s.push("build_place", seat, HUB)


# ---------------------------------------------------------------- City Styles (§6.2)
def colour_map(s: NomadState, seat: int) -> dict[tuple[int, int], str]:
    fac = s.content.facilities
    colours, cells = _colours(fac)
    used = s.used[seat]
    out: dict[tuple[int, int], str] = {}
    for i, card in enumerate(s.grid[seat]):
        if card:
            colour = colours.get(card)
            if colour is None and card not in fac.by_card:  # not a listed card id
                colour = fac.of(card).colour
                colour = None if colour == "none" else colour
            if colour is not None and i not in used:
                out[cells[i]] = colour
    return out


# facilities id -> (the facilities, card -> its colour unless "none", cell index -> (row, column))
_COLOURS: dict[int, tuple[Facilities, dict[str, str], tuple[tuple[int, int], ...]]] = {}


def _colours(fac: Facilities) -> tuple[dict[str, str], tuple[tuple[int, int], ...]]:
    hit = _COLOURS.get(id(fac))
    if hit is None or hit[0] is not fac:
        if len(_COLOURS) >= 16:
            _COLOURS.clear()
        cols = fac.grid.columns
        colours: dict[str, str] = {c: rec.colour for c, rec in fac.by_card.items()
                                   if rec.colour != "none"}
        cells = tuple((i // cols, i % cols) for i in range(fac.grid.rows * cols))
        hit = _COLOURS[id(fac)] = (fac, colours, cells)  # the entry keeps `fac` (and its id)
    return hit[1], hit[2]


def declarations(s: NomadState, seat: int) -> list[Action]:
    if s.supply[seat] < 1:
        return []
    # the City board as it stands (cards and used spaces) decides the declarations: looked up
    # by it first, without working out the colour map (a turn asks at every step)
    board_key = (id(s.content), tuple(s.styles), tuple(s.grid[seat]), tuple(s.used[seat]))
    known = _BY_BOARD.get(board_key)
    if known is not None and known[0] is s.content:
        return list(known[1])
    out = _declarations(s, seat)
    if len(_BY_BOARD) >= 5_000:
        _BY_BOARD.clear()
    _BY_BOARD[board_key] = (s.content, tuple(out))  # the entry keeps the content (and its id)
    return out


# (content id, styles in play, a City board's cards, its used spaces) -> its declarations
_BY_BOARD: dict[tuple[Any, ...], tuple[object, tuple[Action, ...]]] = {}


def _declarations(s: NomadState, seat: int) -> list[Action]:
    colours = colour_map(s, seat)
    key = (id(s.content), tuple(s.styles), tuple(colours.items()))
    hit = _DECLARATIONS.get(key)
    if hit is not None and hit[0] is s.content:
        return list(hit[1])
    g = s.content.facilities.grid
    out = []
    for sid in s.styles:  # the City Style cards in play (§2, §15.1)
        style = s.content.styles[sid]
        for cells in placements(style, g.rows, g.columns, colours):
            where = "+".join(f"{r}.{c}" for r, c in cells)
            out.append(Action(f"declare:{sid}:{where}", f"Declare {style.name} with {where}"))
    if len(_DECLARATIONS) >= 5_000:
        _DECLARATIONS.clear()
    _DECLARATIONS[key] = (s.content, tuple(out))  # the entry keeps the content (and its id)
    return out


# (content id, styles in play, colour of each free facility) -> the declarations they allow
_DECLARATIONS: dict[tuple[Any, ...], tuple[object, tuple[Action, ...]]] = {}


def declare(s: NomadState, seat: int, sid: str, where: str) -> None:
    style = s.content.styles[sid]
    cells = [cell_index(s, c) for c in where.split("+")]
    s.used[seat].extend(cells)
    s.supply[seat] -= 1
    entry = s.styles[sid].setdefault(str(seat), [0, 0, 0])
    if entry[0] == 0 and style.special is not None:
        entry[1] = 2 if style.level == 2 else -1  # -1: no limit but once a round
    entry[0] += 1
    s.add(seat, "points", style.points)
    s.say(seat, f"declares {style.name} using {where} and scores {style.points}", ref("6.2"))
    if style.declaration:
        s.push("steps", seat, dumped(style.declaration), ref("6.2"))


# ---------------------------------------------------------------- special actions (§5.7)
def specials(s: NomadState, seat: int) -> list[Action]:
    out = []
    for sid in s.styles:
        style = s.content.styles[sid]
        sp = style.special
        entry = s.styles[sid].get(str(seat))
        if sp is None or entry is None or entry[1] == 0 or entry[2]:
            continue
        if sp.no_character and s.turn_flags["character"]:
            continue
        if not s.can_pay(seat, sp.cost) or not _special_possible(s, seat, sp.kind):
            continue
        out.append(Action(f"main:special:{sid}", f"Special action of {style.name}"))
    return out


def _special_possible(s: NomadState, seat: int, kind: str) -> bool:
    """A special action is offered only when it can do something, like the main actions
    it stands beside (Explore needs a site to explore, §5.3; City Movement a site to go to,
    §5.5): one that would resolve to nothing is not a choice (§5.7)."""
    from .explore import city_targets, explore_targets
    from .influence import place_targets
    if kind == "place":
        return bool(place_targets(s, seat))
    if kind == "explore_free":
        return bool(explore_targets(s, seat, True))
    if kind == "double_move":
        return bool(city_targets(s, seat))
    return True


def use_special(s: NomadState, seat: int, sid: str) -> None:
    style = s.content.styles[sid]
    sp = style.special
    assert sp is not None
    entry = s.styles[sid][str(seat)]
    entry[2] = 1
    if entry[1] > 0:
        entry[1] -= 1
    rule = ref("5.7")
    s.say(seat, f"uses the special action of {style.name}", rule)
    if sp.no_character:
        s.turn_flags["no_character"] = 1
    if sp.kind == "place":
        s.push("place", seat, sp.count, False, rule)
    elif sp.kind == "explore_free":
        s.push("explore_target", seat, 1)
    elif sp.kind == "refine":
        s.say(seat, f"pays {cost_text(sp.cost)} to gain {cost_text(sp.gain)}", rule)
        s.push("steps", seat, [{"kind": "gain", **sp.gain}], rule)
        s.pay(seat, sp.cost, rule)
    elif sp.kind == "double_move":
        moves = [["city_target", seat, "free"] for _ in range(sp.count)]
        s.push("cond", seat, sp.cost, moves, rule, f"City Movement {sp.count} times for free")


def reset_styles(s: NomadState) -> None:
    """End Phase: 'Used' markers go back to 'Unused'; level II ones have moved down (§4.4)."""
    for by_seat in s.styles.values():
        for entry in by_seat.values():
            entry[2] = 0
