"""Storage: games, seats, an append-only action log and snapshots (SQLAlchemy Core).

Any SQLAlchemy URL works; SQLite is the default, PostgreSQL (psycopg) serves several
server processes sharing one database. The action log is append-only: an undo is a
row of kind `undo` that cancels the latest action still standing, so the effective
action list is a fold over the rows. `(game_id, seq)` is the primary key, so two
processes can never both append row `seq`; the writer also takes a row lock on the
game (`SELECT ... FOR UPDATE`, a no-op on SQLite, whose writes are serialised anyway).
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError

from .diag import timed

meta = MetaData()

games_t = Table(
    "bw_games", meta,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("bots", Text, nullable=False),  # JSON {seat: spec}
    Column("allow_undo", Boolean, nullable=False, default=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("status", String(16), nullable=False),  # "active" | "over" | "ended"
    Column("moves", Integer, nullable=False, default=0),  # rows in the action log
)
# games in play by their last change: what a server process looks through for games whose
# bots it plays but whose news it missed (`Store.bot_games_since`)
active_by_update = Index("bw_games_active_updated", games_t.c.status, games_t.c.updated)
seats_t = Table(
    "bw_seats", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" | "bot"
    Column("bot", String(200)),
    Column("token_hash", String(64)),  # sha256 hex of the seat's token; never the token
)
actions_t = Table(
    "bw_actions", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "act" | "undo" | "end" (ended by its creator)
    Column("seat", Integer, nullable=False),
    Column("action", String(200)),
    Column("at", DateTime(timezone=True), nullable=False),
)
people_t = Table(  # a name per seat, and the invitation a seat is claimed with (never the token)
    "bw_people", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64)),
    Column("invite_hash", String(64)),  # sha256 hex of an unclaimed invitation
)
owners_t = Table(  # the game's creator: may end the game
    "bw_owners", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("token_hash", String(64), nullable=False),
)
notes_t = Table(  # things people should know that are no move: a bot that overran its budget
    "bw_notes", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("text", String(400), nullable=False),
)
snapshots_t = Table(
    "bw_snapshots", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # taken after this row of the action log
    Column("state", Text, nullable=False),  # GameState.to_json(): hidden data, never sent
)


pacing_t = Table(  # a game's own pause between bot moves, for people who like to watch them
    "bw_pacing", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
    Column("bot_delay", Float, nullable=False),
)
no_hints_t = Table(  # a game created without hints (the `hint` endpoint refuses)
    "bw_no_hints", meta,
    Column("game_id", String(32), ForeignKey("bw_games.id"), primary_key=True),
)
log = logging.getLogger("boardwright.web")


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    bots: dict[int, str]
    allow_undo: bool
    created: datetime
    status: str
    moves: int


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True)
class ActionRow:
    seq: int
    kind: str
    seat: int
    action: str | None


class SeqTaken(Exception):
    """Another writer appended this row first; reload and try again."""


def effective(rows: list[ActionRow]) -> list[tuple[int, str]]:
    """The actions still standing after the undo rows cancel their predecessors."""
    out: list[tuple[int, str]] = []
    for r in rows:
        if r.kind == "undo":
            if out:
                out.pop()
        elif r.action is not None:
            out.append((r.seat, r.action))
    return out


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        # many request, stream and bot threads read at once (WAL: readers never wait for the writer)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=32, max_overflow=96)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=16, max_overflow=48)


def driver_sql(engine: Engine) -> dict[str, str]:
    """The statements of an append in the driver's parameter style (SQLite `?`, psycopg `%s`)."""
    sqlite = engine.dialect.name == "sqlite"
    mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
    sql = {
        "lock": "SELECT moves FROM bw_games WHERE id = ?" + ("" if sqlite else " FOR UPDATE"),
        "append": "INSERT INTO bw_actions (game_id, seq, kind, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)",
        "snapshot": "INSERT INTO bw_snapshots (game_id, seq, state) VALUES (?, ?, ?)",
        "moved": "UPDATE bw_games SET moves = ?, status = ?, updated = ? WHERE id = ?",
    }
    return {k: v.replace("?", mark) for k, v in sql.items()}


