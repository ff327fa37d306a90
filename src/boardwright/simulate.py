"""Batch play: many seeded games between bots, and their summary statistics.

Game i of a run uses seed `seed + i`; the bot in each seat is seeded from that game
seed and the seat (see `boardwright.bots.bot_seed`), so a game's result depends only
on (game, players, options, bot spec, seed) — never on the worker count or order.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import BotSpec, bot_seed, for_seats, parse_bots
from .bots.spec import parse_one
from .engine import game

#: a game that has not ended after this many decisions is reported as a failure
MAX_DECISIONS = 200_000

#: seconds to wait for `ray.init(address=...)` before giving up (env BOARDWRIGHT_RAY_TIMEOUT)
RAY_CONNECT_SECONDS = 10.0

#: the `version` of each `simulate --out` line (docs/balance-lab.md): 1 had no version field,
#: 2 added `version`, `first_seat` and `balance`
JSONL_VERSION = 2


@dataclass(frozen=True)
class GameResult:
    """One finished game: the keys of one line of `simulate --out`.

    `kind` is the outcome kind (engine/outcome.py). `won` is whether the team (cooperative)
    or the solo player won (None for a score-only solo game and for the other kinds);
    `goal_met` whether a semi-cooperative game's shared goal was met; `team_score` the
    cooperative team score or the solo score, when the game has one. `first_seat` is the seat
    that took the first turn (the game's `balance` hook says, or else the first seat to owe a
    decision alone that is not a simultaneous choice); `balance` the fields the game's
    `balance` hook records about the finished game (None without the hook).
    """

    game: str
    kind: str
    seed: int
    players: int
    options: dict[str, Any]
    bots: list[str]
    scores: list[float]
    winners: list[int]
    decisions: int
    seconds: float
    won: bool | None = None
    goal_met: bool | None = None
    team_score: float | None = None
    first_seat: int | None = None
    balance: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """One `--out` line, with its format `version` first."""
        return {"version": JSONL_VERSION, **asdict(self)}


@dataclass(frozen=True)
class Job:
    """Everything one game needs; plain data, so it can be sent to a worker process or a Ray task.

    `bots` is the spec string as given; `seats` (when set) is the spec string of each seat,
    already cycled and rotated.
    """

    index: int
    game: str
    players: int
    seed: int
    bots: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ()
    record: bool = False


def check(
    game_id: str, players: int, bots: str, options: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], list[BotSpec]]:
    """Validate a run's settings up front; raises UnknownGame or ValueError naming the problem."""
    spec = game(game_id)
    chosen = spec.validate(players, options_for(game_id, players, options))
    return chosen, parse_bots(bots)


def options_for(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The given options when the game accepts them with `players`; with none given, the
    game's defaults for that player count (`spec.default_options`: Beacon alone plays solo)."""
    spec = game(game_id)
    if options:
        return dict(options)
    return dict(spec.default_options(players))


def seat_specs(bots: str | list[BotSpec], players: int, index: int = 0, rotate: bool = False) -> list[str]:
    """The spec string of each seat in game `index`: the list cycled over the seats and, with
    `rotate`, shifted one seat further each game (game i puts the list's first bot in seat
    i mod players), so every bot sits in every seat equally often over `players` games."""
    base = [str(b) for b in for_seats(bots, players).values()]
    if not rotate:
        return base
    shift = index % players
    return [base[(s - shift) % players] for s in range(players)]


def _play(
    game_id: str,
    players: int,
    seed: int,
    seats: list[str],
    options: Mapping[str, Any] | None,
) -> tuple[GameResult, dict[str, Any]]:
    spec = game(game_id)
    start = time.perf_counter()
    state = spec.new_game(players, seed, options_for(game_id, players, options))
    seat_bots = {s: parse_one(text).build(bot_seed(seed, s)) for s, text in enumerate(seats)}
    hook = spec.hook("balance")
    first_of = getattr(hook, "first_seat", None)
    first: int | None = first_of(state) if first_of is not None else None
    decisions = 0
    while not state.over:
        acting = state.to_act
        if not acting:
            raise RuntimeError(f"{game_id} seed {seed}: the game is not over but nobody is to act")
        if first is None and len(acting) == 1:
            owed = state.decision(acting[0])
            if owed is not None and not owed.simultaneous:
                first = acting[0]
        for seat in acting:
            if state.over or seat not in state.to_act:
                continue
            state.apply(seat, seat_bots[seat].choose(state, seat))
            decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_DECISIONS} decisions")
    out = state.outcome()
    kind = str(out.get("kind", "competitive"))
    shared = out.get("team_score") if kind == "cooperative" else out.get("score") if kind == "solo" else None
    result = GameResult(
        game=game_id,
        kind=kind,
        seed=seed,
        players=players,
        options=dict(state.options),
        bots=list(seats),
        scores=list(out.get("scores", [])),
        winners=[int(w) for w in out.get("winners", [])],
        decisions=decisions,
        seconds=round(time.perf_counter() - start, 6),
        won=out.get("won") if kind in ("cooperative", "solo") else None,
        goal_met=out.get("goal_met") if kind == "semi-cooperative" else None,
        team_score=float(shared) if shared is not None else None,
        first_seat=first,
        balance=dict(hook.record(state)) if hook is not None else None,
    )
    return result, state.record()


