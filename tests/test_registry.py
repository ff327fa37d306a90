"""The registry on a cold import: every caller sees every game, whatever the threads."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import threading, boardwright as bw
from boardwright.engine import registry
seen = []
barrier = threading.Barrier(16)
def worker():
    barrier.wait()
    seen.append(len(bw.games()))
threads = [threading.Thread(target=worker) for _ in range(16)]
for t in threads: t.start()
for t in threads: t.join()
print(min(seen), len(registry._PACKAGES))
"""


def test_cold_registry_is_complete_for_every_thread() -> None:
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True,
                             env={"PATH": "", "BOARDWRIGHT_TITLES": ""})
        least, shipped = map(int, out.stdout.split())
        assert least == shipped, f"a thread saw {least} of {shipped} games"
