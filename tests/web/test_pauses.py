"""No long pauses on the request path: the server's garbage collector (`collector.py`)."""

from __future__ import annotations

import gc
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest

from boardwright.web import collector

from .conftest import wait_for


class Node:
    def __init__(self) -> None:
        self.other: Any = None


def _old_cycle() -> weakref.ref[Node]:
    """A reference cycle that outlived the young collections, then became garbage."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    gc.collect(1)  # survivors of generation 1 go to the old generation
    return weakref.ref(a)


def test_the_collector_freezes_start_up_and_runs_full_collections_on_its_own_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOARDWRIGHT_GC", raising=False)
    before = gc.get_threshold()
    try:
        assert collector.tune(full_every=3600) is True
        assert gc.get_freeze_count() > 0  # start-up's objects: never looked at again
        assert gc.get_threshold()[:2] == before[:2]  # young collections as they were
        assert gc.get_threshold()[2] >= 1 << 30  # no automatic full collection
        gone = _old_cycle()
        gc.collect(1)  # the young collections never free an old cycle
        assert gone() is not None
        collector.tune(full_every=0.05)
        gone = _old_cycle()
        wait_for(lambda: gone() is None, 5)  # freed by the periodic full collection
    finally:
        collector.untune()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_collector_can_be_left_as_cpython_has_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDWRIGHT_GC", "cpython")
    before = gc.get_threshold()
    assert collector.tune() is False
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    assert not any(t.name == "full-gc" for t in threading.enumerate())


def test_serve_tunes_the_collector_after_start_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from boardwright.web.app import serve

    seen: list[tuple[int, int]] = []
    monkeypatch.delenv("BOARDWRIGHT_GC", raising=False)

    def run(app: Any, **_kw: Any) -> None:
        seen.append((gc.get_freeze_count(), gc.get_threshold()[2]))
        app.state.hub.close()
        app.state.hub.store.close()

    monkeypatch.setattr(uvicorn, "run", run)
    try:
        serve(db=f"sqlite:///{tmp_path / 'serve.sqlite'}")
    finally:
        collector.untune()
    assert len(seen) == 1 and seen[0][0] > 0 and seen[0][1] >= 1 << 30


def test_the_collector_thread_hands_free_memory_back_on_its_own_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOARDWRIGHT_GC", raising=False)
    calls: list[float] = []
    monkeypatch.setattr(collector, "trim", lambda: calls.append(1) or True)
    try:
        collector.tune(full_every=3600, trim_every=0.05)
        wait_for(lambda: len(calls) >= 2, 5)
    finally:
        collector.untune()
    done = len(calls)
    threading.Event().wait(0.2)
    assert len(calls) == done  # stopped with the periodic collections


def test_trim_gives_freed_heap_back() -> None:
    """glibc's malloc_trim, called for real: freed blocks in a thread's heap are released."""
    import ctypes

    if not hasattr(ctypes.CDLL(None), "malloc_trim"):
        pytest.skip("not glibc")
    held: list[bytes] = []

    def churn() -> None:  # a thread's own heap (as the request threads'), then all freed
        held.extend(bytes(2000) for _ in range(20_000))

    t = threading.Thread(target=churn)
    t.start()
    t.join()
    del held[::2]  # every other block freed: holes no single release at the top would return
    held.clear()
    assert collector.trim() is True
