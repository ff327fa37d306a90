"""The JSON API (documented by OpenAPI at /docs)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from boardwright.bots.spec import BOTS
from boardwright.engine import UnknownGame, game, games

from .boards import board_data
from .hub import GameError, Hub, Live
from .rules_text import explain, rules_path

router = APIRouter(prefix="/api")

GameId = Annotated[str, Path(max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
OptionValue = StrictBool | StrictInt | Annotated[str, Field(max_length=200)]


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64, description="a game id from /api/meta")
    players: int = Field(ge=1, le=16)
    seed: int | None = Field(None, ge=0, lt=2**63, description="default: a fresh random seed")
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(default_factory=dict)
    bots: dict[Annotated[str, Field(max_length=4)], Annotated[str, Field(max_length=200)]] = Field(
        default_factory=dict, description='bot spec per seat, e.g. {"1": "greedy", "2": "random"}; '
        "the other seats are people")
    allow_undo: bool = Field(False, description="let people undo moves that revealed nothing")

    @field_validator("options", "bots")
    @classmethod
    def _small(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(value) > 64:
            raise ValueError("at most 64 entries")
        return value

    @field_validator("bots")
    @classmethod
    def _seats(cls, value: dict[str, str]) -> dict[str, str]:
        for key in value:
            if not key.isdigit():
                raise ValueError(f"bots: {key!r} is not a seat number")
        return value


class SeatToken(BaseModel):
    seat: int
    token: str


class Created(BaseModel):
    id: str
    seats: list[SeatToken]


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(min_length=1, max_length=200, description="an id from legal_actions")


class Refusal(BaseModel):
    reason: str
    rule: str | None = None


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 200:
        raise GameError(401, "the Authorization header must be 'Bearer <seat token>'")
    return token


def _seat(hub: Hub, live: Live, authorization: str | None, required: bool) -> int | None:
    token = _token(authorization)
    if token is None:
        if required:
            raise GameError(401, "acting needs a seat token (Authorization: Bearer <token>)")
        return None
    seat = hub.seat_for(live, token)
    if seat is None:
        raise GameError(403, "this token is not a seat of this game")
    return seat


def payload(hub: Hub, live: Live, seat: int | None) -> dict[str, Any]:
    """What one seat (None: a spectator) may see of the game now."""
    with live.lock:
        state, moves = live.state, len(live.rows)
    view = state.view(seat)
    undo: str | None = "spectators cannot undo"
    if seat is not None:
        undo = hub.undo_refused(live, seat)
    return {
        "id": live.id,
        "game": live.spec.id,
        "title": live.spec.title,
        "seat": seat,
        "players": state.players,
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in live.seats],
        "allow_undo": live.row.allow_undo,
        "can_undo": undo is None,
        "undo_refused": undo,
        "version": moves,  # every change is a row of the log, in every server process
        "moves": moves,
        "view": view,
        "to_act": list(state.to_act),
        "legal_actions": [a.to_dict() for a in state.legal_actions(seat)] if seat is not None else [],
        "over": state.over,
        "outcome": state.outcome() if state.over else None,
    }


# ------------------------------------------------------------------ meta
@router.get("/meta", summary="The games, their options, and the bots")
def meta() -> dict[str, Any]:
    out = []
    for gid in games():
        spec = game(gid)
        d = spec.to_dict()
        d["rules"] = rules_path(spec) is not None
        out.append(d)
    bots = [{"name": name, "doc": cls.doc,
             "params": [{"name": p.name, "default": p.default, "doc": p.doc} for p in cls.params]}
            for name, cls in sorted(BOTS.items())]
    return {"games": out, "bots": bots}


@router.get("/rules/{game_id}/{section:path}", summary="A short explanation of a rule reference")
def rule(game_id: Annotated[str, Path(max_length=64)],
         section: Annotated[str, Path(max_length=120)]) -> dict[str, str]:
    try:
        spec = game(game_id)
    except UnknownGame as exc:
        raise GameError(404, str(exc)) from None
    found = explain(spec, section)
    if found is None:
        raise GameError(404, f"no rule {section!r} in {spec.title}")
    return found


@router.get("/boards/{game_id}/{players}", summary="Public board data with a drawing layout (Nomad City)")
def board(game_id: Annotated[str, Path(max_length=64)],
          players: Annotated[int, Path(ge=1, le=16)]) -> dict[str, Any]:
    try:
        spec = game(game_id)
    except UnknownGame as exc:
        raise GameError(404, str(exc)) from None
    if players not in spec.player_counts:
        raise GameError(404, f"{spec.title} is not played by {players}")
    found = board_data(spec.id, players)
    if found is None:
        raise GameError(404, f"{spec.title} has no board layout")
    return found


# ------------------------------------------------------------------ games
@router.get("/games", summary="Recent games (the lobby)")
def list_games(request: Request, limit: Annotated[int, Query(ge=1, le=200)] = 50) -> dict[str, Any]:
    hub = hub_of(request)
    rows = hub.store.list_games(limit)
    out = []
    for r in rows:
        title = r.game
        with contextlib.suppress(UnknownGame):
            title = game(r.game).title
        out.append({"id": r.id, "game": r.game, "title": title, "players": r.players,
                    "status": r.status, "moves": r.moves, "created": r.created.isoformat(),
                    "bots": {str(k): v for k, v in r.bots.items()}, "allow_undo": r.allow_undo})
    return {"games": out}


@router.post("/games", status_code=201, response_model=Created,
             responses={422: {"model": Refusal}}, summary="Start a game")
def create_game(body: CreateGame, request: Request) -> Created:
    hub = hub_of(request)
    bots = {int(k): v for k, v in body.bots.items()}
    gid, tokens = hub.create(body.game, body.players, body.seed, dict(body.options), bots,
                             body.allow_undo)
    return Created(id=gid, seats=[SeatToken(seat=s, token=t) for s, t in sorted(tokens.items())])


@router.get("/games/{gid}", summary="A seat's view (with its token) or the spectator's view",
            responses={401: {"model": Refusal}, 403: {"model": Refusal}, 404: {"model": Refusal}})
def get_game(gid: GameId, request: Request,
             authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = hub.get(gid)
    return payload(hub, live, _seat(hub, live, authorization, required=False))


@router.post("/games/{gid}/actions", summary="Act for the token's seat",
             responses={401: {"model": Refusal}, 403: {"model": Refusal},
                        409: {"model": Refusal, "description": "illegal or out of turn"}})
def act(gid: GameId, body: ActionBody, request: Request,
        authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = hub.get(gid)
    seat = _seat(hub, live, authorization, required=True)
    assert seat is not None
    hub.act(live, seat, body.action)
    return payload(hub, live, seat)


@router.post("/games/{gid}/undo", summary="Take back your own last move if it revealed nothing",
             responses={401: {"model": Refusal}, 403: {"model": Refusal}, 409: {"model": Refusal}})
def undo(gid: GameId, request: Request,
         authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = hub.get(gid)
    seat = _seat(hub, live, authorization, required=True)
    assert seat is not None
    hub.undo(live, seat)
    return payload(hub, live, seat)


@router.get("/games/{gid}/record", summary="The replayable record (seed and moves once it is over)")
def record(gid: GameId, request: Request) -> dict[str, Any]:
    live = hub_of(request).get(gid)
    with live.lock:
        state, moves = live.state, len(live.rows)
    if state.over:
        out = state.record()
        out["complete"] = True
        return out
    return {"game": state.spec.id, "version": state.spec.version, "players": state.players,
            "options": dict(state.options), "seed": None, "actions": None,
            "moves": moves, "complete": False,
            "note": "the seed and the moves are hidden until the game is over"}


@router.get("/games/{gid}/events", summary="Server-sent events: this seat's view after every change",
            response_class=StreamingResponse)
async def events(gid: GameId, request: Request,
                 authorization: Annotated[str | None, Header()] = None,
                 max_events: Annotated[int | None, Query(ge=1, le=10_000)] = None) -> Response:
    hub = hub_of(request)
    live = await run_in_threadpool(hub.get, gid)
    seat = _seat(hub, live, authorization, required=False)
    limit = request.app.state.sse_limit
    if not limit.acquire(blocking=False):
        raise GameError(503, "too many live connections; try again later")

    async def stream() -> AsyncIterator[str]:
        current = live
        try:
            last, sent, tick = -1, 0, 0
            while not hub.closed:
                if tick % 4 == 0:  # ~1 s: notice moves made by other server processes
                    fresh = await run_in_threadpool(hub.get, gid)
                    if fresh is not current:  # evicted from memory and loaded again meanwhile
                        current, last = fresh, -1
                if len(current.rows) != last:
                    last = len(current.rows)
                    data = await run_in_threadpool(payload, hub, current, seat)
                    yield f"event: view\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
                    sent += 1
                    if max_events is not None and sent >= max_events:
                        return
                elif tick % 60 == 0:
                    yield ": keep-alive\n\n"
                if await request.is_disconnected():
                    return
                tick += 1
                await asyncio.sleep(0.25)
        finally:
            limit.release()

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
