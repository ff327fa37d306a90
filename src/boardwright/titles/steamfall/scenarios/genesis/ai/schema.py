"""The Genesis solo AI sheets as data: one record per sheet, every printed line a list of
steps (`Step`) in one small grammar that `genesis_ai` interprets. Rules: rules.md §18."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardwright.engine.data import Record

#: what a sheet step does (rules.md §18.4 lists each one in words)
Op = Literal[
    "gain",  # the AI gains n `what` (vp, steam, insight, stamina, scrap, workshop, civilian)
    "player_gain",  # the player gains n `what`
    "add_event",  # an event joins the set-aside pile (or goes to `where` at once), maybe with the AI's cube
    "add_random_event",  # one of `events`, drawn with the game's Rng
    "replace_event",  # `event` on the map is replaced by `by`
    "place_event",  # `event` is placed at once in `where` (a permanent event moving, e.g. Tainted Outbreak)
    "if_more",  # the AI has more `what` than the player: `then`, else `otherwise`
    "ruins_everywhere",  # a ruins token on every area without one (while the stack lasts)
    "start_at",  # the AI's standee is set (not moved) in `where` once events are out
    "put",  # n `what` tokens into `where`
    "roll",  # the d20: the band of random developments it falls in
    "move",  # the AI moves to `where` (automatic steps after it)
    "move_back",  # the AI moves back to where this line began
    "repeat",  # `ops`, then again for 1 steam while the AI has steam and `until` is not met
    "take_clues",  # clue tokens of the AI's area removed; n `what` per clue
    "per_picked",  # n `what` per token of `kinds` picked up since this line began
    "discard_civilian",  # one civilian token from the AI's pool: n `what`
    "hunt",  # J&B's hunt: the player is captured (loss) with no clue on the map or in J&B's area
    "cube_player_location",  # the AI's cube on a secret location with the player's cube and none of the AI's
    "clues_to_player",  # up to n clue tokens move to the player's area
    "pairs",  # `gain` 1 per pair of `what` in the pool (the pair is kept)
    "rotate",  # the district with `event` turns a quarter clockwise (n=1) or counter-clockwise (n=-1)
    "per_pool",  # n `what` per `kinds` token in the AI's pool
    "gather",  # resource and civilian tokens of the areas next to `where` move into `where`
    "drain_stamina",  # the player loses all stamina unless their area has ruins
    "per_explored",  # n `what` per ruins explored since this line began
    "show",  # Luis: his area's civilian tokens go with him to the central district, n `what` each
    "pull_central",  # Luis: one civilian of each district next to the central one moves there, n `what` each
    "cube_area",  # the AI's cube on `where` (a district or secret location area)
    "shift_tokens",  # one action token of each player column moves n columns (−1 left, +1 right)
    "hijack",  # Alice: tokens of areas with her cubes and their neighbours; steam per cube on districts
    "contaminate",  # Lucius: his civilian tokens go to his area as Mechanized
    "mechanize",  # Lucius: one civilian of every area with Mechanized becomes Mechanized; n `what` each
    "explode",  # Stefan: his district and its secret locations leave play; the player there loses
    "spend",  # end game: pay `cost`, gain `gives`, as many times as affordable
    "vp_per",  # end game: n VP per `what` counted on the map
    "score_events",  # end game: the scoring events are resolved now (the AI's count taken now)
    "score_locations",  # end game: secret locations under the AI's influence score
    "no_pickup_civilians",  # passive: the AI leaves civilian tokens where they are
    "district_cubes_count",  # passive: the AI's cubes on districts count as cubes on secret locations
]

#: where a step looks: an area chosen by a rule (see genesis_ai.target)
Where = Literal[
    "",
    "central",
    "event",  # the area with `event`
    "player",
    "most_clues",
    "most_civilian",
    "most_civilian_outside_central",
    "most_scrap",
    "most_steam",
    "most_workshop",
    "most_resources",
    "most_total",  # resources + civilians + ruins
    "ruins",
    "each_district",
    "each_ancient",
    "set_aside",
    "most_civilian_event",  # an event placed at once in the area with the most civilians
]


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Op
    what: str = ""
    n: int = 1
    event: str = ""
    events: list[str] = Field(default_factory=list)
    by: str = ""
    where: Where = ""
    cube: bool = False
    kinds: list[str] = Field(default_factory=list)
    #: a repeat stops when another pass could do nothing (or as the sheet says)
    until: Literal[
        "",
        "no_clues",
        "no_civilians",
        "no_workshop",
        "no_civilians_outside_central",
        "no_turn_no_count",
    ] = ""
    cost: dict[str, int] = Field(default_factory=dict)
    gives: dict[str, int] = Field(default_factory=dict)
    then: list[Step] = Field(default_factory=list)
    otherwise: list[Step] = Field(default_factory=list)
    ops: list[Step] = Field(default_factory=list)


class Line(BaseModel):
    """One printed line (its name if it has one) and the steps it takes, top to bottom."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = ""
    text: str
    steps: list[Step]


class Band(BaseModel):
    """A random development: d20 results lo..hi."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    lo: int
    hi: int
    text: str
    steps: list[Step]


PlayerRule = Literal[
    "tracked",  # J&B: a clue token left behind after the first move of a turn
    "feint",  # J&B: 2 scrap or 1 steam: a clue token in an adjacent area
    "lost_and_found",  # Marcus: 3 insight: encounter a civilian of your area
    "quest_discount",  # Marcus: quests need 1 progress less (at least 2)
    "strange_vibrations",  # The Possessed: after exploring ruins, discard 1 relic, gain stamina and 2 insight
    "crowd",  # Luis: entering the central district costs 1 movement more
    "hallucinations",  # Alice: no action token bought with insight
    "alice_cubes",  # Alice: ending a turn on her cube adds an action token; her cubes there go
    "execute",  # Lucius: 6 insight / 2 violence / special: a Mechanized of your area removed, 2 scrap
    "tough_crowd",  # Lucius: no civilian encounter with violence
    "show_invention",  # Stefan: modding a base item moves Destination (your choice); he loses 1 workshop item
]


class PlayerAbility(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    text: str
    rule: PlayerRule


class AiSheet(Record):
    """One character's Genesis AI sheet (character id = record id)."""

    title: str
    #: Journal-phase steps of rounds 1-4
    journal: list[Line]
    player: list[PlayerAbility]
    start: list[Line] = Field(default_factory=list)
    turn: list[Line] = Field(default_factory=list)
    end: list[Line] = Field(default_factory=list)
    passive: list[Line] = Field(default_factory=list)
    random: list[Band]
    scoring: list[Line]

    @model_validator(mode="after")
    def _check(self) -> AiSheet:
        if len(self.journal) != 4:
            raise ValueError("a sheet has Journal-phase lines for exactly 4 rounds")
        want = 1
        for b in self.random:
            if b.lo != want or b.hi < b.lo:
                raise ValueError(f"random developments must cover 1-20 in order; band {b.lo}-{b.hi}")
            want = b.hi + 1
        if want != 21:
            raise ValueError("random developments must end at 20")
        return self


class AiSheets(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    sheets: list[AiSheet]