class Store:
    """All database access of the web app. Every method is one transaction."""

    def __init__(self, url: str, group_commit: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.notifies = self.engine.dialect.name == "postgresql"  # NOTIFY bw_changes on every change
        self.origin = secrets.token_hex(6)  # this process's notifications carry it
        try:
            meta.create_all(self.engine)
        except DBAPIError:
            time.sleep(0.5)  # another server process created the tables at the same moment
            meta.create_all(self.engine)
        with contextlib.suppress(DBAPIError):  # a database made before the index existed
            active_by_update.create(self.engine, checkfirst=True)
        # The append of a move as the driver's own SQL, written once: building SQLAlchemy Core
        # statements for every move cost more than the database's work (profiled under load).
        self._sql = driver_sql(self.engine)
        self._integrity: type[Exception] = self.engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        dt = DateTime(timezone=True).bind_processor(self.engine.dialect)
        self._stamp: Callable[[datetime], Any] = dt if dt is not None else (lambda v: v)
        # SQLite has one writer and syncs every commit: appends are grouped into shared commits
        self.group = GroupCommit(self.engine) if group_commit and url.startswith("sqlite") else None
        # without NOTIFY: called after each committed change, to tell this machine's other
        # server processes (`peers.Peers.announce`, set by the hub)
        self.announce: Callable[[str, str], None] | None = None

    def close(self) -> None:
        if self.group is not None:
            self.group.close()
        self.engine.dispose()

    def _write(self, write: Callable[[Connection], Any]) -> Any:
        """`write(connection)` in a committed transaction (on SQLite one shared with the other
        writes waiting at that moment: `GroupCommit`); its result."""
        if self.group is not None:
            return self.group.run(write)
        with self.engine.begin() as c:
            return write(c)

    def _announce(self, game_id: str, kind: str) -> None:
        if self.announce is not None:
            try:
                self.announce(game_id, kind)
            except Exception:  # the change is stored; the others' pollers will find it
                log.exception("cannot announce a change of game %s", game_id)

    def _notify(self, c: Connection, game_id: str, kind: str) -> None:
        """Tell the other server processes (delivered when the transaction commits)."""
        if self.notifies:
            c.execute(text("SELECT pg_notify('bw_changes', :p)"),
                      {"p": f"{game_id} {kind} {self.origin}"})

    # ------------------------------------------------------------- games
    def create_game(
        self, game_id: str, game: str, players: int, seed: int, options: dict[str, Any],
        bots: dict[int, str], allow_undo: bool, token_hashes: dict[int, str],
        names: dict[int, str] | None = None, invite_hashes: dict[int, str] | None = None,
        owner_hash: str | None = None, bot_delay: float | None = None, hints: bool = True,
    ) -> None:
        t = now()

        def write(c: Connection) -> None:
            c.execute(insert(games_t).values(
                id=game_id, game=game, players=players, seed=seed,
                options=json.dumps(options), bots=json.dumps({str(k): v for k, v in bots.items()}),
                allow_undo=allow_undo, created=t, updated=t, status="active", moves=0,
            ))
            for seat in range(players):
                c.execute(insert(seats_t).values(
                    game_id=game_id, seat=seat, kind="bot" if seat in bots else "human",
                    bot=bots.get(seat), token_hash=token_hashes.get(seat),
                ))
                name, invite = (names or {}).get(seat), (invite_hashes or {}).get(seat)
                if name is not None or invite is not None:
                    c.execute(insert(people_t).values(game_id=game_id, seat=seat, name=name,
                                                      invite_hash=invite))
            if owner_hash is not None:
                c.execute(insert(owners_t).values(game_id=game_id, token_hash=owner_hash))
            if bot_delay is not None:
                c.execute(insert(pacing_t).values(game_id=game_id, bot_delay=bot_delay))
            if not hints:
                c.execute(insert(no_hints_t).values(game_id=game_id))
            self._notify(c, game_id, "new")

        self._write(write)
        self._announce(game_id, "new")

    def pacing(self, game_id: str) -> float | None:
        """The game's own pause between bot moves (None: the server's)."""
        with self.engine.connect() as c:
            found = c.execute(select(pacing_t.c.bot_delay).where(pacing_t.c.game_id == game_id)).scalar()
        return None if found is None else float(found)

    def hints(self, game_id: str) -> bool:
        """Whether the game's players may ask for hints (unless it was created without)."""
        with self.engine.connect() as c:
            found = c.execute(select(no_hints_t.c.game_id).where(no_hints_t.c.game_id == game_id)).first()
        return found is None

    @staticmethod
    def _game_row(r: Any) -> GameRow:
        return GameRow(
            id=r.id, game=r.game, players=r.players, seed=int(r.seed),
            options=json.loads(r.options), bots={int(k): v for k, v in json.loads(r.bots).items()},
            allow_undo=bool(r.allow_undo), created=r.created, status=r.status, moves=r.moves,
        )

    def game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(games_t).where(games_t.c.id == game_id)).first()
        return None if r is None else self._game_row(r)

    def list_games(self, limit: int = 50) -> list[GameRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(games_t).order_by(games_t.c.created.desc()).limit(limit)).all()
        return [self._game_row(r) for r in rows]

    def games_by_ids(self, ids: list[str]) -> list[GameRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(games_t).where(games_t.c.id.in_(ids))
                             .order_by(games_t.c.created.desc())).all()
        return [self._game_row(r) for r in rows]

    def seats(self, game_id: str) -> list[SeatRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(seats_t).where(seats_t.c.game_id == game_id)
                             .order_by(seats_t.c.seat)).all()
        return [SeatRow(r.seat, r.kind, r.bot, r.token_hash) for r in rows]

    def names(self, game_id: str) -> dict[int, str]:
        with self.engine.connect() as c:
            rows = c.execute(select(people_t.c.seat, people_t.c.name).where(
                people_t.c.game_id == game_id, people_t.c.name.is_not(None))).all()
        return {int(r.seat): str(r.name) for r in rows}

    def invites(self, game_id: str) -> dict[int, str]:
        """The seats still waiting for their invited person: seat -> invitation hash."""
        with self.engine.connect() as c:
            rows = c.execute(select(people_t.c.seat, people_t.c.invite_hash).where(
                people_t.c.game_id == game_id, people_t.c.invite_hash.is_not(None))).all()
        return {int(r.seat): str(r.invite_hash) for r in rows}

    def set_name(self, game_id: str, seat: int, name: str) -> None:
        def write(c: Connection) -> None:
            done = c.execute(update(people_t).where(people_t.c.game_id == game_id,
                                                    people_t.c.seat == seat).values(name=name))
            if not done.rowcount:
                c.execute(insert(people_t).values(game_id=game_id, seat=seat, name=name))
            self._notify(c, game_id, "people")

        self._write(write)
        self._announce(game_id, "people")

    def claim(self, game_id: str, seat: int, invite_hash: str, token_hash: str, name: str) -> bool:
        """Exchange a seat's invitation for its token (once): False if it was claimed already."""
        def write(c: Connection) -> bool:
            done = c.execute(update(people_t).where(
                people_t.c.game_id == game_id, people_t.c.seat == seat,
                people_t.c.invite_hash == invite_hash).values(invite_hash=None, name=name))
            if done.rowcount != 1:
                return False
            c.execute(update(seats_t).where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                      .values(token_hash=token_hash))
            self._notify(c, game_id, "people")
            return True

        done = bool(self._write(write))
        if done:
            self._announce(game_id, "people")
        return done

    def owner(self, game_id: str) -> str | None:
        with self.engine.connect() as c:
            found = c.execute(select(owners_t.c.token_hash).where(owners_t.c.game_id == game_id)).scalar()
        return None if found is None else str(found)

    def notes(self, game_id: str) -> list[str]:
        with self.engine.connect() as c:
            rows = c.execute(select(notes_t.c.text).where(notes_t.c.game_id == game_id)
                             .order_by(notes_t.c.n)).all()
        return [str(r.text) for r in rows]

    def add_note(self, game_id: str, text: str) -> None:
        for _ in range(5):
            try:
                def write(c: Connection) -> None:
                    n = c.execute(select(func.count()).select_from(notes_t)
                                  .where(notes_t.c.game_id == game_id)).scalar() or 0
                    c.execute(insert(notes_t).values(game_id=game_id, n=int(n) + 1, at=now(),
                                                     text=text[:400]))
                    self._notify(c, game_id, "note")

                self._write(write)
                self._announce(game_id, "note")
                return
            except IntegrityError:
                continue

    def moves_of(self, game_ids: list[str]) -> dict[str, int]:
        """The length of each game's action log, for many games in one query."""
        with self.engine.connect() as c:
            rows = c.execute(select(games_t.c.id, games_t.c.moves).where(games_t.c.id.in_(game_ids))).all()
        return {str(r.id): int(r.moves) for r in rows}

    def moves(self, game_id: str) -> int:
        """The number of rows in the game's action log (cheap: to notice other writers)."""
        with self.engine.connect() as c:
            n = c.execute(select(games_t.c.moves).where(games_t.c.id == game_id)).scalar()
        return int(n or 0)

    # ------------------------------------------------------------- the log
    def actions(self, game_id: str, after: int = 0) -> list[ActionRow]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(actions_t).where(actions_t.c.game_id == game_id, actions_t.c.seq > after)
                .order_by(actions_t.c.seq)
            ).all()
        return [ActionRow(r.seq, r.kind, r.seat, r.action) for r in rows]

    def append(
        self, game_id: str, seq: int, kind: str, seat: int, action: str | None,
        status: str, snapshot: str | None = None, count: int = 1,
    ) -> None:
        """Append row `seq` (1-based; `count` equal rows from there, all or none); SeqTaken if
        the log is no longer `seq - 1` rows long.

        The game row is locked first, then its `moves` is checked, so a writer that
        worked from a stale log fails here instead of forking the game. Committed before
        this returns (on SQLite in a commit shared with other games' appends, see `GroupCommit`).
        """

        at = self._stamp(now())
        rows = [(game_id, seq + k, kind, seat, action, at) for k in range(count)]

        def write(c: Connection) -> None:
            # the driver's own cursor, in the connection's transaction: SQLAlchemy's execution
            # layer cost more than SQLite's work for these three statements (profiled under load)
            cur = c.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
            try:
                cur.execute(self._sql["lock"], (game_id,))
                found = cur.fetchone()
                if found is None:
                    raise KeyError(game_id)
                if int(found[0]) != seq - 1:
                    raise SeqTaken(f"game {game_id} has {found[0]} rows, not {seq - 1}")
                cur.executemany(self._sql["append"], rows)
                if snapshot is not None:
                    cur.execute(self._sql["snapshot"], (game_id, seq, snapshot))
                cur.execute(self._sql["moved"], (seq + count - 1, status, at, game_id))
            finally:
                cur.close()
            self._notify(c, game_id, "log")

        try:
            self._write(write)
        except (IntegrityError, self._integrity):
            raise SeqTaken(f"row {seq} of game {game_id} was written by another process") from None
        self._announce(game_id, "log")

    def snapshot_seqs(self, game_id: str) -> list[int]:
        """The rows after which a snapshot was taken, newest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(snapshots_t.c.seq).where(snapshots_t.c.game_id == game_id)
                             .order_by(snapshots_t.c.seq.desc())).all()
        return [int(r.seq) for r in rows]

    def snapshot(self, game_id: str, seq: int) -> str | None:
        with self.engine.connect() as c:
            text = c.execute(select(snapshots_t.c.state).where(
                snapshots_t.c.game_id == game_id, snapshots_t.c.seq == seq)).scalar()
        return None if text is None else str(text)

    def bot_games_since(self, since: datetime) -> list[str]:
        """The games in play that have a bot and changed at `since` or later, oldest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(games_t.c.id).where(
                games_t.c.status == "active", games_t.c.updated >= since,
                games_t.c.bots != "{}").order_by(games_t.c.updated)).all()
        return [str(r.id) for r in rows]

    def count_games(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games_t)).scalar() or 0)


