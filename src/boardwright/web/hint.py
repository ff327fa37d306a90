"""A hint: the strongest bot's three best moves for one seat, with its estimated chances.

Shared by the terminal's `hint` and the web app's `GET /api/games/{id}/hint`. The search is
the `expert` level's ISMCTS (bots/ladder.py, the game's `bot_levels` hook) capped at
`SECONDS`; it starts only from determinizations for the asking seat (`IsmctsBot.rank`), so a
hint never uses what that seat cannot see, and it has its own generator, so the game's
random stream and record are untouched.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import bot_seed
from ..bots.ismcts import IsmctsBot
from ..bots.ladder import level_spec
from ..bots.spec import parse_one
from ..engine import GameState

SECONDS = 1.5  # the search's budget: a hint answers within about 2 s
TOP = 3  # moves a hint names
OFF_REASON = "hints are off for this game (it was created without them)"


@dataclass(frozen=True)
class Suggestion:
    """One suggested move: the action, how often the search tried it, its mean reward."""

    id: str
    label: str
    visits: int
    chance: float  # the search's mean reward for the seat, in [0, 1]

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "label": self.label, "visits": self.visits,
                "chance": round(self.chance, 3)}


def hint_bot(state: GameState, seat: int, seconds: float) -> IsmctsBot:
    """The expert level's ISMCTS for this game with its time capped at `seconds` (plain
    ISMCTS at that budget when the game's expert is some other bot)."""
    params: dict[str, object] = {}
    try:
        parsed = parse_one(level_spec("expert", state.spec, state.options))
    except ValueError:
        parsed = None
    if parsed is not None and parsed.cls is IsmctsBot:
        params = dict(parsed.params)
    given = params.get("seconds")
    params["seconds"] = min(float(given), seconds) if isinstance(given, int | float) and given else seconds
    # A fixed seed per position: the same question gets the same answer.
    seed = bot_seed(state.seed, seat) ^ len(state.history)
    return IsmctsBot(seed, **params)


def hint(state: GameState, seat: int, seconds: float | None = None, top: int = TOP) -> list[Suggestion]:
    """The best `top` moves for `seat` now, best first (empty when the seat has no decision).
    `seconds`: the search's budget (default `SECONDS`)."""
    if state.over or seat not in state.to_act:
        return []
    ranked = hint_bot(state, seat, SECONDS if seconds is None else seconds).rank(state, seat)
    return [Suggestion(a.id, a.label, visits, value) for a, visits, value in ranked[:top]]


def heading(kind: str = "competitive") -> str:
    """What the percentages of a hint mean (`kind`: the game's outcome kind)."""
    what = "estimated chance of winning"
    if kind == "cooperative":
        what = "estimated chance the team wins"
    elif kind == "solo":
        what = "estimated result, 100% a sure win"
    return f"Hint: the expert bot's best moves for you ({what}; searched from what you can see)"


def describe(suggestions: list[Suggestion]) -> list[str]:
    """The suggestions as lines a player reads, under `heading`."""
    if not suggestions:
        return ["No hint: you have no decision to make now."]
    if len(suggestions) == 1 and suggestions[0].visits == 0:
        return [f"1. {suggestions[0].label} (your only choice)"]
    return [f"{i}. {s.label}: {round(100 * s.chance)}% (tried {s.visits} times)"
            for i, s in enumerate(suggestions, 1)]
