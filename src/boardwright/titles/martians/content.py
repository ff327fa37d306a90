"""Martians' component data: pydantic schemas for the files in data/, loaded once.

Every record carries its provenance (rulebook or stand-in, engine/data.py). Models
forbid unknown fields and check what the rulebook pins (counts, the worked examples).
A data pack (a folder of files with the same names) overlays the records by id.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from boardwright.engine.data import Record, read_model

PACKAGE = "boardwright.titles.martians"
RESOURCES = ("regolith", "dirty_ice", "energy", "supplies", "food", "medicine", "drinking_water",
             "credits")
Resource = Literal["regolith", "dirty_ice", "energy", "supplies", "food", "medicine",
                   "drinking_water", "credits"]
Mineral = Literal["yellow", "red", "blue"]
def _resources(v: dict[str, int]) -> dict[str, int]:
    bad = sorted(set(v) - set(RESOURCES))
    if bad:
        raise ValueError(f"unknown resources {bad} (known: {', '.join(RESOURCES)})")
    return v


Cost = Annotated[dict[str, int], AfterValidator(_resources)]


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _unique(records: list[Any], what: str) -> None:
    ids = [r.id for r in records]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"duplicate {what} ids: {dup}")


def _copies(records: list[Any], total: int, what: str) -> None:
    n = sum(r.copies for r in records)
    if n != total:
        raise ValueError(f"{what}: {n} cards, the rulebook lists {total}")


# ------------------------------------------------------------------ board
BuildingAction = Literal["oxygen", "medicine", "water", "build", "upgrade", "install", "excavate",
                         "research", "supplies", "mission", "harvest", "crops", "corp_tech",
                         "colony_tech", "hire"]


class BuildingRecord(Record):
    name: str
    field_opens: list[int] = Field(min_length=1)  # fewest players for which each field is open
    upgrade_fields: list[int]
    build_token: bool
    actions: list[BuildingAction] = Field(min_length=1)


class InstallationRecord(Record):
    name: str
    output: int = Field(ge=0)
    build_token: bool


class ConversionRecord(Record):
    round: int
    food: int
    medicine: int


class BoardFile(_File):
    schema_: Literal["martians/board@1"] = Field(alias="schema")
    buildings: list[BuildingRecord]
    installations: list[InstallationRecord]
    conversion: list[ConversionRecord]
    reputation_start: int
    reputation_min: int

    @model_validator(mode="after")
    def _check(self) -> BoardFile:
        _unique([*self.buildings, *self.installations], "building")
        upgrades = sum(len(b.upgrade_fields) for b in self.buildings)
        builds = sum(b.build_token for b in self.buildings) + sum(
            i.build_token for i in self.installations)
        if upgrades != 8 or builds != 4:
            raise ValueError(f"the box holds 8 upgrade and 4 build tokens, not {upgrades} and {builds}")
        for players, most in ((2, 8), (3, 8)):
            shut = sum(1 for b in self.buildings for o in b.field_opens if o > players)
            if shut > most:
                raise ValueError(f"{shut} unavailability tokens needed at {players} players")
        for b in self.buildings:
            if any(f >= len(b.field_opens) for f in b.upgrade_fields):
                raise ValueError(f"{b.id}: an upgrade token on a field that does not exist")
        for c in self.conversion:
            if c.food + c.medicine != 5:
                raise ValueError("1 medicine + 1 food must give 5 reputation (products delivery)")
        return self


# ------------------------------------------------------------------ excavation
class ExcavationToken(Record):
    contents: dict[Literal["regolith", "dirty_ice"], int]
    copies: int = Field(ge=1)


class ExcavationFile(_File):
    schema_: Literal["martians/excavation@1"] = Field(alias="schema")
    radius: int
    start_fields: list[str] = Field(min_length=3, max_length=3)
    tokens: list[ExcavationToken]
    note: str = ""

    @model_validator(mode="after")
    def _check(self) -> ExcavationFile:
        _unique(self.tokens, "excavation token")
        _copies(self.tokens, 37, "excavation tokens")
        if 3 * self.radius * (self.radius + 1) + 1 != 37:
            raise ValueError("the hexagon must hold the 37 excavation tokens")
        return self


# ------------------------------------------------------------------ cards and tiles
class ExpertRecord(Record):
    name: str
    copies: int = Field(ge=1)
    cost: Cost
    effect: Literal["disease", "hunger", "oxygen", "reputation", "examine", "water", "medicine",
                    "construction"]
    amount: int
    reputation: int
    collectors: bool


class ExpertFile(_File):
    schema_: Literal["martians/experts@1"] = Field(alias="schema")
    experts: list[ExpertRecord]

    @model_validator(mode="after")
    def _check(self) -> ExpertFile:
        _unique(self.experts, "expert")
        _copies([e for e in self.experts if not e.collectors], 10, "expert cards")
        return self


class AssistantRecord(Record):
    name: str
    copies: int
    bonus: str


class AssistantFile(_File):
    schema_: Literal["martians/assistants@1"] = Field(alias="schema")
    assistants: list[AssistantRecord]

    @model_validator(mode="after")
    def _check(self) -> AssistantFile:
        if sorted(a.id for a in self.assistants) != ["botanist", "geologist", "scientist"]:
            raise ValueError("three assistant types: botanist, geologist, scientist")
        _copies(self.assistants, 12, "assistant cards")
        return self


class RegolithRecord(Record):
    mineral: Mineral
    copies: int


class RegolithFile(_File):
    schema_: Literal["martians/regolith@1"] = Field(alias="schema")
    cards: list[RegolithRecord]

    @model_validator(mode="after")
    def _check(self) -> RegolithFile:
        _unique(self.cards, "regolith card")
        _copies(self.cards, 18, "regolith examination cards")
        return self


class WeatherRecord(Record):
    name: str
    copies: int
    harvest_food: int
    harvest_energy: int
    solar: int
    wind: int
    excavation: int


class WeatherFile(_File):
    schema_: Literal["martians/weather@1"] = Field(alias="schema")
    cards: list[WeatherRecord]

    @model_validator(mode="after")
    def _check(self) -> WeatherFile:
        _unique(self.cards, "weather card")
        _copies(self.cards, 10, "weather cards")
        if "stable" not in {c.id for c in self.cards}:
            raise ValueError("the 'stable' weather card starts face up")
        return self


class EventRecord(Record):
    name: str
    cycle: int = Field(ge=1, le=5)
    effect: Literal["none", "gain", "demand", "rtg", "closed", "production", "harvest"]
    params: dict[str, Any]


class EventFile(_File):
    schema_: Literal["martians/events@1"] = Field(alias="schema")
    events: list[EventRecord]

    @model_validator(mode="after")
    def _check(self) -> EventFile:
        _unique(self.events, "event")
        if len(self.events) != 20:
            raise ValueError("the rulebook lists 20 event cards")
        return self


class ResearchRecord(Record):
    name: str
    time: int = Field(ge=1)
    cost: Cost
    minerals: list[Mineral]
    credits: int
    flask: bool


class ResearchFile(_File):
    schema_: Literal["martians/research@1"] = Field(alias="schema")
    tiles: list[ResearchRecord]

    @model_validator(mode="after")
    def _check(self) -> ResearchFile:
        _unique(self.tiles, "research tile")
        if len(self.tiles) != 12:
            raise ValueError("the rulebook lists 12 research tiles")
        if not any(t.time == 2 and not t.cost and not t.minerals and t.credits == 8 for t in self.tiles):
            raise ValueError("the Landing pod example needs a 2-time research paying 8 credits")
        if not any(t.time == 2 and t.minerals == ["yellow"] and t.credits == 10 for t in self.tiles):
            raise ValueError("the research example needs 2 time + a yellow mineral paying 10 credits")
        return self


class CropRecord(Record):
    name: str
    copies: int
    cost: Cost
    gain: dict[str, int]


class CropFile(_File):
    schema_: Literal["martians/crops@1"] = Field(alias="schema")
    crops: list[CropRecord]

    @model_validator(mode="after")
    def _check(self) -> CropFile:
        _unique(self.crops, "crop")
        _copies(self.crops, 8, "crop tiles")
        if next((c.copies for c in self.crops if c.id == "lettuce"), 0) < 4:
            raise ValueError("every corporation starts with a lettuce tile: 4 are needed")
        return self


class TechnologyRecord(Record):
    name: str
    kind: Literal["corporation", "colony"]
    time: int = Field(ge=1, le=3)


class TechnologyFile(_File):
    schema_: Literal["martians/technologies@1"] = Field(alias="schema")
    technologies: list[TechnologyRecord]

    @model_validator(mode="after")
    def _check(self) -> TechnologyFile:
        want = {"long_arm_crane", "weather_report", "dna_alteration", "solar_cells", "kinetic_power",
                "molecular_sensor", "medicine", "co2_converter", "birth_control"}
        if {t.id for t in self.technologies} != want:
            raise ValueError(f"the technologies are {sorted(want)}")
        return self


class CommissionRecord(Record):
    cost: Cost
    minerals: list[Mineral]
    reputation: int


class CommissionFile(_File):
    schema_: Literal["martians/commissions@1"] = Field(alias="schema")
    commissions: list[CommissionRecord]

    @model_validator(mode="after")
    def _check(self) -> CommissionFile:
        _unique(self.commissions, "commission")
        if len(self.commissions) != 24:
            raise ValueError("the rulebook lists 24 commission cards")
        return self


Condition = Literal["", "all_built", "two_colony_technologies", "one_colony_technology", "fourth_colonist",
                    "two_birth_rate_tokens", "four_upgrades", "two_upgrades", "three_installations"]


class AtCount(BaseModel):
    """What a requirement asks at one player count instead of its own cost or condition."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: Cost | None = None
    condition: Condition | None = None


