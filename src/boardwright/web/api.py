"""The JSON API (documented by OpenAPI at /docs)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator, Mapping
from typing import Annotated, Any
from urllib.parse import urlencode

import orjson
from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from boardwright.bots.ladder import LEVELS
from boardwright.bots.spec import BOTS
from boardwright.engine import GameSpec, GameState, UnknownGame, game, games
from boardwright.tutorial import web_content

from . import delta
from . import hint as hints
from .diag import timed
from .hub import GameError, Hub, Live
from .rules_text import explain, rules_path

router = APIRouter(prefix="/api")
STREAM_IDLE = 5.0  # seconds a live stream waits for a change before it looks around

GameId = Annotated[str, Path(max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
OptionValue = StrictBool | StrictInt | Annotated[str, Field(max_length=200)]
SEAT_KEY = re.compile(r"0|[1-9][0-9]{0,3}")  # ASCII decimal, no leading zero


def seat_keys(what: str, value: dict[str, Any]) -> dict[str, Any]:
    """Seat numbers as JSON object keys: ASCII decimal only ("²", "١", "１", "01" are refused)."""
    for key in value:
        if not SEAT_KEY.fullmatch(key):
            raise ValueError(f"{what}: {key!r} is not a seat number (ASCII digits, no leading zero)")
    return value


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
    names: dict[Annotated[str, Field(max_length=4)], Annotated[str, Field(max_length=200)]] = Field(
        default_factory=dict, description='a name per person\'s seat, e.g. {"0": "Ana"}')
    bot_delay: float | None = Field(
        None, ge=0, le=10, description="seconds between bot moves in this game, for people who like "
        "to watch the bots move (default: the server's --bot-delay)")
    hints: bool = Field(True, description="let people ask for hints (GET /api/games/{id}/hint): "
                        "the strongest bot's three best moves for their own seat")
    invite: list[Annotated[int, Field(ge=0, le=15)]] = Field(
        default_factory=list, max_length=16, description="seats of invited people: each gets an "
        "invitation instead of a token, exchanged once for the seat's token by POST "
        "/api/games/{id}/join, so the creator never holds that seat")

    @field_validator("options", "bots", "names")
    @classmethod
    def _small(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(value) > 64:
            raise ValueError("at most 64 entries")
        return value

    @field_validator("bots")
    @classmethod
    def _bot_seats(cls, value: dict[str, str]) -> dict[str, str]:
        return seat_keys("bots", value)

    @field_validator("names")
    @classmethod
    def _name_seats(cls, value: dict[str, str]) -> dict[str, str]:
        return seat_keys("names", value)


class SeatToken(BaseModel):
    seat: int
    token: str


class Invitation(BaseModel):
    seat: int
    invite: str


class Created(BaseModel):
    id: str
    seats: list[SeatToken] = Field(description="tokens of the seats played by the creator")
    invites: list[Invitation] = Field(default_factory=list,
                                      description="invitations of the invited people's seats")
    creator: str = Field(description="the creator's token: may end the game (POST .../end)")


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(min_length=1, max_length=200, description="an id from legal_actions")
    version: StrictInt | None = Field(
        None, ge=0, description="the `version` of the view the action was chosen from: a stale or "
        "repeated request (another version now) is refused with 409 and changes nothing")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: StrictInt | None = Field(None, ge=0, description="as for actions")


class NameBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=200)


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=200)
    name: str = Field(min_length=1, max_length=200)


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


def _spec(game_id: str) -> GameSpec:
    try:
        return game(game_id)
    except UnknownGame as exc:
        raise GameError(404, str(exc)) from None


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def board_urls(spec: GameSpec, players: int, options: Mapping[str, Any]) -> dict[str, str | None]:
    """Where the page finds the title's board script and board data (None: it has none)."""
    query = urlencode({"players": players, **{k: _text(v) for k, v in options.items()}})
    return {"script": f"/api/boards/{spec.id}/board.js" if spec.assets.get("board_js") else None,
            "data": f"/api/boards/{spec.id}/data?{query}" if spec.hooks.get("board_data") else None,
            "glossary": f"/api/glossary/{spec.id}?{query}" if spec.hooks.get("glossary") else None}


