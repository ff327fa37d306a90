"""The whole suite plays the test title Beacon (tests/titles/beacon) beside the shipped games.

It is registered the way any title outside the package is (BOARDWRIGHT_TITLES), and the
variables are exported so that subprocesses (the CLI, determinism checks, Ray workers) see it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

TITLES = str(Path(__file__).parent / "titles")
if TITLES not in sys.path:
    sys.path.insert(0, TITLES)
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (TITLES, os.environ.get("PYTHONPATH", "")) if p)
os.environ["BOARDWRIGHT_TITLES"] = ",".join(
    n for n in ("beacon", *os.environ.get("BOARDWRIGHT_TITLES", "").split(",")) if n)