class Requirement(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    cost: Cost
    minerals: list[Mineral]
    condition: Condition
    reputation: int
    #: player count (2-4; solo plays as 2) -> the cost and/or condition asked at that count
    by_players: dict[int, AtCount] = {}

    @model_validator(mode="after")
    def _check(self) -> Requirement:
        bad = sorted(n for n in self.by_players if not 2 <= n <= 4)
        if bad:
            raise ValueError(f"requirement {self.id}: by_players names player counts {bad} "
                             "(a scenario is played by 2 to 4 players; solo counts as 2)")
        return self

    def at(self, players: int) -> Requirement:
        """This requirement as it stands at `players` (solo: 2)."""
        change = self.by_players.get(max(2, players))
        if change is None:
            return self
        new: dict[str, Any] = {"by_players": {}}
        if change.cost is not None:
            new["cost"] = change.cost
        if change.condition is not None:
            new["condition"] = change.condition
        return self.model_copy(update=new)


class ScenarioRecord(Record):
    number: int = Field(ge=1, le=4)
    name: str
    setup: Cost
    requirements: list[Requirement] = Field(min_length=1)
    _at: dict[int, tuple[Requirement, ...]] = PrivateAttr(default_factory=dict)

    def at(self, players: int) -> tuple[Requirement, ...]:
        """The requirements at this player count (solo: 2), made once per count."""
        if players not in self._at:
            self._at[players] = tuple(r.at(players) for r in self.requirements)
        return self._at[players]


class ScenarioFile(_File):
    schema_: Literal["martians/scenarios@1"] = Field(alias="schema")
    scenarios: list[ScenarioRecord]

    @model_validator(mode="after")
    def _check(self) -> ScenarioFile:
        _unique(self.scenarios, "scenario")
        if sorted(s.number for s in self.scenarios) != [1, 2, 3, 4]:
            raise ValueError("4 mission scenarios, numbered 1 to 4")
        return self


GoalCheck = Literal["corp_techs", "experts", "assistants", "installations", "birth", "credits",
                    "no_dead", "regolith_cards", "fourth_colonist", "colony_techs", "research_done",
                    "commissions_done"]


class GoalRecord(Record):
    text: str
    check: GoalCheck
    target: int
    reputation: int


class GoalFile(_File):
    schema_: Literal["martians/goals@1"] = Field(alias="schema")
    goals: list[GoalRecord]

    @model_validator(mode="after")
    def _check(self) -> GoalFile:
        _unique(self.goals, "hidden goal")
        if len(self.goals) < 12:
            raise ValueError("3 hidden goals are dealt to each of up to 4 players: 12 are needed")
        return self


class SetupRecord(Record):
    cycles: int
    shared: Cost  # per corporation, into the common pool
    own: Cost  # per corporation, into its own purse
    credits: int  # per corporation (shared or own, as the mode's resources are)
    commissions: int  # face-up commission cards beyond one per corporation


class SetupFile(_File):
    schema_: Literal["martians/setup@1"] = Field(alias="schema")
    tables: list[SetupRecord]
    board_cards: dict[str, int]
    rtg_energy: dict[str, int]
    demand: dict[str, dict[Literal["oxygen", "disease", "hunger"], int]]
    competitive_demand: dict[Literal["oxygen", "disease", "hunger"], int]
    limits: dict[str, int]

    @model_validator(mode="after")
    def _check(self) -> SetupFile:
        if sorted(t.id for t in self.tables) != ["competitive", "coop", "semi-coop", "solo"]:
            raise ValueError("one setup table per mode")
        return self


# ------------------------------------------------------------------ loading
M = TypeVar("M", bound=BaseModel)


def read(filename: str, model: type[M], list_key: str, pack: str | None = None) -> M:
    return read_model(PACKAGE, filename, model, list_key, pack)


class Content(NamedTuple):
    board: BoardFile
    excavation: ExcavationFile
    experts: dict[str, ExpertRecord]
    assistants: dict[str, AssistantRecord]
    regolith: dict[str, RegolithRecord]
    weather: dict[str, WeatherRecord]
    events: dict[str, EventRecord]
    research: dict[str, ResearchRecord]
    crops: dict[str, CropRecord]
    technologies: dict[str, TechnologyRecord]
    commissions: dict[str, CommissionRecord]
    scenarios: dict[int, ScenarioRecord]
    goals: dict[str, GoalRecord]
    setup: SetupFile
    buildings: dict[str, BuildingRecord]
    installations: dict[str, InstallationRecord]

    def table(self, mode: str) -> SetupRecord:
        return next(t for t in self.setup.tables if t.id == mode)

    def files(self) -> dict[str, BaseModel]:
        return {"board.json": self.board, "excavation.json": self.excavation}


@lru_cache(maxsize=8)
def load(pack: str | None = None) -> Content:
    board = read("board.json", BoardFile, "buildings", pack)
    return Content(
        board=board,
        excavation=read("excavation.json", ExcavationFile, "tokens", pack),
        experts={r.id: r for r in read("experts.json", ExpertFile, "experts", pack).experts},
        assistants={r.id: r for r in read("assistants.json", AssistantFile, "assistants", pack).assistants},
        regolith={r.id: r for r in read("regolith.json", RegolithFile, "cards", pack).cards},
        weather={r.id: r for r in read("weather.json", WeatherFile, "cards", pack).cards},
        events={r.id: r for r in read("events.json", EventFile, "events", pack).events},
        research={r.id: r for r in read("research.json", ResearchFile, "tiles", pack).tiles},
        crops={r.id: r for r in read("crops.json", CropFile, "crops", pack).crops},
        technologies={r.id: r for r in read("technologies.json", TechnologyFile, "technologies",
                                            pack).technologies},
        commissions={r.id: r for r in read("commissions.json", CommissionFile, "commissions",
                                           pack).commissions},
        scenarios={r.number: r for r in read("scenarios.json", ScenarioFile, "scenarios", pack).scenarios},
        goals={r.id: r for r in read("goals.json", GoalFile, "goals", pack).goals},
        setup=read("setup.json", SetupFile, "tables", pack),
        buildings={b.id: b for b in board.buildings},
        installations={i.id: i for i in board.installations},
    )


def all_records(c: Content) -> list[tuple[str, Record]]:
    """(component kind, record) for every record: the stand-in table is built from it."""
    out: list[tuple[str, Record]] = []
    out += [("building", b) for b in c.board.buildings]
    out += [("energy installation", i) for i in c.board.installations]
    out += [("reputation conversion", r) for r in c.board.conversion]
    out += [("excavation token", t) for t in c.excavation.tokens]
    out += [("expert", e) for e in c.experts.values()]
    out += [("assistant", a) for a in c.assistants.values()]
    out += [("regolith examination card", r) for r in c.regolith.values()]
    out += [("weather card", w) for w in c.weather.values()]
    out += [("event card", e) for e in c.events.values()]
    out += [("research tile", r) for r in c.research.values()]
    out += [("crop tile", r) for r in c.crops.values()]
    out += [("technology", t) for t in c.technologies.values()]
    out += [("commission card", r) for r in c.commissions.values()]
    out += [("mission scenario", s) for s in c.scenarios.values()]
    out += [("hidden goal", g) for g in c.goals.values()]
    out += [("setup table", t) for t in c.setup.tables]
    return out