class GroupCommit:
    """One writer thread that commits the appends waiting at the same moment together.

    SQLite has one writer and syncs the disk at every commit, so one commit per move caps the
    server at the disk's syncs per second. Appends are queued here; the writer takes all that
    wait (up to `batch`), runs them in one transaction and commits once, and only then does any
    of them return: "acknowledged means stored" holds for each. An append that fails (its row
    was taken: `SeqTaken`) must not undo the others, so each runs only after its check passed,
    and a batch that fails for any other reason is retried one append per transaction, so each
    caller gets its own outcome.
    """

    def __init__(self, engine: Engine, batch: int = 64) -> None:
        self.engine = engine
        self.batch = batch
        self.queue: queue.SimpleQueue[tuple[Callable[[Connection], Any], Future[Any]] | None] = (
            queue.SimpleQueue())
        # the writer thread's own connection, kept between commits (a checkout from the pool
        # and its reset on return cost as much as the appends); opened again after a failure
        self._conn: Connection | None = None
        self._thread = threading.Thread(target=self._run, daemon=True, name="group-commit")
        self._thread.start()
        self.commits = 0  # transactions committed (for tests and the load test)
        self.writes = 0  # appends stored

    def run(self, write: Callable[[Connection], Any]) -> Any:
        """`write(connection)` committed, and its result (raises what it raised, and nothing
        was stored then)."""
        fut: Future[Any] = Future()
        self.queue.put((write, fut))
        return fut.result()

    def close(self) -> None:
        self.queue.put(None)

    def _run(self) -> None:
        while True:
            first = self.queue.get()
            if first is None:
                self._drop()
                return
            items = [first]
            while len(items) < self.batch:
                try:
                    nxt = self.queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self.queue.put(None)
                    break
                items.append(nxt)
            with timed("group commit"):
                self._commit(items)

    def _drop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def _commit(self, items: list[tuple[Callable[[Connection], Any], Future[Any]]]) -> None:
        done: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            if self._conn is None or self._conn.invalidated or self._conn.closed:
                self._conn = self.engine.connect()
            with self._conn.begin():
                c = self._conn
                for write, fut in items:
                    try:
                        # SeqTaken is raised by the check, before this append wrote anything
                        done.append((fut, write(c), None))
                    except SeqTaken as taken:
                        done.append((fut, None, taken))
            self.commits += 1
            self.writes += sum(1 for _, _, e in done if e is None)
        except Exception as failed:
            self._drop()
            if len(items) > 1:
                for item in items:  # each on its own, so one bad append fails only its caller
                    self._commit([item])
                return
            done = [(items[0][1], None, failed)]
        for fut, result, error in done:
            if error is None:
                fut.set_result(result)
            else:
                fut.set_exception(error)

