"""`BOARDWRIGHT_DIAG`: the server's own timings (garbage collector pauses, loop lag, sections)."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

from boardwright.web.diag import Diag

from .conftest import run_async


def test_diag_records_pauses_lag_and_sections_and_writes_them(tmp_path: Path) -> None:
    path = tmp_path / "diag.json"
    d = Diag(str(path))
    try:
        gc.collect()
        with d.timed("section"):
            pass
        d.add("slow thing", d.started + 1.0, 0.25)

        async def briefly() -> None:
            task = asyncio.get_running_loop().create_task(d.watch_loop())
            await asyncio.sleep(0.2)
            task.cancel()

        run_async(briefly)  # not asyncio.run: see run_async
        d.write(final=True)
    finally:
        d.close()
    out = json.loads(path.read_text())
    assert out["totals"]["gc2"]["n"] >= 1 and out["totals"]["gc2 cpu"]["n"] >= 1
    assert out["totals"]["section"]["n"] == 1
    assert out["events"]["slow thing"] == [[1.0, 0.25]]  # kept one by one: over `SLOW`
    assert out["loop_lag_ms"]["n"] >= 3
    assert len(out["gc_tracked"]) == 3
    assert d._gc not in gc.callbacks


class _Kept:
    pass


def test_diag_memory_samples_name_what_is_held(tmp_path: Path) -> None:
    """A memory sample counts the oldest generation's objects by type, the hub's probes, the
    native heap, and (final) the cyclic garbage a full collection then frees."""
    path = tmp_path / "diag.json"
    d = Diag(str(path))
    kept: list[_Kept] = []
    d.probes["held"] = lambda: {"kept": len(kept)}
    d.probes["broken"] = lambda: 1 // 0
    try:
        kept.extend(_Kept() for _ in range(3000))
        gc.collect()  # into the oldest generation
        first = d.sample_memory()
        cycles = [[] for _ in range(500)]
        for c in cycles:
            c.append(c)  # a cycle each: garbage only a collection frees
        gc.collect(1)  # still held: into the oldest generation
        del cycles, c
        d.write(final=True)
    finally:
        d.close()
    name = f"{__name__}._Kept"
    assert first["types"][name] >= 3000 and first["probes"] == {"held": {"kept": 3000},
                                                                 "broken": "ZeroDivisionError"}
    assert first["rss_mb"] > 0 and first["gen2"] >= 3000 and "malloc_in_use" in first["native_mb"]
    out = json.loads(path.read_text())
    assert out["memory"][0]["probes"]["held"] == {"kept": 3000}
    assert out["final_collect"]["freed"] >= 500


def test_a_collection_in_a_thread_holding_the_lock_does_not_deadlock(tmp_path: Path) -> None:
    """A collection can start in any thread that allocates, also one inside `summary` or `add`
    (it hung a server under load: the collector's callback waited for the lock its own thread
    held)."""
    import threading

    d = Diag(str(tmp_path / "diag.json"))
    done = threading.Event()

    def hold_and_collect() -> None:
        with d.lock:
            gc.collect()
        done.set()

    threading.Thread(target=hold_and_collect, daemon=True).start()
    try:
        assert done.wait(10), "deadlocked"
        assert d.summary()["totals"]["gc2"]["n"] >= 1  # still counted, after the lock was let go
    finally:
        d.close()