def play_game(
    game_id: str,
    players: int,
    seed: int,
    bots: str | list[BotSpec],
    options: Mapping[str, Any] | None = None,
) -> GameResult:
    """Play one game to the end with bots in every seat (the spec cycled over the seats)."""
    return _play(game_id, players, seed, seat_specs(bots, players), options)[0]


def run_job(job: Job) -> tuple[int, GameResult, dict[str, Any] | None]:
    """Play one job's game; the record is returned only when the job asks for it."""
    seats = list(job.seats) or seat_specs(job.bots, job.players)
    result, record = _play(job.game, job.players, job.seed, seats, job.options)
    return job.index, result, (record if job.record else None)


def run_jobs(batch: list[Job]) -> list[tuple[int, GameResult, dict[str, Any] | None]]:
    return [run_job(job) for job in batch]


def jobs(
    game_id: str, games: int, players: int, bots: str, seed: int = 0,
    options: Mapping[str, Any] | None = None, rotate: bool = False, records: bool = False,
) -> list[Job]:
    specs = parse_bots(bots)
    return [Job(i, game_id, players, seed + i, bots, dict(options or {}),
                tuple(seat_specs(specs, players, i, rotate)), records) for i in range(games)]


Outcome = tuple[int, GameResult, dict[str, Any] | None]


def _iter_local(todo: list[Job], workers: int) -> Iterator[Outcome]:
    if workers <= 1 or len(todo) <= 1:
        for job in todo:
            yield run_job(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_job, job) for job in todo]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()


def token_auth() -> None:
    """Present the cluster's token when there is one. `ray start` turns token authentication on
    and writes the token to ~/.ray/auth_token (Ray 2.5x and later), but a client sends it only
    with RAY_AUTH_MODE=token, else the head refuses it ("InvalidAuthToken") and `ray.init` gives
    up after retrying; a cluster without authentication accepts a client that sends a token.
    So RAY_AUTH_MODE=token is set when it is not set and a token is at hand (RAY_AUTH_TOKEN,
    RAY_AUTH_TOKEN_PATH or the default file); an explicit RAY_AUTH_MODE is left alone. Ray reads
    the variable when it is imported: call this before the process first imports ray."""
    if "RAY_AUTH_MODE" in os.environ or "ray" in sys.modules:  # too late: Ray has read it
        return
    default = os.path.join(os.path.expanduser("~"), ".ray", "auth_token")
    if os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH") or os.path.exists(default):
        os.environ["RAY_AUTH_MODE"] = "token"


