"""The effect grammar and every Steamfall component, as pydantic models.

One grammar serves every card: `costs : gains`, where `costs` and `gains` are lists of
alternatives ("/" and "or"), each alternative a bundle of terms. An effect may carry a
compulsory cause (start of round, end of round, on enter), a compulsory condition ("in
order to"), an influence-cube cost (usable remotely from a revealed secret location under
your influence), Utilize, an activation limit and, on items, a timing word. Passive
limitations and bonuses are `Modifier`s; quests and complication solutions count game
events (`Trigger`). Rules sections: docs/games/steamfall/rules.md §6.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardwright.engine.data import Record

ACTIONS = ("movement", "manipulate", "engineering", "special", "charm", "violence")
RESOURCES = ("scrap", "steam", "insight", "vp", "stamina")
#: actions a stamina token may stand in for (§5.5)
STAMINA_FOR = ("movement", "manipulate", "engineering", "charm", "violence")

What = Literal[
    # actions and resources (cost or gain)
    "movement",
    "manipulate",
    "engineering",
    "special",
    "charm",
    "violence",
    "scrap",
    "steam",
    "insight",
    "vp",
    "stamina",
    # power: from the item the effect is on (cost) or onto an item of yours (gain)
    "power",
    # item cards: discard from hand (cost) or draw (gain)
    "workshop",
    "relic",
    # gains only
    "mood_up",
    "mood_down",
    "draw_discard",
    "play_item",
    "quest_progress",
    "progress",
    "teleport",
    "explore_ruins",
    "civilian",
    "completion",
    "power_any",
    "pick_up",
    # a victory-point diamond token (4 exist; four together count 6 VP, §11)
    "diamond",
    # costs only: break a cipher of the colour in `arg` (its action or insight, §13.2)
    "cipher",
    # Crisis gains (§16): an encounter success, serenity, power onto the Core Shard, moving
    # a civilian or Mechanized token of your area to an adjacent area
    "success",
    "serenity",
    "shard_power",
    "move_civilian",
    "move_mechanized",
]
COST_ONLY: frozenset[str] = frozenset({"cipher"})
GAIN_ONLY = frozenset(
    {
        "mood_up",
        "mood_down",
        "draw_discard",
        "play_item",
        "quest_progress",
        "progress",
        "teleport",
        "explore_ruins",
        "civilian",
        "completion",
        "power_any",
        "pick_up",
        "diamond",
        "success",
        "serenity",
        "shard_power",
        "move_civilian",
        "move_mechanized",
    }
)


class Term(BaseModel):
    """One symbol with its count: `4 scrap`, `2 movement`, `draw 2 discard 1`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    what: What
    n: int = 1
    #: draw_discard: how many of the drawn cards are discarded
    discard: int = 0
    #: cipher: the cipher's colour (red, green, blue)
    arg: str = ""

    @model_validator(mode="after")
    def _check(self) -> Term:
        if self.n < 1:
            raise ValueError("a term counts at least 1")
        if self.what == "draw_discard" and not 0 < self.discard < self.n:
            raise ValueError("draw_discard discards at least one and fewer than it draws")
        colour = self.arg in ("red", "green", "blue")
        if (self.what == "cipher") != bool(self.arg) or (self.arg and not colour):
            raise ValueError("a cipher term names its colour (red, green, blue) in arg; no other has arg")
        return self


Bundle = list[Term]
Cause = Literal["", "start_of_round", "end_of_round", "on_enter"]
Timing = Literal[
    "", "power", "impact", "trigger", "modded", "passive", "modded_passive", "destroy", "trash", "action"
]
ConditionKind = Literal[
    "discard_civilian", "escort_keyword", "item_keyword", "in_area_ruins", "discard_civilian_keyword"
]


class Condition(BaseModel):
    """A compulsory "in order to" condition: part of the cost (§6.5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: ConditionKind
    arg: str = ""


ModifierKind = Literal[
    "escort_limit",
    "token_cost",
    "max_scrap_per_manipulate",
    "secret_enter_cost",
    "district_enter_cost",
    "encounter_cost",
    "item_cost_scrap",
    "cipher_discount",
    "no_mood_reset",
    "reset_bonus",
    "end_vp_influence",
    "market_keep",
    "no_stamina_use",
]


class Modifier(BaseModel):
    """A passive rule change while its card is in effect (limitations and bonuses)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: ModifierKind
    n: int = 1
    arg: str = ""


TriggerEvent = Literal[
    "explore_ruins",
    "escort",
    "play_item",
    "reveal_location",
    "place_cube",
    "enter_district",
    "reset_mood",
    "add_token",
    "complete_quest",
    "spend_scrap",
    "spend_steam",
    "spend_violence",
    "spend_charm",
    "pick_up",
    "attach",
    "break_cipher",
]


