"""`BOARDWRIGHT_DIAG`: the server's own timings (garbage collector pauses, loop lag, sections)."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

from boardwright.web.diag import Diag


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

        asyncio.run(briefly())
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