def connect_ray(address: str, timeout: float | None = None) -> None:
    """`ray.init(address=address)`, given up after `timeout` seconds with a `ConnectionError`
    that says why. Ray keeps retrying an unreachable cluster for minutes inside its C++ client,
    where the main thread cannot even react to SIGTERM; here the attempt runs in a daemon
    thread (so Ray installs no SIGTERM handler of its own and the default one ends the
    process) while the main thread waits in short steps."""
    import ray

    if timeout is None:
        timeout = float(os.environ.get("BOARDWRIGHT_RAY_TIMEOUT", RAY_CONNECT_SECONDS))
    box: dict[str, BaseException] = {}

    def attempt() -> None:
        try:
            ray.init(address=address, log_to_driver=False)
        except BaseException as exc:  # reported to the caller below
            box["error"] = exc

    thread = threading.Thread(target=attempt, name="ray-connect", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while thread.is_alive() and time.monotonic() < deadline:
        thread.join(0.1)
    if thread.is_alive():
        raise ConnectionError(
            f"could not reach the Ray cluster at {address!r} within {timeout:g} s: give the address "
            "of a running head node (host:port of its GCS, usually port 6379; 'auto' for a cluster "
            "started on this machine with `ray start --head`; ray://host:10001 needs ray[client])")
    if "error" in box:
        err = box["error"]
        raise ConnectionError(f"could not join the Ray cluster at {address!r}: "
                              f"{type(err).__name__}: {err}") from err


def _iter_ray(todo: list[Job], workers: int, address: str | None) -> Iterator[Outcome]:
    """The same jobs as Ray tasks: a local Ray instance with `workers` CPUs, or the cluster at
    `address` (every node needs boardwright installed). An already initialised Ray is reused."""
    if address:
        token_auth()
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - ray is in the sim and test extras
        raise RuntimeError("the ray backend needs Ray: pip install 'boardwright[sim]'") from exc
    started = False
    if not ray.is_initialized():
        if address:
            connect_ray(address)
        else:
            ray.init(address="local", num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(run_jobs)
        # Small batches: Ray's per-task overhead stays small next to the games themselves.
        size = max(1, min(8, len(todo) // (max(1, workers) * 8)))
        pending = [remote.remote(todo[i:i + size]) for i in range(0, len(todo), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


BACKENDS = ("local", "ray")


def simulate(
    game_id: str,
    games: int,
    players: int,
    bots: str = "random",
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
    *,
    backend: str = "local",
    ray_address: str | None = None,
    rotate: bool = False,
    records: Callable[[int, dict[str, Any]], None] | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
) -> list[GameResult]:
    """Play `games` games and return their results ordered by game index (seed order).

    Game i uses seed `seed + i` (seeds are 0 or more); each seat's bot is seeded from the game
    seed and the seat. The results therefore do not depend on the backend or the number of
    workers (only `seconds` does). `records`, when given, is called with (game index, record)
    for each game, and `on_result` with (game index, result) as each game finishes (in
    completion order), so a caller can save results while the run goes on.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, got {games}")
    if seed < 0:
        raise ValueError(f"seed must be 0 or more, got {seed}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    check(game_id, players, bots, options)
    todo = jobs(game_id, games, players, bots, seed, options, rotate, records is not None)
    stream = _iter_ray(todo, workers, ray_address) if backend == "ray" else _iter_local(todo, workers)
    results: dict[int, GameResult] = {}
    for index, result, record in stream:
        results[index] = result
        if records is not None and record is not None:
            records(index, record)
        if on_result is not None:
            on_result(index, result)
        if progress is not None:
            progress(result)
    return [results[i] for i in range(games)]


# ---------------------------------------------------------------- statistics
def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with z = 1.96); (0, 1) when n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


#: two-sided 95% quantiles of Student's t for 1..30 degrees of freedom (1.96 beyond)
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% interval (Student's t; the mean itself when n < 2)."""

    n: int
    mean: float
    stdev: float
    low: float
    high: float


def mean_interval(values: list[float]) -> Mean:
    n = len(values)
    if n == 0:
        return Mean(0, 0.0, 0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if n < 2:
        return Mean(n, mean, 0.0, mean, mean)
    sd = statistics.stdev(values)
    t = _T95[n - 2] if n - 1 <= len(_T95) else 1.96
    half = t * sd / math.sqrt(n)
    return Mean(n, mean, sd, mean - half, mean + half)


@dataclass(frozen=True)
class Rate:
    label: str
    games: int
    wins: float  # shared wins count fractionally: 1/k to each of k winners
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Summary:
    games: int
    per_seat: list[Rate]
    per_bot: list[Rate]
    score_mean: list[float]
    score_stdev: list[float]
    decisions_mean: float
    decisions_total: int
    seconds_total: float  # summed over games (CPU-side time of the games themselves)
    decisions_stdev: float = 0.0
    decisions_min: int = 0
    decisions_max: int = 0
    bot_score_mean: dict[str, float] = field(default_factory=dict)
    bot_score_stdev: dict[str, float] = field(default_factory=dict)
    #: the outcome kind of the games ("mixed" if they differ)
    kind: str = "competitive"
    #: cooperative/solo: games won (over games with a win/lose result); semi-cooperative:
    #: games whose shared goal was met
    success: Rate | None = None
    #: games nobody won (semi-cooperative goal failed with nobody_wins, or a lost co-op game)
    nobody: Rate | None = None
    #: cooperative team score / solo score, when the game has one
    team_score: Mean | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("per_seat", "per_bot"):
            for row, rate in zip(d[key], getattr(self, key), strict=True):
                row["rate"] = rate.rate
        for key in ("success", "nobody"):
            rate = getattr(self, key)
            if rate is not None:
                d[key]["rate"] = rate.rate
        return d


def summarize(results: list[GameResult]) -> Summary:
    """Win rates (shared wins split 1/k between k winners) with 95% Wilson intervals, scores;
    and by outcome kind: the success rate (co-op/solo won, semi-co-op goal met) with its
    Wilson interval, the share of games nobody won, and the mean team/solo score with its
    95% t interval."""
    n = len(results)
    players = max((r.players for r in results), default=0)
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = {}
    bot_games: dict[str, int] = {}
    scores: list[list[float]] = [[] for _ in range(players)]
    bot_scores: dict[str, list[float]] = {}
    for r in results:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for seat in range(r.players):
            name = r.bots[seat] if seat < len(r.bots) else "?"
            bot_games[name] = bot_games.get(name, 0) + 1
            bot_wins.setdefault(name, 0.0)
            if seat in r.winners:
                seat_wins[seat] += share
                bot_wins[name] += share
            if seat < len(r.scores):
                scores[seat].append(float(r.scores[seat]))
                bot_scores.setdefault(name, []).append(float(r.scores[seat]))
    per_seat = [Rate(f"seat {s}", n, w, *wilson(w, n)) for s, w in enumerate(seat_wins)]
    per_bot = [Rate(b, bot_games[b], bot_wins[b], *wilson(bot_wins[b], bot_games[b]))
               for b in sorted(bot_games)]
    total = sum(r.decisions for r in results)
    lengths = [r.decisions for r in results]
    kinds = {r.kind for r in results}
    kind = kinds.pop() if len(kinds) == 1 else ("mixed" if kinds else "competitive")
    success: Rate | None = None
    if kind in ("cooperative", "solo"):
        decided = [r.won for r in results if r.won is not None]
        if decided:
            won = float(sum(1 for w in decided if w))
            success = Rate("won", len(decided), won, *wilson(won, len(decided)))
    elif kind == "semi-cooperative":
        met = float(sum(1 for r in results if r.goal_met))
        success = Rate("goal met", n, met, *wilson(met, n))
    nobody_n = float(sum(1 for r in results if not r.winners))
    shared = [r.team_score for r in results if r.team_score is not None]
    return Summary(
        kind=kind,
        success=success,
        nobody=Rate("nobody won", n, nobody_n, *wilson(nobody_n, n)),
        team_score=mean_interval(shared) if shared else None,
        games=n,
        per_seat=per_seat,
        per_bot=per_bot,
        score_mean=[statistics.fmean(s) if s else 0.0 for s in scores],
        score_stdev=[statistics.stdev(s) if len(s) > 1 else 0.0 for s in scores],
        decisions_mean=total / n if n else 0.0,
        decisions_total=total,
        seconds_total=sum(r.seconds for r in results),
        decisions_stdev=statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
        decisions_min=min(lengths, default=0),
        decisions_max=max(lengths, default=0),
        bot_score_mean={b: statistics.fmean(v) for b, v in sorted(bot_scores.items())},
        bot_score_stdev={b: statistics.stdev(v) if len(v) > 1 else 0.0
                         for b, v in sorted(bot_scores.items())},
    )
