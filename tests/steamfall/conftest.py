"""Registers Steamfall for these tests (it is not in the registry's shipped list yet).

Run the conformance suite on it with the title named before collection:
BOARDWRIGHT_TITLES=boardwright.titles.steamfall \
    .venv/bin/pytest -q tests/steamfall tests/conformance -k steamfall
"""

import boardwright.titles.steamfall  # noqa: F401  (registers the game)
