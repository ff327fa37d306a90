"""The garbage collector of a server process: no full collections at random moments.

CPython's collector looks at every tracked object of the process in a full (generation 2)
collection, holding the interpreter lock, whenever enough objects have outlived the young
collections: with the server's heap of game states, payloads and logs under load that was a
pause of 0.1-1 s every half minute or so, every request and stream waiting behind it
(measured with `BOARDWRIGHT_DIAG`, docs/web-scale.md). Nearly all of the server's garbage is freed
by reference counting, and the little that is in reference cycles dies young and is found by
the young collections (generations 0 and 1), which are left as they are. So `tune`:

- collects and then freezes what start-up built (modules, the titles' data, the app): no
  collection looks at it again;
- turns the automatic full collections off;
- runs one full collection every `FULL_EVERY` seconds in a thread of its own, so cycles that
  outlived the young collections are still freed, at a known rate instead of whenever the
  collector's counters say.

It also hands the C allocator's free memory back to the system every `TRIM_EVERY` seconds
(`trim`: glibc's `malloc_trim`, without the interpreter lock): the payloads, deltas and rows the
request threads build and drop are freed into glibc's per-thread heaps, which otherwise keep
the freed pages: under load the kept free memory grew 2 -> 24 MB in 3 minutes and went on
growing while the live objects stayed level (docs/web-scale.md, Memory).

`BOARDWRIGHT_GC=cpython` leaves CPython's own settings (for comparison).
"""

from __future__ import annotations

import ctypes
import gc
import os
import threading
import time

from .diag import timed

FULL_EVERY = 1800.0  # seconds between full collections (each a pause of 0.1-0.5 s at full load)
TRIM_EVERY = 60.0  # seconds between hand-backs of the C allocator's free memory
_state: dict[str, tuple[threading.Event, threading.Thread]] = {}
_saved: list[tuple[int, int, int]] = []  # the thresholds before `tune`


def trim() -> bool:
    """Give the C allocator's free pages back to the system now (glibc; False elsewhere or
    when nothing was released). ctypes lets go of the interpreter lock during the call."""
    try:
        return bool(ctypes.CDLL(None).malloc_trim(0))
    except (OSError, AttributeError):
        return False


def tune(full_every: float = FULL_EVERY, trim_every: float = TRIM_EVERY) -> bool:
    """Set this process's collector as above (call once, when start-up is done); False if
    `BOARDWRIGHT_GC=cpython` asked to leave it alone. The full collections stop when `untune`
    is called or the process ends."""
    if os.environ.get("BOARDWRIGHT_GC", "").strip().lower() == "cpython":
        return False
    untune()
    _saved.append(gc.get_threshold())
    gc.collect()
    gc.freeze()
    young0, young1, _ = _saved[-1]
    gc.set_threshold(young0, young1, 1 << 30)  # gen-2 collections only when asked (below)
    stop = threading.Event()

    def full() -> None:
        last_full = last_trim = time.monotonic()
        while not stop.wait(min(full_every, trim_every)):
            now = time.monotonic()
            if now - last_full >= full_every:
                last_full = now
                gc.collect()
            if now - last_trim >= trim_every:
                last_trim = now
                with timed("malloc trim"):
                    trim()

    thread = threading.Thread(target=full, daemon=True, name="full-gc")
    _state["full"] = (stop, thread)
    thread.start()
    return True


def untune() -> None:
    """CPython's settings back (the frozen objects thawed, the periodic collections stopped)."""
    found = _state.pop("full", None)
    if found is None:
        return
    found[0].set()
    found[1].join(5)
    gc.unfreeze()
    gc.set_threshold(*_saved.pop())