def _query_options(request: Request, skip: tuple[str, ...] = ("players",)) -> dict[str, str]:
    """Options given as query parameters (`?players=2&mode=solo`), in their text form."""
    out = {k: v for k, v in request.query_params.items() if k not in skip}
    if len(out) > 64:
        raise GameError(422, "at most 64 options")
    return out


def payload(hub: Hub, live: Live, seat: int | None) -> dict[str, Any]:
    """What one seat (None: a spectator) may see of the game now (shared: never change it)."""
    found: dict[str, Any] = encoded(hub, live, seat)[1]
    return found


def encoded(hub: Hub, live: Live, seat: int | None) -> tuple[str, Any]:
    """The seat's payload as JSON text and as the value that text decodes to, built once per
    version of the game and seat however many requests and streams ask for it."""
    with live.lock:
        if live.cache[0] != live.version:
            live.cache = (live.version, {}, {})
        found = live.cache[1].get(seat)
        if found is not None:
            return found
    value, version = _payload(hub, live, seat)
    entry = (dumps(value), value)
    with live.lock:
        if live.cache[0] == version:
            live.cache[1][seat] = entry
    return entry


def prepare(hub: Hub, live: Live) -> None:
    """What the game's live streams will send for the new version (payloads, deltas from the
    payload each sent last), built by the thread that changed the game (`Live.bump`), so the
    streams on the event loop find it ready and need no worker thread."""
    with timed("prepare"):
        _prepare(hub, live)


def _prepare(hub: Hub, live: Live) -> None:
    for w in list(live.waiters):
        if isinstance(w, Watch):
            new = encoded(hub, live, w.seat)[1]
            last = w.last
            if last is not None and last["seat"] == new["seat"] and last["stamp"] != new["stamp"]:
                live_delta(live, w.seat, last, new)


class Watch:
    """A live stream waiting for changes of its game: called (from any thread) to wake it.
    `seat` and `last` (the payload it sent last) tell `prepare` what it will need."""

    def __init__(self, seat: int | None, loop: asyncio.AbstractEventLoop, changed: asyncio.Event) -> None:
        self.seat = seat
        self.last: Any = None
        self.loop = loop
        self.changed = changed

    def __call__(self) -> None:
        self.loop.call_soon_threadsafe(self.changed.set)

    async def payload(self, hub: Hub, live: Live) -> tuple[str, Any]:
        version, payloads, _ = live.cache  # one read: one version's (no lock on the event loop)
        found = payloads.get(self.seat) if version == live.version else None
        return found if found is not None else await run_in_threadpool(encoded, hub, live, self.seat)

    async def delta(self, live: Live, new: Any) -> str:
        version, _, deltas = live.cache
        found = deltas.get((self.seat, int(self.last["stamp"]))) if version == new["stamp"] else None
        return found if found is not None else await run_in_threadpool(live_delta, live, self.seat,
                                                                       self.last, new)


