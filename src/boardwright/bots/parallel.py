"""Root-parallel ISMCTS over processes (`ismcts:workers=N`).

With `workers=N` a decision is searched by N independent trees at once: this process grows
one, and N - 1 helper processes (a pool started on the first such search and kept for the
rest of the program) grow one each from the same position. Each tree has the whole budget
(`iters` iterations each, or until the same `seconds` deadline), its own random stream and
its own determinizations; the root statistics (visits, summed rewards, availability) of
the trees are then added up, and the bot ranks the summed children as it ranks its own
(Chaslot, Winands & van den Herik 2008, "Parallel Monte-Carlo Tree Search": root
parallelization, the variant that scales best for its simplicity).

The position travels as the game's own save (`to_json`, which the contract proves restores
the same game), so a helper knows nothing the search itself would not: it deals its worlds
from the searching seat's view, as the bot does. The helpers' streams are drawn from the
bot's own generator before the search starts, so a search with an `iters` budget is
reproducible whatever helper process runs which tree. Helpers are started with `spawn`
(never a fork of a threaded program) and use a core each; N above the machine's cores only
splits the same cores.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, GameState, Rng, game

if TYPE_CHECKING:
    from .ismcts import IsmctsBot, Node

# (seat, action id, visits, summed reward, availability) for each child of a tree's root
RootStats = list[tuple[int, str, int, float, int]]

#: the processes a time-budgeted search uses when its spec does not say (`use_cores`)
machine_workers = 1


@contextlib.contextmanager
def use_cores(count: int) -> Iterator[None]:
    """Within the block, every time-budgeted `ismcts` bot whose spec names no `workers`
    searches in `count` processes: for a program whose bot has the machine to itself while
    it thinks (the terminal, one game at a time). A budget of iterations is never widened,
    so a seeded search plays the same on every machine."""
    global machine_workers
    before, machine_workers = machine_workers, max(1, int(count))
    try:
        yield
    finally:
        machine_workers = before


_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(helpers: int) -> ProcessPoolExecutor:
    """The shared pool of `helpers` processes (one per distinct size, started once)."""
    with _pools_lock:
        pool = _pools.get(helpers)
        if pool is None:
            import multiprocessing

            pool = ProcessPoolExecutor(helpers, mp_context=multiprocessing.get_context("spawn"))
            _pools[helpers] = pool
        return pool


@atexit.register
def shutdown() -> None:
    """Stop every helper pool (at exit, or by a caller done with parallel search)."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


_helper_bots: dict[tuple[tuple[str, Any], ...], IsmctsBot] = {}  # in a helper: one bot per setting


def stats_of(root: Node) -> RootStats:
    return [(k[0], k[1], c.visits, c.reward, c.avail) for k, c in root.children.items()]


def search_share(game_id: str, saved: str, seat: int, params: dict[str, Any], seed: int,
                 deadline: float | None) -> tuple[RootStats, int]:
    """In a helper process: one tree's root statistics for `seat` in the saved position, and
    its iterations. `deadline`: a `time.monotonic()` instant (the same clock in every process
    of the machine) instead of the `iters` budget."""
    from .ismcts import IsmctsBot

    state = game(game_id).from_json(saved)
    key = tuple(sorted(params.items()))
    bot = _helper_bots.get(key)
    if bot is None:
        bot = _helper_bots[key] = IsmctsBot(0, **params)
    bot.rng = Rng(seed)
    root = bot.search_tree(state, seat, bot.legal_for(state, seat), deadline)
    return stats_of(root), bot.last_iterations


def root_parallel(bot: IsmctsBot, state: GameState, seat: int, actions: list[Action]) -> Node:
    """`bot`'s search of `state` for `seat` in `bot.workers` trees, their roots added up."""
    from .ismcts import Node

    helpers = bot.processes() - 1
    params = {**bot.settings(state.spec), "workers": 1}
    seeds = [bot.rng.next64() for _ in range(helpers)]
    deadline = time.monotonic() + bot.seconds if bot.seconds > 0 else None
    saved = state.to_json()
    pool = _pool(helpers)
    futures: list[Future[tuple[RootStats, int]]] = [
        pool.submit(search_share, state.spec.id, saved, seat, params, s, deadline) for s in seeds]
    root = bot.search_tree(state, seat, actions)
    counts = [bot.last_iterations]
    shares = [stats_of(root)]
    for f in futures:
        stats, iterations = f.result()
        shares.append(stats)
        counts.append(iterations)
    merged = Node()
    for stats in shares:
        for s, aid, visits, reward, avail in stats:
            child = merged.children.get((s, aid))
            if child is None:
                child = merged.children[(s, aid)] = Node((s, aid))
            child.visits += visits
            child.reward += reward
            child.avail += avail
    merged.visits = sum(c.visits for c in merged.children.values())
    bot.last_iterations = sum(counts)
    bot.last_shares = counts
    return merged
