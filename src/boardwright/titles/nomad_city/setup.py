"""Setup (§2), Initial Entry (§3) and the two-player changes (§12)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .build import refill_market
from .characters import MODULE_STARTING, OPERATORS, STARTING
from .corporations import RHINE_LAB, RHODES_ISLAND
from .events import COLOURS
from .explore import reveal_event
from .facilities import TOWER
from .rules import ref

if TYPE_CHECKING:
    from .state import NomadState, Task

MARKERS = 30
GOLD_NOTES_VALUE = 40 * 1 + 20 * 5 + 10 * 10  # 70 notes (§1)
PURE_ORIGINIUM = 35
ROUNDS = 8
FUNDS = {4: (10, 12, 14, 18), 3: (10, 12, 18), 2: (10, 18)}  # by seat in turn order (§3.3, §12)
TWO_PLAYER_POINTS = 3  # the second player's extra points (§12)
BANNED_2P = "B-01"  # no starting on B-01 with 2 players (§12)


def setup(s: NomadState) -> None:
    p = s.players
    c = s.content
    s.round = 0
    s.first = s.draw("first player", range(p))  # "by any method you like" (§3.1)
    s.city = [""] * p
    s.explored = {}
    s.influence = {}
    s.supply = [MARKERS - 1] * p  # one marker tracks the score (§2)
    s.gold = [0] * p
    s.pure = [0] * p
    s.points = [0] * p
    s.res = [[0, 0, 0] for _ in range(p)]
    s.bank_gold = GOLD_NOTES_VALUE
    s.bank_pure = PURE_ORIGINIUM
    module = bool(s.options.get("corporations"))
    s.event_box = []
    s.event_decks = {}
    # the module swaps its 2 cards in for the base cards of the same names (§15.1)
    replaced = {e.replaces for e in c.events.values() if e.module} if module else set()
    in_play = [e for e in c.events.values() if e.module == module or
               (module and not e.module and e.id not in replaced)]
    for colour in COLOURS:
        deck = [e.id for e in in_play if e.colour == colour]
        if p < 4:
            removed = [e for e in deck if c.events[e].four_player]
            s.event_box.extend(removed)
            deck = [e for e in deck if e not in removed]
        s.shuffle(f"{colour} event deck", deck)
        s.event_decks[colour] = deck
    s.say(None, "the Event cards are shuffled by colour"
          + (" after the '4' cards went back to the box" if p < 4 else ""), ref("2"))
    s.fac_deck = list(c.facilities.deck) + (list(c.facilities.module_deck) if module else [])
    s.shuffle("facility deck", s.fac_deck)
    s.fac_known = 0
    s.market = []
    s.fac_box = []
    refill_market(s)
    g = c.facilities.grid
    tower = g.tower[0] * g.columns + g.tower[1]
    s.grid = [["" if i != tower else TOWER for i in range(g.rows * g.columns)] for _ in range(p)]
    s.used = [[] for _ in range(p)]
    s.towers = 4 - p
    s.hubs = 3
    s.hand = [list(STARTING) + (list(MODULE_STARTING) if module else []) for _ in range(p)]
    s.facedown = [""] * p
    s.revealed = [False] * p
    s.discard = [[] for _ in range(p)]
    s.styles = {sid: {} for sid in _styles_in_play(s, module)}
    s.end_effects = [[] for _ in range(p)]
    s.turn_flags = {"character": 0, "no_character": 0}
    s.collect = [{"done": True} for _ in range(p)]
    s.tasks = []
    s.finished = False
    s.corps = []
    s.coop = {}
    s.starting = [[] for _ in range(p)]
    s.corp_stack = []
    s.corp_seen = [[] for _ in range(p)]
    s.dept = ""
    s.ops = []
    s.boxed = [[] for _ in range(p)]
    s.box = [[] for _ in range(p)]
    s.highways = []
    s.persist = [{} for _ in range(p)]
    s.say(s.first, f"seat {s.first} is the first player", ref("3.1"))
    s.push("round", 1)
    s.push("funds")
    if p == 2:
        s.push("place", (s.first + 1) % p, 1, True, ref("12"))
    if module:
        for seat in reversed(s.order()):
            s.push("box_two", seat)
    for seat in reversed(s.order()):
        s.push("start_site", seat)
    if module:
        s.corp_stack = [x.id for x in c.corporations.corporations]
        s.shuffle("corporations", s.corp_stack)
        s.say(None, "the Corporation boards are shuffled into a stack", ref("15.1"))
        s.push("corp_start")
        if p == 3:
            s.push("corp_fourth")
        for seat in reversed(s.order()):
            s.push("corp_draw", seat)


def _styles_in_play(s: NomadState, module: bool) -> list[str]:
    """Base game: its 6 City Style cards. Module: 4 of the 8 level I cards and 2 of the
    4 level II cards, each deck shuffled (§15.1)."""
    styles = s.content.styles
    if not module:
        return [sid for sid, st in styles.items() if not st.module]
    out = []
    for lvl, n in ((1, 4), (2, 2)):
        deck = [sid for sid, st in styles.items() if st.level == lvl]
        s.shuffle(f"level {lvl} city styles", deck)
        out += sorted(deck[:n])
    names = ", ".join(styles[x].name for x in out)
    s.say(None, f"City Styles in play: {names}", ref("15.1"))
    return out


# ---------------------------------------------------------------- Corporation Module (§15.2)
def _draft(s: NomadState) -> tuple[int, int]:
    """(boards drawn, boards kept) per player: 4 and 2 with 2 players, else 2 and 1."""
    return (4, 2) if s.players == 2 else (2, 1)


def resolve_corp_draw(s: NomadState, task: Task) -> None:
    seat = task[1]
    n, _ = _draft(s)
    drawn = [s.corp_stack.pop() for _ in range(min(n, len(s.corp_stack)))]
    s.say(seat, f"draws {len(drawn)} Corporation boards", ref("15.2"))
    s.push("corp_pick", seat, drawn)


def corp_pick_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, drawn = task
    _, keep = _draft(s)
    name = {x: s.content.corp(x).name for x in drawn}
    acts = tuple(Action("keep:" + "+".join(pick), "Start with " + " and ".join(name[x] for x in pick))
                 for pick in combinations(drawn, keep))
    return Decision(me, "starting_corporation", f"Choose {keep} starting corporation(s)",
                    ref("15.2"), acts)


def apply_corp_pick(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    kept = action_id.partition(":")[2].split("+")
    s.corps.extend(kept)
    s.starting[seat] = kept
    s.corp_seen[seat] = [x for x in task[2] if x not in kept]
    names = " and ".join(s.content.corp(x).name for x in kept)
    s.say(seat, f"chooses {names} as starting corporation(s)", ref("15.2"))


def resolve_corp_fourth(s: NomadState, task: Task) -> None:
    """With 3 players a random undrawn board joins as the fourth (§15.2)."""
    if not s.corp_stack:
        return
    extra = s.corp_stack.pop(s.draw("extra corporation", s.corp_stack))
    s.corps.append(extra)
    s.say(None, f"{s.content.corp(extra).name} joins as the fourth corporation", ref("15.2"))
    if extra == RHINE_LAB:
        tiles = [t.id for t in s.content.corporations.departments]
        s.dept = tiles[s.draw("department", tiles)]
        s.say(None, f"{s.content.department(s.dept).name} is activated at random", ref("15.2"))


def resolve_corp_start(s: NomadState, task: Task) -> None:
    """A marker of every player on level 0 of every board, then each player's first
    level on its starting corporation(s), in turn order (§15.2)."""
    s.coop = {x: [0] * s.players for x in s.corps}
    for seat in range(s.players):
        s.supply[seat] -= len(s.corps)
    if RHODES_ISLAND in s.corps:
        s.ops = list(OPERATORS)
        s.shuffle("operators", s.ops)
        s.say(None, "the 8 Operator cards form the Operator deck", ref("18.8"))
    # the Rhine Lab starter picks the active tile once every starting level is reached
    for seat in range(s.players):
        if RHINE_LAB in s.starting[seat]:
            s.push("dept_pick", seat, 0, ref("18.7"))
    for seat in reversed(s.order()):
        for corp in reversed(s.starting[seat]):
            s.push("level_up", seat, corp, ref("15.2"))


def box_two_decision(s: NomadState, task: Task, seat: int) -> Decision:
    me = task[1]
    chars = s.content.characters
    acts = tuple(Action(f"box:{a}+{b}", f"Return {chars[a].name} and {chars[b].name} to the box")
                 for a, b in combinations(sorted(s.hand[me]), 2))
    return Decision(me, "return_two", "Return 2 characters to the box, unseen", ref("15.2"), acts)


def apply_box_two(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    picked = action_id.partition(":")[2].split("+")
    for c in picked:
        s.hand[seat].remove(c)
        s.boxed[seat].append(c)
    names = " and ".join(s.content.characters[c].name for c in picked)
    s.say(seat, f"returns {names} to the box", ref("15.2"), visible_to=(seat,))
    s.say(seat, "returns 2 characters to the box face down", ref("15.2"))


def start_site_decision(s: NomadState, task: Task, seat: int) -> Decision:
    me = task[1]
    acts = tuple(Action(f"site:{site.id}", f"Start on {site.id} (region {site.region})")
                 for site in s.board.sites.values()
                 if site.colour == "green" and site.id not in s.city
                 and not (s.players == 2 and site.id == BANNED_2P))
    return Decision(me, "starting_site", "Choose your starting mining site (green)", ref("3.2"), acts)


def apply_start_site(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    site = action_id.partition(":")[2]
    s.city[seat] = site
    s.board_changed()
    s.say(seat, f"docks its mobile city on {site}", ref("3.2"))
    bonus = s.board.sites[site].arrival_bonus
    if bonus:
        for kind, n in bonus.items():
            s.add(seat, kind, n)
        s.say(seat, f"gains the arrival bonus of {site}", ref("3.2"))
    reveal_event(s, seat, site, ref("3.2"))


def resolve_funds(s: NomadState, task: Task) -> None:
    for i, seat in enumerate(s.order()):
        s.add(seat, "gold", FUNDS[s.players][i])
        s.say(seat, f"receives {FUNDS[s.players][i]} Gold of starting funds", ref("3.3"))
        if s.players == 2 and i == 1:
            s.add(seat, "points", TWO_PLAYER_POINTS)
            s.say(seat, f"gains {TWO_PLAYER_POINTS} points as the second player", ref("12"))


def fac_remove_decision(s: NomadState, task: Task, seat: int) -> Decision:
    me = task[1]
    acts = tuple(Action(f"remove:{c}", f"Return {s.content.facilities.of(c).name} to the box")
                 for c in s.market)
    return Decision(me, "facility_removal", "Return a facility of the market to the box",
                    ref("12"), acts)


def apply_fac_remove(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    card = action_id.partition(":")[2]
    s.market.remove(card)
    s.fac_box.append(card)
    s.say(seat, f"returns {s.content.facilities.of(card).name} to the box", ref("12"))
    refill_market(s)