def dumps(value: Any) -> str:
    """Compact JSON text (orjson; the standard library for what orjson cannot encode, such as
    integers past 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"))


def as_json(value: Any) -> Any:
    """`value` as the browser sees it once encoded (tuples are lists, keys are text)."""
    text = dumps(value)
    return orjson.loads(text)


def live_delta(live: Live, seat: int | None, old: Any, new: Any) -> str:
    """The event text that turns the stream's last payload `old` into `new` (cached per seat
    and pair of versions, so streams of the same seat share it)."""
    key = (seat, int(old["stamp"]))
    with live.lock:
        found = live.cache[2].get(key) if live.cache[0] == new["stamp"] else None
    if found is not None:
        return found
    body = {"from": old["stamp"], "stamp": new["stamp"], "version": new["version"],
            "ops": delta.diff(old, new)}
    text = f"event: delta\ndata: {dumps(body)}\n\n"
    with live.lock:
        if live.cache[0] == new["stamp"]:
            live.cache[2][key] = text
    return text


def _with_log(view: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    """The view with its log where `GameState.view` puts it (before `over`)."""
    out: dict[str, Any] = {}
    for k, v in view.items():
        if k == "over":
            out["log"] = log
        out[k] = v
    out.setdefault("log", log)
    return out


def visible_log(live: Live, state: GameState, seat: int | None) -> list[dict[str, Any]]:
    """The log entries `seat` may read, as JSON data. The list built for the seat's last
    payload is extended by the new entries (a new list: payloads are shared, never changed),
    so a payload costs the entries since the last one, not the whole log (after an undo the
    entries are other objects and the list is built anew)."""
    entries = state.log
    n = len(entries)
    found = live.logs.get(seat)
    if found is not None:
        k, last, out = found
        if k <= n and (k == 0 or entries[k - 1] is last):
            if k < n:
                out = out + [live.entry(e) for e in entries[k:] if e.visible(seat)]
                live.logs[seat] = (n, entries[-1], out)
            return out
    out = [live.entry(e) for e in entries if e.visible(seat)]
    live.logs[seat] = (n, entries[-1] if entries else None, out)
    return out


def _board(live: Live, state: GameState) -> dict[str, str | None]:
    """The game's `board_urls`, built once (its options never change)."""
    live.board = board_urls(live.spec, state.players, state.options)
    return live.board


def _standing(hub: Hub, live: Live, seat: int | None) -> dict[str, Any] | None:
    with timed("standing"):
        return hub.standing(live, seat)


def _payload(hub: Hub, live: Live, seat: int | None) -> tuple[dict[str, Any], int]:
    with live.lock:
        state, moves = live.state, len(live.rows)
        live_version = live.version
    # The log is most of a late payload: each entry is encoded once per game (`Live.entry`) and
    # the same object is shared by every version's payload, so building a payload and the
    # delta between two of them cost little more than the rest of the view.
    log = visible_log(live, state, seat)
    view = _with_log(as_json(state.view(seat, log=False)), log)
    undo: str | None = "spectators cannot undo"
    if seat is not None:
        undo = hub.undo_refused(live, seat)
    return as_json({
        "id": live.id,
        "game": live.spec.id,
        "title": live.spec.title,
        "seat": seat,
        "players": state.players,
        "options": dict(state.options),
        "board": live.board or _board(live, state),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": live.names.get(s.seat),
                   "invited": s.seat in live.invited} for s in live.seats],
        "notes": list(live.notes),
        "standing": _standing(hub, live, seat),
        "ended": live.ended,
        "allow_undo": live.row.allow_undo,
        "hints": live.hints,
        "can_undo": undo is None,
        "undo_refused": undo,
        "version": moves,  # every change is a row of the log, in every server process
        "moves": moves,
        "stamp": live_version,  # changes that are no move (a name, a note) too: for live updates
        "view": None,  # below, with its log as it is (encoded already)
        "to_act": list(state.to_act),
        "legal_actions": [a.to_dict() for a in state.legal_actions(seat)] if seat is not None else [],
        "over": state.over,
        "outcome": state.outcome() if state.over else None,
    }) | {"view": view}, live_version


