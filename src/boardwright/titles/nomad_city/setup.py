"""Setup (§2), Initial Entry (§3) and the two-player changes (§12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .build import refill_market
from .characters import STARTING
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
    s.first = s.rng.below(p)  # "by any method you like" (§3.1)
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
    s.event_box = []
    s.event_decks = {}
    for colour in COLOURS:
        deck = [e.id for e in c.events.values() if e.colour == colour]
        if p < 4:
            removed = [e for e in deck if c.events[e].four_player]
            s.event_box.extend(removed)
            deck = [e for e in deck if e not in removed]
        s.rng.shuffle(deck)
        s.event_decks[colour] = deck
    s.say(None, "the Event cards are shuffled by colour"
          + (" after the '4' cards went back to the box" if p < 4 else ""), ref("2"))
    s.fac_deck = list(c.facilities.deck)
    s.rng.shuffle(s.fac_deck)
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
    s.hand = [list(STARTING) for _ in range(p)]
    s.facedown = [""] * p
    s.revealed = [False] * p
    s.discard = [[] for _ in range(p)]
    s.styles = {sid: {} for sid in c.styles}
    s.end_effects = [[] for _ in range(p)]
    s.turn_flags = {"character": 0, "no_character": 0}
    s.collect = [{"done": True} for _ in range(p)]
    s.tasks = []
    s.finished = False
    s.say(s.first, f"seat {s.first} is the first player", ref("3.1"))
    s.push("round", 1)
    s.push("funds")
    if p == 2:
        s.push("place", (s.first + 1) % p, 1, True, ref("12"))
    for seat in reversed(s.order()):
        s.push("start_site", seat)


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
