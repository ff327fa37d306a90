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
import logging
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from boardwright.bots import Bot, bot_seed
from boardwright.bots.spec import parse_one
from boardwright.engine import GameSpec, GameState, IllegalAction, Rng, UnknownGame, game

from .db import ActionRow, GameRow, SeatRow, SeqTaken, Store, effective
from .thinking import Thinkers
from .undo import undo_refusal

log = logging.getLogger("boardwright.web")


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


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Settings:
    snapshot_every: int = 20  # a snapshot after every N-th standing action (and at the end)
    bot_delay: float = 0.4  # seconds between bot moves, so people can follow them
    bot_budget: float = 5.0  # seconds a bot may think about one move
    max_live: int = 500  # games kept in memory
    undo_samples: int = 8  # determinizations per seat when checking that an undo reveals nothing
    bot_workers: int = 2  # processes bots think in (0: threads of the server process)


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
        self._think_threads = threading.BoundedSemaphore(16)
        workers = self.settings.bot_workers
        self.thinkers = Thinkers.shared(workers) if workers > 0 else None

    def close(self) -> None:
        self._stop.set()

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    # ------------------------------------------------------------- creation
    def create(
        self, game_id_: str, players: int, seed: int | None, options: dict[str, Any],
        bots: dict[int, str], allow_undo: bool,
    ) -> tuple[str, dict[int, str]]:
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
                parse_one(text)
            except ValueError as exc:
                raise GameError(422, f"bots: seat {seat}: {exc}") from None
        # Build it once now: a game that cannot start is refused before anything is stored.
        try:
            spec.new_game(players, seed, chosen)
        except ValueError as exc:
            raise GameError(422, str(exc)) from None
        tokens = {s: secrets.token_urlsafe(24) for s in range(players) if s not in bots}
        gid = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
        self.store.create_game(gid, spec.id, players, seed, chosen, bots, allow_undo,
                               {s: hash_token(t) for s, t in tokens.items()})
        live = self.get(gid)
        self.kick(live)
        return gid, tokens

    # ------------------------------------------------------------- loading
    def get(self, gid: str) -> Live:
        """The live game, loaded on first use and caught up with the database."""
        live = self.live.get(gid)
        if live is None:
            with self._lock:
                live = self.live.get(gid)
                if live is None:
                    live = self._load(gid)
                    if len(self.live) >= self.settings.max_live:
                        idle = [k for k, v in self.live.items() if not v.bot_running]
                        for k in idle[: len(self.live) // 4 + 1]:
                            del self.live[k]
                    self.live[gid] = live
        with live.lock:
            self._catch_up(live)
        if not live.bot_running and not live.state.over:
            self.kick(live)
        return live

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
        return Live(row, self.store.seats(gid), spec, state, rows, bots)

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

    def _catch_up(self, live: Live) -> None:
        """Apply rows that another process appended (call with the game's lock held)."""
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
                assert r.action is not None
                state = live.state.clone()  # the live state is swapped, never changed in place
                state.apply(r.seat, r.action)
                live.prev, live.state = live.state, state
        live.version += 1
        live.undo_cache.clear()

    # ------------------------------------------------------------- seats
    def seat_for(self, live: Live, token: str) -> int | None:
        """The seat this token belongs to; every seat is compared, in constant time each."""
        digest = hash_token(token)
        found: int | None = None
        for s in live.seats:
            stored = s.token_hash or "0" * 64
            if hmac.compare_digest(digest, stored) and s.token_hash is not None:
                found = s.seat
        return found

    # ------------------------------------------------------------- actions
    def act(self, live: Live, seat: int, action_id: str, expect_rows: int | None = None) -> None:
        """Apply, store (committed), then publish; IllegalAction leaves everything unchanged."""
        for _ in range(5):
            with live.lock:
                self._catch_up(live)
                if expect_rows is not None and len(live.rows) != expect_rows:
                    raise GameError(409, "the game moved on while this move was chosen")
                new = live.state.clone()
                new.apply(seat, action_id)  # IllegalAction propagates: nothing changed
                seq = len(live.rows) + 1
                every = self.settings.snapshot_every
                snap = new.to_json() if new.over or len(new.history) % every == 0 else None
                try:
                    self.store.append(live.id, seq, "act", seat, action_id,
                                      "over" if new.over else "active", snap)
                except SeqTaken:
                    continue
                live.rows.append(ActionRow(seq, "act", seat, action_id))
                live.prev, live.state = live.state, new
                live.version += 1
                live.undo_cache.clear()
            self.kick(live)
            return
        raise GameError(409, "the game changed while you acted; try again")

    # ------------------------------------------------------------- undo
    def undo_refused(self, live: Live, seat: int) -> str | None:
        """Why `seat` may not undo now (None: it may). Cached per game version and seat."""
        with live.lock:
            key = (live.version, seat)
            if key not in live.undo_cache:
                live.undo_cache[key] = self._undo_refused(live, seat)
            return live.undo_cache[key]

    def _undo_refused(self, live: Live, seat: int) -> str | None:
        if not live.row.allow_undo:
            return "undo is off for this game (chosen when it was created)"
        if live.seat_kind(seat) != "human":
            return "bots do not undo"
        eff = list(live.state.history)
        if not eff:
            return "there is nothing to undo"
        last_seat, _ = eff[-1]
        if last_seat != seat:
            return "the last move was another player's; only your own last move can be undone"
        before = self._before(live)
        return undo_refusal(before, live.state, seat, self.settings.undo_samples)

    def _before(self, live: Live) -> GameState:
        if live.prev is None or live.prev.history != live.state.history[:-1]:
            eff = effective(live.rows)
            live.prev = self._rebuild(live.row, live.spec, live.rows, eff[:-1])
        return live.prev

    def undo(self, live: Live, seat: int) -> None:
        for _ in range(5):
            with live.lock:
                self._catch_up(live)
                why = self._undo_refused(live, seat)
                if why is not None:
                    raise GameError(409, why)
                before = self._before(live)
                seq = len(live.rows) + 1
                try:
                    self.store.append(live.id, seq, "undo", seat, None, "active")
                except SeqTaken:
                    continue
                live.rows.append(ActionRow(seq, "undo", seat, None))
                live.state, live.prev = before, None
                live.version += 1
                live.undo_cache.clear()
            self.kick(live)
            return
        raise GameError(409, "the game changed while you asked to undo; try again")

    # ------------------------------------------------------------- bots
    def kick(self, live: Live) -> None:
        """Start the game's bot driver if a bot owes a decision and none runs."""
        with live.lock:
            if live.bot_running or self._stop.is_set():
                return
            if not any(s in live.bots for s in live.state.to_act):
                return
            live.bot_running = True
        threading.Thread(target=self._drive, args=(live,), daemon=True,
                         name=f"bots-{live.id}").start()

    def _drive(self, live: Live) -> None:
        """Play the game's bot moves until a person owes the next decision (one thread per game)."""
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
                    if not seats:
                        live.bot_running = False
                        return
                    seat = seats[0]
                    copy = live.state.clone()
                    rows = len(live.rows)
                if self.settings.bot_delay > 0 and self._stop.wait(self.settings.bot_delay):
                    break
                # a bot that keeps failing (an illegal choice, a crash) plays the first legal action
                action = self._think(live, copy, seat) if failures < 3 else copy.legal_actions(seat)[0].id
                try:
                    self.act(live, seat, action, expect_rows=rows)
                    failures = 0
                except (IllegalAction, GameError, SeqTaken):
                    failures += 1
                    if failures > 6:
                        log.error("game %s: the bot in seat %d cannot move; stopping its driver",
                                  live.id, seat)
                        break
        except Exception:
            log.exception("game %s: bot driver failed", live.id)
        with live.lock:
            live.bot_running = False

    def _think(self, live: Live, copy: GameState, seat: int) -> str:
        """The bot's choice within the time budget; past it, the first legal action."""
        result: list[str] = []
        fallback = copy.legal_actions(seat)[0].id
        bot = live.bots[seat]
        if self.thinkers is not None and not self.thinkers.unusable:
            answer = self.thinkers.think(live.spec.id, copy.to_json(), live.row.bots[seat], bot.rng.state,
                                         seat, self.settings.bot_budget)
            if answer is None and not self.thinkers.unusable:
                log.warning("game %s: bot in seat %d gave no answer within %.1f s; playing the first "
                            "action", live.id, seat, self.settings.bot_budget)
                return fallback
            if answer is not None:
                bot.rng = Rng.from_state(answer[1])
                return answer[0]
        snapshot = copy.clone()

        def run() -> None:
            try:
                result.append(bot.choose(snapshot, seat).id)
            except Exception:
                log.exception("game %s: bot in seat %d failed", live.id, seat)
            finally:
                self._think_threads.release()

        if not self._think_threads.acquire(timeout=self.settings.bot_budget):
            return fallback
        t = threading.Thread(target=run, daemon=True, name=f"think-{live.id}-{seat}")
        t.start()
        t.join(self.settings.bot_budget)
        if not result:
            log.warning("game %s: bot in seat %d over its %.1f s budget; playing the first action",
                        live.id, seat, self.settings.bot_budget)
            return fallback
        return result[0]