# ------------------------------------------------------------------ meta
@router.get("/meta", summary="The games, their options, and the bots")
def meta() -> dict[str, Any]:
    out = []
    for gid in games():
        spec = game(gid)
        d = spec.to_dict()
        d["rules"] = rules_path(spec) is not None
        d["board"] = bool(spec.assets.get("board_js"))
        d["tutorial"] = web_content(spec) is not None  # a guided first game ("Learn to play")
        defaults = {}
        for n in spec.player_counts:
            with contextlib.suppress(ValueError):
                defaults[str(n)] = spec.default_options(n)
        d["defaults"] = defaults  # per player count: the options a new game starts from
        out.append(d)
    bots = [{"name": name, "doc": cls.doc,
             "params": [{"name": p.name, "default": p.default, "doc": p.doc} for p in cls.params]}
            for name, cls in sorted(BOTS.items())]
    levels = [{"name": name, "doc": doc} for name, (doc, _spec) in LEVELS.items()]  # the ladder, in order
    return {"games": out, "bots": bots, "levels": levels}


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


@router.get("/tutorial/{game_id}", summary="The guided first game: its table, intro, closing and "
            "the explanation of each kind of decision")
def tutorial(game_id: Annotated[str, Path(max_length=64)]) -> dict[str, Any]:
    spec = _spec(game_id)
    found = web_content(spec)
    if found is None:
        raise GameError(404, f"{spec.title} has no guided first game")
    return found


@router.get("/setup/{game_id}", summary="Whether a player count and options can be played together")
def setup(game_id: Annotated[str, Path(max_length=64)], request: Request,
          players: Annotated[int, Query(ge=1, le=16)]) -> dict[str, Any]:
    """`?players=N&<option>=<value>...` (options in their text form; missing ones take their
    default). `ok` false with the `problem` (the game's setup check, a bad value, a player
    count the game does not have); `defaults` are the options that suit N players;
    `outcome_kind` how such a game ends (competitive, cooperative, semi-cooperative, solo)."""
    spec = _spec(game_id)
    out: dict[str, Any] = {"game": spec.id, "players": players, "ok": True, "problem": None,
                           "options": None, "defaults": None, "outcome_kind": None}
    with contextlib.suppress(ValueError):
        out["defaults"] = spec.default_options(players) if players in spec.player_counts else None
    try:
        chosen = spec.validate(players, _query_options(request))
        out["options"] = chosen
        out["outcome_kind"] = spec.kind_of_outcome(players, chosen)
    except ValueError as exc:
        out.update(ok=False, problem=str(exc))
    return out


@router.get("/boards/{game_id}/board.js", summary="The title's browser board (its `board_js` asset)",
            response_class=Response, responses={404: {"model": Refusal}})
