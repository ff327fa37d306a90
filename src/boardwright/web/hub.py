"""Live games: the in-memory states behind the API, kept in step with the database.

A `Live` game is the state rebuilt from storage (a snapshot plus the later actions,
or a replay from seed and options) and is refreshed from the database before every
read or write, so several server processes can share one database. Every accepted
action is applied to a clone first, then committed, and only then becomes the live
state: a refused action changes nothing, a stored one survives any crash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from boardwright.bots import Bot, bot_seed
from boardwright.bots.spec import parse_one
from boardwright.engine import GameSpec, GameState, IllegalAction, Rng, UnknownGame, game
from boardwright.engine.log import LogEntry

from .db import ActionRow, GameRow, SeatRow, SeqTaken, Store, effective, now
from .diag import timed
from .peers import Peers, peers_dir
from .raypool import RayThinkers, parse_pool
from .thinking import Answer, Drivers, FairGate, Thinkers
from .undo import undo_refusal

log = logging.getLogger("boardwright.web")
HOLD = 0.25  # seconds a fast bot's move may wait to be shown with the next one (no pacing)
FAST = 0.1  # seconds: a bot that thought less than this on its last move is fast
SWEEP_OVERLAP = 10.0  # seconds each look for missed games reaches back before the previous one began


class GameError(Exception):
    """An API-level refusal: an HTTP status and a JSON body."""

    def __init__(self, status: int, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.rule = rule

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"reason": self.reason}
        if self.rule is not None:
            out["rule"] = self.rule
        return out


def shard_of(gid: str, count: int) -> int:
    """The process, of `count`, that plays game `gid`'s bots (and to which `serve` routes its
    connections, `router.py`)."""
    return zlib.crc32(gid.encode()) % count


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Settings:
    snapshot_every: int = 20  # a snapshot after every N-th standing action (and at the end)
    bot_delay: float = 0.4  # seconds between bot moves, so people can follow them
    bot_budget: float = 5.0  # seconds a bot may think about one move (a bot's own `seconds` at most this)
    max_live: int = 500  # games kept in memory
    undo_samples: int = 8  # determinizations per seat when checking that an undo reveals nothing
    bot_workers: int = 2  # processes bots think in (0: threads of the server process)
    bot_pool: str = "local"  # where those processes are: "local", or "ray[:ADDRESS]" (raypool.py)
    bot_nice: int = 10  # local workers' niceness: a person's request goes before a bot's thinking
    max_name: int = 40  # characters in a seat's name
    recheck: float = 1.0  # without change notifications (SQLite): seconds between checks for other writers
    listen: bool = True  # PostgreSQL: learn of other processes' changes by LISTEN/NOTIFY
    peers: bool = True  # SQLite: learn of this machine's other processes' changes (peers.py)
    # (this process's index, the number of processes) of one `serve`: each process plays the
    # bots of its share of the games only (None: the bots of every game it holds)
    shard: tuple[int, int] | None = None
    # a process with a shard gives the games it creates ids of its own share: it plays their
    # bots and `serve` routes their connections to it, so no other process loads them
    own_ids: bool = True
    # a process with a shard, when it starts (or its notifications come back), looks this many
    # seconds back for games in play whose bots it plays: their news may have gone before it listened
    adopt_window: float = 3600.0


@dataclass
class Live:
    row: GameRow
    seats: list[SeatRow]
    spec: GameSpec
    state: GameState
    rows: list[ActionRow]
    bots: dict[int, Bot]
    lock: threading.RLock = field(default_factory=threading.RLock)
    version: int = 0
    prev: GameState | None = None  # the state before the last standing action, if known
    bot_running: bool = False
    undo_cache: dict[tuple[int, int], str | None] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    invited: set[int] = field(default_factory=set)  # seats whose invitation is not claimed yet
    notes: list[str] = field(default_factory=list)
    bot_delay: float | None = None  # this game's pause between bot moves (None: the server's)
    hints: bool = True  # whether its people may ask for hints (a table option of its creator)
    waiters: list[Callable[[], None]] = field(default_factory=list)  # live streams, woken on changes
    # (version, its payloads per seat as (text, value), its delta events per (seat, from version)),
    # replaced as a whole by one assignment, so a reader without the lock sees one version's
    cache: tuple[int, dict[int | None, tuple[str, Any]], dict[tuple[int | None, int], str]] = (-1, {}, {})
    prepare: Callable[[Live], None] | None = None  # builds what the streams will send (`Hub.prepare`)
    entries: dict[LogEntry, dict[str, Any]] = field(default_factory=dict)  # see `entry`
    checked: float = 0.0  # when the database was last asked for other writers' rows
    stale: bool = False  # another process changed the game (a notification): catch up first
    held: bool = False  # a change not yet shown to the streams (see `Hub.act`'s `hold`)
    published: float = 0.0  # when the streams were last woken
    think_s: dict[int, float] = field(default_factory=dict)  # per bot seat: its last move's thinking
    # per seat: (log entries seen, the last of them, the visible ones as JSON data): `api.visible_log`
    logs: dict[int | None, tuple[int, LogEntry | None, list[dict[str, Any]]]] = field(default_factory=dict)
    board: dict[str, str | None] | None = None  # `api.board_urls` of the game, once built

    def entry(self, e: LogEntry) -> dict[str, Any]:
        """A log entry as JSON data, built once and shared by every payload that shows it."""
        found = self.entries.get(e)
        if found is None:
            found = self.entries[e] = e.to_dict()
        return found

    def bump(self, hold: bool = False) -> None:
        """A change every seat may see (call with the lock held): a new version, streams woken
        (after what they will send was built here, in the writing thread, if `prepare` is set).
        With `hold` the streams are not woken yet: the next `bump` or `publish` shows it."""
        self.version += 1
        if hold:
            self.held = True
        else:
            self.publish()

    def publish(self) -> None:
        """Wake the streams for the newest version (call with the lock held)."""
        self.held = False
        self.published = time.monotonic()
        if self.prepare is not None and self.waiters:
            try:
                self.prepare(self)
            except Exception:  # the streams then build it themselves (and meet the error there)
                log.exception("game %s: cannot prepare the live updates", self.row.id)
        for wake in list(self.waiters):
            try:
                wake()
            except Exception:  # a stream whose event loop is gone
                log.debug("game %s: a stream could not be woken", self.row.id)

    def listen(self, wake: Callable[[], None]) -> None:
        with self.lock:
            self.waiters.append(wake)

    def unlisten(self, wake: Callable[[], None]) -> None:
        with self.lock:
            if wake in self.waiters:
                self.waiters.remove(wake)

    @property
    def ended(self) -> bool:
        """Ended by its creator before the rules ended it (an `end` row is the log's last: no
        row is ever stored after it)."""
        return bool(self.rows) and self.rows[-1].kind == "end"

    @property
    def finished(self) -> bool:
        return self.state.over or self.ended

    @property
    def id(self) -> str:
        return self.row.id

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat].kind


class Hub:
    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.live: dict[str, Live] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._think_threads = FairGate(4)  # bots thinking in threads (no worker processes)
        self._drivers = Drivers()  # the threads bot drivers run in (`kick`)
        self.thinkers = self._thinkers()
        self._catchers = ThreadPoolExecutor(2, thread_name_prefix="catch-up")
        self.listener: Listener | None = None
        self.prepare: Callable[[Live], None] | None = None  # set by the API: see `Live.bump`
        if self.settings.listen and store.notifies:
            self.listener = Listener(store.url, store.origin, self._changed, self._reconnected, self._stop)
        self.peers: Peers | None = None
        folder = peers_dir(store.url) if self.listener is None and self.settings.peers else None
        if folder is not None:
            try:
                self.peers = Peers(folder, store.origin, self._changed, self._stop)
                store.announce = self.peers.announce
            except OSError as exc:
                log.warning("cannot tell other server processes of changes (%s); they find them "
                            "every %g s", exc, self.settings.recheck)
        self.poller: threading.Thread | None = None
        if self.listener is None:  # no notifications: one query a `recheck` for all games in memory
            self.poller = threading.Thread(target=self._poll, daemon=True, name="recheck")
            self.poller.start()

    def _thinkers(self) -> Thinkers | None:
        workers = self.settings.bot_workers
        if workers <= 0:
            return None
        kind, address = parse_pool(self.settings.bot_pool)
        if kind == "ray":
            return RayThinkers.shared_on(workers, address)
        return Thinkers.shared(workers, self.settings.bot_nice)

    def close(self) -> None:
        self._stop.set()
        if self.peers is not None:
            self.peers.close()
        self._catchers.shutdown(wait=False, cancel_futures=True)

    @property
    def notified(self) -> bool:
        """Other processes' changes arrive as notifications (no need to ask the database)."""
        return self.listener is not None and self.listener.healthy

    def drives(self, gid: str) -> bool:
        """Whether this process plays the game's bots (`Settings.shard`)."""
        shard = self.settings.shard
        return shard is None or shard_of(gid, shard[1]) == shard[0]

    def _changed(self, gid: str, kind: str) -> None:
        """A notification (listener thread): another process changed game `gid`."""
        live = self.live.get(gid)
        if live is None:
            if self.settings.shard is not None and kind in ("new", "log") and self.drives(gid) \
                    and not self._stop.is_set():
                self._catchers.submit(self._adopt, gid)  # its bots are ours to play
            return
        live.stale = True
        if kind in ("log", "new") and not live.waiters and not self.drives(gid):
            return  # nobody here watches it or plays its bots: the next request catches up
        if not self._stop.is_set():
            self._catchers.submit(self._refresh, live, kind)

    def _poll(self) -> None:
        """Without notifications (SQLite): every `Settings.recheck` seconds, the log lengths of
        all the games in memory in one query; a game another process wrote to is caught up
        (which wakes its streams). Requests and bot moves then never ask the database. A process
        with a shard also looks for changed games whose bots it plays and does not hold (a
        notification is a datagram, which a full queue drops, or which came before it listened)."""
        since = now() - timedelta(seconds=self.settings.adopt_window)
        while not self._stop.is_set():
            if self.settings.shard is not None:
                started = now()
                self._sweep(since)
                since = started - timedelta(seconds=SWEEP_OVERLAP)
            if self._stop.wait(self.settings.recheck):
                return
            try:
                held = list(self.live.values())
                for i in range(0, len(held), 500):
                    part = held[i:i + 500]
                    lengths = self.store.moves_of([live.id for live in part])
                    for live in part:
                        if lengths.get(live.id, 0) > len(live.rows):
                            self._changed(live.id, "log")
            except Exception:
                log.exception("cannot look for other processes' moves")

    def _sweep(self, since: datetime) -> None:
        """Load the games in play changed since `since` whose bots this process plays and does
        not hold yet (`get` starts their bots if one owes a move)."""
        try:
            ids = self.store.bot_games_since(since)
        except Exception:
            log.exception("cannot look for games whose bots this process plays")
            return
        for gid in ids:
            if gid not in self.live and self.drives(gid) and not self._stop.is_set():
                self._adopt(gid)

    def _reconnected(self) -> None:
        """The listener (re)connected: notifications may have been missed."""
        if self.settings.shard is not None and not self._stop.is_set():
            since = now() - timedelta(seconds=self.settings.adopt_window)
            self._catchers.submit(self._sweep, since)
        for live in list(self.live.values()):
            live.stale = True
            if not self._stop.is_set():
                self._catchers.submit(self._refresh, live, "all")

    def _adopt(self, gid: str) -> None:
        """Load a game another process created or moved in, whose bots this process plays
        (`get` starts them if they owe a move)."""
        try:
            self.get(gid)
        except GameError:
            pass
        except Exception:
            log.exception("game %s: cannot load it to play its bots", gid)

    def _refresh(self, live: Live, kind: str) -> None:
        try:
            if kind in ("people", "all"):
                self._refresh_people(live)
            with live.lock:
                if kind in ("note", "all"):
                    notes = self.store.notes(live.id)
                    if notes != live.notes:
                        live.notes = notes
                        live.bump()
                self._catch_up(live)
            self.kick(live)  # a bot's turn, or (over) its worker may drop its state
        except Exception:
            log.exception("game %s: cannot catch up with another process's change", live.id)

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    # ------------------------------------------------------------- creation
    def create(
        self, game_id_: str, players: int, seed: int | None, options: dict[str, Any],
        bots: dict[int, str], allow_undo: bool, names: dict[int, str] | None = None,
        invite: set[int] | None = None, bot_delay: float | None = None, hints: bool = True,
    ) -> tuple[str, dict[int, str], dict[int, str], str]:
        """The new game's id, the tokens of the seats played here, the invitations of the invited
        seats (each exchanged once for the seat's token, see `claim`) and the creator's token."""
        try:
            spec = game(game_id_)
        except UnknownGame as exc:
            raise GameError(422, str(exc)) from None
        if seed is None:
            seed = secrets.randbelow(2**53)
        try:
            chosen = spec.validate(players, options)
        except ValueError as exc:
            raise GameError(422, str(exc)) from None
        for seat, text in bots.items():
            if not 0 <= seat < players:
                raise GameError(422, f"bots: seat {seat} is not a seat of a {players}-player game")
            try:
                parsed = parse_one(text)
            except ValueError as exc:
                raise GameError(422, f"bots: seat {seat}: {exc}") from None
            helpers = parsed.params.get("workers")
            if isinstance(helpers, int) and helpers > 1:
                raise GameError(422, f"bots: seat {seat}: workers={helpers}: on this server each bot "
                                "thinks in one process (the server's bot processes are shared by all games)")
            seconds = parsed.params.get("seconds")
            if isinstance(seconds, int | float) and seconds > self.settings.bot_budget:
                raise GameError(422, f"bots: seat {seat}: seconds={seconds} is over this server's "
                                f"budget of {self.settings.bot_budget:g} s per move")
        names = {s: self.clean_name(n) for s, n in (names or {}).items()}
        invite = set(invite or ())
        for seat in sorted(set(names) | invite):
            if not 0 <= seat < players or seat in bots:
                raise GameError(422, f"seat {seat} is not a person's seat of this {players}-player game")
        # Build it once now: a game that cannot start is refused before anything is stored.
        try:
            spec.new_game(players, seed, chosen)
        except ValueError as exc:
            raise GameError(422, str(exc)) from None
        tokens = {s: secrets.token_urlsafe(24) for s in range(players) if s not in bots and s not in invite}
        invites = {s: secrets.token_urlsafe(24) for s in sorted(invite)}
        owner = secrets.token_urlsafe(24)
        shard = self.settings.shard if self.settings.own_ids else None
        while True:  # with a shard: about shard[1] tries
            gid = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
            if shard is None or shard_of(gid, shard[1]) == shard[0]:
                break
        self.store.create_game(gid, spec.id, players, seed, chosen, bots, allow_undo,
                               {s: hash_token(t) for s, t in tokens.items()}, names,
                               {s: hash_token(t) for s, t in invites.items()}, hash_token(owner),
                               bot_delay=bot_delay, hints=hints)
        live = self.get(gid)
        self.kick(live)
        return gid, tokens, invites, owner

    def clean_name(self, name: str) -> str:
        text = " ".join(name.split())
        if not text or len(text) > self.settings.max_name or not text.isprintable():
            raise GameError(422, f"a name is 1 to {self.settings.max_name} printable characters")
        return text

    # ------------------------------------------------------------- people
    def set_name(self, live: Live, seat: int, name: str) -> None:
        text = self.clean_name(name)
        self.store.set_name(live.id, seat, text)
        with live.lock:
            live.names[seat] = text
            live.bump()

    def claim(self, live: Live, invite: str, name: str) -> tuple[int, str]:
        """Exchange an invitation for its seat's token, once; the creator never sees that token."""
        text = self.clean_name(name)
        digest = hash_token(invite)
        for seat, stored in self.store.invites(live.id).items():
            if hmac.compare_digest(digest, stored):
                token = secrets.token_urlsafe(24)
                if self.store.claim(live.id, seat, stored, hash_token(token), text):
                    self._refresh_people(live)
                    return seat, token
        raise GameError(403, "this invitation is not valid for this game (or was used already)")

    def _refresh_people(self, live: Live) -> None:
        seats, names, invited = (self.store.seats(live.id), self.store.names(live.id),
                                 set(self.store.invites(live.id)))
        with live.lock:
            live.seats, live.names, live.invited = seats, names, invited
            live.bump()

    def is_owner(self, live: Live, token: str) -> bool:
        stored = self.store.owner(live.id)
        return stored is not None and hmac.compare_digest(hash_token(token), stored)

    def note(self, live: Live, text: str) -> None:
        """Something every seat should see that is not a move (a bot that overran its budget)."""
        self.store.add_note(live.id, text)
        with live.lock:
            live.notes.append(text)
            live.bump()

    # ------------------------------------------------------------- ending
    def end(self, live: Live) -> None:
        """End the game now (its creator's decision): no more moves, no more bots."""
        for _ in range(5):
            with live.lock:
                self._catch_up(live)
                if live.state.over:
                    raise GameError(409, "the game is over already")
                if live.ended:
                    return
                seq = len(live.rows) + 1
                try:
                    self.store.append(live.id, seq, "end", -1, None, "ended")
                except SeqTaken:
                    live.stale = True
                    continue
                live.rows.append(ActionRow(seq, "end", -1, None))
                live.bump()
                live.undo_cache.clear()
            self.kick(live)  # which lets its bot worker drop its state
            return
        raise GameError(409, "the game changed meanwhile; try again")

    # ------------------------------------------------------------- loading
    def get(self, gid: str, fresh: bool = False) -> Live:
        """The live game, loaded on first use and caught up with the database (`fresh`: asking
        the database, when other processes may have changed it a moment ago)."""
        live = self.live.get(gid)
        if live is None:
            with self._lock:
                live = self.live.get(gid)
                if live is None:
                    live = self._load(gid)
                    if len(self.live) >= self.settings.max_live:
                        idle = [k for k, v in self.live.items() if not v.bot_running and not v.waiters]
                        for k in idle[: len(self.live) // 4 + 1]:
                            del self.live[k]
                            if self.thinkers is not None:
                                self.thinkers.forget(k)
                    self.live[gid] = live
        with live.lock:
            self._catch_up(live, force=fresh and self.shared)
        if not live.bot_running and not live.finished:
            self.kick(live)
        return live

    @property
    def shared(self) -> bool:
        """Other server processes may be changing the games too (as far as this one can tell)."""
        return (self.settings.shard is not None or self.listener is not None
                or (self.peers is not None and bool(self.peers.others())))

    def held(self) -> dict[str, int]:
        """What this hub keeps in memory, counted (for `BOARDWRIGHT_DIAG`'s memory samples)."""
        lives = list(self.live.values())
        out = {"games": len(lives), "finished": sum(v.finished for v in lives),
               "bot_running": sum(v.bot_running for v in lives),
               "streams": sum(len(v.waiters) for v in lives), "rows": sum(len(v.rows) for v in lives),
               "entries": sum(len(v.entries) for v in lives),
               "undo_cache": sum(len(v.undo_cache) for v in lives),
               "deltas": sum(len(v.cache[2]) for v in lives)}
        if self.thinkers is not None:
            out |= self.thinkers.held()
        return out

    def release(self, live: Live) -> None:
        """A live stream of `live` ended: a finished game that nobody watches leaves memory
        (it is stored: asked for again, it is loaded from its final snapshot), so memory
        follows the games in play, not the games played lately."""
        with self._lock:
            if (live.finished and not live.waiters and not live.bot_running
                    and self.live.get(live.id) is live):
                del self.live[live.id]
                if self.thinkers is not None:
                    self.thinkers.forget(live.id)

    def _load(self, gid: str) -> Live:
        row = self.store.game(gid)
        if row is None:
            raise GameError(404, f"no game {gid!r}")
        try:
            spec = game(row.game)
        except UnknownGame:
            raise GameError(410, f"game {gid} is of {row.game!r}, which this server does not have") from None
        rows = self.store.actions(gid)
        state = self._rebuild(row, spec, rows, effective(rows))
        bots = {s: parse_one(text).build(bot_seed(row.seed, s)) for s, text in row.bots.items()}
        return Live(row, self.store.seats(gid), spec, state, rows, bots,
                    names=self.store.names(gid), invited=set(self.store.invites(gid)),
                    notes=self.store.notes(gid), bot_delay=self.store.pacing(gid),
                    hints=self.store.hints(gid), checked=time.monotonic(), prepare=self.prepare)

    def _rebuild(
        self, row: GameRow, spec: GameSpec, rows: list[ActionRow], eff: list[tuple[int, str]],
    ) -> GameState:
        """The state after `eff`: from the newest snapshot that `eff` extends, else a replay."""
        state: GameState | None = None
        done = 0
        for seq in self.store.snapshot_seqs(row.id):
            if seq > len(rows):
                continue
            upto = effective(rows[:seq])
            if eff[: len(upto)] != upto:
                continue  # undone since
            text = self.store.snapshot(row.id, seq)
            if text is None:
                continue
            try:
                state = spec.from_json(text)
            except ValueError:
                state = None
                continue
            done = len(upto)
            break
        if state is None:
            state = spec.new_game(row.players, row.seed, row.options)
        try:
            for seat, action in eff[done:]:
                state.apply(seat, action)
        except (IllegalAction, ValueError) as exc:
            raise GameError(500, f"game {row.id} cannot be restored: {exc}") from None
        return state

    def _catch_up(self, live: Live, force: bool = False) -> None:
        """Apply rows that another process appended (call with the game's lock held).

        With notifications (PostgreSQL's LISTEN/NOTIFY) or the poller (`_poll`, without them)
        the database is asked only when one of them saw a change (or `force`: a write found the
        log longer); while the listener is down at most every `Settings.recheck` seconds. A
        write never relies on this: the log's length is checked in the write's transaction
        (`SeqTaken`)."""
        if not (force or live.stale):
            if self.notified or self.poller is not None:
                return
            t = time.monotonic()
            if t - live.checked < self.settings.recheck:
                return
        live.stale = False
        live.checked = time.monotonic()
        if self.store.moves(live.id) <= len(live.rows):
            return
        new = self.store.actions(live.id, after=len(live.rows))
        if not new:
            return
        live.rows.extend(new)
        if any(r.kind == "undo" for r in new):
            live.state = self._rebuild(live.row, live.spec, live.rows, effective(live.rows))
            live.prev = None
        else:
            for r in new:
                if r.kind != "act" or r.action is None:
                    continue  # "end": no change to the state
                state = live.state.clone()  # the live state is swapped, never changed in place
                state.apply(r.seat, r.action)
                live.prev, live.state = live.state, state
        live.bump()
        live.undo_cache.clear()
        if live.bots and not (self.notified or self.peers is not None):
            live.notes = self.store.notes(live.id)  # another process's bot may have overrun

    # ------------------------------------------------------------- seats
    def seat_for(self, live: Live, token: str) -> int | None:
        """The seat this token belongs to; every seat is compared, in constant time each."""
        digest = hash_token(token)
        for attempt in range(2):
            found: int | None = None
            for s in live.seats:
                stored = s.token_hash or "0" * 64
                if hmac.compare_digest(digest, stored) and s.token_hash is not None:
                    found = s.seat
            if found is not None or not live.invited or attempt:
                return found
            self._refresh_people(live)  # a seat claimed through another server process
        return None

    # ------------------------------------------------------------- actions
    def act(self, live: Live, seat: int, action_id: str, expect_rows: int | None = None,
            hold: float = 0.0) -> None:
        """Apply, store (committed), then publish; IllegalAction leaves everything unchanged.

        `hold` (a bot's move in a game without pacing): when another bot moves next, and that
        bot's last move took under `FAST` seconds to think, the streams are not woken for this
        move if they were woken less than `hold` seconds ago: the next move shows both (one
        payload and delta built instead of one per move; nobody could follow moves that fast).
        The move is stored and acknowledged as any other; a request reads it at once."""
        for _ in range(5):
            with live.lock:
                # a version ahead of ours: another process stored a move a moment ago
                self._catch_up(live, force=expect_rows is not None and expect_rows > len(live.rows))
                if live.ended:
                    raise GameError(409, "the game was ended by its creator")
                if expect_rows is not None and len(live.rows) != expect_rows:
                    raise GameError(409, f"this move was chosen from version {expect_rows}, but the game "
                                    f"is at version {len(live.rows)} (a repeated or stale request); "
                                    "nothing changed")
                new = live.state.clone()
                new.apply(seat, action_id)  # IllegalAction propagates: nothing changed
                seq = len(live.rows) + 1
                every = self.settings.snapshot_every
                snap = new.to_json() if new.over or len(new.history) % every == 0 else None
                try:
                    with timed("commit"):
                        self.store.append(live.id, seq, "act", seat, action_id,
                                          "over" if new.over else "active", snap)
                except SeqTaken:
                    live.stale = True
                    continue
                live.rows.append(ActionRow(seq, "act", seat, action_id))
                live.prev, live.state = live.state, new
                live.bump(hold=hold > 0 and not new.over and self._quick_bot_next(live, new)
                          and time.monotonic() - live.published < hold)
                live.undo_cache.clear()
            self.kick(live)
            return
        raise GameError(409, "the game changed while you acted; try again")

    @staticmethod
    def _quick_bot_next(live: Live, state: GameState) -> bool:
        nxt = [s for s in state.to_act if s in live.bots]
        return bool(nxt) and len(nxt) == len(state.to_act) and live.think_s.get(nxt[0], 1.0) < FAST

    # ------------------------------------------------------------- undo
    def undo_refused(self, live: Live, seat: int) -> str | None:
        """Why `seat` may not undo now (None: it may). Cached per game version and seat."""
        with live.lock:
            key = (live.version, seat)
            if key not in live.undo_cache:
                live.undo_cache[key] = self._undo_refused(live, seat)
            return live.undo_cache[key]

    def standing(self, live: Live, seat: int | None) -> dict[str, Any] | None:
        """The running scores as `seat` may know them (`outcome(seat)`: nothing hidden from it
        counts), if the game has scores mid-game: else None. Cached per version."""
        if seat is None:
            return None
        with live.lock:
            key = (-1 - live.version, seat)
            if key not in live.undo_cache:
                live.undo_cache[key] = None
                state = live.state
                try:
                    scores = None if state.over else state.outcome(seat).get("scores")
                    if isinstance(scores, list) and scores:
                        live.undo_cache[key] = json.dumps(scores)
                except Exception:  # a game that cannot score mid-game
                    pass
            found = live.undo_cache[key]
        return None if found is None else {"scores": json.loads(found)}

    def _undo_refused(self, live: Live, seat: int) -> str | None:
        plan = self._undo_plan(live, seat)
        return plan if isinstance(plan, str) else None

    def _undo_plan(self, live: Live, seat: int) -> str | tuple[int, GameState]:
        """Why `seat` may not undo, or how many moves its undo takes back (its own last move and
        the bots' replies after it) and the state before them. Each of those moves must have
        revealed nothing (`undo.undo_refusal`), as in the terminal's undo."""
        if not live.row.allow_undo:
            return "undo is off for this game (chosen when it was created)"
        if live.ended:
            return "the game was ended by its creator"
        if live.state.over:
            return "the game is over; a finished game is final"
        if live.seat_kind(seat) != "human":
            return "bots do not undo"
        eff = list(live.state.history)
        mine = [i for i, (s, _) in enumerate(eff) if s == seat]
        if eff and eff[-1][0] != seat and eff[-1][0] not in live.bots:
            return "the last move was another player's; only your own last move can be undone"
        if not mine:
            return "there is nothing of yours to undo"
        start = mine[-1]
        if any(s not in live.bots for s, _ in eff[start + 1:]):
            return "the last move was another player's; only your own last move can be undone"
        step = before = self._state_at(live, start)
        for i, (s, action) in enumerate(eff[start:]):
            after = live.state if start + i + 1 == len(eff) else step.clone()
            if after is not live.state:
                after.apply(s, action)
            why = undo_refusal(step, after, s, self.settings.undo_samples)
            if why is not None:
                return why if i == 0 else why.replace("your last move", f"the bot's reply (seat {s})")
            step = after
        return len(eff) - start, before

    def _state_at(self, live: Live, n: int) -> GameState:
        """The state after the first `n` standing moves."""
        if n == len(live.state.history) - 1:
            return self._before(live)
        return self._rebuild(live.row, live.spec, live.rows, effective(live.rows)[:n])

    def _before(self, live: Live) -> GameState:
        if live.prev is None or live.prev.history != live.state.history[:-1]:
            eff = effective(live.rows)
            live.prev = self._rebuild(live.row, live.spec, live.rows, eff[:-1])
        return live.prev

    def undo(self, live: Live, seat: int, expect_rows: int | None = None) -> None:
        for _ in range(5):
            with live.lock:
                self._catch_up(live)
                if expect_rows is not None and len(live.rows) != expect_rows:
                    raise GameError(409, f"this undo was asked from version {expect_rows}, but the game "
                                    f"is at version {len(live.rows)}; nothing changed")
                plan = self._undo_plan(live, seat)
                if isinstance(plan, str):
                    raise GameError(409, plan)
                count, before = plan
                seq = len(live.rows) + 1
                try:
                    self.store.append(live.id, seq, "undo", seat, None, "active", count=count)
                except SeqTaken:
                    live.stale = True
                    continue
                live.rows.extend(ActionRow(seq + k, "undo", seat, None) for k in range(count))
                live.state, live.prev = before, None
                live.bump()
                live.undo_cache.clear()
            self.kick(live)
            return
        raise GameError(409, "the game changed while you asked to undo; try again")

    # ------------------------------------------------------------- bots
    def kick(self, live: Live) -> None:
        """Start the game's bot driver if a bot owes a decision and none runs."""
        if not self.drives(live.id):
            return  # another process of this server plays them
        with live.lock:
            done = live.finished
            if live.bot_running or self._stop.is_set() or done:
                pass
            elif any(s in live.bots for s in live.state.to_act):
                live.bot_running = True
                self._drivers.submit(self._drive, live)
                return
        if done and self.thinkers is not None:
            self.thinkers.forget(live.id)  # however it ended: its worker drops its state

    def _drive(self, live: Live) -> None:
        """Play the game's bot moves until a person owes the next decision (one run at a time
        per game, in the `Drivers` threads)."""
        try:
            self._drive_moves(live, time.monotonic())
        finally:
            with live.lock:
                if live.held:  # a held move is shown when the run stops, whatever stopped it
                    live.publish()
        if live.finished:  # nobody watching (or the last stream ended while this run was on):
            self.release(live)  # it leaves memory now, not when `max_live` is reached

    def _drive_moves(self, live: Live, since: float) -> None:
        failures = 0
        try:
            while not self._stop.is_set():
                with live.lock:
                    try:
                        self._catch_up(live)
                    except Exception:
                        log.exception("game %s: cannot catch up", live.id)
                        live.bot_running = False
                        return
                    seats = [s for s in live.state.to_act if s in live.bots]
                    if not seats or live.ended:
                        live.bot_running = False
                        if live.finished and self.thinkers is not None:
                            self.thinkers.forget(live.id)  # its worker may drop its state
                        return
                    seat = seats[0]
                    copy = live.state  # never changed in place (a change swaps it): no clone needed
                    rows = len(live.rows)
                delay = self.settings.bot_delay if live.bot_delay is None else live.bot_delay
                if delay > 0 and self._stop.wait(delay):
                    break
                answer = self._think(live, copy, seat, since)
                if answer.seconds is not None:
                    live.think_s[seat] = answer.seconds
                if answer.why == "closed":
                    break
                note = None
                if answer.action is None:
                    failures += 1
                    if answer.why == "failed" and failures < 3:
                        continue  # a crash may be chance (its stream moved on): ask again
                    # never silently: every seat is told, and the move is the bot's own random pick
                    pick = copy.legal_actions(seat)
                    chosen = live.bots[seat].rng.choice(pick)
                    what = (f"thought past this server's {self.settings.bot_budget:g} s budget"
                            if answer.why == "over" else "failed")
                    note = (f"The bot in seat {seat} ({live.row.bots[seat]}) {what}; "
                            f"it played a random legal move instead: {chosen.label}.")
                    action = chosen.id
                else:
                    action = answer.action
                try:
                    self.act(live, seat, action, expect_rows=rows, hold=HOLD if delay == 0 else 0.0)
                    failures = 0
                    if note is not None:
                        log.warning("game %s: %s", live.id, note)
                        self.note(live, note)
                except (IllegalAction, GameError, SeqTaken):
                    failures += 1  # the game moved on meanwhile (an undo, another process): look again
                    if failures > 6:
                        log.error("game %s: the bot in seat %d cannot move; stopping its driver",
                                  live.id, seat)
                        break
        except Exception:
            log.exception("game %s: bot driver failed", live.id)
        with live.lock:
            live.bot_running = False

    def _think(self, live: Live, copy: GameState, seat: int, since: float | None = None) -> Answer:
        """The bot's choice within the time budget, in a worker process (or a thread)."""
        bot = live.bots[seat]
        budget = self.settings.bot_budget
        if self.thinkers is not None and not self.thinkers.unusable:
            answer = self.thinkers.think(live.id, live.spec.id, copy, live.row.bots[seat],
                                         bot.rng.state, seat, budget, since)
            if answer.why != "unusable":
                if answer.rng is not None:
                    bot.rng = Rng.from_state(answer.rng)
                return answer
        result: list[str] = []
        failed: list[bool] = []
        snapshot = copy.clone()
        done = threading.Event()

        def run() -> None:
            try:
                result.append(bot.choose(snapshot, seat).id)
            except Exception as exc:
                log.warning("game %s: bot in seat %d failed: %s: %s", live.id, seat,
                            type(exc).__name__, exc)
                failed.append(True)
            finally:
                done.set()

        self._think_threads.heavy = budget / 2
        with self._think_threads.slot(live.id, since):
            t = threading.Thread(target=run, daemon=True, name=f"think-{live.id}-{seat}")
            start = time.monotonic()
            t.start()
            done.wait(budget)
        if result:
            return Answer(result[0], bot.rng.state, seconds=time.monotonic() - start)
        return Answer(why="failed" if failed else "over")


class Listener:
    """PostgreSQL LISTEN on the `bw_changes` channel in a thread of its own: every committed
    change of a game (a row of its log, a name or a claimed seat, a note) is announced by the
    writing process as `<game id> <kind>`, and `changed(game id, kind)` is called for it. While
    the connection is down `healthy` is False (the hub then asks the database itself) and after
    it is back `reconnected()` is called, since notifications may have been missed."""

    CHANNEL = "bw_changes"

    def __init__(self, url: str, origin: str, changed: Callable[[str, str], None],
                 reconnected: Callable[[], None], stop: threading.Event) -> None:
        self.url = url
        self.origin = origin
        self.changed = changed
        self.reconnected = reconnected
        self.stop = stop
        self.healthy = False
        self.ready = threading.Event()
        threading.Thread(target=self._run, daemon=True, name="pg-listen").start()
        self.ready.wait(5.0)  # the first connection: before that, changes are read from the database

    def _dsn(self) -> str:
        from sqlalchemy.engine import make_url

        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self.stop.is_set():
            try:
                with psycopg.connect(self._dsn(), autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {self.CHANNEL}")
                    self.healthy = True
                    self.ready.set()
                    self.reconnected()  # the first time too: changes made before LISTEN were missed
                    first = False
                    while not self.stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            gid, kind, origin = ([*n.payload.split(" "), "", ""])[:3]
                            if origin == self.origin:
                                continue  # this process's own change
                            try:
                                self.changed(gid, kind or "log")
                            except Exception:
                                log.exception("a change notification failed: %s", n.payload)
            except Exception as exc:
                if self.healthy or first:
                    log.warning("PostgreSQL notifications unavailable (%s); asking the database "
                                "for other processes' changes instead", exc)
                first = False
            self.healthy = False
            self.ready.set()
            self.stop.wait(1.0)
