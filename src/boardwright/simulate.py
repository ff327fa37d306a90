"""Batch play: many seeded games between bots, and their summary statistics.

Game i of a run uses seed `seed + i`; the bot in each seat is seeded from that game
seed and the seat (see `boardwright.bots.bot_seed`), so a game's result depends only
on (game, players, options, bot spec, seed) — never on the worker count or order.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import BotSpec, for_seats, make_bots, parse_bots
from .engine import game

#: a game that has not ended after this many decisions is reported as a failure
MAX_DECISIONS = 200_000


@dataclass(frozen=True)
class GameResult:
    """One finished game: the keys of one line of `simulate --out`."""

    game: str
    seed: int
    players: int
    options: dict[str, Any]
    bots: list[str]
    scores: list[float]
    winners: list[int]
    decisions: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Job:
    """Everything one game needs; plain data, so it can be sent to a worker process."""

    index: int
    game: str
    players: int
    seed: int
    bots: str
    options: dict[str, Any] = field(default_factory=dict)


def check(
    game_id: str, players: int, bots: str, options: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], list[BotSpec]]:
    """Validate a run's settings up front; raises UnknownGame or ValueError naming the problem."""
    spec = game(game_id)
    chosen = spec.validate(players, options)
    return chosen, parse_bots(bots)


def play_game(
    game_id: str,
    players: int,
    seed: int,
    bots: str | list[BotSpec],
    options: Mapping[str, Any] | None = None,
) -> GameResult:
    """Play one game to the end with bots in every seat."""
    spec = game(game_id)
    start = time.perf_counter()
    state = spec.new_game(players, seed, dict(options or {}))
    seat_bots = make_bots(bots, players, seed)
    decisions = 0
    while not state.over:
        acting = state.to_act
        if not acting:
            raise RuntimeError(f"{game_id} seed {seed}: the game is not over but nobody is to act")
        for seat in acting:
            if state.over or seat not in state.to_act:
                continue
            state.apply(seat, seat_bots[seat].choose(state, seat))
            decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_DECISIONS} decisions")
    out = state.outcome()
    scores = list(out.get("scores", []))
    return GameResult(
        game=game_id,
        seed=seed,
        players=players,
        options=dict(state.options),
        bots=[str(b) for b in for_seats(bots, players).values()],
        scores=scores,
        winners=[int(w) for w in out.get("winners", [])],
        decisions=decisions,
        seconds=round(time.perf_counter() - start, 6),
    )


def run_job(job: Job) -> tuple[int, GameResult]:
    return job.index, play_game(job.game, job.players, job.seed, job.bots, job.options)


def jobs(
    game_id: str, games: int, players: int, bots: str, seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[Job]:
    return [Job(i, game_id, players, seed + i, bots, dict(options or {})) for i in range(games)]


def _iter_results(todo: list[Job], workers: int) -> Iterator[tuple[int, GameResult]]:
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


def simulate(
    game_id: str,
    games: int,
    players: int,
    bots: str = "random",
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play `games` games and return their results ordered by game index (seed order)."""
    if games < 0:
        raise ValueError(f"games must be 0 or more, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    check(game_id, players, bots, options)
    results: dict[int, GameResult] = {}
    for index, result in _iter_results(jobs(game_id, games, players, bots, seed, options), workers):
        results[index] = result
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

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("per_seat", "per_bot"):
            for row, rate in zip(d[key], getattr(self, key), strict=True):
                row["rate"] = rate.rate
        return d


def summarize(results: list[GameResult]) -> Summary:
    """Win rates (shared wins split 1/k between k winners) with 95% Wilson intervals, scores."""
    n = len(results)
    players = max((r.players for r in results), default=0)
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = {}
    bot_games: dict[str, int] = {}
    scores: list[list[float]] = [[] for _ in range(players)]
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
    per_seat = [Rate(f"seat {s}", n, w, *wilson(w, n)) for s, w in enumerate(seat_wins)]
    per_bot = [Rate(b, bot_games[b], bot_wins[b], *wilson(bot_wins[b], bot_games[b]))
               for b in sorted(bot_games)]
    total = sum(r.decisions for r in results)
    return Summary(
        games=n,
        per_seat=per_seat,
        per_bot=per_bot,
        score_mean=[statistics.fmean(s) if s else 0.0 for s in scores],
        score_stdev=[statistics.stdev(s) if len(s) > 1 else 0.0 for s in scores],
        decisions_mean=total / n if n else 0.0,
        decisions_total=total,
        seconds_total=sum(r.seconds for r in results),
    )