class Trigger(BaseModel):
    """A game event that advances a quest or a complication (one step per occurrence)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    event: TriggerEvent
    arg: str = ""


class Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str
    cause: Cause = ""
    timing: Timing = ""
    influence: bool = False
    utilize: bool = False
    costs: list[Bundle] = Field(default_factory=list)
    condition: Condition | None = None
    gains: list[Bundle] = Field(default_factory=list)
    passive: list[Modifier] = Field(default_factory=list)
    #: activation limit: items default to once per turn (§6.6)
    limit: Literal["any", "once_per_turn", "once_per_game"] = "any"

    @model_validator(mode="after")
    def _check(self) -> Effect:
        if self.cause and any(self.costs):
            raise ValueError("a compulsory cause replaces the cost")
        for bundle in self.costs:
            for t in bundle:
                if t.what in GAIN_ONLY:
                    raise ValueError(f"{t.what} cannot be a cost")
        for bundle in self.gains:
            for t in bundle:
                if t.what in COST_ONLY:
                    raise ValueError(f"{t.what} cannot be a gain")
        if self.timing in ("passive", "modded_passive"):
            if self.gains or self.costs:
                raise ValueError("a passive effect has modifiers only")
        elif self.passive:
            raise ValueError("modifiers belong to passive effects")
        if self.utilize and len(self.costs) != 1:
            raise ValueError("a Utilize effect has exactly one cost bundle")
        return self


Scenario = Literal["always", "competitive", "cooperative"]


class District(Record):
    name: str
    type: Literal["central", "city", "ancient"]
    #: triangles on the red pathway of each side, north, east, south, west (cost to enter)
    pathways: list[int]
    #: start-of-round drops: ruins, civilian, mechanized, scrap2, steam, workshop, event, crisis
    drops: list[Literal["ruins", "civilian", "mechanized", "scrap2", "steam", "workshop", "event", "crisis"]]
    effects: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> District:
        if len(self.pathways) != 4 or min(self.pathways) < 1:
            raise ValueError("four pathways of at least one triangle")
        return self


class ActionToken(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    gains: Bundle


class Column(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    capacity: int
    start: list[str]


class MoodGroup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    #: the two adjacent levels the group sits between (nearer zero first)
    between: tuple[int, int]
    gains: Bundle


class Character(Record):
    name: str
    tokens: list[ActionToken]
    columns: list[Column]
    mood_min: int
    mood_max: int
    mood_groups: list[MoodGroup]

    @model_validator(mode="after")
    def _check(self) -> Character:
        ids = [t.id for t in self.tokens]
        if len(ids) != len(set(ids)):
            raise ValueError("token ids repeat")
        if len(self.columns) != 4:
            raise ValueError("four columns")
        placed = [t for c in self.columns for t in c.start]
        if any(t not in ids for t in placed) or len(placed) != len(set(placed)):
            raise ValueError("starting tokens must be distinct tokens of the character")
        for c in self.columns:
            if len(c.start) > c.capacity:
                raise ValueError("a column holds no more than its capacity")
        for g in self.mood_groups:
            a, b = g.between
            if (
                abs(b) != abs(a) + 1
                or (a != 0 and (a > 0) != (b > 0))
                or not self.mood_min <= min(a, b) <= max(a, b) <= self.mood_max
            ):
                raise ValueError(f"mood group {g.between} is not between adjacent levels on the track")
        return self


class Ability(Record):
    character: str
    scenario: Literal[
        "incredible-invention",
        "incredible-invention-solo",
        "cipher-race",
        "crisis",
        "genesis",
        "genesis-chapter",
    ]
    name: str
    effects: list[Effect]


class Item(Record):
    name: str
    deck: Literal["workshop", "relic"]
    kind: Literal["base", "addon", "module", "plain"]
    scenario: Scenario = "always"
    cipher: bool = False
    cost: list[Bundle] = Field(default_factory=list)
    #: power gauge: green segments (recharge and starting power) and total segments
    green: int = 0
    gauge: int = 0
    #: manual charge (grey box): pay this to add 1 power
    charge: list[Bundle] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> Item:
        if self.green > self.gauge:
            raise ValueError("more green segments than segments")
        if self.kind in ("base", "module") and self.gauge == 0:
            raise ValueError("base items and power modules have a power gauge")
        for e in self.effects:
            if e.timing == "" or e.timing == "action":
                raise ValueError("an item effect names its timing word")
            if e.timing == "trigger" and self.kind != "addon":
                raise ValueError("Trigger effects are on add-ons")
        return self


class Quest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str
    trigger: Trigger
    n: int
    reward: Bundle


class Civilian(Record):
    name: str
    keyword: Literal["", "VIP", "SECRET", "WANTED"] = ""
    scenario: Scenario = "always"
    passive: list[Modifier] = Field(default_factory=list)
    action: Effect
    quest: Quest


class SecretLocation(Record):
    name: str
    scenario: Scenario = "always"
    cipher: bool = False
    drop: Literal["", "scrap2", "steam", "workshop", "civilian", "ruins", "insight"] = ""
    effects: list[Effect]


class Event(Record):
    name: str
    drops: list[Literal["scrap2", "steam", "workshop", "civilian", "ruins"]] = Field(default_factory=list)
    removal: Literal["immediate", "end_of_round", "after_use"] = "end_of_round"
    effects: list[Effect] = Field(default_factory=list)


class RuinsToken(Record):
    unexplored: Effect
    explored: Effect


class InventionSide(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    #: per round: marketing (VP), permissions (cubes from secret locations), completion
    rows: list[tuple[int, int, int]]


class InventionCard(Record):
    players: int
    normal: InventionSide
    hard: InventionSide


class Complication(Record):
    name: str
    limitation: list[Modifier]
    solution: Trigger | None = None
    #: a solution paid as an effect instead of counted from events
    paid: Effect | None = None
    plus_one: bool = False


class Cipher(Record):
    color: Literal["red", "green", "blue"]
    action: Literal["violence", "charm", "movement"]
    actions: int
    insight: int


class Tablet(Record):
    ciphers: list[Literal["red", "green", "blue"]]


class Layout(Record):
    players: list[int]
    #: (row, column, type) of each district
    cells: list[tuple[int, int, Literal["central", "city", "ancient"]]]


class Challenge(BaseModel):
    """One challenge box of a crisis card (§16.5): spend a cost in the card's district,
    explore the ruins there, or clear every token of a kind from it (from anywhere)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str
    kind: Literal["pay", "explore", "clear"]
    costs: list[Bundle] = Field(default_factory=list)
    arg: Literal["", "civilian", "mechanized"] = ""
    #: the Core Shard's holder must be in the card's district
    shard: bool = False
    optional: bool = False
    #: serenity lost in the resolution phase when the box is uncovered (and counts)
    chaos: int = 1

    @model_validator(mode="after")
    def _check(self) -> Challenge:
        if (self.kind == "pay") != bool(self.costs):
            raise ValueError("a pay challenge, and only it, has costs")
        if (self.kind == "clear") != bool(self.arg):
            raise ValueError("a clear challenge, and only it, names the tokens to clear")
        return self


