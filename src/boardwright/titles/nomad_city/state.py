"""NomadState: a game of Nomad City as plain JSON-ready data.

Pending work is a stack of small lists in `tasks` (kind first, then the seat and
arguments): automatic tasks resolve by themselves, decision tasks wait for a seat.
So a game can be saved, cloned and resumed at any decision, mid-effect too.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from boardwright.engine import Rng
from boardwright.engine.tasks import TaskStackState

from . import build, coop, corp_heroes, explore, heroes, influence, operators, rounds, scoring, setup, views
from .board import Board
from .content import Content, load
from .facilities import HUB, TOWER
from .rules import ref
from .steps import RESOURCE_NAMES, RESOURCES, amount, must_hold

Task = list[Any]

# The fields of the game, all JSON-ready; dump, load and clone walk this list.
FIELDS = (
    "round", "first", "city", "explored", "influence", "supply", "gold", "pure", "points",
    "res", "bank_gold", "bank_pure", "event_decks", "event_box", "fac_deck", "fac_known",
    "market", "fac_box", "grid", "used", "hubs", "towers", "hand", "facedown", "revealed",
    "discard", "styles", "end_effects", "turn_flags", "collect", "tasks", "finished",
    # the Corporation Module (§15-§18); empty in the base game
    "corps", "coop", "starting", "corp_stack", "corp_seen", "dept", "ops", "boxed", "box",
    "highways", "persist",
)

DECISIONS = {
    "start_site": setup.start_site_decision,
    "event_option": explore.event_option_decision,
    "fac_remove": setup.fac_remove_decision,
    "select": rounds.select_decision,
    "turn": rounds.turn_decision,
    "collect": rounds.collect_decision,
    "end_order": rounds.end_order_decision,
    "place": influence.place_decision,
    "move": influence.move_decision,
    "replace": influence.replace_decision,
    "remove_own": influence.remove_own_decision,
    "cond": influence.cond_decision,
    "payment": influence.payment_decision,
    "explore_target": explore.target_decision,
    "explore_route": explore.route_decision,
    "pay_whom": explore.pay_whom_decision,
    "city_target": explore.city_target_decision,
    "build_pick": build.pick_decision,
    "build_place": build.place_decision,
    "hero_choice": heroes.choice_decision,
    "corp_pick": setup.corp_pick_decision,
    "box_two": setup.box_two_decision,
    "advance_pick": coop.advance_pick_decision,
    "advance_all": coop.advance_all_decision,
    "trigger": coop.trigger_decision,
    "opponent_loses": coop.opponent_loses_decision,
    "place_or_remove": coop.place_or_remove_decision,
    "deck_build": coop.deck_build_decision,
    "dispatch": coop.dispatch_decision,
    "box_one": coop.box_one_decision,
    "recall": coop.recall_decision,
    "dept_pick": coop.dept_pick_decision,
    "highway": corp_heroes.highway_decision,
    **operators.DECISIONS,
}
APPLY = {
    "start_site": setup.apply_start_site,
    "event_option": explore.apply_event_option,
    "fac_remove": setup.apply_fac_remove,
    "select": rounds.apply_select,
    "turn": rounds.apply_turn,
    "collect": rounds.apply_collect,
    "end_order": rounds.apply_end_order,
    "place": influence.apply_place,
    "move": influence.apply_move,
    "replace": influence.apply_replace,
    "remove_own": influence.apply_remove_own,
    "cond": influence.apply_cond,
    "payment": influence.apply_payment,
    "explore_target": explore.apply_target,
    "explore_route": explore.apply_route,
    "pay_whom": explore.apply_pay_whom,
    "city_target": explore.apply_city_target,
    "build_pick": build.apply_pick,
    "build_place": build.apply_place,
    "hero_choice": heroes.apply_choice,
    "corp_pick": setup.apply_corp_pick,
    "box_two": setup.apply_box_two,
    "advance_pick": coop.apply_advance_pick,
    "advance_all": coop.apply_advance_all,
    "trigger": coop.apply_trigger,
    "opponent_loses": coop.apply_opponent_loses,
    "place_or_remove": coop.apply_place_or_remove,
    "deck_build": coop.apply_deck_build,
    "dispatch": coop.apply_dispatch,
    "box_one": coop.apply_box_one,
    "recall": coop.apply_recall,
    "dept_pick": coop.apply_dept_pick,
    "highway": corp_heroes.apply_highway,
    **operators.APPLY,
}
AUTOMATIC = {
    "funds": setup.resolve_funds,
    "round": rounds.resolve_round,
    "turns": rounds.resolve_turns,
    "collect_start": rounds.resolve_collect_start,
    "end_phase": rounds.resolve_end_phase,
    "end_effects": rounds.resolve_end_effects,
    "end_finish": rounds.resolve_end_finish,
    "steps": influence.resolve_steps,
    "place_at": influence.resolve_place_at,
    "explore_finish": explore.resolve_explore_finish,
    "city_move": explore.resolve_city_move,
    "event_reveal": explore.resolve_event_reveal,
    "hub": build.resolve_hub,
    "hero": heroes.resolve_hero,
    "discard_char": heroes.resolve_discard,
    "end_add": heroes.resolve_end_add,
    "corp_draw": setup.resolve_corp_draw,
    "corp_fourth": setup.resolve_corp_fourth,
    "corp_start": setup.resolve_corp_start,
    "level_up": coop.resolve_level_up,
    **operators.AUTOMATIC,
}
SIMULTANEOUS = ("select", "collect")
SKIPPED = {  # what a decision with no possible choice would have done, for the log
    "place": "place an influence", "move": "move an influence", "replace": "replace an influence",
    "remove_own": "remove an influence", "cond": "pay for a conditional effect",
    "explore_target": "explore", "city_target": "move its city", "build_pick": "build",
    "build_place": "place the facility", "hero_choice": "use this character effect",
    "advance_pick": "advance on a corporation", "advance_all": "advance on a corporation",
    "trigger": "trigger a corporation effect", "place_or_remove": "place or remove influence",
    "box_one": "return a character to the box", "highway": "place a Highway token",
    "op_replace": "replace an influence", "op_corp": "choose a corporation",
    "op_market": "take a facility", "op_load": "put markers on the card",
    "dorothy_catch": "put the influence on Dorothy", "payment": "pay",
    "op_cull": "return a facility to the box", "shove": "move that influence",
}


class NomadState(TaskStackState):
    DECISIONS = DECISIONS
    APPLY = APPLY
    __slots__ = ("content", "derived", *FIELDS)
    TURN_RULE = ref("4.2")
    QUIET_SEARCH = True  # neither the rules nor the heuristic read the log

    content: Content
    #: What the rules derive from the board alone (the influence, the explored sites, the
    #: cities, the Highways) for a seat: its holdable spots, toll-free routes, toll
    #: distances... (see `influence.board_memo`). Not part of the game: never dumped. A
    #: clone shares its parent's dict; whoever changes the board gets a new one
    #: (`board_changed`), so every state holding a dict has the board it was filled from.
    #: Code that edits the board by hand (test scenes) calls `board_changed` too.
    derived: dict[Any, Any]
    round: int  # 0 during Initial Entry, 1..8, 9 once the game is over
    first: int  # the first player of the round
    city: list[str]  # seat -> mining site of its mobile city ("" before Initial Entry)
    explored: dict[str, str]  # mining site -> event whose resource marker lies there
    influence: dict[str, list[int]]  # location -> owners of its occupied spaces
    supply: list[int]  # player markers in each personal supply
    gold: list[int]
    pure: list[int]
    points: list[int]
    res: list[list[int]]  # seat -> [orirock, shard, oriron]
    bank_gold: int  # negative: substitutes in use (§9.3)
    bank_pure: int
    event_decks: dict[str, list[str]]  # colour -> cards, top last
    event_box: list[str]
    fac_deck: list[str]  # bottom first, top last
    fac_known: int  # how many bottom cards everyone knows (put there face down, §11.3)
    market: list[str]
    fac_box: list[str]
    grid: list[list[str]]  # seat -> City board cells, row by row ("" = empty)
    used: list[list[int]]  # seat -> cells already used for a declaration
    hubs: int  # Extension Hubs not yet built
    towers: int  # Core Command Towers left in the box
    hand: list[list[str]]
    facedown: list[str]  # "" = none
    revealed: list[bool]
    discard: list[list[str]]
    styles: dict[str, dict[str, list[int]]]  # style -> seat -> [markers, uses left, used]
    end_effects: list[list[str]]
    turn_flags: dict[str, int]  # per turn: "character" used, "no_character" imposed
    collect: list[dict[str, Any]]
    tasks: list[Task]
    finished: bool
    corps: list[str]  # Corporation boards in play, in line order
    coop: dict[str, list[int]]  # corporation -> cooperation level of each seat
    starting: list[list[str]]  # seat -> its starting corporation(s)
    corp_stack: list[str]  # boards left in the stack or box (order unknown to all)
    corp_seen: list[list[str]]  # seat -> boards it drew and put back (its secret)
    dept: str  # Rhine Lab's active Department tile ("" = none)
    ops: list[str]  # the Operator deck, top last (order unknown to all)
    boxed: list[list[str]]  # seat -> characters returned to the box face down (secret)
    box: list[list[str]]  # seat -> characters returned to the box in view of all
    highways: list[str]  # routes covered by a Highway token
    persist: list[dict[str, dict[str, Any]]]  # seat -> operator in play -> its state

    # ------------------------------------------------------------- setup (§2)
    def _setup(self) -> None:
        self.content = load(self.data_pack)  # shipped data, overlaid by the game's pack
        self.derived = {}
        setup.setup(self)
        self.run()

    def board_changed(self) -> None:
        """The influence, an explored site, a city or a Highway changed: what was derived
        from the board before is left to the states that still have that board."""
        self.derived = {}

    @property
    def over(self) -> bool:
        return self.finished

    def _round(self) -> int:
        return self.round

    @property
    def board(self) -> Board:
        return self.content.board(self.players)

    def order(self) -> tuple[int, ...]:
        """Seats in turn order from this round's first player (§4): a shared tuple (asked
        several times a step, by `_to_act` among others)."""
        return _ORDERS[self.players][self.first]

    # ------------------------------------------------------------- flow
    def push(self, *task: Any) -> None:
        self.tasks.append(list(task))

    def run(self) -> None:
        """Resolve automatic tasks until a choice is owed or the game is over."""
        while self.tasks and not self.finished:
            top = self.tasks[-1]
            auto = AUTOMATIC.get(top[0])
            if auto is not None:
                self.tasks.pop()
                auto(self, top)
                continue
            if top[0] in SIMULTANEOUS:
                if top[0] == "select" and not rounds.choosers(self):
                    self.tasks.pop()  # nobody holds a card to choose from
                    continue
                return
            dec = self._decision_for(top, top[1])
            if dec.actions:
                # reuse it: the base class would compute the same decision again
                self._cache[dec.seat] = (dec, None)  # the id set is built only if asked for
                return
            self.tasks.pop()  # nothing can be done: skip it (§9.1)
            if not self.quiet:  # search copies keep no log: the text is not built
                what = SKIPPED.get(top[0], top[0].replace("_", " "))
                self.say(top[1], f"cannot {what}: skipped", ref("9.1"))


    def _to_act(self) -> tuple[int, ...]:
        if not self.tasks or self.finished:
            return ()
        top = self.tasks[-1]
        if top[0] == "select":
            return rounds.choosers(self)
        if top[0] == "collect":
            collect = self.collect
            return tuple([s for s in self.order() if not collect[s]["done"]])
        return (int(top[1]),)

    def _why_illegal(self, seat: int, action_id: str) -> tuple[str, str] | None:
        return rounds.why_illegal(self, seat, action_id)

    # ------------------------------------------------------------- copies
    def _clone_into(self, other: Any) -> None:
        """Field by field, copying only what can change in place (tasks are lists whose
        own items are replaced, never mutated, so a shallow copy of each is enough).
        Written out field by field (no getattr/setattr by name): every search iteration
        clones a state (tests/nomad_city/test_clone.py checks every field is copied)."""
        other.content = self.content
        other.derived = self.derived  # same board: shared until either changes it
        other.round = self.round
        other.first = self.first
        other.bank_gold = self.bank_gold
        other.bank_pure = self.bank_pure
        other.fac_known = self.fac_known
        other.hubs = self.hubs
        other.towers = self.towers
        other.finished = self.finished
        other.dept = self.dept
        other.city = self.city.copy()
        other.supply = self.supply.copy()
        other.gold = self.gold.copy()
        other.pure = self.pure.copy()
        other.points = self.points.copy()
        other.event_box = self.event_box.copy()
        other.fac_deck = self.fac_deck.copy()
        other.market = self.market.copy()
        other.fac_box = self.fac_box.copy()
        other.facedown = self.facedown.copy()
        other.revealed = self.revealed.copy()
        other.explored = self.explored.copy()
        other.turn_flags = self.turn_flags.copy()
        other.corps = self.corps.copy()
        other.corp_stack = self.corp_stack.copy()
        other.ops = self.ops.copy()
        other.highways = self.highways.copy()
        other.res = [x.copy() for x in self.res]
        other.grid = [x.copy() for x in self.grid]
        other.used = [x.copy() for x in self.used]
        other.hand = [x.copy() for x in self.hand]
        other.discard = [x.copy() for x in self.discard]
        other.end_effects = [x.copy() for x in self.end_effects]
        other.tasks = [x.copy() for x in self.tasks]
        other.starting = [x.copy() for x in self.starting]
        other.corp_seen = [x.copy() for x in self.corp_seen]
        other.boxed = [x.copy() for x in self.boxed]
        other.box = [x.copy() for x in self.box]
        other.coop = {k: v.copy() for k, v in self.coop.items()}
        other.persist = [_copy(p) if p else {} for p in self.persist]
        other.influence = {k: v.copy() for k, v in self.influence.items()}
        other.event_decks = {k: v.copy() for k, v in self.event_decks.items()}
        other.styles = {sid: {k: v.copy() for k, v in by.items()} for sid, by in self.styles.items()}
        # outside Resource Collection every entry is {"done": True}: a flat copy does
        other.collect = [c.copy() if len(c) == 1 else _copy(c) for c in self.collect]

    def _dump(self) -> dict[str, Any]:
        return {name: _copy(getattr(self, name)) for name in FIELDS}

    def _load(self, data: dict[str, Any]) -> None:
        self.content = load(self.data_pack)
        self.derived = {}
        missing = [name for name in FIELDS if name not in data]
        if missing:
            raise KeyError(", ".join(missing))
        for name in FIELDS:
            setattr(self, name, _copy(data[name]))
        if len(self.gold) != self.players or len(self.grid) != self.players:
            raise ValueError("saved game has the wrong number of players' areas")

    # ------------------------------------------------------------- hidden info
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Reshuffle unseen deck parts; re-guess what other players hold in secret: their
        face-down character, hand, cards returned unseen to the box, and which operators
        they took (§1, §15.2, §18.8)."""
        for deck in self.event_decks.values():
            rng.shuffle(deck)
        known = min(self.fac_known, len(self.fac_deck))
        unseen = self.fac_deck[known:]
        rng.shuffle(unseen)
        self.fac_deck[known:] = unseen
        ops = _operators(self.content)
        hidden_ops = list(self.ops)
        slots: dict[int, tuple[int, int]] = {}
        for other in range(self.players):
            if other == seat:
                continue
            down = self.facedown[other] if self.facedown[other] and not self.revealed[other] else ""
            cards = [*self.hand[other], *([down] if down else []), *self.boxed[other]]
            mine_ops = [c for c in cards if c in ops]
            hidden_ops += mine_ops
            slots[other] = (len(mine_ops), 1 if down else 0)
        rng.shuffle(hidden_ops)
        self.ops = hidden_ops[:len(self.ops)]
        dealt = hidden_ops[len(self.ops):]
        for other, (n_ops, has_down) in slots.items():
            pool = [c for c in [*self.hand[other], *self.boxed[other]] if c not in ops]
            if has_down and self.facedown[other] not in ops:
                pool.append(self.facedown[other])
            pool.sort()
            rng.shuffle(pool)
            boxed = pool[:len(self.boxed[other])]  # boxed cards were never operators
            rest = sorted(pool[len(boxed):] + dealt[:n_ops])
            dealt = dealt[n_ops:]
            rng.shuffle(rest)
            self.boxed[other] = boxed
            if has_down:
                self.facedown[other] = rest.pop()
            self.hand[other] = sorted(rest)
        rounds.resample_collection(self, seat, rng)
        pool = list(self.corp_stack)
        for other in range(self.players):
            if other != seat:
                pool += self.corp_seen[other]
        rng.shuffle(pool)
        self.corp_stack = pool[:len(self.corp_stack)]
        pool = pool[len(self.corp_stack):]
        for other in range(self.players):
            if other != seat:
                n = len(self.corp_seen[other])
                self.corp_seen[other], pool = pool[:n], pool[n:]

    def components(self) -> dict[str, int]:
        """Finite components wherever they are (§1); Gold and Pure Originium substitutes
        are counted as a negative bank (§9.3), so the totals stay those of the box."""
        out: dict[str, int] = {}
        on_board = [0] * self.players
        for owners in self.influence.values():
            for o in owners:
                on_board[o] += 1
        on_styles = [0] * self.players
        for by_seat in self.styles.values():
            for key, entry in by_seat.items():
                on_styles[int(key)] += entry[0]
        for s in range(self.players):
            out[f"markers_seat{s}"] = self.supply[s] + on_board[s] + on_styles[s] + 1
        out["gold_notes_value"] = self.bank_gold + sum(self.gold)
        out["pure_originium"] = self.bank_pure + sum(self.pure)
        cards = [c for h in self.hand for c in h] + [c for d in self.discard for c in d]
        cards += [c for b in (*self.boxed, *self.box) for c in b] + self.ops
        cards += [c for p in self.persist for c in p]
        # a Persistent card whose effect is resolving is already in play: count it once
        out["characters"] = len(cards) + sum(
            1 for p, f in enumerate(self.facedown) if f and f not in self.persist[p])
        for s in range(self.players):
            out[f"markers_seat{s}"] += len(self.coop) + sum(
                e.get("markers", 0) for e in self.persist[s].values())
        out["corporation_boards"] = len(self.corps) + len(self.corp_stack) + sum(
            len(x) for x in self.corp_seen) + sum(len(t[2]) for t in self.tasks if t[0] == "corp_pick")
        deck_cards = [c for row in self.grid for c in row if "#" in c]
        deck_cards += self.market + self.fac_deck + self.fac_box
        deck_cards += [t[2] for t in self.tasks if t[0] == "build_place" and "#" in t[2]]
        deck_cards += [c for t in self.tasks if t[0] == "deck_build" for c in t[2]]
        deck_cards += [c for p in self.persist for e in p.values() for c in e.get("under", ())]
        out["facilities"] = len(deck_cards)
        out["distinct_facilities"] = len(set(deck_cards))
        built = [c for row in self.grid for c in row]
        out["towers"] = self.towers + built.count(TOWER)
        placing = [t[2] for t in self.tasks if t[0] == "build_place"]
        out["hubs"] = self.hubs + built.count(HUB) + placing.count(HUB)
        events = [e for d in self.event_decks.values() for e in d] + self.event_box
        events += [e for e in self.explored.values() if e not in self.event_box]  # being resolved
        out["events"] = len(events)
        out["distinct_events"] = len(set(events))
        out["resource_markers"] = len(self.explored) + (len(events) - len(self.explored))
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _outcome(self) -> dict[str, Any]:
        return scoring.outcome(self)

    # ------------------------------------------------------------- economy
    def have(self, seat: int, kind: str) -> int:
        if kind in RESOURCES:
            return int(self.res[seat][RESOURCES.index(kind)])
        table: dict[str, list[int]] = {"gold": self.gold, "pure": self.pure, "points": self.points}
        return int(table[kind][seat])

    def payment_ways(self, seat: int, cost: Mapping[Any, int]) -> list[tuple[str, ...]]:
        """Every way `seat` may pay `cost`, as the resources Passenger's markers stand in for:
        each time its owner pays, 0, 1 or 2 markers may replace as many Orirock, Originium
        Shard or Oriron of the cost, whether or not the player holds them (§17.10). Stocks
        must be held; points are not a stock (the score track runs below zero, §9.2).
        Empty: it cannot pay."""
        if any(must_hold(k) and k not in RESOURCES and self.have(seat, k) < n
               for k, n in cost.items()):
            return []
        spare = self.persist[seat].get("passenger")
        most = min(2, int(spare["markers"])) if spare else 0
        units = [k for k in RESOURCES for _ in range(cost.get(k, 0))]
        ways: dict[tuple[str, ...], None] = {}
        for m in range(min(most, len(units)) + 1):
            for combo in combinations(units, m):
                if all(self.have(seat, k) >= n - combo.count(k)
                       for k, n in cost.items() if k in RESOURCES):
                    ways[combo] = None
        return list(ways)

    def can_pay(self, seat: int, cost: Mapping[Any, int]) -> bool:
        if "passenger" not in self.persist[seat]:  # the common case, on the hot path
            res = self.res[seat]
            for k, n in cost.items():
                if not must_hold(k):
                    continue
                i = _RESOURCE_INDEX.get(k)
                if (res[i] if i is not None else self.have(seat, k)) < n:
                    return False
            return True
        return bool(self.payment_ways(seat, cost))

    def add(self, seat: int, kind: str, n: int) -> None:
        """Gain (n > 0) or pay (n < 0) one kind; Gold and Pure go to or from the bank."""
        if kind in RESOURCES:
            self.res[seat][RESOURCES.index(kind)] += n
        elif kind == "gold":
            self.gold[seat] += n
            self.bank_gold -= n
        elif kind == "pure":
            self.pure[seat] += n
            self.bank_pure -= n
        elif kind == "points":
            self.points[seat] += n
        else:
            raise KeyError(kind)

    def gain(self, seat: int, kind: str, n: int, rule: str) -> None:
        """Gain one kind and say so in the log."""
        self.add(seat, kind, n)
        if not self.quiet:  # search copies keep no log: the text is not built
            self.say(seat, f"gains {amount(n, kind)}", rule)

    def pay(self, seat: int, cost: Mapping[Any, int], rule: str = "") -> None:
        """Pay `cost` (known to be payable). When Passenger's markers give a choice of how to
        pay, the choice is a decision pushed on top of the stack: callers push whatever
        follows the payment first (§17.10)."""
        ways = self.payment_ways(seat, cost)
        if len(ways) > 1:
            self.push("payment", seat, dict(cost), rule or ref("17.10"))
            return
        self.pay_with(seat, cost, ways[0] if ways else ())

    def pay_with(self, seat: int, cost: Mapping[Any, int], markers: tuple[str, ...]) -> None:
        """Pay `cost`, Passenger's markers standing in for the resources in `markers`."""
        spare = self.persist[seat].get("passenger")
        for k, n in cost.items():
            used = markers.count(k)
            if used and spare is not None:
                spare["markers"] -= used
                self.supply[seat] += used  # back to the supply (§17.10)
                self.say(seat, f"uses {used} marker(s) of Passenger for {RESOURCE_NAMES[k]}",
                         ref("17.10"))
            self.add(seat, k, -(n - used))
        if spare is not None and spare["markers"] <= 0:
            del self.persist[seat]["passenger"]
            self.discard[seat].append("passenger")
            self.say(seat, "Passenger has no marker left: the card is discarded", ref("17.10"))

    def transfer_gold(self, payer: int, payee: int | None, n: int) -> None:
        """Pay Gold to another player, or to the bank when `payee` is None."""
        self.add(payer, "gold", -n)
        if payee is not None:
            self.add(payee, "gold", n)


_RESOURCE_INDEX = {k: i for i, k in enumerate(RESOURCES)}
# players -> first player -> turn order (every count a game can have, and then some)
_ORDERS = tuple(tuple(tuple((first + i) % players for i in range(players)) for first in range(players))
                for players in range(16))
_OPERATORS: dict[int, tuple[Content, frozenset[str]]] = {}


def _operators(content: Content) -> frozenset[str]:
    """The ids of the content's Operator cards (asked at every determinization)."""
    hit = _OPERATORS.get(id(content))
    if hit is None or hit[0] is not content:
        ops = frozenset(c for c, r in content.characters.items() if r.kind == "operator")
        hit = _OPERATORS[id(content)] = (content, ops)  # keeps the content alive: its id stays its own
    return hit[1]


def _copy(x: Any) -> Any:
    """A deep copy of JSON-ready data, much faster than copy.deepcopy."""
    if isinstance(x, list):
        return [_copy(v) for v in x]
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    return x