def board_script(game_id: Annotated[str, Path(max_length=64)]) -> Response:
    spec = _spec(game_id)
    text = spec.asset("board_js")
    if text is None:
        raise GameError(404, f"{spec.title} has no board script; the generic board draws it")
    return Response(text, media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


@router.get("/boards/{game_id}/data", summary="What a board needs beyond the view (`board_data` hook)",
            responses={404: {"model": Refusal}, 422: {"model": Refusal}})
def board(game_id: Annotated[str, Path(max_length=64)], request: Request,
          players: Annotated[int, Query(ge=1, le=16)]) -> dict[str, Any]:
    """`?players=N&<option>=<value>...`: public data (the same for every seat), such as a
    computed map layout; 404 for a title without the hook, 422 for settings it cannot play."""
    spec = _spec(game_id)
    hook = spec.hook("board_data")
    if hook is None:
        raise GameError(404, f"{spec.title} has no board data")
    try:
        chosen = spec.validate(players, _query_options(request))
    except ValueError as exc:
        raise GameError(422, str(exc)) from None
    found: dict[str, Any] = hook(players, chosen)
    return found


# ------------------------------------------------------------------ games
@router.get("/games", summary="Recent games (the lobby), or the games named by `ids`")
def list_games(request: Request, limit: Annotated[int, Query(ge=1, le=200)] = 50,
               ids: Annotated[str | None, Query(max_length=2000, description="comma-separated "
                                                "game ids (a browser's own games)")] = None,
               ) -> dict[str, Any]:
    hub = hub_of(request)
    if ids is not None:
        wanted = [i for i in ids.split(",") if re.fullmatch(r"[A-Za-z0-9_-]{1,40}", i)][:100]
        rows = hub.store.games_by_ids(wanted)
    else:
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
    names = {int(k): v for k, v in body.names.items()}
    with timed("create"):
        gid, tokens, invites, creator = hub.create(body.game, body.players, body.seed,
                                                   dict(body.options), bots, body.allow_undo,
                                                   names, set(body.invite), body.bot_delay,
                                                   hints=body.hints)
    return Created(id=gid, seats=[SeatToken(seat=s, token=t) for s, t in sorted(tokens.items())],
                   invites=[Invitation(seat=s, invite=t) for s, t in sorted(invites.items())],
                   creator=creator)


@router.get("/games/{gid}", summary="A seat's view (with its token) or the spectator's view",
            responses={401: {"model": Refusal}, 403: {"model": Refusal}, 404: {"model": Refusal}})
def get_game(gid: GameId, request: Request,
             authorization: Annotated[str | None, Header()] = None) -> Response:
    hub = hub_of(request)
    live = hub.get(gid, fresh=True)
    return _json(encoded(hub, live, _seat(hub, live, authorization, required=False))[0])


def _json(text: str) -> Response:
    return Response(text, media_type="application/json")


@router.post("/games/{gid}/actions", summary="Act for the token's seat",
             responses={401: {"model": Refusal}, 403: {"model": Refusal},
                        409: {"model": Refusal, "description": "illegal or out of turn"}})
def act(gid: GameId, body: ActionBody, request: Request,
        authorization: Annotated[str | None, Header()] = None) -> Response:
    hub = hub_of(request)
    live = hub.get(gid)
    seat = _seat(hub, live, authorization, required=True)
    assert seat is not None
    hub.act(live, seat, body.action, expect_rows=body.version)
    return _json(encoded(hub, live, seat)[0])


@router.get("/games/{gid}/hint", summary="The strongest bot's three best moves for the token's seat",
            responses={401: {"model": Refusal}, 403: {"model": Refusal}, 409: {"model": Refusal}})
def hint(gid: GameId, request: Request,
         authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Searched from what the token's seat may see only, on a copy: the game, its record and its
    random stream are untouched. Refused (403) in a game created without hints, and (409) when
    the seat has no decision to make."""
    hub = hub_of(request)
    live = hub.get(gid)
    seat = _seat(hub, live, authorization, required=True)
    assert seat is not None
    if not live.hints:
        raise GameError(403, hints.OFF_REASON)
    with live.lock:
        state = live.state.clone()
    if state.over or seat not in state.to_act:
        raise GameError(409, "no hint: this seat has no decision to make now")
    with timed("hint"):
        found = hints.hint(state, seat)
    kind = state.spec.kind_of_outcome(state.players, dict(state.options))
    return {"seat": seat, "version": len(state.history), "kind": kind,
            "moves": [s.to_dict() for s in found], "heading": hints.heading(kind),
            "lines": hints.describe(found)}


@router.post("/games/{gid}/undo", summary="Take back your last move (and the bots' replies) if "
             "none revealed anything",
             responses={401: {"model": Refusal}, 403: {"model": Refusal}, 409: {"model": Refusal}})
def undo(gid: GameId, request: Request, body: UndoBody | None = None,
         authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = hub.get(gid)
    seat = _seat(hub, live, authorization, required=True)
    assert seat is not None
    hub.undo(live, seat, expect_rows=None if body is None else body.version)
    return payload(hub, live, seat)


@router.post("/games/{gid}/name", summary="Name the token's seat (shown in the header, log and scores)",
             responses={401: {"model": Refusal}, 403: {"model": Refusal}, 422: {"model": Refusal}})
def name_seat(gid: GameId, body: NameBody, request: Request,
              authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = hub.get(gid)
    seat = _seat(hub, live, authorization, required=True)
    assert seat is not None
    hub.set_name(live, seat, body.name)
    return payload(hub, live, seat)


@router.post("/games/{gid}/join", summary="Exchange an invitation for its seat's token (once)",
             responses={403: {"model": Refusal}, 422: {"model": Refusal}})
def join(gid: GameId, body: JoinBody, request: Request) -> dict[str, Any]:
    """The invited person's name and invitation; the answer holds the seat's own `token`, which
    the creator never saw. A used invitation is refused."""
    hub = hub_of(request)
    live = hub.get(gid)
    seat, token = hub.claim(live, body.invite, body.name)
    return {"seat": seat, "token": token, "game": payload(hub, live, seat)}


@router.post("/games/{gid}/end", summary="End the game now (its creator's token only)",
             responses={401: {"model": Refusal}, 403: {"model": Refusal}, 409: {"model": Refusal}})
def end_game(gid: GameId, request: Request,
             authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = hub.get(gid)
    token = _token(authorization)
    if token is None:
        raise GameError(401, "ending a game needs its creator's token (Authorization: Bearer <token>)")
    if not hub.is_owner(live, token):
        raise GameError(403, "only the game's creator can end it")
    hub.end(live)
    return payload(hub, live, None)


@router.get("/glossary/{game_id}", summary="Names and effects of a game's components in words",
            responses={404: {"model": Refusal}, 422: {"model": Refusal}})
def glossary(game_id: Annotated[str, Path(max_length=64)], request: Request,
             players: Annotated[int, Query(ge=1, le=16)]) -> dict[str, Any]:
    """`?players=N&<option>=<value>...`: the title's `glossary` hook, `{entries: {id: {name,
    text}}}` (cards, characters, facilities... with their effect in our own words); 404 for a
    title without it. Public: the same for every seat."""
    spec = _spec(game_id)
    hook = spec.hook("glossary")
    if hook is None:
        raise GameError(404, f"{spec.title} has no glossary")
    try:
        chosen = spec.validate(players, _query_options(request))
    except ValueError as exc:
        raise GameError(422, str(exc)) from None
    entries = hook(players, chosen)
    return {"game": spec.id, "entries": {k: {"name": n, "text": t} for k, (n, t) in entries.items()}}


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
    client = request.app.state.client_of(request.scope)
    refused = limit.acquire(client)
    if refused is not None:
        raise GameError(503 if refused.startswith("too many") else 429, refused)

    async def stream() -> AsyncIterator[str]:
        watch = Watch(seat, asyncio.get_running_loop(), asyncio.Event())
        current = live
        current.listen(watch)
        try:
            sent, quiet = 0, 0.0
            while not hub.closed:
                watch.changed.clear()
                last = watch.last
                if last is None or current.version != last["stamp"]:
                    text, new = await watch.payload(hub, current)
                    if last is None or last["seat"] != new["seat"]:
                        yield f"event: view\ndata: {text}\n\n"
                    elif new["stamp"] != last["stamp"]:
                        yield await watch.delta(current, new)
                    watch.last = new
                    sent += 1
                    if max_events is not None and sent >= max_events:
                        return
                # woken by a change in this process (or a notification from another process);
                # without notifications another process's move shows within STREAM_IDLE seconds.
                # A client that goes away ends the response (Starlette listens for it), so the
                # stream itself looks only when it has been idle.
                wait = STREAM_IDLE
                try:
                    await asyncio.wait_for(watch.changed.wait(), timeout=wait)
                except TimeoutError:
                    quiet += wait
                    if quiet >= 15:
                        quiet = 0.0
                        yield ": keep-alive\n\n"
                    fresh = await run_in_threadpool(hub.get, gid)
                    if fresh is not current:  # evicted from memory and loaded again meanwhile
                        current.unlisten(watch)
                        current, watch.last = fresh, None
                        current.listen(watch)
                    if await request.is_disconnected():
                        return
        finally:
            current.unlisten(watch)
            limit.release(client)
            hub.release(current)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
