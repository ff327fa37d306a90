"""Setup per mode and player count (§3), and the semi-co-op choice of quarters (§2.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine.actions import Action, Decision

from .content import RESOURCES, Requirement
from .excavation import hexes
from .modes import shared_purse
from .rules import ref

if TYPE_CHECKING:
    from .state import MartiansState


def copies(records: Any, collectors: bool = True) -> list[str]:
    """Card instances 'id#n' of records with a `copies` field."""
    out = []
    for r in records:
        if getattr(r, "collectors", False) and not collectors:
            continue
        out += [f"{r.id}#{n}" for n in range(1, r.copies + 1)]
    return out


def board_count(s: MartiansState) -> int:
    """The player count the setup tables are read with: solo uses the 2-player column."""
    return s.corps


def setup(s: MartiansState) -> None:
    c = s.content
    s.mode = str(s.options["mode"])
    s.corps = 2 if s.mode == "solo" else s.players
    n = board_count(s)
    table = c.table(s.mode)
    s.cycles = table.cycles
    s.cycle, s.round, s.rounds = 1, 0, 0
    # Solo: the marker starts left of the card, with the blue corporation (§2.1). Otherwise
    # the text names no first player: it is drawn by lot (§12).
    s.first = 0 if s.mode == "solo" else s.draw("first corporation", range(s.corps))
    s.finished = False
    s.early_end = False
    limits = c.setup.limits
    s.supply = {k: limits[k] for k in RESOURCES if k != "credits"}
    for k in ("oxygen", "disease", "hunger", "birth"):
        s.supply[k] = limits[k]
    s.gone = {}
    s.bank = 0
    purses = 1 if shared_purse(s.mode) else s.corps
    s.res = [[0] * len(RESOURCES) for _ in range(purses)]
    s.reputation = [c.board.reputation_start] * purses
    s.regolith = [[] for _ in range(purses)]
    for corp in range(s.corps):
        p = s.purse(corp)
        for k, v in table.shared.items():
            s.gain(0, k, v)
        for k, v in table.own.items():
            s.gain(p, k, v)
        s.gain(p, "credits", table.credits)
    s.rtg = c.setup.rtg_energy[str(n)]
    s.supply["energy"] -= s.rtg
    if uses_scenario(s):
        sc = c.scenarios[int(s.options["scenario"])]
        for p in range(purses):
            for k, v in sc.setup.items():
                s.gain(p, k, v)
    # cards and tiles on the board (§3)
    shown = c.setup.board_cards[str(n)]
    s.expert_deck = copies(c.experts.values(), bool(s.options["collectors_edition"]))
    s.shuffle("expert deck", s.expert_deck)
    s.board_experts = sorted(s.expert_deck.pop() for _ in range(shown))
    s.assistant_deck = [f"{a}#{k}" for a in sorted(c.assistants) for k in range(1, n + 1)]
    s.shuffle("assistant deck", s.assistant_deck)
    s.board_assistants = sorted(s.assistant_deck.pop() for _ in range(shown))
    s.research_reserve = sorted(c.research)
    s.shuffle("research reserve", s.research_reserve)
    s.research_board = sorted(s.research_reserve.pop() for _ in range(shown))
    s.research_out = []
    s.regolith_deck = copies(c.regolith.values())
    s.shuffle("regolith deck", s.regolith_deck)
    s.regolith_out = []
    # excavation area: tokens face down, three face up on the special fields (§6.5)
    tokens = copies(c.excavation.tokens)
    s.shuffle("excavation tokens", tokens)
    grid = hexes(c.excavation.radius)
    s.tiles = dict(zip(grid, tokens, strict=True))
    s.faceup = {h: h in c.excavation.start_fields for h in grid}
    s.machine = min(c.excavation.start_fields, key=lambda h: (int(h.split(",")[1]), int(h.split(",")[0])))
    # weather: Stable weather face up, the rest shuffled (§9)
    deck = copies(c.weather.values())
    s.weather = "stable#1"
    deck.remove(s.weather)
    s.shuffle("weather deck", deck)
    s.weather_deck, s.weather_out, s.seen_top = deck, [], []
    # events: one stack per cycle (§10)
    s.event_stacks = []
    for cyc in range(1, 6):
        stack = sorted(e.id for e in c.events.values() if e.cycle == cyc)
        s.shuffle(f"cycle {cyc} events", stack)
        s.event_stacks.append(stack)
    s.events_out, s.event_active = [], ""
    # commissions (§2.1, §2.4)
    s.commissions_open, s.commission_deck, s.commissions_out = [], [], []
    if uses_commissions(s):
        s.commission_deck = sorted(c.commissions)
        s.shuffle("commission deck", s.commission_deck)
        s.commissions_open = sorted(s.commission_deck.pop() for _ in range(s.corps + table.commissions))
    s.requirements_done = []
    # crops: a lettuce tile on every corporation card (§12)
    crops = copies(c.crops.values())
    s.crop = [f"lettuce#{k + 1}" for k in range(s.corps)]
    s.crop_supply = sorted(t for t in crops if t not in s.crop)
    # the board's buildings (§5.2, §5.4)
    s.fields = {b.id: [-1 if o <= n else -2 for o in b.field_opens] for b in c.board.buildings}
    s.upgrades = {b.id: list(b.upgrade_fields) for b in c.board.buildings}
    s.unbuilt = [b.id for b in c.board.buildings if b.build_token] + [
        i.id for i in c.board.installations if i.build_token]
    s.install = {i.id: [] for i in c.board.installations}
    s.hand = [3] * s.corps
    s.colonists = [3] * s.corps
    s.dead = [0] * s.corps
    s.placed = [0] * s.corps
    s.dead_placed = [0] * s.corps
    s.rtg_used = [False] * s.corps
    s.track = []
    s.infirmary = [[] for _ in range(4)]
    s.apartments = [[] for _ in range(4)]
    s.quarters = [[0, 0, 0, 0] for _ in range(4)]
    s.owner = [-1] * 4
    s.birth_q = -1
    s.experts = [[] for _ in range(s.corps)]
    s.assistants = [[] for _ in range(s.corps)]
    s.corp_tech = [[] for _ in range(s.corps)]
    s.colony_tech = []
    s.turn = {}
    s.stats = [{"research": 0, "commissions": 0} for _ in range(s.corps)]
    s.goal_deck, s.goal_hand, s.goals, s.goal_discard, s.goal_pick, s.goal_passed = [], [], [], [], [], []
    s.tasks = [["cycle_start"]]
    if s.mode == "competitive":
        for corp in range(s.corps):
            s.owner[corp] = corp
            place_token(s, corp, "oxygen", 1)
    elif s.mode == "semi-coop":
        for corp in reversed(s.order()):  # in turn order from the first player
            s.push("semi_quarters", corp)
    else:
        for q in range(s.corps):
            place_token(s, q, "oxygen", 1)
    s.say(None, f"{s.mode} game, {s.corps} corporations, {s.cycles} cycles", ref("3"))
    s.say(None, f"the first player marker goes to the {s.name(s.first)}", ref("4.2"))
    if s.mode == "competitive" and s.options["collectors_edition"]:
        from .goals import deal

        deal(s)


def uses_scenario(s: MartiansState) -> bool:
    if s.mode == "competitive":
        return False
    return not (s.mode == "solo" and s.options["solo_goal"] == "commissions")


def scenario_requirements(s: MartiansState) -> tuple[Requirement, ...]:
    """The scenario's requirements at this game's player count (solo: 2): a stand-in cost
    or condition may depend on the count (`by_players`)."""
    record = s.content.scenarios[int(s.options["scenario"])]
    count = board_count(s)
    # kept here, not read through the record's private cache: the bots ask at every step
    hit = _REQUIREMENTS.get((id(record), count))
    if hit is None or hit[0] is not record:
        hit = _REQUIREMENTS[(id(record), count)] = (record, record.at(count))
    return hit[1]


#: (id of a scenario record, player count) -> (the record, its requirements at that count);
#: the record is kept so that its id cannot be reused while the entry stands
_REQUIREMENTS: dict[tuple[int, int], tuple[Any, tuple[Requirement, ...]]] = {}


def uses_commissions(s: MartiansState) -> bool:
    return s.mode == "competitive" or (s.mode == "solo" and s.options["solo_goal"] == "commissions")


def place_token(s: MartiansState, q: int, kind: str, n: int) -> int:
    """Put up to n demand tokens of a kind in quarters q, as far as the supply lasts (§1)."""
    idx = ("oxygen", "disease", "hunger", "birth").index(kind)
    n = min(n, s.supply[kind])
    s.supply[kind] -= n
    s.quarters[q][idx] += n
    return n


def remove_token(s: MartiansState, q: int, kind: str) -> None:
    idx = ("oxygen", "disease", "hunger", "birth").index(kind)
    s.quarters[q][idx] -= 1
    s.supply[kind] += 1


# ------------------------------------------------------------------ semi-co-op quarters
def semi_quarters_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp = int(task[1])
    taken = {q for q in range(4) if s.owner[q] >= 0}
    actions = tuple(Action(f"quarters:{q + 1}", f"maintain Q{q + 1}") for q in range(4) if q not in taken)
    return Decision(s.seat_of(corp), "quarters", f"{s.name(corp)}: choose the quarters you will maintain",
                    ref("2.3"), actions)


def apply_semi_quarters(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    s.tasks.pop()
    q = int(action_id.split(":")[1]) - 1
    s.owner[q] = corp
    place_token(s, q, "oxygen", 1)
    s.say(corp, f"maintains Q{q + 1}; an oxygen token is placed there", ref("2.3"))