class Penalty(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    #: kill / turn n civilians in the district, add n Mechanized there, or lose n serenity
    kind: Literal["kill", "turn", "mechanized", "serenity"]
    n: int = 1


class CrisisCard(Record):
    name: str
    promo: bool = False
    boxes: list[Challenge]
    #: split freely among all players; serenity and shard power go to the team
    reward: Bundle
    penalty: Penalty
    drops: list[Literal["civilian", "mechanized"]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> CrisisCard:
        if len(self.boxes) != 3 or sum(b.optional for b in self.boxes) != 1:
            raise ValueError("three challenge boxes, exactly one of them optional")
        return self


class EncounterHalf(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    #: the dotted options: exactly one is chosen per card
    options: list[Bundle]
    #: gear bonus: gained too when an item in your play area has this keyword
    gear: str = ""
    bonus: Bundle = Field(default_factory=list)


class SupportOption(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str
    #: the cross: the support card is discarded to gain this (once)
    discard: bool = False
    #: otherwise a cost that may be paid any number of times
    costs: Bundle = Field(default_factory=list)
    gains: Bundle

    @model_validator(mode="after")
    def _check(self) -> SupportOption:
        if self.discard == bool(self.costs):
            raise ValueError("a support option is either a discard (cross) or has a cost")
        return self


class EncounterCard(Record):
    name: str
    mechanized: EncounterHalf
    support: list[SupportOption]
    civilian: EncounterHalf


class CoreShard(Record):
    name: str
    gauge: int
    start: int = 0
    #: pay one of these to add 1 power (its own charging effect)
    charge: list[Bundle]
    #: power spent to destroy the pylon in the holder's district
    destroy: int


# ------------------------------------------------------------------ Genesis (§17)
GoalKind = Literal["have", "count", "escort", "in_play", "cubes", "at_event", "abilities"]


class Goal(BaseModel):
    """One checkable part of a chapter's objective (all parts must hold, §17.3):
    `have` n of a resource now; `count` n game events (a quest trigger name in `what`)
    since the chapter was chosen; `escort` n civilians; `in_play` n items in play; `cubes`
    n influence cubes on the map; `at_event` stand in the district holding event `what`;
    `abilities` n journal abilities gained."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: GoalKind
    what: str = ""
    n: int = 1

    @model_validator(mode="after")
    def _check(self) -> Goal:
        if self.kind == "have" and self.what not in RESOURCES:
            raise ValueError(f"'have' names a resource ({', '.join(RESOURCES)})")
        if self.kind == "count" and self.what not in TriggerEvent.__args__:  # type: ignore[attr-defined]
            raise ValueError("'count' names a game event (a quest trigger)")
        if self.kind == "at_event" and not self.what:
            raise ValueError("'at_event' names the event")
        return self


class ChapterSetup(BaseModel):
    """What a chapter does when chosen: gains, events set aside for the round's pile,
    events placed at once in the character's district (§17.4), and for Chapter 0 the type
    of district the character starts in."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    gains: Bundle = Field(default_factory=list)
    events: list[str] = Field(default_factory=list)
    here: list[str] = Field(default_factory=list)
    start: Literal["", "central", "city", "ancient"] = ""


class JournalAbility(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    effects: list[Effect]


MARKS = ("0", "1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "F")


class Chapter(BaseModel):
    """One chapter of a journal: bookmark, title, a line of story in our words, setup,
    objective, reward, a special instruction, and the ability printed on its back."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    mark: Literal["0", "1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "F"]
    title: str
    story: str = ""
    setup: ChapterSetup = Field(default_factory=ChapterSetup)
    objective: list[Goal] = Field(default_factory=list)
    reward: Bundle = Field(default_factory=list)
    #: "trapped": no leaving the district holding the chapter's first `here` event until done
    special: Literal["", "trapped"] = ""
    ability: JournalAbility | None = None


class Journal(Record):
    """A character's 10-card journal in printed order: the cover with Chapter 0, the
    starting ability card, 1A-3B (abilities on the backs), Chapter 4 (A and B on one
    card) and Chapter F."""

    character: str
    start_ability: JournalAbility
    chapters: list[Chapter]

    @model_validator(mode="after")
    def _check(self) -> Journal:
        if tuple(c.mark for c in self.chapters) != MARKS:
            raise ValueError(f"chapters in printed order: {', '.join(MARKS)}")
        for c in self.chapters:
            if c.mark[0] in "123" and c.ability is None:
                raise ValueError(f"chapter {c.mark} carries an ability on its back")
            if c.mark[0] in "04F" and c.ability is not None:
                raise ValueError(f"chapter {c.mark} has no ability")
            if c.mark[0] in "1234" and not c.objective:
                raise ValueError(f"chapter {c.mark} has an objective")
            if c.special == "trapped" and not c.setup.here:
                raise ValueError("a trapping chapter places the event it traps the character in")
        if not self.chapters[0].setup.start:
            raise ValueError("Chapter 0 names the start district type")
        return self


class GenesisEvent(Event):
    """A Genesis event card: an event that may be permanent, a Peace and Quiet filler, or
    one of the four scoring events (its `scoring` names what is counted)."""

    permanent: bool = False
    peace: bool = False
    scoring: Literal["", "steam", "insight", "civilians", "items"] = ""
    #: tokens it puts in its district at the start of every round while it stands there
    #: (after the districts' own start-of-round drops), as a district's start-of-round
    #: symbol does; only a permanent event stands at a round's start
    round_drops: list[Literal["scrap2", "steam", "workshop", "civilian", "ruins"]] = Field(
        default_factory=list
    )

    @model_validator(mode="after")
    def _check(self) -> GenesisEvent:
        if self.scoring and not self.permanent:
            raise ValueError("a scoring event stays until the end (permanent)")
        if self.permanent and self.removal != "end_of_round":
            raise ValueError("a permanent event has no other removal")
        if self.round_drops and not self.permanent:
            raise ValueError("only a permanent event stands at the start of a round (round_drops)")
        return self


class Components(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    districts: list[District]
    layouts: list[Layout]
    characters: list[Character]
    abilities: list[Ability]
    items: list[Item]
    civilians: list[Civilian]
    locations: list[SecretLocation]
    events: list[Event]
    ruins: list[RuinsToken]
    inventions: list[InventionCard]
    complications: list[Complication]
    ciphers: list[Cipher]
    tablets: list[Tablet]
    crises: list[CrisisCard] = Field(default_factory=list)
    encounters: list[EncounterCard] = Field(default_factory=list)
    crisis_abilities: list[Ability] = Field(default_factory=list)
    core_shard: list[CoreShard] = Field(default_factory=list)
    journals: list[Journal] = Field(default_factory=list)
    genesis_events: list[GenesisEvent] = Field(default_factory=list)
