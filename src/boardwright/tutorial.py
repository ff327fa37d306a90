"""The guided first game: a real game at a fixed seed against easy bots, in which each new
kind of decision is explained the first time the player meets it.

What is said is content: each title may ship `data/tutorial.json` (the `TutorialFile`
schema below): the setup of its guided game, a short intro, a closing line and one
explanation per decision kind (the `kind` of a `Decision`). This module is the same for
every game: it reads that file from the title's package and, given a state and a seat,
says what to show when a kind comes up for the first time. The rule reference shown is the
decision's own (`Decision.rule`), the one its prompt links to, so it is always the section
that governs this very choice. Used by `play --tutorial` and the web app's "Learn to play".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .engine import GameSpec, GameState
from .engine.data import DataError, describe_errors, shipped_text

FILENAME = "tutorial.json"
TEXT_LIMIT = 420  # characters of one explanation: a few lines beside the choices, not a page


class KindText(BaseModel):
    """The explanation of one decision kind."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=60, description="a few words naming the decision")
    text: str = Field(min_length=1, max_length=TEXT_LIMIT,
                      description="what the decision is about and what to weigh, in the project's words")


class TutorialSetup(BaseModel):
    """The guided game's table: the player sits at `seat`, `bots` plays every other seat."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(ge=1, le=16)
    seed: int = Field(ge=0)
    options: dict[str, bool | int | str] = {}
    bots: str = "easy"
    seat: int = 0


class TutorialFile(BaseModel):
    """A title's `data/tutorial.json`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    setup: TutorialSetup
    intro: str = Field(min_length=1, max_length=600)
    closing: str = Field(min_length=1, max_length=300)
    kinds: dict[str, KindText]

    @model_validator(mode="after")
    def _seat_exists(self) -> TutorialFile:
        if not 0 <= self.setup.seat < self.setup.players:
            seat, players = self.setup.seat, self.setup.players
            raise ValueError(f"setup.seat {seat} is not a seat of a {players}-player game")
        return self


def parse(text: str, where: str = FILENAME) -> TutorialFile:
    """A tutorial file's text, validated; DataError names every problem."""
    try:
        raw: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError([f"{where}: not valid JSON: {exc}"]) from None
    if not isinstance(raw, dict):
        raise DataError([f"{where}: a tutorial file holds one JSON object, not {type(raw).__name__}"])
    try:
        return TutorialFile.model_validate(raw)
    except ValidationError as exc:
        raise DataError(list(describe_errors(where, exc, raw))) from None


def content(spec: GameSpec) -> TutorialFile | None:
    """The title's tutorial content, or None when it ships none."""
    return _content(spec.package, spec.id)


@cache
def _content(package: str, game_id: str) -> TutorialFile | None:
    try:
        text = shipped_text(package, FILENAME)
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None
    return parse(text, f"{game_id}: {FILENAME}")


def new_game(spec: GameSpec) -> GameState:
    """The guided game at its fixed seed; ValueError when the title has no tutorial."""
    found = content(spec)
    if found is None:
        raise ValueError(f"{spec.id} has no guided first game")
    setup = found.setup
    return spec.new_game(setup.players, setup.seed, dict(setup.options))


@dataclass(frozen=True)
class Explanation:
    """What to show beside a decision met for the first time."""

    kind: str
    title: str
    text: str
    rule: str  # the decision's rule reference (e.g. "§5.3 Snipe")


@dataclass
class Tutor:
    """Remembers which decision kinds the player has met; `explain` says what is new."""

    spec: GameSpec
    seen: set[str] = field(default_factory=set)

    def explain(self, state: GameState, seat: int) -> Explanation | None:
        """The explanation of `seat`'s current decision if its kind is new to the player,
        else None. A kind the content does not cover is still named, with its prompt and
        rule, so nothing new passes in silence."""
        decision = state.decision(seat)
        if decision is None or decision.kind in self.seen:
            return None
        self.seen.add(decision.kind)
        return explanation(self.spec, decision.kind, decision.prompt, decision.rule)


def met_before(state: GameState, seat: int) -> set[str]:
    """The decision kinds `seat` has already chosen in (a forced step, with one action, is no
    choice) in `state`'s game, the game played again from its record: a resumed guided game
    goes on without repeating their notes."""
    from .engine.replay import replay

    record = state.record()
    step = replay({**record, "actions": []})
    kinds: set[str] = set()
    for i, (who, action_id) in enumerate(record["actions"]):
        if int(who) == seat:
            decision = step.decision(seat)
            if decision is not None and len(decision.actions) > 1:
                kinds.add(decision.kind)
        if int(who) < 0:  # a chance outcome: the record's replay applies it
            step = replay(record, upto=i + 1)
        else:
            step.apply(int(who), str(action_id))
    return kinds


def explanation(spec: GameSpec, kind: str, prompt: str, rule: str) -> Explanation:
    """The explanation of a decision of `kind` (whose prompt and rule are given)."""
    found = content(spec)
    entry = found.kinds.get(kind) if found is not None else None
    if entry is None:
        return Explanation(kind, prompt, "A new kind of choice: its rule below says how it works.", rule)
    return Explanation(kind, entry.title, entry.text, rule)


def web_content(spec: GameSpec) -> dict[str, Any] | None:
    """The tutorial as the browser uses it: setup, intro, closing and every explanation."""
    found = content(spec)
    if found is None:
        return None
    return {
        "game": spec.id,
        "setup": found.setup.model_dump(),
        "intro": found.intro,
        "closing": found.closing,
        "kinds": {k: v.model_dump() for k, v in found.kinds.items()},
    }
