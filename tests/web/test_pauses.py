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
