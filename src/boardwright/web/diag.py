"""Where a slow request's time went: the server's own timings, on when `BOARDWRIGHT_DIAG` names
a file (off by default: nothing is measured and nothing is written).

With it, the server records the garbage collector's pauses (per generation: count, total,
longest, and every pause of 5 ms or more with its time), the event loop's lag (a task that
asks to wake every 20 ms and notes how late it woke), the action POSTs as the server saw them
(from the body read to the answer sent) and named sections (`timed`: game creation, payload
building, the running score...). Every 10 s and at shutdown it writes them as one JSON object
to the file, replacing what was there; slow POSTs can then be laid beside pauses and lags by
their times (`time.monotonic`, the same clock in every thread of the process).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SLOW = 0.005  # seconds: pauses, lags and sections this long are kept one by one
TICK = 0.02  # seconds between the loop-lag task's wake-ups
KEEP = 20_000  # events kept per kind (the oldest dropped)


class Diag:
    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.totals: dict[str, list[float]] = {}  # kind -> [count, total s, max s]
        self.events: dict[str, list[tuple[float, float]]] = {}  # kind -> [(start, seconds)]
        self.lags: list[float] = []  # every loop-lag sample (seconds late)
        self.started = time.monotonic()
        self._gc_t0 = self._gc_cpu0 = 0.0
        self.collected: dict[Any, int] = {}  # generation -> objects its collections freed
        gc.callbacks.append(self._gc)

    def close(self) -> None:
        """Stop recording the collector's pauses."""
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def add(self, kind: str, start: float, seconds: float, keep: float = SLOW) -> None:
        with self.lock:
            t = self.totals.setdefault(kind, [0, 0.0, 0.0])
            t[0] += 1
            t[1] += seconds
            t[2] = max(t[2], seconds)
            if seconds >= keep:
                ev = self.events.setdefault(kind, [])
                ev.append((round(start - self.started, 4), round(seconds, 5)))
                if len(ev) > KEEP:
                    del ev[: KEEP // 10]

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._gc_t0 = now
            self._gc_cpu0 = time.thread_time()
        else:
            gen = info.get("generation")
            self.add(f"gc{gen}", self._gc_t0, now - self._gc_t0)
            self.add(f"gc{gen} cpu", self._gc_t0, time.thread_time() - self._gc_cpu0)
            with self.lock:
                self.collected[gen] = self.collected.get(gen, 0) + int(info.get("collected", 0))

    @contextmanager
    def timed(self, kind: str) -> Iterator[None]:
        t0 = time.monotonic()
        try:
            yield
        finally:
            self.add(kind, t0, time.monotonic() - t0)

    async def watch_loop(self) -> None:
        """The event loop's lag, sampled every `TICK`, and the file written every 10 s."""
        written = time.monotonic()
        while True:
            t0 = time.monotonic()
            await asyncio.sleep(TICK)
            now = time.monotonic()
            late = max(0.0, now - t0 - TICK)
            self.lags.append(late)
            if late >= SLOW:
                self.add("loop lag", t0 + TICK, late)
            if now - written >= 10:
                written = now
                await asyncio.get_running_loop().run_in_executor(None, self.write)

    def summary(self, final: bool = False) -> dict[str, Any]:
        with self.lock:
            lags = sorted(self.lags)
            out: dict[str, Any] = {
                "seconds": round(time.monotonic() - self.started, 1),
                "gc_thresholds": gc.get_threshold(), "gc_frozen": gc.get_freeze_count(),
                "totals": {k: {"n": int(v[0]), "total_s": round(v[1], 3), "max_ms": round(1000 * v[2], 1)}
                           for k, v in sorted(self.totals.items())},
                "events": {k: list(v) for k, v in self.events.items()},
                "gc_collected": {str(k): v for k, v in sorted(self.collected.items())},
            }
        if final:  # the objects the collector tracks, per generation (a costly count: at the end)
            out["gc_tracked"] = [len(gc.get_objects(g)) for g in range(3)]
        if lags:
            out["loop_lag_ms"] = {f"p{p}": round(1000 * lags[min(len(lags) - 1, len(lags) * p // 100)], 1)
                                  for p in (50, 90, 99)} | {"max": round(1000 * lags[-1], 1), "n": len(lags)}
        return out

    def write(self, final: bool = False) -> None:
        text = json.dumps(self.summary(final))
        tmp = f"{self.path}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, self.path)


DIAG: Diag | None = Diag(os.environ["BOARDWRIGHT_DIAG"]) if os.environ.get("BOARDWRIGHT_DIAG") else None


@contextmanager
def timed(kind: str) -> Iterator[None]:
    """A named section's time, when diagnostics are on (else nothing)."""
    if DIAG is None:
        yield
    else:
        with DIAG.timed(kind):
            yield
